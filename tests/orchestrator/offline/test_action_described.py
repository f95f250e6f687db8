"""An action a tool's description says it does, asked with the same object: "reset the board"
for `new_game`, "Starts a new game, resetting the board to the initial position." (user trial
35: nothing was done, "the board" taken for a record nobody had named). A name of another tool
inside the description ("alternative to delete_card for cards") says no action of its own, and
a request of the tool's own kind reaches it as before."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline import _chess_board
from tests.orchestrator.offline._routing import conversation
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *_chess_board.TOOLS]


@pytest.mark.parametrize(
    ("said", "args"),
    [
        ("reset the board", {}),
        ("reset the whole board please", {}),
        ("ok reset the board, i'll play black", {"user_plays_white": False}),
    ],
)
async def test_the_action_a_description_says_reaches_its_tool(
    said: str, args: dict[str, object]
) -> None:
    made, _ = await conversation(TOOLS, said)
    assert made == [("new_game", args)]


async def test_an_object_the_description_does_not_say_is_no_such_action() -> None:
    made, _ = await conversation(TOOLS, "reset my todos")
    assert ("new_game", {}) not in made
