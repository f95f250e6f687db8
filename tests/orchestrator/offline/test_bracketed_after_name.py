"""The values a tool's description lists in brackets right after a parameter's name, in a
sentence ("optionally filtered by owner (ann|bob|cy)"), are the values it takes, as a list on
its own line would be: "what jobs does bob have?" filters by bob (the first test fails on the
router before: bob was no value of anything); a name it does not list fills nothing."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, tool, turn

OPTIONAL = {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}
JOBS = tool(
    "list_jobs",
    "List jobs, default open ones, optionally filtered by owner (ann|bob|cy). Sorted by date.",
    {"owner": OPTIONAL},
)


async def test_a_value_listed_after_the_name_is_taken() -> None:
    said = await turn([JOBS], "what jobs does bob have?")
    assert calls(said) == [("list_jobs", {"owner": "bob"})]
    owned = await turn([JOBS], "show cy's jobs")
    assert calls(owned) == [("list_jobs", {"owner": "cy"})]


async def test_a_name_not_listed_fills_nothing() -> None:
    assert calls(await turn([JOBS], "what jobs does dan have?")) != [
        ("list_jobs", {"owner": "dan"})
    ]
