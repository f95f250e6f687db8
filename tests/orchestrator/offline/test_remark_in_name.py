"""A person's name holding a remark in brackets is asked about where the record keeps notes:
"add Dr. Weber (dentist) 030 1234567" had made a contact named "Dr. Weber (dentist)" (user
trial 13, c09). A todo's title keeps its brackets (`test_everyday_writes`)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

CONTACT = tool(
    "contacts_create",
    "Create a contact.",
    {
        "name": text(""),
        "phone": text(""),
        "tags": {"type": "array", "items": {"type": "string"}},
        "notes": text(""),
    },
    "name",
)
NAMES_ONLY = tool("add_contact", "Create a contact.", {"name": text(""), "phone": text("")}, "name")


async def test_a_remark_in_a_name_is_asked_about() -> None:
    step = await turn([CONTACT], "add Dr. Weber (dentist) 030 1234567")
    assert calls(step) == [], calls(step)
    assert calls(await turn([CONTACT], "add contact Ana Lopez 0917 123 4567")) == [
        ("contacts_create", {"name": "Ana Lopez", "phone": "0917 123 4567"})
    ]


async def test_a_record_with_no_field_for_it_keeps_the_name_as_said() -> None:
    assert calls(await turn([NAMES_ONLY], "add contact Dr. Weber (dentist) 030 1234567")) == [
        ("add_contact", {"name": "Dr. Weber (dentist)", "phone": "030 1234567"})
    ]
