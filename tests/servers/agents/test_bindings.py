"""A registered tool's schema is data when its arguments are checked: a registration stored
before `$ref`s were refused is not offered (a warning says why) and nothing is fetched, and a
catastrophic pattern cannot block the server (the check is bounded in time and the model hears
why it failed)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import anyio
import pytest
import yaml

from servers.agents.repository import RegisteredTool
from tests.servers.agents.conftest import AGENT_VENDORS, ServiceFactory, call, connect
from tests.servers.agents.test_registered_tools import ADD_TODO_SCHEMA, add_todo, reply_from
from tests.servers.agents.test_registration import schema_server, with_title

pytestmark = pytest.mark.processes

OPENAI = AGENT_VENDORS["openai"]
LONG = "a" * 28 + "!"  # Python's re takes minutes over ^(a+)+$ on this


async def execute(service: Any, arguments: dict[str, Any], *, register: bool = True) -> Any:
    with anyio.fail_after(20):  # a blocked event loop would overrun it
        async with connect(service) as client:
            if register:
                await call(client, "register_tool_with_agent", arguments)
            async with anyio.create_task_group() as tg:  # the server answers others meanwhile
                tg.start_soon(call, client, "probe_agent_status", {"agent_name": "offline"})
                body = await call(
                    client, "execute_agent_request", {"agent_name": "openai", "prompt": "eggs"}
                )
    return body


@pytest.mark.parametrize("where", ["http", "file"])
async def test_a_remote_ref_stored_before_the_checks_is_not_offered_nor_fetched(
    where: str, make_service: ServiceFactory, tmp_path: Path
) -> None:
    secret = tmp_path / "secret.json"
    secret.write_text('{"type": "string", "description": "READ-FROM-THE-FILE"}')
    with schema_server() as server, OPENAI.make() as fake:
        ref = f"{server.url}/x.json" if where == "http" else secret.as_uri()
        fake.reply(
            OPENAI.call("add_todo", {"title": "buy milk"}),
            reply_from(OPENAI, lambda text, failed: f"failed={failed}: {text}"),
        )
        service = make_service(env=OPENAI.env(fake))
        stored = RegisteredTool(
            "add_todo", "Add a todo", with_title({"$ref": ref}), "todo", "create_todo"
        )
        service.repository.register(["openai"], stored, datetime.now(UTC))
        body = await execute(service, {}, register=False)
    assert body["content"] == "failed=True: no tool named 'add_todo' (available: none)"
    assert body["metadata"]["warnings"] == [
        "tool 'add_todo' was not offered: its schema is refused now (register it again): "
        f"input_schema.properties.title.$ref: {ref!r} is not a reference inside the schema; "
        "only '#', '#/$defs/…' and '#/definitions/…' are allowed (nothing is fetched)"
    ]
    assert server.requests == []
    assert "READ-FROM-THE-FILE" not in str(body)


@pytest.mark.parametrize(
    ("schema", "arguments", "problem"),
    [
        (with_title({"type": "string", "pattern": "^(a+)+$"}), {"title": LONG},
         f"title: {LONG!r} does not match '^(a+)+$'"),
        (with_title({"type": "string", "pattern": "^(a|a)+$"}), {"title": LONG},
         "could not be checked within 1s: the pattern '^(a|a)+$' takes too long on this value"),
        ({**ADD_TODO_SCHEMA, "patternProperties": {"^(a|a)+$": {"type": "string"}}},
         {"title": "eggs", LONG: "x"},
         "could not be checked within 1s: the pattern '^(a|a)+$' takes too long on this value"),
    ],
    ids=["nested-quantifier", "overlapping-alternation", "pattern-properties"],
)  # fmt: skip
async def test_a_catastrophic_pattern_is_checked_in_bounded_time_and_the_model_hears_why(
    schema: dict[str, Any],
    arguments: dict[str, Any],
    problem: str,
    make_service: ServiceFactory,
) -> None:
    with OPENAI.make() as fake:
        fake.reply(
            OPENAI.call("add_todo", arguments),
            reply_from(OPENAI, lambda text, failed: f"failed={failed}: {text}"),
        )
        body = await execute(
            make_service(env=OPENAI.env(fake)), add_todo(agent="openai", input_schema=schema)
        )
    assert body["content"] == f"failed=True: arguments do not fit add_todo's schema: {problem}"


async def test_a_tool_whose_server_left_the_config_is_not_offered_and_a_warning_says_so(
    make_service: ServiceFactory, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "without-todo.yaml"
    other = {"notes": {"command": "true", "disabled": True}}  # todo is gone, another stays
    elsewhere.write_text(yaml.safe_dump({"mcp": {"servers": other}}))
    with OPENAI.make() as fake:
        fake.reply(OPENAI.answer("Nothing to call."))
        with anyio.fail_after(30):
            async with connect(make_service()) as client:
                await call(client, "register_tool_with_agent", add_todo(agent="openai"))
            async with connect(make_service(env=OPENAI.env(fake), config=elsewhere)) as client:
                body = await call(
                    client, "execute_agent_request", {"agent_name": "openai", "prompt": "eggs"}
                )
        (sent,) = OPENAI.calls(fake)
    assert OPENAI.tools(sent.body) == {}
    assert body["content"] == "Nothing to call."
    assert body["metadata"]["warnings"] == [
        "tool 'add_todo' was not offered: server 'todo' is no longer in the orchestrator config "
        f"({elsewhere})"
    ]
