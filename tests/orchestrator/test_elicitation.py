"""The forms servers send (the MCP specification's restricted schemas), read into fields whose
answers are checked as a person types them."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from orchestrator.elicitation import ElicitationRequest, FormField

# Every kind of property the specification (2025-11-25) allows in a requested schema.
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "email": {"type": "string", "format": "email", "title": "Email", "maxLength": 40},
        "age": {"type": "integer", "minimum": 18, "maximum": 99},
        "budget": {"type": "number", "minimum": 0, "default": 50},
        "newsletter": {"type": "boolean", "default": True},
        "size": {
            "type": "string",
            "enum": ["s", "m", "l"],
            "enumNames": ["Small", "Medium", "Large"],
        },
        "colour": {
            "type": "string",
            "oneOf": [{"const": "#f00", "title": "Red"}, {"const": "#00f", "title": "Blue"}],
        },
        "toppings": {
            "type": "array",
            "items": {
                "anyOf": [{"const": "ham", "title": "Ham"}, {"const": "egg", "title": "Egg"}]
            },
            "minItems": 1,
            "maxItems": 2,
        },
        "note": {"type": "string"},
    },
    "required": ["email", "age", "size", "toppings"],
}


def form() -> ElicitationRequest:
    params = SimpleNamespace(mode="form", message="Order", requested_schema=SCHEMA)
    return ElicitationRequest.of("shop", params)


def fields() -> dict[str, FormField]:
    return {f.name: f for f in form().fields}


def test_every_kind_of_field_is_read() -> None:
    got = fields()
    assert {n: f.kind for n, f in got.items()} == {
        "email": "text",
        "age": "integer",
        "budget": "number",
        "newsletter": "boolean",
        "size": "choice",
        "colour": "choice",
        "toppings": "choices",
        "note": "text",
    }
    assert got["size"].labels == ("Small", "Medium", "Large")
    assert got["colour"].choices == ("#f00", "#00f") and got["colour"].labels == ("Red", "Blue")
    assert got["toppings"].hint() == "one or more of Ham, Egg"
    assert got["email"].prompt() == "Email (email, up to 40 characters): "
    assert got["budget"].prompt() == "budget (number, at least 0) (optional) [50]: "
    assert got["newsletter"].prompt() == "newsletter (y/n) (optional) [y]: "


@pytest.mark.parametrize(
    ("name", "typed", "value"),
    [
        ("age", "42", 42),
        ("budget", "12.5", 12.5),
        ("budget", "", 50),  # the default
        ("newsletter", "no", False),
        ("size", "medium", "m"),  # by its label, any case
        ("colour", "#00f", "#00f"),
        ("toppings", "Ham, egg", ["ham", "egg"]),
        ("note", "", None),  # optional: skipped
        ("email", "ann@example.com", "ann@example.com"),
    ],
)
def test_answers_are_converted(name: str, typed: str, value: Any) -> None:
    assert fields()[name].parse(typed) == value


@pytest.mark.parametrize(
    ("name", "typed", "problem"),
    [
        ("age", "seventeen", "'seventeen' is not a whole number, 18 to 99"),
        ("age", "17", "17 is below 18"),
        ("age", "", "age is required"),
        ("newsletter", "maybe", "answer y or n"),
        ("size", "xl", "'xl' is not one of Small, Medium, Large"),
        ("toppings", "ham, egg, ham", "choose at most 2"),
        ("email", "x" * 41, "at most 40 characters"),
    ],
)
def test_wrong_answers_say_what_is_wrong(name: str, typed: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        fields()[name].parse(typed)


def test_an_answer_from_a_program_is_checked_as_a_whole() -> None:
    request = form()
    good = {"email": "a@b.c", "age": 30, "size": "s", "toppings": ["egg"], "budget": 5}
    # A field left out keeps the schema's default (SEP-1034): newsletter defaults to true.
    assert request.checked(good) == {**good, "budget": 5.0, "newsletter": True}
    assert request.checked({**good, "newsletter": False})["newsletter"] is False
    with pytest.raises(ValueError, match="not in the form: shoe"):
        request.checked({**good, "shoe": 1})
    with pytest.raises(ValueError, match="toppings is required"):
        request.checked({k: v for k, v in good.items() if k != "toppings"})
    with pytest.raises(ValueError, match="expected true or false"):
        request.checked({**good, "newsletter": "yes"})


def test_a_url_to_open() -> None:
    params = SimpleNamespace(mode="url", message="Link it", url="https://x.example/a")
    request = ElicitationRequest.of("shop", params)
    assert (request.mode, request.url, request.fields) == ("url", "https://x.example/a", ())
