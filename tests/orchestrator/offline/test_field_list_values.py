"""A request said as a list of fields ("add customer Budi Santoso, phone 0812345678, address
Jl. Merdeka 5 Jakarta"): a free-text field labelled after a comma takes every word up to the
next comma or the end, an abbreviation's period ("Jl.", "St.", "Dr.") included, not its first
word alone. Failed on the router before: the address stopped at its first word (or at the
period of "Jl."), and the rest was left over, so it asked. A run holding a date, a verb or a
function word is not taken whole (never a wrong value): it still asks."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, string, tool, turn
from tests.orchestrator.offline._shops import PELANGGAN

SHOP = [
    tool(
        "add_customer",
        "",
        {"name": string(), "phone": string(), "address": string(), "category": string()},
        "name",
        "phone",
    ),
    tool("list_customers", "", {"category": string()}),
]
INDONESIAN = PELANGGAN
CONTACTS = [
    tool(
        "create_contact",
        "Create a contact in the address book",
        {"name": string(), "email": string(), "street": string(), "company": string()},
        "name",
    ),
    tool("search_contacts", "Search contacts", {"query": string()}, "query"),
]


async def test_an_address_with_an_abbreviation_and_a_number_is_taken_whole() -> None:
    said = "add customer Budi Santoso, phone 0812345678, address Jl. Merdeka 5 Jakarta"
    assert calls(await turn(SHOP, said)) == [
        (
            "add_customer",
            {"name": "Budi Santoso", "phone": "0812345678", "address": "Jl. Merdeka 5 Jakarta"},
        )
    ]


async def test_the_field_may_come_before_another() -> None:
    said = "add customer Budi Santoso, address 5 Main St. Springfield, phone 0812345678"
    assert calls(await turn(SHOP, said)) == [
        (
            "add_customer",
            {"name": "Budi Santoso", "phone": "0812345678", "address": "5 Main St. Springfield"},
        )
    ]


async def test_the_indonesian_names_take_it_too() -> None:
    said = "add customer Budi Santoso, phone 0812345678, address Jl. Merdeka 5 Jakarta"
    assert calls(await turn(INDONESIAN, said)) == [
        (
            "add_pelanggan",
            {"nama": "Budi Santoso", "no_hp": "0812345678", "alamat": "Jl. Merdeka 5 Jakarta"},
        )
    ]


async def test_a_contacts_app_takes_a_street() -> None:
    said = "create contact Ana Lima, street 12 Baker St. London, email ana@lima.io"
    assert calls(await turn(CONTACTS, said)) == [
        (
            "create_contact",
            {"name": "Ana Lima", "street": "12 Baker St. London", "email": "ana@lima.io"},
        )
    ]


async def test_a_run_with_a_verb_or_a_date_is_not_taken_whole() -> None:
    said = "add customer Budi Santoso, phone 0812345678, address Merdeka Jakarta and call him"
    assert calls(await turn(SHOP, said)) == []
    said = "add customer Budi Santoso, phone 0812345678, address Merdeka Jakarta tomorrow"
    assert calls(await turn(SHOP, said)) == []
