"""Misses of user trial 27 (read since, never tuned on at first sight), over the servers' own
schemas (`_utilities.py`) beside the bundled todo server's tools:
- items listed for a tool's one list of plain values ("shuffle these: Alice, Bob, Carol",
  "choose one of pizza, sushi, tacos for dinner", "shuffle 1 2 3 4 5"), each item as written,
  the last ending where its tail begins ("tacos for dinner", "Dave without repeats"), a name
  of capitalised words kept whole ("New York"), how many said before them ("pick 3 of": `k`);
  "pick" a choice made, "pick up X" a thing to do; "done or not" every status;
- a range said for a tool's two bounds ("between 1 and 100"), for the tool whose bounds are of
  the numbers' type; a high bound alone ("below 1000"); a number said of what a number
  parameter counts ("a 16 byte hex token": `nbytes`);
- a pattern written as code ("\\d+", "[0-9]{3}-[0-9]{4}", "'^[a-z]+$'") for a tool's pattern
  parameter, never to a tool that takes nothing; a code its description gives a meaning to
  ("'i' for case-insensitive") sent for that meaning said;
- a text handed over after a colon whole, with its first word ("scrub: my key is ...");
- a mode the description lists by slashes ("redact/mask/hash" for `mode`, default "redact"),
  said as the verb ("hash the secrets in ...") or as a word ("in mask mode");
- a tool named by a verb of its own that deletes (`clear_test_cases`): "wipe the test cases"."""

from __future__ import annotations

import pytest

from orchestrator.offline._tokens import code_like, tokenize
from tests.orchestrator.offline import _utilities
from tests.orchestrator.offline._routing import calls, turn
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *_utilities.TOOLS]


@pytest.mark.parametrize(
    ("said", "name", "args"),
    [
        (
            "shuffle these: Alice, Bob, Carol, Dave",
            "random_shuffle",
            {"items": ["Alice", "Bob", "Carol", "Dave"]},
        ),
        (
            "shuffle New York, Los Angeles, San Francisco and Chicago",
            "random_shuffle",
            {"items": ["New York", "Los Angeles", "San Francisco", "Chicago"]},
        ),
        (  # (the schema's items are any of string, integer, ...: read as its first, a string)
            "shuffle 1 2 3 4 5 6",
            "random_shuffle",
            {"items": ["1", "2", "3", "4", "5", "6"]},
        ),
        (
            "choose one of pizza, sushi, tacos for dinner",
            "random_choices",
            {"population": ["pizza", "sushi", "tacos"], "k": 1},
        ),
        (
            "randomly choose between red, green and blue",
            "random_choices",
            {"population": ["red", "green", "blue"]},
        ),
        ("pick one of a, b, c", "random_choices", {"population": ["a", "b", "c"], "k": 1}),
        (
            "pick 3 of Ann, Ben, Cy, Di, Ed",
            "random_choices",
            {"population": ["Ann", "Ben", "Cy", "Di", "Ed"], "k": 3},
        ),
        (
            "pick 2 of Alice, Bob, Carol, Dave without repeats",
            "random_sample",
            {"population": ["Alice", "Bob", "Carol", "Dave"], "k": 2},
        ),
    ],
)
async def test_items_listed_for_a_list_of_plain_values(
    said: str, name: str, args: dict[str, object]
) -> None:
    assert calls(await turn(TOOLS, said)) == [(name, args)], said


async def test_pick_up_is_a_thing_to_do_never_a_choice() -> None:
    ((name, args),) = calls(await turn(TOOLS, "pick up the dry cleaning on saturday"))
    assert name == "create_todo", args
    assert args["title"] == "pick up the dry cleaning", args


@pytest.mark.parametrize(
    ("said", "name", "args"),
    [
        ("a random number between 1 and 100", "random_int", {"low": 1, "high": 100}),
        ("random float between 0.5 and 2.5", "random_float", {"low": 0.5, "high": 2.5}),
        ("give me a secure random integer below 1000", "secure_random_int", {"upper_bound": 1000}),
        ("a 16 byte hex token", "secure_token_hex", {"nbytes": 16}),
        ("a 64-byte hex token please", "secure_token_hex", {"nbytes": 64}),
    ],
)
async def test_bounds_and_counts_by_what_they_bound_or_count(
    said: str, name: str, args: dict[str, object]
) -> None:
    assert calls(await turn(TOOLS, said)) == [(name, args)], said


@pytest.mark.parametrize(
    ("said", "args"),
    [
        ("test the pattern \\d+", {"pattern": "\\d+"}),
        ("try the pattern [0-9]{3}-[0-9]{4}", {"pattern": "[0-9]{3}-[0-9]{4}"}),
        ("test ^\\w+@\\w+\\.com$ against the cases", {"pattern": "^\\w+@\\w+\\.com$"}),
        ("test the regex '^[a-z]+$' against my cases", {"pattern": "^[a-z]+$"}),
        (
            "test the regex ^abc$ with multiline and case insensitive flags",
            {"pattern": "^abc$", "flags": "im"},
        ),
    ],
)
async def test_a_pattern_written_as_code_is_tested(said: str, args: dict[str, object]) -> None:
    assert calls(await turn(TOOLS, said)) == [("test_regex", args)], said


def test_a_pattern_is_one_token_and_a_word_in_brackets_is_still_a_word() -> None:
    for written in ("[0-9]{3}-[0-9]{4}", "(\\d+)-(\\w+)", "^\\w+$", "colou?r", "a|b"):
        assert code_like(written), written
        assert [t.text for t in tokenize(f"test {written} now").tokens][1] == written
    for written in ("3+4", "(2+3)*4", "$45", "US$5", "(optional)", "[3]", "sk-abc123", "e-mail"):
        assert not code_like(written), written
    assert [t.text for t in tokenize("buy milk (optional).").tokens] == [
        "buy",
        "milk",
        "optional",
        ")",
        ".",
    ]


@pytest.mark.parametrize(
    ("said", "name", "text"),
    [
        ("scrub: my key is sk-abc123456789 ok", "scrub_text", "my key is sk-abc123456789 ok"),
        ("scan: password=hunter2 user=bob", "scan_text", "password=hunter2 user=bob"),
    ],
)
async def test_a_text_after_a_colon_is_handed_over_whole(said: str, name: str, text: str) -> None:
    assert calls(await turn(TOOLS, said)) == [(name, {"text": text})], said


@pytest.mark.parametrize(
    ("said", "mode"),
    [  # `mode` (default "redact"), its values "redact/mask/hash" in the tool's description
        ("hash the secrets in 'my password is hunter2 and token abc123def456'", "hash"),
        ("mask: api_key=sk-live-1234567890abcdef", "mask"),
        ("scrub 'token=abcdef1234567890' in mask mode", "mask"),
    ],
)
async def test_a_mode_listed_in_the_description_by_its_word(said: str, mode: str) -> None:
    ((name, args),) = calls(await turn(TOOLS, said))
    assert (name, args["mode"]) == ("scrub_text", mode), args


@pytest.mark.parametrize(
    "said", ["clear the test cases", "wipe all the regex test cases", "delete all test cases"]
)
async def test_a_tool_of_its_own_verb_clear_deletes(said: str) -> None:
    assert calls(await turn(TOOLS, said)) == [("clear_test_cases", {})], said
    assert calls(await turn(TOOLS, "show the test cases")) == [("get_test_cases", {})]


async def test_done_or_not_is_every_status() -> None:
    for said in ("list everything, done or not", "show my todos, finished or not"):
        assert calls(await turn(TOOLS, said)) == [("list_todos", {"status": "all"})], said
