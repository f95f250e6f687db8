"""End to end: a todo named on a list longer than one page (`list_todos` gives at most 100) is
found on the page its listing's `next_offset` leads to, by the one-shot and the real server."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from servers._common.paths import data_dir
from servers._common.sql import open_database
from servers.todo.models import CreateTodoInput
from servers.todo.service import TodoService
from servers.todo.sql_repository import TABLES, SqlTodoRepository

pytestmark = pytest.mark.processes


def _fill(count: int) -> None:
    """`count` undated todos in the one-shot's own database, then one more named "renew the
    team passport": the last in the list's order (created last, no due date)."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    db = open_database(f"sqlite:///{folder / 'todo.db'}", tables=TABLES)
    try:
        service = TodoService(SqlTodoRepository(db))
        for i in range(count):
            service.create_todo(CreateTodoInput(title=f"errand number {i}"))
        service.create_todo(CreateTodoInput(title="renew the team passport"))
    finally:
        db.close()


def test_a_todo_past_the_first_page_is_found_and_changed(tmp_path: Path) -> None:
    _fill(130)
    done = subprocess.run(
        [sys.executable, "-m", "orchestrator", "--json", "--server", "todo"],
        input="mark renew the team passport as done\n",
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=90,
        env=dict(os.environ),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    calls = json.loads(done.stdout)["tool_calls"]
    assert [(c["tool"], c["arguments"].get("offset")) for c in calls] == [
        ("list_todos", None),
        ("list_todos", 100),
        ("update_todo", None),
    ]
    assert calls[0]["result"]["next_offset"] == 100 and "next_offset" not in calls[1]["result"]
    assert calls[2]["arguments"]["status"] == "completed" and calls[2]["status"] == "ok"
    (renewed,) = [t for t in calls[1]["result"]["todos"] if t["title"].startswith("renew")]
    assert calls[2]["arguments"]["todo_id"] == renewed["todo_id"]
