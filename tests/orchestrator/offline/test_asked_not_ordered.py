"""A question about what was done is no order to do it: "when did the board last sync to
github?" reads `get_sync_status`, never runs `sync_to_github` (a wrong write of blind set F,
board:19, at first sight and ever since, fixed in trial 30's round); a tool named
`<verb>_to_<place>` is no conversion "to" its place. The two tools as `kanbanger` (PyPI)
lists them."""

# ruff: noqa: E501

from __future__ import annotations

from orchestrator import ToolDefinition
from tests.orchestrator.offline._routing import calls, turn

TOOLS = [
    ToolDefinition(
        "sync_to_github",
        "\n        Sync the kanban board to GitHub Projects V2.\n        \n        Args:\n            dry_run: If True, shows what would be synced without making changes (default: False)\n        \n        Returns:\n            Sync results or error message\n        \n        Example:\n            sync_to_github(dry_run=True)  # Preview changes\n            sync_to_github()  # Actually sync\n        \n        Requirements:\n            - GITHUB_TOKEN environment variable must be set\n            - GITHUB_REPO environment variable must be set\n            - GITHUB_PROJECT_NUMBER environment variable (optional, will auto-detect)\n        \n        Note:\n            This creates/updates/archives draft issues in the GitHub Project.\n            Local _kanban.md is the source of truth.\n        ",
        {
            "properties": {"dry_run": {"default": False, "title": "Dry Run", "type": "boolean"}},
            "title": "sync_to_githubArguments",
            "type": "object",
        },
        server="mdkanban",
    ),
    ToolDefinition(
        "get_sync_status",
        '\n        Get the current GitHub sync status.\n        \n        Returns:\n            JSON string with sync status information\n        \n        Output format:\n            {\n                "synced_tasks": 15,\n                "state_file": "/path/to/.kanban.json",\n                "last_sync": "2026-01-21T02:30:00Z"  (if available)\n            }\n        \n        Note:\n            This reads the .kanban.json state file which tracks\n            the mapping between local tasks and GitHub Project items.\n        ',
        {"properties": {}, "title": "get_sync_statusArguments", "type": "object"},
        server="mdkanban",
    ),
]


async def test_a_question_about_a_sync_reads_its_status() -> None:
    said = "when did the board last sync to github?"
    assert calls(await turn(TOOLS, said)) == [("get_sync_status", {})]


async def test_an_order_to_sync_still_syncs() -> None:
    assert [n for n, _ in calls(await turn(TOOLS, "sync the board to github"))] == [
        "sync_to_github"
    ]
