"""A question whether a thing is in good condition ("is my vault healthy?", "is the store
broken?") asks the read whose name or description says it checks that ("Read-only health and
safety audit", `get_diagnostics`), never a listing of the thing's entries (user trial 15, s16).
A request that asks no condition reads the thing as before. So two words asked side by side
("whats my cost basis now") ask the read whose description says them so ("Cost-basis summary
across the collection"), though its name's nouns go unsaid (c21)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

LIST = tool("vault_list", "List entries of the vault.", {})
SEARCH = tool("vault_search", "Search snippets in the vault.", {"query": text("Words")}, "query")
ADD = tool(
    "vault_add",
    "Add a snippet to the vault.",
    {"name": text("Its name"), "body": text("Its text")},
    "name",
    "body",
)
DOCTOR = tool(
    "vault_doctor",
    "Read-only health and safety audit: missing key, broken frontmatter. Returns findings.",
    {},
)
VAULT = [LIST, SEARCH, ADD, DOCTOR]


async def test_a_condition_asked_is_checked_by_the_tool_described_so() -> None:
    assert calls(await turn(VAULT, "is my vault healthy?")) == [("vault_doctor", {})]
    assert calls(await turn(VAULT, "is the vault broken?")) == [("vault_doctor", {})]


async def test_a_checker_named_so_in_another_server() -> None:
    store = [
        tool("list_blobs", "List the blobs of the store.", {}),
        tool("get_diagnostics", "Diagnostics of the blob store: what is wrong, what to fix.", {}),
    ]
    assert calls(await turn(store, "is my store healthy?")) == [("get_diagnostics", {})]


async def test_no_condition_asked_reads_as_before() -> None:
    assert calls(await turn(VAULT, "show my vault")) == [("vault_list", {})]


VALUE = tool("cards_value", "Cost-basis summary across the collection.", {})
MARKET = tool(
    "cards_value_with_market", "Cost basis + live market value across the collection.", {}
)
CARDS = [tool("cards_list", "List owned cards in the collection.", {}), VALUE, MARKET]


async def test_two_words_asked_as_a_read_describes_them() -> None:
    """ "whats my cost basis now": the read described so, whose own nouns go unsaid (trial 15,
    c21); its variant with more to it is no rival."""
    assert calls(await turn(CARDS, "whats my cost basis now")) == [("cards_value", {})]
    assert calls(await turn(CARDS, "what is my net worth")) == []
