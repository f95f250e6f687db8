"""Review on the Coder backend, through each workspace's own fleet server: the loopback Coder
fake passes the ``fleet`` app's requests on to a real ``python -m servers.fleet`` in HTTP mode
whose ``--workspace`` is a scratch repository with work in it. What Coder cannot do honestly
(merging into a base branch that lives in the workspace's remote, the queue) is refused as
unsupported; attention comes from the AI task's reports."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from mcp import Client

from tests._http_server import http_process
from tests.servers.fleet._fake_coder import METADATA_TOKEN, FakeCoder
from tests.servers.fleet.conftest import call, call_error, git, make_repo
from tests.servers.fleet.test_coder import coder_server

pytestmark = pytest.mark.processes


@pytest.fixture
def coder() -> Iterator[FakeCoder]:
    with FakeCoder().running() as fake:
        yield fake


def workspace_with_work(tmp_path: Path) -> tuple[Path, str]:
    """A clone whose branch has one commit its remote has not, and one uncommitted file."""
    remote = tmp_path / "remote.git"
    origin = make_repo(tmp_path / "origin", taskfile=None)
    git(tmp_path, "clone", "--quiet", "--bare", str(origin), str(remote))
    work = tmp_path / "work"
    git(tmp_path, "clone", "--quiet", str(remote), str(work))
    git(work, "checkout", "--quiet", "-b", "feature")
    (work / "feature.py").write_text("print('new')\n")
    git(work, "add", "feature.py")
    git(work, "commit", "--quiet", "-m", "Add the feature")
    git(work, "branch", "--quiet", "--set-upstream-to", "origin/main")
    (work / "README.md").write_text("# a project\nedited\n")
    return work, git(work, "rev-parse", "--short", "HEAD")


async def test_diff_feedback_and_a_guarded_delete_through_the_workspaces_fleet_app(
    coder: FakeCoder, tmp_path: Path
) -> None:
    work, commit = workspace_with_work(tmp_path)
    env = {"MCP_SERVER_TOKEN": METADATA_TOKEN, "XDG_DATA_HOME": str(tmp_path / "data")}
    async with http_process("servers.fleet", "--workspace", str(work), env=env) as inside:
        coder.fleet_apps["left"] = inside.url.removesuffix("/mcp")
        async with Client(coder_server(coder)) as c:
            await call(c, "create_agent", {"name": "left", "project": "Setup", "task": "Go"})
            coder.finish_task("left")
            diff = await call(c, "show_agent_diff", {"agent_name": "left"})
            sent = await call(
                c,
                "send_agent_feedback",
                {
                    "agent_name": "left",
                    "comments": [{"path": "feature.py", "line": 1, "comment": "Say why."}],
                },
            )
            refused = await call_error(c, "delete_agent", {"agent_name": "left"}, "CONFLICT")
            dry = await call(c, "delete_agent", {"agent_name": "left", "dry_run": True})
            merge = await call_error(c, "merge_agent_work", {"agent_name": "left"}, "INVALID_INPUT")
            listed = await call(c, "list_agents", {})
            deleted = await call(c, "delete_agent", {"agent_name": "left", "force": True})
    assert diff["branch"] == "feature" and [x["id"] for x in diff["commits"]] == [commit]
    assert diff["uncommitted_files"] == ["README.md"]
    assert {f["path"]: f["status"] for f in diff["files"]} == {
        "README.md": "modified",
        "feature.py": "added",
    }
    assert "+print('new')" in next(f for f in diff["files"] if f["path"] == "feature.py")["patch"]
    assert sent["comments_sent"] == 1
    said = [log["content"] for logs in coder.logs.values() for log in logs]
    assert any("feature.py, line 1:\n    > print('new')\nSay why." in s for s in said)
    assert refused["message"].startswith(
        "Agent 'left': it holds work that is on no other branch: 1 commit(s) on no other branch "
        f"({commit} Add the feature) and 1 uncommitted file(s) (README.md)"
    )
    assert dry["dry_run"] is True and dry["work"]["files"] == ["README.md"]
    assert merge["message"].startswith("unsupported: merge_agent_work is not available here")
    assert merge["details"] == {"unsupported": "merge_agent_work"}
    assert listed["queue"] == []
    assert deleted["message"] == "Agent 'left' deleted successfully"


async def test_a_workspace_whose_fleet_app_does_not_answer_is_deleted_only_with_force(
    coder: FakeCoder,
) -> None:
    coder.fail("/apps/fleet/work", 502, times=5)
    async with Client(coder_server(coder)) as c:
        await call(c, "create_agent", {"name": "mute", "project": "Setup", "task": "Go"})
        refused = await call_error(c, "delete_agent", {"agent_name": "mute"}, "CONFLICT")
        deleted = await call(c, "delete_agent", {"agent_name": "mute", "force": True})
    assert refused["message"].startswith(
        "Agent 'mute': cannot tell what its workspace holds (its fleet app does not answer)"
    )
    assert deleted["agent_name"] == "mute"


async def test_the_ai_tasks_reports_raise_attention_and_clients_are_told(
    coder: FakeCoder,
) -> None:
    told: list[dict[str, Any]] = []
    heard = anyio.Event()

    async def handler(message: Any) -> None:
        if isinstance(message, types.LoggingMessageNotification):
            told.append(message.params.data)
            heard.set()

    async with Client(coder_server(coder, watch=0.05), mode="legacy", message_handler=handler) as c:
        await call(c, "create_agent", {"name": "rep", "project": "Setup", "task": "Go"})
        coder.finish_task("rep", state="complete", message="All tests pass")
        with anyio.fail_after(20):
            await heard.wait()
        shown = await call(c, "show_agent", {"agent_name": "rep"})
    assert told[0]["reason"] == "finished: All tests pass" and told[0]["agent"] == "rep"
    assert shown["agent"]["attention_reason"] == "finished: All tests pass"
