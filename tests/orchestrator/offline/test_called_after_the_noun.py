"""A new record's name said after the tool's noun and "called"/"named" ("a template called
bugreport") is its name (the title parameter), never the parameter named like the noun
(`template`, the record's text): the two had been swapped, a template named by its text
written. The text said goes in that parameter; the words the tool's description says before
its noun ("a reusable prompt template") name the kind, no value. Fails on the router before."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, string, tool, turn

TEMPLATES = [
    tool(
        "template_create",
        "Create a reusable prompt template.\n"
        "Use {variable_name} placeholders in the template text. name must be unique.",
        {"name": string(), "template": string(), "description": string(), "tags": string()},
        "name",
        "template",
    ),
    tool("template_list", "List all prompt templates.", {}),
]


async def test_the_name_after_called_names_the_record() -> None:
    for said, name, text in (
        ("make a template called bugreport: 'Summarize the bug'", "bugreport", "Summarize the bug"),
        (
            "make a prompt template called bugreport: 'Summarize the bug in {component}'",
            "bugreport",
            "Summarize the bug in {component}",
        ),
        (
            "create a template named standup with the text 'What did you do yesterday?'",
            "standup",
            "What did you do yesterday?",
        ),
    ):
        made = calls(await turn(TEMPLATES, said))
        assert made == [("template_create", {"name": name, "template": text})], said
