"""Property-based calls to every tool of every bundled server, from the schemas they publish.

- Valid inputs are drawn from each tool's published input schema (hypothesis-jsonschema), with
  id arguments sometimes naming a real item. Every call must succeed with output that fits the
  published output schema, or get one of the refusals the schema cannot express
  (``BundledServer.may_refuse``); never a crash, an internal or storage error, or a leak.
- Invalid inputs are a valid input broken one way: a wrong JSON type, a required field missing,
  a value out of its range/enum/pattern/format/const, an unknown field, odd text (NUL, a lone
  surrogate). Every call must get the server's invalid-arguments error body, and the store must
  be unchanged.

Each call's outcome is classified: the expected ones, or a failure of one of the kinds in
:data:`FAILURES` (a crash: the process died or answered with an internal error; a hang: no
answer within the deadline; accepted-invalid: bad input not refused, or a refusal that wrote
anyway; unstructured: a body off its schema, a protocol error for a valid call; a leak: a
traceback, SQL or a driver's name in the text; refused-valid: a valid call refused for a reason
the schema does say nothing of). Tests run strictly (the first failure stops them, with
hypothesis's minimal input); bench/fuzz.py counts them.

Calls go to the server in process (:func:`session`) or to a real process over stdio in raw
JSON-RPC lines (:func:`tests.servers._raw_stdio.stdio_session`), where a lone surrogate goes out
as a JSON escape and must be refused with the request's id.

Used by tests/servers/test_fuzz.py (bounded) and bench/fuzz.py (long, with counts per tool).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import anyio
import anyio.from_thread
import jsonschema
import mcp_types as types
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema
from mcp import Client, MCPError

from tests.servers._raw_stdio import Reply, StdioSession, stdio_session
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


# Hypothesis draws text of at most about this many characters.
_HYPOTHESIS_MAX_TEXT = 10_000


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

    def answer(self, tool: str, arguments: dict[str, Any]) -> Answer:
        """One call, whatever happens to it."""
        return self._portal.call(self._answer, tool, arguments)

    async def _answer(self, tool: str, arguments: dict[str, Any]) -> Answer:
        try:
            with anyio.fail_after(30):
                result = await self._client.call_tool(tool, arguments)
        except TimeoutError:
            return Answer("hang")
        except MCPError as exc:
            return Answer("rpc_error", text=str(exc), code=exc.error.code)
        return Answer.of_result(result.model_dump(by_alias=True, exclude_none=True))

    def tools(self) -> dict[str, Any]:
        return self._portal.call(self._list_tools)

    async def _list_tools(self) -> dict[str, Any]:
        return {t.name: t for t in (await self._client.list_tools()).tools}


@dataclass(frozen=True)
class Answer:
    """What one call got, as the fuzzer judges it."""

    kind: str  # "result" | "rpc_error" | "hang" | "crash"
    is_error: bool = False
    body: Any = None
    text: str = ""
    problem: str | None = None  # what is wrong with a result's shape
    code: int | None = None  # a JSON-RPC error's code

    @classmethod
    def of_result(cls, result: dict[str, Any]) -> Answer:
        """From a CallToolResult as JSON (camelCase keys)."""
        content = result.get("content") or []
        is_error = bool(result.get("isError"))
        text = content[0].get("text", "") if len(content) == 1 else json.dumps(content)
        if len(content) != 1 or content[0].get("type") != "text":
            return cls("result", is_error, None, text, "not one text block")
        try:
            body = json.loads(text)
        except ValueError:
            return cls("result", is_error, None, text, "its text is not JSON")
        structured = result.get("structuredContent")
        if is_error and structured is not None:
            return cls("result", is_error, body, text, "an error with structured content")
        if not is_error and structured != body:
            return cls("result", is_error, body, text, "structured content is not the text")
        return cls("result", is_error, body, text)

    @classmethod
    def of_reply(cls, reply: Reply) -> Answer:
        if reply.kind == "result":
            return cls.of_result(reply.message["result"])
        if reply.kind == "rpc_error":
            error = reply.message["error"]
            return cls("rpc_error", text=reply.text, code=error.get("code"))
        return cls(reply.kind)


class Caller(Protocol):
    """A session the fuzzer drives: in process, or a process over stdio."""

    def answer(self, tool: str, arguments: dict[str, Any]) -> Answer: ...

    def tools(self) -> dict[str, Any]: ...


class _StdioCaller:
    def __init__(self, session: StdioSession) -> None:
        self._session = session

    def answer(self, tool: str, arguments: dict[str, Any]) -> Answer:
        return Answer.of_reply(self._session.call(tool, arguments))

    def tools(self) -> dict[str, Any]:
        return self._session.tools()


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
        if n < _HYPOTHESIS_MAX_TEXT:
            choices.append(st.text(min_size=n + 1, max_size=n + 10))
        else:  # past what hypothesis generates: one over the limit, built
            choices.append(st.integers(1, 10).map(lambda extra, n=n: "x" * (n + extra)))
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


_VALIDATORS: dict[int, tuple[dict[str, Any], Any]] = {}


def _conforms(instance: Any, schema: dict[str, Any]) -> bool:
    """Whether ``instance`` fits ``schema``, as `jsonschema.validate` tells, with the schema
    checked and its validator made once (``validate`` checks the schema against its
    meta-schema on every call: a sixth of the fuzzing's time)."""
    kept = _VALIDATORS.get(id(schema))
    if kept is None or kept[0] is not schema:
        cls = jsonschema.validators.validator_for(schema)
        cls.check_schema(schema)
        kept = _VALIDATORS[id(schema)] = (schema, cls(schema))
    return bool(kept[1].is_valid(instance))


FAILURES = ("crash", "hang", "accepted-invalid", "unstructured", "leak", "refused-valid")
"""The kinds of failed outcome (an outcome's text up to its first colon)."""


def failure_of(outcome: str) -> str | None:
    """The failure an outcome is (one of FAILURES), or None for an expected one."""
    kind = outcome.split(":", 1)[0]
    return kind if kind in FAILURES else None


class ToolFuzzer:
    """Runs both properties against one tool of one server, counting outcomes; ``strict``: the
    first failure raises (with hypothesis's minimal input), else failures are counted and the
    first input of each kept in ``failures``."""

    def __init__(
        self, server: BundledServer, session: Caller, tool: str, *, strict: bool = True
    ) -> None:
        self.server, self.session, self.tool, self.strict = server, session, tool, strict
        published = session.tools()[tool]
        self.input_schema: dict[str, Any] = dict(published.input_schema)
        self.output_schema: dict[str, Any] | None = published.output_schema
        annotations = published.annotations
        self._destructive = bool(annotations and annotations.destructive_hint)
        self._ids: dict[str, Any] | None = None
        self.counts: Counter[str] = Counter()
        self.failures: dict[str, tuple[dict[str, Any], str]] = {}

    def _seed_ids(self) -> dict[str, Any]:
        """Ids of a real item (made once, and again after a destructive tool used them)."""
        if self._ids is None:
            seed = self.server.seed
            made = self.session.answer(seed.tool, seed.arguments)
            assert made.kind == "result" and not made.is_error, made
            self._ids = {arg: made.body[field] for arg, field in self.server.ids.items()}
        return self._ids

    def _snapshot(self) -> list[Any]:
        return [self.session.answer(c.tool, c.arguments).body for c in self.server.snapshot]

    def _record(self, outcome: str, arguments: dict[str, Any], answer: Answer) -> None:
        self.counts[outcome] += 1
        if failure_of(outcome) is None:
            return
        self.failures.setdefault(outcome, (arguments, answer.text[:500]))
        if self.strict:
            raise AssertionError(f"{self.tool}: {outcome}: {arguments!r:.500}: {answer.text:.500}")

    def _judged(self, answer: Answer, arguments: dict[str, Any], way: str | None) -> str:
        """The outcome of one call; ``way`` is how the input was broken (None: a valid one)."""
        if answer.kind in ("hang", "crash"):
            return answer.kind
        leak = next((leak for leak in LEAKS if leak in answer.text), None)
        if leak is not None:
            return f"leak: {leak!r}"
        if answer.kind == "rpc_error":
            if way is not None and answer.code == types.INVALID_PARAMS:
                return f"invalid ({way}), refused by the transport ({answer.code})"
            return f"unstructured: JSON-RPC error {answer.code}"
        if answer.problem is not None:
            return f"unstructured: {answer.problem}"
        errors = self.server.errors
        if answer.is_error:
            if not _conforms(answer.body, errors.schema):
                return "unstructured: an error body off the contract's schema"
            kind = errors.kind(answer.body)
            if kind in errors.internal:
                return f"crash: {kind}"
            if way is None:
                refusable = self.server.may_refuse(self.tool, arguments, answer.body)
                return f"valid, refused: {kind}" if refusable else f"refused-valid: {kind}"
            if kind not in errors.invalid_arguments:
                return f"accepted-invalid: refused as {kind}, not as bad input"
            return f"invalid ({way}), refused"
        if way is not None:
            return "accepted-invalid: done"
        if self.output_schema is not None and not _conforms(answer.body, self.output_schema):
            return "unstructured: an output off its schema"
        return "valid, done"

    def check_valid(self, arguments: dict[str, Any], use_real_ids: bool) -> None:
        if use_real_ids and set(self.server.ids) & set(arguments):
            real = {k: v for k, v in self._seed_ids().items() if k in arguments}
            arguments = {**arguments, **real}
            if self._destructive:
                self._ids = None
        answer = self.session.answer(self.tool, arguments)
        self._record(self._judged(answer, arguments, None), arguments, answer)

    def check_invalid(self, way: str, arguments: dict[str, Any]) -> None:
        for arg in self.server.ids:
            if arguments.get(arg) == REAL_ID:
                arguments[arg] = self._seed_ids()[arg]
        before = self._snapshot()
        answer = self.session.answer(self.tool, arguments)
        outcome = self._judged(answer, arguments, way)
        if failure_of(outcome) is None and self._snapshot() != before:
            outcome = "accepted-invalid: refused, but the store changed"
        self._record(outcome, arguments, answer)

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


@contextmanager
def caller(
    server: BundledServer, folder: Path, database_url: str | None = None, *, stdio: bool = False
) -> Iterator[Caller]:
    """A fresh ``server`` with its store in ``folder`` (or on the empty database at
    ``database_url``): in process, or with ``stdio`` a process of its own."""
    folder.mkdir(parents=True, exist_ok=True)
    if stdio:
        assert database_url is None, "over stdio the server keeps its store in the folder"
        with stdio_session(server, folder) as raw:
            yield _StdioCaller(raw)
    else:
        with session(server, folder, database_url) as live:
            yield live


def fuzz_with(
    live: Caller,
    server: BundledServer,
    tool: str,
    examples: int,
    *,
    valid: bool,
    strict: bool = True,
) -> ToolFuzzer:
    """One property (valid or invalid inputs), ``examples`` inputs, through ``live``. Returns
    the fuzzer, with its ``counts`` (and, unless ``strict``, its ``failures``)."""
    fuzzer = ToolFuzzer(server, live, tool, strict=strict)
    if valid:
        fuzzer.run_valid(examples)
    else:
        fuzzer.run_invalid(examples)
    return fuzzer


def fuzz(
    server: BundledServer,
    tool: str,
    folder: Path,
    examples: int,
    *,
    valid: bool,
    database_url: str | None = None,
) -> ToolFuzzer:
    """:func:`fuzz_with` on a fresh server in process (see :func:`caller`): a fresh store, so
    that its snapshot shows all of it."""
    with caller(server, folder, database_url) as live:
        return fuzz_with(live, server, tool, examples, valid=valid)
