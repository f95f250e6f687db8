"""A tool that sets a value under a key it is given (`set_card_level(card, level)`, described
in another language: its name and its parameters' names carry it) is the write for "add X with
level 2": the field said by name is its, the words left name the key, and no other write takes
those words for its text (`add_note` had written "Serendipity with level 2"). A number outside
the values its description lists ("1 (nueva), 2 (aprendiendo) o 3 (dominada)") is asked about,
never sent; and a reply that holds one text in quotes gives that text as the key asked for.
Each fails on the router before."""

from __future__ import annotations

from orchestrator import AssistantMessage, ToolDefinition, UserMessage
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls, integer, string, text, tool, turn

ADD_NOTE = tool("add_note", "Add a note.", {"text": string()}, "text")
SET_LEVEL = tool(
    "set_card_level",
    "Añade una tarjeta nueva o cambia el nivel de una existente.",
    {
        "card": text("La palabra"),
        "level": {**integer(), "description": "1 (nueva), 2 (aprendiendo) o 3 (dominada)"},
    },
    "card",
    "level",
)
LIST_CARDS = tool("list_cards", "Lista las tarjetas.", {})
TOOLS = [ADD_NOTE, SET_LEVEL, LIST_CARDS]


async def test_a_field_said_by_name_goes_to_the_tool_that_sets_it() -> None:
    made = calls(await turn(TOOLS, "add Serendipity with level 2"))
    assert made == [("set_card_level", {"card": "Serendipity", "level": 2})]
    made = calls(await turn(TOOLS, "set level 1 for 'ubiquitous'"))
    assert made == [("set_card_level", {"card": "ubiquitous", "level": 1})]


async def test_a_number_outside_the_listed_values_is_asked_about() -> None:
    response = await turn(TOOLS, "set level 4 for ubiquitous")
    assert not response.tool_calls
    assert "1 to 3" in response.text and "level" in response.text
    chinese = tool(
        "set_card_level",
        "在数据库中添加新单词或更新现有单词的状态。",
        {
            "card": string(),
            "level": {
                **integer(),
                "description": "掌握状态：1（未掌握），2（基本掌握），或3（完全掌握）",
            },
        },
        "card",
        "level",
    )
    response = await turn([ADD_NOTE, chinese], "set level 4 for ubiquitous")
    assert not response.tool_calls and "1 to 3" in response.text


async def _reply(tools: list[ToolDefinition], first: str, reply: str) -> ModelResponse:
    opening = UserMessage(first)
    asked = await OfflineRouter().respond(ModelRequest("", [opening], tools))
    (item,) = asked.items
    assert isinstance(item, AssistantMessage) and item.question is not None, asked.text
    history = [opening, item, UserMessage(reply)]
    return await OfflineRouter().respond(ModelRequest("", history, tools))


async def test_a_quoted_text_in_a_reply_is_the_name_asked_for() -> None:
    tools = [ADD_NOTE, SET_LEVEL]  # (no listing of cards to look it up in)
    response = await _reply(tools, "set level 3 for it", "i totally nailed 'meticulous'")
    assert calls(response) == [("set_card_level", {"card": "meticulous", "level": 3})]
