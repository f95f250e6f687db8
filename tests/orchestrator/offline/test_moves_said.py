"""A chess move for a parameter whose description names algebraic notation ("The player's move
in algebraic notation (e.g., 'e4', 'Nf3', 'Bxe5')"): any move so written ("d4", "exd5", "nf3" as
"Nf3"), or said in words ("knight to f3", "pawn e2 to e4", "castle kingside"), with whose side it
is beside it ("Nf6 for black"); a reply to the question for the move gives the move alone, never
the whole reply; "I want to play black" sets `user_plays_white` false. Before (user trial 35's
first sight), only the examples' own moves ("e4", "Nf3") were made, every move in words did
nothing, and the reply "ok i'll answer with e5" was sent as the move."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline import _chess_board
from tests.orchestrator.offline._routing import conversation
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *_chess_board.TOOLS]


@pytest.mark.parametrize(
    ("said", "move"),
    [
        ("d4", "d4"),
        ("exd5", "exd5"),
        ("nf3", "Nf3"),
        ("Nf6 for black", "Nf6"),
        ("black plays d5", "d5"),
        ("knight to f3", "Nf3"),
        ("ok play the knight to f3", "Nf3"),
        ("pawn e2 to e4", "e4"),
        ("move my knight from g1 to f3", "Nf3"),
        ("castle kingside", "O-O"),
    ],
)
async def test_a_move_written_or_said_in_words_is_made(said: str, move: str) -> None:
    made, _ = await conversation(TOOLS, said)
    assert made == [("make_move", {"move_san": move})]


async def test_a_reply_to_the_question_for_a_move_gives_the_move_alone() -> None:
    made, answers = await conversation(TOOLS, "make a move", "now play e5 for black")
    assert "move_san" in answers[0]
    assert [call for call in made if call[0] == "make_move"] == [("make_move", {"move_san": "e5"})]


async def test_a_side_said_turned_sets_the_flag_off() -> None:
    made, _ = await conversation(TOOLS, "start a game for me, I want to play black this time")
    assert made == [("new_game", {"user_plays_white": False})]


async def test_whose_asks_what_the_description_says_it_tells() -> None:
    """ "whose move is it now?": "Indicates whose turn it is", not the list of moves."""
    made, _ = await conversation(TOOLS, "whose move is it now?")
    assert made == [("get_turn", {})]
