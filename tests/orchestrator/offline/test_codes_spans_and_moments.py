"""More misses of user trial 27 (read since, never tuned on at first sight), over the moonbounce
server's own schemas (`_utilities.MOON`) beside the bundled todo server's tools:
- a code said in the shape its parameter's examples give, any letters in their place
  ("Maidenhead locator, e.g. DN13 or DN13la": "JO65"), and a second one for the parameter named
  as its second (`other_locator`); a word with no digit is no such code ("from degraded" asks);
- a count of a span said in the unit a parameter counts ("every 10 minutes": `step_minutes`,
  never `hours`), or converted to the nearest unit one counts ("over the next 3 days": `hours`
  72);
- a quantity after "on" a setting, never a measure recorded ("path loss on 23cm");
- an ISO time with its zone ("2026-12-05T03:00Z", "+05:30") that moment;
- a tool named for a noun said in another form of its root ("how degraded": `eme_degradation`);
- "right now" puts no "right" in a title."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from orchestrator.offline._tokens import same_word
from tests.orchestrator.offline import _utilities
from tests.orchestrator.offline._routing import calls, turn
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *_utilities.TOOLS]


@pytest.mark.parametrize(
    ("said", "args"),
    [
        ("when is the moon up from JO65?", {"locator": "JO65"}),
        (
            "moon window for FN31 and JO65 over the next 3 days",
            {"locator": "FN31", "other_locator": "JO65", "hours": 72},
        ),
        (
            "moon window for JO65 for the next 2 days every 15 minutes",
            {"locator": "JO65", "hours": 48, "step_minutes": 15},
        ),
        ("moon window for FN31, every 10 minutes", {"locator": "FN31", "step_minutes": 10}),
    ],
)
async def test_codes_and_spans_by_their_parameters(said: str, args: dict[str, object]) -> None:
    assert calls(await turn(TOOLS, said)) == [("eme_moon_window", args)], said


async def test_a_word_is_no_code_of_letters_and_digits() -> None:
    response = await turn(TOOLS, "moon window from degraded")
    assert calls(response) == [], response.text
    assert "locator must be written like “DN13”" in response.text, response.text


@pytest.mark.parametrize(
    ("said", "name", "moment", "more"),
    [
        (
            "path loss on 23cm at 2026-12-05T03:00Z",
            "eme_path_loss",
            datetime(2026, 12, 5, 3, 0, tzinfo=UTC),
            {"band": "23cm"},
        ),
        (
            "how degraded is the moon at 2026-12-05T03:00+05:30",
            "eme_degradation",
            datetime(2026, 12, 4, 21, 30, tzinfo=UTC),
            {},
        ),
    ],
)
async def test_a_time_with_its_zone_is_that_moment(
    said: str, name: str, moment: datetime, more: dict[str, object]
) -> None:
    ((called, args),) = calls(await turn(TOOLS, said))
    assert called == name, (called, args)
    assert datetime.fromisoformat(args.pop("when")) == moment, args
    assert args == more, args


async def test_a_noun_said_in_another_form_of_its_root_names_the_tool() -> None:
    ((called, args),) = calls(await turn(TOOLS, "how degraded is the moon tonight"))
    assert called == "eme_degradation", args
    assert same_word("degraded", "degradation") and same_word("calculated", "calculation")
    for a, b in (("station", "stated"), ("planet", "planned"), ("market", "marked")):
        assert not same_word(a, b), (a, b)


async def test_right_now_is_no_part_of_a_title() -> None:
    ((called, args),) = calls(await turn(TOOLS, "remind me to call mom right now"))
    assert (called, args["title"]) == ("create_todo", "call mom"), args
