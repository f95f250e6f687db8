"""A question that names a server ("according to my logbook", "logbook entries since ...") is
answered by that server's reads, never another server's (before, "what did I do yesterday
according to my journal" listed the todos due that day, and "how much did I spend this month
according to my journal" asked between two CRM listings: user trial 12, j25, j09); a search
whose query syntax takes a day ("since:YYYY-MM-DD") is sent the day said so, where a listing
with no place for it would drop it (j22); "how much" asks a sum, never a count, and "how many
logbook entries" the tool that gives "entry counts" (j17); a word only one tool's filter pattern
lists ("anything overdue?") names that tool (t21)."""

from __future__ import annotations

from datetime import timedelta

from orchestrator import ToolDefinition
from orchestrator.offline._choose import rank
from orchestrator.offline._dates import local_now
from orchestrator.offline._read import read
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import WEIGHTS
from tests.orchestrator.offline._routing import calls, text, turn

_HABITS = (
    "Get all habits. This tool is read-only: it produces analysis output without modifying any"
    " external systems"
)
_QUERY = "Query: #tag, key:value, since:YYYY-MM-DD, until:YYYY-MM-DD."


def _tool(server: str, name: str, description: str, **params: dict[str, object]) -> ToolDefinition:
    required = [k for k, v in params.items() if v.pop("required", False)]
    schema = {"type": "object", "properties": params, "required": required}
    return ToolDefinition(name, description, schema, read_only=True, server=server)


def _due() -> dict[str, object]:
    said = "Filter by due date: 'today', 'this_week', or an ISO date"
    return text(said, pattern="^(today|tomorrow|overdue|[0-9]{4}-[0-9]{2}-[0-9]{2})$")


def _tools() -> list[ToolDefinition]:
    return [
        _tool("tasks", "list_tasks", "List tasks with optional filtering by due date", due=_due()),
        _tool("tasks", "add_expense", "Add an expense", amount={"type": "number"}),
        _tool("tasks", "list_expenses", "List the expenses", month=text("YYYY-MM")),
        _tool(
            "logbook",
            "search_entries",
            f"Search entries. {_QUERY}",
            query=text("Query", required=True),
        ),
        _tool("logbook", "list_recent_entries", "List the most recent entries"),
        _tool("logbook", "list_tags", "List all tags with entry counts"),
        _tool(
            "logbook",
            "summarize_entries",
            "Sum numeric metadata across matching entries",
            query=text("Filter (tags, since:/until:)", required=True),
        ),
        _tool(
            "logbook", "get_stats", "Calendar entry counts for a month", month={"type": "integer"}
        ),
        _tool("habits", "get_all_habits", _HABITS, api_key={"type": "string", "default": ""}),
    ]


async def test_a_question_naming_a_server_is_for_its_reads() -> None:
    day = (local_now() - timedelta(days=1)).date().isoformat()
    response = await turn(_tools(), "what did I do yesterday according to my logbook")
    assert calls(response) == [("search_entries", {"query": f"since:{day} until:{day}"})]


async def test_a_day_said_goes_in_the_query_as_its_syntax_writes_it() -> None:
    response = await turn(_tools(), "logbook entries since 2026-11-02")
    assert calls(response) == [("search_entries", {"query": "since:2026-11-02"})]


async def test_a_sum_asked_of_a_server_is_its_sum_never_another_servers_listing() -> None:
    now = local_now()
    first = now.date().replace(day=1).isoformat()
    response = await turn(_tools(), "how much did I spend this month according to my logbook")
    (call,) = calls(response)
    assert call[0] == "summarize_entries"
    assert str(call[1]["query"]).startswith(f"since:{first} until:")


async def test_how_many_is_the_tool_that_counts() -> None:
    response = await turn(_tools(), "how many logbook entries this month")
    assert [name for name, _ in calls(response)] == ["get_stats"]


async def test_a_word_only_one_filter_pattern_lists_names_its_tool() -> None:
    response = await turn(_tools(), "is there anything overdue?")
    assert calls(response) == [("list_tasks", {"due": "overdue"})]
    views = [ToolView.of(t.name, t.description, t.input_schema, server=t.server) for t in _tools()]
    first, second = rank(read("is there anything overdue?"), views)[:2]
    assert first.tool.name == "list_tasks"
    assert first.score - second.score >= WEIGHTS.margin  # no rival read left to ask about


async def test_a_report_is_no_sum_left_out_of_a_question() -> None:
    """ "Report ... availability, version": a report verb, no total; asked "which version" it
    answers (blind set F, chem:15, after sums were kept from listing questions)."""
    tools = [
        _tool("weather", "info", "Report the weather server availability, version and setup."),
        _tool("weather", "forecast", "Get the forecast for a city", city=text("City")),
    ]
    assert calls(await turn(tools, "is the weather server up? which version")) == [("info", {})]
