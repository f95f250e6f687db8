"""The official MCP conformance suite's server scenarios against every bundled server, over
streamable HTTP, in both protocol eras: 2025-11-25 (``initialize``, sessions) and 2026-07-28
(stateless: each request carries its protocol version and client capabilities in ``_meta``).

Each run is the suite's own selection for the era (``--requirements ERA``). The result expected
of every scenario is written down here, per server and era: the scenarios that pass, and for
each one that does not, the checks that fail and why. Most of those scenarios drive the suite's
reference server ("everything"): its test tools (``test_image_content``, ``slow_compute``...),
prompts (``test_simple_prompt``) and resources (``test://static-text``); no real server has
them. A few pass only because the suite's check is lax about a tool we do not have (:data:`HOLLOW`):
they are not counted as passes. Any change, a new pass as much as a new failure, fails the test:
update the table with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from tests._http_server import http_process
from tests.conformance.conftest import ConformanceSuite, Outcome
from tests.servers.bundled import BUNDLED, BundledServer

pytestmark = [pytest.mark.slow, pytest.mark.installs, pytest.mark.processes]

LEGACY, MODERN = "2025-11-25", "2026-07-28"
ERAS = (LEGACY, MODERN)


@dataclass(frozen=True)
class Gap:
    """A scenario that does not pass: why, and the checks that fail."""

    reason: str
    checks: frozenset[str]


def _gap(reason: str, *checks: str) -> Gap:
    return Gap(reason, frozenset(checks))


def _reference(what: str, *checks: str) -> Gap:
    return _gap(f"drives the reference server's {what}, which no bundled server has", *checks)


# --- why scenarios do not pass (the same for every server unless said) -----------------------

GAPS: dict[str, Gap] = {
    "completion-complete": _gap(
        "asks to complete an argument of the reference's prompt test_prompt_with_arguments; our "
        "servers answer -32602 for an unknown prompt, as the spec says they should (their own "
        "completions are tested in tests/servers/_common/test_features.py)",
        "completion-complete",
    ),
    "json-schema-2020-12": _reference(
        "tool json_schema_2020_12_tool", "json-schema-2020-12-tool-found"
    ),
    "resources-read-binary": _reference("resource test://static-binary", "resources-read-binary"),
    "resources-read-text": _reference("resource test://static-text", "resources-read-text"),
    "resources-templates-read": _reference(
        "resource template test://template/{id}/data", "resources-templates-read"
    ),
    "resources-subscribe": _gap(
        "subscribes to the reference's test://watched-resource; todo, tasks and agents offer no "
        "resources/subscribe (their resources change with every tool call)",
        "resources-subscribe",
    ),
    "resources-unsubscribe": _gap(
        "unsubscribes from the reference's test://watched-resource; todo, tasks and agents offer "
        "no resources/subscribe",
        "resources-unsubscribe",
    ),
    "server-sse-polling": _reference("tool test_reconnection", "incoming-sse-event"),
    "tools-call-with-logging": _reference("tool test_tool_with_logging", "tools-call-with-logging"),
    "tools-call-with-progress": _reference(
        "tool test_tool_with_progress (our progress is tested with execute_agent_request in "
        "tests/servers/agents/test_progress.py)",
        "tools-call-with-progress",
    ),
    "tools-call-image": _reference("tool test_image_content", "tools-call-image"),
    "tools-call-audio": _reference("tool test_audio_content", "tools-call-audio"),
    "tools-call-embedded-resource": _reference(
        "tool test_embedded_resource", "tools-call-embedded-resource"
    ),
    "tools-call-mixed-content": _reference(
        "tool test_multiple_content_types", "tools-call-mixed-content"
    ),
    "tools-call-sampling": _reference("tool test_sampling", "tools-call-sampling"),
    "tools-call-elicitation": _reference("tool test_elicitation", "tools-call-elicitation"),
    "elicitation-sep1034-defaults": _reference(
        "tool test_elicitation_sep1034_defaults", "elicitation-sep1034-general"
    ),
    "elicitation-sep1330-enums": _reference(
        "tool test_elicitation_sep1330_enums", "elicitation-sep1330-general"
    ),
    "prompts-get-simple": _reference("prompt test_simple_prompt", "prompts-get-simple"),
    "prompts-get-with-args": _reference(
        "prompt test_prompt_with_arguments", "prompts-get-with-args"
    ),
    "prompts-get-embedded-resource": _reference(
        "prompt test_prompt_with_embedded_resource", "prompts-get-embedded-resource"
    ),
    "prompts-get-with-image": _reference("prompt test_prompt_with_image", "prompts-get-with-image"),
    # 2026-07-28
    "server-stateless": _reference(
        "diagnostic tool test_missing_capability (the 28 other checks pass)",
        "sep-2575-server-rejects-undeclared-capability",
        "sep-2575-missing-capability-http-400",
    ),
    "http-custom-header-server-validation": _gap(
        "no bundled tool routes a parameter through an x-mcp-header (SEP-2243): nothing a proxy "
        "would route by",
        "sep-2243-server-no-xmcp-tool",
        "sep-2243-server-decode-base64",
        "sep-2243-server-validate-param-match",
        "sep-2243-server-reject-invalid-param-chars",
        "sep-2243-server-reject-param-mismatch",
    ),
    **{
        f"input-required-result-{name}": _reference(
            "test_input_required_result_* tools and prompt (multi round-trip requests)", check
        )
        for name, check in (
            ("basic-elicitation", "sep-2322-elicitation-incomplete"),
            ("basic-list-roots", "sep-2322-list-roots-incomplete"),
            ("basic-sampling", "sep-2322-sampling-incomplete"),
            ("capability-check", "sep-2322-respect-client-capabilities"),
            ("multi-round", "sep-2322-multi-round-r1"),
            ("multiple-input-requests", "sep-2322-multiple-inputs-incomplete"),
            ("non-tool-request", "sep-2322-non-tool-incomplete"),
            ("request-state", "sep-2322-request-state-incomplete"),
            ("result-type", "sep-2322-result-type-included"),
            ("tampered-state", "sep-2322-reject-tampered-state"),
        )
    },
}

_TASKS = (
    "the tasks extension (io.modelcontextprotocol/tasks), which the todo and tasks servers do "
    "not offer (the fleet and the agents gateway do), driven through the reference's "
    "slow_compute/failing_job/confirm_delete tools"
)
TASKS_GAPS: dict[str, Gap] = {
    "tasks-capability-negotiation": _gap(
        _TASKS,
        "tasks-extension-advertised",
        "sep-2663-tasks-methods-non-declaring",
        "tasks-per-request-meta-opt-in",
    ),
    "tasks-dispatch-and-envelope": _gap(
        _TASKS,
        "tasks-server-directed-creation-no-hint",
        "sep-2663-durable-create-strong-consistency",
        "sep-2663-tasks-get-invalid-task-id-32602",
    ),
    "tasks-lifecycle": _gap(
        _TASKS,
        "sep-2663-result-type-task-on-create",
        "sep-2663-tasks-get-status-working",
        "sep-2663-tasks-get-status-completed",
        "sep-2663-tool-error-uses-completed-status",
        "sep-2663-tasks-get-status-failed",
        "sep-2663-cancel-ack-empty-result",
        "tasks-cancel-terminal-idempotent-ack",
    ),
    "tasks-mrtr-composition": _gap(_TASKS, "sep-2663-mrtr-synchronous-before-task-creation"),
    "tasks-mrtr-input": _gap(
        _TASKS,
        "sep-2663-tasks-get-status-input-required",
        "tasks-mrtr-tasks-update-resumes",
        "tasks-mrtr-partial-fulfillment",
    ),
    "tasks-request-headers": _gap(
        _TASKS,
        "tasks-headers-tolerate-mcp-method-on-tools-call",
        "sep-2663-routing-headers-accepted-on-tasks-get",
        "sep-2663-server-rejects-mismatched-mcp-name-on-tasks-get",
    ),
    "tasks-request-state-removal": _gap(_TASKS, "tasks-request-state-removal-setup"),
    "tasks-required-task-error": _gap(
        _TASKS, "sep-2663-server-returns-missing-capability-when-required"
    ),
    "tasks-wire-fields": _gap(
        _TASKS,
        "tasks-wire-field-renames",
        "tasks-no-early-ttl-expiry",
        "tasks-no-related-task-meta-on-inlined-result",
    ),
}

# The fleet and the agents gateway run their long tools as tasks: what the suite checks of the
# extension itself passes; what it checks through the reference's tools cannot.
_OURS = (
    "driven through the reference's slow_compute/failing_job/confirm_delete tools, which no "
    "bundled server has (the fleet's and the agents gateway's own tools run as tasks: "
    "tests/servers/fleet/test_tasks.py, tests/servers/agents/test_tasks.py)"
)
TASKS_OFFERED = ("fleet", "agents")
TASKS_GAPS_OFFERED: dict[str, Gap] = {
    **{scenario: _gap(_OURS, *gap.checks) for scenario, gap in TASKS_GAPS.items()},
    "tasks-capability-negotiation": _gap(_OURS, "tasks-per-request-meta-opt-in"),
    "tasks-dispatch-and-envelope": _gap(
        _OURS,
        "tasks-server-directed-creation-no-hint",
        "sep-2663-durable-create-strong-consistency",
    ),
}

# The fleet's own: it serves its agents as resources (with subscriptions to its own URIs) and
# tells every client when one needs attention, but has no prompts, completions or setLevel.
FLEET_GAPS: dict[str, Gap] = {
    "prompts-list": _gap("the fleet offers no prompts", "prompts-list"),
    "logging-set-level": _gap(
        "the fleet offers no logging/setLevel (its attention messages go to every client)",
        "logging-set-level",
    ),
    "caching": _gap(
        "checks the prompts listing's cache hints; the fleet offers no prompts",
        "sep-2549-prompts-list-caching-hints",
    ),
    "completion-complete": _gap("the fleet offers no completions", "completion-complete"),
    "resources-subscribe": _reference("resource test://watched-resource", "resources-subscribe"),
    "resources-unsubscribe": _reference(
        "resource test://watched-resource", "resources-unsubscribe"
    ),
}

# Scenarios the suite scores as passed although they test nothing of ours: they call a tool our
# servers do not have, and the check accepts the unknown-tool error (or is skipped).
HOLLOW: dict[str, str] = {
    "tools-call-simple-text": "calls the reference's test_simple_text; its check accepts any "
    "text, our unknown-tool error included",
    "server-session-lifecycle": "skipped by the suite: our HTTP servers are stateless (no "
    "Mcp-Session-Id), so there is no session lifecycle to check",
    "tasks-status-notifications": "skipped by the suite (tasks' notifications ride "
    "subscriptions/listen, which it does not drive yet)",
    "input-required-result-ignore-extra-params": "calls the reference's "
    "test_input_required_result_elicitation; passes on our unknown-tool error",
    "input-required-result-unsupported-methods": "calls the reference's "
    "test_input_required_result_tampered_state; passes on our unknown-tool error",
    "input-required-result-validate-input": "calls the reference's "
    "test_input_required_result_elicitation; passes on our unknown-tool error",
    "input-required-result-missing-input-response": "calls the reference's "
    "test_input_required_result_elicitation; only a warning on our unknown-tool error",
}

PASSES = {
    LEGACY: {
        "server-initialize", "ping", "logging-set-level", "tools-list", "tools-call-error",
        "server-sse-multiple-streams", "resources-list", "prompts-list",
        "dns-rebinding-protection",
    },
    MODERN: {
        "tools-list", "tools-call-error", "server-sse-multiple-streams", "resources-list",
        "prompts-list", "dns-rebinding-protection", "caching", "http-header-validation",
        "sep-2164-resource-not-found",
    },
}  # fmt: skip

SCENARIOS = {
    LEGACY: {
        *PASSES[LEGACY], "server-session-lifecycle", "completion-complete", "json-schema-2020-12",
        "resources-read-binary", "resources-read-text", "resources-templates-read",
        "resources-subscribe", "resources-unsubscribe", "server-sse-polling",
        "tools-call-with-logging", "tools-call-with-progress", "tools-call-image",
        "tools-call-audio", "tools-call-embedded-resource", "tools-call-mixed-content",
        "tools-call-sampling", "tools-call-elicitation", "elicitation-sep1034-defaults",
        "elicitation-sep1330-enums", "prompts-get-simple", "prompts-get-with-args",
        "prompts-get-embedded-resource", "prompts-get-with-image", "tools-call-simple-text",
    },
    MODERN: {
        *PASSES[MODERN], "server-stateless", "completion-complete", "json-schema-2020-12",
        "resources-read-binary", "resources-read-text", "resources-templates-read",
        "tools-call-with-progress", "tools-call-image", "tools-call-audio",
        "tools-call-embedded-resource", "tools-call-mixed-content", "prompts-get-simple",
        "prompts-get-with-args", "prompts-get-embedded-resource", "prompts-get-with-image",
        "http-custom-header-server-validation", "tools-call-simple-text",
        "tasks-status-notifications", *TASKS_GAPS,
        *(s for s in GAPS if s.startswith("input-required-result-")),
        *(s for s in HOLLOW if s.startswith("input-required-result-")),
    },
}  # fmt: skip
"""Every scenario the suite runs for each era (``--requirements ERA``)."""


def gaps(server: str) -> dict[str, Gap]:
    """Why each scenario that does not pass against ``server`` does not."""
    tasks = TASKS_GAPS_OFFERED if server in TASKS_OFFERED else TASKS_GAPS
    return {**GAPS, **tasks, **(FLEET_GAPS if server == "fleet" else {})}


def expected(server: str, era: str) -> dict[str, frozenset[str]]:
    """Scenario -> the checks expected to fail (none for a pass), for ``server`` in ``era``."""
    known = gaps(server)
    return {s: known[s].checks if s in known else frozenset() for s in SCENARIOS[era]}


def figures(server: str, era: str) -> tuple[int, int]:
    """(passed, not applicable): the passes that test something of ours, and the scenarios
    that need what only the reference server has, or a feature ``server`` does not offer."""
    wanted = expected(server, era)
    passed = [s for s, checks in wanted.items() if not checks and s not in HOLLOW]
    return len(passed), len(wanted) - len(passed)


def _differences(server: str, era: str, outcomes: dict[str, Outcome]) -> list[str]:
    wanted = expected(server, era)
    problems = []
    for scenario in sorted(wanted.keys() | outcomes.keys()):
        if scenario not in outcomes:
            problems.append(f"{scenario}: expected, but the suite did not run it")
            continue
        if scenario not in wanted:
            failing = sorted(outcomes[scenario].failed)
            problems.append(f"{scenario}: a new scenario, failing {failing}")
            continue
        failed = frozenset(outcomes[scenario].failed)
        if failed != wanted[scenario]:
            now = {c: outcomes[scenario].failed[c][:200] for c in sorted(failed)}
            problems.append(
                f"{scenario}: expected failing {sorted(wanted[scenario])}, got {now or 'none'}"
            )
    return problems


@pytest.mark.parametrize("server", BUNDLED, ids=lambda s: s.name)
async def test_the_conformance_suite_in_both_eras(
    server: BundledServer, conformance_suite: ConformanceSuite, tmp_path: Path
) -> None:
    async with http_process(server.module, *server.server_args(tmp_path)) as process:
        problems = []
        for era in ERAS:
            outcomes = await conformance_suite.run_server_scenarios(process.url, era)
            problems += [f"{era} {p}" for p in _differences(server.name, era, outcomes)]
    assert not problems, f"{server.name}: the conformance results changed:\n" + "\n".join(problems)


def test_every_gap_has_a_reason_and_each_scenario_one_fate() -> None:
    for era in ERAS:
        for server in (b.name for b in BUNDLED):
            wanted, known = expected(server, era), gaps(server)
            for scenario, checks in wanted.items():
                assert not checks or len(known[scenario].reason) > 20, scenario
                assert not (checks and scenario in HOLLOW), scenario
            passed, _ = figures(server, era)
            assert passed >= 7, (server, era)
            assert PASSES[era] <= SCENARIOS[era]


def test_the_suite_is_pinned() -> None:
    from tests._installs import REPO

    script = (REPO / "scripts" / "conformance-up.sh").read_text()
    assert 'suite_version="${CONFORMANCE_VERSION:-0.2.0-alpha.12}"' in script
