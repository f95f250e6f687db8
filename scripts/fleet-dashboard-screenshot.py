"""Screenshots of the fleet dashboard for the README: docs/fleet-dashboard.png (every agent) and
docs/fleet-dashboard-agent.png (one agent: its log, its diff).

    .venv/bin/python scripts/fleet-dashboard-screenshot.py

A scratch repository, a fleet of the test agent (tests/servers/fleet/agent.py) with
max_busy_agents 2, the fleet server in HTTP mode, agents in each state made over MCP, then
Debian's headless Chromium (scripts/chromium-up.sh) takes the pictures.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import anyio
import yaml
from mcp import Client

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests._http_server import http_process  # noqa: E402
from tests.servers.fleet.test_dashboard import open_browser, wait_until  # noqa: E402

AGENT = REPO / "tests" / "servers" / "fleet" / "agent.py"
APP = '''"""A tiny web shop."""


def price(cents: int) -> str:
    return f"{cents / 100:.2f} EUR"
'''


def git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=you", "-c", "user.email=you@example.com", *args],
                   cwd=cwd, check=True, capture_output=True)  # fmt: skip


def scratch(root: Path) -> Path:
    repo = root / "shop"
    repo.mkdir()
    git(repo, "init", "--quiet", "--initial-branch", "main")
    (repo / "shop.py").write_text(APP)
    (repo / "README.md").write_text("# shop\n")
    git(repo, "add", "--all")
    git(repo, "commit", "--quiet", "-m", "A tiny web shop")
    role = {"command": [sys.executable, str(AGENT), "{task}"]}
    fleet = root / "fleet.yaml"
    fleet.write_text(yaml.safe_dump({"projects": {"Shop": {
        "description": "The web shop", "source": str(repo), "roles": {"coder": role},
        "default_role": "coder", "max_busy_agents": 2,
    }}}))  # fmt: skip
    return fleet


async def until(client: Client, name: str, *statuses: str) -> None:
    with anyio.fail_after(30):
        while True:
            listed = await client.call_tool("list_agents", {})
            agents = (listed.structured_content or {})["agents"]
            if any(a["name"] == name and a["status"] in statuses for a in agents):
                return
            await anyio.sleep(0.1)


async def main() -> None:
    driver = subprocess.run(["bash", str(REPO / "scripts" / "chromium-up.sh")], check=True,
                            capture_output=True, text=True).stdout.split()[-1]  # fmt: skip
    with tempfile.TemporaryDirectory(prefix="fleet-shot-") as scratch_dir:
        root = Path(scratch_dir)
        fleet = scratch(root)
        env = {"FLEET_STATE_DIR": str(root / "state"), "XDG_DATA_HOME": str(root)}
        args = ["--fleet-config", str(fleet), "--database-url", f"sqlite:///{root / 'f.db'}"]
        async with http_process("servers.fleet", *args, env=env) as server:
            base = server.url.removesuffix("/mcp")
            async with Client(server.url) as c:
                steps = [
                    ("docs", "Document the prices: write=PRICES.md=Prices_are_in_EUR"),
                    ("flaky-tests", "Find the flaky test: lines=2 warn fail"),
                ]
                for name, task in steps:
                    await c.call_tool("create_agent", {"name": name, "project": "Shop",
                                                       "task": task})  # fmt: skip
                await until(c, "docs", "idle")
                await until(c, "flaky-tests", "failed")
                for name, task in [
                    ("checkout", "Add a checkout page: lines=3 write=checkout.py=TODO block tick"),
                    ("currency", "Format prices per locale: lines=2 block tick"),
                    ("refactor", "Split shop.py into modules: lines=1"),
                ]:
                    await c.call_tool("create_agent", {"name": name, "project": "Shop",
                                                       "task": task})  # fmt: skip
                await until(c, "checkout", "busy")
            browser = await anyio.to_thread.run_sync(open_browser, driver, root / "profile")
            try:
                await anyio.to_thread.run_sync(browser.get, f"{base}/")
                await anyio.to_thread.run_sync(
                    wait_until, browser, lambda b: b.execute_script(
                        "return document.querySelector('[data-live]').classList.contains('on')")
                )  # fmt: skip
                await anyio.to_thread.run_sync(
                    browser.save_screenshot, str(REPO / "docs" / "fleet-dashboard.png")
                )
                await anyio.to_thread.run_sync(browser.set_window_size, 1280, 1700)
                await anyio.to_thread.run_sync(browser.get, f"{base}/agents/docs")
                await anyio.to_thread.run_sync(
                    browser.save_screenshot, str(REPO / "docs" / "fleet-dashboard-agent.png")
                )
            finally:
                await anyio.to_thread.run_sync(browser.quit)
                async with Client(server.url) as c:  # tasks outlive servers: end them
                    for name in ("docs", "flaky-tests", "checkout", "currency", "refactor"):
                        await c.call_tool("delete_agent", {"agent_name": name, "force": True})
    print(
        textwrap.dedent(f"""\
        wrote {REPO / "docs" / "fleet-dashboard.png"}
        wrote {REPO / "docs" / "fleet-dashboard-agent.png"}""")
    )


if __name__ == "__main__":
    (REPO / "docs").mkdir(exist_ok=True)
    anyio.run(main)
