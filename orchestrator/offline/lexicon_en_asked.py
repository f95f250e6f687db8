"""English for the offline router, a question that one read answers among reads that tie: the
question words that ask for the listing of the things said right after them, the verbs of
writing and the nouns of the records one writes (the rest is in `lexicon_en`,
`lexicon_en_values` and `lexicon_en_says`; `lexicon.Lexicon.of` reads them all). Nothing here
is code: each name is a field of `orchestrator.offline.lexicon.Lexicon`."""

# A question word right before the things asked for ("what reminders do I have?", "which
# projects are there?"): the plain listing of them, of reads that tie.
LISTING_QUESTIONS = ("what", "which")
# Verbs of writing something down, in a question ("did I write anything about scope?", "what
# have I noted on the launch?"): what one wrote is a record of a server whose records one
# writes (`WRITTEN_NOUNS`), searched or listed, not a person nor a ledger.
WRITTEN_VERBS = """write wrote written writing jot jotted note noted journal journaled journalled
blog blogged"""
# Nouns of the records one writes: a read of these answers a question of writing.
WRITTEN_NOUNS = "entry note page post diary journal memo article draft document notebook"
# Words a reply to a question for one value leads it with ("make that 4 and 9", "actually
# make it Jupiter", "use 7 instead"): the value is what follows (and "instead" is dropped).
VALUE_LEADS = (
    "make it",
    "make that",
    "change it to",
    "change that to",
    "set it to",
    "it's",
    "it is",
    "that's",
    "use",
)
VALUE_TAILS = ("instead", "then", "please", "pls")
