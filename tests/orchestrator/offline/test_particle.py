"""The word a verb takes after its object ("push the ferns chore back", lexicon
`VERB_PARTICLES`) is no word of the item's name when no item's name holds it: the chore is found
by the words before it, a remark after a comma left out too. Fails on the router before (no
chore matched "ferns back")."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import run_with, tool

CHORES = tool("list_chores", "List all chores.", {})
POSTPONE = tool(
    "postpone_chore",
    "Postpone a chore by a week.\n\nArgs:\n    chore_id: Chore ID",
    {"chore_id": {"type": "integer"}},
    "chore_id",
)
OUTPUTS = {
    "list_chores": json.dumps(
        [{"id": 1, "title": "Water the ferns"}, {"id": 2, "title": "Fix the gate"}]
    ),
    "postpone_chore": json.dumps({"ok": True}),
}


async def test_the_item_is_found_without_the_particle() -> None:
    made = await run_with([CHORES, POSTPONE], OUTPUTS, "push the ferns chore back, no time today")
    assert made[-1] == ("postpone_chore", {"chore_id": 1})
    made = await run_with([CHORES, POSTPONE], OUTPUTS, "push the gate one back")
    assert made[-1] == ("postpone_chore", {"chore_id": 2})
