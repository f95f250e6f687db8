"""User trials 25 and 26's wrong writes on the bundled todo server, each now right:
- "actually make it wednesday" after a todo made for tuesday at 10am moves it to wednesday at
  10am (the time had been dropped: due at midnight);
- "actually make it the 3rd" after "pay rent on the 1st" (1 January) is 3 January, never the 3rd
  of this month (it had moved rent to tomorrow); "the 3rd at 9am" too;
- "book me a flight to Rome next week", where no tool books, is said so, never a todo "flight
  to Rome"; "remind me to book a flight" is still one;
- "the cat food one is urgent", said where the router had asked for a todo's title, names a
  todo there is, never the title of a new one (a todo "cat food" had been made)."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import conversation
from tests.orchestrator.offline.test_files_and_games import TODOS

MADE = json.dumps({"success": True, "todo_id": "todo_s3a7", "message": "Todo created successfully"})


async def test_a_new_day_keeps_the_time_it_had() -> None:
    made, _ = await conversation(
        TODOS,
        "add 'call the vet' for next tuesday at 10am",
        "actually make it wednesday",
        outputs={"create_todo": MADE},
    )
    created, changed = made
    assert created[1]["due_date"][10:19] == "T10:00:00", made
    assert changed[0] == "update_todo" and changed[1]["todo_id"] == "todo_s3a7", made
    assert changed[1]["due_date"][11:19] == "10:00:00", made
    assert changed[1]["due_date"][:10] > created[1]["due_date"][:10], made


async def test_a_day_of_the_month_is_of_the_month_it_had() -> None:
    for said, clock in (
        ("actually make it the 3rd", ""),
        ("actually make it the 3rd at 9am", "T09:00"),
    ):
        made, _ = await conversation(
            TODOS, "pay rent on the 1st", said, outputs={"create_todo": MADE}
        )
        due = made[0][1]["due_date"]
        assert due[8:] == "01", made  # the 1st of the month to come
        changed = made[1]
        assert changed[0] == "update_todo" and changed[1]["todo_id"] == "todo_s3a7", made
        assert changed[1]["due_date"][:16] == f"{due[:8]}03{clock}", made  # of that month


async def test_a_favour_no_tool_does_is_said_so() -> None:
    made, answers = await conversation(TODOS, "book me a flight to Rome next week")
    assert made == [] and "No tool here can book" in answers[0], (made, answers)
    made, _ = await conversation(TODOS, "remind me to book a flight to Rome")
    assert made == [("create_todo", {"title": "book a flight to Rome"})], made


async def test_the_one_named_is_no_title() -> None:
    made, _ = await conversation(
        TODOS,
        "add 3 todos: oil change reminder in march, buy cat food, fix the bike light",
        "the cat food one is urgent",
    )
    assert not [c for c in made if c[0] == "create_todo"], made
