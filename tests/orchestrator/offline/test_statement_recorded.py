"""A plain statement with no verb of ours ("Marco Rossi is my landlord", "had lunch with Marco
today") goes to the one tool that says it records what the user states, or whose description
quotes a request of that shape; its person is the name said, never a pronoun or one of two
names joined, and the rest is its note (user trial 16, rows p01, p03, p04, p05, p09, p13, p17,
p26)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from orchestrator import ToolDefinition
from tests.orchestrator.offline.test_write_gate import Server, asks, run, writes

TEXT = {"type": "string"}
OPTIONAL = {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}


def _tool(
    name: str, description: str, properties: dict[str, Any], *required: str
) -> ToolDefinition:
    schema = {"type": "object", "properties": properties, "required": list(required)}
    return ToolDefinition(name, description, schema, server="crm")


JOT = _tool(
    "jot_about_contact",
    "Keep one thing the user tells you about someone they know, e.g. “Priya is my dentist”, "
    "“lunch with Marco today”. `contact` is the name as said.",
    {
        "contact": TEXT,
        "details": OPTIONAL,
        "company": OPTIONAL,
        "role": OPTIONAL,
        "happened_on": OPTIONAL,
    },
    "contact",
)
OTHERS = [
    _tool("list_contacts", "List every contact.", {}),
    _tool("add_contact", "Create a new contact.", {"name": TEXT, "summary": OPTIONAL}, "name"),
    _tool("create_task", "Create a task.", {"title": TEXT, "due": OPTIONAL}, "title"),
    _tool("list_tasks", "List the tasks.", {}),
]
TOOLS = [JOT, *OTHERS]
SERVER: Server = {
    "list_contacts": lambda _: {"contacts": []},
    "list_tasks": lambda _: {"tasks": []},
    "jot_about_contact": lambda args: {"ok": True, **args},
    "add_contact": lambda args: {"ok": True},
    "create_task": lambda args: {"ok": True},
}
READS = ("list_contacts", "list_tasks")


async def _writes(said: str, tools: list[ToolDefinition] = TOOLS) -> list[tuple[str, Any]]:
    made, _ = await run(tools, SERVER, said)
    return writes(made, *READS)


async def test_a_statement_goes_to_the_tool_that_records_what_the_user_tells() -> None:
    assert await _writes("Marco Rossi is my landlord") == [
        (
            "jot_about_contact",
            {"contact": "Marco Rossi", "details": "Marco Rossi is my landlord"},
        )
    ]
    assert await _writes("Priya moved to Lisbon") == [
        ("jot_about_contact", {"contact": "Priya", "details": "Priya moved to Lisbon"})
    ]
    assert await _writes("Marco called") == [  # all of it a verb: the note is what was said
        ("jot_about_contact", {"contact": "Marco", "details": "Marco called"})
    ]
    assert await _writes("Ken got promoted to head of sales") == [
        (
            "jot_about_contact",
            {"contact": "Ken", "details": "Ken got promoted to head of sales"},
        )
    ]


async def test_a_company_and_a_role_said_go_to_their_fields_and_a_name_after_with_stays() -> None:
    assert await _writes("Priya Nair works at Northwind as a designer") == [
        ("jot_about_contact", {"contact": "Priya Nair", "company": "Northwind", "role": "designer"})
    ]
    assert await _writes("Ken Ito works with Priya at Northwind") == [
        (
            "jot_about_contact",
            {"contact": "Ken Ito", "company": "Northwind", "details": "Ken Ito works with Priya"},
        )
    ]


async def test_a_day_gone_by_is_when_it_happened_a_day_to_come_stays_in_the_note() -> None:
    today = datetime.now().astimezone().date().isoformat()
    assert await _writes("had lunch with Marco today, we talked about the lease") == [
        (
            "jot_about_contact",
            {
                "contact": "Marco",
                "happened_on": today,
                "details": "had lunch with Marco, we talked about the lease",
            },
        )
    ]
    (made,) = await _writes("my brother Ken's birthday is June 2")
    assert made[1]["contact"] == "Ken" and "happened_on" not in made[1], made
    assert made[1]["details"] == "my brother Ken's birthday is June 2"


async def test_a_quoted_example_of_the_same_shape_chooses_a_tool_that_says_nothing_else() -> None:
    fact = _tool(
        "add_fact",
        'Add a fact about a person, for example "Bob is my manager".',
        {"person": TEXT, "fact": OPTIONAL},
        "person",
    )
    made, _ = await run(
        [fact, *OTHERS], SERVER | {"add_fact": lambda a: {"ok": True}}, "Lena is my mentor"
    )
    assert writes(made, *READS) == [("add_fact", {"person": "Lena", "fact": "Lena is my mentor"})]


async def test_no_clear_person_or_two_homes_is_asked_about_never_written() -> None:
    for said in ("she is a nurse", "Marco and Priya are neighbours", "Paris is lovely in spring"):
        made, response = await run(TOOLS, SERVER, said)
        assert writes(made, *READS) == [] and asks(response), (said, made)
    assert await _writes("is Marco my landlord?") == []  # a question: read, never recorded
    twin = _tool(
        "remember_thing",
        "Record something the user stated about a person.",
        {"person": TEXT, "note": OPTIONAL},
        "person",
    )
    said = "Marco Rossi is my landlord"
    made, response = await run([*TOOLS, twin], SERVER, said)
    assert writes(made, *READS) == [] and asks(response), made
    made, response = await run([*TOOLS, twin], SERVER, said, "tool: jot_about_contact")
    assert writes(made, *READS) == [] and "contact Marco Rossi" in response.items[0].text
    made, _ = await run([*TOOLS, twin], SERVER, said, "tool: jot_about_contact", "yes")
    assert writes(made, *READS) == [
        ("jot_about_contact", {"contact": "Marco Rossi", "details": said})
    ], made  # the tool chosen: the name said is its person, shown first, then written


async def test_a_write_the_server_says_it_did_not_make_is_never_said_made() -> None:
    """ "Amina got promoted ...", where the server holds only "Amina Hassan": it records nothing
    and says so in a status; the answer says that, never "Created"."""
    unsure = {
        "status": "unconfirmed",
        "recorded": [],
        "candidates": [{"person_id": "p1", "canonical_name": "Amina Hassan"}],
        "message": "'Amina' only loosely matches 'Amina Hassan'; nothing was recorded.",
    }
    made, response = await run(
        TOOLS, SERVER | {"jot_about_contact": lambda _: unsure}, "Amina got promoted"
    )
    assert [name for name, _ in made] == ["jot_about_contact"], made
    text = response.items[0].text
    assert "nothing was recorded" in text and "Created" not in text, text


async def test_a_thing_said_done_with_someone_goes_there_only_in_an_example_s_shape() -> None:
    """ "I met Sofia Reyes at the gym" reads as a thing done; the tool that quotes “met Dana last
    week” records it on her (a first name that is a city too, in a full name, is hers); "I
    finished the report for Maria" is of no example's shape: not recorded on Maria."""
    met = _tool(
        "log_about_person",
        "Record what the user tells about a person (“met Dana last week”).",
        {"person": TEXT, "note": OPTIONAL},
        "person",
    )
    server = SERVER | {"log_about_person": lambda a: {"ok": True}}
    made, _ = await run([met, *OTHERS], server, "I met Sofia Reyes at the climbing gym")
    assert writes(made, *READS) == [
        (
            "log_about_person",
            {"person": "Sofia Reyes", "note": "I met Sofia Reyes at the climbing gym"},
        )
    ], made
    made, _ = await run([met, *OTHERS], server, "I finished the report for Maria")
    assert [n for n, _ in writes(made, *READS) if n == "log_about_person"] == [], made
