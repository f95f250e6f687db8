"""A listing whose name says a state (`get_active_jobs`: "active", a word of the lexicon's
in-progress group) is the tool for a question that says that state in other words ("what's in
progress?", "what am I working on?"); another listing, or one of another state, is not (the
first test fails on the router before)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

ACTIVE = tool("get_active_jobs", "Get the jobs that are being worked on.", {})
JOBS = tool("list_jobs", "List all jobs.", {})
STAGE = tool(
    "get_stage_progress",
    "Get the progress of a stage.",
    {"stage_id": text("The stage")},
    "stage_id",
)
ARCHIVED = tool("get_archived_jobs", "Get the jobs put away.", {})


async def test_a_state_said_in_other_words_names_the_listing() -> None:
    for said in ("what's in progress right now?", "what am I working on at the moment"):
        assert calls(await turn([ACTIVE, JOBS, STAGE], said)) == [("get_active_jobs", {})]


async def test_a_listing_of_another_state_is_not_named() -> None:
    assert calls(await turn([ARCHIVED, JOBS], "what am I working on at the moment")) != [
        ("get_archived_jobs", {})
    ]
