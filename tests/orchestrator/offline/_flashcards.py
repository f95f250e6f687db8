"""Spaced-repetition flashcards the offline router's tests share (`srs-mcp` 0.3.0, met in user
trial 39): cards with a front and a back, integer ids, a rating of 'again', 'hard', 'good' or 'easy'
said only in its tool's description."""

# ruff: noqa: E501  (the server's descriptions, as its `tools/list` gives them)

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = ["TOOLS"]

TOOLS = [
    ToolDefinition(
        "add_card",
        'Author a new flashcard and schedule it. `front` is the prompt/question,\n`back` is the answer. Returns JSON {card_id, due}. The card is due\nimmediately (first review).\n\nKeep `back` SHORT — ideally a word or a phrase, and rarely more than one\nsentence. A card you cannot grade in a couple of seconds is a note, not a\nflashcard, and it will silently stop getting reviewed. Split anything\nlonger into several cards. Put the topic in the card\'s own text ("Horace,\nOdes 1.11: ...") so it can be found by searching for it later.',
        {
            "properties": {"front": {"type": "string"}, "back": {"type": "string"}},
            "required": ["front", "back"],
            "type": "object",
            "additionalProperties": False,
        },
        server="flashcards",
    ),
    ToolDefinition(
        "due_cards",
        "List cards due for review now (due <= now), soonest first. Returns a\nJSON array of {card_id, front, back, deck, due}. Quiz the user with\n`front`, check against `back`, then call grade_card. Returns '[]' when\nnothing is due.\n\n`q` narrows to a topic by case-insensitive substring over the card text --\nq='horace' for \"quiz me on Horace\". `deck` is a legacy exact-match filter\nkept for old cards; prefer `q`.",
        {
            "properties": {
                "q": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
                "limit": {"default": 20, "type": "integer"},
                "deck": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
            },
            "type": "object",
            "additionalProperties": False,
        },
        server="flashcards",
    ),
    ToolDefinition(
        "grade_card",
        "Record a review of a card. `rating` is how well it was recalled:\n'again' (forgot), 'hard', 'good', or 'easy' (1-4 also accepted). FSRS\nupdates the schedule; returns JSON {card_id, rating, next_due, reps}.",
        {
            "properties": {"card_id": {"type": "integer"}, "rating": {"type": "string"}},
            "required": ["card_id", "rating"],
            "type": "object",
            "additionalProperties": False,
        },
        server="flashcards",
    ),
    ToolDefinition(
        "list_cards",
        "List cards (newest first) regardless of due date, for an overview.\nReturns JSON array of {card_id, front, back, deck, due, reps, suspended}.\n\n`q` narrows to a topic by case-insensitive substring over the card text.\n`deck` is a legacy exact-match filter kept for old cards; prefer `q`.",
        {
            "properties": {
                "q": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
                "limit": {"default": 50, "type": "integer"},
                "deck": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
            },
            "type": "object",
            "additionalProperties": False,
        },
        server="flashcards",
    ),
    ToolDefinition(
        "edit_card",
        "Edit a card's content without disturbing its schedule. Update `front`\nand/or `back` (omit or pass null to leave unchanged); the FSRS review\nstate (difficulty, stability, due date, reps) is preserved. Use this to\nfix typos, add context, or shorten an over-long answer, instead of\ncreating a duplicate card. Returns JSON {card_id, front, back, deck}.",
        {
            "properties": {
                "card_id": {"type": "integer"},
                "front": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
                "back": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
            },
            "required": ["card_id"],
            "type": "object",
            "additionalProperties": False,
        },
        server="flashcards",
    ),
    ToolDefinition(
        "suspend_card",
        "Shelve a card: keep it (with its full history and schedule) but remove\nit from the due queue, so it won't surface in due_cards until unsuspended.\nReversible, non-destructive alternative to delete_card for cards you're\nunsure about. Returns JSON {card_id, suspended}.",
        {
            "properties": {"card_id": {"type": "integer"}},
            "required": ["card_id"],
            "type": "object",
            "additionalProperties": False,
        },
        server="flashcards",
    ),
    ToolDefinition(
        "unsuspend_card",
        "Un-shelve a previously suspended card, returning it to the review queue\n(it becomes due again per its existing schedule). Returns JSON\n{card_id, suspended}.",
        {
            "properties": {"card_id": {"type": "integer"}},
            "required": ["card_id"],
            "type": "object",
            "additionalProperties": False,
        },
        server="flashcards",
    ),
    ToolDefinition(
        "delete_card",
        "Delete a card by id (reset / cleanup).",
        {
            "properties": {"card_id": {"type": "integer"}},
            "required": ["card_id"],
            "type": "object",
            "additionalProperties": False,
        },
        server="flashcards",
    ),
    ToolDefinition(
        "stats",
        "Summary of the card box: total cards, how many are due now, total\nreviews, and the deck list. Optionally scope counts to one `deck`.",
        {
            "properties": {
                "deck": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}
            },
            "type": "object",
            "additionalProperties": False,
        },
        server="flashcards",
    ),
]
