"""Where `sys.stdin`, `sys.stdout` and `sys.stderr` lead inside the daemon: to the files of the
client whose request is running. A request and every task its warm orchestrator runs (a
server's questions arrive on the connection's own task) share one `Route`; elsewhere the
daemon's own log applies. So the command line's own code (`orchestrator.cli`) prints the
answer, the progress indicator and its questions to the caller's terminal or pipes unchanged.
"""

from __future__ import annotations

import contextvars
import sys
from typing import IO, Any

__all__ = ["ROUTE", "Route", "install"]


class Route:
    """The client files a request writes to (None: the daemon's own)."""

    def __init__(self) -> None:
        self.files: dict[str, IO[str] | None] = {"stdin": None, "stdout": None, "stderr": None}

    def assign(self, other: Route) -> None:
        self.files = dict(other.files)

    def clear(self) -> None:
        self.files = dict.fromkeys(self.files)


ROUTE: contextvars.ContextVar[Route | None] = contextvars.ContextVar("route", default=None)


class _Routed:
    """Stands for one of `sys.stdin/stdout/stderr`: each use goes to the current route's file."""

    def __init__(self, name: str, fallback: IO[str]) -> None:
        self._name = name
        self._fallback = fallback

    def target(self) -> IO[str]:
        route = ROUTE.get()
        found = route.files[self._name] if route is not None else None
        return found if found is not None else self._fallback

    def write(self, text: str) -> int:
        return self.target().write(text)

    def flush(self) -> None:
        self.target().flush()

    def isatty(self) -> bool:
        return self.target().isatty()

    def fileno(self) -> int:
        return self.target().fileno()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.target(), name)


def install() -> None:
    """Route the three standard streams (once, at the daemon's start)."""
    if not isinstance(sys.stdout, _Routed):
        sys.stdin = _Routed("stdin", sys.stdin)
        sys.stdout = _Routed("stdout", sys.stdout)
        sys.stderr = _Routed("stderr", sys.stderr)
