"""English for the offline router, amounts that measure a thing: the words that say an `amount`
parameter measures one (never money), and the word that leads the unit a number parameter's
description says it is in (the rest is in `lexicon_en`, `lexicon_en_values`, `lexicon_en_says`
and `lexicon_en_records`; `lexicon.Lexicon.of` reads them all). Nothing here is code: each name
is a field of `orchestrator.offline.lexicon.Lexicon`."""

# The words of a number parameter's name (of `AMOUNT_WORDS`) that may name a thing measured as
# well as money: an `amount` beside a unit of measure (`log_water(amount, unit)`) is the water's,
# a `price` or a `cost` never is.
MEASURE_AMOUNT_WORDS = "amount"
# An amount's description that says what it measures with one of these ("Amount of water
# consumed", "Dose taken") is a measure: money never fills it.
MEASURED_DESCRIBE = "consumed intake dose dosage drank drunk eaten volume serving servings"
# The word before the unit a number parameter's description says it is in ("Weight used in lbs",
# "Amount in ml"); a unit alone in brackets says it too ("Weight (kg)").
UNIT_LEADS = ("in",)
# A word before a quantity that says it is a guess ("around 250ml", "roughly 2 cups"): the
# quantity's own word, no value.
HEDGE_WORDS = "around about roughly approximately approx nearly almost"
