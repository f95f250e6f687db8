"""Money jotted down as people do, with no verb and no currency: "coffee 3.80", "netflix 13.99"
(a price as written, its cents said), "gym membership 35 today" (a whole number, a day, and a
thing paid for that the lexicon names: `PURCHASE_CLASSES`), "salary 3200" (money received, by
its name: `EARNED_NOUNS`). "milk 2" says no money: a count, or nothing. A number that may be a
clock time ("dinner 8.30", "gym 6 today") is money only beside a thing paid for that is done at
no time (`TIMED_PURCHASES`), never after "at"; money jotted down was spent, never on a day ahead
("taxi 30 tomorrow") nor tonight. Money received is also said as it happened ("i got paid!
3200": `RECEIVED_PHRASES`), with an amount."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from orchestrator.offline._dates import When
from orchestrator.offline._tokens import Text, singular
from orchestrator.offline._values import Value
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["jotted_money", "received_tokens", "says_received"]


def _price_written(text: Text, value: Value) -> tuple[int, int] | None:
    """A number written as a price, its whole part, a mark and the cents ("3.80", "7,50"): the
    whole part and the cents, else None."""
    whole, mark, cents = text.slice(value.tokens).replace(",", ".").rpartition(".")
    if mark and whole.isdigit() and cents.isdigit() and len(cents) == LEX.jotted_price_digits:
        return int(whole), int(cents)
    return None


def _words(text: Text) -> set[str]:
    said = [t.norm for t in text.tokens if t.kind == "word"]
    return {*said, *(singular(w) for w in said)}


def _last(text: Text, value: Value, timed: frozenset[int]) -> bool:
    """Whether nothing but a day and marks follow the number ("35 today"): no unit, no thing
    counted ("2 coffees")."""
    return all(
        i in timed or text.tokens[i].kind == "punct"
        for i in range(value.tokens[-1] + 1, len(text.tokens))
    )


def _ahead(text: Text, when: When | None, timed: frozenset[int], now: datetime) -> bool:
    """Whether the day said is ahead (tomorrow) or tonight: a plan, never money spent."""
    if when is None:
        return False
    return when.start.date() > now.date() or any(text.tokens[i].norm == LEX.tonight for i in timed)


def jotted_money(
    text: Text, values: Sequence[Value], timed: frozenset[int], when: When | None, now: datetime
) -> bool:
    """Whether a number of the request, said with no verb, is money: a price as written ("3.80
    coffee" too), or a whole number said last, of money received, or with a day of a thing paid
    for; a number that may be a clock time only of a thing paid for at no time."""
    if _ahead(text, when, timed, now):
        return False
    words = _words(text)
    paid_for = bool(words & set(LEX.purchase_class))
    untimed = paid_for and not words & LEX.timed_purchases
    hours, minutes = LEX.clock_limits
    for value in values:
        at = value.tokens[0]
        if value.kind != "number" or set(value.tokens) & timed:
            continue
        if at > 0 and text.tokens[at - 1].norm in LEX.jotted_clock_leads:
            continue
        price = _price_written(text, value)
        if price is not None:
            if untimed or not (price[0] < hours and price[1] < minutes):
                return True
            continue
        if not isinstance(value.value, int) or not _last(text, value, timed):
            continue
        if words & LEX.earned_nouns:
            return True
        if timed and paid_for and (untimed or value.value >= hours):
            return True
    return False


def received_tokens(text: Text) -> tuple[int, ...]:
    """The tokens of a phrase that says money was received ("got paid"), else none."""
    norms = [t.norm for t in text.tokens]
    for phrase in LEX.received_phrases:
        words = phrase.split()
        for i in range(len(norms) - len(words) + 1):
            if norms[i : i + len(words)] == words:
                return tuple(range(i, i + len(words)))
    return ()


def says_received(text: Text) -> bool:
    """Whether the request says money received: a phrase of it or a noun of it."""
    return bool(received_tokens(text)) or bool(_words(text) & LEX.earned_nouns)
