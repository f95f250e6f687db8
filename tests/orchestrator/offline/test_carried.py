"""What an earlier call returned, carried into a later call where the request points back at it
(`_carried`), over the résumé kit of trial 23 (`_resume.py`), whose tools are made to be
chained ("Use the ranked keyword list as input to ats_gap_check"):
- "pull the keywords out of that posting", after a posting was fetched, sends the posting's
  text as `job_text` (it sent "out of that posting");
- "compare my resume text '...' against those keywords" sends the keywords returned, and the
  quoted text alone as `resume_text`;
- a record's fields are never carried: what a write returned is no text of a new call."""

from __future__ import annotations

import json

from orchestrator import UserMessage
from orchestrator.messages import Item, ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline import _resume
from tests.orchestrator.offline._routing import calls

POSTING = "Senior Python engineer. Requirements: Python, Django, PostgreSQL, REST APIs, Docker."
KEYWORDS = ["python", "django", "postgresql", "rest apis", "docker"]


def _history(*made: tuple[str, str, dict[str, object], object]) -> list[Item]:
    """Requests, each with the one call it made and what that call returned."""
    history: list[Item] = []
    for n, (said, name, arguments, output) in enumerate(made):
        history += [
            UserMessage(said),
            ToolCallItem(f"call_{n}", name, arguments),
            ToolResultItem(f"call_{n}", name, json.dumps(output)),
        ]
    return history


_FETCHED = (
    f"here's a job posting: {POSTING}",
    "fetch_job_posting",
    {"pasted_text": POSTING},
    {"source": "pasted", "text": POSTING, "char_count": len(POSTING)},
)
_EXTRACTED = (
    "pull the keywords out of that posting",
    "extract_keywords",
    {"job_text": POSTING},
    {"keywords": KEYWORDS, "detail": [{"keyword": "python", "score": 3}]},
)


async def _next(history: list[Item], said: str) -> list[tuple[str, dict[str, object]]]:
    history = [*history, UserMessage(said)]
    return calls(await OfflineRouter().respond(ModelRequest("", history, _resume.TOOLS)))


async def test_that_posting_is_the_text_fetched() -> None:
    made = await _next(_history(_FETCHED), "pull the keywords out of that posting")
    assert made == [("extract_keywords", {"job_text": POSTING})], made


async def test_those_keywords_are_the_ones_returned() -> None:
    said = "compare my resume text 'Python developer, 5 years Django' against those keywords"
    made = await _next(_history(_FETCHED, _EXTRACTED), said)
    assert made == [
        (
            "ats_gap_check",
            {"resume_text": "Python developer, 5 years Django", "keywords": KEYWORDS},
        )
    ], made
    said = "compare my resume text Python developer with Django against those keywords"
    made = await _next(_history(_FETCHED, _EXTRACTED), said)
    assert made == [
        ("ats_gap_check", {"resume_text": "Python developer with Django", "keywords": KEYWORDS})
    ], made


async def test_a_records_fields_are_never_carried() -> None:
    saved = (
        "save my resume: Sam Okafor, Python developer, 5 years of Django and PostgreSQL",
        "save_master_resume",
        {"resume": {"summary": "Python developer"}},
        {"status": "saved", "text": "Sam Okafor, Python developer, 5 years of Django"},
    )
    made = await _next(_history(saved), "pull the keywords out of that resume")
    assert made == [], made  # asked for the text, never sent the record's
