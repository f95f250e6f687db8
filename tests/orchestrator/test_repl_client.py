"""The chat REPL in a real pseudo-terminal, answering what servers ask: a form (elicitation), the
use of the model (sampling); resources and prompts; answers streamed; a listing shown once.
The model is Anthropic's API faked on loopback (streaming), the server the concierge."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pexpect
import pytest

from orchestrator.testing.vendors import FakeVendor
from orchestrator.testing.vendors.anthropic import (
    error,
    fake_anthropic,
    message,
    stream_message,
    text,
    tool_use,
)

pytestmark = pytest.mark.processes

PROMPT = "›"


@pytest.fixture
def fake() -> Iterator[FakeVendor]:
    with fake_anthropic() as server:
        yield server


@pytest.fixture
def start_repl(tmp_path: Path, fake: FakeVendor) -> Iterator[Callable[..., pexpect.spawn]]:
    children: list[pexpect.spawn] = []

    def start(provider: str = "anthropic") -> pexpect.spawn:
        config = tmp_path / "mcp_agent.config.yaml"
        config.write_text(
            f"""
mcp:
  servers:
    concierge:
      command: {sys.executable}
      args: ["-m", "orchestrator.testing.servers.concierge"]
    todo:
      command: mcp-todo
      args: ["--database-url", "sqlite:///{tmp_path / "todo.db"}"]
orchestrator:
  provider: {provider}
  model: claude-test-1
"""
        )
        env = {
            **os.environ,
            "TERM": "xterm",
            "PROMPT_TOOLKIT_NO_CPR": "1",
            "XDG_STATE_HOME": str(tmp_path / "state"),
            "XDG_DATA_HOME": str(tmp_path / "data"),
            "XDG_CACHE_HOME": str(tmp_path / "cache"),
            "NO_COLOR": "1",
            "ANTHROPIC_API_KEY": "sk-ant-test-0123456789",
            "ANTHROPIC_BASE_URL": fake.url,
        }
        child = pexpect.spawn(
            sys.executable,
            ["-m", "orchestrator", "--config", str(config)],
            env=env,
            encoding="utf-8",
            timeout=30,
            dimensions=(50, 160),
            cwd=str(tmp_path),
        )
        children.append(child)
        child.expect_exact(PROMPT)
        return child

    yield start
    for child in children:
        child.close(force=True)  # the pseudo-terminal too, not left to the garbage collector


def quit_cleanly(repl: pexpect.spawn) -> None:
    repl.sendline("/quit")
    repl.expect(pexpect.EOF)
    repl.wait()
    assert repl.exitstatus == 0


def test_a_servers_form_is_filled_in_at_the_terminal(
    start_repl: Callable[..., pexpect.spawn], fake: FakeVendor
) -> None:
    fake.reply(
        stream_message(tool_use("toolu_1", "book_table", {"restaurant": "Luigi's"})),
        stream_message("Your table ", "is booked."),
    )
    repl = start_repl()
    repl.sendline("book a table at Luigi's")
    repl.expect(r"→ book_table\(restaurant=Luigi's\)")
    repl.expect(r"concierge\S* asks: Booking at Luigi's: a few details, please\.")
    repl.expect(r"Party Size \(How many people; whole number, 1 to 12\):")
    repl.sendline("forty")  # wrong: asked again
    repl.expect_exact("is not a whole number")
    repl.expect(r"Party Size .*:")
    repl.sendline("4")
    repl.expect(r"Date \(Which day; date\):")
    repl.sendline("2025-06-01")
    repl.expect(r"Seating \(Where to sit; one of indoor, outdoor\) \(optional\) \[indoor\]:")
    repl.sendline("outdoor")
    repl.expect(r"Vip \(A VIP table; y/n\) \(optional\) \[n\]:")
    repl.sendline("")  # the default
    repl.expect_exact("Send these answers to concierge? [Y/n]")
    repl.sendline("y")
    repl.expect_exact("Your table is booked.")
    repl.expect_exact(PROMPT)
    quit_cleanly(repl)
    tool_result = fake.requests[1].body["messages"][-1]["content"][0]
    assert json.loads(tool_result["content"]) == {
        "result": "Booked Luigi's for 4 on 2025-06-01, outdoor."
    }
    assert tool_result["is_error"] is False


def test_a_form_declined_and_one_cancelled(
    start_repl: Callable[..., pexpect.spawn], fake: FakeVendor
) -> None:
    fake.reply(
        stream_message(tool_use("toolu_1", "book_table", {"restaurant": "Luigi's"})),
        stream_message("No booking."),
        stream_message(tool_use("toolu_2", "book_table", {"restaurant": "Chez Anne"})),
        stream_message("Cancelled, then."),
    )
    repl = start_repl()
    repl.sendline("book a table at Luigi's")
    repl.expect(r"Party Size .*:")
    repl.sendline("/decline")
    repl.expect_exact("No booking.")
    repl.expect_exact(PROMPT)
    repl.sendline("book a table at Chez Anne")
    repl.expect(r"Party Size .*:")
    repl.sendcontrol("c")
    repl.expect_exact("cancelled")
    repl.expect_exact("Cancelled, then.")
    repl.expect_exact(PROMPT)
    quit_cleanly(repl)
    results = [r.body["messages"][-1]["content"][0]["content"] for r in fake.requests[1::2]]
    assert [json.loads(r)["result"] for r in results] == [
        "No booking: the user chose to decline.",
        "No booking: the user chose to cancel.",
    ]


def test_sampling_is_asked_for_then_answered_by_the_model(
    start_repl: Callable[..., pexpect.spawn], fake: FakeVendor
) -> None:
    fake.reply(
        stream_message(tool_use("toolu_1", "draft_note", {"topic": "tea"})),
        message(text("Tea calms.")),  # the sampling request (not streamed)
        stream_message("Here is your note: ", "Tea calms."),
    )
    repl = start_repl()
    repl.sendline("draft a note on tea")
    repl.expect(
        r"concierge\S* wants the model \(\S*anthropic\S*, claude-test-1\) to complete this:"
    )
    repl.expect_exact("system: You write one-line notes.")
    repl.expect_exact("user: A note on tea")
    repl.expect_exact("Let it? [y/N]")
    repl.sendline("y")
    repl.expect_exact("Here is your note: Tea calms.")
    repl.expect_exact(PROMPT)
    quit_cleanly(repl)
    sampled = fake.requests[1].body
    assert sampled["system"] == "You write one-line notes." and "tools" not in sampled
    assert sampled["max_tokens"] == 200
    tool_result = fake.requests[2].body["messages"][-1]["content"][0]["content"]
    assert json.loads(tool_result) == {"result": "claude-test-1 wrote: Tea calms."}


def test_resources_and_prompts(start_repl: Callable[..., pexpect.spawn], fake: FakeVendor) -> None:
    fake.reply(stream_message("The guide says: ask."), stream_message("Day 1: fjords."))
    repl = start_repl()
    repl.sendline("/resources")
    repl.expect(r"concierge\s.*concierge://guide")
    repl.expect(r"concierge://rooms/\{number\}\S* \S*\(template\)")
    repl.expect_exact(PROMPT)
    repl.sendline("/read concierge://guide")
    repl.expect_exact("The concierge books tables and drafts notes.")
    repl.expect_exact("attached to your next request")
    repl.expect_exact(PROMPT)
    repl.sendline("what does it say?")
    repl.expect_exact("The guide says: ask.")
    repl.expect_exact(PROMPT)
    repl.sendline("/prompts")
    repl.expect(r"plan_trip destination=… \[days=…\]")
    repl.expect_exact(PROMPT)
    repl.sendline("/prompt plan_trip days=2")
    repl.expect_exact("prompt 'plan_trip' needs destination")
    repl.expect_exact(PROMPT)
    # What the server refuses is said, and the chat goes on (it ended with a traceback).
    repl.sendline("/read concierge://rooms/lobby")
    repl.expect_exact("concierge: Error creating resource from template")
    repl.expect_exact(PROMPT)
    repl.sendline("/prompt plan_trip destination=Oslo days=many")
    repl.expect_exact("concierge: Error rendering prompt plan_trip")
    repl.expect_exact(PROMPT)
    repl.sendline('/prompt plan_trip destination="Oslo fjords" days=2')
    repl.expect_exact("Day 1: fjords.")
    repl.expect_exact(PROMPT)
    quit_cleanly(repl)
    first, second = (r.body["messages"] for r in fake.requests)
    assert first[0]["content"][0]["text"].startswith(
        "Contents of resource concierge://guide (text/plain):\nThe concierge books tables"
    )
    assert first[0]["content"][1]["text"] == "what does it say?"
    assert second[-1]["content"][-1]["text"] == "Plan a 2-day trip to Oslo fjords."


def test_a_listing_is_shown_once(start_repl: Callable[..., pexpect.spawn]) -> None:
    repl = start_repl("offline")
    repl.sendline("remind me to buy oat milk")
    repl.expect(r"→ create_todo")
    repl.expect_exact(PROMPT)
    repl.sendline("what's on my todo list?")
    repl.expect(r"TITLE\s+PRIORITY\s+STATUS")
    repl.expect_exact(PROMPT)
    shown = repl.before
    assert shown.count("buy oat milk") == 1, shown  # in the listing, not again in a list
    assert "1 todo:" not in shown  # nor the line that introduced the list
    quit_cleanly(repl)


def test_a_request_that_fails_keeps_the_calls_it_made_in_the_saved_conversation(
    start_repl: Callable[..., pexpect.spawn], fake: FakeVendor, tmp_path: Path
) -> None:
    """What ran before the provider failed is history: saved at once, not at the next answer
    (a terminal closed after the error lost it, and `--continue` knew nothing of the call)."""
    fake.reply(
        stream_message(tool_use("toolu_1", "list_todos", {"status": "all"})),
        error(400, "messages: the request is not valid"),
    )
    repl = start_repl()
    repl.sendline("what is on my list?")
    repl.expect(r"→ list_todos")
    repl.expect_exact("error:")
    repl.expect_exact(PROMPT)
    repl.close(force=True)  # the terminal closed: no later answer saves anything
    (saved,) = (tmp_path / "state" / "mcp-orchestrator" / "conversations").glob("*.json")
    items = json.loads(saved.read_text())["items"]
    assert [item["type"] for item in items] == ["user", "tool_call", "tool_result"]
    assert items[0]["text"] == "what is on my list?"
    assert items[1]["name"] == "list_todos" and items[2]["call_id"] == items[1]["call_id"]
