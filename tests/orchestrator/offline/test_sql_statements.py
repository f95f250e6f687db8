"""User trial 25's misses over the reference SQLite server (`_sqlite.py`), beside the bundled todo
server's tools:
- a statement the user writes goes whole to the tool that runs that statement ("SELECT * FROM
  pets": `read_query`; "insert into pets ... values ...", "update pets set ...", "delete from
  ...": `write_query`; "create table pets (name text, ...)": `create_table`), never a todo,
  with nothing listed first;
- a table said in words with its name and columns is made ("create a table called plants with
  columns id, name, species, last_watered (date)"); one said without them, or with a column
  whose last word is a type ("lent_on date"), is asked about;
- a statement said as the reply to the question for another tool's statement is a request of
  its own ("SELECT * FROM pets" had been sent as a CREATE TABLE statement);
- "save an insight: X": the one text the tool takes, named before the colon."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline import _sqlite
from tests.orchestrator.offline._routing import calls, conversation, turn
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *_sqlite.TOOLS]

STATEMENTS = [
    ("SELECT * FROM pets", "read_query"),
    ("run this: select count(*) from pets", "read_query"),
    ("insert into pets (name, species) values ('Miso', 'cat')", "write_query"),
    ("update pets set vet = 'Dr. Gomez' where name = 'Biscuit'", "write_query"),
    ("delete from books_lent where title = 'Dune'", "write_query"),
    ("create table pets (name text, species text, birthday date, vet text)", "create_table"),
]


@pytest.mark.parametrize(("said", "name"), STATEMENTS)
async def test_a_statement_goes_whole_to_the_tool_that_runs_it(said: str, name: str) -> None:
    statement = said.split(": ", 1)[-1]
    assert calls(await turn(TOOLS, said)) == [(name, {"query": statement})], said


async def test_a_table_said_in_words() -> None:
    said = "create a table called plants with columns id, name, species, last_watered (date)"
    statement = (
        "CREATE TABLE plants (id INTEGER PRIMARY KEY, name TEXT, species TEXT, last_watered DATE)"
    )
    assert calls(await turn(TOOLS, said)) == [("create_table", {"query": statement})]
    for unsaid in (
        "make a table for my car service log: date, mileage, service, cost",
        "create a table books_lent with title, friend and lent_on date",  # `lent_on` DATE, or
    ):  # `lent_on_date`? (it had been made `lent_on_date TEXT`)
        assert not calls(await turn(TOOLS, unsaid)), unsaid


async def test_another_tools_statement_is_no_reply() -> None:
    made, _ = await conversation(TOOLS, "create a table called plants", "SELECT * FROM pets")
    assert made == [("read_query", {"query": "SELECT * FROM pets"})], made


async def test_a_text_named_before_the_colon() -> None:
    said = "save an insight: the monstera gets watered the most"
    made = calls(await turn(TOOLS, said))
    assert made == [("append_insight", {"insight": "the monstera gets watered the most"})]
