"""Moonbounce, random numbers, secret scrubbing and regex tests the offline router's tests share,
copied from the servers' `tools/list` (user trial 27): `eme-mcp` 0.3.0, whose tools take a
Maidenhead grid square (`locator`, "e.g. DN13 or DN13la") and a UTC time; `random-number-mcp`
0.1.3, whose tools take bounds and lists (`items`, `population` arrays); `mcp-secret-scrub`
1.0.0, whose tools each take a whole `text`; `mcpgex` 0.1.4, regex test cases and a `pattern`
tested against them."""

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = ["MOON", "RANDOM", "REGEX", "SCRUB", "TOOLS"]


MOON = [
    ToolDefinition(
        "get_version_info",
        "Get eme-mcp's version and the ephemeris series it computes from.",
        {"additionalProperties": False, "properties": {}, "type": "object"},
        server="eme",
    ),
    ToolDefinition(
        "eme_moon_window",
        "Where the moon is from a grid square, and when both ends of a schedule can see it.",
        {
            "additionalProperties": False,
            "properties": {
                "hours": {
                    "anyOf": [{"type": "number"}, {"type": "null"}],
                    "default": 24.0,
                    "description": "How far ahead to look. Default 24, at most 336 (14 days).",
                },
                "locator": {
                    "description": "Maidenhead locator, e.g. DN13 or DN13la.",
                    "type": "string",
                },
                "other_locator": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": "",
                    "description": "A second station's locator. Given "
                    "one, the answer also\n"
                    "carries the mutual window — the rows "
                    "where the moon is above the\n"
                    "horizon at both ends, which is the "
                    "only time a contact is possible.",
                },
                "step_minutes": {
                    "anyOf": [{"type": "number"}, {"type": "null"}],
                    "default": 30.0,
                    "description": "Sampling interval. Default 30, at least 1.",
                },
            },
            "required": ["locator"],
            "type": "object",
        },
        server="eme",
    ),
    ToolDefinition(
        "eme_path_loss",
        "What the path to the moon and back costs, now or at a given time.",
        {
            "additionalProperties": False,
            "properties": {
                "band": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": "70cm",
                    "description": "2m, 70cm or 23cm. Ignored if frequency_mhz is given.",
                },
                "frequency_mhz": {
                    "anyOf": [{"type": "number"}, {"type": "null"}],
                    "default": None,
                    "description": "An exact frequency, for a band this does not name.",
                },
                "locator": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": "",
                    "description": "Your grid square. Given one, the range is "
                    "topocentric — from\n"
                    "where you are, not from the Earth's "
                    "centre, which differs by up to\n"
                    "about 1.7% as the moon rises and sets.",
                },
                "when": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": "",
                    "description": "UTC time (ISO 8601). Default now.",
                },
            },
            "type": "object",
        },
        server="eme",
    ),
    ToolDefinition(
        "eme_degradation",
        "How much worse than the best case the moon is, now or at a given time.",
        {
            "additionalProperties": False,
            "properties": {
                "locator": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": "",
                    "description": "Your grid square, for a topocentric range. Optional.",
                },
                "when": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": "",
                    "description": "UTC time (ISO 8601). Default now.",
                },
            },
            "type": "object",
        },
        server="eme",
    ),
    ToolDefinition(
        "eme_calendar",
        "The least degraded days ahead — when the moon is nearest.",
        {
            "additionalProperties": False,
            "properties": {
                "days": {
                    "anyOf": [{"type": "integer"}, {"type": "null"}],
                    "default": 30,
                    "description": "How far ahead to look. Default 30, at most 365.",
                }
            },
            "type": "object",
        },
        server="eme",
    ),
]


RANDOM = [
    ToolDefinition(
        "random_int",
        (
            "Generate a random integer between low and high (inclusive).\n\nArgs:\n    low: "
            "Lower bound (inclusive)\n    high: Upper bound (inclusive)\n\nReturns:\n    Random"
            " integer between low and high"
        ),
        {
            "properties": {"high": {"type": "integer"}, "low": {"type": "integer"}},
            "required": ["low", "high"],
            "type": "object",
        },
        server="random",
    ),
    ToolDefinition(
        "random_float",
        (
            "Generate a random float between low and high.\n\nArgs:\n    low: Lower bound "
            "(default 0.0)\n    high: Upper bound (default 1.0)\n\nReturns:\n    Random float "
            "between low and high"
        ),
        {
            "properties": {
                "high": {"default": 1.0, "type": "number"},
                "low": {"default": 0.0, "type": "number"},
            },
            "type": "object",
        },
        server="random",
    ),
    ToolDefinition(
        "random_choices",
        (
            "Choose k items from population with replacement, optionally weighted.\n\nArgs:"
            "\n    population: List of items to choose from\n    k: Number of items to choose "
            "(default 1)\n    weights: Optional weights for each item (default None for equal "
            "weights)\n\nReturns:\n    List of k chosen items"
        ),
        {
            "properties": {
                "k": {"default": 1, "type": "integer"},
                "population": {
                    "items": {
                        "anyOf": [
                            {"type": "string"},
                            {"type": "integer"},
                            {"type": "number"},
                            {"type": "boolean"},
                        ]
                    },
                    "type": "array",
                },
                "weights": {
                    "anyOf": [
                        {
                            "items": {"anyOf": [{"type": "integer"}, {"type": "number"}]},
                            "type": "array",
                        },
                        {"type": "string"},
                        {"type": "null"},
                    ],
                    "default": None,
                },
            },
            "required": ["population"],
            "type": "object",
        },
        server="random",
    ),
    ToolDefinition(
        "random_shuffle",
        (
            "Return a new list with items in random order.\n\nArgs:\n    items: List of items "
            "to shuffle\n\nReturns:\n    New list with items in random order"
        ),
        {
            "properties": {
                "items": {
                    "items": {
                        "anyOf": [
                            {"type": "string"},
                            {"type": "integer"},
                            {"type": "number"},
                            {"type": "boolean"},
                        ]
                    },
                    "type": "array",
                }
            },
            "required": ["items"],
            "type": "object",
        },
        server="random",
    ),
    ToolDefinition(
        "random_sample",
        (
            "Choose k unique items from population without replacement.\n\nArgs:\n    "
            "population: List of items to choose from\n    k: Number of items to choose\n\n"
            "Returns:\n    List of k unique chosen items"
        ),
        {
            "properties": {
                "k": {"type": "integer"},
                "population": {
                    "items": {
                        "anyOf": [
                            {"type": "string"},
                            {"type": "integer"},
                            {"type": "number"},
                            {"type": "boolean"},
                        ]
                    },
                    "type": "array",
                },
            },
            "required": ["population", "k"],
            "type": "object",
        },
        server="random",
    ),
    ToolDefinition(
        "secure_token_hex",
        (
            "Generate a secure random hex token.\n\nArgs:\n    nbytes: Number of random bytes "
            "to generate (default 32)\n\nReturns:\n    Hex string containing 2*nbytes "
            "characters"
        ),
        {"properties": {"nbytes": {"default": 32, "type": "integer"}}, "type": "object"},
        server="random",
    ),
    ToolDefinition(
        "secure_random_int",
        (
            "Generate a secure random integer below upper_bound.\n\nArgs:\n    upper_bound: "
            "Upper bound (exclusive)\n\nReturns:\n    Random integer in range [0, upper_bound)"
        ),
        {
            "properties": {"upper_bound": {"type": "integer"}},
            "required": ["upper_bound"],
            "type": "object",
        },
        server="random",
    ),
]


SCRUB = [
    ToolDefinition(
        "scrub_text",
        (
            "Detect and redact/mask/hash secrets in text before it enters agent\n        "
            "context or logs. Returns scrubbed text — never the secret value."
        ),
        {
            "properties": {
                "keep_label": {"default": True, "title": "Keep Label", "type": "boolean"},
                "mode": {"default": "redact", "title": "Mode", "type": "string"},
                "text": {"title": "Text", "type": "string"},
            },
            "required": ["text"],
            "title": "scrub_textArguments",
            "type": "object",
        },
        server="scrub",
    ),
    ToolDefinition(
        "scan_text",
        (
            "Detect which secret types are present in text WITHOUT modifying it.\n        "
            "Returns types + counts, never the values."
        ),
        {
            "properties": {"text": {"title": "Text", "type": "string"}},
            "required": ["text"],
            "title": "scan_textArguments",
            "type": "object",
        },
        server="scrub",
    ),
    ToolDefinition(
        "report_full",
        "scan + redact in one call: scrubbed preview + findings report.",
        {
            "properties": {"text": {"title": "Text", "type": "string"}},
            "required": ["text"],
            "title": "report_fullArguments",
            "type": "object",
        },
        server="scrub",
    ),
    ToolDefinition(
        "secret_profiles",
        "List all supported secret detection profiles (type labels).",
        {"properties": {}, "title": "secret_profilesArguments", "type": "object"},
        server="scrub",
    ),
]


REGEX = [
    ToolDefinition(
        "add_test_case",
        (
            "Add a test case for regex pattern validation. Each test case consists of an input "
            "string and the expected match/output."
        ),
        {
            "properties": {
                "description": {
                    "description": "Optional description of what this test case is checking for",
                    "type": "string",
                },
                "expected_matches": {
                    "description": "Array of substrings that should "
                    "be matched/extracted by the regex",
                    "items": {"type": "string"},
                    "type": "array",
                },
                "groups": {
                    "description": "The groups that should be extracted by the "
                    "regex. This is an array of numbers",
                    "items": {"type": "number"},
                    "type": "array",
                },
                "input_string": {
                    "description": "The input string to test the regex pattern against",
                    "type": "string",
                },
            },
            "required": ["input_string", "expected_matches", "groups"],
            "type": "object",
        },
        server="regex",
    ),
    ToolDefinition(
        "test_regex",
        (
            "Test a regex pattern against all current test cases to see if it satisfies the "
            "requirements."
        ),
        {
            "properties": {
                "flags": {
                    "default": "",
                    "description": "Optional regex flags (e.g., 'i' for "
                    "case-insensitive, 'm' for multiline, 's' for "
                    "dotall). Default is no flags.",
                    "type": "string",
                },
                "pattern": {"description": "The regex pattern to test", "type": "string"},
            },
            "required": ["pattern"],
            "type": "object",
        },
        server="regex",
    ),
    ToolDefinition(
        "get_test_cases",
        "Get all current test cases to see what requirements the regex pattern needs to satisfy.",
        {"additionalProperties": False, "properties": {}, "type": "object"},
        server="regex",
    ),
    ToolDefinition(
        "clear_test_cases",
        "Clear all test cases to start fresh with new requirements.",
        {"additionalProperties": False, "properties": {}, "type": "object"},
        server="regex",
    ),
]


TOOLS = [*MOON, *RANDOM, *SCRUB, *REGEX]
