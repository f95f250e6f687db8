"""`python -m orchestrator.daemon [READY_FD]`: the warm orchestrator (started by the one-shot's
client, which passes the pipe to write "ready" to once the socket listens)."""

import sys

from orchestrator.daemon._server import serve

if __name__ == "__main__":
    serve(int(sys.argv[1]) if len(sys.argv) > 1 else None)
