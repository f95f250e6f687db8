"""Misses of user trial 29's replay (read since), over the servers' own schemas
(`_dice_and_notes.py`) beside the bundled todo server's tools:
- a yes/no question answered by a new value ("hmm make it four" to "create the puzzle with
  3 categories?") goes ahead with that value, never reads as a todo to change;
- "make it 5" after a thing made where its server changes nothing it made (a puzzle dealt):
  another, with the new value; after a todo made it stays a change of that todo;
- "a hint for puzzle abc123": the id's own noun labels the id, so the tool that gets a hint for
  that puzzle is chosen over the one that shows the puzzle;
- "again", "roll again", "reroll", "one more time" after a call that writes nothing: that call
  once more; "now 25" after 10 coin flips: 25 (a number alone, for the one number it was given);
- "a puzzle with five categories": a number in words before a plural is a count;
- "in kg/mol", "in kDa": a unit the tool lists, whole, never a formula;
- "list my travel todos": the word that qualifies a listing's noun is a tag to filter by;
- "compare the molar mass of D2O and H2O", "roll 2d6 and 1d20": one request of two values of
  one shape, a call each (never "salt and pepper", nor a range's two ends);
- "how heavy is a mole of ethanol": the name after "of" is looked up where a formula is due;
- "ok now a bigger one with 6" after a puzzle dealt: a follow-up after a filler, another."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline import _dice_and_notes as fixture
from tests.orchestrator.offline._routing import calls, conversation, run_with, turn
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *fixture.TOOLS]


@pytest.mark.parametrize("reply", ["hmm make it four", "make it 4", "actually make that 4"])
async def test_a_yes_or_no_answered_by_a_new_value(reply: str) -> None:
    made, answers = await conversation(TOOLS, "new connections game pls, just 3 categories", reply)
    assert "create_puzzle" in answers[0] and not made[:-1], answers[0]  # asked first
    assert made == [("create_puzzle", {"num_categories": 4})], answers


@pytest.mark.parametrize(
    ("reply", "count"), [("make it 5", 5), ("make it just 2 groups", 2), ("make it five", 5)]
)
async def test_a_new_value_after_a_thing_made_that_nothing_changes(reply: str, count: int) -> None:
    made, _ = await conversation(TOOLS, "create a puzzle with 3 categories", reply)
    assert made == [
        ("create_puzzle", {"num_categories": 3}),
        ("create_puzzle", {"num_categories": count}),
    ]


async def test_a_new_value_after_a_todo_made_changes_that_todo() -> None:
    made, _ = await conversation(
        TOOLS,
        "add a todo: buy milk",
        "make it tomorrow",
        outputs={"create_todo": '{"id": "todo_1", "title": "buy milk"}'},
    )
    assert [name for name, _ in made] == ["create_todo", "update_todo"], made
    assert made[1][1]["todo_id"] == "todo_1"


@pytest.mark.parametrize(
    ("said", "name"),
    [
        ("can i get a hint for puzzle abc123", "get_hint"),
        ("get me a hint for puzzle 5c1e2a77-0f3b-4c9d-b8e2-6a7d9e0f1c23", "get_hint"),
        ("show puzzle abc123", "get_puzzle"),
    ],
)
async def test_the_id_noun_labels_the_id(said: str, name: str) -> None:
    assert [n for n, _ in calls(await turn(TOOLS, said))] == [name]


@pytest.mark.parametrize("again", ["again", "roll again", "reroll pls", "one more time"])
async def test_again_after_a_call_that_writes_nothing(again: str) -> None:
    made, _ = await conversation(TOOLS, "roll 2d12", again)
    assert made == [("roll_dice", {"notation": "2d12"})] * 2


async def test_again_after_a_todo_listing_lists_again() -> None:
    made, _ = await conversation(TOOLS, "list my todos", "again")
    assert [name for name, _ in made] == ["list_todos", "list_todos"]


@pytest.mark.parametrize("follow_up", ["now 25", "and 25?", "now 25 times"])
async def test_a_number_alone_for_the_number_given_before(follow_up: str) -> None:
    made, _ = await conversation(TOOLS, "flip a coin 10 times", follow_up)
    assert made == [("flip_coin", {"times": 10}), ("flip_coin", {"times": 25})]


async def test_a_count_in_words_before_a_plural() -> None:
    said = "create a puzzle with five categories"
    assert calls(await turn(TOOLS, said)) == [("create_puzzle", {"num_categories": 5})]
    titled = calls(await turn(TOOLS, "add a todo: read three little pigs"))
    assert titled == [("create_todo", {"title": "read three little pigs"})]


@pytest.mark.parametrize(
    ("said", "args"),
    [
        ("molar mass of Fe2(SO4)3 in kg/mol", {"formula": "Fe2(SO4)3", "unit": "kg/mol"}),
        ("MW of NaCl in Da", {"formula": "NaCl", "unit": "Da"}),
    ],
)
async def test_a_unit_the_tool_lists(said: str, args: dict[str, object]) -> None:
    assert calls(await turn(TOOLS, said)) == [("molecular_weight_calculator", args)]


async def test_a_unit_is_never_a_formula() -> None:
    made = calls(await turn(TOOLS, "molar mass of water in kDa"))
    assert made == [("find_chemical_compound", {"query": "water"})]  # water looked up first


async def test_a_unit_after_a_weight() -> None:
    made, _ = await conversation(TOOLS, "what's the molar mass of Fe2(SO4)3", "now in kg/mol pls")
    assert made[-1] == ("molecular_weight_calculator", {"formula": "Fe2(SO4)3", "unit": "kg/mol"})


@pytest.mark.parametrize(
    ("said", "args"),
    [
        ("list my travel todos", {"tags": ["travel"]}),
        ("show the work todos", {"tags": ["work"]}),
        ("show my open todos", {"status": "pending"}),  # a status, no tag
        ("show the urgent todos", {"priority": "high"}),
        ("list my todos", {}),
    ],
)
async def test_a_qualifier_of_the_listed_noun_is_a_tag(said: str, args: dict[str, object]) -> None:
    assert calls(await turn(TOOLS, said)) == [("list_todos", args)]


@pytest.mark.parametrize(
    ("said", "made"),
    [
        (
            "compare the molar mass of D2O and H2O",
            [
                ("molecular_weight_calculator", {"formula": "D2O"}),
                ("molecular_weight_calculator", {"formula": "H2O"}),
            ],
        ),
        (
            "roll 2d6 and 1d20",
            [("roll_dice", {"notation": "2d6"}), ("roll_dice", {"notation": "1d20"})],
        ),
        ("add salt and pepper to my todos", [("create_todo", {"title": "salt and pepper"})]),
    ],
)
async def test_two_values_of_one_shape_a_call_each(said: str, made: list[object]) -> None:
    outputs = {t.name: '{"ok": true}' for t in TOOLS}
    assert await run_with(TOOLS, outputs, said) == made


async def test_the_name_after_of_is_looked_up() -> None:
    made = calls(await turn(TOOLS, "how heavy is a mole of ethanol"))
    assert made == [("find_chemical_compound", {"query": "ethanol"})]
    unsure = await turn(TOOLS, "percent composition of glucose by mass")
    assert not unsure.tool_calls  # ("glucose by mass" is no name to look up)


async def test_another_thing_made_after_a_filler() -> None:
    said = "ok now a bigger one with 6"
    made, _ = await conversation(TOOLS, "deal a connections puzzle with 4 categories", said)
    assert made == [
        ("create_puzzle", {"num_categories": 4}),
        ("create_puzzle", {"num_categories": 6}),
    ]


async def test_a_bare_value_after_a_thing_made_writes_nothing_new() -> None:
    made, _ = await conversation(TOOLS, "deal a connections puzzle with 4 categories", "and 5?")
    assert [name for name, _ in made].count("create_puzzle") == 1, made  # another? not assumed
