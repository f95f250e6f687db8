"""The configured servers as a pydantic-ai toolset (`OrchestratorToolset`), driven by pydantic-ai's
own `FunctionModel` against real servers in subprocesses: deferred approvals, a denied call,
failures the model reads as failures, a missing server named in the instructions while the rest
work, the catalogue's names and the environment allowlist, and the servers' lifetime."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from pydantic_ai import Agent, DeferredToolRequests, ToolDenied
from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel

from orchestrator import ToolCall, UsageError
from orchestrator.integrations.pydantic_ai import OrchestratorToolset
from orchestrator.testing import server_entry
from tests._processes import descendants

pytestmark = pytest.mark.processes

TODO = {"command": "mcp-todo"}
Step = Callable[[list[ModelMessage], AgentInfo], ModelResponse]


def returned(messages: list[ModelMessage], call_id: str) -> ToolReturnPart:
    """The return part of tool call `call_id`, as the model was shown it."""
    for message in messages:
        for part in message.parts if isinstance(message, ModelRequest) else ():
            if isinstance(part, ToolReturnPart) and part.tool_call_id == call_id:
                return part
    raise LookupError(f"the model was not shown the output of call {call_id}")


def calls(name: str, args: dict[str, Any], call_id: str) -> Step:
    return lambda messages, info: ModelResponse(parts=[ToolCallPart(name, args, call_id)])


def says(text: Callable[[list[ModelMessage]], str]) -> Step:
    return lambda messages, info: ModelResponse(parts=[TextPart(text(messages))])


def delete_created(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    todo_id = returned(messages, "c1").content["todo_id"]
    args = {"todo_id": todo_id, "confirmation": True}
    return ModelResponse(parts=[ToolCallPart("delete_todo", args, "c2")])


class Script:
    """A `FunctionModel` playing `steps`, one a model turn, and keeping what it was given."""

    def __init__(self, *steps: Step) -> None:
        self.steps = list(steps)
        self.infos: list[AgentInfo] = []
        self.model = FunctionModel(self.play)

    def play(self, messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        self.infos.append(info)
        return self.steps.pop(0)(messages, info)


async def titles(toolset: OrchestratorToolset) -> list[str]:
    """The todos' titles, straight from the server (not through the model)."""
    result = await toolset.orchestrator.discovery.call("list_todos", {})
    assert not result.is_error
    return [t["title"] for t in (result.structured_content or {})["todos"]]


async def test_a_destructive_call_is_deferred_until_approved(
    write_config: Callable[..., Path],
) -> None:
    path = write_config({"todo": TODO})
    ran: list[ToolCall] = []
    script = Script(
        calls("create_todo", {"title": "buy eggs"}, "c1"),
        says(lambda m: "Created it."),
        delete_created,
        says(lambda m: returned(m, "c2").content["message"]),
    )
    toolset = OrchestratorToolset.from_config(path, on_tool_result=ran.append)
    agent = Agent(script.model, toolsets=[toolset], output_type=[str, DeferredToolRequests])
    with anyio.fail_after(60):
        async with toolset:
            first = await agent.run("remind me to buy eggs")
            assert first.output == "Created it."
            second = await agent.run("delete it", message_history=first.all_messages())

            assert isinstance(second.output, DeferredToolRequests)
            (waiting,) = second.output.approvals
            assert waiting.tool_name == "delete_todo"
            assert second.output.metadata[waiting.tool_call_id] == {
                "server": "todo",
                "tool": "delete_todo",
            }
            assert [c.tool for c in ran] == ["create_todo"]  # the delete has not run
            assert await titles(toolset) == ["buy eggs"]

            third = await agent.run(
                message_history=second.all_messages(),
                deferred_tool_results=second.output.build_results(approve_all=True),
            )
            assert third.output == "Todo deleted successfully"
            assert [(c.tool, c.status) for c in ran] == [
                ("create_todo", "ok"),
                ("delete_todo", "ok"),
            ]
            assert await titles(toolset) == []
    offered = {t.name: t for t in script.infos[0].function_tools}
    assert {"create_todo", "list_todos", "update_todo", "delete_todo"} <= set(offered)
    assert offered["delete_todo"].metadata == {
        "server": "todo",
        "tool": "delete_todo",
        "destructive": True,
        "read_only": False,
        "needs_approval": True,
    }


async def test_a_denied_call_never_reaches_the_server(write_config: Callable[..., Path]) -> None:
    path = write_config({"todo": TODO})
    ran: list[ToolCall] = []
    script = Script(
        calls("create_todo", {"title": "keep me"}, "c1"),
        delete_created,
        says(lambda m: f"{returned(m, 'c2').outcome}: {returned(m, 'c2').content}"),
    )
    toolset = OrchestratorToolset.from_config(path, on_tool_result=ran.append)
    agent = Agent(script.model, toolsets=[toolset], output_type=[str, DeferredToolRequests])
    with anyio.fail_after(60):
        async with toolset:
            result = await agent.run("add keep me, then delete it")
            assert isinstance(result.output, DeferredToolRequests)
            (waiting,) = result.output.approvals
            denied = {waiting.tool_call_id: ToolDenied("The user said no.")}
            result = await agent.run(
                message_history=result.all_messages(),
                deferred_tool_results=result.output.build_results(approvals=denied),
            )
            assert result.output == "denied: The user said no."
            assert [c.tool for c in ran] == ["create_todo"]
            assert await titles(toolset) == ["keep me"]


async def test_a_failed_call_reaches_the_model_as_a_failure(
    write_config: Callable[..., Path],
) -> None:
    path = write_config({"todo": TODO})
    script = Script(
        calls("update_todo", {"todo_id": "todo_nosuchone", "priority": "high"}, "c1"),
        says(lambda m: f"{returned(m, 'c1').outcome}: {returned(m, 'c1').content}"),
    )
    toolset = OrchestratorToolset.from_config(path)
    agent = Agent(script.model, toolsets=[toolset])
    with anyio.fail_after(60):
        result = await agent.run("make it high priority")
    assert result.output.startswith("failed: ")
    assert "todo_nosuchone" in result.output and "does not exist" in result.output


async def test_a_missing_server_is_named_to_the_model_and_the_others_work(
    write_config: Callable[..., Path],
) -> None:
    path = write_config({"todo": TODO, "calendar": {"command": "no-such-calendar-server"}})
    script = Script(
        calls("create_todo", {"title": "buy eggs"}, "c1"),
        says(lambda m: returned(m, "c1").content["message"]),
    )
    toolset = OrchestratorToolset.from_config(path)
    agent = Agent(script.model, toolsets=[toolset], instructions="Be brief.")
    with anyio.fail_after(60):
        async with toolset:
            assert [(r.name, r.state) for r in toolset.down] == [("calendar", "down")]
            result = await agent.run("remind me to buy eggs")
            assert result.output == "Todo created successfully"
            assert await titles(toolset) == ["buy eggs"]
    assert script.infos[0].instructions == (
        "Be brief.\n\n"
        "Server 'calendar' is unavailable (command not found: no-such-calendar-server); "
        "its tools cannot be used."
    )


async def test_the_catalogues_names_and_filters_and_the_environment_allowlist(
    write_config: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-canary-0123456789")
    path = write_config(
        {
            "left": server_entry("echo"),
            "right": server_entry("echo", env={"GIVEN": "on purpose"}, exclude_tools=["reply"]),
        }
    )
    asked = {"names": ["OPENAI_API_KEY", "GIVEN"]}
    script = Script(
        calls("right__environment", asked, "c1"),
        says(lambda m: repr(returned(m, "c1").content)),
    )
    agent = Agent(script.model, toolsets=[OrchestratorToolset.from_config(path)])
    with anyio.fail_after(60):
        result = await agent.run("what do you see?")
    offered = sorted(t.name for t in script.infos[0].function_tools)
    assert offered == ["left__environment", "reply", "right__environment"]
    assert result.output == repr({"OPENAI_API_KEY": None, "GIVEN": "on purpose"})


async def test_a_run_without_async_with_starts_and_stops_the_servers(
    write_config: Callable[..., Path],
) -> None:
    path = write_config({"todo": TODO})
    before = descendants(os.getpid())
    seen: list[set[int]] = []

    def create(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        seen.append(descendants(os.getpid()) - before)
        return ModelResponse(parts=[ToolCallPart("create_todo", {"title": "x"}, "c1")])

    script = Script(create, says(lambda m: "done"))
    agent = Agent(script.model, toolsets=[OrchestratorToolset.from_config(path)])
    with anyio.fail_after(60):
        assert (await agent.run("add x")).output == "done"
    assert seen[0]  # the todo server ran during the run
    assert descendants(os.getpid()) <= before  # and was stopped after it


def test_what_pydantic_ai_does_itself_is_not_taken(write_config: Callable[..., Path]) -> None:
    path = write_config({"todo": TODO})
    with pytest.raises(UsageError, match=r"^model, provider: not taken .*DeferredToolRequests"):
        OrchestratorToolset.from_config(path, provider="openai", model="gpt-4.1-mini")
