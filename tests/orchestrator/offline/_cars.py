"""Car repair and maintenance advice the offline router's tests share (`med-vehicle-intelligence`
1.0.1, met in user trial 35): a quote checked, a maintenance schedule, fix or replace, a shop's red
flags; each car named by `vehicle_year`, `vehicle_make` and `vehicle_model`, its parameters
described only in their docstrings' `Args:` lines."""

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = ["ESTIMATE", "FIX_OR_REPLACE", "RED_FLAGS", "SCHEDULE", "TOOLS"]

ESTIMATE = ToolDefinition(
    "check_repair_estimate",
    (
        "Evaluate whether a car repair estimate is fair based on national price data.\n"
        "\n"
        "    Compare a repair quote against typical price ranges for independent shops and\n"
        "    dealers. Returns whether the price is in range, high, or low, plus questions\n"
        "    to ask the shop.\n"
        "\n"
        "    Args:\n"
        '        repair_type: The repair being quoted (e.g., "front brakes", "timing'
        ' chain", "alternator")\n'
        "        vehicle_year: Model year of the vehicle (e.g., 2020)\n"
        '        vehicle_make: Vehicle manufacturer (e.g., "Toyota")\n'
        '        vehicle_model: Vehicle model (e.g., "Camry")\n'
        "        quoted_price: The price quoted in dollars\n"
        '        shop_type: "independent" or "dealer" (default: independent)\n'
        "    \n"
    ),
    {
        "properties": {
            "repair_type": {"title": "Repair Type", "type": "string"},
            "vehicle_year": {"title": "Vehicle Year", "type": "integer"},
            "vehicle_make": {"title": "Vehicle Make", "type": "string"},
            "vehicle_model": {"title": "Vehicle Model", "type": "string"},
            "quoted_price": {"title": "Quoted Price", "type": "number"},
            "shop_type": {"default": "independent", "title": "Shop Type", "type": "string"},
        },
        "required": [
            "repair_type",
            "vehicle_year",
            "vehicle_make",
            "vehicle_model",
            "quoted_price",
        ],
        "title": "check_repair_estimateArguments",
        "type": "object",
    },
    server="carcare",
)
SCHEDULE = ToolDefinition(
    "get_maintenance_schedule",
    (
        "Get a maintenance schedule for your vehicle based on current mileage.\n"
        "\n"
        "    Returns what maintenance is due now, what's coming in the next 10,000 miles,\n"
        "    common upsells to question, and vehicle-specific known issues.\n"
        "\n"
        "    Args:\n"
        "        vehicle_year: Model year of the vehicle (e.g., 2020)\n"
        '        vehicle_make: Vehicle manufacturer (e.g., "Toyota")\n'
        '        vehicle_model: Vehicle model (e.g., "Camry")\n'
        "        current_mileage: Current odometer reading in miles\n"
        "    \n"
    ),
    {
        "properties": {
            "vehicle_year": {"title": "Vehicle Year", "type": "integer"},
            "vehicle_make": {"title": "Vehicle Make", "type": "string"},
            "vehicle_model": {"title": "Vehicle Model", "type": "string"},
            "current_mileage": {"title": "Current Mileage", "type": "integer"},
        },
        "required": ["vehicle_year", "vehicle_make", "vehicle_model", "current_mileage"],
        "title": "get_maintenance_scheduleArguments",
        "type": "object",
    },
    server="carcare",
)
FIX_OR_REPLACE = ToolDefinition(
    "should_i_fix_or_replace",
    (
        "Get a fix-or-replace recommendation for your vehicle.\n"
        "\n"
        "    Analyzes repair cost vs vehicle value, mileage, age, and repair history\n"
        "    to recommend whether to fix your current vehicle or start shopping for\n"
        "    a replacement. Includes the real cost of replacement for comparison.\n"
        "\n"
        "    Args:\n"
        "        vehicle_year: Model year of the vehicle (e.g., 2015)\n"
        '        vehicle_make: Vehicle manufacturer (e.g., "Honda")\n'
        '        vehicle_model: Vehicle model (e.g., "Civic")\n'
        "        repair_cost: Cost of the repair you're facing in dollars\n"
        "        vehicle_value: Estimated current market value in dollars (check KBB.com"
        " or Edmunds.com)\n"
        "        vehicle_mileage: Current odometer reading in miles (0 if unknown)\n"
        "        annual_repair_spend: Total spent on non-routine repairs in the past 12"
        " months (0 if unknown)\n"
        "    \n"
    ),
    {
        "properties": {
            "vehicle_year": {"title": "Vehicle Year", "type": "integer"},
            "vehicle_make": {"title": "Vehicle Make", "type": "string"},
            "vehicle_model": {"title": "Vehicle Model", "type": "string"},
            "repair_cost": {"title": "Repair Cost", "type": "number"},
            "vehicle_value": {"title": "Vehicle Value", "type": "number"},
            "vehicle_mileage": {"default": 0, "title": "Vehicle Mileage", "type": "integer"},
            "annual_repair_spend": {"default": 0, "title": "Annual Repair Spend", "type": "number"},
        },
        "required": [
            "vehicle_year",
            "vehicle_make",
            "vehicle_model",
            "repair_cost",
            "vehicle_value",
        ],
        "title": "should_i_fix_or_replaceArguments",
        "type": "object",
    },
    server="carcare",
)
RED_FLAGS = ToolDefinition(
    "check_shop_red_flags",
    (
        "Analyze a shop interaction for red flags and warning signs.\n"
        "\n"
        "    Describe what happened at the shop — what they said, what they quoted,\n"
        "    how they acted — and get an assessment of whether anything seems\n"
        "    suspicious. Based on 7 common shop red flags from 20 years of\n"
        "    automotive industry experience.\n"
        "\n"
        "    Args:\n"
        "        description: Your description of the shop interaction or experience\n"
        "    \n"
    ),
    {
        "properties": {"description": {"title": "Description", "type": "string"}},
        "required": ["description"],
        "title": "check_shop_red_flagsArguments",
        "type": "object",
    },
    server="carcare",
)
TOOLS = [ESTIMATE, SCHEDULE, FIX_OR_REPLACE, RED_FLAGS]
