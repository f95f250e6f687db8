"""A stand-in for the user's browser in the OAuth tests: `python -m tests.orchestrator._browser
URL` opens the authorization URL the way a browser would (following redirects, to the loopback
listener at the end) and exits. The tests name it in `BROWSER`, which Python's `webbrowser` honours.
"""

from __future__ import annotations

import sys
import urllib.request


def main() -> None:
    with urllib.request.urlopen(sys.argv[1], timeout=30) as response:  # follows the redirects
        print(response.status, response.read().decode(errors="replace"), file=sys.stderr)


if __name__ == "__main__":
    main()
