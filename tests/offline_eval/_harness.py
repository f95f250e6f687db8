"""Runs the corpus against real servers through the orchestrator, and grades each case by what
the servers were asked to do and by the answer, never by the router's internals.

One `Orchestrator` starts every server once (in parallel); each case empties the state of its
servers, makes its `given` calls straight to the servers, then asks its requests in a fresh
session, with destructive calls approved (so a wrong write would really happen). The router
sees only the tools of the case's servers. `TimedRouter` times the router alone.

A case is right when the writes made (calls to tools not annotated read-only, nor named by their
server's entry as tools that only read) are exactly the expected ones, each expected read is
among the calls, the answer has the expected words and not the absent ones, a case that expects
a question got one, and the servers' state after it has the expected words. A wrong write is a
write that is not one of the expected ones (or, when the state after the case is not what was
asked, any write it made): the worst outcome, counted apart.

Calls in a case name a tool by its server's own name; where two of the case's servers share
that name, as `<server>__<name>`. The catalogue may offer it under a prefixed name (when two
servers that are up share it); the harness resolves either way.
"""

from __future__ import annotations

import contextlib
import json
import re
import statistics
import tempfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import yaml

from orchestrator import Orchestrator, load_config
from orchestrator.catalogue import CatalogueTool
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from orchestrator.result import ToolCall
from tests._wait import eventually
from tests.offline_eval._corpus import Call, Case, Clock, matches, resolve
from tests.offline_eval._servers import EVAL_SERVERS, Reset, installed, payload

__all__ = ["Outcome", "Report", "TimedRouter", "run_corpus"]


class TimedRouter:
    """The offline router, offered only the current case's servers' tools, timed per turn."""

    def __init__(self) -> None:
        self.now = Clock.noon().now  # the router's "now": the case's (`Evaluation.run`)
        self.router = OfflineRouter(clock=lambda: self.now)
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
    kind: str = "calls"  # what the router did: "calls", a "question" back, or "no call"


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


_TEXT_ID = re.compile(r"\bid\b\s*[:=#]?\s*#?([A-Za-z0-9_-]+)", re.IGNORECASE)


def _ids(payload: Any) -> Iterable[str | int]:
    """Every id-looking string or integer value in a result (for `@new` and `as:`): values
    named `id`, `uid`, `*_id`, `*_ref`, within JSON text too, else an id a sentence names
    ("created with ID: 3")."""
    if isinstance(payload, dict):
        for key, value in payload.items():
            low = key.lower()
            named = low in ("id", "uid") or low.endswith(("_id", "_ref"))
            if named and (isinstance(value, str) or type(value) is int):
                yield value
            else:
                yield from _ids(value)
    elif isinstance(payload, list):
        for value in payload:
            yield from _ids(value)
    elif isinstance(payload, str):
        text = payload.strip()
        if text.startswith(("{", "[")):
            with contextlib.suppress(ValueError):
                yield from _ids(json.loads(text))
            return
        for found in _TEXT_ID.findall(text):
            yield int(found) if found.isdigit() else found


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
    bound: dict[str, Any]
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

    def tool(self, name: str, servers: Iterable[str]) -> CatalogueTool:
        """The tool a case names (its server's own name, or `<server>__<name>`) among the tools
        of `servers`."""
        return _find(self.orch.catalogue, name, tuple(servers))

    async def _call(self, tool: str, arguments: dict[str, Any]) -> Any:
        result = await self.orch.discovery.call(tool, arguments)
        if result.is_error:
            text = "".join(getattr(b, "text", "") for b in result.content)
            raise RuntimeError(f"{tool}({arguments}) failed: {text}")
        return payload(result)

    def _scoped(self, server: str, files: dict[str, str]) -> Reset:
        """A `Reset` whose calls name the server's tools by their own names."""

        async def call(name: str, arguments: dict[str, Any]) -> Any:
            return await self._call(self.tool(name, [server]).name, arguments)

        return Reset(self.folder, files, call)

    async def reset(self, server: str, files: dict[str, str]) -> None:
        await EVAL_SERVERS[server].reset(self._scoped(server, files))
        self.states.pop(server, None)

    async def observe(self, servers: Iterable[str]) -> str:
        """The state of those of `servers` that show one, as text."""
        parts = []
        for server in servers:
            observe = EVAL_SERVERS[server].observe
            if observe is not None:
                parts.append(await observe(self._scoped(server, {})))
        return "\n".join(parts)

    async def _given(self, case: Case, clock: Clock) -> dict[str, Any]:
        bound: dict[str, Any] = {}
        for server in case.servers:
            bound.update(EVAL_SERVERS[server].values(self.folder))
        for server in case.servers:
            calls = [c for c in case.given if self.tool(c.tool, case.servers).server == server]
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
            made: dict[str, Any] = {}
            for call in calls:
                try:
                    result = await self._seed(call, case.servers, {**bound, **made}, clock)
                except Exception as exc:
                    raise RuntimeError(f"{case.id}: given {call.tool}: {exc}") from exc
                if call.bind:
                    made[call.bind] = next(iter(_ids(result)))
            self.states[server] = _State(signature, made)
            bound.update(made)
        return bound

    async def _seed(
        self, call: Call, servers: tuple[str, ...], bound: dict[str, Any], clock: Clock
    ) -> Any:
        arguments = resolve(call.arguments, bound, clock)
        name = self.tool(call.tool, servers).name
        if call.until is None:
            return await self._call(name, arguments)

        async def reached() -> Any:  # a state the server reaches by itself ("idle")
            result = await self._call(name, arguments)
            return result if call.until in json.dumps(result) else None

        return await eventually(reached, timeout=20, interval=0.05, what=call.until)

    async def run(self, case: Case) -> Outcome:
        clock = Clock.noon()
        bound = await self._given(case, clock)
        self.router.now = clock.now
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
                if call.tool in catalogue and writes(catalogue[call.tool]):
                    state = self.states.get(call.server)
                    if state is not None:
                        state.dirty = True
                    else:
                        self.states.pop(call.server, None)
        observed = await self.observe(case.servers) if case.state_has or case.state_lacks else ""
        outcome = grade(case, calls, answer, bound, clock, self, sum(self.router.turns), observed)
        outcome.turns = list(self.router.turns)
        return outcome


def writes(tool: CatalogueTool) -> bool:
    """Whether a call to `tool` may change its server's state: it is not annotated read-only,
    and its server's entry does not name it as a tool that only reads."""
    entry = EVAL_SERVERS.get(tool.server)
    return not tool.read_only and not (entry and tool.tool_name in entry.reads)


def _find(catalogue: Any, name: str, servers: tuple[str, ...]) -> CatalogueTool:
    """The tool named `name` (its server's own name, `<server>__<name>`, or the catalogue's
    name) among the tools of `servers`; a name two of them share must say the server."""
    tools = [t for t in catalogue.values() if t.server in servers]
    exact = [t for t in tools if t.name == name]
    if exact:
        return exact[0]
    found = [t for t in tools if t.tool_name == name]
    if not found and "__" in name:
        server, _, own = name.partition("__")
        found = [t for t in tools if t.server == server and t.tool_name == own]
    if len(found) != 1:
        why = "no server of the case offers it" if not found else "two servers offer it"
        raise KeyError(f"tool {name!r} in a case of {list(servers)}: {why}")
    return found[0]


_QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"")


def _asks(answer: str) -> bool:
    """Whether an answer is a question back: a sentence of its own (not a quotation, such as
    the request quoted back) ends with "?"."""
    return bool(re.search(r"\?(\s|$)", _QUOTED.sub("", answer)))


def _arguments(call: ToolCall, tool: CatalogueTool, expected: Call, case: Case) -> dict[str, Any]:
    """The call's arguments as judged: in a file with `defaults_ok`, an argument the case does
    not name is left out when it is null or the schema's default (a read's, whatever it is)."""
    if not case.defaults_ok:
        return call.arguments
    properties = tool.input_schema.get("properties", {})
    kept = {}
    for key, value in call.arguments.items():
        if key not in expected.arguments:
            schema = properties.get(key, {})
            if value is None or ("default" in schema and schema["default"] == value):
                continue
            if not writes(tool):
                continue
        kept[key] = value
    return kept


def grade(
    case: Case,
    calls: Sequence[ToolCall],
    answer: str,
    bound: dict[str, Any],
    clock: Clock,
    evaluation: Evaluation,
    routing: float,
    observed: str = "",
) -> Outcome:
    catalogue = evaluation.orch.catalogue
    made = [c for c in calls if c.tool in catalogue]
    writes_made = [c for c in made if writes(catalogue[c.tool])]
    reads = [c for c in calls if c not in writes_made]
    new: set[Any] = set()
    problems, wrong = [], []

    def same(call: ToolCall, expected: Call) -> bool:
        tool = catalogue.get(call.tool)
        want = evaluation.tool(expected.tool, case.servers)
        if tool is None or (tool.server, tool.tool_name) != (want.server, want.tool_name):
            return False
        arguments = _arguments(call, tool, expected, case)
        return matches(expected.arguments, arguments, bound, clock, new)

    # each write made is the next expected one it matches, in order: an expected write left
    # undone (a read that changes state, "open the strace article") is missing, not wrong
    undone, at = [], 0
    for call in writes_made:
        match = next((k for k in range(at, len(case.writes)) if same(call, case.writes[k])), None)
        if match is None:
            wrong.append(_show(call))
        else:
            undone.extend(case.writes[at:match])
            at = match + 1
        new.update(_ids(call.result))
    undone.extend(case.writes[at:])
    if undone:
        problems.append(f"not done: {', '.join(_show(c) for c in undone)}")
    for read in case.reads:
        if not any(same(c, read) for c in reads):
            problems.append(f"no read {_show(read)}")
    low = answer.lower()
    for word in case.answer:
        if str(resolve(word, bound, clock)).lower() not in low:
            problems.append(f"answer lacks {word!r}")
    for word in case.absent:
        if str(resolve(word, bound, clock)).lower() in low:
            problems.append(f"answer has {word!r}")
    if not answer.strip():
        problems.append("no answer")
    kind = "calls" if calls else ("question" if _asks(answer) else "no call")
    if case.ask and not _asks(answer):
        problems.append("no question back")
    state = observed.lower()
    off = [f"state lacks {w!r}" for w in case.state_has if str(w).lower() not in state]
    off += [f"state has {w!r}" for w in case.state_lacks if str(w).lower() in state]
    if off:
        problems.extend(off)
        if writes_made and not wrong and not undone:  # what was written is not what the
            wrong.extend(_show(c) for c in writes_made)  # user asked for (not what is undone)
    if wrong:
        problems.insert(0, "wrong write: " + "; ".join(wrong))
    due = [*case.writes, *case.reads]
    if due:
        server = evaluation.tool(due[0].tool, case.servers).server
    elif case.file in EVAL_SERVERS:
        server = case.file
    elif len(case.servers) == 1:
        server = case.servers[0]
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
        kind=kind,
    )


async def _only_scratch(evaluation: Evaluation, scratch: Path) -> None:
    """The filesystem server may use the scratch folder and nothing else (the orchestrator
    answers `roots/list`, which the server prefers to its command line)."""
    shown = await evaluation._call("list_allowed_directories", {})
    text = shown.get("content", "") if isinstance(shown, dict) else str(shown)
    folders = [line.strip() for line in str(text).splitlines() if line.strip().startswith("/")]
    if folders != [str(scratch.resolve())]:
        raise RuntimeError(f"the filesystem server may use {folders}, not only {scratch}")


def _config(
    folder: Path, names: Iterable[str], folders: dict[str, Path], *, startup_seconds: float = 180
) -> Path:
    """The config of the servers `names`, all started at once. Each handshake gets three
    minutes: a server that works takes seconds, but a dozen Python and Node programs starting
    together on two cores CI has loaded with two test runs and its installs took more than 60 s
    (the blind sets' grading, 2026-11-30: 'expenses', no MCP handshake within 60s)."""
    servers = {}
    for name in names:
        script = EVAL_SERVERS[name].install
        servers[name] = EVAL_SERVERS[name].entry(folder, folders.get(script) if script else None)
    path = folder / "mcp_agent.config.yaml"
    orchestrator = {"startup_timeout_seconds": startup_seconds}
    config = {"mcp": {"servers": servers}, "orchestrator": orchestrator}
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    return path


async def run_corpus(cases: Sequence[Case], *, need_node: bool = False) -> Report:
    """Run `cases` and grade them. Cases of a server that cannot be installed (the npm reference
    servers and the third-party ones need node and npm) are skipped with the reason, unless
    `need_node`, when that is an error."""
    wanted = {name for case in cases for name in case.servers}
    skipped: dict[str, str] = {}
    folders: dict[str, Path] = {}
    for script in sorted({s for n in wanted if (s := EVAL_SERVERS[n].install)}):
        where, why = installed(script)
        if where is not None:
            folders[script] = where
        elif need_node:
            raise RuntimeError(why)
        else:
            skipped.update({n: why for n in wanted if EVAL_SERVERS[n].install == script})
    names = sorted(wanted - set(skipped))
    runnable = [c for c in cases if not set(c.servers) & set(skipped)]
    with tempfile.TemporaryDirectory(prefix="offline-eval-") as tmp:
        folder = Path(tmp)
        router = TimedRouter()
        settings = load_config(_config(folder, names, folders))
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
            finally:  # no agent task outlives the run, nor a run cut short by its timeout
                if "fleet" in names:
                    with anyio.CancelScope(shield=True), anyio.move_on_after(60):
                        await evaluation.reset("fleet", {})
    return Report(outcomes, skipped)
