"""A state after a negation typed without its apostrophe, as words are read ("haven't" is
"havent"), is negated: "the todos I haven't done" never lists the completed ones (it did, in
trial 34: `list_todos(status="completed")` for "show me what I haven't finished yet"); it is
its contrary, when the lexicon names one: completed negated is pending. "what have I already
checked off?" is the completed ones (before, with no todo named, the first asked which listing
and the second did nothing)."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline import _flights
from tests.orchestrator.offline._routing import conversation
from tests.orchestrator.offline.test_files_and_games import TODOS


@pytest.mark.parametrize(
    "said",
    [
        "show me the todos I haven't done",
        "show me the todos I havent finished",
        "list the todos that weren't completed",
        "which todos didn't get done",
    ],
)
async def test_a_negated_state_is_never_that_state(said: str) -> None:
    made, _ = await conversation(TODOS, said)
    assert made and all(a.get("status") != "completed" for _, a in made)


@pytest.mark.parametrize(
    ("said", "status"),
    [
        ("show me what I haven't finished yet", "pending"),
        ("which todos are not completed yet?", "pending"),
        ("what have I already checked off?", "completed"),
    ],
)
async def test_a_state_said_names_the_listing_that_takes_it(said: str, status: str) -> None:
    made, _ = await conversation([*TODOS, *_flights.TOOLS, _flights.AIRPORTS], said)
    assert made == [("list_todos", {"status": status})]
