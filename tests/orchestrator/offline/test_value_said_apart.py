"""An enum value that is an everyday adjective ("high", "low") counts beside its parameter's word
and also said as an item of its own, between commas or last after one: "todo: submit the
expense report by 5pm today, tag work, high" is a high-priority todo (user trial 14, d28), where
"fix the low battery warning" keeps its title."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

CHORE = tool(
    "add_chore",
    "Add a chore.",
    {
        "title": text("The chore"),
        "urgency": {"type": "string", "enum": ["low", "medium", "high"]},
        "labels": {"type": "array", "items": {"type": "string"}},
    },
    "title",
)


async def test_a_value_said_apart_is_that_value() -> None:
    said = await turn([CHORE], "chore: sweep the porch, labels home, high")
    assert calls(said) == [
        ("add_chore", {"title": "sweep the porch", "labels": ["home"], "urgency": "high"})
    ]
    low = await turn([CHORE], "add a chore: water the plants, low")
    assert calls(low) == [("add_chore", {"title": "water the plants", "urgency": "low"})]


async def test_a_value_inside_the_words_is_no_value() -> None:
    said = await turn([CHORE], "add a chore: fix the low battery warning")
    assert calls(said) == [("add_chore", {"title": "fix the low battery warning"})]
