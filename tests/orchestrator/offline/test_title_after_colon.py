"""A new record whose one text is its title (a body optional and unsaid), said after a colon with
nothing before it but the verb and the record's noun, is all that follows the colon, as written,
when words in it are left that no parameter took: "memo: ring Dr. Ng back on friday, bring the
x-rays" is that memo's title, its day and its last clause in it. A day a parameter takes is
still that parameter's. Fails on the router before (it did not understand "friday bring
x-rays", and asked for the title)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

MEMO = tool(
    "add_memo",
    "Create a memo.",
    {"title": text("Memo title"), "details": text("Optional details")},
    "title",
)
DUE = tool(
    "add_memo",
    "Create a memo.",
    {"title": text("Memo title"), "due": text("Due date, YYYY-MM-DD", format="date")},
    "title",
)


async def test_the_whole_text_after_the_colon_is_the_title() -> None:
    response = await turn([MEMO], "memo: ring Dr. Ng back on friday, bring the x-rays")
    assert calls(response) == [
        ("add_memo", {"title": "ring Dr. Ng back on friday, bring the x-rays"})
    ]


async def test_a_day_a_parameter_takes_is_not_in_the_title() -> None:
    response = await turn([DUE], "memo: ring Dr. Ng back on 2030-05-17")
    assert calls(response) == [("add_memo", {"title": "ring Dr. Ng back", "due": "2030-05-17"})]
