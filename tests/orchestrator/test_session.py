"""A session's answer: the tokens of every turn summed, the model that answered as its vendor
named it, the model's own words apart from the notes the session adds (a server down named, and
said to be started again when a warm orchestrator does so in the background); a session given its
own system prompt and sampling settings passes them on every turn."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import anyio
import pytest

from orchestrator import (
    AssistantMessage,
    ModelResponse,
    ModelSettings,
    Orchestrator,
    Usage,
    load_config,
)
from orchestrator.testing import ScriptedModel, call, server_entry
from orchestrator.transcript import Transcript

pytestmark = pytest.mark.processes


async def test_usage_is_summed_over_the_turns_and_the_answer_keeps_the_models_words_apart(
    write_config: Callable[..., Path], notes_file: Path
) -> None:
    model = ScriptedModel(
        ModelResponse([call("jot_note", headline="eggs")], Usage(10, 2, cached_tokens=4)),
        ModelResponse([call("halt_notebook")], Usage(reported=False)),
        ModelResponse([AssistantMessage("Noted.")], Usage(15, 3, reasoning_tokens=1), "v-2026"),
    )
    notes = server_entry("notes", env={"NOTES_FILE": str(notes_file)})
    path = write_config({"notes": notes})
    with anyio.fail_after(60):
        async with Orchestrator(load_config(path), model=model, yes=True) as orch:
            result = await orch.ask("note eggs, then stop the notebook")
    assert result.usage == Usage(25, 5, cached_tokens=4, reasoning_tokens=1)
    assert result.usage.total_tokens == 30
    assert result.model == "v-2026"
    assert result.reply == "Noted."
    assert result.notes and result.text == "\n".join(["Noted.", *result.notes])
    usage = Transcript.of(result, None).dump()["usage"]  # in the --json transcript
    assert (usage["total_tokens"], usage["cost_usd"]) == (30, None)  # no price for "scripted"


async def test_no_usage_reported_is_told_apart_from_none_used(
    write_config: Callable[..., Path],
) -> None:
    with anyio.fail_after(60):
        async with Orchestrator(load_config(write_config({})), model=ScriptedModel("Hi.")) as orch:
            result = await orch.ask("hello")
    assert result.usage == Usage(reported=False)
    assert (result.model, result.reply, result.text) == ("scripted", "Hi.", "Hi.")


async def test_a_session_with_its_own_system_prompt_and_settings_passes_them_every_turn(
    write_config: Callable[..., Path],
) -> None:
    model = ScriptedModel(call("reply", body={"a": 1}), "Done.")
    settings = ModelSettings(temperature=0.2, max_tokens=100)
    path = write_config({"echo": server_entry("echo")})
    with anyio.fail_after(60):
        async with Orchestrator(load_config(path), model=model) as orch:
            session = orch.session(system_prompt="You are terse.", model_settings=settings)
            await session.ask("echo a=1")
            await orch.session().ask("again")
    first, second, default = model.requests
    assert (first.instructions, second.instructions) == ("You are terse.", "You are terse.")
    assert first.settings == second.settings == settings
    assert default.instructions.startswith("You are an orchestrator.")
    assert default.settings == ModelSettings()


async def test_a_write_the_server_refuses_after_a_lookup_is_not_done(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    """A lookup that went well does not make a request done whose write failed; a write that
    failed and then worked when tried again does, and so does a read that failed after it."""
    todo = {"command": "mcp-todo", "args": ["--database-url", f"sqlite:///{tmp_path}/t.db"]}
    path = write_config({"todo": todo})
    refused = ScriptedModel(call("list_todos"), call("delete_todo", todo_id="todo_nope"), "No.")
    retried = ScriptedModel(
        call("create_todo", title="eggs", priority="whenever"),
        call("create_todo", title="eggs"),
        call("list_todos", due_date_filter="someday"),
        "Made it.",
    )
    read = ScriptedModel(call("list_todos"), call("list_todos", due_date_filter="someday"), "?")
    results = []
    with anyio.fail_after(60):
        for model in (refused, retried, read):
            async with Orchestrator(load_config(path), model=model, yes=True) as orch:
                results.append(await orch.ask("go"))
    first, second, third = results
    assert [(c.tool, c.status) for c in first.tool_calls] == [
        ("list_todos", "ok"),
        ("delete_todo", "error"),
    ]
    assert first.done is False
    assert [c.status for c in second.tool_calls] == ["error", "ok", "error"]
    assert second.done is True  # the todo was made, on the second try
    assert [c.status for c in third.tool_calls] == ["ok", "error"]
    assert third.done is False  # the listing asked for failed


async def test_the_note_on_a_server_down_says_when_it_is_started_again_in_the_background(
    write_config: Callable[..., Path],
) -> None:
    """A server whose start hung is named in the answer; once a warm orchestrator retries it in
    the background (`Discovery.retry_down`, before each request of the daemon), the note says
    so."""
    path = write_config(
        {"slowpoke": {"command": "sleep", "args": ["60"]}}, {"startup_timeout_seconds": 1}
    )
    with anyio.fail_after(60):
        async with Orchestrator(load_config(path), model=ScriptedModel("Hi.", "Hi.")) as orch:
            first = await orch.session().ask("hello")
            await orch.discovery.retry_down()  # what the daemon does before a request
            second = await orch.session().ask("hello")
    said = "Note: server 'slowpoke' is unavailable (no MCP handshake within 1s); its tools were"
    assert first.notes == [f"{said} not used."]
    assert second.notes == [
        f"{said} not used; it is being started again in the background."
    ]  # before: as the first
