"""A new record's own text, said after its heading ("journal: ..."), keeps every word of it: a
word that names the record's kind ("work" for an entry) is part of the text there, and a day
part said of a thing ("the evening walk helped", "my morning run") is no date for the record.
Before, "journal: rough day at work, but the evening walk helped. mood 6" wrote "rough day at"
dated this evening (user trial 14, h15). Over schemas of their own."""

from __future__ import annotations

from typing import Any

from orchestrator.offline._read import read
from tests.orchestrator.offline._routing import calls, tool, turn

_S: dict[str, Any] = {"type": "string"}
_SCALE: dict[str, Any] = {"type": "integer", "minimum": 1, "maximum": 10}
DIARY = [
    tool(
        "add_journal_entry",
        "Add a journal entry",
        {"text": _S, "mood": _SCALE, "energy": _SCALE, "date": {"type": "string"}},
        "text",
    ),
    tool("list_entries", "List journal entries", {}),
]


async def test_the_text_after_a_heading_keeps_its_words_and_its_day_parts() -> None:
    said = "journal: rough day at work, but the evening walk helped. mood 6, energy 4"
    got = calls(await turn(DIARY, said))
    text = "rough day at work, but the evening walk helped"
    assert got == [("add_journal_entry", {"text": text, "mood": 6, "energy": 4})]


async def test_a_morning_said_of_a_thing_is_no_date() -> None:
    got = calls(await turn(DIARY, "journal: my morning run felt slow, mood 5"))
    assert got == [("add_journal_entry", {"text": "my morning run felt slow", "mood": 5})]


def test_a_day_part_said_of_a_thing_is_no_time() -> None:
    assert read("the evening walk helped").when is None
    assert read("my morning run was slow").when is None
    assert read("call mom in the evening").when is not None
    assert read("call mom this evening").when is not None
    assert read("call mom tomorrow morning").when is not None
