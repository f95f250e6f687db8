"""Tool arguments exactly as published: strict JSON types, and the value types schemas name.

Every call's arguments go through :func:`validate_arguments`:

- strict mode on the JSON text: no coercion between JSON types (``"5"`` is not an integer,
  ``1`` is not a boolean, a number is not a date), except that a number with a zero fraction
  (``100.0``) is an integer, as JSON Schema counts it;
- no NUL character and no lone surrogate in any string (no store keeps them; PostgreSQL refuses
  NUL), refused with the field named;
- the types below for what JSON Schema writes as a ``const`` or a ``format``.

Use them in input models so that every server checks them the same way:

``ConstTrue``       ``{"type": "boolean", "const": true}``: only ``true`` (not 1, not 1.0)
``DateTime``        ``format: date-time``: ISO 8601 date and time, offset optional (none means
                    the user's local time zone); comes back timezone-aware
``DateOrDateTime``  a date-time, or a date alone (that day at 00:00 local time)
``IsoDate``         ``format: date``: YYYY-MM-DD
``Uuid``            ``format: uuid``: 8-4-4-4-12 hexadecimal digits, nothing else

A date or date-time must stay within years 1 to 9999 once converted to UTC and to local time, so
out-of-range values are argument errors, never storage errors.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, date, datetime, timedelta, timezone
from typing import Annotated, Any, TypeVar
from uuid import UUID

from pydantic import BaseModel, PlainValidator, ValidationError, WithJsonSchema
from pydantic_core import InitErrorDetails, PydanticCustomError

__all__ = [
    "NOT_BLANK",
    "ConstTrue",
    "DateOrDateTime",
    "DateTime",
    "IsoDate",
    "Uuid",
    "as_local",
    "not_blank",
    "validate_arguments",
]

ModelT = TypeVar("ModelT", bound=BaseModel)

NOT_BLANK = r"[^ \t\n\r\f\v]"
"""A text's JSON Schema ``pattern`` when it must hold something besides white space (a title)."""


def not_blank(value: str | None) -> str | None:
    """A field validator: a text that matches :data:`NOT_BLANK` (or None)."""
    if value is not None and not re.search(NOT_BLANK, value):
        raise ValueError("must not be blank")
    return value


_DATE = r"([0-9]{4})-([0-9]{2})-([0-9]{2})"
_DATE_RE = re.compile(rf"^{_DATE}$")
_DATE_TIME_RE = re.compile(
    rf"^{_DATE}[Tt ]([0-9]{{2}}):([0-9]{{2}})(:[0-9]{{2}}(\.[0-9]{{1,9}})?)?"
    r"([Zz]|[+-][0-9]{2}:[0-9]{2})?$"
)
_UUID_RE = re.compile(r"^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$")
_ODD_TEXT_RE = re.compile("[\x00\ud800-\udfff]")


def validate_arguments(model: type[ModelT], arguments: dict[str, Any]) -> ModelT:
    """``arguments`` (a tool call's, parsed from JSON) as ``model``, in strict mode.

    Raises pydantic's ``ValidationError``, one error per bad field.
    """
    odd = list(_odd_strings(arguments, ()))
    if odd:
        raise ValidationError.from_exception_data(model.__name__, odd)
    try:
        text = json.dumps(arguments, allow_nan=False)
    except ValueError:  # NaN, infinities, an integer of thousands of digits: not JSON numbers
        raise ValidationError.from_exception_data(
            model.__name__,
            [
                InitErrorDetails(
                    type=PydanticCustomError("json_number", "must hold only JSON numbers"),
                    loc=(),
                    input="",
                )
            ],
        ) from None
    try:
        return model.model_validate_json(text, strict=True)
    except ValidationError as exc:
        whole = _integral_floats_as_integers(json.loads(text), exc)
        if whole is None:
            raise
    return model.model_validate_json(json.dumps(whole), strict=True)


def _integral_floats_as_integers(arguments: Any, exc: ValidationError) -> Any | None:
    """``arguments`` with each integral float where an integer is due (``100.0``) made an int,
    as JSON Schema counts it an integer; None when there is none (the error stands)."""
    changed = False
    for error in exc.errors(include_url=False):
        value = error["input"]
        if error["type"] != "int_type" or not (isinstance(value, float) and value.is_integer()):
            continue
        container: Any = None
        key: Any = None
        here = arguments
        for part in error["loc"]:  # parts past the value name union members: stop there
            in_dict = isinstance(here, dict) and part in here
            in_list = isinstance(here, list) and isinstance(part, int) and 0 <= part < len(here)
            if not (in_dict or in_list):
                break
            container, key, here = here, part, here[part]
        if container is not None and isinstance(here, float) and here == value:
            container[key] = int(value)
            changed = True
    return arguments if changed else None


def _odd_strings(value: Any, loc: tuple[str | int, ...]) -> Any:
    if isinstance(value, str):
        if _ODD_TEXT_RE.search(value):
            yield InitErrorDetails(
                type=PydanticCustomError(
                    "odd_text", "must not contain NUL characters or lone surrogates"
                ),
                loc=loc,
                input="",  # the caller's data is never repeated
            )
    elif isinstance(value, dict):
        for key, item in value.items():
            if _ODD_TEXT_RE.search(key):
                yield InitErrorDetails(
                    type=PydanticCustomError(
                        "odd_text", "field names must not contain NUL characters or lone surrogates"
                    ),
                    loc=(),
                    input="",
                )
            else:
                yield from _odd_strings(item, (*loc, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _odd_strings(item, (*loc, index))


def _const_true(value: Any) -> bool:
    if value is True:
        return True
    raise PydanticCustomError("const_true", "must be true")


def as_local(naive: datetime) -> datetime:
    """``naive``, a local time, made aware in the local time zone.

    Python finds the local offset by probing a day around the moment, which fails within a day
    of the calendar's ends (Python 3.13: ``9999-12-31T12:00``); there the offset of two days
    nearer is used (no time zone changes its rules on those days). Raises ``OverflowError`` or
    ``ValueError`` only when even that is out of range.
    """
    try:
        return naive.astimezone()
    except (OverflowError, ValueError):
        nearer = naive + timedelta(days=2) if naive.year == 1 else naive - timedelta(days=2)
        return naive.replace(tzinfo=timezone(nearer.astimezone().utcoffset() or timedelta()))


def _in_range(value: datetime) -> datetime:
    """``value`` (naive: local time) made aware, if it stays within years 1 to 9999 in UTC and
    in local time."""
    try:
        value = value if value.tzinfo else as_local(value)
        value.astimezone(UTC)
        value.astimezone()
    except (OverflowError, ValueError):
        raise PydanticCustomError(
            "datetime_range", "must be within years 1 to 9999, in UTC and in local time"
        ) from None
    return value


def _date_time(value: Any) -> datetime:
    if isinstance(value, datetime):
        parsed = value
    elif isinstance(value, str) and _DATE_TIME_RE.match(value):
        try:
            parsed = datetime.fromisoformat(value.upper())
        except ValueError:
            raise PydanticCustomError(
                "datetime_value", "must be a real date and time (ISO 8601)"
            ) from None
    else:
        raise PydanticCustomError(
            "datetime_format",
            "must be an ISO 8601 date-time string such as 2025-12-25T15:00:00+01:00 "
            "(without an offset: local time)",
        )
    return _in_range(parsed)


def _iso_date(value: Any) -> date:
    if isinstance(value, date) and not isinstance(value, datetime):
        return value
    if isinstance(value, str) and _DATE_RE.match(value):
        try:
            return date.fromisoformat(value)
        except ValueError:
            raise PydanticCustomError("date_value", "must be a real date (YYYY-MM-DD)") from None
    raise PydanticCustomError("date_format", "must be an ISO 8601 date such as 2025-12-25")


def _date_or_date_time(value: Any) -> datetime:
    if isinstance(value, str) and _DATE_RE.match(value):
        day = _iso_date(value)
        return _in_range(datetime(day.year, day.month, day.day))
    if isinstance(value, date) and not isinstance(value, datetime):
        return _in_range(datetime(value.year, value.month, value.day))
    try:
        return _date_time(value)
    except PydanticCustomError as exc:
        if exc.type != "datetime_format":
            raise
        raise PydanticCustomError(
            "datetime_format",
            "must be an ISO 8601 date-time such as 2025-12-25T15:00:00+01:00 (without an "
            "offset: local time) or a date such as 2025-12-25",
        ) from None


def _uuid(value: Any) -> UUID:
    if isinstance(value, UUID):
        return value
    if isinstance(value, str) and _UUID_RE.match(value):
        return UUID(value)
    raise PydanticCustomError("uuid_format", "must be a UUID")


ConstTrue = Annotated[
    bool, PlainValidator(_const_true), WithJsonSchema({"type": "boolean", "const": True})
]
DateTime = Annotated[
    datetime, PlainValidator(_date_time), WithJsonSchema({"type": "string", "format": "date-time"})
]
DateOrDateTime = Annotated[
    datetime,
    PlainValidator(_date_or_date_time),
    WithJsonSchema({"type": "string", "format": "date-time"}),
]
IsoDate = Annotated[
    date, PlainValidator(_iso_date), WithJsonSchema({"type": "string", "format": "date"})
]
Uuid = Annotated[UUID, PlainValidator(_uuid), WithJsonSchema({"type": "string", "format": "uuid"})]
