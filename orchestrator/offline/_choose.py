"""Step 3: which tool the request is for, by score: the request's verb against the tool's own verb
(the same word, the same synonym group, the same kind of action, or a kind close to it), the
request's nouns against the tool's nouns and description, and the typed values found against
the tool's parameters (a URL for a `link`, a date for a `due_date`, "in progress" for a
`status` enum). A verb of another kind rules the tool out: a delete is never chosen for "add".
"""

from __future__ import annotations

from dataclasses import dataclass

from orchestrator.offline._enums import _phrases, find_enum
from orchestrator.offline._nouns import has_extension, is_folder_tool, noun_strength, noun_tokens
from orchestrator.offline._phrase import NOT_VALUE
from orchestrator.offline._read import Reading
from orchestrator.offline._tokens import singular, words_of
from orchestrator.offline._tools import VERBS, ToolView

__all__ = ["Scored", "rank", "rivals"]

# How well a request's kind of action fits a tool's (same kind: 2.0; absent: ruled out).
_NEAR = {
    ("stop", "delete"): 1.0,
    ("delete", "stop"): 1.5,
    ("read", "check"): 1.5,
    ("check", "read"): 1.5,
    ("create", "update"): 0.5,
    ("delete", "update"): 0.5,
    ("update", "create"): 0.5,
    ("run", "update"): 0.5,
    ("create", "run"): 1.0,
    ("run", "create"): 0.5,
    ("stop", "update"): 0.5,
    ("restart", "stop"): 0.5,
}
MARGIN = 1.0  # closer than this, two tools are rivals


@dataclass(frozen=True)
class Scored:
    score: float
    tool: ToolView
    why: str  # for the log: the verb and noun evidence


def _verb_score(reading: Reading, tool: ToolView) -> float | None:
    action = reading.action
    if tool.kind is None:
        return 0.5 if action.kind is None else None
    if action.kind is None:  # a question without a verb of ours
        if tool.kind in ("read", "check"):
            return 2.0
        return None
    near = 2.0 if tool.kind == action.kind else _NEAR.get((action.kind, tool.kind))
    if near is None:
        return None
    if tool.verb == action.verb:
        return 4.0
    if tool.verb in VERBS and action.group is not None and VERBS[tool.verb][1] == action.group:
        return 3.0
    return near


def score(
    reading: Reading, tool: ToolView, hints: frozenset[str] = frozenset(), weak: bool = False
) -> Scored | None:
    """The tool's score for the request, or None when its kind of action does not fit."""
    verb = _verb_score(reading, tool)
    if verb is None:
        return None
    total = verb
    weights = _noun_weights(reading)
    matched: dict[str, float] = {}
    for noun in tool.nouns:
        found = [
            w * noun_strength(word, noun)
            for word, w in weights.items()
            if noun_strength(word, noun)
        ]
        if noun in hints:
            found.append(1.0 if weak else 2.0)  # a name the request says, found in a listing
        if found:
            matched[noun] = max(found)
    total += sum(matched.values()) - 0.75 * len(tool.nouns - set(matched))
    if tool.verb in _NOUN_VERBS and tool.verb != reading.action.verb and tool.verb in weights:
        total += 1.5  # "a time report": the tool's own verb, said as a noun
    if (
        reading.action.verb
        and reading.action.verb != tool.verb
        and (reading.action.verb in words_of(tool.description)[:12])
    ):
        total += 1.0  # "rename": "Move or rename files and directories"
    described = (tool.describe_words - tool.nouns) & set(weights)
    total += min(1.5, 0.5 * len(described - set(VERBS)))
    total += _fit(reading, tool, named=bool(hints))
    if (
        reading.action.question
        and reading.words & {"much", "many", "long"}
        and (tool.verb in VERBS and VERBS[tool.verb][1] == VERBS["report"][1])
    ):
        total += 1.5  # "how much did I ...": a total
    if tool.deprecated:
        total -= 3.0
    why = f"verb {verb:g}" + (f", nouns {'/'.join(sorted(matched))}" if matched else "")
    return Scored(total, tool, why)


_TEXT = frozenset({"text", "document"})
_MEDIA = frozenset({"media", "image", "audio", "picture", "photo"})
_FILE_KINDS = {
    **dict.fromkeys(
        [
            "txt",
            "md",
            "markdown",
            "rst",
            "py",
            "js",
            "ts",
            "json",
            "yaml",
            "yml",
            "toml",
            "csv",
            "log",
            "html",
            "xml",
            "ini",
            "cfg",
            "sh",
            "go",
            "rs",
            "java",
            "c",
            "h",
        ],
        _TEXT,
    ),
    **dict.fromkeys(
        ["png", "jpg", "jpeg", "gif", "webp", "svg", "mp3", "wav", "ogg", "mp4", "mov"], _MEDIA
    ),
}
_NOUN_VERBS = frozenset({"report", "log", "list", "history", "summary", "note", "record"})
_PREPOSITIONS = frozenset(
    {"on", "in", "for", "of", "to", "from", "with", "by", "about", "into", "at", "onto"}
)


def _noun_weights(reading: Reading) -> dict[str, float]:
    """Each word's weight as a noun: 3 as the object of the verb ("show the agents"), 1.5 in a
    phrase after a preposition ("on the DataOne project")."""
    weights: dict[str, float] = {}
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens):
        if tok.kind != "word":
            continue
        weight = 3.0
        j = i - 1
        while j >= 0 and j not in reading.action.tokens and tokens[j].kind in ("word", "quoted"):
            if tokens[j].norm in _PREPOSITIONS:
                weight = 1.5
                break
            j -= 1
        word = singular(tok.norm)
        weights[word] = max(weights.get(word, 0.0), weight)
    return weights


def _fit(reading: Reading, tool: ToolView, named: bool = False) -> float:
    """Typed values the request has that the tool has a place for."""
    roles = {p.role for p in tool.params.values()}
    kinds = {t.kind for t in reading.text.tokens}
    fit = 0.0
    if reading.when is not None and roles & {"moment", "day", "since", "until"}:
        fit += 1.5
    if reading.duration is not None and "duration" in roles:
        fit += 2.0
    for kind, wanted, bonus in (
        ("url", {"url"}, 2.0),
        ("path", {"path", "paths"}, 2.0),
        ("email", {"people", "person"}, 1.0),
        ("hashtag", {"tags"}, 1.0),
        ("uuid", {"id"}, 1.5),
        ("sha", {"label", "id"}, 1.0),
    ):
        if kind in kinds and roles & wanted:
            fit += bonus
        elif kind in ("url", "path") and kind in kinds and not roles & wanted:
            fit -= 1.0
    paths = [t for t in reading.text.tokens if t.kind == "path"]
    if len(paths) > 1:
        fit += 2.5 if "paths" in roles or len(tool.role("path")) > 1 else -1.0
    if (
        paths
        and "path" in roles
        and is_folder_tool(tool)
        and "file" not in tool.nouns
        and all(has_extension(t.text) for t in paths)
    ):
        fit -= 3.0  # "show me notes.txt" is a file, not a folder
    fit += _fillable(reading, tool, kinds)
    nouns = set(noun_tokens(reading, tool))
    enums = 0.0
    for param in tool.role("enum"):
        if find_enum(reading, param, nouns, tool) is not None:
            enums += 1.0
    if (
        not enums
        and reading.action.verb in ("done", "finish", "complete", "reopen")
        and any(
            reading.action.verb in {w for ph in _phrases(str(v)) for w in ph}
            for p in tool.role("enum")
            for v in p.enum
        )
    ):
        enums += 1.0  # "i paid the bill": a status the tool can set
    fit += min(2.0, enums)
    tokens = reading.text.tokens
    for param in tool.params.values():  # an example value the request names ("code generation")
        for example in param.schema.get("examples") or []:
            if (
                isinstance(example, str)
                and len(example) > 3
                and (f" {' '.join(words_of(example))} " in f" {reading.text.norm} ")
            ):
                fit += 2.0
    for param in tool.role("label"):
        label = set(param.words) - {"name", "filter"}
        for i, tok in enumerate(tokens):
            if singular(tok.norm) in label:
                fit += 1.0
                near = [tokens[k] for k in (i - 1, i + 1) if 0 <= k < len(tokens)]
                if any(
                    (
                        t.kind in ("word", "other", "path")
                        and t.norm not in NOT_VALUE
                        and t.text[:1].isupper()
                    )
                    or t.kind == "path"
                    for t in near
                ):
                    fit += 1.5
                break
    for path in paths:  # "notes.txt" is text, "logo.png" an image
        sort = _FILE_KINDS.get(path.text.rsplit(".", 1)[-1].lower()) if "." in path.text else None
        if sort and tool.nouns & sort:
            fit += 1.0
    if tool.kind == "read":  # of two listings alike, the one that needs less
        fit -= 0.25 * len([p for p in tool.required if p is not tool.identifier])
    one = _one_item(reading, tool)
    if tool.kind in ("read", "check") and tool.identifier is not None and tool.identifier.required:
        fit += 1.5 if one or named else 0.5 if _names_something(reading) else -1.0
    elif tool.kind == "read" and one:
        fit -= 0.5
    if one and one_after_to(reading, tool):  # "add branch X to the login bug task"
        fit += 1.5 if tool.kind == "update" else -2.5 if tool.kind == "create" else 0.0
    return fit


def _fillable(reading: Reading, tool: ToolView, kinds: set[str]) -> float:
    """Minus for each required value of a type the request has nothing of (a link, a file, a
    time, a length, a search pattern, a structure)."""
    penalty = 0.0
    for param in tool.required:
        role = param.role
        if (role == "url" and "url" not in kinds) or (
            role in ("path", "paths") and "path" not in kinds and not is_folder_tool(tool)
        ):
            penalty -= 1.5
        elif (role in ("moment", "since", "until") and reading.when is None) or (
            role == "duration" and reading.duration is None
        ):
            penalty -= 1.0
        elif (role in ("object", "objects") and tool.kind not in ("create", "delete")) or (
            role == "query"
            and tool.kind == "read"
            and not (kinds & {"quoted", "other"} or reading.words & {"for", "matching", "about"})
        ):
            penalty -= 1.5
    return penalty


def _one_item(reading: Reading, tool: ToolView) -> bool:
    """Whether the request names one existing item of the tool's: "the login bug task"."""
    return not reading.everything and _item_noun(reading, tool) is not None


def _item_noun(reading: Reading, tool: ToolView) -> int | None:
    tokens = reading.text.tokens
    for k in noun_tokens(reading, tool):
        tok = tokens[k]
        if (
            tok.norm in ("list", "lists", "item", "items")
            or singular(tok.norm) != tok.norm
            or (k + 1 < len(tokens) and tokens[k + 1].norm in ("list", "lists"))
        ):
            continue
        j = k - 1
        words = 0
        while j >= 0 and tokens[j].norm not in ("the", "my", "our", "this", "that"):
            if tokens[j].kind == "punct" or tokens[j].norm in ("a", "an", "to", "for"):
                break
            words += 1
            j -= 1
        if j >= 0 and tokens[j].norm in ("the", "my", "our", "this", "that") and words:
            return k
    return None


def one_after_to(reading: Reading, tool: ToolView) -> bool:
    """ "... to the login bug task": the item comes after "to"/"from", as a target."""
    k = _item_noun(reading, tool)
    if k is None:
        return False
    tokens = reading.text.tokens
    j = k - 1
    while j >= 0 and tokens[j].norm not in ("the", "my", "our"):
        j -= 1
    return j > 0 and tokens[j - 1].norm in ("to", "into", "onto", "from", "on", "for")


def _names_something(reading: Reading) -> bool:
    """Whether the request points at one item: an id, a path, a name-like word, "details"."""
    for tok in reading.text.tokens:
        if tok.kind in ("uuid", "ident", "path", "quoted", "sha"):
            return True
        if tok.kind == "word" and ("-" in tok.text[1:] or tok.possessive):
            return True
    return bool(reading.words & {"details", "detail", "about", "doing", "status", "info"})


def rank(
    reading: Reading,
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
    scored = []
    for tool in tools:
        found = score(reading, tool, hints.get(tool.name, frozenset()), tool.name in weak)
        if found is not None and tool.name in valued:
            found = Scored(found.score + 2.0, tool, found.why + ", a filter value")
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
        if best.score - other.score >= MARGIN:
            break
        if any(_variant(other.tool, kept.tool) for kept in close):
            continue
        close.append(other)
    return close


def _variant(a: ToolView, b: ToolView) -> bool:
    """`a` does what `b` does with more to it: same kind and verb, nouns a superset."""
    return a.kind == b.kind and a.verb == b.verb and a.nouns > b.nouns
