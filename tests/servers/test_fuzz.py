"""Property-based calls to every tool of every bundled server (see tests/servers/fuzzing.py):
valid inputs from the published schemas never crash or leak and return the contract's shapes;
invalid inputs always get the invalid-arguments error body and write nothing.

Bounded for CI: FUZZ_EXAMPLES inputs per tool and property (default 25); bench/fuzz.py runs the
same properties long and prints counts per tool.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.servers.bundled import BUNDLED, BundledServer
from tests.servers.fuzzing import fuzz

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "25"))
CASES = [(server, tool) for server in BUNDLED for tool in server.tools]


SQL_CASES = [(server, tool) for server, tool in CASES if server.sql]


@pytest.mark.parametrize("valid", [True, False], ids=["valid", "invalid"])
@pytest.mark.parametrize(("server", "tool"), CASES, ids=[f"{s.name}.{t}" for s, t in CASES])
def test_generated_inputs(server: BundledServer, tool: str, valid: bool, tmp_path: Path) -> None:
    counts = fuzz(server, tool, tmp_path / "store", EXAMPLES, valid=valid)
    assert sum(counts.values()) >= EXAMPLES // 2, counts  # the properties really ran


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
    assert sum(counts.values()) >= EXAMPLES // 2, counts
