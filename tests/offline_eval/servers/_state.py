"""The JSON file each evaluation server keeps its state in (``EVAL_STATE``), read on every call."""

from __future__ import annotations

import json
import os
import uuid
from pathlib import Path
from typing import Any

__all__ = ["load", "new_id", "save"]


def _path() -> Path | None:
    value = os.environ.get("EVAL_STATE")
    return Path(value) if value else None


_memory: dict[str, Any] = {}


def load() -> dict[str, Any]:
    """The whole state (empty when the file is missing or empty)."""
    path = _path()
    if path is None:
        return _memory
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    return json.loads(text) if text.strip() else {}


def save(state: dict[str, Any]) -> None:
    path = _path()
    if path is None:
        _memory.clear()
        _memory.update(state)
        return
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(state), encoding="utf-8")
    tmp.replace(path)


def new_id(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:8]}"
