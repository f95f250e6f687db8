"""MCP servers that misbehave on purpose, or look like a third party's, to test
clients against: each runs as `python -m orchestrator.testing.servers.<name>`.

| name       | what it does                                                              |
|------------|---------------------------------------------------------------------------|
| `crashing` | writes two lines to stderr and exits (status 3) before the MCP handshake  |
| `hanging`  | writes one line to stderr and never answers the handshake                 |
| `slow`     | a `create_report` tool that takes a minute (for cancelling a call)        |
| `echo`     | `reply(body, is_error, structured)` sends `body` back, as a success or an |
|            | error result: for checking how a client carries a tool's failure;         |
|            | `environment(names)` says which of those variables the server has         |
| `notes`    | a notebook with its own names and schemas (`jot_note`, `browse_notes`, …, |
|            | `shred_note` marked destructive); `halt_notebook` kills the process;      |
|            | `NOTES_FILE` (JSON) keeps the notes between runs                          |

`orchestrator.testing.server_entry(name, **extra)` is a config entry that runs one.
"""
