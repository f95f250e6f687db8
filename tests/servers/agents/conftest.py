"""Fixtures for the agents server's tests: a clean environment with canary keys, an orchestrator
config with real servers to bind tools to, and the server in process over a real MCP client.

Every provider key is a *canary*: a value that must never show up in a response, a log line, a
database or a cassette (``CANARIES``).
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
import yaml
from mcp import Client

from servers._common.sql import Database
from servers.agents.catalog import AGENTS
from servers.agents.service import AgentsService
from servers.agents.sql_repository import TABLES, SqlToolRepository
from servers.agents.tools import build_agents_server, create_service
from tests._calls import call  # noqa: F401  (re-exported for this server's tests)
from tests._cassettes import pytest_recording_configure  # noqa: F401  (endpoint matcher)
from tests._vendors import VENDORS, Vendor

KEY_VARS = (
    "ANTHROPIC_API_KEY",
    "OPENAI_API_KEY",
    "GEMINI_API_KEY",
    "GOOGLE_API_KEY",
    "DEEPSEEK_API_KEY",
    "DASHSCOPE_API_KEY",
    "OPENAI_COMPATIBLE_API_KEY",
    "OLLAMA_API_KEY",
    "CODEX_API_KEY",
    "ANTHROPIC_AUTH_TOKEN",
    "CLAUDE_CODE_OAUTH_TOKEN",
)
ENDPOINT_VARS = (
    "ANTHROPIC_BASE_URL",
    "OPENAI_BASE_URL",
    "GEMINI_BASE_URL",
    "DEEPSEEK_BASE_URL",
    "DASHSCOPE_BASE_URL",
    "OPENAI_COMPATIBLE_BASE_URL",
    "OLLAMA_HOST",
    "OPENAI_ORG_ID",
    "OPENAI_PROJECT_ID",
    "AGENTS_RATE_LIMIT",
    "AGENTS_CONFIG",
    "AGENTS_DATABASE_URL",
    "ORCHESTRATOR_PROVIDER_ATTEMPTS",
)
# Not shaped like any vendor's key, so only redaction of the exact value can hide them.
CANARIES = {var: f"canary-{var.lower().replace('_', '-')}-7f3a9c2e" for var in KEY_VARS}
AGENT_VENDORS: dict[str, Vendor] = {
    name: VENDORS[spec.provider] for name, spec in AGENTS.items() if spec.provider is not None
}
"""Each API and local agent's vendor (claude: Anthropic's, ...)."""
SYSTEM_PATH = os.pathsep.join(p for p in ("/usr/local/bin", "/usr/bin", "/bin") if Path(p).is_dir())


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No key, endpoint or agents setting of the machine reaches a test."""
    for var in (*KEY_VARS, *ENDPOINT_VARS):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()  # this process's local time too, as the servers a test starts read it


@pytest.fixture
def fake_bin(tmp_path: Path) -> Path:
    """A folder for fake CLIs, first on the agents' PATH."""
    folder = tmp_path / "bin"
    folder.mkdir()
    return folder


@pytest.fixture
def environ(tmp_path: Path, fake_bin: Path) -> dict[str, str]:
    """The agents server's environment: canary keys, fake CLIs first on PATH, its own HOME."""
    home = tmp_path / "home"
    home.mkdir()
    return {
        "PATH": os.pathsep.join([str(fake_bin), SYSTEM_PATH]),
        "HOME": str(home),
        "XDG_DATA_HOME": os.environ["XDG_DATA_HOME"],
        "TZ": "Europe/Paris",
        "AGENTS_DATABASE_URL": "postgresql+psycopg://agents:db-password-1234@127.0.0.1/agents",
        **CANARIES,
    }


def todo_entry(tmp_path: Path) -> dict[str, Any]:
    url = f"sqlite:///{tmp_path / 'todo.db'}"
    return {
        "command": sys.executable,
        "args": ["-m", "servers.todo"],
        "env": {"TODO_DATABASE_URL": url},
    }


@pytest.fixture
def orchestrator_config(tmp_path: Path) -> Path:
    """An orchestrator config: the todo server, one that cannot start (and is marked required
    for the orchestrator: for an agent it is still just a tool that fails), and this server."""
    path = tmp_path / "mcp_agent.config.yaml"
    servers = {
        "todo": todo_entry(tmp_path),
        "broken": {"command": "/no/such/command", "required": True},
        "agents": {"command": "mcp-agents"},
        "agents-module": {"command": sys.executable, "args": ["-m", "servers.agents"]},
    }
    # The fake Anthropic's model: the SDK warns that the default one is deprecated.
    anthropic = {"default_model": "claude-haiku-4-5"}
    path.write_text(yaml.safe_dump({"mcp": {"servers": servers}, "anthropic": anthropic}))
    return path


ServiceFactory = Callable[..., AgentsService]


@pytest.fixture
def make_service(
    sqlite_url: str, environ: dict[str, str], orchestrator_config: Path
) -> Iterator[ServiceFactory]:
    """Build the service on a database (SQLite unless ``url`` is given); closed after the test."""
    opened: list[Database] = []

    def make(
        *,
        url: str | None = None,
        env: Mapping[str, str] | None = None,
        config: Path | None = None,
        rate_limit: int | None = None,
    ) -> AgentsService:
        db = Database.open(url or sqlite_url, tables=TABLES)
        opened.append(db)
        return create_service(
            SqlToolRepository(db),
            {**environ, **(env or {})},
            config=str(config or orchestrator_config),
            rate_limit=rate_limit,
        )

    yield make
    for db in opened:
        db.close()


@asynccontextmanager
async def connect(service: AgentsService) -> AsyncIterator[Client]:
    async with Client(build_agents_server(service)) as client:
        yield client


async def call_error(client: Client, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """Call a tool expecting a failure: marked isError, the body as JSON text, no structure."""
    result = await client.call_tool(tool, arguments)
    assert result.is_error, result.content
    assert result.structured_content is None
    body = json.loads(result.content[0].text)  # type: ignore[union-attr]
    assert body["status"] == "error" and body["error"] and body["code"]
    return body


def assert_no_canary(text: str) -> None:
    for var, canary in CANARIES.items():
        assert canary not in text, f"the {var} canary leaked"
