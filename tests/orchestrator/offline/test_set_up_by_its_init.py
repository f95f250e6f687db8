""" "Set up / initialise / bootstrap my X" goes to the tool that sets X up (`trove_init`,
`initializeWorkspace`, `setup-repo`), a tool of the same synonym group of verbs (lexicon
`VERB_GROUPS`, "setup") that requires nothing: the words after the verb that are the tool's own
(its server's name, its description's nouns: "my trove vault") name its thing, no value. Before,
"set up" was a way to schedule, an init tool had no verb of ours, and the router asked which of
the server's add tools was meant. A request that says more than the tool's own words ("set up a
meeting called Retro") is still asked about, never run. Over schemas of its own."""

from __future__ import annotations

from typing import Any

import pytest

from tests.orchestrator.offline._routing import calls, text, tool, turn

_S: dict[str, Any] = {"type": "string"}
VAULT = [
    tool(
        "vault__vault_init",
        "Scaffold the vault: create directories, generate the keypair, write the config.",
        {"recipient": text("Explicit public key"), "generate_key": {"type": "boolean"}},
    ),
    tool(
        "vault__vault_add_note",
        "Save a note in the vault.",
        {"title": text("Title of the note"), "body": text("Text of the note")},
        "title",
        "body",
    ),
    tool("vault__vault_list", "List all entries of the vault.", {}),
]
WORKSPACE = [
    tool("initializeWorkspace", "Initialize a new workspace in the current directory.", {}),
    tool("addFile", "Add a file to the workspace.", {"path": _S}, "path"),
]


@pytest.mark.parametrize(
    "said", ["set up my vault", "initialise the vault", "bootstrap my vault", "initialize my vault"]
)
async def test_setting_up_a_servers_thing_runs_its_init_tool(said: str) -> None:
    assert calls(await turn(VAULT, said)) == [("vault__vault_init", {})]


async def test_an_init_tool_of_another_name_and_case() -> None:
    assert calls(await turn(WORKSPACE, "initialize my workspace")) == [("initializeWorkspace", {})]


async def test_more_than_the_tools_own_words_is_asked_about() -> None:
    response = await turn(VAULT, "set up a meeting called Retro tomorrow")
    assert calls(response) == []
