"""Workspace metadata from real Taskfiles, run by the real go-task binary of go-task-bin."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import anyio
import pytest

from servers.fleet._supervisor import process_start
from servers.fleet.metadata import (
    MetadataCache,
    MetadataValue,
    TaskfileMetadata,
    parse_value,
    task_binary,
)
from tests._wait import eventually

FULL = """
version: '3'
tasks:
  pull_request_number:
    desc: The number of the pull request.
    meta: {include_in_list: true}
    cmds: [echo 810]
  pull_request_status:
    desc: The status of the pull request.
    meta: {include_in_list: false}
    cmds: [echo '  open  ']
  git_branch:
    desc: The name of the current git branch
    meta:
      include_in_list: false
    cmds: [printf '']
  build:
    desc: Not a field (no meta)
    cmds: [echo never-run > ran.txt]
  odd:
    desc: Not a field (include_in_list is not a boolean)
    meta: {include_in_list: "yes"}
    cmds: [echo x]
"""


def write(folder: Path, text: str, name: str = "Taskfile.yml") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(textwrap.dedent(text))
    return folder


async def collect(folder: Path, timeout: float = 5.0) -> dict[str, MetadataValue]:
    with anyio.fail_after(30):
        return await TaskfileMetadata(timeout=timeout).collect(folder)


def test_the_binary_is_go_task_bins_own() -> None:
    binary = task_binary()
    assert binary.is_file() and os.access(binary, os.X_OK)


async def test_full_taskfile(tmp_path: Path) -> None:
    fields = await collect(write(tmp_path, FULL))
    assert list(fields) == ["git_branch", "pull_request_number", "pull_request_status"]
    assert fields["pull_request_number"] == MetadataValue(
        810, None, "The number of the pull request.", True
    )
    assert fields["pull_request_status"].value == "open"
    assert fields["git_branch"] == MetadataValue(
        None, None, "The name of the current git branch", False
    )
    assert not (tmp_path / "ran.txt").exists()  # tasks that are not fields never run


async def test_no_taskfile_means_no_fields(tmp_path: Path) -> None:
    # A Taskfile in a parent folder does not count: go-task would otherwise walk up to it.
    write(tmp_path, FULL)
    (tmp_path / "worktree").mkdir()
    assert await collect(tmp_path / "worktree") == {}


async def test_taskfile_yaml_and_included_taskfiles(tmp_path: Path) -> None:
    write(
        tmp_path,
        """
        version: '3'
        includes:
          gh: ./gh
        tasks:
          branch:
            desc: Branch
            meta: {include_in_list: true}
            cmds: [echo main]
        """,
        name="Taskfile.yaml",
    )
    write(
        tmp_path / "gh",
        """
        version: '3'
        tasks:
          pr:
            desc: PR number
            meta: {include_in_list: true}
            cmds: [echo 42.5]
        """,
    )
    fields = await collect(tmp_path)
    assert {k: v.value for k, v in fields.items()} == {"branch": "main", "gh:pr": 42.5}


async def test_partial_metadata_a_failing_task_gives_null_and_an_error(tmp_path: Path) -> None:
    fields = await collect(
        write(
            tmp_path,
            """
            version: '3'
            tasks:
              git_branch:
                desc: Current git branch
                meta: {include_in_list: false}
                cmds: [echo main]
              pr_number:
                desc: PR number (if available)
                meta: {include_in_list: true}
                cmds: ["echo 'no pull requests found for branch main' >&2; exit 1"]
            """,
        )
    )
    assert fields["git_branch"].value == "main" and fields["git_branch"].error is None
    assert fields["pr_number"].value is None
    assert fields["pr_number"].error == (
        "task 'pr_number' failed (exit status 1): no pull requests found for branch main"
    )


async def test_a_slow_task_times_out_and_its_processes_are_killed(tmp_path: Path) -> None:
    marker = tmp_path / "slow-pid"
    fields = await collect(
        write(
            tmp_path,
            f"""
            version: '3'
            tasks:
              fast:
                desc: Fast
                meta: {{include_in_list: true}}
                cmds: [echo 1]
              slow:
                desc: Slow
                meta: {{include_in_list: true}}
                cmds: ["sh -c 'echo $$ > {marker}; exec sleep 30'"]
            """,
        ),
        timeout=0.5,
    )
    assert fields["fast"].value == 1
    assert fields["slow"] == MetadataValue(None, "task 'slow' timed out after 0.5 s", "Slow", True)
    pid = int(marker.read_text())

    async def gone() -> bool:  # SIGKILL is sent; the kernel finishes it off on its own time
        return process_start(pid) is None

    await eventually(gone, timeout=10)


async def test_a_cancelled_collection_kills_what_the_tasks_started(tmp_path: Path) -> None:
    """A caller that gives up (a client that disconnects) leaves no task running: go-task's
    children go with it, not only go-task."""
    marker = tmp_path / "slow-pid"
    taskfile = write(
        tmp_path,
        f"""
        version: '3'
        tasks:
          slow:
            desc: Slow
            meta: {{include_in_list: true}}
            cmds: ["sh -c 'echo $$ > {marker}; exec sleep 30'"]
        """,
    )

    async def started() -> bool:
        return marker.is_file() and marker.read_text().strip() != ""

    with anyio.fail_after(20):
        async with anyio.create_task_group() as tg:
            tg.start_soon(collect, taskfile, 60.0)
            await eventually(started)
            tg.cancel_scope.cancel()
    pid = int(marker.read_text())

    async def gone() -> bool:
        return process_start(pid) is None

    await eventually(gone, timeout=10)


async def test_a_broken_taskfile_gives_no_fields(tmp_path: Path) -> None:
    assert await collect(write(tmp_path, "version: '3'\ntasks: [unclosed\n")) == {}


@pytest.mark.parametrize(
    ("output", "value"),
    [
        ("810\n", 810),
        ("-3", -3),
        ("1.5e3", 1500.0),
        ("0.25", 0.25),
        ("  \n", None),
        ("", None),
        ("open", "open"),
        ("007", "007"),
        ("NaN", "NaN"),
        ("1,5", "1,5"),
        ("feature/x\n", "feature/x"),
    ],
)
def test_values(output: str, value: object) -> None:
    parsed = parse_value(output)
    assert parsed == value and type(parsed) is type(value)


def test_cache_keeps_values_for_the_ttl() -> None:
    now = [100.0]
    cache = MetadataCache(10, clock=lambda: now[0])
    value = {"f": MetadataValue(1, None, "", True)}
    cache.put("w", value)
    now[0] = 110.0
    assert cache.get("w") == value
    now[0] = 110.5
    assert cache.get("w") is None
