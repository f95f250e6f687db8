"""When the model asks before it acts (`AskResult.question`): piped in, the answer is the question
(exit 1) and the next line answers it; with --json it is in the transcript; on a terminal, one-shot
or REPL, it is asked as a form, prefilled, through the prompt code of a server's elicitation."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from tests.orchestrator.conftest import REPO

pytestmark = [
    pytest.mark.skipif(
        not (REPO / "servers" / "todo" / "__main__.py").exists(),
        reason="servers/todo not built yet",
    ),
    pytest.mark.processes,
]


def run(args: list[str], cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "orchestrator", "--server", "todo", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ),
    )


def test_piped_the_answer_is_the_question_and_the_next_line_answers_it(tmp_path: Path) -> None:
    asked = run([], tmp_path, stdin="remind me tomorrow at 3pm\n")
    assert asked.returncode == 1, asked.stderr
    lines = asked.stdout.splitlines()
    assert "I need: title" in lines[0] and "due tomorrow" in asked.stdout
    assert "LLM provider" in lines[-1]  # the advice, after the question
    answered = run([], tmp_path, stdin="remind me tomorrow at 3pm\ncall the bank\n")
    assert answered.returncode == 0, answered.stdout + answered.stderr
    assert "Created todo “call the bank”, due tomorrow" in answered.stdout


def test_json_has_the_question_with_its_form_prefilled(tmp_path: Path) -> None:
    done = run(["--json", "add a todo for friday at 9am"], tmp_path)
    assert done.returncode == 1
    transcript = json.loads(done.stdout)
    assert transcript["done"] is False and transcript["tool_calls"] == []
    question = transcript["question"]
    assert question["about"] == "create_todo"
    assert list(question["schema"]["properties"]) == ["title"]
    assert question["schema"]["required"] == ["title"]
    assert transcript["answer"] == question["text"]


def _spawn(args: list[str], tmp_path: Path) -> pexpect.spawn:
    env = {**os.environ, "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1", "NO_COLOR": "1"}
    return pexpect.spawn(
        sys.executable,
        ["-m", "orchestrator", "--server", "todo", *args],
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 160),
        cwd=str(tmp_path),
    )


def test_one_shot_on_a_terminal_asks_with_a_form(tmp_path: Path) -> None:
    child = _spawn(["remind me tomorrow at 3pm"], tmp_path)
    try:
        child.expect_exact("I need: title")
        child.expect_exact("title (")  # the form's field, as for a server's elicitation
        child.sendline("water the plants")
        child.expect_exact("Go ahead? [Y/n]")
        child.sendline("wait, no")  # words that are not a yes do not send the answers
        child.expect_exact("answer y or n (Enter is yes); nothing was sent")
        child.expect_exact("Go ahead? [Y/n]")
        child.sendline("")
        child.expect_exact("Created todo “water the plants”, due tomorrow")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


def test_the_repl_asks_with_a_form_and_a_declined_form_does_nothing(tmp_path: Path) -> None:
    child = _spawn([], tmp_path)
    try:
        child.expect_exact("›")
        child.sendline("add a todo for friday")
        child.expect_exact("title (")
        child.sendline("/decline")
        child.expect_exact("›")
        child.sendline("add a todo for friday")
        child.expect_exact("title (")
        child.sendline("renew passport")
        child.expect_exact("Go ahead? [Y/n]")
        child.sendline("y")
        child.expect(r"→ create_todo\(.*title=renew passport")
        child.expect_exact("Created todo “renew passport”")
        child.expect_exact("›")
        child.sendline("/quit")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
