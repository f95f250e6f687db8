"""JSON schemas for tool inputs and outputs, and plain-words descriptions of bad arguments.

Tool input models are pydantic models. Their generated schema is cleaned so that it reads like a
hand-written contract: no ``title`` noise, optional fields shown as their own type rather than
``anyOf [T, null]``, and no ``default: null``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, get_args

from pydantic import BaseModel, ValidationError
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema

__all__ = [
    "ArgumentProblem",
    "describe_validation_error",
    "shorten",
    "shorten_echoes",
    "tool_schema",
]

SHOWN_CHARACTERS = 80


def shorten(text: str, limit: int = SHOWN_CHARACTERS) -> str:
    """``text`` for a message: cut after ``limit`` characters, saying how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text)} characters)"


ERROR_TEXT_LIMIT = 4000
"""No string in an error body is longer (the last line of defence against an echoed input)."""
_ECHOES_CHECKED = 64


def shorten_echoes(body: Any, given: Any) -> Any:
    """An error ``body`` in which every string of the caller's ``given`` arguments (values and
    keys, at any depth) longer than :data:`SHOWN_CHARACTERS` is shortened wherever a message
    repeats it whole (as written, or escaped as ``repr`` or JSON write it), and every string is
    cut after :data:`ERROR_TEXT_LIMIT` characters: the rule "values in messages are cut after 80
    characters" kept for every message, whoever wrote it."""
    long_values = sorted(
        {v for v in _strings(given) if len(v) > SHOWN_CHARACTERS}, key=len, reverse=True
    )[:_ECHOES_CHECKED]
    echoes: list[tuple[str, str]] = []
    for value in long_values:
        for form in (value, repr(value)[1:-1], json.dumps(value)[1:-1]):
            if all(form != seen for seen, _ in echoes):
                echoes.append((form, shorten(value)))
    return _shortened(body, echoes)


def _strings(value: Any) -> Iterator[str]:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)


_DIRECTIONAL = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""Marks that change the direction of the text after them: in a message, the rest of the line
would read reversed in a UI that renders it (a caller's "todo_\u202e..." echoed)."""


def _shortened(value: Any, echoes: list[tuple[str, str]]) -> Any:
    if isinstance(value, str):
        for echo, short in echoes:
            if echo in value:
                value = value.replace(echo, short)
        value = _DIRECTIONAL.sub(lambda m: f"\\u{ord(m.group()):04x}", value)
        return shorten(value, ERROR_TEXT_LIMIT)
    if isinstance(value, dict):
        return {_shortened(k, echoes): _shortened(v, echoes) for k, v in value.items()}
    if isinstance(value, list):
        return [_shortened(v, echoes) for v in value]
    return value


class _OutputJsonSchema(GenerateJsonSchema):
    """Schema generator that drops titles."""

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False

    def model_schema(self, schema: core_schema.ModelSchema) -> JsonSchemaValue:
        value = super().model_schema(schema)
        value.pop("title", None)
        return value


class _InputJsonSchema(_OutputJsonSchema):
    """For inputs, an optional ``T | None`` field is shown as ``T``: null means "not given"."""

    def nullable_schema(self, schema: core_schema.NullableSchema) -> JsonSchemaValue:
        return self.generate_inner(schema["schema"])

    def default_schema(self, schema: core_schema.WithDefaultSchema) -> JsonSchemaValue:
        value = super().default_schema(schema)
        if value.get("default", ...) is None:
            value.pop("default")
        return value


def tool_schema(model: type[BaseModel], *, output: bool = False) -> dict[str, Any]:
    """The JSON schema of a tool's input (or ``output``) model, in contract style."""
    generator = _OutputJsonSchema if output else _InputJsonSchema
    schema = model.model_json_schema(
        schema_generator=generator, mode="serialization" if output else "validation"
    )
    schema.setdefault("properties", {})
    schema.setdefault("required", [])
    return schema


@dataclass(frozen=True)
class ArgumentProblem:
    """One bad argument: which field and which rule it broke."""

    field: str
    rule: str

    def __str__(self) -> str:
        return f"{self.field}: {self.rule}" if self.field else self.rule


_TYPE_NAMES = {
    "string_type": "a string",
    "int_type": "an integer",
    "int_parsing": "an integer",
    "int_from_float": "an integer",
    "float_type": "a number",
    "float_parsing": "a number",
    "bool_type": "a boolean",
    "bool_parsing": "a boolean",
    "list_type": "an array",
    "dict_type": "an object",
    "model_type": "an object",
    "datetime_type": "an ISO 8601 date-time",
    "datetime_parsing": "an ISO 8601 date-time",
    "datetime_from_date_parsing": "an ISO 8601 date-time",
    "uuid_type": "a UUID",
    "uuid_parsing": "a UUID",
}


def _rule(error: Any, model: type[BaseModel]) -> str:
    kind = error["type"]
    ctx = error.get("ctx") or {}
    if kind == "missing":
        return "is required"
    if kind == "extra_forbidden":
        owner = _model_at(model, error["loc"][:-1])
        if owner is None:
            return "is not a known field"
        return f"is not a known field (known fields: {', '.join(owner.model_fields)})"
    if kind == "string_too_short":
        n = ctx.get("min_length")
        return f"must be at least {n} character{'s' if n != 1 else ''} long"
    if kind == "string_too_long":
        return f"must be at most {ctx.get('max_length')} characters long"
    if kind == "too_short":
        return f"must have at least {ctx.get('min_length')} items"
    if kind == "too_long":
        return f"must have at most {ctx.get('max_length')} items"
    if kind in ("literal_error", "enum"):
        expected = str(ctx.get("expected"))
        if expected in ("True", "False"):
            return f"must be {expected.lower()}"
        return f"must be one of {expected}"
    if kind == "less_than_equal":
        return f"must be at most {ctx.get('le')}"
    if kind == "greater_than_equal":
        return f"must be at least {ctx.get('ge')}"
    if kind == "less_than":
        return f"must be less than {ctx.get('lt')}"
    if kind == "greater_than":
        return f"must be greater than {ctx.get('gt')}"
    if kind == "string_pattern_mismatch":
        return f"must match the pattern {ctx.get('pattern')}"
    if kind in _TYPE_NAMES:
        return f"must be {_TYPE_NAMES[kind]}"
    if kind == "value_error":
        return str(ctx.get("error", error.get("msg", "is not valid")))
    if kind == "json_invalid":
        return "must be valid JSON"
    message = str(error.get("msg", "is not valid")).rstrip(".")
    return message[:1].lower() + message[1:]


def _model_at(model: type[BaseModel], loc: tuple[Any, ...]) -> type[BaseModel] | None:
    """The model whose fields are at ``loc`` inside ``model`` (list indexes skipped), or None
    when ``loc`` leads elsewhere (a dict's values, a plain type)."""
    current: type[BaseModel] | None = model
    for part in loc:
        if isinstance(part, int):
            continue
        field = current.model_fields.get(str(part)) if current is not None else None
        current = _inner_model(field.annotation) if field is not None else None
    return current


def _inner_model(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in get_args(annotation):
        found = _inner_model(arg)
        if found is not None:
            return found
    return None


def describe_validation_error(
    exc: ValidationError, model: type[BaseModel]
) -> list[ArgumentProblem]:
    """Turn a pydantic error into one problem per field, naming the field and the rule.

    The rejected values are never repeated: they are the caller's data. Field names are cut
    (:func:`shorten`): an unknown one may be of any length.
    """
    problems: list[ArgumentProblem] = []
    for error in exc.errors(include_url=False):
        # Literal-union errors list each member separately; one message per field is enough.
        loc = [str(part) for part in error["loc"] if not str(part).startswith("literal[")]
        field = shorten(".".join(loc))
        problem = ArgumentProblem(field=field, rule=_rule(error, model))
        if all(p.field != field for p in problems):
            problems.append(problem)
    return problems
