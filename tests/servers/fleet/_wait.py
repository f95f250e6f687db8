"""Bounded waits on another process reaching a state (the agent scripts run on their own)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

import anyio

T = TypeVar("T")


async def eventually(check: Callable[[], Awaitable[T | None]], *, timeout: float = 15.0) -> T:
    """Call ``check`` until it returns something truthy; fail after ``timeout`` seconds."""
    delay = 0.01
    with anyio.fail_after(timeout):
        while True:
            value = await check()
            if value:
                return value
            await anyio.sleep(delay)
            delay = min(delay * 2, 0.1)


def live_processes(needle: str) -> list[int]:
    """Pids of running (not zombie) processes whose command line contains ``needle``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if needle in cmdline and state not in ("Z", "X"):
            found.append(int(entry.name))
    return found


def marked_under(folder: Path) -> list[int]:
    """Pids of processes of fleet tasks whose run folder is under ``folder`` (their environment
    carries the run's marker, wherever they went)."""
    needle = f"\0FLEET_RUN={folder}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environ = (entry / "environ").read_bytes()
        except OSError:
            continue
        if needle in b"\0" + environ:
            found.append(int(entry.name))
    return found
