"""The offline router against its evaluation corpus, through the orchestrator and real servers:
a floor under accuracy and no wrong write, so neither can regress silently.

The figures themselves (per server, routing time) are `bench/offline_eval.py`'s. The npm
reference servers' cases skip without node and npm, except in CI (`CI=true`), where they must run.
"""

from __future__ import annotations

import os

import anyio
import pytest

from tests.offline_eval._corpus import CORPUS, load_corpus
from tests.offline_eval._harness import Outcome, run_corpus
from tests.offline_eval._servers import EVAL_SERVERS

pytestmark = pytest.mark.slow

FLOOR = 0.95  # the share of the corpus the router must get right


def _explain(outcomes: list[Outcome]) -> str:
    lines = []
    for o in outcomes:
        lines.append(f"{o.case.id} {' / '.join(o.case.say)!r}: {'; '.join(o.problems)}")
        lines += [f"    call {c}" for c in o.calls]
        lines.append("    answer " + o.answer.replace("\n", "\n           "))
    return "\n".join(lines)


async def test_the_router_keeps_its_floor_and_writes_nothing_wrong() -> None:
    in_ci = os.environ.get("CI", "").lower() == "true"
    with anyio.fail_after(300):
        report = await run_corpus(load_corpus(), need_node=in_ci)
    assert not report.wrong_writes, "writes the user did not ask for:\n" + _explain(
        report.wrong_writes
    )
    misses = [o for o in report.outcomes if not o.right]
    assert report.accuracy >= FLOOR, (
        f"{report.accuracy:.1%} right, under the {FLOOR:.0%} floor:\n{_explain(misses)}"
    )


def test_the_corpus_is_large_varied_and_well_formed() -> None:
    cases = load_corpus()
    assert len(cases) >= 250
    servers = {name for case in cases for name in case.servers}
    assert servers <= set(EVAL_SERVERS), servers - set(EVAL_SERVERS)
    assert {"todo", "tasks", "fleet", "agents", "memory", "filesystem"} <= servers
    assert len(servers - {"todo", "tasks", "fleet", "agents", "memory", "filesystem"}) >= 2
    refusals = [c for c in cases if c.refuse]
    writes = [c for c in cases if c.writes]
    assert len(refusals) >= 30 and len(writes) >= 120
    ids = [c.id for c in cases]
    assert len(ids) == len(set(ids))
    assert sorted(p.name for p in CORPUS.glob("*.yaml"))  # the files are the corpus
