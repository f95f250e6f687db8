"""Never answers the MCP handshake (`orchestrator.testing`)."""

import sys
import time

if __name__ == "__main__":
    print("hanging_server: waiting forever", file=sys.stderr, flush=True)
    while True:
        time.sleep(3600)
