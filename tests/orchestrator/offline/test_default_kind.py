"""A word of the kind a text parameter's default is, said, is that parameter's value: "track a
weekly habit: call grandma" for `create_habit(name, frequency="daily")` is a weekly habit named
"call grandma". Before, "daily" stayed in the name ("start a new habit: meditate daily" named
the habit "meditate daily", user trial 12, h01) and "weekly" made the router ask for the
name. A default no word of the request is of leaves the parameter unsent."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline._routing import calls, text, tool, turn

HABIT = tool(
    "create_habit",
    "Create new habit",
    {"name": text(""), "frequency": {"type": "string", "default": "daily"}},
    "name",
)
EXPORT = tool(
    "export_notes",
    "Export the notes to a file",
    {"path": text("Where to write"), "format": {"type": "string", "default": "json"}},
    "path",
)


@pytest.mark.parametrize(
    ("said", "name", "frequency"),
    [
        ("start a new habit: meditate daily", "meditate", "daily"),
        ("track a weekly habit: call grandma", "call grandma", "weekly"),
    ],
)
async def test_a_period_said_is_the_frequency(said: str, name: str, frequency: str) -> None:
    assert calls(await turn([HABIT], said)) == [
        ("create_habit", {"name": name, "frequency": frequency})
    ]


async def test_the_default_word_itself_said_fills_its_parameter() -> None:
    assert calls(await turn([EXPORT], "export my notes as json to /tmp/notes.json")) == [
        ("export_notes", {"path": "/tmp/notes.json", "format": "json"})
    ]


async def test_no_such_word_sends_nothing_for_it() -> None:
    assert calls(await turn([HABIT], "new habit: stretch")) == [
        ("create_habit", {"name": "stretch"})
    ]
