"""A tool's nouns under the other name its description gives them in brackets ("Compute the
bond energy (binding strength) of a molecule") are its nouns said: "binding strength of
ethanol" goes to `bond_energy_calculator`, not to a rival whose description says "binding" and
"strength" as often; either side of the brackets may be the name's ("the atom spacing (bond
length)"). Fails on the router before (it asked which tool)."""

from __future__ import annotations

from orchestrator.offline._aliases import aliased_nouns
from orchestrator.offline._read import read
from orchestrator.offline._tools import ToolView
from tests.orchestrator.offline._routing import calls, text, tool, turn

MOLECULE = {"molecule": text("Molecule name, e.g. ethanol")}
ENERGY = tool(
    "bond_energy_calculator",
    "Compute the bond energy (binding strength) of a molecule.",
    MOLECULE,
    "molecule",
)
LENGTH = tool(
    "bond_length_calculator",
    "Compute the atom spacing (bond length) of a molecule: binding distance, bond strength.",
    MOLECULE,
    "molecule",
)


def test_the_other_name_names_the_nouns() -> None:
    view = ToolView.of(LENGTH.name, LENGTH.description, LENGTH.input_schema)
    assert set(aliased_nouns(read("atom spacing of ethanol"), view)) == {"bond", "length"}


async def test_the_other_name_said_chooses_the_tool() -> None:
    assert calls(await turn([LENGTH, ENERGY], "binding strength of ethanol")) == [
        ("bond_energy_calculator", {"molecule": "ethanol"})
    ]
    assert calls(await turn([ENERGY, LENGTH], "atom spacing of ethanol")) == [
        ("bond_length_calculator", {"molecule": "ethanol"})
    ]
