"""openai-agents' input items read into the neutral conversation both native providers render."""

from __future__ import annotations

import json
from typing import Any

import pytest
from agents import FunctionTool, Handoff

from orchestrator.errors import ProviderError
from orchestrator.providers._conversation import (
    Text,
    ToolCall,
    ToolResult,
    Turn,
    call_item,
    read_input,
    tool_specs,
)
from tests.orchestrator.providers._history import HISTORY, call, result


def test_parallel_calls_results_and_empty_text_become_alternating_turns() -> None:
    conversation = read_input("Be brief.", HISTORY, "test")
    assert conversation.system == "Be brief."
    assert conversation.turns == [
        Turn("user", [Text("weather in Paris, Atlantis and Oslo?")]),
        Turn(
            "assistant",  # the blank assistant message is gone; the three calls are one turn
            [
                ToolCall("c1", "get_weather", {"city": "Paris"}),
                ToolCall("c2", "get_weather", {"city": "Atlantis"}),
                ToolCall("c3", "get_weather", {"city": "Oslo"}),
            ],
        ),
        Turn(
            "user",  # results are named after their calls; the next request joins them
            [
                ToolResult("c1", "get_weather", '{"sky": "clear"}', is_error=False),
                ToolResult("c2", "get_weather", "ERROR: no such city", is_error=True),
                ToolResult("c3", "get_weather", "", is_error=False),
                Text("and tomorrow?"),
            ],
        ),
    ]


def test_a_structured_tool_failure_is_an_error_result() -> None:
    failed = json.dumps({"success": False, "error_type": "not_found", "message": "no todo 7"})
    turns = read_input(None, [call("c1", "x"), result("c1", failed)], "test").turns
    assert turns[-1].parts == [ToolResult("c1", "get_weather", failed, is_error=True)]
    ok = json.dumps({"success": True, "error_count": 0})
    turns = read_input(None, [call("c1", "x"), result("c1", ok)], "test").turns
    assert turns[-1].parts == [ToolResult("c1", "get_weather", ok, is_error=False)]


def test_the_task_trackers_error_body_is_an_error_result() -> None:
    failed = json.dumps({"error": "Task not found: 1f0c", "code": "TASK_NOT_FOUND"})
    turns = read_input(None, [call("c1", "x"), result("c1", failed)], "test").turns
    assert turns[-1].parts == [ToolResult("c1", "get_weather", failed, is_error=True)]
    fine = json.dumps({"ok": True, "error": None})
    turns = read_input(None, [call("c1", "x"), result("c1", fine)], "test").turns
    assert turns[-1].parts == [ToolResult("c1", "get_weather", fine, is_error=False)]


def test_system_and_developer_messages_join_the_system_text_and_reasoning_is_skipped() -> None:
    items: list[Any] = [
        {"role": "developer", "content": "Answer in French."},
        {"role": "user", "content": "hi"},
        {"type": "reasoning", "id": "rs_1", "summary": []},
        {"role": "system", "content": [{"type": "input_text", "text": "Be polite."}]},
        {"role": "assistant", "content": "Bonjour."},
    ]
    conversation = read_input("Be brief.", items, "test")
    assert conversation.system == "Be brief.\n\nAnswer in French.\n\nBe polite."
    assert conversation.turns == [Turn("user", [Text("hi")]), Turn("assistant", [Text("Bonjour.")])]
    assert read_input(None, "just text", "test").turns == [Turn("user", [Text("just text")])]
    assert read_input(None, [], "test").system is None


def test_unsupported_input_is_a_clear_error() -> None:
    image = {"type": "input_image", "image_url": "data:image/png;base64,AAAA"}
    with pytest.raises(ProviderError, match=r"gemini: input of type 'input_image' is not"):
        read_input(None, [{"role": "user", "content": [image]}], "gemini")
    with pytest.raises(ProviderError, match=r"anthropic: input item of type 'web_search_call'"):
        read_input(None, [{"type": "web_search_call", "id": "ws_1"}], "anthropic")


def test_arguments_that_are_not_a_json_object_still_make_a_call() -> None:
    bad = {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{oops"}
    scalar = {"type": "function_call", "call_id": "c2", "name": "f", "arguments": "3"}
    (turn,) = read_input(None, [bad, scalar], "test").turns
    assert turn.parts == [ToolCall("c1", "f", {}), ToolCall("c2", "f", {"value": 3})]


def test_function_tools_and_handoffs_are_offered_as_functions() -> None:
    async def invoke(_ctx: Any, raw: str) -> str:
        return raw

    schema = {"type": "object", "properties": {"q": {"type": "string"}}}
    tool = FunctionTool(
        name="search",
        description="",
        params_json_schema=schema,
        on_invoke_tool=invoke,
        strict_json_schema=False,
    )
    handoff: Handoff[Any, Any] = Handoff(
        tool_name="transfer_to_billing",
        tool_description="Hand the conversation to billing",
        input_json_schema={"type": "object", "properties": {}},
        on_invoke_handoff=invoke,
        agent_name="billing",
    )
    specs = tool_specs([tool], [handoff], "test")
    assert [(s.name, s.description, s.parameters) for s in specs] == [
        ("search", "search", schema),
        ("transfer_to_billing", "Hand the conversation to billing", handoff.input_json_schema),
    ]
    with pytest.raises(ProviderError, match="not a function tool"):
        tool_specs([object()], [], "test")


def test_a_call_item_carries_its_arguments_as_json() -> None:
    item = call_item("toolu_1", "create_todo", {"title": "œufs"})
    assert (item.type, item.call_id, item.name) == ("function_call", "toolu_1", "create_todo")
    assert json.loads(item.arguments) == {"title": "œufs"}
