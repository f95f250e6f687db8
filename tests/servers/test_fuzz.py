"""Property-based calls to every tool of every bundled server (see tests/servers/fuzzing.py):
valid inputs from the published schemas never crash or leak and return the contract's shapes;
invalid inputs always get the invalid-arguments error body and write nothing.

Bounded for CI: FUZZ_EXAMPLES inputs per tool and property (default 25); bench/fuzz.py runs the
same properties long and prints counts per tool.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from tests.servers.bundled import BUNDLED, BundledServer
from tests.servers.fuzzing import fuzz, session

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "25"))
CASES = [(server, tool) for server in BUNDLED for tool in server.tools]


SQL_CASES = [(server, tool) for server, tool in CASES if server.sql]


@pytest.mark.parametrize("valid", [True, False], ids=["valid", "invalid"])
@pytest.mark.parametrize(("server", "tool"), CASES, ids=[f"{s.name}.{t}" for s, t in CASES])
def test_generated_inputs(server: BundledServer, tool: str, valid: bool, tmp_path: Path) -> None:
    counts = fuzz(server, tool, tmp_path / "store", EXAMPLES, valid=valid)
    _really_ran(counts, server, tool, valid, tmp_path)


@pytest.mark.postgres
@pytest.mark.parametrize("valid", [True, False], ids=["valid", "invalid"])
@pytest.mark.parametrize(("server", "tool"), SQL_CASES, ids=[f"{s.name}.{t}" for s, t in SQL_CASES])
def test_generated_inputs_on_postgresql(
    server: BundledServer, tool: str, valid: bool, tmp_path: Path, postgres_url: str
) -> None:
    """PostgreSQL is stricter than SQLite (no NUL in text, typed time stamps)."""
    counts = fuzz(
        server, tool, tmp_path / "store", EXAMPLES, valid=valid, database_url=postgres_url
    )
    _really_ran(counts, server, tool, valid, tmp_path)


def _really_ran(
    counts: Counter[str], server: BundledServer, tool: str, valid: bool, folder: Path
) -> None:
    """The property tried at least half its examples, or, for a tool that takes no argument,
    its only valid input (hypothesis stops once the inputs are exhausted)."""
    if sum(counts.values()) >= EXAMPLES // 2:
        return
    assert valid, counts
    with session(server, folder / "schema") as live:
        assert not live.tools()[tool].input_schema.get("properties"), counts
    assert counts["valid, done"] >= 1, counts
