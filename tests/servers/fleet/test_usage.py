"""What a fleet task's agent CLI reports using (tokens, cost, model), recorded per task and shown
in its history, and the project's budget that stops a task past it and refuses the next one.
Fake CLIs (``usage_cli.py``, installed as ``claude``, ``gemini``, ``codex``) print each vendor's
own output shape, copied from the pinned CLIs' sources: Claude Code 2.1.330 (its stream-json
``system``/``assistant``/``result`` messages, seen from the real binary), Gemini CLI 0.61.0
(``StreamJsonFormatter`` and ``convertToStreamStats`` in its bundle), Codex's ``exec --json``
events (developers.openai.com/codex, "Non-interactive mode"). Through a real MCP client session
against the fleet server, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from servers.fleet.local.fleetfile import FleetConfigError, load_fleet
from servers.fleet.tools import create_server
from tests._processes import live_processes
from tests.servers.fleet.conftest import (
    AGENT,
    call,
    call_error,
    fleet_settings,
    make_repo,
    wait_log,
    wait_status,
    write_fleet,
)

pytestmark = pytest.mark.processes

FAKE = Path(__file__).with_name("usage_cli.py")
SONNET = "claude-sonnet-4-5-20250929"

CLAUDE_INIT = {
    "type": "system",
    "subtype": "init",
    "cwd": "/work",
    "session_id": "d7068eaf-0420-4dad-8405-882a2c0e697f",
    "tools": ["Bash", "Edit", "Read"],
    "mcp_servers": [],
    "model": SONNET,
    "permissionMode": "acceptEdits",
    "apiKeySource": "ANTHROPIC_API_KEY",
    "claude_code_version": "2.1.330",
}


def claude_message(message_id: str, content: list[dict[str, Any]], **usage: int) -> dict:
    return {
        "type": "assistant",
        "message": {
            "id": message_id,
            "type": "message",
            "role": "assistant",
            "model": SONNET,
            "content": content,
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {
                "input_tokens": 0,
                "cache_creation_input_tokens": 0,
                "cache_read_input_tokens": 0,
                "output_tokens": 0,
                **usage,
            },
        },
        "parent_tool_use_id": None,
        "session_id": CLAUDE_INIT["session_id"],
    }


CLAUDE_RESULT = {
    "type": "result",
    "subtype": "success",
    "is_error": False,
    "duration_ms": 4200,
    "duration_api_ms": 3900,
    "num_turns": 2,
    "result": "Fixed the test.",
    "session_id": CLAUDE_INIT["session_id"],
    "total_cost_usd": 0.0421,
    "usage": {
        "input_tokens": 2400,
        "cache_creation_input_tokens": 300,
        "cache_read_input_tokens": 10000,
        "output_tokens": 120,
    },
    "modelUsage": {SONNET: {"inputTokens": 2400, "outputTokens": 120, "costUSD": 0.0421}},
}

CLAUDE_RUN = [
    CLAUDE_INIT,
    claude_message(
        "msg_1",
        [{"type": "text", "text": "I will fix the test."}],
        input_tokens=1200,
        cache_creation_input_tokens=300,
        cache_read_input_tokens=5000,
        output_tokens=40,
    ),
    claude_message(  # the same message's next block repeats its usage
        "msg_1",
        [{"type": "tool_use", "id": "toolu_1", "name": "Edit", "input": {"file_path": "t.py"}}],
        input_tokens=1200,
        cache_creation_input_tokens=300,
        cache_read_input_tokens=5000,
        output_tokens=40,
    ),
    {
        "type": "user",
        "message": {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "ok"}],
        },
        "session_id": CLAUDE_INIT["session_id"],
    },
    CLAUDE_RESULT,
]

GEMINI_RUN = [
    {"type": "init", "timestamp": "2026-11-24T23:00:00.000Z", "session_id": "g1", "model": "auto"},
    {"type": "message", "timestamp": "2026-11-24T23:00:00.100Z", "role": "user", "content": "t"},
    {
        "type": "message",
        "timestamp": "2026-11-24T23:00:01.000Z",
        "role": "assistant",
        "content": "Looking at",
        "delta": True,
    },
    {
        "type": "message",
        "timestamp": "2026-11-24T23:00:01.200Z",
        "role": "assistant",
        "content": " the code.\nDone",
        "delta": True,
    },
    {
        "type": "result",
        "timestamp": "2026-11-24T23:00:02.000Z",
        "status": "success",
        "stats": {
            "total_tokens": 1530,
            "input_tokens": 1500,
            "output_tokens": 30,
            "cached": 1000,
            "input": 500,
            "duration_ms": 2000,
            "tool_calls": 0,
            "models": {
                "gemini-2.5-flash": {
                    "total_tokens": 1530,
                    "input_tokens": 1500,
                    "output_tokens": 30,
                    "cached": 1000,
                    "input": 500,
                }
            },
        },
    },
]

CODEX_RUN = [
    {"type": "thread.started", "thread_id": "0199a213-81c0-7800-8aa1-bbab2a035a53"},
    {"type": "turn.started"},
    {
        "type": "item.completed",
        "item": {"id": "item_0", "type": "agent_message", "text": "Patched."},
    },
    {
        "type": "turn.completed",
        "usage": {"input_tokens": 900, "cached_input_tokens": 100, "output_tokens": 50},
    },
]


def fake_cli(folder: Path, binary: str, events: list[Any], **script: Any) -> dict[str, Any]:
    """A fake ``binary`` in ``folder`` printing ``events``; the env its role passes it."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / binary
    path.write_text(f"#!{sys.executable}\n" + FAKE.read_text())
    path.chmod(0o755)
    spec = folder / f"{binary}.json"
    spec.write_text(json.dumps({"events": events, **script}))
    return {"USAGE_CLI_SCRIPT": str(spec)}


def role(folder: Path, argv: list[str], env: dict[str, str]) -> dict[str, Any]:
    return {"command": [str(folder / argv[0]), *argv[1:]], "env": env}


CLAUDE_STREAM = ["claude", "-p", "--verbose", "--output-format", "stream-json", "--", "{task}"]


def server_for(tmp_path: Path, database_url: str, project: dict[str, Any]) -> Any:
    make_repo(tmp_path / "setup")
    fleet = write_fleet(tmp_path / "fleet.yaml", {"Setup": {"source": "setup", **project}})
    return create_server(fleet_settings(tmp_path, fleet, database_url))


async def history(client: Client, name: str) -> list[dict[str, Any]]:
    body = await call(client, "show_agent_task_history", {"agent_name": name})
    return body["tasks"]


async def test_each_cli_s_reported_usage_is_recorded_per_task(
    tmp_path: Path, database_url: str
) -> None:
    bin_dir = tmp_path / "bin"
    roles = {
        "claude": role(bin_dir / "c", CLAUDE_STREAM, fake_cli(bin_dir / "c", "claude", CLAUDE_RUN)),
        "gemini": role(
            bin_dir / "g",
            ["gemini", "--output-format", "stream-json", "--prompt={task}"],
            fake_cli(bin_dir / "g", "gemini", GEMINI_RUN),
        ),
        "codex": role(
            bin_dir / "x",
            ["codex", "exec", "--json", "--", "{task}"],
            fake_cli(bin_dir / "x", "codex", CODEX_RUN),
        ),
        "plain": {"command": [sys.executable, AGENT, "{task}"]},
    }
    server = server_for(tmp_path, database_url, {"roles": roles})
    async with Client(server) as c:
        for name in roles:
            await call(
                c, "create_agent", {"name": name, "project": "Setup", "task": "go", "role": name}
            )
        for name in roles:
            await wait_status(c, name, "idle")
        used = {name: (await history(c, name))[0]["usage"] for name in roles}
        shown = {
            name: (await call(c, "show_agent", {"agent_name": name}))["agent"] for name in roles
        }
        await wait_log(c, "claude", "I will fix the test.")
        await wait_log(c, "claude", "[tool: Edit]")
        await wait_log(c, "claude", f"usage: 12,700 tokens in, 120 out · $0.0421 ({SONNET})")
        await wait_log(c, "gemini", "Looking at the code.")
        await wait_log(c, "gemini", "Done")
        await wait_log(c, "codex", "Patched.")
        logs = await call(c, "show_agent_log", {"agent_name": "claude", "page_size": 100})
    assert used["claude"] == {
        "input_tokens": 12700,  # every input token: 2,400 fresh + 300 written + 10,000 read
        "output_tokens": 120,
        "cached_tokens": 10000,
        "cache_write_tokens": 300,
        "reasoning_tokens": 0,
        "total_tokens": 12820,
        "reported": True,
        "cost_usd": 0.0421,  # the CLI's own figure
        "cost_source": "cli",
        "model": SONNET,
    }
    gemini = used["gemini"]
    assert (gemini["input_tokens"], gemini["output_tokens"], gemini["cached_tokens"]) == (
        1500,
        30,
        1000,
    )
    # priced from the table: 500 fresh at $0.30/M, 1,000 cached at $0.075/M, 30 out at $2.50/M
    assert gemini["cost_usd"] == pytest.approx(0.0003)
    assert (gemini["cost_source"], gemini["model"]) == ("prices", "gemini-2.5-flash")
    codex = used["codex"]
    assert (codex["input_tokens"], codex["output_tokens"], codex["reported"]) == (900, 50, True)
    assert (codex["cost_usd"], codex["cost_source"], codex["model"]) == (None, None, None)
    assert used["plain"] is None  # reported nothing: unknown, not zero
    assert {name: agent["last_task_usage"] for name, agent in shown.items()} == used
    assert not any(entry["message"].startswith("{") for entry in logs["logs"])  # words, not JSON


async def test_a_task_past_the_budget_is_stopped_and_the_next_refused(
    tmp_path: Path, database_url: str
) -> None:
    bin_dir = tmp_path / "bin"
    turn = claude_message("msg", [], input_tokens=100_000)  # $0.30 at claude-sonnet-4's $3/M
    env = fake_cli(bin_dir, "claude", [CLAUDE_INIT], delay=0.05, forever=turn)
    server = server_for(
        tmp_path,
        database_url,
        {"roles": {"coder": role(bin_dir, CLAUDE_STREAM, env)}, "budget": {"usd": 0.5}},
    )
    async with Client(server) as c:
        await call(c, "create_agent", {"name": "spender", "project": "Setup", "task": "go"})
        agent = await wait_status(c, "spender", "idle", timeout=30)
        tasks = await history(c, "spender")
        refused = await call_error(
            c,
            "start_agent_task",
            {"agent_name": "spender", "task_description": "more"},
            "CONFLICT",
        )
        logs = await call(c, "show_agent_log", {"agent_name": "spender", "page_size": 100})
    assert live_processes(str(bin_dir / "claude")) == []  # the CLI (and its supervisor) are gone
    # Stopped at the first figure past the budget: the second turn, $0.60.
    reason = "its cost $0.6000 passed its budget $0.5000"
    assert agent["needs_user_attention"] is True
    assert agent["attention_reason"] == f"stopped: {reason}"
    assert tasks[0]["needs_user_attention"] is True
    messages = [entry["message"] for entry in logs["logs"]]
    assert f"stopping the task: {reason}" in messages
    # What it reported before it died counts (its output already in the pipe), and no more.
    spent = tasks[0]["usage"]["cost_usd"]
    turns = sum(1 for m in messages if m.startswith("turn "))
    assert spent == pytest.approx(0.3 * turns) and spent >= 0.6
    assert tasks[0]["usage"]["cost_source"] == "prices"
    assert refused["message"] == (
        f"Project 'Setup' has spent ${spent:.4f} of its budget $0.50 (budget.usd in the fleet "
        "file): raise the budget to start another task"
    )
    assert refused["details"] == {"project": "Setup", "spent_usd": spent, "budget_usd": 0.5}


async def test_a_queued_task_is_refused_when_its_turn_comes_past_the_budget(
    tmp_path: Path, database_url: str
) -> None:
    bin_dir = tmp_path / "bin"
    turn = claude_message("msg", [], input_tokens=100_000)
    gate = tmp_path / "spend now"
    env = fake_cli(bin_dir, "claude", [CLAUDE_INIT], delay=0.05, forever=turn, gate=str(gate))
    project = {
        "roles": {"coder": role(bin_dir, CLAUDE_STREAM, env)},
        "budget": {"usd": 0.5},
        "max_busy_agents": 1,
    }
    server = server_for(tmp_path, database_url, project)
    async with Client(server) as c:
        await call(c, "create_agent", {"name": "first", "project": "Setup", "task": "go"})
        await wait_status(c, "first", "busy")
        await call(c, "create_agent", {"name": "second", "project": "Setup", "task": "go"})
        await wait_status(c, "second", "queued")
        gate.touch()  # the first spends past the budget; the second's turn comes
        second = await wait_status(c, "second", "failed", timeout=30)
        tasks = await history(c, "second")
    assert second["attention_reason"].startswith(
        "failed: could not start: Project 'Setup' has spent $"
    )
    assert "of its budget $0.50" in second["attention_reason"]
    assert tasks[0]["usage"] is None  # it never ran


async def test_without_running_totals_the_budget_is_checked_at_the_end(
    tmp_path: Path, database_url: str
) -> None:
    bin_dir = tmp_path / "bin"
    env = fake_cli(bin_dir, "claude", [CLAUDE_RESULT])  # --output-format json: the end only
    argv = ["claude", "-p", "--output-format", "json", "--", "{task}"]
    server = server_for(
        tmp_path,
        database_url,
        {"roles": {"coder": role(bin_dir, argv, env)}, "budget": {"usd": 0.04, "task_usd": 1}},
    )
    async with Client(server) as c:
        await call(c, "create_agent", {"name": "once", "project": "Setup", "task": "go"})
        agent = await wait_status(c, "once", "idle")
        await wait_log(c, "once", "Fixed the test.")
        await wait_log(
            c, "once", "the task ended over budget: its cost $0.0421 passed its budget $0.0400"
        )
        tasks = await history(c, "once")
        refused = await call_error(
            c, "start_agent_task", {"agent_name": "once", "task_description": "more"}, "CONFLICT"
        )
    assert tasks[0]["usage"]["cost_usd"] == 0.0421
    assert agent["attention_reason"] == "over budget: its cost $0.0421 passed its budget $0.0400"
    assert "spent $0.0421 of its budget $0.04" in refused["message"]


@pytest.mark.parametrize(
    ("budget", "says"),
    [
        ({"usd": -1}, "projects.Setup.budget.usd"),
        ({"usd": "five"}, "projects.Setup.budget.usd"),
        ({"usd": True}, "projects.Setup.budget.usd"),
        ({"usd": 1, "task_usd": -0.5}, "projects.Setup.budget.task_usd"),
        ({"usd": 1, "dollars": 2}, "projects.Setup.budget.dollars"),
    ],
)
def test_a_bad_budget_is_refused_naming_the_field(
    tmp_path: Path, budget: dict[str, Any], says: str
) -> None:
    make_repo(tmp_path / "setup")
    project = {"source": "setup", "roles": {"coder": {"command": ["x"]}}, "budget": budget}
    fleet = write_fleet(tmp_path / "fleet.yaml", {"Setup": project})
    with pytest.raises(FleetConfigError, match=r"budget") as raised:
        load_fleet(str(fleet), cwd=tmp_path, env={})
    assert says in str(raised.value)
