"""A read whose one parameter is an optional text its description names ("best times, for one
route or all of them": `route`) takes the words the request leaves as that text ("my best
time on the river loop"); said with none, it reads them all; a text whose description is a
day's format ("YYYY-MM-DD") takes no words so. Fails on the router before (it asked to
confirm, the words not understood)."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import run_with, tool

BESTS = tool(
    "best_times",
    "Best times (fastest, longest, most climbing) for one route or all of them.",
    {"route": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}},
)
DAYBOOK = tool(
    "read_daybook",
    "Read the daybook of a date (default today).",
    {"date_of": {"type": "string", "description": "Date YYYY-MM-DD (optional, default today)"}},
)
OUTPUTS = {"best_times": json.dumps({"fastest": "41:02"}), "read_daybook": json.dumps({})}


async def test_the_words_left_are_the_text() -> None:
    made = await run_with([BESTS], OUTPUTS, "what's my best time on the river loop?")
    assert made == [("best_times", {"route": "river loop"})]


async def test_none_said_reads_them_all() -> None:
    assert await run_with([BESTS], OUTPUTS, "show my best times") == [("best_times", {})]


async def test_a_day_s_text_takes_no_words() -> None:
    made = await run_with([DAYBOOK], OUTPUTS, "what's in my daybook for the garden")
    assert ("read_daybook", {"date_of": "garden"}) not in made
