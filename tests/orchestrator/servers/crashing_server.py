"""Writes to stderr and exits before the MCP handshake (tests only)."""

import sys

print("crashing_server: starting up", file=sys.stderr)
print("crashing_server: fatal: cannot open the frobnicator", file=sys.stderr, flush=True)
sys.exit(3)
