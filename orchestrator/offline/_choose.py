"""Step 3: which tool the request is for, by score: the request's verb against the tool's own verb
(the same word, the same synonym group, the same kind of action, or a kind close to it), the
request's nouns against the tool's nouns and description, and the typed values found against
the tool's parameters (a URL for a `link`, a date for a `due_date`, "in progress" for a
`status` enum). A verb of another kind rules the tool out: a delete is never chosen for "add".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Any

from orchestrator.offline._account import direction_said, is_function
from orchestrator.offline._action_described import acted_on, action_described, user_acted_on
from orchestrator.offline._aliases import aliased_nouns
from orchestrator.offline._asked_for import asked_for
from orchestrator.offline._bounds import bounds_fit
from orchestrator.offline._choice import choice_tools
from orchestrator.offline._coded import coded_fit
from orchestrator.offline._colors import color_params, colors_said, surely_color
from orchestrator.offline._convert import (
    conversion,
    expressed,
    formatted,
    known_units,
    target_said,
    unit_params,
)
from orchestrator.offline._counted import counted, counts_for_a_sum
from orchestrator.offline._enums import _phrases, find_enum, headed
from orchestrator.offline._field_choice import field_named
from orchestrator.offline._fielded import field_weights
from orchestrator.offline._filtered import pattern_words
from orchestrator.offline._glyphs import glyph_param, glyphs_said
from orchestrator.offline._handoff import handoff_asked, hands_off
from orchestrator.offline._id_shaped import ids_said
from orchestrator.offline._kinds import kind_named, own_kinds, said_kins, said_paid
from orchestrator.offline._listed_items import items_listed, list_param
from orchestrator.offline._made_as import kinds_named
from orchestrator.offline._marked import marked_fit, marked_params
from orchestrator.offline._month_number import month_params
from orchestrator.offline._name_verb import (
    asked_when_done,
    clause_verb,
    named_action,
    said_name_verb,
)
from orchestrator.offline._narrated import narrated
from orchestrator.offline._networks import network_fit
from orchestrator.offline._notation import (
    examples_said,
    keys_said,
    notation_named,
    notation_said,
    said_in_notation,
)
from orchestrator.offline._nouns import (
    cued_tokens,
    described_object,
    has_extension,
    is_folder_tool,
    noun_matches,
    noun_strength,
    noun_tokens,
)
from orchestrator.offline._numbered import numbered_fit
from orchestrator.offline._offset import asks_its_count, moves_a_day
from orchestrator.offline._patterns import pattern_param, pattern_said
from orchestrator.offline._phrase import NOT_VALUE
from orchestrator.offline._query_language import written_for
from orchestrator.offline._quoted_examples import example_said
from orchestrator.offline._quoted_parts import quoted_parts_fit
from orchestrator.offline._read import Request, is_past, opening_past
from orchestrator.offline._returned import answer_described
from orchestrator.offline._route import route_params, said_route
from orchestrator.offline._scored import rated_by
from orchestrator.offline._servers_said import places_described, servers_named, spells_server
from orchestrator.offline._slots import flag_said, query_bounds_said, query_date_keys
from orchestrator.offline._spending import (
    money_asked,
    money_holders,
    money_weight,
    reports,
    spent_writers,
)
from orchestrator.offline._status import (
    described_state,
    described_word,
    done_state,
    logs_done,
    named_state,
    said_after_marker,
    said_states,
)
from orchestrator.offline._texts import handed_text, pasted_lines, worked_text
from orchestrator.offline._titles import secret_said
from orchestrator.offline._tokens import (
    Token,
    extensions,
    past_forms,
    same_word,
    singular,
    stem,
    words_of,
)
from orchestrator.offline._tools import VERBS, Param, ToolView, operation_of
from orchestrator.offline._value_fit import typed_fit
from orchestrator.offline._whose import named_person
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = [
    "Scored",
    "makes_value",
    "one_after_to",
    "rank",
    "rivals",
    "said_name_verb",
    "total_asked",
]


_DAY_ROLES = ("day", "moment", "since", "until")


@dataclass(frozen=True)
class Scored:
    score: float
    tool: ToolView
    why: str  # for the log: the verb and noun evidence
    verb_alone: bool = False  # chosen by its verb and nothing else the request says
    unnamed: bool = False  # none of its nouns said (nor hinted by a listing)


def _verb_score(reading: Request, tool: ToolView) -> float | None:
    action = reading.action
    if target_named(reading, tool):  # "convert this to musicxml", "turn this into abc":
        return W.verb_same_word  # `abc_to_musicxml`, `musicxml_to_abc`, by what they make
    if target_named(reading, tool, source=True):  # ("convert this to musicxml": never the
        return None  # tool that makes something else out of musicxml)
    if user_acted_on(reading, tool):  # "quiz me on spanish": "Quiz the user with `front`"
        return W.verb_same_word
    if action.kind is None and said_in_notation(reading, tool):  # "e2e4": the move a tool's
        # notation shows ("e.g. 'e2e4'"); a notation the description names says it more
        return W.verb_name if notation_named(tool) else W.verb_same_kind  # ("castle kingside")
    if (
        action.kind in (None, "create", "update")
        and keys_said(reading, tool)
        and not _asks(reading)
    ):
        return W.verb_same_word  # "set B2 to 42", "B3 = 100": a map's entry, written
    if action.bare and said_name_verb(reading, tool) is not None:
        return W.verb_name
    if (  # "pick one for dinner: ...": `pick_random`'s own verb, which the lexicon knows too
        action.tokens
        and tool.name_verb
        and reading.text.tokens[action.tokens[0]].norm == tool.name_verb
        and tool.name_verb not in VERBS  # (a word the lexicon hears as another verb: "pick")
    ):
        return W.verb_name
    if action.kind is not None and LEX.name_verb_kinds.get(tool.name_verb) == action.kind:
        return W.verb_same_kind  # "wipe the test cases": `clear_test_cases`, a deletion
    if action.kind is None and clause_verb(reading, tool) is not None:
        return W.verb_name  # "..., approve it"
    if unit_params(tool) is not None and conversion(reading, tool) is not None:
        return W.verb_question  # "convert 180 cm to feet": its units say what it is for
    if written_for(reading, tool):  # "SELECT * FROM pets": the tool that runs SELECT queries
        return W.verb_same_word
    if expressed(reading, tool) is not None:  # "convert 1.5 kWh to joules": the two sides of
        # `convert(from_expr, to_expr)`, the whole request read; units the lexicon knows go to
        # a tool of named units first ("350 F to celsius": never "celsius" for `tempC`)
        return W.verb_question if known_units(reading) else W.verb_same_word
    if formatted(reading, tool) is not None:  # "convert #ff8800 to rgb": between formats
        return W.verb_same_word
    if target_said(reading, tool) is not None:  # "and in meters?": going on from a conversion
        return W.verb_question
    if tool.kind is None and action.kind in (None, "read") and total_asked(reading, tool):
        return W.verb_question  # "how much have I spent in total": "Cost-basis summary ..."
    if (
        LEX.in_group(action.verb, "rate")
        and tool.kind in (None, "read", "check")
        and noun_tokens(reading, tool)
        and not reading.typed("number")
    ):  # "rate the readability of: ...": a measure the tool's noun names, no rating given
        return W.verb_question
    if hands_off(tool) and handoff_asked(reading):
        return W.verb_name  # "I want to talk to a real person": `transfer_to_human_agents`
    if narrated(reading, tool):  # "the shop said ... is that sketchy?", "took my car in ...
        return W.verb_same_kind  # they said ...": a story it asks for, in any tense
    if (
        action.kind == "create"
        and action.verb in LEX.record_verbs
        and tool.kind == "create"
        and tool.own_nouns & LEX.written_record_nouns
        and not any(p.role == "id" for p in tool.required)
    ):  # "log meeting w/ sarah re q4 roadmap, 45min": a diary's entry
        return W.verb_same_word
    if tool.kind == "create" and tool.own_nouns & LEX.task_nouns and _done_said(reading):
        return None  # "log: fixed the login bug", "jot down: finally finished dune": no todo
    if action.kind is None and tool.kind == "create" and answer_described(reading, tool):
        return W.verb_question  # "when do I need to start writing?": "returns when to start"
    if tool.kind is None:  # "show me my squat history": `exercise_history`, no verb of its own
        if action.kind == "create" and _wanted(reading) and _gerund_said(reading, tool):
            return W.verb_question  # "i need a packing list for sanya": `pack_checklist`'s
        if action.kind in (None, "create", "update") and _set_in_notation(reading, tool):
            return W.verb_same_word  # "make A1:D1 bold": `format_cells(range_string, bold)`
        if action.kind in (None, "read"):
            if tool.name_verb in LEX.said_only_verbs and (
                tool.name_verb not in reading.words or _asked_done(reading, tool.name_verb)
            ):  # "is my resume a good fit?": no `export_resume`, which writes; "when did the
                return None  # board last sync?": no `sync_to_github`, asked, not ordered
            if _gerund_said(reading, tool):  # "packing list for ...": `pack_checklist`, what
                return W.verb_question  # its own verb makes, asked for
            return W.verb_unknown_tool
        if action.kind == "create" and tool.name_verb and _all_nouns_said(reading, tool):
            return W.verb_unknown_tool  # "make a pdf cover letter": `export_cover_letter`
        return None
    if action.kind in (None, "read") and makes_value(tool):  # "give me 3 uuids": its value
        return W.verb_value
    if action.kind is None:  # a question without a verb of ours
        if tool.kind in ("read", "check"):
            return W.verb_question
        if operation_of(tool) in {v.unit for v in reading.typed("math") if v.unit}:
            return W.verb_question  # "add 17 and 25" for `add(a, b)`: a computation
        return None
    if action.measured and tool.kind == "read" and LEX.in_group(tool.verb, "compute"):
        return W.verb_measured_compute  # "BSA for 70 kg and 175 cm": a calculation over them
    if (  # "mark meditate done", "I meditated": a completion logged
        action.kind == "update"
        and logs_done(tool)
        and (action.past or done_state() in said_states(reading))
    ):
        return W.verb_same_group
    if action.past and action.kind == "update" and tool.kind == "create":
        if tool.verb in LEX.record_verbs and noun_tokens(reading, tool):  # "I went to the
            return W.verb_same_group  # gym": a workout to log, of the kind its noun names
        return None  # a thing said done ("I called mum yesterday") makes no new record
    if action.past and action.kind == "delete":
        return None  # "forgot the butterfly one": what happened, no order to delete
    if action.kind == "create" and tool.kind == "create" and _told_in(reading, tool):
        return W.verb_same_word  # "took 2 advil": "a dose taken"
    if rated_by(reading, tool):
        return W.verb_same_word  # "rate Dune 5 stars": the tool that takes a rating
    if action.kind == "create" and tool.verb == action.verb and moves_a_day(reading, tool):
        return W.verb_same_word  # "add 15 business days to Nov 20": no record, a day moved
    if action_described(reading, tool):  # "reset the board": "Starts a new game, resetting
        return W.verb_same_word  # the board to the initial position", whatever its own verb
    same = tool.kind == action.kind or (action.kind == "create" and tool.upserts)
    near = W.verb_same_kind if same else W.near_kinds.get((action.kind, tool.kind))
    if near is None or (not same and _acts_of_its_own(reading, tool)):
        return None
    if not action.tokens:  # a record read from its values ("squats 100kg x 5"): no verb said
        return near
    if tool.verb == action.verb:
        return W.verb_same_word
    if LEX.same_sense(action.verb, action.group, tool.verb):  # "set up my vault": `init`
        return W.verb_same_group
    return near


def target_named(reading: Request, tool: ToolView, source: bool = False) -> bool:
    """Whether the request asks for what a tool named "<from>_to_<what>" makes: "to <what>",
    "into <what>" or "as <what>", its one word or its last ("convert this to musicxml"); with
    `source`, whether it asks for what the tool works from instead."""
    parts = words_of(tool.name.rpartition("__")[2])
    if LEX.change_to[0] not in parts[1:-1]:
        return False
    at = parts.index(LEX.change_to[0])
    if parts[:at] == [tool.name_verb] or parts[0] in VERBS:  # `sync_to_github`: a thing done
        return False  # "to" a place, no <from> made into <what>
    target = parts[:at] if source else parts[at + 1 :]
    tokens = reading.text.tokens
    if any(
        tokens[i].norm in LEX.change_to and tokens[i + 1].norm in (target[-1], "".join(target))
        for i in range(len(tokens) - 1)
    ):
        return True
    return _asked_for_target(reading, target, parts[:at] if not source else parts[at + 1 :])


def _asked_for_target(reading: Request, target: list[str], other: list[str]) -> bool:
    """Whether a question asks for the target's words first, right after its question word and
    function words ("what would the monthly rent be?", "how many square meters is ...", "what's
    the jeonse equivalent"), and says none of the other side's words there."""
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens):
        if tok.norm not in LEX.wh_words:
            continue
        k = i + 1
        while k < len(tokens) and tokens[k].kind == "word" and is_function(tokens[k].norm):
            k += 1
        said = [singular(t.norm) for t in tokens[k : k + len(target)]]
        if said and said == [singular(w) for w in target][: len(said)] and said[0] not in other:
            return True
    return False


def _set_in_notation(reading: Request, tool: ToolView) -> bool:
    """Whether the request writes a value in the notation of one of the tool's parameters and
    names another of its optional parameters by its words ("make A1:D1 bold", "set the width of
    A1:A20 to 30"): what it sets, and where."""
    if _asks(reading) or not notation_said(reading, tool):
        return False
    return any(not p.required and flag_said(reading, p) for p in tool.params.values())


@lru_cache(maxsize=4096)  # a view is hashed by identity, and the router keeps its views
def listed_examples(tool: ToolView) -> frozenset[str]:
    """The single words a tool's description lists after a lead of examples ("Example queries
    that return rows: headphones, laptop, coffee, yoga, tv, jacket."; "Try headphones, laptop,
    or tv"), three or more, singular."""
    texts = [tool.description, *(p.describe for p in tool.params.values())]
    found: set[str] = set()
    for text in texts:
        lowered = " ".join(text.lower().split())
        for lead in LEX.example_list_leads:
            for at in (m.end() for m in re.finditer(rf"\b{re.escape(lead)}\b", lowered)):
                said = lowered[at:].split(".")[0]
                said = said.split(":", 1)[1] if ":" in said else said
                items = [i.strip() for i in re.split(r",|\bor\b", said) if i.strip()]
                words = [i for i in items if re.fullmatch(r"[a-z-]+", i)]
                if len(words) >= 3 and len(words) == len(items):
                    found.update(singular(w) for w in words)
    return frozenset(found)


def _asks(reading: Request) -> bool:
    """Whether the request is put as a question: a question mark, or a question's word first."""
    tokens = reading.text.tokens
    return "?" in reading.text.original or bool(tokens and tokens[0].norm in LEX.question_words)


def _all_nouns_said(reading: Request, tool: ToolView) -> bool:
    """Whether every noun of the tool's own name is said ("cover letter" of
    `export_cover_letter`)."""
    said = {singular(t.norm) for t in reading.text.tokens if t.kind == "word"}
    nouns = tool.own_nouns or tool.nouns
    return bool(nouns) and nouns <= said


def _told_in(reading: Request, tool: ToolView) -> bool:
    """Whether the past verb a record is said with is a form the tool's description says ("took
    2 advil": "Log a medication dose taken")."""
    past = opening_past(reading)
    return bool(past and past_forms(past) & tool.describe_words)


def _logged_by_values(reading: Request, tool: ToolView) -> bool:
    """Whether a request with no verb of ours lists, between commas, the values of two of a
    logging tool's choices or more ("chem equilibrium again, wrong, calculation, 200s":
    `result: correct | wrong`, `error_type: calculation | ...`): a record to log, said by its
    values, never a question about them."""
    action = reading.action
    said = reading.text.original
    if action.kind is not None or action.tokens or "?" in said or "," not in said:
        return False
    if tool.kind != "create" or tool.verb not in LEX.record_verbs:
        return False
    choices = [p for p in tool.params.values() if p.enum]
    return sum(find_enum(reading, p, (), tool) is not None for p in choices) >= 2


def _done_of_its_kind(reading: Request, tool: ToolView, kinds: frozenset[str]) -> bool:
    """Whether a thing said done with no verb of ours ("did a 10 minute yoga stretch") is of a
    kind only a tool that logs such things lists: a record of it."""
    action, logs = reading.action, tool.kind == "create" and tool.verb in LEX.record_verbs
    return action.kind is None and action.past and logs and kind_named(reading, tool, kinds)


def _acts_of_its_own(reading: Request, tool: ToolView) -> bool:
    """Whether `tool` does a change of its own sense (`pin_recipe`, `star_x`, `tag_x`: a verb
    group other than the plain one of its kind) that a request to add names by no word of that
    group: "add a note to the pancake recipe" is no pin, though `pin_recipe` takes a note."""
    group = LEX.group_of(tool.verb or "")
    if group is None or reading.action.kind != "create" or tool.kind != "update":
        return False
    kind, concept, words = LEX.verb_groups[group]
    if concept == kind:
        return False  # `update_x`, `edit_x`: the plain change, near any write
    return not set(words.split()) & {singular(w) for w in reading.words}


def total_asked(reading: Request, tool: ToolView) -> bool:
    """Whether the request asks how much, of a tool with no verb that says it reports a total
    (`_spending.reports`): the question it answers."""
    asked = reading.action.question and bool(reading.words & LEX.amount_words_asked)
    return asked and reports(tool)


def _made_by_verb(reading: Request, tool: ToolView) -> set[str]:
    """The tool's nouns that name what the request's verb makes, its synonym group being named
    for it ("jot down": a note): said to make one, for a tool that makes it; said in a question
    ("what did I write about tires?"), for a tool that reads them. (Counted only where the
    request names no tool's noun: "put 'call mom' in my todos" is for the todos.)"""
    action = reading.action
    if tool.kind == "create" and action.group is not None and action.tokens:
        groups = {action.group}
    elif tool.kind == "read" and action.kind is None:
        groups = {LEX.verbs[w][1] for w in reading.words if w in LEX.verbs}
    else:
        return set()
    return {LEX.verb_groups[g][1] for g in groups} & tool.nouns


def makes_value(tool: ToolView) -> bool:
    """Whether a tool makes a value it returns, keeping nothing ("Generate one or more UUIDs",
    lexicon `VALUE_VERBS`): no item it acts on, and nothing to name, write or put anywhere."""
    return (
        tool.kind == "create"
        and tool.verb in LEX.value_verbs
        and tool.identifier is None
        and not tool.role("title", "body", "key", "keys", "path", "paths", "url", "text")
    )


def score(
    reading: Request,
    tool: ToolView,
    hints: frozenset[str] = frozenset(),
    weak: bool = False,
    own: frozenset[str] = frozenset(),
    kinds: frozenset[str] = frozenset(),
) -> Scored | None:
    """The tool's score for the request, or None when its kind of action does not fit. `own`:
    its enums' values no other tool lists (said, they name it); `kinds`: those no field is named."""
    verb = _verb_score(reading, tool)
    example = example_said(reading.text.original, tool)  # "that's it for today": quoted so
    if example:
        verb = W.verb_name
    if tool.kind is None and reading.action.verb in own:  # "add 6 months to 2026-08-31" for a
        verb = W.verb_same_word  # `date` tool whose `action` lists add: its verb, said
    if verb is None and _done_of_its_kind(reading, tool, kinds):  # "did a yoga stretch"
        verb = W.verb_same_group
    if verb is None and _logged_by_values(reading, tool):  # "physics - electrostatics,
        verb = W.verb_same_group  # wrong, concept gap, 300 seconds": an attempt to log
    if verb is None:
        return None
    total = verb
    weights = _noun_weights(reading)
    matched: dict[str, float] = {}
    by_words: set[str] = set()  # the nouns said, not only hinted by the call before
    for noun in tool.own_nouns or tool.nouns:  # not the server's name a clash put before
        # its own nouns (`journal__list_todos`: todo), unless it has none (`bookmarks__search`)
        found = [
            w * noun_strength(word, noun)
            for word, w in weights.items()
            if noun_strength(word, noun)
        ]
        if found:
            by_words.add(noun)
        if noun in hints:
            found.append(W.noun_hint_weak if weak else W.noun_hint)  # a name found in a listing
        if found:
            matched[noun] = max(found)
    for tok in reading.text.tokens:  # "my todo.txt": the todos of the `todotxt` server
        if spells_server(tok, tool.server):
            for word in set(words_of(tok.text)) & (tool.own_nouns or tool.nouns):
                matched[word] = max(matched.get(word, 0.0), W.noun_after_preposition)
    for extension in extensions(reading.text):  # "notes.docx": `read_docx`, its noun said by
        for noun in {extension} & (tool.own_nouns or tool.nouns):  # the extension (less than
            matched[noun] = max(matched.get(noun, 0.0), W.noun_after_preposition)  # a word)
        if extension in LEX.document_extensions:  # "notes.docx" is a document
            for noun in LEX.file_kinds[extension] & (tool.own_nouns or tool.nouns):
                matched[noun] = max(matched.get(noun, 0.0), W.noun_after_preposition)
    for param in marked_params(reading, tool):  # "@phone" for `context` ("without the @ prefix")
        for noun in set(param.words) & (tool.own_nouns or tool.nouns):
            matched[noun] = max(matched.get(noun, 0.0), W.noun_object)
    for noun in aliased_nouns(reading, tool):  # "molar mass": the molecular weight's other name
        matched[noun] = max(matched.get(noun, 0.0), W.noun_alias)
    object_said = acted_on(reading, tool)  # "reset the board": what its description
    if object_said:  # says it resets, its thing as much as its own noun
        thing = singular(reading.text.tokens[object_said[-1]].norm)
        matched[thing] = max(matched.get(thing, 0.0), W.noun_object)
    if not matched and kind_named(reading, tool, kinds):  # "20 minutes of stretching": a
        matched[tool.item_noun] = W.noun_cluster * W.noun_object  # workout of type stretch
    named = named_state(tool)
    if named is not None and named[0] in tool.nouns and named[1] in said_states(reading):
        matched[named[0]] = max(matched.get(named[0], 0.0), W.noun_state)  # "what's in
        # progress?" for `get_active_items`: the state its name says, in other words
    ident = tool.identifier
    if (
        ident is not None
        and ident.required
        and tool.verb == reading.action.verb
        and tool.verb in LEX.record_verbs
    ):  # "log water habit for yesterday" for `log_completion(habit_id)`: the thing it logs on
        for noun in set(ident.words) - LEX.id_words - tool.nouns:
            if noun in weights:
                matched[noun] = weights[noun] * W.noun_cluster
    at = said_name_verb(reading, tool) if reading.action.bare else None
    own_verb = at is not None
    if at is not None and not matched and named_action(reading, tool, at):
        for word in (tool.describe_words - {tool.verb or ""}) & set(weights):  # "back up my notes":
            matched[word] = weights[word]  # "Create a ZIP backup of the notes folder"
    stands = False
    items = described_object(tool)  # "what cards do I own?": "List cards in the collection"
    amount = _amount_asked(reading)
    if items and not matched and tool.own_nouns and not amount:  # ("how much did I spend on
        # cards?": an amount, its topic no thing to list)
        held = [w * noun_strength(word, items) for word, w in weights.items()]
        if max(held, default=0.0) > 0 and not _qualified(reading, items, tool):
            matched[items] = W.noun_cluster * max(held)  # the items' word stands for its noun
            if items in weights:  # "list my cards": "List cards in ...", its very word, which
                matched[items] = weights[items]  # no other word for a noun outweighs
                stands = True  # (`list_tasks`, a task "card" of a board)
    asked_nouns = LEX.amount_nouns if amount else frozenset()  # "how much ...": its value
    unsaid = 0 if own_verb else len(tool.own_nouns - set(matched) - asked_nouns)  # "echo hi":
    # the name says it
    unsaid = max(0, unsaid - 1) if stands else unsaid
    if not matched and quoted_object(reading, tool):
        unsaid = 0  # "rename 'call grandma' to ...": the quoted name stands for the item's noun
    if (  # ("and the median?" after a mean: its own value, the call before's tool hinted)
        not (set(matched) - (set(hints) - by_words))
        and own
        and (reading.action.kind is None or reading.action.kind == tool.kind == "read")
        and said_own_value(reading, own)
    ):  # ("list the misconceptions": `query_graph`, whose `query_type` lists them, a read)
        unsaid = 0  # "sha256 of 'hello world'": a value only the `hash` tool takes names it
        total += W.own_value
    total += sum(matched.values()) - W.noun_unsaid * unsaid
    if tool.verb in LEX.noun_verbs and tool.verb != reading.action.verb and tool.verb in weights:
        total += W.noun_verb  # "a time report": the tool's own verb, said as a noun
    if _verb_described(reading, tool):
        total += W.verb_in_description  # "rename": "Move or rename files and directories"
    if tool.kind is None and _phrase_described(reading, tool):
        total += W.phrase_in_description  # "the html entity for 🍕": "Returns ... HTML entity"
    cued = cued_tokens(reading, tool) if not matched else []  # (its noun unsaid: its cue
    total += min(W.cue_cap, W.cue_word * len(cued))  # stands for it) "when do i plant
    # beans": "Use when a farmer asks when to plant or harvest"
    described = (tool.describe_words - tool.nouns) & set(weights)
    if tool.kind not in (None, "read", "check") and direction_said(reading, tool):
        total += W.direction_described  # "move Jana back": "Move ... back one stage"
    total += min(W.description_cap, W.description_word * len(described - set(VERBS)))
    total += _fit(reading, tool, named=bool(hints), own_verb=own_verb)
    if (
        reading.action.question
        and reading.words & LEX.amount_words_asked
        and (LEX.in_group(tool.verb, "report") or tool.nouns & LEX.report_nouns or reports(tool))
    ):
        # "how much did I ...": a total, a summary; never a count ("Calendar entry counts")
        total += -W.amount_question if counts_for_a_sum(reading, tool) else W.amount_question
    elif (
        reading.action.question
        and reading.action.kind is None
        and tool.verb in LEX.total_verbs
        and not reading.words & LEX.report_nouns
        and not money_asked(reading)  # ("what did I spend on food?": a total)
    ):  # "journal entries since monday", "what did I do yesterday": those entries, no sum
        total -= W.amount_question
    if counted(reading, tool):
        total += W.counted  # "how many words: ...": a tool that returns a "word count"
    if answer_described(reading, tool):
        total += W.answer_described  # "whats due?": "Returns what maintenance is due now"
    if narrated(reading, tool):
        total += W.narrated  # "Describe what happened at the shop": told it
    if (
        reading.action.question
        and reading.words & set(LEX.search_questions)
        and LEX.in_group(tool.verb, "search")
    ):
        total += W.search_question  # "who do I know at Acme?": a search
    if (
        reading.action.kind is None
        and LEX.in_group(tool.verb, "search")
        and tool.role("query")
        and said_topic(reading)
    ):
        total += W.search_topic  # "what did I write about memory?": a search for it
    ident = tool.identifier
    if (
        tool.kind == "read"
        and ident is not None
        and ident.required
        and not matched
        and not set(ident.words) & tool.nouns
    ):  # `listInteractions(contactId)`: things about a contact, their noun unsaid
        total -= W.foreign_read
    state = described_state(tool)
    if reading.action.kind == "create" and tool.kind != "create":
        state = None  # "todo: finish the report": a new item's words, no state it is in
    if state is not None and state in said_states(reading):
        total += W.fit_state  # "the docs are finished": the tool that marks a task as done
    elif state is None and described_word(tool) in said_after_marker(reading):
        total += W.fit_state  # "mark the banana bread one as read": "Mark entries as read"
    if tool.deprecated:
        total -= W.deprecated
    if example:
        total += W.quoted_example
    why = f"verb {verb:g}" + (f", nouns {'/'.join(sorted(matched))}" if matched else "")
    return Scored(total, tool, why, verb_alone=not matched and total <= verb, unnamed=not matched)


def _ordered_by_name_verb(reading: Request, tools: list[ToolView]) -> str:
    """The verb a request with no verb of ours opens with, when it is a tool's own verb and
    not a question ("convert notes.docx to a pdf" for `convert_document`), else ""."""
    tokens = [t for i, t in enumerate(reading.text.tokens) if i not in reading.lead]
    if not reading.action.bare or not tokens or reading.text.original.rstrip().endswith("?"):
        return ""
    first = tokens[0].norm
    if first in VERBS or first in LEX.question_words:
        return ""
    return first if any(t.name_verb == first and t.kind != "read" for t in tools) else ""


def _qualified(reading: Request, items: str, tool: ToolView) -> bool:
    """Whether a word before the things named says which of them ("list only my graded
    cards"): a filter, which a listing that stands for them by its description may not take,
    unless one of its parameters takes that word ("my sold cards": `status: owned | sold`)."""
    takes = {w for p in tool.params.values() for m in p.enum or () for w in words_of(str(m))}
    takes |= {w for p in tool.params.values() for w in p.words}
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens):
        if i and tok.kind == "word" and noun_strength(tok.norm, items) > 0:
            before = tokens[i - 1]
            if (
                before.kind == "word"
                and i - 1 not in reading.action.tokens
                and before.norm not in LEX.described_object_skips
                and before.norm not in LEX.stop_words
                and not any(same_word(before.norm, w) for w in takes)
            ):
                return True
    return False


def _verb_described(reading: Request, tool: ToolView) -> bool:
    """Whether the request's verb, not the tool's own, opens the tool's description ("rename":
    "Move or rename files and directories"). A question word is no verb: it counts only with the
    word said after it, a description put as the answer to that question ("how many working
    days ...": "How many business days ..."), not alone ("what is X doing?" is not asked of
    "What an agent changed since it started")."""
    verb = reading.action.verb
    if reading.action.kind == "create" and _told_in(reading, tool):
        return True  # "took 2 advil": "Log a medication dose taken"
    if not verb or verb == tool.verb:
        return False
    opening = words_of(tool.description)[:12]
    if verb not in LEX.wh_words:
        return verb in opening
    if not reading.action.tokens:  # a question word not said as a token of its own
        return False
    after = reading.action.tokens[-1] + 1
    tokens = reading.text.tokens
    said = tokens[after].norm if after < len(tokens) else None
    return (verb, said) in set(pairwise(opening))


def said_topic(reading: Request) -> bool:
    """Whether the request says what it is about, in words ("about memory", "regarding the
    launch"), not a number ("about 60% done": roughly)."""
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens[:-1]):
        if tok.norm not in LEX.topic_markers:
            continue
        j = i + 1
        while j < len(tokens) - 1 and tokens[j].norm in LEX.item_determiners:
            j += 1
        if tokens[j].kind in ("word", "quoted") and tokens[j].norm not in LEX.pronouns:
            return True
    return False


def _object_words(reading: Request) -> set[str]:
    """The words of the object a verb says, up to a preposition or a mark ("list all my biology
    nodes, up to 20": all, my, biology, node), singular; none for a question without a verb."""
    if not reading.action.tokens or reading.action.kind is None:
        return set()
    tokens = reading.text.tokens
    words = set()
    for tok in tokens[reading.action.tokens[-1] + 1 :]:
        if tok.kind != "word" or tok.norm in LEX.prepositions:
            break
        words.add(singular(tok.norm))
    return words


def _gerund_said(reading: Request, tool: ToolView) -> bool:
    """Whether the request says the first word of the tool's name, a verb the lexicon does not
    know, as a word in "-ing" ("packing" for `pack_checklist`), outside the request's verb."""
    verb = next(iter(words_of(tool.name.rpartition("__")[2])), "")
    return bool(verb) and any(
        t.kind == "word"
        and i not in reading.action.tokens
        and t.norm.endswith(LEX.gerund)
        and t.norm != verb
        and stem(t.norm) == stem(verb)
        for i, t in enumerate(reading.text.tokens)
    )


def _done_said(reading: Request) -> bool:
    """Whether a record to make is said of a thing done: its verb ("log", "jot down") then,
    past a colon, "that" and "I", a verb in the past tense ("log: fixed the login bug", "log
    that i paid the bill", "jot down: finally finished dune"), not one the present spells
    ("read")."""
    action, tokens = reading.action, reading.text.tokens
    if action.kind != "create" or not action.tokens:
        return False
    k = action.tokens[-1] + 1
    while k < len(tokens) and (
        tokens[k].norm in LEX.heading_marks
        or tokens[k].norm in LEX.content_marks
        or tokens[k].norm in LEX.self
        or tokens[k].norm in LEX.declare_skip
    ):
        k += 1
    if k >= len(tokens) or tokens[k].kind != "word" or not is_past(tokens[k].norm):
        return False
    return LEX.past_presents.get(tokens[k].norm) != tokens[k].norm  # "todo: read chapter 3"


def _tag_said(reading: Request) -> bool:
    """Whether the request filters by a tag said in words ("tagged idea")."""
    tokens = reading.text.tokens
    return any(
        t.norm in LEX.tagged_words and i + 1 < len(tokens) and tokens[i + 1].kind == "word"
        for i, t in enumerate(tokens)
    )


def _wanted(reading: Request) -> bool:
    """Whether the request's verb wants a thing ("i need a packing list", lexicon
    `WANTING_VERBS` before one of `ARTICLES_NEW`), not a thing to do ("i need to pack")."""
    tokens, at = reading.text.tokens, reading.action.tokens
    return (
        bool(at)
        and tokens[at[-1]].norm in LEX.wanting_verbs
        and at[-1] + 1 < len(tokens)
        and tokens[at[-1] + 1].norm in LEX.articles_new
    )


def _amount_asked(reading: Request) -> bool:
    """Whether the request asks an amount: money, or "how much/total ...?"."""
    return bool(
        money_asked(reading) or (reading.action.question and reading.words & LEX.amount_words_asked)
    )


def _shown_by_descriptions(
    reading: Request, said: set[str], tools: list[ToolView]
) -> dict[str, frozenset[str]]:
    """By server, the things the request asks to see that only its tools' names other than a
    read's say ("show my holdings", "what are my holdings?", "what do i hold?": holdings, which
    `add_holding` is named for), for a read whose description names them to show (see
    `rank`); none where an amount is asked ("how much have I spent on cards": a total) or a
    read is named for them. `said`: the request's words but its verb's, singular."""
    if _amount_asked(reading):
        return {}
    if reading.action.kind is None:  # "what do i hold?": holdings, the thing held
        asked = said | {w + LEX.gerund for w in said if w not in LEX.function_words}
    else:
        asked = _object_words(reading)
    read = {n for t in tools if t.kind in ("read", "check") for n in t.own_nouns}
    kept: dict[str, set[str]] = {}
    for tool in tools:
        kept.setdefault(tool.server, set()).update(asked & tool.own_nouns)
    return {server: frozenset(k) for server, k in kept.items() if k and not k & read}


def _words_of_tool(tool: ToolView) -> set[str]:
    """The words its description and its parameters' names say."""
    return {*tool.describe_words, *(singular(w) for p in tool.params.values() for w in p.words)}


def said_own_value(reading: Request, own: frozenset[str]) -> bool:
    """Whether the request says, as one of its own words, a value only this tool's enums list
    ("sha256", "rgb"): a word of its own, never an everyday one a value may also be."""
    singulars = {singular(v) for v in own}
    if any(
        tok.kind != "quoted"
        and (tok.norm in own or singular(tok.norm) in singulars)  # "the divisors": `divisors`
        and len(tok.norm) >= W.own_value_letters
        and tok.norm not in LEX.plain_enum_values
        and tok.norm not in LEX.stop_words
        for tok in reading.text.tokens
    ):
        return True
    said = {singular(t.norm) for t in reading.text.tokens if t.kind == "word"}
    for value in own:  # "prime factors of 360": `prime_factors`; "is 7919 prime": `is_prime`
        parts = value.replace("-", "_").split("_")
        content = {singular(w) for w in parts if not is_function(w)}
        if (
            len(parts) > 1
            and content
            and content <= said
            and all(
                len(w) >= W.own_value_letters and w not in LEX.plain_enum_values for w in content
            )
        ):
            return True
    return False


def quoted_object(reading: Request, tool: ToolView) -> bool:
    """Whether a rename's object is a text in quotes ("rename 'call grandma' to ..."): an item
    said by its name, its kind of thing unsaid, for a tool with a place for its new name."""
    action = reading.action
    if action.verb not in LEX.rename_verbs or not action.tokens or not tool.new_text:
        return False
    tokens = reading.text.tokens
    i = action.tokens[-1] + 1
    while i < len(tokens) and tokens[i].norm in LEX.articles:
        i += 1
    return i < len(tokens) and tokens[i].kind == "quoted"


def _noun_weights(reading: Request) -> dict[str, float]:
    """Each word's weight as a noun: 3 as the object of the verb ("show the agents"), 1.5 in a
    phrase after a preposition ("on the DataOne project")."""
    weights: dict[str, float] = {}
    tokens = reading.text.tokens
    tagged = _tagged_it(reading)
    paid = said_paid(reading)
    kept = _reminded_of(reading)
    handed = set(worked_text(reading) or ())  # "how subjective is this: The report lists
    # ...": a text to work on, whose words name no tool
    for i, tok in enumerate(tokens):
        if tok.kind != "word" or i in tagged or i >= kept or i in reading.lead or i in handed:
            continue  # (the lead: "remind me what ...", a question, never a reminder's kind)
        weight = W.noun_object
        j = i - 1
        while j >= 0 and j not in reading.action.tokens and tokens[j].kind in ("word", "quoted"):
            if tokens[j].norm in LEX.prepositions:
                weight = W.noun_after_preposition
                break
            j -= 1
        for kin, share in said_kins(tokens, i, paid):  # "mortgage": a loan too
            weights[kin] = max(weights.get(kin, 0.0), weight * share)
    return weights


def _reminded_of(reading: Request) -> int:
    """Where the thing to be reminded of starts ("remind me to sleeve the new cards"): its
    words are what is kept, never the kind of record it is ("cards" names no card); the
    request's length when it is no reminder."""
    verb = reading.action.tokens
    tokens = reading.text.tokens
    if len(verb) < 2 or tokens[verb[0]].norm not in LEX.remind_verbs:
        return len(tokens)
    return verb[-1] + 1


def _tagged_it(reading: Request) -> set[int]:
    """ "and tag it work", "label them urgent": the words after a tag verb and "it" are the
    tags it is given, no noun naming a tool ("work" is no time entry here); so is the word
    after a tag said of the items ("entries tagged work")."""
    tokens = reading.text.tokens
    verb = reading.action.tokens
    after = {
        i
        for i in range(1, len(tokens))
        if tokens[i - 1].norm in LEX.tagged_words and i - 1 not in verb and i not in verb
    }
    for i in range(len(tokens) - 2):  # "add 'buy toploaders' to my list, tag it cards"
        if (
            i not in verb
            and tokens[i].norm in LEX.tag_markers
            and tokens[i + 1].norm in LEX.object_pronouns
            and i
            and tokens[i - 1].kind == "punct"
        ):
            after |= set(range(i, len(tokens)))  # ("tag" a verb here, no noun)
    if len(verb) != 1 or tokens[verb[0]].norm not in LEX.tag_markers:
        return after
    at = verb[0] + 1
    if at >= len(tokens) or tokens[at].norm not in LEX.object_pronouns:
        return after
    return after | set(range(at + 1, len(tokens)))


def _fit(reading: Request, tool: ToolView, named: bool = False, own_verb: bool = False) -> float:
    """Typed values the request has that the tool has a place for (after the tool's own verb,
    the rest of the request is its value: nothing is missing)."""
    roles = {p.role for p in tool.params.values()}
    place = {i for i, t in enumerate(reading.text.tokens) if spells_server(t, tool.server)}
    kinds = {t.kind for i, t in enumerate(reading.text.tokens) if i not in place}  # (no file)
    fit = 0.0
    dated = (
        roles & {"moment", "day", "since", "until"}
        or query_date_keys(tool) is not None
        or (reading.when is not None and reading.when.kind == "month" and month_params(tool))
    )  # ("is january a good time ...": `check_weather_suggestion(city, month)`, 1 to 12)
    if reading.when is not None and dated:
        fit += W.fit_when
        ends = [p for p in tool.role("since", "until") if p.required]
        if reading.when.kind == "range" and {"since", "until"} <= roles:
            fit += W.fit_range  # "from April 27 to May 8": a tool that takes both ends
        elif (
            reading.when.end is None
            and not money_asked(reading)  # ("how much did I spend today?": today to today)
            and not reading.when.has_time
            and reading.duration is None
            and {p.role for p in ends} == {"since", "until"}
        ):
            fit -= W.fit_range  # "5 business days after 2026-12-25": one day, not two ends
    if reading.duration is not None and "duration" in roles:
        fit += W.fit_duration
    fit += _clock_range_fit(reading, tool, roles)
    if reading.action.asked and tool.nouns & LEX.task_nouns:
        fit += W.asked_task  # "he asked me to send the price list": a task to do
    later = reading.when is not None and reading.when.start.date() > reading.now.date()
    if tool.verb in LEX.record_verbs and later:
        fit -= W.future_record
    fit += typed_fit(reading, tool, roles)
    if _tag_said(reading) and any(
        singular(w) == LEX.query_tag_word for p in tool.params.values() for w in p.words
    ):  # "show everything tagged idea": a tool that takes the tag, never the list of tags
        fit += W.fit_hashtag
    if query_bounds_said(reading, tool):  # "entries where cost was over 100?": a search whose
        fit += W.fit_coded  # syntax writes a field over a number ("key:>N")
    if coded_fit(reading, tool):  # "MW of CO2?": a formula, for a tool that takes one
        fit += W.fit_coded
    hashtags = [t for t in reading.text.tokens if t.kind == "hashtag"]
    if hashtags and all(surely_color(t.text) for t in hashtags):
        kinds = kinds - {"hashtag"}  # "#1a73e8": a colour, never a tag
    if examples_said(reading, tool):  # "the grinning face emoji": "Emoji slug (e.g.
        fit += W.fit_example  # "grinning-face")"
    elif notation_said(reading, tool):  # "roll a d20": a value in the notation its
        fit += W.fit_example  # examples show ("e.g., '2d6', '1d20+5'")
    listed = listed_examples(tool)
    if listed and any(singular(t.norm) in listed for t in reading.text.tokens if t.kind == "word"):
        fit += W.fit_example  # "search laptops": "Example queries ...: headphones, laptop"
    if glyphs_said(reading):  # "what is 🦄": a tool that takes an emoji's glyph, never one
        fit += W.fit_color if glyph_param(tool) is not None else -W.unfit_value  # that cannot
    if route_params(tool) is not None and said_route(reading, (), tool.nouns) is not None:
        fit += W.fit_route  # "any direct flights JFK to SFO": a tool that takes a route's ends
    if hands_off(tool) and handoff_asked(reading):
        fit += W.fit_handoff  # "just get me a human please. reservation MZDDS4": the person
    if asks_its_count(reading, tool):
        fit -= W.count_asked  # "how many business days ...?": the count asked, never given
    if moves_a_day(reading, tool):  # "15 business days after Nov 20": `add_business_days`
        fit += W.fit_offset
    if color_params(tool) and colors_said(reading):
        fit += W.fit_color  # "is white text on #1a73e8 readable?": a tool that takes colours
    if numbered_fit(reading, tool):  # "brown black red gold": `band1` .. `band4`
        fit += W.fit_example
    if secret_said(reading):  # "my bank pin 0000": a tool that keeps secret material, never
        fit += W.fit_secret if keeps_secrets(tool) else 0.0  # a todo's or a vault's setup
    fit += W.fit_network * network_fit(reading, tool)  # "is 10.0.5.77 inside 10.0.4.0/23?"
    if quoted_parts_fit(reading, tool):
        fit += W.fit_pattern  # "the 3rd 'a' in 'banana bandana'": a text and a part of it
    for kind, wanted, bonus in (
        ("url", {"url"}, W.fit_url),
        ("path", {"path", "paths"}, W.fit_path),
        ("email", {"people", "person", "email"}, W.fit_email),
        ("hashtag", {"tags"}, W.fit_hashtag),
        ("uuid", {"id"}, W.fit_uuid),
        ("sha", {"label", "id"}, W.fit_sha),
    ):
        if kind in kinds and roles & wanted:
            fit += bonus
        elif kind in ("url", "path") and kind in kinds and not roles & wanted:
            fit -= W.unfit_value
    paths = [t for i, t in enumerate(reading.text.tokens) if t.kind == "path" and i not in place]
    if len(paths) > 1:
        several = "paths" in roles or len(tool.role("path")) > 1
        fit += W.fit_paths if several else -W.unfit_paths
    if (
        paths
        and "path" in roles
        and is_folder_tool(tool)
        and LEX.file_word not in tool.nouns
        and all(has_extension(t.text) for t in paths)
    ):
        fit -= W.file_in_folder_tool  # "show me notes.txt" is a file, not a folder
    if not own_verb:
        fit += _fillable(reading, tool, kinds)
    if handed_text(reading) is not None:  # "any secrets in 'hello world'?": a text handed over
        kinds_of = ("body",) if pasted_lines(reading) else ("body", "query")  # (a document
        takes = any(p.role in kinds_of for p in tool.required) and (  # pasted: no search's)
            tool.kind not in ("create", "update", "delete") and tool.identifier is None
        )  # (to work on, as `payload_text` fills it: never a record's text)
        fit += W.fit_payload if takes else -W.fit_payload if not tool.params else 0.0
    fit += bounds_fit(reading, tool)  # "a random number between 1 and 100": `low`, `high`
    if list_param(tool) is not None and items_listed(reading) is not None:
        fit += W.fit_listed  # "shuffle these: Alice, Bob, Carol": a tool that takes a list
    if pattern_said(reading) is not None:  # "test the pattern \d+": a tool that takes a
        taken = pattern_param(tool) is not None  # pattern, never one that takes nothing
        fit += W.fit_pattern if taken else -W.fit_pattern if not tool.params else 0.0
    if tool.kind == "read" and tool.role("query") and _searched_for(reading):
        fit += W.searched_terms  # "find a coffee emoji": its terms, never a key they might be
    if (
        tool.role("person")
        and tool.nouns & LEX.person_nouns
        and LEX.in_group(tool.verb or "", "get")
        and named_person(reading) is not None
    ):
        fit += W.person_details  # "when's Leila's birthday?": her details, by her name
    fit += marked_fit(reading, tool)  # "what can I do @phone": a read that filters by it
    nouns = set(noun_tokens(reading, tool))
    enums = 0.0
    for param in tool.role("enum"):
        if find_enum(reading, param, nouns, tool) is not None:
            enums += W.fit_enum
    if (
        not enums
        and reading.action.verb in LEX.done_verbs
        and any(
            reading.action.verb in {w for ph in _phrases(str(v)) for w in ph}
            for p in tool.role("enum")
            for v in p.enum
        )
    ):
        enums += W.fit_enum  # "i paid the bill": a status the tool can set
    if tool.kind == "read":  # "what's overdue?": a word a filter's pattern lists, no date
        said = {t.norm for i, t in enumerate(reading.text.tokens) if i not in reading.when_tokens}
        enums += W.fit_enum * any(
            said & pattern_words(p.schema.get("pattern")) for p in tool.params.values()
        )
        days = {t.norm for i, t in enumerate(reading.text.tokens) if i in reading.when_tokens}
        enums += W.fit_day_word * any(  # "what's due tomorrow?": `due_date_filter`, said with
            days & pattern_words(p.schema.get("pattern"))  # its word, `^(today|tomorrow|...)$`
            and (set(p.words) - LEX.label_noise) & reading.words
            for p in tool.role(*_DAY_ROLES)
        )
    fit += min(W.fit_enum_cap, enums)
    if tool.kind == "update" and field_named(reading, tool, nouns):
        fit += W.field_named  # "update Maya's birth time to 08:50": `field`, `value`
    tokens = reading.text.tokens
    for param in tool.params.values():  # an example value the request names ("code generation")
        for example in param.schema.get("examples") or []:
            if (
                isinstance(example, str)
                and len(example) > 3
                and (f" {' '.join(words_of(example))} " in f" {reading.text.norm} ")
            ):
                fit += W.fit_example
    # "set B2 to 42": `cells` ("e.g. {"A1": "Name"}"); "make A1:D1 bold": `range_string`;
    # "insert into pets ... values ...": the tool that runs INSERT statements
    if (
        keys_said(reading, tool)
        or notation_said(reading, tool)
        or written_for(reading, tool)
        or formatted(reading, tool) is not None  # "convert #ff69b4 to rgb": between formats
        or ids_said(reading, tool)  # "is sku-1003 available": `product_id` ("e.g. SKU-1001")
    ):
        fit += W.fit_notation
    for param in tool.role("label", "tags"):
        label = set(param.words) - LEX.label_noise
        for i, tok in enumerate(tokens):
            word = LEX.tag_markers.get(tok.norm, singular(tok.norm))  # "tagged work": a tag
            if word in label and (param.role == "label" or tok.norm in LEX.tag_markers):
                near = [tokens[k] for k in (i - 1, i + 1) if 0 <= k < len(tokens)]
                valued = any(
                    (
                        t.kind in ("word", "other", "path")
                        and t.norm not in NOT_VALUE
                        and t.text[:1].isupper()
                    )
                    or t.kind == "path"
                    for t in near
                )
                if not valued and any(noun_matches(tok.norm, n) for n in tool.nouns):
                    continue  # "which projects ...?" for `project(project)`: its noun, once
                fit += W.fit_label_word + (W.fit_label_value if valued else 0.0)
                break
    files = extensions(reading.text) if paths else frozenset()
    for path in paths:  # "notes.txt" is text, "logo.png" an image
        extension = path.text.rsplit(".", 1)[-1].lower() if "." in path.text else ""
        sort = LEX.file_kinds.get(extension)
        if sort and tool.nouns & sort:
            fit += W.fit_file_kind
    for_kinds = tool.nouns & set(LEX.file_kinds)  # `read_pdf`: for pdf files only
    if files and for_kinds:  # "read cover.pdf": the pdf reader, never the csv's
        fit += W.file_kind_named if for_kinds & files else -W.file_kind_named
    if tool.kind == "read":  # of two listings alike, the one that needs less
        fit -= W.read_required * len([p for p in tool.required if p is not tool.identifier])
    one = _one_item(reading, tool)
    if tool.kind in ("read", "check") and tool.identifier is not None and tool.identifier.required:
        fit += (
            -W.get_none
            if _plural_said(reading, tool) and not named
            else W.get_one
            if one or named or _id_labelled(reading, tool.identifier)
            else W.get_maybe
            if _names_something(reading, place)
            else -W.get_none
        )  # ("some fire emojis": many, never the one `emoji_lookup(slug)` gets)
    elif tool.kind == "read" and one:
        fit -= W.list_one
    elif (  # "some fire emojis": many, never the one `emoji_lookup(slug)` gets by its name
        tool.kind == "read"
        and [p.role for p in tool.required] in (["label"], ["title"])
        and not tool.role("count")
        and _plural_said(reading, tool)
    ):
        fit -= W.get_none
    if one and tool.kind == "create" and reading.action.kind == "update":
        fit -= W.create_target  # "bump the roadmap task to high": that task, no new one
    if one and one_after_to(reading, tool):  # "add branch X to the login bug task"
        fit += (
            W.update_target
            if tool.kind == "update"
            else -W.create_target
            if tool.kind == "create"
            else 0.0
        )
    return fit


def _clock_range_fit(reading: Request, tool: ToolView, roles: set[Any]) -> float:
    """A start and an end said by the clock ("friday 6pm to 7pm"): a write whose start and end
    are times takes both; one with a single date or time would lose the end."""
    when = reading.when
    if when is None or when.kind != "moment" or when.end is None or tool.kind in ("read", "check"):
        return 0.0
    timed = [p for p in tool.role("since", "until") if set(p.words) & LEX.clock_param_words]
    if {p.role for p in timed} == {"since", "until"}:
        return W.fit_clock_range
    if roles & {"moment", "day", "since", "until"}:
        return -W.fit_clock_range
    return 0.0


def _fillable(reading: Request, tool: ToolView, kinds: set[str]) -> float:
    """Minus for each required value of a type the request has nothing of (a link, a file, a
    time, a length, a search pattern, a structure)."""
    penalty = 0.0
    for param in tool.required:
        role = param.role
        if (role == "url" and "url" not in kinds) or (
            role in ("path", "paths") and "path" not in kinds and not is_folder_tool(tool)
        ):
            penalty -= W.missing_link
        elif (role in ("moment", "since", "until") and reading.when is None) or (
            role == "duration" and reading.duration is None
        ):
            penalty -= W.missing_moment
        elif (
            (role in ("numbers", "matrix") and role not in {v.kind for v in reading.values})
            or (role in ("object", "objects") and tool.kind not in ("create", "delete"))
        ) or (
            role == "query"
            and tool.kind == "read"
            and not (kinds & {"quoted", "other"} or reading.words & LEX.query_markers)
            and not reading.typed("name")
            and not _searched_for(reading)
        ):
            penalty -= W.missing_structure
    return penalty


_ALNUM = re.compile(r"[^\W_]+")  # a word's letters and digits, in any script


@lru_cache(maxsize=4096)  # a view is hashed by identity, and the router keeps its views
def _described_pairs(tool: ToolView) -> frozenset[tuple[str, str]]:
    """Each two words its description says in a row."""
    said = _ALNUM.findall(tool.description.lower())  # ("Cost-basis": "cost", "basis")
    return frozenset(pairwise(said))


def _phrase_described(reading: Request, tool: ToolView) -> bool:
    """Whether the request says two words in a row, neither a function word, that the tool's
    description says so too ("the html entity for 🍕": "Returns ... HTML entity, CSS content
    value"): what it asks for, in the tool's own words."""
    return bool(described_phrases(reading, tool))


def described_phrases(reading: Request, tool: ToolView) -> set[int]:
    """The tokens of the request's word pairs the tool's description says (`_phrase_described`)."""
    pairs = _described_pairs(tool)
    said = [  # each word and its token ("utf-8": "utf", "8")
        (w, i)
        for i, t in enumerate(reading.text.tokens)
        if t.kind in ("word", "other")
        for w in _ALNUM.findall(t.text.lower())
    ]
    found: set[int] = set()
    for (a, i), (b, k) in pairwise(said):
        if (
            (a, b) in pairs
            and k - i <= 1
            and not {a, b} & LEX.stop_words
            and not {singular(a), singular(b)} & tool.nouns  # (its own noun: any of its own)
        ):
            found |= {i, k}
    return found


def _searched_for(reading: Request) -> bool:
    """Whether the request's own verb is a search's, words after it ("search speakers", "find
    me some fire emojis"): those words are its terms, no structure it lacks."""
    verb = reading.action.verb
    if verb is None or not LEX.in_group(verb, "search") or not reading.action.tokens:
        return False
    after = reading.action.tokens[-1] + 1
    return any(t.kind == "word" for t in reading.text.tokens[after:])


def _plural_said(reading: Request, tool: ToolView) -> bool:
    """Whether the tool's noun is said in the plural ("some fire emojis")."""
    tokens = reading.text.tokens
    said = [tokens[k].text.lower() for k in noun_tokens(reading, tool)]  # (as typed: a word
    return any(singular(w) != w and w not in LEX.list_words for w in said)  # read as a tool's
    # noun, "emojis" for `emoji`, has that noun's norm)


def _one_item(reading: Request, tool: ToolView) -> bool:
    """Whether the request names one existing item of the tool's: "the login bug task"."""
    return not reading.everything and _item_noun(reading, tool) is not None


def _item_noun(reading: Request, tool: ToolView) -> int | None:
    tokens = reading.text.tokens
    for k in noun_tokens(reading, tool):
        tok = tokens[k]
        if (
            tok.norm in LEX.list_words
            or singular(tok.norm) != tok.norm
            or (k + 1 < len(tokens) and tokens[k + 1].norm in LEX.list_words)
        ):
            continue
        if k + 1 < len(tokens) and _id_shaped(tokens[k + 1]):  # "task 2", "deal D-2004"
            return k
        j = k - 1
        words = 0
        while j >= 0 and tokens[j].norm not in LEX.item_determiners:
            if tokens[j].kind == "punct" or tokens[j].norm in LEX.item_breaks:
                break
            words += 1
            j -= 1
        if j >= 0 and tokens[j].norm in LEX.item_determiners and words:
            return k
    return None


def keeps_secrets(tool: ToolView) -> bool:
    """Whether a tool takes secret material: a field whose name or description says a word of a
    secret ("Key/value secret material (username, password, token…)")."""
    return any(
        set(p.words) & LEX.secret_words or set(words_of(p.describe)) & LEX.secret_words
        for p in tool.params.values()
    )


def _asked_done(reading: Request, verb: str) -> bool:
    """Whether `verb` is said only as what a question asks was done ("when did ... sync")."""
    said = [i for i, t in enumerate(reading.text.tokens) if t.norm == verb]
    return bool(said) and all(asked_when_done(reading, i) for i in said)


def _id_labelled(reading: Request, ident: Param) -> bool:
    """Whether the request says the id's own noun before an id ("a hint for puzzle abc123"
    for `get_hint(puzzle_id)`): the item it is about is named, whatever the tool's noun."""
    own = set(ident.words) - LEX.id_words
    tokens = reading.text.tokens
    return any(
        singular(tok.norm) in own and _id_shaped(tokens[k + 1]) for k, tok in enumerate(tokens[:-1])
    )


def _id_shaped(tok: Token) -> bool:
    """A token that can only be an id: a number, a uuid, "#3", a word with a digit in it."""
    if tok.kind in ("number", "uuid", "hashtag"):
        return tok.kind != "hashtag" or tok.text[1:].isdigit()
    return tok.kind in ("word", "other", "ident") and any(c.isdigit() for c in tok.text)


def one_after_to(reading: Request, tool: ToolView) -> bool:
    """ "... to the login bug task": the item comes after "to"/"from", as a target; never
    where the request makes a new one first ("create a task X ..., depends on the CI task":
    the task it depends on)."""
    k = _item_noun(reading, tool)
    if k is None:
        return False
    tokens = reading.text.tokens
    verb = reading.action.tokens
    at = verb[-1] + 1 if verb else len(tokens)
    if (
        reading.action.kind == "create"
        and at + 1 < len(tokens)
        and tokens[at].norm in LEX.kind_articles
        and any(noun_strength(tokens[at + 1].norm, n) == 1 for n in tool.nouns)
    ):
        return False
    j = k - 1
    while j >= 0 and tokens[j].norm not in LEX.target_determiners:
        j -= 1
    return j > 0 and tokens[j - 1].norm in LEX.target_prepositions


def _names_something(reading: Request, place: set[int]) -> bool:
    """Whether the request points at one item: an id, a path, a name-like word, "details"
    (not the tool's server, spelt as its file: `place`)."""
    for i, tok in enumerate(reading.text.tokens):
        if i in place:
            continue
        if tok.kind in ("uuid", "ident", "path", "quoted", "sha"):
            return True
        if tok.kind == "word" and ("-" in tok.text[1:] or tok.possessive):
            return True
    return bool(reading.words & LEX.one_item_words or reading.typed("name"))


def rank(
    reading: Request,
    tools: list[ToolView],
    hints: dict[str, frozenset[str]] | None = None,
    weak: set[str] | frozenset[str] = frozenset(),
    valued: set[str] | frozenset[str] = frozenset(),
) -> list[Scored]:
    """The tools that fit the request's action, best first (config order breaks ties). `hints`
    are nouns a tool is named by without them being said (a listed name), `weak` the tools so
    named only through a key inside their items, `valued` the reads whose filter value a listing
    showed and the request names."""
    hints = hints or {}
    owners: dict[str, set[str]] = {}
    dated = {t.norm for i, t in enumerate(reading.text.tokens) if i in reading.when_tokens}
    for tool in tools:
        for param in tool.role("enum"):
            for value in param.enum:
                if isinstance(value, str):
                    owners.setdefault(value.lower(), set()).add(tool.name)
            for head in headed(tuple(v for v in param.enum if isinstance(v, str))).values():
                owners.setdefault(head[0], set()).add(tool.name)  # "award" of `award_phoenix`
        for param in tool.params.values():  # "anything overdue?": `^(today|overdue|...)$`
            for value in pattern_words(param.schema.get("pattern")) - dated:  # (not "today")
                owners.setdefault(value.lower(), set()).add(tool.name)
    own: dict[str, set[str]] = {}
    kinds = own_kinds(tools)  # "stretching" for `log_workout(type)`, never "call" or "email"
    for value, names in owners.items():
        if len(names) == 1:
            own.setdefault(next(iter(names)), set()).add(value)
    said = {singular(t.norm) for i, t in enumerate(reading.text.tokens) if t.kind == "word"}
    said -= {singular(reading.text.tokens[i].norm) for i in reading.action.tokens}
    named = said & {n for tool in tools for n in tool.own_nouns}  # "in my todos": said
    objects = named & _object_words(reading)  # "list all my biology nodes": what is listed
    shown = _shown_by_descriptions(reading, said, tools)
    scored = []
    servers = servers_named(reading, tools, _noun_weights(reading))
    places = places_described(reading, tools)
    made = kinds_named(reading, tools)  # "save it as a snippet", "add eggs to the pantry"
    holders = money_holders(reading, tools)  # "how much did I spend ...": reads of amounts only
    if holders and servers and not any(t.server in servers for t in tools if t.name in holders):
        holders = None  # "... according to my journal": the server named, whatever it keeps
    writers = spent_writers(reading, tools)
    asked = reading.action.kind in (None, "read") and not reading.action.bare
    fielded = field_weights(reading, tools, _noun_weights(reading), asked)  # "with status 2"
    given = asked_for(reading, tools)  # "any patterns ...?": an analysis
    spelled = {n for t in tools if t.server in servers for n in t.server_nouns}
    allowed = set(servers) | {  # and the servers whose tools say the word ("a CRM JSON file")
        t.server for t in tools if (t.describe_words | t.nouns) & spelled
    }
    ordered = _ordered_by_name_verb(reading, tools)
    choosing = choice_tools(reading, tools)
    for tool in tools:
        if holders and tool.kind in ("read", "check") and tool.name not in holders:
            continue
        if asked and servers and tool.server not in allowed:
            continue  # "what did I do yesterday according to my journal": never the todos
        if writers is not None and tool.kind in ("create", "update") and tool.name not in writers:
            continue  # "spent 12.50 on lunch": no todo titled "12.50 on lunch"
        mine = frozenset(own.get(tool.name, ()))
        hinted = hints.get(tool.name, frozenset())
        found = score(reading, tool, hinted, tool.name in weak, mine, mine & kinds)
        if tool.name in choosing:  # "choose the second option": the tool that takes it
            base = found.score if found is not None else 0.0
            why = found.why if found is not None else "no verb"
            found = Scored(base + W.choice_said, tool, why + ", a choice said")
        if found is not None and holders and tool.name in holders:
            found = Scored(found.score + money_weight(reading, tool), tool, found.why + ", money")
        reads = tool.kind in ("read", "check")
        if found is not None and ordered and reads and tool.name_verb != ordered:
            lost = W.verb_question - W.verb_unknown_tool  # "convert notes.docx to a pdf": no
            found = Scored(found.score - lost, tool, found.why + f", {ordered} ordered")  # read
        if found is not None and tool.name in fielded:
            weight, why = fielded[tool.name]
            found = Scored(found.score + weight, tool, f"{found.why}, {why}")
        if found is not None and writers and tool.name in writers:
            found = Scored(found.score + W.money_spent, tool, found.why + ", money spent")
        if found is not None and tool.server in servers:
            bonus = servers[tool.server]
            found = Scored(found.score + bonus, tool, found.why + ", its server named")
        if found is not None and tool.name in given:
            weight, why = given[tool.name]
            found = Scored(found.score + weight, tool, f"{found.why}, {why}")
        if found is not None and tool.name in places:
            bonus = places[tool.name]
            found = Scored(found.score + bonus, tool, found.why + ", its place described")
        if found is not None and tool.name in made:
            bonus = made[tool.name]
            found = Scored(found.score + bonus, tool, found.why + ", its kind or place said")
        if found is not None and tool.name in valued:
            found = Scored(found.score + W.filter_value, tool, found.why + ", a filter value")
        if (
            found is not None
            and reads
            and objects
            and not objects & {n for t in tools if t.server == tool.server for n in t.own_nouns}
            and not objects & _words_of_tool(tool)
            and tool.server not in servers
        ):  # "list all my biology nodes": never the todos, when another server keeps nodes
            found = Scored(
                found.score - W.noun_of_other_server, tool, found.why + ", another's noun said"
            )
        kept = shown.get(tool.server)
        if (
            found is not None
            and reads
            and kept
            and kept <= tool.describe_words
            and not kept & tool.own_nouns
        ):  # "show my holdings": "a summary of all holdings", no read named for them
            found = Scored(
                found.score + W.noun_described_by_read, tool, found.why + ", it shows them"
            )
        if found is not None and not named and _made_by_verb(reading, tool):
            found = Scored(found.score + W.noun_of_verb, tool, found.why + ", made by its verb")
        if found is not None:
            scored.append(found)
    scored.sort(key=lambda s: -s.score)
    return scored


def rivals(ranked: list[Scored]) -> list[Scored]:
    """The best tool and those within `MARGIN` of it that are not mere variants of another
    (`list_directory_with_sizes` beside `list_directory`)."""
    if not ranked:
        return []
    best = ranked[0]
    close = [best]
    for other in ranked[1:]:
        if best.score - other.score >= W.margin:
            break
        if any(_variant(other.tool, kept.tool) for kept in close):
            continue
        close.append(other)
    return close


def _variant(a: ToolView, b: ToolView) -> bool:
    """`a` does what `b` does with more to it: same kind and verb, nouns a superset."""
    return a.kind == b.kind and a.verb == b.verb and a.nouns > b.nouns
