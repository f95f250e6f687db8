"""A month said by its name for a whole number named for a month ("a july start" for
`first_month`: 7) is its number in the year, the name no word left over (the first test fails
on the router before: it asked for `first_month`). "may" at the start of a request is no
month."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

SEASON = tool(
    "school_year_of",
    "Return the school year a date falls in.",
    {"date": text("The date, YYYY-MM-DD"), "first_month": {"type": "integer", "default": 9}},
    "date",
)


async def test_a_month_name_is_its_number() -> None:
    said = await turn([SEASON], "which school year (july start) is 2027-02-10 in?")
    assert calls(said) == [("school_year_of", {"date": "2027-02-10", "first_month": 7})]


async def test_may_as_a_verb_is_no_month() -> None:
    said = await turn([SEASON], "may I know the school year of 2027-02-10?")
    assert calls(said) == [("school_year_of", {"date": "2027-02-10"})]
