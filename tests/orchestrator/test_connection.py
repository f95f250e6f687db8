"""A server's connection (`orchestrator.connection`): leaving while a server is still starting."""

from __future__ import annotations

import asyncio
import gc
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest

from orchestrator import Orchestrator, load_config
from orchestrator.cache import CatalogueCache
from orchestrator.catalogue import ListedTool
from orchestrator.testing import ScriptedModel, server_entry
from tests._processes import descendants

pytestmark = pytest.mark.processes


async def test_leaving_while_a_server_starts_in_the_background_reports_nothing_unread(
    write_config: Callable[..., Path],
) -> None:
    settings = load_config(write_config({"hanging": server_entry("hanging")}))
    CatalogueCache().save(settings.servers["hanging"], [ListedTool("wait")])  # known, so idle
    unread: list[dict[str, Any]] = []
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(lambda _, context: unread.append(context))
    before = descendants(os.getpid())
    try:
        with anyio.fail_after(30):
            async with Orchestrator(
                settings, model=ScriptedModel(), start="background", early_start=False
            ) as orch:
                assert [r.state for r in orch.reports] == ["idle"]
                while not descendants(os.getpid()) - before:  # spawned: its handshake waits
                    await anyio.sleep(0.01)
        gc.collect()  # asyncio reports a failure nobody read when its future is collected
    finally:
        loop.set_exception_handler(None)
    assert [c["message"] for c in unread] == []
    assert descendants(os.getpid()) <= before
