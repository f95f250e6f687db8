"""Step 4: a tool's arguments from the request, parameter by parameter, by the role the schema
gives each (`_tools.Param.role`), in a fixed order so each word serves one value:

1. the tool's own nouns ("a todo", "the Python collection") are set aside;
2. typed tokens: URLs, emails, hashtags, ids, paths, then dates, ranges and durations;
3. labelled values: "on branch X", "in project X", "the Website project", "as analyst",
   "of type person", "with description X", "notes: X", "called X", "titled X", "as X";
4. enum values and their synonyms ("urgent" -> high), flags ("non-billable", "full details"),
   counts ("the last 5 lines");
5. names of existing items (`known`: names the router listed), "to Y" in a rename or a change;
6. what is left: the title (create), the body (run: the prompt, the task), the query (search),
   or the words that name an existing item (update, delete: `Fill.reference`).

What is left is cut at token boundaries, keeps the user's casing and loses the function words
at both ends. Nothing is invented: a value is there because words said it (`Fill.evidence`).
"""

from __future__ import annotations

from collections.abc import Iterable

from orchestrator.offline._account import (
    destination,
    direction_said,
    is_function,
    moved_to_place,
    named_object,
    needs_nothing,
)
from orchestrator.offline._appended import names_a_record
from orchestrator.offline._asked_for import meant
from orchestrator.offline._attributes import attribute_run
from orchestrator.offline._bought import class_of_purchase
from orchestrator.offline._bounds import counted_units, high_bound, number_bounds
from orchestrator.offline._by_fields import said_of_record
from orchestrator.offline._checked import checked_value
from orchestrator.offline._choice import chosen_value
from orchestrator.offline._choose import said_topic
from orchestrator.offline._clauses import second_clause, without_other_clause
from orchestrator.offline._coded import coded_values
from orchestrator.offline._colors import color_values
from orchestrator.offline._company_role import company_and_role
from orchestrator.offline._contained import placed_in, said_container
from orchestrator.offline._counted_code import counted_code
from orchestrator.offline._counted_in import counted_in
from orchestrator.offline._defaulted import defaults_said
from orchestrator.offline._dictated import dictated_list
from orchestrator.offline._dimensioned import dimensioned_items
from orchestrator.offline._each_named import each_named, ids_list
from orchestrator.offline._elapsed import elapsed_values
from orchestrator.offline._example_words import example_named, example_words
from orchestrator.offline._field_choice import field_choice_value
from orchestrator.offline._fielded import field_asked
from orchestrator.offline._glyphs import glyph_values
from orchestrator.offline._handoff import handoff_summary
from orchestrator.offline._happened import logged_today
from orchestrator.offline._headcount import headcount
from orchestrator.offline._id_shaped import shaped_ids
from orchestrator.offline._items import first_named
from orchestrator.offline._keyed import deleted_by_key, key_left
from orchestrator.offline._kinds import kind_said
from orchestrator.offline._labels import (
    kind_before_name,
    label_values,
    made_as_field_word,
    marked_values,
    quoted_after_noun,
)
from orchestrator.offline._listed_items import listed_items
from orchestrator.offline._made_as import in_own_container, in_place_said, put_into, to_do_kind
from orchestrator.offline._marked import bare_names
from orchestrator.offline._marked import marked_values as marked_names_of
from orchestrator.offline._markers import marker_pair
from orchestrator.offline._measured_items import measured_items
from orchestrator.offline._member_of import member_of
from orchestrator.offline._month_number import month_number
from orchestrator.offline._name_verb import name_verb_span, said_name_verb
from orchestrator.offline._named_dates import named_dates, other_date
from orchestrator.offline._named_ids import named_ids
from orchestrator.offline._narrated import narration_text
from orchestrator.offline._networks import network_values
from orchestrator.offline._notation import joined_examples, map_entries, notation_values
from orchestrator.offline._nouns import cued_tokens, described_kind, noun_strength, noun_tokens
from orchestrator.offline._numbered import numbered_run
from orchestrator.offline._offset import offset_count
from orchestrator.offline._paired import paired_numbers
from orchestrator.offline._pairs import pair_values
from orchestrator.offline._patterns import coded_meanings, pattern_values
from orchestrator.offline._person_named import person_described
from orchestrator.offline._phrase import GENERIC, Fill, free_tokens, one_name, text_of, trim
from orchestrator.offline._place_name import place_name
from orchestrator.offline._postal import postal_address
from orchestrator.offline._priced_for import priced_for
from orchestrator.offline._priced_items import priced_items, priced_list
from orchestrator.offline._proper_names import joined_names, name_in_script
from orchestrator.offline._query_language import unwritten_queries, written_query
from orchestrator.offline._quoted_parts import quoted_parts
from orchestrator.offline._read import Request, is_past
from orchestrator.offline._reason import reason_said
from orchestrator.offline._record_count import record_count
from orchestrator.offline._repeated import repeat_unkept
from orchestrator.offline._returned import answered_tokens
from orchestrator.offline._route import route_ends
from orchestrator.offline._schema import fits_pattern
from orchestrator.offline._scored import scored
from orchestrator.offline._sections import labelled_sections
from orchestrator.offline._segments import segment_values
from orchestrator.offline._servers_said import spells_server
from orchestrator.offline._sets import exercise_named, exercise_sets
from orchestrator.offline._shaped_fields import field_flags, paid_leads, shaped_values
from orchestrator.offline._sides import paired_sides
from orchestrator.offline._sized import text_length
from orchestrator.offline._slots import (
    bare_path,
    count_values,
    date_values,
    dated_query,
    default_values,
    described_defaults,
    enum_values,
    flag_values,
    implied_enums,
    level_values,
    list_labels,
    slashed_day,
    tag_values,
    typed_values,
)
from orchestrator.offline._spending import spent_today
from orchestrator.offline._statement import statement_values
from orchestrator.offline._status import (
    described_state,
    done_by_verb,
    done_state,
    state_at,
    state_length,
)
from orchestrator.offline._target import target
from orchestrator.offline._texts import (
    additive_tail,
    body_after_colon,
    body_after_dash,
    body_put_in,
    body_quoted,
    body_runs_on,
    link_kept,
    message_to,
    new_text_said,
    payload_text,
    replaced_after_colon,
    text_after_colon,
    text_after_its_name,
    text_said_that,
    title_after_colon,
    whole_after_colon,
)
from orchestrator.offline._the_user import asked_of_me, for_the_user
from orchestrator.offline._time_values import named_clocks
from orchestrator.offline._tokens import phrase_tokens, singular, stem, words_of
from orchestrator.offline._tools import VERBS, Param, ToolView, unwrap
from orchestrator.offline._typed import typed_values as values_by_type
from orchestrator.offline._undated import dated_text, dates_apart, labelled_dates
from orchestrator.offline._via import said_via
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["Fill", "fill"]


def fill(
    reading: Request,
    tool: ToolView,
    known: dict[str, list[str]] | None = None,
    said: Iterable[int] = (),
) -> Fill:
    """The arguments for `tool` the request gives (see the module docstring); `said` are
    tokens already accounted for ("same again")."""
    known = known or {}
    reading = labelled_dates(reading, tool)  # "description: ... since monday": no due date
    f = Fill(tool, used=set(reading.lead) | set(reading.action.tokens) | set(said))
    named = said_name_verb(reading, tool) if not reading.action.tokens else None
    if named is not None:  # "echo hello world": the tool's own verb
        span = (named, *name_verb_span(reading, tool, named))  # "back up": `backup`
        f.used.update(span)
    nouns = noun_tokens(reading, tool)
    nouns += described_kind(reading, tool, nouns)  # "a prompt template": its kind in full
    nouns += to_do_kind(reading, tool, nouns)  # "as a low prio task" for `create_todo`
    f.used.update(nouns)
    f.used.update(cued_tokens(reading, tool))  # "when do i plant beans": when to plant, as
    # its description says when to use it: no crop of that
    f.used.update(i for i, t in enumerate(reading.text.tokens) if spells_server(t, tool.server))
    labelled_sections(reading, f, tool)  # "symptom: ... . root cause: ...": each its field's
    f.nouns.update(nouns)
    said_container(reading, f, tool, known)  # "my Work journal": the folder it goes in
    if tool.kind == "update":  # "mark the notebook todo done" for `mark_todo_done`: no item's
        own = set(words_of(tool.name)) - tool.nouns
        f.used.update(i for i, t in enumerate(reading.text.tokens) if t.norm in own)
    if tool.kind != "read":
        f.used.update(for_the_user(reading))
        f.used.update(direction_said(reading, tool))  # "move Jana back": "Move ... back"
    f.used.update(additive_tail(reading))
    f.used.update(  # "right now", "this time": no value (but "now" may be one: `action: now`)
        i
        for i in phrase_tokens(reading.text, LEX.asides)
        if not is_function(reading.text.tokens[i].norm)
    )
    f.used.update(phrase_tokens(reading.text, LEX.idioms))  # "at all": no status "all"
    f.used.update(answered_tokens(reading, tool))  # "whats due": the question it answers
    text_length(reading, f, tool)
    defaults_said(reading, f, tool)  # "with the default accounts": none sent
    kind_said(reading, f, tool)  # "lunch at 12:30": a meal of type lunch
    level_values(reading, f, tool)  # "high priority" for a `priority` whose default is "medium"
    handoff_summary(reading, f, tool)  # "get me a human": the request, for `summary`
    narration_text(reading, f, tool)  # "the shop said ... is that sketchy?": `description`
    offset_count(reading, f, tool)  # "15 business days after Nov 20": `days` 15
    counted_in(reading, f, tool)  # "a streak of 4 days": its count "in days"
    record_count(reading, f, tool)  # "log 5 expenses": how many, no value of one
    paired_numbers(reading, f, tool)  # "bp 128/82": `systolic`, `diastolic`
    priced_items(reading, f, tool)  # "10 hours of web design at $85/hr": an invoice's line
    dimensioned_items(reading, f, tool)  # "8 jars 9x9x14 into a 40x20x30 box": items, boxes
    named_ids(reading, f, tool)  # "story S-2": `story_id`
    shaped_ids(reading, f, tool)  # "dr-002" for `doctor_id` ("e.g. dr-001")
    written_query(reading, f, tool)  # "create table pets (name text, ...)": `query`, whole
    color_values(reading, f, tool)  # "white text on #1a73e8": `foreground`, `background`
    glyph_values(reading, f, tool)  # "what is 🦄": `character`
    network_values(reading, f, tool)  # "is 10.0.5.77 inside 10.0.4.0/23": `ip`, `cidr`
    postal_address(reading, f, tool)  # "to 1 Independence Dr Jacksonville FL 32202"
    quoted_parts(reading, f, tool)  # "the 3rd 'a' in 'banana bandana'": `text`, `char`, `n`
    marker_pair(reading, f, tool)  # "between <key> and </key> in ...": `start_marker`, ...
    payload_text(reading, f, tool)  # "any secrets in 'hello world'?": `scan_text(text)`
    listed_items(reading, f, tool)  # "shuffle these: Alice, Bob, Carol": `items`
    pattern_values(reading, f, tool)  # "test the pattern \d+": `pattern`
    coded_meanings(reading, f, tool)  # "case insensitive": `flags` "i" ("'i' for ...")
    number_bounds(reading, f, tool)  # "between 1 and 100": `low`, `high`, in that order
    high_bound(reading, f, tool)  # "a secure random integer below 1000": `upper_bound`
    route_ends(reading, f, tool)  # "from JFK to SFO": `origin`, `destination`
    place_name(reading, f, tool)  # "budget for 4 days in shanghai": `destination`
    typed_values(reading, f, tool)
    shaped_values(reading, f, tool)  # "#4", "1999", "paid 900": the field made for each
    attribute_run(reading, f, tool)  # "my 2018 toyota camry": `vehicle_make`, `vehicle_model`
    notation_values(reading, f, tool)  # "roll a d20+5": `notation` ("e.g. d20, 1d20+5")
    map_entries(reading, f, tool)  # "set B2 to 42": `cells` ("e.g. {"A1": "Name"}")
    joined_examples(reading, f, tool)  # "from animals and nature": "animals-and-nature"
    chosen_value(reading, f, tool)  # "choose the second option": `choice` 2
    values_by_type(reading, f, tool)
    headcount(reading, f, tool)  # "cooked it for 2": servings 2
    scored(reading, f, tool)  # "4 out of 5", "3 stars": a rating
    paid_leads(reading, f, tool)
    coded_values(reading, f, tool)
    counted_code(reading, f, tool)  # "add 0.5 eth": `coin_symbol` ("e.g., "BTC/USDT" or "btc"")
    numbered_run(reading, f, tool)  # "brown black red gold": `band1` .. `band4`
    checked_value(reading, f, tool)
    bare_path(reading, f, tool)
    named_clocks(reading, f, tool)  # "bed at 23:30, woke at 7am": `bedtime`, `wake_time`
    named_dates(reading, f, tool)  # "joined 2019-03-02, leaving 2024-08-31": each its own
    date_values(reading, f, tool)
    other_date(reading, f, tool)  # "started march 15 2020 ... quitting end of june 2025"
    slashed_day(reading, f, tool)  # "search direct SFO->MCO 5/28": the day it needs
    company_and_role(reading, f, tool)  # "Airbnb data scientist": `company`, `role`
    paired_sides(reading, f, tool)  # "laufen = to run": a card's `fields`, Front and Back
    said_via(reading, f, tool)  # "applied via Workable": `channel`
    statement_values(reading, f, tool)  # "Bob is my manager": Bob's, the rest the note
    elapsed_values(reading, f, tool)
    dated_query(reading, f, tool)
    month_number(reading, f, tool)
    _known(reading, f, tool, known)
    tag_values(reading, f, tool)
    member_of(reading, f, tool)  # "a Blastoise from Base Set": the set it is of
    label_values(reading, f, tool, known)
    field_choice_value(reading, f, tool)  # "update Maya's birth time to 08:50"
    enum_values(reading, f, tool)
    example_words(reading, f, tool)  # "1 long 2 short" for `pattern` ("e.g. "10 short"")
    example_named(reading, f, tool)  # "in the highlands": `region` ("such as highland")
    default_values(reading, f, tool)
    list_labels(reading, f, tool)
    flag_values(reading, f, tool)
    field_flags(reading, f, tool)  # "raw": not graded; "BGS 9.5": graded
    count_values(reading, f, tool)
    counted_units(reading, f, tool)  # "a 16 byte hex token": `nbytes`; "3 days": `hours` 72
    marked_values(reading, f, tool)
    kind_before_name(reading, f, tool)  # "add a monstera called Monty": its `species`
    made_as_field_word(reading, f, tool)  # "log a capture from ...": no `capture_time` said
    quoted_after_noun(reading, f, tool)  # "create a quest 'The Smuggler's Ledger': ..."
    marked_names_of(reading, f, tool)  # "@phone" for `context`, "(A)" for a priority
    asked_of_me(reading, f, tool)
    exercise_sets(reading, f, tool)
    exercise_named(reading, f, tool)  # "a safe bench weight": the bench press
    measured_items(reading, f, tool)  # "rice 150g": a meal's foods, each with its measures
    dictated_list(reading, f, tool)  # "pancakes: 200g flour, 2 eggs; whisk": items, steps
    _objects(reading, f, tool, known)
    _object(reading, f, tool, known)
    placed_in(reading, f, tool)  # "add a card to Default: ...": `deck_name`, "where the note ..."
    destination(reading, f, tool)
    moved_to_place(reading, f, tool)  # "move fernando to the kitchen": its `location`
    put_into(reading, f, tool)  # "add milk to my shopping list": the item put in
    reason_said(reading, f, tool)  # ", I think it'll rise": the `thesis`
    if named is not None:  # "back up my leads crm": the tool's own thing
        named_object(reading, f, tool, max(span))
    elif needs_nothing(reading, tool):  # "set up my trove vault" for `trove_init`
        named_object(reading, f, tool, max(reading.action.tokens))
    pair_values(reading, f, tool)
    new_text_said(reading, f, tool)  # "change entry 2 to say X": its new text
    text_said_that(reading, f, tool)  # "note in my diary that X": its text
    message_to(reading, f, tool)  # "text maria that X": maria, X
    body_quoted(reading, f, tool)  # "..., add note 'include the charts'": its `description`
    body_after_colon(reading, f, tool)
    body_after_dash(reading, f, tool)
    link_kept(reading, f, tool)  # "save the recipe link https://... as a snippet": its text
    whole_after_colon(reading, f, tool)
    field_asked(reading, f, tool)  # "status of resilient?": the status asked, not a name
    repeat_unkept(reading, f, tool)  # "every morning", where nothing repeats: made once
    each_named(reading, f, tool)  # "for the tomato soup and the pancakes": their ids
    priced_for(reading, f, tool)  # "quoted $1,850 for a timing belt job": `repair_type`
    _rest(reading, f, tool)
    said_of_record(reading, f, tool)  # "the high priority one": which record, not a change
    key_left(reading, f, tool)  # "add Quintessential with status 2": the key a `set_` tool sets
    deleted_by_key(reading, f, tool)  # "delete the lisbon-quake event chart": its label
    class_of_purchase(reading, f, tool)
    body_runs_on(reading, f, tool)
    body_put_in(reading, f, tool)
    title_after_colon(reading, f, tool)
    text_after_its_name(reading, f, tool)  # "save an insight: X": `insight`
    bare_names(f, tool)
    person_described(reading, f, tool)  # "my cousin Maria Santos": Maria Santos
    _text_said_as(reading, f, tool)
    implied_enums(f, tool)
    described_defaults(reading, f, tool)  # "(default: today)": left to the server
    if tool.kind in ("create", "run") or (tool.kind is None and not tool.read_only):  # a new
        without_other_clause(reading, f)  # record, a timer started, a file exported: never
        # the other request's values
    spent_today(reading, f, tool)  # after: a day said in a request of its own is not its
    logged_today(reading, f, tool)
    unwritten_queries(f, tool)  # `sql`: a query written in SQL, never the request's words
    segment_values(reading, f, tool)  # "physics - electrostatics, wrong": subject, concept
    name_in_script(reading, f, tool)  # "is 赵六 even in the system?": 赵六
    joined_names(reading, f, tool)  # "register 孙七 and 周八": two players, asked
    return f


def _text_said_as(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "sha1 of the word pix": a text said after the word for what it is, with its article
    (lexicon `TEXT_NOUNS`), is the words after it, for a tool that reads or computes over it
    ("string theory" said alone stays whole)."""
    if tool.kind not in (None, "read", "check"):
        return
    said = f" {reading.text.norm} "
    nouns = {p.split()[-1] for p in LEX.text_nouns if f" {p} " in said}
    for param in tool.role("body", "query", "title"):
        value = f.args.get(param.name)
        if not isinstance(value, str):
            continue
        first, _, rest = value.partition(" ")
        if first.lower() in nouns and rest.strip():
            f.args[param.name] = rest.strip()


def _known(reading: Request, f: Fill, tool: ToolView, known: dict[str, list[str]]) -> None:
    """Names of existing items the router listed (agents, projects, entities), where mentioned."""
    tokens = reading.text.tokens
    for pname, names in known.items():
        param = tool.params.get(pname)
        if param is not None and pname in f.args:
            _first_named(reading, f, param, names)
        if param is None or pname in f.args or ids_list(tool) is param:
            continue  # names never fill a list of ids: each is looked up (`_each_named`)
        found = []
        for name in sorted(names, key=len, reverse=True):
            low = name.lower()
            for i in range(len(tokens)):
                if i in f.used:
                    continue
                span = _span_of(reading, i, low)
                if span:
                    found.append((name, span))
                    break
        if not found:  # "Priya is vegetarian": Priya Shah, the one listed Priya
            found = [(n, [i]) for n, i in first_named(tokens, names) if i not in f.used]
            if len(found) > 1 and param.type != "array":
                found = []  # "Priya and Leo are friends": two people, for one: neither
        if found:
            if param.type == "array":
                f.set(
                    param,
                    [n for n, _ in found],
                    [i for _, s in found for i in s],
                    ", ".join(n for n, _ in found),
                )
            else:
                name, span = found[0]
                f.set(param, name, span, reading.text.slice(span))


def _first_named(reading: Request, f: Fill, param: Param, names: list[str]) -> None:
    """A name a value read by its type took ("when is Priya's birthday?": Priya) that is the
    first word of one listed proper name: that name (Priya Shah)."""
    tokens = reading.text.tokens
    value = f.args[param.name]
    said = value if isinstance(value, list) else [value]
    firsts = first_named(tokens, names)
    if not firsts or not all(isinstance(v, str) for v in said):
        return
    if {str(v).lower() for v in said} != {tokens[i].bare.lower() for _, i in firsts}:
        return
    full = [n for n, _ in firsts]
    f.args[param.name] = full if isinstance(value, list) else full[0]


def _span_of(reading: Request, i: int, name: str) -> list[int]:
    """The tokens from `i` that spell `name` (case-insensitive; `code_generation` as "code
    generation"), or []."""
    found = _spelt(reading, i, name.split())
    if not found and "_" in name:
        found = _spelt(reading, i, name.replace("_", " ").split())
    return found


def _spelt(reading: Request, i: int, parts: list[str]) -> list[int]:
    tokens = reading.text.tokens
    if i + len(parts) > len(tokens):
        return []
    for k, part in enumerate(parts):
        tok = tokens[i + k]
        text = tok.inner.lower() if tok.kind == "quoted" else tok.norm
        if text != part and tok.bare.lower() != part:
            return []
    return list(range(i, i + len(parts)))


def _objects(reading: Request, f: Fill, tool: ToolView, known: dict[str, list[str]]) -> None:
    """An array-of-objects parameter (`entities: [{name, entityType, observations}]`): one item,
    filled like a tool of its own."""
    priced = priced_list(tool)
    for param in tool.role("objects"):
        if param.name in f.args or param.name == priced:  # "bench press 3 sets of 8" (`_sets`),
            continue  # "10 hours of web design at $85/hr" (`_priced_items`)
        items = unwrap(param.schema.get("items") or {})
        view = ToolView.of(
            f"{tool.name}.{param.name}", tool.description, items, read_only=tool.read_only
        )
        view = ToolView(
            view.name,
            view.description,
            tool.verb,
            tool.kind,
            tool.nouns,
            view.params,
            tool.read_only,
            tool.destructive,
            view.describe_words,
        )
        inner = Fill(view, used=set(f.used), nouns=set(f.nouns))
        _pair(reading, inner, view)
        _known(reading, inner, view, known)
        label_values(reading, inner, view, known)
        marked_values(reading, inner, view)
        _rest(reading, inner, view)
        if any(p.name in inner.args for p in view.role("title")):  # a new item: the rest may
            for p in view.required:  # stay empty ("create an entity Carol of type person")
                if p.name not in inner.args and p.type == "array" and p.role in ("list", "tags"):
                    inner.args[p.name] = []
        f.nested[param.name] = inner
        made = bool(inner.args) and not inner.missing()  # an item nobody said is no item
        if made or param.required:  # (a required one is asked for, with what it understood)
            f.used |= inner.used
        if made:
            f.args[param.name] = [inner.args]
            f.evidence[param.name] = "; ".join(f"{k} ← {v}" for k, v in inner.evidence.items())


def _object(reading: Request, f: Fill, tool: ToolView, known: dict[str, list[str]]) -> None:
    """An object parameter (`card: {title, labels, assignee, estimate_points}`): filled field by
    field, as a tool of its own, from the words the rest of the request left."""
    for param in tool.role("object"):
        if param.name in f.args or not isinstance(param.schema.get("properties"), dict):
            continue
        fields = ToolView.of(f"{tool.name}.{param.name}", tool.description, param.schema)
        view = ToolView(
            fields.name,
            fields.description,
            tool.verb,
            tool.kind,
            tool.nouns,
            fields.params,
            tool.read_only,
            tool.destructive,
            fields.describe_words,
        )
        inner = Fill(view, used=set(f.used), nouns=set(f.nouns))
        counted_in(reading, inner, view)  # "3 ton": `tonnage`, "size in tons"
        typed_values(reading, inner, view)
        values_by_type(reading, inner, view)
        date_values(reading, inner, view)
        _known(reading, inner, view, known)
        tag_values(reading, inner, view)
        label_values(reading, inner, view, known)
        enum_values(reading, inner, view)
        flag_values(reading, inner, view)
        marked_values(reading, inner, view)
        destination(reading, inner, tool)
        _rest(reading, inner, view)
        for name in [k for k, v in inner.args.items() if isinstance(v, str)]:
            if view.params[name].role in ("title", "body") and not any(
                c.isalpha() for c in inner.args[name]
            ):  # "2 heat pumps, 3 ton": the count left over is no note
                inner.used -= inner.spans.pop(name, set()) - f.used
                del inner.args[name]
                inner.evidence.pop(name, None)
        f.nested[param.name] = inner
        if inner.args and not inner.missing():
            f.used |= inner.used
            f.args[param.name] = dict(inner.args)
            f.evidence[param.name] = "; ".join(f"{k} ← {v}" for k, v in inner.evidence.items())


def _pair(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "from X to Y" for a pair of parameters named from/to (source/destination)."""
    tokens = reading.text.tokens
    pair = [tool.params.get(a) for a in LEX.pair_words]
    if not all(pair):
        return
    for i, tok in enumerate(tokens):
        start, end = LEX.pair_words
        if tok.norm == start and i + 3 < len(tokens) and tokens[i + 2].norm == end:
            first, second = pair
            assert first is not None and second is not None
            f.set(first, tokens[i + 1].inner, (i, i + 1), tokens[i + 1].text)
            f.set(second, tokens[i + 3].inner, (i + 2, i + 3), tokens[i + 3].text)
            return


def _not_asking(reading: Request, free: list[int]) -> list[int]:
    """`free` without the words that put the question (lexicon `ASKING_VERBS` with one of
    `ASKED_OF` beside it or after a question word, `ASKING_PHRASES`): "physics am I" is
    "physics"; "what are my weak topics in maths", "maths"."""
    tokens = reading.text.tokens
    norms = [t.norm for t in tokens]
    out = set(free)
    for i, word in enumerate(norms):
        if word in LEX.asked_of and (
            (i and norms[i - 1] in LEX.asking_verbs)
            or (i + 1 < len(norms) and norms[i + 1] in LEX.asking_verbs)
        ):
            out -= {i - 1, i, i + 1} if i and norms[i - 1] in LEX.asking_verbs else {i, i + 1}
        elif word in LEX.asking_verbs and i and norms[i - 1] in LEX.wh_words:
            out.discard(i)
    last = max((i for i, t in enumerate(tokens) if t.kind != "punct"), default=-1)
    if last > 0 and norms[last] in LEX.asking_verbs and reading.action.question:  # "(remind me)
        out.discard(last)  # what the grapple rules are": the question's own verb, last
    for phrase in LEX.asking_phrases:
        size = len(phrase.split())
        for i in range(len(norms) - size + 1):
            if " ".join(norms[i : i + size]) == phrase:
                out -= set(range(i, i + size))
    return [i for i in free if i in out]


def _rest(reading: Request, f: Fill, tool: ToolView) -> None:
    """What is left: a title, a body, a query, or the words naming an existing item."""
    tokens = reading.text.tokens
    kind = tool.kind
    free = [i for i in free_tokens(reading, f) if tokens[i].norm not in GENERIC]
    ident = tool.identifier
    acts_on_item = (
        ident is not None
        and ident.name not in f.args
        and (
            kind in ("update", "delete", "stop", "restart", "check")
            or tool.is_get
            or (kind == "run" and ident.role == "key")
            or ident.required
        )
    )
    # a run that takes no text ("Mark a task as in-progress"): what is left names its item
    runs_item = kind == "run" and not tool.role("title", "body", "query")
    if kind == "update" or (acts_on_item and (kind != "run" or runs_item)):
        target(reading, f, tool, free)
        free = [i for i in free if i not in f.used]
    named = [v for v in reading.typed("name") if set(v.tokens) <= set(free)]
    if acts_on_item and kind == "create" and named:  # "log a call with Maria": she is the item,
        span = list(named[0].tokens)  # the rest says what to record
        f.reference, f.reference_tokens = str(named[0].value), span
        f.used.update(span)
        free = [i for i in free if i not in f.used]
        acts_on_item = False
    if acts_on_item and (kind != "run" or runs_item):
        own = [  # "mark X as complete"; "tag it garden and make it low": a verb on "it"
            i
            for i in free
            if _tool_verb(tokens[i].norm, tool)
            or (tokens[i].possessive and singular(tokens[i].bare.lower()) in tool.nouns)
            or (
                tokens[i].norm in VERBS
                and i + 1 < len(tokens)
                and tokens[i + 1].norm in LEX.object_pronouns
            )
        ]
        f.used.update(own)
        if kind == "update":  # "change the due date of the tax task": a field, not the item
            _fields_named(reading, f, tool, free, own)
        remark = _remark(reading, free)  # ", I sold the bike": why, not which item
        if reading.action.past or _now_for(reading, tool):  # "I called mum yesterday": when
            remark += [i for i in free if i in reading.when_tokens and i not in remark]
        f.used.update(remark)
        kept = trim(
            reading,
            [i for i in free if tokens[i].norm not in _REF_SKIP and i not in own + remark],
        )
        if all(tokens[i].norm in LEX.done_words or is_function(tokens[i].norm) for i in kept):
            f.used.update(kept)  # "mark it done": the word that says done never names the item
            kept = []
        kept = text_after_colon(reading, f, tool, kept)
        if len(kept) > 1 and _kind_word(tokens[kept[-1]].norm, tool):
            f.used.add(kept[-1])  # "a note to the login test task": what it is, not its name
            kept = trim(reading, kept[:-1])
        states = _states_named(tool)  # `mark_read`, `mark_unread`: "as read" is a state
        said_done = [  # "mark task T-3002 as done": nor does "as done" after it
            i
            for i in kept
            if (tokens[i].norm in LEX.done_words or tokens[i].norm in states)
            and i > 0
            and tokens[i - 1].norm in _MARKERS_TO
        ]
        f.used.update(said_done)
        kept = trim(reading, [i for i in kept if i not in said_done])
        kept = _state_first(reading, f, tool, kept)
        if kept and kept[-1] + 1 < len(tokens) and tokens[kept[-1] + 1].norm in GENERIC:
            f.used.add(kept[-1] + 1)  # "the birthday present item": what it is, not its name
        f.reference = text_of(reading, kept) if kept else ""
        if len(kept) == 1 and tokens[kept[0]].possessive:  # "update Maya's birth time": Maya
            f.reference = tokens[kept[0]].bare
        f.reference_tokens = kept
        f.used.update(kept)
        if not kept:
            done_by_verb(reading, f, tool)  # "I meditated today": the habit "meditate"
        return
    if kind == "update":  # a new title comes from "rename X to Y", never from what is left
        replaced_after_colon(reading, f, tool, free)
        return
    free = _without_verbs(reading, free)
    texts = [p for p in tool.role("title", "body", "query") if p.name not in f.args]
    if kind in ("read", None) and not texts:  # `exercise_history(exercise)`: what to read about
        texts = [
            p
            for p in tool.role("label", "expression")
            if p.name not in f.args and p.name not in f.fields and _asks_for(tool, p, f)
        ]
    lists = [  # a text is never an item of a list of numbers (`indices: [int]`)
        p for p in tool.role("list") if p.name not in f.args and p.required and not _numbered(p)
    ]
    if not texts and lists and not tool.role("title"):  # "add an observation to Acme: founded"
        kept = trim(reading, free)
        quoted = [i for i in kept if tokens[i].kind == "quoted"]
        kept = quoted[:1] or kept
        if kept:
            f.set(lists[0], [text_of(reading, kept)], kept, reading.text.slice(kept))
        return
    if kind == "run" and acts_on_item:
        texts = [p for p in texts if p.role == "body"]
    if not texts:
        return
    param = next((p for p in texts if p.required), texts[0])
    if kind == "read" and param.role != "query" and not _asks_for(tool, param, f):
        return
    if kind == "create" and not param.required and param.role != "title" and tool.role("title"):
        return
    if kind == "read" and _total_asked(reading):
        return  # "how much did I spend this month": a total asked, no words to search for
    if kind == "read":
        free = [i for i in _after_for(reading, free) if tokens[i].norm not in _QUANTIFIERS]
        free = _not_asking(reading, free)  # "which physics topics am I weakest at": physics
        searching = reading.action.group == LEX.group("search") or reading.action.bare
        searching = searching or _asks_for(tool, param, f)
        if not searching and not any(tokens[i].norm in _MARKERS for i in free_tokens(reading, f)):
            return
    clause = second_clause(reading) if kind == "create" else None
    if clause is not None:  # "call dentist and make it high priority": the title ends at "and"
        if clause.same:  # its verb and "it" say a change to the record made
            f.used.update(range(clause.join, clause.verb + 2))
        free = [i for i in free if i < clause.join]
    apart = dates_apart(reading, tool, param, free)  # a day a body says, and no date kept
    kept = trim(reading, _one_run(reading, f, free, apart) if kind not in ("read", "run") else free)
    if kind == "read" and kept:  # "anything about auth? I think someone chose Auth0": auth,
        ends = [i for i in kept if tokens[i].kind == "punct" and tokens[i].text in _SENTENCE_ENDS]
        kept = trim(reading, [i for i in kept if not ends or i < ends[0]])  # its sentence's
    while kept and kind == "create" and tokens[kept[-1]].norm in LEX.done_words:
        if described_state(tool) != done_state():  # "mark meditate done" for "Log a habit as
            break  # done": the word that says done is the tool's, never the habit's name
        f.used.add(kept.pop())
    quoted = [i for i in free if tokens[i].kind == "quoted"]
    if len(quoted) == 1 and kind in (None, "read") and _asks_for(tool, param, f):
        kept = quoted  # "when does the cron '0 9 * * 1' fire next?": the expression
    if kind == "create" and kept:  # "send him the updated price list": a generic noun that
        after = kept[-1] + 1  # ends a compound is the title's
        if (
            after < len(tokens)
            and tokens[after].norm in GENERIC
            and after in free_tokens(reading, f)
            and not is_function(tokens[kept[-1]].norm)
            and (after + 1 == len(tokens) or after + 1 not in free_tokens(reading, f))
        ):
            kept.append(after)
    if kind == "create" and names_a_record(reading, kept):
        return  # "add the @store context to the birthday present item": the item's name
    if kind == "create" and (in_own_container(reading, kept) or in_place_said(reading, kept)):
        return  # "save <url> to my bookmarks bar", "... in the vault": a place, never a title
    if kind == "create" and param.role == "body" and not param.required and kept:
        before = kept[0] - 1  # an optional text takes words only when said to be about it
        while (
            before >= 0
            and before not in f.used
            and is_function(tokens[before].norm)
            and tokens[before].norm not in LEX.body_markers
        ):
            before -= 1
        marked = before >= 0 and tokens[before].norm in LEX.body_markers
        if tokens[kept[0]].kind != "quoted" and not marked:
            return
    if kept and tokens[kept[0]].kind == "quoted" and (param.role == "title" or kind == "create"):
        kept = kept[:1]  # "Schedule 'Design critique' with ...": the quotes say where it ends
    labelled = [
        i
        for i in kept
        if tokens[i].kind == "quoted"
        and i > 0
        and (tokens[i - 1].norm in _LABELISH or singular(tokens[i - 1].norm) in param.words)
    ]
    if labelled:  # "save the text "remember the milk" in todo.txt"
        kept = labelled[:1]
        f.used.add(kept[0] - 1)
    own_title = len(tool.role("title")) == 1 or bool(set(param.words) & tool.nouns)
    if not kept and kind == "create" and param.role == "title" and param.required and own_title:
        kept = [  # (never the name of another record's: `deck_name` of `create_note`)
            i
            for i in noun_tokens(reading, tool)
            if i not in reading.action.tokens
            and not any(  # "schedule a standup"
                noun_strength(tokens[i].norm, n) == 1.0 for n in tool.nouns
            )
        ][:1]
    pattern = param.schema.get("pattern")
    if pattern and kept and fits_pattern(pattern, "a b") is False:  # a name: one word that fits
        fits = [i for i in kept if fits_pattern(pattern, tokens[i].inner)]
        kept = fits[:1]
    if kind == "read" and param.role in ("title", "label"):  # "what does X mean": X alone
        kept = meant(reading) or kept
    if kind is None and reading.action.question and param.role == "label":  # "what fertilizer
        kept = _not_asking(reading, _after_for(reading, kept))  # do i use for tomatoes"
    if kind in ("read", None) and param.role == "label" and param.one_word:  # "when should i
        cued = cued_tokens(reading, tool)  # plant maize in nakuru": maize, one crop's name
        kept = _content_run(reading, kept, sorted({*kept, *free}), cued)
    if kind in ("read", None) and param.role in ("label", "title"):  # a name: one run of words
        kept = one_name(reading, kept, _MARKERS)
    if kept and not dated_text(reading, kept, kind, param):  # (a second day said: which is asked)
        f.set(param, text_of(reading, kept), kept, reading.text.slice(kept))


_SENTENCE_ENDS = ("?", "!", ".")
_NAME_WORDS = 2  # the words of a name its examples show as one word, at most


def _content_run(reading: Request, kept: list[int], free: list[int], cued: list[int]) -> list[int]:
    """The run of words that are no function word nor number, for a value written as one
    word or two ("maize in nakuru": maize; "sukuma wiki": both): of the free words, the one
    right after a word of the tool's cue ("the best time to plant beans": beans), else the
    first of `kept`; none when the run is longer ("award bios beeping": no crop's name)."""
    tokens = reading.text.tokens
    verbs = [  # a cue's word said as a verb: after "to", "i", "should" ("to plant beans"),
        i
        for i in cued
        if i > 0 and is_function(tokens[i - 1].norm)  # not as a noun
    ]  # ("sukuma wiki planting season", "coffee harvest season")
    after = [r for r in _word_runs(reading, free) if r[0] - 1 in verbs]
    run = (after or _word_runs(reading, kept) or [[]])[0]
    return run if len(run) <= _NAME_WORDS else []


def _word_runs(reading: Request, indices: list[int]) -> list[list[int]]:
    """The runs of `indices` in a row that are words, no function word."""
    tokens = reading.text.tokens
    runs: list[list[int]] = []
    for i in indices:
        tok = tokens[i]
        if is_function(tok.norm) or tok.kind != "word":
            continue
        if runs and i == runs[-1][-1] + 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return runs


def _total_asked(reading: Request) -> bool:
    """Whether the request asks an amount ("how much did I spend ...?", "how many ...?") and
    says no topic ("about Sara"): its words ask a total, they are no text to search for."""
    return (
        reading.action.question
        and bool(reading.words & LEX.amount_words_asked)
        and not said_topic(reading)
    )


def _asks_for(tool: ToolView, param: Param, f: Fill) -> bool:
    """A read that needs one text to say what to read, no item's identifier: "show me my squat
    history" for `exercise_history(exercise)`; or the one text it still needs when the request
    said the rest ("sha256 of 'hello world'" for `hash(input, algorithm)`); or a read whose one
    parameter, optional, is a text its description names ("for one exercise or all of them")."""
    needed = [p for p in tool.required if p.role != "const" and p.name not in f.args]
    alone = (  # `records(exercise)`, "for one exercise or all of them": "my bench records"
        not needed
        and list(tool.params.values()) == [param]
        and param.role == "label"
        and bool(set(words_of(param.name)) & tool.describe_words)
        and not any(form in param.describe for form in LEX.day_formats)  # "Data YYYY-MM-DD"
    )
    return (
        (needed == [param] or alone)
        and param is not tool.identifier
        and param.type in ("string", None)
        and not set(param.words) & LEX.container_words  # a board, a project: listed, by name
    )


def _kind_word(word: str, tool: ToolView) -> bool:
    """Whether `word` names the kind of item the tool's identifier finds, when that is not
    the tool's own noun (`add_note(task_id)`: "task")."""
    ident = tool.identifier
    word = singular(word)
    return ident is not None and word in ident.words and word not in tool.nouns


def _remark(reading: Request, free: list[int]) -> list[int]:
    """A clause after a break that starts with a subject of its own ("delete the bike light
    todo, I sold the bike"): it says why, never which item. Its free words, to the end."""
    tokens = reading.text.tokens
    for i in free:
        if (
            tokens[i].norm in LEX.clause_breaks
            and i + 1 in free
            and tokens[i + 1].norm in LEX.remark_subjects
        ):
            return [j for j in free if j >= i]
    for i, tok in enumerate(tokens[:-1]):  # "delete that one, changed my mind": the item is
        if (
            reading.pronoun
            and tok.norm in LEX.clause_breaks
            and is_past(tokens[i + 1].text.lower())
        ):
            return [j for j in free if j > i]  # "that one", the rest why
    return []


def _fields_named(
    reading: Request, f: Fill, tool: ToolView, free: list[int], own: list[int]
) -> None:
    """Words of an update that name a field with no value ("set the kitchen project's
    priority"): set aside as fields to ask for, unless the item's noun follows them ("the
    release notes task": a title)."""
    tokens = reading.text.tokens
    ident = tool.identifier
    found: list[tuple[int, str]] = []
    for i in free:
        word = singular(tokens[i].bare.lower())
        if word in tool.nouns or is_function(word):
            continue
        if _labels_its_value(reading, f, tool, i):  # "set the due date to wednesday 5pm"
            own.append(i)
            f.used.add(i)
            continue
        for param in tool.params.values():
            if (
                word in param.words
                and param.name not in f.args
                and param is not ident
                and param.role not in ("id", "key", "keys", "const")
            ):
                found.append((i, param.name))
                break
    at = {i for i, _ in found}
    for i, name in found:
        j = i + 1
        while j in at:
            j += 1
        if j < len(tokens) and singular(tokens[j].bare.lower()) in tool.nouns:
            continue
        own.append(i)
        f.used.add(i)
        if name not in f.fields:
            f.fields.append(name)


def _labels_its_value(reading: Request, f: Fill, tool: ToolView, i: int) -> bool:
    """Whether a word names a field given a value right after it and "to" ("the due date to
    wednesday 5pm": `due_date`), or right after its other words ("due date"): its label, no
    word of the item's name."""
    tokens = reading.text.tokens
    word = singular(tokens[i].bare.lower())
    for name, span in f.spans.items():
        param = tool.params.get(name)
        if param is None or word not in param.words or not span:
            continue
        j = i + 1
        while j < len(tokens) and singular(tokens[j].bare.lower()) in param.words:
            j += 1  # "date" of "due date"
        if j < min(span) and tokens[j].norm in LEX.change_to and j + 1 == min(span):
            return True
    return False


def _now_for(reading: Request, tool: ToolView) -> bool:
    """ "I'll begin on the offsite planning today": a change said for today, by a tool with no
    day or time to take it, is made now; the day is when, not which item."""
    when = reading.when
    return (
        when is not None
        and when.kind == "day"
        and when.label in LEX.today[:1]
        and tool.kind in ("update", "run")
        and not tool.role("moment", "day", "since", "until")
    )


def _state_first(reading: Request, f: Fill, tool: ToolView, kept: list[int]) -> list[int]:
    """ "start working on the login test": the state the tool's description says it sets
    ("Mark a task as in progress"), said before the item's name, is no word of the name."""
    state = described_state(tool)
    norms = [t.norm for t in reading.text.tokens]
    if state is None or not kept or state_at(norms, kept[0]) != state:
        return kept
    said = kept[: state_length(norms, kept[0])]
    if said != list(range(kept[0], kept[0] + len(said))) or len(said) == len(kept):
        return kept
    f.used.update(said)
    return trim(reading, kept[len(said) :])


def _states_named(tool: ToolView) -> set[str]:
    """The words of a tool's name that say a state, not its item (`mark_read_tool`: "read"),
    and each of its words without or with a negating prefix (`mark_unread`: "read" too)."""
    words = set(words_of(tool.name))
    named = words - tool.nouns
    for prefix in LEX.negated_prefixes:
        named |= {w[len(prefix) :] for w in words if w.startswith(prefix)}
        named |= {prefix + w for w in words}
    return named


def _tool_verb(word: str, tool: ToolView) -> bool:
    """Whether `word` is the tool's own verb ("complete" for `complete_todo`): it says what to
    do, never which item."""
    return tool.verb is not None and len(word) > 3 and stem(word) == stem(tool.verb)


def _one_run(reading: Request, f: Fill, free: list[int], dates: set[int]) -> list[int]:
    """The words of one text: the first run of free words with content in it (function words
    inside it stay: "buy a present for Tom"). A date (`dates`: the tokens of one that stands
    apart from the text, `_undated`), a time, a length or a typed value is never part of it, and
    the words of another run are left over (and so asked about)."""
    typed = dates | (set(reading.duration[1]) if reading.duration else set())
    loose = ("name", "currency", "number", "numbers")  # may be words of a text
    typed |= {i for v in reading.values if v.kind not in loose for i in v.tokens}
    runs: list[list[int]] = []
    tokens = reading.text.tokens
    for i in free:
        if i in typed or tokens[i].norm in LEX.clause_breaks:  # "ideas, whatever 7": two runs
            runs.append([])
            continue
        if runs and runs[-1] and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    for run in runs:
        if any(tokens[i].kind != "punct" and not is_function(tokens[i].norm) for i in run):
            return _after_heading(reading, f, run)
    return []


def _after_heading(reading: Request, f: Fill, run: list[int]) -> list[int]:
    """ "new epic on the board: Onboarding revamp": the text is what follows a colon; the words
    before it are a heading, accounted for only when they are the tool's own words."""
    tokens = reading.text.tokens
    colon = next((n for n, i in enumerate(run) if tokens[i].norm in LEX.heading_marks), None)
    if colon is None or colon + 1 >= len(run):
        return run
    tool = f.tool
    for i in run[: colon + 1]:
        word = singular(tokens[i].norm)
        if (
            tokens[i].kind == "punct"
            or is_function(tokens[i].norm)
            or word in tool.nouns
            or word in tool.describe_words
        ):
            f.used.add(i)
    return run[colon + 1 :]


def _numbered(param: Param) -> bool:
    """Whether an array's items are numbers (`indices: list[int]`)."""
    items = param.schema.get("items")
    return isinstance(items, dict) and items.get("type") in ("integer", "number")


def _without_verbs(reading: Request, free: list[int]) -> list[int]:
    """Without a verb that goes with the action ("start tracking time", "go ahead and add")."""
    tokens = reading.text.tokens
    out = list(free)
    while (
        out
        and tokens[out[0]].kind == "word"
        and tokens[out[0]].norm.endswith(LEX.gerund)
        and (stem(tokens[out[0]].norm) in _VERB_STEMS)
        and out[0] - 1 in reading.action.tokens
    ):
        out.pop(0)
    return out


_VERB_STEMS = frozenset(stem(v) for v in VERBS)


_REF_SKIP = LEX.reference_skip
_MARKERS_TO = frozenset(LEX.change_markers)
_LABELISH = LEX.labelish
_QUANTIFIERS = LEX.quantifiers
_MARKERS = LEX.search_markers


def _after_for(reading: Request, free: list[int]) -> list[int]:
    """A search's words: after "for"/"about"/"matching" when there is one."""
    tokens = reading.text.tokens
    for marker in _MARKERS:
        at = [i for i in free if tokens[i].norm == marker]
        if at:
            return [i for i in free if i > at[0]]
    return free
