"""The evaluation corpus: YAML files under `corpus/`, and the blind sets under `blind/<set>/`,
read into `Case`s (format: README.md).

Values in a case are resolved when it runs: `{name}` is the id a `given` call bound with
`as: name` (or a value a server offers, such as `{repo}`); a string starting with `@` is a date or
time relative to today (`@tomorrow 15:00`, `@friday`, `@+3d 09:00`, `@last monday`,
`@week-start`, `@now+2h`; `@month`, `@last-month` a `YYYY-MM`), or `@new`, an id one of the
case's own calls created. Dates in arguments the router sends are compared as instants. A mapping
whose keys start with `$` is a matcher (`$icase`, `$contains`, `$any`, `$num`, `$evaluates`,
`$optional`, `$anything`), for an argument whose exact text may fairly vary.
"""

from __future__ import annotations

import ast
import math
import operator
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

import yaml

__all__ = [
    "BLIND",
    "Call",
    "Case",
    "Clock",
    "blind_sets",
    "check_matchers",
    "load_corpus",
    "load_set",
    "matches",
    "resolve",
]

CORPUS = Path(__file__).parent / "corpus"
BLIND = Path(__file__).parent / "blind"
_KEYS = {"say", "given", "writes", "reads", "answer", "absent", "refuse", "ask", "state"}
_FILE_KEYS = {"servers", "given", "cases", "files", "defaults_ok"}
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
    ask: bool = False  # a required value is missing: a question back, nothing written
    state_has: tuple[str, ...] = ()  # words the servers' state has after the case
    state_lacks: tuple[str, ...] = ()  # words it must not have
    defaults_ok: bool = False  # an argument not named, sent as null or its default, is fine

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
        if (raw.get("refuse") or raw.get("ask")) and writes:
            raise ValueError(f"{where}: a refusal or a question expects no writes")
        if raw.get("refuse") and raw.get("ask"):
            raise ValueError(f"{where}: a case expects a refusal or a question, not both")
        state = raw.get("state") or {}
        if not isinstance(state, dict) or set(state) - {"has", "lacks"}:
            raise ValueError(f"{where}: state is {{has: [words], lacks: [words]}}, got {state!r}")
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
                ask=bool(raw.get("ask", False)),
                state_has=_strings(state.get("has", []), where),
                state_lacks=_strings(state.get("lacks", []), where),
                defaults_ok=bool(data.get("defaults_ok", False)),
            )
        )
    for case in cases:
        for call in (*case.writes, *case.reads):
            check_matchers(call.arguments, f"{case.id} {call.tool}")
    return cases


def load_corpus(folder: Path = CORPUS) -> list[Case]:
    """Every case of every corpus file, in file order."""
    return [case for path in sorted(folder.glob("*.yaml")) for case in load_file(path)]


def blind_sets() -> list[str]:
    """The blind sets there are (`a`, `b`, ...): folders under `blind/` holding YAML files."""
    return sorted(p.name for p in BLIND.iterdir() if p.is_dir() and any(p.glob("*.yaml")))


def load_set(name: str) -> list[Case]:
    """`corpus`, or one blind set's cases, in file order."""
    return load_corpus() if name == "corpus" else load_corpus(BLIND / name)


@dataclass(frozen=True)
class Clock:
    """Today and now, as the case runs (local time)."""

    now: datetime

    @classmethod
    def local(cls) -> Clock:
        return cls(datetime.now().astimezone())

    @classmethod
    def noon(cls) -> Clock:
        """Today at noon: a case reads the same at any hour it runs ("tonight" said after 20:00
        is the day alone, where at noon it is 20:00; "in 2 hours" at 23:00 is tomorrow)."""
        return cls(datetime.now().astimezone().replace(hour=12, minute=0, second=0, microsecond=0))

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
            "month-start": today.replace(day=1),
            "month-end": (today.replace(day=28) + timedelta(days=4)).replace(day=1)
            - timedelta(days=1),
            "last-month-start": (today.replace(day=1) - timedelta(days=1)).replace(day=1),
            "last-month-end": today.replace(day=1) - timedelta(days=1),
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


def resolve(value: Any, bound: dict[str, Any], clock: Clock) -> Any:
    """A corpus value with its `{name}` placeholders and `@` dates made concrete (for `given`)."""
    if isinstance(value, dict):
        return {k: resolve(v, bound, clock) for k, v in value.items()}
    if isinstance(value, list):
        return [resolve(v, bound, clock) for v in value]
    if isinstance(value, str):
        whole = _PLACEHOLDER.fullmatch(value)
        if whole and whole.group(1) in bound and not isinstance(bound[whole.group(1)], str):
            return bound[whole.group(1)]  # an integer id stays an integer
        value = _PLACEHOLDER.sub(lambda m: str(bound.get(m.group(1), m.group(0))), value)
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


def matches(expected: Any, actual: Any, bound: dict[str, Any], clock: Clock, new: set[Any]) -> bool:
    """Whether an argument the router sent is what the corpus expects (dates as instants)."""
    if _is_matcher(expected):
        return _matcher(expected, actual, bound, clock, new)
    if isinstance(expected, dict):
        needed = {k for k, v in expected.items() if not (_is_matcher(v) and "$optional" in v)}
        return (
            isinstance(actual, dict)
            and needed <= set(actual) <= set(expected)
            and all(matches(expected[k], actual[k], bound, clock, new) for k in actual)
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(expected) == len(actual)
            and all(matches(e, a, bound, clock, new) for e, a in zip(expected, actual, strict=True))
        )
    if isinstance(expected, str):
        whole = _PLACEHOLDER.fullmatch(expected)
        if whole and whole.group(1) in bound and not isinstance(bound[whole.group(1)], str):
            value = bound[whole.group(1)]
            return type(actual) is type(value) and actual == value
        expected = _PLACEHOLDER.sub(lambda m: str(bound.get(m.group(1), m.group(0))), expected)
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


# --- matchers: `{$name: ...}` where an argument's exact text may fairly vary ------------------

_MATCHERS = {"$icase", "$contains", "$any", "$num", "$evaluates", "$optional", "$anything"}
_OPTIONS = {"$tol"}


def _is_matcher(value: Any) -> bool:
    return isinstance(value, dict) and bool(value) and all(k.startswith("$") for k in value)


def check_matchers(value: Any, where: str) -> None:
    """Raise ValueError naming `where` when a matcher in `value` is unknown or malformed."""
    if _is_matcher(value):
        names = set(value) & _MATCHERS
        if len(names) != 1 or set(value) - _MATCHERS - _OPTIONS:
            raise ValueError(
                f"{where}: a matcher has one of {sorted(_MATCHERS)} (and `$tol` with $num or "
                f"$evaluates), got {sorted(value)}"
            )
        name = names.pop()
        arg = value[name]
        if "$tol" in value and (name not in ("$num", "$evaluates") or not _number(value["$tol"])):
            raise ValueError(f"{where}: $tol is a number, beside $num or $evaluates")
        if name == "$icase" and not isinstance(arg, str):
            raise ValueError(f"{where}: $icase takes a string, got {arg!r}")
        if name == "$contains" and not (
            isinstance(arg, str) or (isinstance(arg, list) and all(isinstance(w, str) for w in arg))
        ):
            raise ValueError(f"{where}: $contains takes a string or a list of strings, got {arg!r}")
        if name in ("$num", "$evaluates") and not _number(arg):
            raise ValueError(f"{where}: {name} takes a number, got {arg!r}")
        if name == "$anything" and arg is not True:
            raise ValueError(f"{where}: write `$anything: true`")
        if name == "$any":
            if not isinstance(arg, list) or not arg:
                raise ValueError(f"{where}: $any takes a list of alternatives, got {arg!r}")
            for alternative in arg:
                check_matchers(alternative, where)
        if name == "$optional":
            check_matchers(arg, where)
    elif isinstance(value, dict):
        for item in value.values():
            check_matchers(item, where)
    elif isinstance(value, list):
        for item in value:
            check_matchers(item, where)


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _as_number(actual: Any) -> float | None:
    """A number, or a string that is one (a server with an untyped schema stores either)."""
    if _number(actual):
        return float(actual)
    if isinstance(actual, str):
        try:
            return float(actual.strip())
        except ValueError:
            return None
    return None


_OPERATORS: dict[type, Callable[..., float]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.Pow: operator.pow,
    ast.Mod: operator.mod,
    ast.USub: operator.neg,
    ast.UAdd: operator.pos,
}
_FUNCTIONS: dict[str, Callable[..., float]] = {"sqrt": math.sqrt, "abs": abs, "round": round}


def _evaluate(text: str) -> float | None:
    """The value of an arithmetic expression (numbers, + - * / ** %, sqrt/abs/round), or None."""

    def value(node: ast.AST) -> float:
        if isinstance(node, ast.Expression):
            return value(node.body)
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, int | float)
            and not (isinstance(node.value, bool))
        ):
            return float(node.value)
        if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
            return _OPERATORS[type(node.op)](value(node.left), value(node.right))
        if isinstance(node, ast.UnaryOp) and type(node.op) in _OPERATORS:
            return _OPERATORS[type(node.op)](value(node.operand))
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in _FUNCTIONS
            and not node.keywords
        ):
            return float(_FUNCTIONS[node.func.id](*(value(a) for a in node.args)))
        raise ValueError(ast.dump(node))

    try:
        return value(ast.parse(text.replace("^", "**"), mode="eval"))
    except (SyntaxError, ValueError, TypeError, ZeroDivisionError, OverflowError):
        return None


def _matcher(
    expected: dict[str, Any], actual: Any, bound: dict[str, Any], clock: Clock, new: set[Any]
) -> bool:
    tol = float(expected.get("$tol", 0))

    def text(value: str) -> str:  # `{name}` as text: an integer id written in a string
        return _PLACEHOLDER.sub(lambda m: str(bound.get(m.group(1), m.group(0))), value).lower()

    if "$icase" in expected:
        return isinstance(actual, str) and actual.strip().lower() == text(expected["$icase"])
    if "$contains" in expected:
        words = expected["$contains"]
        words = [words] if isinstance(words, str) else words
        return isinstance(actual, str) and all(text(w) in actual.lower() for w in words)
    if "$any" in expected:
        return any(matches(alt, actual, bound, clock, new) for alt in expected["$any"])
    if "$num" in expected:
        got = _as_number(actual)
        return got is not None and abs(got - expected["$num"]) <= tol
    if "$evaluates" in expected:
        got = _evaluate(actual) if isinstance(actual, str) else _as_number(actual)
        return got is not None and abs(got - expected["$evaluates"]) <= max(tol, 1e-9)
    if "$optional" in expected:
        return matches(expected["$optional"], actual, bound, clock, new)
    return "$anything" in expected
