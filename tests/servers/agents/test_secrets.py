"""No key ever leaves the agents server: not in a response (even when an agent quotes one), a
log line, the registry's database, or a config secrets file's key."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

import anyio
import pytest
import yaml

from servers.agents.catalog import AGENTS
from servers.agents.repository import RegisteredTool
from servers.agents.tools import create_service
from tests.servers.agents.conftest import (
    CANARIES,
    ServiceFactory,
    assert_no_canary,
    call,
    call_error,
    connect,
    todo_entry,
)
from tests.servers.agents.fake_clis import write_fake

pytestmark = pytest.mark.processes

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
    # The secrets file's key wins over the environment's, and is named by where it is set.
    assert (openai["status"], openai["detail"]) == (
        "operative",
        "key set in the config (openai.api_key)",
    )


class _LostRegistry:
    """A tool registry whose database fails unexpectedly, quoting what it was connected with."""

    def register(self, agents: Sequence[str], tool: RegisteredTool, now: datetime) -> list[str]:
        raise AssertionError("not called")

    def tools_for(self, agent: str) -> list[RegisteredTool]:
        return []

    def names_by_agent(self) -> dict[str, list[str]]:
        raise RuntimeError(f"connection lost (password={CONFIG_KEY})")


async def test_an_unexpected_failure_is_logged_without_the_configs_keys(
    tmp_path: Path, environ: dict[str, str], caplog: pytest.LogCaptureFixture
) -> None:
    """The error envelope cleans its log line of the config's keys as the service does of its
    answers, not only of the environment's."""
    caplog.set_level(logging.DEBUG)
    config = tmp_path / "mcp_agent.config.yaml"
    config.write_text(yaml.safe_dump({"mcp": {"servers": {"todo": todo_entry(tmp_path)}}}))
    (tmp_path / "mcp_agent.secrets.yaml").write_text(
        yaml.safe_dump({"openai": {"api_key": CONFIG_KEY}})
    )
    service = create_service(_LostRegistry(), environ, config=str(config))
    with anyio.fail_after(60):
        async with connect(service) as client:
            failed = await call_error(client, "list_available_agents", {"include_status": True})
    assert failed["code"] == "internal_error"
    assert "connection lost (password=[redacted])" in caplog.text
    assert CONFIG_KEY not in caplog.text


async def test_an_unknown_tool_name_is_shortened_in_the_message(
    make_service: ServiceFactory,
) -> None:
    with anyio.fail_after(60):
        async with connect(make_service()) as client:
            known = await call_error(client, "execute_agent", {})
            long_name = await call_error(client, "t" * 10_000, {})
    assert known["code"] == long_name["code"] == "unknown_tool"
    assert known["error"].startswith("Unknown tool 'execute_agent'. Known tools: ")
    assert len(long_name["error"]) < 300 and "(10000 characters)" in long_name["error"]


async def test_a_short_key_is_redacted_where_it_stands_as_a_word(
    fake_bin: Path, make_service: ServiceFactory
) -> None:
    """A key under 8 characters is a secret too: an agent (or an API error) quoting it shows
    [redacted]; the same letters inside a longer word are left alone, not garbled."""
    write_fake(
        fake_bin, "claude",
        stdout='{"type": "result", "is_error": false, '
        '"result": "key k3y45, again (k3y45) but not k3y45x nor ak3y45"}',
    )  # fmt: skip
    write_fake(fake_bin, "codex", stderr="401: invalid key k3y45\n", exit=2)
    short = {"ANTHROPIC_API_KEY": "k3y45", "OPENAI_API_KEY": "k3y45"}
    with anyio.fail_after(60):
        async with connect(make_service(env=short)) as client:
            quoted = await call(
                client, "execute_agent_request", {"agent_name": "claude-code", "prompt": "key?"}
            )
            failed = await call_error(
                client, "execute_agent_request", {"agent_name": "codex", "prompt": "key?"}
            )
    assert quoted["content"] == "key [redacted], again ([redacted]) but not k3y45x nor ak3y45"
    assert "k3y45" not in failed["error"] and "[redacted]" in failed["error"]


async def test_errors_never_show_where_the_server_or_its_config_is_installed(
    tmp_path: Path, make_service: ServiceFactory
) -> None:
    """The bundled config lives inside the installed package: an error naming it names the
    file, not the folders above it (nor those of a config given with its path)."""
    import servers

    install = Path(servers.__file__).resolve().parents[1]
    bundled = install / "orchestrator" / "mcp_agent.config.yaml"
    elsewhere = tmp_path / "deep" / "inside" / "mcp_agent.config.yaml"
    elsewhere.parent.mkdir(parents=True)
    elsewhere.write_text(yaml.safe_dump({"mcp": {"servers": {"todo": todo_entry(tmp_path)}}}))
    spec = {
        "description": "d",
        "input_schema": {"type": "object"},
        "binding": {"mcp": {"server": "nowhere", "tool": "x"}},
    }
    errors = []
    with anyio.fail_after(60):
        for config in (bundled, elsewhere):
            async with connect(make_service(config=config)) as client:
                errors.append(
                    await call_error(
                        client, "register_tool_with_agent", {"tool_name": "t", "tool_spec": spec}
                    )
                )
    for error, config in zip(errors, (bundled, elsewhere), strict=True):
        assert error["code"] == "unknown_server"
        assert "mcp_agent.config.yaml" in error["error"], error
        assert str(config.parent) not in error["error"] and str(install) not in error["error"]
