"""The default roles hand the task to each agent CLI as its prompt, never as an option: checked
against the real argument parsers (the pinned npm CLIs that ``scripts/agent-clis-up.sh``
installs, and the orchestrator's own), with tasks that look like options."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from orchestrator.cli import build_parser
from servers.fleet._usage import reader_for
from servers.fleet.local.fleetfile import AGENT_CLIS, ORCHESTRATOR_ROLE, RoleConfig, expand_command
from tests._installs import require

pytestmark = pytest.mark.processes

OPTION_LIKE = ["-v", "--dangerously-skip-permissions"]
VERSIONS = {"claude": "2.1.330", "gemini": "0.61.0", "qwen": "0.24.4"}


@pytest.fixture(scope="module")
def cli_bin() -> Path:
    return require("agent-clis-up.sh", "the real agent CLIs")


def run_role(cli: str, task: str, cli_bin: Path, home: Path) -> tuple[int, str]:
    """Run the real CLI with the argv its default role builds for ``task``, with no key and an
    empty home: without credentials it stops once it has read its arguments. Its words, as the
    fleet's log shows them (read from the machine-readable output the role asks for)."""
    argv = expand_command(RoleConfig(command=AGENT_CLIS[cli]), task)
    node = str(Path(shutil.which("node") or "/usr/bin/node").parent)
    home.mkdir(exist_ok=True)
    done = subprocess.run(
        [str(cli_bin / argv[0]), *argv[1:]],
        env={"PATH": os.pathsep.join([str(cli_bin), node, "/usr/bin", "/bin"]), "HOME": str(home)},
        cwd=home,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )
    reader = reader_for(argv)
    if reader is None:
        return done.returncode, done.stdout + done.stderr
    said = [line for raw in done.stdout.splitlines() for line in reader.feed(raw)]
    return done.returncode, "\n".join([*said, *reader.finish(), done.stderr])


def _last_line(output: str) -> str:
    lines = [ln.strip() for ln in output.splitlines() if ln.strip()]
    return lines[-1] if lines else ""


@pytest.mark.slow
@pytest.mark.installs
@pytest.mark.parametrize("cli", sorted(VERSIONS))
def test_a_task_that_looks_like_an_option_is_the_real_clis_prompt(
    cli: str, cli_bin: Path, tmp_path: Path
) -> None:
    """Read as a prompt, an option-like task gets as far as a plain one (the CLI's "no
    credentials" stop); read as an option, ``-v`` would print the version and exit 0."""
    plain_code, plain = run_role(cli, "say hello", cli_bin, tmp_path / "home")
    assert plain_code != 0 and VERSIONS[cli] not in plain, plain
    for task in OPTION_LIKE:
        code, output = run_role(cli, task, cli_bin, tmp_path / "home")
        assert (code, _last_line(output)) == (plain_code, _last_line(plain)), (task, output)
        assert VERSIONS[cli] not in output


@pytest.mark.parametrize("cli", sorted(AGENT_CLIS))
def test_every_default_role_puts_the_task_after_the_options(cli: str) -> None:
    argv = expand_command(RoleConfig(command=AGENT_CLIS[cli]), "-v")
    task_at = next(i for i, arg in enumerate(argv) if arg.endswith("-v"))
    assert argv[task_at] in ("-v", "--prompt=-v", "--text=-v")
    assert argv[task_at] != "-v" or argv[task_at - 1] == "--"
    assert task_at == len(argv) - 1  # nothing after it could be taken for its value


def test_the_orchestrator_role_gives_the_task_as_the_request() -> None:
    argv = expand_command(RoleConfig(command=ORCHESTRATOR_ROLE), "-v")
    assert argv[:3] == [sys.executable, "-m", "orchestrator"]
    for task in [*OPTION_LIKE, "--config /etc/passwd", "-vv --json"]:
        parsed = build_parser().parse_args(
            expand_command(RoleConfig(command=ORCHESTRATOR_ROLE), task)[3:]
        )
        assert (parsed.request, parsed.verbose, parsed.config, parsed.json) == (
            [task],
            0,
            None,
            False,
        )


async def test_the_orchestrator_role_with_a_task_of_dash_v_ends(
    tmp_path: Path, repo: Path, sqlite_url: str
) -> None:
    """Read as ``-v`` (verbose, and no request), the one-shot would wait on its standard input;
    read as the request, it answers and exits: the agent does not stay busy."""
    import anyio
    from mcp import Client

    from servers.fleet.config import FleetSettings
    from servers.fleet.local.fleetfile import default_fleet
    from servers.fleet.tools import create_server
    from tests.servers.fleet.conftest import call, wait_status

    settings = FleetSettings(
        fleet=default_fleet(repo, which=lambda name: None),  # no agent CLI: orchestrator only
        database_url=sqlite_url,
        home=tmp_path / "home",
        workspace=tmp_path,
    )
    with anyio.fail_after(120):
        async with Client(create_server(settings)) as c:
            made = await call(c, "create_agent", {"name": "o", "project": "setup", "task": "-v"})
            ended = await wait_status(c, "o", "idle", "failed", timeout=90)
            logs = await call(c, "show_agent_log", {"agent_name": "o", "page_size": 100})
    assert made["agent"]["role"] == "orchestrator"
    assert ended["last_task"] == "-v"
    assert logs["logs"][0]["message"].startswith("exited with status")
