"""A sum split between people ("split a bill of 87.60 between 4 people", "split 90 among 3",
lexicon `MATH_VERBS`) is a division, the first number said after what it is the amount of ("a
bill of", at most `Weights.math_gap_words` words ending in "of", lexicon `AMOUNT_OF`), as
"divide a total of 100 by 8" is. Over schemas of its own."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline._routing import calls, turn
from tests.orchestrator.offline.test_percent_relations import EVALUATE, JOURNAL


@pytest.mark.parametrize(
    ("said", "formula"),
    [
        ("split a bill of 87.60 between 4 people", "87.60 / 4"),
        ("split 90 among 3", "90 / 3"),
        ("divide a total of 100 by 8", "100 / 8"),
        ("divide 100 by 8", "100 / 8"),  # as before
    ],
)
async def test_a_split_is_a_division(said: str, formula: str) -> None:
    assert calls(await turn([EVALUATE, JOURNAL], said)) == [
        ("evaluate_formula", {"formula": formula})
    ]
