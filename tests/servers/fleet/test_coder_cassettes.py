"""The Coder backend replaying recorded cassettes (Coder's wire format) through its real client
code, with nothing listening: every request must match one recorded (vcrpy record mode "none").

Re-record with ``python -m tests.servers.fleet.record_coder_cassettes`` (see its docstring for a
real deployment); the assertions below hold for any deployment the scenario ran against.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from servers.fleet.errors import ConflictError, NotFoundError, ServiceUnavailableError
from tests.servers.fleet._coder_scenarios import (
    CASSETTES,
    SECRET_HEADERS,
    Scenario,
    discovery,
    lifecycle,
    recorder,
    refusals,
)

pytestmark = pytest.mark.processes

REPLAY_TOKEN = "replayed-token-never-sent"


def test_cassettes_hold_no_secret() -> None:
    for cassette in CASSETTES.glob("*.yaml"):
        for interaction in yaml.safe_load(cassette.read_text())["interactions"]:
            for side in ("request", "response"):
                names = {n.lower() for n in interaction[side].get("headers", {})}
                assert not names & set(SECRET_HEADERS), (cassette.name, names)
        assert "fake-coder-session-token" not in cassette.read_text()


async def test_discovery_replayed() -> None:
    scenario = Scenario.load()
    with recorder("none").use_cassette("coder_discovery.yaml") as cassette:
        found = await discovery(scenario, REPLAY_TOKEN)
    assert cassette.all_played
    assert scenario.project in [p.name for p in found["projects"]]
    assert found["project"].name == scenario.project
    assert scenario.role in [r.name for r in found["roles"]]
    assert all(r.project_id == found["project"].id for r in found["roles"])


async def test_lifecycle_replayed() -> None:
    scenario = Scenario.load()
    with recorder("none").use_cassette("coder_lifecycle.yaml") as cassette:
        done = await lifecycle(scenario, REPLAY_TOKEN, delay=0)
    assert cassette.all_played
    created = done["created"]
    assert (created.name, created.project, created.role) == (
        scenario.agent,
        scenario.project,
        scenario.role,
    )
    assert done["busy"].status in ("busy", "idle", "failed")
    assert done["idle"].status in ("idle", "failed")
    messages = [t.message for t in done["history"]]
    assert messages and messages[0] == scenario.next_task
    stamps = [t.created_at for t in done["history"]]
    assert stamps == sorted(stamps, reverse=True)
    assert scenario.next_task in [e.message for e in done["logs"]]
    assert done["deleted"].workspace_id == created.workspace_id
    sent = [r for r in cassette.requests if r.method == "POST" and r.path.endswith("/message")]
    if done["cancelled"]:
        assert [r.body for r in sent] == [b'{"type":"raw","content":"\\u0003"}']


async def test_refusals_replayed() -> None:
    scenario = Scenario.load()
    with recorder("none").use_cassette("coder_refusals.yaml") as cassette:
        errors = await refusals(scenario, REPLAY_TOKEN)
    assert cassette.all_played
    assert isinstance(errors["401"], ServiceUnavailableError)
    assert "check CODER_SESSION_TOKEN" in errors["401"].message
    assert isinstance(errors["404"], NotFoundError)
    assert isinstance(errors["409"], ConflictError)


def test_the_scenario_file_names_no_credential() -> None:
    text = (CASSETTES / "scenario.json").read_text()
    assert "@" not in Scenario.load().base_url and "token" not in text.lower()
    assert Path(CASSETTES / "coder_lifecycle.yaml").is_file()
