"""Three servers of user trial 31, their `tools/list` copied as the servers gave it:
`hvac-quotes-mcp` 1.0.0 (requests for quotes on HVAC equipment sent to distributors, quotes
recorded and compared), `kilimo-mcp` 0.1.9 (Kenyan farming advice: planting calendar,
fertilizer, pests, varieties, market timing, input costs) and `boot-doctor-mcp` 0.1.1 (a PC
that will not boot: troubleshooting steps and BIOS beep codes), each tool as
`ToolDefinition`s the offline router's tests share."""

# ruff: noqa: E501

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = ["BOOTDOCTOR", "HVAC", "KILIMO", "TOOLS"]

HVAC = [
    ToolDefinition(
        "submit_rfq",
        "Submit a Request for Quote (RFQ) to HVAC equipment distributors. RFQs are sent via email to distributors who match your region and equipment needs. Expect responses within 24-48 hours. Returns RFQ IDs for tracking.",
        {
            "type": "object",
            "properties": {
                "equipment_type": {
                    "type": "string",
                    "enum": [
                        "ac_unit",
                        "furnace",
                        "heat_pump",
                        "air_handler",
                        "condenser",
                        "evaporator_coil",
                        "mini_split",
                        "thermostat",
                        "ductwork",
                        "other",
                    ],
                    "description": "Type of HVAC equipment needed",
                },
                "delivery_address": {
                    "type": "string",
                    "description": "Full delivery address including city and state",
                },
                "specifications": {
                    "type": "object",
                    "description": "Equipment specifications",
                    "properties": {
                        "tonnage": {
                            "type": "number",
                            "description": "AC/heat pump size in tons (e.g., 2, 3, 4, 5)",
                        },
                        "seer": {
                            "type": "integer",
                            "description": "SEER efficiency rating (e.g., 14, 16, 18, 20)",
                        },
                        "btu": {"type": "integer", "description": "Heating capacity in BTU"},
                        "voltage": {
                            "type": "string",
                            "description": "Required voltage (e.g., '208-230V', '460V')",
                        },
                        "refrigerant": {
                            "type": "string",
                            "description": "Refrigerant type (e.g., 'R-410A', 'R-32')",
                        },
                        "additional_notes": {
                            "type": "string",
                            "description": "Any additional requirements or notes",
                        },
                    },
                },
                "brand_preference": {
                    "type": "string",
                    "description": "Preferred brand (e.g., 'Carrier', 'Trane', 'Lennox')",
                },
                "quantity": {
                    "type": "integer",
                    "default": 1,
                    "description": "Number of units needed",
                },
                "needed_by_date": {
                    "type": "string",
                    "format": "date",
                    "description": "When equipment is needed (YYYY-MM-DD)",
                },
            },
            "required": ["equipment_type", "delivery_address"],
        },
        server="hvac",
    ),
    ToolDefinition(
        "check_rfq_status",
        "Check the status of a submitted RFQ. Shows whether quotes have been received and RFQ expiration status.",
        {
            "type": "object",
            "properties": {
                "rfq_id": {"type": "string", "description": "The RFQ ID returned from submit_rfq"}
            },
            "required": ["rfq_id"],
        },
        server="hvac",
    ),
    ToolDefinition(
        "get_quotes",
        "Get all quotes received for an RFQ. Returns pricing, availability, and lead time from distributors.",
        {
            "type": "object",
            "properties": {"rfq_id": {"type": "string", "description": "The RFQ ID"}},
            "required": ["rfq_id"],
        },
        server="hvac",
    ),
    ToolDefinition(
        "compare_quotes",
        "Compare quotes from multiple distributors. Identifies best price, fastest delivery, and recommended option.",
        {
            "type": "object",
            "properties": {
                "rfq_ids": {
                    "type": "array",
                    "items": {"type": "string"},
                    "description": "List of RFQ IDs to compare quotes from",
                },
                "sort_by": {
                    "type": "string",
                    "enum": ["price", "lead_time", "total_value"],
                    "default": "total_value",
                    "description": "How to rank quotes",
                },
            },
            "required": ["rfq_ids"],
        },
        server="hvac",
    ),
    ToolDefinition(
        "simulate_quote",
        "TESTING ONLY: Simulate a quote response from a distributor. Use this to test the quote comparison workflow without waiting for real email responses.",
        {
            "type": "object",
            "properties": {
                "rfq_id": {"type": "string", "description": "The RFQ to simulate a response for"},
                "unit_price": {"type": "number", "description": "Simulated unit price"},
                "lead_time_days": {
                    "type": "integer",
                    "default": 5,
                    "description": "Simulated lead time in days",
                },
                "quantity_available": {
                    "type": "integer",
                    "default": 10,
                    "description": "Simulated quantity in stock",
                },
            },
            "required": ["rfq_id", "unit_price"],
        },
        server="hvac",
    ),
]

KILIMO = [
    ToolDefinition(
        "crop_calendar",
        "Planting calendar for a Kenyan crop by region, with the long and short rains seasons. Use when a farmer asks when to plant or harvest. Looks the crop up in a small sample table (spaces become underscores) and the region (default highland, falling back to an all-regions entry); a crop not in the table returns the note 'Crop not in sample dataset' with only the season dates. Returns the source label, crop, region, the calendar entry, long and short rains dates and a KALRO pointer. Sample data labelled DEMO: confirm with KALRO or the county agriculture office. Read-only; no side effects.",
        {
            "properties": {
                "crop": {
                    "description": "Crop name such as maize or beans; spaces become underscores.",
                    "type": "string",
                },
                "region": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": "highland",
                    "description": "Region such as highland (default); falls back to an all-regions entry.",
                },
            },
            "required": ["crop"],
            "type": "object",
            "additionalProperties": False,
        },
        server="kilimo",
    ),
    ToolDefinition(
        "fertilizer_guide",
        "Fertilizer recommendation for a crop: basal, top-dressing and organic options per acre. Use when a farmer asks what fertilizer to apply. Crops in the sample table get specific advice; any other crop gets a general note (DAP at planting, CAN at six weeks). soil_type is only echoed back. Returns the source label, crop, soil_type, the recommendation, a soil-test pointer (about KES 1,000 per sample) and a note on the fertilizer subsidy. Sample guidance labelled DEMO: confirm with a soil test and KALRO. Read-only; no side effects.",
        {
            "properties": {
                "crop": {
                    "description": "Crop name such as maize, beans or tomato.",
                    "type": "string",
                },
                "soil_type": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": "medium",
                    "description": "Soil type; only echoed back (default medium).",
                },
            },
            "required": ["crop"],
            "type": "object",
            "additionalProperties": False,
        },
        server="kilimo",
    ),
    ToolDefinition(
        "pest_disease_alert",
        "Common pests and diseases of a crop with their symptoms and management. Use when a farmer describes damage and asks what it might be. symptom filters the sample list by matching text; if nothing matches, ALL the crop's entries are returned. Returns the source label, crop, the pests or diseases, an emergency KEPHIS number and the fall armyworm reporting line. Sample data labelled DEMO and not a diagnosis: confirm with a county extension officer or KEPHIS. Read-only; no side effects.",
        {
            "properties": {
                "crop": {"description": "Crop name such as maize or tomato.", "type": "string"},
                "symptom": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Optional symptom text to filter by, such as holes in leaves.",
                },
            },
            "required": ["crop"],
            "type": "object",
            "additionalProperties": False,
        },
        server="kilimo",
    ),
    ToolDefinition(
        "market_timing_guide",
        "Best and worst months to sell a commodity, with a storage tip. Use when a farmer asks when to sell. Only commodities in the sample table (such as maize and tomatoes) have month lists; any other returns a pointer to WFP market monitoring. county is only echoed back. Returns the source label, commodity, county, the timing entry and pointers to vam.wfp.org and soko-mcp for current prices. Seasonal patterns labelled DEMO, not price forecasts. Read-only; no side effects.",
        {
            "properties": {
                "commodity": {
                    "description": "Commodity such as maize or tomatoes.",
                    "type": "string",
                },
                "county": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Optional county; only echoed back.",
                },
            },
            "required": ["commodity"],
            "type": "object",
            "additionalProperties": False,
        },
        server="kilimo",
    ),
    ToolDefinition(
        "kalro_varieties",
        "Recommended KALRO varieties for a crop and growing condition, with days to maturity, suited conditions and typical yield. Use when a farmer asks which variety to plant. condition filters by matching text; if nothing matches, ALL varieties for the crop are returned. Returns the source label, crop, condition, recommended_varieties, certified-seed advice (KEPHIS-registered agrodealers) and a KALRO contact. Sample data labelled DEMO: confirm with KALRO. Read-only; no side effects.",
        {
            "properties": {
                "crop": {"description": "Crop name such as maize.", "type": "string"},
                "condition": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Optional growing condition to filter by, such as highland or drought.",
                },
            },
            "required": ["crop"],
            "type": "object",
            "additionalProperties": False,
        },
        server="kilimo",
    ),
    ToolDefinition(
        "input_cost_calculator",
        "Estimate the cost of growing a crop in KES per acre and in total for an acreage: seed, fertilizer, labour and other items. Use when a farmer is budgeting a season. Only crops in the sample table are costed; for any other crop the per-acre entry is a note and estimated_total_kes is null, never zero. Returns the source label, crop, acreage, input_costs_per_acre_kes, estimated_total_kes, a subsidy note and a prices disclaimer. Indicative 2025 agrovet prices labelled DEMO: get quotes from a local agrodealer. Read-only; no side effects.",
        {
            "properties": {
                "crop": {
                    "description": "Crop name such as maize, tomato or beans.",
                    "type": "string",
                },
                "acreage": {
                    "default": 1.0,
                    "description": "Number of acres (default 1.0); the per-acre cost is multiplied by it.",
                    "type": "number",
                },
            },
            "required": ["crop"],
            "type": "object",
            "additionalProperties": False,
        },
        server="kilimo",
    ),
]

BOOTDOCTOR = [
    ToolDefinition(
        "diagnose_symptoms",
        "Real, ranked next troubleshooting steps for a PC that won't boot or\n    show any display, given what's already been tried. Not a diagnosis of\n    the exact broken part — a real technician's standard sequence, ordered\n    by what's cheapest/fastest to rule out first.\n\n    powers_on: does ANYTHING happen when you press the power button (any\n      light, any fan movement, any sound) — false means dead/no-power,\n      a completely different problem class than a POST failure.\n    fans_spin: do the fans spin at all when powered on.\n    fans_stay_running: do they keep spinning, or spin briefly then stop\n      (the latter is a real, specific PSU/motherboard protection signal).\n    display_output: is there ANY video signal reaching the monitor.\n    tried_cmos_reset: already removed the CMOS battery / used the\n      CLR_CMOS jumper.\n    tried_minimal_config: already stripped to CPU + 1 RAM stick + no\n      discrete GPU (or GPU alone) to isolate the cause.\n    tried_different_cable_or_monitor: already confirmed the monitor and\n      cable work on a different, known-good computer.\n    ",
        {
            "properties": {
                "powers_on": {"title": "Powers On", "type": "boolean"},
                "fans_spin": {
                    "anyOf": [{"type": "boolean"}, {"type": "null"}],
                    "default": None,
                    "title": "Fans Spin",
                },
                "fans_stay_running": {
                    "anyOf": [{"type": "boolean"}, {"type": "null"}],
                    "default": None,
                    "title": "Fans Stay Running",
                },
                "display_output": {"default": False, "title": "Display Output", "type": "boolean"},
                "tried_cmos_reset": {
                    "default": False,
                    "title": "Tried Cmos Reset",
                    "type": "boolean",
                },
                "tried_minimal_config": {
                    "default": False,
                    "title": "Tried Minimal Config",
                    "type": "boolean",
                },
                "tried_different_cable_or_monitor": {
                    "default": False,
                    "title": "Tried Different Cable Or Monitor",
                    "type": "boolean",
                },
            },
            "required": ["powers_on"],
            "type": "object",
            "title": "diagnose_symptomsArguments",
        },
        server="bootdoctor",
    ),
    ToolDefinition(
        "lookup_beep_code",
        'Looks up a beep pattern against real, sourced BIOS beep-code\n    tables. bios_type must be one of: ami_legacy, ami_aptio, award_phoenix\n    — ami_legacy and ami_aptio are genuinely different tables (legacy\n    AMIBIOS vs. modern AMI Aptio/UEFI use different codes for the same\n    beep counts), pick the wrong one and you\'ll get the wrong answer, so\n    check which BIOS the actual board uses before trusting the result.\n\n    pattern: free text describing what you heard, e.g. "10 short",\n      "1 long, 2 short", "continuous", "3 short, 3 long, 3 short".\n\n    Returns None-equivalent text (not a fabricated guess) when the exact\n    pattern isn\'t in the real table this tool has data for — modern\n    boards increasingly have no speaker at all and use debug LEDs\n    instead, so no match is real information, not a tool failure.\n    ',
        {
            "properties": {
                "bios_type": {"title": "Bios Type", "type": "string"},
                "pattern": {"title": "Pattern", "type": "string"},
            },
            "required": ["bios_type", "pattern"],
            "type": "object",
            "title": "lookup_beep_codeArguments",
        },
        server="bootdoctor",
    ),
]

TOOLS = [*HVAC, *KILIMO, *BOOTDOCTOR]
