"""Record the Coder cassettes that ``test_coder_cassettes.py`` replays.

    python -m tests.servers.fleet.record_coder_cassettes          # against the loopback fake

Against a real deployment (it creates and deletes two workspaces named fleet-cassette*):

    CODER_URL=https://coder.example.com CODER_SESSION_TOKEN=... \\
    FLEET_CASSETTE_PROJECT=Setup FLEET_CASSETTE_ROLE=coder \\
    python -m tests.servers.fleet.record_coder_cassettes

The project is a template whose display name is FLEET_CASSETTE_PROJECT and that has an
"AI Prompt" parameter; the role is one of its presets. Every cassette is rewritten (vcrpy record
mode "all"); the session token and cookies are filtered out. Review the diff before committing:
real workspaces carry your user and organization names.
"""

from __future__ import annotations

import os
import sys
from contextlib import ExitStack

import anyio

from tests.servers.fleet._coder_scenarios import (
    CASSETTES,
    Scenario,
    discovery,
    lifecycle,
    recorder,
    refusals,
)


async def record(scenario: Scenario, token: str, delay: float) -> None:
    rec = recorder("all")
    with rec.use_cassette("coder_discovery.yaml"):
        await discovery(scenario, token)
    with rec.use_cassette("coder_lifecycle.yaml"):
        await lifecycle(scenario, token, delay=delay)
    with rec.use_cassette("coder_refusals.yaml"):
        await refusals(scenario, token)


def main() -> int:
    CASSETTES.mkdir(exist_ok=True)
    with ExitStack() as stack:
        url, token = os.environ.get("CODER_URL"), os.environ.get("CODER_SESSION_TOKEN")
        delay = 5.0
        if not (url and token):
            from tests.servers.fleet._fake_coder import TOKEN, FakeCoder

            fake = stack.enter_context(FakeCoder().running())
            url, token, delay = fake.url, TOKEN, 0.0
        scenario = Scenario(
            base_url=url.rstrip("/"),
            project=os.environ.get("FLEET_CASSETTE_PROJECT", "Setup"),
            role=os.environ.get("FLEET_CASSETTE_ROLE", "coder"),
        )
        anyio.run(record, scenario, token, delay)
        scenario.save()
    print(f"recorded {len(list(CASSETTES.glob('*.yaml')))} cassettes in {CASSETTES}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
