"""A number parameter named with its unit (`mass_kg`, `length_cm`, `dose_ml`) takes a quantity
said in that unit, or in another unit of its kind converted to it ("176 lb" is 79.8323 kg, "1.5
litres" 1500 ml), over schemas of its own; a quantity of another kind fills
nothing, and a unit-named parameter never takes the bare number of another unit."""

from __future__ import annotations

from typing import Any

from tests.orchestrator.offline._routing import calls, tool, turn

NUMBER: dict[str, Any] = {"type": "number"}
STRIDE = tool(
    "stride_index",
    "Calculate a stride index from a body mass and a leg length.",
    {"mass_kg": NUMBER, "length_cm": NUMBER},
    "mass_kg",
    "length_cm",
)
FLUSH = tool(
    "flush_volume",
    "Calculate a flush from a dose volume.",
    {"dose_ml": NUMBER},
    "dose_ml",
)


async def test_quantities_in_the_parameters_units_fill_them() -> None:
    step = await turn([STRIDE], "stride index for 70 kg and 92 cm")
    assert calls(step) == [("stride_index", {"mass_kg": 70, "length_cm": 92})]


async def test_quantities_in_other_units_of_their_kind_are_converted() -> None:
    step = await turn([STRIDE], "stride index for 176 lb and 90 cm")
    assert calls(step) == [("stride_index", {"mass_kg": 79.8323, "length_cm": 90})]
    step = await turn([FLUSH], "flush volume for 1.5 litres")
    assert calls(step) == [("flush_volume", {"dose_ml": 1500})]


async def test_a_quantity_of_another_kind_fills_nothing() -> None:
    assert calls(await turn([FLUSH], "flush volume for 2 kg")) == []


async def test_of_several_parameters_in_units_of_its_kind_none_is_guessed() -> None:
    mix = tool(
        "mix_ratio",
        "Calculate a mix ratio from a grain mass and a seed mass.",
        {"grain_g": NUMBER, "seed_g": NUMBER},
        "grain_g",
        "seed_g",
    )
    assert calls(await turn([mix], "mix ratio for 0.5 kg")) == []
