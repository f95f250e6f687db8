"""A job-application tracker the offline router's tests share: applications added, listed by
company, and moved between the states of an enum (applied … withdrawn)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import integer, text, tool

__all__ = ["TOOLS"]

STATUS = {
    "type": "string",
    "enum": ["applied", "interviewing", "offer", "rejected", "withdrawn"],
    "description": "Application status",
}
TOOLS = [
    tool(
        "list_applications",
        "List job applications, optionally filtered by company.",
        {"company": text("Company name filter")},
        server="jobs",
    ),
    tool(
        "add_application",
        "Add a job application.",
        {"company": text("Company"), "role": text("Job title"), "status": STATUS},
        "company",
        "role",
        server="jobs",
    ),
    tool(
        "update_status",
        "Update the status of an application.",
        {"application_id": integer(), "status": STATUS, "note": text("Optional note")},
        "application_id",
        "status",
        server="jobs",
    ),
]
