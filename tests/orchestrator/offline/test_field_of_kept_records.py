"""A word that is a field of the records one write keeps, and of no other tool, names the reads
of those records on its server: "how has my mood been over the last week?" reads the journal
entries `log_journal_entry(entry: {content, mood, stress_level, ...})` keeps (personal-mcp
0.1.5, trial 18, f09: the router offered the todos, the expenses and the nutrition targets).
"what was my stress level on monday?" asks of the monday gone."""

from __future__ import annotations

from datetime import date

from orchestrator import ToolDefinition
from tests.orchestrator.offline._routing import calls, integer, string, tool, turn

ENTRY = {
    "type": "object",
    "properties": {
        "content": string(),
        "entry_type": string(),
        "mood": {"type": "integer", "minimum": 1, "maximum": 10},
        "stress_level": {"type": "integer", "minimum": 1, "maximum": 10},
        "date": string(),
    },
    "required": ["content", "entry_type"],
}


def _on(name: str, description: str, properties: dict[str, object], server: str) -> ToolDefinition:
    schema = {"type": "object", "properties": properties}
    return ToolDefinition(name, description, schema, server=server)


LOG = _on("log_journal_entry", "Log a journal entry", {"entry": ENTRY}, "fitness")
ANALYZE = _on(
    "analyze_journal_entries",
    "Analyze journal entries",
    {"start_date": string(), "end_date": string()},
    "fitness",
)
EXPENSES = _on("view_expenses", "", {"date": string()}, "money")
TODOS = _on("list_todos", "List todo items", {"due_date_filter": string()}, "todo")
LIMIT = _on("list_workouts", "List workout sessions", {"limit": integer()}, "fitness")
TOOLS = [LOG, ANALYZE, EXPENSES, TODOS, LIMIT]


async def test_a_field_of_one_writes_records_names_their_reads() -> None:
    ((name, args),) = calls(await turn(TOOLS, "how has my mood been over the last week?"))
    assert name == "analyze_journal_entries", (name, args)
    ((name, args),) = calls(await turn(TOOLS, "what was my stress level on monday?"))
    assert name == "analyze_journal_entries", (name, args)
    said = date.fromisoformat(args["start_date"])
    assert said.weekday() == 0 and said <= date.today(), args


async def test_a_field_several_tools_have_names_none() -> None:
    step = await turn(
        [*TOOLS, tool("log_day", "Log a day", {"mood": string()}, "mood")], "how was my mood?"
    )
    assert not any(name == "analyze_journal_entries" for name, _ in calls(step)), calls(step)
