"""The class a thing is filed under, said after "under" (lexicon CLASS_LEADS: "put it under
food", "under personal care"), is a category's value: the words up to a clause break, the verb
and "it" before the lead no value of anything. A word that is no value ("under it") fills
nothing (the first test fails on the router before)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

LOG = tool(
    "log_outlay",
    "Log an outlay in the household book.",
    {
        "amount": {"type": "number"},
        "category": text("The outlay's category"),
        "note": text("A note"),
    },
    "amount",
    "category",
)


async def test_the_class_said_after_under_is_the_category() -> None:
    put = await turn([LOG], "spent 9 on a lamp, put it under home")
    assert calls(put) == [("log_outlay", {"amount": 9, "category": "home", "note": "lamp"})]
    two = await turn([LOG], "spent 9 on a lamp under personal care")
    assert calls(two) == [
        ("log_outlay", {"amount": 9, "category": "personal care", "note": "lamp"})
    ]


async def test_under_with_no_class_after_it_asks() -> None:
    assert calls(await turn([LOG], "spent 9 on a lamp, put it under")) == []
