"""Numbers said with the word that names them, over schemas of its own: "310 kcal, 22g protein"
fills `energy_kcal` and `protein_g`, "55g of fat" a `fat` the tool describes in grams, "17
protein" with no unit too; such numbers choose the tool that has them, and with no verb they
are a record to make. A new record's one required text described as "Name of ..." is its
title, and "this morning" is today's."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from orchestrator.offline._dates import find_when
from tests.orchestrator.offline._routing import calls, tool

NUMBER: dict[str, Any] = {"type": "number"}
TEXT: dict[str, Any] = {"type": "string"}


RECORD_DISH = tool(
    "record_dish",
    "Record a dish eaten",
    {
        "dish": {"type": "string", "description": "Name of the dish (e.g. 'lentil soup')"},
        "energy_kcal": NUMBER,
        "protein_g": NUMBER,
        "carbohydrates_g": NUMBER,
        "fat_g": NUMBER,
        "course": {"type": "string", "enum": ["breakfast", "lunch", "dinner", "snack"]},
    },
    "dish",
    "energy_kcal",
    "protein_g",
    "carbohydrates_g",
    "fat_g",
)
EXPORT_RECORDS = tool("export_records", "Export the food records as CSV", {"day": TEXT})
DAILY_TARGETS = tool(
    "daily_targets",
    "Set daily targets in grams of protein, carbs and fat, and calories",
    {"calories": NUMBER, "protein": NUMBER, "carbs": NUMBER, "fat": NUMBER},
)


async def turn(tools: list[ToolDefinition], text: str) -> ModelResponse:
    return await OfflineRouter().respond(ModelRequest("", [UserMessage(text)], tools))


async def test_numbers_said_with_their_names_fill_the_parameters_so_named() -> None:
    said = "record dinner: lentil soup, 310 kcal, 22g protein, 41g carbohydrates, 9g fat"
    ((name, args),) = calls(await turn([RECORD_DISH, EXPORT_RECORDS], said))
    assert name == "record_dish", (name, args)
    assert args == {
        "dish": "lentil soup",
        "energy_kcal": 310,
        "protein_g": 22,
        "carbohydrates_g": 41,
        "fat_g": 9,
        "course": "dinner",
    }


async def test_grams_go_where_the_tool_says_grams_and_bare_numbers_by_their_word() -> None:
    said = "set daily targets: 150g of protein, 2100 calories, 70 fat"
    ((_, args),) = calls(await turn([DAILY_TARGETS], said))
    assert args == {"protein": 150, "calories": 2100, "fat": 70}, args


async def test_with_no_verb_numbers_said_by_their_names_are_a_record_to_make() -> None:
    said = "porridge for breakfast - 280 cal, 9 protein, 50 carbs, 5 fat"
    ((name, args),) = calls(await turn([RECORD_DISH, EXPORT_RECORDS], said))
    assert name == "record_dish" and args["energy_kcal"] == 280, (name, args)


async def test_a_required_text_described_as_the_name_of_the_thing_is_its_title() -> None:
    add_plant = tool(
        "add_plant",
        "Add a plant to the collection",
        {"species": {"type": "string", "description": "Name of the plant"}, "pot_cm": NUMBER},
        "species",
    )
    ((_, args),) = calls(await turn([add_plant], "add a plant: monstera deliciosa"))
    assert args == {"species": "monstera deliciosa"}, args


def test_this_morning_and_this_evening_are_today_even_when_past() -> None:
    now = datetime.now().astimezone().replace(hour=20, minute=0)
    for said, hour in (("took the pills at 8 this morning", 8), ("this evening", 18)):
        when = find_when(said, now)
        assert when is not None and when.start.date() == now.date(), said
        assert when.start.hour == hour and when.has_date, said
