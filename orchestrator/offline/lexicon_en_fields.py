"""English for the fields a record's values go to: the description that makes a text its title,
the field a value's shape says (`_shaped_fields`: a thing's number "#4", a year, an amount after
a price word, a ceiling, a flag said by its opposite), what a new record belongs to
(`_member_of`), the field that keeps a reason (`_reason`), the nouns a question of how much
says, and the word that corrects a value. Nothing here is code: each name is a field of
`orchestrator.offline.lexicon.Lexicon`."""

# A new record's one required text whose description opens so is its title ("Name of the food";
# "Free-form description: 'Charizard ex SIR'": what the record is, said freely).
TITLE_DESCRIBE = (
    "name of",
    "the name",
    "title of",
    "the title",
    "name as",
    "free-form description",
    "human-readable name",
    "display name",
)
# A field whose name ends so holds a thing's number, said "#4" (`card_number`, `issue_no`).
NUMBER_FIELD_WORDS = "number no num nr"
# A field whose name ends so holds a year ("a 1999 Base Set Charizard").
YEAR_FIELD_WORDS = "year"
# A plain number of four digits in this span (first year, the year after the last) is a year.
YEAR_SPAN = (1800, 2200)
# A plain number said after these is what was paid ("paid 900", "cost 1400 dollars").
PAID_LEADS = "paid cost costs costing priced"
# A word that says a flag is off by its opposite: "raw" is a card not graded (`is_graded`).
FLAG_OPPOSITES = {"raw": "graded"}
# A verb of getting a thing: "from" after it says where it came from ("bought it from Kim"),
# never what it belongs to ("a Blastoise from Base Set").
ACQUIRE_VERBS = "bought got ordered purchased received traded won"
# Said before a number, these say it is a ceiling ("want it under 180"), for a field its
# description says is one ("Buy below this price."; "Maximum price").
CEILING_LEADS = "under below max maximum"
# A field named so, or described opening so, keeps a record's reason: "..., I think it'll rise
# after rotation" is the `thesis` ("Why you want this card.").
REASON_FIELD_WORDS = "reason reasons rationale thesis why motivation"
REASON_DESCRIBE = "why"
# A tool's noun that a question of how much says without saying the word ("how much have I
# spent in total" for `collection_value`: its value).
AMOUNT_NOUNS = "value amount total sum cost"
# Said between "was" and a value, these correct a record's value: "the Blastoise was actually
# 850" changes what it holds (its price), with no verb of ours.
CORRECTION_WORDS = "actually"
