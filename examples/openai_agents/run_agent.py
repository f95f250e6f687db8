"""The configured servers in an OpenAI Agents SDK agent: it creates a todo, then deletes it once
the user approves (the SDK's human-in-the-loop interruptions). The todo server keeps its data in
a scratch folder made here, so your own list is never touched.

With the extra installed (`.venv/bin/pip install '.[openai-agents]'`), from the clone's folder:

    .venv/bin/python examples/openai_agents/run_agent.py                         # scripted model
    .venv/bin/python examples/openai_agents/run_agent.py --model gpt-4.1-mini    # OPENAI_API_KEY

Without `--model` the agent's model is the SDK's own `agents.testing.ScriptedModel`, playing the
calls a model would make, so it runs with no key and no network.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import tempfile
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from agents import Agent, Model, Runner, set_tracing_disabled
from agents.testing import ModelCall, ModelStep, ScriptedModel, assistant_message, function_call

from orchestrator import ToolCall
from orchestrator.integrations.openai_agents import OrchestratorMCPServer

CONFIG = Path(__file__).with_name("mcp_agent.config.yaml")
REQUESTS = ("remind me to buy eggs tomorrow at 3pm", "delete the buy eggs todo")


def output_of(call: ModelCall, call_id: str) -> dict[str, Any]:
    """What tool call `call_id` gave back, as the model was shown it (JSON)."""
    for item in call.input:
        if item.get("type") == "function_call_output" and item.get("call_id") == call_id:
            output = item["output"]
            parts = [output] if isinstance(output, str | dict) else output
            text = "".join(p if isinstance(p, str) else p["text"] for p in parts)
            return json.loads(text)  # type: ignore[no-any-return]
    raise LookupError(f"the model was not shown the output of call {call_id}")


def scripted_model() -> ScriptedModel:
    """What a model would do with the two requests, one step per model turn."""
    due = f"{date.today() + timedelta(days=1)}T15:00:00"
    return ScriptedModel(
        [
            [function_call("create_todo", {"title": "buy eggs", "due_date": due}, call_id="c1")],
            ModelStep.respond(
                lambda call: [assistant_message(f"Created: {output_of(call, 'c1')['message']}.")]
            ),
            ModelStep.respond(
                lambda call: [
                    function_call(
                        "delete_todo",
                        {"todo_id": output_of(call, "c1")["todo_id"], "confirmation": True},
                        call_id="c2",
                    )
                ]
            ),
            ModelStep.respond(
                lambda call: [assistant_message(f"Deleted: {output_of(call, 'c2')['message']}.")]
            ),
        ]
    )


def show(call: ToolCall) -> None:
    print(f"  [{call.status}] {call.server}.{call.tool} {json.dumps(call.arguments)}")


async def main(model: Model | str) -> None:
    servers = OrchestratorMCPServer.from_config(CONFIG, on_tool_result=show)
    async with servers:
        agent = Agent(
            name="assistant",
            instructions="You manage the user's todo list with the tools you have.",
            model=model,
            mcp_servers=[servers],
        )
        history: list[Any] = []
        for request in REQUESTS:
            print(f"> {request}")
            result = await Runner.run(agent, [*history, {"role": "user", "content": request}])
            while result.interruptions:  # a destructive call waits for the user's yes
                state = result.to_state()
                for item in result.interruptions:
                    print(f"  approve {item.name}({item.arguments})? yes")
                    state.approve(item)
                result = await Runner.run(agent, state)
            print(result.final_output)
            history = result.to_input_list()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", help="an OpenAI model name (needs OPENAI_API_KEY)")
    args = parser.parse_args()
    set_tracing_disabled(True)  # nothing leaves the machine but the model's own requests
    with tempfile.TemporaryDirectory(prefix="openai-agents-example-") as scratch:
        os.environ["XDG_DATA_HOME"] = scratch  # where the todo server keeps its list
        asyncio.run(main(args.model or scripted_model()))
