"""A new record's free map of texts (a secret's `fields`: an object of no properties whose every
value is a text) takes each field said by its name before its one-word value ("user
ana@example.com password Tr0ub4dor", "network is HomeNet", "code 4417"), and that value is never
a word of the title. Before, the values were folded into the title ("title user ana@example.com
password Tr0ub4dor"), a secret's value in cleartext, and the fields were asked for. A value of
more words than one is asked about. A text parameter named with its format (`body_markdown`,
`content_html`) is the record's body: a snippet's text after the colon fills it. Over schemas
of its own."""

from __future__ import annotations

from typing import Any

import pytest

from tests.orchestrator.offline._routing import calls, text, tool, turn

_S: dict[str, Any] = {"type": "string"}
_MAP: dict[str, Any] = {
    "type": "object",
    "description": "Key/value secret material",
    "additionalProperties": _S,
}
KEYRING = [
    tool(
        "put_secret",
        "Store an encrypted secret.",
        {"name": text("Human-readable title"), "kind": text("Kind of secret"), "values": _MAP},
        "name",
        "values",
    ),
]
SHELF = [
    tool(
        "add_clip",
        "Save a text clip.",
        {"title": text("Title of the clip"), "content_html": text("The clip's text")},
        "title",
        "content_html",
    ),
]


@pytest.mark.parametrize(
    ("said", "name", "values"),
    [
        (
            "save a secret for the Netflix login: user ana@example.com password Tr0ub4dor",
            "Netflix login",
            {"user": "ana@example.com", "password": "Tr0ub4dor"},
        ),
        ("store the garage door code 4417 as a secret", "garage door", {"code": "4417"}),
        ("save a secret github token ghp_abc123", "github", {"token": "ghp_abc123"}),
        (  # "secret", the tool's own noun, names a field too
            "save a secret called aws with key AKIA123 and secret s3cr3t",
            "aws",
            {"key": "AKIA123", "secret": "s3cr3t"},
        ),
    ],
)
async def test_fields_said_by_their_names_fill_the_map(
    said: str, name: str, values: dict[str, str]
) -> None:
    assert calls(await turn(KEYRING, said)) == [("put_secret", {"name": name, "values": values})]


async def test_a_value_of_more_words_than_one_is_asked_about() -> None:
    response = await turn(KEYRING, "save a secret for the bank: password is blue otter moon")
    assert calls(response) == []


async def test_a_body_named_with_its_format_takes_the_text_after_the_colon() -> None:
    said = 'save a clip called "tar a folder": tar -czf backup.tgz mydir'
    assert calls(await turn(SHELF, said)) == [
        ("add_clip", {"title": "tar a folder", "content_html": "tar -czf backup.tgz mydir"})
    ]
