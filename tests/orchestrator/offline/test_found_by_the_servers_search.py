"""A record named by a person's name, for a tool that wants its id ("promote Jana Novak to
customer" for `promote(lead_id)`), is looked up through its server's search where no listing
can list it (`list_leads` needs a stage the request does not say) and no search names its kind
(`search(query)`, "Search the CRM by name or company"): the one match is promoted by its id,
two are asked about, none is asked for. Before, the router asked for `lead_id` at once (an
earlier user trial over the PyPI server `jsoncrm`)."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import integer, run_with, string, tool

STAGE = {"type": "string", "enum": ["new", "contacted", "qualified"]}
CRM = [
    tool("list_leads", "List the leads in a pipeline stage", {"stage": STAGE}, "stage"),
    tool("search", "Search the CRM by name, company or email", {"query": string()}, "query"),
    tool("promote", "Move a lead to the next pipeline stage", {"lead_id": integer()}, "lead_id"),
    tool("create_lead", "Create a lead", {"name": string(), "company": string()}, "name"),
]
JANA = {"id": 1, "name": "Jana Novak", "company": "Globex"}
KRAL = {"id": 4, "name": "Jana Kral", "company": "Acme"}


def _outputs(*found: dict[str, object]) -> dict[str, str]:
    return {"search": json.dumps({"results": list(found)}), "promote": '{"ok": true}'}


async def test_the_one_match_is_acted_on_by_its_id() -> None:
    made = await run_with(CRM, _outputs(JANA), "promote Jana Novak to customer")
    assert made == [("search", {"query": "Jana Novak"}), ("promote", {"lead_id": 1})]


async def test_two_matches_are_asked_about() -> None:
    made = await run_with(CRM, _outputs(JANA, KRAL), "promote Jana to customer")
    assert made == [("search", {"query": "Jana"})]


async def test_no_match_is_never_written() -> None:
    made = await run_with(CRM, _outputs(), "promote Eva Lind to customer")
    assert made == [("search", {"query": "Eva Lind"})]
