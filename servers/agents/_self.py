"""Whether a configured server is this agents server, by what it runs rather than how it is
spelled.

A server entry is read as the command lines it runs: its command and arguments, and each
argument that is itself a command line (`sh -c "…"`, `uv run …`, `env X=1 …`). It is this server
when one of them runs

- the `mcp-agents` console script, by any path or symlink (the command is looked up on the
  entry's `PATH` and resolved, as a launcher does), or
- a Python interpreter on the module `servers.agents` (`-m servers.agents`, `-mservers.agents`,
  `-Im servers.agents`, `-m servers.agents.__main__`) or on this package's folder or its
  `__main__.py`, by any relative or absolute path.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
from collections.abc import Iterator
from pathlib import Path

from orchestrator import MCPServerSettings

__all__ = ["is_self"]

SCRIPT = "mcp-agents"
MODULES = ("servers.agents", "servers.agents.__main__")
_PACKAGE = Path(__file__).resolve().parent
_PYTHON = re.compile(r"^python[\d.]*w?(\.exe)?$", re.IGNORECASE)
_WITH_VALUE = "WXc"  # Python's short options that take a value (besides -m)
_LONG_WITH_VALUE = ("--check-hash-based-pycs",)


def is_self(entry: MCPServerSettings) -> bool:
    """Whether ``entry`` runs this agents server (which must never bind to itself)."""
    if entry.command is None:
        return False
    path = entry.env.get("PATH", os.environ.get("PATH", ""))
    cwd = Path(entry.cwd) if entry.cwd else Path.cwd()
    tokens = [entry.command, *_words(entry.args)]
    return any(_runs_self(tokens[i:], path, cwd) for i in range(len(tokens)))


def _words(args: list[str]) -> Iterator[str]:
    """The arguments, each one that holds a command line also split into its words."""
    for arg in args:
        yield arg
        try:
            words = shlex.split(arg)
        except ValueError:
            words = arg.split()
        if len(words) > 1:
            yield from words


def _runs_self(tokens: list[str], path: str, cwd: Path) -> bool:
    program = _resolved(tokens[0], path, cwd)
    name = program.name if program is not None else Path(tokens[0]).name
    if name.lower() in (SCRIPT, f"{SCRIPT}.exe"):
        return True
    if not _PYTHON.match(name):
        return False
    target = _python_target(tokens[1:])
    if target is None:
        return False
    kind, value = target
    if kind == "module":
        return value in MODULES
    script = (cwd / value).resolve()
    return script in (_PACKAGE, _PACKAGE / "__main__.py")


def _resolved(command: str, path: str, cwd: Path) -> Path | None:
    """``command`` as a launcher finds it (on ``path`` unless it has a folder), symlinks
    followed; None when it is not found."""
    if os.sep in command or (os.altsep and os.altsep in command):
        candidate = cwd / command
        return candidate.resolve() if candidate.exists() else None
    found = shutil.which(command, path=path)
    return Path(found).resolve() if found else None


def _python_target(args: list[str]) -> tuple[str, str] | None:
    """What a Python command line runs: ("module", name), ("script", path), or None (code
    given with -c, or nothing)."""
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in _LONG_WITH_VALUE:
            i += 2
            continue
        if arg == "-" or not arg.startswith("-"):
            return ("script", arg) if arg != "-" else None
        if arg.startswith("--"):
            i += 1
            continue
        for j, flag in enumerate(arg[1:], start=1):
            if flag == "m" or flag in _WITH_VALUE:
                value = arg[j + 1 :] or (args[i + 1] if i + 1 < len(args) else "")
                if flag == "m":
                    return "module", value
                if flag == "c":
                    return None
                if not arg[j + 1 :]:
                    i += 1
                break
        i += 1
    return None
