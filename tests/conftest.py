"""Fixtures shared by the whole suite: isolated data folders and the two storage backends.

PostgreSQL tests use ``TEST_DATABASE_URL`` (a role allowed to create databases): each test
gets a fresh database, dropped afterwards. Without it they skip, except in CI (``CI=true``),
where a missing PostgreSQL is a failure, not a skip.
"""

from __future__ import annotations

import os
import time
import uuid
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

POSTGRES_ENV = "TEST_DATABASE_URL"
SHARD_ENV = "TEST_SHARD"


def _shard() -> tuple[int, int] | None:
    """``TEST_SHARD=K/N``: this run is shard K of N (see `pytest_collection_modifyitems`)."""
    value = os.environ.get(SHARD_ENV, "")
    if not value:
        return None
    k, _, n = value.partition("/")
    if not (k.isdigit() and n.isdigit() and 1 <= int(k) <= int(n)):
        raise pytest.UsageError(f"{SHARD_ENV}={value!r}: expected K/N with 1 <= K <= N, as 1/2")
    return int(k), int(n)


def _in_shard(item: pytest.Item, shard: tuple[int, int]) -> bool:
    """Whether the test runs in this shard: a test of a module marked ``processes``, or one
    marked ``postgres``, runs in the one shard its id falls to (one marked ``installs``: its
    module's path, so that the tests that start dozens of servers at once, as the blind sets'
    do, take their turns in one run rather than at the same time in both); any other in all."""
    if not (item.get_closest_marker("processes") or item.get_closest_marker("postgres")):
        return True
    k, n = shard
    key = item.nodeid.split("::")[0] if item.get_closest_marker("installs") else item.nodeid
    return zlib.crc32(key.encode()) % n == k - 1


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With ``TEST_SHARD=K/N`` set (CI runs the suite on two Pythons at once, as shards 1/2
    and 2/2), the modules that start real processes (marked ``processes``: nine tenths of the
    suite's CPU) and the PostgreSQL tests are shared out between the runs, each test to one of
    them by its id, and every other test runs in each: every test runs once at least, and on
    both Pythons the in-process tests do. Without it, every test runs.

    The tests marked ``installs`` (they need a tool a ``scripts/*-up.sh`` installs from npm,
    PyPI or Debian) run after the rest, in their own order: on a fresh machine the installs
    (CI starts them beside the test runs; each script holds a lock its tests wait on) then
    overlap the rest of the suite instead of delaying it."""
    shard = _shard()
    if shard is not None:
        left = [item for item in items if not _in_shard(item, shard)]
        if left:
            config.hook.pytest_deselected(items=left)
            items[:] = [item for item in items if _in_shard(item, shard)]
    items.sort(key=lambda item: item.get_closest_marker("installs") is not None)


@pytest.fixture(autouse=True)
def _local_time_follows_tz() -> Iterator[None]:
    """The process's local time zone is read again from `TZ` once a test's patches are undone.

    A test that sets `TZ` and calls `time.tzset()` would otherwise leave its zone to the next
    tests in the worker, whose `datetime.now().astimezone()` would then disagree with the
    programs they start (which read `TZ` afresh): near midnight, about which day is tomorrow.
    Set up before `monkeypatch` (it asks for nothing), so torn down after it."""
    yield
    time.tzset()


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """No test reads or writes the real per-user data folder."""
    home = tmp_path_factory.mktemp("xdg")
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / "state"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / "cache"))
    # No test starts the warm orchestrator by accident (its own tests turn it on, each with
    # its own runtime folder), nor reaches a real user's.
    monkeypatch.setenv("ORCHESTRATOR_DAEMON", "0")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(home / "run"))
    for var in ("TODO_DATABASE_URL", "TASKS_DATABASE_URL", "DATABASE_URL"):
        monkeypatch.delenv(var, raising=False)
    # pytest-xdist's workers have COLUMNS=80 and LINES=24, which the programs the tests start
    # in a pseudo-terminal would take over the terminal's own size.
    for var in ("COLUMNS", "LINES"):
        monkeypatch.delenv(var, raising=False)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'store.db'}"


def _admin_url() -> str:
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        reason = f"PostgreSQL tests need {POSTGRES_ENV}=postgresql+psycopg://USER:PW@HOST/DB"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{reason}; in CI they must run (.ci/run sets it)")
        pytest.skip(reason)
    return url


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    admin_url = make_url(_admin_url().replace("postgresql://", "postgresql+psycopg://", 1))
    name = f"t_{uuid.uuid4().hex[:16]}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        yield admin_url.set(database=name).render_as_string(hide_password=False)
        _drop(admin, name)
    finally:
        admin.dispose()


def _drop(admin: Any, name: str) -> None:
    """Drop a test database; a session PostgreSQL itself opened on it (autovacuum) may need a
    moment to end, so a refusal is tried again, a few times, before it counts."""
    from sqlalchemy import text
    from sqlalchemy.exc import DBAPIError

    for attempt in range(5):
        try:
            with admin.connect() as conn:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            return
        except DBAPIError:
            if attempt == 4:
                raise
            time.sleep(0.2 * (attempt + 1))


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest) -> str:
    """Each test using it runs on both backends."""
    fixture = "sqlite_url" if request.param == "sqlite" else "postgres_url"
    return request.getfixturevalue(fixture)
