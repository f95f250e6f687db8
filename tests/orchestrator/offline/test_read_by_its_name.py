"""A secret read by the name it goes by ("what's the netflix password", "whats the garage
code") for a tool that decrypts one by its exact title or slug (`reveal(name)`): the entry is
found by the words the request names through the vault's listing, the one match read by its
title, several asked about, none never read. Before, the router was "not sure" (an earlier user
trial over the PyPI server `mcp-trove`)."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import run_with, text, tool

VAULT = [
    tool(
        "vault_add_note",
        "Add a plaintext note to the vault",
        {"title": text("Title"), "body": text("Body")},
        "title",
        "body",
    ),
    tool(
        "vault_add_secret",
        "Encrypt and store a secret",
        {
            "title": text("Title"),
            "category": text("Category"),
            "fields": {"type": "object", "additionalProperties": {"type": "string"}},
        },
        "title",
        "category",
        "fields",
    ),
    tool(
        "vault_get_secret",
        "Decrypt a secret and return its fields",
        {"name": text("Secret title or slug."), "category": text("Optional category")},
        "name",
    ),
    tool(
        "vault_find",
        "Search the vault by title, tags or category",
        {"query": text("Free text to match."), "kind": text("'note', 'secret' or 'all'")},
    ),
    tool("vault_entries", "List all entries (notes and secrets) with their tags and paths", {}),
    tool("vault_remove", "Remove an entry by name", {"name": text("Entry name")}, "name"),
]


def _entry(title: str, kind: str = "secret") -> dict[str, str]:
    slug = title.lower().replace(" ", "-")
    return {
        "kind": kind,
        "title": title,
        "slug": slug,
        "category": "home",
        "path": f"{kind}s/home/{slug}",
    }


def _outputs(*entries: dict[str, str]) -> dict[str, str]:
    listing = json.dumps({"count": len(entries), "entries": list(entries)})
    return {
        "vault_entries": listing,
        "vault_find": listing,
        "vault_get_secret": '{"fields": {"password": "x"}}',
    }


ALL = (
    _entry("Netflix login"),
    _entry("HomeNet wifi"),
    _entry("garage door code"),
    _entry("netflix notes", "note"),
)


async def test_the_one_secret_named_is_read_by_its_title() -> None:
    made = await run_with(VAULT, _outputs(*ALL), "what was the netflix password")
    assert made == [("vault_find", {}), ("vault_get_secret", {"name": "Netflix login"})]


async def test_a_code_is_read() -> None:
    made = await run_with(VAULT, _outputs(*ALL), "whats the garage code")
    assert made[-1] == ("vault_get_secret", {"name": "garage door code"})


async def test_a_word_after_the_name_is_not_part_of_it() -> None:
    made = await run_with(VAULT, _outputs(*ALL), "whats the wifi password again")
    assert made[-1] == ("vault_get_secret", {"name": "HomeNet wifi"})


async def test_two_named_are_asked_about() -> None:
    two = (*ALL, _entry("Netflix family"))
    made = await run_with(VAULT, _outputs(*two), "what was the netflix password")
    assert made == [("vault_find", {})]


async def test_none_named_is_never_read() -> None:
    made = await run_with(VAULT, _outputs(*ALL), "whats the bank pin")
    assert [name for name, _ in made] == ["vault_find"]
