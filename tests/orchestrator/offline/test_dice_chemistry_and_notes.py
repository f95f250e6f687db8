"""Misses of user trial 29 (read since, never tuned on at first sight), over the servers' own
schemas (`_dice_and_notes.py`) beside the bundled todo server's tools:
- a value in the notation a docstring's quoted examples show ("roll a d20", "2d6+3"; its letters
  by the examples' runs, so "sha1" is no formula), a single example's sign-and-number tail
  optional ("3d6" for "e.g. '1d20+5'"), and of two ways to make the same call the tool it
  fills whole (`roll_dice`, not `roll_multiple` with `times` left to its default);
- a count said in words before "times" ("flip a coin twenty times");
- items listed for a text its description calls comma-separated (`pick_random(options)`);
- a text pasted in lines under the request is its text: no verb, date or value is read in it
  ("M:4/4" is no April 4th), a tool named <from>_to_<what> is chosen by what it makes ("convert
  this to musicxml"), and "this" points at the pasted text, never at a part to ask for;
- a compound said by name where a formula is due is looked up first with the server's search,
  its first match's formula sent ("what's the MW of caffeine"); "molar mass of that" after a
  lookup takes the formula it found; a name nothing matches is asked about, never sent;
- "deal me a connections puzzle", "give me a puzzle with three groups": a new one made, never a
  listing; "give me a time report" stays a read;
- a favour asked of the assistant that no tool's description says ("book a table for two
  tonight") is asked about before a todo is made (a wrong write at first sight);
- "host game night": the todo's name, no due date tonight (a wrong write at first sight)."""

from __future__ import annotations

import json

import pytest

from tests.orchestrator.offline import _dice_and_notes as fixture
from tests.orchestrator.offline._routing import after_result, calls, conversation, turn
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *fixture.TOOLS]

TUNE = "X:1\nT:Ode to Joy\nM:4/4\nL:1/4\nK:D\nF F G A | A G F E | D D E F"
SCORE = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<score-partwise version="3.1"><part-list>'
    '<score-part id="P1"><part-name>Flute</part-name></score-part></part-list></score-partwise>'
)


@pytest.mark.parametrize(
    ("said", "name", "args"),
    [
        ("roll a d20", "roll_dice", {"notation": "d20"}),
        ("2d6+3", "roll_dice", {"notation": "2d6+3"}),
        ("roll 3d6 ten times", "roll_multiple", {"notation": "3d6", "times": 10}),
        ("flip a coin twenty times", "flip_coin", {"times": 20}),
    ],
)
async def test_dice_in_their_notation(said: str, name: str, args: dict[str, object]) -> None:
    assert calls(await turn(TOOLS, said)) == [(name, args)]


async def test_items_for_a_comma_separated_text() -> None:
    response = await turn(TOOLS, "pick one for dinner: pizza, sushi, tacos, ramen")
    assert not response.tool_calls  # ("for dinner" is asked about), with the items understood
    assert "pizza, sushi, tacos, ramen" in response.text, response.text
    assert "pick_random" in response.text, response.text


@pytest.mark.parametrize(
    ("said", "name", "args"),
    [
        (f"is this abc valid?\n{TUNE}", "validate_abc", {"abc": TUNE}),
        (f"convert this to musicxml pls\n\n{TUNE}", "abc_to_musicxml", {"abc": TUNE}),
        (f"turn this musicxml into abc notation\n{SCORE}", "musicxml_to_abc", {"musicxml": SCORE}),
    ],
)
async def test_lines_pasted_under_the_request(said: str, name: str, args: dict[str, str]) -> None:
    assert calls(await turn(TOOLS, said)) == [(name, args)]


_FOUND = json.dumps(
    {
        "query": "caffeine",
        "interpreted_as": "name",
        "matches": [{"name": "Caffeine", "formula": "C8H10N4O2"}],
    }
)


async def test_a_name_where_a_formula_is_due_is_looked_up_first() -> None:
    made, _ = await conversation(
        TOOLS, "what's the MW of caffeine", outputs={"find_chemical_compound": _FOUND}
    )
    assert made == [
        ("find_chemical_compound", {"query": "caffeine"}),
        ("molecular_weight_calculator", {"formula": "C8H10N4O2"}),
    ], made
    made, _ = await conversation(
        TOOLS,
        "what is the formula of caffeine",
        "molar mass of that",
        outputs={"find_chemical_compound": _FOUND},
    )
    assert made[-1] == ("molecular_weight_calculator", {"formula": "C8H10N4O2"}), made
    assert calls(await turn(TOOLS, "molar mass of Ca(OH)2")) == [
        ("molecular_weight_calculator", {"formula": "Ca(OH)2"})
    ]
    none = json.dumps({"error": "no compound named unobtainium"})
    made, _answers = await conversation(
        TOOLS, "MW of unobtainium", outputs={"find_chemical_compound": none}
    )
    assert [name for name, _ in made] == ["find_chemical_compound"], made  # asked, never sent


@pytest.mark.parametrize("said", ["deal me a connections puzzle", "give me a connections puzzle"])
async def test_a_new_one_asked_for_is_made(said: str) -> None:
    assert calls(await turn(TOOLS, said)) == [("create_puzzle", {})]


async def test_a_favour_no_tool_says_is_asked_about() -> None:
    response = await turn(TOOLS, "book a table for two at an italian place tonight")
    assert not response.tool_calls, calls(response)
    assert calls(await turn(TOOLS, "remind me to book a table tonight"))[0][0] == "create_todo"


async def test_game_night_is_a_name() -> None:
    assert calls(await turn(TOOLS, "ok add a todo: host game night")) == [
        ("create_todo", {"title": "host game night"})
    ]
    ((_, args),) = calls(await turn(TOOLS, "add todo: pay rent tonight"))
    assert args["title"] == "pay rent" and "due_date" in args, args


async def test_a_text_made_beside_an_empty_list_is_the_answer() -> None:
    said = f"turn this musicxml into abc notation\n{SCORE}"
    made = json.dumps({"abc": "X:1\nT:Flute\nK:C\nc2 d2 e4 |]", "warnings": []})
    response = await after_result(TOOLS, said, made)
    assert "c2 d2 e4" in response.text, response.text
    assert not response.text.startswith("No "), response.text


async def test_never_mind_before_a_request() -> None:
    made, _ = await conversation(
        TOOLS,
        "add todo 'clean garage' due 12/20",
        "nvm, delete the garage one",
        outputs={
            "create_todo": json.dumps(
                {"success": True, "todo": {"id": "t1", "title": "clean garage"}}
            ),
            "list_todos": json.dumps(
                {"success": True, "todos": [{"id": "t1", "title": "clean garage"}]}
            ),
        },
    )
    assert made[-1] == ("delete_todo", {"todo_id": "t1", "confirmation": True}), made


@pytest.mark.parametrize(
    "said",
    [
        "fireball! 8d6 damage",  # no formula: none of its examples opens with a digit
        "percent composition of glucose by mass",  # no name to look up, no formula
        "does this parse?\nX:1\nT:test\nM:4/4\nK:C\nC D E F | G A B c |]",  # no search's words
    ],
)
async def test_no_junk_sent_to_a_chemistry_tool(said: str) -> None:
    made = [name for name, _ in calls(await turn(TOOLS, said))]
    assert not {"molecular_weight_calculator", "find_chemical_compound"} & set(made), made


async def test_an_it_left_out_of_a_new_title_is_asked_about() -> None:
    """ "... a todo reminding me to finish it tonight": finish what? (a wrong write in the
    replay: a todo titled "reminding me to finish")."""
    response = await turn(TOOLS, "make a todo reminding me to finish it tonight")
    assert not response.tool_calls, calls(response)
    assert calls(await turn(TOOLS, "add a todo: return library books")) == [
        ("create_todo", {"title": "return library books"})
    ]
