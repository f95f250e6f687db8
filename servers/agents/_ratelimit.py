"""A per-agent rate limit: at most ``limit`` requests in any sliding minute."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

__all__ = ["DEFAULT_RATE_LIMIT", "WINDOW_SECONDS", "RateLimiter"]

DEFAULT_RATE_LIMIT = 60
WINDOW_SECONDS = 60.0


class RateLimiter:
    """Counts requests per agent over the last :data:`WINDOW_SECONDS`."""

    def __init__(self, limit: int, clock: Callable[[], float] = time.monotonic) -> None:
        if limit < 1:
            raise ValueError("the rate limit must be at least 1 request per minute")
        self.limit = limit
        self._clock = clock
        self._seen: dict[str, deque[float]] = {}

    def acquire(self, agent: str) -> float | None:
        """Count a request for ``agent``; None when allowed, else the seconds to wait."""
        now = self._clock()
        seen = self._seen.setdefault(agent, deque())
        while seen and now - seen[0] >= WINDOW_SECONDS:
            seen.popleft()
        if len(seen) >= self.limit:
            return max(WINDOW_SECONDS - (now - seen[0]), 0.001)
        seen.append(now)
        return None
