"""End to end: `python -m orchestrator` in a subprocess, with the bundled todo server."""

import json
import os
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from orchestrator.testing import server_entry
from tests.orchestrator.conftest import REPO

pytestmark = [
    pytest.mark.skipif(
        not (REPO / "servers" / "todo" / "__main__.py").exists(),
        reason="servers/todo not built yet",
    ),
    pytest.mark.processes,
]


def run(args: list[str], cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """The CLI from a directory with no config (so the bundled default is used)."""
    return subprocess.run(
        [sys.executable, "-m", "orchestrator", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ),
    )


def test_main_job_creates_then_lists_for_tomorrow(tmp_path: Path) -> None:
    made = run(["remind me to buy eggs tomorrow at 3pm"], tmp_path)
    assert made.returncode == 0, made.stderr
    assert "Created todo “buy eggs”" in made.stdout and "15:00" in made.stdout

    listed = run(["--json", "what's on my todo list for tomorrow?"], tmp_path)
    assert listed.returncode == 0, listed.stderr
    transcript = json.loads(listed.stdout)
    assert transcript["provider"] == "offline"
    assert transcript["servers"][0]["name"] == "todo" and transcript["servers"][0]["state"] == "up"
    (call,) = transcript["tool_calls"]
    tomorrow = (datetime.now().astimezone() + timedelta(days=1)).date().isoformat()
    assert call["tool"] == "list_todos" and call["arguments"]["due_date_filter"] == tomorrow
    assert [t["title"] for t in call["result"]["todos"]] == ["buy eggs"]
    assert "buy eggs" in transcript["answer"]


def test_complete_and_delete_by_title_with_confirmation(tmp_path: Path) -> None:
    lines = "add a todo to water the plants\nmark the water the plants task as complete\n"
    done = run(["--json", "--server", "todo"], tmp_path, stdin=lines)
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first["tool_calls"][0]["tool"] == "create_todo"
    assert [c["tool"] for c in second["tool_calls"]] == ["list_todos", "update_todo"]
    assert second["tool_calls"][1]["arguments"]["status"] == "completed"

    refused = run(["--server", "todo", "delete the water the plants task"], tmp_path)
    assert refused.returncode == 1  # not done: a script can tell
    assert "Not done (needs confirmation): delete_todo(" in refused.stdout
    as_json = run(["--server", "todo", "--json", "delete the water the plants task"], tmp_path)
    transcript = json.loads(as_json.stdout)
    assert as_json.returncode == 1 and transcript["done"] is False
    assert transcript["tool_calls"][-1]["status"] == "not_executed"
    deleted = run(
        ["--server", "todo", "--yes", "--json", "delete the water the plants task"], tmp_path
    )
    calls = json.loads(deleted.stdout)["tool_calls"]
    assert calls[-1]["tool"] == "delete_todo" and calls[-1]["status"] == "ok"


def test_a_delete_the_server_refuses_after_its_lookup_is_not_done(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    writable, read_only = tmp_path / "rw.yaml", tmp_path / "ro.yaml"
    for path, url in (
        (writable, f"sqlite:///{db}"),
        (read_only, f"sqlite:///file:{db}?mode=ro&uri=true"),
    ):
        path.write_text(
            f"mcp:\n  servers:\n    todo: {{command: mcp-todo, args: [--database-url, '{url}']}}\n"
        )
    made = run(["--config", str(writable), "add a todo to water the plants"], tmp_path)
    assert made.returncode == 0, made.stderr  # the read-only one refuses every write:
    request = ["--config", str(read_only), "--yes", "delete the water the plants task"]
    said = run(request, tmp_path)
    assert said.returncode == 1, said.stdout  # before: exit 0, as if it had been deleted
    assert "That did not work: delete_todo said:" in said.stdout
    as_json = run([*request, "--json"], tmp_path)
    transcript = json.loads(as_json.stdout)
    assert [(c["tool"], c["status"]) for c in transcript["tool_calls"]] == [
        ("list_todos", "ok"),
        ("delete_todo", "error"),
    ]
    assert as_json.returncode == 1 and transcript["done"] is False


def test_a_request_the_offline_router_cannot_make_out_is_not_done(tmp_path: Path) -> None:
    said = run(["--server", "todo", "flibbertigibbet the wobbly quux"], tmp_path)
    as_json = run(["--server", "todo", "--json", "flibbertigibbet the wobbly quux"], tmp_path)
    assert said.returncode == 1  # it did nothing: a script can tell
    assert "so I did nothing" in said.stdout
    transcript = json.loads(as_json.stdout)
    assert as_json.returncode == 1 and transcript["done"] is False
    assert transcript["tool_calls"] == []


def test_broken_server_in_config_degrades_and_is_named(tmp_path: Path) -> None:
    config = tmp_path / "mcp_agent.config.yaml"
    config.write_text(
        "mcp:\n  servers:\n"
        "    todo: {command: mcp-todo}\n"
        f"    crashing: {json.dumps(server_entry('crashing'))}\n"
    )
    result = run(["urgent: remind me to renew my passport next friday"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Created todo “renew my passport”" in result.stdout
    assert "priority high" in result.stdout
    assert "server 'crashing' is unavailable" in result.stdout
    assert "frobnicator" in result.stderr  # the server's last stderr lines are reported

    doctor = run(["doctor"], tmp_path)
    assert doctor.returncode == 1
    assert "todo: up, 4 tools" in doctor.stdout
    assert "crashing: down: the process exited before the MCP handshake" in doctor.stdout
    assert "gemini: key_missing" in doctor.stdout and "provider in use: offline" in doctor.stdout

    tools = run(["tools", "--server", "todo"], tmp_path)
    assert tools.returncode == 0 and "delete_todo [destructive]" in tools.stdout


def test_with_json_a_run_that_cannot_start_still_prints_a_transcript(tmp_path: Path) -> None:
    """A required server that does not start, a provider that is not operative: --json prints
    the transcript with the reason (it printed nothing), and stderr says why it stopped."""
    config = tmp_path / "mcp_agent.config.yaml"
    config.write_text(
        "mcp:\n  servers:\n"
        "    todo: {command: mcp-todo}\n"
        "    req: {command: does-not-exist-xyz, required: true}\n"
    )
    down = run(["--json", "add a todo: beta"], tmp_path)
    assert down.returncode == 1
    transcript = json.loads(down.stdout)
    assert transcript["request"] == "add a todo: beta" and transcript["tool_calls"] == []
    assert transcript["error"].startswith(
        "stopped: a server the config marks required did not start: server 'req' is down"
    )
    assert "a server the config marks required did not start" in down.stderr
    config.write_text("mcp:\n  servers:\n    todo: {command: mcp-todo}\n")
    keyless = run(["--json", "--provider", "anthropic", "x"], tmp_path)  # no key here
    assert keyless.returncode == 1
    said = json.loads(keyless.stdout)
    assert said["provider"] == "anthropic" and "ANTHROPIC_API_KEY" in said["error"]


def test_config_errors_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("mcp:\n  servers:\n    todo:\n      transport: stdoi\n      command: x\n")
    result = run(["--config", str(bad), "hello"], tmp_path)
    assert result.returncode == 2
    assert "bad.yaml: mcp.servers.todo.transport: 'stdoi' is not one of" in result.stderr
    assert run(["--provider", "nonesuch", "hi"], tmp_path).returncode == 2


def test_doctor_names_every_providers_real_state(tmp_path: Path) -> None:
    from orchestrator.testing.vendors.openai import fake_openai

    config = tmp_path / "mcp_agent.config.yaml"
    config.write_text(
        "mcp:\n  servers:\n    todo: {command: mcp-todo}\nopenai:\n  api_key: cfgkey-42abcdef99\n"
    )
    with fake_openai() as ollama:  # something answering where OLLAMA_HOST points
        env = {
            **os.environ,
            "ANTHROPIC_API_KEY": "sk-ant-doctor-0123456789",
            "OLLAMA_HOST": f"127.0.0.1:{ollama.port}",
        }
        for var in ("GEMINI_API_KEY", "GOOGLE_API_KEY", "OPENAI_API_KEY"):
            env.pop(var, None)
        doctor = [sys.executable, "-m", "orchestrator", "doctor"]
        done, plain = (
            subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
            for argv in ([*doctor[:3], "--json", "doctor"], doctor)
        )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    providers = {p["name"]: p for p in report["providers"]}
    assert all(p["installed"] for p in providers.values())  # a plain install has every SDK
    # Where each key is set, and none of its characters.
    assert (providers["anthropic"]["status"], providers["anthropic"]["detail"]) == (
        "operative",
        "ANTHROPIC_API_KEY is set",
    )
    assert (providers["openai"]["status"], providers["openai"]["detail"]) == (
        "operative",
        "key set in the config (openai.api_key)",
    )
    assert "  anthropic: operative: ANTHROPIC_API_KEY is set" in plain.stdout
    assert "  openai: operative: key set in the config (openai.api_key)" in plain.stdout
    assert providers["gemini"]["status"] == "key_missing"
    assert providers["gemini"]["detail"] == "set GEMINI_API_KEY or GOOGLE_API_KEY"
    assert providers["ollama"]["status"] == "operative"
    assert providers["offline"]["status"] == "operative"
    assert report["provider"] == "anthropic (first operative provider)"
    assert report["dialect"] == "mcp-agent" and report["servers"][0]["state"] == "up"
    shown = done.stdout + done.stderr + plain.stdout + plain.stderr
    for key in ("sk-ant-doctor-0123456789", "cfgkey-42abcdef99"):
        assert key[:4] not in shown and key[-4:] not in shown


def test_a_disabled_cline_server_is_shown_and_named_when_asked_for(tmp_path: Path) -> None:
    """Cline's `disabled: true` leaves a server unstarted, not unknown: `tools` and `doctor`
    show it as disabled, and `--server NAME` says it is disabled and how to turn it on."""
    config = tmp_path / "cline_mcp_settings.json"
    todo = {"command": "mcp-todo", "env": {"TODO_DATABASE_URL": f"sqlite:///{tmp_path / 't.db'}"}}
    servers = {"todo": todo, "github": {"command": "npx", "disabled": True}}
    config.write_text(json.dumps({"mcpServers": servers}))
    tools = run(["--config", str(config), "tools"], tmp_path)
    assert tools.returncode == 0, tools.stderr
    assert "todo:\n  create_todo" in tools.stdout
    assert "github: disabled (disabled: true in the config; not started)" in tools.stdout
    doctor = run(["--config", str(config), "doctor"], tmp_path)
    assert "  github: disabled: disabled: true in the config" in doctor.stdout, doctor.stdout
    chosen = run(["--config", str(config), "--server", "github", "tools"], tmp_path)
    assert chosen.returncode == 2
    assert "server github is disabled in the config (disabled: true)" in chosen.stderr
    assert "no server named" not in chosen.stderr
