"""Values of a type the request carries, each into the parameter whose role fits it: URLs, emails,
hashtags, ids and commit shas (by format or pattern), paths and folders, dates, ranges and
durations, tags ("tagged x and y", "tag it x", "the health tag" to remove; a new record's `tags`
text takes them comma-separated), enum values and their synonyms, flags ("non-billable", "full
details") and counts ("the last 5 lines").
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from orchestrator.offline._account import is_function
from orchestrator.offline._colors import surely_color
from orchestrator.offline._dates import DEFAULT_TIME, When, bare_slashed, last_of, since_until
from orchestrator.offline._enums import find_enum, find_enum_in, named_by, negated
from orchestrator.offline._happened import happened_when, records_what_happened
from orchestrator.offline._id_shaped import general_shape
from orchestrator.offline._nouns import DIRECTORY, has_extension, is_folder_tool, noun_matches
from orchestrator.offline._phrase import BOUNDARY, EDGE, NOT_VALUE, Fill
from orchestrator.offline._read import Request
from orchestrator.offline._schema import fits_pattern
from orchestrator.offline._status import state_at
from orchestrator.offline._time_values import clock_of_day, clock_only, length_value
from orchestrator.offline._tokens import Token, singular, stem, words_of
from orchestrator.offline._tools import VERBS, Param, ToolView, twin_of
from orchestrator.offline._values import zone_at
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = [
    "TAG_WORDS",
    "bare_path",
    "count_values",
    "date_values",
    "dated_query",
    "default_values",
    "described_defaults",
    "enum_values",
    "flag_values",
    "implied_enums",
    "query_bounds_said",
    "query_date_keys",
    "tag_values",
    "typed_values",
]


def _numbered(tok: Token) -> bool:
    """ "#42": a number (an issue's, an order's), not a tag, though it is written as one."""
    return tok.kind == "hashtag" and tok.text[1:].isdigit()


def typed_values(reading: Request, f: Fill, tool: ToolView) -> None:
    tokens = reading.text.tokens
    for kind, roles in (("url", ("url",)), ("email", ("people", "person")), ("hashtag", ("tags",))):
        found = [
            i
            for i in reading.kinds(kind)
            if i not in f.used
            and not _numbered(tokens[i])
            and not (kind == "hashtag" and surely_color(tokens[i].text))  # "#1a73e8"
        ]
        targets = [p for p in tool.role(*roles) if p.name not in f.args]
        if found and targets:
            param = targets[0]
            values = [tokens[i].norm if kind == "hashtag" else tokens[i].text for i in found]
            value: Any = values if param.type == "array" else values[0]
            span = found if param.type == "array" else found[:1]
            if kind == "hashtag":  # "tagged #work": the word that marks it is the tag's too
                span = [
                    *span,
                    *(i - 1 for i in span if i and tokens[i - 1].norm in LEX.tag_markers),
                ]
            f.set(param, value, span, " ".join(values))
    ids = [i for i in reading.kinds("uuid", "sha", "ident", "hex") if i not in f.used]
    for i in ids:
        tok = tokens[i]
        for param in tool.params.values():
            if param.name in f.args or param.type not in ("string", None):
                continue
            pattern = param.schema.get("pattern")
            fits = (pattern and fits_pattern(pattern, tok.text, whole=True)) or (
                param.role == "id" and _id_fits(tok, param, tool)
            )
            if fits:
                span = [i]
                if i and singular(tokens[i - 1].norm) in set(param.words) | tool.nouns:
                    span.insert(0, i - 1)  # "commit <sha>", "task <uuid>"
                f.set(param, tok.text, span, tok.text)
                break
    paths = [  # "blood pressure 120/80", "1/2 cup": numbers, no place
        i
        for i in reading.kinds("path")
        if i not in f.used and not _NUMBERS_ONLY.match(tokens[i].text)
    ]
    folders = [p for p in tool.role("path") if set(p.words) & DIRECTORY]
    only_folders = len(folders) == len(tool.role("path"))  # (`input_path`, `base_dir`: files)
    if paths and is_folder_tool(tool) and LEX.file_word not in tool.nouns and only_folders:
        paths = [i for i in paths if not has_extension(tokens[i].text)]
    outputs = [p for p in tool.role("path") if set(p.words) & LEX.output_path_words]
    led = [i for i in paths if i > 0 and tokens[i - 1].norm in LEX.output_leads]
    if outputs and outputs[0].name not in f.args and len(led) == 1:  # "... into all.pdf"
        f.set(outputs[0], tokens[led[0]].text, [led[0] - 1, led[0]], tokens[led[0]].text)
        paths = [i for i in paths if i != led[0]]
    many = tool.role("paths")
    single = [p for p in tool.role("path") if p.name not in f.args]
    single.sort(key=lambda p: p in folders)  # a file's path before a folder's
    if paths and many and (len(paths) > 1 or not single):
        f.set(
            many[0], [tokens[i].text for i in paths], paths, " ".join(tokens[i].text for i in paths)
        )
    elif paths and single:
        for i in paths:  # (a file's name never a folder's)
            fit = [p for p in single if not (p in folders and has_extension(tokens[i].text))]
            if not fit:
                break
            f.set(fit[0], tokens[i].text, [i], tokens[i].text)
            single.remove(fit[0])
    converted_path(reading, f, tool, outputs)


def converted_path(reading: Request, f: Fill, tool: ToolView, outputs: list[Param]) -> None:
    """ "convert notes.docx to a pdf": the output the same name with the kind said ("notes.pdf",
    lexicon `FILE_KIND_NAMES`: "a word document" a docx), where one file is the input and no
    output is named."""
    inputs = [p for p in tool.role("path") if p not in outputs and p.name in f.args]
    if not outputs or outputs[0].name in f.args or len(inputs) != 1:
        return
    source = f.args[inputs[0].name]
    if not isinstance(source, str) or not has_extension(source):
        return
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens[:-1]):
        if tok.norm not in LEX.output_leads or i in f.used:
            continue
        k = i + 1 + (tokens[i + 1].norm in LEX.articles_new)
        if k >= len(tokens):
            return
        said = tokens[k].norm
        extension = LEX.file_kind_names.get(said, said)
        if extension not in LEX.file_kinds:
            continue
        span = [i, k]
        if k + 1 < len(tokens) and tokens[k + 1].norm in LEX.text_file_nouns | {LEX.file_word}:
            span.append(k + 1)  # "a word document", "a pdf file"
        stem = source.rsplit(".", 1)[0]
        f.set(outputs[0], f"{stem}.{extension}", span, reading.text.slice(span))
        return


def _id_fits(tok: Any, param: Param, tool: ToolView) -> bool:
    if tok.kind == "uuid":
        return param.schema.get("format") in ("uuid", None) and not param.schema.get("pattern")
    if tok.kind == "ident":
        shape = general_shape(param)  # ("credit_card_2929732" is no reservation's "8JX2WO")
        if shape is not None and not shape.fullmatch(tok.text):
            return False
        prefix = tok.norm.split("_")[0]
        return any(c.isdigit() for c in tok.norm) or prefix in tool.nouns or prefix in param.words
    return False


def bare_path(reading: Request, f: Fill, tool: ToolView) -> None:
    """A folder named by a plain word: "in docs", "the src folder", "called drafts", and
    "list docs" (a word nothing else explains, right after the verb)."""
    params = [p for p in tool.role("path") if p.name not in f.args and p.required]
    if not params or not is_folder_tool(tool):
        return
    tokens = reading.text.tokens

    def plain(k: int) -> bool:
        t = tokens[k]
        return (
            k not in f.used
            and t.kind in ("word", "other")
            and t.norm not in NOT_VALUE
            and t.norm not in LEX.correctable
            and t.norm not in DIRECTORY
        )

    for i, tok in enumerate(tokens):
        nxt, prev = i + 1, i - 1
        if tok.norm in LEX.bare_path_prepositions and nxt < len(tokens):
            k = nxt + 1 if tokens[nxt].norm in LEX.determiners and nxt + 1 < len(tokens) else nxt
            if plain(k) and not (k + 1 < len(tokens) and tokens[k + 1].norm in DIRECTORY):
                f.set(params[0], tokens[k].text, (i, k), tokens[k].text)
                return
        if tok.norm in DIRECTORY:
            if prev >= 0 and plain(prev):
                f.set(params[0], tokens[prev].text, (prev, i), f"{tokens[prev].text} {tok.text}")
                return
            if nxt < len(tokens) and plain(nxt):
                f.set(params[0], tokens[nxt].text, (i, nxt), f"{tok.text} {tokens[nxt].text}")
                return
    after = max(reading.action.tokens, default=-1) + 1  # its own verb's: "add X" makes X
    own = reading.action.kind == tool.kind != "create"  # ("X: text": never where it goes)
    if after < len(tokens) and plain(after) and own:
        f.set(params[0], tokens[after].text, (after,), tokens[after].text)


_DATED_KEY = re.compile(r"\b([a-z]+):(?:YYYY|\d|/|[\s,.;)]|$)", re.I)  # "since:YYYY-MM-DD"


def query_date_keys(tool: ToolView) -> tuple[str, str] | None:
    """The keys a search's query syntax writes a day after, as its description shows them
    ("since:YYYY-MM-DD, until:YYYY-MM-DD"): (the one for the first day, the one for the last),
    either "" when it has none; None for a tool with no such query."""
    query = tool.role("query")
    if not query:
        return None
    keys = {
        m.group(1).lower() for m in _DATED_KEY.finditer(f"{tool.description} {query[0].describe}")
    }
    since = next((k for k in sorted(keys) if k in LEX.since_words), "")
    until = next((k for k in sorted(keys) if k in LEX.until_words), "")
    return (since, until) if since or until else None


def dated_query(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "journal entries since last monday" for a search whose query takes `since:YYYY-MM-DD`:
    the day said, written so ("since:2026-11-23"; a day said after "since" the last one past);
    a day or a span said alone, from its first day to its last; "since" or "until" said before
    it, that end only. The tags said go with it where the syntax writes them so ("#projectx",
    "tagged idea": "#idea"), and a field said over or under a number where it writes that
    ("cost was over 100": "cost:>100")."""
    query = tool.role("query")
    if not query or query[0].name in f.args:
        return
    syntax = f"{tool.description} {query[0].describe}"
    parts: list[str] = []
    taken: list[int] = []
    dated = _query_days(reading, f, tool)
    if dated is not None:
        parts.append(dated[0])
        taken += dated[1]
    if _documented(syntax, LEX.query_tag_mark + LEX.query_tag_word):  # "#tag"
        for value, at in _query_tags(reading, f):
            parts.append(f"{LEX.query_tag_mark}{value}")
            taken += at
    for key, mark, number, at in _query_bounds(reading, f, syntax):  # ("key:>N" shown)
        parts.append(f"{key}:{mark}{number}")
        taken += at
    if dated is None and not (len(parts) and query_date_keys(tool) is not None):
        return  # (a search that writes no days is no search of this syntax)
    f.set(query[0], " ".join(parts), sorted(taken), reading.text.slice(sorted(taken)))


def _documented(syntax: str, mark: str) -> bool:
    """Whether a search's description shows this mark of its syntax ("#tag", ":>")."""
    return mark in syntax


def _query_days(reading: Request, f: Fill, tool: ToolView) -> tuple[str, list[int]] | None:
    """The day or span said, in the query's keys for days, and its tokens; None."""
    when, keys = reading.when, query_date_keys(tool)
    if when is None or keys is None or not when.has_date or when.has_time:
        return None
    if not reading.when_tokens:
        return None
    tokens = sorted(reading.when_tokens)
    before = tokens[0] - 1
    said = reading.text.tokens[before].norm if before >= 0 and before not in f.used else ""
    said = said if said in LEX.since_words | LEX.until_words else ""
    if said in LEX.since_words:  # "since june 1": the last one past
        when = last_of(when, [reading.text.tokens[i].norm for i in tokens], reading.now)
    first, last = since_until(when)
    since, until = keys
    if said in LEX.since_words and since:
        return f"{since}:{first.isoformat()}", [before, *tokens]
    if said in LEX.until_words and until:
        return f"{until}:{last.isoformat()}", [before, *tokens]
    if since and until:
        return f"{since}:{first.isoformat()} {until}:{last.isoformat()}", tokens
    return None


def _query_tags(reading: Request, f: Fill) -> list[tuple[str, list[int]]]:
    """The tags said and not taken: "#projectx", "tagged idea"."""
    tokens, found = reading.text.tokens, []
    for i, tok in enumerate(tokens):
        if i in f.used:
            continue
        if tok.kind == "hashtag" and not tok.norm.isdigit():
            found.append((tok.norm, [i]))
        elif (
            tok.norm in LEX.tagged_words
            and i + 1 < len(tokens)
            and tokens[i + 1].kind == "word"
            and i + 1 not in f.used
            and not is_function(tokens[i + 1].norm)
        ):
            found.append((tokens[i + 1].norm, [i, i + 1]))
    return found


def _query_bounds(reading: Request, f: Fill, syntax: str) -> list[tuple[str, str, str, list[int]]]:
    """A field said over or under a number ("cost was over 100", "time > 2"): the field, the
    syntax's mark (">" or "<", where it shows it), the number, the tokens."""
    tokens, found = reading.text.tokens, []
    for i, tok in enumerate(tokens):
        if tok.kind != "number" or i in f.used or i < 2:
            continue
        k = i - 1
        phrase: list[str] = []
        while k >= 0 and tokens[k].kind in ("word", "other") and len(phrase) < 3:
            phrase.insert(0, tokens[k].norm)
            mark = _bound_mark(" ".join(phrase))
            if mark is not None:
                break
            k -= 1
        else:
            continue
        key = k - 1
        while key >= 0 and tokens[key].norm in LEX.bound_links:
            key -= 1  # "cost was over 100"
        if key < 0 or tokens[key].kind != "word" or is_function(tokens[key].norm):
            continue
        if mark is None or f":{mark}" not in syntax:
            continue
        found.append((tokens[key].norm, mark, tok.text, list(range(key, i + 1))))
    return found


def query_bounds_said(reading: Request, tool: ToolView) -> bool:
    """Whether the request says a field over or under a number that the tool's query syntax
    writes ("cost was over 100": "key:>N")."""
    query = tool.role("query")
    if not query:
        return False
    syntax = f"{tool.description} {query[0].describe}"
    return _documented(syntax, LEX.query_more_mark) and bool(
        _query_bounds(reading, Fill(tool, used=set()), syntax)
    )


def _bound_mark(phrase: str) -> str | None:
    if phrase in LEX.more_than_words:
        return LEX.query_more_mark[-1]
    if phrase in LEX.less_than_words:
        return LEX.query_less_mark[-1]
    return None


_NUMBERS = ("integer", "number")


def _typed_as(tool: ToolView, name: str, types: tuple[str, ...]) -> bool:
    param = tool.params.get(name)
    return param is not None and param.type in types


def slashed_day(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "search direct SFO->MCO 5/28": a day typed with slashes and no word before it that leads
    a date (so the reading found no day), for the one day a tool still needs; only when its
    order cannot be in doubt ("3/4" is asked about) and no other value took it."""
    days = [p for p in tool.role("moment", "day") if p.required and p.name not in f.args]
    if len(days) != 1 or reading.when is not None:
        return
    said = [
        (i, found)
        for i, tok in enumerate(reading.text.tokens)
        if i not in f.used and (found := bare_slashed(tok.text, reading.now.date())) is not None
    ]
    if len(said) == 1:
        i, found = said[0]
        start = datetime.combine(found, DEFAULT_TIME, reading.now.tzinfo)
        when = When("day", start, ((0, 0),))
        f.set(days[0], _date_value(days[0], when), [i], reading.text.tokens[i].text)


def date_values(reading: Request, f: Fill, tool: ToolView) -> None:
    when, tokens = happened_when(reading, tool), sorted(reading.when_tokens)
    words = reading.text.slice(tokens)
    numbers = {i for n, s in f.spans.items() if _typed_as(tool, n, _NUMBERS) for i in s}
    if set(tokens) & numbers:
        when = None  # "slept 8h, 11/10 amazing": "11/10" the score's, no day
    placed = {
        i for p in tool.role("moment", "day") if p.name in f.args for i in f.spans.get(p.name, ())
    }
    if set(tokens) & placed:
        when = None  # "joined 2019-03-02, leaving ...": given to `join_date` already
    if when is not None:
        since = [p for p in tool.role("since") if p.name not in f.args]
        until = [p for p in tool.role("until") if p.name not in f.args]
        moments = [p for p in tool.role("moment", "day") if p.name not in f.args]
        moments += [p for p in tool.params.values() if clock_only(p) and p not in moments]
        moments = [p for p in moments if p.name not in f.args]
        moments.sort(key=clock_only)  # "today" for `date`, not for `wake_time`
        if since and until and _timed(tool, when, since[0]):  # an event from 12:30 to 13:30
            f.set(since[0], when.iso(), tokens, words)
            end = _end(reading, f, when)
            if end is not None:
                f.set(until[0], end[0], end[1], reading.text.slice(end[1]))
        elif since and until:
            first, last = since_until(when)
            f.set(since[0], first.isoformat(), tokens, words)
            f.set(until[0], last.isoformat(), tokens, words)
        elif (
            when.kind == "range"
            and when.end is not None
            and len(moments) > 1
            and twin_of(moments[1].name) == moments[0].name
        ):  # "between 2026-03-14 and 2026-12-25" for `date`, `date2`
            f.set(moments[0], when.day().isoformat(), tokens, words)
            f.set(moments[1], when.end.date().isoformat(), tokens, words)
        elif moments and clock_of_day(reading, f, tool, moments[0], when, tokens):
            pass  # `wake_time`: a clock time alone (_time_values)
        elif moments:
            param = moments[0]
            value = _date_value(param, when)
            if when.kind == "month" and _takes_month(param):  # "expenses for last month"
                value = when.month()
            elif (
                when.kind in ("week", "month", "range")
                and value == when.day().isoformat()
                and not _first_day_ahead(reading, tool, when)
            ):
                return  # a week or a month is not a day: "in december" does not fit a `day`
            if _zone_said(tool, f, when) and value != when.day().isoformat():  # "3pm ... in
                # New York": that zone's clock (a day alone stays the day: "YYYY-MM-DD")
                value = when.start.replace(tzinfo=None).isoformat(timespec="minutes")
            zoned = _said_in_zone(reading, tool, when)
            if zoned is not None:  # "9am tokyo time": that moment, in the user's zone
                moved, zone_tokens = zoned
                value = _date_value(param, replace(when, start=moved))
                tokens = sorted({*tokens, *zone_tokens})
                words = reading.text.slice(tokens)
            f.set(param, value, tokens, words)
    length_value(reading, f, tool)


def _said_in_zone(
    reading: Request, tool: ToolView, when: When
) -> tuple[datetime, list[int]] | None:
    """A clock time said in another zone right after it ("9am tokyo time", "at 9 in Tokyo",
    "14:30 UTC") for a write with no zone parameter: that moment in the user's zone, and the
    tokens that named the zone; None when no zone is said there."""
    if not when.has_time or when.exact or tool.kind in ("read", "check") or tool.role("zone"):
        return None
    tokens = reading.text.tokens
    after = max(reading.when_tokens) + 1
    at = after + (after < len(tokens) and tokens[after].norm in LEX.zone_prepositions)
    zone = zone_at(reading.text, at) if at < len(tokens) else None
    if zone is None:
        return None
    span = list(range(after, zone.tokens[-1] + 1))
    tail = span[-1] + 1
    if tail < len(tokens) and tokens[tail].norm in LEX.zone_tails:
        span.append(tail)
    said = when.start.replace(tzinfo=ZoneInfo(str(zone.value)))
    return said.astimezone(when.start.tzinfo), span


def _zone_said(tool: ToolView, f: Fill, when: Any) -> bool:
    """Whether a time said goes to a computation with the zone it is in said apart ("if it's
    3pm in New York ..."): sent as that zone's clock, with no offset of the user's."""
    return (
        when.has_time
        and tool.kind in ("read", "check", None)
        and any(tool.params[n].role == "zone" for n in f.args if n in tool.params)
    )


def _timed(tool: ToolView, when: Any, since: Param) -> bool:
    """Whether a write's start and end take a moment said with its clock time."""
    return (
        tool.kind not in ("read", "check")
        and when.kind == "moment"
        and when.has_time
        and since.schema.get("format") != "date"
    )


def _end(reading: Request, f: Fill, when: Any) -> tuple[str, list[int]] | None:
    """When a timed thing ends: the end of its clock range ("12:30 to 1:30"), or its start and
    how long it lasts ("3pm, half an hour"; never "30 min before", a reminder's lead)."""
    if when.end is not None:
        return when.end.isoformat(timespec="seconds"), sorted(reading.when_tokens)
    if reading.duration is None:
        return None
    seconds, used = reading.duration
    after = max(used) + 1
    tokens = reading.text.tokens
    if used & f.used or (after < len(tokens) and tokens[after].norm in LEX.offset_words):
        return None
    end = when.start + timedelta(seconds=seconds)
    return end.isoformat(timespec="seconds"), sorted(used)


# the periods `_dates` labels that a record made for them is due at the start of
_FIRST_DAY_PERIODS = frozenset({"next_week", "next_month"})
_NUMBERS_ONLY = re.compile(r"[\d.,/-]+$")


def _first_day_ahead(reading: Request, tool: ToolView, when: When) -> bool:
    """ "remind me to sell the Gengar next week": a record made or moved for the coming week or
    month is due on its first day (the next Monday, the 1st), as calendars and to-do apps read
    it; a question, a filter or a record of what happened keeps the period whole, and so does a
    period that dates another event ("before the move next month", lexicon TIED_PERIOD_WORDS)."""
    return (
        when.label in _FIRST_DAY_PERIODS
        and tool.kind in ("create", "update")
        and not reading.action.question
        and not records_what_happened(tool)
        and not {t.norm for t in reading.text.tokens} & LEX.tied_period_words
    )


def _date_value(param: Param, when: Any) -> str:
    fmt = param.schema.get("format")
    timed = when.exact or (
        when.has_time and not (when.part and fmt is None and _names_a_date(param))
    )  # "tonight" for an expense's `date`: the day, no clock time made up
    described = param.describe or param.own  # `cooked_on: ISO date string`: its own line
    day_only = any(f in described for f in LEX.day_formats) and not any(
        f in described for f in LEX.clock_formats
    )  # "Date in YYYY-MM-DD format": the day, its clock time for another parameter
    if (
        timed
        and not day_only
        and (fmt == "date-time" or (param.role == "moment" and fmt != "date"))
    ):
        return str(when.iso())
    # a day alone is sent as the day: no clock time made up (where the schema takes a date-time
    # only, the check finds the time missing and the router asks for it, the day prefilled)
    examples = [str(e) for e in param.schema.get("examples", [])]
    if when.label and (
        when.label in examples or re.search(rf"['\"]{re.escape(when.label)}['\"]", param.describe)
    ):  # the schema takes "today" as a value
        return str(when.label)
    return str(when.day().isoformat())


def _takes_month(param: Param) -> bool:
    """A date parameter whose description spells a month's format ("YYYY-MM or YYYY-MM-DD")."""
    return any(re.search(rf"{re.escape(m)}(?!-)", param.describe) for m in LEX.month_formats)


def _names_a_date(param: Param) -> bool:
    """A parameter named for a date alone (`date`, `due_date`), no time in its name."""
    return (
        bool(param.words)
        and param.words[-1] in LEX.date_words
        and not (set(param.words) & LEX.clock_param_words)
    )


TAG_WORDS = LEX.tag_markers


def tag_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "tagged money and admin", "tag it family", "labels dinner and italian", "the health tag"
    (with remove: a tag to take away)."""
    params = [p for p in tool.role("tags") if p.name not in f.args and p.type == "array"]
    if tool.kind == "create":  # (a change would write over the tags the item has)
        params += [p for p in tool.role("label") if p.name not in f.args and _tags_text(p)]
    if not params:
        return
    param = params[0]
    tokens = reading.text.tokens
    verb = reading.action.verb
    removing = VERBS.get(verb, ("", 0))[0] == "delete" or verb in LEX.tag_unverbs
    if removing and param.type != "array":
        return  # a tag taken out of a text: the label's own reading
    for i, tok in enumerate(tokens):
        if tok.norm not in TAG_WORDS or (i in f.used and i not in reading.action.tokens):
            continue
        if (
            removing
            and i > 0
            and tokens[i - 1].kind == "word"
            and i - 1 not in f.used
            and (tokens[i - 1].norm not in EDGE)
        ):  # "remove the health tag from ..."
            f.removals[param.name] = [tokens[i - 1].text]
            start = i - 2 if i > 1 and tokens[i - 2].norm in LEX.articles[:2] else i - 1
            f.used.update(range(start, i + 1))
            f.evidence[param.name] = reading.text.slice(range(start, i + 1))
            return
        j = i + 1
        if i in reading.action.tokens:  # "tag the dentist todo with insurance"
            withs = [k for k in range(j, len(tokens)) if tokens[k].norm in LEX.tag_with]
            if j < len(tokens) and tokens[j].norm not in LEX.object_pronouns and withs:
                j = withs[0]
        span = [i]
        while j < len(tokens) and tokens[j].norm in LEX.tag_links:
            span.append(j)
            j += 1
        if (
            reading.action.kind == "update"
            and i not in reading.action.tokens
            and j < len(tokens)
            and tokens[j].norm in LEX.enum_links
        ):  # "set the rent todo tag to bills": the value the change sets
            span.append(j)
            j += 1
        values: list[str] = []
        others = {w for p in tool.params.values() if p is not param for w in p.words}
        members = {str(v).lower() for p in tool.role("enum") for v in p.enum}
        while j < len(tokens) and j not in f.used:
            t = tokens[j]
            after = tokens[j + 1].norm if j + 1 < len(tokens) else ""
            if values and (
                t.norm in VERBS  # "tag it garden and make it low priority": a new clause
                or t.text in LEX.dashes  # "tagged garden - mow the lawn"
                or singular(after) in others  # "tagged garden, low priority"
                or (t.norm in members and tokens[j - 1].norm in LEX.list_joiners)  # "tag
            ):  # work, high": the priority it has, no tag
                break
            if t.norm in LEX.function_words and t.norm not in LEX.list_joiners:
                break  # "set the tag of the rent todo to ...": "of the" is no tag
            if t.kind in ("word", "other", "number", "hashtag", "ident") and t.norm not in (
                BOUNDARY | LEX.tag_ends
            ):
                values.append(t.inner)
                span.append(j)
            elif t.norm in LEX.list_joiners and values:
                span.append(j)
            else:
                break
            j += 1
        while span and tokens[span[-1]].norm in LEX.list_joiners:
            span.pop()
        if values:
            said = values if param.type == "array" else LEX.tag_joiner.join(values)
            f.set(param, said, span, reading.text.slice(span))
            if removing:
                f.removals[param.name] = values
                del f.args[param.name]
            return


def _tags_text(param: Param) -> bool:
    """A text parameter named for several tags (`tags`, `labels`, not `tag`): the tags said for
    a new record go in it as one text, joined by LEX.tag_joiner ("tags learning, sleep")."""
    named = words_of(param.name)
    return (
        param.type == "string"
        and not param.enum
        and bool(named)
        and named[-1] in LEX.tag_words
        and singular(named[-1]) != named[-1]
    )


_DONE_VERBS = LEX.done_verbs


def _value_as_verb(reading: Request, param: Param, tool: ToolView) -> tuple[Any, list[int]] | None:
    """A value of the parameter said as the request's opening verb, no verb of ours ("hash
    the secrets in ..." for `scrub_text(mode)`, whose description says "redact/mask/hash"):
    that value."""
    if reading.action.tokens or tool.kind not in (None, "check"):
        return None
    at = next((i for i in range(len(reading.text.tokens)) if i not in reading.lead), None)
    if at is None:
        return None
    said = reading.text.tokens[at].norm
    if said in VERBS:
        return None
    value = next((v for v in param.enum if str(v).lower() == said), None)
    return (value, [at]) if value is not None else None


def enum_values(reading: Request, f: Fill, tool: ToolView) -> None:
    protected: set[int] = set()
    if LEX.in_group(reading.action.verb, "rename"):  # "rename X to finish the report"
        tos = [i for i, t in enumerate(reading.text.tokens) if t.norm == LEX.change_to[0]]
        protected = set(range(tos[-1], len(reading.text.tokens))) if tos else set()
    if tool.kind in ("read", None):  # "all my bookings including cancelled ones": no filter
        tokens = reading.text.tokens
        protected |= {
            k
            for i, t in enumerate(tokens)
            if t.norm in LEX.inclusion_leads
            for k in range(i + 1, min(i + 3, len(tokens)))
        }
    for param in tool.role("enum") + [p for p in tool.role("unit") if p.enum]:
        if param.name in f.args:
            continue
        hit = _either_way_enum(reading, param) or find_enum(
            reading, param, f.used | protected, tool
        )
        if hit is None and reading.action.verb in _DONE_VERBS:  # "i paid the bill": done
            value = find_enum_in(reading, param, [], tool, reading.action.verb)
            if value is not None:
                hit = (value, list(reading.action.tokens))
        if hit is None and tool.kind in ("read", "check"):
            hit = _kind_of_name(reading, f, param)
        if hit is None:  # "hash the secrets in ...": the tool's `mode` said as its verb
            hit = _value_as_verb(reading, param, tool)
            taken = {i for span in f.spans.values() for i in span}  # (one value a word)
            hit = None if hit is not None and set(hit[1]) & taken else hit
        if hit is None and param.required:  # ("all nodes": the noun of `all_nodes` said too)
            hit = _words_apart(reading, param, (f.used - f.nouns) | protected)
        if hit is not None:
            value, span = hit
            f.set(param, value, span, reading.text.slice(span))
        elif named_by(param):  # "the formula of aspirin": what is asked for, no query's word
            values = {str(v).lower() for v in param.enum}
            f.used.update(i for i, t in enumerate(reading.text.tokens) if t.norm in values)
        else:
            _misfit(reading, f, param)


def _words_apart(reading: Request, param: Param, used: set[int]) -> tuple[Any, list[int]] | None:
    """A required value of several words (`is_prime`) whose words of its own the request says
    apart ("is 7919 prime?"): the one whose words are all said, the most of them; none on a tie."""
    tokens = reading.text.tokens
    found: list[tuple[int, Any, list[int]]] = []
    for value in param.enum:
        parts = str(value).lower().replace("-", "_").split("_")
        content = {singular(w) for w in parts if not is_function(w)}
        if len(parts) < 2 or not content:
            continue
        span = [
            i
            for i, t in enumerate(tokens)
            if i not in used and t.kind == "word" and singular(t.norm) in content
        ]
        if {singular(tokens[i].norm) for i in span} == content:
            found.append((len(content), value, span))
    found.sort(key=lambda x: -x[0])
    if not found or (len(found) > 1 and found[0][0] == found[1][0]):
        return None
    return found[0][1], found[0][2]


def default_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """A word of the kind a text parameter's default is, said once ("meditate 10 min daily" for
    `frequency` whose default is "daily"; "weekly" too, lexicon `PERIOD_WORDS`): its value,
    never a word of a title (user trial 12, h01)."""
    tokens = reading.text.tokens
    for param in tool.params.values():
        default = param.schema.get("default")
        if param.name in f.args or param.enum or not isinstance(default, str):
            continue
        if len(default) < LEX.weights.label_short_min or param.type not in ("string", None):
            continue
        kin = LEX.period_words if default.lower() in LEX.period_words else {default.lower()}
        said = [i for i, t in enumerate(tokens) if i not in f.used and t.norm in kin]
        if len(said) == 1:
            f.set(param, tokens[said[0]].norm, said, tokens[said[0]].text)


def level_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """A level beside a text parameter's word ("high priority", "priority high") where its
    default is a level of the same scale ("medium"; lexicon `LEVEL_SCALES`): its value."""
    for param in tool.params.values():
        default = param.schema.get("default")
        if param.name not in f.args and not param.enum and isinstance(default, str):
            _scaled(reading, f, param, default.lower())


def _scaled(reading: Request, f: Fill, param: Param, default: str) -> None:
    scale = next((set(s) for s in LEX.level_scales if default in s), None)
    if scale is None:
        return
    tokens = reading.text.tokens
    said = [
        (i, k)
        for i, t in enumerate(tokens)
        if i not in f.used and t.norm in scale
        for k in (i - 1, i + 1)
        if 0 <= k < len(tokens) and k not in f.used and singular(tokens[k].norm) in param.words
    ]
    if len(said) == 1:
        i, k = said[0]
        f.set(param, tokens[i].norm, sorted((i, k)), reading.text.slice(sorted((i, k))))


def _kind_of_name(reading: Request, f: Fill, param: Param) -> tuple[Any, list[int]] | None:
    """A required kind of thing (`type`: person, organization, topic) the request names none of,
    where what it names is a person, by name ("what's Hans's email address?"): a person."""
    if not param.required or not set(param.words) & set(LEX.kind_param_words):
        return None
    names = [v for v in reading.typed("name") if not v.org]
    if not names or len(names) != len(reading.typed("name")):
        return None
    people = [v for v in param.enum if isinstance(v, str) and v.lower() in LEX.person_nouns]
    return (people[0], []) if len(people) == 1 else None


def _misfit(reading: Request, f: Fill, param: Param) -> None:
    """A word said as the value of an enum beside the parameter's own word ("top priority",
    "priority: top", "priority to 1": the one after a link first) that names none of its
    members: kept apart (the router asks, showing the members), never folded into a title."""
    tokens = reading.text.tokens
    label = set(param.words) - LEX.label_filter_words
    for i, tok in enumerate(tokens):
        if i in f.used or singular(tok.norm) not in label:
            continue
        after = i + 1
        while after < len(tokens) and tokens[after].norm in LEX.enum_links:
            after += 1
        linked = after > i + 1  # "priority to 1": the value is the one said after the link
        for j in (after, i - 1) if linked else (i - 1, after):
            if not 0 <= j < len(tokens) or j in f.used:
                continue
            near = tokens[j]
            kinds = ("word", "other", "number") if linked and j == after else ("word", "other")
            if near.kind not in kinds or is_function(near.norm):
                continue
            if singular(near.norm) in f.tool.nouns or near.norm in VERBS:
                continue
            span = range(min(i, j), max(i, j) + 1)
            if LEX.number_words.get(near.norm) in param.enum:  # "five band" of `bands` 4 or 5
                f.set(param, LEX.number_words[near.norm], span, reading.text.slice(span))
                return
            f.misfits[param.name] = near.text
            f.used.update(range(min(i, j), max(i, j) + 1))
            f.evidence[param.name] = reading.text.slice(range(min(i, j), max(i, j) + 1))
            return


def flag_values(reading: Request, f: Fill, tool: ToolView) -> None:
    for param in tool.role("flag", "const"):
        if param.role == "const":
            if param.required:
                f.args[param.name] = param.schema["const"]
            continue
        if param.required and _consent(param, tool):  # `confirm`: the user is asked anyway
            f.args[param.name] = True
            continue
        either = either_way(reading, param)
        if either:  # "everything from the blog, read or not": no filter by it
            f.set(param, False, either, " ".join(reading.text.tokens[i].text for i in either))
            continue
        hits = flag_said(reading, param)
        turned = _contrary_said(reading, param) if not hits else []
        if turned:  # "I want to play black" for `user_plays_white`: off
            f.set(param, False, turned, " ".join(reading.text.tokens[i].text for i in turned))
            continue
        if not hits:
            continue
        tokens = reading.text.tokens
        # "an ungraded card": `is_graded` by its word with a negating prefix, off
        value = not any(negated(reading, i) or _prefixed(tokens[i].norm, param) for i in hits)
        said = sorted(  # "no symbols": the word that negates the flag is the flag's too
            {*hits, *(i - 1 for i in hits if i > 0 and tokens[i - 1].norm in LEX.negations)}
        )
        f.set(param, value, said, " ".join(tokens[i].text for i in said))


def _consent(param: Param, tool: ToolView) -> bool:
    """Whether a flag is a destructive tool's own consent to its call ("confirm: Must be true to
    confirm deletion"; lexicon `CONSENT_FLAG_WORDS`): the orchestrator asks the user before any
    destructive call, so it is sent true and the user's answer decides."""
    return tool.destructive and bool(param.words) and set(param.words) <= LEX.consent_flag_words


def _contrary_said(reading: Request, param: Param) -> list[int]:
    """The tokens that say a flag's words with one of them turned to its contrary (lexicon
    `CONTRARY_WORDS`: "I want to play black" for `user_plays_white`): the flag off."""
    for word in param.words:
        other = LEX.contrary_words.get(word)
        if other is None:
            continue
        turned = replace(param, words=tuple(other if w == word else w for w in param.words))
        hits = flag_said(reading, turned)
        if hits:
            return hits
    return []


def flag_said(reading: Request, param: Param) -> list[int]:
    """The tokens that say a flag's words ("with the uncertainty" for `uncertainty`, "non
    billable" for `billable`, "I" for its `user`); [] when the request does not say them all."""
    core = [w for w in param.words if w not in LEX.flag_noise]
    if not core:
        return []
    norms = [t.norm for t in reading.text.tokens]
    said: dict[str, list[int]] = {}
    for word in core:
        root = stem(word)
        state = state_at([word], 0)
        said[word] = [
            i
            for i, t in enumerate(reading.text.tokens)
            if t.kind == "word"
            and (
                stem(t.norm) == root  # "uncertainty" is its own word, no "certainty" negated
                or stem(_unprefixed(t.norm)) == root
                or (
                    t.norm.endswith(LEX.adverb_ending)
                    and stem(t.norm[: -len(LEX.adverb_ending)]) == root
                )
                or (state is not None and state_at(norms, i) == state)  # "completed": "done"
                or (word in LEX.user_words and t.norm in LEX.speaker_words)  # "I": the user
            )
        ]
    hits = sorted({i for found in said.values() for i in found})
    whole = all(said.values())
    if not whole and not (hits and len(core) > 1 and core[-1] in LEX.detail_words):
        return []
    return hits


def _either_way_enum(reading: Request, param: Param) -> tuple[Any, list[int]] | None:
    """ "done or not" (lexicon `EITHER_WAY`) for an enum that lists a value for everything
    (`status: pending | completed | all`): that value, the word and its "or not" with it."""
    every = next((v for v in param.enum if str(v).lower() in LEX.all_values), None)
    if every is None:
        return None
    norms = [t.norm for t in reading.text.tokens]
    for phrase in LEX.either_way:
        tail = phrase.split()
        for i in range(1, len(norms) - len(tail) + 1):
            if norms[i : i + len(tail)] == tail and reading.text.tokens[i - 1].kind == "word":
                return every, list(range(i - 1, i + len(tail)))
    return None


def either_way(reading: Request, param: Param) -> list[int]:
    """The tokens of "read or not" (lexicon `EITHER_WAY`) for a flag of one word, or that word
    negated (`unread_only`): the request wants both, so the flag that would filter is off."""
    core = [w for w in param.words if w not in LEX.flag_noise]
    if len(core) != 1:
        return []
    forms = {stem(core[0]), stem(_unprefixed(core[0]))}
    norms = [t.norm for t in reading.text.tokens]
    for phrase in LEX.either_way:
        tail = phrase.split()
        for i, word in enumerate(norms[: len(norms) - len(tail)]):
            if stem(word) in forms and norms[i + 1 : i + 1 + len(tail)] == tail:
                return list(range(i, i + 1 + len(tail)))
    return []


def _prefixed(word: str, param: Param) -> bool:
    """Whether `word` says the flag's word only with a negating prefix ("ungraded")."""
    stems = {stem(w) for w in param.words if w not in LEX.flag_noise}
    return stem(word) not in stems and stem(_unprefixed(word)) in stems


def _unprefixed(word: str) -> str:
    for prefix in LEX.negated_prefixes:
        word = word.removeprefix(prefix)
    return word


def count_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "the last 5 lines", "top 3", "quiz me with 30 words", "words to review, 25 of them": how
    many of the tool's things, for its count (or an integer named as one, `num`)."""
    tokens = reading.text.tokens
    params = [p for p in tool.role("count") if p.name not in f.args and p.name != LEX.page_word]
    loose = not params
    if loose:  # `num`: a count only when the number is said of the tool's things
        params = [
            p
            for p in tool.role("number")
            if p.name not in f.args and p.type == "integer" and p.name.lower() in LEX.count_names
        ]
    if not params:
        return
    free = [i for i, t in enumerate(tokens) if t.kind == "number" and i not in f.used]
    numbers = [p for p in tool.params.values() if p.type in ("integer", "number")]
    if numbers == params[:1] and params[0].required and len(free) == 1:  # "totient of 97": the
        said = tokens[free[0]]  # one number an operation on a number takes
        if said.norm.isdigit():
            f.set(params[0], int(said.norm), free, said.text)
            return
    norms = [t.norm for t in tokens]
    for i, tok in enumerate(tokens):
        if tok.kind != "number" or i in f.used:
            continue
        before = tokens[i - 1].norm if i else ""
        after = singular(tokens[i + 1].norm) if i + 1 < len(tokens) else ""
        of_them = any(norms[i + 1 : i + 1 + len(p.split())] == p.split() for p in LEX.count_of)
        said_of = of_them and any(
            noun_matches(singular(n), noun) for n in norms[:i] for noun in tool.nouns
        )
        if not (
            (not loose and (before in LEX.count_before or after in LEX.count_after))
            or (before in LEX.count_before and before in tool.nouns)  # "top 2" for `top_ranking`
            or any(noun_matches(after, n) for n in tool.nouns)
            or said_of
        ):
            continue
        pick = params[0]
        for param in params:
            if before in LEX.first_words and LEX.first_words[0] in param.describe:
                pick = param
            if before in LEX.last_words and LEX.last_words[0] in param.describe:
                pick = param
        value = int(tok.norm) if tok.norm.isdigit() else None
        if value is not None and loose and not _within(pick, value):
            continue  # "give me 5 words" for a `num` of 20 or more: not sent (its default is)
        if value is not None:
            span = [i - 1, i] if before in LEX.count_before else [i]
            ceiling = i + 2  # "5 cards max": the count's noun, then its ceiling's word
            if ceiling < len(tokens) and tokens[ceiling].norm in LEX.count_ceilings:
                span.append(ceiling)
            if said_of:  # "25 of them"
                span += [k for k in range(i + 1, i + 3) if k < len(tokens)]
            f.set(pick, value, span, reading.text.slice(span))
            return


def _within(param: Param, value: int) -> bool:
    """Whether `value` is within the bounds the parameter's schema sets."""
    low, high = param.schema.get("minimum"), param.schema.get("maximum")
    return (not isinstance(low, int | float) or value >= low) and (
        not isinstance(high, int | float) or value <= high
    )


def list_labels(reading: Request, f: Fill, tool: ToolView) -> None:
    """A list of names labelled by the parameter's own word, one name said: "project family",
    "context: errands", "under the office project" (`projects: [family]`)."""
    tokens = reading.text.tokens

    def free_word(i: int) -> bool:
        if not 0 <= i < len(tokens) or i in f.used:
            return False
        tok = tokens[i]
        return (
            tok.kind in ("word", "other", "ident")
            and not is_function(tok.norm)
            and tok.norm not in VERBS
            and singular(tok.norm) not in tool.nouns
        )

    for param in tool.role("list"):
        items = param.schema.get("items") or {}
        if param.name in f.args or param.type != "array" or items.get("type") != "string":
            continue
        label = set(param.words) - tool.nouns
        for i, tok in enumerate(tokens):
            if i in f.used or singular(tok.norm) not in label:
                continue
            after = i + 1 + (i + 1 < len(tokens) and tokens[i + 1].norm in (":", "="))
            if free_word(after) and (after + 1 == len(tokens) or not free_word(after + 1)):
                f.set(
                    param,
                    [tokens[after].inner],
                    range(i, after + 1),
                    reading.text.slice(range(i, after + 1)),
                )
                break
            if i >= 2 and free_word(i - 1) and tokens[i - 2].norm == LEX.the_word:
                f.set(
                    param,
                    [tokens[i - 1].inner],
                    range(i - 2, i + 1),
                    reading.text.slice(range(i - 2, i + 1)),
                )
                break


def implied_enums(f: Fill, tool: ToolView) -> None:
    """An enum the request names no value of, where a parameter it filled is described as for
    one of them ("date2: Second date for diff", "amount: Amount to add"): that value; none when
    they imply several. Only where nothing is written: a write carries no value unsaid."""
    if tool.kind not in ("read", "check", None):
        return
    for param in tool.role("enum"):
        if param.name in f.args or param.allowed:  # values its own schema lists, only
            continue
        values = {stem(str(v).lower()): v for v in param.enum if isinstance(v, str)}
        implied: dict[str, str] = {}
        for name in f.args:
            other = tool.params.get(name)
            if other is None or other.enum:  # a value chosen from a list says no more
                continue
            words = words_of(other.describe or other.own)
            for k in range(len(words) - 1):
                if words[k] not in LEX.purpose_words:
                    continue
                run = []  # "for convert/format/timestamp": several, none of them
                for word in words[k + 1 :]:
                    found = _value_named(word, values)
                    if found is None:
                        break
                    run.append(found)
                if len(run) == 1:
                    implied[run[0]] = f"{other.name}: {' '.join(words)}"
        if len(implied) == 1:
            ((found, why),) = implied.items()
            f.set(param, values[found], (), why)


def _value_named(word: str, values: dict[str, Any]) -> str | None:
    """The value (by its stem) a word names, itself or another form of it ("conversion" for
    `convert`)."""
    for value in values:
        if stem(word) == value or (len(value) > 4 and word.startswith(value[:-1])):
            return value
    return None


def _described_default(param: Param) -> str | None:
    """The value a parameter's description gives as its default ("(default: today)")."""
    for marker in LEX.default_markers:
        at = param.describe.find(marker)
        if at >= 0:
            words = re.findall(r"\w+", param.describe[at + len(marker) :])
            return words[0] if words else None
    return None


def described_defaults(reading: Request, f: Fill, tool: ToolView) -> None:
    """Today, the day a description says is the default ("Date in YYYY-MM-DD format (default:
    today)"), is not sent when nobody said it ("at 7:30 this morning" said the time): the
    server takes it anyway."""
    tokens = reading.text.tokens
    if tool.kind in ("read", "check") or any(
        tokens[i].norm in LEX.today for i in reading.when_tokens
    ):  # "today" said is sent as said
        return
    for name, value in list(f.args.items()):
        param = tool.params.get(name)
        if param is None or param.required or param.role not in ("moment", "day"):
            continue
        default = _described_default(param)
        if default in LEX.today and str(value) == reading.now.date().isoformat():
            del f.args[name]
