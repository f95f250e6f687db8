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

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from orchestrator.offline._dates import since_until
from orchestrator.offline._enums import find_enum, find_enum_in, negated
from orchestrator.offline._read import FILLERS, Reading
from orchestrator.offline._tokens import COMMON as COMMON_WORDS
from orchestrator.offline._tokens import singular, stem, words_of
from orchestrator.offline._tools import VERBS, Param, ToolView, unwrap

__all__ = ["Fill", "fill", "noun_tokens", "trim"]

EDGE = frozenset(
    """to that for about called named titled the a an and with on in at of by please pls plz me
    it its is as due from so then this my our your into onto up down new also just now thanks
    thank thx named: task: note: which who should must will would can could later soon - – —""".split()  # noqa: SIM905
) | FILLERS
_GENERIC = frozenset({"item", "items", "entry", "entries", "one", "thing", "list", "record"})
_BOUNDARY = frozenset({"with", "tagged", "tag", "labels", "labelled", "labeled", "due", "called",
                       "named", "titled", "priority", "in", "on", "at", "for", "as"})  # fmt: skip
_TITLE_MARKERS = ("called", "named", "titled", "entitled", "saying")
_NOT_VALUE = EDGE | _BOUNDARY | frozenset(VERBS) | frozenset(
    "have has had does do did is are was were be can will all any which what new".split()
)
CLUSTERS = [
    {"todo", "reminder", "remind", "to-do", "chore"},
    {"task", "ticket", "issue"},
    {"bookmark", "link", "url", "page", "site", "website"},
    {"meeting", "event", "appointment", "standup", "calendar"},
    {"entry", "time", "timer", "clock", "work", "tracking"},
    {"file", "document"},
    {"directory", "folder", "dir"},
    {"entity", "node", "memory", "graph", "knowledge"},
    {"agent", "bot"},
    {"available", "usable", "use"},
    {"allowed", "access", "accessible", "permitted"},
]
_CLUSTER = {word: frozenset(group) for group in CLUSTERS for word in group}


def noun_matches(word: str, noun: str) -> bool:
    """Whether a request word names a tool noun: the same word, or one of its cluster."""
    return noun_strength(word, noun) > 0


def noun_strength(word: str, noun: str) -> float:
    """1 for the tool's own noun, 0.7 for a word of its cluster ("reminder" for todo), else 0."""
    word = singular(word)
    if word == noun:
        return 1.0
    return 0.7 if noun in _CLUSTER.get(word, ()) else 0.0


@dataclass
class Fill:
    tool: ToolView
    args: dict[str, Any] = field(default_factory=dict)
    used: set[int] = field(default_factory=set)
    evidence: dict[str, str] = field(default_factory=dict)
    reference: str = ""  # the words naming an existing item (update, delete, get, run)
    reference_tokens: list[int] = field(default_factory=list)
    removals: dict[str, list[str]] = field(default_factory=dict)  # "remove the health tag"
    target: str | None = None  # "rename X to Y": Y, for the title
    nouns: set[int] = field(default_factory=set)  # the tokens naming the tool's object
    nested: dict[str, Fill] = field(default_factory=dict)  # an array-of-objects parameter's item

    def set(self, param: Param | str, value: Any, tokens: Iterable[int], words: str) -> None:
        name = param if isinstance(param, str) else param.name
        self.args[name] = value
        self.used.update(tokens)
        self.evidence[name] = words

    def missing(self, skip: Iterable[str] = ()) -> list[Param]:
        skipped = set(skip)
        return [
            p for p in self.tool.required
            if p.name not in self.args and p.name not in skipped and p.role != "const"
        ]  # fmt: skip


def noun_tokens(reading: Reading, tool: ToolView) -> list[int]:
    """The tokens that name the tool's object ("todo", "bookmarks"), with "list" after one."""
    found = []
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens):
        if tok.kind == "word" and not tok.possessive and any(
            noun_matches(tok.norm, n) for n in tool.nouns
        ):
            found.append(i)
            if i + 1 < len(tokens) and tokens[i + 1].norm in ("list", "lists", "item", "items"):
                found.append(i + 1)
    return found


def trim(reading: Reading, indices: Iterable[int]) -> list[int]:
    """Token indices without function words and punctuation at either end, and without runs
    (between consumed words) made of nothing else ("call the bank, it's, tagged ...")."""
    tokens = reading.text.tokens

    def edge(i: int) -> bool:
        tok = tokens[i]
        return tok.kind == "punct" or tok.norm in EDGE or tok.text.lower() in EDGE

    runs: list[list[int]] = []
    for i in sorted(set(indices)):
        if runs and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    kept = [i for run in runs if not all(edge(i) for i in run) for i in run]
    last = len(tokens) - 1
    while kept and edge(kept[0]):
        kept.pop(0)
    while kept and edge(kept[-1]) and (
        kept[-1] < last or tokens[kept[-1]].kind == "punct" or tokens[kept[-1]].norm in _TAIL
    ):  # a preposition the request ends with stays: "... cannot sign in"
        kept.pop()
    return kept


_TAIL = frozenset({"please", "pls", "plz", "thanks", "thx", "now", "too", "asap", "the", "a",
                   "an", "and", "to", "for", "with", "of", "my"})  # fmt: skip


_TAG_WORDS = {"tagged": "tag", "tag": "tag", "tags": "tag", "labelled": "label", "labeled":
              "label", "label": "label", "labels": "label"}  # fmt: skip


def _tags(reading: Reading, f: Fill, tool: ToolView) -> None:
    """ "tagged money and admin", "tag it family", "labels dinner and italian", "the health tag"
    (with remove: a tag to take away)."""
    params = [p for p in tool.role("tags") if p.name not in f.args and p.type == "array"]
    if not params:
        return
    param = params[0]
    tokens = reading.text.tokens
    verb = reading.action.verb
    removing = VERBS.get(verb, ("", 0))[0] == "delete" or verb in ("untag", "unlabel")
    for i, tok in enumerate(tokens):
        if tok.norm not in _TAG_WORDS or (i in f.used and i not in reading.action.tokens):
            continue
        if removing and i > 0 and tokens[i - 1].kind == "word" and i - 1 not in f.used and (
            tokens[i - 1].norm not in EDGE
        ):  # "remove the health tag from ..."
            f.removals[param.name] = [tokens[i - 1].text]
            start = i - 2 if i > 1 and tokens[i - 2].norm in ("the", "a") else i - 1
            f.used.update(range(start, i + 1))
            f.evidence[param.name] = reading.text.slice(range(start, i + 1))
            return
        j = i + 1
        if i in reading.action.tokens:  # "tag the dentist todo with insurance"
            withs = [k for k in range(j, len(tokens)) if tokens[k].norm in ("with", "as")]
            if j < len(tokens) and tokens[j].norm not in ("it", "them") and withs:
                j = withs[0]
        span = [i]
        while j < len(tokens) and tokens[j].norm in ("it", "them", "with", "as", ":", "the", "="):
            span.append(j)
            j += 1
        values: list[str] = []
        while j < len(tokens) and j not in f.used:
            t = tokens[j]
            if t.kind in ("word", "other", "number", "hashtag", "ident") and t.norm not in (
                _BOUNDARY | {"to", "from", "and"}
            ):
                values.append(t.inner)
                span.append(j)
            elif t.norm in (",", "and", "&") and values:
                span.append(j)
            else:
                break
            j += 1
        while span and tokens[span[-1]].norm in (",", "and", "&"):
            span.pop()
        if values:
            f.set(param, values, span, reading.text.slice(span))
            if removing:
                f.removals[param.name] = values
                del f.args[param.name]
            return


def text_of(reading: Reading, indices: Iterable[int]) -> str:
    indices = list(indices)
    if len(indices) == 1 and reading.text.tokens[indices[0]].kind == "quoted":
        return reading.text.tokens[indices[0]].inner.strip()
    return reading.text.slice(indices).strip(" ,;")


def _free(reading: Reading, f: Fill) -> list[int]:
    return [i for i in range(len(reading.text.tokens)) if i not in f.used]


def _phrase_after(reading: Reading, f: Fill, start: int, stop_words: frozenset[str]) -> list[int]:
    """The unused tokens from `start` up to a used token or a boundary word."""
    out = []
    tokens = reading.text.tokens
    for i in range(start, len(tokens)):
        if i in f.used or (out and tokens[i].norm in stop_words) or tokens[i].norm in (",", ";"):
            break
        out.append(i)
    return out


def _typed(reading: Reading, f: Fill, tool: ToolView) -> None:
    tokens = reading.text.tokens
    for kind, roles in (("url", ("url",)), ("email", ("people", "person")), ("hashtag", ("tags",))):
        found = [i for i in reading.kinds(kind) if i not in f.used]
        targets = [p for p in tool.role(*roles) if p.name not in f.args]
        if found and targets:
            param = targets[0]
            values = [tokens[i].norm if kind == "hashtag" else tokens[i].text for i in found]
            value: Any = values if param.type == "array" else values[0]
            f.set(param, value, found if param.type == "array" else found[:1], " ".join(values))
    ids = [i for i in reading.kinds("uuid", "sha", "ident", "hex") if i not in f.used]
    for i in ids:
        tok = tokens[i]
        for param in tool.params.values():
            if param.name in f.args or param.type not in ("string", None):
                continue
            pattern = param.schema.get("pattern")
            fits = (pattern and re.fullmatch(pattern, tok.text)) or (
                param.role == "id" and _id_fits(tok, param, tool))  # fmt: skip
            if fits:
                span = [i]
                if i and singular(tokens[i - 1].norm) in set(param.words) | tool.nouns:
                    span.insert(0, i - 1)  # "commit <sha>", "task <uuid>"
                f.set(param, tok.text, span, tok.text)
                break
    paths = [i for i in reading.kinds("path") if i not in f.used]
    if paths and is_folder_tool(tool) and not tool.nouns & {"file"}:
        paths = [i for i in paths if not _has_extension(tokens[i].text)]
    many = tool.role("paths")
    single = [p for p in tool.role("path") if p.name not in f.args]
    if paths and many and (len(paths) > 1 or not single):
        f.set(many[0], [tokens[i].text for i in paths], paths, " ".join(tokens[i].text for i in paths))
    elif paths and single:
        for param, i in zip(single, paths, strict=False):
            f.set(param, tokens[i].text, [i], tokens[i].text)


_DIRECTORY = frozenset({"directory", "folder", "dir"})
_CONTAINERS = frozenset({"collection", "folder", "project", "category", "list", "group",
                         "channel", "calendar", "board", "space", "workspace"})  # fmt: skip


def is_folder_tool(tool: ToolView) -> bool:
    """A tool whose path is a folder: about directories, or a search (in a folder)."""
    if tool.verb in VERBS and VERBS[tool.verb][1] == VERBS["search"][1]:
        return True
    return bool(tool.nouns & _DIRECTORY) or any(
        w in _DIRECTORY for p in tool.role("path") for w in p.words
    )


def _bare_path(reading: Reading, f: Fill, tool: ToolView) -> None:
    """A folder named by a plain word: "in docs", "the src folder", "called drafts", and
    "list docs" (a word nothing else explains, right after the verb)."""
    params = [p for p in tool.role("path") if p.name not in f.args and p.required]
    if not params or not is_folder_tool(tool):
        return
    tokens = reading.text.tokens

    def plain(k: int) -> bool:
        t = tokens[k]
        return (k not in f.used and t.kind in ("word", "other") and t.norm not in _NOT_VALUE
                and t.norm not in COMMON_WORDS and t.norm not in _DIRECTORY)  # fmt: skip

    for i, tok in enumerate(tokens):
        nxt, prev = i + 1, i - 1
        if tok.norm in ("in", "of", "called", "named", "into", "at", "inside") and nxt < len(
            tokens
        ):
            k = nxt + 1 if tokens[nxt].norm in ("the", "my") and nxt + 1 < len(tokens) else nxt
            if plain(k) and not (k + 1 < len(tokens) and tokens[k + 1].norm in _DIRECTORY):
                f.set(params[0], tokens[k].text, (i, k), tokens[k].text)
                return
        if tok.norm in _DIRECTORY:
            if prev >= 0 and plain(prev):
                f.set(params[0], tokens[prev].text, (prev, i), f"{tokens[prev].text} {tok.text}")
                return
            if nxt < len(tokens) and plain(nxt):
                f.set(params[0], tokens[nxt].text, (i, nxt), f"{tok.text} {tokens[nxt].text}")
                return
    after = max(reading.action.tokens, default=-1) + 1
    if after < len(tokens) and plain(after):
        f.set(params[0], tokens[after].text, (after,), tokens[after].text)


def _has_extension(path: str) -> bool:
    return bool(re.search(r"\.[A-Za-z][A-Za-z0-9]{0,4}$", path.rstrip("/")))


def _id_fits(tok: Any, param: Param, tool: ToolView) -> bool:
    if tok.kind == "uuid":
        return param.schema.get("format") in ("uuid", None) and not param.schema.get("pattern")
    if tok.kind == "ident":
        prefix = tok.norm.split("_")[0]
        return any(c.isdigit() for c in tok.norm) or prefix in tool.nouns or prefix in param.words
    return False


def _dates(reading: Reading, f: Fill, tool: ToolView) -> None:
    when, tokens = reading.when, sorted(reading.when_tokens)
    words = reading.text.slice(tokens)
    if when is not None:
        since = [p for p in tool.role("since") if p.name not in f.args]
        until = [p for p in tool.role("until") if p.name not in f.args]
        moments = [p for p in tool.role("moment", "day") if p.name not in f.args]
        if since and until:
            first, last = since_until(when)
            f.set(since[0], first.isoformat(), tokens, words)
            f.set(until[0], last.isoformat(), tokens, words)
        elif moments:
            param = moments[0]
            value = _date_value(param, when)
            if when.kind in ("week", "range") and value == when.day().isoformat():
                return  # a week is not a day: "this week" does not fit a `day`
            f.set(param, value, tokens, words)
    if reading.duration is not None:
        minutes, used = reading.duration
        params = [p for p in tool.role("duration") if p.name not in f.args]
        if params and not used & f.used:
            param = params[0]
            unit = param.name.lower() + " " + param.describe
            value = minutes // 60 if "hour" in unit and minutes % 60 == 0 else minutes
            if "second" in unit:
                value = minutes * 60
            f.set(param, value, used, reading.text.slice(used))


def _date_value(param: Param, when: Any) -> str:
    fmt = param.schema.get("format")
    if fmt == "date-time" or (param.role == "moment" and fmt != "date"):
        return str(when.iso())
    examples = [str(e) for e in param.schema.get("examples", [])]
    if when.label and (when.label in examples or re.search(
        rf"['\"]{re.escape(when.label)}['\"]", param.describe
    )):  # the schema takes "today" as a value
        return str(when.label)
    return str(when.day().isoformat())


def _examples(reading: Reading, f: Fill, tool: ToolView) -> None:
    """A value the schema gives as an example, named in words ("code generation")."""
    for param in tool.role("label", "query", "person"):
        if param.name in f.args:
            continue
        for example in param.schema.get("examples") or []:
            if not isinstance(example, str) or len(example) < 4:
                continue
            parts = words_of(example)
            for i in range(len(reading.text.tokens) - len(parts) + 1):
                span = list(range(i, i + len(parts)))
                if not f.used & set(span) and [reading.text.tokens[k].norm for k in span] == parts:
                    f.set(param, example, span, reading.text.slice(span))
                    break


def _labels(reading: Reading, f: Fill, tool: ToolView, known: dict[str, list[str]]) -> None:
    """ "on branch X", "in project X", "the Website project", "as analyst", "of type person"."""
    tokens = reading.text.tokens
    _examples(reading, f, tool)
    for param in tool.role("people"):
        if param.name not in f.args:
            _with_people(reading, f, param)
    for param in tool.role("label", "person", "place"):
        if param.name in f.args:
            continue
        label = {w for w in param.words if w not in ("filter", "name")} or set(param.words)
        label = (label - tool.nouns) or label  # entityType: "type"; "entity" is the tool's noun
        typed = bool(label & {"type", "kind", "category"})
        for i, tok in enumerate(tokens):
            word = _TAG_WORDS.get(tok.norm, singular(tok.norm))
            if typed and i in f.nouns and i > 0 and tokens[i - 1].kind == "word" and (
                i - 1 not in f.used and tokens[i - 1].norm not in _NOT_VALUE
            ):  # "a company entity": the kind of thing, said before its noun
                f.set(param, tokens[i - 1].text, (i - 1,), f"{tokens[i - 1].text} {tok.text}")
                break
            if (i in f.used and i not in f.nouns) or word not in label:
                continue
            j = i + 1
            while j < len(tokens) and tokens[j].norm in (":", "=", "is", "named", "called"):
                j += 1
            before = i - 1
            if j < len(tokens) and j not in f.used and tokens[j].norm not in _NOT_VALUE:
                if tokens[j].kind in ("word", "other", "path", "ident", "number", "quoted"):
                    f.set(param, tokens[j].inner, range(i, j + 1), f"{tok.text} {tokens[j].text}")
                    break
            if before >= 0 and before not in f.used and tokens[before].norm not in _NOT_VALUE:
                if tokens[before].kind in ("word", "other", "quoted") and (
                    before == 0 or tokens[before - 1].norm in ("the", "my", "a", "an", "in",
                                                               "on", "to", "for", "into")
                ):  # fmt: skip
                    start = before - 1 if before > 0 and tokens[before - 1].norm in EDGE else before
                    f.set(param, tokens[before].inner, range(start, i + 1),
                          f"{tokens[before].text} {tok.text}")  # fmt: skip
                    break
        if param.name in f.args:
            continue
        if param.role in ("label",) and set(param.words) & {"role", "type", "kind", "group"}:
            for i, tok in enumerate(tokens[:-1]):
                if tok.norm in ("as", "by") and i not in f.used and i + 1 not in f.used:
                    nxt = tokens[i + 1]
                    if nxt.kind == "word" and nxt.norm not in EDGE and nxt.norm in known.get(
                        param.name, [nxt.norm]
                    ):
                        f.set(param, nxt.text, (i, i + 1), f"{tok.text} {nxt.text}")
                        break
        if param.role == "person":
            _with_people(reading, f, param)
        if param.role == "place" and param.name not in f.args:
            _place(reading, f, param)
    _loose_label(reading, f, tool)


def _loose_label(reading: Reading, f: Fill, tool: ToolView) -> None:
    """ "start a timer on Acme": a label the tool needs, named after a preposition without its
    label word, when the name stands out (capitalized, or the request is all capitals)."""
    labels = [p for p in tool.role("label") if p.name not in f.args]
    if len(labels) > 1 and not any(p.required for p in labels):  # "in Rust": a container
        labels = [p for p in labels if set(p.words) & _CONTAINERS][:1]
    if not labels:
        return
    if tool.kind not in ("create", "run", "read") and not any(p.required for p in labels):
        return  # "rename X to Asyncio reference": a target, not a label
    param = next((p for p in labels if p.required), labels[0])
    tokens = reading.text.tokens
    shouting = reading.text.original.isupper()
    for i, tok in enumerate(tokens[:-1]):
        nxt = tokens[i + 1]
        if tok.norm not in ("on", "for", "in", "to", "at", "into") or i in f.used or i + 1 in f.used:
            continue
        if nxt.kind in ("word", "other") and nxt.norm not in _NOT_VALUE and (
            nxt.text[:1].isupper() or shouting
        ) and not any(noun_matches(nxt.norm, n) for n in tool.nouns):
            f.set(param, nxt.text, (i, i + 1), f"{tok.text} {nxt.text}")
            return


def _with_people(reading: Reading, f: Fill, param: Param) -> None:
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens):
        if tok.norm != "with" or i in f.used:
            continue
        people, span = [], [i]
        j = i + 1
        while j < len(tokens) and j not in f.used:
            t = tokens[j]
            if t.kind in ("word", "email") and t.norm not in EDGE | _BOUNDARY:
                people.append(t.text)
                span.append(j)
            elif t.norm in ("and", ",", "&") and people:
                span.append(j)
            else:
                break
            j += 1
        while span and tokens[span[-1]].norm in ("and", ",", "&"):
            span.pop()
        if people:
            value: Any = people if param.type == "array" else people[0]
            f.set(param, value, span, reading.text.slice(span))
            return


def _place(reading: Reading, f: Fill, param: Param) -> None:
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens):
        if tok.norm in ("in", "at") and i not in f.used and i + 1 < len(tokens):
            phrase = _phrase_after(reading, f, i + 1, _BOUNDARY)
            words = [tokens[k].norm for k in phrase]
            if phrase and (words[0] in ("the", "room") or tokens[phrase[0]].text[:1].isupper()):
                f.set(param, text_of(reading, phrase), [i, *phrase], reading.text.slice([i, *phrase]))
                return


_DONE_VERBS = frozenset({"done", "finish", "complete", "close", "resolve", "tick", "reopen"})


def _enums(reading: Reading, f: Fill, tool: ToolView) -> None:
    protected: set[int] = set()
    if reading.action.verb in ("rename", "retitle"):  # "rename X to finish the report"
        tos = [i for i, t in enumerate(reading.text.tokens) if t.norm == "to"]
        protected = set(range(tos[-1], len(reading.text.tokens))) if tos else set()
    for param in tool.role("enum"):
        if param.name in f.args:
            continue
        hit = find_enum(reading, param, f.used | protected, tool)
        if hit is None and reading.action.verb in _DONE_VERBS:  # "i paid the bill": done
            value = find_enum_in(reading, param, [], tool, reading.action.verb)
            if value is not None:
                hit = (value, list(reading.action.tokens))
        if hit is not None:
            value, span = hit
            f.set(param, value, span, reading.text.slice(span))


def _flags(reading: Reading, f: Fill, tool: ToolView) -> None:
    words = reading.words
    for param in tool.role("flag", "const"):
        if param.role == "const":
            if param.required:
                f.args[param.name] = param.schema["const"]
            continue
        core = [w for w in param.words if w not in ("only", "include", "is", "with", "show")]
        if not core:
            continue
        stems = {stem(w) for w in core}
        hits = [i for i, t in enumerate(reading.text.tokens)
                if t.kind == "word" and stem(t.norm.removeprefix("non-").removeprefix("un"))
                in stems]  # fmt: skip
        if len(hits) < len(core) and not (hits and len(core) > 1 and core[-1] in ("detail", "details")):
            continue
        value = not any(negated(reading, i) for i in hits)
        f.set(param, value, hits, " ".join(reading.text.tokens[i].text for i in hits))
    del words


_COUNT_WORDS = re.compile(r"^(?:first|top|last|latest|recent|max|maximum|limit|at most|show)$")


def _counts(reading: Reading, f: Fill, tool: ToolView) -> None:
    tokens = reading.text.tokens
    params = [p for p in tool.role("count") if p.name not in f.args and p.name != "page"]
    if not params:
        return
    for i, tok in enumerate(tokens):
        if tok.kind != "number" or i in f.used:
            continue
        before = tokens[i - 1].norm if i else ""
        after = singular(tokens[i + 1].norm) if i + 1 < len(tokens) else ""
        if not (_COUNT_WORDS.match(before) or after in ("line", "result", "item", "entry")
                or any(noun_matches(after, n) for n in tool.nouns)):  # fmt: skip
            continue
        pick = params[0]
        for param in params:
            if before in ("first", "top") and "first" in param.describe:
                pick = param
            if before in ("last", "latest") and "last" in param.describe:
                pick = param
        value = int(tok.norm) if tok.norm.isdigit() else None
        if value is not None:
            span = [i - 1, i] if _COUNT_WORDS.match(before) else [i]
            f.set(pick, value, span, reading.text.slice(span))
            return


def _marked(reading: Reading, f: Fill, tool: ToolView) -> None:
    """ "called X", "titled X", "with description X", "notes: X", "task: X", "as X"."""
    tokens = reading.text.tokens
    texts = [p for p in tool.role("body", "title", "query") if p.name not in f.args]
    for param in texts:
        label = set(param.words) - {"description"} | (
            {"description"} if "description" in param.words else set())  # fmt: skip
        for i, tok in enumerate(tokens):
            if i in f.used or singular(tok.norm) not in label or tok.norm in tool.nouns:
                continue
            if i and tokens[i - 1].norm in ("the",) and not (i > 1 and tokens[i - 2].norm == "with"):
                continue
            j = i + 1
            while j < len(tokens) and tokens[j].norm in (":", "=", "is", "of"):
                j += 1
            phrase = _phrase_after(reading, f, j, frozenset({"with", "tagged", "labels"}))
            if phrase and (tokens[i + 1].norm == ":" or (i and tokens[i - 1].norm in (
                "with", ",", "and")) or tokens[phrase[0]].kind == "quoted"):  # fmt: skip
                start = i - 1 if i and tokens[i - 1].norm in ("with", "the", "and") else i
                f.set(param, text_of(reading, phrase), range(start, phrase[-1] + 1),
                      reading.text.slice(range(start, phrase[-1] + 1)))  # fmt: skip
                break
    titles = [p for p in tool.role("title") if p.name not in f.args]
    if not titles and not tool.role("title"):  # "a relation ... called works_at": its type
        titles = [p for p in tool.role("label") if p.name not in f.args and p.required]
    if not titles:
        return
    param = titles[0]
    pattern = param.schema.get("pattern")
    spaces = not pattern or re.search(pattern, "a b") is not None
    for i, tok in enumerate(tokens):
        if tok.norm in _TITLE_MARKERS and i not in f.used:
            phrase = _phrase_after(reading, f, i + 1, _BOUNDARY - {"in", "on", "at", "for", "as"})
            if not spaces:
                phrase = phrase[:1]
            phrase = trim(reading, phrase) if len(phrase) > 1 else phrase
            if phrase:
                f.set(param, text_of(reading, phrase), [i, *phrase], reading.text.slice([i, *phrase]))
                return


def fill(reading: Reading, tool: ToolView, known: dict[str, list[str]] | None = None) -> Fill:
    """The arguments for `tool` the request gives (see the module docstring)."""
    known = known or {}
    f = Fill(tool, used=set(reading.lead) | set(reading.action.tokens))
    nouns = noun_tokens(reading, tool)
    f.used.update(nouns)
    f.nouns.update(nouns)
    _typed(reading, f, tool)
    _bare_path(reading, f, tool)
    _dates(reading, f, tool)
    _known(reading, f, tool, known)
    _tags(reading, f, tool)
    _labels(reading, f, tool, known)
    _enums(reading, f, tool)
    _flags(reading, f, tool)
    _counts(reading, f, tool)
    _marked(reading, f, tool)
    _objects(reading, f, tool, known)
    _rest(reading, f, tool)
    return f


def _known(reading: Reading, f: Fill, tool: ToolView, known: dict[str, list[str]]) -> None:
    """Names of existing items the router listed (agents, projects, entities), where mentioned."""
    tokens = reading.text.tokens
    for pname, names in known.items():
        param = tool.params.get(pname)
        if param is None or pname in f.args:
            continue
        found = []
        for name in sorted(names, key=len, reverse=True):
            low = name.lower()
            for i, tok in enumerate(tokens):
                if i in f.used:
                    continue
                span = _span_of(reading, i, low)
                if span:
                    found.append((name, span))
                    break
        if found:
            if param.type == "array":
                f.set(param, [n for n, _ in found], [i for _, s in found for i in s],
                      ", ".join(n for n, _ in found))  # fmt: skip
            else:
                name, span = found[0]
                f.set(param, name, span, reading.text.slice(span))


def _span_of(reading: Reading, i: int, name: str) -> list[int]:
    """The tokens from `i` that spell `name` (case-insensitive), or []."""
    tokens = reading.text.tokens
    parts = name.split()
    if i + len(parts) > len(tokens):
        return []
    for k, part in enumerate(parts):
        tok = tokens[i + k]
        text = tok.inner.lower() if tok.kind == "quoted" else tok.norm
        if text != part and tok.text.lower().rstrip("'s’") != part:
            return []
    return list(range(i, i + len(parts)))


def _objects(reading: Reading, f: Fill, tool: ToolView, known: dict[str, list[str]]) -> None:
    """An array-of-objects parameter (`entities: [{name, entityType, observations}]`): one item,
    filled like a tool of its own."""
    for param in tool.role("objects"):
        items = unwrap(param.schema.get("items") or {})
        view = ToolView.of(f"{tool.name}.{param.name}", tool.description, items,
                           read_only=tool.read_only)  # fmt: skip
        view = ToolView(view.name, view.description, tool.verb, tool.kind, tool.nouns,
                        view.params, tool.read_only, tool.destructive, view.describe_words)  # fmt: skip
        inner = Fill(view, used=set(f.used), nouns=set(f.nouns))
        _pair(reading, inner, view)
        _known(reading, inner, view, known)
        _labels(reading, inner, view, known)
        _marked(reading, inner, view)
        _rest(reading, inner, view)
        if any(p.name in inner.args for p in view.role("title")):  # a new item: the rest may
            for p in view.required:  # stay empty ("create an entity Carol of type person")
                if p.name not in inner.args and p.type == "array" and p.role in ("list", "tags"):
                    inner.args[p.name] = []
        f.nested[param.name] = inner
        f.used |= inner.used
        if not inner.missing():
            f.args[param.name] = [inner.args]
            f.evidence[param.name] = "; ".join(f"{k} ← {v}" for k, v in inner.evidence.items())


def _pair(reading: Reading, f: Fill, tool: ToolView) -> None:
    """ "from X to Y" for a pair of parameters named from/to (source/destination)."""
    tokens = reading.text.tokens
    pair = [tool.params.get(a) for a in ("from", "to")]
    if not all(pair):
        return
    for i, tok in enumerate(tokens):
        if tok.norm == "from" and i + 3 < len(tokens) and tokens[i + 2].norm == "to":
            first, second = pair
            assert first is not None and second is not None
            f.set(first, tokens[i + 1].inner, (i, i + 1), tokens[i + 1].text)
            f.set(second, tokens[i + 3].inner, (i + 2, i + 3), tokens[i + 3].text)
            return


def _rest(reading: Reading, f: Fill, tool: ToolView) -> None:
    """What is left: a title, a body, a query, or the words naming an existing item."""
    tokens = reading.text.tokens
    kind = tool.kind
    free = [i for i in _free(reading, f) if tokens[i].norm not in _GENERIC]
    ident = tool.identifier
    acts_on_item = ident is not None and ident.name not in f.args and (
        kind in ("update", "delete", "stop", "restart", "check") or tool.is_get
        or (kind == "run" and ident.role == "key") or ident.required
    )  # fmt: skip
    if kind == "update" or (acts_on_item and kind not in ("run",)):
        _target(reading, f, tool, free)
        free = [i for i in free if i not in f.used]
    if acts_on_item and kind != "run":
        kept = trim(reading, [i for i in free if tokens[i].norm not in _REF_SKIP])
        f.reference = text_of(reading, kept) if kept else ""
        f.reference_tokens = kept
        f.used.update(kept)
        return
    if kind == "update":  # a new title comes from "rename X to Y", never from what is left
        return
    free = _without_verbs(reading, free)
    texts = [p for p in tool.role("title", "body", "query") if p.name not in f.args]
    lists = [p for p in tool.role("list") if p.name not in f.args and p.required]
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
    if kind == "read" and param.role != "query":
        return
    if kind == "create" and not param.required and param.role != "title" and tool.role("title"):
        return
    if kind == "read":
        free = [i for i in _after_for(reading, free) if tokens[i].norm not in _QUANTIFIERS]
        searching = reading.action.group == VERBS["search"][1]
        if not searching and not any(tokens[i].norm in _MARKERS for i in _free(reading, f)):
            return
    kept = trim(reading, free)
    if kept and tokens[kept[0]].kind == "quoted" and param.role == "title":
        kept = kept[:1]  # "Schedule 'Design critique' with ...": the quotes say where it ends
    labelled = [i for i in kept if tokens[i].kind == "quoted" and i > 0 and (
        tokens[i - 1].norm in _LABELISH or singular(tokens[i - 1].norm) in param.words)]
    if labelled:  # "save the text "remember the milk" in todo.txt"
        kept = labelled[:1]
    if not kept and kind == "create" and param.role == "title" and param.required:
        kept = [i for i in noun_tokens(reading, tool) if not any(  # "schedule a standup"
            noun_strength(tokens[i].norm, n) == 1.0 for n in tool.nouns)][:1]
    pattern = param.schema.get("pattern")
    if pattern and kept and re.search(pattern, "a b") is None:  # a name: one word that fits
        fits = [i for i in kept if re.search(pattern, tokens[i].inner)]
        kept = fits[:1]
    if kept:
        f.set(param, text_of(reading, kept), kept, reading.text.slice(kept))


def _without_verbs(reading: Reading, free: list[int]) -> list[int]:
    """Without a verb that goes with the action ("start tracking time", "go ahead and add")."""
    tokens = reading.text.tokens
    out = list(free)
    while out and tokens[out[0]].kind == "word" and tokens[out[0]].norm.endswith("ing") and (
        stem(tokens[out[0]].norm) in _VERB_STEMS
    ) and out[0] - 1 in reading.action.tokens:  # fmt: skip
        out.pop(0)
    return out


_VERB_STEMS = frozenset(stem(v) for v in VERBS)
_REF_SKIP = frozenset({"as", "status", "priority", "from", "off", "my", "all"})


_LABELISH = frozenset({"text", "content", "message", "note", "body", "caption", "title", "name",
                       "description", "prompt", "words", "line"})  # fmt: skip
_QUANTIFIERS = frozenset({"all", "every", "everything", "any", "anything", "some", "my"})
_MARKERS = ("for", "about", "matching", "containing", "mentioning")


def _after_for(reading: Reading, free: list[int]) -> list[int]:
    """A search's words: after "for"/"about"/"matching" when there is one."""
    tokens = reading.text.tokens
    for marker in _MARKERS:
        at = [i for i in free if tokens[i].norm == marker]
        if at:
            return [i for i in free if i > at[0]]
    return free


def _target(reading: Reading, f: Fill, tool: ToolView, free: list[int]) -> None:
    """ "rename X to Y", "change the description of X to Y", "set X's notes to 'Y'"."""
    tokens = reading.text.tokens
    tos = [i for i in free if tokens[i].norm in ("to", "into", "as")]
    if not tos:
        return
    at = tos[-1]
    value = [i for i in free if i > at]
    if not value:
        return
    named = None
    for i in free:
        if i >= at:
            break
        word = singular(tokens[i].norm)
        for param in tool.params.values():
            if param.name not in f.args and word in param.words and param.role in (
                "title", "body", "label", "query", "place"
            ) and tokens[i].norm not in tool.nouns:
                named = (param, i)
    if named is None:
        for i in free:
            if i >= at:
                break
            for param in tool.role("enum"):
                if param.name not in f.args and singular(tokens[i].norm) in param.words:
                    hit = find_enum_in(reading, param, value, tool)
                    if hit is not None:
                        f.set(param, hit, [i, at, *value], reading.text.slice(value))
                        return
    if named is not None:
        param, i = named
        f.set(param, text_of(reading, trim(reading, value)), [i, at, *value],
              reading.text.slice(value))  # fmt: skip
        if i > 0 and tokens[i - 1].norm == "the":
            f.used.add(i - 1)
        return
    if reading.action.verb in ("rename", "retitle", "call"):
        titles = [p for p in tool.role("title") if p.name not in f.args]
        if titles:
            kept = trim(reading, value)
            f.set(titles[0], text_of(reading, kept), [at, *value], reading.text.slice(value))
