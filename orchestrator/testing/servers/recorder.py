"""A reports server that writes down what its client tells it (`orchestrator.testing`).

Its one tool, `create_report`, never finishes on its own: while it runs it sends
`notifications/progress` every 0.1 s (when the call asked for progress) and stops once the client
sends `notifications/cancelled` for it. Every message the server receives is appended to the file
`RECORDER_FILE` names, one JSON object a line, as soon as it arrives: a test reads there whether a
client cancelled the calls it gave up on. It speaks the 2025-11-25 handshake only
(`server/discover` is an unknown method), over stdio, in plain JSON-RPC lines with no SDK, so
what it records is exactly what came over the wire.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from typing import Any

_out = threading.Lock()
_running: dict[Any, threading.Event] = {}

TOOL = {
    "name": "create_report",
    "description": "Create a report; building it takes as long as it takes",
    "inputSchema": {
        "type": "object",
        "properties": {"title": {"type": "string", "description": "The report's title"}},
        "required": ["title"],
    },
}


def _send(message: dict[str, Any]) -> None:
    with _out:
        sys.stdout.write(json.dumps({"jsonrpc": "2.0", **message}) + "\n")
        sys.stdout.flush()


def _record(message: dict[str, Any]) -> None:
    path = os.environ.get("RECORDER_FILE")
    if path:
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(message) + "\n")


def _work(request_id: Any, token: Any, stop: threading.Event) -> None:
    """Report progress until cancelled; a cancelled request gets no answer (as the spec says)."""
    done = 0
    while not stop.wait(0.1):
        done += 1
        if token is not None:
            params = {"progressToken": token, "progress": done, "total": 1000}
            _send({"method": "notifications/progress", "params": {**params, "message": "writing"}})


def _answer(message: dict[str, Any]) -> dict[str, Any] | None:
    method, params = message.get("method"), message.get("params") or {}
    if method == "initialize":
        version = params.get("protocolVersion") or "2025-11-25"
        return {
            "protocolVersion": version,
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "reports", "version": "1.0"},
        }
    if method == "ping":
        return {}
    if method == "tools/list":
        return {"tools": [TOOL]}
    if method == "tools/call" and params.get("name") == TOOL["name"]:
        stop = _running[message["id"]] = threading.Event()
        token = (params.get("_meta") or {}).get("progressToken")
        threading.Thread(target=_work, args=(message["id"], token, stop), daemon=True).start()
        return None
    raise LookupError(method)


def main() -> None:
    for line in sys.stdin:
        message = json.loads(line)
        _record(message)
        if "id" not in message:  # a notification
            if message.get("method") == "notifications/cancelled":
                stop = _running.pop((message.get("params") or {}).get("requestId"), None)
                if stop is not None:
                    stop.set()
            continue
        if "method" not in message:
            continue  # a response to a request of ours (none are sent)
        try:
            result = _answer(message)
        except LookupError:
            error = {"code": -32601, "message": f"Method not found: {message['method']}"}
            _send({"id": message["id"], "error": error})
            continue
        if result is not None:
            _send({"id": message["id"], "result": result})
    for stop in _running.values():
        stop.set()


if __name__ == "__main__":
    main()
