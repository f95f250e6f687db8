"""Subnets, character indexes and readability the offline router's tests share, copied from the
servers' `tools/list` (user trial 28): `nwtools-mcp` 0.2.0, whose tools take IPv4 addresses and
blocks in CIDR notation (`ip`, `cidr`, `base_cidr`, `used_cidrs`); `char-index-mcp` 0.3.0, whose
tools take a `text` and a part of it (`char`, `substring`) with an occurrence `n`;
`readability-mcp` 0.0.1, whose tools each take a whole `text`."""

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = ["STRINGS", "SUBNETS", "TEXTS", "TOOLS"]

SUBNETS = [
    ToolDefinition(
        "parse_cidr",
        "Parse a CIDR block and return key network properties.",
        {
            "properties": {"cidr": {"title": "Cidr", "type": "string"}},
            "required": ["cidr"],
            "title": "parse_cidrArguments",
            "type": "object",
        },
        server="nwtools",
    ),
    ToolDefinition(
        "ip_in_subnet",
        "Check whether an IPv4 address falls within a subnet.",
        {
            "properties": {
                "ip": {"title": "Ip", "type": "string"},
                "cidr": {"title": "Cidr", "type": "string"},
            },
            "required": ["ip", "cidr"],
            "title": "ip_in_subnetArguments",
            "type": "object",
        },
        server="nwtools",
    ),
    ToolDefinition(
        "subnets_overlap",
        "Check whether two IPv4 subnets overlap.",
        {
            "properties": {
                "cidr_a": {"title": "Cidr A", "type": "string"},
                "cidr_b": {"title": "Cidr B", "type": "string"},
            },
            "required": ["cidr_a", "cidr_b"],
            "title": "subnets_overlapArguments",
            "type": "object",
        },
        server="nwtools",
    ),
    ToolDefinition(
        "cidr_to_range",
        "Convert a CIDR block to its first and last IP address.",
        {
            "properties": {"cidr": {"title": "Cidr", "type": "string"}},
            "required": ["cidr"],
            "title": "cidr_to_rangeArguments",
            "type": "object",
        },
        server="nwtools",
    ),
    ToolDefinition(
        "range_to_cidrs",
        "Convert an inclusive IP address range to the minimal list of covering CIDRs.",
        {
            "properties": {
                "first_ip": {"title": "First Ip", "type": "string"},
                "last_ip": {"title": "Last Ip", "type": "string"},
            },
            "required": ["first_ip", "last_ip"],
            "title": "range_to_cidrsArguments",
            "type": "object",
        },
        server="nwtools",
    ),
    ToolDefinition(
        "subtract_subnet",
        "Subtract one subnet from another and return the remaining address space as CIDRs.",
        {
            "properties": {
                "base_cidr": {"title": "Base Cidr", "type": "string"},
                "remove_cidr": {"title": "Remove Cidr", "type": "string"},
            },
            "required": ["base_cidr", "remove_cidr"],
            "title": "subtract_subnetArguments",
            "type": "object",
        },
        server="nwtools",
    ),
    ToolDefinition(
        "find_gaps",
        "Find unallocated address space within a container block.",
        {
            "properties": {
                "container_cidr": {"title": "Container Cidr", "type": "string"},
                "used_cidrs": {"items": {"type": "string"}, "title": "Used Cidrs", "type": "array"},
            },
            "required": ["container_cidr", "used_cidrs"],
            "title": "find_gapsArguments",
            "type": "object",
        },
        server="nwtools",
    ),
    ToolDefinition(
        "check_coverage",
        "Check whether a set of CIDRs fully covers a target block.",
        {
            "properties": {
                "target_cidr": {"title": "Target Cidr", "type": "string"},
                "covering_cidrs": {
                    "items": {"type": "string"},
                    "title": "Covering Cidrs",
                    "type": "array",
                },
            },
            "required": ["target_cidr", "covering_cidrs"],
            "title": "check_coverageArguments",
            "type": "object",
        },
        server="nwtools",
    ),
    ToolDefinition(
        "summarize_cidrs",
        "Collapse a list of CIDRs into the minimal set of covering supernets.",
        {
            "properties": {
                "cidrs": {"items": {"type": "string"}, "title": "Cidrs", "type": "array"}
            },
            "required": ["cidrs"],
            "title": "summarize_cidrsArguments",
            "type": "object",
        },
        server="nwtools",
    ),
    ToolDefinition(
        "classify_ip",
        "Classify an IPv4 address by its scope and allocation type.",
        {
            "properties": {"ip": {"title": "Ip", "type": "string"}},
            "required": ["ip"],
            "title": "classify_ipArguments",
            "type": "object",
        },
        server="nwtools",
    ),
    ToolDefinition(
        "ip_convert",
        "Convert an IPv4 address between dotted-decimal, hex, binary, and integer forms.",
        {
            "properties": {"ip": {"title": "Ip", "type": "string"}},
            "required": ["ip"],
            "title": "ip_convertArguments",
            "type": "object",
        },
        server="nwtools",
    ),
]
STRINGS = [
    ToolDefinition(
        "find_nth_char",
        "Find index of nth occurrence of a character. Returns -1 if not found.",
        {
            "properties": {
                "text": {"title": "Text", "type": "string"},
                "char": {"title": "Char", "type": "string"},
                "n": {"default": 1, "title": "N", "type": "integer"},
            },
            "required": ["text", "char"],
            "title": "find_nth_charArguments",
            "type": "object",
        },
        server="charidx",
    ),
    ToolDefinition(
        "find_all_char_indices",
        "Find all indices where a character appears. Returns empty list if not found.",
        {
            "properties": {
                "text": {"title": "Text", "type": "string"},
                "char": {"title": "Char", "type": "string"},
            },
            "required": ["text", "char"],
            "title": "find_all_char_indicesArguments",
            "type": "object",
        },
        server="charidx",
    ),
    ToolDefinition(
        "find_nth_substring",
        "Find starting index of nth occurrence of a substring. Returns -1 if not found.",
        {
            "properties": {
                "text": {"title": "Text", "type": "string"},
                "substring": {"title": "Substring", "type": "string"},
                "n": {"default": 1, "title": "N", "type": "integer"},
            },
            "required": ["text", "substring"],
            "title": "find_nth_substringArguments",
            "type": "object",
        },
        server="charidx",
    ),
    ToolDefinition(
        "find_all_substring_indices",
        "Find all starting indices where a substring appears (includes overlaps).",
        {
            "properties": {
                "text": {"title": "Text", "type": "string"},
                "substring": {"title": "Substring", "type": "string"},
            },
            "required": ["text", "substring"],
            "title": "find_all_substring_indicesArguments",
            "type": "object",
        },
        server="charidx",
    ),
    ToolDefinition(
        "split_at_indices",
        "Split text at exact index positions. Indices auto-sorted and deduplicated.",
        {
            "properties": {
                "text": {"title": "Text", "type": "string"},
                "indices": {"items": {"type": "integer"}, "title": "Indices", "type": "array"},
            },
            "required": ["text", "indices"],
            "title": "split_at_indicesArguments",
            "type": "object",
        },
        server="charidx",
    ),
    ToolDefinition(
        "insert_at_index",
        "Insert text at index position without replacing. Supports negative indices.",
        {
            "properties": {
                "text": {"title": "Text", "type": "string"},
                "index": {"title": "Index", "type": "integer"},
                "insertion": {"title": "Insertion", "type": "string"},
            },
            "required": ["text", "index", "insertion"],
            "title": "insert_at_indexArguments",
            "type": "object",
        },
        server="charidx",
    ),
    ToolDefinition(
        "delete_range",
        "Delete characters in range [start, end).",
        {
            "properties": {
                "text": {"title": "Text", "type": "string"},
                "start": {"title": "Start", "type": "integer"},
                "end": {"title": "End", "type": "integer"},
            },
            "required": ["text", "start", "end"],
            "title": "delete_rangeArguments",
            "type": "object",
        },
        server="charidx",
    ),
    ToolDefinition(
        "replace_range",
        "Replace characters in range [start, end) with new text.",
        {
            "properties": {
                "text": {"title": "Text", "type": "string"},
                "start": {"title": "Start", "type": "integer"},
                "end": {"title": "End", "type": "integer"},
                "replacement": {"title": "Replacement", "type": "string"},
            },
            "required": ["text", "start", "end", "replacement"],
            "title": "replace_rangeArguments",
            "type": "object",
        },
        server="charidx",
    ),
    ToolDefinition(
        "extract_between_markers",
        (
            "Extract content between markers with positions. Returns dict with content and "
            "position info."
        ),
        {
            "properties": {
                "text": {"title": "Text", "type": "string"},
                "start_marker": {"title": "Start Marker", "type": "string"},
                "end_marker": {"title": "End Marker", "type": "string"},
                "occurrence": {"default": 1, "title": "Occurrence", "type": "integer"},
            },
            "required": ["text", "start_marker", "end_marker"],
            "title": "extract_between_markersArguments",
            "type": "object",
        },
        server="charidx",
    ),
    ToolDefinition(
        "count_chars",
        (
            "Count character statistics. Returns dict with total, without_spaces, letters, "
            "digits, spaces, special."
        ),
        {
            "properties": {"text": {"title": "Text", "type": "string"}},
            "required": ["text"],
            "title": "count_charsArguments",
            "type": "object",
        },
        server="charidx",
    ),
    ToolDefinition(
        "extract_substrings",
        "Extract substrings by index ranges. Supports negative indices and omitting end.",
        {
            "properties": {
                "text": {"title": "Text", "type": "string"},
                "ranges": {
                    "items": {"additionalProperties": True, "type": "object"},
                    "title": "Ranges",
                    "type": "array",
                },
            },
            "required": ["text", "ranges"],
            "title": "extract_substringsArguments",
            "type": "object",
        },
        server="charidx",
    ),
]
TEXTS = [
    ToolDefinition(
        "analyze_readability",
        "Analyze text readability using multiple metrics",
        {
            "properties": {"text": {"title": "Text", "type": "string"}},
            "required": ["text"],
            "title": "analyze_readabilityArguments",
            "type": "object",
        },
        server="readab",
    ),
    ToolDefinition(
        "flesch_reading_ease",
        "Get Flesch Reading Ease score (0-100, higher = easier)",
        {
            "properties": {"text": {"title": "Text", "type": "string"}},
            "required": ["text"],
            "title": "flesch_reading_easeArguments",
            "type": "object",
        },
        server="readab",
    ),
    ToolDefinition(
        "flesch_kincaid_grade",
        "Get Flesch-Kincaid Grade Level",
        {
            "properties": {"text": {"title": "Text", "type": "string"}},
            "required": ["text"],
            "title": "flesch_kincaid_gradeArguments",
            "type": "object",
        },
        server="readab",
    ),
    ToolDefinition(
        "analyze_sentiment",
        "Analyze text sentiment and subjectivity",
        {
            "properties": {"text": {"title": "Text", "type": "string"}},
            "required": ["text"],
            "title": "analyze_sentimentArguments",
            "type": "object",
        },
        server="readab",
    ),
]
TOOLS = [*SUBNETS, *STRINGS, *TEXTS]
