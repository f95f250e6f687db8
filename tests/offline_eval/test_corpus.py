"""The corpus's own reading of dates and ids, which every case's verdict rests on."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest

from tests.offline_eval._corpus import Clock, check_matchers, matches, resolve

PARIS = timezone(timedelta(hours=1))


@pytest.mark.parametrize("weekday", range(7))
def test_a_weekday_is_the_next_one_to_come_and_last_is_the_last_one_past(weekday: int) -> None:
    today = date(2026, 11, 16) + timedelta(days=weekday)  # Monday 16 Nov + weekday
    clock = Clock(datetime.combine(today, datetime.min.time(), PARIS))
    friday = clock.day("friday")
    assert friday.weekday() == 4 and 1 <= (friday - today).days <= 7
    monday = clock.day("last monday")
    assert monday.weekday() == 0 and 1 <= (today - monday).days <= 7
    assert clock.day("week-start").weekday() == 0 and clock.day("week-end").weekday() == 6
    assert clock.day("last-week-end") == clock.day("week-start") - timedelta(days=1)


def test_dates_are_compared_as_instants_and_ids_by_name() -> None:
    clock = Clock(datetime(2026, 11, 22, 16, 0, tzinfo=PARIS))
    assert matches("@tomorrow 15:00", "2026-11-23T14:00:00Z", {}, clock, set())
    assert matches("@tomorrow 15:00", "2026-11-23T15:00:00+01:00", {}, clock, set())
    assert not matches("@tomorrow 15:00", "2026-11-23T15:00:00Z", {}, clock, set())
    assert matches("@tomorrow", "2026-11-23", {}, clock, set())
    assert not matches("@tomorrow", "2026-11-23T09:00:00+01:00", {}, clock, set())
    assert matches("{d}", "todo_1", {"d": "todo_1"}, clock, set())
    assert matches("@new", "todo_2", {}, clock, {"todo_2"})
    assert not matches("@new", "todo_1", {}, clock, {"todo_2"})
    assert matches({"tags": ["a", "b"]}, {"tags": ["a", "b"]}, {}, clock, set())
    assert not matches({"tags": ["a"]}, {"tags": ["a"], "priority": "high"}, {}, clock, set())
    assert not matches(True, 1, {}, clock, set())
    assert resolve("@+2d 09:00", {}, clock) == "2026-11-24T09:00:00+01:00"
    assert resolve("delete {d}", {"d": "todo_1"}, clock) == "delete todo_1"


def test_matchers_judge_values_whose_text_may_fairly_vary() -> None:
    clock = Clock(datetime(2026, 11, 22, 16, 0, tzinfo=PARIS))

    def ok(expected: object, actual: object, bound: dict[str, object] | None = None) -> bool:
        return matches(expected, actual, dict(bound or {}), clock, set())

    assert ok({"$icase": "Oat Milk"}, " oat milk") and not ok({"$icase": "oat milk"}, "oat")
    assert ok({"$contains": ["milk", "EGGS"]}, "milk, eggs") and not ok({"$contains": "x"}, 3)
    assert ok({"$any": ["a", {"$icase": "B"}]}, "b") and not ok({"$any": ["a"]}, "c")
    assert ok({"$num": 12.5}, "12.50") and ok({"$num": 12.5}, 12.5)
    assert not ok({"$num": 12.5}, "12.5 EUR") and not ok({"$num": 1, "$tol": 0.1}, 1.2)
    assert ok({"$evaluates": 84}, "12 * 7") and ok({"$evaluates": 1024}, "2^10")
    assert not ok({"$evaluates": 84}, "12 x 7") and not ok({"$evaluates": 1}, "__import__('os')")
    assert ok({"q": {"$optional": "x"}}, {}) and ok({"q": {"$optional": "x"}}, {"q": "x"})
    assert not ok({"q": {"$optional": "x"}}, {"q": "y"}) and not ok({"q": "x"}, {})
    assert ok({"$anything": True}, None)
    # an integer id stays an integer; inside text it is its digits
    assert ok("{t}", 3, {"t": 3}) and not ok("{t}", "3", {"t": 3})
    assert ok({"$icase": "{t}"}, "3", {"t": 3}) and resolve({"id": "{t}"}, {"t": 3}, clock) == {
        "id": 3
    }
    assert resolve("@month-start", {}, clock) == "2026-11-01"
    assert resolve("@last-month-end", {}, clock) == "2026-10-31"
    assert resolve("@month-end", {}, clock) == "2026-11-30"


@pytest.mark.parametrize(
    "matcher",
    [
        {"$icase": 3},
        {"$num": "12"},
        {"$any": []},
        {"$anything": False},
        {"$nums": 1},
        {"$num": 1, "$icase": "a"},
        {"$icase": "a", "$tol": 1},
    ],
)
def test_a_malformed_matcher_is_named(matcher: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="case:1 tool"):
        check_matchers({"arg": matcher}, "case:1 tool")
