"""A kanban board in a third party's style: kebab-case tool names, a card given as one object
parameter (`card: {title, labels, assignee, estimate_points}`, a model in `$defs`), columns as
an enum, boards by name, cards by integer id."""

from __future__ import annotations

from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from tests.offline_eval.servers._state import load, save

mcp = MCPServer("boards")

_READ = ToolAnnotations(read_only_hint=True)
_WRITE = ToolAnnotations(read_only_hint=False, destructive_hint=False)
Column = Literal["backlog", "todo", "doing", "review", "done"]


class CardFields(BaseModel):
    """What a card says."""

    title: str = Field(min_length=1, description="the card's title")
    labels: list[str] = Field(default_factory=list, description="labels on the card")
    assignee: str | None = Field(default=None, description="who works on it")
    estimate_points: int | None = Field(default=None, ge=1, le=13, description="story points")


class Card(BaseModel):
    card_id: int
    board: str
    column: str
    title: str
    labels: list[str]
    assignee: str | None = None
    estimate_points: int | None = None


class Cards(BaseModel):
    cards: list[Card]


class Boards(BaseModel):
    boards: list[str]


def _state() -> dict:
    state = load()
    state.setdefault("boards", ["Website", "Mobile app"])
    state.setdefault("cards", {})
    state.setdefault("next", 1)
    return state


def _board(state: dict, board: str) -> str:
    for name in state["boards"]:
        if name.lower() == board.lower():
            return name
    raise ToolError(f"no board {board!r}; boards: {', '.join(state['boards'])}")


@mcp.tool(name="list-boards", description="The boards there are", annotations=_READ)
def list_boards() -> Boards:
    return Boards(boards=_state()["boards"])


@mcp.tool(name="add-card", description="Put a new card on a board", annotations=_WRITE)
def add_card(
    board: Annotated[str, Field(description="the board's name")],
    card: Annotated[CardFields, Field(description="the card")],
    column: Annotated[Column, Field(description="where the card goes")] = "todo",
) -> Card:
    state = _state()
    made = Card(
        card_id=state["next"],
        board=_board(state, board),
        column=column,
        **card.model_dump(),
    )
    state["cards"][str(made.card_id)] = made.model_dump()
    state["next"] += 1
    save(state)
    return made


@mcp.tool(name="list-cards", description="The cards of a board, by column", annotations=_READ)
def list_cards(
    board: Annotated[str, Field(description="the board's name")],
    column: Annotated[Column | None, Field(description="only this column")] = None,
) -> Cards:
    state = _state()
    name = _board(state, board)
    found = [
        Card(**raw)
        for raw in state["cards"].values()
        if raw["board"] == name and (column is None or raw["column"] == column)
    ]
    return Cards(cards=found)


@mcp.tool(name="move-card", description="Move a card to another column", annotations=_WRITE)
def move_card(
    card_id: Annotated[int, Field(description="the card's id")],
    column: Annotated[Column, Field(description="the column it goes to")],
) -> Card:
    state = _state()
    raw = state["cards"].get(str(card_id))
    if raw is None:
        raise ToolError(f"no card {card_id}")
    raw["column"] = column
    save(state)
    return Card(**raw)


if __name__ == "__main__":
    mcp.run()
