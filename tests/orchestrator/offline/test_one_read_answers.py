"""A question that one read answers, among reads of several servers that tie on weak evidence:
the plain listing of the things asked for ("what reminders do I have?"), the read whose date
filter's pattern lists the day said ("what's due tomorrow?"), the details of the one person the
question names ("when's Leila's birthday?", not every reminder), and a search of the records
one writes when asked what one wrote ("did I write anything about scope?", not a search of
people nor of a ledger). Fails on the router before (it asked which tool, or answered with a
read that leaves the question out)."""

from __future__ import annotations

from typing import Any

from orchestrator import ToolDefinition
from orchestrator.offline._choose import rank
from orchestrator.offline._read import read
from orchestrator.offline._tools import ToolView
from tests.orchestrator.offline._routing import calls, string, turn


def _tool(server: str, name: str, description: str, properties: dict[str, Any], *required: str):
    schema = {"type": "object", "properties": properties, "required": list(required)}
    return ToolDefinition(name, description, schema, read_only=True, server=server)


_NULLABLE = {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}
DAY = {
    "type": "string",
    "description": "Filter by due date: 'today', 'this_week', or an ISO date",
    "pattern": "^(today|tomorrow|this_week|overdue|[0-9]{4}-[0-9]{2}-[0-9]{2})$",
}
TASKS = _tool("chores", "list_chores", "List chores, filtered by due date", {"due_filter": DAY})
CHECK = _tool("health", "check_reminders", "Check if water or workout reminders are due", {})
REMINDERS = _tool(
    "contacts",
    "list_reminders",
    "List pull-based reminders, due-dated first.",
    {"person": _NULLABLE, "due_before": _NULLABLE},
)
CONTEXT = _tool(
    "contacts",
    "get_person_context",
    "Assemble a context bundle for one person.",
    {"person_id": _NULLABLE, "person": _NULLABLE},
)
PEOPLE = _tool(
    "contacts",
    "search_people",
    "Free-text search over stored people.",
    {"query": string()},
    "query",
)
SEMANTIC = _tool(
    "contacts",
    "semantic_search",
    "Search people by semantic similarity.",
    {"query": string()},
    "query",
)
ENTRIES = _tool(
    "notebook",
    "search_entries",
    "Full-text search across all entries.",
    {"query": string()},
    "query",
)
BOOKS = _tool("books", "query", "Execute a query over the books.", {"bql": string()}, "bql")
BALANCE = _tool(
    "books", "get_balance", "Get account balance.", {"account": _NULLABLE, "date": _NULLABLE}
)


async def test_what_things_do_i_have_is_their_listing() -> None:
    tools = [CHECK, REMINDERS, TASKS]
    assert calls(await turn(tools, "what reminders do I have?")) == [("list_reminders", {})]


async def test_the_day_a_filter_lists_names_the_read() -> None:
    tools = [TASKS, REMINDERS, BALANCE]
    assert calls(await turn(tools, "what's due today?")) == [
        ("list_chores", {"due_filter": "today"})
    ]


async def test_a_day_alone_names_no_filter() -> None:
    """ "show today's Personal entries": the entries (asked which folder), not the chores due
    today; the day names a filter only said with its word ("due")."""
    folder = {"type": "string", "description": "Folder name"}
    entries = _tool(
        "notebook",
        "list_entries",
        "List entries in a folder, optionally filtered by date (YYYY-MM-DD).",
        {"folder": folder, "date": {"type": "string", "description": "Date filter"}},
        "folder",
    )
    made = calls(await turn([entries, TASKS], "show today's Personal entries"))
    assert not [name for name, _ in made if name == "list_chores"]
    plain = dict(DAY, pattern=None)
    dated = ToolView.of(
        "list_chores", "List chores", {"type": "object", "properties": {"due_filter": DAY}}
    )
    undated = ToolView.of(
        "list_chores", "List chores", {"type": "object", "properties": {"due_filter": plain}}
    )

    def lift(said: str) -> float:
        (one,), (other,) = rank(read(said), [dated]), rank(read(said), [undated])
        return one.score - other.score

    assert lift("what's due today?") > 0
    assert lift("show today's Personal entries") == 0


async def test_a_named_persons_details() -> None:
    tools = [REMINDERS, PEOPLE, CONTEXT]
    assert calls(await turn(tools, "when's Leila's birthday?")) == [
        ("get_person_context", {"person": "Leila"})
    ]


async def test_a_named_persons_things_named() -> None:
    """ "what are Leila's reminders?": the reminders named, hers, not her details."""
    tools = [REMINDERS, PEOPLE, CONTEXT]
    assert calls(await turn(tools, "what are Leila's reminders?")) == [
        ("list_reminders", {"person": "Leila"})
    ]


async def test_a_shop_named_with_a_possessive_is_no_person() -> None:
    """ "Trader Joe's" ends the question: a shop's name, nobody's details."""
    tools = [REMINDERS, PEOPLE, CONTEXT]
    made = calls(await turn(tools, "what did I spend at Trader Joe's?"))
    assert not [name for name, _ in made if name == "get_person_context"]


async def test_what_one_wrote_is_searched_where_one_writes() -> None:
    tools = [PEOPLE, SEMANTIC, ENTRIES, BOOKS]
    assert calls(await turn(tools, "did I write anything about scope?")) == [
        ("search_entries", {"query": "scope"})
    ]


async def test_a_period_said_as_its_adverb() -> None:
    """ "my weekly stats": the week's, not today's (the server's default)."""
    period = {"type": "string", "enum": ["today", "week", "month"], "description": "Period"}
    stats = _tool("health", "get_stats", "Get statistics for a time period", {"period": period})
    tools = [stats, _tool("notebook", "get_statistics", "Get summary statistics.", {})]
    assert calls(await turn(tools, "my weekly stats pls")) == [("get_stats", {"period": "week"})]
    assert calls(await turn(tools, "show my monthly stats")) == [("get_stats", {"period": "month"})]
