"""Stdio servers started early (`orchestrator.stdio`): adopted by their client, reported like
any other when they fail, and never left running."""

from collections.abc import Callable
from pathlib import Path

import anyio
import pytest

from orchestrator.config import load_config
from orchestrator.core import Orchestrator
from orchestrator.discovery import Discovery, build_server
from orchestrator.errors import UsageError
from orchestrator.stdio import prestart
from tests.orchestrator.conftest import stdio


async def test_started_early_servers_are_adopted_and_failures_reported_the_same(
    write_config: Callable[..., Path], notes_file: Path
) -> None:
    path = write_config(
        {
            "notes": stdio("notes_server.py", env={"NOTES_FILE": str(notes_file)}),
            "missing": {"command": "/no/such/command"},
            "crashing": stdio("crashing_server.py"),
            "hanging": stdio("hanging_server.py"),
        },
        {"startup_timeout_seconds": 1.5},
    )
    settings = load_config(path)
    early = prestart(settings)
    assert set(early) == {"notes", "crashing", "hanging"}  # the missing command is the client's
    with anyio.fail_after(12):
        async with Discovery(settings, prestarted=early) as discovery:
            assert all(e.adopted for e in early.values())
            assert early["notes"].process.poll() is None
            reports = discovery.reports
            assert reports["notes"].state == "up"
            assert reports["missing"].reason == "command not found: /no/such/command"
            assert reports["crashing"].reason == "the process exited before the MCP handshake"
            assert "fatal: cannot open the frobnicator" in reports["crashing"].stderr[-1]
            assert reports["hanging"].reason == "no MCP handshake within 1.5s"
            assert reports["hanging"].stderr == ["hanging_server: waiting forever"]
            result = await discovery.call("jot_note", {"headline": "over adopted pipes"})
            assert result.structured_content["ok"] is True
            result = await discovery.call("browse_notes", {})
            assert "over adopted pipes" in str(result.structured_content)
    for name, process in early.items():
        assert process.process.poll() is not None, f"{name} is still running"


async def test_servers_started_early_are_stopped_when_the_start_fails(
    write_config: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_config({"one": stdio("notes_server.py"), "two": stdio("hanging_server.py")})
    spawned = []

    def spy(settings):  # type: ignore[no-untyped-def]
        spawned.append(prestart(settings))
        return spawned[-1]

    monkeypatch.setattr("orchestrator.core.prestart", spy)
    orch = Orchestrator(load_config(path), provider="no-such-provider")
    with anyio.fail_after(10), pytest.raises(UsageError, match="unknown provider"):
        await orch.start()
    assert len(spawned[0]) == 2
    assert all(p.process.poll() is not None for p in spawned[0].values())


def test_a_process_started_with_another_launch_is_not_adopted(
    write_config: Callable[..., Path],
) -> None:
    settings = load_config(write_config({"notes": stdio("notes_server.py")}))
    early = prestart(settings)["notes"]
    changed = settings.servers["notes"].model_copy(update={"env": {"EXTRA": "1"}})
    server = build_server(changed, 5.0, early)
    assert early.adopted and early.process.poll() is not None
    server.close_errlog()  # type: ignore[attr-defined]
