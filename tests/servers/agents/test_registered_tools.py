"""register_tool_with_agent, and registered tools at work: a model (the vendor's real SDK against
its loopback fake) calls a registered tool, the binding starts the todo server and calls it, and
the result goes back to the model. Registrations persist on both databases."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest
import yaml
from mcp import Client, StdioServerParameters

from orchestrator.models.schema import for_anthropic, for_gemini, for_openai
from servers._common.sql import Database
from servers.agents.sql_repository import TABLES, SqlToolRepository
from tests._vendors import Scripted, Vendor
from tests.servers.agents.conftest import (
    AGENT_VENDORS,
    ServiceFactory,
    call,
    call_error,
    connect,
    todo_entry,
)

pytestmark = pytest.mark.processes

TOOL_USERS = ["claude", "openai", "gemini", "deepseek", "qwen", "ollama", "offline"]
ADD_TODO_SCHEMA = {
    "type": "object",
    "properties": {"title": {"type": "string", "minLength": 1}, "due_date": {"type": "string"}},
    "required": ["title"],
    "additionalProperties": False,
}


def add_todo(server: str = "todo", agent: str | None = None, **spec: Any) -> dict[str, Any]:
    arguments: dict[str, Any] = {
        "tool_name": "add_todo",
        "tool_spec": {
            "description": "Add an item to the user's todo list",
            "input_schema": ADD_TODO_SCHEMA,
            "binding": {"mcp": {"server": server, "tool": "create_todo"}},
            **spec,
        },
    }
    if agent is not None:
        arguments["agent_name"] = agent
    return arguments


def reply_from(vendor: Vendor, words: Any) -> Scripted:
    """A text reply made from the request the SDK sent (``words(tool_result, failed)``)."""

    def respond(request: Any) -> Any:
        text, failed = vendor.tool_result(request.body)
        scripted = vendor.answer(words(text, failed))
        return scripted(request) if callable(scripted) else scripted

    return respond


async def todos_in(tmp_path: Path) -> list[dict[str, Any]]:
    entry = todo_entry(tmp_path)
    params = StdioServerParameters(command=entry["command"], args=entry["args"], env=entry["env"])
    async with Client(params) as todo:
        return list((await call(todo, "list_todos", {"status": "all"}))["todos"])


@pytest.mark.parametrize("agent", list(AGENT_VENDORS))
async def test_a_model_calls_a_registered_tool_that_reaches_the_todo_server(
    agent: str, make_service: ServiceFactory, tmp_path: Path
) -> None:
    vendor = AGENT_VENDORS[agent]
    with vendor.make() as fake:
        fake.reply(
            *vendor.script(
                vendor.call("add_todo", {"title": "buy eggs"}),
                reply_from(vendor, lambda text, failed: f"Added {json.loads(text)['todo_id']}."),
            )
        )
        service = make_service(env=vendor.env(fake))
        with anyio.fail_after(60):
            async with connect(service) as client:
                registered = await call(client, "register_tool_with_agent", add_todo())
                body = await call(
                    client, "execute_agent_request", {"agent_name": agent, "prompt": "eggs!"}
                )
            (todo,) = await todos_in(tmp_path)

    assert registered == {"status": "success", "registered_with": TOOL_USERS, "warnings": []}
    first, second = vendor.calls(fake)
    # each vendor gets the schema as it takes it (orchestrator.models.schema: Gemini's drops
    # additionalProperties)
    cleaned = {"gemini": for_gemini, "anthropic": for_anthropic}.get(vendor.provider, for_openai)
    assert vendor.tools(first.body) == {"add_todo": cleaned(ADD_TODO_SCHEMA)}
    assert "Use the tools offered" in vendor.system(first.body)
    result, failed = vendor.tool_result(second.body)
    assert not failed and json.loads(result)["todo_id"] == todo["todo_id"]
    assert todo["title"] == "buy eggs"
    assert body["content"] == f"Added {todo['todo_id']}."
    assert body["metadata"]["tool_calls"] == [
        {"tool": "add_todo", "binding": {"server": "todo", "tool": "create_todo"}, "status": "ok"}
    ]
    assert body["tokens_used"] == 2 * sum(vendor.usage)  # both turns counted


async def test_a_binding_whose_server_is_down_gives_the_model_a_clear_tool_error(
    make_service: ServiceFactory,
) -> None:
    vendor = AGENT_VENDORS["openai"]
    with vendor.make() as fake:
        fake.reply(
            vendor.call("add_todo", {"title": "buy eggs"}),
            reply_from(vendor, lambda text, failed: f"failed={failed}: {text}"),
        )
        with anyio.fail_after(60):
            async with connect(make_service(env=vendor.env(fake))) as client:
                await call(client, "register_tool_with_agent", add_todo("broken", "openai"))
                body = await call(
                    client, "execute_agent_request", {"agent_name": "openai", "prompt": "eggs"}
                )
    assert body["status"] == "success"
    assert body["content"] == (
        "failed=True: server 'broken' is down: command not found: /no/such/command"
    )
    assert body["metadata"]["tool_calls"][0]["status"] == "error"
    assert body["metadata"]["warnings"] == [
        "Note: server 'broken' is unavailable (command not found: /no/such/command); its tools "
        "were not used."
    ]


async def test_bad_calls_never_reach_a_server_and_the_model_hears_why(
    make_service: ServiceFactory, tmp_path: Path
) -> None:
    """Arguments that break the registered schema, and a tool nobody registered; the bound
    server is only started when a call is made, so it never starts here."""
    marker = tmp_path / "todo-started"
    config = tmp_path / "marked.yaml"
    start = (
        f"import pathlib, runpy, sys; pathlib.Path({str(marker)!r}).touch(); "
        "sys.argv = ['todo']; runpy.run_module('servers.todo', run_name='__main__')"
    )
    entry = {**todo_entry(tmp_path), "args": ["-c", start]}
    config.write_text(yaml.safe_dump({"mcp": {"servers": {"marked": entry}}}))
    vendor = AGENT_VENDORS["gemini"]
    with vendor.make() as fake:
        fake.reply(
            vendor.call("add_todo", {"title": 5}),
            reply_from(vendor, lambda text, failed: text),
            vendor.call("rm_rf", {"path": "/"}),
            reply_from(vendor, lambda text, failed: text),
        )
        with anyio.fail_after(60):
            async with connect(make_service(env=vendor.env(fake), config=config)) as client:
                await call(client, "register_tool_with_agent", add_todo("marked", "gemini"))
                arguments = {"agent_name": "gemini", "prompt": "eggs"}
                schema = await call(client, "execute_agent_request", arguments)
                unknown = await call(client, "execute_agent_request", arguments)
    assert schema["content"] == (
        "arguments do not fit add_todo's schema: title: 5 is not of type 'string'"
    )
    assert unknown["content"] == "no tool named 'rm_rf' (available: add_todo)"
    assert not marker.exists()


async def test_the_offline_agent_routes_a_request_onto_its_registered_tool(
    make_service: ServiceFactory, tmp_path: Path
) -> None:
    with anyio.fail_after(60):
        async with connect(make_service()) as client:
            nothing = await call_error(
                client, "execute_agent_request", {"agent_name": "offline", "prompt": "add eggs"}
            )
            await call(client, "register_tool_with_agent", add_todo(agent="offline"))
            body = await call(
                client,
                "execute_agent_request",
                {
                    "agent_name": "offline",
                    "prompt": "add buy eggs to my todos",
                    "context": {"a": 1},
                },
            )
        (todo,) = await todos_in(tmp_path)
    assert nothing["code"] == "no_tools"
    assert "register_tool_with_agent" in nothing["error"]
    assert body["content"] == f"Created todo “buy eggs” (id {todo['todo_id']})."
    assert body["tokens_used"] is None
    assert body["metadata"]["model"] == "offline"
    assert body["metadata"]["warnings"] == [
        "offline does not read context; it routes the prompt alone"
    ]


async def test_an_offline_request_whose_bound_server_did_not_start_says_so_not_not_understood(
    make_service: ServiceFactory,
) -> None:
    """The prompt was understood; the tools' server was not there (a trial: 25 requests at
    once each waited 10 s for their own todo server and were all told "did not understand")."""
    with anyio.fail_after(60):
        async with connect(make_service()) as client:
            await call(client, "register_tool_with_agent", add_todo("broken", "offline"))
            failed = await call_error(
                client,
                "execute_agent_request",
                {"agent_name": "offline", "prompt": "add a todo called buy eggs"},
            )
    assert failed["code"] == "tools_unavailable", failed
    assert failed["error"].startswith("offline could not use its tools (try again): ")
    assert "server 'broken' is down: command not found: /no/such/command" in failed["error"]


async def test_an_offline_request_that_only_asks_back_is_an_error_not_a_success(
    make_service: ServiceFactory,
) -> None:
    """A question back (a title missing) did nothing; no one is there to answer it: the request
    fails as not_understood with the question as its words (a trial read it as success)."""
    with anyio.fail_after(60):
        async with connect(make_service()) as client:
            await call(client, "register_tool_with_agent", add_todo(agent="offline"))
            failed = await call_error(
                client, "execute_agent_request", {"agent_name": "offline", "prompt": "add a todo"}
            )
    assert failed["code"] == "not_understood"
    assert failed["error"].startswith("offline did not understand the request: ")
    assert "I need: title" in failed["error"]


async def test_a_prompt_the_offline_agent_cannot_make_out_is_an_error_not_an_answer(
    make_service: ServiceFactory, tmp_path: Path
) -> None:
    prompt = "flibbertigibbet the wobbly quux"
    with anyio.fail_after(60):
        async with connect(make_service()) as client:
            await call(client, "register_tool_with_agent", add_todo(agent="offline"))
            failed = await call_error(
                client,
                "execute_agent_request",
                {"agent_name": "offline", "prompt": prompt, "context": {"a": 1}},
            )
        written = await todos_in(tmp_path)
    assert failed["code"] == "not_understood"
    assert failed["content"] == "" and failed["tokens_used"] is None
    assert failed["error"].startswith(
        f"offline did not understand the request: I'm not sure what to do with “{prompt}” "
        "offline, so I did nothing."
    )
    assert "- add_todo, e.g. “add a todo called …”" in failed["error"]  # what it can do
    assert failed["metadata"]["model"] == "offline"
    assert failed["metadata"]["warnings"] == [
        "offline does not read context; it routes the prompt alone"
    ]
    assert written == []


async def test_registrations_persist_and_a_repeat_replaces_with_a_warning(
    database_url: str, make_service: ServiceFactory
) -> None:
    with anyio.fail_after(60):
        async with connect(make_service(url=database_url)) as client:
            first = await call(client, "register_tool_with_agent", add_todo(agent="claude"))
            again = await call(
                client,
                "register_tool_with_agent",
                add_todo(agent="claude", description="Add a todo (v2)"),
            )
            everyone = await call(client, "register_tool_with_agent", add_todo())
        async with connect(make_service(url=database_url)) as client:  # a restart
            listed = await call(client, "list_available_agents", {"include_status": True})
    assert first == {"status": "success", "registered_with": ["claude"], "warnings": []}
    assert again["warnings"] == [
        "tool 'add_todo' was already registered with claude; it was replaced"
    ]
    assert everyone["registered_with"] == TOOL_USERS
    assert everyone["warnings"] == [
        "tool 'add_todo' was already registered with claude; it was replaced"
    ]
    tools = {a["name"]: a["registered_tools"] for a in listed["agents"]}
    assert {n: t for n, t in tools.items() if t} == {n: ["add_todo"] for n in TOOL_USERS}
    db = Database.open(database_url, tables=TABLES)
    try:
        (stored,) = SqlToolRepository(db).tools_for("claude")
    finally:
        db.close()
    assert (stored.description, stored.server, stored.tool) == (
        "Add an item to the user's todo list",
        "todo",
        "create_todo",
    )


@pytest.mark.parametrize(
    ("arguments", "code", "message"),
    [
        (add_todo(input_schema={"type": "objekt"}), "invalid_tool_spec",
         "tool_spec.input_schema is not a valid JSON Schema at type: 'objekt' is not valid"),
        (add_todo(input_schema={"type": "string"}), "invalid_tool_spec",
         "tool_spec.input_schema: must describe an object"),
        (add_todo("nowhere"), "unknown_server",
         "tool_spec.binding.mcp.server: no server named 'nowhere' in the orchestrator config"),
        (add_todo("agents"), "unknown_server",
         "tool_spec.binding.mcp.server: 'agents' is this agents server"),
        (add_todo("agents-module"), "unknown_server",
         "tool_spec.binding.mcp.server: 'agents-module' is this agents server"),
        (add_todo(agent="codex"), "no_tool_use",
         "agent_name: codex has no tool_use capability"),
        (add_todo(agent="hal"), "agent_not_found", "Agent Not Found: no agent named 'hal'"),
        ({**add_todo(), "tool_name": "rm -rf"}, "invalid_arguments",
         "tool_name: must match the pattern"),
        (add_todo(binding={"python": "import os; os.system('rm -rf /')"}), "invalid_arguments",
         "tool_spec.binding.python: is not a known field"),
    ],
)  # fmt: skip
async def test_a_bad_registration_is_refused_naming_the_field_and_writes_nothing(
    arguments: dict[str, Any], code: str, message: str, make_service: ServiceFactory
) -> None:
    with anyio.fail_after(30):
        async with connect(make_service()) as client:
            body = await call_error(client, "register_tool_with_agent", arguments)
            listed = await call(client, "list_available_agents", {"include_status": True})
    assert body["code"] == code and body["registered_with"] == []
    assert message in body["error"]
    assert all(a["registered_tools"] == [] for a in listed["agents"])


async def test_an_unreadable_orchestrator_config_blocks_bindings_only(
    make_service: ServiceFactory, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("mcp: [not, a, mapping\n")
    with anyio.fail_after(30):
        async with connect(make_service(config=broken)) as client:
            body = await call_error(client, "register_tool_with_agent", add_todo())
            probe = await call(client, "probe_agent_status", {"agent_name": "offline"})
    assert body["code"] == "unknown_server"
    assert body["error"].startswith(
        "tool_spec.binding.mcp.server: the orchestrator config cannot be read, so no server "
        f"can be bound: config error in {broken}"
    )
    assert probe["status"] == "operative"
