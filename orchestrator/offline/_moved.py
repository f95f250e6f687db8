"""A change's new day or time laid onto the moment the item had: "move it to friday" keeps the
time of day it had, "push it to 11am" keeps its day; a day it had with no time stays a day."""

from __future__ import annotations

from datetime import datetime, time
from typing import Any

from orchestrator.offline._read import Request
from orchestrator.offline._tools import ToolView

__all__ = ["dates_onto"]


def dates_onto(
    args: dict[str, Any],
    tool: ToolView,
    item: dict[str, Any],
    reading: Request,
) -> None:
    """ "move it to friday" keeps the time it had; "push it to 11am" keeps its day."""
    when = reading.when
    assert when is not None
    for param in tool.role("moment"):
        current = item.get(param.name)
        if param.name in args and isinstance(current, str) and not when.exact:
            try:
                moment = datetime.fromisoformat(current)
            except ValueError:
                continue
            if moment.time() == time.min and "T" not in str(args[param.name]):
                continue  # a day it had with no time of day: the new day goes alone as well
            if when.has_date != when.has_time:
                args[param.name] = when.onto(moment).isoformat(timespec="seconds")
