"""The fleet's web dashboard: over real HTTP from a real ``python -m servers.fleet`` process, and
as a person uses it, in Debian's headless Chromium driven through chromedriver (installed by
``scripts/chromium-up.sh``; without it the browser test skips, except in CI)."""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import anyio
import anyio.to_thread
import httpx2
import pytest
from mcp import Client

from tests._http_server import http_process
from tests._wait import eventually
from tests.servers.fleet.conftest import call

pytestmark = pytest.mark.processes

REPO = Path(__file__).resolve().parents[3]
TOKEN = "dashboard-token-0123456789abcdef"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,900",
]


def fleet_args(tmp_path: Path, fleet_file: Path, url: str) -> list[str]:
    return ["--fleet-config", str(fleet_file), "--database-url", url]


def fleet_env(tmp_path: Path, **more: str) -> dict[str, str]:
    return {"FLEET_STATE_DIR": str(tmp_path / "home"), "XDG_DATA_HOME": str(tmp_path), **more}


async def test_the_dashboard_is_served_behind_the_token_and_the_host_check(
    tmp_path: Path, repo: Path, fleet_file: Path, sqlite_url: str
) -> None:
    env = fleet_env(tmp_path, MCP_SERVER_TOKEN=TOKEN)
    async with http_process("servers.fleet", *fleet_args(tmp_path, fleet_file, sqlite_url),
                            env=env) as server:  # fmt: skip
        base = server.url.removesuffix("/mcp")
        announced = await eventually(lambda: _said(server.stderr_lines, "dashboard on"))
        async with httpx2.AsyncClient(base_url=base) as http:
            machine = await http.get("/")
            browser = await http.get("/", headers={"Accept": "text/html"})
            wrong = await http.post("/login", data={"token": "nope", "next": "/"})
            signed = await http.post("/login", data={"token": TOKEN, "next": "/agents/x"})
            cookie = signed.cookies.get("mcp_server_token")
            page = await http.get("/", headers={"Cookie": f"mcp_server_token={cookie}"})
            bearer = await http.get("/", headers={"Authorization": f"Bearer {TOKEN}"})
            rebound = await http.get(
                "/", headers={"Host": "evil.example", "Authorization": f"Bearer {TOKEN}"}
            )
            forged = await http.post(
                "/agents/x/cancel",
                headers={"Origin": "http://evil.example", "Authorization": f"Bearer {TOKEN}"},
            )
            escaped = await http.post("/login", data={"token": TOKEN, "next": "//evil.example"})
    assert announced.endswith(f"fleet: dashboard on {base}/")
    assert machine.status_code == 401 and machine.json()["error"] == "unauthorized"
    assert browser.status_code == 401 and "<form method=post action='/login'>" in browser.text
    assert wrong.status_code == 401 and "That is not the server&#x27;s token." in wrong.text
    assert (signed.status_code, signed.headers["location"]) == (303, "/agents/x")
    set_cookie = signed.headers["set-cookie"].lower()
    assert "httponly" in set_cookie and "samesite=strict" in set_cookie and cookie == TOKEN
    assert page.status_code == 200 and "<h1>Agents <small data-count>0</small></h1>" in page.text
    assert bearer.status_code == 200
    assert (rebound.status_code, forged.status_code) == (421, 403)
    assert escaped.headers["location"] == "/"


async def _said(lines: list[str], what: str) -> str | None:
    return next((line.strip() for line in lines if what in line), None)


async def test_the_pages_without_javascript_and_the_forms(
    tmp_path: Path, repo: Path, fleet_file: Path, sqlite_url: str
) -> None:
    async with (
        http_process(
            "servers.fleet", *fleet_args(tmp_path, fleet_file, sqlite_url), env=fleet_env(tmp_path)
        ) as server,  # fmt: skip
        httpx2.AsyncClient(base_url=server.url.removesuffix("/mcp")) as http,
    ):
        origin = {"Origin": str(http.base_url).rstrip("/")}
        made = await http.post(
            "/agents",
            data={"name": "web", "project": "Setup", "task": "write=<b>.txt=<i>x</i>"},
            headers=origin,
        )
        bad = await http.post(
            "/agents", data={"name": "no spaces", "project": "Setup", "task": "x"}, headers=origin
        )
        async with Client(server.url) as c:
            await eventually(lambda: _idle(c, "web"), timeout=30)
        page = await http.get("/agents/web")
        index = await http.get("/")
        missing = await http.get("/agents/nobody")
        refused = await http.post("/agents/web/delete", headers=origin)
        merged = await http.post("/agents/web/merge", headers=origin)
        told = await http.get(str(merged.headers["location"]))  # the page it went back to
        forged = await http.get("/?error=Your+token+expired%2C+sign+in+at+evil.example")
        resigned = await http.get("/?said=Something+else&sig=" + _sig(merged))
        script = await http.get("/static/dashboard.js")
        nothing = await http.get("/static/../tools.py")
    assert made.status_code == 303
    assert made.headers["location"].startswith("/agents/web?said=Agent+%27web%27+created")
    assert bad.headers["location"].startswith(
        "/?error=Invalid+arguments+for+the+form%3A+name%3A+must+be+1+to+32"
    )
    assert page.status_code == 200
    assert "<span class='status status-idle' data-status>idle</span>" in page.text
    assert "needs you: finished: exited with status 0" in page.text
    assert "<td class=outcome>finished</td>" in page.text  # what became of each task
    assert "&lt;b&gt;.txt" in page.text and "<b>.txt" not in page.text  # escaped, always
    assert "<span class=add>+&lt;i&gt;x&lt;/i&gt;</span>" in page.text  # the diff, rendered
    assert "data-action=cancel" in page.text and "data-action=merge" in page.text
    assert "<tr data-row='web'>" in index.text
    assert missing.status_code == 404 and "Agent &#x27;nobody&#x27; not found" in missing.text
    assert refused.headers["location"].startswith("/agents/web?error=Agent+%27web%27+holds+work")
    assert merged.headers["location"].startswith("/agents/web?said=Merged+1+commit")
    assert "role=status>Merged 1 commit" in told.text  # its own redirect's note is shown
    assert "evil.example" not in forged.text  # a note a link wrote is not
    assert "Something else" not in resigned.text  # nor one with another note's signature
    assert script.headers["content-type"].startswith("text/javascript")
    assert nothing.status_code == 404


def _sig(response: httpx2.Response) -> str:
    return parse_qs(urlsplit(response.headers["location"]).query)["sig"][0]


async def _idle(c: Client, name: str) -> bool:
    listed = await call(c, "list_agents", {})
    return any(a["name"] == name and a["status"] == "idle" for a in listed["agents"])


# --- in a real browser -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def chromedriver() -> str:
    """Debian's chromedriver (installed if need be), else skip (a failure in CI)."""
    try:
        done = subprocess.run(
            ["bash", str(REPO / "scripts" / "chromium-up.sh")],
            capture_output=True, text=True, timeout=900, check=False,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        done = None
    if done is None or done.returncode != 0:
        reason = "cannot install chromium" + (f": {done.stderr[-300:]}" if done else "")
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{reason}; in CI the browser test must run")
        pytest.skip(reason)
    return done.stdout.strip().splitlines()[-1]


def open_browser(driver: str, profile: Path) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in [*CHROMIUM_FLAGS, f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    return webdriver.Chrome(options=options, service=Service(driver))


def wait_until(browser: Any, check: Callable[[Any], Any], timeout: float = 30) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(browser, timeout, poll_frequency=0.05).until(check)


def text_of(css: str) -> Callable[[Any], str]:
    """The shown text of the first element `css` finds ("" when none), read in the page in one
    step: an element found first and read after can be replaced in between by the page's next
    render (Chromium then says "Node with given id does not belong to the document")."""

    def read(browser: Any) -> str:
        return str(
            browser.execute_script(
                "const e = document.querySelector(arguments[0]); return e ? e.innerText : '';",
                css,
            )
        )

    return read


@pytest.mark.slow
@pytest.mark.installs
async def test_a_person_watches_an_agent_work_and_cancels_it_from_the_page(
    tmp_path: Path, repo: Path, fleet_file: Path, sqlite_url: str, chromedriver: str
) -> None:
    from selenium.webdriver.common.by import By

    profile = Path(tempfile.mkdtemp(prefix="chromium-", dir=tmp_path))
    with anyio.fail_after(120):
        async with http_process("servers.fleet", *fleet_args(tmp_path, fleet_file, sqlite_url),
                                env=fleet_env(tmp_path)) as server:  # fmt: skip
            base = server.url.removesuffix("/mcp")
            browser = await anyio.to_thread.run_sync(open_browser, chromedriver, profile)
            try:
                await anyio.to_thread.run_sync(browser.get, f"{base}/")
                async with Client(server.url) as c:  # made over MCP, not on the page
                    await call(
                        c,
                        "create_agent",
                        {"name": "web", "project": "Setup", "task": "lines=1 block tick"},
                    )
                status = 'tr[data-row="web"] [data-status]'
                busy = await anyio.to_thread.run_sync(
                    wait_until, browser, lambda b: text_of(status)(b) == "busy"
                )
                await anyio.to_thread.run_sync(browser.get, f"{base}/agents/web")
                await anyio.to_thread.run_sync(browser.execute_script, "window.stayed = 42")
                lines = "[data-log] .line"
                loaded = await anyio.to_thread.run_sync(
                    browser.execute_script,
                    "return Array.from(document.querySelectorAll('[data-log] .line'),"
                    " (el) => el.textContent)",
                )
                first = len(loaded)
                await anyio.to_thread.run_sync(
                    wait_until,
                    browser,
                    lambda b: len(b.find_elements(By.CSS_SELECTOR, lines)) > first,
                )
                stayed = await anyio.to_thread.run_sync(
                    browser.execute_script, "return window.stayed"
                )
                newest = await anyio.to_thread.run_sync(text_of("[data-log] .line:last-child"),
                                                        browser)  # fmt: skip
                button = await anyio.to_thread.run_sync(
                    browser.find_element, By.CSS_SELECTOR, "button[data-action=cancel]"
                )
                await anyio.to_thread.run_sync(button.click)
                idle = await anyio.to_thread.run_sync(
                    wait_until, browser, lambda b: text_of("h1 [data-status]")(b) == "idle"
                )
                said = await anyio.to_thread.run_sync(text_of("p.note.said"), browser)
            finally:
                await anyio.to_thread.run_sync(browser.quit)
    assert busy and idle and stayed == 42  # the line came live: the page was not reloaded
    assert newest not in loaded and newest.split(" ", 2)[1] == "INFO"  # a line that came
    assert newest.split(" ", 2)[2] in ("waiting", "line 1") or "tick " in newest
    assert said == "Interrupt signal sent to agent 'web'"
