"""Stdio servers started early (`orchestrator.stdio`): taken by their connection, reported like
any other when they fail, and never left running."""

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest

from orchestrator.config import Settings, load_config
from orchestrator.connection import ServerConnection
from orchestrator.core import Orchestrator
from orchestrator.discovery import Discovery
from orchestrator.errors import ProviderError, UsageError
from orchestrator.stdio import ServerProcess, prestart, process_transport
from orchestrator.testing import server_entry

pytestmark = pytest.mark.processes


async def test_started_early_servers_are_adopted_and_failures_reported_the_same(
    write_config: Callable[..., Path], mixed_servers: dict[str, Any]
) -> None:
    path = write_config(mixed_servers, {"startup_timeout_seconds": 8})
    settings = load_config(path)
    early = prestart(settings)
    assert set(early) == {"notes", "crashing", "hanging"}  # the missing command is the client's
    with anyio.fail_after(60):
        async with Discovery(settings, prestarted=early) as discovery:
            assert all(e.taken for e in early.values())
            assert early["notes"].process.poll() is None
            reports = discovery.reports
            assert reports["notes"].state == "up"
            assert reports["missing"].reason == "command not found: /no/such/command"
            assert reports["crashing"].reason == "the process exited before the MCP handshake"
            assert "fatal: cannot open the frobnicator" in reports["crashing"].stderr[-1]
            assert reports["hanging"].reason == "no MCP handshake within 8s"
            assert reports["hanging"].stderr == ["hanging_server: waiting forever"]
            result = await discovery.call("jot_note", {"headline": "over adopted pipes"})
            assert result.structured_content["ok"] is True
            result = await discovery.call("browse_notes", {})
            assert "over adopted pipes" in str(result.structured_content)
    for name, process in early.items():
        assert process.process.poll() is not None, f"{name} is still running"


@pytest.fixture
def spawned(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, ServerProcess]]:
    """What `Orchestrator.start` spawned early, each call's processes."""
    calls: list[dict[str, ServerProcess]] = []

    def spy(settings: Settings) -> dict[str, ServerProcess]:
        calls.append(prestart(settings))
        return calls[-1]

    monkeypatch.setattr("orchestrator.stdio.prestart", spy)
    return calls


async def test_a_provider_that_cannot_run_is_refused_before_any_server_starts(
    write_config: Callable[..., Path], spawned: list[dict[str, ServerProcess]]
) -> None:
    path = write_config({"one": server_entry("notes")})
    with pytest.raises(UsageError, match="unknown provider"):
        async with Orchestrator(load_config(path), provider="no-such-provider"):
            pass
    with pytest.raises(ProviderError, match="'openai' is not operative"):
        async with Orchestrator(load_config(path), provider="openai"):
            pass
    assert spawned == []


async def test_servers_started_early_are_stopped_together_when_the_start_fails(
    write_config: Callable[..., Path],
    spawned: list[dict[str, ServerProcess]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Checked fine by the registry, but its model cannot be made: no model name.
    monkeypatch.setenv("OPENAI_COMPATIBLE_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("OPENAI_COMPATIBLE_API_KEY", "sk-test-0123456789")
    monkeypatch.delenv("OPENAI_COMPATIBLE_MODEL", raising=False)
    servers = {"one": server_entry("notes"), "two": server_entry("notes")}
    servers["three"] = server_entry("hanging")
    path = write_config(servers)
    orch = Orchestrator(load_config(path), provider="openai-compatible")
    with anyio.fail_after(60), pytest.raises(UsageError, match="needs a model name"):
        async with orch:
            pass
    assert len(spawned[0]) == 3
    assert all(p.process.poll() is not None for p in spawned[0].values())


async def test_cancelled_while_adopting_the_process_is_still_stopped(
    write_config: Callable[..., Path],
) -> None:
    settings = load_config(write_config({"hanging": server_entry("hanging")}))
    early = prestart(settings)["hanging"]
    process = early.take()
    assert process is not None
    entering = asyncio.ensure_future(process_transport(process).__aenter__())
    await asyncio.sleep(0)  # now inside, connecting the pipes
    entering.cancel()
    with pytest.raises(asyncio.CancelledError):
        await entering
    assert process.poll() is not None
    early.errlog.close()


async def test_a_process_started_with_another_launch_is_not_taken(
    write_config: Callable[..., Path],
) -> None:
    settings = load_config(write_config({"notes": server_entry("notes")}))
    early = prestart(settings)["notes"]
    changed = settings.servers["notes"].model_copy(update={"env": {"EXTRA": "1"}})
    connection = ServerConnection(changed, timeout=10, process=early)
    with anyio.fail_after(60):
        tools = await connection.open()
        assert early.taken and early.process.poll() is not None  # stopped, not used
        assert connection.process is not early and "jot_note" in {t.name for t in tools}
        await connection.aclose()
