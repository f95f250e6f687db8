"""A fake agent CLI that prints one vendor's machine-readable output, for the fleet's usage tests.

Installed under the vendor's binary name (``claude``, ``gemini``, ``codex``: what the fleet reads
the output format from), it reads its script from ``$USAGE_CLI_SCRIPT`` (a JSON file) and prints:

- ``events``: JSON lines, each printed as given, ``delay`` seconds apart;
- with ``gate`` (a path), then waits until that file exists (60 s at most) before going on;
- then, with ``block``, waits (a task that runs on until something stops it);
- or, with ``forever`` (an assistant message), prints it again and again, each time as a new
  message (``msg_N``), ``delay`` seconds apart: an agent whose spend grows until it is stopped.

The events are built by :mod:`tests.servers.fleet.test_usage` in each CLI's own shape (see the
sources cited there and in :mod:`servers.fleet._usage`).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

script = json.loads(Path(os.environ["USAGE_CLI_SCRIPT"]).read_text())
for event in script["events"]:
    print(event if isinstance(event, str) else json.dumps(event), flush=True)
    time.sleep(script.get("delay", 0))
gate = script.get("gate")
deadline = time.monotonic() + 60
while gate is not None and not os.path.exists(gate) and time.monotonic() < deadline:
    time.sleep(0.02)
turn = script.get("forever")
n = 0
while turn is not None:
    n += 1
    turn["message"]["id"] = f"msg_{n}"
    turn["message"]["content"] = [{"type": "text", "text": f"turn {n}"}]
    print(json.dumps(turn), flush=True)
    time.sleep(script.get("delay", 0))
if script.get("block"):
    print(json.dumps({"type": "system", "subtype": "status", "note": "still working"}), flush=True)
    time.sleep(600)
