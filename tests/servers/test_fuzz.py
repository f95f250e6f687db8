"""Property-based calls to every tool of every bundled server (see tests/servers/fuzzing.py):
valid inputs from the published schemas never crash or leak and return the contract's shapes;
invalid inputs always get the invalid-arguments error body and write nothing.

Bounded for CI: FUZZ_EXAMPLES inputs per tool and property (default 25), a fifth of them over
stdio; bench/fuzz.py runs the same properties long and prints counts per tool.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from tests.servers.bundled import BUNDLED, BundledServer
from tests.servers.fuzzing import caller, fuzz, fuzz_with, session

pytestmark = pytest.mark.processes

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "25"))
CASES = [(server, tool) for server in BUNDLED for tool in server.tools]


SQL_CASES = [(server, tool) for server, tool in CASES if server.sql]


@pytest.mark.parametrize("valid", [True, False], ids=["valid", "invalid"])
@pytest.mark.parametrize(("server", "tool"), CASES, ids=[f"{s.name}.{t}" for s, t in CASES])
def test_generated_inputs(server: BundledServer, tool: str, valid: bool, tmp_path: Path) -> None:
    counts = fuzz(server, tool, tmp_path / "store", EXAMPLES, valid=valid).counts
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
    ).counts
    _really_ran(counts, server, tool, valid, tmp_path)


STDIO_EXAMPLES = max(EXAMPLES // 5, 3)


@pytest.mark.parametrize("server", BUNDLED, ids=[s.name for s in BUNDLED])
def test_broken_inputs_over_stdio(server: BundledServer, tmp_path: Path) -> None:
    """The same invalid inputs sent by a real process's stdin as JSON text, where a lone
    surrogate is a JSON escape: each gets its refusal (the tool's error body, or a JSON-RPC
    error carrying the request's id) in time, and the process lives on. One process per
    server, a few inputs per tool (bench/fuzz.py --stdio runs it long)."""
    with caller(server, tmp_path / "store", stdio=True) as live:
        for tool in server.tools:
            counts = fuzz_with(live, server, tool, STDIO_EXAMPLES, valid=False).counts
            assert sum(counts.values()) >= 1, (tool, counts)


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
