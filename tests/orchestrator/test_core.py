"""The orchestrator as a library: one lifecycle owner, a model you bring, what the model is told."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import anyio
import pytest

import orchestrator
import orchestrator.testing
from orchestrator import ModelRequest, Orchestrator, ToolCall, UsageError, load_config
from orchestrator.testing import ScriptedModel, call, server_entry
from tests._processes import is_alive

pytestmark = pytest.mark.processes


def test_the_public_api_is_pinned() -> None:
    assert orchestrator.__all__ == [
        "AskResult",
        "AssistantMessage",
        "CallInterruptedError",
        "ConfigError",
        "ElicitationAnswer",
        "ElicitationRequest",
        "LoadedSkill",
        "MCPServerSettings",
        "Model",
        "ModelRequest",
        "ModelResponse",
        "ModelSettings",
        "Orchestrator",
        "OrchestratorError",
        "OrchestratorSettings",
        "Provider",
        "ProviderConfig",
        "ProviderError",
        "Question",
        "RenamedTool",
        "RequestError",
        "SamplingRequest",
        "ServerRequest",
        "ServerStartError",
        "ServerUnavailableError",
        "Session",
        "Settings",
        "Skill",
        "SkillVerificationError",
        "TaskEntry",
        "TaskPolicy",
        "TaskStore",
        "ToolCall",
        "ToolCallItem",
        "ToolDefinition",
        "ToolResultItem",
        "UnknownToolError",
        "Usage",
        "UsageError",
        "UserMessage",
        "ask_sync",
        "cost_of",
        "get_provider",
        "load_config",
        "trace_from_environment",
    ]
    assert orchestrator.testing.__all__ == ["ScriptedModel", "Step", "call", "server_entry"]
    for name in orchestrator.__all__:
        assert getattr(orchestrator, name) is not None


async def test_the_model_is_told_the_date_the_time_and_the_time_zone(
    write_config: Callable[..., Path],
) -> None:
    model = ScriptedModel("Noted.")
    path = write_config({})
    before = datetime.now().astimezone()
    with anyio.fail_after(60):
        async with Orchestrator(load_config(path), model=model) as orch:
            result = await orch.ask("remind me to buy eggs tomorrow at 3pm")
    after = datetime.now().astimezone()
    assert result.text == "Noted." and result.provider == "scripted"
    (request,) = model.requests
    told = re.search(
        r"Now: (\w+) (\d{4}-\d\d-\d\d) (\d\d:\d\d), time zone (.+)\.", request.instructions
    )
    assert told is not None, request.instructions
    weekday, day, clock, zone = told.groups()
    moments = {(f"{t:%A}", f"{t:%Y-%m-%d}", f"{t:%H:%M}") for t in (before, after)}
    assert (weekday, day, clock) in moments
    offset = before.strftime("%z")
    assert zone == f"Europe/Paris (UTC{offset[:3]}:{offset[3:]})"  # TZ is set by the fixture


async def test_a_scripted_model_calls_tools_with_approval(
    write_config: Callable[..., Path], notes_file: Path
) -> None:
    asked: list[ToolCall] = []

    def approve(call_: ToolCall) -> bool:
        asked.append(call_)
        return False  # the user says no

    def shred_what_was_jotted(request: ModelRequest) -> object:
        (listing,) = [i for i in request.history if getattr(i, "name", "") == "browse_notes"][-1:]
        ref = json.loads(listing.output)["entries"][0]["note_ref"]  # type: ignore[attr-defined]
        return call("shred_note", note_ref=ref)

    model = ScriptedModel(
        call("jot_note", headline="renew passport"),
        call("browse_notes"),
        shred_what_was_jotted,
        "I did not shred it.",
    )
    path = write_config({"notes": server_entry("notes", env={"NOTES_FILE": str(notes_file)})})
    with anyio.fail_after(60):
        async with Orchestrator.from_config(path, model=model, approve=approve) as orch:
            result = await orch.ask("note renew passport, then shred it")
            offered = {t.name for t in model.requests[0].tools}
    assert {"jot_note", "browse_notes", "shred_note"} <= offered
    assert [(c.tool, c.status) for c in result.tool_calls] == [
        ("jot_note", "ok"),
        ("browse_notes", "ok"),
        ("shred_note", "not_executed"),
    ]
    assert [c.tool for c in asked] == ["shred_note"] and asked[0].server == "notes"
    assert len(json.loads(notes_file.read_text())) == 1  # nothing was shredded
    # The model was told the call did not run, as a failed result.
    last = model.requests[-1].history[-1]
    assert getattr(last, "status", None) == "not_executed"


async def test_leaving_stops_every_server_even_after_a_failed_request(
    write_config: Callable[..., Path],
) -> None:
    def fail(_: ModelRequest) -> str:
        raise orchestrator.ProviderError("the model is down")

    servers = {"a": server_entry("notes"), "b": server_entry("notes")}
    path = write_config(servers)
    with anyio.fail_after(60):
        async with Orchestrator.from_config(path, model=ScriptedModel(fail)) as orch:
            pids = [orch.discovery.connection(n).process.process.pid for n in servers]  # type: ignore[union-attr]
            assert all(is_alive(pid) for pid in pids)
            session = orch.session()
            with pytest.raises(orchestrator.ProviderError, match="the model is down"):
                await session.ask("anything")
            assert session.history == []  # a failed request leaves no half of itself behind
    assert not any(is_alive(pid) for pid in pids)


async def test_ask_sync_inside_a_running_event_loop_says_what_to_use_instead(
    write_config: Callable[..., Path],
) -> None:
    """In async code (or a notebook) asyncio.run() refuses to nest, and the coroutine made for
    it was never awaited (a RuntimeWarning, an error under this suite's filters): a UsageError
    that names the async way, before anything is started."""
    path = write_config({})
    with pytest.raises(UsageError, match=r"running event loop.*await orch\.ask"):
        orchestrator.ask_sync("list my todos", path)


async def test_the_library_names_a_wrong_argument_before_anything_starts(
    write_config: Callable[..., Path],
) -> None:
    """A model with no name, a non-positive timeout and a request that is no text are each a
    UsageError naming the argument and the rule (not an AttributeError from inside, and not a
    request sent to the model)."""

    class Nameless:
        async def respond(self, request: ModelRequest) -> None: ...

    settings = load_config(write_config({}))
    with pytest.raises(UsageError, match=r"^model: .*Nameless lacks a name \(str\)$"):
        Orchestrator(settings, model=Nameless())  # type: ignore[arg-type]
    with pytest.raises(UsageError, match=r"^model: .*int lacks a name"):
        Orchestrator(settings, model=12)  # type: ignore[arg-type]
    for timeout in (-1, 0, float("nan")):
        with pytest.raises(UsageError, match=r"^timeout: must be a positive number of seconds"):
            Orchestrator(settings, model=ScriptedModel(), timeout=timeout)
    model = ScriptedModel("never")
    async with Orchestrator(settings, model=model) as orch:
        for request in ("", "   ", None, 42, ["x"]):
            with pytest.raises(UsageError, match=r"^request: must be a non-empty string"):
                await orch.ask(request)  # type: ignore[arg-type]
    assert model.requests == []
