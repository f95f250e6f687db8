"""A record made earlier in the conversation, acted on later without its id (misses of user
trial 30, read since): a server that keys its records by their name (`delete_term(lemma)`, no
id) is given the name the call that made it gave:
- "delete it", "tag it networking too", "add a note to it: ..." after a term was added: that
  term, by its lemma (a list said to grow keeps the tags it was made with);
- "change the definition to: ..." right after: the record just made, with no listing of any
  other server's records first (a stray read at first sight);
- "delete fizzbuzz", "whats Fizzbuzz again?": the name it was given, as it was given (lemmas
  are case-sensitive), on the server that has it; no other server's records listed first;
- "change the priority to high" right after a todo was made: that todo, by the id it came back
  with.
A word the pronoun leaves over is never the name ("actually delete it, pointless": asked)."""

from __future__ import annotations

import json

import pytest

from tests.orchestrator.offline import _glossary_vault_parts as fixture
from tests.orchestrator.offline._routing import conversation
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *fixture.TOOLS]
ADDED = "add fizzbuzz to my glossary, tag it interview, definition: print numbers 1 to 100"
TERM = {"tags": ["interview"], "definition": "print numbers 1 to 100", "lemma": "fizzbuzz"}


@pytest.mark.parametrize(
    ("said", "call"),
    [
        ("delete it", ("delete_term", {"lemma": "fizzbuzz"})),
        (
            "tag it networking too",
            ("update_term", {"lemma": "fizzbuzz", "tags": ["interview", "networking"]}),
        ),
        (
            "add a note to it: sam told me",
            ("update_term", {"lemma": "fizzbuzz", "notes": "sam told me"}),
        ),
        (
            "hmm change the definition to: printing numbers",
            ("update_term", {"lemma": "fizzbuzz", "definition": "printing numbers"}),
        ),
        (
            "change the definition of fizzbuzz to: printing numbers",
            ("update_term", {"lemma": "fizzbuzz", "definition": "printing numbers"}),
        ),
        ("delete fizzbuzz", ("delete_term", {"lemma": "fizzbuzz"})),
        ("whats Fizzbuzz again?", ("lookup_term", {"lemma": "fizzbuzz"})),
    ],
)
async def test_a_term_added_is_acted_on_by_its_name(said: str, call: tuple[str, dict]) -> None:
    made, _ = await conversation(TOOLS, ADDED, said)
    assert made == [("add_term", TERM), call]  # no listing of the vault or the todos first


async def test_a_word_the_pronoun_leaves_over_is_never_the_name() -> None:
    made, answers = await conversation(TOOLS, ADDED, "actually delete it, pointless")
    assert made == [("add_term", TERM)]
    assert "pointless" in answers[-1] and "fizzbuzz" in answers[-1]


async def test_a_change_naming_no_todo_is_of_the_todo_just_made() -> None:
    made_todo = json.dumps({"id": "todo_7f3a", "title": "buy milk", "priority": "medium"})
    made, _ = await conversation(
        TOOLS,
        "add a todo buy milk",
        "change the priority to high",
        outputs={"create_todo": made_todo},
    )
    assert made == [
        ("create_todo", {"title": "buy milk"}),
        ("update_todo", {"todo_id": "todo_7f3a", "priority": "high"}),
    ]
