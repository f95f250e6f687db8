"""The todo service's rules beyond the wire: local time zones, date windows, storage failures."""

from __future__ import annotations

import os
import random
import re
import string
import time
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from servers._common.sql import Database
from servers.todo.errors import DatabaseError
from servers.todo.models import CreateTodoInput, ListTodosInput, UpdateTodoInput
from servers.todo.service import TodoService, new_todo_id
from servers.todo.sql_repository import TABLES, SqlTodoRepository


@pytest.fixture
def tokyo() -> Iterator[None]:
    """Run in a time zone far from UTC (no DST), so offset mistakes show."""
    old = os.environ.get("TZ")
    os.environ["TZ"] = "Asia/Tokyo"
    time.tzset()
    yield
    if old is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = old
    time.tzset()


def _service(url: str, now: datetime) -> tuple[TodoService, Database]:
    db = Database.open(url, tables=TABLES)
    return TodoService(SqlTodoRepository(db), now=lambda: now), db


def test_naive_due_dates_are_local_time_and_shown_with_offset(tokyo, database_url: str) -> None:
    service, db = _service(database_url, datetime(2026, 3, 2, 1, 0, tzinfo=UTC))  # 10:00 JST
    try:
        service.create_todo(CreateTodoInput(title="eggs", due_date="2026-03-02T15:00:00"))
        (todo,) = service.list_todos(ListTodosInput()).todos
        assert todo.due_date is not None
        assert todo.due_date.isoformat() == "2026-03-02T15:00:00+09:00"
        assert todo.created_at.utcoffset().total_seconds() == 9 * 3600  # type: ignore[union-attr]
    finally:
        db.close()


def test_today_and_this_week_are_computed_in_the_local_zone(tokyo, database_url: str) -> None:
    # Monday 2026-03-02, 00:30 JST = Sunday 15:30 UTC: UTC would pick the wrong day and week.
    service, db = _service(database_url, datetime(2026, 3, 1, 15, 30, tzinfo=UTC))
    try:
        for title, due in [
            ("sunday night", "2026-03-01T23:00:00"),
            ("monday", "2026-03-02T09:00:00"),
            ("sunday next", "2026-03-08T22:00:00"),
            ("next monday", "2026-03-09T08:00:00"),
        ]:
            service.create_todo(CreateTodoInput(title=title, due_date=due))

        def titles(spec: str) -> list[str]:
            result = service.list_todos(ListTodosInput(due_date_filter=spec))
            return [t.title for t in result.todos]

        assert titles("today") == ["monday"]
        assert titles("this_week") == ["monday", "sunday next"]
        assert titles("2026-03-01") == ["sunday night"]
        assert titles("tomorrow") == []
        assert titles("overdue") == ["sunday night"]
    finally:
        db.close()


@pytest.mark.parametrize("zone", ["Asia/Tokyo", "America/New_York", "Pacific/Kiritimati"])
def test_the_first_and_last_days_of_the_calendar_are_filters_like_any_other(
    zone: str, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """9999-12-31 has no next day and 0001-01-01 starts before year 1 in UTC east of it: the
    window has no bound on that side (no stored date lies there), not a database error."""
    monkeypatch.setenv("TZ", zone)
    time.tzset()
    try:
        service, db = _service(database_url, datetime(2026, 3, 2, 1, 0, tzinfo=UTC))
        try:
            service.create_todo(CreateTodoInput(title="last", due_date="9999-12-30T12:00:00Z"))

            def titles(spec: str) -> list[str]:
                result = service.list_todos(ListTodosInput(due_date_filter=spec))
                return [t.title for t in result.todos]

            last_day = datetime(9999, 12, 30, 12, tzinfo=UTC).astimezone().date().isoformat()
            assert titles(last_day) == ["last"]
            assert titles("9999-12-31") == ([] if last_day != "9999-12-31" else ["last"])
            assert titles("0001-01-01") == []
        finally:
            db.close()
    finally:
        monkeypatch.undo()
        time.tzset()


def test_update_reports_the_fields_given(sqlite_url: str) -> None:
    service, db = _service(sqlite_url, datetime(2026, 1, 1, tzinfo=UTC))
    try:
        todo_id = service.create_todo(CreateTodoInput(title="a")).todo_id
        result = service.update_todo(UpdateTodoInput(todo_id=todo_id, tags=[], description="d"))
        assert result.updated_fields == ["description", "tags"]
    finally:
        db.close()


def test_unreachable_database_is_a_database_error_without_secrets(tmp_path) -> None:
    # Nothing listens on port 1: the connection is refused.
    url = "postgresql+psycopg://admin:s3cret-pw@127.0.0.1:1/todo"
    db = Database(engine=__import__("sqlalchemy").create_engine(url), url=url)
    service = TodoService(SqlTodoRepository(db))
    with pytest.raises(DatabaseError) as info:
        service.create_todo(CreateTodoInput(title="x"))
    message = str(info.value)
    assert message == "Failed to create the todo: database connection failed"
    assert "s3cret" not in message and "INSERT" not in message.upper()
    db.close()


def test_an_id_is_ten_characters_drawn_in_about_one_read_of_the_os_random_source(
    monkeypatch,
) -> None:
    reads: list[int] = []
    urandom = random._urandom  # type: ignore[attr-defined]

    def counted(n: int) -> bytes:
        reads.append(n)
        return urandom(n)

    monkeypatch.setattr(random, "_urandom", counted)
    ids = [new_todo_id() for _ in range(2000)]
    # One draw, and another now and then: randbelow redraws a number out of range (1 in 5).
    assert len(reads) <= len(ids) * 1.5
    assert all(re.fullmatch(r"todo_[a-z0-9]{10}", i) for i in ids) and len(set(ids)) == len(ids)
    assert set("".join(i[5:] for i in ids)) == set(string.ascii_lowercase + string.digits)


def test_a_day_with_no_time_is_not_overdue_until_that_day_is_over(tokyo, database_url: str) -> None:
    """A due date given as a day alone is stored as its local midnight: due today, it is not
    overdue yet; a time earlier today, or any earlier day, is (trial 10, "list overdue todos")."""
    service, db = _service(database_url, datetime(2026, 3, 2, 1, 0, tzinfo=UTC))  # 10:00 JST
    try:
        for title, due in [
            ("today, no time", "2026-03-02"),
            ("today at nine", "2026-03-02T09:00:00"),
            ("today at noon", "2026-03-02T12:00:00"),
            ("yesterday, no time", "2026-03-01"),
        ]:
            service.create_todo(CreateTodoInput(title=title, due_date=due))
        result = service.list_todos(ListTodosInput(due_date_filter="overdue"))
        assert [t.title for t in result.todos] == ["yesterday, no time", "today at nine"]
    finally:
        db.close()
