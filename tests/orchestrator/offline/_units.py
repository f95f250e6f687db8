"""Unit conversions and computations the offline router's tests share, copied from the servers'
`tools/list` (user trial 25): `mcp-gnu-units` 0.1.1, whose `convert` takes two unit expressions
as written ("1.5 kWh", "joules"), and part of `mcp-mathematics` 2.3.1, whose operations are
listed in their parameters' descriptions ("Number theory operation (is_prime, prime_factors,
...)")."""

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = ["MATH", "TOOLS", "UNITS"]

UNITS = [
    ToolDefinition(
        "info",
        (
            "Discovery / health-check entrypoint: report availability "
            'and version info.\n\n    Returns seven keys: `status` ("availabl'
            'e"), `name`, `version` (package version),\n    `python` '
            '(runtime version), `mcp_sdk` (MCP SDK version, or "unknown"),\n'
            "    `toolsets` (empty until the GNU units engine lands), "
            "and `units_db` — the\n    bundled GNU units database's `source`"
            ", `data_version`, and `data_updated`\n    (§2.4.6 / §5.4), "
            "read from the shipped file's own header so it can't drift.\n"
            '    Example: {"status":"available","name":"mcp-gnu-units","ver'
            'sion":"0.0.1",\n    "python":"3.12.3","mcp_sdk":"1.28.0","tools'
            'ets":[],\n    "units_db":{"source":"GNU units","data_version":"'
            '3.26","data_updated":"2026-02-25"}}\n    '
        ),
        {
            "properties": {},
            "title": "infoArguments",
            "type": "object",
        },
        server="units",
    ),
    ToolDefinition(
        "find_units",
        (
            "Search the GNU units database for units whose name or definiti"
            "on contains a keyword.\n\n    Basic substring search over "
            "the 3000+ unit GNU units database (TODO §14.1). A\n    hit "
            "is any unit whose name OR definition text contains `query` "
            "(case-insensitive);\n    prefixes are excluded. Results "
            "are returned in the database's native order and\n    capped "
            "at `limit`. Use this to discover the exact spelling of "
            "a unit before\n    calling a conversion tool.\n\n    Returns: "
            "`query` (echoed), `count` (number of results returned), "
            "and `results`,\n    a list of objects each carrying:\n   "
            "   - `name`       : the unit's name.\n      - `definition` "
            ": its definition text (the source line with the leading\n"
            "                       name token removed, so the name "
            'is not repeated).\n      - `kind`       : "unit" | "primitive" '
            '| "function" | "table".\n      - `dimension`  : the unit '
            'reduced to base-unit signature, e.g. "kg m^2 / s^3"\n   '
            "                    for power — use it to check whether "
            "two units are\n                       conformable without "
            "a second call. Omitted for hits that\n                  "
            "     do not reduce (functions, tables).\n      - `base_value` "
            ": the unit reduced to base/primitive units, coefficient\n"
            '                       included, e.g. "745.699 kg m^2 / '
            's^3". Omitted alongside\n                       `dimension` '
            "when the hit does not reduce.\n    Enriching each hit lets "
            "you search AND triage in a single call instead of a\n   "
            ' follow-up lookup per unit.\n    Example: find_units("horsepowe'
            'r") ->\n    {"query":"horsepower","count":9,"results":[{"name":'
            '"horsepower",\n    "definition":"550 foot pound force / '
            'sec","kind":"unit",\n    "dimension":"kg m^2 / s^3","base_value'
            '":"745.7 kg m^2 / s^3"}, ...]}\n    '
        ),
        {
            "properties": {
                "query": {
                    "description": (
                        "Case-insensitive substring to search for. Matches against "
                        "both the unit NAME and its DEFINITION text, so 'meter' "
                        "finds the `meter` unit itself as well as units defined "
                        "in terms of it (e.g. `micron`). Use a short keyword like "
                        "'byte', 'pressure', or 'newton'."
                    ),
                    "minLength": 1,
                    "title": "Query",
                    "type": "string",
                },
                "limit": {
                    "default": 50,
                    "description": (
                        "Maximum number of matches to return (results are in the "
                        "database's native definition order; the scan stops once "
                        "this many are found)."
                    ),
                    "maximum": 500,
                    "minimum": 1,
                    "title": "Limit",
                    "type": "integer",
                },
            },
            "required": [
                "query",
            ],
            "title": "find_unitsArguments",
            "type": "object",
        },
        server="units",
    ),
    ToolDefinition(
        "convert",
        (
            "Convert a value or unit expression from one unit to another "
            "(GNU units engine, TODO §16).\n\n    The universal conversion "
            "core: one tool covers every category (length, mass,\n   "
            " time, temperature, area, volume, energy, power, speed, "
            "data, …) plus compound\n    expressions like `kW*h` or `acre*ft"
            "`. Linear conversions return the ratio of\n    coefficients; "
            "a nonlinear target (e.g. `tempF`) applies that unit's inverse."
            "\n\n    Returns: `from` and `to` (echoed), `result` (the "
            'converted magnitude WITH the\n    target unit, e.g. "1.609344 '
            'km" — the primary human-readable answer), `value`\n    (the '
            "same magnitude as a bare float for programmatic use), and "
            "`exact` (true\n    when the result is exact, false when "
            "it was rounded).\n    Errors cleanly (isError) when a unit "
            "is unknown, an expression is malformed,\n    or the two "
            'sides are not conformable.\n    Example: convert("1 mile", '
            '"km") ->\n    {"from":"1 mile","to":"km","result":"1.609344 '
            'km","value":1.609344,"exact":true}\n    '
        ),
        {
            "properties": {
                "from_expr": {
                    "description": (
                        "The quantity or unit expression to convert FROM. May carry "
                        "a numeric coefficient and be a compound expression: '2.5 "
                        "acre*ft', '55 mile/hour', 'kW*h', '0 tempC'. A bare unit "
                        "like 'mile' is treated as one of that unit."
                    ),
                    "minLength": 1,
                    "title": "From Expr",
                    "type": "string",
                },
                "to_expr": {
                    "description": (
                        "The unit expression to convert TO, e.g. 'km', 'gallons', "
                        "'joule', 'tempF'. Must be dimensionally conformable with "
                        "`from_expr` (both length, both energy, …) or a nonlinear "
                        "target such as 'tempF'; otherwise the call errors. Use "
                        "find_units to discover the exact spelling of a unit."
                    ),
                    "minLength": 1,
                    "title": "To Expr",
                    "type": "string",
                },
            },
            "required": [
                "from_expr",
                "to_expr",
            ],
            "title": "convertArguments",
            "type": "object",
        },
        server="units",
    ),
    ToolDefinition(
        "convert_to_si",
        (
            "Reduce a value or unit expression to its SI base units "
            "(GNU units engine, TODO §17).\n\n    Rewrites any expression "
            "in terms of the database's primitive/base units — kg, m,\n"
            "    s, A, K, mol, cd, and the like — collapsing all derived "
            "and prefixed units. This\n    is how you see what a quantity "
            "*really* is dimensionally: `kW*hour` becomes\n    `3600000 "
            "kg m^2 / s^2` (3.6 MJ), `newton` becomes `1 kg m / s^2`. "
            "Use it to\n    compare or sanity-check units, or to get "
            "a magnitude in coherent SI.\n\n    Returns: `expr` (echoed), "
            "`result` (the reduced quantity WITH its base-unit\n    signatur"
            'e, e.g. "3600000 kg m^2 / s^2" — the primary human-readable '
            "answer),\n    `value` (the same magnitude as a bare float "
            "for programmatic use), `dimension`\n    (just the base-unit "
            'signature, e.g. "kg m^2 / s^2", or "1" when dimensionless),\n'
            "    and `exact` (true when the result is exact, false when "
            "it was rounded).\n    Errors cleanly (isError) when a unit "
            "is unknown, an expression is malformed, or\n    it is a "
            "nonlinear unit with no linear base form (e.g. `tempF`).\n"
            '    Example: convert_to_si("kW*hour") ->\n    {"expr":"kW*hour"'
            ',"result":"3600000 kg m^2 / s^2","value":3600000.0,\n   '
            ' "dimension":"kg m^2 / s^2","exact":true}\n    '
        ),
        {
            "properties": {
                "expr": {
                    "description": (
                        "The quantity or unit expression to reduce to SI base units. "
                        "May carry a numeric coefficient and be compound: 'kW*hour', "
                        "'100 W', 'acre ft', '55 mile/hour'. A bare unit like 'newton' "
                        "is treated as one of that unit. ⚠️ In the GNU units database "
                        "single-letter names are literal: 'h' is Planck's constant, "
                        "not hour — write 'hour' (so energy is 'kW*hour', not 'kW*h'). "
                        "Nonlinear units (e.g. 'tempF') have no linear base form "
                        "and error."
                    ),
                    "minLength": 1,
                    "title": "Expr",
                    "type": "string",
                },
            },
            "required": [
                "expr",
            ],
            "title": "convert_to_siArguments",
            "type": "object",
        },
        server="units",
    ),
    ToolDefinition(
        "define_unit",
        (
            "Show a single unit/prefix/constant's definition, kind, "
            "dimension, and base value (TODO §13).\n\n    Looks up one "
            "name in the GNU units database and reports exactly what "
            'it is and\n    what it reduces to — the inspect/"define" '
            "counterpart to `convert`. Works for\n    ordinary units, "
            "SI/binary prefixes, physical constants, nonlinear function\n"
            "    units (`tempF`), and piecewise tables (`brwiregauge`).\n"
            "\n    Returns an object with:\n      - `name`       : echoed.\n"
            '      - `kind`       : "unit" | "primitive" | "prefix" '
            '| "function" | "table".\n      - `definition` : the database '
            "definition text (source line, leading name\n            "
            '           token removed). "!" marks a primitive/base unit.\n'
            '      - `dimension`  : base-unit signature, e.g. "kg m^2 '
            '/ s^3" for power; "1" when\n                       dimensionles'
            "s. Omitted for hits that do not reduce.\n      - `base_value` "
            ": the unit reduced to base units with its coefficient, "
            'e.g.\n                       "745.699871582 kg m^2 / s^3". '
            "Omitted alongside `dimension`.\n      - `function`   : for "
            "nonlinear units only — {signature, input_dimensions,\n  "
            "                     output_dimension} describing the conversi"
            "on function.\n    Errors cleanly (isError) when the name "
            'is not defined in the database.\n    Example: define_unit("newt'
            'on") ->\n    {"name":"newton","kind":"unit","definition":"kg '
            'm / s^2",\n    "base_value":"1 kg m / s^2","dimension":"kg '
            'm / s^2"}\n    '
        ),
        {
            "properties": {
                "name": {
                    "description": (
                        "The exact name of a single unit, prefix, physical constant, "
                        "function, or table to look up — e.g. 'horsepower', 'kilo', "
                        "'newton', 'tempF', 'brwiregauge'. This is a definition "
                        "lookup, not an expression evaluator: pass one database "
                        "name, not a compound expression like 'kW*hour'. Use find_units"
                        " first if you are unsure of the exact spelling."
                    ),
                    "minLength": 1,
                    "title": "Name",
                    "type": "string",
                },
            },
            "required": [
                "name",
            ],
            "title": "define_unitArguments",
            "type": "object",
        },
        server="units",
    ),
    ToolDefinition(
        "list_prefixes",
        (
            "List every SI and binary prefix in the GNU units database "
            "with its multiplier (TODO §13).\n\n    Enumerates all defined "
            "prefixes — the SI decimal ladder (`quetta`…`quecto` and\n"
            "    their symbols `Q`…`q`) plus the binary/IEC prefixes "
            "(`kibi`/`Ki`, `mebi`/`Mi`,\n    …) — sorted by descending "
            "magnitude. Useful for discovering the exact prefix\n    "
            "spelling to use in a `convert` or `convert_to_si` expression, "
            "or for seeing a\n    prefix's exact numeric value.\n\n    "
            "Returns: `count` (number of prefixes) and `prefixes`, a "
            "list of objects each\n    with `name` (the prefix, without "
            "its trailing hyphen) and `multiplier` (its\n    value as "
            "a string, exact where the value is an exact integer, e.g. "
            '`kibi` ->\n    "1024", `mega` -> "1000000").\n    Example: '
            'list_prefixes() ->\n    {"count":125,"prefixes":[{"name":"quett'
            'a","multiplier":"1000000000000000000000000000000"},\n   '
            ' ...,{"name":"kibi","multiplier":"1024"}, ...]}\n    '
        ),
        {
            "properties": {},
            "title": "list_prefixesArguments",
            "type": "object",
        },
        server="units",
    ),
]

MATH = [
    ToolDefinition(
        "memory_statistics",
        "Get memory statistics",
        {
            "properties": {},
            "type": "object",
            "additionalProperties": False,
        },
        server="math",
    ),
    ToolDefinition(
        "calculate_expression",
        "Evaluate math expression",
        {
            "properties": {
                "expr": {
                    "description": "Mathematical expression to evaluate",
                    "type": "string",
                },
            },
            "required": [
                "expr",
            ],
            "type": "object",
            "additionalProperties": False,
        },
        server="math",
    ),
    ToolDefinition(
        "batch_calculate",
        "Batch calculate expressions",
        {
            "properties": {
                "expressions": {
                    "description": "List of mathematical expressions to evaluate",
                    "items": {
                        "type": "string",
                    },
                    "type": "array",
                },
            },
            "required": [
                "expressions",
            ],
            "type": "object",
            "additionalProperties": False,
        },
        server="math",
    ),
    ToolDefinition(
        "calculate_statistics",
        "Calculate statistics",
        {
            "properties": {
                "data": {
                    "description": "List of numbers to analyze",
                    "items": {
                        "type": "number",
                    },
                    "type": "array",
                },
                "operation": {
                    "description": ("Statistical operation (mean, median, mode, stdev, etc.)"),
                    "type": "string",
                },
            },
            "required": [
                "data",
                "operation",
            ],
            "type": "object",
            "additionalProperties": False,
        },
        server="math",
    ),
    ToolDefinition(
        "convert_units",
        "Unit conversion",
        {
            "properties": {
                "value": {
                    "description": "Numeric value to convert",
                    "type": "number",
                },
                "from_unit": {
                    "description": "Source unit",
                    "type": "string",
                },
                "to_unit": {
                    "description": "Target unit",
                    "type": "string",
                },
                "unit_type": {
                    "description": ("Unit category (length, mass, time, temperature, etc.)"),
                    "type": "string",
                },
            },
            "required": [
                "value",
                "from_unit",
                "to_unit",
                "unit_type",
            ],
            "type": "object",
            "additionalProperties": False,
        },
        server="math",
    ),
    ToolDefinition(
        "convert_natural_language",
        "Natural language conversion",
        {
            "properties": {
                "query": {
                    "description": "Natural language conversion request",
                    "type": "string",
                },
            },
            "required": [
                "query",
            ],
            "type": "object",
            "additionalProperties": False,
        },
        server="math",
    ),
    ToolDefinition(
        "analyze_number_theory",
        "Number theory operations",
        {
            "properties": {
                "number": {
                    "description": "Integer to analyze",
                    "type": "integer",
                },
                "operation": {
                    "description": (
                        "Number theory operation (is_prime, prime_factors, divisors, totient)"
                    ),
                    "type": "string",
                },
            },
            "required": [
                "number",
                "operation",
            ],
            "type": "object",
            "additionalProperties": False,
        },
        server="math",
    ),
    ToolDefinition(
        "create_session",
        "Create session",
        {
            "properties": {
                "session_id": {
                    "anyOf": [
                        {
                            "type": "string",
                        },
                        {
                            "type": "null",
                        },
                    ],
                    "default": None,
                    "description": "Optional session identifier",
                },
                "variables": {
                    "anyOf": [
                        {
                            "additionalProperties": {
                                "type": "number",
                            },
                            "type": "object",
                        },
                        {
                            "type": "null",
                        },
                    ],
                    "default": None,
                    "description": "Initial session variables",
                },
            },
            "type": "object",
            "additionalProperties": False,
        },
        server="math",
    ),
    ToolDefinition(
        "session_calculate",
        "Session calculation",
        {
            "properties": {
                "session_id": {
                    "description": "Session identifier",
                    "type": "string",
                },
                "expr": {
                    "description": "Mathematical expression to evaluate",
                    "type": "string",
                },
                "var_name": {
                    "anyOf": [
                        {
                            "type": "string",
                        },
                        {
                            "type": "null",
                        },
                    ],
                    "default": None,
                    "description": "Variable name to store result",
                },
            },
            "required": [
                "session_id",
                "expr",
            ],
            "type": "object",
            "additionalProperties": False,
        },
        server="math",
    ),
]

TOOLS = [*UNITS, *MATH]
