"""``execute_agent_request`` as a task, over a real stdio session with the real agents server
and fake CLIs, on both wires: a task at once, ``tasks/get`` working then completed,
the tool's result; ``tasks/cancel`` ends the CLI's process group; a second server process on
the same database (SQLite and PostgreSQL) answers for the first one's task; an unknown task id
is an error naming it; a call without a task is unchanged."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, MCPError, StdioServerParameters

from orchestrator import _task_wire as wire
from tests.servers.agents.conftest import call
from tests.servers.agents.fake_clis import success_output, write_fake
from tests.servers.agents.test_cli_agents import wait_for_exit

pytestmark = pytest.mark.processes

MODES = ["legacy", "2026-07-28"]


def _stdio(url: str, environ: dict[str, str], config: Path) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "servers.agents", "--database-url", url, "--config", str(config)],
        env=environ,
    )


async def _until(client: Client, task_id: str, status: str) -> wire.TaskState:
    while True:
        state = await wire.get(client, task_id)
        if state.status == status:
            return state
        assert not state.done, f"task ended {state.status}, not {status}"
        await anyio.sleep(0.05)


@pytest.mark.parametrize("mode", MODES)
async def test_a_task_is_answered_at_once_then_completes_with_the_tools_result(
    tmp_path: Path,
    fake_bin: Path,
    environ: dict[str, str],
    orchestrator_config: Path,
    database_url: str,
    mode: str,
) -> None:
    gate = tmp_path / "go"
    write_fake(
        fake_bin, "claude", mode="rendezvous", stdout=success_output("claude-code"),
        mine=str(tmp_path / "started"), theirs=str(gate),
    )  # fmt: skip
    params = _stdio(database_url, environ, orchestrator_config)
    with anyio.fail_after(60):
        async with Client(params, mode=mode) as client:  # type: ignore[arg-type]
            listed = {t.name: t for t in (await client.list_tools()).tools}
            started = await wire.start(
                client, "execute_agent_request", {"agent_name": "claude-code", "prompt": "hi"}
            )
            assert isinstance(started, wire.TaskState)
            assert started.status == "working"
            working = await wire.get(client, started.task_id)
            # A second process on the same database answers for the task too.
            async with Client(params, mode=mode) as other:  # type: ignore[arg-type]
                seen_there = await wire.get(other, started.task_id)
                gate.touch()  # the CLI may answer now
                done = await _until(other, started.task_id, "completed")
                elsewhere = await wire.result(other, started.task_id, done)
            result = await wire.result(client, started.task_id)
            plain = await call(  # a call without a task: as before
                client, "execute_agent_request", {"agent_name": "claude-code", "prompt": "again"}
            )
    if mode == "legacy":
        assert listed["execute_agent_request"].execution is not None
        assert listed["execute_agent_request"].execution.task_support == "optional"
        assert listed["list_available_agents"].execution is None
    assert working.status == "working" and seen_there.status == "working"
    assert not result.is_error
    body: dict[str, Any] = result.structured_content or {}
    assert body["content"] == "Answer to: hi"
    assert elsewhere.structured_content == result.structured_content
    assert plain["content"] == "Answer to: again"


@pytest.mark.parametrize("mode", MODES)
async def test_cancelling_a_task_ends_the_agents_process_group(
    tmp_path: Path,
    fake_bin: Path,
    environ: dict[str, str],
    orchestrator_config: Path,
    mode: str,
) -> None:
    fake = write_fake(fake_bin, "gemini", mode="hang")  # it and its child ignore SIGTERM
    params = _stdio(f"sqlite:///{tmp_path / 'agents.db'}", environ, orchestrator_config)
    with anyio.fail_after(60):
        async with Client(params, mode=mode) as client:  # type: ignore[arg-type]
            started = await wire.start(
                client,
                "execute_agent_request",
                {"agent_name": "gemini-cli", "prompt": "never answers", "timeout": 300},
            )
            assert isinstance(started, wire.TaskState)
            while not fake.runs():
                await anyio.sleep(0.05)
            await wire.cancel(client, started.task_id)
            run = fake.last()
            ended = wait_for_exit(run["pid"], 2) and wait_for_exit(run["child"], 2)
            after = await wire.get(client, started.task_id)
            with pytest.raises(MCPError) as again:
                await wire.cancel(client, started.task_id)
            with pytest.raises(MCPError) as unknown:
                await wire.get(client, "no-such-task")
            undeclared = None
            if mode != "legacy":  # a request that does not name the extension: -32021
                with pytest.raises(MCPError) as refused:
                    await wire._send(client, "tasks/get", {"taskId": started.task_id}, tasks=False)
                undeclared = refused.value.error.code
    assert ended, "the agent's process group outlived the cancelled task"
    assert after.status == "cancelled"
    assert "already cancelled" in again.value.error.message
    assert unknown.value.error.code == -32602
    assert "unknown task 'no-such-task'" in unknown.value.error.message
    assert undeclared == (None if mode == "legacy" else -32021)


async def test_tasks_list_and_a_task_on_a_tool_that_does_not_run_as_one(
    tmp_path: Path, fake_bin: Path, environ: dict[str, str], orchestrator_config: Path
) -> None:
    write_fake(fake_bin, "claude", stdout=success_output("claude-code"))
    params = _stdio(f"sqlite:///{tmp_path / 'agents.db'}", environ, orchestrator_config)
    with anyio.fail_after(60):
        async with Client(params, mode="legacy") as client:
            capabilities = client.server_capabilities
            started = await wire.start(
                client, "execute_agent_request", {"agent_name": "claude-code", "prompt": "hi"}
            )
            assert isinstance(started, wire.TaskState)
            result = await wire.result(client, started.task_id)  # waits until it is done
            listed = await wire._send(client, "tasks/list", {})
            with pytest.raises(MCPError) as refused:
                await wire._send(
                    client, "tools/call", {"name": "list_available_agents", "task": {}}
                )
    assert capabilities.tasks is not None and capabilities.tasks.list is not None
    assert json.loads(result.content[0].text)["content"] == "Answer to: hi"  # type: ignore[union-attr]
    assert [t["taskId"] for t in listed["tasks"]] == [started.task_id]
    assert listed["tasks"][0]["status"] == "completed"
    assert "list_available_agents" in refused.value.error.message


async def test_a_task_whose_server_died_during_the_call_is_failed_by_the_next_one_asked(
    tmp_path: Path, fake_bin: Path, environ: dict[str, str], orchestrator_config: Path
) -> None:
    fake = write_fake(fake_bin, "gemini", mode="hang")
    params = _stdio(f"sqlite:///{tmp_path / 'agents.db'}", environ, orchestrator_config)
    with anyio.fail_after(90):
        async with Client(params, mode="legacy") as first:
            started = await wire.start(
                first, "execute_agent_request", {"agent_name": "gemini-cli", "prompt": "hang"}
            )
            assert isinstance(started, wire.TaskState)
            while not fake.runs():
                await anyio.sleep(0.05)
            run = fake.last()
            server = int(Path(f"/proc/{run['pid']}/stat").read_text().rsplit(")", 1)[1].split()[1])
            os.kill(server, signal.SIGKILL)  # the server dies in the middle of the call
            with contextlib.suppress(ProcessLookupError):
                os.killpg(run["pgid"], signal.SIGKILL)
            with pytest.raises(Exception):  # noqa: B017 - the pipe is gone, however it says so
                await wire.get(first, started.task_id)
        async with Client(params, mode="legacy") as second:
            while (state := await wire.get(second, started.task_id)).status == "working":
                await anyio.sleep(0.5)  # it is failed once its process has been silent 10 s
            with pytest.raises(MCPError) as failed:
                await wire.result(second, started.task_id)
    assert state.status == "failed"
    assert state.status_message == "the server process running it stopped before it ended"
    assert "stopped before it ended" in failed.value.error.message


async def test_a_server_killed_with_sigkill_takes_the_agents_process_group_with_it(
    tmp_path: Path, fake_bin: Path, environ: dict[str, str], orchestrator_config: Path
) -> None:
    """SIGKILL (the OOM killer) leaves the server no time to end the CLI's group: the watcher
    the launcher left in it does, the CLI and its child alike (both ignore SIGTERM)."""
    fake = write_fake(fake_bin, "gemini", mode="hang")
    params = _stdio(f"sqlite:///{tmp_path / 'agents.db'}", environ, orchestrator_config)
    run: dict[str, Any] = {}
    try:
        with anyio.fail_after(60):
            async with Client(params, mode="legacy") as client:
                started = await wire.start(
                    client, "execute_agent_request", {"agent_name": "gemini-cli", "prompt": "x"}
                )
                assert isinstance(started, wire.TaskState)
                while not fake.runs():
                    await anyio.sleep(0.05)
                run = fake.last()
                stat = Path(f"/proc/{run['pid']}/stat").read_text()
                server = int(stat.rsplit(")", 1)[1].split()[1])
                os.kill(server, signal.SIGKILL)
                ended = wait_for_exit(run["pid"], 5) and wait_for_exit(run["child"], 5)
                with pytest.raises(Exception):  # noqa: B017 - the pipe is gone, however it says so
                    await wire.get(client, started.task_id)
    finally:
        with contextlib.suppress(ProcessLookupError, KeyError):
            os.killpg(run["pgid"], signal.SIGKILL)
    assert ended, "the agent CLI or its child outlived the server killed with SIGKILL"
