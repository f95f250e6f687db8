"""A request that says to make something and its text after a colon, but not what it makes
("save this: gate code 4821#", among tools that make notes, todos and expenses), is asked which
tool makes it, and a reply naming the tool goes on with that tool: its text understood, its
name asked for, then written. Before, it was refused ("I'm not sure what to do with ...") and a
reply naming the tool was not understood. Over schemas of its own."""

from __future__ import annotations

from orchestrator import UserMessage
from tests.orchestrator.offline._routing import calls
from tests.orchestrator.offline.test_asking import question_of, turn
from tests.orchestrator.offline.test_body_after_colon import NOTES, SNIPPETS
from tests.orchestrator.offline.test_jotted_down import MEMOS_AND_TASKS


async def test_asked_which_tool_then_its_name_then_written() -> None:
    tools = [*MEMOS_AND_TASKS, *NOTES[:1]]
    request = UserMessage("save this: gate code 4821#")
    asked = await turn(tools, request)
    assert "tool" in question_of(asked).fields
    assert "Which one" in (asked.text or "")
    chose = UserMessage("add-note")
    named = await turn(tools, request, asked.items[0], chose)
    assert list(question_of(named).fields) == ["name"]
    assert "content gate code 4821#" in (named.text or "")
    done = await turn(tools, request, asked.items[0], chose, named.items[0], UserMessage("gate"))
    assert calls(done) == [("add-note", {"name": "gate", "content": "gate code 4821#"})]


async def test_a_snippet_chosen_goes_on() -> None:
    tools = [*MEMOS_AND_TASKS, *SNIPPETS]
    request = UserMessage("keep this: git log --oneline --graph")
    asked = await turn(tools, request)
    assert "tool" in question_of(asked).fields
    named = await turn(tools, request, asked.items[0], UserMessage("tool: save_snippet"))
    assert list(question_of(named).fields) == ["name"]
    assert "text git log --oneline --graph" in (named.text or "")
