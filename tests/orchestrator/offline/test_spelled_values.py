"""Values a description lists in capitals, as constants are written ("Optional column filter
(BACKLOG, TODO, DOING, DONE)"), are sent as written: a server that compares them so refuses
"doing". Values listed in a sentence's case still go in lower case. Fails on the router
before (it sent "doing")."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

CARDS = tool(
    "show_cards",
    "Show the cards on the wall.",
    {
        "lane": text("Optional lane filter (INBOX, NEXT, WAITING, FINISHED)."),
        "wide": {"type": "boolean"},
    },
)
PAGES = tool(
    "show_pages",
    "Show the pages of the site.",
    {"state": text("Filter by state (Draft, published, archived)")},
)


async def test_values_listed_in_capitals_are_sent_in_capitals() -> None:
    assert calls(await turn([CARDS], "show the cards waiting")) == [
        ("show_cards", {"lane": "WAITING"})
    ]


async def test_values_listed_in_a_sentence_go_in_lower_case() -> None:
    assert calls(await turn([PAGES], "show the draft pages")) == [
        ("show_pages", {"state": "draft"})
    ]
