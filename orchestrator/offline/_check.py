"""Step 5: a call is checked against the tool's schema before it is made: required arguments,
types, enums, `const`, lengths, ranges, patterns, formats, unknown fields, and no empty object
(an object or a list's entry nobody said anything of). An update must change
something, and a list the schema says is replaced on update carries the item's other entries.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection
from datetime import date, datetime
from typing import Any

from orchestrator.offline._answer import say
from orchestrator.offline._id_shaped import code_misfit
from orchestrator.offline._networks import network_misfit
from orchestrator.offline._query_language import unwritten_query
from orchestrator.offline._read import Request
from orchestrator.offline._schema import fits_pattern
from orchestrator.offline._shaped import unshaped
from orchestrator.offline._status import described_state, described_word
from orchestrator.offline._texts import additive_tail
from orchestrator.offline._tokens import words_of
from orchestrator.offline._tools import Param, ToolView, unwrap
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = [
    "deadline_days",
    "merge_lists",
    "misfit",
    "preconditions",
    "problems",
    "takes_a_day",
    "unchanged",
]

_CLOCK = re.compile(r"\d[T ]\d\d:\d\d")

_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "array": (list,),
    "object": (dict,),
    "null": (type(None),),
}


def takes_a_day(schema: dict[str, Any]) -> bool:
    """Whether a date-time parameter's description says a day alone will do."""
    said = " ".join(str(schema.get("description") or "").lower().split())
    return any(phrase in said for phrase in LEX.date_alone)


def deadline_days(tool: ToolView, evidence: dict[str, str]) -> set[str]:
    """The date-time parameters named for a deadline (`due_date`) whose value was said as one,
    after "due" or "by" ("due friday", "by friday"): a deadline is a day, no time is missing
    ("remind me ... tomorrow" says no deadline, and still asks for its time)."""
    return {
        name
        for name, words in evidence.items()
        if name in tool.params
        and set(words_of(name)) & set(LEX.due_words)
        and (words.lower().split() or [""])[0] in LEX.deadline_leads
    }


def _problem(name: str, value: Any, schema: dict[str, Any], day: bool = False) -> str | None:
    if value == {} or (isinstance(value, list) and {} in value):
        return f"{name} holds an empty object: nothing was said for it"
    a_day = day or takes_a_day(schema)
    schema = unwrap(schema)
    kind = schema.get("type")
    kinds = kind if isinstance(kind, list) else [kind] if kind else []
    if kinds and not any(
        isinstance(value, _TYPES.get(k, object))
        and not (k in ("integer", "number") and isinstance(value, bool))
        for k in kinds
    ):
        return f"{name} must be {' or '.join(kinds)}"
    if "const" in schema and value != schema["const"]:
        return f"{name} must be {schema['const']!r}"
    if "enum" in schema and value not in schema["enum"]:
        return f"{name} must be one of {', '.join(map(str, schema['enum']))}"
    if isinstance(value, str):
        if len(value) < schema.get("minLength", 0):
            return f"{name} must not be empty" if not value else f"{name} is too short"
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            return f"{name} must be at most {schema['maxLength']} characters"
        pattern = schema.get("pattern")
        fits = fits_pattern(pattern, value) if pattern else True
        if fits is None:
            return f"{name} {value!r} could not be checked against the pattern {pattern}"
        if not fits:
            return f"{name} {value!r} does not match the pattern {pattern}"
        fmt = schema.get("format")
        try:
            if fmt == "date-time":
                datetime.fromisoformat(value)
                if not _CLOCK.search(value) and not a_day:  # not its midnight
                    return f"{name} needs a time of day as well as the date ({value})"
            elif fmt == "date":
                date.fromisoformat(value)
        except ValueError:
            return f"{name} must be an ISO 8601 {fmt}"
        if fmt in ("uri", "url") and not re.match(r"^[a-z][a-z0-9+.-]*://\S+$", value, re.I):
            return f"{name} must be a URL"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            return f"{name} must be at least {schema['minimum']}"
        if "maximum" in schema and value > schema["maximum"]:
            return f"{name} must be at most {schema['maximum']}"
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            return f"{name} needs at least {schema['minItems']} item(s)"
        items = schema.get("items")
        if isinstance(items, dict):
            for index, entry in enumerate(value):
                found = _problem(f"{name}[{index}]", entry, items)
                if found:
                    return found
    if isinstance(value, dict) and isinstance(schema.get("properties"), dict):
        return _object_problem(name, value, schema)
    return None


def _object_problem(name: str, value: dict[str, Any], schema: dict[str, Any]) -> str | None:
    props = schema.get("properties") or {}
    for key in schema.get("required") or ():
        if key not in value:
            return f"{name}.{key} is required"
    for key, entry in value.items():
        if key in props:
            found = _problem(f"{name}.{key}", entry, props[key])
            if found:
                return found
        elif schema.get("additionalProperties") is False:
            return f"{name}.{key} is not a field of it"
    return None


def problems(tool: ToolView, arguments: dict[str, Any], days: Collection[str] = ()) -> list[str]:
    """What makes the call invalid for the tool's schema (empty when it is valid); `days`: the
    date-time parameters a day alone will do for (`deadline_days`)."""
    found = []
    for param in tool.required:
        if param.name not in arguments:
            found.append(f"{param.name} is required")
    for name, value in arguments.items():
        known = tool.params.get(name)
        if known is None:
            found.append(f"{name} is not a parameter of {tool.name}")
            continue
        problem = (
            _problem(name, value, known.schema, name in days)
            or _unlisted(known, value)
            or unwritten_query(tool, name, value)
            or code_misfit(known, value)  # "degraded" for a `locator` ("e.g. DN13")
            or network_misfit(tool, known, value)  # words for `covering_cidrs`
            or _not_one_character(known, value)  # "the" for `char`
        )
        if not problem and tool.kind not in ("read", "check"):  # a directive, not words
            problem = unshaped(name, known.example, value)
        if problem:
            found.append(problem)
    return found


def _not_one_character(param: Param, value: Any) -> str | None:
    """Why a text is no one character, for a parameter named for one (`char`; lexicon
    `CHAR_PARAM_WORDS`): "the" is a substring, never a `char`."""
    if not isinstance(value, str) or set(param.words) - LEX.char_param_words:
        return None
    if _glyphs(value) == 1:
        return None
    return f"{param.name} must be one character"


def _glyphs(text: str) -> int:
    """How many characters a text shows: an emoji with its variation selector, skin tone or
    joined parts ("❤️", "👩‍💻") one."""
    if "\u200d" in text and not any(c.isascii() for c in text):
        return 1
    return sum(
        1
        for c in text
        if unicodedata.category(c) not in ("Mn", "Me", "Cf", "Sk")
        and not 0xFE00 <= ord(c) <= 0xFE0F
    )


def misfit(param: Param, value: str) -> str:
    """Why a value said for `param` is none it takes: no member of its enum ("top" where A-Z is
    due), or a number outside its bounds ("status 4" where it is 1 to 3)."""
    if param.enum or not ("minimum" in param.schema or "maximum" in param.schema):
        return say(
            "not_one_of", name=param.name, value=value, values=", ".join(map(str, param.enum))
        )
    low, high = param.schema.get("minimum", "…"), param.schema.get("maximum", "…")
    return say("out_of_bounds", name=param.name, value=value, low=low, high=high)


def _unlisted(param: Param, value: Any) -> str | None:
    """A value that is none of those the parameter's description lists ("One of high, med,
    low"): the schema has no enum, but a name sent as the priority is still wrong."""
    if not param.allowed or not isinstance(value, str) or value.lower() in param.allowed:
        return None
    return f"{param.name} must be one of {', '.join(param.allowed)}"


def _same(current: Any, new: Any) -> bool:
    if isinstance(current, str) and isinstance(new, str):
        try:
            return datetime.fromisoformat(current) == datetime.fromisoformat(new)
        except ValueError:
            return current == new
    return bool(current == new)


def unchanged(tool: ToolView, arguments: dict[str, Any], item: dict[str, Any] | None) -> list[str]:
    """The arguments of an update that would change nothing ("already high"), or all of them
    when the call changes nothing at all (no field but the identifier)."""
    ident = tool.identifier
    changes = {
        k: v
        for k, v in arguments.items()
        if not (ident and k == ident.name)
        and tool.params.get(k, Param(k, {}, "text", False, (), "")).role != "const"
    }
    if not changes:  # a tool with nothing else to set changes by being called ("check off")
        if described_state(tool) is not None:  # "Mark a task as done": the call is the change
            return []
        if described_word(tool) in words_of(tool.name):  # `mark_read`: "Mark entries as read"
            return []
        others = [p for p in tool.params.values() if p is not ident and p.role != "const"]
        return ["(nothing to change)"] if others else []
    if item is None:
        return []
    same = [k for k, v in changes.items() if k in item and _same(item[k], v)]
    return same if len(same) == len(changes) else []


def grown_lists(tool: ToolView, arguments: dict[str, Any], reading: Request) -> list[str]:
    """ "tag entry 1 with #bugfix too": the lists an update is said to add to, in addition to
    what the item has (however the schema says it takes them), its current entries needed."""
    if tool.kind != "update" or not additive_tail(reading):
        return []
    return [k for k in arguments if k in tool.params and tool.params[k].type == "array"]


def merge_lists(
    tool: ToolView,
    arguments: dict[str, Any],
    item: dict[str, Any] | None,
    removals: dict[str, list[str]],
    reading: Request | None = None,
) -> dict[str, Any]:
    """A list the schema says an update replaces, or one said to grow ("tag it #x too"),
    carries the item's current entries too (and loses the ones asked to go)."""
    merged = dict(arguments)
    grown = grown_lists(tool, arguments, reading) if reading is not None else []
    for name, param in tool.params.items():
        if param.type != "array" or not (param.replaces or name in grown) or item is None:
            continue
        current = [v for v in item.get(name) or [] if isinstance(v, str)]
        if name not in merged and name not in removals:
            continue
        added = [v for v in merged.get(name, []) if v not in current]
        gone = {v.lower() for v in removals.get(name, [])}
        merged[name] = [v for v in current if v.lower() not in gone] + added
    return merged


def preconditions(
    tool: ToolView, arguments: dict[str, Any], item: dict[str, Any] | None
) -> dict[str, Any]:
    """An update that sends a list the schema says it replaces, rewritten from the item as
    listed, carries the item's value for each precondition the tool takes (`if_unchanged_since`
    its `updated_at`): the server refuses it if the item changed since it was read, instead of
    dropping what someone else added meanwhile."""
    if item is None or not tool.preconditions:
        return arguments
    if not any(tool.params[k].replaces for k in arguments if k in tool.params):
        return arguments
    held = {name: item[key] for name, key in tool.preconditions if item.get(key) is not None}
    return {**arguments, **held}
