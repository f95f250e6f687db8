"""The blind sets (tests/offline_eval/blind/<set>/) are well formed: every file loads, names
servers the harness knows, binds every `{name}` it uses, and (against the real servers) every
call names a real tool with arguments its schema has, and every `given` call runs on a fresh
state. Not the router's accuracy on them: a blind set is run once, at first sight, and its
figures are recorded beside it (blind/README.md); `bench/offline_eval.py --set a` runs it again.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest

from orchestrator import Orchestrator, load_config
from tests._installs import require
from tests.offline_eval._corpus import Call, Case, Clock, blind_sets, load_set, matches, resolve
from tests.offline_eval._harness import Evaluation, TimedRouter, _config, _ids
from tests.offline_eval._servers import EVAL_SERVERS
from tests.offline_eval._thirdparty import SCRIPT, THIRDPARTY_SERVERS

pytestmark = pytest.mark.processes

_PLACEHOLDER = re.compile(r"\{(\w+)\}")
BUNDLED = {"todo", "tasks", "fleet", "agents"}


def _cases() -> list[Case]:
    return [case for name in blind_sets() for case in load_set(name)]


def _names(value: object, *, whole: bool | None = None) -> set[str]:
    """The `{name}`s in a value: all of them, only those that are a whole string (an id
    reference) with `whole=True`, or only those inside longer text with `whole=False`."""
    if isinstance(value, dict):
        return {n for v in value.values() for n in _names(v, whole=whole)}
    if isinstance(value, list | tuple):
        return {n for v in value for n in _names(v, whole=whole)}
    if not isinstance(value, str):
        return set()
    if whole is not None and bool(_PLACEHOLDER.fullmatch(value)) != whole:
        return set()
    return set(_PLACEHOLDER.findall(value))


def test_every_blind_file_loads_and_binds_what_it_uses() -> None:
    cases = _cases()
    assert cases, "no blind set found"
    ids = [c.id for c in cases]
    assert len(ids) == len(set(ids))
    for case in cases:
        assert set(case.servers) <= set(EVAL_SERVERS), (case.id, case.servers)
        offered = {n for s in case.servers for n in EVAL_SERVERS[s].values(Path("/scratch"))}
        bound = {c.bind for c in case.given if c.bind} | offered
        arguments = [c.arguments for c in (*case.writes, *case.reads, *case.given)]
        # an unbound `{name}` stays text: braces the user dictates for a tool to receive
        literal = _names(arguments, whole=False) - bound
        used = (_names(arguments) | _names(case.say)) - literal
        assert used <= bound, f"{case.id}: {sorted(used - bound)} not bound by a given `as:`"
        assert not (case.ask or case.refuse) or not case.writes, case.id
        assert case.defaults_ok, f"{case.file}: a blind file says `defaults_ok: true`"


def test_set_a_is_large_varied_and_over_servers_nobody_here_wrote() -> None:
    cases = load_set("a")
    assert len(cases) >= 200
    per_server = Counter(s for c in cases for s in c.servers if s not in BUNDLED)
    thirdparty = {s.name for s in THIRDPARTY_SERVERS}
    assert len(set(per_server) & thirdparty) >= 8
    assert all(per_server[s] >= 15 for s in set(per_server) & thirdparty), per_server
    assert sum(c.ask for c in cases) >= 15 and sum(c.refuse for c in cases) >= 5
    assert sum(bool(c.writes) for c in cases) >= 80
    assert sum(len(c.say) > 1 for c in cases) >= 8
    assert any(len(c.servers) >= 3 and BUNDLED & set(c.servers) for c in cases)


def test_set_b_is_large_varied_and_half_over_servers_set_a_does_not_use() -> None:
    cases = load_set("b")
    assert len(cases) >= 200
    servers = {s for c in cases for s in c.servers}
    assert not servers & BUNDLED and len(servers) >= 8, servers
    assert len(servers - {s for c in load_set("a") for s in c.servers}) >= 4
    per_server = Counter(s for c in cases for s in c.servers)
    assert all(n >= 15 for n in per_server.values()), per_server
    assert sum(c.ask for c in cases) >= 15 and sum(c.refuse for c in cases) >= 5
    assert sum(bool(c.writes) for c in cases) >= 90
    assert sum(len(c.say) > 1 for c in cases) >= 8
    assert sum(len(c.servers) > 1 for c in cases) >= 20


def test_set_c_is_varied_and_over_four_servers_no_set_before_it_used() -> None:
    cases = load_set("c")
    assert len(cases) >= 150
    servers = {s for c in cases for s in c.servers}
    assert not servers & BUNDLED and len(servers) >= 7, servers
    earlier = {s for name in ("a", "b") for c in load_set(name) for s in c.servers}
    assert len(servers - earlier) >= 4 and len(servers & earlier) <= 3, servers
    per_server = Counter(s for c in cases for s in c.servers)
    assert all(n >= 10 for n in per_server.values()), per_server
    assert sum(c.ask for c in cases) >= 15 and sum(c.refuse for c in cases) >= 7
    assert sum(bool(c.writes) for c in cases) >= 0.4 * len(cases)
    assert sum(len(c.say) > 1 for c in cases) >= 5
    assert sum(len(c.servers) > 1 for c in cases) >= 20


def test_set_d_is_varied_and_over_five_servers_no_set_before_it_used() -> None:
    cases = load_set("d")
    assert len(cases) >= 150
    servers = {s for c in cases for s in c.servers}
    assert not servers & BUNDLED and len(servers) >= 5, servers
    earlier = {s for name in ("a", "b", "c") for c in load_set(name) for s in c.servers}
    assert not servers & earlier, servers
    per_server = Counter(s for c in cases for s in c.servers)
    assert all(n >= 15 for n in per_server.values()), per_server
    assert sum(c.ask for c in cases) >= 18 and sum(c.refuse for c in cases) >= 7
    assert sum(bool(c.writes) for c in cases) >= 0.5 * len(cases)
    assert sum(len(c.say) > 1 for c in cases) >= 8
    assert sum(len(c.servers) > 1 for c in cases) >= 25
    assert sum(bool(c.state_has or c.state_lacks) for c in cases) >= 0.4 * len(cases)


@pytest.mark.parametrize(
    ("name", "servers_at_least", "new_at_least", "old_at_most", "mixed_at_least"),
    [("e", 8, 5, 3, 40), ("f", 6, 6, 0, 50), ("g", 5, 4, 2, 60)],
    ids=["e", "f", "g"],
)
def test_a_later_set_is_varied_and_mostly_over_servers_no_set_before_it_used(
    name: str, servers_at_least: int, new_at_least: int, old_at_most: int, mixed_at_least: int
) -> None:
    """Sets E, F and G: at least 200 requests over servers nobody here wrote, most new to the
    evaluation, each with 15 requests or more; questions, refusals, two-turn conversations,
    requests offering several servers, and writes judged by the servers' state."""
    cases = load_set(name)
    assert len(cases) >= 200
    servers = {s for c in cases for s in c.servers}
    assert not servers & BUNDLED and len(servers) >= servers_at_least, servers
    earlier = {
        s for n in "abcdefg"[: "abcdefg".index(name)] for c in load_set(n) for s in c.servers
    }
    assert len(servers - earlier) >= new_at_least, servers
    assert len(servers & earlier) <= old_at_most, servers
    per_server = Counter(s for c in cases for s in c.servers)
    assert all(n >= 15 for n in per_server.values()), per_server
    assert sum(c.ask for c in cases) >= 15 and sum(c.refuse for c in cases) >= 7
    assert sum(bool(c.writes or c.reads) for c in cases) >= 0.75 * len(cases)
    assert sum(len(c.say) > 1 for c in cases) >= 10
    assert sum(len(c.servers) > 1 for c in cases) >= mixed_at_least
    assert sum(bool(c.state_has or c.state_lacks) for c in cases) >= 60


@asynccontextmanager
async def _servers_up(cases: list[Case]) -> AsyncIterator[Evaluation]:
    """Every server the cases name, up on a scratch folder, with no router asked anything."""
    folder_of = {SCRIPT: require(SCRIPT, "the third-party servers")}
    if any(EVAL_SERVERS[s].install == "reference-servers-up.sh" for c in cases for s in c.servers):
        folder_of["reference-servers-up.sh"] = require(
            "reference-servers-up.sh", "the reference servers"
        )
    names = sorted({s for c in cases for s in c.servers})
    with tempfile.TemporaryDirectory(prefix="blind-check-") as tmp:
        folder = Path(tmp)
        # Every blind set's servers start at once (for the check of all the sets, some forty,
        # each a Python or Node program of its own): on two loaded cores their start-ups share
        # the CPU, and 60 s each was seen to run out (five servers down, the machine at a load
        # of four). Each one's handshake gets three minutes; a server that works takes seconds.
        settings = load_config(_config(folder, names, folder_of, startup_seconds=180))
        router = TimedRouter()
        async with Orchestrator(
            settings, model=router, yes=True, timeout=60, catalogue_cache=False, start="all"
        ) as orch:
            assert all(r.state == "up" for r in orch.reports), orch.reports
            yield Evaluation(orch, router, folder)


def _arguments_fit(call: Call, schema: dict[str, object], given: bool) -> str:
    properties = schema.get("properties") or {}
    assert isinstance(properties, dict)
    unknown = set(call.arguments) - set(properties)
    if unknown and schema.get("additionalProperties") is not True:
        return f"{call.tool}: no argument {sorted(unknown)} in its schema"
    required = set(schema.get("required") or [])  # type: ignore[call-overload]
    if given and required - set(call.arguments):
        return f"{call.tool}: given without {sorted(required - set(call.arguments))}"
    return ""


@pytest.mark.slow
@pytest.mark.installs
async def test_every_call_names_a_real_tool_and_every_given_call_runs() -> None:
    """Against the real servers, with no router involved: each case's calls resolve to a tool of
    its servers, with arguments the tool's schema has; each case's servers reset and take its
    `given` calls; the state the case's `state:` words are looked for in can be read."""
    cases = _cases()
    names = sorted({s for c in cases for s in c.servers})
    problems: list[str] = []
    with anyio.fail_after(600):
        async with _servers_up(cases) as evaluation:
            for case in cases:
                for call, given in [
                    *((c, True) for c in case.given),
                    *((c, False) for c in (*case.writes, *case.reads)),
                ]:
                    try:
                        tool = evaluation.tool(call.tool, case.servers)
                    except KeyError as exc:
                        problems.append(f"{case.id}: {exc}")
                        continue
                    if why := _arguments_fit(call, tool.input_schema, given):
                        problems.append(f"{case.id}: {why}")
                try:
                    await evaluation._given(case, Clock.local())
                    await evaluation.observe(case.servers)
                except Exception as exc:  # every failure named, not only the first
                    problems.append(f"{case.id}: {exc}")
            if "fleet" in names:
                await evaluation.reset("fleet", {})
    assert not problems, "\n".join(problems)


# --- the expectations can be met: the expected calls, made straight to the servers ------------

_OMIT = object()  # an argument a case leaves free (`$anything`): not sent


def _example(value: Any, bound: dict[str, Any], clock: Clock, new: list[Any]) -> Any:
    """A concrete argument the expectation `value` accepts: a matcher's first alternative, `{name}`
    and `@` dates resolved, `@new` the id the case's last call made."""
    if isinstance(value, dict) and value and all(k.startswith("$") for k in value):
        if "$icase" in value:
            return resolve(value["$icase"], bound, clock)
        if "$contains" in value:
            words = value["$contains"]
            return resolve(words if isinstance(words, str) else " ".join(words), bound, clock)
        if "$any" in value:
            return _example(value["$any"][0], bound, clock, new)
        if "$optional" in value:
            return _example(value["$optional"], bound, clock, new)
        if "$num" in value or "$evaluates" in value:
            return value.get("$num", value.get("$evaluates"))
        return _OMIT
    if isinstance(value, dict):
        made = {k: _example(v, bound, clock, new) for k, v in value.items()}
        return {k: v for k, v in made.items() if v is not _OMIT}
    if isinstance(value, list):
        return [v for v in (_example(v, bound, clock, new) for v in value) if v is not _OMIT]
    if value == "@new":
        return new[-1]
    return resolve(value, bound, clock)


def _later_sets() -> list[str]:
    """The blind sets written with this check in place (set A predates it and stays as run)."""
    return [name for name in blind_sets() if name != "a"]


@pytest.mark.slow
@pytest.mark.installs
@pytest.mark.parametrize("name", _later_sets())
async def test_every_expectation_is_met_by_the_calls_it_expects(name: str) -> None:
    """With no router: each case's expected reads and writes, made straight to its servers with
    arguments its matchers accept, succeed; the state after them has the case's `state:` words;
    and the words the answer must have are in what the expected reads returned. So a case asks
    for nothing its servers cannot do."""
    cases = load_set(name)
    problems: list[str] = []
    with anyio.fail_after(900):
        async with _servers_up(cases) as evaluation:
            for case in cases:
                if why := await _meet(evaluation, case):
                    problems.append(f"{case.id}: {why}")
    assert not problems, "\n".join(problems)


async def _meet(evaluation: Evaluation, case: Case) -> str:
    clock = Clock.local()
    for server in case.servers:  # a fresh state: the case before may have written
        evaluation.states.pop(server, None)
    bound = await evaluation._given(case, clock)
    new: list[Any] = []
    read_back = ""
    for call in (*case.writes, *case.reads):
        arguments = _example(call.arguments, bound, clock, new)
        ids: set[Any] = set(new)
        if not matches(call.arguments, arguments, bound, clock, ids):
            return f"{call.tool}({arguments}) is not what the case itself accepts"
        tool = evaluation.tool(call.tool, case.servers)
        try:
            result = await evaluation._call(tool.name, arguments)
        except Exception as exc:
            return f"{call.tool}({arguments}) failed: {exc}"
        text = json.dumps(result, default=str)
        if '"error"' in text and call in case.writes:  # an error reported as a result
            return f"{call.tool}({arguments}) answered {text[:300]}"
        new.extend(_ids(result))
        read_back += text.lower() if call in case.reads else ""
        for server in case.servers:
            evaluation.states.pop(server, None)
    state = (await evaluation.observe(case.servers)).lower()
    missing = [w for w in case.state_has if w.lower() not in state]
    present = [w for w in case.state_lacks if w.lower() in state]
    if missing or present:
        return f"state lacks {missing}, has {present}: {state[:600]}"
    unread = [w for w in case.answer if case.reads and str(w).lower() not in read_back]
    if unread:
        return f"the expected reads return no {unread}: {read_back[:600]}"
    return ""
