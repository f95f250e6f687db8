"""Numbers a description joins by slashes before a word ("#hex (3/4/6/8 digits)", "a PIN of
4/6/8 characters") say how long a value may be, never the values a parameter takes: the
parameter stays free text and takes what the request says. Fails on the router before."""

from __future__ import annotations

from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from orchestrator.offline._tools import ToolView

SHADE: dict[str, Any] = {
    "type": "object",
    "properties": {
        "shade": {
            "type": "string",
            "description": "Shade value: #hex (3/4/6/8 digits), rgb(r,g,b) or a named shade",
        },
        "to": {"type": "string", "enum": ["hex", "rgb", "hsl"], "description": "Target format"},
    },
    "required": ["shade"],
}


def test_numbers_before_a_word_are_no_listed_values() -> None:
    view = ToolView.of("shade", "Convert shades between HEX, RGB and HSL", SHADE)
    assert view.params["shade"].role != "enum"
    assert view.params["shade"].allowed == ()
    pin = {"type": "object", "properties": {"pin": {"type": "string", "description": "a/b/c"}}}
    assert ToolView.of("set_pin", "Set a PIN", pin).params["pin"].allowed == ("a", "b", "c")


async def test_the_parameter_takes_the_value_said() -> None:
    shade = ToolDefinition("shade", "Convert shades between HEX, RGB and HSL", SHADE)
    step = await OfflineRouter().respond(ModelRequest("", [UserMessage("#a0b0c0 as hsl")], [shade]))
    assert [(c.name, c.arguments) for c in step.tool_calls] == [
        ("shade", {"to": "hsl", "shade": "#a0b0c0"})
    ]
