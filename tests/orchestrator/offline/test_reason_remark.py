"""A clause that says why ("reload my todo.txt, I edited it by hand", "... since I changed it",
"... because ...") is accounted for, for a tool that takes no text its words could be: a remark,
no value left out, and no reason to ask before the call. A request that names the tool's server
("todo.txt" for `todotxt`) says what the tool acts on. Before, the router asked yes/no (user
trial 14, t25). A clause with a number of its own is still asked about. Over schemas of their
own."""

from __future__ import annotations

from dataclasses import replace

from tests.orchestrator.offline._routing import calls, tool, turn

NOTES = [
    replace(t, server="notesmd")
    for t in (
        tool("reload_notes", "Reload the notes from the file system", {}),
        tool("add_note", "Add a note", {"text": {"type": "string"}}, "text"),
    )
]


async def test_a_reason_after_a_comma_is_a_remark() -> None:
    got = calls(await turn(NOTES, "reload my notes.md, I edited it by hand"))
    assert got == [("reload_notes", {})]


async def test_a_reason_after_its_word_is_a_remark() -> None:
    for said in ("reload my notes because I changed them", "reload the notes since I moved it"):
        assert calls(await turn(NOTES, said)) == [("reload_notes", {})], said


async def test_the_server_named_says_what_to_reload() -> None:
    assert calls(await turn(NOTES, "reload my notes.md")) == [("reload_notes", {})]


async def test_a_clause_with_a_number_is_no_remark() -> None:
    assert calls(await turn(NOTES, "reload my notes, I want 5 of them")) == []
