"""A flag whose name starts as a negation does ("uncertainty", "unsorted") is set by its own
word: "with the uncertainty" asks for `uncertainty`, where the word had been read as
"certainty" negated and matched nothing; "non-billable" still says `billable` is false. Fails
on the router before."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

FLAG = {"type": "boolean", "default": False}
ASSAY = tool(
    "assay_sample",
    "Assay a sample.",
    {"sample": text("Sample code"), "uncertainty": FLAG, "billable": FLAG},
    "sample",
)


async def test_a_flag_named_like_a_negation_is_set_by_its_word() -> None:
    assert calls(await turn([ASSAY], "assay sample S-17 with the uncertainty")) == [
        ("assay_sample", {"sample": "S-17", "uncertainty": True})
    ]


async def test_a_negated_flag_is_still_false() -> None:
    assert calls(await turn([ASSAY], "assay sample S-17, non-billable")) == [
        ("assay_sample", {"sample": "S-17", "billable": False})
    ]
