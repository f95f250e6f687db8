"""A question whether it is now a part of the day at a place ("is it still morning in Los
Angeles?", "is it night in Tokyo?", lexicon `NOW_PART_QUESTIONS`) asks for that place's clock
now: the part is no time to convert (before, "morning" was read as 09:00 and converted). A part
of the day said otherwise keeps its time. Over schemas of its own."""

from __future__ import annotations

import pytest

from orchestrator.offline._read import read
from tests.orchestrator.offline._routing import calls, turn
from tests.orchestrator.offline.test_zone_day import CLOCK, SHIFT


@pytest.mark.parametrize(
    ("said", "zone"),
    [
        ("is it still morning in Los Angeles?", "America/Los_Angeles"),
        ("is it night in Tokyo?", "Asia/Tokyo"),
    ],
)
async def test_a_part_of_the_day_asked_of_now_is_the_clock_there(said: str, zone: str) -> None:
    assert calls(await turn([CLOCK, SHIFT], said)) == [("world_clock", {"timezone": zone})]


def test_a_part_of_the_day_said_otherwise_keeps_its_time() -> None:
    assert read("is it still morning in Los Angeles?").when is None
    when = read("call the bank tomorrow morning").when
    assert when is not None and when.part
