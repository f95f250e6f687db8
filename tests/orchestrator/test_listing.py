"""Listings people can read (`orchestrator._listing`): the columns that matter, moments as
"tomorrow 15:00", ids only when asked, a line per record that fits the width; a look-up is not
shown and an ambiguous delete shows only its candidates. Then the one-shot on a real
pseudo-terminal, and piped (plain text, as before)."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pexpect
import pytest

from orchestrator._listing import (
    compact_moment,
    for_terminal,
    listings_of,
    render,
    shown_listings,
    without_listed,
)
from orchestrator.result import ToolCall

pytestmark = pytest.mark.processes

NOW = datetime.fromisoformat("2026-11-24T20:00:00+00:00")


def todo(ident: str, title: str, due: str | None, priority: str = "medium") -> dict[str, object]:
    return {
        "todo_id": ident, "title": title, "description": "notes " * 20, "due_date": due,
        "priority": priority, "status": "pending", "tags": ["home"],
        "created_at": "2026-11-24T19:00:00", "updated_at": "2026-11-24T19:00:00",
    }  # fmt: skip


def listed(*rows: dict[str, object], tool: str = "list_todos") -> ToolCall:
    return ToolCall(tool, "todo", {}, "ok", {"success": True, "todos": list(rows), "count": 2})


def test_moments_read_as_people_say_them() -> None:
    assert compact_moment("2026-11-25T15:00:00+00:00", NOW) == "tomorrow 15:00"
    assert compact_moment("2026-11-24T09:30:00+00:00", NOW) == "today 09:30"
    assert compact_moment("2026-11-23T09:30:00+00:00", NOW) == "yesterday 09:30"
    assert compact_moment("2026-11-27T10:00:00+00:00", NOW) == "Fri 10:00"
    assert compact_moment("2026-11-27T00:00:00+00:00", NOW) == "Fri"  # a day with no hour
    assert compact_moment("2026-11-27T00:00:01+00:00", NOW) == "Fri 00:00"
    assert compact_moment("2026-12-04", NOW) == "4 Dec"
    assert compact_moment("2027-01-04T08:00:00+00:00", NOW) == "4 Jan 2027 08:00"
    assert compact_moment("not a date", NOW) == "not a date"


def test_a_row_a_line_within_the_width_with_the_columns_that_matter() -> None:
    long = "call Ana about the quarterly budget review and the venue for the offsite"
    (listing,) = listings_of(
        listed(
            todo("todo_1abc", "buy eggs", "2026-11-25T15:00:00+00:00"),
            todo("todo_2def", long, "2026-11-27T10:00:00+00:00", "high"),
        )
    )
    lines = render(listing, 80, now=NOW)
    assert lines[0].split() == ["TITLE", "DUE", "PRIORITY", "STATUS"]
    assert lines[1].split() == ["buy", "eggs", "tomorrow", "15:00", "medium", "pending"]
    assert len(lines) == 3 and all(len(line) <= 80 for line in lines)
    assert "…" in lines[2] and lines[2].rstrip().endswith("Fri 10:00       high      pending")
    assert not any("todo_" in line or "notes" in line or "19:00" in line for line in lines)
    with_ids = render(listing, 80, ids=True, now=NOW)
    assert with_ids[0].split()[:2] == ["ID", "TITLE"] and with_ids[1].startswith("todo_1abc  ")
    assert all(len(line) <= 50 for line in render(listing, 50, now=NOW))


def test_agents_show_their_status_and_branch() -> None:
    agents = {"agents": [
        {"name": "docs-bot", "status": "busy", "project": "Demo", "role": "writer",
         "metadata": {"branch": "fleet/docs-bot"}, "updated_at": "2026-11-24T19:00:00"},
    ]}  # fmt: skip
    (listing,) = listings_of(ToolCall("list_agents", "fleet", {}, "ok", agents))
    head, row = render(listing, 80, now=NOW)
    assert head.split() == ["NAME", "STATUS", "PROJECT", "ROLE", "BRANCH"]
    assert row.split() == ["docs-bot", "busy", "Demo", "writer", "fleet/docs-bot"]


def test_a_look_up_is_not_shown_and_an_ambiguous_answer_shows_its_candidates() -> None:
    eggs1 = todo("todo_1", "buy eggs", "2026-11-25T15:00:00")
    eggs2 = todo("todo_2", "buy eggs", "2026-11-27T09:00:00")
    ana = todo("todo_3", "call Ana", None)
    lookup = listed(eggs1, ana)
    deleted = ToolCall("delete_todo", "todo", {"todo_id": "todo_1"}, "ok", {"success": True})
    assert shown_listings([lookup, deleted], "Deleted todo “buy eggs”.") == []

    answer = "2 todos match “buy eggs”: “buy eggs”; “buy eggs”. Say which one."
    (candidates,) = shown_listings([listed(eggs1, eggs2, ana)], answer)
    assert [r["todo_id"] for r in candidates.rows] == ["todo_1", "todo_2"]

    full = "2 todos:\n- buy eggs (due …) [todo_1]\n- call Ana [todo_3]\nOnly pending todos."
    (everything,) = shown_listings([listed(eggs1, ana)], full)
    assert len(everything.rows) == 2
    text = for_terminal([listed(eggs1, ana)], full, 80, ids=False)
    assert (
        text.splitlines()[0].startswith("TITLE") and text.splitlines()[-1] == "Only pending todos."
    )
    assert "- buy eggs" not in text and "2 todos:" not in text


def test_bullets_under_a_heading_go_only_when_all_of_them_were_shown() -> None:
    text = "2 todos:\n- buy eggs\n- call Ana\nend"
    assert without_listed(text, {"buy eggs", "call Ana"}) == "end"
    assert without_listed(text, {"buy eggs"}) == "2 todos:\n- call Ana\nend"


def one_shot_env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "TERM": "xterm", "NO_COLOR": "1", "XDG_DATA_HOME": str(tmp_path / "d"),
            "XDG_CACHE_HOME": str(tmp_path / "c")}  # fmt: skip


def test_the_one_shot_lists_on_a_terminal_and_stays_plain_when_piped(tmp_path: Path) -> None:
    config = tmp_path / "mcp_agent.config.yaml"
    config.write_text(
        "mcp: {servers: {todo: {command: mcp-todo}}}\norchestrator: {provider: offline}\n"
    )
    env = one_shot_env(tmp_path)
    base = [sys.executable, "-m", "orchestrator", "--config", str(config)]
    made = subprocess.run([*base, "remind me to buy eggs tomorrow at 3pm"], env=env,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert made.returncode == 0, made.stderr

    def on_terminal(*args: str) -> str:
        child = pexpect.spawn(base[0], [*base[1:], *args], env=env, encoding="utf-8",
                              timeout=60, dimensions=(24, 80))  # fmt: skip
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0, child.before
        return str(child.before)

    shown = on_terminal("what's on my todo list?")
    assert "TITLE" in shown and "tomorrow 15:00" in shown and "todo_" not in shown
    assert "- buy eggs" not in shown
    assert "todo_" in on_terminal("-v", "what's on my todo list?")
    piped = subprocess.run([*base, "what's on my todo list?"], env=env, capture_output=True,
                           text=True, timeout=60).stdout  # fmt: skip
    assert piped.startswith("1 todo:\n- buy eggs (due tomorrow") and "[todo_" in piped
