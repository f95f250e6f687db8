"""MCP servers written only for the offline router's evaluation, with tool and parameter names
unlike the bundled servers' (a third party's naming).

Each keeps its state in the JSON file named by ``EVAL_STATE`` and reads it on every call, so the
evaluation resets a server between corpus entries by rewriting that file (no restart).
Run one with ``python -m tests.offline_eval.servers.<name>``.
"""
