"""Misses of user trial 28 read again after its replay (never tuned on at first sight), over the
servers' own schemas (`_subnets_and_strings.py`, and bytesmith's `id_generate`) beside the
bundled todo server's tools:
- a check's answer whose lists are empty is that answer ("fully covered True"), never "No
  coverages found";
- one number for a list of numbers ("split ... at index 4": `indices` [4]), a reply "4 and 9"
  to the question for them numbers, and a text never an item of such a list;
- "generate 5 uuids": 5 is how many (`count`), never the v5 `name`;
- a read chosen by its verb alone ("give me ...", "show me ...") is no answer where the request
  says another tool's words or hands over a text: `list_todos` had been called 12 times so;
- a text after a question that opens the request ("grade level?? Cats sleep a lot. ...") is
  the text, whole; a verb inside a text after a colon ("...: Click the button to start.") is no
  verb of the request; "rate the readability of my product description: ..." rates nothing;
- a follow-up led by the new value's words ("make that 4 and 9", "actually make it 10.0.6.1")
  makes the read again with it, or answers the question asked ("make that 4 and 9" for
  `indices`); a follow-up that asks another read of "the same text" or of "it" sends the text
  the read before worked on, and the read just made is no rival to it."""

from __future__ import annotations

import json

import pytest

from orchestrator import ToolDefinition
from tests.orchestrator.offline import _subnets_and_strings as fixture
from tests.orchestrator.offline._routing import after_result, calls, conversation, turn
from tests.orchestrator.offline.test_files_and_games import TODOS

_NULLABLE = {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}
ID_GENERATE = ToolDefinition(
    "id_generate",
    "Generate one or more identifiers (UUID / ULID / nanoid). `kind` selects the family and "
    "which args apply. uuid honours `version` (default 4): v5 is the SHA-1 of `name` within "
    "`namespace`. nanoid draws `size` (default 21) symbols from `alphabet`.",
    {
        "properties": {
            "kind": {
                "description": "Identifier family: uuid (see `version`), ulid (time-sortable, "
                "26 chars), or nanoid (custom `alphabet`/`size`).",
                "enum": ["uuid", "ulid", "nanoid"],
                "type": "string",
            },
            "count": {
                "default": 1,
                "description": "How many IDs to generate, 1..1000; default 1.",
                "type": "integer",
            },
            "version": {
                "anyOf": [{"enum": [1, 4, 5, 7], "type": "integer"}, {"type": "null"}],
                "default": None,
                "description": "UUID version for kind=uuid: 1, 4, 5, 7. Default 4.",
            },
            "namespace": {**_NULLABLE, "description": "UUID v5 namespace: dns|url|oid|x500."},
            "name": {
                **_NULLABLE,
                "description": "UUID v5 name hashed within `namespace`, e.g. a hostname. "
                "Required with version=5.",
            },
            "size": {
                "anyOf": [{"type": "integer"}, {"type": "null"}],
                "default": None,
                "description": "Character count for kind=nanoid; default None means 21.",
            },
        },
        "required": ["kind"],
        "type": "object",
    },
    server="bytesmith",
)
TOOLS = [*TODOS, *fixture.TOOLS, ID_GENERATE]


async def test_a_checks_answer_with_empty_lists_is_that_answer() -> None:
    said = "do 10.0.0.0/25 and 10.0.0.128/25 fully cover 10.0.0.0/24?"
    result = {"target": "10.0.0.0/24", "fully_covered": True, "gaps": [], "outside_target": []}
    response = await after_result(TOOLS, said, json.dumps(result))
    assert "fully covered True" in response.text, response.text
    assert "No " not in response.text, response.text


async def test_one_number_for_a_list_of_numbers() -> None:
    for said, text, indices in (
        ("split 'johnsmith1990' at index 4", "johnsmith1990", [4]),
        ("split abcdef at 2", "abcdef", [2]),
    ):
        assert calls(await turn(TOOLS, said)) == [
            ("split_at_indices", {"text": text, "indices": indices})
        ]
    made, _ = await conversation(TOOLS, "split 'johnsmith1990' at index", "4 and 9")
    assert made == [("split_at_indices", {"text": "johnsmith1990", "indices": [4, 9]})]


async def test_a_number_before_a_plural_is_how_many_to_make() -> None:
    assert calls(await turn(TOOLS, "generate 5 uuids")) == [
        ("id_generate", {"kind": "uuid", "count": 5})
    ]


@pytest.mark.parametrize(
    "said",
    [
        "give me 3 ulids",
        "show me where the letter e shows up in 'excellence'",
        "how subjective is this: The report lists revenue of 4 million for Q3.",
    ],
)
async def test_a_read_chosen_by_its_verb_alone_is_no_answer(said: str) -> None:
    assert all(name != "list_todos" for name, _ in calls(await turn(TOOLS, said)))
    assert calls(await turn(TOOLS, "show my todos")) == [("list_todos", {})]


@pytest.mark.parametrize(
    ("said", "name", "text"),
    [
        (
            "grade level?? Cats sleep a lot. They like the sun.",
            "flesch_kincaid_grade",
            "Cats sleep a lot. They like the sun.",
        ),
        ("flesch score for: Click the button to start.", "flesch_reading_ease", None),
        (
            "rate the readability of my product description: Lightweight, waterproof hiking "
            "boots with breathable mesh lining.",
            "analyze_readability",
            "Lightweight, waterproof hiking boots with breathable mesh lining.",
        ),
    ],
)
async def test_a_text_after_a_question_or_a_colon_is_the_text(
    said: str, name: str, text: str | None
) -> None:
    made = calls(await turn(TOOLS, said))
    assert [n for n, _ in made] == [name], made
    if text is not None:
        assert made[0][1] == {"text": text}, made


async def test_a_follow_up_led_by_its_new_value() -> None:
    made, _answers = await conversation(
        TOOLS, "split 'johnsmith1990' at index 4", "make that 4 and 9"
    )
    assert made[-1] == ("split_at_indices", {"text": "johnsmith1990", "indices": [4, 9]}), made
    made, _ = await conversation(
        TOOLS, "is 10.0.5.77 inside 10.0.4.0/23?", "actually make it 10.0.6.1"
    )
    assert made[-1] == ("ip_in_subnet", {"ip": "10.0.6.1", "cidr": "10.0.4.0/23"}), made
    made, _ = await conversation(TOOLS, "split 'johnsmith1990' at index", "make that 4 and 9")
    assert made == [("split_at_indices", {"text": "johnsmith1990", "indices": [4, 9]})]


async def test_another_read_of_the_same_text() -> None:
    text = "Lightweight, waterproof hiking boots with breathable mesh lining."
    for first, then, name in (
        (
            "flesch score for: Click the button to start.",
            "now the grade level for the same text",
            "flesch_kincaid_grade",
        ),
        (
            f"rate the readability of my product description: {text}",
            "and does it sound upbeat?",
            "analyze_sentiment",
        ),
    ):
        made, _answers = await conversation(TOOLS, first, then)
        assert len(made) == 2 and made[1][0] == name, made
        assert made[1][1] == made[0][1], made


_MADE = {
    "create_todo": json.dumps(
        {"success": True, "todo": {"id": "todo_1", "title": "book team lunch", "tags": ["work"]}}
    ),
    "list_todos": json.dumps(
        {"success": True, "todos": [{"id": "todo_1", "title": "book team lunch"}], "count": 1}
    ),
}


@pytest.mark.parametrize(
    ("then", "args"),
    [
        ("change the tags to work and social", {"tags": ["work", "social"]}),
        ("set the due date to wednesday 5pm", None),
        ("change the title to 'team lunch at noon'", {"title": "team lunch at noon"}),
    ],
)
async def test_a_change_that_names_no_record_is_the_one_just_made(
    then: str, args: dict[str, object] | None
) -> None:
    made, _ = await conversation(
        TOOLS, "add 'book team lunch' for friday noon, tag work", then, outputs=_MADE
    )
    assert made[0][0] == "create_todo", made
    changes = [a for name, a in made[1:] if name != "list_todos"]  # (its fields read first)
    assert [name for name, _ in made[1:] if name != "list_todos"] == ["update_todo"], made
    assert changes[0]["todo_id"] == "todo_1", made
    if args is not None:
        assert {k: changes[0][k] for k in args} == args, made
    else:
        assert "due_date" in changes[0], made


async def test_delete_that_one_with_a_remark_after_it() -> None:
    made, _ = await conversation(
        TOOLS,
        "add 'book team lunch' for friday noon",
        "delete that one, changed my mind",
        outputs=_MADE,
    )
    assert [name for name, _ in made] == ["create_todo", "delete_todo"], made
    assert made[1][1]["todo_id"] == "todo_1", made


async def test_also_after_a_record_makes_another_of_its_kind() -> None:
    made, _ = await conversation(
        TOOLS,
        "add 'book team lunch' for friday noon, tag work",
        "also 'pack gym bag' tagged personal",
        outputs=_MADE,
    )
    assert made[1] == ("create_todo", {"title": "pack gym bag", "tags": ["personal"]}), made
