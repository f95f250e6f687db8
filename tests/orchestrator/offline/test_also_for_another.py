"""A follow-up with no verb that names another record, "and ... too" ("and the gym one too"
after marking the trash one done), makes the change just made to that record as well, found
by its name like any other; nothing made before it is repeated (user trial 10, row 162)."""

from __future__ import annotations

from tests.orchestrator.offline.test_found_elsewhere import TOOLS
from tests.orchestrator.offline.test_write_gate import Server, run, writes

TODOS = [
    {"todo_id": "todo_trash00001", "title": "take out the trash", "status": "pending"},
    {"todo_id": "todo_gym0000001", "title": "gym", "status": "pending"},
    {"todo_id": "todo_plants0001", "title": "water the plants", "status": "pending"},
]
SERVER: Server = {
    "list_todos": lambda _: {"todos": TODOS, "count": len(TODOS)},
    "list_agents": lambda _: {"agents": [], "count": 0},
    "list_tasks": lambda _: {"tasks": [], "count": 0},
    "update_todo": lambda args: {"success": True, **args},
}
READS = ("list_todos", "list_agents", "list_tasks")


async def test_and_another_one_too_makes_the_same_change_to_it() -> None:
    for first, then, changed in (
        ("mark the trash one done", "and the gym one too", "todo_gym0000001"),
        ("mark the trash one done", "and water the plants as well", "todo_plants0001"),
        ("set the gym todo to high priority", "and the trash one too", "todo_trash00001"),
    ):
        made, _ = await run(TOOLS, SERVER, first, then)
        done = writes(made, *READS)
        assert len(done) == 2 and done[1][1]["todo_id"] == changed, (then, made)
        assert {k: v for k, v in done[1][1].items() if k != "todo_id"} == {
            k: v for k, v in done[0][1].items() if k != "todo_id"
        }


async def test_and_too_with_nothing_changed_before_changes_nothing() -> None:
    made, _ = await run(TOOLS, SERVER, "and the gym one too")
    assert writes(made, *READS) == [], made
