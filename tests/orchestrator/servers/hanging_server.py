"""Never answers the MCP handshake (tests only)."""

import sys
import time

print("hanging_server: waiting forever", file=sys.stderr, flush=True)
while True:
    time.sleep(3600)
