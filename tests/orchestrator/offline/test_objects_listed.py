"""A listing whose result is one JSON object per record, one after another (a text block each,
joined), is a listing of those records (user trial 13, first sight: with two contacts, "tag
Ana as friends" answered "No contact matches Ana" with Ana in the list; with one, it worked)."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import run_with, text, tool

LIST = tool(
    "contacts_list",
    "List contacts with regex-like filtering.",
    {"q": text("Filter"), "tag": text("Tag")},
)
UPDATE = tool(
    "contacts_update",
    "Update contact.",
    {
        "contact_id": {"type": "integer"},
        "name": text(""),
        "tags": {"type": "array", "items": {"type": "string"}},
        "notes": text(""),
    },
    "contact_id",
)
CONTACTS = [
    {"id": 1, "name": "Ana Lopez", "phone": "+639171234567", "tags": ""},
    {"id": 2, "name": "Dr. Weber", "phone": "0301234567", "tags": ""},
]


async def test_each_object_is_a_record_of_the_listing() -> None:
    listing = "\n".join(json.dumps(c, indent=2) for c in CONTACTS)
    made = await run_with(
        [LIST, UPDATE],
        {"contacts_list": listing, "contacts_update": json.dumps({"id": 1})},
        "tag Ana as friends",
    )
    assert made[0][0] == "contacts_list"
    assert made[-1] == ("contacts_update", {"contact_id": 1, "tags": ["friends"]}), made
