"""A call nobody waits for any more is cancelled on the wire: Ctrl-C, SIGTERM and `--timeout` send
the server `notifications/cancelled` for the `tools/call` in flight, and every call asks for
progress, which the orchestrator shows. The server is `orchestrator.testing.servers.recorder`,
which writes down every message it receives."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

from orchestrator.config import load_config
from orchestrator.core import Orchestrator
from orchestrator.handlers import ClientHandlers, Progress
from orchestrator.testing import ScriptedModel, call, server_entry
from tests._wait import eventually, eventually_sync

WAIT = 20.0


def _received(record: Path) -> list[dict[str, Any]]:
    if not record.exists():
        return []
    return [json.loads(line) for line in record.read_text().splitlines() if line.strip()]


def _cancelled_call(record: Path) -> dict[str, Any] | None:
    """The `tools/call` the server was told to stop, if it was."""
    messages = _received(record)
    calls = {m["id"]: m for m in messages if m.get("method") == "tools/call"}
    for message in messages:
        if message.get("method") == "notifications/cancelled":
            return calls.get(message["params"]["requestId"])
    return None


def _progress_asked(record: Path) -> bool:
    calls = [m for m in _received(record) if m.get("method") == "tools/call"]
    return bool(calls) and "progressToken" in (calls[0]["params"].get("_meta") or {})


@pytest.fixture
def record(tmp_path: Path) -> Path:
    return tmp_path / "received.jsonl"


@pytest.fixture
def reports(write_config: Callable[..., Path], record: Path) -> Path:
    entry = server_entry("recorder", env={"RECORDER_FILE": str(record)})
    return write_config({"reports": entry}, {"provider": "offline"})


@pytest.fixture
def cli(tmp_path: Path) -> Iterator[Callable[..., subprocess.Popen[str]]]:
    started: list[subprocess.Popen[str]] = []

    def start(*args: str) -> subprocess.Popen[str]:
        process = subprocess.Popen(
            [sys.executable, "-m", "orchestrator", *args], cwd=tmp_path,
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env=dict(os.environ),
        )  # fmt: skip
        started.append(process)
        return process

    yield start
    for process in started:
        if process.poll() is None:
            process.kill()
        process.communicate(timeout=WAIT)


@pytest.mark.parametrize(
    ("how", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["ctrl-c", "sigterm"]
)
def test_a_signal_cancels_the_call_in_flight_on_the_wire(
    how: signal.Signals,
    code: int,
    reports: Path,
    record: Path,
    cli: Callable[..., subprocess.Popen[str]],
) -> None:
    process = cli("--config", str(reports), "create a report titled Q3")
    eventually_sync(lambda: _progress_asked(record), timeout=WAIT, what="the call")
    process.send_signal(how)
    assert process.wait(WAIT) == code
    cancelled = eventually_sync(lambda: _cancelled_call(record), timeout=WAIT, what="the cancel")
    assert cancelled["params"]["name"] == "create_report"


def test_timeout_cancels_the_call_in_flight_on_the_wire(
    reports: Path, record: Path, cli: Callable[..., subprocess.Popen[str]]
) -> None:
    request = "create a report titled Q3"
    process = cli("--config", str(reports), "--json", "--timeout", "10", request)
    eventually_sync(lambda: _progress_asked(record), timeout=WAIT, what="the call")
    out, err = process.communicate(timeout=WAIT)
    assert process.returncode == 1, err
    assert "no answer within 10s" in err
    transcript = json.loads(out)  # --json: the transcript alone on stdout, no progress
    assert transcript["error"] == "no answer within 10s"
    cancelled = eventually_sync(lambda: _cancelled_call(record), timeout=WAIT, what="the cancel")
    assert cancelled["params"]["arguments"] == {"title": "Q3"}


async def test_progress_reaches_the_handlers_and_a_cancelled_ask_cancels_the_call(
    reports: Path, record: Path
) -> None:
    seen: list[Progress] = []
    model = ScriptedModel(call("create_report", title="Q3"), "done")
    with anyio.fail_after(WAIT):
        async with Orchestrator(
            load_config(reports),
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
            cancelled = await eventually(lambda: _cancelled_call(record), what="the cancel")
            assert cancelled["params"]["name"] == "create_report"
