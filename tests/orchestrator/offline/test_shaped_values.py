"""A value's shape says the field made for it: "#2" is the number of the tool's own thing
(`card_number`, not `cert_number`), "1963" the `year`, a number after a price word ("paid 900",
"cost 1400 dollars") what was paid, "BGS 9.5" a grading provider (a member of its enum) and the
grade (the field named by that enum's first word, in another form), "raw" a graded flag off
(said by its opposite), and a flag that says the record has a field (`is_graded`) on when that
field is given. A name ending with a field's noun ("Base Set"), or said after "from" right after
the thing ("a Blastoise from Base Set"), is what it belongs to (`set_name`, beside the thing's own
required name); after a verb of getting ("bought ... from Kim") it is where it came from. Fails
on the router before (the values were read into the title, or left unread and asked about)."""

from __future__ import annotations

from typing import Any

from tests.orchestrator.offline._routing import calls, integer, string, text, tool, turn

NULLABLE: dict[str, Any] = {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}
PRICE: dict[str, Any] = {"anyOf": [{"type": "number"}, {"type": "null"}], "default": None}
CARD = tool(
    "collection_add_card",
    "Record a card as owned.",
    {
        "is_graded": {"type": "boolean", "default": False, "description": "True for graded slabs."},
        "grading_provider": {
            "anyOf": [{"type": "string", "enum": ["psa", "cgc", "bgs"]}, {"type": "null"}],
            "default": None,
        },
        "cert_number": NULLABLE,
        "grade": NULLABLE,
        "grade_numeric": PRICE,
        "set_name": NULLABLE,
        "card_number": NULLABLE,
        "subject": text("Player/character/Pokemon name", minLength=1),
        "acquisition_price": PRICE,
        "acquisition_source": NULLABLE,
    },
    "subject",
)
COMIC = tool(
    "add_comic",
    "Add a comic book to the long box.",
    {"title": string(), "issue_number": string(), "year": integer(), "price": PRICE},
    "title",
)


async def test_a_grade_and_its_provider_a_number_and_a_set_each_go_to_their_field() -> None:
    said = "add a Blastoise from Base Set #2, BGS 9.5, paid 900"
    assert calls(await turn([CARD], said)) == [
        (
            "collection_add_card",
            {
                "grading_provider": "bgs",
                "grade": "9.5",
                "card_number": "2",
                "acquisition_price": 900,
                "set_name": "Base Set",
                "is_graded": True,
                "subject": "Blastoise",
            },
        )
    ]


async def test_a_number_after_the_name_is_its_number_and_the_grade_splits_from_its_provider() -> (
    None
):
    said = "add Umbreon VMAX 215 from Evolving Skies, graded PSA 10, cost 1400 dollars"
    assert calls(await turn([CARD], said)) == [
        (
            "collection_add_card",
            {
                "grading_provider": "psa",
                "grade": "10",
                "card_number": "215",
                "acquisition_price": 1400,
                "set_name": "Evolving Skies",
                "is_graded": True,
                "subject": "Umbreon VMAX",
            },
        )
    ]


async def test_from_after_a_verb_of_getting_is_the_source() -> None:
    assert calls(await turn([CARD], "bought a Charizard from Kim for 20")) == [
        (
            "collection_add_card",
            {"acquisition_price": 20, "acquisition_source": "Kim", "subject": "Charizard"},
        )
    ]


async def test_a_flag_said_with_a_negating_prefix_is_off() -> None:
    assert calls(await turn([CARD], "add an ungraded Charizard to my collection")) == [
        ("collection_add_card", {"is_graded": False, "subject": "Charizard"})
    ]


async def test_a_year_and_an_issue_number_of_another_kind_of_record() -> None:
    said = "add a 1963 Amazing Spider-Man #1 to my comics, paid 900"
    assert calls(await turn([COMIC], said)) == [
        (
            "add_comic",
            {"issue_number": "1", "year": 1963, "price": 900, "title": "Amazing Spider-Man"},
        )
    ]
