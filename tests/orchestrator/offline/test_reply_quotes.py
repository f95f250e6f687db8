"""A reply that quotes a text and says words of its own on both sides of it asks for something
else: "translate 'good luck on your exam' into Portuguese", said while the router waited for an
attempt's concept, logged an attempt whose concept was "good luck on your exam" (user trial
22's wrong write). Now it is a request of its own, which no tool can do; a reply that only
names its value ("i totally nailed 'meticulous'") still answers."""

from __future__ import annotations

from orchestrator import UserMessage
from orchestrator.messages import AssistantMessage
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls
from tests.orchestrator.offline._study import TOOLS


async def test_a_quote_inside_a_request_of_its_own_is_no_answer() -> None:
    asked = "log: chemistry, unattempted"
    first = await OfflineRouter().respond(ModelRequest("", [UserMessage(asked)], TOOLS))
    (question,) = first.items
    assert isinstance(question, AssistantMessage) and question.question is not None
    reply = "translate 'good luck on your exam' into Portuguese"
    history = [UserMessage(asked), question, UserMessage(reply)]
    response = await OfflineRouter().respond(ModelRequest("", history, TOOLS))
    assert calls(response) == [], calls(response)
