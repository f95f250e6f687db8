"""A title that points at a day no turn gave ("start drafting on that start date", "call the
bank that day") is asked about, never written with those words as its title and no due date
(trial 34 wrote the todo "start drafting on that start date"); a day pass is no day."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline._routing import conversation
from tests.orchestrator.offline.test_files_and_games import TODOS


@pytest.mark.parametrize(
    "said",
    [
        "ok add a todo for me to start drafting on that start date",
        "remind me to call the bank that day",
        "add a todo to file the forms the same day",
    ],
)
async def test_a_day_pointed_at_is_asked_about(said: str) -> None:
    made, answers = await conversation(TODOS, said)
    assert made == []
    assert "may not be the whole title" in answers[0]


@pytest.mark.parametrize(
    ("said", "title"),
    [("remind me to buy a day pass", "buy a day pass"), ("add a todo: pay that invoice", None)],
)
async def test_a_title_that_points_at_no_day_is_written(said: str, title: str | None) -> None:
    made, _ = await conversation(TODOS, said)
    assert [n for n, _ in made] == ["create_todo"]
    assert title is None or made[0][1]["title"] == title
