"""Following a task: a caller that started the task and is cancelled (Ctrl-C, a deadline) cancels
it; one that only waits for it (`orchestrator tasks result ID`) stops waiting and leaves it
running. Before, Ctrl-C on `tasks result` cancelled the detached task itself."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from orchestrator import _task_wire as wire


@pytest.mark.parametrize(("cancel_with_caller", "sent"), [(True, ["t1"]), (False, [])])
async def test_a_cancelled_follower_cancels_the_task_only_when_it_is_its_own(
    monkeypatch: pytest.MonkeyPatch, cancel_with_caller: bool, sent: list[str]
) -> None:
    cancelled: list[str] = []

    async def get(client: Any, task_id: str) -> wire.TaskState:
        return wire.TaskState(task_id, "working", poll_seconds=0.01)

    async def cancel(client: Any, task_id: str) -> None:
        cancelled.append(task_id)

    monkeypatch.setattr(wire, "get", get)
    monkeypatch.setattr(wire, "cancel", cancel)
    state = wire.TaskState("t1", "working", poll_seconds=0.01)
    following = asyncio.ensure_future(
        wire.follow(None, state, cancel_with_caller=cancel_with_caller)  # type: ignore[arg-type]
    )
    await asyncio.sleep(0.05)
    following.cancel()
    with pytest.raises(asyncio.CancelledError):
        await following
    assert cancelled == sent
