"""A request's word that names a tool's noun is counted once, as that noun: "which projects have I
been working on lately?" for an Italian diary lists the projects (`cronos_lista_progetti`), and
does not also count as the word of the `progetto` parameter (read as "project") of
`cronos_progetto(progetto)`, which made that tool as likely: once the projects were listed, the
router asked which of the two was meant. Said beside a name ("the Mobile App project"), the word
still counts for the parameter too. Failed on the router before (it asked)."""

from __future__ import annotations

from orchestrator.messages import AssistantMessage
from tests.orchestrator.offline._routing import after_listing, run_with, text, tool

HISTORY = tool(
    "project_history",
    "Rebuilds the whole history of one project from the diary.",
    {"project": text("The project's name"), "days": {"type": "integer"}},
    "project",
)
LISTING = tool(
    "list_projects", "Lists the projects named in the diary.", {"days": {"type": "integer"}}
)
STORIA = tool(
    "cronos_progetto",
    "Ricostruisce la storia completa di un progetto dal diario.",
    {"progetto": text("Nome del progetto"), "ultimi_giorni": {"type": "integer"}},
    "progetto",
)
ELENCO = tool(
    "cronos_lista_progetti",
    "Elenca i progetti menzionati nel diario.",
    {"ultimi_giorni": {"type": "integer"}},
)
FOUND = '{"projects": [{"name": "Backend API"}, {"name": "Mobile App"}]}'


async def test_the_projects_asked_for_are_listed_by_an_italian_diary() -> None:
    response = await after_listing(
        [STORIA, ELENCO],
        "which projects have I been working on lately",
        "cronos_lista_progetti",
        FOUND,
    )
    (item,) = response.items
    assert isinstance(item, AssistantMessage) and item.question is None, response.text
    assert "Backend API" in response.text and "Mobile App" in response.text


async def test_one_project_named_beside_its_word_has_its_history_read() -> None:
    outputs = {"list_projects": FOUND, "project_history": "{}"}
    made = await run_with([HISTORY, LISTING], outputs, "show the history of the Mobile App project")
    assert made[-1] == ("project_history", {"project": "Mobile App"})
