"""A read whose required kind of thing (`type`: person, organization, topic) the request names
none of, where all it names is a person by name ("what's Dana Scully's phone number?"), looks
for a person, the name in the list of names it takes. Fails on the router before."""

from __future__ import annotations

from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter

NAMES: dict[str, Any] = {
    "type": "array",
    "items": {"type": "string"},
    "description": "Names as written, in any order",
}
KIND: dict[str, Any] = {
    "type": "string",
    "enum": ["person", "organization", "topic"],
    "description": "What to look for.",
}
RESOLVE = ToolDefinition(
    "find_contact",
    "Contacts that may be a person, organization or topic, best first, with their addresses",
    {"type": "object", "properties": {"type": KIND, "names": NAMES}, "required": ["type"]},
    read_only=True,
)


async def test_a_person_said_by_name_is_the_kind_looked_for() -> None:
    said = "what's Dana Scully's phone number?"
    step = await OfflineRouter().respond(ModelRequest("", [UserMessage(said)], [RESOLVE]))
    assert [(c.name, c.arguments) for c in step.tool_calls] == [
        ("find_contact", {"names": ["Dana Scully"], "type": "person"})
    ]
