"""Writes to stderr and exits before the MCP handshake (`orchestrator.testing`)."""

import sys

if __name__ == "__main__":
    print("crashing_server: starting up", file=sys.stderr)
    print("crashing_server: fatal: cannot open the frobnicator", file=sys.stderr, flush=True)
    sys.exit(3)
