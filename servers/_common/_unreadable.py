"""Answers to a message a server cannot read, over stdio and HTTP alike.

The SDK reads each message with pydantic's JSON parser. Over stdio its reader hands on, instead
of a message, the exception of a line it cannot read (not JSON, a lone surrogate, nesting deeper
than the parser goes, not a JSON-RPC message) and its server drops it without a word, so the
client waits for its own timeout; over HTTP its transport answers 400 with the parser's or the
validator's own words (a dump of pydantic's errors, the message echoed, -32602 for a body that
is no JSON-RPC message) and no id. :func:`error_for` gives each the JSON-RPC error it calls for,
with the request's id whenever the id can be read:

- the parser's error carries the text: it is decoded again leniently (Python's ``json``, which
  takes a lone surrogate escape such as ``"\\ud800"`` and deeper nesting), only to read the id
  and to say what is wrong. The message itself is still refused: a lone surrogate is not Unicode
  text (nothing could store or echo it), and nesting past the parser's limit is not served.
  -32602 Invalid params when the bad value is under ``params``, -32600 Invalid Request
  otherwise, -32700 Parse error for any other unreadable JSON;
- valid JSON that is not a JSON-RPC message: -32600 Invalid Request;
- text that is not JSON even leniently: -32700 Parse error with a null id (no id can be read).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import mcp_types as types
from pydantic import ValidationError

from servers._common.schema import shorten

__all__ = ["error_for", "error_for_body"]

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_MESSAGE_KINDS = ("JSONRPCRequest", "JSONRPCNotification", "JSONRPCResponse", "JSONRPCError")


def _error(request_id: types.RequestId | None, code: int, message: str) -> types.JSONRPCError:
    return types.JSONRPCError(
        jsonrpc="2.0", id=request_id, error=types.ErrorData(code=code, message=message)
    )


def error_for(exc: Exception, what: str = "line") -> types.JSONRPCError:
    """The JSON-RPC error answering the message that raised ``exc`` in the SDK's reader (``what``
    it came in: a stdio "line", an HTTP "body")."""
    if not isinstance(exc, ValidationError):
        return _error(None, types.PARSE_ERROR, f"Parse error: the {what} is not valid JSON text")
    errors = exc.errors(include_url=False)
    unreadable = next(
        (e for e in errors if e["type"] == "json_invalid" and isinstance(e["input"], str)), None
    )
    if unreadable is None:  # JSON, but not a JSON-RPC message: the errors carry the object
        message = next(
            (
                e["input"]
                for e in errors
                if len(e["loc"]) == 2 and e["loc"][0] in _MESSAGE_KINDS and e["type"] == "missing"
            ),
            None,
        )
        return _error(
            _request_id(message),
            types.INVALID_REQUEST,
            f"Invalid Request: the {what} is not a JSON-RPC 2.0 message",
        )
    decoded = _lenient(unreadable["input"])
    if decoded is None:
        return _error(None, types.PARSE_ERROR, f"Parse error: the {what} is not valid JSON text")
    request_id = _request_id(decoded)
    where = next(_lone_surrogates(decoded, ""), None)
    if where is not None:
        return _refused(
            request_id,
            where,
            "holds a lone surrogate (a \\ud800-\\udfff escape not in a pair), which is not "
            "Unicode text; send the text as valid UTF-8",
        )
    deep = _too_deep(decoded)
    if deep is not None:
        return _refused(
            request_id,
            deep,
            f"nests arrays and objects deeper than this server reads (at most {_MAX_DEPTH} levels)",
        )
    reason = str((unreadable.get("ctx") or {}).get("error") or unreadable["msg"])
    return _error(request_id, types.PARSE_ERROR, f"Parse error: {shorten(reason)}")


def _refused(request_id: types.RequestId | None, where: str, problem: str) -> types.JSONRPCError:
    if where.removeprefix("the key ").startswith("params"):
        return _error(request_id, types.INVALID_PARAMS, f"Invalid params: {where} {problem}")
    return _error(request_id, types.INVALID_REQUEST, f"Invalid Request: {where} {problem}")


def _lenient(line: str) -> Any:
    """The text as JSON, read by Python's decoder (lone surrogates and deep nesting allowed);
    None when even that cannot read it (or it nests past Python's own recursion limit)."""
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        return None


def _request_id(message: Any) -> types.RequestId | None:
    """The id of a request-shaped object, when it is one a reply can carry."""
    if not isinstance(message, dict):
        return None
    request_id = message.get("id")
    if isinstance(request_id, bool):
        return None
    if isinstance(request_id, int):
        return request_id
    if isinstance(request_id, str) and not _LONE_SURROGATE.search(request_id):
        return request_id
    return None


def _step(path: str, key: str | int) -> str:
    """The path to ``key`` under ``path`` (``params.arguments.tags[0]``), keys shown safely: no
    lone surrogate (it could not be written out), cut after 80 characters."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    shown = shorten(key.encode("utf-8", "backslashreplace").decode("utf-8"))
    return f"{path}.{shown}" if path else shown


def _children(item: Any) -> list[tuple[str | int, Any]]:
    if isinstance(item, dict):
        return list(item.items())
    if isinstance(item, list):
        return list(enumerate(item))
    return []


def _lone_surrogates(value: Any, where: str) -> Iterator[str]:
    """Where ``value`` holds a lone surrogate (``params.arguments.title``), depth first."""
    stack: list[tuple[Any, str]] = [(value, where)]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str) and _LONE_SURROGATE.search(item):
            yield path or "the message"
        for key, inner in reversed(_children(item)):
            if isinstance(key, str) and _LONE_SURROGATE.search(key):
                yield f"the key {_step(path, key)}"
            stack.append((inner, _step(path, key)))


_MAX_DEPTH = 199
"""How deep the SDK's JSON parser (jiter) reads arrays and objects (200 levels fail)."""
_NAMED_LEVELS = 3


def _too_deep(value: Any) -> str | None:
    """Where ``value`` nests past :data:`_MAX_DEPTH` levels (named by its first three levels,
    ``params.arguments.x``), or None."""
    stack: list[tuple[Any, str, int]] = [(value, "", 1)]
    while stack:
        item, path, depth = stack.pop()
        if not isinstance(item, dict | list):
            continue
        if depth > _MAX_DEPTH:
            return path or "the message"
        stack.extend(
            (inner, _step(path, key) if depth <= _NAMED_LEVELS else path, depth + 1)
            for key, inner in _children(item)
        )
    return None


def error_for_body(body: bytes) -> types.JSONRPCError | None:
    """The JSON-RPC error answering ``body`` (an HTTP request's), read as the SDK reads a stdio
    line; None when it is a message the server can read."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return _error(None, types.PARSE_ERROR, "Parse error: the body is not UTF-8 text")
    try:
        types.jsonrpc_message_adapter.validate_json(text, by_name=False)
    except ValidationError as exc:
        return error_for(exc, "body")
    return None
