"""Discovery against real subprocess servers: good, missing, crashing, hanging, dying."""

import asyncio
import logging
import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest

from orchestrator.config import load_config
from orchestrator.discovery import Discovery
from orchestrator.errors import CallInterruptedError, ServerStartError, ServerUnavailableError
from orchestrator.testing import server_entry
from tests._processes import descendants
from tests._wait import eventually

pytestmark = pytest.mark.processes


async def test_good_server_beside_missing_crashing_and_hanging_ones(
    write_config: Callable[..., Path], mixed_servers: dict[str, Any]
) -> None:
    path = write_config(mixed_servers, {"startup_timeout_seconds": 10})
    with anyio.fail_after(60):
        async with Discovery(load_config(path)) as discovery:
            reports = discovery.reports
            assert reports["notes"].state == "up"
            assert "jot_note" in discovery.catalogue.tools
            assert reports["missing"].state == "down"
            assert reports["missing"].reason == "command not found: /no/such/command"
            assert reports["crashing"].reason == "the process exited before the MCP handshake"
            assert "fatal: cannot open the frobnicator" in reports["crashing"].stderr[-1]
            assert reports["hanging"].reason == "no MCP handshake within 10s"
            assert reports["hanging"].stderr == ["hanging_server: waiting forever"]
            assert discovery.degraded
            result = await discovery.call("jot_note", {"headline": "still works"})
            assert result.structured_content["ok"] is True


async def test_required_server_failure_stops_the_run(write_config: Callable[..., Path]) -> None:
    path = write_config({"crashing": server_entry("crashing", required=True)})
    with anyio.fail_after(60), pytest.raises(ServerStartError, match="frobnicator"):
        async with Discovery(load_config(path)):
            pass


async def test_missing_expected_tool_warns_and_goes_on(
    write_config: Callable[..., Path], caplog: pytest.LogCaptureFixture
) -> None:
    path = write_config({"notes": server_entry("notes", expected_tools=["jot_note", "fly"])})
    with anyio.fail_after(60), caplog.at_level(logging.WARNING):
        async with Discovery(load_config(path)) as discovery:
            assert discovery.reports["notes"].missing_tools == ["fly"]
            assert discovery.reports["notes"].state == "up"
    assert "does not offer expected tool 'fly'" in caplog.text


async def test_colliding_tool_names_are_prefixed_and_allowed_tools_filter(
    write_config: Callable[..., Path],
) -> None:
    path = write_config(
        {
            "one": server_entry("notes"),
            "two": server_entry("notes", allowed_tools=["jot_note", "browse_notes"]),
        }
    )
    with anyio.fail_after(60):
        async with Discovery(load_config(path)) as discovery:
            names = set(discovery.catalogue.tools)
    assert {"one__jot_note", "two__jot_note", "one__browse_notes", "two__browse_notes"} <= names
    assert "set_note_state" in names and "two__set_note_state" not in names
    assert not any(n.startswith("one__set") for n in names)


async def test_server_dying_mid_session_is_restarted_once_then_withdrawn(
    write_config: Callable[..., Path], notes_file: Path
) -> None:
    path = write_config({"notes": server_entry("notes", env={"NOTES_FILE": str(notes_file)})})
    with anyio.fail_after(60):
        async with Discovery(load_config(path)) as discovery:
            await discovery.call("jot_note", {"headline": "kept on disk"})
            with pytest.raises(ServerUnavailableError):  # a second death is not restarted
                await discovery.call("halt_notebook", {})
            report = discovery.reports["notes"]
            assert report.restarted
            assert report.state == "withdrawn"
            assert "jot_note" not in discovery.catalogue.tools


async def test_restart_recovers_the_next_call(
    write_config: Callable[..., Path], notes_file: Path
) -> None:
    path = write_config({"notes": server_entry("notes", env={"NOTES_FILE": str(notes_file)})})
    with anyio.fail_after(60):
        async with Discovery(load_config(path)) as discovery:
            await discovery.call("jot_note", {"headline": "kept on disk"})
            process = discovery.connection("notes").process
            assert process is not None
            os.killpg(process.process.pid, signal.SIGKILL)  # the server dies between two calls
            process.process.wait(5)
            result = await discovery.call("browse_notes", {})
            assert [n["headline"] for n in result.structured_content["entries"]] == ["kept on disk"]
            assert discovery.reports["notes"].restarted
            assert discovery.reports["notes"].state == "up"


async def test_retry_down_starts_a_server_down_once_and_leaves_the_others(
    write_config: Callable[..., Path], notes_file: Path, tmp_path: Path
) -> None:
    """What the warm daemon does before each request: a server down starts again (once, however
    many ask at the same time); one up keeps its connection; one whose entry is invalid stays
    down without a try."""
    marker, starts = tmp_path / "ready", tmp_path / "starts"
    script = tmp_path / "flaky.sh"
    echo = " ".join(server_entry("echo")["args"])
    script.write_text(
        f"#!/bin/sh\necho start >> {starts}\n"
        f"if [ -f {marker} ]; then exec {sys.executable} {echo}; fi\n"
        'echo "database not ready yet" >&2\nexit 1\n'
    )
    script.chmod(0o755)
    path = write_config({
        "flaky": {"command": str(script)},
        "notes": server_entry("notes", env={"NOTES_FILE": str(notes_file)}),
        "broken": {"transport": "websocket", "url": "ws://localhost:1/mcp"},
    })  # fmt: skip
    with anyio.fail_after(60):
        async with Discovery(load_config(path)) as discovery:
            assert discovery.reports["flaky"].state == "down"
            broken = discovery.reports["broken"]
            assert broken.state == "down"
            notes = discovery.connection("notes")
            marker.touch()
            await asyncio.gather(
                discovery.retry_down(), discovery.retry_down(), discovery.ensure("flaky")
            )
            assert discovery.reports["flaky"].state == "up"
            assert "reply" in discovery.catalogue.tools
            assert starts.read_text().splitlines() == ["start", "start"], "started once again"
            assert discovery.connection("notes") is notes, "up: left warm"
            assert discovery.reports["broken"] is broken, "an invalid entry: not tried"
            await discovery.retry_down()  # none down: nothing happens
            assert starts.read_text().splitlines() == ["start", "start"]


async def test_retry_down_brings_back_a_withdrawn_server_with_its_one_restart(
    write_config: Callable[..., Path], notes_file: Path
) -> None:
    path = write_config({"notes": server_entry("notes", env={"NOTES_FILE": str(notes_file)})})
    with anyio.fail_after(60):
        async with Discovery(load_config(path)) as discovery:
            await discovery.call("jot_note", {"headline": "kept on disk"})
            with pytest.raises(ServerUnavailableError):
                await discovery.call("halt_notebook", {})
            assert discovery.reports["notes"].state == "withdrawn"
            await discovery.retry_down()
            report = discovery.reports["notes"]
            assert (report.state, report.restarted) == ("up", False)
            result = await discovery.call("browse_notes", {})
            assert [n["headline"] for n in result.structured_content["entries"]] == ["kept on disk"]


async def test_retry_down_starts_a_server_that_hung_in_the_background_with_a_backoff(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    """A server whose start hung until the timeout is not waited for again at the next request:
    it stays down (its report says it is started again in the background), and is started in
    the background once the backoff (the timeout) is over; when it answers, its tools join."""
    marker = tmp_path / "ready"
    script = tmp_path / "hangs.sh"
    echo = " ".join(server_entry("echo")["args"])
    script.write_text(
        f"#!/bin/sh\nif [ -f {marker} ]; then exec {sys.executable} {echo}; fi\nexec sleep 60\n"
    )
    script.chmod(0o755)
    path = write_config({"slowpoke": {"command": str(script)}}, {"startup_timeout_seconds": 1})
    with anyio.fail_after(60):
        async with Discovery(load_config(path)) as discovery:
            assert discovery.reports["slowpoke"].reason == "no MCP handshake within 1s"
            began = time.monotonic()
            await discovery.retry_down()
            assert time.monotonic() - began < 0.5, "not waited for"
            report = discovery.reports["slowpoke"]
            assert report.state == "down"
            assert report.describe().startswith(
                "server 'slowpoke' is down: no MCP handshake within 1s (start"
            )
            assert "again in the background" in report.describe()
            marker.touch()
            discovery.timeout = 30.0  # the next start, of a real server, on a busy machine

            async def joined() -> bool:
                await discovery.retry_down()
                return discovery.reports["slowpoke"].state == "up"

            await eventually(joined, timeout=45, what="the background start")
            assert "reply" in discovery.catalogue.tools


async def test_a_write_cut_off_under_way_is_not_sent_again_and_the_next_call_restarts(
    write_config: Callable[..., Path], notes_file: Path
) -> None:
    """The server saved the note, then died before it answered: sending `jot_note` again to the
    restarted server would write it twice (as a dropped HTTP response did). The call fails,
    saying it may have been done; the next call starts the server again."""
    env = {"NOTES_FILE": str(notes_file), "NOTES_HALT_AFTER_JOT": "1"}
    path = write_config({"notes": server_entry("notes", env=env)})
    with anyio.fail_after(60):
        async with Discovery(load_config(path)) as discovery:
            with pytest.raises(CallInterruptedError) as raised:
                await discovery.call("jot_note", {"headline": "pay the blip invoice"})
            assert "may or may not have been done" in str(raised.value)
            assert raised.value.server == "notes" and raised.value.tool == "jot_note"
            result = await discovery.call("browse_notes", {})
    notes = [n["headline"] for n in result.structured_content["entries"]]
    assert notes == ["pay the blip invoice"], "written once, not sent again"


async def test_a_required_server_that_dies_stops_the_start_at_once(
    write_config: Callable[..., Path],
) -> None:
    """A required server that exits during its start fails the run then, naming it and why:
    the hanging server beside it is not waited for (its start-up timeout), and stopped."""
    path = write_config(
        {"crashing": server_entry("crashing", required=True), "hanging": server_entry("hanging")},
        {"startup_timeout_seconds": 30},
    )
    before = descendants(os.getpid())
    began = time.monotonic()
    with anyio.fail_after(60), pytest.raises(ServerStartError) as raised:
        async with Discovery(load_config(path)):
            pass
    assert time.monotonic() - began < 15, "not the hanging server's 30s"
    said = str(raised.value)
    assert "server 'crashing' is down: the process exited before the MCP handshake" in said
    assert "frobnicator" in said and "hanging" not in said
    assert descendants(os.getpid()) <= before, "no server left running"


async def test_retry_down_stops_at_once_when_a_required_server_fails(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    """What a warm daemon does before a request: a required server that went away and now exits
    at once fails it then, not after the start-up timeout of a sibling that now hangs."""
    gone = tmp_path / "gone"
    echo = " ".join(server_entry("echo")["args"])
    needed, sibling = tmp_path / "needed.sh", tmp_path / "sibling.sh"
    needed.write_text(
        f"#!/bin/sh\nif [ -f {gone} ]; then echo 'database gone' >&2; exit 1; fi\n"
        f"exec {sys.executable} {echo}\n"
    )
    sibling.write_text(f"#!/bin/sh\nif [ -f {gone} ]; then exec sleep 60; fi\nexit 1\n")
    for script in (needed, sibling):
        script.chmod(0o755)
    path = write_config(
        {
            "needed": {"command": str(needed), "required": True},
            "sibling": {"command": str(sibling)},
        },
        {"startup_timeout_seconds": 30},
    )
    before = descendants(os.getpid())
    with anyio.fail_after(60):
        async with Discovery(load_config(path)) as discovery:
            assert discovery.reports["sibling"].state == "down"
            gone.touch()
            process = discovery.connection("needed").process
            assert process is not None
            os.killpg(process.process.pid, signal.SIGKILL)
            process.process.wait(5)
            with pytest.raises(ServerUnavailableError):
                await discovery.call("reply", {"body": {}})
            assert discovery.reports["needed"].state == "withdrawn"
            began = time.monotonic()
            with pytest.raises(ServerStartError, match="server 'needed' is down") as raised:
                await discovery.retry_down()
            assert time.monotonic() - began < 15, "not the sibling's 30s"
            assert "database gone" in str(raised.value)
    assert descendants(os.getpid()) <= before, "no server left running"
