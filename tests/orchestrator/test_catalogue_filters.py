"""Per-server tool filters (`include_tools`, `exclude_tools` beside `allowed_tools`) and tool
names every provider takes (at most 64 safe characters, the server's own name kept for the
call), against real servers."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import anyio
import pytest

from orchestrator import Orchestrator, load_config
from orchestrator.catalogue import CatalogueTool, RenamedTool, model_name, prefixed, renamed
from orchestrator.errors import ConfigError
from orchestrator.testing import ScriptedModel, call, server_entry
from orchestrator.testing.servers.concierge import LONG_NAME

pytestmark = pytest.mark.processes

SAFE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


async def test_include_and_exclude_globs_choose_a_servers_tools(
    write_config: Callable[..., Path], notes_file: Path
) -> None:
    notes = server_entry(
        "notes",
        env={"NOTES_FILE": str(notes_file)},
        include_tools=["*_note", "*_notes", "set_*"],
        exclude_tools=["shred_*"],
    )
    twin = server_entry(
        "notes",
        env={"NOTES_FILE": str(notes_file)},
        allowed_tools=["jot_note", "halt_notebook", "browse_notes"],
        exclude_tools=["halt_*"],
    )
    path = write_config({"notes": notes, "twin": twin})
    with anyio.fail_after(60):
        async with Orchestrator(load_config(path), model=ScriptedModel(), start="all") as orch:
            names = sorted(orch.catalogue)
            reports = {r.name: r for r in orch.reports}
    # jot_note and browse_notes are on both servers, so both are prefixed
    assert names == [
        "notes__browse_notes",
        "notes__jot_note",
        "set_note_state",
        "twin__browse_notes",
        "twin__jot_note",
    ]
    assert sorted(reports["notes"].tools) == ["browse_notes", "jot_note", "set_note_state"]
    assert sorted(reports["twin"].tools) == ["browse_notes", "jot_note"]


async def test_a_long_name_is_offered_cut_with_a_hash_and_called_by_its_own(
    write_config: Callable[..., Path],
) -> None:
    path = write_config({"concierge": server_entry("concierge")})
    offered = model_name(LONG_NAME)
    model = ScriptedModel(call(offered), "done")
    with anyio.fail_after(60):
        async with Orchestrator(load_config(path), model=model) as orch:
            result = await orch.ask("use the long one")
            tool = orch.catalogue[offered]
    assert len(LONG_NAME) > 64 and len(offered) == 64 and SAFE.match(offered)
    assert offered.startswith(LONG_NAME[:55]) and tool.tool_name == LONG_NAME
    assert all(SAFE.match(t.name) for t in model.requests[0].tools)
    (made,) = result.tool_calls
    assert (made.tool, made.status, made.result) == (offered, "ok", {"result": "long name reached"})


def test_names_are_made_safe_and_stay_distinct() -> None:
    assert model_name("create_todo") == "create_todo"  # a good name is kept as it is
    dotted, slashed = model_name("files.read"), model_name("files/read")
    assert SAFE.match(dotted) and SAFE.match(slashed) and dotted != slashed
    assert dotted.startswith("files_read_")
    assert model_name("x" * 64) == "x" * 64 and len(model_name("x" * 65)) == 64
    assert model_name("x" * 65) != model_name("x" * 66)

    def tool(server: str, name: str) -> CatalogueTool:
        return CatalogueTool(name, server, name, "", {})

    long_server = "a_server_with_a_rather_long_name_for_its_purpose"
    both = prefixed(
        {
            long_server: [tool(long_server, "search_issues_by_label")],
            "other": [tool("other", "search_issues_by_label")],
        }
    )
    assert [t.tool_name for t in both] == ["search_issues_by_label"] * 2
    assert all(SAFE.match(t.name) for t in both) and both[0].name != both[1].name
    assert both[1].name == "other__search_issues_by_label"


@pytest.mark.parametrize(
    ("key", "value", "problem"),
    [
        ("include_tools", "read_*", "valid list"),
        ("exclude_tools", [1, 2], "valid string"),
    ],
)
def test_a_bad_filter_is_a_config_error_naming_the_key(
    tmp_path: Path, key: str, value: object, problem: str
) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"mcpServers": {"a": {"command": "x", key: value}}}))
    with pytest.raises(ConfigError) as caught:
        load_config(path, env={})
    assert f"mcpServers.a.{key}" in str(caught.value) and problem in str(caught.value)


def test_a_renamed_tool_is_offered_once_per_rename_and_wins_over_a_tool_of_its_name() -> None:
    def tool(server: str, name: str) -> CatalogueTool:
        return CatalogueTool(name, server, name, f"{server}'s {name}", {"type": "object"})

    schema = {"type": "object", "properties": {"title": {"type": "string"}}}
    tools = [tool("todo", "create_todo"), tool("notes", "add_todo"), tool("notes", "jot")]
    offered = renamed(
        tools,
        [
            RenamedTool("add_todo", "todo", "create_todo", "Add a todo", schema),
            RenamedTool("make_todo", "todo", "create_todo"),
        ],
    )
    by_name = {t.name: t for t in offered}
    assert sorted(by_name) == ["add_todo", "jot", "make_todo"]
    assert (by_name["add_todo"].server, by_name["add_todo"].tool_name) == ("todo", "create_todo")
    assert (by_name["add_todo"].description, by_name["add_todo"].input_schema) == (
        "Add a todo",
        schema,
    )
    assert by_name["add_todo"].check_arguments  # its schema is the caller's, not the server's
    assert by_name["make_todo"].description == "todo's create_todo"  # the server's, unchecked
    assert not by_name["make_todo"].check_arguments
