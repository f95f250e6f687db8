"""A reply that gives the text a new record was asked for ("remind me" / "to renew the car
insurance next monday") is read the way a request is: its date, priority and other values go to
their own parameters and the words that only lead it ("to") are dropped, so the text keeps only
what names the record. A reply whose words are not all read so, or that would also give the
record's other text (a name and its content, parted by a colon), is taken as typed, unless a
date the tool takes is said in it: that date is never written into the text.

A reply to a question for a value of a type (a phone number, an email, a date) gives that value
alone ("09209876543, he's my barber": the phone), and a member of one of the tool's enums said
beside it that nothing gave yet ("it's a renewal proposal due Feb 2" to the question for a
deadline: `application_type` proposal_renewal); the other words said beside it are a remark, kept
in the record's free text when it has one still open, never in the value."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from orchestrator.offline._account import unaccounted
from orchestrator.offline._fill import fill
from orchestrator.offline._notation import named_notation
from orchestrator.offline._read import read
from orchestrator.offline._tools import ToolView

__all__ = ["NOT_AS_TYPED", "text_reply", "typed_reply"]

NOT_AS_TYPED: dict[str, Any] = {}  # the reply cannot be taken as typed: read it as a request


def text_reply(reply: str, tool: ToolView, field: str, now: datetime) -> dict[str, Any] | None:
    """The values a reply to a question for `field`, the one text of a record `tool` creates,
    gives, read as a request to `tool`; None when it is to be taken as typed, `NOT_AS_TYPED`
    when it cannot be."""
    param = tool.params.get(field)
    if tool.kind != "create" or param is None or param.role not in ("title", "body"):
        return None
    if named_notation(param.describe or param.own) is not None:
        return None  # a move in algebraic notation, read by its type (`typed_reply`)
    if param.enum or param.type not in (None, "string"):
        return None
    reading = read(reply, frozenset(), now)
    verbless = read("", frozenset(), now)  # its first word is the text's, not a verb of ours:
    reading = replace(reading, action=verbless.action, lead=verbless.lead)  # "to book the ..."
    found = fill(reading, tool, {})
    values = {k: v for k, v in found.args.items() if k in tool.params}
    texts = {p.name for p in tool.role("title", "body")} - {field}
    if texts & set(values):  # "pancakes: 2 eggs, ...", asked a note's content: all of it
        return None
    if field in values and not unaccounted(reading, found) and not found.reference:
        return values
    if reading.when_tokens and tool.role("moment", "day"):
        return NOT_AS_TYPED
    return None


def typed_reply(
    reply: str, tool: ToolView, field: str, now: datetime, given: frozenset[str] = frozenset()
) -> dict[str, Any] | None:
    """The value a reply gives for `field`, a value of a type, read by that type, and the words
    beside it as the record's free text when `tool` has one that nothing `given` filled; None
    when the reply says no such value or says nothing else (then it is taken as typed)."""
    param = tool.params.get(field)
    if param is None or param.enum or param.type not in (None, "string"):
        return None
    notation = named_notation(param.describe or param.own) is not None  # a move: "e5"
    if param.role in _TEXTS and not notation:
        return None
    reading = read(reply, frozenset(), now)
    verbless = read("", frozenset(), now)
    reading = replace(reading, action=verbless.action, lead=verbless.lead)
    named = {  # "it's a renewal proposal due Feb 2" for a deadline: its kind said beside it
        k: p for k, p in tool.params.items() if p.enum and k != field and k not in given
    }
    view = replace(tool, params={field: param, **named})
    found = fill(reading, view, {})
    if field not in found.args:
        return None
    out: dict[str, Any] = {k: v for k, v in found.args.items() if k == field or k in named}
    left = unaccounted(reading, found)
    if not left:  # ("now play e5 for black" to the question for a move: e5, never all of it)
        return out if len(out) > 1 or notation else None
    free = [p for p in tool.role("body") if p.name not in given and p.name != field]
    if free:
        tokens = reading.text.tokens
        start = min(left)
        while start > 0 and tokens[start - 1].kind == "word" and start - 1 not in found.used:
            start -= 1
        out[free[0].name] = reading.text.original[tokens[start].start :].strip(" ,.;-")
    return out


_TEXTS = ("title", "body", "text", "label", "query", "tags")
