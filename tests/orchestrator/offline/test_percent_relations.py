"""A percentage said with the words of its base ("10 percent more than 80", "20% off 50", "a 15%
tip on 86.40", lexicon `PERCENT_RELATIONS`) is arithmetic over both numbers: the base with the
share added or taken off, or the share of it; before, the percentage alone was sent ("10 / 100").
Over schemas of its own."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline._routing import calls, text, tool, turn

EVALUATE = tool(
    "evaluate_formula",
    "Evaluate a maths formula and return the number.",
    {"formula": text("The formula, e.g. 2*(3+4)")},
    "formula",
)
JOURNAL = tool("write_journal", "Write a journal line", {"line": text("The line")}, "line")


@pytest.mark.parametrize(
    ("said", "formula"),
    [
        ("what's 10 percent more than 80?", "80 * (1 + 10/100)"),
        ("whats 5 per cent less than 200", "200 * (1 - 5/100)"),
        ("what's 20% off 50?", "50 * (1 - 20/100)"),
        ("what's a 15% tip on 86.40?", "(15/100) * 86.40"),
        ("12% tax on 250", "(12/100) * 250"),
        ("how much is 15% of 240?", "(15/100) * 240"),  # as before
    ],
)
async def test_a_percentage_is_taken_of_the_base_its_words_name(said: str, formula: str) -> None:
    assert calls(await turn([EVALUATE, JOURNAL], said)) == [
        ("evaluate_formula", {"formula": formula})
    ]
