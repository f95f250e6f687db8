"""User trial 25's misses over a units server whose `convert` takes two unit expressions
(`mcp-gnu-units`) and a maths server whose operations are listed in prose (`mcp-mathematics`),
`_units.py`, beside the bundled todo server's tools:
- a conversion is sent to `convert(from_expr, to_expr)` as written ("convert 1.5 kWh to
  joules", "how many tablespoons in a cup", "whats 1 atm in psi", "how many fl oz in 750ml",
  "5 feet 11 inches to cm"), the stuff measured left out ("3 cups of sugar in ml"); a reduction
  to the system the tool's description names goes to that tool ("express 9.81 m/s^2 in si
  base units"); two tools that would make the same conversion never make it a question;
- "is 7919 prime?", "prime factors of 360", "totient of 97", "what are the divisors of 360":
  the operation its description lists and the one number; "median of 3,1,4,1,5,9,2,6": the
  numbers written together;
- a follow-up goes on with the call before: "and the median?", "what about 7921", "and in
  meters?", "and in celsius";
- a conversion said as the reply to a question is a request of its own;
- a conversion, then a write that needs what it returns ("... and add a todo to buy that much
  water"): the conversion made, the write said not done (it had asked for an expression);
- "define hogshead" sent to the read that takes a unit's name, where no tool lists the names (it
  had answered "No unit named ..." with nothing called)."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline import _units
from tests.orchestrator.offline._routing import calls, conversation, turn
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *_units.TOOLS]

CONVERSIONS = [
    ("convert 1.5 kWh to joules", "1.5 kWh", "joules"),
    ("how many tablespoons in a cup", "cup", "tablespoons"),
    ("convert 60 mph to m/s", "60 mph", "m/s"),
    ("how much is 3 cups of sugar in ml", "3 cups", "ml"),
    ("whats 1 atm in psi", "1 atm", "psi"),
    ("30 inHg in hPa?", "30 inHg", "hPa"),
    ("how many fl oz in 750ml", "750 ml", "fl oz"),
    ("how many bytes in 2 gibibytes", "2 gibibytes", "bytes"),
    ("convert 5 feet 11 inches to cm", "5 feet + 11 inches", "cm"),
    ("how many square feet is one acre", "1 acre", "square feet"),
    ("how many grams is 8 oz of flour?", "8 oz", "grams"),
]


@pytest.mark.parametrize(("said", "source", "target"), CONVERSIONS)
async def test_a_conversion_as_two_expressions(said: str, source: str, target: str) -> None:
    made = calls(await turn(TOOLS, said))
    assert made == [("convert", {"from_expr": source, "to_expr": target})], made


async def test_a_reduction_to_the_system_its_description_names() -> None:
    for said, expr in (
        ("express 9.81 m/s^2 in si base units", "9.81 m/s^2"),
        ("reduce 1 horsepower to si base units", "1 horsepower"),
    ):
        assert calls(await turn(TOOLS, said)) == [("convert_to_si", {"expr": expr})], said


async def test_two_tools_that_convert_alike_are_no_question() -> None:
    made = calls(await turn(TOOLS, "convert 26.2 miles to km"))
    assert [name for name, _ in made] == ["convert_units"], made
    made = calls(await turn(TOOLS, "convert 250 g of butter to pounds"))
    assert made == [
        ("convert_units", {"value": 250, "from_unit": "g", "to_unit": "lb", "unit_type": "mass"})
    ], made


async def test_an_operation_listed_in_prose_and_its_number() -> None:
    for said, operation, number in (
        ("is 7919 prime?", "is_prime", 7919),
        ("prime factors of 360", "prime_factors", 360),
        ("totient of 97", "totient", 97),
        ("what are the divisors of 360", "divisors", 360),
    ):
        made = calls(await turn(TOOLS, said))
        want = {"operation": operation, "number": number}
        assert made == [("analyze_number_theory", want)], (said, made)


async def test_numbers_written_together_are_a_list() -> None:
    for said, data, operation in (
        ("median of 3,1,4,1,5,9,2,6", [3, 1, 4, 1, 5, 9, 2, 6], "median"),
        ("mode of 2,2,3,3,3,4", [2, 2, 3, 3, 3, 4], "mode"),
    ):
        made = calls(await turn(TOOLS, said))
        assert made == [("calculate_statistics", {"data": data, "operation": operation})], made


async def test_a_follow_up_goes_on_with_the_call_before() -> None:
    made, _ = await conversation(TOOLS, "mean of 12, 15, 9, 21", "and the median?")
    assert made[-1] == (
        "calculate_statistics",
        {"data": [12, 15, 9, 21], "operation": "median"},
    ), made
    made, _ = await conversation(TOOLS, "is 7919 prime?", "what about 7921")
    assert made[-1] == ("analyze_number_theory", {"operation": "is_prime", "number": 7921})
    made, _ = await conversation(TOOLS, "convert 26.2 miles to km", "and in meters?")
    assert made[-1][0] == "convert_units" and made[-1][1]["to_unit"] == "m", made
    assert made[-1][1]["value"] == 26.2, made
    made, _ = await conversation(TOOLS, "convert 0 K to tempC", "and in celsius")
    assert made[-1] == ("convert", {"from_expr": "0 K", "to_expr": "celsius"}), made


async def test_a_conversion_said_as_a_reply_is_a_request_of_its_own() -> None:
    made, _ = await conversation(TOOLS, "convert notes.docx to pdf", "convert 5 gallons to liters")
    assert made == [("convert", {"from_expr": "5 gallons", "to_expr": "liters"})], made


async def test_units_the_lexicon_knows_go_to_the_tool_of_named_units() -> None:
    made = calls(await turn(TOOLS, "convert 350 F to celsius"))
    assert made == [
        (
            "convert_units",
            {
                "value": 350,
                "from_unit": "fahrenheit",
                "to_unit": "celsius",
                "unit_type": "temperature",
            },
        )
    ], made  # never "celsius" as written to a server that spells it `tempC`
    said = "what's the average mileage in the car service table"  # no quantity, no conversion
    assert "convert" not in [name for name, _ in calls(await turn(TOOLS, said))]


async def test_a_name_no_listing_holds_is_sent_to_the_read_that_takes_it() -> None:
    made = calls(await turn(TOOLS, "define hogshead"))  # it had answered "No unit named ..."
    assert made == [("define_unit", {"name": "hogshead"})], made


async def test_a_read_then_a_write_that_needs_its_result_makes_the_read_alone() -> None:
    said = "convert 5 gallons to liters and add a todo to buy that much water for the camping trip"
    made, answers = await conversation(TOOLS, said)
    assert made == [("convert", {"from_expr": "5 gallons", "to_expr": "liters"})], made
    assert "was not done" in answers[-1], answers
