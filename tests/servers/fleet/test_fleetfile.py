"""The fleet file, the default fleet with no file, and the server's settings."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pytest

from servers._common import StartupError
from servers.fleet.config import add_arguments, settings_from
from servers.fleet.local.fleetfile import FleetConfigError, expand_command, load_fleet
from tests.servers.fleet.conftest import agent_role, make_repo, write_fleet


def args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return parser.parse_args(argv)


def test_sources_resolve_against_the_file_and_home(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "code" / "a").mkdir(parents=True)
    conf = tmp_path / "conf"
    conf.mkdir()
    fleet = write_fleet(
        conf / "fleet.yaml",
        {
            "A": {"source": "~/code/a", "roles": {"coder": agent_role()}},
            "B": {"source": "../code/a", "roles": {"coder": agent_role()}, "default_role": "coder"},
        },
    )
    loaded = load_fleet(str(fleet), cwd=tmp_path, env={})
    assert loaded.projects["A"].source == loaded.projects["B"].source == tmp_path / "code" / "a"
    assert loaded.project("b") is not None and loaded.project("c") is None
    assert loaded.origin == str(fleet)


@pytest.mark.parametrize(
    ("projects", "message"),
    [
        ({"A": {"source": ".", "roles": {}}}, "projects.A.roles: must have at least 1 items"),
        (
            {"A": {"source": ".", "roles": {"c": {"command": []}}}},
            "projects.A.roles.c.command: must have at least 1 items",
        ),
        (
            {"A": {"source": ".", "roles": {"c": {"command": ["x"], "shell": True}}}},
            "projects.A.roles.c.shell: is not a known field",
        ),
        (
            {"A": {"source": ".", "roles": {"c": {"command": ["x"]}}, "default_role": "d"}},
            "projects.A: default_role 'd' is not one of its roles (c)",
        ),
        ({"A": {"source": "missing", "roles": {"c": {"command": ["x"]}}}}, "projects.A.source: "),
    ],
)
def test_a_bad_fleet_file_names_the_key_and_the_rule(
    tmp_path: Path, projects: dict, message: str
) -> None:
    fleet = write_fleet(tmp_path / "fleet.yaml", projects)
    with pytest.raises(FleetConfigError) as raised:
        load_fleet(str(fleet), cwd=tmp_path, env={})
    assert str(raised.value).startswith(f"fleet file {fleet}: ")
    assert message in str(raised.value)


def test_without_a_file_the_repository_here_is_the_project(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "myrepo")
    (repo / "sub").mkdir()
    on_path = {"codex", "goose"}
    fleet = load_fleet(
        None,
        cwd=repo / "sub",
        env={},
        which=lambda name: f"/usr/bin/{name}" if name in on_path else None,
    )
    ((name, project),) = fleet.projects.items()
    assert name == "myrepo" and project.source == repo
    assert list(project.roles) == ["codex", "goose", "orchestrator"]
    assert project.default_role == "codex"
    assert project.roles["orchestrator"].command == [
        sys.executable,
        "-m",
        "orchestrator",
        "--",
        "{task}",
    ]
    nothing = load_fleet(None, cwd=repo, env={}, which=lambda name: None)
    assert list(nothing.projects["myrepo"].roles) == ["orchestrator"]
    assert load_fleet(None, cwd=tmp_path, env={}).projects == {}  # not a git repository


def test_the_user_config_folder_and_the_flag_over_the_variable(tmp_path: Path) -> None:
    make_repo(tmp_path / "r")
    config = tmp_path / "config" / "mcp-orchestrator"
    config.mkdir(parents=True)
    write_fleet(
        config / "fleet.yaml",
        {"User": {"source": str(tmp_path / "r"), "roles": {"c": agent_role()}}},
    )
    env_file = write_fleet(
        tmp_path / "env.yaml",
        {"Env": {"source": str(tmp_path / "r"), "roles": {"c": agent_role()}}},
    )
    flag_file = write_fleet(
        tmp_path / "flag.yaml",
        {"Flag": {"source": str(tmp_path / "r"), "roles": {"c": agent_role()}}},
    )
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config")}
    assert list(load_fleet(None, cwd=tmp_path, env=env).projects) == ["User"]
    env["FLEET_CONFIG"] = str(env_file)
    assert list(load_fleet(None, cwd=tmp_path, env=env).projects) == ["Env"]
    assert list(load_fleet(str(flag_file), cwd=tmp_path, env=env).projects) == ["Flag"]


def test_commands_get_the_task_without_a_shell() -> None:
    from servers.fleet.local.fleetfile import RoleConfig

    role = RoleConfig(
        command=["claude", "-p", "{task}", "--append-system-prompt", "{system_prompt}", "{other}"],
        system_prompt="Be brief.",
    )
    assert expand_command(role, "fix `rm -rf` $HOME; {x} {system_prompt}")[2] == (
        "fix `rm -rf` $HOME; {x} {system_prompt}"
    )
    assert expand_command(role, "fix `rm -rf` $HOME; {x}") == [
        "claude",
        "-p",
        "fix `rm -rf` $HOME; {x}",
        "--append-system-prompt",
        "Be brief.",
        "{other}",
    ]


def test_settings_from_the_environment(tmp_path: Path) -> None:
    make_repo(tmp_path / "r")
    settings = settings_from(
        args("--state-dir", str(tmp_path / "state")),
        {
            "FLEET_METADATA_TOKEN": "for-workspaces",
            "FLEET_METADATA_TIMEOUT": "0.5",
            "FLEET_METADATA_TTL": "3",
            "FLEET_DATABASE_URL": "sqlite:////tmp/f.db",
            "FLEET_INTERRUPT_KEY": "ESC",
        },
        cwd=tmp_path / "r",
    )
    assert (settings.metadata_timeout, settings.metadata_ttl) == (0.5, 3)
    assert settings.coder.metadata_token == "for-workspaces"
    assert settings.database_url == "sqlite:////tmp/f.db"
    assert settings.home == tmp_path / "state"
    assert settings.coder.interrupt_key == "\u001b"
    assert list(settings.fleet.projects) == ["r"]


def test_the_database_url_comes_from_the_given_environment_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_repo(tmp_path / "r")
    monkeypatch.setenv("DATABASE_URL", "postgresql://elsewhere/x")
    given = {"DATABASE_URL": "sqlite:////tmp/given.db"}
    chosen = settings_from(args(), given, cwd=tmp_path / "r").database_url
    default = settings_from(args(), {}, cwd=tmp_path / "r").database_url
    flag = settings_from(args("--database-url", "postgres://h/db"), given, cwd=tmp_path / "r")
    assert chosen == "sqlite:////tmp/given.db"
    assert default.startswith("sqlite:///") and default.endswith("/fleet.db")
    assert flag.database_url == "postgresql+psycopg://h/db"


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"FLEET_BACKEND": "k8s"}, "FLEET_BACKEND='k8s' is not one of local, coder"),
        ({"FLEET_BACKEND": "coder"}, "the coder backend needs CODER_URL and CODER_SESSION_TOKEN"),
        ({"FLEET_METADATA_TIMEOUT": "soon"}, "FLEET_METADATA_TIMEOUT='soon' is not a positive"),
        ({"FLEET_INTERRUPT_KEY": "f1"}, "FLEET_INTERRUPT_KEY='f1' is not one of ctrl-c, esc"),
    ],
)
def test_settings_that_cannot_work_stop_the_start(tmp_path: Path, env: dict, message: str) -> None:
    with pytest.raises(StartupError, match=message.replace("(", r"\(")):
        settings_from(args(), env, cwd=tmp_path)


def test_a_bad_fleet_file_stops_the_server_with_exit_2(tmp_path: Path) -> None:
    import subprocess

    bad = tmp_path / "fleet.yaml"
    bad.write_text("projects: [1, 2]\n")
    done = subprocess.run(
        [sys.executable, "-m", "servers.fleet", "--fleet-config", str(bad)],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 2
    assert f"python -m servers.fleet: fleet file {bad}: projects: must be an object" in done.stderr
