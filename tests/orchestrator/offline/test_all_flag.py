"""A change of all the items of a kind, said by the user's word for it ("mark all posts as seen",
lexicon `KIND_WORDS`), by a tool whose item id is optional beside one flag that says all of them
(`all_alerts`), sets that flag and looks up no item.
Fails on the router before (it listed the alerts and found none called "posts")."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import run_with, tool

ALERTS = tool("list_alerts_tool", "List the alerts.", {})
SEEN = tool(
    "mark_seen_tool",
    "Mark alerts as seen.\n\nArgs:\n    alert_id: Mark a single alert as seen\n"
    "    all_alerts: Mark ALL alerts as seen (use with caution)",
    {
        "alert_id": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None},
        "all_alerts": {"type": "boolean", "default": False},
    },
)
OUTPUTS = {
    "list_alerts_tool": json.dumps(
        [{"id": 1, "title": "Disk almost full"}, {"id": 2, "title": "Backup failed"}]
    ),
    "mark_seen_tool": json.dumps({"dismissed": 2}),
}


async def test_all_of_a_kind_sets_the_flag() -> None:
    for said in ("mark all posts as seen", "mark every article seen"):
        made = await run_with([ALERTS, SEEN], OUTPUTS, said)
        assert made == [("mark_seen_tool", {"all_alerts": True})], said
