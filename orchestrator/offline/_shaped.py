"""A text written in a notation, shown by an example: `open_accounts(beancount_text)`, "Add
account `open` directives to the book. Example: `2026-01-01 open Assets:Checking USD`", takes
a directive, not the words of "open a new account Expenses:Gifts in EUR". An example in code
quotes (in the parameter's description, or in the tool's when the text is its one text) whose
parts are a date, a number, a code in capitals or a path (`Assets:Checking`, `a/b`), two kinds
of them at least, is the value's shape: a value the router made that lacks one of those kinds
is not sent; the router asks for it, the example shown. An example the tool's description
gives the parameter by its name ("Example: name='Assets:Bank:BOC'") shapes it with one kind:
`add_account(name)` takes no "Chase checking". Prose examples ("`Buy milk`") shape nothing.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["example_of", "unshaped"]

_QUOTED = re.compile(r"`([^`\n]+)`")
_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("date", re.compile(r"^\d{4}-\d{2}-\d{2}$")),
    ("number", re.compile(r"^[-+]?\d+(?:[.,]\d+)?$")),
    ("code", re.compile(r"^[A-Z][A-Z0-9]{1,5}$")),
    ("path", re.compile(r"^[^\W\d_][\w-]*(?:[:/.][\w-]+)+$")),
)
_GIVEN = r"""\s*=\s*(['"])([^'"\n]+)\1"""  # name='Assets:Bank:BOC'
_AT_LEAST = 2  # kinds an example shows before it shapes the value


def _kinds(text: str) -> set[str]:
    found: set[str] = set()
    for part in text.split():
        part = part.strip(",;()")
        found.update(kind for kind, pattern in _KINDS if pattern.match(part))
    return found


def _shaping(text: str) -> bool:
    return len(_kinds(text)) >= _AT_LEAST


def example_of(schema: dict[str, Any], description: str, only_text: bool, name: str = "") -> str:
    """The example a string parameter's value is shaped like ("" when none): the first in code
    quotes that shows two kinds of parts, in its own description, else (for the tool's one
    text) in the tool's; else one the tool's description gives it by `name` (`name='a:b'`)."""
    if schema.get("type") not in ("string", None) or "enum" in schema:
        return ""
    places = [str(schema.get("description") or "")] + ([description] if only_text else [])
    for place in places:
        for quoted in _QUOTED.findall(place):
            if _shaping(quoted):
                return quoted.strip()
    if name:
        given = re.search(rf"(?<![\w.]){re.escape(name)}{_GIVEN}", description)
        if given and _kinds(given.group(2)):
            return given.group(2).strip()
    return ""


def unshaped(name: str, example: str, value: Any) -> str | None:
    """Why `value` is not shaped like `example` (None when it is, or when there is none)."""
    if not example or not isinstance(value, str):
        return None
    lacking = _kinds(example) - _kinds(value)
    if not lacking:
        return None
    return f"{name} must be written like “{example}”"
