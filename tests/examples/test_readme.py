"""The README word for word, as a newcomer types it: its quick start and its one-shot commands,
read from README.md (so this breaks when the README does), run by bash from a copy of the clone
in a scratch home, on a PATH where no virtual environment is activated."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.examples.conftest import REPO

pytestmark = pytest.mark.processes

README = REPO / "README.md"
MARK = "@@readme-test rc="


def fenced_bash(markdown: str, heading: str) -> list[str]:
    """The bash blocks of the section under `heading` (up to the next heading of any level: a
    subsection is another topic), less the one after the CI marker (the test command, which runs
    this very suite)."""
    start = markdown.index(f"\n{heading}\n")
    rest = markdown[start + len(heading) + 2 :]
    end = re.search(r"^#+ ", rest, re.MULTILINE)
    section = rest[: end.start()] if end else rest
    section = re.sub(r"<!-- ci: test command -->\n```bash\n.*?```", "", section, flags=re.DOTALL)
    return re.findall(r"```bash\n(.*?)```", section, re.DOTALL)


def quick_start_asks(markdown: str) -> list[str]:
    """The follow-up requests the quick start's prose gives (`.venv/bin/python -m orchestrator
    "…"`)."""
    start = markdown.index("\n## Quick start\n")
    section = markdown[start : markdown.index("\n## ", start + 1)]
    return re.findall(r'`(\.venv/bin/python -m orchestrator "[^"`]+")`', section)


def clone_copy(into: Path) -> Path:
    """The clone's tracked files as they are in the work tree, as a fresh clone has them."""
    listed = subprocess.run(
        ["git", "-C", str(REPO), "ls-files", "-z"], capture_output=True, check=True, timeout=60
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = REPO / name
        if source.is_file():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)
    return into


def newcomer_env(home: Path) -> dict[str, str]:
    """A shell with nothing activated: no virtual environment on PATH, no XDG folders set (so
    HOME's defaults apply, as the README says), no provider key (so the offline router answers).
    pip keeps the machine's own download cache (not the project's data)."""
    venvs = {sys.prefix, os.environ.get("VIRTUAL_ENV", "")} - {""}
    path = [
        p for p in os.environ["PATH"].split(os.pathsep) if not any(p.startswith(v) for v in venvs)
    ]
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("XDG_", "PYTEST_", "PIP_"))
        and not k.endswith(("_API_KEY", "_DATABASE_URL"))
        and k not in ("VIRTUAL_ENV", "PYTHONPATH", "HOME", "PATH")
    }
    real_cache = Path(os.environ.get("PIP_CACHE_DIR") or Path.home() / ".cache" / "pip")
    return {
        **env,
        "HOME": str(home),
        "PATH": os.pathsep.join(path),
        "PIP_CACHE_DIR": str(real_cache),
    }


def run_lines(script: str, cwd: Path, env: dict[str, str]) -> list[tuple[str, int, str]]:
    """Run a block's lines one after the other in one bash (so `source` carries on), each line's
    exit code and output recorded."""
    lines = [
        line for line in script.splitlines() if line.strip() and not line.lstrip().startswith("#")
    ]
    program = "".join(f'{line}\necho "{MARK}$?"\n' for line in lines)
    done = subprocess.run(
        ["bash", "-c", program],
        cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, timeout=900,
    )  # fmt: skip
    outputs = re.split(rf"{re.escape(MARK)}(\d+)\n", done.stdout)
    results = list(zip(lines, map(int, outputs[1::2]), outputs[0::2], strict=False))
    assert len(results) == len(lines), done.stdout[-2000:]
    return results


def test_the_readme_sections_read_as_the_test_runs_them() -> None:
    markdown = README.read_text()
    quick = fenced_bash(markdown, "## Quick start")
    assert len(quick) == 1 and quick[0].startswith("python3 -m venv .venv && ")
    one_shot = fenced_bash(markdown, "### One-shot commands")
    assert len(one_shot) == 1 and one_shot[0].startswith("source .venv/bin/activate")
    assert quick_start_asks(markdown)


def test_the_quick_start_and_the_one_shot_commands_work_as_written(tmp_path: Path) -> None:
    markdown = README.read_text()
    clone = clone_copy(tmp_path / "clone")
    home = tmp_path / "home"
    home.mkdir()
    env = newcomer_env(home)
    assert shutil.which("orchestrator", path=env["PATH"]) is None  # nothing activated

    (quick,) = fenced_bash(markdown, "## Quick start")
    ran = run_lines(quick, clone, env)
    for line, code, output in ran:
        assert code == 0, f"{line}\n{output}"
    assert "Created todo “buy eggs”, due tomorrow" in ran[-1][2]
    assert (home / ".local" / "share" / "mcp-orchestrator" / "todo.db").is_file()
    for line, code, output in run_lines("\n".join(quick_start_asks(markdown)), clone, env):
        assert code == 0, f"{line}\n{output}"
        assert "buy eggs" in output, f"{line}\n{output}"

    (one_shot,) = fenced_bash(markdown, "### One-shot commands")
    ran = run_lines(one_shot, clone, env)
    for line, code, output in ran:
        assert code == 0, f"{line}\n{output}"
    said = {line.split("#")[0].strip(): output for line, _, output in ran}
    assert (
        "Created todo “call Ana”" in said['orchestrator "remind me to call Ana tomorrow at 10am"']
    )
    assert "complete" in said['orchestrator "mark the call Ana todo as complete"'].lower()
    assert "Deleted todo “call Ana”" in said['orchestrator --yes "delete the call Ana todo"']
    assert "todo:\n  create_todo" in said["orchestrator tools"]
    assert "todo: up" in said["orchestrator doctor"]
    conversation = next(out for line, _, out in ran if line.startswith("printf "))
    assert "Created todo “call Ana”" in conversation and "priority high" in conversation
