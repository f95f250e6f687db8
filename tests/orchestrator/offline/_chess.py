"""Chess games the offline router's tests share (`chess-mcp-server` 0.1.17, met in user trial 24):
a game made against the computer, moves in UCI notation (the example "e2e4"), every move
keyed by the game's id, which only the game's creation gives."""

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = ["CREATE_GAME", "FINISH_TURN", "JOIN_GAME", "TOOLS", "WAIT_FOR_NEXT_TURN"]

CREATE_GAME = ToolDefinition(
    "createGame",
    (
        "\n    Initializes a new chess game session.\n    Returns the Game ID and "
        "instructions.\n    "
    ),
    {
        "properties": {
            "type": {
                "description": "Opponent type. 'computer': Play "
                "against AI (No UI). 'agent': Play "
                "against another Agent (No UI). "
                "'human': Play against Human (Returns "
                "UI).",
                "enum": ["computer", "agent", "human"],
                "title": "Type",
                "type": "string",
            },
            "color": {
                "default": "white",
                "description": "Your color. 'white' moves first. If "
                "'black', the opponent will move "
                "first.",
                "enum": ["white", "black"],
                "title": "Color",
                "type": "string",
            },
            "difficulty": {
                "default": 5,
                "description": "AI Difficulty Level (1-10), if type is 'computer'.",
                "maximum": 10,
                "minimum": 1,
                "title": "Difficulty",
                "type": "integer",
            },
        },
        "required": ["type"],
        "title": "createGameArguments",
        "type": "object",
    },
    server="chess",
)

WAIT_FOR_NEXT_TURN = ToolDefinition(
    "waitForNextTurn",
    (
        "\n    Blocks until it is the Agent's turn (or User's turn via Agent "
        "proxy).\n    Waits up to 30 seconds for the opponent to move.\n    "
    ),
    {
        "properties": {
            "game_id": {
                "description": "The ID of the active game.",
                "title": "Game Id",
                "type": "string",
            }
        },
        "required": ["game_id"],
        "title": "waitForNextTurnArguments",
        "type": "object",
    },
    server="chess",
)

FINISH_TURN = ToolDefinition(
    "finishTurn",
    ("\n    Submits a move and returns the updated state or a precise failure.\n    "),
    {
        "properties": {
            "game_id": {
                "description": "The ID of the active game.",
                "title": "Game Id",
                "type": "string",
            },
            "move": {
                "description": "The move in UCI format (e.g., 'e2e4').",
                "title": "Move",
                "type": "string",
            },
            "claim_win": {
                "default": False,
                "description": "Set to true if you are claiming Checkmate or Win with this move.",
                "title": "Claim Win",
                "type": "boolean",
            },
        },
        "required": ["game_id", "move"],
        "title": "finishTurnArguments",
        "type": "object",
    },
    server="chess",
)

JOIN_GAME = ToolDefinition(
    "joinGame",
    (
        "\n    Joins an existing chess game.\n    Returns the current board state "
        "and turn information.\n    "
    ),
    {
        "properties": {
            "game_id": {
                "description": "The ID of the game to join.",
                "title": "Game Id",
                "type": "string",
            }
        },
        "required": ["game_id"],
        "title": "joinGameArguments",
        "type": "object",
    },
    server="chess",
)

TOOLS = [CREATE_GAME, WAIT_FOR_NEXT_TURN, FINISH_TURN, JOIN_GAME]
