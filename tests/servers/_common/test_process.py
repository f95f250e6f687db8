"""The servers' one child-environment policy, seen from a real child process: no secret but the
ones passed on purpose, never a database URL, no empty variable."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Collection

import anyio
import pytest

from servers._common.process import child_environment, run_command

ENVIRON = {
    "PATH": "/usr/bin:/bin",
    "HOME": "/home/ana",
    "ANTHROPIC_API_KEY": "sk-ant-1",
    "OPENAI_API_KEY": "sk-oa-2",
    "GITHUB_TOKEN": "ghp-3",
    "CODER_SESSION_TOKEN": "coder-4",
    "DB_PASSWORD": "pw-5",
    "AGENTS_DATABASE_URL": "postgresql://u:p@h/db",
    "FLEET_CONFIG": "",
}


async def seen_by_a_child(env: dict[str, str]) -> dict[str, str]:
    code = "import json, os; print(json.dumps(dict(os.environ)))"
    with anyio.fail_after(30):
        done = await run_command([sys.executable, "-c", code], env=env, timeout=20)
    assert done.exit_code == 0, done.stderr
    seen: dict[str, str] = json.loads(done.stdout)
    return {k: v for k, v in seen.items() if k in ENVIRON or k == "FLEET_TASK"}


@pytest.mark.parametrize(
    ("passed", "expected"),
    [
        ((), ["HOME", "PATH"]),
        (("ANTHROPIC_API_KEY", "AGENTS_DATABASE_URL"), ["ANTHROPIC_API_KEY", "HOME", "PATH"]),
        (lambda name: name != "CODER_SESSION_TOKEN",  # the fleet's: all but its own
         ["ANTHROPIC_API_KEY", "DB_PASSWORD", "GITHUB_TOKEN", "HOME", "OPENAI_API_KEY", "PATH"]),
    ],
    ids=["nothing-passed", "a-cli-agent", "a-fleet-task"],
)  # fmt: skip
async def test_a_child_sees_no_secret_but_those_passed_and_never_a_database_url(
    passed: Collection[str] | Callable[[str], bool], expected: list[str]
) -> None:
    env = child_environment(ENVIRON, passed, extra={"FLEET_TASK": "t1"})
    seen = await seen_by_a_child(env)
    assert sorted(seen) == sorted([*expected, "FLEET_TASK"])
    assert all(seen[k] == ENVIRON.get(k, "t1") for k in seen)
