"""Conversations that persist (`orchestrator.conversations`): kept in the state folder, listed
the latest first, found by an ID's prefix, a broken file named; a one-shot carried on with
`--continue`, and the REPL's `/sessions`, `/resume ID` and `chat --resume` on a real
pseudo-terminal."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pexpect
import pytest

from orchestrator.conversations import ConversationStore, turns_of
from orchestrator.errors import UsageError
from orchestrator.messages import (
    AssistantMessage,
    Question,
    ToolCallItem,
    ToolResultItem,
    UserMessage,
)

pytestmark = pytest.mark.processes

HISTORY = [
    UserMessage("remind me to call Ana"),
    ToolCallItem("c1", "create_todo", {"title": "call Ana"}),
    ToolResultItem("c1", "create_todo", '{"todo_id": "todo_1"}', "ok"),
    AssistantMessage("Created todo “call Ana”."),
]


def saved(store: ConversationStore, history: list[Any]) -> str:
    conversation = store.new()
    conversation.save(SimpleNamespace(history=history))  # type: ignore[arg-type]
    return conversation.id


def test_a_conversation_comes_back_as_it_was_saved(tmp_path: Path) -> None:
    store = ConversationStore(tmp_path / "conversations")
    first = saved(store, HISTORY)
    assert store.find(first).load() == HISTORY
    assert oct((store.root / f"{first}.json").stat().st_mode & 0o777) == "0o600"
    assert turns_of(HISTORY) == [("remind me to call Ana", "Created todo “call Ana”.")]
    second = saved(store, [UserMessage("what's on my list?")])
    os.utime(store.root / f"{first}.json", (1, 1))  # the first is the older one
    assert [s.id for s in store.summaries()] == [second, first]
    assert store.summaries()[1].requests == 1 and store.summaries()[1].title.startswith("remind")
    assert store.find(None).id == second  # the last
    prefix = first[:-2]  # unique, unless both were saved in one second and share its digits
    if second.startswith(prefix):  # (one run in a hundred or so: the CI run of 2026-11-29)
        with pytest.raises(UsageError, match="2 conversations start with"):
            store.find(prefix)
    else:
        assert store.find(prefix).id == first


def test_a_question_the_model_asked_comes_back_as_a_question(tmp_path: Path) -> None:
    store = ConversationStore(tmp_path / "conversations")
    form = {"type": "object", "properties": {"due_date": {"type": "string"}}}
    asked = [
        UserMessage("remind me to call Ana"),
        AssistantMessage("When?", Question("When?", form, "create_todo")),
    ]
    (_, answer) = store.find(saved(store, asked)).load()
    assert answer == asked[1] and isinstance(answer, AssistantMessage)
    assert isinstance(answer.question, Question) and answer.question.about == "create_todo"


def test_unknown_ambiguous_and_broken_conversations_are_refused_by_name(tmp_path: Path) -> None:
    store = ConversationStore(tmp_path / "conversations")
    with pytest.raises(UsageError, match="no saved conversation yet"):
        store.find(None)
    ids = [saved(store, HISTORY) for _ in range(2)]
    with pytest.raises(UsageError, match="no conversation 'nope'"):
        store.find("nope")
    common = ids[0][: next((i for i, (a, b) in enumerate(zip(*ids, strict=True)) if a != b), 0)]
    if common:
        with pytest.raises(UsageError, match="2 conversations start with"):
            store.find(common)
    (store.root / f"{ids[0]}.json").write_text(json.dumps({"items": [{"type": "robot"}]}))
    with pytest.raises(UsageError, match=r"\.json: an item's type must be one of user"):
        store.find(ids[0]).load()


def test_only_the_newest_are_kept(tmp_path: Path) -> None:
    store = ConversationStore(tmp_path / "conversations")
    for _ in range(4):
        saved(store, HISTORY)
    store.prune(keep=2)
    assert len(store.summaries()) == 2


def env_for(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"),
            "XDG_DATA_HOME": str(tmp_path / "data"), "TERM": "xterm",
            "PROMPT_TOOLKIT_NO_CPR": "1", "NO_COLOR": "1"}  # fmt: skip


def write_config(tmp_path: Path) -> Path:
    config = tmp_path / "mcp_agent.config.yaml"
    config.write_text(
        "mcp: {servers: {todo: {command: mcp-todo}}}\norchestrator: {provider: offline}\n"
    )
    return config


def test_continue_carries_a_one_shot_on_from_the_last_conversation(tmp_path: Path) -> None:
    base = [sys.executable, "-m", "orchestrator", "--config", str(write_config(tmp_path))]
    env = env_for(tmp_path)

    def one_shot(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*base, *args], env=env, capture_output=True, text=True, timeout=60)

    refused = one_shot("--continue", "make it high priority")
    assert refused.returncode == 2 and "no saved conversation yet" in refused.stderr
    made = one_shot("remind me to call Ana on friday")
    assert made.returncode == 0, made.stderr
    carried = one_shot("--json", "--continue", "make it high priority")
    assert carried.returncode == 0, carried.stderr
    (call,) = json.loads(carried.stdout)["tool_calls"]
    assert call["tool"] == "update_todo" and call["arguments"]["priority"] == "high"
    fresh = one_shot("make it high priority")  # without --continue: a new conversation
    assert "Updated todo" not in fresh.stdout
    conversations = list((tmp_path / "state" / "mcp-orchestrator" / "conversations").iterdir())
    assert len(conversations) == 2
    # Another project's config: its --continue does not carry on this one's conversation (whose
    # todo ids its servers do not know).
    (tmp_path / "other").mkdir()
    other = [sys.executable, "-m", "orchestrator", "--config",
             str(write_config(tmp_path / "other"))]  # fmt: skip
    elsewhere = subprocess.run([*other, "--continue", "make it high priority"], env=env,
                               capture_output=True, text=True, timeout=60)  # fmt: skip
    assert elsewhere.returncode == 2 and "no saved conversation yet" in elsewhere.stderr


def test_a_question_a_one_shot_asked_is_answered_by_the_next(tmp_path: Path) -> None:
    base = [sys.executable, "-m", "orchestrator", "--config", str(write_config(tmp_path))]
    env = env_for(tmp_path)

    def one_shot(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*base, *args], env=env, capture_output=True, text=True, timeout=60)

    asked = one_shot("save this: gate code 4821#")  # which tool makes it?
    assert asked.returncode == 1 and "Which one do you mean?" in asked.stdout, asked.stderr
    answered = one_shot("--json", "--continue", "tool: create_todo")
    assert answered.returncode == 0, answered.stderr
    calls = json.loads(answered.stdout)["tool_calls"]
    assert [(c["tool"], c["arguments"]["title"]) for c in calls] == [
        ("create_todo", "gate code 4821#")
    ]


def test_a_reply_that_takes_the_question_back_writes_nothing(tmp_path: Path) -> None:
    """Trial 10, F1 and F2: "never mind" to a one-shot's question, "undo that" piped after one,
    write nothing; the id answering "Say which one." deletes that record, never a new one."""
    base = [sys.executable, "-m", "orchestrator", "--config", str(write_config(tmp_path))]
    env = env_for(tmp_path)

    def one_shot(*args: str, said: str | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*base, *args], env=env, capture_output=True, text=True,
                              timeout=60, input=said)  # fmt: skip

    def titles() -> list[str]:
        listed = one_shot("--json", "list all my todos")
        (call,) = [c for c in json.loads(listed.stdout)["tool_calls"] if c["tool"] == "list_todos"]
        return [t["title"] for t in call["result"]["todos"]]

    for reply in ("never mind", "nvm", "cancel"):
        asked = one_shot("add todo call 555-1234")
        assert asked.returncode == 1 and "with title “call”?" in asked.stdout, asked.stdout
        dropped = one_shot("--continue", reply)
        assert "OK, nothing was done." in dropped.stdout, dropped.stdout
    piped = one_shot(said="add todo test item zzz\nundo that\n")
    assert "with title “test”?" in piped.stdout and "OK, nothing was done." in piped.stdout
    assert "Created" not in piped.stdout
    assert titles() == []

    for said in ("remind me to call mom on wednesday", "remind me to call mom"):
        assert one_shot(said).returncode == 0
    asked = one_shot("--yes", "delete call mom")
    ids = re.findall(r"\[(todo_\w+)\]", asked.stdout)
    assert len(ids) == 2 and "Say which one." in asked.stdout, asked.stdout
    deleted = one_shot("--yes", "--json", "--continue", f"todo_id: {ids[1]}")
    (call,) = json.loads(deleted.stdout)["tool_calls"]
    assert (call["tool"], call["arguments"]["todo_id"]) == ("delete_todo", ids[1])
    assert titles() == ["call mom"]
    fresh = one_shot("--json", f"todo_id: {ids[0]}")  # an id typed fresh: asked about
    assert not json.loads(fresh.stdout)["done"] and titles() == ["call mom"]


def test_sessions_and_resume_in_the_repl(tmp_path: Path) -> None:
    base = ["-m", "orchestrator", "--config", str(write_config(tmp_path))]
    env = env_for(tmp_path)

    def repl(*args: str) -> pexpect.spawn:
        child = pexpect.spawn(sys.executable, [*base, *args], env=env, encoding="utf-8",
                              timeout=30, dimensions=(40, 120), cwd=str(tmp_path))  # fmt: skip
        return child

    child = repl()
    child.expect_exact("›")
    child.sendline("remind me to call Ana on friday")
    child.expect("Created todo")
    child.expect_exact("›")
    child.sendline("/quit")
    child.expect(pexpect.EOF)
    child.close()

    child = repl("chat", "--resume")  # the last conversation
    child.expect(r"resumed conversation (\S+) \(1 request; last: remind me to call Ana")
    first = child.match.group(1)
    child.expect_exact("›")
    child.sendline("make it high priority")
    child.expect(r"update_todo\(.*priority=high")
    child.expect_exact("›")
    child.sendline("/clear")
    child.expect("conversation cleared")
    child.sendline("remind me to water the plants")
    child.expect("Created todo")
    child.expect_exact("›")
    child.sendline("/sessions")
    child.expect(r"water the plants")
    child.expect(first)
    child.expect_exact("›")
    child.sendline(f"/resume {first[:-2]}")
    child.expect(r"resumed conversation .*\(2 requests; last: make it high priority")
    child.sendline("/history")
    child.expect(r"1\. remind me to call Ana on friday")
    child.expect_exact("›")
    child.sendline("/resume nope")
    child.expect("no conversation 'nope'")
    child.sendline("/quit")
    child.expect(pexpect.EOF)
    child.close()
