"""The servers the corpus runs against: how each starts on a scratch folder, and how its state is
emptied between cases without a restart.

- todo, tasks: the bundled servers on SQLite; reset: every table emptied.
- fleet: the bundled server, local backend, on a fleet file made here: projects Setup (roles
  whose command runs until interrupted, so an agent stays busy) and DataOne (roles whose command
  ends at once, so an agent is soon idle), both on a scratch git repository; reset: every agent
  deleted through the server (which stops its task and removes its worktree).
- agents: the bundled server, on SQLite, with no provider key and no agent CLI given to it (an
  agent asked answers that it is not operative); reset: every table emptied.
- bookmarks, timetracker, calendar, and the practice servers contacts, spending, boards and
  groceries: third-party-style servers written for the eval; reset: the file rewritten.
- memory, filesystem: the reference servers from npm (`scripts/reference-servers-up.sh`);
  reset: their file or folder rewritten.
- time, git, sqlite, calculator, expenses, units, tasklist, kanban, toolkit, notes, everything:
  third-party servers from PyPI and npm for the blind sets (`_thirdparty.py`).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

from orchestrator.messages import parse_output
from tests.offline_eval._eval_server import (
    EvalServer,
    Reset,
    empty_tables,
    installed,
    python,
    tree,
)
from tests.offline_eval._thirdparty import THIRDPARTY_SERVERS

__all__ = ["EVAL_SERVERS", "EvalServer", "Reset", "installed", "payload"]

REFERENCE = "reference-servers-up.sh"


def _sql(name: str) -> EvalServer:
    async def reset(r: Reset) -> None:
        empty_tables(r.folder / f"{name}.db")

    return EvalServer(
        name,
        lambda d, _: python(f"servers.{name}", "--database-url", f"sqlite:///{d / name}.db"),
        reset,
    )


def _json(name: str, module: str) -> EvalServer:
    async def reset(r: Reset) -> None:
        (r.folder / f"{name}.json").write_text("{}", encoding="utf-8")

    return EvalServer(
        name, lambda d, _: python(module, env={"EVAL_STATE": str(d / f"{name}.json")}), reset
    )


_WAITS = ["sleep", "3600"]  # an agent on Setup stays busy until its task is interrupted
_ENDS = [sys.executable, "-c", "pass"]  # an agent on DataOne is idle as soon as its task ends
FLEET_FILE = {
    "projects": {
        "Setup": {
            "description": "the Setup repository",
            "source": "repo",
            "roles": {r: {"command": _WAITS} for r in ("coder", "operator", "manager")},
            "default_role": "coder",
        },
        "DataOne": {
            "description": "the DataOne repository",
            "source": "repo",
            "roles": {r: {"command": _ENDS} for r in ("coder", "analyst")},
            "default_role": "coder",
        },
    }
}


def _fleet_entry(folder: Path, _: Path | None) -> dict[str, Any]:
    home = folder / "fleet"
    repo = home / "repo"
    if not repo.exists():
        repo.mkdir(parents=True)
        git = ["git", "-c", "user.name=eval", "-c", "user.email=eval@example.com"]
        subprocess.run([*git, "init", "-q"], cwd=repo, check=True)
        subprocess.run([*git, "commit", "-q", "--allow-empty", "-m", "start"], cwd=repo, check=True)
        (home / "fleet.yaml").write_text(yaml.safe_dump(FLEET_FILE), encoding="utf-8")
    return python(
        "servers.fleet",
        "--fleet-config", str(home / "fleet.yaml"),
        "--database-url", f"sqlite:///{home / 'fleet.db'}",
        "--state-dir", str(home / "state"),
    )  # fmt: skip


async def _fleet_reset(r: Reset) -> None:
    listed = await r.call("list_agents", {})
    for agent in (listed or {}).get("agents", []):
        await r.call("delete_agent", {"agent_name": agent["name"]})


async def _memory_reset(r: Reset) -> None:
    (r.folder / "memory.jsonl").write_text("", encoding="utf-8")


async def _memory_observe(r: Reset) -> str:
    path = r.folder / "memory.jsonl"
    return path.read_text(encoding="utf-8") if path.exists() else ""


async def _files_reset(r: Reset) -> None:
    tree(r.folder / "files", r.files)


async def _files_observe(r: Reset) -> str:
    """Each file and folder by its path in the scratch folder, a file's text after its name."""
    root = r.folder / "files"
    parts = []
    for path in sorted(root.rglob("*")):
        name = path.relative_to(root).as_posix()
        parts.append(f"{name}:\n{path.read_text(encoding='utf-8')}" if path.is_file() else name)
    return "\n".join(parts)


def _files_entry(folder: Path, npm: Path | None) -> dict[str, Any]:
    (folder / "files").mkdir(exist_ok=True)  # the folder the server may use must exist
    entry = _node(npm, "server-filesystem", str(folder / "files"), env={})
    return {**entry, "roots": [str(folder / "files")]}  # it asks the client for its roots


def _node(npm: Path | None, package: str, *args: str, env: dict[str, str]) -> dict[str, Any]:
    if npm is None:
        raise RuntimeError("the reference servers are not installed")
    script = npm / "node_modules" / "@modelcontextprotocol" / package / "dist" / "index.js"
    return {"command": "node", "args": [str(script), *args], "env": env}


EVAL_SERVERS: dict[str, EvalServer] = {
    s.name: s
    for s in (
        _sql("todo"),
        _sql("tasks"),
        EvalServer("fleet", _fleet_entry, _fleet_reset),
        _sql("agents"),
        _json("bookmarks", "tests.offline_eval.servers.bookmarks"),
        _json("timetracker", "tests.offline_eval.servers.timetracker"),
        _json("calendar", "tests.offline_eval.servers.calendar"),
        _json("contacts", "tests.offline_eval.servers.contacts"),
        _json("spending", "tests.offline_eval.servers.spending"),
        _json("boards", "tests.offline_eval.servers.boards"),
        _json("groceries", "tests.offline_eval.servers.groceries"),
        EvalServer(
            "memory",
            lambda d, npm: _node(
                npm, "server-memory", env={"MEMORY_FILE_PATH": str(d / "memory.jsonl")}
            ),
            _memory_reset,
            install=REFERENCE,
            observe=_memory_observe,
        ),
        EvalServer(
            "filesystem",
            _files_entry,
            _files_reset,
            install=REFERENCE,
            observe=_files_observe,
            values=lambda d: {"files": str(d / "files")},
        ),
        *THIRDPARTY_SERVERS,
    )
}


def payload(result: Any) -> Any:
    """A `CallToolResult`'s structured content, else its text (parsed when it is JSON)."""
    if result.structured_content is not None:
        return result.structured_content
    return parse_output("".join(getattr(b, "text", "") for b in result.content))
