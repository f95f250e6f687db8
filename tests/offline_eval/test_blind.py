"""The blind sets (tests/offline_eval/blind/<set>/) are well formed: every file loads, names
servers the harness knows, binds every `{name}` it uses, and (against the real servers) every
call names a real tool with arguments its schema has, and every `given` call runs on a fresh
state. Not the router's accuracy on them: a blind set is run once, at first sight, and its
figures are recorded beside it (blind/README.md); `bench/offline_eval.py --set a` runs it again.
"""

from __future__ import annotations

import re
import tempfile
from collections import Counter
from pathlib import Path

import anyio
import pytest

from orchestrator import Orchestrator, load_config
from tests._installs import require
from tests.offline_eval._corpus import Call, Case, Clock, blind_sets, load_set
from tests.offline_eval._harness import Evaluation, TimedRouter, _config
from tests.offline_eval._servers import EVAL_SERVERS
from tests.offline_eval._thirdparty import SCRIPT, THIRDPARTY_SERVERS

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
    assert all(per_server[s] >= 15 for s in thirdparty), per_server
    assert sum(c.ask for c in cases) >= 15 and sum(c.refuse for c in cases) >= 5
    assert sum(bool(c.writes) for c in cases) >= 80
    assert sum(len(c.say) > 1 for c in cases) >= 8
    assert any(len(c.servers) >= 3 and BUNDLED & set(c.servers) for c in cases)


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
async def test_every_call_names_a_real_tool_and_every_given_call_runs() -> None:
    """Against the real servers, with no router involved: each case's calls resolve to a tool of
    its servers, with arguments the tool's schema has; each case's servers reset and take its
    `given` calls; the state the case's `state:` words are looked for in can be read."""
    cases = _cases()
    folder_of = {SCRIPT: require(SCRIPT, "the third-party servers")}
    if any(EVAL_SERVERS[s].install == "reference-servers-up.sh" for c in cases for s in c.servers):
        folder_of["reference-servers-up.sh"] = require(
            "reference-servers-up.sh", "the reference servers"
        )
    names = sorted({s for c in cases for s in c.servers})
    problems: list[str] = []
    with anyio.fail_after(600), tempfile.TemporaryDirectory(prefix="blind-check-") as tmp:
        folder = Path(tmp)
        settings = load_config(_config(folder, names, folder_of))
        router = TimedRouter()
        async with Orchestrator(
            settings, model=router, yes=True, timeout=60, catalogue_cache=False, start="all"
        ) as orch:
            assert all(r.state == "up" for r in orch.reports), orch.reports
            evaluation = Evaluation(orch, router, folder)
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
