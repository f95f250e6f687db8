"""A learner's knowledge graph the offline router's tests share (`knowledge-graph-mcp` 0.1.0, met
in user trial 36): concepts as nodes, typed edges between them, mastery and reviews; the values of
`query_type`, `relation_type`, `direction` and `output_format` listed only in their descriptions,
one to a line after a bullet."""

# ruff: noqa: E501  (the servers' descriptions, as their `tools/list` gives them)

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = [
    "ADD_EDGE",
    "ADD_NODE",
    "PATH",
    "QUERY",
    "STATISTICS",
    "SUBGRAPH",
    "TOOLS",
    "UPDATE_NODE",
]

ADD_NODE = ToolDefinition(
    "add_node",
    "Create a new concept node in the knowledge graph.",
    {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "concept": {
                "type": "string",
                "description": 'Human-readable name for the concept (e.g., "Quadratic Formula")',
            },
            "description": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "Detailed description of what this concept represents",
            },
            "domain": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": 'Category/domain (e.g., "mathematics", "physics", "programming")',
            },
            "difficulty": {
                "default": 0.5,
                "type": "number",
                "description": "Estimated cognitive load from 0.0 (easy) to 1.0 (hard). Default 0.5.",
            },
            "tags": {
                "anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}],
                "default": None,
                "description": 'List of categorization tags (e.g., ["algebra", "equations"])',
            },
            "node_id": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "Custom ID for the node. Auto-generated from concept if not provided.",
            },
        },
        "required": ["concept"],
    },
    server="learngraph",
)
ADD_EDGE = ToolDefinition(
    "add_edge",
    "Create a relationship between two concepts in the knowledge graph.",
    {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "source_concept": {"type": "string", "description": "Source node ID or concept name"},
            "target_concept": {"type": "string", "description": "Target node ID or concept name"},
            "relation_type": {
                "type": "string",
                "description": 'Type of relationship. One of:\n- "prerequisite": Source must be learned before target\n- "builds_on": Target extends/deepens source concept\n- "related_to": Concepts are connected (bidirectional semantically)\n- "contradicts": Common misconception (source is wrong belief about target)\n- "applies_to": Source concept applies to target domain/topic\n- "parent_of": Ontological hierarchy (source is parent category of target)',
            },
            "strength": {
                "default": 1.0,
                "type": "number",
                "description": "Confidence in the relationship from 0.0 to 1.0. Default 1.0.",
            },
            "reasoning": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "Explanation of why this relationship exists",
            },
        },
        "required": ["source_concept", "target_concept", "relation_type"],
    },
    server="learngraph",
)
UPDATE_NODE = ToolDefinition(
    "update_node",
    "Update a node's properties and record a review session.",
    {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "node_id": {
                "type": "string",
                "description": "ID or concept name of the node to update",
            },
            "mastery_level": {
                "anyOf": [{"type": "number"}, {"type": "null"}],
                "default": None,
                "description": "Overall mastery (0.0-1.0). Overrides dimensional calculation.",
            },
            "mastery_recall": {
                "anyOf": [{"type": "number"}, {"type": "null"}],
                "default": None,
                "description": "Ability to retrieve from memory (0.0-1.0)",
            },
            "mastery_application": {
                "anyOf": [{"type": "number"}, {"type": "null"}],
                "default": None,
                "description": "Ability to use in new contexts (0.0-1.0)",
            },
            "mastery_explanation": {
                "anyOf": [{"type": "number"}, {"type": "null"}],
                "default": None,
                "description": "Ability to teach/explain to others (0.0-1.0)",
            },
            "quality": {
                "anyOf": [{"type": "integer"}, {"type": "null"}],
                "default": None,
                "description": "SM-2 review quality rating (0-5). Triggers spaced repetition scheduling.\n- 5: Perfect response\n- 4: Correct after hesitation\n- 3: Correct with serious difficulty\n- 2: Incorrect, but correct answer seemed easy\n- 1: Incorrect, correct answer remembered after seeing it\n- 0: Complete blackout",
            },
            "difficulty": {
                "anyOf": [{"type": "number"}, {"type": "null"}],
                "default": None,
                "description": "Update estimated difficulty (0.0-1.0)",
            },
            "misconception_detected": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": 'Specific misconception observed (e.g., "confuses ± with +")',
            },
            "notes": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "LLM observations about the student's understanding",
            },
        },
        "required": ["node_id"],
    },
    server="learngraph",
)
QUERY = ToolDefinition(
    "query_graph",
    "Query the knowledge graph for learning insights.",
    {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "query_type": {
                "type": "string",
                "description": 'Type of query to execute. One of:\n- "prerequisites": All prerequisites for a concept (requires node_id)\n- "ready_to_learn": Concepts where all prerequisites are mastered\n- "due_for_review": Nodes where scheduled review date has passed\n- "struggling": High difficulty + low mastery concepts\n- "stalled": Multiple reviews but mastery not improving\n- "misconceptions": Nodes with detected misconceptions\n- "knowledge_gaps": Low mastery nodes blocking other concepts\n- "next_recommended": Smart recommendation for what to study next\n- "all_nodes": All nodes in the graph',
            },
            "node_id": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": 'Focus node for some queries (required for "prerequisites")',
            },
            "domain": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": 'Filter results by domain (e.g., "mathematics")',
            },
            "limit": {
                "default": 10,
                "type": "integer",
                "description": "Maximum number of results to return. Default 10.",
            },
        },
        "required": ["query_type"],
    },
    server="learngraph",
)
SUBGRAPH = ToolDefinition(
    "read_subgraph",
    "Get the neighborhood around a concept for context.",
    {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "center_node": {
                "type": "string",
                "description": "Node ID or concept name to center on",
            },
            "depth": {
                "default": 2,
                "type": "integer",
                "description": "How many edge hops to traverse (1=direct connections, 2=neighbors of neighbors)",
            },
            "direction": {
                "default": "both",
                "type": "string",
                "description": 'Which edges to follow:\n- "upstream": Follow edges where center is target (prerequisites)\n- "downstream": Follow edges where center is source (what it unlocks)\n- "both": Follow edges in both directions',
            },
            "include_mastery": {
                "default": True,
                "type": "boolean",
                "description": "Whether to include mastery data in response",
            },
            "output_format": {
                "default": "both",
                "type": "string",
                "description": 'Output format:\n- "json": Just the structured data\n- "mermaid": Just the Mermaid diagram\n- "both": Both JSON and Mermaid (default)',
            },
        },
        "required": ["center_node"],
    },
    server="learngraph",
)
PATH = ToolDefinition(
    "get_learning_path",
    "Get the ordered learning path to reach a target concept.\n\nReturns a topologically sorted list of prerequisites, highlighting\nwhich concepts the student still needs to learn (gaps).",
    {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "target_concept": {
                "type": "string",
                "description": "The goal concept to learn (node ID or concept name)",
            },
            "include_mastered": {
                "default": False,
                "type": "boolean",
                "description": "Whether to include already-mastered concepts in the path",
            },
        },
        "required": ["target_concept"],
    },
    server="learngraph",
)
STATISTICS = ToolDefinition(
    "get_statistics",
    "Get summary statistics for learning progress.",
    {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "domain": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": 'Filter statistics by domain (e.g., "mathematics"). If None, returns all.',
            }
        },
    },
    server="learngraph",
)
TOOLS = [ADD_NODE, ADD_EDGE, UPDATE_NODE, QUERY, SUBGRAPH, PATH, STATISTICS]
