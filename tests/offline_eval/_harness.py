"""Runs the corpus against real servers through the orchestrator, and grades each case by what
the servers were asked to do and by the answer, never by the router's internals.

One `Orchestrator` starts every server once (in parallel); each case empties the state of its
servers, makes its `given` calls straight to the servers, then asks its requests in a fresh
session, with destructive calls approved (so a wrong write would really happen). The router
sees only the tools of the case's servers. `TimedRouter` times the router alone.

A case is right when the writes made (calls to tools not annotated read-only) are exactly the
expected ones, each expected read is among the calls, and the answer has the expected words and
not the absent ones. A wrong write is a write that is not one of the expected ones: the worst
outcome, counted apart.
"""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from orchestrator import Orchestrator, load_config
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from orchestrator.result import ToolCall
from tests._wait import eventually
from tests.offline_eval._corpus import Call, Case, Clock, matches, resolve
from tests.offline_eval._servers import EVAL_SERVERS, Reset, payload, reference_servers

__all__ = ["Outcome", "Report", "TimedRouter", "run_corpus"]


class TimedRouter:
    """The offline router, offered only the current case's servers' tools, timed per turn."""

    def __init__(self) -> None:
        self.router = OfflineRouter()
        self.servers: set[str] = set()
        self.tool_servers: dict[str, str] = {}
        self.turns: list[float] = []

    @property
    def name(self) -> str:
        return "offline"

    async def respond(self, request: ModelRequest) -> ModelResponse:
        tools = [t for t in request.tools if self.tool_servers.get(t.name) in self.servers]
        scoped = ModelRequest(request.instructions, request.history, tools, request.settings)
        start = time.perf_counter()
        response = await self.router.respond(scoped)
        self.turns.append(time.perf_counter() - start)
        return response


@dataclass
class Outcome:
    case: Case
    right: bool
    server: str = ""  # the server the request is for (of its expected call), else "refusals"
    wrong_writes: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    answer: str = ""
    calls: list[str] = field(default_factory=list)
    routing: float = 0.0  # seconds in the router over the case's requests
    requests: int = 1
    turns: list[float] = field(default_factory=list)  # seconds, each turn of the router


@dataclass
class Report:
    outcomes: list[Outcome]
    skipped: dict[str, str]  # server -> why its cases did not run

    @property
    def accuracy(self) -> float:
        return sum(o.right for o in self.outcomes) / len(self.outcomes) if self.outcomes else 0.0

    @property
    def wrong_writes(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.wrong_writes]

    def by_file(self) -> dict[str, list[Outcome]]:
        grouped: dict[str, list[Outcome]] = {}
        for outcome in self.outcomes:
            grouped.setdefault(outcome.case.file, []).append(outcome)
        return grouped

    def by_server(self) -> dict[str, list[Outcome]]:
        """Outcomes by the server each request is for; requests that expect no call and come
        from a file of several servers are grouped as "(refusals)"."""
        grouped: dict[str, list[Outcome]] = {}
        for outcome in sorted(self.outcomes, key=lambda o: o.server):
            grouped.setdefault(outcome.server, []).append(outcome)
        return grouped

    def routing_per_request(self) -> list[float]:
        return [o.routing / o.requests for o in self.outcomes]

    def median_routing_ms(self) -> float:
        times = self.routing_per_request()
        return statistics.median(times) * 1000 if times else 0.0


def _ids(payload: Any) -> Iterable[str]:
    """Every id-looking string value in a result (for `@new` and `as:`)."""
    if isinstance(payload, dict):
        for key, value in payload.items():
            low = key.lower()
            if isinstance(value, str) and (low in ("id", "uid") or low.endswith(("_id", "_ref"))):
                yield value
            else:
                yield from _ids(value)
    elif isinstance(payload, list):
        for value in payload:
            yield from _ids(value)


def _show(call: ToolCall | Call) -> str:
    args = ", ".join(f"{k}={v!r}" for k, v in call.arguments.items())
    tool = call.tool
    status = f" [{call.status}]" if isinstance(call, ToolCall) else ""
    return f"{tool}({args}){status}"


@dataclass
class _State:
    """What a server holds since its last reset: made by these `given` calls, ids bound, and
    whether a case has written to it since (then it is reset before the next case)."""

    signature: str
    bound: dict[str, str]
    dirty: bool = False


class Evaluation:
    """The servers up for the whole corpus; `run(case)` grades one case.

    A server is reset (and its `given` calls made) only when the case needs another state than
    the one it has, or when the previous case wrote to it: reads leave it as it was.
    """

    def __init__(self, orch: Orchestrator, router: TimedRouter, folder: Path) -> None:
        self.orch, self.router, self.folder = orch, router, folder
        self.states: dict[str, _State] = {}

    def _server(self, tool: str) -> str:
        return self.orch.catalogue[tool].server

    async def _call(self, tool: str, arguments: dict[str, Any]) -> Any:
        result = await self.orch.discovery.call(tool, arguments)
        if result.is_error:
            text = "".join(getattr(b, "text", "") for b in result.content)
            raise RuntimeError(f"{tool}({arguments}) failed: {text}")
        return payload(result)

    async def reset(self, server: str, files: dict[str, str]) -> None:
        await EVAL_SERVERS[server].reset(Reset(self.folder, files, self._call))
        self.states.pop(server, None)

    async def _given(self, case: Case, clock: Clock) -> dict[str, str]:
        bound: dict[str, str] = {}
        for server in case.servers:
            calls = [c for c in case.given if self._server(c.tool) == server]
            signature = json.dumps(
                [[c.tool, c.arguments, c.bind, c.until] for c in calls]
                + ([case.files] if server == "filesystem" else []),
                sort_keys=True,
            )
            state = self.states.get(server)
            if state is not None and state.signature == signature and not state.dirty:
                bound.update(state.bound)
                continue
            await self.reset(server, case.files)
            made: dict[str, str] = {}
            for call in calls:
                try:
                    result = await self._seed(call, {**bound, **made}, clock)
                except Exception as exc:
                    raise RuntimeError(f"{case.id}: given {call.tool}: {exc}") from exc
                if call.bind:
                    made[call.bind] = next(iter(_ids(result)))
            self.states[server] = _State(signature, made)
            bound.update(made)
        return bound

    async def _seed(self, call: Call, bound: dict[str, str], clock: Clock) -> Any:
        arguments = resolve(call.arguments, bound, clock)
        if call.until is None:
            return await self._call(call.tool, arguments)

        async def reached() -> Any:  # a state the server reaches by itself ("idle")
            result = await self._call(call.tool, arguments)
            return result if call.until in json.dumps(result) else None

        return await eventually(reached, timeout=20, interval=0.05, what=call.until)

    async def run(self, case: Case) -> Outcome:
        clock = Clock.local()
        bound = await self._given(case, clock)
        self.router.servers = set(case.servers)
        self.router.turns = []
        session = self.orch.session()
        calls: list[ToolCall] = []
        answer = ""
        try:
            for text in case.say:
                request = resolve(text, bound, clock)
                try:
                    result = await session.ask(request)
                except Exception as exc:  # the router failed: the case is wrong, the run goes on
                    answer = f"(the request failed: {type(exc).__name__}: {exc})"
                    break
                calls.extend(result.tool_calls)
                answer = result.text
        finally:
            catalogue = self.orch.catalogue
            for call in calls:
                if call.tool in catalogue and not catalogue[call.tool].read_only:
                    state = self.states.get(call.server)
                    if state is not None:
                        state.dirty = True
                    else:
                        self.states.pop(call.server, None)
        outcome = grade(case, calls, answer, bound, clock, self.orch, sum(self.router.turns))
        outcome.turns = list(self.router.turns)
        return outcome


def grade(
    case: Case,
    calls: Sequence[ToolCall],
    answer: str,
    bound: dict[str, str],
    clock: Clock,
    orch: Orchestrator,
    routing: float,
) -> Outcome:
    catalogue = orch.catalogue
    writes = [c for c in calls if c.tool in catalogue and not catalogue[c.tool].read_only]
    reads = [c for c in calls if c not in writes]
    new: set[str] = set()
    problems, wrong = [], []
    for index, call in enumerate(writes):
        expected = case.writes[index] if index < len(case.writes) else None
        if (
            expected is None
            or expected.tool != call.tool
            or not matches(expected.arguments, call.arguments, bound, clock, new)
        ):
            wrong.append(_show(call))
        new.update(_ids(call.result))
    if len(writes) < len(case.writes):
        missing = ", ".join(_show(c) for c in case.writes[len(writes) :])
        problems.append(f"not done: {missing}")
    for read in case.reads:
        if not any(
            c.tool == read.tool and matches(read.arguments, c.arguments, bound, clock, new)
            for c in reads
        ):
            problems.append(f"no read {_show(read)}")
    low = answer.lower()
    for word in case.answer:
        if resolve(word, bound, clock).lower() not in low:
            problems.append(f"answer lacks {word!r}")
    for word in case.absent:
        if resolve(word, bound, clock).lower() in low:
            problems.append(f"answer has {word!r}")
    if not answer.strip():
        problems.append("no answer")
    if wrong:
        problems.insert(0, "wrong write: " + "; ".join(wrong))
    expected = [*case.writes, *case.reads]
    if expected and expected[0].tool in catalogue:
        server = catalogue[expected[0].tool].server
    elif case.file in EVAL_SERVERS:
        server = case.file
    else:
        server = "(refusals)"
    return Outcome(
        case,
        right=not problems,
        server=server,
        wrong_writes=wrong,
        problems=problems,
        answer=answer,
        calls=[_show(c) for c in calls],
        routing=routing,
        requests=len(case.say),
    )


async def _only_scratch(evaluation: Evaluation, scratch: Path) -> None:
    """The filesystem server may use the scratch folder and nothing else (the orchestrator
    answers `roots/list`, which the server prefers to its command line)."""
    shown = await evaluation._call("list_allowed_directories", {})
    text = shown.get("content", "") if isinstance(shown, dict) else str(shown)
    folders = [line.strip() for line in str(text).splitlines() if line.strip().startswith("/")]
    if folders != [str(scratch.resolve())]:
        raise RuntimeError(f"the filesystem server may use {folders}, not only {scratch}")


def _config(folder: Path, names: Iterable[str], npm: Path | None) -> Path:
    servers = {name: EVAL_SERVERS[name].entry(folder, npm) for name in names}
    path = folder / "mcp_agent.config.yaml"
    config = {"mcp": {"servers": servers}, "orchestrator": {"startup_timeout_seconds": 60}}
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    return path


async def run_corpus(cases: Sequence[Case], *, need_node: bool = False) -> Report:
    """Run `cases` and grade them. Cases of a server that cannot run (the npm reference servers
    without node) are skipped with the reason, unless `need_node`, when that is an error."""
    wanted = {name for case in cases for name in case.servers}
    skipped: dict[str, str] = {}
    npm = None
    if any(EVAL_SERVERS[n].needs_node for n in wanted):
        npm, why = reference_servers()
        if npm is None:
            if need_node:
                raise RuntimeError(why)
            skipped = {n: why for n in wanted if EVAL_SERVERS[n].needs_node}
    names = sorted(wanted - set(skipped))
    runnable = [c for c in cases if not set(c.servers) & set(skipped)]
    with tempfile.TemporaryDirectory(prefix="offline-eval-") as tmp:
        folder = Path(tmp)
        router = TimedRouter()
        settings = load_config(_config(folder, names, npm))
        async with Orchestrator(
            settings, model=router, yes=True, timeout=60, catalogue_cache=False, start="all"
        ) as orch:
            down = [r for r in orch.reports if r.state != "up"]
            if down:
                raise RuntimeError(f"servers down: {[(r.name, r.reason) for r in down]}")
            router.tool_servers = {name: t.server for name, t in orch.catalogue.items()}
            evaluation = Evaluation(orch, router, folder)
            if "filesystem" in names:  # its writes must land in the scratch folder, nowhere else
                await _only_scratch(evaluation, folder / "files")
            try:
                outcomes = [await evaluation.run(case) for case in runnable]
            finally:  # no agent task outlives the run
                if "fleet" in names:
                    await evaluation.reset("fleet", {})
    return Report(outcomes, skipped)
