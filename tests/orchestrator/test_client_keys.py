"""The client-side keys of a server entry (OAuth, roots, sampling, elicitation) as each dialect
writes them, read into one shape."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest
import yaml

from orchestrator.config import MCPServerSettings, load_config
from orchestrator.errors import ConfigError
from orchestrator.roots import OfferedRoot, roots_of


def server(
    tmp_path: Path,
    entry: dict[str, Any],
    env: dict[str, str] | None = None,
    *,
    name: str = "mcp_agent.config.yaml",
) -> MCPServerSettings:
    path = tmp_path / name
    if name.endswith(".json"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"mcpServers": {"s": entry}}))
    else:
        path.write_text(yaml.safe_dump({"mcp": {"servers": {"s": entry}}}))
    return load_config(path, env=env or {}, ask=None).servers["s"]


REMOTE = {"transport": "streamable_http", "url": "https://mcp.example.com/mcp"}


def test_mcp_agent_oauth_block_with_a_secret_from_the_environment(tmp_path: Path) -> None:
    entry = {
        **REMOTE,
        "auth": {
            "oauth": {
                "enabled": True,
                "scopes": ["repo", "read:user"],
                "client_id": "cid-1",
                "client_secret": "${GH_SECRET}",
            },
        },
    }
    got = server(tmp_path, entry, {"GH_SECRET": "s3cret"})
    assert got.oauth is not None and got.oauth.enabled
    assert got.oauth.scopes == ["repo", "read:user"] and got.oauth.client_id == "cid-1"
    assert got.oauth.client_secret is not None
    assert got.oauth.client_secret.get_secret_value() == "s3cret"
    assert "s3cret" not in repr(got) and got.extras == {}


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        # ours, in mcp-agent YAML
        ({"auth": {"oauth": True, "scopes": ["read"], "client_id": "x"}}, (True, ["read"], "x")),
        # fast-agent: scope as a string, its loopback settings, persist (ours is a file)
        (
            {
                "auth": {
                    "oauth": True,
                    "scope": "read write",
                    "redirect_port": 3030,
                    "redirect_path": "/cb",
                    "persist": "keyring",
                }
            },
            (True, ["read", "write"], None),
        ),
        ({"auth": {"scope": ["a"]}}, (True, ["a"], None)),  # fast-agent: an auth block is OAuth
        ({"auth": {"oauth": False}}, (False, [], None)),
        ({"oauth": True}, (True, [], None)),
        ({"oauth": {"clientId": "cc", "callbackPort": 8080}}, (True, [], "cc")),  # Claude Code
    ],
)
def test_each_dialects_oauth_spelling(
    tmp_path: Path, entry: dict[str, Any], expected: tuple[bool, list[str], str | None]
) -> None:
    got = server(tmp_path, {**REMOTE, **entry})
    assert got.oauth is not None
    assert (got.oauth.enabled, got.oauth.scopes, got.oauth.client_id) == expected
    assert got.extras == {}
    if "redirect_port" in str(entry) or "callbackPort" in str(entry):
        assert got.oauth.redirect_port in (3030, 8080)


def test_cursor_static_oauth_client(tmp_path: Path) -> None:
    entry = {
        "url": "https://mcp.example.com/mcp",
        "auth": {"CLIENT_ID": "${env:CID}", "CLIENT_SECRET": "${env:CSECRET}", "scopes": ["mcp"]},
    }
    got = server(tmp_path, entry, {"CID": "cursor-id", "CSECRET": "cs"}, name=".cursor/mcp.json")
    assert got.oauth is not None
    assert (got.oauth.enabled, got.oauth.client_id, got.oauth.scopes) == (
        True,
        "cursor-id",
        ["mcp"],
    )
    assert (
        got.oauth.client_secret is not None and got.oauth.client_secret.get_secret_value() == "cs"
    )


def test_an_api_key_is_not_oauth_and_is_kept_as_written(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, "orchestrator")
    got = server(tmp_path, {**REMOTE, "auth": {"api_key": "${NOT_SET}", "oauth": True}})
    assert got.oauth is not None and got.oauth.enabled and got.problem is None
    assert got.extras == {"auth": {"api_key": "${NOT_SET}"}}
    assert "auth" in caplog.text and "did you mean" not in caplog.text


def test_roots_from_uris_and_paths(tmp_path: Path) -> None:
    entry = {
        "command": "x",
        "roots": [
            {"uri": "file:///srv/data", "name": "data", "server_uri_alias": "file:///data"},
            "work",
            {"uri": "~/notes"},
        ],
    }
    got = server(tmp_path, entry)
    assert got.roots is not None
    assert [r.uri for r in got.roots] == [
        "file:///srv/data",
        (tmp_path / "work").as_uri(),
        (Path.home() / "notes").as_uri(),
    ]
    assert got.roots[0].name == "data" and got.roots[0].server_uri_alias == "file:///data"


@pytest.mark.parametrize(
    ("entry", "key", "problem"),
    [
        (
            {"roots": [{"uri": "https://x.example/data"}]},
            "mcp.servers.s.roots[0].uri",
            "not a file:// URI or a path",
        ),
        (
            {"elicitation": {"mode": "popup"}},
            "mcp.servers.s.elicitation.mode",
            "'popup' is not one of",
        ),
        ({"sampling": {"modle": "x"}}, "mcp.servers.s.sampling.modle", "unknown key"),
        ({"auth": "yes"}, "mcp.servers.s.auth", "expected a mapping"),
        ({"oauth": {"redirect_port": 0}}, "mcp.servers.s.oauth.redirect_port", "greater than"),
    ],
)
def test_bad_client_keys_name_the_key(
    tmp_path: Path, entry: dict[str, Any], key: str, problem: str
) -> None:
    with pytest.raises(ConfigError) as caught:
        server(tmp_path, {"command": "x", **entry})
    assert key in str(caught.value) and problem in str(caught.value)


def test_sampling_and_elicitation(tmp_path: Path) -> None:
    got = server(
        tmp_path,
        {"command": "x", "sampling": {"model": "m-small"}, "elicitation": {"mode": "auto-cancel"}},
    )
    assert got.sampling is not None and got.sampling.model == "m-small"
    assert got.elicitation is not None and got.elicitation.mode == "auto-cancel"
    bare = server(tmp_path, {"command": "x"})
    assert (bare.sampling, bare.elicitation, bare.roots, bare.oauth) == (None, None, None, None)


def test_roots_offered_are_the_folders_the_command_names_else_the_working_folder(
    tmp_path: Path,
) -> None:
    """A filesystem server configured for one folder (Claude Desktop's config, which offers no
    roots) replaces its folders with the roots it is offered: offering the working folder would
    widen what it may touch (a trial read and wrote outside its folder). The folders its command
    names are offered instead; with none, the working folder."""
    allowed, other = tmp_path / "allowed", tmp_path / "elsewhere"
    allowed.mkdir()
    other.mkdir()
    entry = server(
        tmp_path,
        {
            "command": "npx",
            "args": [
                "-y",
                "@modelcontextprotocol/server-filesystem",
                str(allowed),
                "--x",
                "./nope",
            ],
        },
    )
    assert roots_of(entry, other) == [OfferedRoot(allowed.as_uri(), "allowed")]
    bare = server(tmp_path, {"command": "uvx", "args": ["mcp-server-time"]})
    assert roots_of(bare, other) == [OfferedRoot(other.as_uri(), "elsewhere")]
    relative = server(tmp_path, {"command": "x", "args": ["."], "cwd": str(allowed)})
    assert roots_of(relative, other) == [OfferedRoot(allowed.as_uri(), "allowed")]
