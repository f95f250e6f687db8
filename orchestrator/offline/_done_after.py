"""A new record and what was already done with it, said in one request: "add Airbnb data
scientist, applied on nov 5", "GitLab, Support Engineer, applied 25th november via greenhouse",
"Notion – Operations Manager, applied Nov 16. add it". The clause that says the thing done (a
verb in the past tense, a day in it) is a request of its own about the record the rest makes:
the record is made first, then the clause is read with "it" standing for that record (its id
as the result gave it: `{"row": 2}`), for the tool of the same server whose name says that
verb (`mark_applied`), when its call is then ready.

Only such a tool takes the clause: one whose name has no word of the verb ("applied on nov 5"
for `update_todo`) never does, so a todo is never given a date said of something done. The
record alone is made when the clause reads no call once it is made: the answer then says the
clause was not done.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from orchestrator.offline._answer import call_failure, describe_result, say
from orchestrator.offline._plan import Planner
from orchestrator.offline._read import Request, is_past
from orchestrator.offline._tokens import Token, stem, words_of
from orchestrator.offline._tools import VERBS, ToolView
from orchestrator.offline._types import CallTool, Conversation, Done, Refuse, Step
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["done_after_step"]


def _clause(reading: Request) -> tuple[range, int] | None:
    """The clause that says a thing done on a day ("applied on nov 5"): its tokens and where
    its verb is, or None."""
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens):
        opens = i > 0 and tokens[i - 1].text in LEX.done_clause_marks
        start = i
        if tok.norm in LEX.done_clause_subjects and i + 1 < len(tokens):
            i += 1  # "..., I applied back on sept 15th"
        if not opens or not is_past(tokens[i].norm) or tokens[i].kind != "word":
            continue
        end = i + 1
        while end < len(tokens) and tokens[end].text not in LEX.dimension_stops:
            if tokens[end].text == "," and _order_after(tokens, end + 1):
                break  # "applied 2026-10-20, add it": the order is the rest's
            end += 1
        span = range(start, end)
        if set(span) & reading.when_tokens and set(range(start)) - reading.when_tokens:
            return span, i
    return None


def _order_after(tokens: Sequence[Token], at: int) -> bool:
    """Whether a verb of ours opens the words at `at` (fillers aside): "..., add it"."""
    while at < len(tokens) and tokens[at].norm in LEX.fillers:
        at += 1
    return at < len(tokens) and tokens[at].norm in VERBS


def _rest_of(reading: Request, span: range) -> str:
    """The request without the clause (nor the mark before it)."""
    tokens = reading.text.tokens
    kept = [k for k in range(len(tokens)) if k not in span and k != span.start - 1]
    return reading.text.slice(kept)


def done_after_step(
    conv: Conversation, tools: Sequence[ToolView], read_one: Callable[[str], Request]
) -> Step | None:
    """This turn's step for a new record and a thing done with it (the module docstring), or
    None to read the request as usual."""
    whole = read_one(conv.request)
    found = _clause(whole)
    if found is None:
        return None
    span, at = found
    verb = whole.text.tokens[at].norm
    by_name = {t.name: t for t in tools}
    first_reading = read_one(_rest_of(whole, span))
    first = Planner(first_reading, list(tools), (), conv.earlier).next()
    if not isinstance(first, CallTool) or by_name[first.tool].kind != "create":
        return None
    maker = by_name[first.tool]
    doers = [
        t
        for t in tools
        if t.server == maker.server
        and t is not maker
        and any(stem(w) == stem(verb) for w in words_of(t.name))
    ]
    if len(doers) != 1:
        return None
    made = list(conv.calls)
    if not made:
        return first
    if made[0].name != first.tool or not made[0].done:
        return None
    lines = [describe_result(maker, made[0].arguments, made[0].status, made[0].output)]
    clause = whole.text.slice(  # (its subject aside, "I applied ...", and "back")
        [k for k in range(at, span.stop) if whole.text.tokens[k].norm not in LEX.past_day_skips]
    )
    if call_failure(maker, made[0].status, made[0].output) is not None:
        lines.append(say("half_untried", part=clause))
        return Refuse("\n".join(lines))
    if len(made) == 1:
        second_reading = replace(read_one(clause), pronoun=True)
        earlier = [*conv.earlier, made[0]]
        second = Planner(second_reading, [doers[0]], (), earlier).next()
        if isinstance(second, CallTool):
            return second
        lines.append(say("half_unclear", part=clause))
        return Refuse("\n".join(lines))
    done = made[1]
    lines.append(describe_result(by_name[done.name], done.arguments, done.status, done.output))
    failed = call_failure(by_name[done.name], done.status, done.output) is not None
    return (Refuse if failed else Done)("\n".join(lines))
