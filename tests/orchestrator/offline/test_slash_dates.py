"""A date typed with slashes ("by 24/12", "on 12/24", "due 5/31/2027") is a due date when a word
that leads a date comes before it and the order of day and month cannot be in doubt; before, it
stayed in the title with no due date ("buy gifts by 12/24"), a wrong record. "by 3/4" (3 April,
or March 4th?) and a title that ends with such a pair ("pay rent 3/4", "read pages 10/20") are
asked about; a fraction inside a title ("buy 1/2 lb butter") is kept. Over tools of its own."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline._routing import calls, text, tool, turn

TODO = tool(
    "create_todo",
    "Create a todo with an optional due date",
    {"title": text("What to do"), "due_date": text("When", format="date")},
    "title",
)


@pytest.mark.parametrize(
    ("said", "due"),
    [
        ("add todo send the invoice by 12/23", "2026-12-23"),
        ("add todo send the invoice by 23/12", "2026-12-23"),
        ("add todo send the invoice on 12/23", "2026-12-23"),
        ("add todo renew the lease due 5/31/2027", "2027-05-31"),
        ("add todo renew the lease by 31/5/27", "2027-05-31"),
    ],
)
async def test_a_date_with_slashes_after_a_lead_is_the_due_date(said: str, due: str) -> None:
    ((name, arguments),) = calls(await turn([TODO], said))
    assert name == "create_todo"
    assert arguments == {"title": arguments["title"], "due_date": due}
    assert arguments["title"] in ("send the invoice", "renew the lease")


@pytest.mark.parametrize(
    "said",
    [
        "add todo pay the gardener by 3/4",
        "add todo pay the gardener 3/4",
        "add todo read pages 10/20",
    ],
)
async def test_a_pair_that_may_be_a_date_in_doubt_is_asked_about(said: str) -> None:
    assert calls(await turn([TODO], said)) == []


async def test_a_fraction_inside_a_title_is_kept() -> None:
    assert calls(await turn([TODO], "add todo buy 1/2 lb butter")) == [
        ("create_todo", {"title": "buy 1/2 lb butter"})
    ]
