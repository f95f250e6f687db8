"""`python -m orchestrator`: the one-shot's thin front first (`orchestrator.daemon`)."""

import sys

from orchestrator.daemon._client import main

if __name__ == "__main__":
    sys.exit(main())
