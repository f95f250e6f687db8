"""The evaluation corpus: YAML files under `corpus/`, read into `Case`s (format: README.md).

Values in a case are resolved when it runs: `{name}` is the id a `given` call bound with
`as: name`; a string starting with `@` is a date or time relative to today (`@tomorrow 15:00`,
`@friday`, `@+3d 09:00`, `@last monday`, `@week-start`, `@now+2h`; `@month`, `@last-month` a
`YYYY-MM`), or `@new`, an id one of the
case's own calls created. Dates in arguments the router sends are compared as instants.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

import yaml

__all__ = ["Call", "Case", "Clock", "load_corpus", "matches", "resolve"]

CORPUS = Path(__file__).parent / "corpus"
_KEYS = {"say", "given", "writes", "reads", "answer", "absent", "refuse"}
_FILE_KEYS = {"servers", "given", "cases", "files"}
_WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class Call:
    """A tool call in the corpus: a `given` call (with the name its id is bound to) or an
    expected one."""

    tool: str
    arguments: dict[str, Any]
    bind: str | None = None
    until: str | None = None  # a `given` read repeated until its result has this text


@dataclass(frozen=True)
class Case:
    file: str
    number: int
    servers: tuple[str, ...]
    say: tuple[str, ...]
    given: tuple[Call, ...]
    writes: tuple[Call, ...]
    reads: tuple[Call, ...]
    answer: tuple[str, ...] = ()
    absent: tuple[str, ...] = ()
    refuse: bool = False
    files: dict[str, str] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return f"{self.file}:{self.number}"


def _call(raw: Any, where: str, allow_bind: bool) -> Call:
    if not isinstance(raw, dict):
        raise ValueError(f"{where}: a call is a mapping {{tool: arguments}}, got {raw!r}")
    bind = raw.get("as") if allow_bind else None
    until = raw.get("until") if allow_bind else None
    tools = [k for k in raw if k not in ("as", "until") or not allow_bind]
    if len(tools) != 1 or not isinstance(raw[tools[0]], dict):
        raise ValueError(f"{where}: a call names one tool with its arguments, got {raw!r}")
    return Call(tools[0], raw[tools[0]], bind, until)


def _strings(raw: Any, where: str) -> tuple[str, ...]:
    items = [raw] if isinstance(raw, str) else raw
    if not isinstance(items, list) or not all(isinstance(s, str) for s in items):
        raise ValueError(f"{where}: expected a string or a list of strings, got {raw!r}")
    return tuple(items)


def load_file(path: Path) -> list[Case]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    unknown = set(data) - _FILE_KEYS
    if unknown:
        raise ValueError(f"{path.name}: unknown keys {sorted(unknown)}")
    servers = tuple(data["servers"])
    default_given = data.get("given") or []
    cases = []
    for number, raw in enumerate(data["cases"], 1):
        where = f"{path.name}:{number}"
        unknown = set(raw) - _KEYS
        if unknown:
            raise ValueError(f"{where}: unknown keys {sorted(unknown)}")
        given = raw.get("given", default_given) or []
        writes = [_call(c, where, False) for c in raw.get("writes") or []]
        if raw.get("refuse") and writes:
            raise ValueError(f"{where}: a refusal expects no writes")
        cases.append(
            Case(
                file=path.stem,
                number=number,
                servers=servers,
                say=_strings(raw["say"], where),
                given=tuple(_call(c, where, True) for c in given),
                writes=tuple(writes),
                reads=tuple(_call(c, where, False) for c in raw.get("reads") or []),
                answer=_strings(raw.get("answer", []), where),
                absent=_strings(raw.get("absent", []), where),
                refuse=bool(raw.get("refuse", False)),
                files=dict(data.get("files") or {}),
            )
        )
    return cases


def load_corpus(folder: Path = CORPUS) -> list[Case]:
    """Every case of every corpus file, in file order."""
    return [case for path in sorted(folder.glob("*.yaml")) for case in load_file(path)]


@dataclass(frozen=True)
class Clock:
    """Today and now, as the case runs (local time)."""

    now: datetime

    @classmethod
    def local(cls) -> Clock:
        return cls(datetime.now().astimezone())

    def day(self, spec: str) -> date:
        today = self.now.date()
        monday = today - timedelta(days=today.weekday())
        fixed = {
            "today": today,
            "tomorrow": today + timedelta(days=1),
            "yesterday": today - timedelta(days=1),
            "week-start": monday,
            "week-end": monday + timedelta(days=6),
            "last-week-start": monday - timedelta(days=7),
            "last-week-end": monday - timedelta(days=1),
            "next-week-start": monday + timedelta(days=7),
        }
        if spec in fixed:
            return fixed[spec]
        if m := re.fullmatch(r"([+-]\d+)d", spec):
            return today + timedelta(days=int(m.group(1)))
        if m := re.fullmatch(r"(last )?(\w+)", spec):
            target = _WEEKDAYS.index(m.group(2))
            if m.group(1):  # the most recent one before today
                return today - timedelta(days=(today.weekday() - target - 1) % 7 + 1)
            return today + timedelta(days=(target - today.weekday() - 1) % 7 + 1)  # upcoming
        raise ValueError(f"unknown day {spec!r}")

    def month(self, spec: str) -> str | None:
        """`@month` -> this month's `YYYY-MM`, `@last-month` -> the one before; else None."""
        first = self.now.date().replace(day=1)
        if spec == "month":
            return f"{first:%Y-%m}"
        if spec == "last-month":
            return f"{first - timedelta(days=1):%Y-%m}"
        return None

    def value(self, spec: str) -> date | datetime:
        """`@tomorrow 15:00` -> a datetime; `@tomorrow` -> a date; `@now+2h` -> a datetime."""
        if m := re.fullmatch(r"now\+(\d+)([mh])", spec):
            unit = timedelta(minutes=1) if m.group(2) == "m" else timedelta(hours=1)
            return self.now + int(m.group(1)) * unit
        if m := re.fullmatch(r"(.+?) (\d{1,2}):(\d{2})", spec):
            when = time(int(m.group(2)), int(m.group(3)))
            return datetime.combine(self.day(m.group(1)), when, self.now.tzinfo)
        return self.day(spec)


def resolve(value: Any, bound: dict[str, str], clock: Clock) -> Any:
    """A corpus value with its `{name}` placeholders and `@` dates made concrete (for `given`)."""
    if isinstance(value, dict):
        return {k: resolve(v, bound, clock) for k, v in value.items()}
    if isinstance(value, list):
        return [resolve(v, bound, clock) for v in value]
    if isinstance(value, str):
        value = _PLACEHOLDER.sub(lambda m: bound.get(m.group(1), m.group(0)), value)
        if value.startswith("@") and clock.month(value[1:]):
            return clock.month(value[1:])
        if value.startswith("@") and value != "@new":
            moment = clock.value(value[1:])
            return (
                moment.isoformat(timespec="seconds")
                if isinstance(moment, datetime)
                else moment.isoformat()
            )
    return value


def _instant(text: str, clock: Clock) -> datetime | None:
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=clock.now.tzinfo)


def matches(expected: Any, actual: Any, bound: dict[str, str], clock: Clock, new: set[str]) -> bool:
    """Whether an argument the router sent is what the corpus expects (dates as instants)."""
    if isinstance(expected, dict):
        return (
            isinstance(actual, dict)
            and set(expected) == set(actual)
            and all(matches(expected[k], actual[k], bound, clock, new) for k in expected)
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(expected) == len(actual)
            and all(matches(e, a, bound, clock, new) for e, a in zip(expected, actual, strict=True))
        )
    if isinstance(expected, str):
        expected = _PLACEHOLDER.sub(lambda m: bound.get(m.group(1), m.group(0)), expected)
        if expected == "@new":
            return actual in new
        if expected.startswith("@") and clock.month(expected[1:]):
            return actual == clock.month(expected[1:])
        if expected.startswith("@"):
            want = clock.value(expected[1:])
            if not isinstance(actual, str):
                return False
            if isinstance(want, datetime):
                got = _instant(actual, clock)
                slack = timedelta(minutes=5) if expected.startswith("@now") else timedelta(0)
                return got is not None and abs(got - want) <= slack
            return actual == want.isoformat()
        return actual == expected
    return type(actual) is type(expected) and actual == expected
