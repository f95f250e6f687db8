"""The servers' one child-environment policy, seen from a real child process: no secret but the
ones passed on purpose, never a database URL, no empty variable."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Collection

import anyio
import pytest

from servers._common.process import child_environment, is_secret_name, run_command

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


@pytest.mark.parametrize(
    "name",
    [
        "ANTHROPIC_API_KEY", "GITHUB_TOKEN", "DB_PASSWORD", "PGPASSWORD", "MYSQL_PWD_PASSWD",
        "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "GITHUB_PAT", "SMTP_PASS", "CLIENT_SECRET",
        "SENTRY_DSN", "SSH_PRIVATE_KEY", "STRIPE_KEY", "OPENAI_APIKEY", "TOKEN",
        "AGENTS_DATABASE_URL",
    ],
)  # fmt: skip
def test_names_of_secrets(name: str) -> None:
    assert is_secret_name(name) and is_secret_name(name.lower())


@pytest.mark.parametrize(
    "name",
    ["PATH", "HOME", "SSH_AUTH_SOCK", "TOKENIZERS_PARALLELISM", "GOOGLE_APPLICATION_CREDENTIALS",
     "KEYBOARD", "PASSAGE", "XAUTHORITY", "PYTHONPATH", "LANG"],
)  # fmt: skip
def test_names_that_are_not_secrets(name: str) -> None:
    assert not is_secret_name(name)


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


PROVIDERS = (
    "ANTHROPIC_API_KEY",
    "OPENAI_API_KEY",
    "GEMINI_API_KEY",
    "GOOGLE_API_KEY",
    "DEEPSEEK_API_KEY",
    "DASHSCOPE_API_KEY",
    "OPENROUTER_API_KEY",
    "GROQ_API_KEY",
    "MISTRAL_API_KEY",
    "XAI_API_KEY",
)


def test_the_agent_clis_keys_are_one_table_for_the_gateway_and_the_fleet(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The keys a CLI reads, the only secrets it gets, come from one table whether the agents
    gateway or a fleet task runs it (`CLI_KEYS`, read by the CLI's program name): a key added
    to it reaches both."""
    from servers._common.process import CLI_KEYS, keys_read_by
    from servers.agents.clis import CLI_FORMATS

    assert {name: cli.env_keys for name, cli in CLI_FORMATS.items()} == {
        "claude-code": ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN"),
        "codex": ("OPENAI_API_KEY", "CODEX_API_KEY"),
        "gemini-cli": ("GEMINI_API_KEY", "GOOGLE_API_KEY"),
        "qwen-code": ("DASHSCOPE_API_KEY", "OPENAI_API_KEY"),
        "opencode": PROVIDERS,
        "goose": PROVIDERS,
    }
    for cli in CLI_FORMATS.values():
        assert keys_read_by(f"/usr/local/bin/{cli.binary}") == cli.env_keys, cli.agent
    assert keys_read_by("orchestrator") == PROVIDERS  # the fleet's orchestrator role
    assert keys_read_by("python") == ()
    monkeypatch.setitem(CLI_KEYS, "claude", (*CLI_KEYS["claude"], "ANTHROPIC_NEW_KEY"))
    assert CLI_FORMATS["claude-code"].env_keys[-1] == "ANTHROPIC_NEW_KEY"
    assert keys_read_by("claude")[-1] == "ANTHROPIC_NEW_KEY"
