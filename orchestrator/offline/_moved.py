"""A change's new day or time laid onto the moment the item had: "move it to friday" keeps the
time of day it had, "push it to 11am" keeps its day; a day it had with no time stays a day; "make
it the 3rd" is the 3rd of the month it had (rent due on 1 January: 3 January, never the 3rd of
this month). The item is the one listed, or the one the conversation made (`made_record`: the
arguments it was made and changed with)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, time
from typing import Any

from orchestrator.offline._read import Request
from orchestrator.offline._tools import ToolView
from orchestrator.offline._types import MadeCall
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["dates_onto", "made_record"]


def made_record(earlier: Sequence[MadeCall], ident: str, value: Any) -> dict[str, Any] | None:
    """What the conversation's calls set on the record whose id is `value`: the arguments of the
    call that made it (its result naming the id) and of those that changed it since; None when
    no call did."""
    record: dict[str, Any] = {}
    for call in earlier:
        if call.status != "ok":
            continue
        if call.arguments.get(ident) == value or _names(call.output, value):
            record.update(call.arguments)
    return record or None


def _names(output: Any, value: Any) -> bool:
    """Whether a call's result names the id `value` (a record made: {"todo_id": "todo_x"})."""
    if isinstance(output, dict):
        return any(v == value or _names(v, value) for v in output.values())
    if isinstance(output, str):  # a word of its own ("id 12" names 12, never 1)
        return re.search(rf"(?<![\w-]){re.escape(str(value))}(?![\w-])", output) is not None
    return False


def _day_of_month(reading: Request) -> bool:
    """Whether the request names its day by the day of the month alone ("the 3rd")."""
    when = reading.when
    said = " ".join(reading.text.original[s:e] for s, e in (when.spans if when else ()))
    words = said.lower().split()
    if words[:1] and words[0] in LEX.articles:
        words = words[1:]
    suffixes = "|".join(LEX.ordinal_suffixes)
    day = bool(words) and re.fullmatch(rf"\d{{1,2}}(?:{suffixes})", words[0]) is not None
    return day and (len(words) == 1 or words[1] in LEX.clock_leads)  # "the 3rd at 9am"


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
            if when.has_date and _day_of_month(reading):
                try:  # "make it the 3rd", of rent due on 1 January: 3 January
                    moment = moment.replace(day=when.start.day)
                except ValueError:
                    continue
                if when.has_time:  # "the 3rd at 9am"
                    moment = datetime.combine(moment.date(), when.start.timetz())
                kept = when.has_time or moment.time() != time.min or "T" in current
                args[param.name] = (
                    moment.isoformat(timespec="seconds") if kept else f"{moment:%Y-%m-%d}"
                )
                continue
            if moment.time() == time.min and "T" not in str(args[param.name]):
                continue  # a day it had with no time of day: the new day goes alone as well
            if when.has_date != when.has_time:
                args[param.name] = when.onto(moment).isoformat(timespec="seconds")
