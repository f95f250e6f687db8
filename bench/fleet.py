"""Fleet metadata: a cold list_agents of 10 agents against one show_agent and a serial collection.

    python bench/fleet.py [--agents 10] [--wait 1.0] [--rounds 3]

Makes a git repository whose Taskfile has five metadata fields, one of which takes ``--wait``
seconds (as ``gh pr view`` does on the network), creates ``--agents`` local agents on it (each
in its own worktree), then measures through a real MCP client session (in process):

- one show_agent (always collects afresh);
- a cold list_agents of all the agents (a new server: nothing cached);
- the same metadata collected one agent after another, as the original fleet server did.

It prints the median of ``--rounds`` for each, the go-task processes a cold list started (one
to list the fields and one to run them all, per agent: not one per field), and two ratios: cold
list / show (the target is at most 2x) and serial / cold list. Not a test: figures only.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import yaml
from mcp import Client

from servers.fleet import metadata
from servers.fleet.config import FleetSettings
from servers.fleet.local.fleetfile import load_fleet
from servers.fleet.metadata import TaskfileMetadata
from servers.fleet.tools import create_server

TASKFILE = """
version: '3'
tasks:
  pull_request_number:
    desc: The pull request of this branch (a network call)
    meta: {{include_in_list: true}}
    cmds: ["sleep {wait}; echo 42"]
  git_branch:
    desc: The current git branch
    meta: {{include_in_list: false}}
    cmds: [git branch --show-current]
  last_commit:
    desc: The last commit's subject
    meta: {{include_in_list: true}}
    cmds: [git log -1 --format=%s]
  changed_files:
    desc: Files changed and not committed
    meta: {{include_in_list: true}}
    cmds: [git status --porcelain | wc -l]
  owner:
    desc: Who works here
    meta: {{include_in_list: false}}
    cmds: [echo fleet]
"""


def make_repo(root: Path, wait: float) -> Path:
    repo = root / "repo"
    repo.mkdir()
    git = ["git", "-c", "user.name=bench", "-c", "user.email=bench@localhost"]
    subprocess.run([*git, "init", "--quiet"], cwd=repo, check=True)
    (repo / "Taskfile.yml").write_text(textwrap.dedent(TASKFILE.format(wait=wait)))
    subprocess.run([*git, "add", "--all"], cwd=repo, check=True)
    subprocess.run([*git, "commit", "--quiet", "-m", "bench"], cwd=repo, check=True)
    fleet = root / "fleet.yaml"
    role = {"command": [sys.executable, "-c", "print('done')"]}
    fleet.write_text(
        yaml.safe_dump(
            {
                "projects": {
                    "Bench": {
                        "source": str(repo),
                        "roles": {"coder": role},
                        "default_role": "coder",
                    }
                }
            }
        )
    )
    return fleet


async def timed(action: Callable[[], Awaitable[Any]]) -> float:
    start = time.perf_counter()
    await action()
    return time.perf_counter() - start


async def bench(agents: int, wait: float, rounds: int) -> None:
    with tempfile.TemporaryDirectory(prefix="fleet-bench-") as scratch:
        root = Path(scratch)
        fleet = make_repo(root, wait)
        settings = FleetSettings(
            fleet=load_fleet(str(fleet), cwd=root, env={}),
            database_url=f"sqlite:///{root / 'fleet.db'}",
            home=root / "state",
            workspace=root,
        )
        names = [f"agent-{n}" for n in range(agents)]
        async with Client(create_server(settings)) as c:
            for name in names:
                await c.call_tool("create_agent", {"name": name, "project": "Bench", "task": "go"})
            listed = await c.call_tool("list_agents", {})
            paths = [
                root / "state" / "worktrees" / p.name
                for p in sorted((root / "state" / "worktrees").iterdir())
            ]
            assert listed.structured_content is not None and len(paths) == agents

        show: list[float] = []
        cold: list[float] = []
        serial: list[float] = []
        collector = TaskfileMetadata(timeout=settings.metadata_timeout)
        for _ in range(rounds):
            async with Client(create_server(settings)) as c:  # a new server: a cold cache
                start = time.perf_counter()
                listed = await c.call_tool("list_agents", {})
                cold.append(time.perf_counter() - start)
                start = time.perf_counter()
                await c.call_tool("show_agent", {"agent_name": names[0]})
                show.append(time.perf_counter() - start)
            assert listed.structured_content is not None
            values = {
                a["metadata"].get("pull_request_number")
                for a in listed.structured_content["agents"]
            }
            assert values == {42}, values

            async def one_after_another() -> None:
                for path in paths:
                    await collector.collect(path)

            serial.append(await timed(one_after_another))

        processes = await count_processes(root, settings)
        t_show, t_cold, t_serial = (statistics.median(x) for x in (show, cold, serial))
        print(
            f"fleet metadata: {agents} agents, five fields (one waits {wait:g} s), "
            f"median of {rounds} rounds"
        )
        print(f"  go-task processes of a cold list       {processes:8d}    (5 fields x {agents})")
        print(f"  show_agent (one agent, fresh)          {t_show * 1000:8.0f} ms")
        print(f"  list_agents (all agents, cold cache)   {t_cold * 1000:8.0f} ms")
        print(f"  serial collection (one after another)  {t_serial * 1000:8.0f} ms")
        print(f"  cold list / show:   {t_cold / t_show:5.2f}x   (target: at most 2x)")
        print(f"  serial / cold list: {t_serial / t_cold:5.2f}x")


async def count_processes(root: Path, settings: FleetSettings) -> int:
    """The go-task runs of one cold list_agents (through a wrapper that counts them: not timed)."""
    log = root / "task-runs.log"
    wrapper = root / "task"
    wrapper.write_text(f'#!/bin/sh\necho run >> {log}\nexec {metadata.task_binary()} "$@"\n')
    wrapper.chmod(0o755)
    real = metadata.task_binary
    metadata.task_binary = lambda: wrapper  # type: ignore[assignment]
    try:
        async with Client(create_server(settings)) as c:
            await c.call_tool("list_agents", {})
    finally:
        metadata.task_binary = real  # type: ignore[assignment]
    return len(log.read_text().splitlines())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", type=int, default=10)
    parser.add_argument("--wait", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    anyio.run(bench, args.agents, args.wait, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
