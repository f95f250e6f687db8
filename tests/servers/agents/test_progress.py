"""A long ``execute_agent_request``: progress to a caller who asks for it, and a cancelled call
(``notifications/cancelled``) ends the agent's whole process group, over a real stdio session.
Then what the agents server offers beside tools: the catalogue and each agent as resources, the
hand-over prompt, completions for agent names."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import anyio
import mcp_types as types
import pytest
from mcp import Client, MCPError, StdioServerParameters

from servers.agents.catalog import AGENTS
from tests.servers.agents.conftest import ServiceFactory, call, connect
from tests.servers.agents.fake_clis import success_output, write_fake
from tests.servers.agents.test_cli_agents import wait_for_exit

pytestmark = pytest.mark.processes


def _stdio(tmp_path: Path, environ: dict[str, str], config: Path) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "servers.agents", "--database-url", f"sqlite:///{tmp_path / 'agents.db'}",
              "--config", str(config)],
        env=environ,
    )  # fmt: skip


async def test_progress_while_an_agent_works_and_when_it_is_done(
    fake_bin: Path, make_service: ServiceFactory
) -> None:
    write_fake(fake_bin, "claude", stdout=success_output("claude-code"))
    seen: list[tuple[float, float | None, str | None]] = []

    async def progressed(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))

    with anyio.fail_after(30):
        async with connect(make_service()) as client:
            result = await client.call_tool(
                "execute_agent_request",
                {"agent_name": "claude-code", "prompt": "hi", "timeout": 60},
                progress_callback=progressed,
            )
            quiet = await client.call_tool(  # no progress token: no progress
                "execute_agent_request", {"agent_name": "claude-code", "prompt": "hi"}
            )
    assert not result.is_error and not quiet.is_error
    assert seen[0][:2] == (0.0, 60) and seen[0][2] == "claude-code working for 0s"
    assert seen[-1][:2] == (60, 60) and (seen[-1][2] or "").startswith("claude-code done after")
    assert [p for p, _, _ in seen] == sorted(p for p, _, _ in seen)


async def test_a_cancelled_call_ends_the_agent_and_everything_it_started(
    tmp_path: Path, fake_bin: Path, environ: dict[str, str], orchestrator_config: Path
) -> None:
    fake = write_fake(fake_bin, "gemini", mode="hang")  # it and its child ignore SIGTERM
    started = anyio.Event()
    ticks: list[float] = []

    async def progressed(progress: float, total: float | None, message: str | None) -> None:
        ticks.append(progress)
        if fake.runs():  # ticks come every 2 s: one after the CLI wrote its record
            started.set()

    with anyio.fail_after(60):
        async with Client(_stdio(tmp_path, environ, orchestrator_config)) as client:
            async with anyio.create_task_group() as tg:

                async def ask() -> None:
                    await client.call_tool(
                        "execute_agent_request",
                        {"agent_name": "gemini-cli", "prompt": "never answers", "timeout": 300},
                        progress_callback=progressed,
                    )

                tg.start_soon(ask)
                await started.wait()
                tg.cancel_scope.cancel()  # the client sends notifications/cancelled
            run = fake.last()
            # SIGTERM, then SIGKILL after a second: both gone within 2 s of the cancellation.
            ended = wait_for_exit(run["pid"], 2) and wait_for_exit(run["child"], 2)
            # The server goes on answering.
            listed = await call(client, "list_available_agents", {})
    assert ended, "the agent's process group outlived the cancelled call"
    assert listed["total_count"] == len(AGENTS)
    assert ticks and ticks == sorted(ticks)


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_the_catalogue_and_agents_as_resources_prompts_and_completions(
    make_service: ServiceFactory, mode: str
) -> None:
    add_todo = {
        "tool_name": "add_todo",
        "agent_name": "offline",
        "tool_spec": {
            "description": "Add an item to the todo list",
            "input_schema": {"type": "object", "properties": {"title": {"type": "string"}}},
            "binding": {"mcp": {"server": "todo", "tool": "create_todo"}},
        },
    }
    with anyio.fail_after(30):
        async with Client(make_service_server(make_service), mode=mode) as client:  # type: ignore[arg-type]
            await call(client, "register_tool_with_agent", add_todo)
            catalogue = await client.read_resource("agents://catalogue")
            offline = await client.read_resource("agents://agents/offline")
            with pytest.raises(MCPError) as unknown:
                await client.read_resource("agents://agents/hal")
            prompt = await client.get_prompt(
                "hand_over", {"agent_name": "codex", "job": "fix the flaky test"}
            )
            names = await client.complete(
                types.PromptReference(name="hand_over"), {"name": "agent_name", "value": "c"}
            )
    (content,) = catalogue.contents
    assert isinstance(content, types.TextResourceContents)
    assert [a["name"] for a in json.loads(content.text)] == list(AGENTS)
    (content,) = offline.contents
    assert isinstance(content, types.TextResourceContents)
    agent = json.loads(content.text)
    assert [t["name"] for t in agent["registered_tools"]] == ["add_todo"]
    assert unknown.value.code == -32602 and "No agent named 'hal'" in unknown.value.message
    text = prompt.messages[0].content
    assert isinstance(text, types.TextContent)
    assert "agent_name 'codex'" in text.text and text.text.endswith("The job: fix the flaky test")
    assert names.completion.values == ["claude", "claude-code", "codex"]


def make_service_server(make_service: ServiceFactory) -> object:
    from servers.agents.tools import build_agents_server

    return build_agents_server(make_service())
