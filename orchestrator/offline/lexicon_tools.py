"""Words of tools that speak another language, as data: each with the English word it means.

A server whose tool names and descriptions are Italian (`cronos_lista_progetti`, "Aggiungi una
entry al diario") or Portuguese (`listar_feriados`, "Verifica se a data é feriado") is still read
by the English lexicon: each word here joins the English word's group of verbs
(`VERB_GROUPS`) or of nouns (`NOUN_CLUSTERS`) in `lexicon_en` (`Lexicon.with_tool_words`). They
are the tools' words, never the user's: a request is read in English. A language is added here,
under its own name, in one place.
"""

TOOL_WORDS = {
    "it": {
        "aggiungi": "add",
        "lista": "list",
        "elenca": "list",
        "leggi": "read",
        "legge": "read",
        "cerca": "search",
        "conta": "tally",
        "imposta": "set",
        "verifica": "verify",
        "diario": "diary",
        "bloccanti": "blockers",
        "progetto": "project",
        "progetti": "project",
        "statistiche": "stats",
        "settimana": "week",
        "mese": "month",
    },
    "pt": {
        "listar": "list",
        "retorna": "get",
        "contar": "tally",
        "conta": "tally",
        "verifica": "verify",
        "feriado": "holiday",
        "feriados": "holidays",
        "util": "business",
        "uteis": "business",
    },
}
