"""A question about money spent ("how much did I spend on food this week?", "total spent last
week") is answered only by a read of the records that hold amounts: a read of the server (else
of the noun) of a tool that takes an amount. Reads of other records ("No todos found") would
answer "nothing" falsely: they are not candidates. With no tool that takes an amount, nothing
changes.

Money said spent ("spent 12.50 on lunch", "netflix 13.99 charged today") is written only by a
tool that takes an amount, when one does: a todo titled "12.50 on lunch" is no candidate. Its
required day, unsaid, is today: money said spent was spent by now (a future event is never
dated so); so is a new record that is money spent by its name ("log an expense: groceries
63.20"), never a payment to make."""

from __future__ import annotations

from datetime import datetime

from orchestrator.offline._clauses import second_clause
from orchestrator.offline._dates import local_now
from orchestrator.offline._jotted import jotted_money, received_tokens, says_received
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = [
    "money_asked",
    "money_holders",
    "money_weight",
    "reports",
    "spent_today",
    "spent_unsaid",
    "spent_writers",
]


def money_asked(reading: Request) -> bool:
    """Whether the request asks about money spent ("what did I spend on food?")."""
    action, words = reading.action, reading.words
    if action.kind not in (None, "read") or not (action.question or action.kind == "read"):
        return False
    return bool(words & LEX.money_asked) or bool(
        words & LEX.money_asked_with_amount and words & LEX.amount_words_asked
    )


def _same_records(read: ToolView, keeper: ToolView) -> bool:
    if read.server and keeper.server:
        return read.server == keeper.server
    return bool(read.nouns & keeper.nouns)


def money_holders(reading: Request, tools: list[ToolView]) -> frozenset[str] | None:
    """The names of the reads that answer the request's question about money spent; None when
    it asks none, or no tool takes an amount."""
    if not money_asked(reading):
        return None
    keepers = [t for t in tools if t.role("amount")]
    if not keepers:
        return None
    return frozenset(
        t.name
        for t in tools
        if (t.kind in ("read", "check") or reports(t)) and any(_same_records(t, k) for k in keepers)
    )


def reports(tool: ToolView) -> bool:
    """Whether a tool with no verb of its own (a read only by its annotations, if at all) says
    it reports a total ("Cost-basis summary across the collection. Returns ... total cost
    basis"): a read of the amounts, summed; not one whose name says it acts ("Transfer the
    user to a human agent, with a summary": lexicon `SAID_ONLY_VERBS`)."""
    return (
        tool.verb is None
        and tool.kind in (None, "read")
        and tool.name_verb not in LEX.said_only_verbs
        and bool(tool.describe_words & LEX.report_nouns)
    )


def money_weight(reading: Request, tool: ToolView) -> float:
    """What a read that holds amounts gains for a question about money: more for a listing,
    item by item, when no amount word ("how much", "total") asks for a total."""
    listed = LEX.in_group(tool.verb, "list") and not reading.words & LEX.amount_words_asked
    return W.money_read + (W.money_listed if listed else 0.0)


def _asked(reading: Request) -> bool:
    return bool(reading.words & LEX.question_words) or reading.text.original.rstrip().endswith("?")


def _spent(reading: Request) -> bool:
    """Whether the request says money was spent: a past form of spending and an amount, or
    money itself ("I spent money on a taxi": the amount is asked for); not in a text headed by
    the kind of record it is ("journal: spent way too much, mood 5")."""
    return (
        not _asked(reading)
        and not reading.action.heading
        and reading.action.kind in (None, "create", "update")
        and bool(reading.words & LEX.spent_words)
        and (
            any(v.kind in ("money", "number") for v in reading.values)
            or bool(reading.words & LEX.money_nouns)
        )
    )


def spent_unsaid(reading: Request) -> bool:
    """Whether the request says money was spent with no amount ("I spent money on a taxi"):
    a record of it all the same, the amount asked for."""
    return _spent(reading) and not any(v.kind in ("money", "number") for v in reading.values)


def _money_said(reading: Request) -> bool:
    """Whether the request, with no verb at all, says money in a currency ("coffee 3,80€", "14
    euros, food"): spent, once a tool that takes an amount was chosen for it (the choice is
    not narrowed to those: "tip 18% on 62 dollars" may be a sum); or money jotted down with
    no currency (`_jotted`)."""
    return (
        not _asked(reading)
        and reading.action.measured
        and any(v.kind == "money" for v in reading.values)
    ) or _jotted(reading)


def _jotted(reading: Request) -> bool:
    """Whether the request, with no verb at all, says money with no currency ("coffee 3.80",
    "gym 35 today") or money received ("i got paid! 3200")."""
    return (
        not _asked(reading)
        and reading.action.measured
        and (
            jotted_money(
                reading.text, reading.values, reading.when_tokens, reading.when, reading.now
            )
            or bool(received_tokens(reading.text))
        )
    )


def spent_writers(reading: Request, tools: list[ToolView]) -> frozenset[str] | None:
    """The writes that may take money said spent (those that take an amount, but for money
    received: an income is never money spent), or money said received (those that take an
    amount named for money received); None when the request says none, or no tool takes an
    amount. Money jotted down with no currency ("coffee 3.80") is money only to a tool that
    takes it: with none, no write takes it (none is a todo titled "coffee 3.80"). Money in a
    currency said with no verb is never money received; any other tool may take it."""
    jotted, received = _jotted(reading), says_received(reading.text)
    if _spent(reading) and not received:  # "I bought a booster box for 140 EUR": no goal
        tools = [t for t in tools if not _goals_only(t)]  # price of a watchlist's
    if _money_said(reading) and not jotted and not received:  # "coffee 3,80€": not received
        return frozenset(t.name for t in tools if not t.nouns & LEX.earned_nouns)
    if not (jotted or _spent(reading) or _money_said(reading)):
        return None
    takers = frozenset(
        t.name
        for t in tools
        if t.kind == "create" and t.role("amount") and bool(t.nouns & LEX.earned_nouns) == received
    )
    return takers if jotted else (takers or None)


def _goals_only(tool: ToolView) -> bool:
    """Whether every amount the tool takes is a goal (`target_price`, a budget's `limit`): a
    write that keeps no money spent."""
    amounts = tool.role("amount")
    return bool(amounts) and all(set(p.words) & LEX.goal_amount_words for p in amounts)


def _day_said(reading: Request) -> bool:
    """Whether a day is said of the money spent: not only in a request of its own after it
    ("spent 8 on stamps and remind me to post the letter tomorrow")."""
    if reading.when is None:
        return False
    clause = second_clause(reading)
    return clause is None or clause.same or min(reading.when_tokens, default=0) < clause.join


def _spent_record(reading: Request, tool: ToolView) -> bool:
    """Whether `tool` makes records that are money spent by their name (an expense, a
    purchase), said to be made, not asked about ("record 60 CHF for a ski pass")."""
    return not _asked(reading) and bool(tool.nouns & LEX.spent_nouns)


def spent_today(reading: Request, f: Fill, tool: ToolView, now: datetime | None = None) -> None:
    """Money said spent, with no day said, was spent today: the required day of the tool that
    took its amount."""
    if tool.kind != "create" or _day_said(reading):
        return
    if not (_spent(reading) or _money_said(reading) or _spent_record(reading, tool)):
        return
    if not any(p.name in f.args for p in tool.role("amount")) and not spent_unsaid(reading):
        return
    days = [p for p in tool.role("moment", "day") if p.required and p.name not in f.args]
    if len(days) == 1:
        f.args[days[0].name] = (now or local_now()).date().isoformat()
        f.evidence[days[0].name] = ""
