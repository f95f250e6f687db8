"""The real agent CLIs that npm ships and that fail fast without a key (claude, gemini, qwen),
installed pinned by ``scripts/agent-clis-up.sh``: the probe finds each (with its version when it
answers within a second), and a request without a key comes back as that CLI's own clear error,
through the flags this server starts it with. Without node or the npm registry these tests skip,
except in CI (``CI=true``), where that is a failure."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import anyio
import pytest

from tests._installs import require
from tests.servers.agents.conftest import (
    KEY_VARS,
    SYSTEM_PATH,
    ServiceFactory,
    call,
    call_error,
    connect,
)

pytestmark = [pytest.mark.slow, pytest.mark.installs]

REPO = Path(__file__).resolve().parents[3]
PINNED = {"claude-code": "2.1.330", "gemini-cli": "0.61.0", "qwen-code": "0.24.4"}
BINARIES = {"claude-code": "claude", "gemini-cli": "gemini", "qwen-code": "qwen"}
NO_KEY_SAYS = {  # each CLI's own words when it has no credentials
    "claude-code": "Please run /login",
    "gemini-cli": "GEMINI_API_KEY",
    "qwen-code": "auth type",
}


@pytest.fixture(scope="session")
def cli_bin() -> Path:
    """The folder of the installed CLIs' executables (installed if need be)."""
    return require("agent-clis-up.sh", "the real agent CLIs")


@pytest.fixture
def keyless(cli_bin: Path) -> dict[str, str]:
    """The real CLIs first on PATH (node beside them), no key at all, an empty HOME."""
    node = str(Path(shutil.which("node") or "/usr/bin/node").parent)
    path = os.pathsep.join([str(cli_bin), node, SYSTEM_PATH])
    return {"PATH": path, **{var: "" for var in KEY_VARS}}


@pytest.mark.parametrize("agent", list(PINNED))
async def test_the_real_cli_is_found_and_fails_clearly_without_a_key(
    agent: str, cli_bin: Path, keyless: dict[str, str], make_service: ServiceFactory
) -> None:
    with anyio.fail_after(120):
        async with connect(make_service(env=keyless)) as client:
            probe = await call(client, "probe_agent_status", {"agent_name": agent})
            body = await call_error(
                client,
                "execute_agent_request",
                {"agent_name": agent, "prompt": "Say hello", "timeout": 90},
            )
    binary = BINARIES[agent]
    assert probe["status"] == "operative"
    assert probe["detail"].startswith(f"`{binary}` found at {cli_bin / binary} (")
    # The version shows when `--version` answers within a second (gemini takes two or three).
    said = probe["detail"].removeprefix(f"`{binary}` found at {cli_bin / binary} ")
    assert said.startswith(f"(version {PINNED[agent]}") or said == "(no version within 1s)", said
    assert body["code"] == "cli_error", body
    assert body["error"].startswith(f"{agent}: ")
    assert NO_KEY_SAYS[agent] in body["error"]
    assert body["metadata"]["exit_code"] not in (0, None)
