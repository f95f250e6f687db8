"""The forms servers send (the MCP specification's restricted schemas), read into fields whose
answers are checked as a person types them."""

from __future__ import annotations

import re
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


def text_field(**schema: Any) -> FormField:
    return FormField.of("contact", {"type": "string", "title": "Contact", **schema}, True)


@pytest.mark.parametrize(
    ("form", "typed"),
    [
        ("email", "ann@example.com"),
        ("email", "a.b+shop@mail.example.co.uk"),
        ("uri", "https://example.com/a?b=c"),
        ("uri", "mailto:ann@example.com"),
        ("date", "2026-12-01"),
        ("date-time", "2026-12-01T15:00:00+01:00"),
        ("date-time", "2026-12-01T14:00:00.5Z"),
        ("date-time", "2026-12-01t14:00:00z"),
        ("hostname", "not checked"),  # a format elicitation's schema does not allow
    ],
)
def test_an_answer_in_its_string_format_is_taken(form: str, typed: str) -> None:
    assert text_field(format=form).parse(typed) == typed


@pytest.mark.parametrize(
    ("form", "typed", "rule"),
    [
        ("email", "abc", "an email address, like name@example.com"),
        ("email", "ann@", "an email address"),
        ("email", "ann smith@example.com", "an email address"),
        ("uri", "5", "a URI with its scheme, like https://example.com/page"),
        ("uri", "example.com", "a URI with its scheme"),
        ("uri", "https://example.com/a b", "a URI with its scheme"),
        ("date", "01/12/2026", "a date as YYYY-MM-DD, like 2026-12-01"),
        ("date", "tomorrow", "a date as YYYY-MM-DD"),
        ("date", "2026-02-30", "a date as YYYY-MM-DD"),  # no such day
        ("date-time", "2026-12-01", "a date and time with seconds and an offset"),
        ("date-time", "2026-12-01T15:00", "a date and time with seconds and an offset"),
        (  # no offset: which 15:00?
            "date-time",
            "2026-12-01T15:00:00",
            r"a date and time with seconds and an offset, like 2026-12-01T15:00:00\+01:00 "
            r"\(Z for UTC\)$",
        ),
        ("date-time", "2026-12-01T25:00:00Z", "a date and time"),  # no such hour
    ],
)
def test_an_answer_not_in_its_string_format_says_the_rule(form: str, typed: str, rule: str) -> None:
    """Said naming the field, what was typed and the rule, as a wrong number is (the terminal
    says it and asks again); a program's answer is checked the same way."""
    field = text_field(format=form)
    with pytest.raises(ValueError, match=f"^Contact: '{re.escape(typed)}' is not {rule}"):
        field.parse(typed)
    with pytest.raises(ValueError, match=f"^Contact: '{re.escape(typed)}' is not {rule}"):
        field.check(typed)


def test_a_text_length_is_said_in_the_prompt_and_checked() -> None:
    field = text_field(minLength=3, maxLength=5, format="email")
    assert field.prompt() == "Contact (email, 3 to 5 characters): "
    assert text_field(minLength=3).hint() == "text, at least 3 characters"
    with pytest.raises(ValueError, match=r"^Contact: at least 3 characters \(this is 2\)$"):
        field.parse("ab")
    with pytest.raises(ValueError, match=r"^Contact: at most 5 characters \(this is 6\)$"):
        field.parse("a@b.cd")
    assert field.parse(" a@b.c ") == "a@b.c"


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


def test_a_choice_is_also_named_by_its_place_unless_its_values_are_numbers() -> None:
    """The offline router's "Say which one." is a choice of ids: "2" picks the second, as its
    field says; a choice whose values are numbers takes only the values themselves."""
    ids = FormField.of("todo_id", {"type": "string", "enum": ["todo_a1", "todo_b2"]}, True)
    assert ids.parse("2") == "todo_b2" and ids.parse("TODO_A1") == "todo_a1"
    with pytest.raises(ValueError, match="'3' is not one of todo_a1, todo_b2"):
        ids.parse("3")
    sizes = FormField.of("size", {"type": "string", "enum": ["10", "20"]}, True)
    assert sizes.parse("20") == "20"
    with pytest.raises(ValueError, match="'2' is not one of 10, 20"):
        sizes.parse("2")
