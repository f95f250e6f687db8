"""Business and tax calculators the offline router's tests share (`finance-calc-mcp` 0.2.0, met in
user trial 39): loans, taxes, margins, break-even, payroll, read-only, answered in text."""

# ruff: noqa: E501  (the server's descriptions, as its `tools/list` gives them)

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = ["TOOLS"]

TOOLS = [
    ToolDefinition(
        "calculate",
        "Evaluate a financial/business math expression. Supports +, -, *, /, **, %, parentheses, and common functions: round(), abs(), max(), min(), sum(), sqrt(). Examples: '125000 * 0.21', '(85000 - 12000) / 12', 'round(1234567.89, -3)'",
        {
            "type": "object",
            "properties": {
                "expression": {"type": "string", "description": "Math expression to evaluate"}
            },
            "required": ["expression"],
        },
        read_only=True,
        server="fincalc",
    ),
    ToolDefinition(
        "gross_margin",
        "Calculate gross margin, gross profit, and markup from revenue and COGS.",
        {
            "type": "object",
            "properties": {
                "revenue": {"type": "number", "description": "Total revenue"},
                "cogs": {"type": "number", "description": "Cost of goods sold"},
            },
            "required": ["revenue", "cogs"],
        },
        read_only=True,
        server="fincalc",
    ),
    ToolDefinition(
        "us_income_tax_estimate",
        "Estimate 2024 US federal income tax (individuals). Filing statuses: single, married_jointly, married_separately, head_of_household.",
        {
            "type": "object",
            "properties": {
                "taxable_income": {"type": "number", "description": "Taxable income in USD"},
                "filing_status": {
                    "type": "string",
                    "description": "single | married_jointly | married_separately | head_of_household",
                },
            },
            "required": ["taxable_income", "filing_status"],
        },
        read_only=True,
        server="fincalc",
    ),
    ToolDefinition(
        "self_employment_tax",
        "Calculate self-employment (SE) tax and deductible half for Schedule SE.",
        {
            "type": "object",
            "properties": {
                "net_self_employment_income": {
                    "type": "number",
                    "description": "Net profit from self-employment",
                }
            },
            "required": ["net_self_employment_income"],
        },
        read_only=True,
        server="fincalc",
    ),
    ToolDefinition(
        "depreciation",
        "Calculate straight-line or MACRS-style depreciation schedule.",
        {
            "type": "object",
            "properties": {
                "asset_cost": {"type": "number", "description": "Asset purchase price"},
                "useful_life": {"type": "number", "description": "Useful life in years"},
                "salvage_value": {
                    "type": "number",
                    "description": "Salvage/residual value (default 0)",
                    "default": 0,
                },
                "method": {
                    "type": "string",
                    "description": "straight_line | double_declining (default: straight_line)",
                },
            },
            "required": ["asset_cost", "useful_life"],
        },
        read_only=True,
        server="fincalc",
    ),
    ToolDefinition(
        "payroll_summary",
        "Estimate employer payroll costs and employee net pay for a given gross salary. Covers FICA (SS + Medicare), FUTA, and SUTA estimate.",
        {
            "type": "object",
            "properties": {
                "gross_annual_salary": {"type": "number", "description": "Annual gross salary"},
                "state_suta_rate": {
                    "type": "number",
                    "description": "State unemployment rate % (default 2.7)",
                    "default": 2.7,
                },
            },
            "required": ["gross_annual_salary"],
        },
        read_only=True,
        server="fincalc",
    ),
    ToolDefinition(
        "loan_amortization",
        "Generate a loan amortization summary (monthly payment, total interest, full schedule).",
        {
            "type": "object",
            "properties": {
                "principal": {"type": "number", "description": "Loan principal"},
                "annual_rate_pct": {
                    "type": "number",
                    "description": "Annual interest rate as percent (e.g. 6.5)",
                },
                "term_years": {"type": "number", "description": "Loan term in years"},
                "show_schedule": {
                    "type": "boolean",
                    "description": "Return full amortization table (default false)",
                },
            },
            "required": ["principal", "annual_rate_pct", "term_years"],
        },
        read_only=True,
        server="fincalc",
    ),
    ToolDefinition(
        "percent_change",
        "Calculate percent change, markup, or margin between two values.",
        {
            "type": "object",
            "properties": {
                "old_value": {"type": "number", "description": "Starting/original value"},
                "new_value": {"type": "number", "description": "Ending/new value"},
            },
            "required": ["old_value", "new_value"],
        },
        read_only=True,
        server="fincalc",
    ),
    ToolDefinition(
        "break_even",
        "Calculate break-even units and revenue given fixed costs, price per unit, and variable cost per unit.",
        {
            "type": "object",
            "properties": {
                "fixed_costs": {"type": "number", "description": "Total fixed costs"},
                "price_per_unit": {"type": "number", "description": "Selling price per unit"},
                "variable_cost_per_unit": {
                    "type": "number",
                    "description": "Variable cost per unit",
                },
            },
            "required": ["fixed_costs", "price_per_unit", "variable_cost_per_unit"],
        },
        read_only=True,
        server="fincalc",
    ),
    ToolDefinition(
        "currency_format",
        "Format a number as USD currency string (or other locale).",
        {
            "type": "object",
            "properties": {
                "amount": {"type": "number", "description": "Amount to format"},
                "decimals": {"type": "integer", "description": "Decimal places (default 2)"},
            },
            "required": ["amount"],
        },
        read_only=True,
        server="fincalc",
    ),
]
