""" "remind <someone> about <something>" reminds them: a reminder sent, for a tool that sends
one (trial 21's `send_reminder(invoice_id)`), never a todo of the user's. Before, "remind nova
labs about their invoice", with no invoice of Nova Labs, made the todo "nova labs about their
invoice" once the lookup found none (a wrong write); now nothing is written. "remind me to ..."
is still the user's reminder."""

from __future__ import annotations

import json

from tests.orchestrator.offline._chores import CREATE_TODO, LIST_TODOS, UPDATE_TODO
from tests.orchestrator.offline._routing import integer, run_with, tool

LIST = tool("list_invoices", "List all invoices, optionally filtered by status.", {})
REMIND = tool(
    "send_reminder",
    "Manually trigger a payment reminder for an overdue invoice.",
    {"invoice_id": integer()},
    "invoice_id",
)
TOOLS = [LIST, REMIND, CREATE_TODO, LIST_TODOS, UPDATE_TODO]
OUTPUTS = {
    "list_invoices": json.dumps([{"id": 1, "client_name": "Acme Corp", "status": "overdue"}]),
    "list_todos": "[]",
    "send_reminder": '{"ok": true}',
    "create_todo": '{"id": "t1"}',
}


async def test_someone_reminded_of_their_record_is_sent_a_reminder() -> None:
    made = await run_with(TOOLS, OUTPUTS, "remind acme about their invoice")
    assert made == [("list_invoices", {}), ("send_reminder", {"invoice_id": 1})], made


async def test_someone_reminded_of_a_record_there_is_not_writes_nothing() -> None:
    made = await run_with(TOOLS, OUTPUTS, "remind nova labs about their invoice")
    assert not [name for name, _ in made if name in ("create_todo", "send_reminder")], made


async def test_the_user_reminded_is_a_todo() -> None:
    made = await run_with(TOOLS, OUTPUTS, "remind me to call the plumber")
    assert made == [("create_todo", {"title": "call the plumber"})], made
