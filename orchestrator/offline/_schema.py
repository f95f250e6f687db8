"""JSON Schema as the router reads it: `$ref`s into `$defs` (or `definitions`) resolved, the
non-null branch of a nullable `anyOf`/`oneOf` taken, so every later step sees a parameter's
real type, nested objects and array items included. A tool whose one parameter is an object
(`params: {problem_name, status, ...}`) is seen through: its fields are read as the tool's own.
"""

from __future__ import annotations

from typing import Any

__all__ = ["fits_pattern", "null_required", "resolve", "see_through", "unwrap"]

_MAX_DEPTH = 16  # a workout of exercises of sets of reps is 12 deep
PATTERN_SECONDS = 0.05
"""How long one match of a schema's `pattern` may take (the `regex` engine's timeout)."""
_SLOW: set[str] = set()  # patterns that took longer once: not tried again


def fits_pattern(pattern: str, text: str, *, whole: bool = False) -> bool | None:
    """Whether `text` matches a schema's `pattern` (all of it, with `whole`); None when that
    cannot be told: the pattern is no regular expression, or the match took longer than
    `PATTERN_SECONDS` (a catastrophic one, `^(a+)+$`, against 40 a's and an X: Python's `re`
    would hold the event loop, and the whole server, for minutes)."""
    if pattern in _SLOW:
        return None
    import regex

    try:
        match = regex.fullmatch if whole else regex.search
        return match(pattern, text, timeout=PATTERN_SECONDS) is not None
    except TimeoutError:
        _SLOW.add(pattern)
        return None
    except (regex.error, TypeError, ValueError):
        return None


def unwrap(schema: dict[str, Any]) -> dict[str, Any]:
    """The non-null branch of an `anyOf`/`oneOf`, merged with the outer keys; a type of one
    kind or null (`"type": ["array", "null"]`) is that kind."""
    for key in ("anyOf", "oneOf"):
        branches = [
            b for b in schema.get(key, []) if isinstance(b, dict) and b.get("type") != "null"
        ]
        if branches:
            inner = dict(branches[0])
            inner.update({k: v for k, v in schema.items() if k != key})
            return unwrap(inner)
    kinds = schema.get("type")
    if isinstance(kinds, list):
        kept = [k for k in kinds if k != "null"]
        if len(kept) == 1:
            return {**schema, "type": kept[0]}
    return schema


def _target(ref: str, root: dict[str, Any]) -> dict[str, Any] | None:
    if not ref.startswith("#/"):
        return None
    node: Any = root
    for part in ref[2:].split("/"):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node if isinstance(node, dict) else None


def resolve(schema: Any, root: dict[str, Any] | None = None, depth: int = 0) -> dict[str, Any]:
    """`schema` with its `$ref`s replaced by what they point to in `root` (the tool's whole
    input schema), its nullable branches unwrapped, to `_MAX_DEPTH` levels (a recursive model
    ends as a plain object there)."""
    if not isinstance(schema, dict):
        return {}
    root = root if root is not None else schema
    if depth > _MAX_DEPTH:
        return {"type": "object"}
    if "$ref" in schema:
        target = _target(str(schema["$ref"]), root) or {}
        merged = {**target, **{k: v for k, v in schema.items() if k != "$ref"}}
        return resolve(merged, root, depth + 1)
    schema = unwrap(schema)
    if "$ref" in schema:
        return resolve(schema, root, depth + 1)
    out = dict(schema)
    if isinstance(schema.get("properties"), dict):
        out["properties"] = {
            name: resolve(sub, root, depth + 1) for name, sub in schema["properties"].items()
        }
    if isinstance(schema.get("items"), dict):
        out["items"] = resolve(schema["items"], root, depth + 1)
    return out


def see_through(schema: dict[str, Any]) -> tuple[str, bool, dict[str, Any]] | None:
    """For a tool whose only parameter is an object with fields of its own (`params: {...}`,
    often a `$ref` into `$defs`), or with none and no others allowed: that parameter's name,
    whether it is required, and its schema resolved, to read the fields as the tool's
    parameters. None for any other tool."""
    whole = resolve(schema)
    props = whole.get("properties")
    if not isinstance(props, dict) or len(props) != 1:
        return None
    ((name, inner),) = props.items()
    fields = inner.get("properties") if isinstance(inner, dict) else None
    if inner.get("type", "object") != "object" or not isinstance(fields, dict):
        return None
    if not fields and inner.get("additionalProperties") is not False:
        return None  # (an object that takes nothing is sent empty: `params: {}`)
    return name, name in (whole.get("required") or ()), inner


def null_required(schema: dict[str, Any]) -> tuple[str, ...]:
    """The parameters a schema requires that may be null and have no default (`since_days:
    int | None`, required): a read sends them as null when the request says nothing of them."""
    whole = schema if isinstance(schema, dict) else {}
    props = whole.get("properties")
    if not isinstance(props, dict):
        return ()
    out = []
    for name in whole.get("required") or ():
        raw = props.get(name)
        if not isinstance(raw, dict) or "default" in raw:
            continue
        kinds = raw.get("type")
        branches = [
            b.get("type") for k in ("anyOf", "oneOf") for b in raw.get(k, []) if isinstance(b, dict)
        ]
        if "null" in branches or (isinstance(kinds, list) and "null" in kinds):
            out.append(str(name))
    return tuple(out)
