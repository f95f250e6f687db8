"""What the router knows of a tool, read from its name, description and JSON Schema only.

`ToolView.of(definition)` gives the tool's verb (the verb word of its name, else of its
description) and the kind of action it does (create, read, update, delete, run, stop, restart,
check), its nouns, and for each parameter a `Param` with the role the schema suggests: an id, a
name that identifies an item (`agent_name`), a title-like string, a body, a search query, a
date-time, a day, a duration, people, tags, a URL, a path, a place, a named label (project,
branch, collection), an enum, a count, a flag, a list of objects. No tool or parameter name is
known in advance: roles come from the parameter's name words, type, format and description
(and the bounds a number's description states, `_stated_bounds`; the values it lists, read as
an enum: `_listed`). A new record's name is the one title it needs (`subject`, "Player/character/
Pokemon name"), another title it takes (`set_name`) a label naming what it belongs to.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Literal

from orchestrator.offline._described_keys import described_items
from orchestrator.offline._listed import described_enum, glossed_values, listed_values, spelled
from orchestrator.offline._measured_amounts import measured_amounts
from orchestrator.offline._schema import fits_pattern, resolve, unwrap
from orchestrator.offline._shaped import example_of
from orchestrator.offline._stated_bounds import stated_bounds
from orchestrator.offline._tokens import param_words, singular, stem, words_of
from orchestrator.offline.lexicon import KINDS, Kind
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["KINDS", "VERBS", "Kind", "Param", "ToolView", "operation_of", "twin_of", "unwrap"]

VERBS = LEX.verbs


Role = Literal[
    "expression",
    "id",
    "key",
    "keys",
    "title",
    "body",
    "query",
    "moment",
    "day",
    "since",
    "until",
    "duration",
    "people",
    "person",
    "tags",
    "list",
    "url",
    "path",
    "paths",
    "place",
    "label",
    "enum",
    "count",
    "number",
    "flag",
    "const",
    "token",
    "objects",
    "object",
    "numbers",
    "matrix",
    "text",
    "amount",
    "currency",
    "quantity",
    "unit",
    "phone",
    "email",
    "first_name",
    "last_name",
    "company",
    "zone",
    "clock",
    "month",
    "confirm",
    "secret",
]


_QUOTED = re.compile(r"[\"'`]([^\"'`]+)[\"'`]")  # a value quoted in a description


@dataclass(frozen=True)
class Param:
    name: str
    schema: dict[str, Any]
    role: Role
    required: bool
    words: tuple[str, ...]  # the name's words, singular: entityType -> (entity, type)
    describe: str  # the description, lower case
    marker: str = ""  # a mark the server adds to each name ("+" of "+car"): never sent
    allowed: tuple[str, ...] = ()  # the values its description lists ("One of high, med, low")
    own: str = ""  # its own line in the tool's description ("tags: New full tag list ..."), lower
    example: str = ""  # an example in a notation its value must be shaped like (`_shaped`)
    # what each listed value means, in its description's words ("P3 (low)": P3, ("low",))
    glosses: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @cached_property
    def type(self) -> str | None:
        kind = self.schema.get("type")
        return kind if isinstance(kind, str) else None

    @property
    def enum(self) -> list[Any]:
        return list(self.schema.get("enum") or [])

    @cached_property
    def examples(self) -> frozenset[str]:
        """The quoted values its description gives as examples after a word that leads them
        (lexicon `EXAMPLE_LEADS`: "Name of the workout (e.g., 'neck roll', 'pushups')"), two
        or more, lower case; none when it gives one only."""
        for text in (self.describe, self.own):
            for lead in LEX.example_leads:
                at = text.find(lead)
                values = _QUOTED.findall(text[at + len(lead) :].split(")")[0]) if at >= 0 else []
                if len(values) >= 2:
                    return frozenset(v.strip().lower() for v in values)
        return frozenset()

    @cached_property
    def plain_examples(self) -> tuple[str, ...]:
        """The examples its description gives after a word that leads them, quoted or not
        ("Crop name such as maize or beans": maize, beans), lower case."""
        for text in (self.describe, self.own):
            for lead in LEX.example_leads:
                at = text.find(f" {lead} ")
                if at < 0:
                    continue
                said = re.split(r"[().;:]", text[at + len(lead) + 2 :])[0]
                values = [v.strip(" '\"`") for v in re.split(r",|\bor\b|\band\b", said)]
                return tuple(v.lower() for v in values if v)
        return ()

    @property
    def one_word(self) -> bool:
        """Whether the examples its description gives are each one word ("Crop name such as
        maize or beans"): a value said is one word or two, never a phrase ("maize in nakuru":
        maize)."""
        return bool(self.plain_examples) and all(len(v.split()) == 1 for v in self.plain_examples)

    @property
    def replaces(self) -> bool:
        """A list whose new value replaces the old one (so an addition must carry the rest)."""
        return self.type == "array" and LEX.replace_describe in (self.describe or self.own)


def _role(
    name: str,
    schema: dict[str, Any],
    words: tuple[str, ...],
    describe: str,
    creates: bool,
    reads: bool = False,
    own: str = "",  # its line in the tool's description, read only to say it is of a time
    unkinded: bool = False,  # the tool's verb is its own (`cast_event_chart`): no known kind
) -> Role:
    kind, fmt = schema.get("type"), schema.get("format")
    low = name.lower()
    if len(words) > 1 and words[-1] == LEX.filter_word:  # project_filter: a filter on the project
        core = _role(
            name[: -len(LEX.filter_word)].rstrip("_"), schema, words[:-1], describe, creates, reads
        )
        return (
            "day"
            if core in ("moment", "since", "until")
            else (core if core not in ("title", "body", "query", "key") else "label")
        )
    if len(words) > 1 and words[-1] in LEX.text_format_words:  # `body_markdown`: a body
        words = words[:-1]
    last = words[-1] if words else low
    if "const" in schema:
        return "const"
    if kind == "string" and _token_described(describe):  # "Token from the dry run the user
        return "token"  # approved": what a call returned, never the request's words
    if kind == "boolean":
        return "flag"
    if kind == "integer" and _listed_number(describe):  # "Sheet row number of the application
        return "id"  # (see list/get results)": the record's number, as its listing gives it
    typed = _typed_role(name, schema, words, describe)
    if typed is not None:
        return typed
    if "enum" in schema:
        return "enum"
    if kind == "array":
        items = unwrap(schema.get("items") or {})
        if items.get("type") == "object":
            return "objects"
        if items.get("type") == "array":  # rows of numbers, or a list of such grids
            return "matrix"
        if items.get("type") == "number" or (
            items.get("type") == "integer" and not _is_id(name, schema) and last in LEX.data_words
        ):
            return "numbers"
        if last in LEX.people_words or any(w in describe for w in LEX.people_describe):
            return "people"
        if last in LEX.tag_words or any(w in describe for w in LEX.tag_describe):
            return "tags"
        if last in LEX.path_words:
            return "paths"
        if last in LEX.names_words:
            return "keys"
        return "list"
    if kind == "object":
        return "object"
    if kind in ("integer", "number"):
        if last in LEX.duration_words or any(w in describe for w in LEX.duration_describe):
            return "duration"
        if last in LEX.count_words or any(w in describe for w in LEX.count_describe):
            return "count"
        if (  # `max_results`, `maxItems`: how many of the things read
            reads and kind == "integer" and len(words) > 1 and words[0] in LEX.count_words
        ) and low.endswith("s"):
            return "count"
        return "number"
    if _is_id(name, schema):
        return "id"
    if " ".join(words) in LEX.credential_names:  # `api_key`: the server's, never said
        return "secret"
    if fmt == "date-time":
        return _moment_role(words)
    if fmt == "date":
        return {"since": "since", "until": "until"}.get(_moment_role(words), "day")  # type: ignore[return-value]
    if fmt in ("uri", "url") or last in LEX.url_words:
        return "url"
    if last in LEX.path_words or "path" in words:
        return "path"
    name_word = LEX.name_word
    if (
        last == name_word
        and (creates or unkinded)
        and len(words) > 1
        and words[-2] in LEX.place_words
    ):
        return "place"  # `birth_location_name`: the place, no title of the record
    if last == name_word and len(words) > 1 and not creates:
        return "key"
    if last == name_word and words[0] in LEX.key_nouns and len(words) > 1:
        return "key"
    if last in LEX.title_words and not (last == name_word and not creates):
        return "title"
    if last == name_word:
        return "key"
    timely = any(w in LEX.timely_words for w in words) or any(
        w in (describe or own) for w in LEX.timely_describe
    )  # `cooked_on: ISO date string`
    if (last in LEX.moment_words and timely) or any(w in LEX.date_words for w in words):
        return _moment_role(words)
    if last in LEX.people_words:
        return "person"
    if last in LEX.query_words:
        return "query"
    if last in LEX.body_words:
        return "query" if reads else "body"
    if last in LEX.place_words:
        return "place"
    return "label"


def _is_id(name: str, schema: dict[str, Any]) -> bool:
    low = name.lower()
    return (
        schema.get("format") == "uuid"
        or low in LEX.id_words
        or low.endswith(LEX.id_suffixes)
        or (low.endswith("id") and name[-2:] == "Id")
    )


def _token_described(describe: str) -> bool:
    """Whether a text's description says it is a token a call gave (lexicon `TOKEN_WORDS`
    first: "Token from the dry run the user approved")."""
    words = re.findall(r"[a-z]+", describe.lower())
    return bool(words) and words[0] in LEX.token_words


def _listed_number(describe: str) -> bool:
    """Whether a number's description sends to a listing for it ("(see list/get results)":
    lexicon `ID_SOURCE_LEADS`, `ID_SOURCE_WORDS`)."""
    words = re.findall(r"[a-z]+", describe.lower())
    for k, word in enumerate(words):
        if word in LEX.id_source_leads and set(words[k + 1 : k + 4]) & LEX.id_source_words:
            return True
    return False


def _enum_within(schema: dict[str, Any], names: Mapping[str, str]) -> bool:
    values = schema.get("enum") or []
    return len(values) >= 2 and all(isinstance(v, str) and v.lower() in names for v in values)


def _typed_role(
    name: str, schema: dict[str, Any], words: tuple[str, ...], describe: str
) -> Role | None:
    """The roles a value's type decides: an id (string or integer), money, a quantity and its
    unit, a phone number, an email address, a person's names, a company, a time zone, a time of
    day, a month. None when the parameter is none of these."""
    kind, fmt = schema.get("type"), schema.get("format")
    said = set(words)
    joined = "".join(words)
    if kind in ("string", "integer", None) and "enum" not in schema and _is_id(name, schema):
        return "id"
    if kind in ("number", "integer") or (kind is None and "enum" not in schema and len(said) == 1):
        codes = {code.lower() for code in LEX.currencies}  # (`price_usd`; never `weight_pounds`)
        if said & (LEX.money_units.keys() | codes) or any(
            unit in (describe if not unit.isascii() else words_of(describe))
            for unit in LEX.money_units
        ):  # `annual_salary_manwon`, `total_won`, "(만원)": money, in its unit
            return "amount"
        if said & LEX.amount_words and not said & LEX.duration_words:  # an untyped `amount`
            if any(w in LEX.unit_names for w in words[1:]):  # `amount_ml`: water, no money
                return "quantity"
            return "amount"  # too: its name says it is a number (`max_total_minutes`: a time)
        if said & LEX.quantity_words:
            return "quantity"
        return None
    if said & LEX.currency_words or _enum_within(schema, LEX.currency_names):
        return "currency"
    if said & LEX.unit_words or _enum_within(schema, LEX.unit_names):
        return "unit"
    if kind not in ("string", None) or "enum" in schema:
        return None
    if said & LEX.expression_words:
        return "expression"
    spaced = " ".join(words)
    if any(w in said or w == joined or f" {w} " in f" {spaced} " for w in LEX.timezone_words):
        return "zone"
    if fmt == "time" or any(w in describe for w in LEX.clock_describe):
        return "clock"
    pattern = schema.get("pattern")
    if (said & LEX.month_param_words and fmt not in ("date", "date-time")) or (
        isinstance(pattern, str)
        and _matches(pattern, "2026-03")
        and not _matches(pattern, "2026-03-01")
    ):
        return "month"
    if said & LEX.phone_words:
        return "phone"
    if fmt == "email" or (said & LEX.email_words and len(words) <= 2):
        return "email"
    named = LEX.name_word in said or joined in LEX.first_name_words | LEX.last_name_words
    if named and (said | {joined}) & LEX.first_name_words:
        return "first_name"
    if named and (said | {joined}) & LEX.last_name_words:
        return "last_name"
    if said & LEX.org_words:
        return "company"
    return None


def operation_of(tool: ToolView) -> str | None:
    """The one operation a tool does, by the nouns it is described with ("Returns the sum of
    two numbers": +), when it takes two numbers; else None."""
    numbers = [p for p in tool.required if p.role == "number"]
    if len(numbers) != 2:
        return None
    said = tool.describe_words | tool.nouns
    return next((op for noun, op in LEX.operator_nouns.items() if noun in said), None)


def _range_ends(params: dict[str, Param], said: set[str]) -> None:
    """A `start` and an `end` that are plain text, of a tool its name or description says is
    about days or dates (`business_days_between(start, end)`): a range's two ends."""
    ends = {
        role: [p for p in params.values() if p.role == "label" and set(p.words[-1:]) & words]
        for role, words in (("since", LEX.range_start_words), ("until", LEX.until_words))
    }
    if len(ends["since"]) == 1 and len(ends["until"]) == 1 and said & LEX.timely_words:
        for role, (param,) in ends.items():
            params[param.name] = replace(param, role=role)  # type: ignore[arg-type]


def _second_dates(params: dict[str, Param]) -> None:
    """A parameter named as a day's or a moment's with a number after it (`date2` beside
    `date`, described "Second date for diff") holds a second one of the same kind."""
    for name, param in list(params.items()):
        first = params.get(twin_of(name) or "")
        if param.role == "label" and first is not None and first.role in ("moment", "day"):
            params[name] = replace(param, role=first.role)


def _clock_beside_day(params: dict[str, Param]) -> None:
    """A parameter named only for a clock time (`time`), plain text, beside one named for a day
    (`date`): the time of day, and the other the day ("dinner yesterday 7pm": 19:00 and the
    day before)."""
    moments = [p for p in params.values() if p.role == "moment" and "format" not in p.schema]
    clocks = [p for p in moments if set(p.words) <= LEX.clock_param_words]
    days = [p for p in moments if set(p.words) & LEX.date_words and p not in clocks]
    if len(clocks) == 1 and len(days) == 1:
        params[clocks[0].name] = replace(clocks[0], role="clock")
        params[days[0].name] = replace(days[0], role="day")


def twin_of(name: str) -> str | None:
    """The parameter `name` is a second of (`date` for `date2`), by its name alone."""
    found = re.fullmatch(r"(.*[^\d_])_?\d+", name)
    return found.group(1) if found else None


_TYPED = r"(?:\s*\([\w\[\], |]*\))?"  # "coin_symbol (str): ..." (a docstring's `Args:`)


def _added_marker(name: str, schema: dict[str, Any], description: str) -> str:
    """The mark the server puts before each name itself, as the parameter's description, or
    its own line in the tool's, says ("projects: List of project names (without + prefix)")."""
    own = re.search(rf"^\s*{re.escape(name)}\s*:\s*(.+)$", description, re.M)
    for text in (str(schema.get("description") or ""), own.group(1) if own else ""):
        for pattern in LEX.added_marker_patterns:
            found = re.search(pattern, text, re.I)
            if found:
                return found.group(1)
    return ""


def _matches(pattern: str, text: str) -> bool:
    return fits_pattern(pattern, text) is True


def _continued(description: str, own: re.Match[str]) -> str:
    """The lines a parameter's own line in a docstring's `Args:` goes on with, each indented
    deeper ("notation: Dice notation string. Examples:" / "- '1d6' - Roll one 6-sided die"):
    one text with it, lower case."""
    start = description.rfind("\n", 0, own.start(1)) + 1
    indent = len(description[start:]) - len(description[start:].lstrip(" \t"))
    more: list[str] = []
    for line in description[own.end() :].split("\n")[1:]:
        if not line.strip() or len(line) - len(line.lstrip(" \t")) <= indent:
            break
        more.append(line.strip())
    return (" " + " ".join(more)).lower() if more else ""


def unit_count(params: Mapping[str, Param], unit: str) -> Param | None:
    """Of a tool that takes a day, its one number parameter named for a unit of time (`days`
    for "days", of `add_business_days(start_date, days)`); else None."""
    if not any(p.role in ("moment", "since") for p in params.values()):
        return None
    named = [
        p
        for p in params.values()
        if p.type in ("integer", "number") and singular(unit) in {singular(w) for w in p.words}
    ]
    return named[0] if len(named) == 1 else None


def _moves_a_day(params: dict[str, Param], item_noun: str) -> bool:
    """Whether a tool named for a unit of time (`add_business_days`) takes one day and a count of
    that unit (`unit_count`), and nothing else it needs: it moves the day, as a calculator does."""
    units = {singular(u) for u in (*LEX.day_units, *LEX.week_units, *LEX.month_units)}
    count = unit_count(params, item_noun) if item_noun in units else None
    days = [p for p in params.values() if p.role in ("moment", "since")]
    others = [p for p in params.values() if p.required and p not in days and p is not count]
    return count is not None and len(days) == 1 and not others


def _moment_role(words: tuple[str, ...]) -> Role:
    if any(w in LEX.since_words for w in words):
        return "since"
    if any(w in LEX.until_words for w in words):
        return "until"
    if LEX.filter_word in words:
        return "day"
    return "moment"


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: the router caches them
class ToolView:
    name: str
    description: str
    verb: str | None
    kind: Kind | None
    nouns: frozenset[str]
    params: dict[str, Param] = field(default_factory=dict)
    read_only: bool = False
    destructive: bool = False
    describe_words: frozenset[str] = frozenset()
    server: str = ""  # the server's name when known (a `server__tool` name, or given)
    item_noun: str = ""  # what a listing lists: the plural word of its name (`list_agent_projects`)
    name_verb: str = ""  # a verb no lexicon knows, the first word of the name: `echo`
    wrapper: str = ""  # the one object parameter seen through (`params`): arguments go inside
    wrapper_required: bool = False
    nulls: tuple[str, ...] = ()  # required but nullable, of a read: null when nothing is said
    # an update's preconditions (`if_unchanged_since`) and the item's field each takes
    # (`updated_at`): never read from the request, never a parameter to fill or to score
    preconditions: tuple[tuple[str, str], ...] = ()
    # one operation of a tool that takes its verb as a parameter (`_operations`): the tool
    # called (`ticket`), and the operation's parameter with its value (`action: create`)
    called: str = ""
    fixed: tuple[tuple[str, Any], ...] = ()

    @property
    def shown(self) -> str:
        """The tool as a user sees it named: its own name, or for one operation of a tool split
        by operation the tool called with that operation (`ticket(action=create)`), never the
        router's name for the operation (`create_ticket`), which no server has."""
        if not self.called:
            return self.name
        return f"{self.called}({', '.join(f'{k}={v}' for k, v in self.fixed)})"

    def operation_of(self, called: str, fixed: tuple[tuple[str, Any], ...]) -> ToolView:
        """This view as one operation of the tool `called`, sent with `fixed` set."""
        return replace(self, called=called, fixed=fixed)

    def sent(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """The arguments as the server takes them: inside the object parameter seen through,
        null for each of `nulls` the request gave no value, the operation's own set."""
        arguments = {**arguments, **{n: None for n in self.nulls if n not in arguments}}
        arguments = {**dict(self.fixed), **arguments}
        if not self.wrapper or (not arguments and not self.wrapper_required):
            return arguments
        return {self.wrapper: arguments}

    def seen(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """A call's arguments as the router reads them: the fields of the object seen through,
        the operation's own left out."""
        inner = arguments.get(self.wrapper) if self.wrapper else None
        seen = inner if isinstance(inner, dict) and len(arguments) == 1 else arguments
        fixed = dict(self.fixed)
        return {
            k: v
            for k, v in seen.items()
            if (k not in self.nulls or v is not None) and k not in fixed
        }

    @classmethod
    def of(
        cls,
        name: str,
        description: str,
        schema: dict[str, Any],
        *,
        read_only: bool = False,
        destructive: bool = False,
        server: str = "",
    ) -> ToolView:
        prefix, _, base = name.rpartition("__")
        server = server or prefix
        parts = words_of(base)
        if len(parts) > 2 and parts[-1] in LEX.self_naming_words:  # `list_feeds_tool`: feeds
            parts = parts[:-1]
        verbs = [  # `entries_by_tag`: the word it lists things by is no verb of it
            p
            for k, p in enumerate(parts)
            if p in VERBS
            and not (k and parts[k - 1] in LEX.name_key_markers)
            and not (k and p in LEX.opening_verbs)  # `effective_rate`: a noun
        ]
        verb = next((v for v in verbs if v not in LEX.dual_words), verbs[0] if verbs else None)
        opens = words_of(description)[:1]
        told = [v for v in verbs if opens and stem(opens[0]) == stem(v)]
        described_verb = len(told) == 1 and told[0] != verb
        if described_verb:  # `log_set`, "Log a set ...": its description says "set" is a noun
            verb = told[0]
        for k in range(len(parts) - 1):  # `check_off_item`, `look_up_contact`: a phrasal verb
            pair = (parts[k], parts[k + 1])
            if pair in LEX.phrasal_pairs and LEX.phrasal_pairs[pair][1] in VERBS:
                verb = LEX.phrasal_pairs[pair][1]
                parts = [*parts[:k], *parts[k + 2 :]]
                break
        described = words_of(description)
        if (  # `tcg_collection_set_completion`, "Compute set-completion progress ...": its
            verb in LEX.dual_words  # description's verb; "set" a noun there
            and len(verbs) == 1
            and described[:1]
            and described[0] in VERBS
            and VERBS[described[0]] != VERBS[verb]  # (`lista_progetti`, "Elenca ...": one)
            and verb in parts[1:]  # (a phrasal verb's, `check_off`, is in no part)
        ):
            verb, described_verb = described[0], True
        if (  # `clear_test_cases`, "Clear all test cases": its own verb first, "test" a noun
            verb is not None
            and parts[:1] == described[:1]
            and parts[0] not in VERBS
            and parts[0] in LEX.name_verb_kinds
        ):
            verb, described_verb = None, True
        if verb is None and not described_verb:
            verb = next((w for w in described[:2] if w in VERBS), None)
        name_verb = ""  # `echo` ("Echoes back the input"): the tool's own verb, not a known one
        if (
            verb is None
            and parts
            and (  # or `export_data_x`: a verb said only by its name
                (described and described[0].startswith(parts[0])) or parts[0] in LEX.said_only_verbs
            )
        ):
            name_verb = parts[0]
        elif verb is None and len(parts) > 1 and described and described[0] == parts[-1]:
            name_verb = parts[-1]  # `pdf_extract`, "Extract a subset of pages ...": its verb last
        elif verb is None and len(parts) > 1 and _inflected(parts[0], described):
            name_verb = parts[0]  # `waitForNextTurn`, "... Waits up to 30 seconds ...": its verb
        kind: Kind | None = VERBS[verb][0] if verb else None
        kind = "update" if name_verb in LEX.append_verbs else kind  # text added to a record's
        if read_only:
            kind = "read" if kind not in ("check",) else kind
        elif kind == "read" and not read_only and verb in LEX.open_verbs:
            kind = "create"
        if destructive and not read_only and kind in ("read", "check"):
            kind = "delete"  # `filter-competitors`, "Remove records matching ...": no read
        nouns = {
            singular(p)
            for p in parts
            if p not in (verb, name_verb)
            and (p not in VERBS or p in LEX.dual_words or p in LEX.opening_verbs or described_verb)
            and p not in LEX.stop_words
        }
        nouns |= {singular(w) for w in words_of(prefix)} if prefix else set()
        if not nouns:  # `search`: the first noun-looking words of the description
            nouns = {
                singular(w)
                for w in described[1:4]
                if w not in LEX.stop_words
                and w not in VERBS
                and len(w) > 3
                and not w.endswith(LEX.not_noun_suffixes)
            }
        plurals = [
            p
            for p in parts
            if p != verb and p.endswith("s") and not p.endswith("ss") and p not in LEX.stop_words
        ]
        named = [p for p in parts if p != verb and p not in LEX.stop_words and p not in VERBS]
        item_noun = singular(plurals[-1]) if plurals else singular(named[-1]) if named else ""
        if not item_noun and len(nouns) == 1:  # `note_list`: its one noun, a verb elsewhere
            item_noun = next(iter(nouns))
        creates = kind == "create"
        schema = resolve(schema)
        props = schema.get("properties") or {}
        required = set(schema.get("required") or ())
        preconditions = tuple(
            (k, LEX.preconditions[k]) for k in props if k in LEX.preconditions and k not in required
        )
        props = {k: v for k, v in props.items() if k not in dict(preconditions)}
        measured = measured_amounts(props)  # `amount` beside a `unit`: a quantity, no money
        params = {}
        strings = [  # a tool's one text may take the example its description gives
            k for k, v in props.items() if isinstance(v, dict) and unwrap(v).get("type") == "string"
        ]
        for pname, raw in props.items():
            pschema = unwrap(raw if isinstance(raw, dict) else {})
            pwords = param_words(pname)
            pschema = described_enum(pname, pschema, pwords, description)
            pschema = stated_bounds(pname, pschema, description)  # "1 (new), 2 (known)"
            pschema = described_items(pname, pschema, description)  # "dicts with keys: ..."
            listed = (
                ()
                if pschema.get("enum") or set(pwords) & LEX.path_words  # a file's kinds: no value
                else listed_values(pname, pschema, description)
            )
            allowed = tuple(dict.fromkeys(v.lower() for v in listed))
            if allowed:  # "status: open|done|all": filled as an enum of those
                pschema = {**pschema, "enum": spelled(listed)}
            describe = str(pschema.get("description", "")).lower()
            marker = _added_marker(pname, pschema, description)
            own = re.search(rf"^\s*{re.escape(pname)}{_TYPED}\s*:\s*(.+)$", description, re.M) or (
                re.search(  # "... or failure. count: identical sets at once": inside a line
                    rf"(?<![\w/])\b{re.escape(pname)}\s*:\s*([^:\n]+?)(?=\s+\w+\s*:|$)",
                    description,
                    re.M,
                )
            )
            own_line = own.group(1).lower() if own else ""
            own_line += _continued(description, own) if own else ""
            role = _role(
                pname,
                pschema,
                pwords,
                describe,
                creates,
                kind == "read",
                own_line,
                unkinded=kind is None and bool(name_verb),
            )
            role = "quantity" if role == "amount" and pname in measured else role
            if role == "path" and pwords[-1] in LEX.path_side_words:  # "Source of the income"
                said = {*nouns, *described, *words_of(describe)}
                role = role if said & (LEX.path_words - LEX.path_side_words) else "label"
            params[pname] = Param(
                pname,
                pschema,
                role,
                pname in required,
                pwords,
                describe,
                marker,
                allowed,
                own_line,
                example_of(pschema, description, only_text=len(strings) == 1, name=pname),
                glossed_values(pname, pschema, description) if allowed else (),
            )
        if any(p.role == "until" for p in params.values()):  # `start_date` .. `end_date`
            for pname, param in params.items():
                if param.role == "moment" and set(param.words) & LEX.range_start_words:
                    params[pname] = replace(param, role="since")
        _range_ends(params, {singular(w) for w in (*parts, *described)})
        _second_dates(params)
        _clock_beside_day(params)
        labels = [p for p in params.values() if p.role == "label"]
        texts = [p for p in labels if p.required] or [  # `exercise`: "name as the user says
            p
            for p in labels
            if (p.describe or p.own).startswith(LEX.title_describe)  # it"
        ]
        if (  # `food_item`: "Name of the food", a new record's one text
            creates
            and len(texts) == 1
            and not any(p.role == "title" for p in params.values())
            and (texts[0].describe or texts[0].own).startswith(LEX.title_describe)
        ):
            params[texts[0].name] = replace(texts[0], role="title")
        titles = [p for p in params.values() if p.role == "title"]
        if creates and sum(p.required for p in titles) == 1:  # `subject` beside `set_name`:
            for param in titles:  # the record's name is the one it needs; the others name
                if not param.required:  # something else it belongs to (the set)
                    params[param.name] = replace(param, role="label")
        if creates and any(p.role == "title" for p in params.values()):
            for param in [p for p in params.values() if p.role == "label" and p.required]:
                if param.words == (item_noun,) and param.type == "string":  # `template` of
                    params[param.name] = replace(param, role="body")  # (name, template): text
        desc_words = frozenset(
            singular(w) for w in described if w not in LEX.stop_words and len(w) > 2
        )
        if kind == "create" and _moves_a_day(params, item_noun):
            kind = "read"  # `add_business_days(start_date, days)`: a day moved, no record made
        return cls(
            name,
            description,
            verb,
            kind,
            frozenset(nouns),
            params,
            read_only,
            destructive,
            desc_words,
            server,
            item_noun,
            name_verb,
            preconditions=preconditions,
        )

    @cached_property
    def upserts(self) -> bool:
        """Whether the tool sets a value under a key it is given, making the record when there
        is none (`set_word_status(word, status)`, `set_preference(key, value)`): its verb is
        "set", it takes no record's id, and a text names what it sets the value of."""
        return (
            self.verb == LEX.set_word
            and self.identifier is None
            and len(self.required) > 1
            and any(p.type == "string" and p.role == "label" for p in self.required)
        )

    @cached_property
    def answers_questions(self) -> bool:
        """Whether its description says to use it when someone asks a question ("Use when a
        farmer asks when to plant or harvest"): it answers, it writes nothing."""
        return any(set(words_of(cue)) & LEX.cue_question_words for cue in self._cues)

    @cached_property
    def _cues(self) -> tuple[str, ...]:
        """The words its description says when to use it for, after each cue's opener."""
        text = self.description.lower()
        return tuple(
            match.group(1)
            for opener in LEX.cue_openers
            for match in re.finditer(rf"\b{re.escape(opener)}\b([^.;:\n]*)", text)
        )

    @cached_property
    def cue_stems(self) -> frozenset[str]:
        """The stems of the words its description says when to use it for ("Use when a farmer
        asks when to plant or harvest": farmer, when, plant, harvest), frame and function
        words aside (a question word kept: "when to plant")."""
        found = set()
        for cue in self._cues:
            for word in words_of(cue):
                if word in LEX.cue_frame_words:
                    continue
                if word in LEX.stop_words and word not in LEX.cue_question_words:
                    continue
                found.add(stem(word))
        return frozenset(found)

    @cached_property
    def required(self) -> list[Param]:
        return [p for p in self.params.values() if p.required]

    @cached_property
    def described_stems(self) -> frozenset[str]:
        """The stems of the description's first words, where it says what the tool does."""
        first = words_of(self.description)[: LEX.weights.described_verb_words]
        return frozenset(stem(w) for w in first)

    @cached_property
    def _by_role(self) -> dict[str, list[Param]]:
        out: dict[str, list[Param]] = {}
        for param in self.params.values():
            out.setdefault(param.role, []).append(param)
        return out

    def role(self, *roles: str) -> list[Param]:
        if len(roles) == 1:
            return list(self._by_role.get(roles[0], ()))
        return [p for p in self.params.values() if p.role in roles]

    @cached_property
    def identifier(self) -> Param | None:
        """The parameter that names the existing item the tool acts on: its id, else its key,
        else, for a tool that makes nothing, a required title its description says is exact."""
        for roles in (("id",), ("key",), ("keys",)):
            found = [  # an optional list of names beside what the tool needs picks some
                p  # (`pack_order(request, box_ids?)`: which boxes to draw): no item's name
                for p in self.params.values()
                if p.role in roles and (p.required or p.role != "keys" or not self.required)
            ]
            if found:
                return next((p for p in found if p.required), found[0])
        if self.kind == "create":
            return None
        for param in self.required:  # `path`: "Entry path (folder/filename.txt)": one entry's
            said = {singular(w) for w in words_of(param.describe)}
            if param.role == "path" and said & self.nouns and not self.is_lister:
                return param
        for param in self.required:  # "title: Exact title of the task to move": it names one
            said = set(words_of(param.describe or param.own))
            if param.role == "title" and said & LEX.exact_words:
                return param
        return None

    @cached_property
    def new_text(self) -> tuple[Param, ...]:
        """Where an item's new text goes in a change: its title; else a name that is not what
        finds the item (`name` beside an `id`, `new_name`); else, when an id finds it, its one
        text (`text`, `description`): never the name the item is found by."""
        ident = self.identifier
        free = [p for p in self.params.values() if p is not ident]
        for role in ("title", "key"):
            found = tuple(p for p in free if p.role == role)
            if found:
                return found
        bodies = tuple(p for p in free if p.role == "body")
        if ident is not None and ident.role == "id" and len(bodies) == 1:
            return bodies
        return ()

    @cached_property
    def replaced_text(self) -> Param | None:
        """Where a change that keeps the item's name puts what it now says ("update the packing
        note: ...", "change the plumber note to 0176 ..."): its new text, else its one text when
        an id or a name finds the item; never where a rename goes."""
        if self.new_text:
            return None
        ident = self.identifier
        bodies = [p for p in self.params.values() if p.role == "body" and p is not ident]
        return bodies[0] if ident is not None and len(bodies) == 1 else None

    @property
    def is_get(self) -> bool:
        """A read of one item (it needs an identifier), not a listing."""
        ident = self.identifier
        return self.kind == "read" and ident is not None and ident.required

    @cached_property
    def own_nouns(self) -> frozenset[str]:
        """Its nouns without the server's name a clash of names put before its own
        (`todotxt__complete_todo`: todo), what kind of thing it acts on."""
        prefix, _, base = self.name.rpartition("__")
        server = {singular(w) for w in words_of(prefix)} - {singular(w) for w in words_of(base)}
        return self.nouns - server

    @cached_property
    def server_nouns(self) -> frozenset[str]:
        """The words of its server's name, that name each of the server's tools alike ("my
        journal" for the `journal` server's `add_entry`), less words that are no noun
        ("everything")."""
        words = {singular(w) for w in words_of(self.server)}
        return frozenset(
            w
            for w in words
            if len(w) > 2
            and w not in LEX.function_words | LEX.quantifiers | LEX.fillers | LEX.edge_words
        )

    @property
    def is_lister(self) -> bool:
        """A read that needs nothing: it can list the items a reference is looked up in."""
        return self.kind == "read" and not self.required

    @property
    def deprecated(self) -> bool:
        return bool(re.search(rf"\b{LEX.deprecated_word}\b", self.description, re.I))


def _inflected(word: str, described: list[str]) -> bool:
    """Whether a description says `word` only as a verb does, inflected ("Waits up to 30
    seconds" for `waitForNextTurn`), never as it is ("The business day ..." for
    `business_day`: a noun)."""
    return word not in described and any(w != word and stem(w) == stem(word) for w in described)
