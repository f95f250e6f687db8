"""Todo storage: a page of todos is read in order from an index, on both backends."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import insert, text

from servers._common.sql import Database
from servers.todo.repository import TodoQuery
from servers.todo.sql_repository import TABLES, SqlTodoRepository
from servers.todo.tables import TODO_TAGS, TODOS

ROWS = 3_000


def _plan(db: Database, statement: str, parameters: Any) -> str:
    """The query plan of a statement the repository ran, as one string."""
    with db.engine.connect() as conn:
        cursor = conn.connection.cursor()
        explain = "EXPLAIN QUERY PLAN " if db.dialect == "sqlite" else "EXPLAIN "
        cursor.execute(explain + statement, parameters)
        plan = " / ".join(str(row[-1] if db.dialect == "sqlite" else row[0]) for row in cursor)
        cursor.close()
    return plan


@pytest.mark.parametrize("status", [None, "pending"])
def test_a_page_of_todos_is_read_from_an_index_not_sorted(database_url: str, status) -> None:
    Database.open(database_url, tables=TABLES).close()
    db = Database.open(database_url, tables=TABLES)  # again, as at a server's next start
    try:
        now = datetime(2026, 1, 1, tzinfo=UTC)
        rows = [
            {"id": f"todo_{n:06d}", "title": f"t{n}", "priority": "low",
             "status": "pending" if n % 2 else "completed",
             "due_date": None if n % 3 else now + timedelta(hours=(7 * n) % 1000),
             "created_at": now + timedelta(seconds=n % 7), "updated_at": now}
            for n in range(ROWS)
        ]  # fmt: skip
        with db.transaction(write=True) as conn:
            conn.execute(insert(TODOS), rows)
            if db.dialect == "postgresql":
                conn.execute(text("ANALYZE todos"))
        with db.watch() as ran:
            todos = SqlTodoRepository(db).list(TodoQuery(status=status, limit=20))

        listed = [r for r in rows if status in (None, r["status"])]
        listed.sort(
            key=lambda r: (r["due_date"] is None, r["due_date"] or now, r["created_at"], r["id"])
        )
        assert [t.todo_id for t in todos] == [r["id"] for r in listed[:20]]
        (statement, parameters), = ran  # fmt: skip
        plan = _plan(db, statement, parameters)
        index = "ix_todos_list_order" if status is None else "ix_todos_status_list_order"
        assert index in plan, plan
        assert "TEMP B-TREE" not in plan and "Sort" not in plan, plan
    finally:
        db.close()


@pytest.mark.parametrize(
    "zone", ["UTC", "Asia/Tokyo", "America/New_York", "Europe/Paris", "Asia/Kathmandu"]
)
def test_a_page_in_json_form_is_the_models_dumped(
    zone: str, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tool's page, built without models, is byte for byte what dumping the models gives:
    local offsets (daylight saving, quarter hours, a local mean time of seconds before 1911),
    fractions of a second or none, the ends of the calendar, todos updated or not, tags."""
    monkeypatch.setenv("TZ", zone)
    time.tzset()
    try:
        db = Database.open(database_url, tables=TABLES)
        try:
            stamps = [
                datetime(2026, 3, 8, 6, 59, 59, 999999, tzinfo=UTC),  # New York: DST at 07:00
                datetime(2026, 3, 8, 7, 0, tzinfo=UTC),
                datetime(2026, 7, 1, 12, 30, 0, 120000, tzinfo=UTC),
                datetime(1850, 6, 1, 0, 0, 21, tzinfo=UTC),  # Paris: +00:09:21
                datetime(1, 1, 2, 12, 0, tzinfo=UTC),
                datetime(9999, 12, 30, 12, 0, 0, 1, tzinfo=UTC),
            ]
            rows = [
                {"id": f"todo_{n:06d}", "title": f"t{n} ☕", "priority": "high",
                 "description": None if n % 2 else f"d{n}", "status": "pending",
                 "due_date": None if n % 3 == 2 else stamps[(n + 1) % len(stamps)],
                 "created_at": stamps[n % len(stamps)],
                 "updated_at": stamps[(n + n % 2) % len(stamps)]}
                for n in range(2 * len(stamps))
            ]  # fmt: skip
            tags = [
                {"todo_id": f"todo_{n:06d}", "tag": tag, "position": position}
                for n in range(0, len(rows), 3)
                for position, tag in enumerate(["b", "a", "ünï"][: n % 4])
            ]
            with db.transaction(write=True) as conn:
                conn.execute(insert(TODOS), rows)
                conn.execute(insert(TODO_TAGS), tags)
            repository = SqlTodoRepository(db)
            for query in (TodoQuery(limit=100), TodoQuery(status="pending", limit=5)):
                dumped = [todo.model_dump(mode="json") for todo in repository.list(query)]
                assert repository.list_json(query) == dumped
                assert json.dumps(repository.list_json(query)) == json.dumps(dumped)
            assert len(dumped) == 5 and any(t["tags"] == ["b", "a", "ünï"] for t in dumped)
        finally:
            db.close()
    finally:
        monkeypatch.undo()
        time.tzset()


def test_a_pages_times_follow_a_change_of_the_local_time_zone(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page's times are kept converted (SQLite), but for the zone in effect: the same todos
    listed again after the zone changed are in the new one, even between zones of the same names
    and offsets today (Paris and Berlin: CET; their local mean times of 1850 differ)."""
    db = Database.open(database_url, tables=TABLES)
    try:
        stamp = datetime(1850, 6, 1, 0, 0, 21, tzinfo=UTC)
        with db.transaction(write=True) as conn:
            conn.execute(
                insert(TODOS),
                [{"id": "todo_000001", "title": "t", "priority": "low", "status": "pending",
                  "due_date": stamp, "created_at": stamp, "updated_at": stamp}],
            )  # fmt: skip
        repository = SqlTodoRepository(db)
        seen = set()
        for zone in ("Europe/Paris", "Europe/Berlin", "UTC", "Europe/Paris"):
            monkeypatch.setenv("TZ", zone)
            time.tzset()
            (listed,) = repository.list_json(TodoQuery(limit=10))
            (todo,) = repository.list(TodoQuery(limit=10))
            assert listed == todo.model_dump(mode="json")
            seen.add(listed["created_at"])
        assert seen == {
            "1850-06-01T00:09:42+00:09",
            "1850-06-01T00:53:49+00:53",
            "1850-06-01T00:00:21Z",
        }
    finally:
        db.close()
        monkeypatch.undo()
        time.tzset()
