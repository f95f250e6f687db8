"""One chess game on one board, the offline router's tests share (`iflow-mcp-jiayao-mcp-chess`
0.1.9, met in user trial 35): moves in standard algebraic notation, named by the description
("e4", "Nf3"), a new game for the user as white or black, the board, whose turn."""

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = ["BOARD", "FIND_POSITION", "MAKE_MOVE", "NEW_GAME", "TOOLS", "TURN", "VALID_MOVES"]

BOARD = ToolDefinition(
    "get_board_visualization",
    ("Provides the current state of the chessboard as text."),
    {"properties": {}, "title": "get_board_visualizationArguments", "type": "object"},
    server="chess",
)
TURN = ToolDefinition(
    "get_turn",
    ("Indicates whose turn it is ('white' or 'black')."),
    {"properties": {}, "title": "get_turnArguments", "type": "object"},
    server="chess",
)
VALID_MOVES = ToolDefinition(
    "get_valid_moves",
    ("Lists all legal moves for the current player in UCI notation."),
    {"properties": {}, "title": "get_valid_movesArguments", "type": "object"},
    server="chess",
)
MAKE_MOVE = ToolDefinition(
    "make_move",
    (
        "\n"
        "    Makes a move on the board using standard algebraic notation (SAN).\n"
        "    Args:\n"
        "        move_san: The player's move in algebraic notation (e.g., 'e4', 'Nf3',"
        " 'Bxe5').\n"
        "    Returns:\n"
        "        A dictionary containing the move in SAN format, the move in UCI format,"
        " the new board FEN,\n"
        "        whether the game is over, and the result if applicable.\n"
        "    "
    ),
    {
        "properties": {"move_san": {"title": "Move San", "type": "string"}},
        "required": ["move_san"],
        "title": "make_moveArguments",
        "type": "object",
    },
    server="chess",
)
NEW_GAME = ToolDefinition(
    "new_game",
    (
        "\n"
        "    Starts a new game, resetting the board to the initial position.\n"
        "\n"
        "    Args:\n"
        "        user_plays_white: Whether the user will play as white. Defaults to True.\n"
        "    \n"
        "    Returns:\n"
        "        A confirmation message indicating the game has started and the user's color.\n"
        "    "
    ),
    {
        "properties": {
            "user_plays_white": {"default": True, "title": "User Plays White", "type": "boolean"}
        },
        "title": "new_gameArguments",
        "type": "object",
    },
    server="chess",
)
FIND_POSITION = ToolDefinition(
    "find_position_in_pgn",
    (
        "\n"
        "    Finds the first board position in a PGN string that matches a given condition\n"
        "    (e.g., 'bishop on a3') and returns text representation of that board.\n"
        "\n"
        "    Args:\n"
        "        pgn_string: The PGN string of the game.\n"
        '        condition: A string describing the condition, format: "piece_type on'
        ' square_name"\n'
        '                   (e.g., "bishop on a3", "knight on f6", "king on g1").\n'
        "\n"
        "    Returns:\n"
        "        Text representation of the board state if found, or an error message.\n"
        "    "
    ),
    {
        "properties": {
            "pgn_string": {"title": "Pgn String", "type": "string"},
            "condition": {"title": "Condition", "type": "string"},
        },
        "required": ["pgn_string", "condition"],
        "title": "find_position_in_pgnArguments",
        "type": "object",
    },
    server="chess",
)
TOOLS = [BOARD, TURN, VALID_MOVES, MAKE_MOVE, NEW_GAME, FIND_POSITION]
