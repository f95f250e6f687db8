"""Forms of listings and requests the router met first on servers it was never tuned on (blind
set D and its like), each read by a general rule: a listing in markdown task lines, and so on.
Every test here fails on the router before its rule."""

from __future__ import annotations

from orchestrator.offline._items import text_items
from tests.orchestrator.offline.test_write_gate import TEXT, Server, run, tool, writes

TASK_ID = {"task_id": TEXT}
MARKDOWN_TASKS = (
    "- [ ] **#2** Write API docs `#docs`\n"
    "  - [ ] **#2.1** Document the auth endpoints\n"
    "- [x] **#1** Set up CI pipeline `#devops`\n"
    "- [ ] **#3** Fix flaky login test"
)
PROJECT_TOOLS = [
    tool("list_tasks", "List the tasks of TODO.md.", {}),
    tool("start_task", "Mark a task as in progress.", TASK_ID, "task_id"),
    tool("archive_task", "Archive a task.", TASK_ID, "task_id"),
]
PROJECT: Server = {
    "list_tasks": lambda a: {"result": MARKDOWN_TASKS},
    "start_task": lambda a: {"result": "Started"},
    "archive_task": lambda a: {"result": "Archived"},
}


def test_a_markdown_task_line_is_an_item_with_its_id_title_and_tags() -> None:
    assert text_items(MARKDOWN_TASKS) == [
        {"title": "Write API docs", "id": "2", "tags": ["docs"]},
        {"title": "Document the auth endpoints", "id": "2.1"},
        {"title": "Set up CI pipeline", "id": "1", "tags": ["devops"]},
        {"title": "Fix flaky login test", "id": "3"},
    ]
    assert text_items("# Tasks\n\n- [ ] **#4** Renew passport") == [
        {"title": "Renew passport", "id": "4"}
    ]
    assert text_items("- [ ] **#4** Renew passport\nsome other line") is None


async def test_an_item_is_found_in_a_listing_of_markdown_task_lines() -> None:
    made, _ = await run(PROJECT_TOOLS, PROJECT, "archive the API docs task")
    assert writes(made, "list_tasks") == [("archive_task", {"task_id": "2"})]
    made, _ = await run(PROJECT_TOOLS, PROJECT, "I'm starting on the flaky login test now")
    assert writes(made, "list_tasks") == [("start_task", {"task_id": "3"})]
    made, _ = await run(PROJECT_TOOLS, PROJECT, "archive the passport task")
    assert writes(made, "list_tasks") == []
