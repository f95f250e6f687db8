"""The box-packing server of user trial 32, its `tools/list` copied as the server gave it:
`packer3d` 0.5.1 (which boxes to use and where each item goes: one `request` object holding the
boxes and the items, each with a width, a length and a height), as `ToolDefinition`s the
offline router's tests share. `REQUEST` and `RESULT` are the schemas its tools share."""

# ruff: noqa: E501

from __future__ import annotations

from typing import Any

from orchestrator import ToolDefinition

__all__ = ["PACKER3D", "REQUEST", "RESULT"]

REQUEST: dict[str, Any] = {
    "oneOf": [
        {
            "type": "object",
            "properties": {
                "boxes": {
                    "type": "array",
                    "maxItems": 64,
                    "items": {
                        "type": "object",
                        "properties": {
                            "id": {
                                "type": "string",
                                "minLength": 1,
                                "maxLength": 63,
                                "pattern": "^[^\\u0000]+$",
                                "description": "1..63 UTF-8 "
                                "bytes, "
                                "checked by "
                                "CLI; "
                                "maxLength "
                                "alone counts "
                                "Unicode "
                                "characters.",
                            },
                            "width": {"type": "number", "minimum": 0.0001, "maximum": 1000000.0},
                            "length": {"type": "number", "minimum": 0.0001, "maximum": 1000000.0},
                            "height": {"type": "number", "minimum": 0.0001, "maximum": 1000000.0},
                            "max_weight": {
                                "type": "number",
                                "minimum": 0,
                                "maximum": 1000000000000.0,
                                "default": 1000000000000.0,
                            },
                            "cost": {
                                "type": "number",
                                "minimum": 0,
                                "maximum": 1000000000000.0,
                                "default": 1,
                            },
                            "quantity": {
                                "type": "integer",
                                "minimum": -1,
                                "maximum": 256,
                                "default": -1,
                            },
                        },
                        "required": ["id", "width", "length", "height"],
                        "additionalProperties": False,
                    },
                },
                "items": {
                    "type": "array",
                    "maxItems": 256,
                    "items": {
                        "type": "object",
                        "properties": {
                            "id": {
                                "type": "string",
                                "minLength": 1,
                                "maxLength": 63,
                                "pattern": "^[^\\u0000]+$",
                                "description": "1..63 UTF-8 "
                                "bytes, "
                                "checked by "
                                "CLI; "
                                "maxLength "
                                "alone counts "
                                "Unicode "
                                "characters.",
                            },
                            "width": {"type": "number", "minimum": 0.0001, "maximum": 1000000.0},
                            "length": {"type": "number", "minimum": 0.0001, "maximum": 1000000.0},
                            "height": {"type": "number", "minimum": 0.0001, "maximum": 1000000.0},
                            "weight": {
                                "type": "number",
                                "minimum": 0,
                                "maximum": 1000000000000.0,
                                "default": 0,
                            },
                            "quantity": {
                                "type": "integer",
                                "minimum": 1,
                                "maximum": 256,
                                "default": 1,
                            },
                            "rotation": {"enum": ["none", "flat", "any"], "default": "flat"},
                            "diagonal": {"type": "boolean", "default": True},
                        },
                        "required": ["id", "width", "length", "height"],
                        "additionalProperties": False,
                    },
                },
                "options": {
                    "type": "object",
                    "properties": {
                        "support_mode": {
                            "enum": ["stable", "contact", "full_base"],
                            "default": "stable",
                        },
                        "gap": {"type": "number", "minimum": 0, "maximum": 1000000, "default": 0},
                        "angle_step": {
                            "type": "integer",
                            "minimum": 1,
                            "maximum": 90,
                            "default": 15,
                        },
                        "restarts": {"type": "integer", "minimum": 1, "maximum": 64, "default": 8},
                        "max_candidates": {
                            "type": "integer",
                            "minimum": 1,
                            "maximum": 100000000,
                            "default": 200000,
                        },
                        "time_limit_ms": {
                            "type": "number",
                            "minimum": 1,
                            "maximum": 60000,
                            "default": 1000,
                        },
                        "seed": {
                            "type": "integer",
                            "minimum": 0,
                            "maximum": 4294967295,
                            "default": 42,
                        },
                        "improve": {"type": "boolean", "default": False},
                    },
                    "required": [],
                    "additionalProperties": False,
                },
            },
            "required": ["boxes", "items"],
            "additionalProperties": False,
        },
        {
            "type": "object",
            "properties": {
                "boxes": {
                    "type": "array",
                    "maxItems": 64,
                    "items": {
                        "type": "object",
                        "properties": {
                            "id": {
                                "type": "string",
                                "minLength": 1,
                                "maxLength": 63,
                                "pattern": "^[^\\u0000]+$",
                                "description": "1..63 UTF-8 "
                                "bytes, "
                                "checked by "
                                "CLI; "
                                "maxLength "
                                "alone counts "
                                "Unicode "
                                "characters.",
                            },
                            "width": {"type": "number", "minimum": 0.0001, "maximum": 1000000.0},
                            "length": {"type": "number", "minimum": 0.0001, "maximum": 1000000.0},
                            "height": {"type": "number", "minimum": 0.0001, "maximum": 1000000.0},
                            "max_weight": {
                                "type": "number",
                                "minimum": 0,
                                "maximum": 1000000000000.0,
                                "default": 1000000000000.0,
                            },
                            "cost": {
                                "type": "number",
                                "minimum": 0,
                                "maximum": 1000000000000.0,
                                "default": 1,
                            },
                            "quantity": {
                                "type": "integer",
                                "minimum": -1,
                                "maximum": 256,
                                "default": -1,
                            },
                        },
                        "required": ["id", "width", "length", "height"],
                        "additionalProperties": False,
                    },
                },
                "items": {
                    "type": "array",
                    "maxItems": 256,
                    "items": {
                        "type": "object",
                        "properties": {
                            "id": {
                                "type": "string",
                                "minLength": 1,
                                "maxLength": 63,
                                "pattern": "^[^\\u0000]+$",
                                "description": "1..63 UTF-8 "
                                "bytes, "
                                "checked by "
                                "CLI; "
                                "maxLength "
                                "alone counts "
                                "Unicode "
                                "characters.",
                            },
                            "width": {"type": "number", "minimum": 0.0001, "maximum": 1000000.0},
                            "length": {"type": "number", "minimum": 0.0001, "maximum": 1000000.0},
                            "height": {"type": "number", "minimum": 0.0001, "maximum": 1000000.0},
                            "weight": {
                                "type": "number",
                                "minimum": 0,
                                "maximum": 1000000000000.0,
                                "default": 0,
                            },
                            "quantity": {
                                "type": "integer",
                                "minimum": 1,
                                "maximum": 256,
                                "default": 1,
                            },
                            "rotation": {
                                "enum": ["none", "flat", "any", "free3d"],
                                "default": "flat",
                            },
                            "diagonal": {"type": "boolean", "default": True},
                        },
                        "required": ["id", "width", "length", "height"],
                        "additionalProperties": False,
                        "allOf": [
                            {
                                "if": {
                                    "properties": {"rotation": {"const": "free3d"}},
                                    "required": ["rotation"],
                                },
                                "then": {"properties": {"diagonal": {"const": True}}},
                            }
                        ],
                    },
                },
                "options": {
                    "type": "object",
                    "properties": {
                        "support_mode": {"const": "geometric"},
                        "clearance": {
                            "type": "number",
                            "minimum": 0,
                            "maximum": 1000000.0,
                            "default": 0,
                        },
                        "gap": {"type": "number", "const": 0, "default": 0},
                        "angle_step": {
                            "type": "integer",
                            "minimum": 1,
                            "maximum": 90,
                            "default": 15,
                        },
                        "restarts": {"type": "integer", "minimum": 1, "maximum": 64, "default": 8},
                        "max_candidates": {
                            "type": "integer",
                            "minimum": 1,
                            "maximum": 100000000,
                            "default": 200000,
                        },
                        "time_limit_ms": {
                            "type": "number",
                            "minimum": 1,
                            "maximum": 60000,
                            "default": 1000,
                        },
                        "seed": {
                            "type": "integer",
                            "minimum": 0,
                            "maximum": 4294967295,
                            "default": 42,
                        },
                    },
                    "required": ["support_mode"],
                    "additionalProperties": False,
                },
            },
            "required": ["boxes", "items", "options"],
            "additionalProperties": False,
            "title": "paCker geometric request (schema 2 result)",
            "description": "Same request envelope as schema 1. Explicit geometric mode selects "
            "schema 2 output. Strict UTF-8 JSON, at most 1 MiB and depth 16. Type "
            "IDs are unique per category; expanded item quantities total at most "
            "256. These cross-field and byte constraints are checked by the CLI.",
        },
    ]
}

RESULT: dict[str, Any] = {
    "oneOf": [
        {
            "type": "object",
            "properties": {
                "version": {"type": "string", "minLength": 1, "maxLength": 128},
                "support_mode": {"enum": ["stable", "contact", "full_base"]},
                "status": {"enum": ["complete", "partial"]},
                "bins": {
                    "type": "array",
                    "maxItems": 256,
                    "items": {
                        "type": "object",
                        "properties": {
                            "id": {"type": "string", "pattern": "^bin-[1-9][0-9]*$"},
                            "type_id": {
                                "type": "string",
                                "minLength": 1,
                                "maxLength": 63,
                                "pattern": "^[^\\u0000]+$",
                                "description": "1..63 "
                                "UTF-8 "
                                "bytes, "
                                "checked "
                                "by CLI; "
                                "maxLength "
                                "alone "
                                "counts "
                                "Unicode "
                                "characters.",
                            },
                            "width": {"type": "number", "minimum": 0.0001, "maximum": 1000000.0},
                            "length": {"type": "number", "minimum": 0.0001, "maximum": 1000000.0},
                            "height": {"type": "number", "minimum": 0.0001, "maximum": 1000000.0},
                            "max_weight": {
                                "type": "number",
                                "minimum": 0,
                                "maximum": 1000000000000.0,
                            },
                            "cost": {"type": "number", "minimum": 0, "maximum": 1000000000000.0},
                            "weight": {
                                "type": "number",
                                "minimum": 0,
                                "maximum": 256000000000000.0,
                                "description": "Aggregate "
                                "of at most "
                                "256 item "
                                "weights. "
                                "The "
                                "request-aware "
                                "relative "
                                "capacity "
                                "allowance "
                                "is checked "
                                "separately; "
                                "per-item "
                                "weights "
                                "and box "
                                "capacity "
                                "remain at "
                                "most "
                                "1e12.",
                            },
                            "items": {
                                "type": "array",
                                "minItems": 1,
                                "maxItems": 256,
                                "items": {
                                    "type": "object",
                                    "properties": {
                                        "id": {
                                            "type": "string",
                                            "minLength": 1,
                                            "maxLength": 63,
                                            "pattern": "^[^\\u0000]+$",
                                            "description": "1..63 "
                                            "UTF-8 "
                                            "bytes, "
                                            "checked "
                                            "by "
                                            "CLI; "
                                            "maxLength "
                                            "alone "
                                            "counts "
                                            "Unicode "
                                            "characters.",
                                        },
                                        "instance": {
                                            "type": "integer",
                                            "minimum": 0,
                                            "maximum": 255,
                                        },
                                        "width": {
                                            "type": "number",
                                            "minimum": 0.0001,
                                            "maximum": 1000000.0,
                                        },
                                        "length": {
                                            "type": "number",
                                            "minimum": 0.0001,
                                            "maximum": 1000000.0,
                                        },
                                        "height": {
                                            "type": "number",
                                            "minimum": 0.0001,
                                            "maximum": 1000000.0,
                                        },
                                        "weight": {
                                            "type": "number",
                                            "minimum": 0,
                                            "maximum": 1000000000000.0,
                                        },
                                        "x": {"type": "number"},
                                        "y": {"type": "number"},
                                        "z": {"type": "number"},
                                        "angle": {"type": "number"},
                                    },
                                    "required": [
                                        "id",
                                        "instance",
                                        "width",
                                        "length",
                                        "height",
                                        "weight",
                                        "x",
                                        "y",
                                        "z",
                                        "angle",
                                    ],
                                    "additionalProperties": False,
                                },
                            },
                        },
                        "required": [
                            "id",
                            "type_id",
                            "width",
                            "length",
                            "height",
                            "max_weight",
                            "cost",
                            "weight",
                            "items",
                        ],
                        "additionalProperties": False,
                    },
                },
                "unpacked": {
                    "type": "array",
                    "maxItems": 256,
                    "items": {
                        "type": "object",
                        "properties": {
                            "id": {
                                "type": "string",
                                "minLength": 1,
                                "maxLength": 63,
                                "pattern": "^[^\\u0000]+$",
                                "description": "1..63 "
                                "UTF-8 "
                                "bytes, "
                                "checked by "
                                "CLI; "
                                "maxLength "
                                "alone "
                                "counts "
                                "Unicode "
                                "characters.",
                            },
                            "instance": {"type": "integer", "minimum": 0, "maximum": 255},
                        },
                        "required": ["id", "instance"],
                        "additionalProperties": False,
                    },
                },
                "stats": {
                    "type": "object",
                    "properties": {
                        "elapsed_ms": {
                            "type": "number",
                            "minimum": 0,
                            "maximum": 1.7976931348623157e308,
                        },
                        "candidates": {"type": "integer", "minimum": 0, "maximum": 100000000},
                        "restarts": {"type": "integer", "minimum": 0, "maximum": 64},
                        "box_count": {"type": "integer", "minimum": 0, "maximum": 256},
                        "total_cost": {
                            "type": "number",
                            "minimum": 0,
                            "maximum": 256000000000000.0,
                        },
                        "utilization": {"type": "number", "minimum": 0, "maximum": 1.0000001},
                        "timed_out": {"type": "boolean"},
                        "budget_exhausted": {"type": "boolean"},
                        "lower_bound": {"type": "integer", "minimum": 0, "maximum": 257},
                        "proven_optimal": {"type": "boolean"},
                    },
                    "required": [
                        "elapsed_ms",
                        "candidates",
                        "restarts",
                        "box_count",
                        "total_cost",
                        "utilization",
                        "timed_out",
                        "budget_exhausted",
                    ],
                    "additionalProperties": False,
                },
            },
            "required": ["version", "support_mode", "status", "bins", "unpacked", "stats"],
            "additionalProperties": False,
            "allOf": [
                {
                    "if": {"properties": {"status": {"const": "complete"}}},
                    "then": {"properties": {"unpacked": {"maxItems": 0}}},
                    "else": {"properties": {"unpacked": {"minItems": 1}}},
                }
            ],
        },
        {
            "type": "object",
            "properties": {
                "version": {"const": "0.5.1-free3d-dev"},
                "schema_version": {"const": 2},
                "support_mode": {"const": "geometric"},
                "clearance": {"type": "number", "minimum": 0, "maximum": 1000000.0},
                "status": {"enum": ["complete", "partial"]},
                "bins": {
                    "type": "array",
                    "maxItems": 256,
                    "items": {
                        "type": "object",
                        "properties": {
                            "id": {"type": "string", "pattern": "^bin-[1-9][0-9]*$"},
                            "type_id": {
                                "type": "string",
                                "minLength": 1,
                                "maxLength": 63,
                                "pattern": "^[^\\u0000]+$",
                                "description": "1..63 "
                                "UTF-8 "
                                "bytes, "
                                "checked "
                                "by CLI; "
                                "maxLength "
                                "alone "
                                "counts "
                                "Unicode "
                                "characters.",
                            },
                            "width": {"type": "number", "minimum": 0.0001, "maximum": 1000000.0},
                            "length": {"type": "number", "minimum": 0.0001, "maximum": 1000000.0},
                            "height": {"type": "number", "minimum": 0.0001, "maximum": 1000000.0},
                            "max_weight": {
                                "type": "number",
                                "minimum": 0,
                                "maximum": 1000000000000.0,
                            },
                            "cost": {"type": "number", "minimum": 0, "maximum": 1000000000000.0},
                            "weight": {
                                "type": "number",
                                "minimum": 0,
                                "maximum": 256000000000000.0,
                                "description": "Aggregate "
                                "of at most "
                                "256 item "
                                "weights. "
                                "The "
                                "request-aware "
                                "relative "
                                "capacity "
                                "allowance "
                                "is checked "
                                "separately; "
                                "per-item "
                                "weights "
                                "and box "
                                "capacity "
                                "remain at "
                                "most "
                                "1e12.",
                            },
                            "items": {
                                "type": "array",
                                "minItems": 1,
                                "maxItems": 256,
                                "items": {
                                    "type": "object",
                                    "properties": {
                                        "id": {
                                            "type": "string",
                                            "minLength": 1,
                                            "maxLength": 63,
                                            "pattern": "^[^\\u0000]+$",
                                            "description": "1..63 "
                                            "UTF-8 "
                                            "bytes, "
                                            "checked "
                                            "by "
                                            "CLI; "
                                            "maxLength "
                                            "alone "
                                            "counts "
                                            "Unicode "
                                            "characters.",
                                        },
                                        "instance": {
                                            "type": "integer",
                                            "minimum": 0,
                                            "maximum": 255,
                                        },
                                        "width": {
                                            "type": "number",
                                            "minimum": 0.0001,
                                            "maximum": 1000000.0,
                                        },
                                        "length": {
                                            "type": "number",
                                            "minimum": 0.0001,
                                            "maximum": 1000000.0,
                                        },
                                        "height": {
                                            "type": "number",
                                            "minimum": 0.0001,
                                            "maximum": 1000000.0,
                                        },
                                        "weight": {
                                            "type": "number",
                                            "minimum": 0,
                                            "maximum": 1000000000000.0,
                                        },
                                        "center": {
                                            "type": "array",
                                            "minItems": 3,
                                            "maxItems": 3,
                                            "items": {"type": "number"},
                                            "description": "Right-handed "
                                            "center "
                                            "in "
                                            "container "
                                            "coordinates, "
                                            "X "
                                            "width, "
                                            "Y "
                                            "length, "
                                            "Z "
                                            "height.",
                                        },
                                        "orientation": {
                                            "type": "array",
                                            "minItems": 4,
                                            "maxItems": 4,
                                            "items": {"type": "number"},
                                            "description": "Active "
                                            "local-to-container "
                                            "[x,y,z,w]. "
                                            "Squared "
                                            "norm "
                                            "error "
                                            "<=1e-12; "
                                            "first "
                                            "nonzero "
                                            "in "
                                            "w,x,y,z "
                                            "order "
                                            "positive. "
                                            "Interpreted "
                                            "as "
                                            "its "
                                            "mathematically "
                                            "normalized "
                                            "rotation.",
                                        },
                                    },
                                    "required": [
                                        "id",
                                        "instance",
                                        "width",
                                        "length",
                                        "height",
                                        "weight",
                                        "center",
                                        "orientation",
                                    ],
                                    "additionalProperties": False,
                                },
                            },
                        },
                        "required": [
                            "id",
                            "type_id",
                            "width",
                            "length",
                            "height",
                            "max_weight",
                            "cost",
                            "weight",
                            "items",
                        ],
                        "additionalProperties": False,
                    },
                },
                "unpacked": {
                    "type": "array",
                    "maxItems": 256,
                    "items": {
                        "type": "object",
                        "properties": {
                            "id": {
                                "type": "string",
                                "minLength": 1,
                                "maxLength": 63,
                                "pattern": "^[^\\u0000]+$",
                                "description": "1..63 "
                                "UTF-8 "
                                "bytes, "
                                "checked by "
                                "CLI; "
                                "maxLength "
                                "alone "
                                "counts "
                                "Unicode "
                                "characters.",
                            },
                            "instance": {"type": "integer", "minimum": 0, "maximum": 255},
                        },
                        "required": ["id", "instance"],
                        "additionalProperties": False,
                    },
                },
                "stats": {
                    "type": "object",
                    "properties": {
                        "elapsed_ms": {
                            "type": "number",
                            "minimum": 0,
                            "maximum": 1.7976931348623157e308,
                        },
                        "candidates": {"type": "integer", "minimum": 0, "maximum": 100000000},
                        "restarts": {"type": "integer", "minimum": 0, "maximum": 64},
                        "box_count": {"type": "integer", "minimum": 0, "maximum": 256},
                        "total_cost": {
                            "type": "number",
                            "minimum": 0,
                            "maximum": 256000000000000.0,
                        },
                        "utilization": {"type": "number", "minimum": 0, "maximum": 1.0000001},
                        "timed_out": {"type": "boolean"},
                        "budget_exhausted": {"type": "boolean"},
                        "stop_reason": {
                            "enum": [
                                "completed",
                                "search_exhausted",
                                "time_limit",
                                "candidate_limit",
                            ]
                        },
                        "seed": {"type": "integer", "minimum": 0, "maximum": 4294967295},
                        "xy_candidates": {"type": "integer", "minimum": 0, "maximum": 100000000},
                        "xy_elapsed_ms": {
                            "type": "number",
                            "minimum": 0,
                            "maximum": 1.7976931348623157e308,
                        },
                        "options": {
                            "type": "object",
                            "properties": {
                                "support_mode": {"const": "geometric"},
                                "clearance": {
                                    "type": "number",
                                    "minimum": 0,
                                    "maximum": 1000000.0,
                                    "default": 0,
                                },
                                "gap": {"type": "number", "const": 0, "default": 0},
                                "angle_step": {
                                    "type": "integer",
                                    "minimum": 1,
                                    "maximum": 90,
                                    "default": 15,
                                },
                                "restarts": {
                                    "type": "integer",
                                    "minimum": 1,
                                    "maximum": 64,
                                    "default": 8,
                                },
                                "max_candidates": {
                                    "type": "integer",
                                    "minimum": 1,
                                    "maximum": 100000000,
                                    "default": 200000,
                                },
                                "time_limit_ms": {
                                    "type": "number",
                                    "minimum": 1,
                                    "maximum": 60000,
                                    "default": 1000,
                                },
                                "seed": {
                                    "type": "integer",
                                    "minimum": 0,
                                    "maximum": 4294967295,
                                    "default": 42,
                                },
                            },
                            "required": [
                                "support_mode",
                                "clearance",
                                "gap",
                                "angle_step",
                                "restarts",
                                "max_candidates",
                                "time_limit_ms",
                                "seed",
                            ],
                            "additionalProperties": False,
                        },
                    },
                    "required": [
                        "elapsed_ms",
                        "candidates",
                        "restarts",
                        "box_count",
                        "total_cost",
                        "utilization",
                        "timed_out",
                        "budget_exhausted",
                        "stop_reason",
                        "seed",
                        "xy_candidates",
                        "xy_elapsed_ms",
                        "options",
                    ],
                    "additionalProperties": False,
                },
            },
            "required": [
                "version",
                "schema_version",
                "support_mode",
                "clearance",
                "status",
                "bins",
                "unpacked",
                "stats",
            ],
            "additionalProperties": False,
            "allOf": [
                {
                    "if": {"properties": {"status": {"const": "complete"}}},
                    "then": {"properties": {"unpacked": {"maxItems": 0}}},
                    "else": {"properties": {"unpacked": {"minItems": 1}}},
                }
            ],
            "title": "paCker geometric result, development",
            "description": "All numeric fields are finite binary64 values serialized with 17 "
            "significant digits. Geometry, rotation permissions, effective options, "
            "unique identities, quantities, stock, weights, and aggregate "
            "statistics must also be validated against the original request. Search "
            "is heuristic. Padding is supplied by the user; no support, gravity, "
            "friction, or insertion path is checked.",
        },
    ]
}

PACKER3D = [
    ToolDefinition(
        "get_capabilities",
        "Discover the configured local engine contract, limits, and renderer availability.",
        {"properties": {}, "required": [], "type": "object", "additionalProperties": False},
    ),
    ToolDefinition(
        "pack_order",
        "Pack exactly one CLI request; independently validate it and optionally return final-box PNGs.",
        {
            "properties": {
                "request": REQUEST,
                "include_image": {"type": "boolean", "default": False},
                "box_indexes": {
                    "type": ["array", "null"],
                    "maxItems": 256,
                    "uniqueItems": True,
                    "items": {"type": "integer", "minimum": 0, "maximum": 255},
                },
                "box_ids": {
                    "type": ["array", "null"],
                    "maxItems": 256,
                    "uniqueItems": True,
                    "items": {"type": "string", "minLength": 1, "maxLength": 63},
                },
                "view": {"enum": ["isometric", "top"], "default": "isometric"},
            },
            "required": ["request"],
            "type": "object",
            "additionalProperties": False,
        },
    ),
    ToolDefinition(
        "validate_packing",
        "Validate an original request/result pair without changing its layout.",
        {
            "properties": {"request": REQUEST, "result": RESULT},
            "required": ["request", "result"],
            "type": "object",
            "additionalProperties": False,
        },
    ),
    ToolDefinition(
        "render_packing",
        "Return PNGs of verified original poses, without rerunning packing.",
        {
            "properties": {
                "request": REQUEST,
                "result": RESULT,
                "box_indexes": {
                    "type": ["array", "null"],
                    "maxItems": 256,
                    "uniqueItems": True,
                    "items": {"type": "integer", "minimum": 0, "maximum": 255},
                },
                "box_ids": {
                    "type": ["array", "null"],
                    "maxItems": 256,
                    "uniqueItems": True,
                    "items": {"type": "string", "minLength": 1, "maxLength": 63},
                },
                "view": {"enum": ["isometric", "top"], "default": "isometric"},
            },
            "required": ["request", "result"],
            "type": "object",
            "additionalProperties": False,
        },
    ),
]
