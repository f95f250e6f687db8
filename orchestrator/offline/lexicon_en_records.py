"""English for the offline router, a record dictated: the words that open the list of its items
and the marks that end it, the parameters that take its steps, and the words that lead the
examples a parameter's description gives of its values (the rest is in `lexicon_en`,
`lexicon_en_values` and `lexicon_en_says`; `lexicon.Lexicon.of` reads them all). Nothing here
is code: each name is a field of `orchestrator.offline.lexicon.Lexicon`."""

# A word after which a record's items are listed: "a recipe for aglio e olio with spaghetti,
# garlic and parsley" (a colon or a full stop opens a list too: "pancakes: 200g flour, 2 eggs").
ITEMS_LEADS = ("with", "using", "containing")
# The marks that end a list dictated, and each step said after it: "...; whisk and fry."
ITEMS_ENDS = (".", ";", "!")
# A list parameter so named takes the steps said after the items, each sentence one step.
STEP_WORDS = "step instruction direction method procedure"
# What leads the values a description gives as examples: `Difficulty level (e.g. "easy",
# "medium", "hard")`; a word said alone that is one of them is that parameter's value.
EXAMPLE_LEADS = ("e.g.", "eg.", "e.g", "for example", "such as", "for instance", "like")
# A number parameter so named counts the people a record is for: "I cooked it for 2" (servings
# 2), "a table for 4" (`party_size`); "for" leads the count, nothing after it.
HEADCOUNT_WORDS = "serving portion guest people person party pax cover headcount diner"
HEADCOUNT_LEADS = ("for",)
# A number parameter so named takes a score said against its scale: "4 out of 5", "3 stars"
# (the words after the number, `SCORE_SCALES`, say it is a score: they are the score's too).
SCORE_WORDS = "rating score star quality mood"
# Words before a score that are its own: "rate it 4/10", "rated it 8 out of 10".
SCORE_LEADS = ("rate it", "rated it", "rate", "rated", "rating of", "rating")
# A score written as a fraction of its scale ("7/10", "4/5"): the scales that say so.
SCORE_FRACTIONS = (5, 10, 100)
# The word between two readings said as one pair, for a tool taking two numbers side by side:
# "bp 120 over 80" (`systolic`, `diastolic`); a slash joins them too ("120/80").
PAIR_JOINS = "over /"
# Words that leave an optional parameter named after them to the tool's default: "set up my
# ledger with the default accounts" sends no `accounts`.
DEFAULTS_ASKED = "default defaults standard usual"
SCORE_SCALES = ("out of", "stars", "star")
