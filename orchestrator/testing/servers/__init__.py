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
|            | `NOTES_FILE` (JSON) keeps the notes between runs; `NOTES_HALT_AFTER_JOT`  |
|            | makes `jot_note` exit after saving, before it answers                     |
| `concierge`| asks for input (a form; a URL), samples the client's model, lists its     |
|            | roots, has resources and prompts, adds a tool at run time, has a tool     |
|            | name of 70 characters: the client side of MCP                             |
| `protected`| a streamable HTTP server that needs OAuth, with its authorization server  |
|            | (the SDK's server-side auth; it approves every sign-in at once)           |
| `skilled`  | publishes skills (SEP-2640: `skills/list`, `skill://` resources), served  |
|            | unlike its listing on demand (`SKILLED_TAMPER`); records what is read     |

`orchestrator.testing.server_entry(name, **extra)` is a config entry that runs one.
"""
