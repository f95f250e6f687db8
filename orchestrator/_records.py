"""What a record a server returned holds, read alike by the listings (`_listing`) and the
offline router's answers: a key that names a column ("branch", "git_branch", "branch_name"),
and the branch a record keeps in its ``metadata`` when it has no branch field of its own."""

from __future__ import annotations

from typing import Any

__all__ = ["metadata_branch", "names"]


def names(key: str, want: str) -> bool:
    """Whether ``key`` names ``want``: itself, or with a prefix or suffix (``git_branch``)."""
    low = key.lower()
    return low == want or low.startswith(f"{want}_") or low.endswith(f"_{want}")


def metadata_branch(row: dict[str, Any]) -> tuple[str, Any] | None:
    """The key and value of the branch a record keeps in its ``metadata`` (``branch``,
    ``git_branch``), when it has no branch field of its own."""
    meta = row.get("metadata")
    if not isinstance(meta, dict) or any(names(k, "branch") for k in row):
        return None
    return next(((k, v) for k, v in meta.items() if names(str(k), "branch")), None)
