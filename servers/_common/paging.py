"""A listing's pages past its ``limit``: read one item more than the page, and the offset of the
next page follows from whether it came (``list_todos`` and ``list_tasks``: ``offset`` in,
``next_offset`` out)."""

from __future__ import annotations

from typing import TypeVar

__all__ = ["page_of"]

T = TypeVar("T")


def page_of(items: list[T], *, limit: int, offset: int) -> tuple[list[T], int | None]:
    """The page of ``items`` (read with ``limit + 1`` from ``offset``) and the offset of the next
    page, None when no more items match."""
    if len(items) > limit:
        return items[:limit], offset + limit
    return items, None
