"""Elicitation: a server asks the user for input in the middle of a tool call.

```python
def elicit(request: ElicitationRequest) -> ElicitationAnswer:
    print(request.server, "asks:", request.message)
    if request.mode == "url":
        return ElicitationAnswer("decline")
    return ElicitationAnswer("accept", {f.name: f.parse(input(f.prompt())) for f in request.fields})

async with Orchestrator.from_config(None, elicit=elicit) as orch: ...
```

A server's `elicitation/create` arrives as an `ElicitationRequest`: the server's name, its message,
and either a form (`mode="form"`: `fields`, one `FormField` per property of the requested schema:
text, number, whole number, yes/no, one choice or several) or a URL to open (`mode="url"`). The
`elicit` callback (an `Orchestrator` keyword; the chat REPL's form, the one-shot's questions on a
terminal) answers with an `ElicitationAnswer`: `accept` (with the form's values), `decline` or
`cancel`. The values are checked against the form before they go back; a value of the wrong kind
(or length, or not of its string `format`: email, uri, date, date-time) is a `ValueError` naming
the field and the rule. With no callback (input piped in, `--json`), or a server
whose `elicitation: {mode: auto-cancel}`, the request is declined (cancelled) without asking, and
the answer says the server wanted input; `mode: none` does not offer elicitation to that server.
"""

from __future__ import annotations

import inspect
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import TYPE_CHECKING, Any, Literal

from orchestrator.result import Outcome, ServerRequest

if TYPE_CHECKING:
    from orchestrator.config import MCPServerSettings

__all__ = [
    "Elicit",
    "ElicitationAnswer",
    "ElicitationRequest",
    "FormField",
    "elicitation_handler",
]

logger = logging.getLogger(__name__)

FieldKind = Literal["text", "number", "integer", "boolean", "choice", "choices"]
Action = Literal["accept", "decline", "cancel"]
_YES = ("y", "yes", "true", "1", "on")
_NO = ("n", "no", "false", "0", "off")

# The string formats MCP elicitation's schema allows: each one's shape (RFC 5321's mailbox,
# loosely; RFC 3986's URI, which starts with its scheme; RFC 3339's full-date and date-time,
# with seconds and an offset), and its rule in words.
_FORMATS: dict[str, tuple[re.Pattern[str], str]] = {
    "email": (
        re.compile(r"[^@\s]+@[^@\s.]+(?:\.[^@\s.]+)*"),
        "an email address, like name@example.com",
    ),
    "uri": (
        re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:\S*"),
        "a URI with its scheme, like https://example.com/page",
    ),
    "date": (re.compile(r"\d{4}-\d{2}-\d{2}"), "a date as YYYY-MM-DD, like 2026-12-01"),
    "date-time": (
        re.compile(r"\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})"),
        "a date and time with seconds and an offset, like 2026-12-01T15:00:00+01:00 (Z for UTC)",
    ),
}


@dataclass(frozen=True)
class FormField:
    """One property of a requested form."""

    name: str
    kind: FieldKind
    title: str = ""
    description: str = ""
    required: bool = False
    default: Any = None
    choices: tuple[str, ...] = ()  # the values of a choice, in order
    labels: tuple[str, ...] = ()  # how to show them (the same when the schema names none)
    minimum: float | None = None
    maximum: float | None = None
    min_length: int | None = None
    max_length: int | None = None
    format: str | None = None

    @classmethod
    def of(cls, name: str, schema: dict[str, Any], required: bool) -> FormField:
        kind, choices, labels = _kind(schema)
        low = schema.get("minimum", schema.get("minItems"))
        high = schema.get("maximum", schema.get("maxItems"))
        return cls(
            name=name,
            kind=kind,
            title=str(schema.get("title") or ""),
            description=str(schema.get("description") or ""),
            required=required,
            default=schema.get("default"),
            choices=choices,
            labels=labels or choices,
            minimum=low,
            maximum=high,
            min_length=schema.get("minLength"),
            max_length=schema.get("maxLength"),
            format=schema.get("format"),
        )

    @property
    def label(self) -> str:
        return self.title or self.name

    def hint(self) -> str:
        """What is expected, in words: `whole number, 1 to 12`, `one of indoor, outdoor`, ..."""
        if self.kind in ("choice", "choices"):
            many = "one or more of" if self.kind == "choices" else "one of"
            return f"{many} {', '.join(self.labels)}"
        if self.kind == "boolean":
            return "y/n"
        words = {"number": "number", "integer": "whole number", "text": self.format or "text"}
        hint = words[self.kind]
        if self.minimum is not None and self.maximum is not None:
            hint += f", {self.minimum:g} to {self.maximum:g}"
        elif self.minimum is not None:
            hint += f", at least {self.minimum:g}"
        elif self.maximum is not None:
            hint += f", at most {self.maximum:g}"
        if self.min_length is not None and self.max_length is not None:
            hint += f", {self.min_length} to {self.max_length} characters"
        elif self.min_length is not None:
            hint += f", at least {self.min_length} characters"
        elif self.max_length is not None:
            hint += f", up to {self.max_length} characters"
        return hint

    def prompt(self) -> str:
        """`party_size (How many people; whole number, 1 to 12) [4]: `"""
        about = "; ".join(p for p in (self.description, self.hint()) if p)
        default = "" if self.default is None else f" [{show_value(self.default)}]"
        optional = "" if self.required else " (optional)"
        return f"{self.label} ({about}){optional}{default}: "

    def parse(self, text: str) -> Any:
        """The value typed as `text`, checked: None for an empty optional answer, the default
        for an empty one that has a default; `ValueError` saying what is wrong otherwise."""
        text = text.strip()
        if not text:
            if self.default is not None:
                return self.default
            if self.required:
                raise ValueError(f"{self.label} is required")
            return None
        return self.check(self._convert(text))

    def check(self, value: Any) -> Any:
        """`value` if it fits this field (a number given as an integer is taken as a float)."""
        problem = self._problem(value)
        if problem:
            raise ValueError(f"{self.label}: {problem}")
        return float(value) if self.kind == "number" else value

    def _convert(self, text: str) -> Any:
        if self.kind == "boolean":
            if text.lower() in _YES:
                return True
            if text.lower() in _NO:
                return False
            raise ValueError(f"{self.label}: answer y or n")
        if self.kind in ("number", "integer"):
            try:
                number = float(text) if self.kind == "number" else int(text)
            except ValueError:
                raise ValueError(f"{self.label}: {text!r} is not a {self.hint()}") from None
            return number
        if self.kind == "choice":
            return self._choice(text)
        if self.kind == "choices":
            return [self._choice(part) for part in text.split(",") if part.strip()]
        return text

    def _choice(self, text: str) -> str:
        """The choice `text` names: a value or its label, in any case, or, when no value is a
        number, its place in the list ("2": the second)."""
        text = text.strip()
        for value, label in zip(self.choices, self.labels, strict=True):
            if text.lower() in (value.lower(), label.lower()):
                return value
        if text.isdecimal() and not any(v.isdecimal() for v in self.choices):
            place = int(text)
            if 1 <= place <= len(self.choices):
                return self.choices[place - 1]
        raise ValueError(f"{self.label}: {text!r} is not {self.hint()}")

    def _problem(self, value: Any) -> str | None:
        kind = self.kind
        if kind == "boolean":
            return None if isinstance(value, bool) else "expected true or false"
        if kind in ("number", "integer"):
            ok = isinstance(value, int) if kind == "integer" else isinstance(value, int | float)
            if not ok or isinstance(value, bool):
                return f"expected a {self.hint()}"
            if self.minimum is not None and value < self.minimum:
                return f"{value:g} is below {self.minimum:g}"
            if self.maximum is not None and value > self.maximum:
                return f"{value:g} is above {self.maximum:g}"
            return None
        if kind == "choice":
            return None if value in self.choices else f"{value!r} is not {self.hint()}"
        if kind == "choices":
            if not isinstance(value, list) or any(v not in self.choices for v in value):
                return f"expected {self.hint()}"
            if self.minimum is not None and len(value) < self.minimum:
                return f"choose at least {self.minimum:g}"
            if self.maximum is not None and len(value) > self.maximum:
                return f"choose at most {self.maximum:g}"
            return None
        if not isinstance(value, str):
            return "expected text"
        if self.min_length is not None and len(value) < self.min_length:
            return f"at least {self.min_length} characters (this is {len(value)})"
        if self.max_length is not None and len(value) > self.max_length:
            return f"at most {self.max_length} characters (this is {len(value)})"
        return _format_problem(value, self.format)


def _format_problem(value: str, form: str | None) -> str | None:
    """What is wrong with `value` for the string format `form` (one of `_FORMATS`; any other
    is not checked), in words naming the rule; None when it fits."""
    if not isinstance(form, str) or form not in _FORMATS:
        return None
    shape, rule = _FORMATS[form]
    fits = shape.fullmatch(value) is not None
    if fits and form in ("date", "date-time"):
        try:  # the shape holds, but is it a day (and a time) that exists? (not 2026-02-30)
            (date if form == "date" else datetime).fromisoformat(value.upper())
        except ValueError:
            fits = False
    return None if fits else f"{value!r} is not {rule}"


def _kind(schema: dict[str, Any]) -> tuple[FieldKind, tuple[str, ...], tuple[str, ...]]:
    typ = schema.get("type")
    if typ == "array":
        items = schema.get("items") or {}
        values, labels = _options(items)
        return "choices", values, labels
    values, labels = _options(schema)
    if values:
        return "choice", values, labels
    if typ == "boolean":
        return "boolean", (), ()
    if typ in ("number", "integer"):
        return typ, (), ()
    return "text", (), ()


def _options(schema: dict[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A choice's values and labels: `enum` (with the legacy `enumNames`), or `oneOf`/`anyOf`
    of `{const, title}`."""
    if isinstance(schema.get("enum"), list):
        values = tuple(str(v) for v in schema["enum"])
        names = schema.get("enumNames")
        labels = tuple(str(n) for n in names) if isinstance(names, list) else values
        return values, labels if len(labels) == len(values) else values
    options = schema.get("oneOf") or schema.get("anyOf")
    if isinstance(options, list) and all(isinstance(o, dict) and "const" in o for o in options):
        values = tuple(str(o["const"]) for o in options)
        return values, tuple(str(o.get("title") or o["const"]) for o in options)
    return (), ()


def show_value(value: Any, *, yes: str = "y", no: str = "n") -> str:
    """A form's value in words: a bool as `yes`/`no`, a list comma-separated."""
    if isinstance(value, bool):
        return yes if value else no
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


@dataclass(frozen=True)
class ElicitationRequest:
    """What a server asks the user: a form to fill in, or a URL to open."""

    server: str
    message: str
    mode: Literal["form", "url"] = "form"
    fields: tuple[FormField, ...] = ()
    url: str | None = None
    schema: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, server: str, params: Any) -> ElicitationRequest:
        """From the MCP request's params (form or URL mode)."""
        if getattr(params, "mode", "form") == "url":
            return cls(server, params.message, "url", url=params.url)
        schema = dict(params.requested_schema or {})
        required = set(schema.get("required") or ())
        fields = tuple(
            FormField.of(name, sub if isinstance(sub, dict) else {}, name in required)
            for name, sub in (schema.get("properties") or {}).items()
        )
        return cls(server, params.message, "form", fields=fields, schema=schema)

    def checked(self, content: dict[str, Any] | None) -> dict[str, Any]:
        """The accepted values, each checked against its field, with the schema's default for
        a field left out (SEP-1034); unknown names and missing required fields are a
        `ValueError`."""
        content = dict(content or {})
        known = {f.name for f in self.fields}
        unknown = sorted(set(content) - known)
        if unknown:
            raise ValueError(f"not in the form: {', '.join(unknown)}")
        out: dict[str, Any] = {}
        for f in self.fields:
            value = content.get(f.name)
            if value is None and f.default is not None:
                value = f.default  # a field left as it was keeps its default (SEP-1034)
            if value is None:
                if f.required:
                    raise ValueError(f"{f.label} is required")
                continue
            out[f.name] = f.check(value)
        return out


@dataclass(frozen=True)
class ElicitationAnswer:
    """The user's answer: `accept` (with the values, for a form), `decline` or `cancel`."""

    action: Action
    content: dict[str, Any] | None = None


Elicit = Callable[[ElicitationRequest], ElicitationAnswer | Awaitable[ElicitationAnswer]]
Record = Callable[[ServerRequest], None]
NO_ONE_TO_ASK = "there was no one to ask (no terminal, or --json)"


def elicitation_handler(entry: MCPServerSettings, elicit: Elicit | None, record: Record) -> Any:
    """The MCP client's `elicitation_callback` for `entry`'s server (None: `mode: none`)."""
    from mcp_types import INTERNAL_ERROR, INVALID_PARAMS, ElicitResult, ErrorData

    mode = entry.elicitation.mode if entry.elicitation is not None else "forms"
    if mode == "none":
        return None

    async def handle(context: Any, params: Any) -> ElicitResult | ErrorData:
        request = ElicitationRequest.of(entry.name, params)
        note = ServerRequest(entry.name, "elicitation", request.message, "declined")
        if mode == "auto-cancel":
            record(note.but("cancelled", "the server's elicitation mode is auto-cancel"))
            return ElicitResult(action="cancel")
        if elicit is None:
            record(note.but("declined", NO_ONE_TO_ASK))
            return ElicitResult(action="decline")
        try:
            answer = elicit(request)
            if inspect.isawaitable(answer):
                answer = await answer
        except Exception as exc:  # the callback failed: the server is told, not left waiting
            logger.warning("answering %s's elicitation failed: %r", entry.name, exc)
            record(note.but("failed", f"the elicit callback failed: {exc}"))
            return ErrorData(code=INTERNAL_ERROR, message="the client could not ask the user")
        if answer.action != "accept":
            record(note.but(_PAST[answer.action], None, by_user=True))
            return ElicitResult(action=answer.action)
        try:
            content = request.checked(answer.content) if request.mode == "form" else None
        except ValueError as exc:
            logger.warning("answer to %s's elicitation does not fit its form: %s", entry.name, exc)
            record(note.but("failed", str(exc)))
            return ErrorData(code=INVALID_PARAMS, message=f"the answer does not fit: {exc}")
        record(note.but("accepted", None, by_user=True))
        return ElicitResult(action="accept", content=content)

    return handle


_PAST: dict[str, Outcome] = {"accept": "accepted", "decline": "declined", "cancel": "cancelled"}
