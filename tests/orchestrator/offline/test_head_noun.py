"""Of two listings that tie, each named by one of two nouns said side by side ("list my shelf
labels"), the one whose noun ends the compound, its head, is read: the labels, not the
shelves. Fails on the router before (it was not sure which)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, tool, turn

SHELVES = tool("list_shelves_tool", "List all shelves with their label names.", {})
LABELS = tool("list_labels_tool", "List all labels with shelf counts.", {})


async def test_the_head_noun_names_the_listing() -> None:
    assert calls(await turn([SHELVES, LABELS], "list my shelf labels")) == [
        ("list_labels_tool", {})
    ]
    assert calls(await turn([SHELVES, LABELS], "list my label shelves")) == [
        ("list_shelves_tool", {})
    ]
