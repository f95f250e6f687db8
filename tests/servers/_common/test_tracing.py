"""A SQL statement's span says its kind and its table, never its text or a value."""

from __future__ import annotations

import pytest

from servers._common.tracing import statement_summary


@pytest.mark.parametrize(
    ("statement", "summary"),
    [
        ("SELECT todos.id, todos.title FROM todos WHERE todos.title = ?", ("SELECT", "todos")),
        ('select "t".id from "tasks" as t where t.branch = %(b)s', ("SELECT", "tasks")),
        ("INSERT INTO todos (id, title) VALUES (?, ?)", ("INSERT", "todos")),
        ("INSERT OR REPLACE INTO tools (name) VALUES (?)", ("INSERT", "tools")),
        ("UPDATE todos SET priority=? WHERE todos.id = ?", ("UPDATE", "todos")),
        ("DELETE FROM todos WHERE todos.id = 'secret-value'", ("DELETE", "todos")),
        ("BEGIN IMMEDIATE", ("BEGIN", None)),
        ("PRAGMA journal_mode=WAL", ("PRAGMA", None)),
        ("SELECT pg_advisory_xact_lock(%(k)s)", ("SELECT", None)),
    ],
)
def test_a_statement_is_summarised_by_its_kind_and_table(
    statement: str, summary: tuple[str, str | None]
) -> None:
    assert statement_summary(statement) == summary
