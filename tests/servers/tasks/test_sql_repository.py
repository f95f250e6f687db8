"""Task storage: each kind of listing reads its page through an index, on both backends, as it
will for a store that has grown (10,000 tasks over 200 branches, three statuses)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import insert, text

from servers._common.sql import Database
from servers.tasks.repository import TaskQuery
from servers.tasks.sql_repository import TABLES, SqlTaskRepository
from servers.tasks.tables import TASK_BRANCHES, TASKS

TASKS_STORED = 10_000
BRANCHES = 200
STATUSES = ("need to be done", "in-progress", "complete")


def _seed(url: str) -> None:
    db = Database.open(url, tables=TABLES)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    try:
        with db.transaction(write=True) as conn:
            conn.execute(
                insert(TASKS),
                [
                    {"id": f"00000000-0000-4000-8000-{n:012d}", "title": f"t{n}",
                     "status": STATUSES[n % 3], "created_at": start,
                     "updated_at": start + timedelta(minutes=(n * 7919) % TASKS_STORED),
                     "planning_references": []}
                    for n in range(TASKS_STORED)
                ],
            )  # fmt: skip
            conn.execute(
                insert(TASK_BRANCHES),
                [
                    {"task_id": f"00000000-0000-4000-8000-{n:012d}", "name": f"b{n % BRANCHES}",
                     "position": 0}
                    for n in range(TASKS_STORED)
                ],
            )  # fmt: skip
            if db.dialect == "postgresql":
                conn.execute(text("ANALYZE"))
    finally:
        db.close()


def _plan(db: Database, statement: str, parameters: Any) -> str:
    with db.engine.connect() as conn:
        cursor = conn.connection.cursor()
        explain = "EXPLAIN QUERY PLAN " if db.dialect == "sqlite" else "EXPLAIN "
        cursor.execute(explain + statement, parameters)
        plan = " / ".join(str(row[-1] if db.dialect == "sqlite" else row[0]) for row in cursor)
        cursor.close()
    return plan


@pytest.mark.parametrize(
    ("query", "reads"),
    [
        (TaskQuery(limit=50), "ix_tasks_updated"),
        (TaskQuery(status="complete", limit=50), "ix_tasks_status_updated_id"),
        (TaskQuery(branch="b7", limit=50), "ix_task_branches_name"),
        (TaskQuery(branch="b7", status="complete", limit=50), "ix_task_branches_name"),
    ],
    ids=["all", "status", "branch", "branch+status"],
)
def test_a_listing_reads_its_page_through_an_index(
    database_url: str, query: TaskQuery, reads: str
) -> None:
    _seed(database_url)
    db = Database.open(database_url, tables=TABLES)  # as a server starts on a grown store
    try:
        repository = SqlTaskRepository(db)
        with db.watch() as ran:
            summaries = repository.list_summaries(query)
        (statement, parameters), = ran  # fmt: skip
        plan = _plan(db, statement, parameters)
    finally:
        db.close()
    expected = [
        (datetime(2026, 1, 1, tzinfo=UTC) + timedelta(minutes=(n * 7919) % TASKS_STORED), n)
        for n in range(TASKS_STORED)
        if query.status in (None, STATUSES[n % 3]) and query.branch in (None, f"b{n % BRANCHES}")
    ]
    expected.sort(reverse=True)
    assert [s.title for s in summaries] == [f"t{n}" for _, n in expected[: query.limit]]
    assert reads in plan, plan
    if query.branch is None:  # the page, in order, from the index: no sort, no table scan
        assert "TEMP B-TREE" not in plan and "Sort" not in plan, plan
        assert not re.search(r"SCAN tasks(?! USING INDEX)|Seq Scan", plan), plan
    else:  # the branch's tasks, found by name: never a walk of the tasks testing each one
        assert "ix_tasks_updated" not in plan and "ix_tasks_status" not in plan, plan
