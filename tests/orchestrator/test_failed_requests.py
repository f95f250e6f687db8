"""A request that fails after its tool calls ran: the error carries them (`RequestError.calls`),
the history keeps what ran (a call cut short while under way answered as maybe done, a call
never sent dropped), the `--json` transcript lists them and `--continue` carries them on; the
turn limit is a setting (`max_turns`) its error names; requests on one session take turns; an
approver that returns anything but True does not approve; a tool call whose arguments are not
JSON is not sent, and the model is told why."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest

from orchestrator import (
    AssistantMessage,
    ModelRequest,
    ModelResponse,
    Orchestrator,
    ProviderError,
    RequestError,
    ToolCallItem,
    ToolResultItem,
    UsageError,
    UserMessage,
    load_config,
)
from orchestrator.testing import ScriptedModel, call, server_entry
from orchestrator.testing.vendors.openai import (
    Recorded,
    Reply,
    error,
    fake_openai,
    text,
    tool_call,
)

pytestmark = pytest.mark.processes


def notes_config(write_config: Callable[..., Path], notes_file: Path, **more: Any) -> Path:
    servers = {"notes": server_entry("notes", env={"NOTES_FILE": str(notes_file)}), **more}
    return write_config(servers)


def notes_in(notes_file: Path) -> list[str]:
    if not notes_file.exists():
        return []
    return [n["headline"] for n in json.loads(notes_file.read_text()).values()]


def fails(message: str) -> Callable[[ModelRequest], ModelResponse]:
    def step(request: ModelRequest) -> ModelResponse:
        raise ProviderError(message, status=500)

    return step


def kinds(history: list[Any]) -> list[str]:
    return [type(i).__name__ for i in history]


async def test_a_provider_failure_after_a_call_ran_keeps_the_call_in_the_error_and_history(
    write_config: Callable[..., Path], notes_file: Path
) -> None:
    model = ScriptedModel(call("jot_note", headline="eggs"), fails("HTTP 500"), "Yes, noted.")
    path = notes_config(write_config, notes_file)
    with anyio.fail_after(60):
        async with Orchestrator(load_config(path), model=model) as orch:
            session = orch.session()
            with pytest.raises(ProviderError) as raised:
                await session.ask("note eggs")
            assert [(c.tool, c.status) for c in raised.value.calls] == [("jot_note", "ok")]
            assert session.last_calls == raised.value.calls
            assert kinds(session.history) == ["UserMessage", "ToolCallItem", "ToolResultItem"]
            answer = await session.ask("did you note it?")
    assert answer.text == "Yes, noted."
    assert notes_in(notes_file) == ["eggs"]
    seen = model.requests[-1].history  # the next request tells the model the note was made
    assert seen[0] == UserMessage("note eggs") and isinstance(seen[1], ToolCallItem)
    assert isinstance(seen[2], ToolResultItem) and seen[2].status == "ok"
    assert seen[3] == UserMessage("did you note it?")


async def test_a_failure_before_any_call_ran_leaves_the_history_as_it_was(
    write_config: Callable[..., Path], notes_file: Path
) -> None:
    model = ScriptedModel("Hi.", fails("HTTP 500"))
    path = notes_config(write_config, notes_file)
    with anyio.fail_after(60):
        async with Orchestrator(load_config(path), model=model) as orch:
            session = orch.session()
            await session.ask("hello")
            kept = list(session.history)
            with pytest.raises(ProviderError) as raised:
                await session.ask("note eggs")
    assert raised.value.calls == [] and session.history == kept


async def test_the_turn_limit_is_a_setting_its_error_names_and_the_calls_stay(
    write_config: Callable[..., Path], notes_file: Path
) -> None:
    servers = {"notes": server_entry("notes", env={"NOTES_FILE": str(notes_file)})}
    path = write_config(servers, {"max_turns": 3})
    model = ScriptedModel(*(call("jot_note", headline=f"n{i}") for i in range(5)))
    with anyio.fail_after(60):
        async with Orchestrator(load_config(path), model=model) as orch:
            assert orch.max_turns == 3  # from the config
            session = orch.session()
            with pytest.raises(RequestError) as raised:
                await session.ask("note them all")
    message = str(raised.value)
    assert message.startswith("scripted asked for tools 3 times without answering")
    assert "max_turns" in message and "orchestrator:" in message
    assert [c.status for c in raised.value.calls] == ["ok"] * 3
    assert notes_in(notes_file) == ["n0", "n1", "n2"]
    assert kinds(session.history) == ["UserMessage"] + ["ToolCallItem", "ToolResultItem"] * 3
    # The keyword wins over the config, and the default is 8.
    model = ScriptedModel(*(call("jot_note", headline=f"m{i}") for i in range(2)))
    with anyio.fail_after(60):
        async with Orchestrator(load_config(path), model=model, max_turns=1) as orch:
            with pytest.raises(RequestError, match="asked for tools 1 times"):
                await orch.ask("note them")
    assert load_config(notes_config(write_config, notes_file)).orchestrator.max_turns == 8
    with pytest.raises(UsageError, match="max_turns: must be a whole number of at least 1"):
        Orchestrator(load_config(path), model=model, max_turns=0)


async def test_a_cancelled_request_keeps_what_ran_and_answers_the_call_cut_short(
    write_config: Callable[..., Path], notes_file: Path
) -> None:
    """One turn asks for three calls: a note (done), a minute-long report (sent, then cut
    short) and a shred waiting for approval (never sent). Cancelled: the note's exchange stays,
    the report gets a result saying it may or may not have been done, the shred goes."""
    path = notes_config(write_config, notes_file, slow=server_entry("slow"))
    report_sent, note_done = asyncio.Event(), asyncio.Event()
    never = asyncio.Event()

    async def approve(_: Any) -> bool:
        await never.wait()
        return True

    def sent(c: Any) -> None:
        if c.tool == "create_report":
            report_sent.set()

    def finished(c: Any) -> None:
        if c.tool == "jot_note":
            note_done.set()

    steps = [call("jot_note", headline="eggs"), call("create_report", title="q3")]
    steps.append(call("shred_note", note_ref="n1"))
    model = ScriptedModel(steps, "Fine.")
    settings = load_config(path)
    with anyio.fail_after(60):
        async with Orchestrator(
            settings, model=model, approve=approve, on_tool_call=sent, on_tool_result=finished
        ) as orch:
            session = orch.session()
            asking = asyncio.ensure_future(session.ask("note eggs, report q3, shred n1"))
            await report_sent.wait()
            await note_done.wait()
            asking.cancel()
            with pytest.raises(asyncio.CancelledError):
                await asking
            assert kinds(session.history) == [
                "UserMessage", "ToolCallItem", "ToolCallItem", "ToolResultItem", "ToolResultItem",
            ]  # fmt: skip
            results = {i.name: i for i in session.history if isinstance(i, ToolResultItem)}
            assert results["jot_note"].status == "ok"
            cut = results["create_report"]
            assert cut.status == "error" and "may or may not have been done" in cut.output
            assert "cancelled" in cut.output
            assert [(c.tool, c.status) for c in session.last_calls] == [
                ("jot_note", "ok"),
                ("create_report", "error"),
            ]
            await session.ask("what happened?")  # the vendors' rule: every call has a result
    seen = model.requests[-1].history
    asked = {i.call_id for i in seen if isinstance(i, ToolCallItem)}
    assert asked == {i.call_id for i in seen if isinstance(i, ToolResultItem)}
    assert "shred_note" not in {i.name for i in seen if isinstance(i, ToolCallItem)}


async def test_a_timeout_while_a_call_is_under_way_carries_it_in_the_error(
    write_config: Callable[..., Path], notes_file: Path
) -> None:
    path = notes_config(write_config, notes_file, slow=server_entry("slow"))
    model = ScriptedModel(call("create_report", title="q3"))
    with anyio.fail_after(60):
        async with Orchestrator(load_config(path), model=model, start="all") as orch:
            session = orch.session()
            session.timeout = 1.5
            with pytest.raises(RequestError, match=r"no answer within 1.5s") as raised:
                await session.ask("report q3")
    (cut,) = raised.value.calls
    assert (cut.tool, cut.status) == ("create_report", "error")
    assert "no answer within 1.5s" in cut.result and "may or may not" in cut.result
    assert kinds(session.history) == ["UserMessage", "ToolCallItem", "ToolResultItem"]


class GatedModel:
    """A model whose first turn waits for `gate`, then asks for a note; later turns answer."""

    name = "gated"

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.waiting = asyncio.Event()
        self.requests: list[ModelRequest] = []

    async def respond(self, request: ModelRequest) -> ModelResponse:
        self.requests.append(request)
        if len(self.requests) == 1:
            self.waiting.set()
            await self.gate.wait()
        last = request.history[-1]
        if isinstance(last, UserMessage):
            return ModelResponse([call("jot_note", headline=last.text)])
        return ModelResponse([AssistantMessage("Noted.")])


async def test_requests_on_one_session_take_turns_and_one_waiting_can_be_cancelled(
    write_config: Callable[..., Path], notes_file: Path
) -> None:
    model = GatedModel()
    path = notes_config(write_config, notes_file)
    with anyio.fail_after(60):
        async with Orchestrator(load_config(path), model=model) as orch:
            first = asyncio.ensure_future(orch.ask("a"))
            await model.waiting.wait()
            cancelled = asyncio.ensure_future(orch.ask("b"))
            second = asyncio.ensure_future(orch.ask("c"))
            await asyncio.sleep(0)  # one step of the loop: both now wait for the first
            cancelled.cancel()
            with pytest.raises(asyncio.CancelledError):
                await cancelled
            model.gate.set()
            answers = await asyncio.gather(first, second)
    assert [a.text for a in answers] == ["Noted.", "Noted."]
    history = [*model.requests[-1].history]  # what the model was given last: all but its answer
    assert [type(i).__name__ for i in history] == [
        "UserMessage", "ToolCallItem", "ToolResultItem", "AssistantMessage",
        "UserMessage", "ToolCallItem", "ToolResultItem",
    ]  # fmt: skip
    assert [i.text for i in history if isinstance(i, UserMessage)] == ["a", "c"]
    assert sorted(notes_in(notes_file)) == ["a", "c"]


async def test_an_approver_that_returns_anything_but_true_does_not_approve(
    write_config: Callable[..., Path], notes_file: Path
) -> None:
    model = ScriptedModel(
        call("jot_note", headline="keep me"), call("shred_note", note_ref="n1"), "Done."
    )
    path = notes_config(write_config, notes_file)
    with anyio.fail_after(60):
        async with Orchestrator(load_config(path), model=model, approve=lambda c: "no") as orch:
            result = await orch.ask("note it, then shred it")
    shred = result.tool_calls[1]
    said = "approve returned 'no' (str), not True: not run"
    assert (shred.tool, shred.status, shred.result) == ("shred_note", "not_executed", said)
    assert not result.done and f"Not done: shred_note(note_ref='n1'). {said}." in result.text
    assert notes_in(notes_file) == ["keep me"]
    told = [i for i in model.requests[-1].history if isinstance(i, ToolResultItem)][-1]
    assert told.status == "not_executed" and told.output == said


def broken_call(name: str, arguments: str) -> Callable[[Recorded], Reply]:
    """A Chat Completions reply asking for `name` with `arguments` sent as they are."""

    def respond(request: Recorded) -> Reply:
        function = {"name": name, "arguments": arguments}
        message = {
            "role": "assistant",
            "content": None,
            "tool_calls": [{"id": "call_bad", "type": "function", "function": function}],
        }
        choice = {"index": 0, "message": message, "finish_reason": "tool_calls"}
        body = {
            "id": f"chatcmpl-{time.monotonic_ns()}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": request.body["model"],
            "choices": [choice],
        }
        return Reply(body=body)

    return respond


async def test_a_call_whose_arguments_are_not_a_json_object_is_not_sent_and_the_model_is_told(
    write_config: Callable[..., Path], notes_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Text cut off mid-way (not JSON), then a JSON list (not an object, which wrapped as
    {"value": [...]} would be a call the model never meant): neither is sent."""
    servers = {"notes": server_entry("notes", env={"NOTES_FILE": str(notes_file)})}
    path = write_config(servers, {"provider": "openai", "model": "gpt-test"})
    replies = (
        broken_call("browse_notes", '{"state": "archi'),
        broken_call("browse_notes", '["archived"]'),
        text("Sorry."),
    )
    sent: list[Any] = []
    with fake_openai(*replies) as fake:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key-0123456789")
        monkeypatch.setenv("OPENAI_BASE_URL", fake.url + "/v1")
        with anyio.fail_after(60):
            async with Orchestrator(load_config(path), on_tool_call=sent.append) as orch:
                result = await orch.ask("archived notes?")
    assert sent == []  # neither reached the server
    assert [(c.tool, c.status) for c in result.tool_calls] == [("browse_notes", "error")] * 2
    assert not result.done
    cut, listed = (str(c.result) for c in result.tool_calls)
    assert cut.startswith("browse_notes was not called: its arguments could not be read, they ")
    assert "are not valid JSON (" in cut and """(received: '{"state": "archi')""" in cut
    assert "are JSON but not an object (a list)" in listed
    told = [m for m in fake.completions[2].messages if m["role"] == "tool"]
    assert [m["content"].removeprefix("ERROR: ") for m in told] == [cut, listed]


def test_the_json_transcript_of_a_failed_request_lists_its_calls_and_continue_keeps_them(
    write_config: Callable[..., Path], notes_file: Path, tmp_path: Path
) -> None:
    servers = {"notes": server_entry("notes", env={"NOTES_FILE": str(notes_file)})}
    path = write_config(servers, {"provider": "openai", "model": "gpt-test"})
    replies = (
        tool_call("jot_note", {"headline": "eggs"}),
        error(500, "the upstream broke"),
        text("Yes: eggs is noted."),
    )
    with fake_openai(*replies) as fake:
        env = {
            **os.environ,
            "OPENAI_API_KEY": "sk-test-key-0123456789",
            "OPENAI_BASE_URL": fake.url + "/v1",
            "XDG_STATE_HOME": str(tmp_path / "state"),
        }
        base = [sys.executable, "-m", "orchestrator", "--config", str(path)]

        def one_shot(*words: str) -> subprocess.CompletedProcess[str]:
            argv = [*base, "--provider-attempts", "1", *words]
            return subprocess.run(argv, env=env, capture_output=True, text=True, timeout=60)

        failed = one_shot("--json", "note eggs")
        carried = one_shot("--continue", "did you note it?")
    assert failed.returncode == 1, failed.stderr
    transcript = json.loads(failed.stdout)
    assert "the upstream broke" in transcript["error"] and transcript["done"] is False
    (made,) = transcript["tool_calls"]
    assert (made["tool"], made["status"], made["arguments"]) == (
        "jot_note",
        "ok",
        {"headline": "eggs"},
    )
    assert notes_in(notes_file) == ["eggs"]
    assert carried.returncode == 0, carried.stderr
    roles = [m["role"] for m in fake.completions[-1].messages if m["role"] != "system"]
    assert roles == ["user", "assistant", "tool", "user"]
