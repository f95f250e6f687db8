"""A word said before the noun of a tool's records names a kind of them, never the tool's own
verb, though the tool's description opens with it: "diary entries tagged work" lists entries by
tag, where `add_entry` says "Add a new diary entry". Trial 18 (kaydet 0.49.0): it asked for an
entry's text (n10), wrote an entry "since november 20" for "diary entries since november 20"
(n14) and one "1 should also have" for "diary entry 1 should also have the tag bugfix" (n20)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, integer, string, tool, turn

ADD = tool(
    "add_entry",
    "Add a new diary entry. Text may include #tags and key:value metadata inline.",
    {"text": string(), "tags": {"type": "array", "items": string()}},
    "text",
)
BY_TAG = tool(
    "entries_by_tag",
    "List recent entries for a single tag.",
    {"tag": string(), "limit": integer()},
    "tag",
)
SEARCH = tool("search_entries", "Primary search tool.", {"query": string()}, "query")
GET = tool("get_entry", "Get a single entry by its numeric ID", {"entry_id": integer()}, "entry_id")
TOOLS = [ADD, BY_TAG, SEARCH, GET]


async def test_a_kind_said_before_the_noun_is_no_verb() -> None:
    assert calls(await turn(TOOLS, "diary entries tagged work")) == [
        ("entries_by_tag", {"tag": "work"})
    ]
    for said in (
        "diary entries since november 20",
        "diary entry 1 should also have the tag bugfix",
    ):
        step = await turn(TOOLS, said)
        assert not any(name == "add_entry" for name, _ in calls(step)), (said, calls(step))


async def test_the_verb_its_description_opens_with_still_names_it() -> None:
    ((name, args),) = calls(await turn(TOOLS, "add a diary entry: fixed the login bug"))
    assert (name, args["text"]) == ("add_entry", "fixed the login bug"), args


async def test_a_heading_only_one_servers_descriptions_say_is_where_it_goes() -> None:
    """ "diary: bought paint for the fence #house" was read as a question to an agent (trial 18,
    n17): "diary" names no tool, but one server's description does ("a new diary entry")."""
    todo = tool("create_todo", "Create a todo", {"title": string()}, "title")
    ((name, args),) = calls(await turn([*TOOLS, todo], "diary: bought paint for the fence #house"))
    assert (name, args["text"]) == ("add_entry", "bought paint for the fence"), args


async def test_a_text_that_names_what_it_stands_for_keeps_its_pronoun() -> None:
    """ "finished 'Piranesi', loved it" was asked about: "it" stood for nothing named (n15)."""
    said = "add a diary entry with tags reading and books: finished 'Piranesi', loved it"
    ((name, args),) = calls(await turn(TOOLS, said))
    assert (name, args["text"]) == ("add_entry", "finished 'Piranesi', loved it"), args


async def test_to_say_gives_a_record_its_new_text() -> None:
    """ "change diary entry 2 to say ..." had nothing to change (n09)."""
    update = tool(
        "update_entry",
        "Update an existing entry without opening an editor",
        {"entry_id": integer(), "text": string()},
        "entry_id",
    )
    step = await turn([update, GET], "change entry 2 to say I met Sam and Priya for coffee")
    assert calls(step) == [
        ("update_entry", {"entry_id": 2, "text": "I met Sam and Priya for coffee"})
    ], step.text


NOTES = [
    tool(
        "add_entry",
        "Add a new diary entry. Text may include #tags and key:value metadata inline.",
        {
            "text": string(),
            "metadata": {"type": "object", "additionalProperties": {"type": "string"}},
            "tags": {"type": "array", "items": string()},
            "timestamp": {"type": "string", "pattern": r"^\d{2}:\d{2}$"},
        },
        "text",
        server="notes",
    ),
    tool(
        "delete_entry",
        "Delete an entry by numeric identifier",
        {"entry_id": integer()},
        server="notes",
    ),
    tool("search_entries", "Primary search tool.", {"query": string()}, "query", server="notes"),
    tool("get_stats", "Calendar entry counts for a month.", {"month": integer()}, server="notes"),
]
CRM = [
    tool("search", "Search the CRM pipeline by name.", {"query": string()}, "query", server="crm"),
    tool("stats", "Show pipeline statistics.", {}, server="crm"),
]


async def test_a_word_only_one_servers_descriptions_say_names_that_server() -> None:
    """Trial 18: "remove diary entry 3" asked about "diary" (n13); "search my diary for garden"
    (n07) asked between the CRM's tools and the diary's."""
    tools = [*NOTES, *CRM]
    assert calls(await turn(tools, "remove diary entry 3")) == [("delete_entry", {"entry_id": 3})]
    assert calls(await turn(tools, "search my diary for garden")) == [
        ("search_entries", {"query": "garden"})
    ]


async def test_inline_fields_and_a_clock_pattern_are_the_entrys() -> None:
    """ "time:2h" was asked about and "login bug" sent as a field of the metadata (n01); "at
    14:30" was asked about for a `timestamp` whose pattern is HH:MM (n11)."""
    said = "diary: fixed the login bug at work #work time:2h"
    ((name, args),) = calls(await turn(NOTES, said))
    assert (name, args["metadata"], args["text"]) == (
        "add_entry",
        {"time": "2h"},
        "fixed the login bug at work",
    ), args
    said = "diary at 14:30: dentist appointment went fine #health"
    ((name, args),) = calls(await turn(NOTES, said))
    assert (args["timestamp"], args["text"]) == ("14:30", "dentist appointment went fine"), args


async def test_a_heading_with_a_time_then_a_colon_heads_its_text() -> None:
    """ "diary at 14:30: dentist appointment went fine #health" (trial 18, n11): the time is the
    entry's, the heading says where it goes; never a todo due at 14:30."""
    todo = tool(
        "create_todo",
        "Create a todo",
        {"title": string(), "due_date": string()},
        "title",
        server="todo",
    )
    said = "diary at 14:30: dentist appointment went fine #health"
    ((name, args),) = calls(await turn([*NOTES, todo], said))
    assert (name, args["timestamp"], args["text"]) == (
        "add_entry",
        "14:30",
        "dentist appointment went fine",
    ), args


async def test_what_follows_that_after_the_place_is_the_text() -> None:
    """ "note in my diary that I met Sam for coffee, talked about the garden project" (trial 18,
    n02) proposed the text "diary that I met Sam for coffee"."""
    said = "note in my diary that I met Sam for coffee, talked about the garden project #personal"
    ((name, args),) = calls(await turn(NOTES, said))
    assert (name, args["text"], args["tags"]) == (
        "add_entry",
        "I met Sam for coffee, talked about the garden project",
        ["personal"],
    ), args
