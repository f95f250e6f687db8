"""A new record of what happened is dated in the past: a tool that logs (`log_workout`,
`record_payment`: lexicon `RECORD_VERBS`) or whose records are money spent or received
(`add_expense`, `add_income`: `HAPPENED_NOUNS`). A day said with no direction ("income 150 from
selling my bike on saturday", "log 1200 rent, paid on the 1st", "workout on nov 15") is the last
one, not the next: no such record is of a day to come. A day said ahead ("next saturday", "in 3
days", "tomorrow"), a year said, or a request that plans ("schedule a workout on saturday") keep
the day as read.

Said logged with no day at all ("log a workout: deadlift 2 sets of 5 at 140"), by a tool that
logs, it happened today: its required day is today's, as money said spent is (`_spending`)."""

from __future__ import annotations

from orchestrator.offline._dates import When, last_of
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["happened_when", "logged_today", "records_what_happened"]


def records_what_happened(tool: ToolView) -> bool:
    """Whether `tool` makes records of what happened (a log, an expense, an income)."""
    return tool.kind == "create" and (
        tool.verb in LEX.record_verbs or bool(tool.nouns & LEX.happened_nouns)
    )


def happened_when(reading: Request, tool: ToolView) -> When | None:
    """The day the request says, as `tool` records it (see the module docstring)."""
    when, action = reading.when, reading.action
    if when is None or action.asked or not records_what_happened(tool):
        return when
    if any(LEX.in_group(action.verb, group) for group in LEX.planning_groups):
        return when
    said = [reading.text.tokens[i].norm for i in sorted(reading.when_tokens)]
    ahead = {*LEX.next_words, *LEX.this_words, LEX.in_word}
    if ahead & set(said):
        return when
    return last_of(when, said, reading.now)


def logged_today(reading: Request, f: Fill, tool: ToolView) -> None:
    """A record said logged ("log a workout: ..."), no day said, by a tool that logs: its one
    required day unfilled is today."""
    action = reading.action
    if reading.when is not None or action.question or action.asked or not f.args:
        return
    if tool.kind != "create" or tool.verb not in LEX.record_verbs:
        return
    if action.verb not in LEX.record_verbs:
        return
    days = [
        p
        for p in tool.role("moment", "day")
        if p.required and p.name not in f.args and p.words[-1:] and p.words[-1] in LEX.date_words
    ]  # a `date`, never a `time` (a clock time is no day)
    if len(days) == 1 and len(tool.role("moment", "day")) == 1:
        f.args[days[0].name] = reading.now.date().isoformat()
        f.evidence[days[0].name] = ""
