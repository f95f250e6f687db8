"""A study log the offline router's tests share (`crack-jee` 0.1.1, met in user trial 22):
attempts logged against a subject and a concept with a result and a time in seconds, reads of
a subject's weak topics, and a session ended by the cue its description quotes."""

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = [
    "END_STUDY_SESSION",
    "GET_REVISION_DUE",
    "GET_TIME_PATTERNS",
    "GET_WEAK_TOPICS",
    "LIST_CONCEPTS",
    "LOG_PERFORMANCE_INPUT",
    "TOOLS",
]

LOG_PERFORMANCE_INPUT = ToolDefinition(
    "log_performance_input",
    (
        "Records one attempt (a question the student answered, right or wrong) "
        "against a concept. Call list_concepts first to check for an existing "
        "concept name before inventing a new one."
    ),
    {
        "properties": {
            "subject": {"type": "string"},
            "concept": {"type": "string"},
            "result": {"enum": ["correct", "wrong", "unattempted"], "type": "string"},
            "error_type": {
                "anyOf": [
                    {
                        "enum": [
                            "concept_gap",
                            "calculation",
                            "misread",
                            "time_pressure",
                            "unattempted",
                            "unknown",
                        ],
                        "type": "string",
                    },
                    {"type": "null"},
                ],
                "default": None,
            },
            "time_seconds": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None},
            "notes": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
            "context": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
        },
        "required": ["subject", "concept", "result"],
        "type": "object",
        "additionalProperties": False,
    },
    server="jee",
)
LIST_CONCEPTS = ToolDefinition(
    "list_concepts",
    (
        "Lists existing concepts for a subject. Call this before "
        "log_performance_input to check whether a concept already exists under "
        "a different phrasing (e.g. 'Rotational Motion' vs 'Rotational "
        "Dynamics') — reuse the existing name rather than creating a "
        "near-duplicate."
    ),
    {
        "properties": {"subject": {"type": "string"}},
        "required": ["subject"],
        "type": "object",
        "additionalProperties": False,
    },
    server="jee",
)
GET_WEAK_TOPICS = ToolDefinition(
    "get_weak_topics",
    (
        "Ranks concepts for a subject by wrong-answer rate, weakest first. Use "
        "this to identify which topics need the most attention. Also returns "
        "skip_rate and attempted_accuracy per concept — useful for JEE-style "
        "negative marking strategy (is she skipping wisely, or guessing on "
        "things to avoid?), not just raw accuracy."
    ),
    {
        "properties": {"subject": {"type": "string"}, "limit": {"default": 10, "type": "integer"}},
        "required": ["subject"],
        "type": "object",
        "additionalProperties": False,
    },
    server="jee",
)
GET_TIME_PATTERNS = ToolDefinition(
    "get_time_patterns",
    (
        "Compares average time spent on correct vs. wrong attempts per concept,"
        " and flags a 'stuck_pattern' when wrong attempts take much longer than"
        " correct ones — a sign she's getting stuck rather than making a quick,"
        " clean mistake."
    ),
    {
        "properties": {"subject": {"type": "string"}},
        "required": ["subject"],
        "type": "object",
        "additionalProperties": False,
    },
    server="jee",
)
GET_REVISION_DUE = ToolDefinition(
    "get_revision_due",
    (
        "Flags concepts she should revise soon, before she forgets them (spaced"
        " repetition based on BKT mastery decay) — 'due_now' concepts have "
        "already decayed below the threshold, 'due_soon' ones will within "
        "days_ahead days."
    ),
    {
        "properties": {
            "subject": {"type": "string"},
            "days_ahead": {"default": 14, "type": "integer"},
            "threshold": {"default": 0.5, "type": "number"},
        },
        "required": ["subject"],
        "type": "object",
        "additionalProperties": False,
    },
    server="jee",
)
END_STUDY_SESSION = ToolDefinition(
    "end_study_session",
    (
        "Call when the student signals she's wrapping up for now (e.g. 'that's "
        "it for today', 'done'). Recomputes her study-pattern profile from this"
        " session's activity. No-ops safely if nothing was logged this session "
        "(e.g. she only asked for advice)."
    ),
    {"properties": {}, "type": "object", "additionalProperties": False},
    server="jee",
)
TOOLS = [
    LOG_PERFORMANCE_INPUT,
    LIST_CONCEPTS,
    GET_WEAK_TOPICS,
    GET_TIME_PATTERNS,
    GET_REVISION_DUE,
    END_STUDY_SESSION,
]
