"""For a tool with no verb of ours (it computes over a text), the one text it takes is all that
follows a colon, as written: its first "The" and its last full stop are the text's, not words
around it. Fails on the router before (it sent "old owl hoots at night, softly")."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

TALLY = tool(
    "syllable_tally",
    "Return the syllable count and the sentence count of a text.",
    {"text": text("")},
    "text",
)
NOTES = tool("notes_list", "List recent notes.", {})


async def test_the_text_after_a_colon_is_sent_whole() -> None:
    said = calls(
        await turn([NOTES, TALLY], "how many syllables: The old owl hoots at night, softly.")
    )
    assert said == [("syllable_tally", {"text": "The old owl hoots at night, softly."})]
