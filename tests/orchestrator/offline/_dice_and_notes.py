"""Dice, chemistry and sheet music the offline router's tests share, copied from the servers'
`tools/list` (user trial 29): `mcp-dice-roller` 0.1.0, whose tools take a dice notation shown
only by a docstring's quoted examples (`notation`: "'1d6' ... '2d20kl1'"); `mcp-molecules`
0.3.1, whose weights take a chemical formula (examples "'H2O', 'C6H12O6'") and whose search
finds one by name; `musicxml-abc-mcp` 0.2.2, whose tools take a whole ABC or MusicXML text and
are named for what they make (`abc_to_musicxml`); and `connections-mcp` 0.2.1, a word puzzle."""

# ruff: noqa: E501

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = ["TOOLS"]

TOOLS = [
    ToolDefinition(
        "roll_dice",
        "\n    Roll dice using standard dice notation (e.g., '2d6', '1d20+5', '3d8-2').\n\n    Args:\n        notation: Dice notation string. Examples:\n            - '1d6' - Roll one 6-sided die\n            - '2d6' - Roll two 6-sided dice\n            - '1d20+5' - Roll one 20-sided die and add 5\n            - '3d8-2' - Roll three 8-sided dice and subtract 2\n            - '4d6kh3' - Roll 4d6, keep highest 3 (D&D stat rolling)\n            - '2d20kl1' - Roll 2d20, keep lowest 1 (disadvantage)\n\n    Returns:\n        Dictionary with rolls, modifier, and total\n    ",
        {
            "properties": {"notation": {"default": "1d6", "title": "Notation", "type": "string"}},
            "title": "roll_diceArguments",
            "type": "object",
        },
        server="dice",
    ),
    ToolDefinition(
        "roll_multiple",
        "\n    Roll the same dice multiple times.\n\n    Args:\n        notation: Dice notation (e.g., '1d20+5')\n        times: Number of times to roll (1-20)\n\n    Returns:\n        Dictionary with all roll results and statistics\n    ",
        {
            "properties": {
                "notation": {"default": "1d6", "title": "Notation", "type": "string"},
                "times": {"default": 1, "title": "Times", "type": "integer"},
            },
            "title": "roll_multipleArguments",
            "type": "object",
        },
        server="dice",
    ),
    ToolDefinition(
        "roll_dnd_stats",
        "\n    Roll a set of D&D 5e character stats using the standard 4d6 drop lowest method.\n\n    Returns:\n        Six ability scores rolled using 4d6, dropping the lowest die\n    ",
        {"properties": {}, "title": "roll_dnd_statsArguments", "type": "object"},
        server="dice",
    ),
    ToolDefinition(
        "flip_coin",
        "\n    Flip a coin one or more times.\n\n    Args:\n        times: Number of times to flip (1-100)\n\n    Returns:\n        Results of the coin flip(s)\n    ",
        {
            "properties": {"times": {"default": 1, "title": "Times", "type": "integer"}},
            "title": "flip_coinArguments",
            "type": "object",
        },
        server="dice",
    ),
    ToolDefinition(
        "pick_random",
        '\n    Pick a random option from a comma-separated list.\n\n    Args:\n        options: Comma-separated list of options (e.g., "pizza, burger, sushi")\n\n    Returns:\n        The randomly selected option\n    ',
        {
            "properties": {"options": {"title": "Options", "type": "string"}},
            "required": ["options"],
            "title": "pick_randomArguments",
            "type": "object",
        },
        server="dice",
    ),
    ToolDefinition(
        "roll_percentile",
        "\n    Roll percentile dice (d100).\n\n    Returns:\n        A random number from 1 to 100\n    ",
        {"properties": {}, "title": "roll_percentileArguments", "type": "object"},
        server="dice",
    ),
    ToolDefinition(
        "info",
        "Report mcp-molecules server availability, version, and environment information.",
        {"properties": {}, "title": "infoArguments", "type": "object"},
        server="molecules",
    ),
    ToolDefinition(
        "molecular_weight_calculator",
        "Compute the molecular weight (molar mass) of a chemical formula.\n\n    Parses ``formula`` into an atom tally, looks up each element's mass in the\n    bundled NIST Atomic Weights and Isotopic Compositions database, and returns\n    the total weight in the requested ``unit``. Every call reports all three\n    distinct mass flavors under ``masses`` so callers never conflate them or have\n    to re-ask:\n\n    * ``nominal`` -- sum of the integer mass numbers of the most abundant\n      isotopes,\n    * ``average`` -- the standard atomic weight (average molar mass),\n    * ``monoisotopic`` -- the exact mass of the most abundant isotopes.\n\n    The ``monoisotopic`` flag selects which of these is mirrored at the top level\n    (``weight`` / ``uncertainty`` / ``formatted``) and named by ``primary``.\n    Optionally propagates NIST uncertainties (``uncertainty``) and/or reports\n    percent composition by mass (``composition``).\n\n    Raises ``ValueError`` for an unparseable formula or an unknown element.\n    ",
        {
            "properties": {
                "formula": {
                    "description": "Chemical formula to weigh. Supports element symbols, integer multipliers, arbitrarily nested parenthetical groups, and isotope labels D (deuterium) and T (tritium). Examples: 'H2O', 'C6H12O6', 'Ca(OH)2', 'Fe2(SO4)3', '((CH3)2CH)2', 'D2O', 'Tc'.",
                    "title": "Formula",
                    "type": "string",
                },
                "unit": {
                    "default": "g/mol",
                    "description": "Output unit for the reported mass. Defaults to grams per mole.",
                    "enum": ["g/mol", "kg/mol", "Da", "u", "kDa"],
                    "title": "Unit",
                    "type": "string",
                },
                "uncertainty": {
                    "default": False,
                    "description": "If true, propagate the per-element NIST standard uncertainties in quadrature and report the result as value \u00b1 sigma.",
                    "title": "Uncertainty",
                    "type": "boolean",
                },
                "monoisotopic": {
                    "default": False,
                    "description": "Selects which mass flavor is reported at the top level (weight / uncertainty / formatted): False (default) for the standard atomic weight, true for the monoisotopic mass. All three flavors (nominal, average, monoisotopic) are always returned under 'masses' regardless of this flag.",
                    "title": "Monoisotopic",
                    "type": "boolean",
                },
                "composition": {
                    "default": False,
                    "description": "If true, return the per-element percent composition by mass (count, mass subtotal, and percentage) alongside the total weight.",
                    "title": "Composition",
                    "type": "boolean",
                },
            },
            "required": ["formula"],
            "title": "molecular_weight_calculatorArguments",
            "type": "object",
        },
        server="molecules",
    ),
    ToolDefinition(
        "isotope_distribution",
        "Compute the natural isotopic pattern (isotope distribution) of a formula.\n\n    Returns the set of isotopologue peaks a mass spectrometer would see: each\n    peak's neutral ``mass`` (and ``mz`` when ``charge`` is non-zero), its\n    intensity ``relative`` to the base peak, and its absolute ``abundance``.\n    Also reports the ``monoisotopic_mass`` (most-abundant isotope of each\n    element) and the ``average_mass``. Backed by the bundled NIST Atomic Weights\n    and Isotopic Compositions database -- offline and deterministic.\n\n    Peaks below ``threshold`` percent of the base peak are dropped; at most\n    ``limit`` are returned. ``grouping`` selects nominal-mass (``unit``) or\n    fully resolved (``exact``) peaks.\n\n    Raises ``ValueError`` for an unparseable formula or an unknown element.\n    ",
        {
            "properties": {
                "formula": {
                    "description": "Chemical formula whose isotopic pattern to compute. Same syntax as molecular_weight_calculator: element symbols, integer multipliers, nested groups, isotope labels D/T, Unicode subscripts. Examples: 'CHCl3', 'C6H5Br', 'C254H377N65O75S6'.",
                    "title": "Formula",
                    "type": "string",
                },
                "charge": {
                    "default": 0,
                    "description": "Ion charge. 0 (default) reports neutral isotopologue masses. A non-zero n reports m/z for the [M+nH] ion (positive) or [M-nH] ion (negative): (mass +/- n*proton)/|n|.",
                    "maximum": 10,
                    "minimum": -10,
                    "title": "Charge",
                    "type": "integer",
                },
                "threshold": {
                    "default": 0.1,
                    "description": "Drop peaks below this percent of the base (most intense) peak.",
                    "maximum": 100.0,
                    "minimum": 0.0,
                    "title": "Threshold",
                    "type": "number",
                },
                "limit": {
                    "default": 10,
                    "description": "Maximum number of peaks to return, most intense first.",
                    "maximum": 100,
                    "minimum": 1,
                    "title": "Limit",
                    "type": "integer",
                },
                "grouping": {
                    "default": "unit",
                    "description": "'unit' (default) collapses peaks to nominal integer masses (intensity-weighted centroid) -- the low-resolution spectrum a chemist eyeballs. 'exact' keeps every resolved isotopologue.",
                    "enum": ["unit", "exact"],
                    "title": "Grouping",
                    "type": "string",
                },
            },
            "required": ["formula"],
            "title": "isotope_distributionArguments",
            "type": "object",
        },
        server="molecules",
    ),
    ToolDefinition(
        "find_chemical_compound",
        "Look up a chemical compound by name or molecular formula.\n\n    Searches the bundled name<->formula database (a PubChem subset) first, then\n    the writable user cache, then -- unless disabled -- the online fallback\n    (PubChem, Wikidata, and, when an API key is set, EPA CompTox). A name\n    resolves to its molecular formula(e); a formula resolves to the compound\n    name(s) sharing it (isomers), ordered with the preferred name first. The\n    direction is chosen by ``by``. Returns the ``query``, how it was interpreted\n    (``interpreted_as``), the ``normalized`` Hill-system canonicalization of the\n    query whenever it parses as a formula (e.g. 'O6C6H12' -> 'C6H12O6'; ``null``\n    when it is not a parseable formula), the ``matches`` (each\n    ``{\"name\", \"formula\"}``, the preferred result first), and the resolving\n    ``source`` / ``license``.\n\n    Raises ``ValueError`` if nothing matches.\n    ",
        {
            "properties": {
                "query": {
                    "description": "Compound to look up -- either a name or a molecular formula. Names match the canonical name or any alias, case-insensitively, ignoring trailing registry annotations like '(9CI)' or '(USAN)'. Formulae are canonicalized to the Hill system, so 'C6H12O6', 'O6C6H12', and 'C\u2086H\u2081\u2082O\u2086' are equivalent. Examples: 'aspirin', 'acetylsalicylic acid', 'H2O', 'C9H8O4'.",
                    "title": "Query",
                    "type": "string",
                },
                "by": {
                    "default": "auto",
                    "description": "How to read the query. 'auto' (default) treats a parseable formula as a formula and anything else as a name, falling back to the other direction on a miss. 'name' or 'formula' pin it.",
                    "enum": ["auto", "name", "formula"],
                    "title": "By",
                    "type": "string",
                },
                "limit": {
                    "default": 5,
                    "description": "Maximum number of compounds to return for a formula lookup. Isomers share a formula; results are ordered with the most notable (preferred) name first.",
                    "maximum": 50,
                    "minimum": 1,
                    "title": "Limit",
                    "type": "integer",
                },
            },
            "required": ["query"],
            "title": "find_chemical_compoundArguments",
            "type": "object",
        },
        server="molecules",
    ),
    ToolDefinition(
        "musicxml_to_abc",
        "Convert a MusicXML document to ABC notation. ABC is compact and human-readable — ideal for Claude to read and edit scores directly. Optionally filter to a single part.",
        {
            "properties": {
                "musicxml": {"type": "string", "description": "MusicXML document as a string"},
                "part_id": {
                    "type": "string",
                    "description": "Export only this part (e.g. 'Soprano'). Omit to include all parts.",
                },
            },
            "required": ["musicxml"],
            "type": "object",
        },
        server="abcnotes",
    ),
    ToolDefinition(
        "abc_to_musicxml",
        "Convert an ABC notation string back to MusicXML. Use this after Claude has read or edited an ABC score to produce MusicXML for synthesis or rendering.",
        {
            "properties": {"abc": {"type": "string", "description": "ABC notation string"}},
            "required": ["abc"],
            "type": "object",
        },
        server="abcnotes",
    ),
    ToolDefinition(
        "validate_abc",
        "Validate an ABC notation string. Returns whether the ABC is parseable and lists any errors or warnings.",
        {
            "properties": {
                "abc": {"type": "string", "description": "ABC notation string to validate"}
            },
            "required": ["abc"],
            "type": "object",
        },
        server="abcnotes",
    ),
    ToolDefinition(
        "list_capabilities",
        "List supported formats and available tools for this server",
        {"properties": {}, "required": [], "type": "object"},
        server="abcnotes",
    ),
    ToolDefinition(
        "health_check",
        "Check that the server and all its dependencies are working correctly. Runs a short MusicXML → ABC → MusicXML round-trip and returns a human-readable status summary. Ask your AI assistant to run this tool to confirm the server is set up correctly.",
        {"properties": {}, "required": [], "type": "object"},
        server="abcnotes",
    ),
    ToolDefinition(
        "create_puzzle",
        "Create a new Connections puzzle with shuffled words from 4 categories",
        {
            "type": "object",
            "properties": {
                "num_categories": {
                    "type": "integer",
                    "description": "Number of categories (default: 4)",
                    "default": 4,
                }
            },
            "required": [],
        },
        server="connections",
    ),
    ToolDefinition(
        "test_solution",
        "Test a proposed solution for a specific puzzle",
        {
            "type": "object",
            "properties": {
                "puzzle_id": {"type": "string", "description": "The ID of the puzzle to test"},
                "groups": {
                    "type": "array",
                    "description": "Array of 4 groups, each containing 4 words",
                    "items": {"type": "array", "items": {"type": "string"}},
                },
            },
            "required": ["puzzle_id", "groups"],
        },
        server="connections",
    ),
    ToolDefinition(
        "get_puzzle",
        "Get a specific puzzle by ID",
        {
            "type": "object",
            "properties": {
                "puzzle_id": {"type": "string", "description": "The ID of the puzzle to retrieve"}
            },
            "required": ["puzzle_id"],
        },
        server="connections",
    ),
    ToolDefinition(
        "list_puzzles",
        "List all available puzzles",
        {"type": "object", "properties": {}, "required": []},
        server="connections",
    ),
    ToolDefinition(
        "get_hint",
        "Get a hint for a specific puzzle",
        {
            "type": "object",
            "properties": {
                "puzzle_id": {"type": "string", "description": "The ID of the puzzle"},
                "category_index": {
                    "type": "integer",
                    "description": "Which category hint to reveal (0-3)",
                    "default": 0,
                },
            },
            "required": ["puzzle_id"],
        },
        server="connections",
    ),
]
