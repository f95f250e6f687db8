"""The tool runner checks the arguments of a tool offered with a schema of the caller's (a
`RenamedTool`), nested objects, arrays and local `$defs` included, before its server is even
started; a call that breaks the schema is a failed result the model reads, never an exception."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest

from orchestrator import ModelRequest, Orchestrator, RenamedTool, UsageError, load_config
from orchestrator.testing import ScriptedModel, call, server_entry

pytestmark = pytest.mark.processes

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "body": {
            "type": "object",
            "properties": {"items": {"type": "array", "items": {"$ref": "#/$defs/Item"}}},
            "required": ["items"],
        }
    },
    "required": ["body"],
    "$defs": {"Item": {"type": "object", "properties": {"n": {"type": "integer"}}}},
}
SEND_BACK = RenamedTool("send_back", "echo", "reply", "Send a list back", SCHEMA)


async def test_arguments_that_break_a_renamed_tools_schema_never_reach_its_server(
    write_config: Callable[..., Path],
) -> None:
    path = write_config({"echo": server_entry("echo", allowed_tools=["reply"])})
    states: list[str] = []

    def after_the_bad_call(request: ModelRequest) -> Any:
        states.append(next(r.state for r in orch.reports if r.name == "echo"))
        return call("send_back", body={"items": [{"n": 1}, {"n": 2}]})

    model = ScriptedModel(
        call("send_back", body={"items": [{"n": 1}, {"n": "two"}], "extra": []}),
        after_the_bad_call,
        "Sent.",
    )
    with anyio.fail_after(60):
        async with Orchestrator(
            load_config(path), model=model, start="lazy", catalogue_cache=False,
            renamed=[SEND_BACK],
        ) as orch:  # fmt: skip
            assert [r.state for r in orch.reports] == ["idle"]  # known from the rename alone
            result = await orch.ask("send 1 and 2 back")

    (offered,) = model.requests[0].tools
    assert (offered.name, offered.description, offered.input_schema, offered.server) == (
        "send_back", "Send a list back", SCHEMA, "echo",
    )  # fmt: skip
    bad, good = result.tool_calls
    assert (bad.tool, bad.status) == ("send_back", "error")
    assert bad.result == (
        "arguments do not fit send_back's schema: body.items.1.n: 'two' is not of type 'integer'"
    )
    assert states == ["idle"]  # the bad call started nothing
    assert (good.status, good.result) == ("ok", {"items": [{"n": 1}, {"n": 2}]})
    assert result.text == "Sent."


@pytest.mark.parametrize(
    ("rename", "message"),
    [
        (lambda: RenamedTool("send back", "echo", "reply"),
         "name: 'send back' must be 1 to 64 letters, digits, '_' or '-'"),
        (lambda: RenamedTool("s", "echo", "reply", input_schema={"type": "object", "properties":
                             {"a": {"$ref": "https://example.com/a.json"}}}),
         "input_schema.properties.a.$ref: 'https://example.com/a.json' is not a reference "
         "inside the schema"),
        (lambda: RenamedTool("s", "echo", "reply", input_schema={"type": "array"}),
         'input_schema: must describe an object ("type": "object")'),
    ],
)  # fmt: skip
def test_a_rename_that_cannot_be_offered_is_refused_naming_the_field(
    rename: Callable[[], RenamedTool], message: str
) -> None:
    with pytest.raises(UsageError) as caught:
        rename()
    assert str(caught.value).startswith(message)


def test_a_rename_of_a_server_not_in_the_config_is_refused(
    write_config: Callable[..., Path],
) -> None:
    settings = load_config(write_config({"echo": server_entry("echo")}))
    with pytest.raises(UsageError, match=r"renamed: no server named 'gone' in the config"):
        Orchestrator(settings, renamed=[RenamedTool("x", "gone", "reply")])
