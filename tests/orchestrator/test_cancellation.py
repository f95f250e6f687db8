"""A call nobody waits for any more is cancelled on the wire, and every call asks for progress,
which reaches the handlers' `progress`: against `orchestrator.testing.servers.recorder`, which
writes down every message it receives (the command line's Ctrl-C, SIGTERM and `--timeout`:
`test_signals.py`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import anyio
import pytest

from orchestrator.config import load_config
from orchestrator.core import Orchestrator
from orchestrator.handlers import ClientHandlers, Progress
from orchestrator.testing import ScriptedModel, call, server_entry
from tests._wait import eventually
from tests.orchestrator.test_signals import WAIT, cancelled_call


@pytest.fixture
def record(tmp_path: Path) -> Path:
    return tmp_path / "received.jsonl"


async def test_progress_reaches_the_handlers_and_a_cancelled_ask_cancels_the_call(
    write_config: Callable[..., Path], record: Path
) -> None:
    recorded = write_config(
        {"reports": server_entry("recorder", env={"RECORDER_FILE": str(record)})}
    )
    seen: list[Progress] = []
    model = ScriptedModel(call("create_report", title="Q3"), "done")
    with anyio.fail_after(WAIT):
        async with Orchestrator(
            load_config(recorded),
            model=model,
            catalogue_cache=False,
            handlers=ClientHandlers(progress=seen.append),
        ) as orch:
            ask = asyncio.create_task(orch.session().ask("create a report titled Q3"))
            await eventually(lambda: len(seen) >= 3, timeout=WAIT, what="progress")
            ask.cancel()
            with pytest.raises(asyncio.CancelledError):
                await ask
            first = seen[0]
            assert (first.server, first.tool, first.total) == ("reports", "create_report", 1000)
            assert seen[-1].progress > seen[0].progress
            assert seen[-1].describe().startswith("reports.create_report: 0% writing")
            cancelled = await eventually(lambda: cancelled_call(record), what="the cancel")
            assert cancelled["params"]["name"] == "create_report"
