"""Misses of user trial 28 (read since, never tuned on at first sight), over the servers' own
schemas (`_subnets_and_strings.py`) beside the bundled todo server's tools:
- IPv4 addresses and blocks in CIDR notation read by their shape for the parameters named for
  them, in the schema's order, the block said after "in", "inside", "from" or "cover" the one
  that holds the others (`container_cidr`, `base_cidr`, `target_cidr`), a list of blocks the
  rest; words never sent where a block is due, and a read that takes a list of values is no
  listing to look a name up in (`summarize_cidrs` had been called with the request's words);
- a text and a part of it both quoted ("the second 'the' in 'the cat and the hat'"): the text
  after "in", the part, and the ordinal before it its occurrence; a `char` one character (an
  emoji with its selector is one); "the 2nd 's'" no day of the month;
- a text after a dash apart or after a colon handed over whole, never one word of it ("pls -
  Pursuant to ...": at first sight `text="Pursuant"`), a short list after a colon no text;
- numbers joined by "and" or commas for a list of numbers, with their noun ("at positions 4 and
  6": `indices` [4, 6]);
- a result whose text opens "Error:" a failure, never a result;
- a follow-up that says only a new value ("and 224.0.0.251?", "what about 10.0.6.1") the read
  before made again with it, the rest kept;
- a day inside a text named after a comma (", description: ... since monday") that text's,
  never a due date (a wrong write at first sight)."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline import _subnets_and_strings as fixture
from tests.orchestrator.offline._routing import after_result, calls, conversation, turn
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *fixture.TOOLS]


@pytest.mark.parametrize(
    ("said", "name", "args"),
    [
        (
            "is 10.0.5.77 inside 10.0.4.0/23?",
            "ip_in_subnet",
            {"ip": "10.0.5.77", "cidr": "10.0.4.0/23"},
        ),
        (
            "do 10.1.0.0/16 and 10.1.128.0/17 overlap?",
            "subnets_overlap",
            {"cidr_a": "10.1.0.0/16", "cidr_b": "10.1.128.0/17"},
        ),
        (
            "inside 10.10.0.0/16 we've already used 10.10.0.0/24, 10.10.1.0/24 and "
            "10.10.4.0/22. where are the free gaps?",
            "find_gaps",
            {
                "container_cidr": "10.10.0.0/16",
                "used_cidrs": ["10.10.0.0/24", "10.10.1.0/24", "10.10.4.0/22"],
            },
        ),
        (
            "do 10.0.0.0/25 and 10.0.0.128/25 fully cover 10.0.0.0/24?",
            "check_coverage",
            {"target_cidr": "10.0.0.0/24", "covering_cidrs": ["10.0.0.0/25", "10.0.0.128/25"]},
        ),
        (
            "summarize these routes: 10.0.0.0/24 10.0.1.0/24 10.0.2.0/24 10.0.3.0/24",
            "summarize_cidrs",
            {"cidrs": ["10.0.0.0/24", "10.0.1.0/24", "10.0.2.0/24", "10.0.3.0/24"]},
        ),
    ],
)
async def test_addresses_and_blocks_by_their_shape(
    said: str, name: str, args: dict[str, object]
) -> None:
    assert calls(await turn(TOOLS, said)) == [(name, args)], said


async def test_a_block_taken_from_another_and_words_never_a_block() -> None:
    response = await turn(TOOLS, "if i remove 10.0.2.0/24 from 10.0.0.0/22 what's left?")
    assert "base cidr 10.0.0.0/22, remove cidr 10.0.2.0/24" in response.text, response.text
    for said in (  # (at first sight: `summarize_cidrs(cidrs=[<the request's words>])`)
        "find the second 'the' in 'the cat and the hat and the bat'",
        "check readability of: Our app helps you save time. It is easy to use.",
        "whats the broadcast adress for 10.20.30.0/22",
    ):
        made = calls(await turn(TOOLS, said))
        assert all(name not in ("summarize_cidrs", "check_coverage") for name, _ in made), made


@pytest.mark.parametrize(
    ("said", "name", "args"),
    [
        (
            "find the second 'the' in 'the cat and the hat and the bat'",
            "find_nth_substring",
            {"text": "the cat and the hat and the bat", "substring": "the", "n": 2},
        ),
    ],
)
async def test_a_text_and_a_part_of_it_both_quoted(
    said: str, name: str, args: dict[str, object]
) -> None:
    assert calls(await turn(TOOLS, said)) == [(name, args)], said


async def test_an_ordinal_before_a_quoted_part_is_no_day() -> None:
    for said in ("in 'mississippi' what position is the 2nd 's'", "the 3rd 'a' in 'banana'"):
        made = calls(await turn(TOOLS, said))
        assert all(name != "list_todos" for name, _ in made), made


async def test_a_result_that_opens_with_error_is_a_failure() -> None:
    said = "flesch reading ease for 'The sun rose. Birds sang. We walked to the lake.'"
    assert [n for n, _ in calls(await turn(TOOLS, said))] == ["flesch_reading_ease"]
    response = await after_result(TOOLS, said, "Error: '2pm'")
    assert "Error: '2pm'" in response.text, response.text
    assert "Ease:" not in response.text, response.text


@pytest.mark.parametrize(
    ("said", "description"),
    [
        (
            "make a todo to email the landlord about the leak, description: kitchen sink "
            "dripping since monday",
            "kitchen sink dripping since monday",
        ),
        (
            "add a todo call the plumber, notes: the leak started on friday",
            "the leak started on friday",
        ),
    ],
)
async def test_a_day_inside_a_named_text_is_no_due_date(said: str, description: str) -> None:
    ((name, args),) = calls(await turn(TOOLS, said))
    assert name == "create_todo", args
    assert args["description"] == description, args
    assert "due_date" not in args, args
    ((_, args),) = calls(await turn(TOOLS, "note: call mum on sunday"))  # (a heading: its day)
    assert "due_date" in args and "sunday" not in args["title"], args


async def test_a_text_after_a_dash_or_a_colon_is_handed_over_whole() -> None:
    text = (
        "Pursuant to the aforementioned stipulations, the lessee shall indemnify the lessor "
        "against all liabilities."
    )
    said = f"score this on the flesch ease scale pls - {text}"
    assert calls(await turn(TOOLS, said)) == [("flesch_reading_ease", {"text": text})]
    said = "fk grade for: We will meet at noon. Bring a snack and a hat."
    assert calls(await turn(TOOLS, said)) == [
        ("flesch_kincaid_grade", {"text": "We will meet at noon. Bring a snack and a hat."})
    ]


async def test_a_follow_up_with_a_new_value_makes_the_read_again() -> None:
    for first, then, again in (
        ("classify 100.64.3.2 for me", "and 224.0.0.251?", {"ip": "224.0.0.251"}),
        (
            "is 10.0.5.77 inside 10.0.4.0/23?",
            "what about 10.0.6.1",
            {"ip": "10.0.6.1", "cidr": "10.0.4.0/23"},
        ),
        (
            "fk grade for: We will meet at noon. Bring a snack and a hat.",
            "and for 'Artisanal, naturally leavened loaves.'",
            {"text": "Artisanal, naturally leavened loaves."},
        ),
    ):
        made, answers = await conversation(TOOLS, first, then)
        assert len(made) == 2 and made[1][0] == made[0][0], made
        assert made[1][1] == again, made
        assert "Which one" not in answers[-1], answers  # what it returned, no question
    made, _ = await conversation(TOOLS, "classify 100.64.3.2 for me", "and delete my todos")
    assert all(name != "classify_ip" for name, _ in made[1:]), made  # (words of its own)


async def test_numbers_joined_for_a_list_of_numbers_with_their_noun() -> None:
    said = "split '20240315' at positions 4 and 6"
    assert calls(await turn(TOOLS, said)) == [
        ("split_at_indices", {"indices": [4, 6], "text": "20240315"})
    ]
