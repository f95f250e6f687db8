"""The harness's verdicts on the blind format's extensions, with a scripted model in place of the
router (so no verdict here depends on the router): matchers, `defaults_ok`, a question back,
the state after a case, integer ids bound from a sentence, tools only read though not annotated.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Any

import anyio
import pytest
import yaml

import tests.offline_eval._harness as harness
from orchestrator.messages import AssistantMessage, ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest, ModelResponse
from tests._installs import require
from tests.offline_eval._corpus import load_file
from tests.offline_eval._thirdparty import SCRIPT

pytestmark = pytest.mark.slow

TODAY = date.today().isoformat()
# request -> the calls the scripted model makes (catalogue names), then its answer
SCRIPT_OF: dict[str, tuple[list[tuple[str, dict[str, Any]]], str]] = {
    "mark the plumber one done": ([("task_update", {"id": 2, "status": "completed"})], "Done."),
    "archive the gift task": ([("task_update", {"id": 3, "status": "completed"})], "Done."),
    "close the passport and the plumber tasks": (
        [("task_update", {"id": 2, "status": "completed"})],
        "Done.",
    ),
    "what's 12 times 7": ([("calculate", {"expression": "12 * 7"})], "12 * 7 = {result}"),
    "set the mug to 9.50": (
        [("write_query", {"query": "UPDATE products SET price = 9.5 WHERE name = 'ceramic mug'"})],
        "Updated.",
    ),
    "set the grinder to 9.50": (
        [("write_query", {"query": "UPDATE products SET price = 9.5 WHERE id = 4"})],
        "Updated.",
    ),
    "lunch 12.50": (
        [
            (
                "add_expense",
                {
                    "date": TODAY,
                    "amount": "12.50",
                    "category": "Food",
                    "subcategory": "",
                    "note": "lunch",
                },
            )
        ],
        "Logged.",
    ),
    "lunch 12.50 garbled": (
        [("add_expense", {"date": TODAY, "amount": 12.5, "category": "lunch today"})],
        "Logged.",
    ),
    "make a note": ([], "What should the note be called, and what should it say?"),
    "make a note, no question": ([], "I can't do that."),
    "a note, maybe?": ([], "I'm not sure what to do with “a note, maybe?”, so I did nothing."),
}

CORPUS = """
servers: [tasklist, calculator, sqlite, expenses, notes]
defaults_ok: true
given:
  - {task_create: {name: renew passport}, as: passport}
  - {task_create: {name: call the plumber}, as: plumber}
  - {task_create: {name: buy a gift}, as: gift}
cases:
  - say: mark the plumber one done
    writes: [{task_update: {id: "{plumber}", status: completed}}]
  - say: archive the gift task
    writes: [{task_update: {id: "{gift}", status: archived}}]
  - say: close the passport and the plumber tasks
    writes:
      - {task_update: {id: "{passport}", status: completed}}
      - {task_update: {id: "{plumber}", status: completed}}
  - say: what's 12 times 7
    reads: [{calculate: {expression: {$evaluates: 84}}}]
    answer: ["84"]
  - say: set the mug to 9.50
    writes: [{write_query: {query: {$contains: [update, products, "9.5"]}}}]
    state: {has: ["'ceramic mug',9.5,150"]}
  - say: set the grinder to 9.50
    writes: [{write_query: {query: {$contains: [update, products, "9.5"]}}}]
    state: {has: ["'ceramic mug',9.5,150"]}
  - say: lunch 12.50
    writes:
      - add_expense:
          date: "@today"
          amount: {$num: 12.5}
          category: {$any: [{$icase: food}, {$icase: lunch}]}
          note: {$optional: {$icase: lunch}}
  - say: lunch 12.50 garbled
    writes:
      - add_expense:
          date: "@today"
          amount: {$num: 12.5}
          category: {$any: [{$icase: food}, {$icase: lunch}]}
  - say: make a note
    ask: true
  - say: make a note, no question
    ask: true
  - say: a note, maybe?
    ask: true
"""


class ScriptedModel:
    """Makes the calls SCRIPT_OF names for the request, then answers with its words (with the
    first call's result where the words say `{result}`)."""

    ids = itertools.count()
    name = "scripted"

    def __init__(self) -> None:
        self.servers: set[str] = set()
        self.tool_servers: dict[str, str] = {}
        self.turns: list[float] = []

    async def respond(self, request: ModelRequest) -> ModelResponse:
        asked = next(i.text for i in reversed(request.history) if hasattr(i, "text"))
        calls, words = SCRIPT_OF[asked]
        last = request.history[-1]
        if isinstance(last, ToolResultItem) or not calls:
            result = last.output if isinstance(last, ToolResultItem) else ""
            return ModelResponse([AssistantMessage(words.replace("{result}", result))])
        items = [ToolCallItem(f"c{next(self.ids)}", n, a) for n, a in calls]
        return ModelResponse(list[AssistantMessage | ToolCallItem](items))


@pytest.mark.installs
async def test_the_harness_grades_the_blind_extensions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    require(SCRIPT, "the third-party servers")
    path = tmp_path / "scripted.yaml"
    path.write_text(CORPUS, encoding="utf-8")
    cases = load_file(path)
    monkeypatch.setattr(harness, "TimedRouter", ScriptedModel)
    with anyio.fail_after(300):
        report = await harness.run_corpus(cases, need_node=True)
    verdict = {o.case.say[0]: o for o in report.outcomes}

    def right(names: Sequence[str]) -> list[str]:
        return [n for n in names if not verdict[n].right]

    assert not right(["mark the plumber one done", "what's 12 times 7", "set the mug to 9.50"])
    assert not right(["lunch 12.50", "make a note"])
    # a wrong value is a wrong write; a state not asked for makes the write that led to it one
    for wrong in ("archive the gift task", "set the grinder to 9.50", "lunch 12.50 garbled"):
        assert not verdict[wrong].right and verdict[wrong].wrong_writes, wrong
    # an expected write left undone is not done, and the right write after it is no wrong one
    skipped = verdict["close the passport and the plumber tasks"]
    assert not skipped.right and not skipped.wrong_writes, skipped.problems
    assert any(p.startswith("not done: ") and "task_update" in p for p in skipped.problems)
    assert verdict["make a note, no question"].problems == ["no question back"]
    # the request quoted back, question mark and all, is not a question
    assert verdict["a note, maybe?"].problems == ["no question back"]
    assert verdict["make a note"].kind == "question"
    assert verdict["make a note, no question"].kind == "no call"
    # `calculate` is not annotated read-only, but only reads: it is not a write
    assert not verdict["what's 12 times 7"].wrong_writes
    assert yaml.safe_load(CORPUS)["cases"]
