"""The command line's client side, in subprocesses: `resources`, `read`, `prompts`, `--resource`,
and what a one-shot does when a server asks for input (asks on a terminal; declines and says so
otherwise); the offline provider declining sampling."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pexpect
import pytest
from mcp import MCPError

from orchestrator import Orchestrator, load_config
from orchestrator.testing import server_entry
from orchestrator.testing.vendors.openai import FakeOpenAI, fake_openai, text, tool_call

pytestmark = pytest.mark.processes

CONCIERGE = server_entry("concierge")


@pytest.fixture
def config(write_config: Callable[..., Path]) -> Path:
    return write_config({"concierge": CONCIERGE}, {"provider": "offline"})


def run(config: Path, *words: str, env: dict[str, str] | None = None) -> Any:
    async def go() -> Any:
        command = [sys.executable, "-m", "orchestrator", "--config", str(config), *words]
        with anyio.fail_after(60):
            return await anyio.run_process(command, env={**os.environ, **(env or {})}, check=False)

    return anyio.run(go)


def test_resources_read_and_prompts(config: Path) -> None:
    listed = run(config, "resources")
    assert listed.returncode == 0
    assert listed.stdout.decode().splitlines() == [
        "concierge:",
        "  concierge://guide  (text/plain)  How the concierge works",
        "  concierge://menu.json  (application/json)  Today's menu",
        "  concierge://rooms/{number} [template]  (text/plain)  One room's details",
    ]
    as_json = json.loads(run(config, "--json", "resources", "concierge").stdout)
    assert [r["uri"] for r in as_json if r["template"]] == ["concierge://rooms/{number}"]

    assert (
        run(config, "read", "concierge://guide")
        .stdout.decode()
        .startswith("The concierge books tables")
    )
    room = json.loads(run(config, "--json", "read", "concierge://rooms/12").stdout)
    assert room == [
        {
            "server": "concierge",
            "uri": "concierge://rooms/12",
            "mime_type": "text/plain",
            "text": "Room 12: sea view, two beds.",
            "blob_bytes": 0,
        }
    ]
    missing = run(config, "read", "nowhere://x")
    assert missing.returncode == 2
    assert "no server offers nowhere://x (resources: concierge://guide" in missing.stderr.decode()
    # A read the server refuses: its words, the server named, exit 1, no traceback.
    refused = run(config, "read", "concierge://rooms/lobby")
    assert refused.returncode == 1
    said = refused.stderr.decode()
    assert said.startswith("orchestrator: concierge: Error creating resource from template")
    assert "Traceback" not in said

    prompts = run(config, "prompts").stdout.decode().splitlines()
    assert prompts == [
        "concierge:",
        "  plan_trip destination=… [days=…]  Plan a trip",
        "  review text=…  Review a text, with an example exchange first",
    ]


def test_words_that_are_not_a_command_are_a_request(config: Path) -> None:
    result = run(config, "--json", "read", "me", "the", "news")
    assert json.loads(result.stdout)["request"] == "read me the news"


def test_a_command_given_a_server_that_is_not_configured_is_a_usage_error(config: Path) -> None:
    """`tools SERVER` lists that server's tools; a name no server has, after a command that
    takes one, is said to be wrong (exit 2), not routed as a request (and sent to a model);
    so is a daemon command that does not exist."""
    listed = run(config, "tools", "concierge")
    assert listed.returncode == 0 and listed.stdout.decode().startswith("concierge:\n")
    for words in (["tools", "nope"], ["login", "nope"], ["resources", "nope"]):
        wrong = run(config, *words)
        assert wrong.returncode == 2, words
        assert wrong.stderr.decode() == (
            f"orchestrator: {words[0]}: no server named 'nope' in the config (servers: concierge)\n"
        )
        assert wrong.stdout == b""
    for verb in ("result", "cancel"):  # a task command without its task id
        wrong = run(config, "tasks", verb)
        assert wrong.returncode == 2
        assert wrong.stderr.decode() == (
            f"orchestrator: tasks {verb} needs a task id: orchestrator tasks {verb} ID\n"
        )
    daemon = run(config, "daemon", "restart")
    assert daemon.returncode == 2
    assert daemon.stderr.decode() == (
        "orchestrator: unknown daemon command 'restart': orchestrator daemon status | stop\n"
    )


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeOpenAI]:
    with fake_openai() as server:
        yield server


def llm_config(write_config: Callable[..., Path], fake: FakeOpenAI) -> tuple[Path, dict[str, str]]:
    path = write_config({"concierge": CONCIERGE}, {"provider": "openai", "model": "gpt-test"})
    return path, {"OPENAI_API_KEY": "sk-test-key", "OPENAI_BASE_URL": fake.url + "/v1"}


def test_a_resource_given_with_the_request(
    write_config: Callable[..., Path], fake: FakeOpenAI
) -> None:
    fake.reply(text("It books tables."))
    path, env = llm_config(write_config, fake)
    result = run(path, "--resource", "concierge://guide", "what does the guide say?", env=env)
    assert result.returncode == 0 and result.stdout.decode().strip() == "It books tables."
    users = [m["content"] for m in fake.completions[0].messages if m["role"] == "user"]
    assert users == [
        "Contents of resource concierge://guide (text/plain):\n"
        "The concierge books tables and drafts notes. Ask for anything.",
        "what does the guide say?",
    ]


def test_piped_or_json_a_servers_request_for_input_is_declined_and_said(
    write_config: Callable[..., Path], fake: FakeOpenAI
) -> None:
    fake.reply(tool_call("book_table", {"restaurant": "Luigi's"}), text("No booking was made."))
    path, env = llm_config(write_config, fake)
    result = run(path, "--json", "book a table at Luigi's", env=env)
    transcript = json.loads(result.stdout)
    (asked,) = transcript["server_requests"]
    assert (asked["server"], asked["kind"], asked["outcome"]) == (
        "concierge",
        "elicitation",
        "declined",
    )
    assert "no one to ask" in asked["reason"]
    assert "Note: server 'concierge' wanted input" in transcript["answer"]
    tool_output = fake.completions[1].messages[-1]["content"]
    assert json.loads(tool_output) == {"result": "No booking: the user chose to decline."}


def fill_in_the_booking(child: pexpect.spawn, party: str) -> None:
    """Answer the concierge's booking form on the terminal, for `party` people."""
    child.expect(r"concierge\S* asks: Booking at Luigi's")
    child.expect(r"Party Size .*:")
    child.sendline(party)
    child.expect(r"Date .*:")
    child.sendline("2025-07-14")
    child.expect(r"Seating .*:")
    child.sendline("")
    child.expect(r"Vip .*:")
    child.sendline("n")
    child.expect_exact("Send these answers to concierge? [Y/n]")
    child.sendline("")


def test_a_one_shot_on_a_terminal_asks(
    write_config: Callable[..., Path], fake: FakeOpenAI, tmp_path: Path
) -> None:
    fake.reply(tool_call("book_table", {"restaurant": "Luigi's"}), text("Booked for 2."))
    path, env = llm_config(write_config, fake)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "orchestrator", "--config", str(path), "book a table at Luigi's"],
        env={**os.environ, **env, "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1", "NO_COLOR": "1"},
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 160),
        cwd=str(tmp_path),
    )
    try:
        fill_in_the_booking(child, "2")
        child.expect_exact("Booked for 2.")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    tool_output = fake.completions[1].messages[-1]["content"]
    assert json.loads(tool_output) == {"result": "Booked Luigi's for 2 on 2025-07-14, indoor."}


async def test_the_offline_provider_declines_sampling_saying_why(
    write_config: Callable[..., Path],
) -> None:
    path = write_config({"concierge": CONCIERGE})
    with anyio.fail_after(30):
        async with Orchestrator(
            load_config(path), provider="offline", approve_sampling=lambda r: True, start="all"
        ) as orch:
            with pytest.raises(MCPError) as caught:  # the server passes the client's error on
                await orch.discovery.call("draft_note", {"topic": "tea"})
            (asked,) = orch.server_requests
    assert "sampling declined: the offline provider has no language model" in str(caught.value)
    assert (asked.kind, asked.outcome, asked.by_user) == ("sampling", "declined", False)
    assert "choose an LLM provider" in (asked.reason or "")


SLOW_RESOURCE_SERVER = """
import anyio
from mcp.server.mcpserver import MCPServer

mcp = MCPServer("archive")


@mcp.resource("archive://tape", description="Takes a minute to read")
async def tape() -> str:
    await anyio.sleep(60)
    return "found it"


mcp.run()
"""


def test_timeout_covers_reading_the_resources_given_with_the_request(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    script = tmp_path / "archive.py"
    script.write_text(SLOW_RESOURCE_SERVER)
    path = write_config(
        {"archive": {"command": sys.executable, "args": [str(script)]}}, {"provider": "offline"}
    )
    # 10 s: time for the server to start on a loaded machine, well before the read's minute
    result = run(path, "--timeout", "10", "--resource", "archive://tape", "what is on the tape?")
    assert result.returncode == 1
    assert "no answer within 10s: reading the resources given with --resource" in (
        result.stderr.decode()
    )
