"""The configured servers as a pydantic-ai toolset: an agent creates a todo, then deletes it once
the user approves (pydantic-ai's deferred tool approvals). The todo server keeps its data in a
scratch folder made here, so your own list is never touched.

With the extra installed (`.venv/bin/pip install '.[pydantic-ai]'`), from the clone's folder:

    .venv/bin/python examples/pydantic_ai/run_agent.py                              # scripted
    .venv/bin/python examples/pydantic_ai/run_agent.py --model openai:gpt-4.1-mini  # a real one

Without `--model` the agent's model is pydantic-ai's own `FunctionModel`, playing the calls a
model would make, so it runs with no key and no network. A real model needs its provider's key
(`OPENAI_API_KEY` for `openai:` models, whose SDK comes with the orchestrator).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import tempfile
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from pydantic_ai import Agent, DeferredToolRequests
from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
)
from pydantic_ai.models import Model
from pydantic_ai.models.function import AgentInfo, FunctionModel

from orchestrator import ToolCall
from orchestrator.integrations.pydantic_ai import OrchestratorToolset

CONFIG = Path(__file__).with_name("mcp_agent.config.yaml")
REQUESTS = ("remind me to buy eggs tomorrow at 3pm", "delete the buy eggs todo")


def returned(messages: list[ModelMessage], call_id: str) -> Any:
    """What tool call `call_id` gave back, as the model was shown it."""
    for message in messages:
        for part in message.parts if isinstance(message, ModelRequest) else ():
            if isinstance(part, ToolReturnPart) and part.tool_call_id == call_id:
                return part.content
    raise LookupError(f"the model was not shown the output of call {call_id}")


def scripted_model() -> FunctionModel:
    """What a model would do with the two requests, one step per model turn."""
    due = f"{date.today() + timedelta(days=1)}T15:00:00"
    steps: list[Callable[[list[ModelMessage]], ModelResponse]] = [
        lambda _: ModelResponse(
            parts=[ToolCallPart("create_todo", {"title": "buy eggs", "due_date": due}, "c1")]
        ),
        lambda m: ModelResponse(parts=[TextPart(f"Created: {returned(m, 'c1')['message']}.")]),
        lambda m: ModelResponse(
            parts=[
                ToolCallPart(
                    "delete_todo",
                    {"todo_id": returned(m, "c1")["todo_id"], "confirmation": True},
                    "c2",
                )
            ]
        ),
        lambda m: ModelResponse(parts=[TextPart(f"Deleted: {returned(m, 'c2')['message']}.")]),
    ]

    def play(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        return steps.pop(0)(messages)

    return FunctionModel(play)


def show(call: ToolCall) -> None:
    print(f"  [{call.status}] {call.server}.{call.tool} {json.dumps(call.arguments)}")


async def main(model: Model | str) -> None:
    toolset = OrchestratorToolset.from_config(CONFIG, on_tool_result=show)
    agent = Agent(
        model,
        instructions="You manage the user's todo list with the tools you have.",
        toolsets=[toolset],
        output_type=[str, DeferredToolRequests],
    )
    async with toolset:  # the servers stay up across the runs inside
        history: list[ModelMessage] = []
        for request in REQUESTS:
            print(f"> {request}")
            result = await agent.run(request, message_history=history)
            while isinstance(result.output, DeferredToolRequests):  # waits for the user's yes
                for part in result.output.approvals:
                    print(f"  approve {part.tool_name}({part.args_as_json_str()})? yes")
                approvals = result.output.build_results(approve_all=True)
                result = await agent.run(
                    message_history=result.all_messages(), deferred_tool_results=approvals
                )
            print(result.output)
            history = result.all_messages()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", help="a pydantic-ai model name, e.g. openai:gpt-4.1-mini")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pydantic-ai-example-") as scratch:
        os.environ["XDG_DATA_HOME"] = scratch  # where the todo server keeps its list
        asyncio.run(main(args.model or scripted_model()))
