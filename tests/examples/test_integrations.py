"""The agent-framework examples run as their docstrings say, each against its framework's own
scripted model, on a scratch data folder of their own (the user's is never touched)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tests.examples.test_examples import EXAMPLES, run

pytestmark = pytest.mark.processes


@pytest.mark.parametrize("example", ["openai_agents", "pydantic_ai"])
def test_an_agent_creates_a_todo_then_deletes_it_once_approved(
    example: str, tmp_path: Path
) -> None:
    out = run([sys.executable, str(EXAMPLES / example / "run_agent.py")], tmp_path).stdout
    lines = [re.sub(r"todo_[a-z0-9]{6,}", "todo_…", line) for line in out.splitlines()]
    assert lines[0] == "> remind me to buy eggs tomorrow at 3pm"
    due = r"\d{4}-\d\d-\d\dT15:00:00"
    assert re.fullmatch(
        rf'  \[ok\] todo\.create_todo \{{"title": "buy eggs", "due_date": "{due}"\}}', lines[1]
    )
    assert lines[2:] == [
        "Created: Todo created successfully.",
        "> delete the buy eggs todo",
        '  approve delete_todo({"todo_id":"todo_…","confirmation":true})? yes',
        '  [ok] todo.delete_todo {"todo_id": "todo_…", "confirmation": true}',
        "Deleted: Todo deleted successfully.",
    ]
    assert not (tmp_path / "data").exists()  # the user's data folder (XDG_DATA_HOME) untouched
