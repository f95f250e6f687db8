"""The environment of the fleet server's children: agent tasks, and its own git, gh and go-task.

An agent's task gets the servers' one policy (:func:`servers._common.process.child_environment`):
the server's environment minus every secret by name (``is_secret_name``: ``PGPASSWORD``,
``GITHUB_PAT``, ``AWS_SECRET_ACCESS_KEY``, ``*_DSN``, ...), except the keys its own agent CLI
reads (``keys_read_by``, the table the agents gateway's CLIs read too) and those its fleet file
passes (``pass_env``, the project's and the role's); then the role's own ``env``. The fleet's own
secrets (the Coder session token, the HTTP bearer tokens) and every database URL never pass.

go-task reading an agent's metadata runs the Taskfile of the agent's worktree, which the agent
can edit: it gets less than the agent's task, the server's environment minus every secret but
those the agent's fleet file passes (:func:`passed_env`), and no key of any agent CLI.

The fleet's own git and ``gh`` (checkpoints, merges, pull requests) get the server's environment
minus the fleet's own secrets and the database URLs: they are the user's tools, run as the user
would (``gh`` reads ``GH_TOKEN``). All of them run through
:func:`servers._common.process.run_command` (argv only, their own process group, a deadline).
"""

from __future__ import annotations

import os
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path

from servers._common.process import child_environment, keys_read_by

__all__ = [
    "SECRET_VARS",
    "agent_env",
    "agent_program",
    "child_env",
    "is_fleet_secret",
    "passed_env",
]

SECRET_VARS = frozenset({"CODER_SESSION_TOKEN", "MCP_SERVER_TOKEN", "FLEET_METADATA_TOKEN"})


def is_fleet_secret(name: str) -> bool:
    """Whether no child may see the variable ``name``, whatever a fleet file passes."""
    return name in SECRET_VARS or name.upper().endswith("DATABASE_URL")


def child_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """For the fleet's own git and ``gh``: the server's environment without the fleet's secrets,
    plus ``extra``."""
    return child_environment(os.environ, lambda name: not is_fleet_secret(name), extra)


def agent_program(command: Sequence[str]) -> str:
    """The program a role's command runs: its first word's name, or the module of ``python -m
    MODULE`` (the ``orchestrator`` role)."""
    if len(command) > 2 and command[1] == "-m" and Path(command[0]).name.startswith("python"):
        return command[2]
    return Path(command[0]).name


def agent_env(
    command: Sequence[str], passed: Collection[str], extra: Mapping[str, str] | None = None
) -> dict[str, str]:
    """For an agent's task running ``command``: the server's environment without secrets but
    the keys its CLI reads and the ``passed`` names (never the fleet's own), plus ``extra``."""
    return passed_env({*keys_read_by(agent_program(command)), *passed}, extra)


def passed_env(
    passed: Collection[str] = (), extra: Mapping[str, str] | None = None
) -> dict[str, str]:
    """The server's environment without secrets but the ``passed`` names (never the fleet's own),
    plus ``extra``: what go-task gets for an agent's metadata, given its fleet file's
    ``pass_env``."""
    keep = frozenset(passed)
    return child_environment(
        os.environ, lambda name: name in keep and not is_fleet_secret(name), extra
    )
