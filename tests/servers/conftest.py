"""Fixtures for every bundled server's tests: the MCP Inspector CLI, a client that is not ours.

The Inspector is installed by ``scripts/inspector-up.sh`` (pinned, under ``.cache/inspector``,
with the machine's node and npm). Without node or the npm registry the tests that need it skip,
except in CI (``CI=true``), where that is a failure.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests._installs import require

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def inspector_cli() -> Path:
    """The MCP Inspector's cli.js, installed if need be."""
    return require("inspector-up.sh", "the MCP Inspector")
