"""Property-based calls to every tool of every bundled server, from the schemas they publish.

- Valid inputs are drawn from each tool's published input schema (hypothesis-jsonschema), with
  id arguments sometimes naming a real item. Every call must succeed with output that fits the
  published output schema, or get one of the refusals the schema cannot express
  (``BundledServer.may_refuse``); never a crash, an internal or storage error, or a leak.
- Invalid inputs are a valid input broken one way: a wrong JSON type, a required field missing,
  a value out of its range/enum/pattern/format/const, an unknown field, odd text (NUL, a lone
  surrogate). Every call must get the server's invalid-arguments error body, and the store must
  be unchanged.

Used by tests/servers/test_fuzz.py (bounded) and bench/fuzz.py (long, with counts per tool).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anyio
import anyio.from_thread
import jsonschema
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema
from mcp import Client

from tests.servers.bundled import BundledServer

JSON_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
)  # fmt: skip
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)
LEAKS = ("Traceback", 'File "', "sqlalchemy", "psycopg", "SELECT ", "INSERT ", "UPDATE ")
CUSTOM_FORMATS = {"uuid": st.uuids().map(str)}
REAL_ID = "\x1freal-id\x1f"  # stands for the seed item's id until the call is made


class Session:
    """A live MCP client session on an in-process server, driven from synchronous code."""

    def __init__(self, portal: anyio.from_thread.BlockingPortal, client: Client) -> None:
        self._portal, self._client = portal, client

    def call(self, tool: str, arguments: dict[str, Any]) -> tuple[bool, dict[str, Any], str]:
        """(is_error, body, text) of one call; the body is the structured content on success
        and the JSON text on error."""
        return self._portal.call(self._call, tool, arguments)

    async def _call(self, tool: str, arguments: dict[str, Any]) -> tuple[bool, dict[str, Any], str]:
        with anyio.fail_after(30):
            result = await self._client.call_tool(tool, arguments)
        (content,) = result.content
        text = content.text  # type: ignore[union-attr]
        body = json.loads(text)
        if result.is_error:
            assert result.structured_content is None, (tool, arguments, text)
        else:
            assert result.structured_content == body, (tool, arguments, text)
        return bool(result.is_error), body, text

    def tools(self) -> dict[str, Any]:
        return self._portal.call(self._list_tools)

    async def _list_tools(self) -> dict[str, Any]:
        return {t.name: t for t in (await self._client.list_tools()).tools}


@contextmanager
def session(
    server: BundledServer, folder: Path, database_url: str | None = None
) -> Iterator[Session]:
    with (
        anyio.from_thread.start_blocking_portal() as portal,
        portal.wrap_async_context_manager(Client(server.create(folder, database_url))) as client,
    ):
        yield Session(portal, client)


def _no_odd_text(value: Any) -> bool:
    if isinstance(value, str):
        return not re.search("[\x00\ud800-\udfff]", value)
    if isinstance(value, dict):
        return all(_no_odd_text(k) and _no_odd_text(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_no_odd_text(v) for v in value)
    return True


def valid_arguments(schema: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Inputs the published schema admits (strings without NUL: no store keeps it)."""
    return from_schema(schema, custom_formats=CUSTOM_FORMATS).filter(_no_odd_text)


def _not_of_type(prop: dict[str, Any]) -> st.SearchStrategy[Any]:
    kind = prop.get("type")
    choices: list[st.SearchStrategy[Any]] = []
    if kind != "string":
        choices.append(st.text(max_size=10))
    if kind not in ("integer", "number"):
        choices.append(st.integers())
    if kind != "number":
        choices.append(st.floats(allow_nan=False, allow_infinity=False).filter(
            lambda f: not (kind == "integer" and f.is_integer())))  # fmt: skip
    if kind != "boolean":
        choices.append(st.booleans())
    if kind != "array":
        choices.append(st.lists(JSON_SCALARS.filter(lambda v: v is not None), max_size=2))
    if kind != "object":
        choices.append(st.dictionaries(st.text(max_size=5), JSON_SCALARS, max_size=2))
    return st.one_of(choices)


_BAD_FORMATS: dict[str, st.SearchStrategy[str]] = {
    "date-time": st.one_of(
        st.sampled_from(["2025", "tomorrow", "20251225T150000Z", "2025-W52-1", "2025-12-25T",
                         "2025-13-01T00:00:00Z", "2025-12-01T10:00:00+25:00", "12/25/2025 3pm",
                         "9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00+14:00"]),
        st.integers().map(str),
    ),
    "date": st.sampled_from(["2025", "2025-02-30", "20251225", "25/12/2025", "2025-12-25T00:00"]),
    "uuid": st.one_of(
        st.uuids().map(lambda u: "{" + str(u) + "}"),
        st.uuids().map(lambda u: u.hex),
        st.uuids().map(lambda u: f"urn:uuid:{u}"),
        st.uuids().map(lambda u: f" {u}"),
        st.text(max_size=40),
    ),
}  # fmt: skip


def _breaks_value(prop: dict[str, Any]) -> st.SearchStrategy[Any] | None:
    """Values of the right JSON type that break one of ``prop``'s other rules (None: no rule)."""
    choices: list[st.SearchStrategy[Any]] = []
    if "const" in prop:
        const = prop["const"]
        choices.append(st.sampled_from([1, 1.0, 0, "true", "True", not const, None]).filter(
            lambda v: v is not None and v is not const))  # fmt: skip
    if "enum" in prop:
        choices.append(st.text(max_size=20).filter(lambda v: v not in prop["enum"]))
    if "minimum" in prop:
        choices.append(st.integers(max_value=prop["minimum"] - 1))
    if "maximum" in prop:
        choices.append(st.integers(min_value=prop["maximum"] + 1))
    if prop.get("minLength", 0) > 0:
        choices.append(st.text(max_size=prop["minLength"] - 1))
    if "maxLength" in prop:
        n = prop["maxLength"]
        choices.append(st.text(min_size=n + 1, max_size=n + 10))
    if "pattern" in prop:
        pattern = re.compile(prop["pattern"])
        choices.append(st.text(max_size=45).filter(lambda v: not pattern.search(v)))
    if prop.get("format") in _BAD_FORMATS:
        # A date alone is a documented extra where a date-time is asked (see DateOrDateTime).
        choices.append(_BAD_FORMATS[prop["format"]])
    if prop.get("type") == "array" and "items" in prop:
        item = _breaks_value(prop["items"])
        bad_item = st.one_of(_not_of_type(prop["items"]), *([item] if item is not None else []))
        choices.append(st.lists(bad_item, min_size=1, max_size=2))
    return st.one_of(choices) if choices else None


def invalid_arguments(
    schema: dict[str, Any], valid: st.SearchStrategy[dict[str, Any]]
) -> st.SearchStrategy[tuple[str, dict[str, Any]]]:
    """(how it is broken, arguments): a valid input broken in exactly one way."""
    props: dict[str, Any] = schema.get("properties", {})
    required: list[str] = schema.get("required", [])
    breakable = {n: s for n, p in props.items() if (s := _breaks_value(p)) is not None}
    wrong_types = {n: _not_of_type(p) for n, p in props.items()}
    return _broken(valid, props, required, breakable, wrong_types)


@st.composite
def _broken(
    draw: st.DrawFn,
    valid: st.SearchStrategy[dict[str, Any]],
    props: dict[str, Any],
    required: list[str],
    breakable: dict[str, st.SearchStrategy[Any]],
    wrong_types: dict[str, st.SearchStrategy[Any]],
) -> tuple[str, dict[str, Any]]:
    arguments = dict(draw(valid))
    strings = [n for n, p in props.items() if p.get("type") == "string" and n in arguments]
    # Hypothesis leans towards the first choices: the subtler breaks go first.
    ways = (["bad value"] if breakable else []) + (["wrong type"] if props else [])
    ways += (["odd text"] if strings else []) + (["missing"] if required else [])
    ways.append("unknown field")
    way = draw(st.sampled_from(ways))
    if way == "unknown field":
        key = draw(st.text(min_size=1, max_size=30).filter(lambda k: k not in props))
        arguments[key] = draw(JSON_VALUES)
    elif way == "missing":
        arguments.pop(draw(st.sampled_from(required)), None)
    elif way == "wrong type":
        name = draw(st.sampled_from(sorted(props)))
        arguments[name] = draw(wrong_types[name])
    elif way == "bad value":
        name = draw(st.sampled_from(sorted(breakable)))
        arguments[name] = draw(breakable[name])
    else:
        name = draw(st.sampled_from(strings))
        odd = draw(st.sampled_from(["\x00", "\ud800", "\udfff"]))
        at = draw(st.integers(0, len(arguments[name])))
        arguments[name] = arguments[name][:at] + odd + arguments[name][at:]
    return way, arguments


def _assert_no_leak(text: str) -> None:
    for leak in LEAKS:
        assert leak not in text, f"leaked {leak!r}: {text[:500]}"


class ToolFuzzer:
    """Runs both properties against one tool of one server, counting outcomes."""

    def __init__(self, server: BundledServer, session: Session, tool: str) -> None:
        self.server, self.session, self.tool = server, session, tool
        published = session.tools()[tool]
        self.input_schema: dict[str, Any] = dict(published.input_schema)
        self.output_schema: dict[str, Any] | None = published.output_schema
        annotations = published.annotations
        self._destructive = bool(annotations and annotations.destructive_hint)
        self._ids: dict[str, Any] | None = None
        self.counts: Counter[str] = Counter()

    def _seed_ids(self) -> dict[str, Any]:
        """Ids of a real item (made once, and again after a destructive tool used them)."""
        if self._ids is None:
            seed = self.server.seed
            is_error, body, text = self.session.call(seed.tool, seed.arguments)
            assert not is_error, text
            self._ids = {arg: body[field] for arg, field in self.server.ids.items()}
        return self._ids

    def _snapshot(self) -> list[dict[str, Any]]:
        return [self.session.call(c.tool, c.arguments)[1] for c in self.server.snapshot]

    def check_valid(self, arguments: dict[str, Any], use_real_ids: bool) -> None:
        if use_real_ids and set(self.server.ids) & set(arguments):
            real = {k: v for k, v in self._seed_ids().items() if k in arguments}
            arguments = {**arguments, **real}
            if self._destructive:
                self._ids = None
        is_error, body, text = self.session.call(self.tool, arguments)
        _assert_no_leak(text)
        if is_error:
            jsonschema.validate(body, self.server.errors.schema)
            assert self.server.may_refuse(self.tool, arguments, body), (arguments, body)
            self.counts[f"valid, refused: {self.server.errors.kind(body)}"] += 1
        else:
            if self.output_schema is not None:
                jsonschema.validate(body, self.output_schema)
            self.counts["valid, done"] += 1

    def check_invalid(self, way: str, arguments: dict[str, Any]) -> None:
        for arg in self.server.ids:
            if arguments.get(arg) == REAL_ID:
                arguments[arg] = self._seed_ids()[arg]
        before = self._snapshot()
        is_error, body, text = self.session.call(self.tool, arguments)
        _assert_no_leak(text)
        assert is_error, (way, arguments, text)
        jsonschema.validate(body, self.server.errors.schema)
        assert self.server.errors.kind(body) in self.server.errors.invalid_arguments, (way, body)
        assert self._snapshot() == before, (way, arguments)
        self.counts[f"invalid ({way}), refused"] += 1

    def run_valid(self, examples: int) -> Counter[str]:
        @_settings(examples)
        @given(valid_arguments(self.input_schema), st.booleans())
        def valid_calls(arguments: dict[str, Any], random_ids: bool) -> None:
            self.check_valid(arguments, use_real_ids=not random_ids)

        valid_calls()
        return self.counts

    def run_invalid(self, examples: int) -> Counter[str]:
        ids = set(self.server.ids)
        with_real_ids = valid_arguments(self.input_schema).map(
            lambda a: {**a, **{k: REAL_ID for k in ids if k in a}}
        )

        @_settings(examples)
        @given(invalid_arguments(self.input_schema, with_real_ids))
        def invalid_calls(case: tuple[str, dict[str, Any]]) -> None:
            self.check_invalid(*case)

        invalid_calls()
        return self.counts


def _settings(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
        print_blob=True,
    )


def fuzz(
    server: BundledServer,
    tool: str,
    folder: Path,
    examples: int,
    *,
    valid: bool,
    database_url: str | None = None,
) -> Counter[str]:
    """One property (valid or invalid inputs), ``examples`` inputs, on a fresh server in
    ``folder`` or on the (empty) database at ``database_url``: a fresh store, so that its
    snapshot shows all of it."""
    folder.mkdir(parents=True, exist_ok=True)
    with session(server, folder, database_url) as live:
        fuzzer = ToolFuzzer(server, live, tool)
        return fuzzer.run_valid(examples) if valid else fuzzer.run_invalid(examples)
