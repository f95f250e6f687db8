"""An action a tool's description says it does, asked with the same object: "reset the board"
for `new_game`, "Starts a new game, resetting the board to the initial position." (user trial
35: nothing was done, "the board" taken for a record nobody had named). A name of another tool
inside the description ("alternative to delete_card for cards") says no action of its own, and
a request of the tool's own kind reaches it as before."""

from __future__ import annotations

import pytest

from orchestrator import ToolDefinition
from orchestrator.offline._action_described import action_described
from orchestrator.offline._read import read
from orchestrator.offline.router import OfflineRouter
from tests.orchestrator.offline import _chess_board
from tests.orchestrator.offline._routing import conversation
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *_chess_board.TOOLS]


@pytest.mark.parametrize(
    ("said", "args"),
    [
        ("reset the board", {}),
        ("reset the whole board please", {}),
        ("ok reset the board, i'll play black", {"user_plays_white": False}),
    ],
)
async def test_the_action_a_description_says_reaches_its_tool(
    said: str, args: dict[str, object]
) -> None:
    made, _ = await conversation(TOOLS, said)
    assert made == [("new_game", args)]


async def test_an_object_the_description_does_not_say_is_no_such_action() -> None:
    made, _ = await conversation(TOOLS, "reset my todos")
    assert ("new_game", {}) not in made


QUOTES = [  # `mcp-book-lover` 0.1.9 (blind set D), in short
    ToolDefinition(
        "list_books",
        "List books in your library with optional filters.",
        {"properties": {"author": {"type": "string", "default": ""}}, "type": "object"},
        server="books",
    ),
    ToolDefinition(
        "add_quote",
        "Save a quote from a book.\n\nArgs:\n    book_id: Book ID from the library\n"
        "    text: The quote text\n    page: Page number or chapter reference (optional)",
        {
            "properties": {
                "book_id": {"type": "integer"},
                "text": {"type": "string"},
                "page": {"type": "string", "default": ""},
            },
            "required": ["book_id", "text"],
            "type": "object",
        },
        server="books",
    ),
    ToolDefinition(
        "list_quotes",
        "List saved quotes. If book_id is provided, shows quotes from that book only.",
        {"properties": {"book_id": {"type": "integer", "default": 0}}, "type": "object"},
        server="books",
    ),
]
BOOKS = '[{"id": 1, "title": "Dune", "author": "Frank Herbert"}]'


async def test_a_past_participle_in_a_description_is_no_action_of_its_tool() -> None:
    # "List saved quotes" lists; "save this quote" saves (blind set D, books:14)
    said = "save this quote from Dune, page 8: Fear is the mind-killer."
    made, _ = await conversation(QUOTES, said, outputs={"list_books": BOOKS})
    assert [name for name, _ in made] == ["list_books", "add_quote"]
    assert made[1][1]["book_id"] == 1
    assert made[1][1]["text"].startswith("Fear is the mind-killer")


NOTES = [  # `slipbox-mcp` (blind set G), in short
    ToolDefinition(
        "create_note",
        "Create a new note in the Zettelkasten.",
        {
            "properties": {
                "title": {"type": "string"},
                "content": {"type": "string"},
                "tags": {"type": "string", "default": ""},
            },
            "required": ["title", "content"],
            "type": "object",
        },
        server="slipbox",
    ),
    ToolDefinition(
        "get_all_tags",
        "Get all tags in the Zettelkasten.\n\nReturns alphabetically sorted list of all tags.\n"
        "Use this to find existing tags before creating new notes\nto maintain tag consistency.",
        {"properties": {}, "type": "object"},
        server="slipbox",
    ),
]


@pytest.mark.parametrize(
    ("said", "tool", "described"),
    [
        ("new note 'Pay yourself first': move money to savings", NOTES[1], False),
        ("save this quote from Dune", QUOTES[2], False),  # "List saved quotes"
        ("reset the board", _chess_board.NEW_GAME, True),
    ],
)
def test_what_a_description_says_its_tool_does(
    said: str, tool: ToolDefinition, described: bool
) -> None:
    # "... before creating new notes" says when to use it, "saved quotes" what was done
    # before: neither is what the tool does (blind sets G and D, mixed_household:7, books:14)
    assert action_described(read(said), OfflineRouter()._view(tool)) is described
