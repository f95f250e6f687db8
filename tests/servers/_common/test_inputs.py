"""The strict input types every server shares."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone
from typing import Any
from uuid import UUID

import pytest
from pydantic import BaseModel, ConfigDict, ValidationError

from servers._common import (
    ConstTrue,
    DateOrDateTime,
    DateTime,
    IsoDate,
    Uuid,
    describe_validation_error,
    shorten,
    tool_schema,
    validate_arguments,
)


class Sample(BaseModel):
    model_config = ConfigDict(extra="forbid")
    sure: ConstTrue | None = None
    when: DateTime | None = None
    due: DateOrDateTime | None = None
    day: IsoDate | None = None
    id: Uuid | None = None
    count: int | None = None
    counts: list[int] | None = None
    either: int | str | None = None
    ratio: float | None = None
    flag: bool | None = None
    text: str | None = None


def _problems(arguments: dict[str, Any]) -> list[str]:
    with pytest.raises(ValidationError) as caught:
        validate_arguments(Sample, arguments)
    return [str(p) for p in describe_validation_error(caught.value, Sample)]


def test_the_schema_says_what_the_types_accept() -> None:
    props = tool_schema(Sample)["properties"]
    assert props["sure"] == {"type": "boolean", "const": True}
    assert props["when"] == props["due"] == {"type": "string", "format": "date-time"}
    assert props["day"] == {"type": "string", "format": "date"}
    assert props["id"] == {"type": "string", "format": "uuid"}


@pytest.mark.parametrize(
    ("arguments", "problem"),
    [
        ({"sure": 1}, "sure: must be true"),
        ({"sure": 1.0}, "sure: must be true"),
        ({"sure": "true"}, "sure: must be true"),
        ({"sure": False}, "sure: must be true"),
        ({"count": "5"}, "count: must be an integer"),
        ({"count": True}, "count: must be an integer"),
        ({"flag": 1}, "flag: must be a boolean"),
        ({"flag": "off"}, "flag: must be a boolean"),
        ({"flag": -0.0}, "flag: must be a boolean"),
        ({"text": 5}, "text: must be a string"),
        ({"when": -7}, "when: must be an ISO 8601 date-time string such as "
                       "2025-12-25T15:00:00+01:00 (without an offset: local time)"),
        ({"when": "2025"}, "when: must be an ISO 8601 date-time string such as "
                           "2025-12-25T15:00:00+01:00 (without an offset: local time)"),
        ({"when": "2025-12-25"}, "when: must be an ISO 8601 date-time string such as "
                                 "2025-12-25T15:00:00+01:00 (without an offset: local time)"),
        ({"when": "2025-12-25T15:00:00+24:00"}, "when: must be a real date and time (ISO 8601)"),
        ({"when": "9999-12-31T23:59:59-14:00"},
         "when: must be within years 1 to 9999, in UTC and in local time"),
        ({"due": 20251225}, "due: must be an ISO 8601 date-time such as "
                            "2025-12-25T15:00:00+01:00 (without an offset: local time) or a "
                            "date such as 2025-12-25"),
        ({"day": "2025-02-30"}, "day: must be a real date (YYYY-MM-DD)"),
        ({"day": "20251225"}, "day: must be an ISO 8601 date such as 2025-12-25"),
        ({"id": "{550e8400-e29b-41d4-a716-446655440000}"}, "id: must be a UUID"),
        ({"id": "550e8400e29b41d4a716446655440000"}, "id: must be a UUID"),
        ({"id": "urn:uuid:550e8400-e29b-41d4-a716-446655440000"}, "id: must be a UUID"),
        ({"text": "a\x00b"}, "text: must not contain NUL characters or lone surrogates"),
        ({"text": "\ud83d"}, "text: must not contain NUL characters or lone surrogates"),
        ({"count": float("nan")}, "must hold only JSON numbers"),
        ({"count": 100.5}, "count: must be an integer"),
        ({"counts": [1.0, 2.5]}, "counts.1: must be an integer"),
    ],
)  # fmt: skip
def test_strict_refusals(arguments: dict[str, Any], problem: str) -> None:
    assert _problems(arguments) == [problem]


def test_what_is_accepted() -> None:
    parsed = validate_arguments(
        Sample,
        {
            "sure": True,
            "when": "2025-12-25t15:00:00.123456789z",
            "due": "2025-12-25",
            "day": "2025-12-25",
            "id": "550E8400-E29B-41D4-A716-446655440000",
            "count": 5,
            "flag": False,
            "text": "é 🚀 \u202e",
        },
    )
    assert parsed.when == datetime(2025, 12, 25, 15, 0, 0, 123456, tzinfo=UTC)
    assert parsed.due == datetime(2025, 12, 25).astimezone()
    assert parsed.day == date(2025, 12, 25)
    assert parsed.id == UUID("550e8400-e29b-41d4-a716-446655440000")
    local = validate_arguments(Sample, {"when": "2025-12-25T15:00"}).when
    assert local == datetime(2025, 12, 25, 15, 0).astimezone()
    # Python 3.13 cannot find the local offset within a day of the calendar's end by itself.
    last = validate_arguments(Sample, {"when": "9999-12-31T12:00", "due": "9999-12-31"})
    assert last.when == datetime(9999, 12, 31, 12).replace(tzinfo=last.when.tzinfo)  # type: ignore[union-attr]
    assert last.due is not None and last.due.date() == date(9999, 12, 31)
    offset = validate_arguments(Sample, {"when": "2025-12-25 15:00:00-05:30"}).when
    assert offset is not None
    assert offset.utcoffset() == timezone(-timedelta(hours=5, minutes=30)).utcoffset(None)


def test_a_number_with_a_zero_fraction_is_an_integer_as_json_schema_counts_it() -> None:
    """``100.0`` is a valid JSON Schema integer (clients in JavaScript cannot tell them apart):
    taken as 100 wherever an integer is due, a number field keeps its float."""
    parsed = validate_arguments(
        Sample, {"count": 100.0, "counts": [1.0, -2.0, 3], "either": 7.0, "ratio": 2}
    )
    assert (parsed.count, parsed.counts, parsed.either, parsed.ratio) == (100, [1, -2, 3], 7, 2)
    assert type(parsed.count) is int and type(parsed.ratio) is float
    assert _problems({"count": 1e300, "text": 5}) == [
        "text: must be a string"
    ]  # 1e300 is a (large) integer; the other field's error is kept


def test_shorten_names_the_full_length() -> None:
    assert shorten("abc") == "abc"
    assert shorten("x" * 100) == "x" * 80 + "… (100 characters)"
