"""The state a tool's description says it sets ("Mark a job as in progress"), said before the
item's name ("start working on the boiler service"), is no word of the name: the job is found
by the rest (the first test fails on the router before: no job matched "working on the boiler
service"). A name that is all state words is left as it was."""

from __future__ import annotations

from tests.orchestrator.offline._jobs import JOBS, OUTPUTS, START
from tests.orchestrator.offline._routing import run_with


async def test_the_state_said_first_is_no_word_of_the_name() -> None:
    made = await run_with([START, JOBS], OUTPUTS, "start working on the boiler service")
    assert made == [("list_jobs", {}), ("begin_job", {"job_id": "j2"})]


async def test_the_name_said_alone_still_finds_it() -> None:
    made = await run_with([START, JOBS], OUTPUTS, "start the boiler service")
    assert made == [("list_jobs", {}), ("begin_job", {"job_id": "j2"})]
