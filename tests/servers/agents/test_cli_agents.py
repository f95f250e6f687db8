"""The six CLI agents, through fake executables on PATH that behave like each real CLI: output
formats, exit codes, a hang that starts a child of its own, a missing binary, and what each
child may and may not see (stdin, process group, other tools' keys)."""

from __future__ import annotations

import os
import select
from pathlib import Path
from typing import Any

import anyio
import pytest

from servers.agents.catalog import AGENTS
from servers.agents.clis import CLI_FORMATS
from tests.servers.agents.conftest import (
    CANARIES,
    ServiceFactory,
    assert_no_canary,
    call,
    call_error,
    connect,
)
from tests.servers.agents.fake_clis import (
    documented_flags,
    failure_output,
    success_output,
    write_fake,
)

CLI_AGENTS = [name for name, spec in AGENTS.items() if spec.kind == "cli"]
EXPECTED_TOKENS = {  # input (cached included) + output (reasoning included), as each reports it
    "claude-code": (412, 40, 300),
    "codex": (500, 60, 200),
    "gemini-cli": (400, 45, 100),
    "qwen-code": (300, 20, 50),
    "opencode": (500, 15, 400),
}
MODELS = {
    "claude-code": "claude-sonnet-4-5-20250929",
    "gemini-cli": "gemini-2.5-pro",
    "qwen-code": "qwen3-coder-plus",
}
OWN_KEY = {
    "claude-code": "ANTHROPIC_API_KEY",
    "codex": "OPENAI_API_KEY",
    "gemini-cli": "GEMINI_API_KEY",
    "qwen-code": "DASHSCOPE_API_KEY",
}


def binary(agent: str) -> str:
    return CLI_FORMATS[agent].binary


def prompt_argument(agent: str, argv: list[str]) -> str:
    if agent in ("gemini-cli", "qwen-code"):
        (found,) = [a for a in argv if a.startswith("--prompt=")]
        return found.removeprefix("--prompt=")
    if agent == "goose":
        (found,) = [a for a in argv if a.startswith("--text=")]
        return found.removeprefix("--text=")
    assert argv[-2] == "--", argv  # so a prompt starting with "-" is never an option
    return argv[-1]


def wait_for_exit(pid: int, seconds: float = 10) -> bool:
    """Whether process ``pid`` has terminated (waits on a pidfd, at most ``seconds``)."""
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        readable, _, _ = select.select([fd], [], [], seconds)
        return bool(readable)
    finally:
        os.close(fd)


@pytest.mark.parametrize("agent", CLI_AGENTS)
async def test_each_cli_answers_through_its_documented_headless_mode(
    agent: str, fake_bin: Path, make_service: ServiceFactory
) -> None:
    fake = write_fake(fake_bin, binary(agent), stdout=success_output(agent))
    prompt = "-n is not an option: explain 'quotes' and \"double quotes\""
    with anyio.fail_after(30):
        async with connect(make_service()) as client:
            body = await call(
                client,
                "execute_agent_request",
                {"agent_name": agent, "prompt": prompt, "context": {"language": "python"}},
            )

    run = fake.last()
    argv = run["argv"]
    sent = prompt_argument(agent, argv)
    assert sent == f"Context:\n[language]\npython\n\nRequest:\n{prompt}"
    for flag in documented_flags(agent):
        assert flag in argv, (flag, argv)
    assert body["status"] == "success" and body["error"] is None
    assert body["content"] == f"Answer to: {sent}"
    meta = body["metadata"]
    assert (meta["agent_type"], meta["exit_code"], meta["warnings"]) == ("cli", 0, [])
    assert meta["model"] == MODELS.get(agent)
    if agent == "goose":
        assert body["tokens_used"] == 777 and meta["usage"] == {"total_tokens": 777}
    else:
        tokens_in, tokens_out, cached = EXPECTED_TOKENS[agent]
        assert body["tokens_used"] == tokens_in + tokens_out
        assert meta["usage"]["input_tokens"] == tokens_in
        assert meta["usage"]["output_tokens"] == tokens_out
        assert meta["usage"]["cached_tokens"] == cached
    if agent == "claude-code":
        assert (meta["num_turns"], meta["total_cost_usd"]) == (2, 0.0123)

    # Never the server's stdin (the MCP pipe); a process group and session of its own.
    assert run["stdin_devnull"] is True
    assert run["pgid"] == run["pid"] == run["sid"]
    assert run["sid"] != os.getsid(0)
    # Only the keys it reads: never another tool's key, nor the server's database password.
    env = run["env"]
    allowed = CLI_FORMATS[agent].env_keys
    for var, canary in CANARIES.items():
        assert env.get(var) == (canary if var in allowed else None), (agent, var)
    if agent in OWN_KEY:
        assert env[OWN_KEY[agent]] == CANARIES[OWN_KEY[agent]]
        assert not {"DEEPSEEK_API_KEY", "OPENAI_COMPATIBLE_API_KEY"} & set(env)
    assert "AGENTS_DATABASE_URL" not in env
    assert env["HOME"].endswith("home")


@pytest.mark.parametrize("agent", CLI_AGENTS)
async def test_a_cli_failure_keeps_its_own_message_and_exit_code(
    agent: str, fake_bin: Path, make_service: ServiceFactory
) -> None:
    stdout, stderr, code, message = failure_output(agent)
    write_fake(fake_bin, binary(agent), stdout=stdout, stderr=stderr, exit=code)
    with anyio.fail_after(30):
        async with connect(make_service()) as client:
            body = await call_error(
                client, "execute_agent_request", {"agent_name": agent, "prompt": "hello"}
            )
    assert body["code"] == "cli_error"
    assert message in body["error"] and body["error"].startswith(f"{agent}")
    assert body["metadata"]["exit_code"] == code
    assert (body["content"], body["tokens_used"]) == ("", None)


async def test_output_that_is_not_json_is_returned_as_text_with_a_warning(
    fake_bin: Path, make_service: ServiceFactory
) -> None:
    write_fake(fake_bin, "claude", stdout="Plain words.\n")
    with anyio.fail_after(30):
        async with connect(make_service()) as client:
            body = await call(
                client, "execute_agent_request", {"agent_name": "claude-code", "prompt": "hi"}
            )
    assert body["content"] == "Plain words." and body["tokens_used"] is None
    (warning,) = body["metadata"]["warnings"]
    assert "did not print the JSON it documents" in warning


async def test_a_crash_shows_the_exit_code_and_last_lines_without_any_key(
    fake_bin: Path, make_service: ServiceFactory
) -> None:
    leaked = f"panic: request failed with key {CANARIES['OPENAI_API_KEY']}\n"
    write_fake(fake_bin, "codex", stderr="starting\n" + leaked, exit=101)
    with anyio.fail_after(30):
        async with connect(make_service()) as client:
            body = await call_error(
                client, "execute_agent_request", {"agent_name": "codex", "prompt": "hi"}
            )
    assert body["error"].startswith("codex exited with code 101: starting")
    assert "[redacted]" in body["error"]
    assert_no_canary(str(body))


async def test_the_timeout_kills_the_whole_process_group(
    fake_bin: Path, make_service: ServiceFactory
) -> None:
    fake = write_fake(fake_bin, "gemini", mode="hang")
    with anyio.fail_after(30):
        async with connect(make_service()) as client:
            body = await call_error(
                client,
                "execute_agent_request",
                {"agent_name": "gemini-cli", "prompt": "never answers", "timeout": 3},
            )
            run = fake.last()
            # The server goes on answering afterwards.
            listed = await call(client, "list_available_agents", {})
    assert body["code"] == "timeout"
    assert body["error"] == "gemini-cli gave no answer within 3s; its process group was killed"
    assert body["execution_time"] >= 3
    # The CLI and the child it started both ignored SIGTERM: SIGKILL reached the group.
    assert wait_for_exit(run["pid"]) and wait_for_exit(run["child"])
    assert listed["total_count"] == 13


async def test_a_missing_binary_is_not_operative_and_says_how_to_install_it(
    make_service: ServiceFactory,
) -> None:
    with anyio.fail_after(30):
        async with connect(make_service()) as client:
            body = await call_error(
                client, "execute_agent_request", {"agent_name": "opencode", "prompt": "hi"}
            )
            probe = await call(client, "probe_agent_status", {"agent_name": "opencode"})
    assert body["code"] == "agent_not_operative"
    assert body["error"] == (
        "opencode is not operative (unavailable): `opencode` is not on PATH; "
        "install it: npm install -g opencode-ai"
    )
    assert probe["status"] == "unavailable" and "npm install -g opencode-ai" in probe["detail"]


async def test_probes_show_the_version_and_give_up_on_one_that_hangs(
    fake_bin: Path, make_service: ServiceFactory
) -> None:
    claude = write_fake(fake_bin, "claude", version="2.1.330 (Claude Code)")
    write_fake(fake_bin, "qwen", version=None)
    with anyio.fail_after(30):
        async with connect(make_service()) as client:
            found = await call(client, "probe_agent_status", {"agent_name": "claude-code"})
            slow = await call(client, "probe_agent_status", {"agent_name": "qwen-code"})
    assert found == {
        "name": "claude-code",
        "status": "operative",
        "detail": f"`claude` found at {claude.path} (version 2.1.330 (Claude Code))",
        "latency_ms": found["latency_ms"],
    }
    assert found["latency_ms"] > 0
    assert slow["status"] == "operative"
    assert slow["detail"].endswith("(no version within 1s)")


async def test_cli_agents_take_a_model_and_refuse_sampling_settings(
    fake_bin: Path, make_service: ServiceFactory
) -> None:
    fake = write_fake(fake_bin, "opencode", stdout=success_output("opencode"))
    with anyio.fail_after(30):
        async with connect(make_service()) as client:
            body = await call(
                client,
                "execute_agent_request",
                {"agent_name": "opencode", "prompt": "hi", "config": {"model": "anthropic/x"}},
            )
            refused = await call_error(
                client,
                "execute_agent_request",
                {"agent_name": "opencode", "prompt": "hi", "config": {"temperature": 0.2}},
            )
    argv = fake.last()["argv"]
    assert argv[argv.index("--model") + 1] == "anthropic/x"
    assert body["metadata"]["model"] == "anthropic/x"
    assert refused["code"] == "unsupported_setting"
    assert refused["error"] == (
        "config.temperature: opencode cannot honour 'temperature' (it takes: model)"
    )
    assert len(fake.runs()) == 1  # the refused request never started it


async def test_a_prompt_too_long_for_one_argument_is_refused(
    fake_bin: Path, make_service: ServiceFactory
) -> None:
    fake = write_fake(fake_bin, "claude", stdout=success_output("claude-code"))
    with anyio.fail_after(30):
        async with connect(make_service()) as client:
            body = await call_error(
                client,
                "execute_agent_request",
                {"agent_name": "claude-code", "prompt": "é" * 70_000},
            )
    assert body["code"] == "invalid_arguments"
    assert "takes at most 120000" in body["error"]
    assert fake.runs() == []


async def test_requests_to_different_agents_run_concurrently(
    fake_bin: Path, tmp_path: Path, make_service: ServiceFactory
) -> None:
    """Each fake waits until the other has started: both answer only if they run together."""
    one, two = tmp_path / "claude.started", tmp_path / "codex.started"
    write_fake(fake_bin, "claude", mode="rendezvous", mine=str(one), theirs=str(two),
               stdout=success_output("claude-code"))  # fmt: skip
    write_fake(fake_bin, "codex", mode="rendezvous", mine=str(two), theirs=str(one),
               stdout=success_output("codex"))  # fmt: skip
    bodies: dict[str, dict[str, Any]] = {}
    with anyio.fail_after(40):
        async with connect(make_service()) as client:

            async def ask(agent: str) -> None:
                arguments = {"agent_name": agent, "prompt": f"hi {agent}", "timeout": 30}
                bodies[agent] = await call(client, "execute_agent_request", arguments)

            async with anyio.create_task_group() as tg:
                tg.start_soon(ask, "claude-code")
                tg.start_soon(ask, "codex")
    assert bodies["claude-code"]["content"].endswith("hi claude-code")
    assert bodies["codex"]["content"].endswith("hi codex")
