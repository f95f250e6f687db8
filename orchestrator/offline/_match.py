"""Matching a request onto tools for the offline provider: from tool names, descriptions and JSON
schemas only (no list of known tool names).

Pieces: `ToolView` (a tool's verb group, nouns and parameters), `intent` (the request's verb
group), `rank` (tools scored by noun/description/enum/date overlap), `fill` (arguments by schema
type), `free_text` and `reference` (the words left for a title or to find an item by).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from orchestrator.offline._dates import When

__all__ = ["Group", "ToolView", "detect_enum", "fill", "free_text", "intent", "rank", "reference"]

Group = Literal["create", "list", "get", "update", "delete"]

# Verbs as they appear in tool names (first word) and in requests.
_TOOL_VERBS: dict[str, Group] = {
    **dict.fromkeys(
        [
            "create",
            "add",
            "new",
            "jot",
            "insert",
            "make",
            "post",
            "register",
            "record",
            "write",
            "save",
            "schedule",
            "log",
            "open",
            "submit",
        ],
        "create",
    ),
    **dict.fromkeys(["list", "browse", "search", "find", "query", "all", "enumerate"], "list"),
    **dict.fromkeys(
        ["get", "read", "fetch", "show", "describe", "view", "lookup", "inspect", "probe"], "get"
    ),
    **dict.fromkeys(
        [
            "update",
            "set",
            "edit",
            "modify",
            "change",
            "patch",
            "mark",
            "rename",
            "complete",
            "close",
            "archive",
            "move",
            "assign",
        ],
        "update",
    ),
    **dict.fromkeys(
        [
            "delete",
            "remove",
            "cancel",
            "shred",
            "erase",
            "destroy",
            "drop",
            "purge",
            "discard",
            "trash",
        ],
        "delete",
    ),
}
_REQUEST_VERBS: dict[str, Group] = {
    **_TOOL_VERBS,
    **dict.fromkeys(["remind", "remember", "forget", "need", "note", "put"], "create"),
    **dict.fromkeys(
        [
            "what",
            "whats",
            "which",
            "show",
            "display",
            "view",
            "see",
            "any",
            "how",
            "tell",
            "list",
            "do",
        ],
        "list",
    ),
    **dict.fromkeys(
        ["finish", "finished", "done", "reopen", "prioritize", "bump", "tick", "check"], "update"
    ),
}
# Nouns people use for the things tools are about.
_NOUN_SYNONYMS = {
    "reminder": "todo",
    "remind": "todo",
    "to-do": "todo",
    "todos": "todo",
    "chore": "todo",
    "ticket": "task",
    "issue": "task",
    "job": "task",
}
_STOP = frozenset(
    """a an the my me i to of for on in at by with and or is are be it its this that these those
    please can could would you your we our us do does what whats which how any all new as from
    into about there their them some just now also so up out""".split()  # noqa: SIM905
)
_ID_TOKEN = re.compile(
    r"\b(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
    r"|[a-z]+_[a-z0-9]*\d[a-z0-9]*|[a-z]\d[0-9a-f]{5,}|[0-9a-f]{40})\b"
)
_TITLE_NAMES = ("title", "name", "headline", "summary", "subject", "text", "content", "label")
_LIST_NAMES = ("tags", "labels", "categories", "keywords", "tag", "label")
_ENUM_SYNONYMS = [
    {"high", "urgent", "important", "asap", "critical", "crucial", "top"},
    {"low", "minor", "trivial", "someday", "unimportant", "whenever"},
    {"medium", "normal", "moderate", "regular"},
    {"completed", "complete", "done", "finished", "closed", "resolved"},
    {
        "pending",
        "open",
        "outstanding",
        "remaining",
        "unfinished",
        "incomplete",
        "not done",
        "need to be done",
    },
    {"in progress", "ongoing", "started", "working on", "wip", "in-progress"},
    {"archived", "archive"},
    {"all", "any", "every", "everything"},
]


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9][a-z0-9_\-.]*[a-z0-9]|[a-z0-9]", text.lower().replace("'", ""))


def singular(word: str) -> str:
    word = _NOUN_SYNONYMS.get(word, word)
    if len(word) > 3 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return _NOUN_SYNONYMS.get(word[:-1], word[:-1])
    return word


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "e", "s", "d"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def _norm(value: str) -> str:
    return re.sub(r"[\s_\-]+", " ", value.lower()).strip()


def unwrap(schema: dict[str, Any]) -> dict[str, Any]:
    """The non-null branch of an `anyOf`/`oneOf`, merged with the outer keys."""
    for key in ("anyOf", "oneOf"):
        branches = [b for b in schema.get(key, []) if b.get("type") != "null"]
        if branches:
            inner = dict(branches[0])
            inner.update({k: v for k, v in schema.items() if k not in (key, "default")})
            return inner
    return schema


@dataclass(frozen=True)
class ToolView:
    name: str
    description: str
    schema: dict[str, Any]
    verb: Group | None = None
    nouns: frozenset[str] = frozenset()
    params: dict[str, dict[str, Any]] = field(default_factory=dict)
    required: frozenset[str] = frozenset()

    @classmethod
    def of(cls, name: str, description: str, schema: dict[str, Any]) -> ToolView:
        base = name.split("__")[-1]
        parts = [p for p in re.split(r"[_\-.]+", base.lower()) if p]
        verb = next((_TOOL_VERBS[p] for p in parts if p in _TOOL_VERBS), None)
        if verb is None:
            first = words(description)[:1]
            verb = _TOOL_VERBS.get(first[0]) if first else None
        nouns = frozenset(singular(p) for p in parts if p not in _TOOL_VERBS and p not in _STOP)
        props = {k: unwrap(v) for k, v in (schema.get("properties") or {}).items()}
        return cls(
            name, description, schema, verb, nouns, props, frozenset(schema.get("required") or ())
        )

    def id_params(self) -> list[str]:
        return [p for p in self.params if is_id_param(p, self.params[p])]


def is_id_param(name: str, schema: dict[str, Any]) -> bool:
    desc = str(schema.get("description", "")).lower()
    return (
        name == "id"
        or name.endswith(("_id", "_ref", "_uuid"))
        or "identifier" in desc
        or "reference" in desc
    ) and schema.get("type") in ("string", None)


def intent(text: str) -> Group | None:
    """The request's verb group, from its first verb-like word."""
    tokens = words(text)
    joined = " ".join(tokens)
    if re.search(r"\b(make|set) (it|that|this)\b", joined):
        return "update"
    for token in tokens:
        group = _REQUEST_VERBS.get(token)
        if group:
            if group == "get" and not _ID_TOKEN.search(text.lower()):
                return "list"
            return group
    if text.strip().endswith("?"):
        return "list"
    return None


def detect_enum(text: str, values: list[Any]) -> tuple[Any, tuple[int, int]] | None:
    """The enum value the text names, by the value itself, its stem, or a near-synonym."""
    lowered = text.lower()
    found: list[tuple[int, int, Any, tuple[int, int]]] = []  # (rank, -len, value, span)
    for value in values:
        if not isinstance(value, str):
            continue
        norm = _norm(value)
        pattern = r"\b" + r"[\s_\-]+".join(map(re.escape, norm.split())) + r"\b"
        if m := re.search(pattern, lowered):
            found.append((0, -len(norm), value, m.span()))
            continue
        if " " not in norm:
            stem = _stem(norm)
            if m := re.search(rf"\b{re.escape(stem)}[a-z]{{0,3}}\b", lowered):
                found.append((1, -len(norm), value, m.span()))
                continue
        for group in _ENUM_SYNONYMS:
            if norm in group or _stem(norm) in {_stem(g) for g in group}:
                for synonym in sorted(group, key=len, reverse=True):
                    pattern = r"\b" + r"[\s_\-]+".join(map(re.escape, synonym.split())) + r"\b"
                    if m := re.search(pattern, lowered):
                        found.append((2, -len(synonym), value, m.span()))
                        break
    if not found:
        return None
    found.sort(key=lambda f: (f[0], f[1]))
    return found[0][2], found[0][3]


def id_tokens(text: str) -> list[str]:
    return [m.group(0) for m in _ID_TOKEN.finditer(text)]


def named_value(text: str, param: str) -> tuple[str, tuple[int, int]] | None:
    """'on branch 004-as-an-ai' -> ('004-as-an-ai', span) for the parameter `branch`."""
    label = param.replace("_", "[ _]")
    m = re.search(
        rf"\b{label}(?:es|s)?\s*(?:[:=]|named|called)?\s+([\w][\w./\-]*)", text, re.IGNORECASE
    )
    if m and m.group(1).lower() not in _STOP:
        return m.group(1), m.span()
    return None


def tags_in(text: str) -> tuple[list[str], tuple[int, int]] | None:
    m = re.search(
        r"\b(?:tagged(?: with| as)?|tags?:?|labell?ed(?: with| as)?|labels?:?"
        r"|with tags?|with labels?)\s+(.+?)(?=$|[.;!?]| due\b| by\b| tomorrow\b"
        r"| today\b| next\b| at\b| on\b| in \d)",
        text,
        re.IGNORECASE,
    )
    hashes = re.findall(r"#([\w-]+)", text)
    if m:
        items = re.split(r"\s*(?:,|\band\b|&)\s*", m.group(1))
        return [i.strip().lower() for i in items if i.strip()], m.span()
    if hashes:
        return [h.lower() for h in hashes], (text.index("#"), len(text))
    return None


def _is_list_param(name: str, schema: dict[str, Any]) -> bool:
    desc = str(schema.get("description", "")).lower()
    return schema.get("type") == "array" and (
        name.lower() in _LIST_NAMES or "tag" in desc or "label" in desc
    )


def _is_date_param(name: str, schema: dict[str, Any]) -> bool:
    if schema.get("format") in ("date-time", "date"):
        return True
    key = name.lower()
    return (
        schema.get("type") == "string"
        and "enum" not in schema
        and any(w in key for w in ("date", "due", "when", "remind", "deadline", "time"))
    )


def rank(
    text: str, tools: list[ToolView], group: Group | None, when: When | None
) -> list[tuple[float, ToolView]]:
    """Tools of the request's verb group (all tools if none), best first."""
    tokens = [singular(t) for t in words(text)]
    token_set = set(tokens)
    pool = [t for t in tools if group is None or t.verb == group]
    if group == "get" and not pool:
        pool = [t for t in tools if t.verb == "list"]
    scored: list[tuple[float, ToolView]] = []
    for tool in pool:
        score = 3.0 * len(tool.nouns & token_set)
        desc = {singular(w) for w in words(tool.description)} - _STOP - set(_REQUEST_VERBS)
        score += min(3, len(desc & token_set)) * 0.5
        for pname, pschema in tool.params.items():
            if "enum" in pschema and detect_enum(text, pschema["enum"]):
                score += 1.5
            if when and _is_date_param(pname, pschema):
                score += 2
            if (
                named_value(text, pname)
                and not is_id_param(pname, pschema)
                and pname not in _TITLE_NAMES
            ):
                score += 2
            if is_id_param(pname, pschema) and id_tokens(text):
                score += 1
        scored.append((score, tool))
    scored.sort(key=lambda s: -s[0])  # stable: config order breaks ties
    return scored


def fill(
    text: str, tool: ToolView, when: When | None, purpose: Group
) -> tuple[dict[str, Any], list[tuple[int, int]]]:
    """Arguments for `tool` found in `text`, and the text spans they used."""
    args: dict[str, Any] = {}
    spans: list[tuple[int, int]] = []
    ids = id_tokens(text)
    for name, schema in tool.params.items():
        kind = schema.get("type")
        if is_id_param(name, schema):
            if ids:
                args[name] = ids.pop(0)
            continue
        if "const" in schema:
            if schema["const"] is True:
                args[name] = True
            continue
        if "enum" in schema:
            hit = detect_enum(text, schema["enum"])
            if hit:
                args[name], span = hit
                spans.append(span)
            continue
        if when and _is_date_param(name, schema):
            args[name] = _date_value(schema, when, purpose)
            spans.extend(when.spans)
            continue
        if _is_list_param(name, schema):
            found = tags_in(text)
            if found:
                args[name], span = found
                spans.append(span)
            continue
        if kind == "boolean":
            if name in tool.required and name.lower().startswith("confirm"):
                args[name] = True
            continue
        if kind in ("integer", "number"):
            m = re.search(
                rf"\b(?:{name.replace('_', '[ _]')}|top|first|max(?:imum)?)\s*[:=]?\s*"
                rf"(\d+)\b|\b(\d+)\s+{name.split('_')[0]}",
                text,
                re.IGNORECASE,
            )
            if m:
                args[name] = int(m.group(1) or m.group(2))
                spans.append(m.span())
            continue
        if kind == "string" and name not in _TITLE_NAMES and (hit := named_value(text, name)):
            args[name], span = hit
            spans.append(span)
    return args, spans


def _date_value(schema: dict[str, Any], when: When, purpose: Group) -> str:
    if schema.get("format") == "date-time" or (
        purpose == "create" and schema.get("format") != "date"
    ):
        return when.iso()
    examples = [str(e) for e in schema.get("examples", [])]
    described = str(schema.get("description", ""))
    if when.label and (when.label in examples or f"'{when.label}'" in described):
        return when.label
    if when.kind == "week" and when.label and when.label in described:
        return when.label
    return when.day().isoformat()


def title_param(tool: ToolView) -> str | None:
    strings = [
        p
        for p, s in tool.params.items()
        if s.get("type") == "string"
        and "enum" not in s
        and not is_id_param(p, s)
        and not _is_date_param(p, s)
    ]
    for preferred in _TITLE_NAMES:
        if preferred in strings:
            return preferred
    required = [p for p in strings if p in tool.required]
    return required[0] if required else None


_LEAD = re.compile(
    r"^(?:(?:please|hey|ok|okay|can you|could you|would you|i want to|i'd like to|i need you to)"
    r"[\s,]+)*(?:(?:remind me|remember|don't forget|dont forget|i need|i have|i've got)"
    r"\s+(?:to\s+)?"
    r"|(?:add|create|make|jot(?: down)?|write(?: down)?|new|note|put|schedule|record|log|open)\b"
    r"(?:\s+(?:a|an|the|new|me))*(?:\s+(?:{nouns}))?"
    r"(?:\s*(?:to|:|called|named|titled|saying|for|that)\b:?)?)?",
    re.IGNORECASE,
)
_TAIL = re.compile(
    r"(?:\s+(?:to|on|in|onto)\s+(?:my|the)\s+(?:{nouns})(?:\s+list)?)\s*$", re.IGNORECASE
)
_CONNECTORS = re.compile(
    r"^(?:to|that|about|called|named|titled|for|on|at|by|with|and|due|"
    r"as|a|an|the|with\s+(?:a|an)?\s*priority|priority)\b\s*|"
    r"\s*\b(?:to|that|about|for|on|at|by|with|and|due|as|priority|with priority|"
    r"a|an|the|it|is)\s*$",
    re.IGNORECASE,
)


def _strip(text: str, spans: list[tuple[int, int]]) -> str:
    keep = list(text)
    for start, end in spans:
        for i in range(start, min(end, len(keep))):
            keep[i] = " "
    return re.sub(r"\s+", " ", "".join(keep)).strip()


def _clean_edges(text: str) -> str:
    chunks = [c for c in re.split(r"\s*[,;]\s*", text) if c]
    kept = [c for c in chunks if set(words(c)) - _STOP - {"its", "it's", "is", "please"}]
    text = ", ".join(kept).strip(" ,.;:!?-\"'")
    previous = None
    while previous != text:
        previous = text
        text = _CONNECTORS.sub("", text).strip(" ,.;:!?-\"'")
    return text


def free_text(text: str, spans: list[tuple[int, int]], nouns: frozenset[str]) -> str:
    """What is left for a title once the verb phrase, dates, tags and enum words are gone."""
    quoted = re.search(r"[\"“']([^\"”']{2,})[\"”']", text)
    if quoted:
        return quoted.group(1).strip()
    noun_alt = "|".join(
        sorted(
            {
                *nouns,
                *(n + "s" for n in nouns),
                "reminder",
                "item",
                "note",
                "list",
                "todo list",
                "to-do",
            },
            key=len,
            reverse=True,
        )
    )
    lead = _LEAD.pattern.replace("{nouns}", noun_alt)
    stripped = re.sub(lead, "", _strip(text, spans).lstrip(" ,.;:!-"), count=1, flags=re.I)
    stripped = re.sub(r"\b(?:with\s+)?(?:a\s+)?priority\b", " ", stripped, flags=re.I)
    stripped = re.sub(_TAIL.pattern.replace("{nouns}", noun_alt), "", stripped, flags=re.I)
    return _clean_edges(re.sub(r"\s+", " ", stripped))


def reference(text: str, spans: list[tuple[int, int]], nouns: frozenset[str]) -> str:
    """The words that name an existing item: 'mark the buy eggs task as complete' -> 'buy eggs'."""
    rest = _strip(text, spans)
    kept = []
    drop = {
        *nouns,
        *(n + "s" for n in nouns),
        "task",
        "tasks",
        "todo",
        "todos",
        "item",
        "items",
        "reminder",
        "entry",
        "one",
        "as",
        "priority",
        "status",
        "list",
    }
    for token in re.findall(r"[\w'\-]+", rest):
        low = token.lower()
        if low in _REQUEST_VERBS or low in drop or low in _STOP or low in ("off", "from"):
            continue
        kept.append(token)
    return " ".join(kept).strip()


def match_item(items: list[dict[str, Any]], phrase: str) -> dict[str, Any] | None:
    """The listed item whose title best matches `phrase` (all words of one within the other)."""
    want = {singular(w) for w in words(phrase)} - _STOP
    if not want:
        return None
    best: tuple[float, dict[str, Any]] | None = None
    for item in items:
        title = item_title(item)
        have = {singular(w) for w in words(title)} - _STOP
        if not have:
            continue
        overlap = len(want & have)
        if overlap == 0:
            continue
        score = overlap / max(len(want), len(have))
        if want <= have or have <= want:
            score += 1
        if best is None or score > best[0]:
            best = (score, item)
    return best[1] if best and best[0] >= 0.5 else None


def item_title(item: dict[str, Any]) -> str:
    for key in _TITLE_NAMES:
        if isinstance(item.get(key), str):
            return item[key]
    return next((v for v in item.values() if isinstance(v, str)), "")


def item_id(item: dict[str, Any], preferred: str | None = None) -> str | None:
    if preferred and isinstance(item.get(preferred), str):
        return item[preferred]
    for key, value in item.items():
        if isinstance(value, str) and (key == "id" or key.endswith(("_id", "_ref", "_uuid"))):
            return value
    return None


def items_of(payload: Any) -> list[dict[str, Any]] | None:
    """The first list of objects in a tool result."""
    if isinstance(payload, list) and all(isinstance(i, dict) for i in payload):
        return payload
    if isinstance(payload, dict):
        for value in payload.values():
            if isinstance(value, list) and all(isinstance(i, dict) for i in value):
                return value
    return None
