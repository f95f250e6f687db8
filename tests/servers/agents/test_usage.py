"""What an agents request cost: the CLI's own figure (Claude Code's ``total_cost_usd``), else its
reported tokens priced by model, else unknown (null, never a guess), in ``execute_agent_request``'s
metadata. Through a real MCP client session, with fake CLIs printing each one's documented
output (``fake_clis.success_output``)."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from servers.agents.clis import CLI_FORMATS
from tests.servers.agents.conftest import ServiceFactory, call, connect
from tests.servers.agents.fake_clis import success_output, write_fake

COSTS = {
    "claude-code": (0.0123, "cli"),  # its own total_cost_usd
    # gemini-2.5-pro at $1.25/M in, $0.31/M cached, $10/M out: 300 fresh, 100 cached, 45 out
    "gemini-cli": (0.000856, "prices"),
    "codex": (None, None),  # tokens, but no model named: no price
    "qwen-code": (None, None),  # qwen3-coder-plus is not in the price table
    "goose": (None, None),  # a total only
}


@pytest.mark.parametrize("agent", list(COSTS))
async def test_each_request_says_what_it_cost_or_that_it_is_unknown(
    agent: str, fake_bin: Path, make_service: ServiceFactory
) -> None:
    write_fake(fake_bin, CLI_FORMATS[agent].binary, stdout=success_output(agent))
    with anyio.fail_after(30):
        async with connect(make_service()) as client:
            body = await call(
                client, "execute_agent_request", {"agent_name": agent, "prompt": "hi"}
            )
    meta = body["metadata"]
    assert (meta["cost_usd"], meta["cost_source"]) == COSTS[agent]


async def test_a_cli_that_reports_nothing_has_unknown_usage_not_zero(
    fake_bin: Path, make_service: ServiceFactory
) -> None:
    write_fake(fake_bin, "claude", stdout="just some words\n")  # not the JSON it documents
    with anyio.fail_after(30):
        async with connect(make_service()) as client:
            body = await call(
                client, "execute_agent_request", {"agent_name": "claude-code", "prompt": "hi"}
            )
    meta = body["metadata"]
    assert body["content"] == "just some words"
    assert body["tokens_used"] is None and "usage" not in meta
    assert (meta["cost_usd"], meta["cost_source"]) == (None, None)


async def test_a_model_given_in_config_prices_a_cli_that_names_none(
    fake_bin: Path, make_service: ServiceFactory
) -> None:
    write_fake(fake_bin, "codex", stdout=success_output("codex"))
    arguments = {"agent_name": "codex", "prompt": "hi", "config": {"model": "gpt-4.1-mini"}}
    with anyio.fail_after(30):
        async with connect(make_service()) as client:
            body = await call(client, "execute_agent_request", arguments)
    meta = body["metadata"]
    # 300 fresh at $0.40/M, 200 cached at $0.10/M, 60 out at $1.60/M
    assert meta["model"] == "gpt-4.1-mini"
    assert (meta["cost_usd"], meta["cost_source"]) == (0.000236, "prices")
