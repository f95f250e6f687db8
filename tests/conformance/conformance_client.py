"""The orchestrator as the client under test of the official MCP conformance suite.

The suite (`@modelcontextprotocol/conformance`, `client --command ...`) starts a server for a
scenario and runs this script with the server's URL as its last argument, the scenario's name in
`MCP_CONFORMANCE_SCENARIO`, the wire revision in `MCP_CONFORMANCE_PROTOCOL_VERSION` and, for some,
data in `MCP_CONFORMANCE_CONTEXT` (JSON). It does what a user would: writes an
`mcp_agent.config.yaml` naming one server at that URL (`protocol: auto`: 2026-07-28 first, else
the handshake; `auth: {oauth: ...}` for the auth scenarios, `auth: {grant: ...}` with the
scenario's credentials for the machine grants' ones), loads it with `load_config`, and asks
an `Orchestrator` whose model is a `ScriptedModel` that makes the calls the scenario expects. What
the server asks back (elicitation, sampling, roots, OAuth sign-in) is answered by the library's own
handlers; the sign-in's browser is played by `_follow_redirect`, which takes the authorization
server's redirect to the orchestrator's loopback listener.

    python tests/conformance/conformance_client.py URL

Exits 0 when the orchestrator ran; the suite judges what it saw on the wire.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

SERVER = "conformance"


def _context() -> dict[str, Any]:
    raw = os.environ.get("MCP_CONFORMANCE_CONTEXT")
    return json.loads(raw) if raw else {}


def _stub(schema: dict[str, Any]) -> dict[str, Any]:
    """Arguments that fill a schema's required properties with a value of their type."""
    by_type = {"string": "x", "integer": 0, "number": 0, "boolean": False, "object": {}}
    properties = schema.get("properties") or {}
    return {
        name: by_type.get((properties.get(name) or {}).get("type"), "x")
        for name in schema.get("required") or ()
    }


def _calls(scenario: str, tools: list[Any]) -> list[tuple[str, dict[str, Any]]]:
    """The calls the scenario expects, given the tools the orchestrator offers its model."""
    by_name = {t.name: t for t in tools}
    if scenario in ("tools_call", "request-metadata"):
        return [("add_numbers", {"a": 5, "b": 3})]
    if scenario == "sse-retry":
        return [("test_reconnection", {})]
    if scenario == "elicitation-sep1034-client-defaults":
        return [("test_client_elicitation_defaults", {})]
    if scenario == "sep-2322-client-request-state":
        names = ("test_mrtr_echo_state", "test_mrtr_unrelated", "test_mrtr_no_state")
        return [(n, {}) for n in (*names, "test_mrtr_no_result_type")]
    if scenario in ("http-invalid-tool-headers", "http-standard-headers"):
        return [(t.name, _stub(t.input_schema)) for t in tools]
    if scenario == "http-custom-headers":
        wanted = _context().get("toolCalls") or []
        return [(c["name"], c.get("arguments") or {}) for c in wanted if c["name"] in by_name]
    if scenario == "json-schema-2020-12-preservation":
        focal = by_name["json_schema_2020_12_tool"]
        return [("json_schema_echo", {"schema": focal.input_schema})]
    if scenario.startswith("auth/") and tools:
        return [(tools[0].name, {})]
    if scenario.startswith("sep-2640-client-verify-") and "load_skill" in by_name:
        (name, *_) = by_name["load_skill"].input_schema["properties"]["skill"]["enum"]
        return [("load_skill", {"skill": name})]
    # initialize, json-schema-ref-no-deref, sep-2640-client-no-prefetch: connecting and listing
    # (tools, skills) is the scenario
    return []


# The machine grants' scenarios: what their configuration takes from the scenario's context.
_MACHINES = {
    "auth/client-credentials-basic": "client_credentials",
    "auth/client-credentials-jwt": "client_credentials",
    "auth/wif-jwt-bearer": "jwt_bearer",
    "auth/enterprise-managed-authorization": "id_jag",
}


def _issuer(url: str) -> str:
    """The authorization server of the MCP server at `url`, as its administrator looks it up once
    to configure a machine grant: from its protected resource metadata."""
    import httpx2

    with httpx2.Client(timeout=30) as http:
        challenge = http.post(url, json={"jsonrpc": "2.0", "id": 0, "method": "ping"})
        where = re.search(r'resource_metadata="([^"]+)"', challenge.headers["www-authenticate"])
        assert where, challenge.headers
        return str(http.get(where.group(1)).json()["authorization_servers"][0])


def _machine(url: str, scenario: str, folder: Path) -> dict[str, Any]:
    """The `auth` block of a machine grant, from what the scenario gives (its context)."""
    context = _context()

    def file(name: str, text: str) -> str:
        (folder / name).write_text(text, encoding="utf-8")
        (folder / name).chmod(0o600)
        return name  # relative to the config file

    auth = {"grant": _MACHINES[scenario], "issuer": _issuer(url), "client_id": context["client_id"]}
    if "client_secret" in context:
        auth["client_secret"] = context["client_secret"]
    if "private_key_pem" in context:
        auth["private_key_file"] = file("client-key.pem", context["private_key_pem"])
        auth["signing_algorithm"] = context["signing_algorithm"]
    if "valid_jwt" in context:  # the workload's identity token, as its platform mounts it
        auth["assertion_file"] = file("workload.jwt", context["valid_jwt"])
    if "idp_id_token" in context:  # the user's ID token at the enterprise identity provider
        auth["id_token_file"] = file("id-token.jwt", context["idp_id_token"])
        auth["idp_token_endpoint"] = context["idp_token_endpoint"]
        auth["idp_client_id"] = context["idp_client_id"]
    return auth


def _config(url: str, scenario: str, folder: Path) -> Path:
    server: dict[str, Any] = {"transport": "streamable_http", "url": url, "protocol": "auto"}
    if scenario in _MACHINES:
        server["auth"] = _machine(url, scenario, folder)
    elif scenario.startswith("auth/"):
        context = _context()
        oauth: dict[str, Any] = {"enabled": True}
        if context.get("client_id"):
            oauth["client_id"] = context["client_id"]
        if context.get("client_secret"):
            oauth["client_secret"] = context["client_secret"]
        if scenario == "auth/basic-cimd":  # a client id that is a metadata document's URL
            oauth["client_metadata_url"] = "https://conformance-test.local/client-metadata.json"
        server["auth"] = {"oauth": oauth}
    path = folder / "mcp_agent.config.yaml"
    # The suite runs a revision's scenarios side by side, 30 clients at once on a small machine:
    # the handshake gets the time the scenario has (the suite judges the wire, not the speed).
    config = {"mcp": {"servers": {SERVER: server}}, "orchestrator": {"startup_timeout_seconds": 90}}
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    return path


async def _follow_redirect(server: str, url: str) -> None:
    """The user's browser: the authorization server redirects at once (the suite's does), and
    the redirect goes to the orchestrator's loopback listener."""
    import httpx2

    async with httpx2.AsyncClient(timeout=30) as http:
        response = await http.get(url, follow_redirects=False)
        location = response.headers.get("location")
        if response.status_code not in (301, 302, 303, 307, 308) or not location:
            raise RuntimeError(f"the authorization server answered {response.status_code}")
        await http.get(location)


def _accept_with_defaults(request: Any) -> Any:
    """Accept a form typing only what it requires and has no default for (yes, the first
    choice, "x", 0): every other field keeps its default, which the library applies (SEP-1034)."""
    from orchestrator import ElicitationAnswer

    typed = {"boolean": True, "number": 0, "integer": 0, "text": "x"}
    values = {
        f.name: f.choices[0] if f.kind in ("choice", "choices") and f.choices else typed.get(f.kind)
        for f in request.fields
        if f.required and f.default is None
    }
    return ElicitationAnswer("accept", values)


async def run(url: str, scenario: str, folder: Path) -> int:
    from orchestrator import Orchestrator, load_config
    from orchestrator.messages import ToolCallItem
    from orchestrator.models import ModelRequest
    from orchestrator.testing import ScriptedModel

    def first_turn(request: ModelRequest) -> list[ToolCallItem] | str:
        calls = _calls(scenario, list(request.tools))
        return [ToolCallItem(f"c{i}", n, a) for i, (n, a) in enumerate(calls)] or "nothing to do"

    async def second_turn(orch: Any) -> ToolCallItem | str:
        """After loading a skill, a file it lists: the library refuses it unless it loaded."""
        if not scenario.startswith("sep-2640-client-verify-"):
            return "done"
        (skill, *_) = await orch.skills.offered()
        root = skill.root + "/"
        (path, *_) = [f.uri.removeprefix(root) for f in skill.files if f.uri != skill.uri]
        return ToolCallItem("c9", "read_skill_file", {"skill": skill.key, "path": path})

    settings = load_config(_config(url, scenario, folder))
    model = ScriptedModel(first_turn, lambda request: turns.pop(0), "done")
    turns: list[ToolCallItem | str] = []
    async with Orchestrator(
        settings,
        model=model,
        catalogue_cache=False,
        yes=True,
        approve=lambda call: True,
        elicit=_accept_with_defaults,
        authorize=_follow_redirect,
        timeout=60,
    ) as orch:
        reports = orch.reports
        for report in reports:
            print(f"server {report.name}: {report.state} {report.reason or ''}", file=sys.stderr)
        turns.append(await second_turn(orch))
        result = await orch.session().ask(f"conformance scenario {scenario}")
        for call in result.tool_calls:
            print(f"called {call.tool}: {call.status} {call.result!r:.300}", file=sys.stderr)
        if scenario == "http-standard-headers":  # every method that carries the headers
            await _resources_and_prompts(orch)
    return 0


async def _resources_and_prompts(orch: Any) -> None:
    """List and read what the server offers besides tools, through the library."""
    resources = [r for r in await orch.resources.list_resources() if not r.template]
    if resources:
        await orch.resources.read(resources[0].uri)
    prompts = await orch.resources.list_prompts()
    if prompts:
        wanted = {a.name: "x" for a in prompts[0].arguments if a.required}
        await orch.resources.get_prompt(prompts[0].name, wanted)


# How many clients run at once on this machine (the rest wait their turn before importing the
# SDK): the suite starts every scenario's client at the same moment, 30 to 40 a revision, and CI
# runs two revisions in each of two test runs side by side on 2 cores, where 120 Pythons
# importing the SDK at once starved the scenarios' own timers.
SLOTS = max(2, 2 * (os.cpu_count() or 1))


def _take_a_slot() -> Any:
    """One of `SLOTS` locks shared by every client on the machine, held until this one exits."""
    import fcntl
    import time

    folder = Path(tempfile.gettempdir()) / "mcp-conformance-clients"
    folder.mkdir(exist_ok=True)
    while True:
        for slot in range(SLOTS):
            lock = (folder / str(slot)).open("w")
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                lock.close()
            else:
                return lock
        time.sleep(0.05)


def main() -> int:
    _slot = _take_a_slot()  # held until this process ends
    logging.basicConfig(
        level=logging.INFO, stream=sys.stderr, format="%(asctime)s %(name)s %(message)s"
    )
    url = sys.argv[-1]
    scenario = os.environ.get("MCP_CONFORMANCE_SCENARIO", "initialize")
    with tempfile.TemporaryDirectory(prefix="conformance-") as folder:
        # The orchestrator's per-user folders (OAuth tokens, caches) in a scratch place.
        for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME"):
            os.environ[name] = str(Path(folder) / name.lower())
        return asyncio.run(run(url, scenario, Path(folder)))


if __name__ == "__main__":
    sys.exit(main())
