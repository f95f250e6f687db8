"""Task storage: each kind of listing reads its page through an index, on both backends, as it
will for a store that has grown (10,000 tasks over 200 branches, three statuses)."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from pydantic import ValidationError
from sqlalchemy import insert, text

from servers._common.sql import Database
from servers.tasks.repository import TaskQuery
from servers.tasks.sql_repository import TABLES, SqlTaskRepository
from servers.tasks.tables import TASK_BRANCHES, TASKS

pytestmark = pytest.mark.processes

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


def test_a_page_of_summaries_in_json_form_is_the_models_dumped(database_url: str) -> None:
    """The tool's page of summaries, built without models, is what dumping the models gives:
    times in UTC to the second (fractions dropped, the ends of the calendar), an id that is not
    in a UUID's own text written as the model writes it, a status the contract does not know
    refused as the model refuses it."""
    db = Database.open(database_url, tables=TABLES)
    try:
        stamps = [
            datetime(2026, 3, 8, 6, 59, 59, 999999, tzinfo=UTC),
            datetime(2026, 7, 1, 12, 30, tzinfo=UTC),
            datetime(1, 1, 1, 0, 0, 1, 500, tzinfo=UTC),
            datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=UTC),
        ]
        rows = [
            {"id": f"0000000{n}-abcd-4000-8000-{n:012d}", "title": f"t{n} ☕",
             "status": STATUSES[n % 3], "created_at": stamps[n % 4],
             "updated_at": stamps[(n + 1) % 4], "planning_references": []}
            for n in range(6)
        ]  # fmt: skip
        rows[2]["id"] = "ABCDEF00-0000-4000-8000-000000000002"
        with db.transaction(write=True) as conn:
            conn.execute(insert(TASKS), rows)
        repository = SqlTaskRepository(db)
        for query in (TaskQuery(limit=10), TaskQuery(status="need to be done", limit=1)):
            dumped = [s.model_dump(mode="json") for s in repository.list_summaries(query)]
            assert repository.list_summaries_json(query) == dumped
            assert json.dumps(repository.list_summaries_json(query)) == json.dumps(dumped)
        assert len(dumped) == 1
        page = repository.list_summaries_json(TaskQuery(limit=10))
        assert {"id": "abcdef00-0000-4000-8000-000000000002", "title": "t2 ☕",
                "status": "complete", "created_at": "0001-01-01T00:00:01Z",
                "updated_at": "9999-12-31T23:59:59Z"} in page  # fmt: skip
        assert {"id": "00000000-abcd-4000-8000-000000000000", "title": "t0 ☕",
                "status": "need to be done", "created_at": "2026-03-08T06:59:59Z",
                "updated_at": "2026-07-01T12:30:00Z"} in page  # fmt: skip
        with db.transaction(write=True) as conn:
            conn.execute(insert(TASKS), [{**rows[0], "id": "unknown-status", "status": "done"}])
        with pytest.raises(ValidationError):
            repository.list_summaries(TaskQuery(limit=10))
        with pytest.raises(ValidationError):
            repository.list_summaries_json(TaskQuery(limit=10))
    finally:
        db.close()
