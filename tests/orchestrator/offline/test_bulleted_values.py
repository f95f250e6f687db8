"""The values a parameter's description lists one to a line after a bullet, with what each
means ('Type of query to execute. One of:\n- "prerequisites": ...\n- "struggling": ...'): an
enum of them, so a request that says one fills it ("which physics topics am i struggling
with?": `struggling`) and one that says none never sends its words there (user trial 36: the
router sent "physics topics" as `query_type`, which the server refused). A value only this
read tool lists names it beside a rival's verb ("list the misconceptions": `query_graph`, not
`list_todos`)."""

from __future__ import annotations

import pytest

from orchestrator.offline.router import OfflineRouter
from tests.orchestrator.offline import _learning_graph
from tests.orchestrator.offline._routing import conversation
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *_learning_graph.TOOLS]


def test_a_bulleted_list_is_the_parameters_enum() -> None:
    view = OfflineRouter()._view(_learning_graph.SUBGRAPH)
    assert view.params["direction"].enum == ["upstream", "downstream", "both"]
    assert view.params["output_format"].enum == ["json", "mermaid", "both"]
    edges = OfflineRouter()._view(_learning_graph.ADD_EDGE).params["relation_type"].enum
    assert edges[:3] == ["prerequisite", "builds_on", "related_to"]


@pytest.mark.parametrize(
    ("said", "query_type"),
    [
        ("which physics topics am i struggling with?", "struggling"),
        ("anything due for review?", "due_for_review"),
        ("which concepts have stalled? like i keep reviewing but not getting better", "stalled"),
        ("what math topics am i ready to learn now (prereqs all done)?", "ready_to_learn"),
        ("list the misconceptions ive recorded so far", "misconceptions"),
    ],
)
async def test_a_value_said_fills_it(said: str, query_type: str) -> None:
    made, _ = await conversation(TOOLS, said)
    assert [(n, a["query_type"]) for n, a in made] == [("query_graph", query_type)]


async def test_words_that_say_no_value_are_never_sent_as_one() -> None:
    made, _ = await conversation(TOOLS, "give me my learning stats for programming only")
    assert all(a.get("query_type") in (None, *_values()) for _, a in made)


def _values() -> list[str]:
    return list(OfflineRouter()._view(_learning_graph.QUERY).params["query_type"].enum)
