"""A question that asks for what one of two converse tools makes, named `<from>_to_<what>`:
"what would the monthly rent be?" is `jeonse_to_monthly_rent`'s, "what's the jeonse equivalent"
`monthly_rent_to_jeonse`'s, "how many square meters is ..." `pyeong_to_square_meters`'s (user
trial 36: each asked which of the two was meant, or called the other)."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline import _korean_calculators
from tests.orchestrator.offline._routing import conversation
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *_korean_calculators.TOOLS]


@pytest.mark.parametrize(
    ("said", "call"),
    [
        (
            "my jeonse is 3억, the landlord wants to switch to wolse with a 1억 deposit. what"
            " would the monthly rent be?",
            ("jeonse_to_monthly_rent", {"jeonse_manwon": 30000, "deposit_manwon": 10000}),
        ),
        (
            "how many square meters is a 32 pyeong apartment",
            ("pyeong_to_square_meters", {"pyeong": 32}),
        ),
        ("84 ㎡ is how many pyeong?", ("square_meters_to_pyeong", {"square_meters": 84})),
    ],
)
async def test_what_a_question_asks_for_chooses_the_tool_that_makes_it(
    said: str, call: tuple[str, dict[str, object]]
) -> None:
    made, _ = await conversation(TOOLS, said)
    assert made == [call]
