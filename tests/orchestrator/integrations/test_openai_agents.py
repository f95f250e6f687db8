"""The configured servers in an OpenAI Agents SDK agent (`OrchestratorMCPServer`), driven by the
SDK's own `agents.testing.ScriptedModel` against real servers in subprocesses: the SDK's approval
interruptions, a missing server named while the rest work, the catalogue's filters and names,
the cache, the child-environment allowlist, prompts, and nothing left running."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from agents import Agent, Runner, set_tracing_disabled
from agents.testing import ModelCall, ModelStep, ScriptedModel, assistant_message, function_call

from orchestrator import ServerStartError, ToolCall, UsageError
from orchestrator.integrations.openai_agents import OrchestratorMCPServer
from orchestrator.testing import server_entry
from tests._processes import descendants

pytestmark = pytest.mark.processes

TODO = {"command": "mcp-todo"}


@pytest.fixture(autouse=True)
def _no_tracing() -> Iterator[None]:
    set_tracing_disabled(True)  # the SDK would otherwise export traces to OpenAI
    yield
    set_tracing_disabled(False)


def output_of(call: ModelCall, call_id: str) -> Any:
    """What tool call `call_id` gave back, as the model was shown it."""
    for item in call.input:
        if item.get("type") == "function_call_output" and item.get("call_id") == call_id:
            output = item["output"]
            parts = [output] if isinstance(output, str | dict) else output
            text = "".join(p if isinstance(p, str) else p["text"] for p in parts)
            try:
                return json.loads(text)
            except ValueError:
                return text
    raise LookupError(f"the model was not shown the output of call {call_id}")


def delete_created(call_id: str = "c2") -> ModelStep:
    """Delete the todo that call `c1` created."""
    return ModelStep.respond(
        lambda call: [
            function_call(
                "delete_todo",
                {"todo_id": output_of(call, "c1")["todo_id"], "confirmation": True},
                call_id=call_id,
            )
        ]
    )


async def titles(servers: OrchestratorMCPServer) -> list[str]:
    """The todos' titles, straight from the server (not through the model)."""
    listed = await servers.call_tool("list_todos", {})
    assert not listed.is_error
    return [t["title"] for t in json.loads(listed.content[0].text)["todos"]]  # type: ignore[union-attr]


async def test_a_destructive_call_waits_for_the_sdks_approval(
    write_config: Callable[..., Path],
) -> None:
    path = write_config({"todo": TODO})
    ran: list[ToolCall] = []
    model = ScriptedModel(
        [
            [function_call("create_todo", {"title": "buy eggs"}, call_id="c1")],
            [assistant_message("Created it.")],
            delete_created(),
            ModelStep.respond(lambda call: [assistant_message(str(output_of(call, "c2")))]),
        ]
    )
    with anyio.fail_after(60):
        async with OrchestratorMCPServer.from_config(path, on_tool_result=ran.append) as servers:
            agent = Agent(name="assistant", model=model, mcp_servers=[servers])
            first = await Runner.run(agent, "remind me to buy eggs")
            assert first.final_output == "Created it."
            follow_up = [*first.to_input_list(), {"role": "user", "content": "delete it"}]
            second = await Runner.run(agent, follow_up)

            (waiting,) = second.interruptions
            assert waiting.name == "delete_todo"
            assert [c.tool for c in ran] == ["create_todo"]  # the delete has not run
            assert await titles(servers) == ["buy eggs"]
            ran.clear()

            state = second.to_state()
            state.approve(waiting)
            third = await Runner.run(agent, state)
            assert "Todo deleted successfully" in third.final_output
            assert [(c.tool, c.status) for c in ran] == [("delete_todo", "ok")]
            assert await titles(servers) == []
    tools = {t.name: t for t in model.calls[0].tools}
    assert {"create_todo", "list_todos", "update_todo", "delete_todo"} <= set(tools)
    assert tools["delete_todo"].mcp_annotations.destructive_hint  # type: ignore[union-attr]
    assert tools["create_todo"].needs_approval is not True  # only destructive calls wait


async def test_a_rejected_call_never_reaches_the_server(write_config: Callable[..., Path]) -> None:
    path = write_config({"todo": TODO})
    ran: list[ToolCall] = []
    model = ScriptedModel(
        [
            [function_call("create_todo", {"title": "keep me"}, call_id="c1")],
            delete_created(),
            ModelStep.respond(lambda call: [assistant_message(str(output_of(call, "c2")))]),
        ]
    )
    with anyio.fail_after(60):
        async with OrchestratorMCPServer.from_config(path, on_tool_result=ran.append) as servers:
            agent = Agent(name="assistant", model=model, mcp_servers=[servers])
            result = await Runner.run(agent, "add keep me, then delete it")
            state = result.to_state()
            (waiting,) = result.interruptions
            state.reject(waiting)
            result = await Runner.run(agent, state)
            assert "not approved" in result.final_output
            assert [c.tool for c in ran] == ["create_todo"]
            assert await titles(servers) == ["keep me"]


async def test_a_missing_server_is_named_and_the_others_work(
    write_config: Callable[..., Path],
) -> None:
    path = write_config({"todo": TODO, "calendar": {"command": "no-such-calendar-server"}})
    model = ScriptedModel(
        [
            [function_call("create_todo", {"title": "buy eggs"}, call_id="c1")],
            ModelStep.respond(lambda call: [assistant_message(str(output_of(call, "c1")))]),
        ]
    )
    with anyio.fail_after(60):
        async with OrchestratorMCPServer.from_config(path) as servers:
            assert [(r.name, r.state) for r in servers.down] == [("calendar", "down")]
            assert servers.unavailable() == [
                "Server 'calendar' is unavailable (command not found: no-such-calendar-server); "
                "its tools cannot be used."
            ]
            agent = Agent(name="assistant", model=model, mcp_servers=[servers])
            result = await Runner.run(agent, "remind me to buy eggs")
            assert "Todo created successfully" in result.final_output
            assert await titles(servers) == ["buy eggs"]


async def test_the_catalogues_names_and_filters_and_the_environment_allowlist(
    write_config: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-canary-0123456789")  # an SDK user always has one
    path = write_config(
        {
            "left": server_entry("echo"),
            "right": server_entry("echo", env={"GIVEN": "on purpose"}, exclude_tools=["reply"]),
        }
    )
    asked = {"names": ["OPENAI_API_KEY", "GIVEN"]}
    model = ScriptedModel(
        [
            [function_call("right__environment", asked, call_id="c1")],
            ModelStep.respond(lambda call: [assistant_message(json.dumps(output_of(call, "c1")))]),
        ]
    )
    with anyio.fail_after(60):
        async with OrchestratorMCPServer.from_config(path) as servers:
            agent = Agent(name="assistant", model=model, mcp_servers=[servers])
            result = await Runner.run(agent, "what do you see?")
    offered = sorted(t.name for t in model.calls[0].tools)
    assert offered == ["left__environment", "reply", "right__environment"]
    assert json.loads(result.final_output) == {"OPENAI_API_KEY": None, "GIVEN": "on purpose"}


async def test_a_cached_server_is_offered_before_it_starts(
    write_config: Callable[..., Path],
) -> None:
    path = write_config({"todo": TODO})
    with anyio.fail_after(60):
        async with OrchestratorMCPServer.from_config(path) as servers:  # fills the cache
            assert [r.state for r in servers.reports] == ["up"]
        async with OrchestratorMCPServer.from_config(path, start="lazy") as servers:
            assert [r.state for r in servers.reports] == ["idle"]
            assert "create_todo" in {t.name for t in await servers.list_tools()}
            assert await titles(servers) == []  # the call starts it
            assert [r.state for r in servers.reports] == ["up"]


async def test_prompts_are_offered_through_the_sdks_interface(
    write_config: Callable[..., Path],
) -> None:
    path = write_config({"concierge": server_entry("concierge")})
    with anyio.fail_after(60):
        async with OrchestratorMCPServer.from_config(path) as servers:
            listed = await servers.list_prompts()
            prompt = await servers.get_prompt("plan_trip", {"destination": "Rome"})
    assert {p.name for p in listed.prompts} == {"plan_trip", "review"}
    (plan,) = [p for p in listed.prompts if p.name == "plan_trip"]
    assert [(a.name, a.required) for a in plan.arguments or []] == [
        ("destination", True),
        ("days", False),
    ]
    assert [(m.role, m.content.text) for m in prompt.messages] == [  # type: ignore[union-attr]
        ("user", "Plan a 3-day trip to Rome.")
    ]


def test_what_the_sdk_does_itself_is_not_taken(write_config: Callable[..., Path]) -> None:
    path = write_config({"todo": TODO})
    with pytest.raises(UsageError, match=r"^approve, yes: not taken .*interruptions"):
        OrchestratorMCPServer.from_config(path, yes=True, approve=lambda call: True)


async def test_a_required_server_that_fails_stops_connect_and_nothing_is_left(
    write_config: Callable[..., Path],
) -> None:
    path = write_config({"todo": TODO, "broken": {**server_entry("crashing"), "required": True}})
    before = descendants(os.getpid())
    servers = OrchestratorMCPServer.from_config(path)
    with anyio.fail_after(60), pytest.raises(ServerStartError, match="broken"):
        await servers.connect()
    assert descendants(os.getpid()) <= before
    with anyio.fail_after(60):
        async with OrchestratorMCPServer.from_config(path, servers=["todo"]) as servers:
            assert descendants(os.getpid()) - before  # the todo server runs
            await servers.connect()  # a second user: one set of servers, closed by the last
            await servers.cleanup()
            assert await titles(servers) == []
    assert descendants(os.getpid()) <= before
    with pytest.raises(RuntimeError, match="closed more times than opened"):
        await servers.cleanup()
