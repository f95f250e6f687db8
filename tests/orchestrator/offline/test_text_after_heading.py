"""A new record whose one text is its body (it has no title: a diary's `add_entry(text)`, a
memo's `write_memo(content)`) said after a colon with nothing before it but what names the
record ("journal: ...", "memo: ...") has all that follows the colon for its text, commas and
all; before, the text stopped at the first comma and the router asked about the rest ("I did
not understand “took 2h”"). A record with a title keeps its title after the colon, and a date a
tool takes is never part of the text. Over schemas of their own."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tests.orchestrator.offline._routing import calls, text, tool, turn

_S: dict[str, Any] = {"type": "string"}
_TAGS: dict[str, Any] = {"type": "array", "items": _S}
DIARY = [
    replace(t, server="journal")
    for t in (
        tool("add_entry", "Add a new diary entry", {"text": _S, "tags": _TAGS}, "text"),
        tool("list_recent_entries", "List recent entries", {"limit": {"type": "integer"}}),
    )
]
MEMOS = [
    tool("write_memo", "Write a memo", {"content": text("What the memo says")}, "content"),
    tool("list_memos", "List memos", {}),
]
DATED = [
    tool(
        "add_log",
        "Add a log record",
        {"message": text("The log text"), "date": {"type": "string", "format": "date"}},
        "message",
    ),
]


async def test_a_diary_entry_after_its_heading_keeps_its_commas() -> None:
    said = "journal: fixed the auth bug today, took 2h #work"
    got = calls(await turn(DIARY, said))
    assert got == [("add_entry", {"text": "fixed the auth bug today, took 2h", "tags": ["work"]})]


async def test_a_memo_after_its_heading_is_its_content() -> None:
    said = "memo: the boiler man comes back next week, leave the key with Ana"
    got = calls(await turn(MEMOS, said))
    content = "the boiler man comes back next week, leave the key with Ana"
    assert got == [("write_memo", {"content": content})]


async def test_a_log_line_after_its_heading_keeps_its_commas() -> None:
    got = calls(await turn(DATED, "log: backup failed, disk full"))
    assert got == [("add_log", {"message": "backup failed, disk full"})]


async def test_a_date_the_tool_takes_is_not_written_into_the_text() -> None:
    said = "log: backup failed on friday, disk full"
    for _, args in calls(await turn(DATED, said)):
        assert "friday" not in str(args.get("message", ""))


async def test_a_record_with_a_title_keeps_it_after_the_colon() -> None:
    notes = [tool("create_note", "Create a note", {"title": _S, "body": _S}, "title")]
    got = calls(await turn(notes, "note: dentist is Dr. Okafor, room 4"))
    assert got == [("create_note", {"title": "dentist is Dr. Okafor, room 4"})]


async def test_money_words_after_a_heading_are_the_texts_not_an_expense() -> None:
    """ "journal: spent way too much this week, mood 5": the heading says what record it is;
    "spent" and a number after it had made it an expense of 5 (user trial 14, x06)."""
    journal = tool(
        "log_journal_entry",
        "Log a journal entry",
        {"content": _S, "mood": {"type": "integer", "minimum": 1, "maximum": 10}},
        "content",
    )
    expense = tool(
        "add_expense",
        "",
        {"amount": {"type": "number"}, "category": _S, "date": text("YYYY-MM-DD")},
        "amount",
        "category",
        "date",
    )
    got = calls(await turn([journal, expense], "journal: spent way too much this week, mood 5"))
    assert got == [("log_journal_entry", {"content": "spent way too much this week", "mood": 5})]
