"""A story told to the tool that asks to be told one ("Describe what happened at the shop — what
they said, what they quoted, how they acted"): the whole request is its text, question and all,
in any tense; a request that reports nothing is no story. A greeting typed without its
apostrophe ("hey hows it going") only greets. Before (user trial 35's first sight), "... said i
had to decide today ... is that sketchy?" listed the todos due today, and the greeting asked
which tool "it" was for."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline import _cars
from tests.orchestrator.offline._routing import conversation
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *_cars.TOOLS]


@pytest.mark.parametrize(
    "said",
    [
        "the shop wouldnt show me the old parts they supposedly replaced and said i had to decide"
        " today or the price goes up. is that sketchy?",
        "took my car in for a simple oil change and they came back with a list of 9 things"
        " totaling $2,700. said my brakes were 'dangerous' but wouldn't let me look at them. am i"
        " being scammed",
        "so the shop says my car needs a new transmission but they won't give me a written"
        " estimate, just said 'around 4 grand'",
    ],
)
async def test_a_story_told_is_the_whole_text(said: str) -> None:
    made, _ = await conversation(TOOLS, said)
    assert made == [("check_shop_red_flags", {"description": said})]


async def test_a_request_that_reports_nothing_is_no_story() -> None:
    made, _ = await conversation(TOOLS, "remind me to ask the shop about the old parts today")
    assert [name for name, _ in made] == ["create_todo"]
    said = (
        "Should I keep fixing my 2009 Chevy Malibu? The repair is $2,400, KBB says it's worth"
        " about $3,000, and it has 168k miles."
    )  # (one verb that reports: a value said, no story)
    made, _ = await conversation(TOOLS, said)
    assert "check_shop_red_flags" not in [name for name, _ in made]


async def test_a_greeting_without_its_apostrophe_only_greets() -> None:
    made, answers = await conversation(TOOLS, "hey hows it going")
    assert made == [] and answers[0].startswith("Hello!")
