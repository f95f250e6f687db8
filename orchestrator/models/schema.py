"""Tool input schemas as each provider takes them.

MCP servers write JSON Schema as their SDK emits it: zod-to-json-schema's `$schema` and
`additionalProperties: false` (TypeScript servers), pydantic's `$defs` / `$ref` and `title`s
(Python servers), mcp-go's arrays without `items` (Go servers), `anyOf` unions, `const`. The
vendors each refuse some of it, and one refused schema fails the whole request, so each model
cleans the schemas it sends:

- every provider: the top is an object (`type: object`, with `properties`); a union at the top
  (`anyOf`, `oneOf`, `allOf`), which Anthropic and OpenAI refuse there, is merged into one
  object whose properties are the branches' (required only if every branch requires it);
- OpenAI (Chat Completions): an array without `items` gets `items: {}` (OpenAI refuses it with
  "array schema missing items");
- Anthropic: the top only;
- Gemini: `$ref`s are resolved (a recursive one becomes a plain object), and only the keywords
  of the subset Gemini documents for function declarations are kept: `type` (a list of types
  becomes `anyOf`), `description`, `enum` (`const` becomes a one-value `enum` when it is a
  string), `format` (for strings only `date-time` and `enum`, others move into the description,
  as do `default` and `const` values and exclusive bounds), `items` / `prefixItems` / `minItems`
  / `maxItems`, `minimum` / `maximum`, `minLength` / `maxLength` / `pattern`, `properties` /
  `required` (names without a property dropped), `anyOf` (`oneOf` read as `anyOf`, `allOf`
  merged; a union with `null` becomes `nullable`), `nullable`, `propertyOrdering`; an array
  without `items` gets `items: {}`. Everything else (`$schema`, `$defs`, `additionalProperties`,
  `title`, `examples`, ...) is dropped.

The input is never changed; each function returns a new schema. A model converts the same
tools at every turn, so it converts each through `per_tool`, which remembers the result for as
long as the tool keeps the same schema object (the catalogue's, unchanged between turns).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from orchestrator.models import ToolDefinition

__all__ = ["for_anthropic", "for_gemini", "for_openai", "object_root", "per_tool"]

T = TypeVar("T")
_PER_TOOL_SIZE = 4096  # tools remembered per conversion; then it starts again

Schema = dict[str, Any]
_UNIONS = ("anyOf", "oneOf", "allOf")
_GEMINI_KEEP = frozenset(
    {
        "type",
        "description",
        "enum",
        "format",
        "items",
        "prefixItems",
        "minItems",
        "maxItems",
        "minimum",
        "maximum",
        "minLength",
        "maxLength",
        "pattern",
        "properties",
        "required",
        "anyOf",
        "nullable",
        "propertyOrdering",
        "minProperties",
        "maxProperties",
    }
)
_VALUES = frozenset({"enum", "const", "default", "examples", "required"})  # data, not schemas
_GEMINI_STRING_FORMATS = frozenset({"date-time", "enum"})
_MAX_DEPTH = 64  # a schema nested deeper than this (or a recursive $ref) becomes a plain object


def object_root(schema: Schema | None) -> Schema:
    """The schema with an object at the top: unions there merged, `type` and `properties` set."""
    root = copy.deepcopy(schema) if isinstance(schema, dict) else {}
    branches = [b for key in _UNIONS for b in root.pop(key, None) or () if isinstance(b, dict)]
    if branches:
        properties: dict[str, Any] = dict(root.get("properties") or {})
        required_sets = []
        for branch in branches:
            properties.update(branch.get("properties") or {})
            required_sets.append(set(branch.get("required") or ()))
        root["properties"] = properties
        common = set.intersection(*required_sets) if required_sets else set()
        required = [*(root.get("required") or ()), *sorted(common)]
        if required:
            root["required"] = list(dict.fromkeys(required))
    root["type"] = "object"
    root.setdefault("properties", {})
    return root


def per_tool(convert: Callable[[ToolDefinition], T]) -> Callable[[ToolDefinition], T]:
    """`convert`, remembering its result per tool: by name, description and the identity of
    its schema (held, so that identity is not reused). Its results are shared: read-only."""
    memo: dict[tuple[str, str, int], tuple[Any, T]] = {}

    def converted(tool: ToolDefinition) -> T:
        key = (tool.name, tool.description, id(tool.input_schema))
        hit = memo.get(key)
        if hit is not None and hit[0] is tool.input_schema:
            return hit[1]
        result = convert(tool)
        if len(memo) >= _PER_TOOL_SIZE:
            memo.clear()
        memo[key] = (tool.input_schema, result)
        return result

    return converted


def for_openai(schema: Schema | None) -> Schema:
    """For Chat Completions `function.parameters`."""
    return _fill_items(object_root(schema))


def for_anthropic(schema: Schema | None) -> Schema:
    """For the Messages API's `input_schema`."""
    return object_root(schema)


def for_gemini(schema: Schema | None) -> Schema:
    """For `FunctionDeclaration.parameters_json_schema`."""
    root = copy.deepcopy(schema) if isinstance(schema, dict) else {}
    resolved = _resolve(root, root, (), 0)
    return _fill_items(object_root(_gemini_node(resolved)))


def _fill_items(node: Any) -> Any:
    if isinstance(node, list):
        return [_fill_items(n) for n in node]
    if not isinstance(node, dict):
        return node
    out = {k: v if k in _VALUES else _fill_items(v) for k, v in node.items()}
    types = out.get("type")
    is_array = types == "array" or (isinstance(types, list) and "array" in types)
    if is_array and "items" not in out and "prefixItems" not in out:
        out["items"] = {}
    return out


def _resolve(node: Any, root: Schema, seen: tuple[str, ...], depth: int) -> Any:
    """`node` with every local `$ref` replaced by what it points to."""
    if isinstance(node, list):
        return [_resolve(n, root, seen, depth + 1) for n in node]
    if not isinstance(node, dict):
        return node
    if depth > _MAX_DEPTH:
        return {"type": "object"}
    ref = node.get("$ref")
    if isinstance(ref, str):
        rest = {k: v for k, v in node.items() if k != "$ref"}
        target = _pointer(root, ref)
        if target is None or ref in seen:  # unresolvable, or recursive: a plain object
            note = "recursive" if ref in seen else "unresolved"
            target = {"type": "object", "description": f"({note} reference {ref})"}
            return {**target, **rest}
        inner = (*seen, ref)
        return {**_resolve(target, root, inner, depth + 1), **_resolve(rest, root, seen, depth)}
    return {k: _resolve(v, root, seen, depth + 1) for k, v in node.items()}


def _pointer(root: Schema, ref: str) -> Any:
    if not ref.startswith("#"):
        return None
    node: Any = root
    for part in ref[1:].split("/")[1:] if ref != "#" else []:
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return None
    return node if isinstance(node, dict) else None


def _gemini_node(node: Any) -> Any:
    if not isinstance(node, dict):
        return node
    node = dict(node)
    notes: list[str] = []
    for key in ("allOf",):
        parts = [p for p in node.pop(key, None) or () if isinstance(p, dict)]
        for part in parts:
            for k, v in part.items():
                if k == "properties":
                    node["properties"] = {**(node.get("properties") or {}), **v}
                elif k == "required":
                    node["required"] = [*(node.get("required") or ()), *v]
                else:
                    node.setdefault(k, v)
    if "oneOf" in node:
        node["anyOf"] = [*(node.get("anyOf") or ()), *node.pop("oneOf")]
    types = node.get("type")
    if isinstance(types, list):
        kinds = [t for t in types if t != "null"]
        if len(kinds) == 1 and len(types) == 2:
            node["type"], node["nullable"] = kinds[0], True
        elif len(kinds) == 1:
            node["type"] = kinds[0]
        else:
            del node["type"]
            node["anyOf"] = [{"type": t} for t in types]
    if "const" in node:
        const = node.pop("const")
        if isinstance(const, str):
            node["enum"] = [const]
        else:
            notes.append(f"must be {json.dumps(const)}")
    for key, word in (("exclusiveMinimum", "above"), ("exclusiveMaximum", "below")):
        if isinstance(node.get(key), int | float) and not isinstance(node[key], bool):
            notes.append(f"{word} {node.pop(key)}")
    if "default" in node and node.get("default") is not None:
        notes.append(f"default: {json.dumps(node.pop('default'), default=str)}")
    branches = node.get("anyOf")
    if isinstance(branches, list) and len(branches) == 2 and {"type": "null"} in branches:
        (kept,) = [b for b in branches if b != {"type": "null"}]
        if isinstance(kept, dict):
            del node["anyOf"]
            node = {**kept, **node, "nullable": True}
    fmt = node.get("format")
    if fmt is not None and node.get("type") == "string" and fmt not in _GEMINI_STRING_FORMATS:
        notes.insert(0, f"format: {node.pop('format')}")
    if notes:
        described = node.get("description")
        extra = "; ".join(notes)
        node["description"] = f"{described} ({extra})" if described else extra.capitalize()
    out: Schema = {}
    for key, value in node.items():
        if key not in _GEMINI_KEEP:
            continue
        if key == "properties" and isinstance(value, dict):
            out[key] = {name: _gemini_node(sub) for name, sub in value.items()}
        elif key in ("items",) and isinstance(value, dict):
            out[key] = _gemini_node(value)
        elif key in ("anyOf", "prefixItems") and isinstance(value, list):
            out[key] = [_gemini_node(v) for v in value]
        else:
            out[key] = value
    enum = out.get("enum")
    if isinstance(enum, list) and "type" not in out and all(isinstance(v, str) for v in enum):
        out["type"] = "string"
    if isinstance(out.get("required"), list):
        known = out.get("properties") or {}
        kept = [n for n in dict.fromkeys(out["required"]) if n in known]
        if kept:
            out["required"] = kept
        else:
            del out["required"]
    return out
