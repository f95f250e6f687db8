"""An expense's category said only as what was bought ("spent 14 on pizza": food, lexicon
PURCHASE_CLASSES) fills a category that takes free text, beside the amount said; the words stay
the note's. A category with listed values, things of two classes, or of none, still ask (the
first test fails on the router before)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

FREE = {"type": "number"}
LOG = tool(
    "log_outlay",
    "Log an outlay in the household book.",
    {"amount": FREE, "category": text("The outlay's category"), "note": text("A short note")},
    "amount",
    "category",
)
LISTED = tool(
    "log_outlay",
    "Log an outlay in the household book.",
    {
        "amount": FREE,
        "category": {"type": "string", "enum": ["meals", "travel", "home"]},
        "note": text("A short note"),
    },
    "amount",
    "category",
)


async def test_what_was_bought_names_its_class() -> None:
    said = await turn([LOG], "spent 14 on pizza")
    assert calls(said) == [("log_outlay", {"amount": 14, "category": "food", "note": "pizza"})]
    taxi = await turn([LOG], "spent 23.50 on a taxi")
    assert calls(taxi) == [
        ("log_outlay", {"amount": 23.5, "category": "transport", "note": "taxi"})
    ]


async def test_a_bill_and_clothes_are_classes_with_the_words_said() -> None:
    """A utility bill and clothes are classes of spending too (user trial 14, f27, x02), and the
    note keeps the words said with the thing ("running shoes", not "shoes" and a word asked
    about)."""
    bill = await turn([LOG], "spent 60 on the electricity bill")
    assert calls(bill) == [
        ("log_outlay", {"amount": 60, "category": "utilities", "note": "electricity bill"})
    ]
    shoes = await turn([LOG], "bought running shoes for 89.99")
    assert calls(shoes) == [
        ("log_outlay", {"amount": 89.99, "category": "clothing", "note": "running shoes"})
    ]


async def test_two_classes_or_none_ask() -> None:
    assert calls(await turn([LOG], "spent 30 on pizza and a taxi")) == []
    assert calls(await turn([LOG], "spent 30 on a lamp")) == []


async def test_a_category_of_its_own_values_is_not_made_up() -> None:
    assert calls(await turn([LISTED], "spent 14 on pizza")) == []
