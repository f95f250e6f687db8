"""A new record's text said after a colon that a word for a text labels ("..., details: by the
side door", lexicon `BODY_WORDS`), the word no noun of the record, is that text, its title said
before it: "add Fix the gate to later, details: by the side door". A record named so before the
colon ("new note: ...") is still its title. Fails on the router before (it did not understand
"details by the side door", and asked)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

ADD = tool(
    "add_chore",
    "Add a chore.",
    {
        "title": text("Chore title"),
        "bucket": {"type": "string", "enum": ["NOW", "LATER"]},
        "notes": text("Optional notes on the chore"),
    },
    "title",
)


async def test_the_labelled_text_is_the_body() -> None:
    response = await turn([ADD], "add Fix the gate to later, details: by the side door")
    assert calls(response) == [
        ("add_chore", {"title": "Fix the gate", "bucket": "LATER", "notes": "by the side door"})
    ]


async def test_the_record_named_before_the_colon_is_still_titled() -> None:
    note = tool(
        "add_note",
        "Add a note.",
        {"title": text("Note title"), "body": text("Optional note text")},
        "title",
    )
    response = await turn([note], "new note: buy stamps")
    assert calls(response) == [("add_note", {"title": "buy stamps"})]
