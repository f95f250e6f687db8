"""A parameter that takes a query in a language (`query_recipes(sql)`, a `query` of a tool that
"runs a read-only SQL query", a `filter` "as a jq expression") takes only text written in it,
never the request's own words, neither as its value nor as a search to find a record by (user
trial 15: twenty requests sent their words to a recipe database as SQL, "Correct-Horse-9", a new
password, among them)."""

from __future__ import annotations

import json

from orchestrator.offline._query_language import in_language, language_of
from orchestrator.offline._tools import ToolView
from tests.orchestrator.offline._routing import run_with, string, text, tool

QUERY = tool(
    "query_books",
    "Execute a validated read-only SQL query against the book database.",
    {"sql": string(), "limit": {"type": "integer", "default": 100}},
    "sql",
)
_NULL = {"type": "null"}
RATE = tool(
    "rate_book",
    "Rate a book from 1 to 5",
    {
        "book_id": {"anyOf": [{"type": "integer"}, _NULL], "default": None},
        "title": {"anyOf": [string(), _NULL], "default": None},
        "rating": {"anyOf": [{"type": "integer"}, _NULL], "default": None},
    },
)
SECRETS = [
    tool("list_secrets", "List all secrets", {}),
    tool(
        "update_secret",
        "Update an existing secret's value",
        {"name": string(), "value": string()},
        "name",
        "value",
    ),
]


def test_the_language_is_the_one_the_schema_names() -> None:
    by_name = ToolView.of("q", "Run it", {"type": "object", "properties": {"sql": string()}})
    assert language_of(by_name.params["sql"], by_name) == "sql"
    said = {"query": string()}
    runs = ToolView.of("run", "Run a SQL query", {"properties": said, "required": ["query"]})
    assert language_of(runs.params["query"], runs) == "sql"
    jq = {"filter": text("A jq expression applied to the document")}
    assert language_of(ToolView.of("f", "", {"properties": jq}).params["filter"], None) == "jq"  # type: ignore[arg-type]
    search = ToolView.of("search", "Search notes, regex supported", {"properties": said})
    assert language_of(search.params["query"], search) is None  # plain words still search


def test_a_query_is_written_in_its_language() -> None:
    assert in_language("SELECT title FROM books WHERE rating > 3", "sql")
    assert in_language("with top as (select 1) select * from top", "sql")
    for words in ("Correct-Horse-9", "rate the tomato soup 4 out of 5", "select the pancakes"):
        assert not in_language(words, "sql"), words
    assert in_language("{ books { title } }", "graphql") and not in_language("books", "graphql")


async def test_the_request_s_words_are_never_sent_as_a_query() -> None:
    outputs = {
        "list_secrets": json.dumps({"secrets": []}),
        "query_books": "Query returned no results.",
    }
    made = await run_with(
        [*SECRETS, QUERY, RATE], outputs, "change the netflix password to Correct-Horse-9"
    )
    assert all(name != "query_books" for name, _ in made), made
    said = await run_with([QUERY, RATE], outputs, "rate the dune book 4 out of 5")
    assert all(name != "query_books" for name, _ in said), said
