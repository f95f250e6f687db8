"""Both MCP wires: a server's `protocol` (auto, modern, legacy) decides which is spoken, `auto`
tries 2026-07-28 first and falls back to the 2025-11-25 handshake, and the era a server spoke is
kept in the catalogue cache so the next run speaks it without probing again."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import anyio
import pytest

from orchestrator.cache import CatalogueCache
from orchestrator.config import load_config
from orchestrator.core import Orchestrator
from orchestrator.elicitation import ElicitationAnswer, ElicitationRequest
from orchestrator.testing import ScriptedModel, call, server_entry

pytestmark = pytest.mark.processes

WAIT = 30.0


async def _era(path: Path, cache: bool = False) -> tuple[str, str | None]:
    """The server's state, and the protocol version it was spoken to in."""
    with anyio.fail_after(WAIT):
        async with Orchestrator(
            load_config(path), provider="offline", catalogue_cache=cache, start="all"
        ) as orch:
            (report,) = orch.reports
            if report.state != "up":
                return report.state, report.reason
            era = orch.discovery.connection(report.name).era
            assert era is not None
            return report.state, era.version


def _methods(record: Path) -> list[str]:
    lines = record.read_text().splitlines() if record.exists() else []
    return [json.loads(line).get("method", "") for line in lines]


async def test_auto_speaks_2026_07_28_to_a_server_that_does(
    write_config: Callable[..., Path], notes_file: Path
) -> None:
    entry = server_entry("notes", env={"NOTES_FILE": str(notes_file)}, protocol="auto")
    assert await _era(write_config({"notes": entry})) == ("up", "2026-07-28")
    entry["protocol"] = "legacy"
    assert await _era(write_config({"notes": entry})) == ("up", "2025-11-25")


async def test_auto_falls_back_to_the_handshake_and_modern_refuses_it(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    record = tmp_path / "received.jsonl"
    entry = server_entry("recorder", env={"RECORDER_FILE": str(record)}, protocol="auto")
    assert await _era(write_config({"reports": entry})) == ("up", "2025-11-25")
    assert _methods(record)[:2] == ["server/discover", "initialize"]
    entry["protocol"] = "modern"
    state, reason = await _era(write_config({"reports": entry}))
    assert state == "down"
    assert reason == (
        "server 'reports' does not speak MCP 2026-07-28 (it answered the 2025-11-25 handshake): "
        "set its `protocol` to auto or legacy"
    )


async def test_the_era_is_cached_so_the_fallback_is_paid_once(
    write_config: Callable[..., Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    record = tmp_path / "received.jsonl"
    entry = server_entry("recorder", env={"RECORDER_FILE": str(record)}, protocol="auto")
    path = write_config({"reports": entry})
    assert await _era(path, cache=True) == ("up", "2025-11-25")
    era = CatalogueCache().era(load_config(path).servers["reports"])
    assert era is not None and era.version == "2025-11-25"
    record.unlink()
    assert await _era(path, cache=True) == ("up", "2025-11-25")
    assert _methods(record)[0] == "initialize"  # the handshake at once: no server/discover
    assert "server/discover" not in _methods(record)


@pytest.mark.parametrize(
    ("protocol", "answered"), [(None, True), ("legacy", True), ("auto", False)]
)
async def test_a_server_written_for_the_handshake_is_spoken_to_on_it_by_default(
    write_config: Callable[..., Path], protocol: str | None, answered: bool
) -> None:
    """The reason `protocol` defaults to legacy: a server on the SDK's dual-era `MCPServer` that
    asks with `ctx.elicit` and says its tools changed with `send_tool_list_changed` (the
    handshake's way, `orchestrator.testing.servers.backchannel`) answers `server/discover`, so
    `auto` speaks 2026-07-28 to it; there the SDK refuses its question (no back-channel: the
    call fails) and drops its notification (listen streams only), and no client can tell
    before calling. Should the SDK turn these into `input_required` and listen events, `auto`
    passes here and can become the default."""

    def elicit(request: ElicitationRequest) -> ElicitationAnswer:
        (field,) = request.fields
        return ElicitationAnswer("accept", {"name": field.parse("Ada")})

    extra = {} if protocol is None else {"protocol": protocol}
    path = write_config({"backchannel": server_entry("backchannel", **extra)})
    model = ScriptedModel(call("ask_name"), call("grow"), "done")
    with anyio.fail_after(WAIT):
        async with Orchestrator(load_config(path), model=model, elicit=elicit) as orch:
            result = await orch.ask("go")
            era = orch.discovery.connection("backchannel").era
    assert era is not None and era.version == ("2025-11-25" if answered else "2026-07-28")
    asked, grew = result.tool_calls
    assert grew.status == "ok"
    offered = {t.name for t in model.requests[-1].tools}
    if answered:
        assert asked.result == {"result": "Hello, Ada."}
        assert "grown" in offered
    else:
        assert asked.status == "error" and "no back-channel" in str(asked.result)
        assert "grown" not in offered
