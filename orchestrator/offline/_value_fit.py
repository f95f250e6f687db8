"""How well the values read by type (`_values`) fit a tool's parameters, for choosing it
(`_choose`): money for an amount (never one that measures a thing: `_measures`), a quantity for
a quantity and its unit (one the unit parameter names) or a list of measured items, a count of
sets and a set's weight ("5x5 at 100kg") for a list of exercises with their sets (never money,
never a food's amount), numbers for a list of numbers, a phone, a person, a time zone, a month,
a clock time; sizes ("9x9x14") for lists of things with their sizes."""

from __future__ import annotations

from typing import Any

from orchestrator.offline._coded import takes_coded
from orchestrator.offline._company_role import pair_said
from orchestrator.offline._convert import conversion, expressed
from orchestrator.offline._dimensioned import holds_sizes, says_sizes, takes_sizes
from orchestrator.offline._measured_items import takes_measured_items
from orchestrator.offline._measures import measured_amount, names_unit, says_money
from orchestrator.offline._read import Request
from orchestrator.offline._sets import said_sets, set_weights, takes_sets
from orchestrator.offline._sides import sides_said
from orchestrator.offline._tools import ToolView, operation_of
from orchestrator.offline._typed import named_params
from orchestrator.offline._values import zones_in
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = ["typed_fit"]


def typed_fit(reading: Request, tool: ToolView, roles: set[Any]) -> float:
    """Values read by type (`_values`) the tool has a place for; money or a quantity with a unit
    it has none for counts against it."""
    fit = 0.0
    kinds = {v.kind for v in reading.values}
    if conversion(reading, tool) is not None or expressed(reading, tool) is not None:
        return fit + W.fit_conversion  # its units and its value: nothing else to weigh
    if "money" in kinds:
        fit += W.fit_money if "amount" in roles else -W.unfit_value
    elif "quantity" not in kinds and measured_amount(tool) and says_money(reading):
        fit -= W.unfit_value  # "spent money on coffee": no amount of water
    if "currency" in kinds and "currency" in roles:
        fit += W.fit_currency  # "add my Amex card too, USD": an account kept in a currency
    named = named_params(reading, tool)  # "430 cal, 28g protein": calories, protein_g
    fit += min(W.fit_named_cap, W.fit_named_number * len(named))
    weighed = set_weights(reading)  # "5x5 at 100kg": a set's weight, no food's, no money
    if weighed or said_sets(reading):
        fit += W.fit_sets if takes_sets(tool) else -W.unfit_value
    if pair_said(reading, tool):  # "Airbnb data scientist": a company and the job there
        fit += W.fit_company_role
    if sides_said(reading, tool):  # "laufen = to run", "front: X back: Y": a card's sides
        fit += W.fit_sides
    sized = holds_sizes(tool)
    if says_sizes(reading) and not sized:  # "8 jars 9x9x14 into a 40x20x30 box": things to
        fit -= W.unfit_value  # pack, and boxes
    elif says_sizes(reading) and takes_sizes(tool):  # (nothing else needed)
        fit += W.fit_sizes
    quantities = [  # ("0.6 kg each" there: a thing's weight)
        q for q in reading.typed("quantity") if not weighed & set(q.tokens) and not sized
    ]
    if quantities and takes_measured_items(tool):  # "rice 150g": a meal's foods
        fit += W.fit_quantity
    elif quantities and not named:
        if "quantity" in roles and (
            all(names_unit(tool, str(q.unit)) for q in quantities)  # "16 oz": "oz, ml, cups"
            or ("unit" not in roles and all(q.unit in LEX.units_need_of for q in quantities))
        ):
            fit += W.fit_quantity
        elif "amount" not in roles:
            fit -= W.unfit_value
    if "math" in kinds:
        ops = {v.unit for v in reading.typed("math") if v.unit}
        arithmetic = [p for p in tool.role("expression") if not takes_coded(p)]  # no formula
        if arithmetic or operation_of(tool) in ops:
            fit += W.fit_math
    for kind in ("numbers", "matrix"):  # "median of 3, 9, 4": a tool that takes the numbers
        if kind in kinds and kind in roles:
            fit += W.fit_numbers
    if "phone" in kinds and "phone" in roles:
        fit += W.fit_phone
    names = reading.typed("name")
    ident = tool.identifier
    about_people = tool.nouns & LEX.person_nouns or (
        ident is not None and set(ident.words) & LEX.person_nouns
    )
    if names and (roles & {"first_name", "last_name", "company"} or about_people):
        fit += W.fit_person
    elif about_people and reading.words & LEX.person_questions:
        fit += W.fit_person  # "who ...?"
    if "zone" in roles and (
        reading.words & LEX.zone_cues
        or (reading.words & (LEX.zone_day_cues | set(LEX.day_parts)) and zones_in(reading.text))
        or (reading.when is not None and reading.when.has_time and len(zones_in(reading.text)) > 1)
    ):  # "what time is it in Tokyo", "what's the date in Honolulu", "what's 14:30 utc in LA"
        fit += W.fit_zone
    if reading.when is not None and reading.when.kind == "month" and "month" in roles:
        fit += W.fit_month
    if reading.when is not None and reading.when.has_time and "clock" in roles:
        fit += W.fit_when
    return fit
