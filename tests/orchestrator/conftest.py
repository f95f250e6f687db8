"""Fixtures for the orchestrator tests: real MCP servers in subprocesses, temporary configs."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
import yaml

from orchestrator.testing import server_entry

REPO = Path(__file__).resolve().parents[2]
# The time zone every orchestrator test runs in (`_isolated`), for dates computed at import.
ZONE = ZoneInfo("Europe/Paris")


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test gets its own data directory, no provider keys, and a fixed time zone."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("TZ", ZONE.key)
    time.tzset()  # this process's local time too, as the programs a test starts read it
    for var in (
        "GEMINI_API_KEY",
        "GOOGLE_API_KEY",
        "ANTHROPIC_API_KEY",
        "OPENAI_API_KEY",
        "OPENAI_COMPATIBLE_API_KEY",
        "TODO_DATABASE_URL",
    ):
        monkeypatch.delenv(var, raising=False)


@pytest.fixture
def write_config(tmp_path: Path) -> Callable[..., Path]:
    """Write an mcp_agent.config.yaml with the given servers and return its path."""

    def write(
        servers: dict[str, Any],
        orchestrator: dict[str, Any] | None = None,
        name: str = "mcp_agent.config.yaml",
    ) -> Path:
        # A config names at least one server (an empty section is a config error): with no
        # servers asked for, one that is disabled, so none starts.
        servers = servers or {"nothing": {"command": "true", "disabled": True}}
        data: dict[str, Any] = {"mcp": {"servers": servers}}
        data["orchestrator"] = {"startup_timeout_seconds": 20, **(orchestrator or {})}
        path = tmp_path / name
        path.write_text(yaml.safe_dump(data))
        return path

    return write


@pytest.fixture
def notes_file(tmp_path: Path) -> Path:
    return tmp_path / "notes.json"


@pytest.fixture
def mixed_servers(notes_file: Path) -> dict[str, Any]:
    """One good server beside a missing, a crashing and a hanging one."""
    return {
        "notes": server_entry("notes", env={"NOTES_FILE": str(notes_file)}),
        "missing": {"command": "/no/such/command"},
        "crashing": server_entry("crashing"),
        "hanging": server_entry("hanging"),
    }
