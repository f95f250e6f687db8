"""A fleet of two agents in git worktrees of one repository, driven from any MCP client (here
the MCP Python SDK's): make a scratch repository with a Taskfile, describe it in a fleet file,
start `mcp-fleet`, create two agents whose role is a small Python command, watch them, read
their logs, metadata and diffs, merge one agent's work into main, and delete both (the second
only with force: its work is on no other branch, so it is kept in a patch file). Nothing outside
a scratch folder is touched.

From the clone's folder, after the quick start:

    .venv/bin/python examples/fleet/run_fleet.py
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from mcp import Client, StdioServerParameters

# The role's command: an argv, no shell; {task} is the task text (also in $FLEET_TASK).
WRITER = [sys.executable, "-c",
          "import os, pathlib, sys; pathlib.Path('NOTES.md').write_text(sys.argv[1] + '\\n');"
          "print('wrote NOTES.md for', os.environ['FLEET_TASK'])", "{task}"]  # fmt: skip
TASKFILE = """version: '3'
tasks:
  branch:
    desc: The agent's git branch
    cmds: [git rev-parse --abbrev-ref HEAD]
    meta: {include_in_list: true}
  notes:
    desc: Lines in NOTES.md (nothing when there is no such file)
    cmds: ["test -f NOTES.md && wc -l < NOTES.md || true"]
    meta: {include_in_list: false}
"""


def make_repository(root: Path) -> Path:
    repo = root / "demo"
    repo.mkdir()
    (repo / "Taskfile.yml").write_text(TASKFILE)
    (repo / "README.md").write_text("# demo\n")
    git = ["git", "-c", "user.name=Example", "-c", "user.email=example@example.com"]
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=repo, check=True)
    subprocess.run([*git, "add", "."], cwd=repo, check=True)
    subprocess.run([*git, "commit", "-q", "-m", "start"], cwd=repo, check=True)
    return repo


async def call(client: Client, tool: str, **arguments: Any) -> Any:
    result = await client.call_tool(tool, arguments)
    body = json.loads(result.content[0].text)  # type: ignore[union-attr]
    if result.is_error:
        raise RuntimeError(f"{tool}: {body}")
    return body


async def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        repo = make_repository(root)
        fleet_file = root / "fleet.yaml"
        fleet_file.write_text(json.dumps({"projects": {"Demo": {
            "description": "A scratch repository", "source": str(repo),
            "roles": {"writer": {"command": WRITER}}, "default_role": "writer"}}}))  # fmt: skip
        env = {
            **os.environ,
            "FLEET_CONFIG": str(fleet_file),
            "FLEET_STATE_DIR": str(root / "state"),
            "FLEET_DATABASE_URL": f"sqlite:///{root / 'fleet.db'}",
        }
        command = shutil.which("mcp-fleet", path=sysconfig.get_path("scripts")) or "mcp-fleet"
        server = StdioServerParameters(command=command, env=env, cwd=str(root))
        async with Client(server) as client:
            projects = (await call(client, "list_agent_projects"))["projects"]
            print("projects:", [p["name"] for p in projects])
            for name, task in (("docs-bot", "update the README"), ("notes-bot", "write notes")):
                made = await call(client, "create_agent", name=name, project="Demo", task=task)
                print(f"created {name}: {made['agent']['status']}")
            for name in ("docs-bot", "notes-bot"):  # wait until each task is over
                for _ in range(300):
                    shown = (await call(client, "show_agent", agent_name=name))["agent"]
                    if shown["status"] not in ("starting", "busy"):
                        break
                    await asyncio.sleep(0.1)
                metadata = {k: v["value"] for k, v in shown["metadata"].items()}
                print(f"{name}: {shown['status']}, metadata {metadata}")
                log = await call(client, "show_agent_log", agent_name=name, page_size=5)
                print(f"  log: {[entry['message'] for entry in log['logs']]}")
            listed = await call(client, "list_agents")
            print("list_agents:", [(a["name"], a["status"]) for a in listed["agents"]])
            diff = await call(client, "show_agent_diff", agent_name="docs-bot")
            print("docs-bot changed:", [(f["path"], f["status"]) for f in diff["files"]])
            merged = await call(client, "merge_agent_work", agent_name="docs-bot")
            print(f"merged docs-bot: {merged['message']}")
            deleted = await call(client, "delete_agent", agent_name="docs-bot")
            print(f"deleted docs-bot: {deleted['message']}")
            try:
                await call(client, "delete_agent", agent_name="notes-bot")
            except RuntimeError as refused:  # its work is on no other branch
                print(f"delete refused: {str(refused)[:80]}...")
            deleted = await call(client, "delete_agent", agent_name="notes-bot", force=True)
            print(f"deleted notes-bot: {deleted['message']}")
        worktrees = subprocess.run(["git", "worktree", "list"], cwd=repo, capture_output=True,
                                   text=True, check=True).stdout.splitlines()  # fmt: skip
        print("worktrees left:", len(worktrees) - 1)
        print("NOTES.md on main:", (repo / "NOTES.md").read_text().strip())


if __name__ == "__main__":
    asyncio.run(main())
