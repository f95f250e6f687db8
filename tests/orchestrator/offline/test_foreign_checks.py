"""A tool whose Portuguese description opens with its verb ("Verifica se uma data é feriado",
"Conta dias úteis entre duas datas") is a check, or a count, as its English verb's would be
(lexicon: "verifica" among the verbs of checking, "conta" among those of reporting): "is
2030-04-21 a holiday?" checks the day, where a listing of the year's holidays lacks its year.
Fails on the router before (it asked which of the two tools)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

CHECK = tool(
    "e_feriado",
    "Verifica se uma data (YYYY-MM-DD) é feriado.",
    {"date": text("Data YYYY-MM-DD")},
    "date",
)
LIST = tool(
    "listar_feriados",
    "Lista os feriados num ano.",
    {"year": {"type": "integer"}},
    "year",
)


async def test_a_portuguese_check_is_a_check() -> None:
    response = await turn([LIST, CHECK], "is 2030-04-21 a holiday?")
    assert calls(response) == [("e_feriado", {"date": "2030-04-21"})]
