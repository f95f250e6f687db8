"""A fleet of agents in git worktrees of one repository, driven from any MCP client (here the
MCP Python SDK's): make a scratch repository with a Taskfile, describe it in a fleet file (at
most two tasks at once), start `mcp-fleet`, and create three agents whose role is a small Python
command: two work at once while the third waits in the queue. Then read their logs, metadata
and diffs, merge one agent's work into main, see the other's merge refused on its conflict (the
file named, main untouched), and delete them (the unmerged ones only with force: their work is
on no other branch, so it is kept in a patch file). Nothing outside a scratch folder is touched.

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

# The role's command: an argv, no shell; {task} is the task text (also in $FLEET_TASK). It
# writes NOTES.md, then works until the file named by $RELEASE exists (so that the example can
# show two agents at work and a third in the queue).
WRITER = [sys.executable, "-c",
          "import os, pathlib, sys, time\n"
          "pathlib.Path('NOTES.md').write_text(sys.argv[1] + '\\n')\n"
          "print('wrote NOTES.md for', os.environ['FLEET_TASK'], flush=True)\n"
          "while not os.path.exists(os.environ['RELEASE']): time.sleep(0.05)",
          "{task}"]  # fmt: skip
AGENTS = {"docs-bot": "update the README", "notes-bot": "write notes", "todo-bot": "list todos"}
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


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True,
                          check=True).stdout.strip()  # fmt: skip


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
        release = root / "release"
        fleet_file.write_text(json.dumps({"projects": {"Demo": {
            "description": "A scratch repository", "source": str(repo), "max_busy_agents": 2,
            "roles": {"writer": {"command": WRITER, "env": {"RELEASE": str(release)}}},
            "default_role": "writer"}}}))  # fmt: skip
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
            for name, task in AGENTS.items():
                made = await call(client, "create_agent", name=name, project="Demo", task=task)
                print(f"created {name}: {made['agent']['status']}")
            listed = await call(client, "list_agents")
            print("at once:", [(a["name"], a["status"]) for a in listed["agents"]])
            print("queue:", [(q["agent_name"], q["position"]) for q in listed["queue"]])
            release.touch()  # the two at work finish; the queued one starts and finishes too
            for name in AGENTS:  # wait until each task is over
                for _ in range(600):
                    shown = (await call(client, "show_agent", agent_name=name))["agent"]
                    if shown["status"] not in ("starting", "queued", "busy"):
                        break
                    await asyncio.sleep(0.1)
                metadata = {k: v["value"] for k, v in shown["metadata"].items()}
                print(f"{name}: {shown['status']}, metadata {metadata}")
                log = await call(client, "show_agent_log", agent_name=name, page_size=5)
                print(f"  log: {[entry['message'] for entry in log['logs']]}")
            listed = await call(client, "list_agents")
            print("list_agents:", [(a["name"], a["status"]) for a in listed["agents"]])
            for name in ("docs-bot", "notes-bot"):
                diff = await call(client, "show_agent_diff", agent_name=name)
                print(f"{name} changed:", [(f["path"], f["status"]) for f in diff["files"]])
                print("  " + diff["files"][0]["patch"].splitlines()[-1])
            merged = await call(client, "merge_agent_work", agent_name="docs-bot")
            print(f"merged docs-bot: {merged['message']}")
            main = _git(repo, "rev-parse", "main")
            try:
                await call(client, "merge_agent_work", agent_name="notes-bot")
            except RuntimeError as refused:  # both wrote NOTES.md: a conflict, nothing changed
                print(f"merge of notes-bot refused: {refused}")
            print("main unchanged:", _git(repo, "rev-parse", "main") == main)
            deleted = await call(client, "delete_agent", agent_name="docs-bot")
            print(f"deleted docs-bot: {deleted['message']}")
            try:
                await call(client, "delete_agent", agent_name="notes-bot")
            except RuntimeError as refused:  # its work is on no other branch
                print(f"delete refused: {str(refused)[:80]}...")
            for name in ("notes-bot", "todo-bot"):
                deleted = await call(client, "delete_agent", agent_name=name, force=True)
                print(f"deleted {name}: {deleted['message']}")
        print("worktrees left:", len(_git(repo, "worktree", "list").splitlines()) - 1)
        print("NOTES.md on main:", (repo / "NOTES.md").read_text().strip())


if __name__ == "__main__":
    asyncio.run(main())
