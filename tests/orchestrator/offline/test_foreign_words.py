"""Tools whose names and descriptions are in Italian or Portuguese are found by the English words
for their verbs and nouns (lexicon: "lista" and "leggi" among the verbs of reading, "progetti",
"diario", "feriados" in the noun clusters of "project", "diary", "holiday"): "which projects are
in my diary?" lists them. Fails on the router before (it was not sure what to do)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, tool, turn

PROJECTS = tool(
    "registro_lista_progetti",
    "Elenca i progetti menzionati nel diario.",
    {},
)
NOTES = tool(
    "registro_leggi_diario",
    "Legge il contenuto del diario di oggi.",
    {},
)
HOLIDAYS = tool("listar_feriados", "Lista os feriados do ano.", {})


async def test_an_italian_listing_is_found_by_its_english_words() -> None:
    response = await turn([PROJECTS, NOTES], "which projects are in my diary?")
    assert calls(response) == [("registro_lista_progetti", {})]


async def test_a_portuguese_listing_is_found_by_its_english_words() -> None:
    response = await turn([HOLIDAYS, NOTES], "list the holidays")
    assert calls(response) == [("listar_feriados", {})]
