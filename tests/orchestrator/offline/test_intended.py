"""A change said as what I'll do ("I'll begin on X", "I will start X": lexicon SELF_FUTURE) is
that verb's action, and "today" said with it, by a tool with no day to take, is when (now), no
word of the item's name (both tests fail on the router before: it was read as a question,
then no job matched "boiler service today")."""

from __future__ import annotations

from tests.orchestrator.offline._jobs import JOBS, OUTPUTS, START
from tests.orchestrator.offline._routing import run_with


async def test_what_i_will_do_today_is_done_now() -> None:
    made = await run_with([START, JOBS], OUTPUTS, "ok I'll begin on the boiler service today")
    assert made == [("list_jobs", {}), ("begin_job", {"job_id": "j2"})]


async def test_i_will_start_is_start() -> None:
    made = await run_with([START, JOBS], OUTPUTS, "I will start the boiler service")
    assert made == [("list_jobs", {}), ("begin_job", {"job_id": "j2"})]
