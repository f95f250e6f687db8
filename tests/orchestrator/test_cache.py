"""The catalogue cache: requests routed on cached tool lists, only the servers they use started,
stale entries refreshed, failures still named; `--no-cache` starts everything as before."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest

from orchestrator import ModelRequest, Orchestrator, load_config
from orchestrator.cache import CatalogueCache
from orchestrator.catalogue import ListedTool
from orchestrator.testing import ScriptedModel, call, server_entry

pytestmark = pytest.mark.processes


@pytest.fixture(autouse=True)
def _cache_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are about the cache: on, whatever the environment says."""
    monkeypatch.delenv("ORCHESTRATOR_CATALOGUE_CACHE", raising=False)


@pytest.fixture
def two_servers(
    write_config: Callable[..., Path], notes_file: Path, tmp_path: Path
) -> Callable[..., Path]:
    def write(**orchestrator: Any) -> Path:
        todo = {"command": "mcp-todo", "args": ["--database-url", f"sqlite:///{tmp_path}/t.db"]}
        notes = server_entry("notes", env={"NOTES_FILE": str(notes_file)})
        return write_config({"todo": todo, "notes": notes}, {"provider": "offline", **orchestrator})

    return write


def run(args: list[str], cwd: Path) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "orchestrator", "--json", *args],
        cwd=cwd, capture_output=True, text=True, timeout=60, env=dict(os.environ),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def states(transcript: dict[str, Any]) -> dict[str, str]:
    return {s["name"]: s["state"] for s in transcript["servers"]}


def test_a_request_starts_only_the_server_it_uses_once_the_tools_are_cached(
    two_servers: Callable[..., Path], tmp_path: Path
) -> None:
    path = str(two_servers())
    first = run(["--config", path, "jot down a note: water the plants"], tmp_path)
    assert states(first) == {"todo": "up", "notes": "up"}  # nothing cached yet: both start
    cached = sorted(p.name.split("-")[0] for p in CatalogueCache().folder.iterdir())
    assert cached == ["notes", "todo"]

    second = run(["--config", path, "remind me to buy eggs tomorrow at 3pm"], tmp_path)
    assert states(second) == {"todo": "up", "notes": "idle"}  # notes never started
    (made,) = second["tool_calls"]
    assert (made["tool"], made["status"]) == ("create_todo", "ok")
    assert not second["degraded"]

    refused = run(["--config", path, "--no-cache", "what notes do I have?"], tmp_path)
    assert states(refused) == {"todo": "up", "notes": "up"}  # --no-cache: everything, as before
    assert "water the plants" in refused["answer"]


async def test_a_tool_that_vanished_is_routed_again_on_the_fresh_catalogue(
    two_servers: Callable[..., Path], notes_file: Path
) -> None:
    settings = load_config(two_servers())
    notes = settings.servers["notes"]
    stale = [ListedTool("jot_note_v1", "Jot down a note (old name)", {"type": "object"})]
    CatalogueCache().save(notes, stale)
    CatalogueCache().save(settings.servers["todo"], [ListedTool("list_todos")])

    def route_again(request: ModelRequest) -> object:
        offered = {t.name for t in request.tools}
        assert "jot_note" in offered and "jot_note_v1" not in offered  # the fresh listing
        return call("jot_note", headline="water the plants")

    model = ScriptedModel(call("jot_note_v1", headline="water the plants"), route_again, "Done.")
    with anyio.fail_after(60):
        async with Orchestrator(settings, model=model, start="lazy") as orch:
            result = await orch.ask("jot down a note: water the plants")
    assert "jot_note_v1" in {t.name for t in model.requests[0].tools}  # routed on the cache
    first, second = result.tool_calls
    assert (first.tool, first.status) == ("jot_note_v1", "error")
    assert "jot_note" in first.result  # the failure names what the server offers now
    assert (second.tool, second.status) == ("jot_note", "ok")
    assert [n["headline"] for n in json.loads(notes_file.read_text()).values()] == [
        "water the plants"
    ]
    refreshed = {t.name for t in CatalogueCache().load(notes) or []}
    assert "jot_note" in refreshed and "jot_note_v1" not in refreshed


async def test_a_cached_server_that_fails_to_start_is_named_in_the_answer(
    write_config: Callable[..., Path],
) -> None:
    path = write_config({"broken": server_entry("crashing")}, {"provider": "offline"})
    settings = load_config(path)
    listed = ListedTool("make_widget", "Make a widget", {"type": "object", "properties": {}})
    CatalogueCache().save(settings.servers["broken"], [listed])
    with anyio.fail_after(60):
        async with Orchestrator(settings) as orch:
            assert orch.discovery.reports["broken"].state == "idle"
            result = await orch.ask("make a widget")
    (made,) = result.tool_calls
    assert (made.tool, made.status) == ("make_widget", "error")
    assert "the process exited before the MCP handshake" in made.result
    assert result.degraded
    assert result.text.startswith(  # the call's reason, not "not sure what to do"
        "make_widget was not done: server 'broken' is down: the process exited before the MCP "
        "handshake"
    )


@pytest.mark.parametrize(("ttl_ms", "second_run"), [(0, "up"), (3_600_000, "idle")])
async def test_a_2026_listing_is_reused_only_within_its_ttl(
    write_config: Callable[..., Path], ttl_ms: int, second_run: str
) -> None:
    """A 2026-07-28 server's `ttlMs` bounds the cached listing: past it (0, the SDK's default,
    is at once) the server starts to be listed again; within it, the server stays idle."""
    entry = server_entry("echo", env={"ECHO_TOOLS_TTL_MS": str(ttl_ms)}, protocol="auto")
    settings = load_config(write_config({"echo": entry}, {"provider": "offline"}))

    async def state() -> str:
        with anyio.fail_after(60):
            async with Orchestrator(settings, catalogue_cache=True, start="lazy") as orch:
                return orch.discovery.reports["echo"].state

    assert await state() == "up"  # nothing cached yet
    assert await state() == second_run
    era = CatalogueCache().era(settings.servers["echo"])
    assert era is not None and era.version == "2026-07-28"
    assert (era.discover is None) is (ttl_ms == 0)  # a stale discover result is probed again


def test_an_entry_without_a_ttl_or_with_a_bad_one(write_config: Callable[..., Path]) -> None:
    """A handshake-era listing (no `ttlMs`) is kept until the server next starts; an entry
    whose time or ttl is not a number is a miss."""
    entry = load_config(write_config({"echo": server_entry("echo")})).servers["echo"]
    cache, tools = CatalogueCache(), [ListedTool("reply")]
    cache.save(entry, tools)
    assert cache.load(entry) == tools
    cache.save(entry, tools, ttl_ms=60_000)
    assert cache.load(entry) == tools
    data = json.loads(cache.path(entry).read_text())
    cache.path(entry).write_text(json.dumps({**data, "listed_at": "yesterday"}))
    assert cache.load(entry) is None
