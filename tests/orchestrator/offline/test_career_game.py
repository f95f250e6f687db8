"""A game whose every tool needs the session `new_game` returned (`career-emulator-engine`
1.0.6, user trial 37): a later request goes on in that session ("show me the last 5 log
entries": `check_latest_logs(session_id)`), and an id said in hex digits ("observe session
9c1e4b7a...") is that id; "choose the second option", "go with option 1", "take the first one"
are the `choice` of `take_action`. Before, the router asked for the session id each time, and
found no tool for a choice."""

from __future__ import annotations

import json

import pytest

from tests.orchestrator.offline import _career_game
from tests.orchestrator.offline._routing import conversation
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *_career_game.TOOLS]
SESSION = "6e22af022de147f1ada37a182f9ecca8"
OUTPUTS = {
    "new_game": json.dumps({"session_id": SESSION}),
    "create_todo": json.dumps({"success": True, "todo_id": "todo_x1", "session_id": "other"}),
}


async def test_the_session_a_call_returned_is_the_one_the_next_requests_go_on_in() -> None:
    made, _ = await conversation(
        TOOLS, "new game", "show me the last 5 log entries", outputs=OUTPUTS
    )
    assert made == [
        ("new_game", {}),
        ("check_latest_logs", {"session_id": SESSION, "count": 5}),
    ]


async def test_a_session_another_server_returned_is_never_used() -> None:
    made, _ = await conversation(
        TOOLS, "add a todo: buy milk", "show me the last 5 log entries", outputs=OUTPUTS
    )
    assert [name for name, _ in made] == ["create_todo"]


async def test_an_id_in_hex_digits_is_the_id() -> None:
    said = "observe session 9c1e4b7a2d3f4e5a8b6c0d1e2f3a4b5c"
    made, _ = await conversation(TOOLS, said)
    assert made == [("observe", {"session_id": "9c1e4b7a2d3f4e5a8b6c0d1e2f3a4b5c"})]


@pytest.mark.parametrize(
    ("said", "choice"),
    [
        ("go with option 1, note: just getting started", 1),
        ("take the first one, reasoning: seems like the safest option", 1),
        ("choose option fourteen, note: why not", 14),
    ],
)
async def test_the_option_chosen_is_the_choice_in_the_session(said: str, choice: int) -> None:
    made, _ = await conversation(TOOLS, "new game", said, outputs=OUTPUTS)
    assert made[1][0] == "take_action"
    assert made[1][1]["choice"] == choice and made[1][1]["session_id"] == SESSION


async def test_an_option_chosen_without_a_note_asks_for_it() -> None:
    made, answers = await conversation(TOOLS, "new game", "pick 2", outputs=OUTPUTS)
    assert made == [("new_game", {})] and "notes" in answers[1] and "choice 2" in answers[1]
