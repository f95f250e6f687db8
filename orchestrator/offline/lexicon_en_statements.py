"""English for a plain statement a tool exists to record (`_statement`): "Bob is my manager",
"had coffee with Dana today", said with no verb of ours to a tool whose description says it
records what the user states. Nothing here is code: each name is a field of
`orchestrator.offline.lexicon.Lexicon`."""

# A tool's description that says so records what the user states or tells about someone.
STATEMENT_DESCRIBE = (
    "user stated",
    "user states",
    "user tells",
    "user told",
    "user says",
    "user said",
    "user mentions",
    "user mentioned",
)
# A parameter so named (its last word) takes the person a statement is about.
STATEMENT_PERSON_WORDS = "person name contact who individual friend"
# A parameter so named (its last word, singular) takes the statement itself, as said.
STATEMENT_NOTE_WORDS = "note fact statement observation text content detail details memo"
# A parameter so named takes the role said after these ("as a product manager").
STATEMENT_ROLE_WORDS = "role position job"
STATEMENT_ROLE_LEADS = ("as a", "as an", "as the", "as")
# A statement's verb after its subject ("Amina got promoted", "Leila moved to Berlin", "Bob is
# my manager"), or opening it ("met Dana last week", "I had coffee with Dana"): a stating link
# (`STATING_LINKS`), a word of these endings (the first a past form's, the other only right
# after a name: "Amina prefers"), or one of these forms.
STATEMENT_VERB_ENDINGS = ("ed", "s")
STATEMENT_VERBS = """got had met went took told said left made became began bought came gave
knew lost saw sent spoke won wrote ran quit has lives"""
# Who may open a statement about someone else ("I met Sofia at the gym"): never its subject.
STATEMENT_SPEAKERS = "i we"
# A date parameter so named takes a day gone by ("met Dana last week"), never one to come
# ("her birthday is March 14": that day stays in the statement's note).
STATEMENT_PAST_WORDS = "occurred happened"
