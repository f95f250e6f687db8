"""Three servers of user trial 30, their `tools/list` copied as the servers gave it:
`glossary-mcp` 0.3.0 (a glossary of terms: lemma, tags, definition), `mcp-trove` 0.2.0 (code
snippets and encrypted secrets in a vault) and `electronics-mcp-servers` 1.0.2 (resistor colour
codes, RC/LC maths, GPIO pins), each tool as `ToolDefinition`s the offline router's tests share."""

# ruff: noqa: E501

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = ["ELECTRONICS", "GLOSSARY", "TOOLS", "TROVE"]

GLOSSARY = [
    ToolDefinition(
        "lookup_term",
        "Look up a single glossary entry by exact lemma. Case-sensitive: use the\n    term's canonical case (lowercase for ordinary terms, uppercase for acronyms).",
        {
            "properties": {"lemma": {"title": "Lemma", "type": "string"}},
            "required": ["lemma"],
            "type": "object",
            "title": "lookup_termArguments",
        },
        server="glossary",
    ),
    ToolDefinition(
        "search",
        "Search the glossary. Matching is case-insensitive and substring-based, and\n    closer matches are returned first.\n\n    A bare query searches lemmas and definitions together: 'verdict' finds any\n    term whose name or definition mentions a verdict. Narrow it with a field\n    prefix when you know where to look:\n\n      l:core        lemma only\n      t:artifact    tags only (a tag matches as a whole word, not a substring)\n      d:verdict     definition only\n      n:seed        notes only\n\n    Wildcards work inside any of these: '*' any run of characters, '?' a single\n    character, '!' a word boundary. So 'l:wor*' finds worker, and 'd:*fruit'\n    finds definitions ending in fruit.\n\n    Retired terms are included in results and carry deprecated=true — check that\n    before using a hit. If a query is unusable (no search terms, or a field\n    prefix the parser rejects) the result carries an error instead of hits.",
        {
            "properties": {
                "query": {
                    "description": "What to look for, optionally with a field prefix (l: t: d: n:) and wildcards (* ? !). See the tool description.",
                    "title": "Query",
                    "type": "string",
                },
                "max_hits": {
                    "default": 20,
                    "description": "Most hits to return, at least 1.",
                    "minimum": 1,
                    "title": "Max Hits",
                    "type": "integer",
                },
            },
            "required": ["query"],
            "type": "object",
            "title": "searchArguments",
        },
        server="glossary",
    ),
    ToolDefinition(
        "glossary_stats",
        "Entry count, tag histogram, and unique-tag count for the glossary.",
        {"properties": {}, "type": "object", "title": "glossary_statsArguments"},
        server="glossary",
    ),
    ToolDefinition(
        "list_terms",
        "List all lemmas, optionally restricted to / excluding given tags.",
        {
            "properties": {
                "only_tags": {
                    "anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}],
                    "default": None,
                    "title": "Only Tags",
                },
                "exclude_tags": {
                    "anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}],
                    "default": None,
                    "title": "Exclude Tags",
                },
            },
            "type": "object",
            "title": "list_termsArguments",
        },
        server="glossary",
    ),
    ToolDefinition(
        "add_term",
        "Add a new entry, kept in sorted order by conlangkit. Refuses a duplicate lemma.\n    Lemmas are case-sensitive — use the term's canonical case (uppercase only for\n    acronyms), so you don't create a near-duplicate like 'Core' beside 'core'.",
        {
            "properties": {
                "lemma": {"title": "Lemma", "type": "string"},
                "tags": {"items": {"type": "string"}, "title": "Tags", "type": "array"},
                "definition": {"title": "Definition", "type": "string"},
                "notes": {"default": "", "title": "Notes", "type": "string"},
            },
            "required": ["lemma", "tags", "definition"],
            "type": "object",
            "title": "add_termArguments",
        },
        server="glossary",
    ),
    ToolDefinition(
        "update_term",
        "Edit an existing entry's tags/definition/notes by lemma. Only the fields you\n    supply change; the rest are left as they are.",
        {
            "properties": {
                "lemma": {"title": "Lemma", "type": "string"},
                "tags": {
                    "anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}],
                    "default": None,
                    "title": "Tags",
                },
                "definition": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Definition",
                },
                "notes": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Notes",
                },
            },
            "required": ["lemma"],
            "type": "object",
            "title": "update_termArguments",
        },
        server="glossary",
    ),
    ToolDefinition(
        "delete_term",
        "Remove a glossary entry by exact lemma. The lemma is case-sensitive — pass the\n    term's canonical case (lowercase for ordinary terms, uppercase only for acronyms);\n    'Core' will not delete 'core'. The deletion is permanent in the glossary file: the\n    row is dropped and the file rewritten, with no history kept. To make that\n    recoverable, a successful result returns the entry that was deleted (lemma, tags,\n    definition, notes) — pass those same fields to add_term to restore it exactly.",
        {
            "properties": {"lemma": {"title": "Lemma", "type": "string"}},
            "required": ["lemma"],
            "type": "object",
            "title": "delete_termArguments",
        },
        server="glossary",
    ),
    ToolDefinition(
        "deprecate_term",
        "Retire a term without deleting it, so older prose that uses it stays\n    interpretable. The entry keeps its lemma and definition; its note gains a\n    leading 'Deprecated' marker and every read then reports deprecated=true.\n\n    Supply superseded_by whenever a replacement exists — it is strongly encouraged,\n    but a term can be retired with none (withdrawn with nothing to take its place).\n    The replacement must already be in the glossary; naming a term that does not\n    exist is refused rather than left as a dangling reference. Use delete_term\n    instead when the entry should leave no trace.",
        {
            "properties": {
                "lemma": {"title": "Lemma", "type": "string"},
                "superseded_by": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Superseded By",
                },
                "reason": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Reason",
                },
            },
            "required": ["lemma"],
            "type": "object",
            "title": "deprecate_termArguments",
        },
        server="glossary",
    ),
]

TROVE = [
    ToolDefinition(
        "trove_init",
        "Scaffold the trove vault at TROVE_PATH: create directories, generate or register the age keypair, write trove.toml, .gitignore, CONVENTIONS.md and a pre-commit safety hook. Idempotent. Returns paths created, the recipient, and a key-backup warning.",
        {
            "type": "object",
            "properties": {
                "recipient": {
                    "type": "string",
                    "description": "Explicit age public key (age1...). If set, no keypair is generated.",
                },
                "lang": {
                    "type": "string",
                    "description": "UI language: 'en' or 'it' (default en).",
                },
                "generate_key": {
                    "type": "boolean",
                    "description": "Generate a keypair when none exists and no recipient is given (default true).",
                },
            },
        },
        server="trove",
    ),
    ToolDefinition(
        "trove_add_snippet",
        "Save a plaintext snippet as Markdown with frontmatter under snippets/<domain>/<subpath>/<slug>.md, then rebuild the index. Provide body_markdown already segmented (prose outside fences, code in fenced blocks).",
        {
            "type": "object",
            "properties": {
                "domain": {
                    "type": "string",
                    "description": "Primary domain folder, e.g. 'django'.",
                },
                "title": {
                    "type": "string",
                    "description": "Human-readable title; slug derived from it.",
                },
                "body_markdown": {"type": "string", "description": "Note body below the H1 title."},
                "tags": {
                    "type": "array",
                    "items": {"type": "string"},
                    "description": "Cross-cutting tags.",
                },
                "lang": {
                    "type": "string",
                    "description": "Main code language: python/html/bash/text\u2026",
                },
                "subpath": {
                    "type": "string",
                    "description": "Optional sub-folder under the domain.",
                },
                "project": {"type": "string", "description": "Optional generic project name."},
                "overwrite": {
                    "type": "boolean",
                    "description": "Replace an existing file (default false).",
                },
            },
            "required": ["domain", "title", "body_markdown"],
        },
        server="trove",
    ),
    ToolDefinition(
        "trove_add_secret",
        "Save an encrypted secret under secrets/<category>/<slug>.age plus a cleartext metadata sidecar (title, tags, dates — never values). Encrypts in memory with age; plaintext never touches disk. Requires recipients in trove.toml.",
        {
            "type": "object",
            "properties": {
                "category": {
                    "type": "string",
                    "description": "Category folder under secrets/, e.g. 'aws'.",
                },
                "title": {
                    "type": "string",
                    "description": "Human-readable title; slug derived from it.",
                },
                "fields": {
                    "type": "object",
                    "description": "Key/value secret material (username, password, token\u2026).",
                    "additionalProperties": {"type": "string"},
                },
                "tags": {
                    "type": "array",
                    "items": {"type": "string"},
                    "description": "Non-sensitive tags.",
                },
                "notes": {
                    "type": "string",
                    "description": "Free text stored INSIDE the encrypted payload.",
                },
                "overwrite": {
                    "type": "boolean",
                    "description": "Replace an existing entry (default false).",
                },
            },
            "required": ["category", "title", "fields"],
        },
        server="trove",
    ),
    ToolDefinition(
        "trove_get_secret",
        "Decrypt a secret and return its fields. Requires the private key at the configured key path. Values are returned to you, never written to disk.",
        {
            "type": "object",
            "properties": {
                "name": {"type": "string", "description": "Secret title or slug."},
                "category": {"type": "string", "description": "Optional category to disambiguate."},
            },
            "required": ["name"],
        },
        server="trove",
    ),
    ToolDefinition(
        "trove_update_secret",
        "Update an existing secret without re-supplying it whole: set/remove fields, change notes or tags, then re-encrypt. Decryption needs the private key; re-encryption needs recipients. Preserves the created date.",
        {
            "type": "object",
            "properties": {
                "name": {"type": "string", "description": "Secret title or slug."},
                "category": {"type": "string", "description": "Category to disambiguate."},
                "set_fields": {
                    "type": "object",
                    "description": "Fields to add or overwrite.",
                    "additionalProperties": {"type": "string"},
                },
                "remove_fields": {
                    "type": "array",
                    "items": {"type": "string"},
                    "description": "Field names to drop.",
                },
                "notes": {"type": "string", "description": "New notes (omit to keep; '' clears)."},
                "tags": {
                    "type": "array",
                    "items": {"type": "string"},
                    "description": "Replacement tag list (omit to keep).",
                },
            },
            "required": ["name"],
        },
        server="trove",
    ),
    ToolDefinition(
        "trove_search",
        "Search the vault. Full-text over snippets; metadata-only over secrets (title/tags/category, never values). Filter by tags and kind.",
        {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "Free text to match."},
                "tags": {
                    "type": "array",
                    "items": {"type": "string"},
                    "description": "Require all these tags.",
                },
                "kind": {
                    "type": "string",
                    "description": "'snippet', 'secret' or 'all' (default all).",
                },
            },
        },
        server="trove",
    ),
    ToolDefinition(
        "trove_list",
        "List all entries (snippets and secrets) with their tags and paths.",
        {"type": "object", "properties": {}},
        server="trove",
    ),
    ToolDefinition(
        "trove_remove",
        "Remove an entry by name and rebuild the index. For secrets, both the encrypted payload and its metadata sidecar are deleted.",
        {
            "type": "object",
            "properties": {
                "name": {"type": "string", "description": "Title or slug of the entry."},
                "kind": {"type": "string", "description": "'snippet' or 'secret'."},
                "domain": {
                    "type": "string",
                    "description": "Snippet domain (helps locate the file).",
                },
                "subpath": {"type": "string", "description": "Snippet sub-folder."},
                "category": {"type": "string", "description": "Secret category (recommended)."},
            },
            "required": ["name", "kind"],
        },
        server="trove",
    ),
]

ELECTRONICS = [
    ToolDefinition(
        "decode_resistor_color_bands",
        "\n    Decode resistor color bands to get resistance value and tolerance.\n    \n    Supports both 4-band and 5-band resistors:\n    - 4-band: digit, digit, multiplier, tolerance (common resistors)\n    - 5-band: digit, digit, digit, multiplier, tolerance (precision resistors)\n    \n    Examples:\n        4-band: Brown, Black, Red, Gold → 1kΩ ±5%\n        5-band: Brown, Black, Black, Brown, Brown → 1kΩ ±1%\n    ",
        {
            "properties": {
                "band1": {
                    "description": "First color band (digit 1): Black, Brown, Red, Orange, Yellow, Green, Blue, Violet, Grey, White",
                    "title": "Band1",
                    "type": "string",
                },
                "band2": {
                    "description": "Second color band (digit 2): same colors as band1",
                    "title": "Band2",
                    "type": "string",
                },
                "band3": {
                    "description": "Third band - Multiplier for 4-band, or digit 3 for 5-band",
                    "title": "Band3",
                    "type": "string",
                },
                "band4": {
                    "default": "gold",
                    "description": "Fourth band - Tolerance for 4-band (Gold=\u00b15%, Silver=\u00b110%), or multiplier for 5-band",
                    "title": "Band4",
                    "type": "string",
                },
                "band5": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Fifth band (5-band only) - Tolerance: Brown=\u00b11%, Red=\u00b12%, Gold=\u00b15%",
                    "title": "Band5",
                },
            },
            "required": ["band1", "band2", "band3"],
            "title": "decode_resistor_color_bandsArguments",
            "type": "object",
        },
        server="electronics",
    ),
    ToolDefinition(
        "encode_resistor_value",
        "\n    Encode a resistance value into color bands.\n    \n    Converts a resistance value (in ohms) to the corresponding color band sequence.\n    \n    Examples:\n        4700Ω, 5% → Yellow, Violet, Red, Gold\n        1000Ω, 1% → Brown, Black, Black, Brown, Brown (5-band)\n    ",
        {
            "properties": {
                "resistance_ohms": {
                    "description": "Resistance value in ohms (e.g., 4700 for 4.7k\u03a9)",
                    "exclusiveMinimum": 0,
                    "title": "Resistance Ohms",
                    "type": "number",
                },
                "tolerance_percent": {
                    "default": 5.0,
                    "description": "Tolerance percentage: 1, 2, 5, or 10",
                    "title": "Tolerance Percent",
                    "type": "number",
                },
                "bands": {
                    "default": 4,
                    "description": "Number of bands: 4 (standard) or 5 (precision)",
                    "enum": [4, 5],
                    "title": "Bands",
                    "type": "integer",
                },
            },
            "required": ["resistance_ohms"],
            "title": "encode_resistor_valueArguments",
            "type": "object",
        },
        server="electronics",
    ),
    ToolDefinition(
        "find_standard_resistor",
        "\n    Find the nearest standard resistor value from E-series.\n    \n    Standard resistor series:\n    - E12: 12 values per decade (±10% tolerance)\n    - E24: 24 values per decade (±5% tolerance)\n    - E96: 96 values per decade (±1% tolerance)\n    \n    Returns the closest standard value and nearby alternatives.\n    ",
        {
            "properties": {
                "target_ohms": {
                    "description": "Target resistance value in ohms",
                    "exclusiveMinimum": 0,
                    "title": "Target Ohms",
                    "type": "number",
                },
                "series": {
                    "default": "E24",
                    "description": "Standard series: E12 (\u00b110%), E24 (\u00b15%), E96 (\u00b11%)",
                    "enum": ["E12", "E24", "E96"],
                    "title": "Series",
                    "type": "string",
                },
            },
            "required": ["target_ohms"],
            "title": "find_standard_resistorArguments",
            "type": "object",
        },
        server="electronics",
    ),
    ToolDefinition(
        "calculate_capacitive_reactance",
        "\n    Calculate capacitive reactance (Xc) at a given frequency.\n    \n    Formula: Xc = 1 / (2π × f × C)\n    \n    Capacitive reactance represents the opposition to AC current flow through a capacitor.\n    It decreases as frequency increases (capacitors pass high frequencies more easily).\n    \n    Examples:\n        1µF at 1kHz → Xc ≈ 159Ω\n        100nF at 10kHz → Xc ≈ 159Ω\n    ",
        {
            "properties": {
                "capacitance_farads": {
                    "description": "Capacitance in Farads (e.g., 1e-6 for 1\u00b5F, 100e-12 for 100pF)",
                    "exclusiveMinimum": 0,
                    "title": "Capacitance Farads",
                    "type": "number",
                },
                "frequency_hz": {
                    "description": "Frequency in Hertz (e.g., 1000 for 1kHz)",
                    "exclusiveMinimum": 0,
                    "title": "Frequency Hz",
                    "type": "number",
                },
            },
            "required": ["capacitance_farads", "frequency_hz"],
            "title": "calculate_capacitive_reactanceArguments",
            "type": "object",
        },
        server="electronics",
    ),
    ToolDefinition(
        "calculate_rc_time_constant",
        '\n    Calculate RC circuit time constant (τ = R × C).\n    \n    The time constant τ represents:\n    - Time to charge to ~63.2% of final voltage\n    - Time to discharge to ~36.8% of initial voltage\n    - 5τ ≈ 99.3% of final value (considered "fully" charged/discharged)\n    \n    Examples:\n        10kΩ + 100µF → τ = 1 second\n        1kΩ + 1µF → τ = 1 millisecond\n    ',
        {
            "properties": {
                "resistance_ohms": {
                    "description": "Resistance in Ohms (e.g., 10000 for 10k\u03a9)",
                    "exclusiveMinimum": 0,
                    "title": "Resistance Ohms",
                    "type": "number",
                },
                "capacitance_farads": {
                    "description": "Capacitance in Farads (e.g., 1e-6 for 1\u00b5F)",
                    "exclusiveMinimum": 0,
                    "title": "Capacitance Farads",
                    "type": "number",
                },
            },
            "required": ["resistance_ohms", "capacitance_farads"],
            "title": "calculate_rc_time_constantArguments",
            "type": "object",
        },
        server="electronics",
    ),
    ToolDefinition(
        "calculate_resonant_frequency",
        "\n    Calculate LC resonant frequency.\n    \n    Formula: f = 1 / (2π√(LC))\n    \n    At resonance:\n    - Inductive reactance (XL) equals capacitive reactance (Xc)\n    - Impedance is at minimum (series) or maximum (parallel)\n    - Used in tuned circuits, filters, oscillators\n    \n    Examples:\n        1mH + 1nF → f ≈ 159kHz\n        100µH + 100pF → f ≈ 1.59MHz\n    ",
        {
            "properties": {
                "inductance_henries": {
                    "description": "Inductance in Henries (e.g., 1e-3 for 1mH, 100e-6 for 100\u00b5H)",
                    "exclusiveMinimum": 0,
                    "title": "Inductance Henries",
                    "type": "number",
                },
                "capacitance_farads": {
                    "description": "Capacitance in Farads (e.g., 1e-9 for 1nF)",
                    "exclusiveMinimum": 0,
                    "title": "Capacitance Farads",
                    "type": "number",
                },
            },
            "required": ["inductance_henries", "capacitance_farads"],
            "title": "calculate_resonant_frequencyArguments",
            "type": "object",
        },
        server="electronics",
    ),
    ToolDefinition(
        "suggest_capacitor_for_filter",
        "\n    Recommend capacitor value for an RC filter design.\n    \n    For a given cutoff frequency and resistance, calculates the required\n    capacitance and suggests the nearest standard E12 series value.\n    \n    Formula: C = 1 / (2π × f × R)\n    \n    Examples:\n        1kHz cutoff with 10kΩ → C ≈ 15.9nF (use 15nF or 18nF)\n        100Hz cutoff with 1kΩ → C ≈ 1.59µF (use 1.5µF or 2.2µF)\n    ",
        {
            "properties": {
                "cutoff_frequency_hz": {
                    "description": "Target cutoff frequency in Hz (-3dB point)",
                    "exclusiveMinimum": 0,
                    "title": "Cutoff Frequency Hz",
                    "type": "number",
                },
                "resistance_ohms": {
                    "description": "Filter resistance in Ohms (e.g., 10000 for 10k\u03a9)",
                    "exclusiveMinimum": 0,
                    "title": "Resistance Ohms",
                    "type": "number",
                },
                "filter_type": {
                    "default": "low-pass",
                    "description": "Filter type: 'low-pass' or 'high-pass'",
                    "enum": ["low-pass", "high-pass"],
                    "title": "Filter Type",
                    "type": "string",
                },
            },
            "required": ["cutoff_frequency_hz", "resistance_ohms"],
            "title": "suggest_capacitor_for_filterArguments",
            "type": "object",
        },
        server="electronics",
    ),
    ToolDefinition(
        "find_pwm_pins",
        "\n    List all pins that support PWM (Pulse Width Modulation) output.\n    \n    PWM pins are essential for:\n    - LED dimming\n    - Motor speed control\n    - Servo control\n    - Analog-like output generation\n    \n    Args:\n        board_type: Development board type\n        \n    Returns:\n        List of PWM-capable pins with timer information\n    ",
        {
            "properties": {
                "board_type": {
                    "description": "Type of development board",
                    "enum": ["ESP32", "Arduino UNO", "STM32"],
                    "title": "Board Type",
                    "type": "string",
                }
            },
            "required": ["board_type"],
            "title": "find_pwm_pinsArguments",
            "type": "object",
        },
        server="electronics",
    ),
    ToolDefinition(
        "get_pin_info",
        "\n    Get detailed information about a specific GPIO pin.\n    \n    Returns pin name, alternative functions, capabilities (PWM, ADC, etc.),\n    and important notes about usage restrictions or recommendations.\n    \n    Args:\n        board_type: Development board type (ESP32, Arduino UNO, or STM32)\n        pin_number: Physical pin number\n        \n    Returns:\n        Formatted pin information including functions and notes\n    ",
        {
            "properties": {
                "board_type": {
                    "description": "Type of development board",
                    "enum": ["ESP32", "Arduino UNO", "STM32"],
                    "title": "Board Type",
                    "type": "string",
                },
                "pin_number": {
                    "description": "Pin number to query",
                    "minimum": 0,
                    "title": "Pin Number",
                    "type": "integer",
                },
            },
            "required": ["board_type", "pin_number"],
            "title": "get_pin_infoArguments",
            "type": "object",
        },
        server="electronics",
    ),
]

TOOLS = [*GLOSSARY, *TROVE, *ELECTRONICS]
