"""A request whose text is read but with a word that fits nothing ("new feature idea: export to
CSV", "idea" fits nothing) asks whether to go ahead with the value it read, shown: it never
asks for that value as if it had not been said ("I need: title. What should I use?", where a
"yes" had been written as the title or asked the same again). A yes makes the call with what
was understood; a value given instead replaces the one shown; a no does nothing. Fails on the
router before."""

from __future__ import annotations

from orchestrator import AssistantMessage, Question, UserMessage
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls, text, tool

NEW_ITEM = tool(
    "new_item",
    "Create a new issue, todo, feature, epic, or diary entry for the current project.",
    {"item_type": text("item_type parameter"), "title": text("title parameter")},
    "item_type",
    "title",
)
SAID = "new feature idea: export to CSV"


async def _asked() -> tuple[ModelResponse, Question]:
    response = await OfflineRouter().respond(ModelRequest("", [UserMessage(SAID)], [NEW_ITEM]))
    assert not response.tool_calls, response.tool_calls
    (item,) = response.items
    assert isinstance(item, AssistantMessage) and item.question is not None, response.text
    return response, item.question


async def _reply(reply: str) -> ModelResponse:
    response, question = await _asked()
    history = [UserMessage(SAID), AssistantMessage(response.text, question), UserMessage(reply)]
    return await OfflineRouter().respond(ModelRequest("", history, [NEW_ITEM]))


async def test_the_value_read_is_shown_not_asked_for() -> None:
    response, question = await _asked()
    assert "“idea”" in response.text  # what fits nothing is said
    assert "“export to CSV”" in response.text  # the title read, shown
    assert "I need" not in response.text
    assert question.fields["title"]["default"] == "export to CSV"  # the form prefilled


async def test_a_yes_goes_ahead_with_what_was_understood() -> None:
    made = calls(await _reply("yes"))
    assert made == [("new_item", {"item_type": "feature", "title": "export to CSV"})]


async def test_a_value_given_replaces_the_one_shown() -> None:
    made = calls(await _reply("title: Export to CSV files"))
    assert made == [("new_item", {"item_type": "feature", "title": "Export to CSV files"})]


async def test_a_no_does_nothing() -> None:
    assert calls(await _reply("no")) == []
