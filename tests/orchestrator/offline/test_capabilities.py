""" "what can you do?" and "help" (user trial 39: it answered "I'm not sure what to do") list
the servers, their tools and a phrasing of a read and of a write each; a tool named for help is
called instead."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline._fincalc import TOOLS as CALCULATORS
from tests.orchestrator.offline._routing import conversation, tool
from tests.orchestrator.offline.test_files_and_games import TODOS


@pytest.mark.parametrize("said", ["what can you do?", "help", "so what can you help me with"])
async def test_what_the_tools_can_do(said: str) -> None:
    made, answers = await conversation([*TODOS, *CALCULATORS], said)
    assert made == []
    head, todo, calculators, *_ = answers[0].splitlines()
    assert head == "Offline, I can use the tools of 2 servers:"
    assert todo.startswith("- todo: create_todo, list_todos") and "“list todos”" in todo
    assert calculators.startswith("- fincalc: calculate, gross_margin")


async def test_a_tool_named_for_help_is_called() -> None:
    helper = tool("help", "Show the help text of this server.", {}, server="docs")
    made, _ = await conversation([*TODOS, helper], "help")
    assert made == [("help", {})]
