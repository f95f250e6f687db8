"""No key ever leaves the agents server: not in a response (even when an agent quotes one), a
log line, the registry's database, or a config secrets file's key."""

from __future__ import annotations

import logging
from pathlib import Path

import anyio
import pytest
import yaml

from servers.agents.catalog import AGENTS
from tests.servers.agents.conftest import (
    CANARIES,
    ServiceFactory,
    assert_no_canary,
    call,
    connect,
    todo_entry,
)
from tests.servers.agents.fake_clis import write_fake

CONFIG_KEY = "canary-from-the-secrets-file-5d1e"


async def test_a_tour_of_every_tool_leaves_no_key_anywhere(
    tmp_path: Path, fake_bin: Path, make_service: ServiceFactory, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    config = tmp_path / "mcp_agent.config.yaml"
    config.write_text(yaml.safe_dump({"mcp": {"servers": {"todo": todo_entry(tmp_path)}}}))
    (tmp_path / "mcp_agent.secrets.yaml").write_text(
        yaml.safe_dump({"openai": {"api_key": CONFIG_KEY}})
    )
    # An agent that quotes keys it was given, or found, in its answer and on stderr.
    quoting = f"mine: {CANARIES['ANTHROPIC_API_KEY']}, config: {CONFIG_KEY}"
    write_fake(
        fake_bin, "claude",
        stdout=f'{{"type": "result", "is_error": false, "result": "{quoting}"}}',
    )  # fmt: skip
    write_fake(fake_bin, "codex", stderr=f"boom {CANARIES['OPENAI_API_KEY']}\n", exit=2)
    database = tmp_path / "registry.db"
    texts: list[str] = []
    with anyio.fail_after(60):
        async with connect(make_service(url=f"sqlite:///{database}", config=config)) as client:
            calls = [
                ("list_available_agents", {"include_status": True}),
                *(("probe_agent_status", {"agent_name": name}) for name in AGENTS),
                ("execute_agent_request", {"agent_name": "claude-code", "prompt": "keys?"}),
                ("execute_agent_request", {"agent_name": "codex", "prompt": "keys?"}),
                ("execute_agent_request", {"agent_name": "nobody", "prompt": "keys?"}),
            ]
            for tool, arguments in calls:
                result = await client.call_tool(tool, arguments)
                texts.extend(getattr(block, "text", "") for block in result.content)
            quoted = await call(
                client, "execute_agent_request", {"agent_name": "claude-code", "prompt": "again"}
            )
            openai = await call(client, "probe_agent_status", {"agent_name": "openai"})
    everything = "\n".join([*texts, caplog.text, database.read_bytes().decode(errors="replace")])
    assert_no_canary(everything)
    assert CONFIG_KEY not in everything
    assert quoted["content"] == "mine: [redacted], config: [redacted]"
    assert "boom [redacted]" in everything
    # The secrets file's key wins over the environment's, and shows as any key does.
    assert (openai["status"], openai["detail"]) == ("operative", "the config=cana…")
