"""A word after an item's name that says what of it to show ("show me the billing task
details", "... info") is no word of the name when no item holds it: the item is found and
shown, not "No history named 'billing details'" (user trial 10, row 135)."""

from __future__ import annotations

from tests.orchestrator.offline.test_everyday_writes import BILLING, billing
from tests.orchestrator.offline.test_found_elsewhere import SERVER, TOOLS
from tests.orchestrator.offline.test_write_gate import run


async def test_what_to_show_after_the_name_is_not_part_of_it() -> None:
    server = {**SERVER, **billing(), "get_task": lambda args: {"id": args["task_id"]}}
    for said in (
        "show me the billing task details",
        "show the billing task info",
        "get me the billing task summary",
    ):
        made, _ = await run(TOOLS, server, said)
        assert made[-1] == ("get_task", {"task_id": BILLING}), (said, made)
