"""Values a description written in Chinese lists in Latin letters: two joined by its word for
"or" ("宠物类型，cat或dog，默认cat") and values each glossed after "=" ("cabin=客舱、cargo=托运、
both=两者") are the parameter's enum (`mcp-pet-travel-guide` 1.1.0, user trial 37: "can I bring my
cat in the cabin on Air China?" was asked about, which tool), never an English description's
"(Gold=±5%, Silver=±10%)"."""

# ruff: noqa: E501  (the server's description, as its `tools/list` gives it)

from __future__ import annotations

from orchestrator import ToolDefinition
from orchestrator.offline.router import OfflineRouter
from tests.orchestrator.offline._glossary_vault_parts import TOOLS as PARTS
from tests.orchestrator.offline._routing import conversation
from tests.orchestrator.offline.test_files_and_games import TODOS

FLIGHT = ToolDefinition(
    "check_pet_flight",
    "查询航空公司的宠物托运/客舱携带政策。\n\n    Args:\n        airline: 航空公司名称或代码，如：国航、南航、海航、CA、CZ\n        pet_type: 宠物类型，cat或dog，默认cat\n        cabin_type: 查询类型，cabin=客舱、cargo=托运、both=两者，默认both\n    ",
    {
        "properties": {
            "airline": {"title": "Airline", "type": "string"},
            "pet_type": {"default": "cat", "title": "Pet Type", "type": "string"},
            "cabin_type": {"default": "both", "title": "Cabin Type", "type": "string"},
        },
        "required": ["airline"],
        "title": "check_pet_flightArguments",
        "type": "object",
    },
    server="pettravel",
)


def test_values_in_latin_letters_a_chinese_description_lists_are_the_enum() -> None:
    view = OfflineRouter()._view(FLIGHT)
    assert list(view.params["pet_type"].enum) == ["cat", "dog"]
    assert list(view.params["cabin_type"].enum) == ["cabin", "cargo", "both"]
    assert not view.params["airline"].enum


def test_an_english_gloss_after_equals_lists_no_values() -> None:
    decode = next(t for t in PARTS if t.name == "decode_resistor_color_bands")
    assert "silver" not in OfflineRouter()._view(decode).params["band4"].enum


async def test_the_values_said_fill_them() -> None:
    said = "can I bring my cat in the cabin on Air China?"
    made, _ = await conversation([*TODOS, FLIGHT], said)
    assert made == [
        ("check_pet_flight", {"airline": "Air China", "pet_type": "cat", "cabin_type": "cabin"})
    ]
