"""A write and a request of its own after "and" ("spent 12.50 on lunch and remind me to call
mum tomorrow") are both done, one a turn, each half with its own values, when each alone is
clear; a half that is not asks about the first, dated by its own words, and once answered
the other half is made after it (its answer had said it was not done): never dropped in
silence (trial 11, A03: "spent 8 on stamps and remind me to post the letter tomorrow" asked
for the expense alone, its date from the reminder's "tomorrow")."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from orchestrator import UserMessage
from orchestrator.messages import Item, ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from tests.orchestrator.conftest import ZONE
from tests.orchestrator.offline._routing import calls, run_with
from tests.orchestrator.offline.test_everyday_writes import TOOLS
from tests.orchestrator.offline.test_money_asked import LEDGER
from tests.orchestrator.offline.test_purchase_word_understood import ADD_EXPENSE
from tests.orchestrator.offline.test_spent_said_first import LOG

MADE = json.dumps({"status": "success", "id": 7})


async def test_both_clear_halves_are_done_in_the_order_said() -> None:
    today = datetime.now(ZONE).date()
    said = "spent 12.50 on lunch and remind me to call mum tomorrow"
    outputs = {"record_payment": MADE, "log_transaction": MADE, "create_todo": MADE}
    made = await run_with(TOOLS + LEDGER, outputs, said)
    assert made[0] == (
        "record_payment",
        {"amount": 12.5, "note": "lunch", "category": "food", "day": str(today)},
    ), made
    assert made[1][0] == "create_todo" and made[1][1]["title"] == "call mum", made
    assert str(made[1][1]["due_date"]).startswith(str(today + timedelta(days=1))), made
    made = await run_with([*TOOLS, LOG], outputs, said)
    assert [name for name, _ in made] == ["log_transaction", "create_todo"], made
    assert made[0][1]["date"] == str(today), made


async def test_an_unclear_half_is_asked_and_the_other_made_after_it() -> None:
    today = datetime.now(ZONE).date()
    said = "spent 8 on stamps and remind me to post the letter tomorrow"
    tools = [*TOOLS, ADD_EXPENSE]
    history: list[Item] = [UserMessage(said)]
    asked = await OfflineRouter().respond(ModelRequest("", history, tools))
    (item,) = asked.items
    question = getattr(item, "question", None)
    assert question is not None and list(question.fields) == ["category"], asked.text
    history += [*asked.items, UserMessage("category: post")]
    step = await OfflineRouter().respond(ModelRequest("", history, tools))
    ((name, args),) = calls(step)
    assert name == "add_expense" and args["date"] == str(today) and args["amount"] == 8, args
    (call,) = step.tool_calls
    history += [ToolCallItem(call.call_id, name, args), ToolResultItem(call.call_id, name, MADE)]
    then = await OfflineRouter().respond(ModelRequest("", history, tools))
    ((name, args),) = calls(then)
    assert name == "create_todo" and args["title"] == "post the letter", args
    assert str(args["due_date"]).startswith(str(today + timedelta(days=1))), args
    (call,) = then.tool_calls
    history += [ToolCallItem(call.call_id, name, args), ToolResultItem(call.call_id, name, MADE)]
    answer = await OfflineRouter().respond(ModelRequest("", history, tools))
    assert answer.tool_calls == [] and "not done" not in answer.text, answer.text


async def test_a_second_half_that_names_a_kind_of_its_record_is_its_own() -> None:
    """ "..., and add a diary note 'X'" (trial 18, x07): a word between the article and the
    record's noun ("a diary note") still makes the second clause a request of its own; the
    todo is made alone, never with the note's words."""
    from tests.orchestrator.offline.test_kind_before_its_noun import NOTES

    said = "create a todo to call Tom Becker tomorrow, and add a diary entry 'prepared call notes'"
    outputs = {"create_todo": MADE, "add_entry": MADE}
    made = await run_with([*TOOLS, *NOTES], outputs, said)
    assert made[0][0] == "create_todo" and made[0][1]["title"] == "call Tom Becker", made
    assert made[1:] == [("add_entry", {"text": "prepared call notes"})], made
