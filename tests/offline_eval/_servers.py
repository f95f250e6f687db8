"""The servers the corpus runs against: how each starts on a scratch folder, and how its state is
emptied between cases without a restart.

- todo, tasks: the bundled servers on SQLite; reset: every table emptied.
- fleet, agents: the contracts' tools on a JSON file (until the bundled servers land); reset:
  the file rewritten.
- bookmarks, timetracker, calendar: third-party-style servers written for the eval; reset: the
  file rewritten.
- memory, filesystem: the reference servers from npm (`scripts/reference-servers-up.sh`);
  reset: their file or folder rewritten.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["EVAL_SERVERS", "EvalServer", "reference_servers"]

REPO = Path(__file__).resolve().parents[2]


def _python(module: str, *args: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    return {
        "command": sys.executable,
        "args": ["-m", module, *args],
        "cwd": str(REPO),
        "env": env or {},
    }


def _empty_tables(path: Path) -> None:
    with sqlite3.connect(path) as db:
        tables = [
            row[0]
            for row in db.execute(
                "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        for table in tables:
            db.execute(f'DELETE FROM "{table}"')


def _write(path: Path, text: str = "") -> None:
    path.write_text(text, encoding="utf-8")


def _tree(root: Path, files: dict[str, str]) -> None:
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    for name, text in files.items():
        target = root / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


@dataclass(frozen=True)
class EvalServer:
    name: str
    entry: Callable[[Path, Path | None], dict[str, Any]]
    """The config entry, given the scratch folder and the reference servers' npm folder."""
    reset: Callable[[Path, dict[str, str]], None]
    """Empty the state (and lay out `files`, for the filesystem server)."""
    needs_node: bool = False


def _sql(name: str) -> EvalServer:
    return EvalServer(
        name,
        lambda d, _: _python(f"servers.{name}", "--database-url", f"sqlite:///{d / name}.db"),
        lambda d, _: _empty_tables(d / f"{name}.db"),
    )


def _json(name: str, module: str) -> EvalServer:
    return EvalServer(
        name,
        lambda d, _: _python(module, env={"EVAL_STATE": str(d / f"{name}.json")}),
        lambda d, _: _write(d / f"{name}.json", "{}"),
    )


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
        _json("fleet", "tests.offline_eval.servers.fleet"),
        _json("agents", "tests.offline_eval.servers.agents"),
        _json("bookmarks", "tests.offline_eval.servers.bookmarks"),
        _json("timetracker", "tests.offline_eval.servers.timetracker"),
        _json("calendar", "tests.offline_eval.servers.calendar"),
        EvalServer(
            "memory",
            lambda d, npm: _node(
                npm, "server-memory", env={"MEMORY_FILE_PATH": str(d / "memory.jsonl")}
            ),
            lambda d, _: _write(d / "memory.jsonl"),
            needs_node=True,
        ),
        EvalServer(
            "filesystem",
            lambda d, npm: _node(npm, "server-filesystem", str(d / "files"), env={}),
            lambda d, files: _tree(d / "files", files),
            needs_node=True,
        ),
    )
}


def reference_servers() -> tuple[Path | None, str]:
    """The npm folder of the reference servers (installed if need be), or None and why not."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        return None, "node and npm are not installed"
    try:
        done = subprocess.run(
            ["bash", str(REPO / "scripts" / "reference-servers-up.sh")],
            capture_output=True,
            text=True,
            timeout=600,
            cwd=REPO,
            env=dict(os.environ),
        )
    except subprocess.TimeoutExpired:
        return None, "installing the reference servers took over 10 minutes"
    if done.returncode != 0:
        return None, f"could not install the reference servers: {done.stderr.strip()[-500:]}"
    return Path(done.stdout.strip().splitlines()[-1]), ""
