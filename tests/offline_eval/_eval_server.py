"""What the evaluation knows of one server: how it starts on a scratch folder, how its state is
emptied between cases without a restart, which of its tools only read, and how its state is
seen after a case (the bundled servers' entries are in `_servers.py`, the third-party ones in
`_thirdparty.py`)."""

from __future__ import annotations

import shutil
import sqlite3
import sys
from collections.abc import Awaitable, Callable, Mapping
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests._installs import install

__all__ = ["CallTool", "EvalServer", "Reset", "empty_tables", "installed", "python", "tree"]

REPO = Path(__file__).resolve().parents[2]
CallTool = Callable[[str, dict[str, Any]], Awaitable[Any]]


@dataclass(frozen=True)
class Reset:
    """What a reset (or an observation) may use: the scratch folder, the case's files, and a way
    to call the server's own tools by their own names (the result's payload, or an exception
    when the call failed)."""

    folder: Path
    files: dict[str, str]
    call: CallTool


def _nothing(folder: Path) -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class EvalServer:
    name: str
    entry: Callable[[Path, Path | None], dict[str, Any]]
    """The config entry, given the scratch folder and the folder its install script printed."""
    reset: Callable[[Reset], Awaitable[None]]
    """Empty the state (and lay out `files`, for the filesystem server)."""
    install: str | None = None
    """The script in scripts/ that installs it (with node and npm; it prints its folder last)."""
    reads: frozenset[str] = frozenset()
    """Tools that only read, though the server does not annotate them read-only: calls to them
    are not writes (a third-party server often annotates nothing)."""
    observe: Callable[[Reset], Awaitable[str]] | None = None
    """Its whole state as text, for a case's `state:` words (None: it keeps none worth seeing)."""
    values: Callable[[Path], Mapping[str, Any]] = field(default=_nothing)
    """Names a case may use as `{name}`, given the scratch folder (the git repository's path)."""

    @property
    def needs_node(self) -> bool:
        return self.install is not None


def python(module: str, *args: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    """An entry running one of this repository's modules with the test interpreter."""
    return {
        "command": sys.executable,
        "args": ["-m", module, *args],
        "cwd": str(REPO),
        "env": env or {},
    }


def empty_tables(path: Path, keep: frozenset[str] = frozenset()) -> None:
    """Delete every row of every table of a SQLite file but those in `keep` (SQLite's own and
    the shadow tables of a full-text index are left to it)."""
    with closing(sqlite3.connect(path)) as db, db:
        rows = db.execute(
            "SELECT name, sql FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'"
        ).fetchall()
        virtual = [name for name, sql in rows if (sql or "").upper().startswith("CREATE VIRTUAL")]
        for name, _ in rows:
            shadow = any(name.startswith(f"{v}_") for v in virtual)
            if name not in keep and not shadow:
                db.execute(f'DELETE FROM "{name}"')


def tree(root: Path, files: dict[str, str]) -> None:
    """`root` made anew, holding exactly `files` (relative path -> text)."""
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    for name, text in files.items():
        target = root / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


def installed(script: str) -> tuple[Path | None, str]:
    """The folder `scripts/<script>` installs into (installed if need be), or None and why not."""
    what = {
        "reference-servers-up.sh": "the reference servers",
        "thirdparty-servers-up.sh": "the third-party servers",
    }.get(script, script)
    return install(script, what)
