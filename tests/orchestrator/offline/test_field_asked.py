"""A field asked of one record ("level of resilient?", "what's the level of 'pragmatic'")
reads that record: the read of its server that needs only what the write of that field is keyed
by (`get_card_info(card)` beside `set_card_level(card, level)`, both described in another
language), with the record's name and not the words that ask for the field. Fails on the router
before (it found no tool)."""

from __future__ import annotations

from dataclasses import replace

from orchestrator import ToolDefinition
from tests.orchestrator.offline._routing import calls, integer, string, tool, turn


def on(server: str, *tools: ToolDefinition) -> list[ToolDefinition]:
    return [replace(t, server=server) for t in tools]


CARDS = on(
    "cards",
    tool(
        "set_card_level",
        "在数据库中添加新单词或更新现有单词的状态。",
        {"card": string(), "level": integer()},
        "card",
        "level",
    ),
    tool("get_card_info", "获取特定英语单词的记忆情况。", {"card": string()}, "card"),
    tool("get_random_cards", "从数据库中随机获取单词。", {"num": integer()}),
)
TASKS = on("tasks", tool("list_tasks", "List the tasks.", {}))


async def test_a_field_asked_of_a_record_reads_that_record() -> None:
    tools = [*TASKS, *CARDS]
    assert calls(await turn(tools, "level of resilient?")) == [
        ("get_card_info", {"card": "resilient"})
    ]
    assert calls(await turn(tools, "what's the level of 'pragmatic'")) == [
        ("get_card_info", {"card": "pragmatic"})
    ]
