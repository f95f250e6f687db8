"""A word that is a field of the records one write keeps, and of no other tool, names the reads
of those records on its server: "how has my mood been over the last week?" reads the journal
entries `log_journal_entry(entry: {content, mood, stress_level, ...})` keeps (personal-mcp
0.1.5, trial 18, f09: the router offered the todos, the expenses and the nutrition targets).
"what was my stress level on monday?" asks of the monday gone."""

from __future__ import annotations

from datetime import date

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


LOG = tool("log_journal_entry", "Log a journal entry", {"entry": ENTRY}, server="fitness")
ANALYZE = tool(
    "analyze_journal_entries",
    "Analyze journal entries",
    {"start_date": string(), "end_date": string()},
    server="fitness",
)
EXPENSES = tool("view_expenses", "", {"date": string()}, server="money")
TODOS = tool("list_todos", "List todo items", {"due_date_filter": string()}, server="todo")
LIMIT = tool("list_workouts", "List workout sessions", {"limit": integer()}, server="fitness")
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


JOURNAL_ENTRY = {
    "type": "object",
    "properties": {
        **ENTRY["properties"],  # type: ignore[dict-item]
        "energy": {"type": "integer", "minimum": 1, "maximum": 10},
        "sleep_quality": {"type": "integer", "minimum": 1, "maximum": 10},
    },
    "required": ["content", "entry_type"],
}
CRM_ADD = tool(
    "add",
    "Add one record to a CRM JSON file.",
    {"database_file": string(), "item_json": {"type": "object"}},
    server="crm",
)


async def test_numbers_given_to_one_logs_fields_are_a_record_of_them() -> None:
    """Trial 18, f21: "morning reflection: feeling energetic, energy 8, mood 7" listed the CRM's
    records of the stage "morning reflection"; f03: "mood 4/10" was kept in the text, where a
    mood and a sleep quality are both scores."""
    log = tool(
        "log_journal_entry", "Log a journal entry", {"entry": JOURNAL_ENTRY}, server="fitness"
    )
    tools = [log, ANALYZE, EXPENSES, CRM_ADD]
    step = await turn(tools, "morning reflection: feeling energetic, energy 8, mood 7")
    assert not any(name in ("add", "view_expenses") for name, _ in calls(step)), calls(step)
    assert "entry_type" in step.text or any(n == "log_journal_entry" for n, _ in calls(step))
    step = await turn(tools, "journal entry: rough day at work, mood 4/10, stress 8, type daily")
    ((name, args),) = calls(step)
    entry = args["entry"]
    assert (name, entry["mood"], entry["stress_level"]) == ("log_journal_entry", 4, 8), entry
