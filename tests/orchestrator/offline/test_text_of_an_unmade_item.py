"""The words an optional list of items reads into an item it cannot make (a review comment
with no file and no line) are no item and stay free: the request's text goes to the tool's own
text, and after a colon that says what is sent ("send ana feedback: ..."), all of it, whole.
Before, the words were read into the item, the item was dropped for what it lacked, and the
call went out without the text. Over schemas of its own.
"""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import run_with, text, tool

MEMBERS = tool(
    "list_members",
    "List the team's members with what each is working on.",
    {},
)
FEEDBACK = tool(
    "send_member_feedback",
    "Send review comments on files and lines of a member's draft (and a general message) to the "
    "member.",
    {
        "member_name": text("The member's name"),
        "comments": {
            "type": "array",
            "description": "Comments on files and lines",
            "items": {
                "type": "object",
                "properties": {
                    "file": text("A file of the draft"),
                    "line": {"type": "integer", "description": "A line of that file"},
                    "comment": text("What to change there"),
                },
                "required": ["file", "line", "comment"],
            },
        },
        "message": text("A general comment"),
    },
    "member_name",
)
TOOLS = [MEMBERS, FEEDBACK]
OUTPUTS = {
    "list_members": json.dumps({"members": [{"name": "ana"}, {"name": "bo"}]}),
    "send_member_feedback": "sent",
}


async def test_the_text_after_the_colon_is_sent_whole() -> None:
    made = await run_with(TOOLS, OUTPUTS, "send ana feedback: the header is still too big")
    assert made[-1] == (
        "send_member_feedback",
        {"member_name": "ana", "message": "the header is still too big"},
    )


async def test_the_text_goes_to_the_message_not_to_an_unmade_comment() -> None:
    made = await run_with(TOOLS, OUTPUTS, "send feedback to bo: use the shared button styles")
    assert made[-1] == (
        "send_member_feedback",
        {"member_name": "bo", "message": "use the shared button styles"},
    )
