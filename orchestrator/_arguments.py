"""A tool's arguments checked against a JSON Schema, the schema treated as data.

```python
check_schema(schema, "input_schema")      # UsageError naming the key, or None
problems(schema, {"title": 5})            # ["title: 5 is not of type 'string'"]
```

A schema given by a caller (a renamed tool's, `orchestrator.catalogue.RenamedTool`) is checked
once, when it is given: a valid JSON Schema for its dialect (2020-12 when it names none) that
describes an object, whose every `$ref` is local (`#`, `#/$defs/…`, `#/definitions/…`) and
points at something in it, with no `$id` below its root (which would move what a local
reference means), no `$dynamicRef` or `$recursiveRef`, every `pattern` a regular expression,
and no `unevaluatedProperties` beside `patternProperties` (jsonschema matches those on its own
engine, which `problems` could not bound).

`problems` holds to the same whatever schema it is given, one stored before these checks
included: references resolve inside the schema only (the validator's registry is empty, while
jsonschema's default still fetches a remote `$ref`, with a deprecation warning), and `pattern`,
`patternProperties` and `additionalProperties` match on the `regex` engine with a timeout, all
of one check within `seconds`: a catastrophic pattern (`^(a|a)+$`) is a problem reported,
never a blocked event loop. jsonschema and regex are imported on first use.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from typing import Any

from orchestrator.errors import UsageError

__all__ = ["CHECK_SECONDS", "check_schema", "problems"]

CHECK_SECONDS = 1.0
"""The longest one check of a call's arguments may take."""
MAX_PROBLEMS = 5

_LOCAL_REF = re.compile(r"^#(/(\$defs|definitions)/.+)?$")
_SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
_SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems", "items")
_SCHEMA_ONE = (
    "additionalItems",
    "additionalProperties",
    "contains",
    "else",
    "if",
    "items",
    "not",
    "propertyNames",
    "then",
    "unevaluatedItems",
    "unevaluatedProperties",
)
_UNBOUNDED = frozenset({"unevaluatedProperties", "patternProperties"})
_deadline: ContextVar[float] = ContextVar("_deadline")
_bounded: dict[type, type] = {}


class _TooSlow(Exception):
    def __init__(self, pattern: str) -> None:
        super().__init__(pattern)
        self.pattern = pattern


# -- a caller's schema, checked once -------------------------------------------------------
def check_schema(schema: Mapping[str, Any], where: str) -> None:
    """Refuse ``schema`` (`UsageError`, naming the key under ``where``) unless it is a JSON
    Schema for an object that stays within itself (see the module docstring)."""
    import regex
    from jsonschema import SchemaError, validators

    try:
        validators.validator_for(schema).check_schema(schema)
    except SchemaError as exc:
        at = "/".join(str(p) for p in exc.path)
        raise UsageError(
            f"{where} is not a valid JSON Schema{f' at {at}' if at else ''}: {exc.message}"
        ) from exc
    if schema.get("type") != "object":
        raise UsageError(
            f'{where}: must describe an object ("type": "object"), since a tool\'s arguments '
            "are named"
        )
    unbounded = set(_keys_anywhere(schema)) >= _UNBOUNDED
    for node, path in _schemas(schema, where):
        for key in ("$ref", "$dynamicRef", "$recursiveRef"):
            if key in node:
                _check_ref(schema, key, node[key], f"{path}.{key}")
        if "$id" in node and path != where:
            raise UsageError(
                f"{path}.$id: a tool's schema may not change its base below the root "
                "(local references would then point elsewhere)"
            )
        if unbounded and "unevaluatedProperties" in node:
            raise UsageError(
                f"{path}.unevaluatedProperties: not allowed in a schema with patternProperties "
                "(those cannot be matched in bounded time together)"
            )
        patterns = [("pattern", node.get("pattern"))] if "pattern" in node else []
        patterns += [(f"patternProperties.{p}", p) for p in node.get("patternProperties", {})]
        for key, pattern in patterns:
            try:
                regex.compile(pattern)
            except (regex.error, TypeError) as exc:
                raise UsageError(f"{path}.{key}: not a regular expression: {exc}") from exc


def _check_ref(root: Mapping[str, Any], key: str, ref: Any, where: str) -> None:
    if key != "$ref":
        raise UsageError(f"{where}: not allowed in a tool's schema; use a local $ref")
    if not isinstance(ref, str) or not _LOCAL_REF.match(ref):
        raise UsageError(
            f"{where}: {ref!r} is not a reference inside the schema; only '#', '#/$defs/…' and "
            "'#/definitions/…' are allowed (nothing is fetched)"
        )
    node: Any = root
    for part in ref[2:].split("/") if ref != "#" else ():
        part = part.replace("~1", "/").replace("~0", "~")
        if not isinstance(node, Mapping) or part not in node:
            raise UsageError(f"{where}: {ref!r} points at nothing in the schema")
        node = node[part]
    if not isinstance(node, Mapping | bool):
        raise UsageError(f"{where}: {ref!r} points at something that is not a schema")


def _schemas(node: Any, path: str) -> Iterator[tuple[Mapping[str, Any], str]]:
    """Every subschema of ``node`` in a keyword that holds schemas, with its key path."""
    if not isinstance(node, Mapping):
        return
    yield node, path
    for key in _SCHEMA_MAPS:
        value = node.get(key)
        if isinstance(value, Mapping):
            for name, sub in value.items():
                yield from _schemas(sub, f"{path}.{key}.{name}")
    for key in _SCHEMA_LISTS:
        value = node.get(key)
        if isinstance(value, list):
            for i, sub in enumerate(value):
                yield from _schemas(sub, f"{path}.{key}[{i}]")
    for key in _SCHEMA_ONE:
        yield from _schemas(node.get(key), f"{path}.{key}")
    dependencies = node.get("dependencies")
    if isinstance(dependencies, Mapping):
        for name, sub in dependencies.items():
            yield from _schemas(sub, f"{path}.dependencies.{name}")


def _keys_anywhere(node: Any) -> Iterator[str]:
    if isinstance(node, Mapping):
        for key, value in node.items():
            yield str(key)
            yield from _keys_anywhere(value)
    elif isinstance(node, list):
        for value in node:
            yield from _keys_anywhere(value)


# -- arguments, checked at each call -------------------------------------------------------
def problems(
    schema: Mapping[str, Any], arguments: Any, *, seconds: float = CHECK_SECONDS
) -> list[str]:
    """What is wrong with ``arguments`` for ``schema`` (empty when they fit), found within
    ``seconds``; never raises for the schema's or the arguments' sake."""
    from referencing.exceptions import Unresolvable

    if set(_keys_anywhere(schema)) >= _UNBOUNDED:
        return ["the schema combines unevaluatedProperties with patternProperties, which "
                "cannot be checked in bounded time"]  # fmt: skip
    token = _deadline.set(time.monotonic() + max(seconds, 0.0))
    try:
        validator = _validator(schema)
        errors = sorted(validator.iter_errors(arguments), key=lambda e: [str(p) for p in e.path])
    except _TooSlow as exc:
        return [f"could not be checked within {seconds:.3g}s: the pattern {exc.pattern!r} "
                "takes too long on this value"]  # fmt: skip
    except Unresolvable as exc:
        return [f"the schema's reference {getattr(exc, 'ref', '')!r} cannot be resolved in "
                "the schema (nothing is fetched)"]  # fmt: skip
    except RecursionError:
        return ["the schema or the arguments are nested too deeply to check"]
    finally:
        _deadline.reset(token)
    found = []
    for error in errors[:MAX_PROBLEMS]:
        where = ".".join(str(p) for p in error.path) or "(arguments)"
        found.append(f"{where}: {error.message}")
    return found


def _validator(schema: Mapping[str, Any]) -> Any:
    """A validator for ``schema``'s dialect with bounded patterns and an empty registry."""
    from jsonschema import validators
    from referencing import Registry

    base = validators.validator_for(schema)
    cls = _bounded.get(base)
    if cls is None:
        cls = _bounded[base] = validators.extend(
            base,
            {
                "pattern": _pattern,
                "patternProperties": _pattern_properties,
                "additionalProperties": _additional_properties(
                    base.VALIDATORS.get("additionalProperties")
                ),
            },
        )
    return cls(schema, registry=Registry())


def _search(pattern: str, text: str) -> bool:
    import regex

    left = _deadline.get() - time.monotonic()
    if left <= 0:
        raise _TooSlow(pattern)
    try:
        return regex.search(pattern, text, timeout=left) is not None
    except TimeoutError as exc:
        raise _TooSlow(pattern) from exc


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[Any]:
    from jsonschema import ValidationError

    if validator.is_type(instance, "string") and not _search(pattern, instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


def _pattern_properties(
    validator: Any, patterns: Mapping[str, Any], instance: Any, schema: Any
) -> Iterator[Any]:
    if not validator.is_type(instance, "object"):
        return
    for pattern, subschema in patterns.items():
        for key, value in instance.items():
            if _search(pattern, key):
                yield from validator.descend(value, subschema, path=key, schema_path=pattern)


def _additional_properties(plain: Any) -> Any:
    """jsonschema's `additionalProperties`, matching `patternProperties` on our engine."""

    def check(validator: Any, additional: Any, instance: Any, schema: Any) -> Iterator[Any]:
        from jsonschema import ValidationError

        patterns = schema.get("patternProperties") or {}
        if not patterns or plain is None:
            if plain is not None:
                yield from plain(validator, additional, instance, schema)
            return
        if not validator.is_type(instance, "object"):
            return
        known = schema.get("properties") or {}
        extras = [
            k for k in instance if k not in known and not any(_search(p, k) for p in patterns)
        ]
        if validator.is_type(additional, "object"):
            for extra in extras:
                yield from validator.descend(instance[extra], additional, path=extra)
        elif not additional and extras:
            joined = ", ".join(repr(e) for e in sorted(extras))
            verb = "does" if len(extras) == 1 else "do"
            listed = ", ".join(repr(p) for p in sorted(patterns))
            yield ValidationError(f"{joined} {verb} not match any of the regexes: {listed}")

    return check
