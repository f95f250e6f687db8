"""A request a tool's description quotes as its cue ("Call when the student signals she's
wrapping up for now (e.g. 'that's it for today', 'done')"): said word for word, it calls that
tool, whatever verb it lacks. In user trial 22, "that's it for today" made a todo titled
"that's" due today; with no tool that quotes it, it is a closing, and nothing is called."""

from __future__ import annotations

from dataclasses import replace

from tests.orchestrator.offline._charts import FIND_LAST_TRANSIT
from tests.orchestrator.offline._chores import CREATE_TODO, LIST_TODOS
from tests.orchestrator.offline._routing import calls, turn
from tests.orchestrator.offline._study import END_STUDY_SESSION
from tests.orchestrator.offline._study import TOOLS as STUDY

TODOS = [replace(CREATE_TODO, server="todo"), replace(LIST_TODOS, server="todo")]


async def test_the_cue_a_description_quotes_calls_its_tool() -> None:
    made = calls(await turn([*STUDY, *TODOS], "that's it for today"))
    assert made == [(END_STUDY_SESSION.name, {})], made


async def test_with_no_tool_quoting_it_the_same_words_are_a_closing() -> None:
    response = await turn(TODOS, "that's it for today")
    assert calls(response) == [] and response.text, response.text


async def test_a_quoted_example_question_fills_its_value_by_its_capital() -> None:
    made = calls(await turn([FIND_LAST_TRANSIT, *TODOS], "when was Mercury last retrograde?"))
    assert made == [(FIND_LAST_TRANSIT.name, {"planet": "Mercury", "retrograde": True})], made
