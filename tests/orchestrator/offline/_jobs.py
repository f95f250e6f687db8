"""A jobs board the offline router's tests share: jobs listed with their ids and titles, and
one started by a tool whose description says the state it sets (in progress)."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import tool

__all__ = ["JOBS", "OUTPUTS", "START"]

START = tool("begin_job", "Mark a job as in progress.", {"job_id": {"type": "string"}}, "job_id")
JOBS = tool("list_jobs", "List all jobs.", {})
OUTPUTS = {
    "list_jobs": json.dumps(
        [{"id": "j1", "title": "Paint the fence"}, {"id": "j2", "title": "Book the boiler service"}]
    ),
    "begin_job": json.dumps({"ok": True}),
}
