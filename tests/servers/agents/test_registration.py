"""register_tool_with_agent refuses what would let a caller reach outside the schema or back into
this server: a `$ref` that is not local (a URL, a file, another document), one that points at
nothing, a pattern that is no regular expression; a binding to this very server however its
command is spelled. Each refusal names the key and writes nothing."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
import yaml

from orchestrator.testing.vendors import FakeVendor, Recorded, Reply
from tests.servers.agents.conftest import ServiceFactory, call, call_error, connect, todo_entry
from tests.servers.agents.test_registered_tools import ADD_TODO_SCHEMA, add_todo

pytestmark = pytest.mark.processes

REPO = Path(__file__).resolve().parents[3]
TITLE = "tool_spec.input_schema.properties.title"


def with_title(title: dict[str, Any], **extra: Any) -> dict[str, Any]:
    properties = {**ADD_TODO_SCHEMA["properties"], "title": title}
    return {**ADD_TODO_SCHEMA, "properties": properties, **extra}


def schema_server() -> FakeVendor[Recorded]:
    """A loopback server that would hand out a schema to whoever fetched one."""
    schema = Reply(body={"type": "string", "description": "FETCHED-FROM-THE-URL"})
    return FakeVendor(re.compile("/"), schema, schema, recorded=Recorded, methods=("GET", "POST"))


async def registered(service: Any, arguments: dict[str, Any]) -> dict[str, Any]:
    with anyio.fail_after(30):
        async with connect(service) as client:
            body = await call_error(client, "register_tool_with_agent", arguments)
            listed = await call(client, "list_available_agents", {"include_status": True})
    assert body["registered_with"] == []
    assert all(a["registered_tools"] == [] for a in listed["agents"])
    return body


@pytest.mark.parametrize("where", ["http", "file", "relative"])
async def test_a_ref_outside_the_schema_is_refused_naming_the_key_and_nothing_is_fetched(
    where: str, make_service: ServiceFactory, tmp_path: Path
) -> None:
    secret = tmp_path / "secret.json"
    secret.write_text('{"type": "string", "description": "READ-FROM-THE-FILE"}')
    with schema_server() as server:
        ref = {
            "http": f"{server.url}/x.json",
            "file": secret.as_uri(),
            "relative": "secret.json#/description",
        }[where]
        body = await registered(make_service(), add_todo(input_schema=with_title({"$ref": ref})))
    assert body["code"] == "invalid_tool_spec"
    # A long reference is shown cut (errors repeat a caller's value up to 80 characters).
    shown = body["error"].removeprefix(f"{TITLE}.$ref: ").split(" is not a reference")[0]
    assert shown == repr(ref) or (len(repr(ref)) > 80 and shown.endswith("/secret.json'"))
    assert body["error"] == (
        f"{TITLE}.$ref: {shown} is not a reference inside the schema; only '#', '#/$defs/…' "
        "and '#/definitions/…' are allowed (nothing is fetched)"
    )
    assert server.requests == []


@pytest.mark.parametrize(
    ("schema", "message"),
    [
        (with_title({"$ref": "#/$defs/Title"}),
         f"{TITLE}.$ref: '#/$defs/Title' points at nothing in the schema"),
        (with_title({"$ref": "#/definitions/Title"}, definitions={"Other": {}}),
         f"{TITLE}.$ref: '#/definitions/Title' points at nothing in the schema"),
        (with_title({"type": "string", "$id": "https://example.com/title"}),
         f"{TITLE}.$id: a tool's schema may not change its base below the root"),
        (with_title({"$dynamicRef": "#meta"}),
         f"{TITLE}.$dynamicRef: not allowed in a tool's schema"),
        (with_title({"type": "string", "pattern": "(["}),
         "tool_spec.input_schema is not a valid JSON Schema at properties/title/pattern"),
        (with_title({"type": "string"}, patternProperties={"^x": {}},
                    unevaluatedProperties=False),
         "tool_spec.input_schema.unevaluatedProperties: not allowed in a schema with "
         "patternProperties"),
    ],
)  # fmt: skip
async def test_a_ref_that_points_at_nothing_and_other_unbounded_schemas_are_refused(
    schema: dict[str, Any], message: str, make_service: ServiceFactory
) -> None:
    body = await registered(make_service(), add_todo(input_schema=schema))
    assert body["code"] == "invalid_tool_spec"
    assert body["error"].startswith(message)


async def test_local_refs_into_defs_are_accepted(make_service: ServiceFactory) -> None:
    schema = with_title({"$ref": "#/$defs/Title"}, **{"$defs": {"Title": {"type": "string"}}})
    with anyio.fail_after(30):
        async with connect(make_service()) as client:
            body = await call(client, "register_tool_with_agent", add_todo(input_schema=schema))
    assert body["status"] == "success"


def self_entries(tmp_path: Path) -> dict[str, dict[str, Any]]:
    """This agents server, spelled every way a config might."""
    script = Path(sys.executable).parent / "mcp-agents"
    alias = tmp_path / "gateway"
    alias.symlink_to(script)
    python = sys.executable
    return {
        "attached-m": {"command": python, "args": ["-mservers.agents"]},
        "bundled-flags": {"command": "python3", "args": ["-I", "-um", "servers.agents"]},
        "main-module": {"command": python, "args": ["-m", "servers.agents.__main__"]},
        "package-path": {"command": python, "args": ["servers/agents"], "cwd": str(REPO)},
        "main-file": {"command": python, "args": [str(REPO / "servers/agents/__main__.py")]},
        "script-path": {"command": str(script)},
        "symlink": {"command": str(alias)},
        "shell": {"command": "sh", "args": ["-c", "exec python -m servers.agents"]},
        "env": {"command": "env", "args": ["AGENTS_RATE_LIMIT=5", "mcp-agents"]},
    }


SPELLINGS = ["attached-m", "bundled-flags", "main-module", "package-path", "main-file",
             "script-path", "symlink", "shell", "env"]  # fmt: skip


@pytest.mark.parametrize("server", SPELLINGS)
async def test_a_binding_to_this_server_is_refused_however_its_command_is_spelled(
    server: str, make_service: ServiceFactory, tmp_path: Path
) -> None:
    assert shutil.which("sh") and shutil.which("env")
    config = tmp_path / "self.yaml"
    servers = {"todo": todo_entry(tmp_path), **self_entries(tmp_path)}
    config.write_text(yaml.safe_dump({"mcp": {"servers": servers}}))
    body = await registered(make_service(config=config), add_todo(server))
    assert body["code"] == "unknown_server"
    assert body["error"] == (
        f"tool_spec.binding.mcp.server: {server!r} is this agents server; an agent's tools must "
        "run on another server"
    )


async def test_an_unknown_field_deep_in_the_spec_lists_the_fields_known_there(
    make_service: ServiceFactory,
) -> None:
    body = await registered(make_service(), add_todo(binding={"mcp": {}, "python": "x"}))
    assert body["code"] == "invalid_arguments"
    assert "tool_spec.binding.python: is not a known field (known fields: mcp)" in body["error"]
