"""Asking instead of guessing: the `Question` for what a request lacks (a form of exactly the
fields wanted, each prefilled with what was understood), and the user's answer read back into
typed values on the next turn.

A question is about one tool (`Question.about`), or about which of several tools (a choice
field `tool`). A value the request gave is never asked for as if unsaid: where only words left
over stand in the way, the values read are shown and a yes goes ahead with them (`ask_given`).
The answer is the next request: `name: value` lines, or, for one field, the value alone
("tomorrow at 3pm", "EUR", "yes"), read by the field's type: a date, a length, a number, money,
an enum's value or synonym, a list, a time zone. A yes/no question answered by a new value
("hmm make it four" to "create the puzzle with 3 categories?") goes ahead with that value.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from itertools import pairwise
from typing import Any

from orchestrator.messages import Question
from orchestrator.offline._account import is_function
from orchestrator.offline._answer import details, example, noun_of, say
from orchestrator.offline._convert import converts
from orchestrator.offline._dates import find_duration, find_when
from orchestrator.offline._earlier import place_of
from orchestrator.offline._enums import find_enum_in
from orchestrator.offline._fill import fill
from orchestrator.offline._hinted import value_lead
from orchestrator.offline._listed_items import number_of
from orchestrator.offline._measures import measured_reply, measures, said_quantities, says_money
from orchestrator.offline._notation import said_in_notation
from orchestrator.offline._phrase import Fill
from orchestrator.offline._query_language import written_for
from orchestrator.offline._read import Request, pointing_ahead, read
from orchestrator.offline._replied import text_reply, typed_reply
from orchestrator.offline._said_more import says_apart, says_more
from orchestrator.offline._sections import labelled_sections
from orchestrator.offline._time_values import duration_value
from orchestrator.offline._tokens import singular, words_of
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline._typed import money_in_unit
from orchestrator.offline._values import read_values, zones_in
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = [
    "TOOL_FIELD",
    "ask_for",
    "ask_given",
    "ask_item",
    "ask_pointed",
    "ask_stated",
    "ask_unsaid",
    "ask_which",
    "changed_values",
    "confirm_param",
    "drops",
    "field_param",
    "own_request",
    "read_answer",
    "unsaid_words",
]

TOOL_FIELD = "tool"
_LINE = re.compile(r"^\s*([\w.\- ]{1,60}?)\s*[:=]\s*(.+?)\s*$")
_LINKS = "|".join(re.escape(w) for w in LEX.answer_links)
_SAID = re.compile(  # "category is personal care", "the due date should be friday"
    rf"^\s*(?:(?:{'|'.join(LEX.articles)})\s+)?([\w.\-]+(?: [\w.\-]+)?)\s+(?:{_LINKS})\s+(.+?)\s*$",
    re.I,
)
_TEXTS = ("title", "body", "query", "key", "label", "place", "person", "text")
_DAYS = ("moment", "day", "since", "until", "clock", "month")
_NUMBERS = ("money", "number", "quantity")


def _field(param: Param, default: Any) -> dict[str, Any]:
    """A flat form field for `param` (what MCP elicitation forms allow)."""
    schema = param.schema
    kind = schema.get("type")
    out: dict[str, Any] = {}
    hint = LEX.answers.get(f"hint_{param.role}", "")
    describe = str(schema.get("description") or "")
    out["description"] = "; ".join(dict.fromkeys(p for p in (describe, hint) if p))
    if param.enum:
        out["type"] = "string"
        out["enum"] = [str(v) for v in param.enum]
    elif kind in ("integer", "number", "boolean"):
        out["type"] = kind
        for key in ("minimum", "maximum"):
            if key in schema:
                out[key] = schema[key]
    elif kind == "array":
        items = schema.get("items") or {}
        if isinstance(items, dict) and items.get("enum"):
            out.update({"type": "array", "items": {"type": "string", "enum": items["enum"]}})
        else:
            out["type"] = "string"
            out["description"] = "; ".join(p for p in (describe, say("hint_list")) if p)
    else:
        out["type"] = "string"
    if default is not None and not isinstance(default, dict):
        out["default"] = (
            ", ".join(map(str, default))
            if isinstance(default, list) and out["type"] == "string"
            else default
        )
    return out


def ask_for(
    request: str,
    tool: ToolView,
    args: Mapping[str, Any],
    fields: Sequence[Param],
    stray: str = "",
    problem: str = "",
) -> Question:
    """The question for `fields` of `tool`, prefilled from `args`; `stray` is what was not
    understood, `problem` why a value does not fit."""
    properties = {p.name: _field(p, args.get(p.name)) for p in fields}
    required = [p.name for p in fields if p.required or p.role == "confirm"]
    noun = noun_of(tool)
    verb = LEX.infinitive_by_kind.get(tool.kind or "", "use")
    lines = []
    if stray:
        lines.append(say("ask_stray", words=stray))
    if problem:
        lines.append(say("ask_problem", problem=problem.rstrip(".")))  # one period
    names = ", ".join(p.name for p in fields)
    confirming = [p.role for p in fields] == ["confirm"]
    if confirming:  # a yes or a no, never a field of the tool's to fill in
        lines.append(say("ask_go_ahead", verb=verb, noun=noun, tool=tool.shown, request=request))
    elif fields:
        lines.append(
            say("ask_fields", verb=verb, noun=noun, tool=tool.shown, fields=names, request=request)
        )
    understood = details(dict(args), tool, {p.name for p in fields})
    if understood:
        lines.append(say("ask_understood", what=understood))
    lines.append(say("ask_reply_yes") if confirming else say("ask_reply", example=_example(fields)))
    lines.append(LEX.llm_hint)
    schema = {"type": "object", "properties": properties, "required": required}
    values = {k: v for k, v in args.items() if k in tool.params} if confirming else {}
    return Question("\n".join(lines), schema, tool.name, values)


def confirm_param() -> Param:
    """A yes/no field: go ahead with what was understood."""
    schema = {"type": "boolean", "description": LEX.answers["hint_confirm"]}
    return Param(LEX.answers["confirm_field"], schema, "confirm", True, (), "")


def ask_given(
    request: str, tool: ToolView, args: Mapping[str, Any], fields: Sequence[Param], stray: str
) -> Question:
    """Whether to go ahead with the values `fields` hold already, when words of the request
    (`stray`) fit nothing: the values are shown, never asked for again as if unsaid ("new
    feature idea: export to CSV" is no question of its title). A yes makes the call with what
    was understood; a value given instead ("title: ...") replaces the one shown."""
    noun = noun_of(tool)
    verb = LEX.infinitive_by_kind.get(tool.kind or "", "use")
    values = ", ".join(
        say("given_value", label=" ".join(words_of(p.name)), value=_shown(args[p.name]))
        for p in fields
    )
    lines = [say("ask_stray", words=stray)] if stray else []
    lines.append(
        say("ask_given", verb=verb, noun=noun, tool=tool.shown, request=request, values=values)
    )
    understood = details(dict(args), tool, {p.name for p in fields})
    if understood:
        lines.append(say("ask_understood", what=understood))
    lines += [say("ask_reply_given", example=f"{fields[0].name}: …"), LEX.llm_hint]
    properties = {p.name: _field(p, args.get(p.name)) for p in fields}
    schema = {"type": "object", "properties": properties, "required": [p.name for p in fields]}
    values_made = {k: v for k, v in args.items() if k in tool.params}
    return Question("\n".join(lines), schema, tool.name, values_made)


def _shown(value: Any) -> str:
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)


def ask_which(request: str, tools: Sequence[ToolView], why: Sequence[str]) -> Question:
    """Which of these tools the request is for (a choice)."""
    opening = say("ask_which", request=request, tools=", ".join(t.name for t in tools))
    return _tool_choice(opening, tools, [f"- {w}" for w in why])


def ask_stated(request: str, tools: Sequence[ToolView]) -> Question:
    """Whether one of these tools should record the fact `request` says, and which (a
    choice): a fact said ("Ana works at Acme") is never answered with a listing."""
    opening = say("ask_stated", request=request, tools=", ".join(t.name for t in tools))
    return _tool_choice(opening, tools)


def ask_unsaid(request: str, what: str, tools: Sequence[ToolView]) -> Question:
    """What `what` ("that", "the average") stands for, when nothing before the request says it,
    and which of these tools should act on it (a choice)."""
    return _tool_choice(say("ask_unsaid", request=request, what=what), tools)


def ask_pointed(
    request: str, word: str, before: str, maker: ToolView, tools: Sequence[ToolView]
) -> Question:
    """Which of these tools should act on the earlier record `word` points at (`before` says
    which call's), where `maker` would make a new one instead (a choice)."""
    opening = say(
        "ask_pointed",
        word=word,
        request=request,
        before=before,
        maker=maker.name,
        noun=noun_of(maker),
    )
    return _tool_choice(opening, tools)


def _tool_choice(opening: str, tools: Sequence[ToolView], notes: Sequence[str] = ()) -> Question:
    """A question whose answer is one of `tools` (`TOOL_FIELD`): `opening`, an example of each
    tool, `notes`, how to reply."""
    names = [t.name for t in tools]  # the answer's enum: a choice names the router's tools
    lines = [opening, *(say("tool_example", tool=t.name, example=example(t)) for t in tools)]
    lines += [*notes, say("ask_reply", example=f"{TOOL_FIELD}: {names[0]}"), LEX.llm_hint]
    field = {"type": "string", "enum": names, "description": say("hint_tool")}
    schema = {"type": "object", "properties": {TOOL_FIELD: field}, "required": [TOOL_FIELD]}
    return Question("\n".join(lines), schema)


def ask_item(problem: str, tool: ToolView, ident: Param, ids: Sequence[str]) -> Question:
    """Which of the records `ids` a request about `tool` means (`problem` says they all
    match): a choice of `ident`, answered by an id, `ident: id`, or a place ("the 2nd", "1")."""
    field = {"type": "string", "enum": list(ids), "description": say("hint_item")}
    schema = {"type": "object", "properties": {ident.name: field}, "required": [ident.name]}
    reply = say("ask_reply", example=f"{ident.name}: {ids[0]}")
    return Question(f"{problem}\n{reply}", schema, tool.name)


def unsaid_words(reading: Request) -> str:
    """The words a request with no value of its own points with at what it does not say: a
    pronoun ("how many feet is that"), or "the" and the words that end it, right after the verb
    or a question's words ("what's the average?", "set the blockers"); "" otherwise. (Asked
    about only when nothing before the request says it.)"""
    tokens = reading.text.tokens
    if reading.values or reading.when is not None or any(t.kind == "quoted" for t in tokens):
        return ""
    words = [i for i, t in enumerate(tokens) if t.kind != "punct"]
    breaks = [i for i, t in enumerate(tokens) if t.norm in LEX.clause_breaks]
    ahead = pointing_ahead(reading.text, reading.action)  # "save this: ...": said after it
    for i in words:
        if tokens[i].norm in LEX.pronouns and i not in reading.action.tokens and i not in ahead:
            earlier = [b for b in breaks if b < i]
            before = [j for j in words if earlier and j < earlier[-1]]
            if any(not is_function(tokens[j].norm) for j in before):
                return ""  # "dark mode toggle looks good, approve it": said in the clause before
            return tokens[i].text
    the = [i for i in words[-3:-1] if tokens[i].norm == LEX.the_word]
    lead = [i for i in words if the and i < the[0] and i not in reading.action.tokens]
    if not the or any(not is_function(tokens[i].norm) for i in lead):
        return ""  # "sing me a song about the sea": the sea is said, what to do with it is not
    return reading.text.slice(list(range(the[0], words[-1] + 1)))


def _example(fields: Sequence[Param]) -> str:
    if not fields:
        return say("ask_yes")
    param = fields[0]
    sample = LEX.answers.get(f"sample_{param.role}") or (str(param.enum[0]) if param.enum else "…")
    return f"{param.name}: {sample}"


# -- the answer ---------------------------------------------------------------------------------
def read_answer(
    question: Question, reply: str, tool: ToolView | None, now: datetime
) -> dict[str, Any] | None:
    """The values `reply` gives for the question's fields, by each field's type; None when the
    reply answers nothing (then it is read as a new request)."""
    fields = list((question.schema.get("properties") or {}).keys())
    if not fields:
        return {} if _yes(reply) else None
    if question.understood and _yes(reply) and LEX.answers["confirm_field"] not in fields:
        return dict(question.understood)  # yes to the values shown (`ask_given`): those
    confirm = LEX.answers["confirm_field"]
    changed = _changed(question, reply, tool, now) if fields == [confirm] and tool else {}
    if changed:  # "hmm make it four" to "create it with 3?": with 4
        return {**changed, confirm: True}
    if len(fields) == 1 and "default" not in question.fields.get(fields[0], {}):
        reply = _value_led(reply) or reply  # "make that 4 and 9": 4 and 9
    raw = _labelled(reply, fields)
    if not raw:
        texts = all(question.fields.get(f, {}).get("type") != "boolean" for f in fields)
        if texts and _about_it(reply):  # "I'm already halfway through it": not a value
            return None
        asked = [p for f in fields if tool is not None and (p := field_param(tool, f))]
        if tool is not None and len(asked) == len(fields) and says_more(reply, tool, asked, now):
            return None  # "bedtime is 11pm from now on" to a question for a count
        if tool is not None and len(fields) == 1 and says_apart(reply, tool, now):
            return None  # "weighed myself, 182.4 lbs" to the question for a habit's name
        shown = question.fields.get(fields[0], {}).get("default") if len(fields) == 1 else None
        if isinstance(shown, str) and _said_of(reply, shown):
            return None  # "both chain rule and gradient descent are prerequisites for backprop"
            # to "... with concept “gradient descent”?": a statement about it, no new name
        if len(fields) == 1 and (not _new_request(reply) or _a_thing_to_do(reply, tool, fields[0])):
            read_so = text_reply(reply, tool, fields[0], now) if tool is not None else None
            if read_so is not None:  # the text a record was asked for, its date taken out
                return read_so or None
            given = frozenset(question.understood or ())
            typed = typed_reply(reply, tool, fields[0], now, given) if tool is not None else None
            if typed is not None:  # "09209876543, he's my barber": the phone, and a note
                return typed
            raw = {fields[0]: reply.strip()}
        elif tool is not None and not _new_request(reply):
            params = [p for f in fields if (p := field_param(tool, f)) is not None]
            return _by_type(reply, params, now)
        else:
            return None
    out: dict[str, Any] = {}
    for name, text in raw.items():
        if name == TOOL_FIELD:  # one of the tools offered, or a request of its own
            tool_names = [str(c) for c in question.fields.get(name, {}).get("enum") or ()]
            chosen = _tool_picked(text, tool_names) if tool_names else text
            if chosen is None:
                return None
            out[name] = chosen
            continue
        param = field_param(tool, name) if tool is not None else None
        choices = question.fields.get(name, {}).get("enum")
        if param is not None and not param.enum and choices:  # which of the records listed
            picked = _picked(text, [str(c) for c in choices])
            if picked is None:
                return None
            out[name] = picked
            continue
        if param is not None and tool is not None and param.type in ("number", "integer"):
            said = read(text, frozenset(), now)
            amount = money_in_unit(param, said)  # "1260만원" for `..._manwon`: 1260
            if amount is not None:
                out[name] = amount
                continue
            placed = measured_reply(tool, param, said)  # "250ml"
            if placed is not None:
                if not placed:  # "coffee 4.75 cash" for an amount of water: a request
                    return None
                out.update(placed)
                continue
        if param is None and question.fields.get(name, {}).get("type") == "boolean":
            value: Any = _yes(text) if _yes(text) or _no(text) else None  # "confirm: no"
        else:
            value = convert(param, text, now) if param is not None else text
        if value is None:
            return None
        out[name] = value
    if question.understood and out.get(LEX.answers["confirm_field"]) is True:
        # "yes" to going ahead: with what was understood then (the request read again might
        # not find the same, e.g. the agent a listing resolved), unless the reply changed it
        out = {**question.understood, **out}
    return out


def _labels_others(reply: str, tool: ToolView, asked: set[str], now: datetime) -> bool:
    """Whether a reply says a text of another field of `tool` under that field's name."""
    said = read(reply, frozenset(), now)
    f = Fill(tool)
    labelled_sections(said, f, tool)
    return bool(set(f.args) - asked)


def own_request(
    question: Question,
    reply: str,
    asked: str,
    tool: ToolView | None,
    now: datetime,
    tools: Sequence[ToolView] = (),
) -> bool:
    """Whether `reply`, which would pass for the answer to the router's last question (about
    `tool`, for the request `asked`), is a request of its own, the question left unanswered:
    - it says again a number or a day, where `asked` said one for a field of the tool the
      question does not ask for ("coffee 3.80" to the question for the note of "log 1200 rent";
      "gym membership 35 today" to the one for a category);
    - it reads "convert my expenses to euros" ("VERB my ..."), where the field asked for is not
      the record's own text (a title "email my boss" is a title);
    - it says the user did a thing ("i paid the electricity bill", "finished Atomic Habits
      today!"): a fact to record, never a value, nor the title or text of a new one, which says
      what is to be done;
    - it opens with a verb of an action and names a kind of record one of `tools` keeps, or
      says "all my ..." ("clear all my completed todos" to the question for a description),
      where the field asked for is no title (the words of a thing to do);
    - it is a verb said of all things and nothing else ("delete everything"), whatever the
      field asked for;
    - it gives no unit for an amount that measures a thing, where `asked` said money ("3.50"
      after "spent money on tea": never 3.50 of tea);
    - it opens with another tool's own verb ("roll 2d6+3 ..."), or heads its text with another
      tool's noun ("session 2 notes: ..."), whatever the field;
    - it gives an order after a comma ("..., add that to her private bio"), says "I" did a
      thing, or states a fact about someone `asked` never named ("Ilsa learns ...").
    A choice among values (records, tools, yes or no) is never one: it is answered, or not."""
    fields = question.fields
    choice = any(f.get("enum") or f.get("type") == "boolean" for f in fields.values())
    if tool is not None and not choice and _opens_for_another(reply, tool, tools):
        return True  # "roll 2d6+3 ..." to the question for a letter's content: `roll_dice`'s
    if tool is not None and not choice and _labels_others(reply, tool, set(fields), now):
        return True  # "another one, same project: X. cause: Y" to the question for a symptom:
        # another field's text said under its name, a request of its own
    if tool is not None and _in_other_notation(reply, tool, set(fields), tools, now):
        return True  # "d2d4" to the question for a game's difficulty: a move
    if tool is not None and _said_of_me_for_an_id(reply, tool, list(fields)):
        return True  # "I resign" to the question for a game's id
    if tool is not None and _a_conversion(reply, tools, now):
        return True  # "convert 5 gallons to liters" to the question for an expression
    if tool is not None and _written_for_another(reply, tool, tools, now):
        return True  # "SELECT * FROM pets" to the question for a CREATE TABLE statement
    shown = bool(fields) and all("default" in f for f in fields.values())
    if shown and tool is not None and not (_yes(reply) or _no(reply)):
        # "Should I create ... with client name X?": a reply neither yes nor no corrects a value
        # shown, or is a request of its own ("i need a heart doctor ...", naming another
        # server's records), whatever the field
        named = [p for k in fields if (p := field_param(tool, k)) is not None]
        words = re.findall(r"[a-z]+", reply.lower())
        if _names_records_elsewhere(words, tool, named, tools):
            return True
        if _points_at_its_record(words, tool):  # "... then put the box plan as a comment on
            return True  # the issue" to "Should I create the issue with title X?": no title
    if tool is None or any(f.get("enum") or f.get("type") == "boolean" for f in fields.values()):
        return False
    asked_for = [p for name in fields if (p := field_param(tool, name)) is not None]
    if not asked_for:
        return False
    said, before = read(reply, frozenset(), now), read(asked, frozenset(), now)
    measured = any(p.type in ("number", "integer") and measures(tool, p) for p in asked_for)
    if measured and says_money(before) and not said_quantities(said):
        return True  # "3.50" after "spent money on tea": money, no amount of tea
    others = [p for p in tool.params.values() if p not in asked_for]
    counted = any(p.type in ("number", "integer") for p in others) and not any(
        p.type in ("number", "integer") for p in asked_for
    )
    if counted and said.typed(*_NUMBERS) and before.typed(*_NUMBERS):
        return True
    dated = any(p.role in _DAYS for p in others) and not any(p.role in _DAYS for p in asked_for)
    if dated and said.when is not None and before.when is not None:
        return True
    words = words_of(reply.lower())
    texts = any(p.role in ("title", "body") for p in asked_for)
    if said.action.past and said.action.kind and words[:1] and words[0] in LEX.self:
        return True  # "i paid the electricity bill" to the question for a reminder's title
    if _order_after_comma(reply):  # "Old Marta is in on it, add that to her bio": an order
        return True
    people = {w for v in said.typed("name") for w in words_of(str(v.value).lower())}
    if said.action.stated and people and not people & set(words_of(asked.lower())):
        return True  # "Ilsa learns Magic Missile, level 1" to the question for a résumé's
        # content: a fact about someone the request asked about never named
    gone = said.when is not None and said.when.start.date() <= now.date()
    if texts and said.action.past and gone:  # "finished Atomic Habits today!": a thing done
        return True  # then, never the title of a thing to do
    if not texts and len(words) > 2 and words[1] in LEX.owner_words and not is_function(words[0]):
        return True
    if _the_one(words):  # "the cat food one is urgent": a record there is, never a title
        return True
    if _of_everything(words):  # "delete everything": no record's name, whatever is asked
        return True
    if _said_around_quotes(reply, asked_for):  # "translate 'good luck' into Portuguese"
        return True
    titled = any(p.role == "title" for p in asked_for)  # "email my boss": a todo's own words
    if not texts and _names_records_elsewhere(words, tool, asked_for, tools):
        return True  # "expenses this month" to the question for an exercise's name
    if titled and _new_request(reply):  # "finish the quarterly slides" a title, "show my
        return _asks_of_records(words, tools)  # holdings" a request for another's records
    return not titled and _asks_of_records(words, tools)


def _the_one(words: list[str]) -> bool:
    """Whether the words name a record by what it is ("the cat food one", "the spanish one")."""
    return any(
        w == LEX.articles[0] and any(x in LEX.pronoun_tails for x in words[i + 2 : i + 5])
        for i, w in enumerate(words)
    )


def _written_for_another(
    reply: str, tool: ToolView, tools: Sequence[ToolView], now: datetime
) -> bool:
    """Whether the reply is a statement another tool runs and the asked one does not ("SELECT
    * FROM pets" asked for `create_table`'s "CREATE TABLE SQL statement")."""
    said = read(reply, frozenset(), now)
    return not written_for(said, tool) and any(written_for(said, t) for t in tools if t is not tool)


def _a_conversion(reply: str, tools: Sequence[ToolView], now: datetime) -> bool:
    """Whether the reply is, whole, a conversion one of `tools` makes ("convert 5 gallons to
    liters", "how many tablespoons in a cup"): a request of its own, never a value."""
    said = read(reply, frozenset(), now)
    return any(converts(said, t) for t in tools)


def _names_records_elsewhere(
    words: list[str], tool: ToolView, asked_for: list[Param], tools: Sequence[ToolView]
) -> bool:
    """Whether a reply of two words or more names a kind of record only another server's tools
    keep, no word of the field asked for nor of the asked tool's own: "diary entries tagged
    health" to the question for a CRM listing's stage, "expenses this month" to the one for an
    exercise: a request of its own."""
    if len(words) < 2 or not tool.server:
        return False
    own = tool.nouns | {w for p in asked_for for w in p.words} | set(words_of(tool.server))
    elsewhere = {  # (the server's name too: "doctors" for `search_doctors` of `doctors`)
        n for t in tools if t.server and t.server != tool.server for n in t.nouns
    } - own
    return any(singular(w) in elsewhere for w in words if not is_function(w))


def _points_at_its_record(words: list[str], tool: ToolView) -> bool:
    """Whether a reply names the asked tool's kind of record as one there is ("a comment on the
    issue", "that issue"): about a record, never the new one's value."""
    return any(
        word in LEX.record_pointers and singular(nxt) in tool.own_nouns
        for word, nxt in pairwise(words)
    )


def _said_around_quotes(reply: str, asked_for: list[Param]) -> bool:
    """Whether a reply quotes a text and says words of its own on both sides of it, besides
    the field's name and a word that names it ("concept 'thermodynamics'", "call it 'X'", "i
    nailed 'meticulous'"): "translate 'good luck on your exam' into Portuguese" asks for
    something of its own, its quote no value of the field."""
    parts = re.split(r"""["“”]|(?<![A-Za-z])'|'(?![A-Za-z])""", reply)
    if len(parts) < 3:  # no quote
        return False
    named = {w for p in asked_for for w in p.words}

    def own(text: str) -> bool:
        return any(
            not is_function(w) and w not in named and w not in LEX.naming_verbs
            for w in words_of(text.lower())
        )

    return own(parts[0]) and own(parts[-1])


def _of_everything(words: list[str]) -> bool:
    """Whether a reply is a verb of an action said of all things and nothing else: "delete
    everything", "clear all"."""
    verb = words[:1] and (words[0] in LEX.verbs or words[0] in LEX.reply_request_verbs)
    rest = [w for w in words[1:] if w in LEX.all_words or not is_function(w)]
    return bool(verb) and bool(rest) and all(w in LEX.all_words for w in rest)


def _asks_of_records(words: list[str], tools: Sequence[ToolView]) -> bool:
    """Whether a reply's `words` open with a verb of an action and name a kind of record the
    tools keep, or say "all my ...": "clear all my completed todos", "delete the milk todo"."""
    if len(words) < 3 or not (words[0] in LEX.verbs or words[0] in LEX.reply_request_verbs):
        return False
    rest = words[1:]
    kept = {n for t in tools for n in t.own_nouns}
    if any(singular(w) in kept for w in rest):
        return True
    return any(w in LEX.all_words for w in rest) and any(w in LEX.owner_words for w in rest)


def _tool_picked(text: str, names: list[str]) -> str | None:
    """The tool a reply to "which tool?" names: one of `names` as it is or by its place
    (`_picked`), or the one tool whose name holds every word of the reply ("expense" for
    `add_expense`); None when it names none ("i got paid! salary 3200 today": a request)."""
    picked = _picked(text, names)
    if picked is not None:
        return picked
    said = {
        singular(w)
        for w in words_of(text.lower())
        if not is_function(w) and w not in LEX.pronoun_tails
    }
    fits = [n for n in names if said and said <= {singular(w) for w in words_of(n.lower())}]
    return fits[0] if len(fits) == 1 else None


def drops(question: Question, reply: str) -> bool:
    """Whether `reply` takes the request asked about back ("never mind", "cancel", "nvm", or
    `title: never mind` from a form) instead of answering `question`: nothing is done. A reply
    that is one of a field's listed values (`stop` of a `start|stop` choice) answers it."""
    fields = question.fields
    members = {str(v).lower() for f in fields.values() for v in (f.get("enum") or ())}
    values = list(_labelled(reply, list(fields)).values()) or [reply]
    return all(_drop(v) and v.strip().lower() not in members for v in values)


def _drop(text: str) -> bool:
    """Whether `text` is only words that take a request back, and the fillers around them."""
    said = False
    for part in re.split(r"[,.;:!?]+", text.lower().replace("’", "'")):
        words = part.split()
        if " ".join(words) in LEX.drop_words:
            said = True
            continue
        while words and words[0] in LEX.drop_fillers:
            words = words[1:]
        if words and " ".join(words) not in LEX.drop_words:
            return False
        said = said or bool(words)
    return said


def _picked(text: str, choices: list[str]) -> str | None:
    """The choice `text` names: one of `choices` as it is, or by its place in the list ("1",
    "the 2nd", "the first one", "the last one"); None when it names none of them."""
    said = text.strip().strip("\"'“”").lower()
    exact = [c for c in choices if c.lower() == said]
    if exact:
        return exact[0]
    words = [w for w in words_of(said) if not is_function(w) and w not in LEX.pronoun_tails]
    place = place_of(words[0]) if len(words) == 1 else None
    if place is None and len(words) == 1 and words[0].isdigit():
        place = int(words[0])
    if place is None or place == 0 or place > len(choices):
        return None
    return choices[place - 1] if place > 0 else choices[place]


def field_param(tool: ToolView, name: str) -> Param | None:
    """The parameter a question's field stands for: `card.title` is the `title` of `card`."""
    outer, _, inner = name.partition(".")
    param = tool.params.get(outer)
    if not inner or param is None:
        return param
    fields = ToolView.of(f"{tool.name}.{outer}", tool.description, param.schema)
    found = fields.params.get(inner)
    return replace(found, name=name) if found is not None else None


def _labelled(reply: str, fields: list[str]) -> dict[str, str]:
    """`name: value` parts (lines, `;`-separated, or a comma before the next field's name:
    "path: BookmarksBar, title: HN"), for names among `fields` (any case, any spelling of the
    same words: `due date` for `due_date`)."""
    by_words = {" ".join(words_of(f)): f for f in fields} | {f.lower(): f for f in fields}
    longest_first = sorted(by_words, key=len, reverse=True)
    names = "|".join(re.escape(n).replace(r"\ ", r"[\s_-]+") for n in longest_first)
    out: dict[str, str] = {}
    for part in re.split(rf"[\n;]|,\s*(?=(?:{names})\s*[:=])", reply, flags=re.IGNORECASE):
        m = _LINE.match(part) or _SAID.match(part)
        if m:
            name = by_words.get(" ".join(words_of(m.group(1)))) or by_words.get(m.group(1).lower())
            if name:
                out[name] = m.group(2)
    return out


def _yes(reply: str) -> bool:
    return reply.strip().lower().rstrip(".!") in LEX.yes_words


def _no(reply: str) -> bool:
    return reply.strip().lower().rstrip(".!") in LEX.no_words


def _about_it(reply: str) -> bool:
    """Whether a reply speaks of the thing asked about ("it", "them") rather than giving a
    value for one of its fields: a value never stands for the thing itself."""
    return any(w in LEX.object_pronouns for w in words_of(reply.lower()))


def _opens_for_another(reply: str, tool: ToolView, tools: Sequence[ToolView]) -> bool:
    """Whether a reply opens with the first word of another tool's name ("roll 2d6+3 ..." for
    `roll_dice`) or its own verb, or with this tool's own verb again ("convert b.html ..." to
    the question for a conversion's output), or heads its text with another tool's noun
    ("session 2 notes: ..." for `add_session_note`): a request for that tool, never a value
    for this one."""
    words = words_of(reply.lower())
    while words and words[0] in LEX.fillers:
        words = words[1:]
    if not words:
        return False
    own = set(words_of(tool.name))
    first = words[0]
    if first not in LEX.verbs and first == tool.name_verb and len(words) > 2:
        return True  # "convert faq.html into ..." to the question for the last conversion's
        # output: the tool's own verb again, a request of its own
    if first not in LEX.verbs and first not in own and len(first) > 2:  # (a verb of ours is
        for other in tools:  # read as one, `_new_request`)
            named = words_of(other.name)
            if other.name != tool.name and named and first in (named[0], other.name_verb):
                return True
    head, colon, _ = reply.partition(":")
    if not colon or len(head.split()) > 4:
        return False
    said = {singular(w) for w in words_of(head.lower())}
    return any(
        other.name != tool.name
        and bool(other.own_nouns)
        and other.own_nouns <= said
        and not other.own_nouns <= tool.nouns
        for other in tools
    )


def _in_other_notation(
    reply: str, tool: ToolView, asked: set[str], tools: Sequence[ToolView], now: datetime
) -> bool:
    """Whether a reply is nothing but a value written in the notation of a field not asked
    for, of this tool or another (`_notation`: "d2d4" for `move`, "e.g. 'e2e4'")."""
    said = read(reply, frozenset(), now)
    rest = {k: p for k, p in tool.params.items() if k not in asked}
    others = [replace(tool, params=rest), *(t for t in tools if t.name != tool.name)]
    return any(said_in_notation(said, other) for other in others)


def _said_of_me_for_an_id(reply: str, tool: ToolView, fields: list[str]) -> bool:
    """Whether a reply to the question for ids only says something of the user ("I resign"):
    no id is written so."""
    asked = [field_param(tool, name) for name in fields]
    if not asked or any(p is None or p.role != "id" for p in asked):
        return False
    words = words_of(reply.lower())
    return len(words) > 1 and any(w in LEX.self for w in words)


def _order_after_comma(reply: str) -> bool:
    """Whether a reply ends with an order of its own after a comma, a verb of ours on "that" or
    "it" ("..., add that to her private bio", "..., put it on my list"): never a value."""
    for clause in reply.lower().replace("’", "'").split(",")[1:]:
        words = clause.split()
        if len(words) >= 2 and words[0] in LEX.verbs and words[1] in LEX.pronouns:
            return True
    return False


def _value_led(reply: str) -> str | None:
    """The value a reply gives after a lead of its own ("actually make that 4 and 9": "4 and
    9"), less a tail ("instead"); None when it has no such lead (`_hinted.value_lead`)."""
    reading = read(reply)
    lead = set(value_lead(reading))
    rest = [t for i, t in enumerate(reading.text.tokens) if i not in lead]
    while rest and rest[-1].kind == "punct":  # ("use 7 instead.")
        rest.pop()
    if not lead or not rest:
        return None
    return reading.text.original[rest[0].start : rest[-1].end]


def _changed(question: Question, reply: str, tool: ToolView, now: datetime) -> dict[str, Any]:
    """The values a reply led by a new value ("make it four", "actually make that 5") gives the
    call a yes/no question showed (`changed_values`); none when the reply has no such lead."""
    led = _value_led(reply)
    return {} if led is None else changed_values(led, tool, question.understood or {}, now)


def changed_values(
    led: str, tool: ToolView, shown: Mapping[str, Any], now: datetime
) -> dict[str, Any]:
    """The values `led`, said after a lead of a new value ("four", "5 categories"), gives a
    call of `tool` made or shown with `shown`, read by type: the fields shown first, then the
    tool's other typed fields (never its free text); a number alone, the one number shown."""
    words = led.split()  # "four", "four categories": 4, as digits would say it
    led = " ".join(
        str(LEX.number_words[w.lower()])
        if w.lower() in LEX.number_words and (len(words) == 1 or LEX.number_words[w.lower()] > 1)
        else w
        for w in words
    )
    given = [p for name, p in tool.params.items() if name in shown]
    others = [
        p
        for name, p in tool.params.items()
        if name not in shown and p.role not in LEX.free_text_roles
    ]
    for params in (given, others):
        values = _by_type(led, params, now) if params else None
        if values:
            return values
    alone = [p for p in given if p.type in ("integer", "number")]
    value = convert(alone[0], led, now) if len(alone) == 1 else None
    return {} if value is None else {alone[0].name: value}  # "make it 4": the one number shown


def _said_of(reply: str, shown: str) -> bool:
    """Whether a reply states something of the value the question showed: it says that value's
    words and more, with a verb that links a thing to what it is ("... gradient descent are
    prerequisites for backprop")."""
    said = words_of(reply.lower())
    own = words_of(shown.lower())
    return (
        bool(own)
        and len(said) > len(own)
        and set(own) <= set(said)
        and bool(set(said) & LEX.stating_links)
    )


def _a_thing_to_do(reply: str, tool: ToolView | None, field: str) -> bool:
    """Whether a reply that opens with a verb is the title a new record was asked for, a
    thing to do ("finish the quarterly slides, due tomorrow 5pm" to the question for a new
    todo's title; user trial 38: it looked for a todo "quarterly slides" to finish): the tool
    makes records, the field is its title, and the reply asks nothing, names no record of the
    tool's kind ("delete the milk todo") and is said of no record at all ("clear all my ...")
    (`own_request` then reads it against every tool's records)."""
    param = field_param(tool, field) if tool is not None else None
    if tool is None or param is None or tool.kind != "create" or param.role != "title":
        return False
    words = words_of(reply.lower())
    if reply.rstrip().endswith("?") or not words or words[0] in LEX.question_words:
        return False
    if any(singular(w) in tool.own_nouns for w in words):
        return False
    return not _of_everything(words) and not (
        set(words) & LEX.all_words and set(words) & LEX.owner_words
    )


def _new_request(reply: str) -> bool:
    """Whether the reply reads as a request of its own: it starts with a verb or a question
    word ("what's due today?"), or asks a question of its own."""
    words = reply.strip().lower().replace("’", "'").replace("'", "").split()
    while len(words) > 1 and words[0].strip(",") in LEX.fillers:  # "actually make him a VIP"
        words = words[1:]
    if not words:
        return False
    asks = words[0] in LEX.question_words or reply.rstrip().endswith("?")
    return (words[0] in LEX.verbs or asks) and len(words) > 2


def convert(param: Param, text: str, now: datetime) -> Any:
    """`text` as a value of `param`'s type, or None when it is not one."""
    text = _quoted_in(param, text, now) or text.strip().strip("\"'“”")
    role, kind = param.role, param.type
    if param.enum:
        for value in param.enum:
            if str(value).lower() == text.lower():
                return value
        reading = read(text, frozenset(), now)
        found = find_enum_in(
            reading, param, list(range(len(reading.text.tokens))), param_tool(param)
        )
        return found
    if kind == "boolean":
        low = text.lower()
        return True if low in LEX.yes_words else False if low in LEX.no_words else None
    if role in ("moment", "day", "since", "until", "clock", "month"):
        when = find_when(" ".join(read(text, frozenset(), now).text.norm.split()), now)
        if when is None:
            return None
        if role == "clock":
            return f"{when.start:%H:%M}"
        if role == "month":
            return when.month()
        if (when.has_time or when.exact) and (
            param.schema.get("format") == "date-time"
            or (role == "moment" and param.schema.get("format") != "date")
        ):
            return when.iso()  # a day alone stays one: no clock time made up for it
        return when.day().isoformat()
    if role == "duration":
        found = find_duration(text.lower())
        return duration_value(param, found[0]) if found else _number(text, kind)
    if role == "zone":
        zones = zones_in(read(text, frozenset(), now).text)
        return zones[0].value if zones else (text if "/" in text else None)
    if kind in ("integer", "number"):
        if role == "amount":
            money = [
                v
                for v in read_values(read(text, frozenset(), now).text, frozenset())
                if v.kind == "money"
            ]
            if money:
                return money[0].value
        return _free_number(text, kind, now)
    if kind == "array":
        parts = [p.strip() for p in re.split(r",|\band\b", text) if p.strip()]
        items = param.schema.get("items")
        numbers = isinstance(items, dict) and items.get("type") in ("integer", "number")
        if numbers:  # "4 and 9" for `indices: [int]`: numbers, each one a number
            read_so = [number_of(p) for p in parts]
            return read_so if all(v is not None for v in read_so) else None
        return parts
    return text or None


def _quoted_in(param: Param, text: str, now: datetime) -> str | None:
    """The one text in quotes among other words, for a name asked ("i nailed 'meticulous'",
    asked which word): the quotes mark the value. Not for a record's own text ("buy 'organic'
    milk" is all of it), nor a choice."""
    if param.enum or param.type not in ("string", None) or param.role in ("title", "body", "text"):
        return None
    tokens = read(text, frozenset(), now).text.tokens
    quoted = [t for t in tokens if t.kind == "quoted"]
    if len(quoted) != 1 or len(tokens) < 2:
        return None
    return quoted[0].inner.strip() or None


def _free_number(text: str, kind: str | None, now: datetime) -> Any:
    """The number a reply gives, never one that is part of a time or a day it says ("bedtime
    is 11pm from now on" gives no count: it is a request of its own, trial 16's w28)."""
    reading = read(text, frozenset(), now)
    tokens = reading.text.tokens
    free = [t for i, t in enumerate(tokens) if t.kind == "number" and i not in reading.when_tokens]
    if free:
        return _number(free[0].text, kind)
    if reading.when_tokens or any(t.kind in ("time", "date") for t in tokens):
        return None
    return _number(text, kind)


def _number(text: str, kind: str | None) -> Any:
    """The number `text` says; never digits inside a word ("d2d4", a chess move, "v2", "abc123"
    are no 2)."""
    try:
        value = float(text.replace(",", "."))
    except ValueError:
        match = re.search(r"(?<!\w)\d+(?:\.\d+)?", text)
        if not match:
            return None
        value = float(match.group(0))
    if kind == "integer":
        return int(value) if value.is_integer() else None
    return int(value) if value.is_integer() else value


def _by_type(reply: str, params: list[Param], now: datetime) -> dict[str, Any] | None:
    """Several fields answered in one line without names: each value read by its type."""
    reading = read(reply, frozenset(), now)
    view = ToolView("answer", "", None, "create", frozenset(), {p.name: p for p in params})
    found = fill(reading, view, {})
    values = {k: v for k, v in found.args.items() if k in view.params}
    return values or None


def param_tool(param: Param) -> ToolView:
    return ToolView("answer", "", None, "update", frozenset(), {param.name: param})
