"""The offline router: a deterministic `Model` with no network and no key.

Each turn it re-reads the conversation and runs one pipeline, each step a module with typed
values in and out (`_types`):

```
history       -> Conversation      the latest request, its calls so far, a question it answers
                                   (a tool's one object parameter seen through: _schema);
                                   "add 3 todos: a, b and c" is a request an item, each
                                   planned alone, written one a turn (_several); so is
                                   "spent 8 on X and remind me to Y" a half each (_halves);
                                   "price of btc and eth" a read each, "add 0.25 btc
                                   and 2 eth" a write each (_each_code)
_read.read    -> Request (frozen)  tokens (_tokens), the action, dates (_dates; _described: a
                                   date that says which record, "the one due wednesday"),
                                   typed values (_values: money, quantities, phones, zones,
                                   names, lists of numbers, grids, ...; _jotted: money
                                   jotted down with no verb, "coffee 3.80";
                                   _math: arithmetic)
_address      -> Request           the action as the tools make it out ("todo: X" adds a todo;
                                   "solved X" records the state a tool's enum names)
_plan.Planner -> Step              tools scored (_choose, _nouns; _made_as: the kind or the
                                   container a write names, "as a snippet", "to the pantry";
                                   _contained: the folder said beside the record's noun or
                                   as a heading, "my Work journal", "Dreams: X";
                                   _value_fit: values by
                                   type, "5x5 at 100kg" a workout's sets; _status: a state said
                                   as a fact, for the tool said to set it; _fielded: fields
                                   said by name, "status 2", "+learning", "status of X"),
                                   each close one filled
                                   (_fill: one `fill` step, with _slots, _labels, _phrase,
                                   _shaped_fields ("#4", "1999", "PSA 10": the field each
                                   shape fits), _member_of ("from Base Set": the set a card
                                   is of), _reason (", I think it'll rise": the thesis),
                                   _clauses (a second clause's values), _marked, _keyed
                                   (the key a `set_` tool sets a value under), _dictated
                                   ("pancakes: 200g flour, 2 eggs; whisk": a record's items
                                   and steps), _headcount ("for 2"), _scored ("4 out of 5", "7/10"),
                                   _repeated ("every morning" no tool keeps: made once),
                                   _typed, _convert for units to convert between;
                                   _time_values: a length in its unit, a clock time
                                   of day; _record_count: "log 5 expenses" counts;
                                   _measures: a quantity keeps its unit, money never
                                   measures, an `amount` beside a unit a quantity:
                                   _measured_amounts),
                                   of twins that make one thing, the one callable with
                                   what was said (_rivals.twins),
                                   references resolved by listing (_lists, _items;
                                   _each_named: "for the soup and the pancakes", each
                                   record's id for a list of them; _bulk:
                                   "delete all completed todos" names the items meant;
                                   _grouped:
                                   titles a listing groups by a filter; _pointed: "add a
                                   note to it" acts on the record made before, or asks,
                                   never makes a new one elsewhere; _by_fields: a record
                                   named by what its fields hold), every word
                                   accounted for, the call checked (_check); a list a server
                                   writes whole read, one item changed, sent back (_kept):
                 CallTool | ListFirst | Ask | Refuse | Done
_answer       -> words             the result in words (times in their own zone), or why not
```

Words and weights are the lexicon's (`lexicon.LEXICON`, English in `lexicon_en`,
`lexicon_en_values`, `lexicon_en_enums`, `lexicon_en_says`, `lexicon_en_records`,
`lexicon_en_fields`, `lexicon_en_measures`, `lexicon_en_asked` and `lexicon_en_statements`,
listed in `lexicon._ENGLISH`).
Safety first: when two tools score close, a required value has no confident source, a word of
the request fits nothing, or a reference names no item or several, nothing is written: the
router asks for exactly what it lacks (an `Ask`: a `Question` with a form prefilled with what it
understood), or says why it cannot. A write never carries a value nobody said: a day alone is
sent as the day only where the schema takes one, a word that names no enum member is asked
about, and a new record's title said as an existing one's ("put the kitchen project on hold")
is an update.
How a request was read is logged (`orchestrator.offline`, INFO).
"""

from __future__ import annotations

import logging
import re
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from functools import lru_cache
from typing import Any

from orchestrator.messages import (
    AssistantMessage,
    Item,
    ToolCallItem,
    ToolResultItem,
    UserMessage,
    parse_output,
)
from orchestrator.models import ModelRequest, ModelResponse, ToolDefinition
from orchestrator.offline._answer import capabilities, example, say, unsure
from orchestrator.offline._ask import TOOL_FIELD, drops, own_request, read_answer
from orchestrator.offline._dates import local_now
from orchestrator.offline._described_alike import described_alike
from orchestrator.offline._done_after import done_after_step
from orchestrator.offline._each_code import each_code_step
from orchestrator.offline._errand import errand_then_it
from orchestrator.offline._fill import fill
from orchestrator.offline._follow_up import follow_up_answer, follow_up_step
from orchestrator.offline._halves import answered_halves_step, halves_step
from orchestrator.offline._name_verb import asked_for_new, logged_by_its_verb, own_verb_first
from orchestrator.offline._operations import by_operation, destructive, operation_call
from orchestrator.offline._plan import Planner
from orchestrator.offline._quoted_examples import quoting_tools
from orchestrator.offline._read import Request, read
from orchestrator.offline._schema import null_required, see_through
from orchestrator.offline._several import several_step
from orchestrator.offline._tokens import Vocabulary, words_of
from orchestrator.offline._tools import VERBS, ToolView
from orchestrator.offline._types import (
    Answers,
    Ask,
    CallTool,
    Conversation,
    Done,
    ListFirst,
    MadeCall,
    Refuse,
    Step,
)
from orchestrator.offline._unable import no_tool_converts, no_tool_says, no_tool_to
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["OfflineRouter"]

logger = logging.getLogger("orchestrator.offline")


def read_conversation(history: Sequence[Item], tools: Sequence[ToolView] = ()) -> Conversation:
    """The latest request and its calls, the calls before it, and the question it answers (a
    call to a tool whose one object parameter is seen through, by that object's fields)."""
    wrapped = {t.name: t for t in tools if t.wrapper or t.nulls or t.called}
    split = [t for t in tools if t.called]
    conv = Conversation()
    by_id: dict[str, MadeCall] = {}
    question = None
    for item in history:
        if isinstance(item, UserMessage):
            conv.earlier.extend(conv.calls)
            conv.calls = []
            if question is not None:
                conv.asked_before, conv.asked_before_request = conv.asked, conv.asked_request
                conv.asked, conv.asked_request = question, conv.request
            else:
                conv.asked, conv.asked_request = None, ""
                conv.asked_before, conv.asked_before_request = None, ""
            question = None
            conv.request = item.text
        elif isinstance(item, AssistantMessage):
            question = item.question
        elif isinstance(item, ToolCallItem):
            name = operation_call(item.name, item.arguments, split) if split else item.name
            call = MadeCall(name, dict(item.arguments))
            if name in wrapped:
                call.arguments = dict(wrapped[name].seen(call.arguments))
            by_id[item.call_id] = call
            conv.calls.append(call)
        elif isinstance(item, ToolResultItem) and item.call_id in by_id:
            call = by_id[item.call_id]
            call.output, call.done, call.status = parse_output(item.output), True, item.status
    return conv


class OfflineRouter:
    """Routes a request onto the offered tools without a language model. `clock` gives the
    local time (for tests and the evaluation)."""

    name = "offline"

    def __init__(self, clock: Callable[[], datetime] | None = None) -> None:
        self._clock = clock or local_now
        self._cache: dict[tuple[str, str, str], ToolView] = {}
        self._lists: dict[tuple[ToolView, ...], list[ToolView]] = {}  # by `_cache`'s views

    def _view(self, tool: ToolDefinition) -> ToolView:
        key = (tool.name, tool.description, repr(tool.input_schema))
        view = self._cache.get(key)
        if view is None:
            through = see_through(tool.input_schema)
            view = ToolView.of(
                tool.name,
                tool.description,
                through[2] if through else tool.input_schema,
                read_only=tool.read_only,
                destructive=tool.destructive,
                server=tool.server,
            )
            if through:
                view = replace(view, wrapper=through[0], wrapper_required=through[1])
            nulls = null_required(tool.input_schema) if view.kind == "read" else ()
            if nulls and not through:  # `since_days: int | None`, required: null if unsaid
                params = {
                    k: replace(p, required=p.required and k not in nulls)
                    for k, p in view.params.items()
                }
                view = replace(view, params=params, nulls=nulls)
            if len(self._cache) > 2048:
                self._cache.clear()
            self._cache[key] = view
        return view

    def _operation(
        self, tool: ToolView, name: str, schema: dict[str, Any], fixed: tuple[tuple[str, Any], ...]
    ) -> ToolView:
        """One operation of a tool that takes its verb as a parameter (`_operations`)."""
        key = (name, tool.description, repr((schema, fixed)))
        view = self._cache.get(key)
        if view is None:
            view = ToolView.of(
                name,
                tool.description,
                schema,
                read_only=tool.read_only,
                destructive=destructive(fixed),
                server=tool.server,
            ).operation_of(tool.name, fixed)
            self._cache[key] = view
        return view

    def _views(self, tools: Sequence[ToolDefinition]) -> list[ToolView]:
        """The views of one tool list, the same objects each turn it is offered (the router's
        caches, keyed by view, then hold from one turn to the next)."""
        own = [self._view(t) for t in tools]
        key = tuple(own)  # (views hash and compare by identity)
        views = self._lists.get(key)
        if views is None:
            schemas = {t.name: t.input_schema for t in tools}
            views = described_alike(own, schemas)  # `flight_number` as another tool's says it
            views = by_operation(views, schemas, self._operation)
            if len(self._lists) > 64:
                self._lists.clear()
            self._lists[key] = views
        return views

    async def respond(self, request: ModelRequest) -> ModelResponse:
        views = list(self._views(request.tools))  # (a copy: the cached list stays as it is)
        step = decide(read_conversation(request.history, views), views, self._clock())
        items = _items(step, {v.name: v for v in views if v.wrapper or v.nulls or v.called})
        calls = any(isinstance(item, ToolCallItem) for item in items)
        reason = "tool_call" if calls else "stop"
        return ModelResponse(items, model=self.name, finish_reasons=(reason,))


def _items(step: Step, wrapped: dict[str, ToolView]) -> list[AssistantMessage | ToolCallItem]:
    def sent(name: str, args: Mapping[str, Any]) -> dict[str, Any]:
        return wrapped[name].sent(dict(args)) if name in wrapped else dict(args)

    def called(name: str) -> str:  # `create_ticket`: the tool `ticket` (`_operations`)
        return wrapped[name].called or name if name in wrapped else name

    if isinstance(step, CallTool):
        return [ToolCallItem(_call_id(), called(step.tool), sent(step.tool, step.arguments))]
    if isinstance(step, ListFirst):
        return [
            ToolCallItem(_call_id(), called(name), sent(name, args)) for name, args in step.calls
        ]
    if isinstance(step, Ask):
        return [AssistantMessage(step.question.text, step.question)]
    return [AssistantMessage(step.text, refused=isinstance(step, Refuse))]


def _call_id() -> str:
    return f"call_{uuid.uuid4().hex[:12]}"


@lru_cache(maxsize=64)
def _vocabulary_of(tools: tuple[ToolView, ...]) -> frozenset[str]:
    """Words to correct misspellings to: the verbs, and the words of the tools' names, their
    parameters' names and enum values; the words their descriptions say are never corrected."""
    words: set[str] = set(VERBS)
    known: set[str] = set()
    for tool in tools:
        words.update(w for w in words_of(tool.name) if len(w) > 3)
        known.update(words_of(tool.description))
        for param in tool.params.values():
            words.update(w for w in words_of(param.name) if len(w) > 3)
            words.update(w for v in param.enum if isinstance(v, str) for w in words_of(v))
            known.update(words_of(param.describe))
    return Vocabulary(words, known)


def decide(conv: Conversation, tools: list[ToolView], now: datetime) -> Step:
    """The next step for the conversation (see the module docstring)."""
    text = conv.request.strip()
    if not tools:
        return Refuse(say("no_tools"))
    if not text:
        return Refuse(unsure(text, [], [say("a_request")], tools))
    answers = _answers(conv, tools, now)
    if answers is not None and answers.values.get(LEX.answers["confirm_field"]) is False:
        return Refuse(say("not_done"))
    if conv.asked is not None and conv.asked_request and drops(conv.asked, conv.request):
        return Refuse(say("dropped"))  # "never mind": the question and its request dropped
    if answers is not None:
        text = conv.asked_request  # the request the question was about, with its answers
        if _chose_a_tool(conv, tools, now):  # "tool: add_observations", then "yes": the first
            text = conv.asked_before_request
    vocabulary = _vocabulary_of(tuple(tools))
    if answers is None:  # "add three todos: a, b and c": a record each
        several = several_step(conv, tools, lambda part: read(part, vocabulary, now))
        if several is not None:
            return several
        done_after = done_after_step(conv, tools, lambda part: read(part, vocabulary, now))
        if done_after is not None:  # "add Airbnb data scientist, applied on nov 5": the
            return done_after  # application, then marked applied
        halves = halves_step(conv, tools, lambda part: read(part, vocabulary, now))
        if halves is not None:  # "spent 8 on stamps and remind me to post the letter"
            return halves
        each_code = each_code_step(conv, tools, lambda part: read(part, vocabulary, now))
        if each_code is not None:  # "compare btc and eth prices": a read each
            return each_code
    chosen = [t for t in tools if answers is not None and t.name == answers.tool]
    if answers is not None and chosen and not answers.values:
        several = several_step(  # "add 3 things: a, b, c", which tool? "the todo one": each
            replace(conv, request=text), chosen, lambda part: read(part, vocabulary, now)
        )
        if several is not None:
            return several
    if answers is not None and not _chose_a_tool(conv, tools, now):
        answered = answered_halves_step(
            conv, tools, lambda part: read(part, vocabulary, now), answers
        )
        if answered is not None:  # "save <url> to my bookmarks bar and remind me to read it
            return answered  # tonight", then "path: BookmarksBar": the bookmark, then the todo
    if answers is None and not conv.calls:
        meta = _asks_how_or_not(text, vocabulary, tools, conv, now)
        if meta is not None:
            return meta
        if _closing(text) and not quoting_tools(text, tools):  # "thanks, that's all for
            # today": nothing to do, nothing called (unless a tool says it is its cue)
            return Done(say("closing"))
        if _greeting(text) and not quoting_tools(text, tools):  # "hello", "how are you?"
            return Done(say("greeting"))
        if (
            _only(text, LEX.capability_questions, LEX.capability_words)
            and not quoting_tools(text, tools)
            and not any(_named_by(text, t) for t in tools)
        ):  # "what can you do?", "help" (unless a tool is named for it: `help`)
            return Done(capabilities(tools))
    reading = own_verb_first(read(text, vocabulary, now), tools)  # "cast a chart ..., label X"
    reading = logged_by_its_verb(reading, tools)  # "I watered Monty": `log_watering`
    reading = asked_for_new(reading, tools)  # "give me a puzzle with three groups": made
    reading = errand_then_it(reading, lambda part: read(part, vocabulary, now))  # "buy ink
    # tomorrow, tag it errands": the errand, tagged
    unable = None
    if answers is None and not conv.calls:
        unable = (
            no_tool_to(reading, tools)
            or no_tool_converts(reading, tools)
            or no_tool_says(reading, tools)
        )
    if unable is not None:  # "delete the parking expense" where expenses are never deleted,
        # "convert my expenses to euros" where no tool converts
        action = reading.action
        logger.info(
            "read %r: action %s (%s); refused: %s",
            reading.text.original,
            action.kind or "question",
            action.verb or "-",
            unable,
        )
        return Refuse(unable)
    if answers is None and conv.calls:
        answer = follow_up_answer(reading, tools, conv.earlier, conv.calls)
        if answer is not None:  # "and 224.0.0.251?": what the read made again returned
            return answer
    if answers is None and not conv.calls:
        again = follow_up_step(reading, tools, conv.earlier)
        if again is not None:  # "classify 100.64.3.2", then "and 224.0.0.251?": the same read
            logger.info("read %r: the call before, again: %s", reading.text.original, again.tool)
            return again
    planner = Planner(reading, tools, conv.calls, conv.earlier, answers)
    step = planner.next()
    _log(planner.reading, planner, first=not conv.calls)
    return step


def _asks_how_or_not(
    text: str, vocabulary: Any, tools: list[ToolView], conv: Conversation, now: datetime
) -> Refuse | None:
    """A request that asks how a thing is done ("how do I add a todo?") or says not to do it
    ("don't add a todo for the gym"): nothing is called. The first is shown the tools that would
    do it (the rest of the request, planned), with a phrasing each."""
    lowered = " ".join(text.lower().replace("’", "'").split())

    def led_by(leads: tuple[str, ...]) -> str | None:
        return next((w for w in leads if lowered == w or lowered.startswith(w + " ")), None)

    negated = led_by(LEX.not_leads)
    kept = (
        negated is not None
        and any(  # "don't forget to ...": a reminder
            lowered[len(negated) :].lstrip().startswith(w) for w in LEX.not_leads_kept
        )
    )
    if negated is not None and not kept:
        return Refuse(say("says_not", request=text))
    lead = led_by(LEX.how_leads)
    following = lowered[len(lead) :].split()[:1] if lead is not None else []
    if lead is not None and lead.endswith(LEX.how_word) and following:
        lead = lead if following[0] in LEX.how_to_followers else None  # ("how readable")
    if lead is not None:
        rest = text[len(lead) :].strip(" ?.!")
        first, _, after = rest.partition(" ")
        rest = after if first.lower() in LEX.self and after else rest  # "if I delete X"
        ranked = Planner(read(rest, vocabulary, now), tools, (), conv.earlier, None).ranked
        fit = [s.tool for s in ranked[:3]] or tools[:3]
        lines = [say("asks_how", request=text)]
        lines += [say("tool_example", tool=t.shown, example=example(t)) for t in fit]
        return Refuse("\n".join(lines))
    return None


def _closing(text: str) -> bool:
    """Whether the request only thanks or says goodbye ("thanks!", "thanks, that's all for
    today", "ok bye"): a word or phrase of lexicon `CLOSINGS`, and nothing but the words that
    go with one (`CLOSING_WORDS`)."""
    return _only(text, LEX.closings, LEX.closing_words)


def _greeting(text: str) -> bool:
    """Whether the request only greets ("hello", "hi there, how are you doing today?"): a
    phrase of lexicon `GREETINGS`, and nothing but the words that go with one."""
    return _only(text, LEX.greetings, LEX.greeting_words)


def _named_by(text: str, tool: ToolView) -> bool:
    """Whether the request's words are the words of the tool's name ("help": `help`)."""
    said = re.findall(r"[a-z]+", text.lower())
    return said == words_of(tool.name.rpartition("__")[2])


def _only(text: str, phrases: tuple[str, ...], words: frozenset[str]) -> bool:
    """Whether the request says one of `phrases` and nothing but `words` besides."""
    said = " ".join(re.findall(r"[a-z]+", text.lower()))  # "that's": "that s"
    if not any(f" {c} " in f" {said} " for c in phrases):
        return False
    rest = said
    for phrase in sorted(phrases, key=len, reverse=True):
        rest = f" {rest} ".replace(f" {phrase} ", " ").strip()
    return all(w in words for w in rest.split())


def _chose_a_tool(conv: Conversation, tools: list[ToolView], now: datetime) -> bool:
    """Whether the request the latest question was about only chose a tool, in answer to the
    question before it (which tool records a fact said): the answer is to that first request."""
    before = conv.asked_before
    if before is None or not conv.asked_before_request or not conv.asked_request:
        return False
    if TOOL_FIELD not in before.schema.get("properties", {}):
        return False
    values = read_answer(before, conv.asked_request, None, now)
    return values is not None and TOOL_FIELD in values


def _answers(conv: Conversation, tools: list[ToolView], now: datetime) -> Answers | None:
    """The latest request read as the answer to the router's last question, if it is one."""
    question = conv.asked
    if question is None or not conv.asked_request:
        return None
    tool = next((t for t in tools if t.name == question.about), None)
    values = read_answer(question, conv.request, tool, now)
    if values is None or own_request(question, conv.request, conv.asked_request, tool, now, tools):
        return None
    if TOOL_FIELD not in values and _complete_alone(conv, tools, len(question.fields), now):
        return None
    chosen = values.pop(TOOL_FIELD, None)
    if chosen is not None:
        return Answers(str(chosen), {})
    if tool is None:
        return None
    return Answers(tool.name, {**_said_besides(conv, tool, question.fields, now), **values})


def _said_besides(
    conv: Conversation, tool: ToolView, asked: Mapping[str, Any], now: datetime
) -> dict[str, Any]:
    """The typed values a reply gives fields it was not asked for ("..., due in 30 days, tax
    20%" to the question for an invoice's client and lines: its tax rate), never lost: the
    reply filled as a request for the tool, its values of a type (numbers, days, choices,
    flags), not its free text, for the fields not asked and not said before."""
    said = fill(read(conv.request, frozenset(), now), tool).args
    before = fill(read(conv.asked_request, frozenset(), now), tool).args
    return {
        name: value
        for name, value in said.items()
        if name in tool.params
        and name not in asked
        and name not in before
        and tool.params[name].role not in LEX.free_text_roles
        and tool.params[name].role not in ("objects", "object")
    }


def _complete_alone(conv: Conversation, tools: list[ToolView], asked: int, now: datetime) -> bool:
    """Whether the reply, read as a request of its own, is a write ready at once that holds
    more than an answer to `asked` fields could: "OHP today 3x10 @ 40kg, rpe 9" after the
    question for a base weight, "dinner yesterday 7pm: salmon 180g, 370 calories" after the one
    for a banana's meal type. Taken as answers, their values went to the fields asked for, and
    the rest of what they said was lost."""
    reading = read(conv.request, _vocabulary_of(tuple(tools)), now)
    if reading.action.question or len(reading.values) < 2:
        return False
    step = Planner(reading, tools, (), conv.earlier, None).next()
    if isinstance(step, CallTool):
        name, understood = step.tool, step.arguments
    elif isinstance(step, Ask):  # ready but for a word it asks about ("shoulder felt sore")
        name, understood = step.question.about, step.question.understood
    else:
        return False
    made = next((t for t in tools if t.name == name), None)
    if made is None or made.kind not in ("create", "update"):
        return False
    return _leaves(understood) > asked + 1


def _leaves(value: Any) -> int:
    """How many plain values `value` holds, inside its objects and lists."""
    if isinstance(value, Mapping):
        return sum(_leaves(v) for v in value.values())
    if isinstance(value, list):
        return sum(_leaves(v) for v in value)
    return 1


def _log(reading: Request, planner: Planner, first: bool) -> None:
    """How the request was read: at INFO on its first turn, at DEBUG on the turns after."""
    level = logging.INFO if first else logging.DEBUG
    if not logger.isEnabledFor(level):
        return
    action = reading.action
    verb = f"{action.kind or 'question'} ({action.verb or '-'})"
    ranked = planner.ranked
    best = f"{ranked[0].tool.name} {ranked[0].score:.1f} ({ranked[0].why})" if ranked else "none"
    runner = f"{ranked[1].tool.name} {ranked[1].score:.1f}" if len(ranked) > 1 else "none"
    logger.log(
        level,
        "read %r: action %s; tool %s, runner-up %s",
        reading.text.original,
        verb,
        best,
        runner,
    )
    for plan in planner.plans:
        slots = "; ".join(
            f"{k}={plan.fill.args.get(k)!r} <- {v!r}" for k, v in plan.fill.evidence.items()
        )
        ref = f"; reference {plan.fill.reference!r}" if plan.fill.reference else ""
        logger.log(
            level, "  %s: %s%s%s", plan.tool.name, plan.state, f"; {slots}" if slots else "", ref
        )
