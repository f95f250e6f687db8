"""A stdio server gets a short allowlist of our environment plus its config `env`: no provider
key, no database URL, no other secret of ours, unless it is given them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import anyio
import pytest

from orchestrator import Orchestrator
from orchestrator.testing import ScriptedModel, call, server_entry

pytestmark = pytest.mark.processes

CANARIES = {
    "OPENAI_API_KEY": "sk-canary-0123456789abcdef",
    "TODO_DATABASE_URL": "postgresql://canary:secret@db/todo",
    "SOME_SECRET_OF_MINE": "canary-3f2b8c1e",
}
NAMES = [*CANARIES, "HOME", "PATH", "TZ", "XDG_DATA_HOME", "GIVEN"]


async def environment_of(path: Path) -> dict[str, str | None]:
    model = ScriptedModel(call("environment", names=NAMES), "ok")
    with anyio.fail_after(60):
        async with Orchestrator.from_config(path, model=model) as orch:
            result = await orch.ask("what do you see?")
    (seen,) = result.tool_calls
    assert seen.status == "ok"
    return seen.result  # type: ignore[no-any-return]


async def test_a_server_sees_only_the_safe_variables_and_its_own_env(
    write_config: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in CANARIES.items():
        monkeypatch.setenv(name, value)
    path = write_config({"echo": server_entry("echo", env={"GIVEN": "passed on purpose"})})
    seen = await environment_of(path)
    assert {name: seen[name] for name in CANARIES} == dict.fromkeys(CANARIES)
    assert seen["GIVEN"] == "passed on purpose"
    assert seen["HOME"] and seen["PATH"] and seen["TZ"] == "Europe/Paris"
    assert seen["XDG_DATA_HOME"]  # so our own servers find the user's data folder


async def test_inherit_env_opts_a_server_into_everything(
    write_config: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in CANARIES.items():
        monkeypatch.setenv(name, value)
    path = write_config({"echo": server_entry("echo", inherit_env=True)})
    seen = await environment_of(path)
    assert {name: seen[name] for name in CANARIES} == CANARIES
