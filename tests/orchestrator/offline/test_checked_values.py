"""A tool that validates (`validate_isbn(value)`) checks, and what it checks is the number or
code the request says, whole, never the words around it: "is ISBN 978-3-16-148410-0 valid?",
"which group is the card 4000 1234 5678 9010". "validate this number" with nothing to check
and several checks asks which. Fails on the router before ("validate" was no verb, and the
value asked for)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, tool, turn

VALUE = {"value": {"type": "string"}}
CHECKS = [
    tool("validate_isbn", "Validates an ISBN (10 or 13 digits).", VALUE, "value"),
    tool("validate_card", "Validates a card number and finds its group.", VALUE, "value"),
    tool("validate_iban", "Validates an IBAN.", VALUE, "value"),
]


async def test_the_number_said_is_what_is_checked() -> None:
    assert calls(await turn(CHECKS, "is ISBN 978-3-16-148410-0 valid?")) == [
        ("validate_isbn", {"value": "978-3-16-148410-0"})
    ]
    assert calls(await turn(CHECKS, "ISBN 0306406152 - is it valid")) == [
        ("validate_isbn", {"value": "0306406152"})
    ]
    assert calls(await turn(CHECKS, "validate the card 4000 1234 5678 9010")) == [
        ("validate_card", {"value": "4000 1234 5678 9010"})
    ]


async def test_nothing_to_check_asks_which() -> None:
    response = await turn(CHECKS, "validate this number for me")
    assert not response.tool_calls
    assert "?" in (response.text or "")
