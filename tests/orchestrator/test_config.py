import json
import sysconfig
from pathlib import Path

import pytest

from orchestrator.config import BUNDLED_CONFIG, MCPServerSettings, find_config, load_config
from orchestrator.errors import ConfigError
from orchestrator.stdio import resolve_command


def test_valid_config_reads_servers_and_orchestrator_section(tmp_path: Path) -> None:
    path = tmp_path / "mcp_agent.config.yaml"
    path.write_text(
        """
execution_engine: asyncio          # mcp-agent key we ignore
mcp:
  servers:
    todo:
      command: python
      args: ["-m", "servers.todo"]
      required: true
      expected_tools: [create_todo]
      cwd: sub
    remote:
      transport: streamable_http
      url: http://127.0.0.1:9/mcp
      headers: {X-Key: abc}
      read_timeout_seconds: 3
orchestrator:
  provider: offline
  instructions: be brief
"""
    )
    settings = load_config(path)
    todo, remote = settings.servers["todo"], settings.servers["remote"]
    assert todo.transport == "stdio" and todo.args == ["-m", "servers.todo"]
    assert todo.required and todo.expected_tools == ["create_todo"]
    assert todo.cwd == str(tmp_path / "sub")
    assert remote.url == "http://127.0.0.1:9/mcp" and remote.headers == {"X-Key": "abc"}
    assert settings.orchestrator.provider == "offline"


def test_invalid_transport_names_file_key_path_and_problem(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("mcp:\n  servers:\n    todo:\n      transport: stdoi\n      command: x\n")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    message = str(caught.value)
    assert "bad.yaml" in message
    assert "mcp.servers.todo.transport" in message
    assert "'stdoi' is not one of" in message and "streamable_http" in message
    assert caught.value.exit_code == 2


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("mcp:\n  servers:\n    a:\n      comand: x\n", "mcp.servers.a.comand"),
        ("mcp:\n  servers:\n    a:\n      transport: sse\n", "mcp.servers.a.url"),
        ("mcp: [1, 2]\n", "mcp"),
        ("orchestrator:\n  provder: x\n", "orchestrator.provder"),
        ("mcp: {servers: {a: {command: [unclosed\n", ""),
    ],
)
def test_invalid_configs_are_config_errors(tmp_path: Path, text: str, key: str) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(text)
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert key in str(caught.value)


def test_env_expansion_with_defaults(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(
        "mcp:\n  servers:\n    a:\n      command: ${CMD}\n"
        "      args: ['${ARG:-fallback}', 'x${CMD}y']\n"
        "    b:\n      command: run\n      env: {TOKEN: '${UNSET_TOKEN}'}\n"
    )
    settings = load_config(path, env={"CMD": "mycmd"})
    assert settings.servers["a"].command == "mycmd"
    assert settings.servers["a"].args == ["fallback", "xmycmdy"]
    # an unset variable without default disables that server only, with the reason
    assert settings.servers["a"].problem is None
    assert "UNSET_TOKEN is not set" in (settings.servers["b"].problem or "")


def test_unset_variable_outside_servers_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text("orchestrator:\n  provider: ${NOPE}\n")
    with pytest.raises(ConfigError, match=r"orchestrator\.provider: environment variable NOPE"):
        load_config(path, env={})


def test_secrets_file_is_deep_merged(tmp_path: Path) -> None:
    (tmp_path / "mcp_agent.config.yaml").write_text(
        "mcp:\n  servers:\n    a:\n      command: run\n      env: {PUBLIC: '1'}\n"
    )
    (tmp_path / "mcp_agent.secrets.yaml").write_text(
        "mcp:\n  servers:\n    a:\n      env: {SECRET: s3cret}\n"
    )
    settings = load_config(tmp_path / "mcp_agent.config.yaml")
    assert settings.servers["a"].env == {"PUBLIC": "1", "SECRET": "s3cret"}
    assert settings.servers["a"].command == "run"


def test_claude_json(tmp_path: Path) -> None:
    path = tmp_path / "claude.json"
    path.write_text(
        json.dumps(
            {
                "mcpServers": {
                    "local": {"command": "npx", "args": ["-y", "srv"], "env": {"K": "${K:-v}"}},
                    "web": {"type": "http", "url": "http://127.0.0.1:9/mcp", "headers": {"A": "b"}},
                    "old": {"type": "sse", "url": "http://127.0.0.1:9/sse"},
                }
            }
        )
    )
    servers = load_config(path, env={}).servers
    assert servers["local"].transport == "stdio" and servers["local"].env == {"K": "v"}
    assert servers["web"].transport == "streamable_http" and servers["web"].headers == {"A": "b"}
    assert servers["old"].transport == "sse"


def test_lookup_order(tmp_path: Path) -> None:
    nested = tmp_path / "a" / "b"
    nested.mkdir(parents=True)
    assert find_config(cwd=nested) in (
        BUNDLED_CONFIG,
        *(p / "mcp_agent.config.yaml" for p in nested.parents),
    )
    (tmp_path / "mcp_agent.config.yaml").write_text("mcp: {servers: {a: {command: run}}}\n")
    assert find_config(cwd=nested) == tmp_path / "mcp_agent.config.yaml"
    with pytest.raises(ConfigError, match="file not found"):
        find_config(tmp_path / "missing.yaml")
    with pytest.raises(ConfigError, match="a folder, not a config file"):
        find_config(tmp_path)


def test_bundled_default_runs_the_todo_server_from_this_environment() -> None:
    settings = load_config(BUNDLED_CONFIG)
    todo = settings.servers["todo"]
    assert todo.command == "mcp-todo" and todo.args == []
    own = Path(sysconfig.get_path("scripts")) / "mcp-todo"
    assert Path(resolve_command(todo.command)) == own  # found even when not activated
    assert set(todo.expected_tools) == {"create_todo", "list_todos", "update_todo", "delete_todo"}


def test_select_unknown_server(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text("mcp:\n  servers:\n    a:\n      command: run\n")
    with pytest.raises(ConfigError, match="no server named zzz"):
        load_config(path).select(["zzz"])


def test_provider_sections_secrets_win_and_keys_stay_hidden(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level("DEBUG", "orchestrator")
    (tmp_path / "mcp_agent.config.yaml").write_text(
        "mcp: {servers: {a: {command: run}}}\n"
        "openai: {api_key: from-config, base_url: 'http://proxy/v1', reasoning_effort: low}\n"
        "anthropic: {api_key: '${ANTHROPIC_FROM_VAR}'}\n"
        "google: {api_key: '${UNSET_GOOGLE_KEY}'}\n"
        "cohere: {api_key: ignored}\n"
    )
    (tmp_path / "mcp-agent.secrets.yaml").write_text("openai: {api_key: from-secrets}\n")
    settings = load_config(tmp_path / "mcp_agent.config.yaml", env={"ANTHROPIC_FROM_VAR": "a-1"})
    assert settings.secrets == tmp_path / "mcp-agent.secrets.yaml"
    openai = settings.providers["openai"]
    assert openai.api_key is not None and openai.api_key.get_secret_value() == "from-secrets"
    assert openai.base_url == "http://proxy/v1"
    anthropic_key = settings.providers["anthropic"].api_key
    assert anthropic_key is not None and anthropic_key.get_secret_value() == "a-1"
    # an unset variable in a provider section: a warning, and the environment's key applies
    assert "gemini" not in settings.providers
    assert "google.api_key: environment variable UNSET_GOOGLE_KEY is not set" in caplog.text
    assert "cohere" not in settings.providers
    for secret in ("from-secrets", "from-config", "a-1"):
        assert secret not in repr(settings) and secret not in caplog.text


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("mcp: {servers: {a: {command: run}}}\nopenai: sk-123\n", "openai"),
        ("mcp: {servers: {a: {command: run}}}\nopenai: {api_key: 12345}\n", "openai.api_key"),
    ],
)
def test_bad_provider_sections(tmp_path: Path, text: str, key: str) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(text)
    with pytest.raises(ConfigError) as caught:
        load_config(path, env={})
    assert f"c.yaml: {key}:" in str(caught.value)
    assert "sk-123" not in str(caught.value) and "12345" not in str(caught.value)


def test_server_secrets_stay_out_of_repr(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(
        "mcp:\n  servers:\n    a:\n      url: http://h/mcp\n"
        "      headers: {Authorization: Bearer hdr-secret}\n"
        "    b:\n      command: run\n      env: {TOKEN: env-secret}\n"
        "      auth: {api_key: extra-secret}\n"
    )
    text = repr(load_config(path, env={}))
    assert "hdr-secret" not in text and "env-secret" not in text and "extra-secret" not in text


def test_websocket_server_built_directly_carries_its_problem() -> None:
    server = MCPServerSettings(name="w", transport="websocket", url="ws://h")
    assert server.problem is not None and "not supported" in server.problem


def test_env_numbers_and_bools_become_strings_and_nulls_unset(tmp_path: Path) -> None:
    # VS Code's env is Record<string, string | number | null>; YAML reads `true` as a bool
    vscode = tmp_path / ".vscode" / "mcp.json"
    vscode.parent.mkdir()
    env = {"PORT": 8080, "RATE": 1.5, "DEBUG": True, "GONE": None, "NAME": "x"}
    vscode.write_text(json.dumps({"servers": {"s": {"command": "run", "env": env}}}))
    got = load_config(vscode, env={}).servers["s"].env
    assert got == {"PORT": "8080", "RATE": "1.5", "DEBUG": "true", "NAME": "x"}
    yaml_path = tmp_path / "c.yaml"
    yaml_path.write_text(
        "mcp:\n  servers:\n    s:\n      command: run\n"
        "      env: {DEBUG: true, QUIET: false, LEVEL: 3, EMPTY: null}\n"
    )
    got = load_config(yaml_path, env={}).servers["s"].env
    assert got == {"DEBUG": "true", "QUIET": "false", "LEVEL": "3"}


def test_a_bad_date_in_yaml_is_reported_as_yaml(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text("when: 2020-13-45\nmcp:\n  servers: {a: {command: run}}\n")
    with pytest.raises(ConfigError, match=r"not valid YAML: month must be in 1\.\.12"):
        load_config(path, env={})


def test_websocket_has_one_message_however_the_entry_is_made(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"mcpServers": {"w": {"type": "ws", "url": "ws://h"}}}))
    loaded = load_config(path, env={}).servers["w"]
    built = MCPServerSettings(name="w", transport="websocket", url="ws://h")
    assert loaded.problem == built.problem
    assert built.problem == (
        "transport 'websocket' is not supported (stdio, sse and streamable_http are)"
    )


def test_unknown_keys_of_a_broken_entry_are_named_once_in_its_error(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "c.yaml"
    path.write_text("mcp:\n  servers:\n    s:\n      comand: run\n")
    with pytest.raises(ConfigError, match=r"did you mean command\?"):
        load_config(path, env={})
    assert not [r for r in caplog.records if "comand" in r.getMessage()]
    # an entry that loads names them in a warning, once
    path.write_text("mcp:\n  servers:\n    s:\n      command: run\n      colour: red\n")
    load_config(path, env={})
    assert [r.levelname for r in caplog.records if "colour" in r.getMessage()] == ["WARNING"]
