"""Step 3: which tool the request is for, by score: the request's verb against the tool's own verb
(the same word, the same synonym group, the same kind of action, or a kind close to it), the
request's nouns against the tool's nouns and description, and the typed values found against
the tool's parameters (a URL for a `link`, a date for a `due_date`, "in progress" for a
`status` enum). A verb of another kind rules the tool out: a delete is never chosen for "add".
"""

from __future__ import annotations

from dataclasses import dataclass

from orchestrator.offline._enums import find_enum
from orchestrator.offline._fill import noun_matches, noun_tokens
from orchestrator.offline._read import Reading
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import VERBS, ToolView

__all__ = ["Scored", "rank", "rivals"]

# How well a request's kind of action fits a tool's (same kind: 2.0; absent: ruled out).
_NEAR = {
    ("stop", "delete"): 1.5, ("delete", "stop"): 1.5, ("read", "check"): 1.5,
    ("check", "read"): 1.5, ("create", "update"): 1.0, ("delete", "update"): 0.5,
    ("update", "create"): 0.5, ("run", "update"): 0.5, ("create", "run"): 1.0,
    ("run", "create"): 0.5, ("stop", "update"): 0.5, ("restart", "stop"): 0.5,
}  # fmt: skip
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


def score(reading: Reading, tool: ToolView, hints: frozenset[str] = frozenset()) -> Scored | None:
    """The tool's score for the request, or None when its kind of action does not fit."""
    verb = _verb_score(reading, tool)
    if verb is None:
        return None
    total = verb
    words = {singular(w) for w in reading.words}
    matched = {n for n in tool.nouns if any(noun_matches(w, n) for w in words) or n in hints}
    total += 3.0 * len(matched) - 0.75 * len(tool.nouns - matched)
    described = (tool.describe_words - tool.nouns) & words
    total += min(1.5, 0.5 * len(described - set(VERBS)))
    total += _fit(reading, tool)
    if tool.deprecated:
        total -= 3.0
    why = f"verb {verb:g}" + (f", nouns {'/'.join(sorted(matched))}" if matched else "")
    return Scored(total, tool, why)


def _fit(reading: Reading, tool: ToolView) -> float:
    """Typed values the request has that the tool has a place for."""
    roles = {p.role for p in tool.params.values()}
    kinds = {t.kind for t in reading.text.tokens}
    fit = 0.0
    if reading.when is not None and roles & {"moment", "day", "since", "until"}:
        fit += 1.5
    if reading.duration is not None and "duration" in roles:
        fit += 2.0
    for kind, wanted, bonus in (
        ("url", {"url"}, 2.0), ("path", {"path", "paths"}, 2.0), ("email", {"people", "person"}, 1.0),
        ("hashtag", {"tags"}, 1.0), ("uuid", {"id"}, 1.5), ("sha", {"label", "id"}, 1.0),
    ):  # fmt: skip
        if kind in kinds and roles & wanted:
            fit += bonus
        elif kind in ("url", "path") and kind in kinds and not roles & wanted:
            fit -= 1.0
    nouns = set(noun_tokens(reading, tool))
    enums = 0.0
    for param in tool.role("enum"):
        if find_enum(reading, param, nouns, tool) is not None:
            enums += 1.0
    fit += min(2.0, enums)
    for param in tool.role("label", "flag", "count", "duration"):
        if param.role == "label" and set(param.words) & reading.words - {"name", "filter"}:
            fit += 1.0
    if tool.kind == "read" and tool.identifier is not None and tool.identifier.required:
        fit += 0.5 if _names_something(reading) else -1.0
    return fit


def _names_something(reading: Reading) -> bool:
    """Whether the request points at one item: an id, a path, a name-like word, "details"."""
    for tok in reading.text.tokens:
        if tok.kind in ("uuid", "ident", "path", "quoted", "sha"):
            return True
        if tok.kind == "word" and ("-" in tok.text[1:] or tok.possessive):
            return True
    return bool(reading.words & {"details", "detail", "about", "doing", "status", "info"})


def rank(reading: Reading, tools: list[ToolView], hints: dict[str, frozenset[str]] | None = None,
         ) -> list[Scored]:  # fmt: skip
    """The tools that fit the request's action, best first (config order breaks ties)."""
    hints = hints or {}
    scored = [s for t in tools if (s := score(reading, t, hints.get(t.name, frozenset())))]
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
