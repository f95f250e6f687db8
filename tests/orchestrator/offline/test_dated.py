"""A date said after "dated" is the record's date, and "dated" no word of its title: "create a
note titled "Shopping" dated 2026-03-01" had written the title `"Shopping" dated` (a wrong write,
found by a helper's check on an English notes server). A tool with a `date` parameter had
corrected "dated" to "date", one letter away, and so lost it as the date's lead word."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline._routing import calls, text, tool, turn

NOTE = tool(
    "create_note",
    "Create a note with a title, a body and a date.",
    {"title": text(""), "body": text(""), "date": {"type": "string", "format": "date"}},
    "title",
)


@pytest.mark.parametrize(
    "said",
    [
        'create a note titled "Shopping" dated 2026-03-01',
        "create a note titled Shopping dated 2026-03-01",
        "create a note titled Shopping with date 2026-03-01",
    ],
)
async def test_dated_leads_the_date_and_leaves_the_title(said: str) -> None:
    assert calls(await turn([NOTE], said)) == [
        ("create_note", {"title": "Shopping", "date": "2026-03-01"})
    ]


async def test_a_title_that_holds_date_keeps_it() -> None:
    (made,) = calls(await turn([NOTE], "create a note called first date on 2026-12-04"))
    assert made == ("create_note", {"title": "first date", "date": "2026-12-04"})
