"""The tests' one way to wait for something another process or task does by itself: ask again
and again, backing off, within a deadline (never a bare sleep as synchronisation)."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import anyio

__all__ = ["eventually", "eventually_sync"]

T = TypeVar("T")


async def eventually(
    check: Callable[[], Awaitable[T | None] | T | None],
    *,
    timeout: float = 15.0,
    interval: float = 0.1,
    what: str = "the condition",
) -> T:
    """Call ``check`` (plain or async) until it returns something truthy, and return that; wait
    10 ms between calls at first, then longer, up to ``interval``; fail (naming ``what``) after
    ``timeout`` seconds."""
    delay = min(0.01, interval)
    try:
        with anyio.fail_after(timeout):
            while True:
                value = check()
                if inspect.isawaitable(value):
                    value = await value
                if value:
                    return value  # type: ignore[return-value]
                await anyio.sleep(delay)
                delay = min(delay * 2, interval)
    except TimeoutError:
        raise AssertionError(f"timed out after {timeout:g}s waiting for {what}") from None


def eventually_sync(check: Callable[[], Any], **options: Any) -> Any:
    """`eventually` for a test that is not async."""
    return anyio.run(lambda: eventually(check, **options))
