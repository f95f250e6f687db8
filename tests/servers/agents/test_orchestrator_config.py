"""The agents server in the repository's config and the bundled default: started by the
orchestrator as ``mcp-agents``, given every key and base URL it reads through its ``env`` (a stdio
server gets nothing else of ours but a few safe variables)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest

from orchestrator.config import BUNDLED_CONFIG, load_config
from orchestrator.core import Orchestrator
from orchestrator.registry import get_provider
from orchestrator.testing import ScriptedModel, call
from servers.agents.catalog import AGENTS
from tests.servers.agents.conftest import CANARIES

pytestmark = pytest.mark.processes

REPO = Path(__file__).resolve().parents[3]
CONFIGS = [REPO / "mcp_agent.config.yaml", BUNDLED_CONFIG]
TOOLS = ["execute_agent_request", "list_available_agents", "probe_agent_status",
         "register_tool_with_agent"]  # fmt: skip


def variables_read() -> set[str]:
    """Every setting the API and local agents read from the environment."""
    names = {"AGENTS_DATABASE_URL", "AGENTS_RATE_LIMIT", "AGENTS_CONFIG"}
    for spec in AGENTS.values():
        if spec.provider is not None:
            provider = get_provider(spec.provider, env={})
            names.update(provider.key_vars)
            names.update([provider.base_url_var] if provider.base_url_var else [])
    return names


@pytest.mark.parametrize("path", CONFIGS, ids=["repository", "bundled"])
def test_both_configs_run_mcp_agents_with_every_variable_it_reads(path: Path) -> None:
    entry = load_config(path, env={}).servers["agents"]
    assert (entry.command, entry.args, entry.expected_tools) == ("mcp-agents", [], TOOLS)
    assert set(entry.env) == variables_read()
    assert set(entry.env.values()) == {""}  # unset stays empty: "not set"
    expanded = load_config(path, env={"OPENAI_API_KEY": "sk-x", "OLLAMA_HOST": "box:11434"})
    assert expanded.servers["agents"].env["OPENAI_API_KEY"] == "sk-x"
    assert expanded.servers["agents"].env["OLLAMA_HOST"] == "box:11434"


async def _probe_through_the_orchestrator(agent: str) -> dict[str, Any]:
    settings = load_config(REPO / "mcp_agent.config.yaml").select(["agents"])
    model = ScriptedModel(call("probe_agent_status", agent_name=agent), "done")
    with anyio.fail_after(60):
        async with Orchestrator(settings, model=model, yes=True, early_start=False) as orch:
            result = await orch.ask("how is claude?")
    (probe,) = result.tool_calls
    assert probe.status == "ok", probe.result
    return dict(probe.result)


async def test_a_key_in_the_orchestrators_environment_reaches_the_agents_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("ANTHROPIC_API_KEY", CANARIES["ANTHROPIC_API_KEY"])
    found = await _probe_through_the_orchestrator("claude")
    assert (found["status"], found["detail"]) == ("operative", "ANTHROPIC_API_KEY is set")
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    assert (await _probe_through_the_orchestrator("claude"))["status"] == "key_missing"
