"""The peers' config dialects, read from example files written in each tool's documented shape
(tests/orchestrator/dialects/)."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from orchestrator.config import InputVariable, Settings, load_config
from orchestrator.errors import ConfigError

DIALECTS = Path(__file__).parent / "dialects"


def load(relative: str, env: dict[str, str] | None = None) -> Settings:
    """An example file, with `env` standing for the environment and nobody to ask."""
    return load_config(DIALECTS / relative, env=env or {}, ask=None)


def warnings_about(caplog: pytest.LogCaptureFixture, text: str) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.levelno == logging.WARNING and text in r.getMessage()
    ]


def test_mcp_agent_yaml_with_secrets_and_extra_keys(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, "orchestrator")
    settings = load("mcp-agent/mcp_agent.config.yaml")
    assert settings.dialect == "mcp-agent"
    assert settings.secrets == DIALECTS / "mcp-agent" / "mcp_agent.secrets.yaml"
    servers = settings.servers
    assert list(servers) == ["fetch", "filesystem", "remote", "events", "live", "graph"]
    assert servers["fetch"].command == "uvx" and servers["fetch"].args == ["mcp-server-fetch"]
    assert servers["filesystem"].allowed_tools == ["read_file", "list_directory"]
    remote = servers["remote"]
    assert remote.transport == "streamable_http" and remote.read_timeout_seconds == 45
    # the secrets file's header is merged into the config's headers
    assert remote.headers == {"X-Team": "docs", "Authorization": "Bearer remote-secret-token"}
    assert servers["events"].transport == "sse"
    # websocket: that server is down with the reason, the others load
    assert servers["live"].transport == "websocket"
    assert "'websocket' is not supported" in (servers["live"].problem or "")
    assert [n for n, s in servers.items() if s.problem] == ["live"]
    # keys of mcp-agent's wider schema and unknown keys are kept and named once
    graph = servers["graph"]
    assert graph.extras == {"custom_flag": True, "auth": {"api_key": "graph-server-key"}}
    assert graph.roots is not None and graph.roots[0].name == "graph data"  # honoured
    assert graph.roots[0].uri == "file:///tmp/graph" and graph.oauth is None
    [warning] = warnings_about(caplog, "mcp.servers.graph")
    assert "mcp_agent.config.yaml" in warning
    assert "auth" in warning and "custom_flag" in warning and "roots" not in warning
    assert "graph-server-key" not in caplog.text


def test_mcp_agent_provider_keys_from_the_secrets_file(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, "orchestrator")
    settings = load("mcp-agent/mcp_agent.config.yaml")
    openai, anthropic, gemini = (settings.providers[n] for n in ("openai", "anthropic", "gemini"))
    assert openai.api_key is not None
    assert openai.api_key.get_secret_value() == "sk-test-openai-from-secrets"
    assert openai.base_url == "http://127.0.0.1:9/v1" and openai.default_model == "gpt-4o-mini"
    assert anthropic.api_key is not None
    assert anthropic.api_key.get_secret_value() == "sk-ant-test-from-secrets"
    assert anthropic.default_model == "claude-sonnet-4-5"
    assert gemini.api_key is not None  # mcp-agent's `google` section is our gemini provider
    assert gemini.api_key.get_secret_value() == "AIza-test-from-secrets"
    assert set(settings.providers) == {"openai", "anthropic", "gemini"}  # azure: not ours
    for secret in ("sk-test-openai-from-secrets", "sk-ant-test-from-secrets", "AIza-test"):
        assert secret not in repr(settings) and secret not in str(settings.providers)
        assert secret not in caplog.text


def test_fast_agent_yaml(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "orchestrator")
    settings = load("fast-agent/fastagent.config.yaml")
    assert settings.dialect == "fast-agent"
    assert settings.secrets == DIALECTS / "fast-agent" / "fastagent.secrets.yaml"
    servers = settings.servers
    # mcp.targets: a command line, and a URL with a name
    assert servers["mcp-server-fetch"].command == "uvx"
    assert servers["mcp-server-fetch"].args == ["mcp-server-fetch"]
    assert servers["docs"].transport == "streamable_http"
    assert servers["docs"].url == "https://hf.co/mcp"
    filesystem = servers["filesystem"]
    assert filesystem.cwd == str(DIALECTS / "fast-agent" / "work")
    assert filesystem.env == {"FS_TOKEN": "fs-secret"}  # from fastagent.secrets.yaml
    hf = servers["huggingface"]
    assert hf.transport == "streamable_http"  # fast-agent's `http`
    assert hf.headers == {"X-HF-Bill-To": "my-org", "Authorization": "Bearer hf_test_token"}
    assert servers["notes"].transport == "sse"
    interpreter = servers["interpreter"]  # `target` shorthand
    assert interpreter.command == "uvx"
    assert interpreter.args == ["mcp-run-python", "--deps", "numpy", "stdio"]
    assert not any(s.problem for s in servers.values())
    for server, keys in {
        "filesystem": ["load_on_start"],
        "interpreter": ["protocol_mode"],
    }.items():
        [warning] = warnings_about(caplog, f"mcp.servers.{server}:")
        assert "fastagent.config.yaml" in warning and all(k in warning for k in keys)
        assert "roots" not in warning
    # fast-agent's client-side keys are honoured, so not warned about
    assert not warnings_about(caplog, "mcp.servers.huggingface:")
    assert hf.sampling is not None and hf.sampling.model == "haiku"
    assert hf.elicitation is not None and hf.elicitation.mode == "forms"
    assert [r.uri for r in filesystem.roots or []] == ["file:///workspace"]
    assert not warnings_about(caplog, "ping_interval_seconds")
    providers = settings.providers
    assert set(providers) == {"anthropic", "openai", "openai-compatible"}
    assert providers["openai-compatible"].base_url == "http://localhost:11434/v1"


def test_claude_desktop_json() -> None:
    settings = load("claude-desktop/claude_desktop_config.json")
    assert settings.dialect == "mcpServers" and settings.secrets is None
    assert list(settings.servers) == ["filesystem", "time", "github"]
    time = settings.servers["time"]
    assert time.transport == "stdio" and time.command == "python"
    assert time.args == ["-m", "mcp_server_time", "--local-timezone=Europe/Paris"]
    assert settings.servers["github"].env == {"GITHUB_PERSONAL_ACCESS_TOKEN": "<YOUR_TOKEN>"}


def test_claude_code_mcp_json() -> None:
    settings = load("claude-code/.mcp.json", env={"API_KEY": "k-123", "AIRTABLE_API_KEY": "at"})
    api = settings.servers["api-server"]
    assert api.transport == "streamable_http" and api.url == "https://api.example.com/mcp"
    assert api.headers == {"Authorization": "Bearer k-123"}
    assert api.read_timeout_seconds == 30  # 30000 written in milliseconds
    assert settings.servers["legacy-events"].transport == "sse"
    assert settings.servers["airtable"].env == {"AIRTABLE_API_KEY": "at"}
    unset = load("claude-code/.mcp.json", env={"API_KEY": "k"}).servers["airtable"].problem
    assert unset is not None and "AIRTABLE_API_KEY is not set" in unset


def test_cline_settings(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "orchestrator")
    settings = load("cline/cline_mcp_settings.json")
    servers = settings.servers
    assert "sleep" not in servers  # disabled: true
    [skipped] = [r.getMessage() for r in caplog.records if "disabled" in r.getMessage()]
    assert "mcpServers.sleep" in skipped and "cline_mcp_settings.json" in skipped
    brave = servers["github.com/modelcontextprotocol/servers/tree/main/src/brave-search"]
    assert brave.auto_approve == ["brave_web_search"]
    assert brave.read_timeout_seconds == 120  # Cline's timeout, in seconds
    assert brave.env == {"BRAVE_API_KEY": "test-brave-key"}
    remote = servers["remote-server"]
    assert remote.transport == "streamable_http" and remote.read_timeout_seconds == 60
    assert remote.headers == {"Authorization": "Bearer token"}
    legacy = servers["legacy-sse"]  # the older transportType and alwaysAllow
    assert legacy.transport == "sse" and legacy.auto_approve == ["ping", "status"]
    assert not warnings_about(caplog, "cline_mcp_settings.json")


def test_cursor_env_variables_workspace_and_env_file() -> None:
    settings = load("cursor/.cursor/mcp.json", env={"API_KEY": "from-env"})
    server = settings.servers["server-name"]
    assert server.args == ["-y", "mcp-server", "--root", str(DIALECTS / "cursor")]
    # envFile's variables, under the entry's own env
    assert server.env == {
        "LOG_LEVEL": "debug",
        "API_KEY": "from-env",
        "QUOTED": "a value with spaces",
    }
    assert server.problem is None
    remote = settings.servers["remote"]
    assert remote.transport == "streamable_http"
    assert "MY_SERVICE_TOKEN is not set" in (remote.problem or "")
    assert "mcpServers.remote.headers.Authorization" in (remote.problem or "")


def test_vscode_mcp_json_with_inputs_from_the_environment(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, "orchestrator")
    env = {
        "MCP_INPUT_PERPLEXITY_KEY": "pplx-1",
        "MCP_INPUT_GITHUB_TOKEN": "ghp-2",
        "SHELL_NAME": "bash",
        "HOME": "/home/ann",
    }
    settings = load("vscode/.vscode/mcp.json", env=env)
    assert settings.dialect == "vscode"
    servers = settings.servers
    assert list(servers) == ["perplexity", "github", "github-issues", "local-tools", "legacy"]
    assert servers["perplexity"].env == {"PERPLEXITY_API_KEY": "pplx-1", "PERPLEXITY_REGION": "eu"}
    assert servers["github"].transport == "streamable_http"
    assert servers["github"].headers == {"Authorization": "Bearer ghp-2"}
    assert servers["github-issues"].env == {"GITHUB_TOKEN": "ghp-2"}
    tools = servers["local-tools"]
    workspace = DIALECTS / "vscode"  # the folder holding .vscode/
    assert tools.args == [str(workspace / "tools" / "server.js")]
    assert tools.env == {"TOOLS_MODE": "dev", "HOME_DIR": "/home/ann", "SHELL_NAME": "bash"}
    assert servers["legacy"].transport == "sse"
    assert not any(s.problem for s in servers.values())
    [warning] = warnings_about(caplog, "servers.local-tools")
    assert "dev" in warning and "mcp.json" in warning


def test_vscode_input_missing_leaves_only_its_servers_down() -> None:
    # the default `ask` prompts only on a terminal, and pytest's stdin is none
    settings = load_config(
        DIALECTS / "vscode" / ".vscode" / "mcp.json", env={"MCP_INPUT_GITHUB_TOKEN": "g"}
    )
    problem = settings.servers["perplexity"].problem or ""
    assert "'perplexity-key'" in problem and "MCP_INPUT_PERPLEXITY_KEY" in problem
    assert settings.servers["github"].problem is None
    assert settings.servers["legacy"].problem is None


def test_vscode_inputs_are_asked_once_each() -> None:
    asked: list[InputVariable] = []

    def ask(variable: InputVariable) -> str | None:
        asked.append(variable)
        return {"perplexity-key": "typed-1", "github-token": "typed-2"}.get(variable.id)

    settings = load_config(
        DIALECTS / "vscode" / ".vscode" / "mcp.json", env={"SHELL_NAME": "sh"}, ask=ask
    )
    assert [v.id for v in asked] == ["perplexity-key", "region", "github-token"]
    assert asked[0].password and asked[0].description == "Perplexity API Key"
    assert asked[1].options == ("eu", "us") and not asked[1].password
    # no answer for region: its default
    assert settings.servers["perplexity"].env == {
        "PERPLEXITY_API_KEY": "typed-1",
        "PERPLEXITY_REGION": "eu",
    }
    assert settings.servers["github-issues"].env == {"GITHUB_TOKEN": "typed-2"}


def test_vscode_settings_json_form(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(
        json.dumps(
            {
                "editor.fontSize": 14,
                "mcp": {
                    "inputs": [{"type": "promptString", "id": "tok", "password": True}],
                    "servers": {"s": {"type": "http", "url": "http://127.0.0.1:9/mcp"}},
                },
            }
        )
    )
    settings = load_config(path, env={}, ask=None)
    assert settings.dialect == "vscode"
    assert settings.servers["s"].transport == "streamable_http"


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("mcp.json", '{"inputs": [], "mcp": {"inputs": []}}'),
        ("mcp.json", "{}"),
        ("c.yaml", "logger:\n  level: info\n"),
        ("c.yaml", "mcp:\n  other: 1\n"),
        ("c.yaml", "mcp:\n"),
    ],
)
def test_a_file_without_servers_section_is_an_error(tmp_path: Path, name: str, text: str) -> None:
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(ConfigError) as caught:
        load_config(path, env={})
    message = str(caught.value)
    assert name in message and "no servers section found" in message
    for section in ("mcp.servers", "mcpServers", "servers (VS Code)"):
        assert section in message


@pytest.mark.parametrize(
    ("name", "text", "key"),
    [
        ("mcp.json", '{"servers": {}}', "servers"),
        ("c.json", '{"mcpServers": {}}', "mcpServers"),
        ("c.yaml", "mcp:\n  servers:\n", "mcp.servers"),
        ("c.yaml", "mcp:\n  servers: {}\n", "mcp.servers"),
        ("settings.json", '{"mcp": {"servers": {}}}', "mcp.servers"),
    ],
)
def test_an_empty_servers_section_is_an_error_naming_it(
    tmp_path: Path, name: str, text: str, key: str
) -> None:
    """Nothing could be done with it: said at once, not as "no server is up" for each request."""
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(ConfigError) as caught:
        load_config(path, env={})
    assert f"{name}: {key}: no server configured: add at least one" in str(caught.value)


def test_transports_known_but_unsupported_and_unknown(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    servers = {
        "ws": {"type": "ws", "url": "ws://127.0.0.1:9"},
        "ok": {"command": "run"},
    }
    path.write_text(json.dumps({"mcpServers": servers}))
    loaded = load_config(path, env={}).servers
    assert "not supported" in (loaded["ws"].problem or "") and loaded["ok"].problem is None
    servers["ws"]["type"] = "carrier-pigeon"
    path.write_text(json.dumps({"mcpServers": servers}))
    with pytest.raises(ConfigError, match=r"mcpServers\.ws\.type: 'carrier-pigeon' is not one of"):
        load_config(path, env={})


@pytest.mark.parametrize(
    ("entry", "key"),
    [
        ({"command": "x", "autoApprove": "all"}, "mcpServers.a.autoApprove"),
        ({"command": "x", "timeout": "slow"}, "mcpServers.a.timeout"),
        ({"command": "x", "timeout": 0}, "mcpServers.a.timeout"),
        ({"command": "x", "type": "stdio", "transport": "sse"}, "mcpServers.a.transport"),
        ({"comand": "x"}, "mcpServers.a.comand (did you mean command?)"),
    ],
)
def test_bad_entries_name_the_key_written(
    tmp_path: Path, entry: dict[str, object], key: str
) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"mcpServers": {"a": entry}}))
    with pytest.raises(ConfigError) as caught:
        load_config(path, env={})
    assert key in str(caught.value)


_CHILD = """
import os, sys
os.close(os.open(os.ttyname(0), os.O_RDWR))  # the pty becomes this session's terminal
from orchestrator.config import load_config
env = {"MCP_INPUT_GITHUB_TOKEN": "g", "SHELL_NAME": "sh"}
server = load_config(sys.argv[1], env=env).servers["perplexity"]
key, region = server.env["PERPLEXITY_API_KEY"], server.env["PERPLEXITY_REGION"]
print("RESULT", "match" if key == "typed-secret" else "mismatch", region, server.problem, "END")
"""


def test_inputs_are_asked_on_a_terminal_and_passwords_not_echoed() -> None:
    import os
    import pty
    import select
    import subprocess
    import sys
    import time

    master, slave = pty.openpty()
    config = DIALECTS / "vscode" / ".vscode" / "mcp.json"
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, str(config)],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        start_new_session=True,
    )
    os.close(slave)
    deadline = time.monotonic() + 20
    transcript = bytearray()

    def read_until(marker: bytes) -> None:
        while marker not in transcript:
            remaining = deadline - time.monotonic()
            assert remaining > 0, f"no {marker!r} in {bytes(transcript)!r}"
            if select.select([master], [], [], remaining)[0]:
                try:
                    chunk = os.read(master, 4096)
                except OSError:  # EIO: the child closed the terminal
                    chunk = b""
                assert chunk, f"terminal closed before {marker!r}: {bytes(transcript)!r}"
                transcript.extend(chunk)

    try:
        read_until(b"Perplexity API Key: ")
        os.write(master, b"typed-secret\n")
        read_until(b"Region (eu, us) [eu]: ")
        os.write(master, b"us\n")
        read_until(b"END")
        assert child.wait(timeout=10) == 0
    finally:
        child.kill()
        child.wait()
        os.close(master)
    text = bytes(transcript)
    assert b"RESULT match us None END" in text
    assert b"typed-secret" not in text  # the password was not echoed
    assert b"us\r\n" in text  # a plain answer is


def test_variables_in_unused_keys_are_kept_as_written(tmp_path: Path) -> None:
    path = tmp_path / "mcp.json"
    path.write_text(
        json.dumps(
            {
                "inputs": [{"type": "promptString", "id": "unused", "password": True}],
                "servers": {
                    "s": {
                        "command": "run",
                        "auth": {"api_key": "${UNSET_VAR}"},
                        "dev": {"token": "${input:unused}"},
                    }
                },
            }
        )
    )

    def ask(variable: InputVariable) -> str | None:
        raise AssertionError(f"asked for {variable.id}")

    server = load_config(path, env={}, ask=ask).servers["s"]
    assert server.problem is None
    assert server.extras == {
        "auth": {"api_key": "${UNSET_VAR}"},
        "dev": {"token": "${input:unused}"},
    }


def test_unsupported_vscode_variable_takes_its_server_down(tmp_path: Path) -> None:
    path = tmp_path / "mcp.json"
    servers = {"s": {"command": "run", "args": ["${command:pickFile}"], "cwd": "sub"}}
    path.write_text(json.dumps({"servers": servers}))
    server = load_config(path, env={}, ask=None).servers["s"]
    assert "${command:pickFile} is not supported" in (server.problem or "")
    assert "servers.s.args[0]" in (server.problem or "")
    assert server.cwd == str(tmp_path / "sub")


def test_only_the_chosen_servers_are_expanded_and_their_inputs_asked(tmp_path: Path) -> None:
    path = tmp_path / ".vscode" / "mcp.json"
    path.parent.mkdir()
    config = {
        "inputs": [{"type": "promptString", "id": "tok", "password": True}],
        "servers": {
            "a": {"command": "run-a", "env": {"TOKEN": "${input:tok}"}},
            "b": {"command": "run-b"},
            "c": {"command": "run-c", "disabled": True},
        },
    }
    path.write_text(json.dumps(config))
    asked: list[str] = []

    def ask(variable: InputVariable) -> str | None:
        asked.append(variable.id)
        return "typed"

    settings = load_config(path, env={}, ask=ask, servers=["b"])
    assert list(settings.servers) == ["b"] and asked == []
    with pytest.raises(ConfigError, match=r"no server named zz \(configured: a, b; disabled: c\)"):
        load_config(path, env={}, ask=ask, servers=["b", "zz"])
    with pytest.raises(ConfigError, match=r"server c is disabled in the config \(disabled: true\)"):
        load_config(path, env={}, ask=ask, servers=["b", "zz", "c"])
    assert asked == []
    assert load_config(path, env={}, ask=ask).servers["a"].env == {"TOKEN": "typed"}
    assert asked == ["tok"]


@pytest.mark.parametrize(
    ("entry", "key_path"),
    [
        ({"oauth": {"callbackPort": "abc"}}, "mcpServers.s.oauth.callbackPort"),
        ({"auth": {"CLIENT_SECRET": 12345}}, "mcpServers.s.auth.CLIENT_SECRET"),
        ({"auth": {"oauth": {"scopes": [1]}}}, "mcpServers.s.auth.oauth.scopes.0"),
        ({"oauth": "sometimes"}, "mcpServers.s.oauth"),
    ],
)
def test_oauth_errors_name_the_key_as_written(
    tmp_path: Path, entry: dict[str, Any], key_path: str
) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"mcpServers": {"s": {"url": "http://h/mcp", **entry}}}))
    with pytest.raises(ConfigError) as caught:
        load_config(path, env={}, ask=None)
    assert f"c.json: {key_path}:" in str(caught.value)


def test_an_unset_oauth_variable_is_named_where_it_is_written(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    entry = {"url": "http://h/mcp", "auth": {"CLIENT_ID": "${env:NO_SUCH_ID}"}}
    path.write_text(json.dumps({"mcpServers": {"s": entry}}))
    problem = load_config(path, env={}, ask=None).servers["s"].problem or ""
    assert "NO_SUCH_ID is not set (at mcpServers.s.auth.CLIENT_ID)" in problem
