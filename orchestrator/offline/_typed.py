"""Values read by their type (`_values`), each into the parameter whose role fits it: money into
an amount and a currency (an enum's value, or the ISO code), a quantity into a quantity and a
unit, a phone number, an email address, a person's name into first and last names, an
organisation into a company, a time zone (source and target told apart by "from" and "to", by
order, and by nearness to the time; the local one as the description names it), a
time of day ("HH:MM"), a month (`YYYY-MM`), and bare numbers where a word beside them names the
parameter ("5 points", "card 12"), or where one number is all an amount or a quantity can be.

Nothing is put where the type does not fit: a quantity with a unit goes only to a tool that
takes the unit (its unit parameter, or a number in a unit of its kind, converted: `_measures`),
so "2 kg" never becomes "2" of something else, and money never fills an amount that measures a
thing (`_measured_amounts`: "coffee 4.75 cash" is no amount of water).
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise
from typing import Any

from orchestrator.offline._account import is_function
from orchestrator.offline._coded import takes_coded
from orchestrator.offline._convert import conversion, expressed, formatted, target_said
from orchestrator.offline._measured_amounts import described_words
from orchestrator.offline._measures import (
    converted,
    own_unit,
    says_money,
    unit_said,
    unit_taken,
)
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._repeats import reps_param, said_repeats, sets_param
from orchestrator.offline._scored import score_fractions
from orchestrator.offline._tokens import param_words, presents, singular, stem, words_of
from orchestrator.offline._tools import VERBS, Param, ToolView, operation_of, unwrap
from orchestrator.offline._values import Value, zones_in
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = [
    "beside_numbers",
    "field_words",
    "local_zone",
    "money_in_unit",
    "named_params",
    "said_by_name",
    "typed_values",
]


def typed_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """Every typed value of the request that a parameter of `tool` takes."""
    _conversion(reading, f, tool)
    _money(reading, f, tool)
    _currency(reading, f, tool)
    _quantity(reading, f, tool)
    repeat_values(reading, f, tool)
    _phone(reading, f, tool)
    _email(reading, f, tool)
    _names(reading, f, tool)
    _zones(reading, f, tool)
    _clock(reading, f, tool)
    _month(reading, f, tool)
    _grids(reading, f, tool)
    _math(reading, f, tool)
    _percents(reading, f, tool)
    _periods(reading, f, tool)
    _numbers(reading, f, tool)


def _free(f: Fill, value: Value) -> bool:
    return not f.used & set(value.tokens)


def _open(tool: ToolView, f: Fill, *roles: str) -> list[Param]:
    return [p for p in tool.role(*roles) if p.name not in f.args]


def _words(reading: Request, tokens: tuple[int, ...] | list[int]) -> str:
    return reading.text.slice(tokens)


def _choice(param: Param, code: str, names: dict[str, str] | Any) -> Any:
    """The value `param` takes for `code` (an enum's own spelling of it), or None."""
    if not param.enum:
        return code
    for value in param.enum:
        if isinstance(value, str) and (
            value.lower() == code.lower() or names.get(value.lower()) == code
        ):
            return value
    return None


def money_unit(param: Param) -> tuple[str, float] | None:
    """The currency a parameter's amount is in, and how many of it one of its units is, where
    its name or description says so (`annual_salary_manwon`, "(만원 단위)": KRW by ten
    thousands, lexicon `MONEY_UNITS`; `total_won`: KRW), else None."""
    for word in param.words:
        if word in LEX.money_units:
            return LEX.money_units[word]
    for unit, said in LEX.money_units.items():  # "(만원)" inside its words; "won" a word
        if unit in (param.describe if not unit.isascii() else words_of(param.describe)):
            return said
    for word in param.words:
        if word.upper() in LEX.currencies:  # `price_usd`: its code, never `weight_pounds`
            return word.upper(), 1
    return None


def money_in_unit(param: Param, reading: Request) -> float | None:
    """The one amount of money a reply says, in the unit of `param` where its name says one
    ("1260만원" to the question for `recent_3m_total_manwon`: 1260), else None."""
    unit = money_unit(param)
    monies = reading.typed("money")
    if unit is None or len(monies) != 1 or monies[0].unit != unit[0]:
        return None
    amount = monies[0].value / unit[1]
    return int(amount) if amount == int(amount) else amount


def _labelled_money(reading: Request, f: Fill, tool: ToolView) -> None:
    """Amounts of money each said after the name of the parameter it is ("deposit is 10 million
    won and rent is 650,000 won a month": `deposit_manwon`, `monthly_rent_manwon`), where the
    request says two or more: each to its own, in its unit."""
    monies = [m for m in reading.typed("money") if _free(f, m)]
    if len(monies) < 2:
        return
    tokens = reading.text.tokens
    for money in monies:
        before = [
            singular(tokens[k].norm)
            for k in range(max(0, money.tokens[0] - _LABEL_REACH), money.tokens[0])
            if tokens[k].kind == "word" and not is_function(tokens[k].norm)
        ]
        named = [
            p
            for p in _open(tool, f, "amount")
            if set(before) & (set(p.words) - LEX.money_units.keys() - LEX.currency_names.keys())
        ]
        if len(named) == 1:
            _set_money(reading, f, named[0], money)


_LABEL_REACH = 3  # "rent is 650,000 won": the name at most these tokens before the amount


def _set_money(reading: Request, f: Fill, param: Param, money: Value) -> bool:
    """The amount into `param`, in the parameter's unit; False when its currency is another."""
    unit = money_unit(param)
    amount = money.value
    if unit is not None:
        if money.unit != unit[0]:
            return False  # "$500" for `total_won`: never sent as won
        amount = money.value / unit[1]  # "4,200만원" for `annual_salary_manwon`: 4200
        amount = int(amount) if amount == int(amount) else amount
    f.set(param, amount, money.tokens, _words(reading, money.tokens))
    return True


def _money(reading: Request, f: Fill, tool: ToolView) -> None:
    _labelled_money(reading, f, tool)
    amounts = (
        _open(tool, f, "amount")
        or [  # "$25k car loan": `principal`, a number of money
            p for p in _open(tool, f, "number") if set(p.words) & LEX.money_number_words
        ][:1]
    )
    for money in reading.typed("money"):
        if not amounts or not _free(f, money):
            continue
        currencies = _open(tool, f, "currency")
        words = _words(reading, money.tokens)
        if currencies:
            value = _choice(currencies[0], str(money.unit), LEX.currency_names)
            if value is None:
                continue  # a currency the tool does not take: asked, never changed
            f.set(currencies[0], value, (), words)
        if _set_money(reading, f, amounts[0], money):
            return


def _currency(reading: Request, f: Fill, tool: ToolView) -> None:
    """A currency said alone ("open a Chase account in USD"): the tool's currency, one of a
    list of them if it takes several."""
    currencies = _open(tool, f, "currency")
    codes = [v for v in reading.typed("currency") if _free(f, v)]
    if not currencies or len(codes) != 1:
        return
    param, code = currencies[0], codes[0]
    value = _choice(param, str(code.unit), LEX.currency_names)
    if value is not None:
        words = _words(reading, code.tokens)
        f.set(param, [value] if param.type == "array" else value, code.tokens, words)


def _measured(tool: ToolView, f: Fill, unit: str) -> list[Param]:
    """The open number parameters named for a measure said in `unit` (`weight` for "80kg")."""
    return [
        p for p in _open(tool, f, "number") if any(unit in LEX.measures.get(w, ()) for w in p.words)
    ]


def _aliases(word: str) -> set[str]:
    """A word and the words that name the same thing ("cal", "kcal", "calories"), a unit's the
    measures it is said in ("miles": mileage, distance)."""
    periods = LEX.period_months
    same = [w for w in periods if periods[w] == periods[word]] if word in periods else []
    unit = LEX.unit_names.get(word)
    measured = [m for m, units in LEX.measures.items() if unit in units] if unit else []
    return {word, singular(word), stem(word), *LEX.measure_groups.get(word, ()), *same, *measured}


def _param_names(param: Param) -> set[str]:
    names = {n for w in (*param.words, *words_of(param.name)) for n in _aliases(w)}
    return names | _initials(param)


def _initials(param: Param) -> set[str]:
    """A name of two or three words by its initials ("AC 13" for `armor_class`, "45 hp" for
    `hit_points`), unless they spell a word of their own ("at", "in")."""
    words = words_of(param.name)
    initials = "".join(w[0] for w in words if w)
    if len(words) not in (2, 3) or is_function(initials) or initials in VERBS:
        return set()
    return {initials}


def _per_period(reading: Request, value: Value) -> tuple[set[str], list[int]]:
    """The words that name the period an amount is said per ("2800 a month", "900 per month":
    monthly), and the tokens that say it; none when it is said per no period."""
    tokens = reading.text.tokens
    k = value.tokens[-1] + 1
    if k + 1 >= len(tokens) or tokens[k].norm not in LEX.per_period_leads:
        return set(), []
    period = LEX.period_adverbs.get(singular(tokens[k + 1].norm))
    return (set(period.split()), [k, k + 1]) if period else (set(), [])


def named_params(reading: Request, tool: ToolView) -> set[str]:
    """The number parameters a word beside a number or a quantity names ("430 cal", "28g
    protein", "60g of fat", "over 25 years", "2800 a month" for `monthly_expenses`), and those
    named for a rate where percentages are said ("at 4.5%")."""
    numeric = [p for p in tool.params.values() if p.type in ("integer", "number")]
    if not numeric:
        return set()
    named = said_by_name(reading, tool)
    named |= repeat_params(reading, tool)  # "100kg x 5": reps
    units = {str(q.unit) for q in reading.typed("quantity")}  # "100kg": a `weight`
    named |= {p.name for p in numeric if any(units & set(LEX.measures.get(w, ())) for w in p.words)}
    rates = [
        p.name for p in numeric if set(words_of(p.name)) & (LEX.rate_words | LEX.progress_words)
    ]
    return named | set(rates[: len(reading.typed("percent"))])  # "at 4.5%": a rate


def said_by_name(reading: Request, tool: ToolView, said: frozenset[str] | None = None) -> set[str]:
    """The number parameters a word beside a number or a quantity names ("430 cal", "with
    status 2", "60g of fat", "2800 a month" for `monthly_expenses`); `said`: those words, when
    read already (`beside_numbers`)."""
    said = beside_numbers(reading) if said is None else said
    numeric = [p for p in tool.params.values() if p.type in ("integer", "number")]
    return {p.name for p in numeric if _param_names(p) & said}


def beside_numbers(reading: Request) -> frozenset[str]:
    """The words said beside a number or a quantity, and the names they go by (`_aliases`)."""
    tokens = reading.text.tokens
    said: set[str] = set()
    spans = [v.tokens for v in reading.typed("number", "quantity")]
    for first, last in [(s[0], s[-1]) for s in spans] + [(i, i) for i in score_fractions(reading)]:
        near = [_before_dates(reading, first), last + 1]
        if last + 2 < len(tokens) and tokens[last + 1].norm in LEX.measure_links:
            near.append(last + 2)
        if first >= 2 and tokens[first - 1].norm in LEX.change_to and reading.action.tokens:
            near.append(first - 2)  # "bump the lugia target to 200": the target is 200
        for k in near:
            if 0 <= k < len(tokens) and tokens[k].kind == "word":
                said |= _aliases(tokens[k].norm) | _aliases(tokens[k].text.lower())
    for value in reading.typed("number", "quantity"):
        said |= _per_period(reading, value)[0]
    return frozenset(said | _past_verb_of_number(reading))


def _before_dates(reading: Request, first: int) -> int:
    """The token before a number, over the day and the link said between ("mood today 8/10",
    "weight this morning was 79.9": mood, weight)."""
    k = first - 1
    while k >= 0 and (k in reading.when_tokens or reading.text.tokens[k].norm in LEX.label_links):
        k -= 1
    return k if k < first - 1 and k >= 0 and k not in reading.action.tokens else first - 1


def _past_verb_of_number(reading: Request) -> set[str]:
    """ "slept 8.5 hours", "walked 6 km": a thing said done, its past verb right before a
    number, names in its present form the field that number is for (`sleep_hours`)."""
    tokens = reading.text.tokens
    numbered = [t for t, n in pairwise(tokens) if n.kind in ("number", "duration")]
    return {w for t in numbered for w in presents(t.norm)} if reading.action.past else set()


@lru_cache(maxsize=1024)
def field_words(tool: ToolView) -> frozenset[str]:
    """The words of every field the tool takes, those inside its objects and lists too
    (`word_statuses: [{word, status}]`: word, status)."""
    words: set[str] = set()

    def walk(schema: Any, depth: int) -> None:
        if not isinstance(schema, dict) or depth > 4:  # (a schema that holds itself: no more)
            return
        schema = unwrap(schema)
        for name, inner in (schema.get("properties") or {}).items():
            words.update(param_words(name))
            walk(inner, depth + 1)
        walk(schema.get("items"), depth + 1)

    for param in tool.params.values():
        words.update(param.words)
        walk(param.schema, 0)
    return frozenset(words)


def repeat_params(reading: Request, tool: ToolView) -> set[str]:
    """The parameters `repeat_values` would fill ("100kg x 5": `reps`), for scoring."""
    found = said_repeats(reading.text.tokens, reading.values)
    if not found:
        return set()
    params = [p for p in tool.params.values() if p.type in ("integer", "number")]
    reps, sets = reps_param(params), sets_param(params)
    return {p.name for p in (reps, sets) if p is not None and (p is reps or found[0] is not None)}


def repeat_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """Repetitions and sets (`_repeats`): "100kg x 5", "3x10", "3 sets of 10"."""
    found = said_repeats(reading.text.tokens, reading.values)
    if found is None:
        return
    sets, reps, span = found
    if (f.used - f.nouns) & set(span):  # "3 sets of 10": "sets" may be the tool's noun
        return
    params = [
        p
        for p in tool.params.values()
        if p.name not in f.args and p.type in ("integer", "number") and p.role != "id"
    ]
    reps_at, sets_at = reps_param(params), sets_param(params)
    if reps_at is None or (sets is not None and sets_at is None):
        return
    words = reading.text.slice(span)
    f.set(reps_at, reps, span, words)
    if sets is not None and sets_at is not None:
        f.set(sets_at, sets, span, words)


def _named_quantities(reading: Request, f: Fill, tool: ToolView) -> None:
    """A quantity beside the word that names a number parameter ("28g protein", "60g of fat"
    for `protein_g`, `fat`): that parameter's number, where the parameter, its description or
    the tool's says the unit and no unit parameter would take it."""
    if _open(tool, f, "unit"):
        return
    tokens = reading.text.tokens
    numeric = [p for p in _open(tool, f, "number", "count", "quantity") if p.type == "number"]
    for found in reading.typed("quantity"):
        if not numeric or not _free(f, found):
            continue
        first, last = found.tokens[0], found.tokens[-1]
        after = (
            last + 2
            if last + 2 < len(tokens) and (tokens[last + 1].norm in LEX.measure_links)
            else last + 1
        )
        for k in (after, first - 1):
            if not 0 <= k < len(tokens) or k in f.used:
                continue
            said = _aliases(tokens[k].norm) | _aliases(tokens[k].text.lower())
            units = {found.unit, *LEX.units.get(str(found.unit), ())}
            param = next((p for p in numeric if said & _param_names(p)), None)
            if param is None or not units & (
                set(param.words) | set(param.describe.split()) | tool.describe_words
            ):
                continue
            span = sorted({*found.tokens, k, *range(min(k, last), max(k, last))})
            f.set(param, found.value, span, _words(reading, span))
            numeric.remove(param)
            break


def _in_named_units(reading: Request, f: Fill, tool: ToolView) -> None:
    """Each quantity for the one open number parameter in a unit of its kind, by its name
    (`weight_kg`, `volume_ml`) or its description ("Weight used in lbs"), converted to that
    unit ("176 lb" is 79.83 kg, "1 liter" 1000 ml, `_measures`): never the number alone in
    another unit. Where several are in units of its kind (`protein_g`, `fat_g`), the word
    beside it says which, or none."""
    for found in reading.typed("quantity"):
        if not _free(f, found):
            continue
        params = [
            (p, number)
            for p in _open(tool, f, "number", "quantity")
            for own in [own_unit(p)]
            if own is not None
            for number in [converted(found.value, str(found.unit), own)]
            if number is not None
        ]
        if len(params) != 1:
            continue
        param, number = params[0]
        if _fits(param, number):
            span = [*_hedged(reading, f, found), *_described_after(reading, f, param, found)]
            f.set(param, number, span, _words(reading, span))


def _hedged(reading: Request, f: Fill, found: Value) -> list[int]:
    """A quantity's tokens, and the word before it that says it is a guess ("around 250ml")."""
    k = found.tokens[0] - 1
    hedge = k >= 0 and k not in f.used and reading.text.tokens[k].norm in LEX.hedge_words
    return [k, *found.tokens] if hedge else list(found.tokens)


def _described_after(reading: Request, f: Fill, param: Param, found: Value) -> list[int]:
    """The word after a quantity that the parameter's description says of it ("25lb dumbbells"
    for "Weight used in lbs (e.g., 25 for 25lb dumbbells)"): what weighs it, no value."""
    tokens = reading.text.tokens
    k = found.tokens[-1] + 1
    said = described_words(param.describe) - LEX.function_words
    if k < len(tokens) and k not in f.used and tokens[k].kind == "word" and tokens[k].norm in said:
        return [k]
    return []


def _quantity(reading: Request, f: Fill, tool: ToolView) -> None:
    _named_quantities(reading, f, tool)
    _in_named_units(reading, f, tool)
    for found in reading.typed("quantity"):
        quantities = _open(tool, f, "quantity") or _measured(tool, f, str(found.unit))
        quantities = [p for p in quantities if own_unit(p) is None]  # (converted, or asked)
        if not quantities or not _free(f, found):
            continue
        units = _open(tool, f, "unit")
        span = _hedged(reading, f, found)  # "around 250ml"
        words = _words(reading, span)
        if units:
            value = unit_taken(units[0], tool, str(found.unit), unit_said(reading, found))
            if value is None:
                continue
            f.set(units[0], value, (), words)
        elif found.unit not in LEX.units_need_of:
            continue  # "2 kg" for a tool with no unit: not 2 of anything
        f.set(quantities[0], found.value, span, words)
        return
    _dose_said(reading, f, tool)


def _dose_said(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "took 200mg ibuprofen": the quantity as said, for the one text parameter named for what
    is taken in (lexicon `MEASURED_DESCRIBE`: `dose`, "Dose, e.g. 200mg")."""
    params = [
        p
        for p in tool.params.values()
        if p.name not in f.args
        and p.type == "string"
        and not p.enum
        and set(p.words) & LEX.measured_describe
    ]
    said = [q for q in reading.typed("quantity") if _free(f, q)]
    if len(params) == 1 and len(said) == 1:
        span = list(said[0].tokens)
        f.set(params[0], _words(reading, span), span, _words(reading, span))


def _phone(reading: Request, f: Fill, tool: ToolView) -> None:
    params = _open(tool, f, "phone")
    for phone in reading.typed("phone"):
        if params and _free(f, phone):
            span = list(phone.tokens)
            before = phone.tokens[0] - 1
            if before >= 0 and reading.text.tokens[before].norm in LEX.phone_markers:
                span.insert(0, before)  # "phone +49 ..."
            f.set(params[0], phone.value, span, _words(reading, span))
            return


def _email(reading: Request, f: Fill, tool: ToolView) -> None:
    params = _open(tool, f, "email")
    tokens = reading.text.tokens
    for i in reading.kinds("email"):
        if params and i not in f.used:
            span = [i]
            if i > 0 and tokens[i - 1].norm in LEX.email_words:
                span.insert(0, i - 1)  # "email ana@..."
            f.set(params[0], tokens[i].text, span, tokens[i].text)
            return


def _in_topic(reading: Request, name: Value) -> bool:
    """Whether a name is said inside a topic with other words ("about the legacy API"): from a
    topic marker (lexicon `TOPIC_MARKERS`) to the end of its clause."""
    tokens = reading.text.tokens
    start = next((i for i, t in enumerate(tokens) if t.norm in LEX.topic_markers), None)
    if start is None:
        return False
    topic = []
    for i in range(start + 1, len(tokens)):
        if tokens[i].kind == "punct":
            break
        if tokens[i].norm not in LEX.stop_words:
            topic.append(i)
    return set(name.tokens) <= set(topic) and len(topic) > len(name.tokens)


def _names(reading: Request, f: Fill, tool: ToolView) -> None:
    """A person's name into first and last names; an organisation into a company."""
    names = [v for v in reading.typed("name") if _free(f, v)]
    companies = _open(tool, f, "company")
    for name in names:
        if name.org and companies:
            start = _org_start(reading, name)
            f.set(companies[0], name.value, range(start, name.tokens[-1] + 1), name.value)
            companies = []
    queries = [p for p in _open(tool, f, "query") if p.required]
    free = [v for v in names if _free(f, v)]
    if free and _in_topic(reading, free[0]):  # "what did we decide about the legacy API?":
        queries = []  # the topic is searched for, the name in it with its other words
    if tool.kind == "read" and queries and free:  # "who do I know at Acme?": search for Acme
        f.set(queries[0], free[0].value, free[0].tokens, str(free[0].value))
        return
    keys = [p for p in _open(tool, f, "keys") if set(p.words) & LEX.names_words]
    if tool.kind == "read" and keys and len(free) == 1:  # "what's Hans's email?": `names`
        f.set(keys[0], [free[0].value], free[0].tokens, str(free[0].value))
        return
    first, last = _open(tool, f, "first_name"), _open(tool, f, "last_name")
    if not first and not last:
        return
    person = next((v for v in names if not v.org and _free(f, v)), None)
    if person is None:
        return
    parts = str(person.value).split()
    if first and last and len(parts) > 1:
        f.set(first[0], parts[0], person.tokens[:1], parts[0])
        f.set(last[0], " ".join(parts[1:]), person.tokens[1:], " ".join(parts[1:]))
    elif first:
        f.set(first[0], person.value, person.tokens, person.value)
    elif len(parts) == 1:
        f.set(last[0], person.value, person.tokens, person.value)


def _org_start(reading: Request, name: Value) -> int:
    """Where "works at Acme" starts: the organisation's marker belongs to it."""
    tokens = reading.text.tokens
    for marker in sorted(LEX.org_markers, key=lambda m: -len(m.split())):
        words = marker.split()
        start = name.tokens[0] - len(words)
        if start >= 0 and [tokens[k].norm for k in range(start, name.tokens[0])] == words:
            return start
    return name.tokens[0]


def local_zone() -> str | None:
    """The user's IANA time zone (`TZ`, else the system's)."""
    from orchestrator._clock import local_zone_name

    return local_zone_name()


def _zones(reading: Request, f: Fill, tool: ToolView) -> None:
    params = _open(tool, f, "zone")
    if not params:
        return
    tokens = reading.text.tokens
    found = [z for z in zones_in(reading.text, frozenset(f.used))]
    # a record with a place and its zone ("born ... in Lisbon, Portugal, timezone
    # Europe/Lisbon"): the city is the place's, the zone the one named, else the city's
    places = [p for p in tool.role("place") if p.name not in f.args]
    named = [z for z in found if "/" in _words(reading, list(z.tokens))]
    found = named if places and named else [*named, *(z for z in found if z not in named)]
    # (a zone named, "America/Toronto", before a city's: "Toronto office ... America/Toronto")
    sources = [p for p in params if set(p.words) & LEX.zone_source_words]
    targets = [p for p in params if set(p.words) & LEX.zone_target_words]
    plain = [p for p in params if p not in sources and p not in targets]
    for n, zone in enumerate(found):
        before = zone.tokens[0] - 1
        lead = tokens[before].norm if before >= 0 else ""
        span = ([before] if lead in LEX.zone_prepositions else []) + list(zone.tokens)
        wanted = targets if _is_target(reading, zone, lead, n, len(found)) else sources
        if len(found) == 1 and plain and lead not in (*LEX.zone_from, *LEX.zone_to):
            wanted = plain  # "what time is it in Sydney": the zone, neither a source nor a target
        pick = next((p for p in [*wanted, *params] if p.name not in f.args), None)
        if pick is not None and places and zone not in named:  # the city's zone; the city
            f.args[pick.name] = zone.value  # is left for the place
            f.evidence[pick.name] = _words(reading, span)
        elif pick is not None:
            f.set(pick, zone.value, span, _words(reading, span))
    here = [i for i, t in enumerate(tokens) if t.norm in LEX.zone_here and i not in f.used]
    for param in params:
        if param.name not in f.args and any(d in param.describe for d in LEX.local_describe):
            local = _described_zone(param) or local_zone()
            if local is None:
                continue
            f.args[param.name] = local  # the description says: the user's zone when none is named
            f.used.update(here)  # "what's that here?"
            f.evidence[param.name] = LEX.answers["your_zone"]


def _conversion(reading: Request, f: Fill, tool: ToolView) -> None:
    """A value and the units to convert it from and to ("26.2 miles in km")."""
    found = conversion(reading, tool)
    if found is None:
        _expressed(reading, f, tool)
        return
    if {found.source.name, found.target.name} & set(f.args):
        return
    said = _words(reading, found.tokens)
    f.set(found.value_param, found.value, found.tokens, said)
    f.set(found.source, found.units[0], found.tokens, said)
    f.set(found.target, found.units[1], found.tokens, said)
    if found.kind is not None:
        f.set(found.kind[0], found.kind[1], found.tokens, said)


def _expressed(reading: Request, f: Fill, tool: ToolView) -> None:
    """The two unit expressions of a conversion, as written ("1.5 kWh", "joules"), or the one
    reduced."""
    found = expressed(reading, tool)
    formats = formatted(reading, tool) if found is None else None
    if formats is not None:  # "convert #ff8800 to rgb": a value between formats
        for name, value in formats[0].items():
            if name not in f.args:
                f.set(name, value, formats[1], reading.text.slice(formats[1]))
        return
    if found is None:
        target = target_said(reading, tool)  # "and in meters?": the rest as before
        if target is not None and target[0].name not in f.args:
            f.set(target[0], target[1], target[2], reading.text.slice(target[2]))
        return
    if found.source.name in f.args:
        return
    said = _words(reading, found.tokens)
    f.set(found.source, found.values[0], found.tokens, said)
    if found.target is not None:
        f.set(found.target, found.values[1], found.tokens, said)


def _is_target(reading: Request, zone: Value, lead: str, n: int, count: int) -> bool:
    """Whether a place is where a time goes ("to Tokyo", the second of two places) rather than
    where it comes from ("from London", the first of two, "10:15 Singapore time")."""
    if lead in LEX.zone_from:
        return False
    if lead in LEX.zone_to or count >= 2:
        return lead in LEX.zone_to or n > 0
    when = reading.when
    if when is not None and when.has_time and reading.when_tokens:
        near = min(abs(i - k) for i in zone.tokens for k in reading.when_tokens)
        return near > W.zone_time_distance
    return True


def _described_zone(param: Param) -> str | None:
    """The zone a parameter's description names as the local one ("Use 'Europe/Berlin' as
    local timezone"): the server's local zone, which is the user's."""
    text = str(param.schema.get("description", ""))
    for found in _QUOTED_ZONE.finditer(text):
        after = text[found.end() : found.end() + 40].lower()
        after = re.split(r"['\"]", after)[0]  # up to the next quoted name
        if any(d in after for d in LEX.local_describe):
            return found.group(1)
    return None


_QUOTED_ZONE = re.compile(r"['\"]([A-Za-z]+/[A-Za-z_+\-/]+)['\"]")


def _clock(reading: Request, f: Fill, tool: ToolView) -> None:
    when = reading.when
    params = _open(tool, f, "clock")
    if not params or when is None or not when.has_time or _vague_part(reading):
        return  # ("this morning" is no clock time: 09:00 is nobody's word; "noon" is one)
    span = sorted(reading.when_tokens - f.used)
    f.set(params[0], f"{when.start:%H:%M}", span, _words(reading, span))


def _vague_part(reading: Request) -> bool:
    """Whether the time said is a part of the day that spans hours ("this morning"), no clock
    time ("noon" is one)."""
    parts = {reading.text.tokens[i].norm for i in reading.when_tokens} & LEX.day_part_hours.keys()
    return bool(reading.when and reading.when.part and parts)


def _month(reading: Request, f: Fill, tool: ToolView) -> None:
    when = reading.when
    params = _open(tool, f, "month")
    if not params or when is None or when.kind != "month":
        return
    span = sorted(reading.when_tokens - f.used)
    f.set(params[0], when.month(), span, _words(reading, span))


def _grids(reading: Request, f: Fill, tool: ToolView) -> None:
    """Numbers said as a list ("12, 15, 9 and 14") for a parameter that takes a list of
    numbers; bracketed grids ("[[2,1],[5,3]]") for one that takes a grid, or a list of grids
    (each one said, in order). Only when the request says one list, or the grids the type
    holds: two lists for one parameter are asked about."""
    for param in _open(tool, f, "numbers"):
        lists = [v for v in reading.typed("numbers") if _free(f, v)]
        whole = param.schema.get("items", {}).get("type") == "integer"
        if len(lists) == 1 and all(float(n).is_integer() or not whole for n in lists[0].value):
            f.set(param, lists[0].value, lists[0].tokens, _words(reading, lists[0].tokens))
    for param in _open(tool, f, "matrix"):
        grids = [v for v in reading.typed("matrix") if _free(f, v)]
        many = _depth(param.schema) > 2  # a list of grids, not one
        if not grids or (len(grids) > 1 and not many):
            continue
        value = [g.value for g in grids] if many else grids[0].value
        span = sorted(i for g in grids for i in g.tokens)
        f.set(param, value, span, _words(reading, span))


def _depth(schema: dict[str, Any]) -> int:
    """How many arrays deep a schema's numbers are: 1 for a list, 2 for a grid."""
    depth = 0
    while isinstance(schema, dict) and schema.get("type") == "array":
        depth += 1
        schema = schema.get("items") or {}
    return depth


def _math(reading: Request, f: Fill, tool: ToolView) -> None:
    """Arithmetic: the expression for an expression parameter ("12 * 7"), or the two numbers
    of a sum for a tool that sums two numbers."""
    found = [v for v in reading.typed("math") if _free(f, v)]
    if not found:
        return
    math = found[0]
    params = [p for p in _open(tool, f, "expression") if not takes_coded(p)]  # "H2O": no sum
    if params:
        f.set(params[0], math.value, math.tokens, _words(reading, math.tokens))
        return
    numbers = [v for v in reading.typed("number") if set(v.tokens) <= set(math.tokens)]
    pair = [p for p in tool.required if p.role == "number" and p.name not in f.args]
    if math.unit is None or len(numbers) != 2 or len(pair) != 2 or operation_of(tool) != math.unit:
        return
    for param, number in zip(pair, numbers, strict=True):
        f.set(param, number.value, number.tokens, _words(reading, number.tokens))
    f.used.update(math.tokens)


def _percents(reading: Request, f: Fill, tool: ToolView) -> None:
    """Percentages ("at 4.5%", "inflation is 3%") into the number parameters named for a rate
    (`annual_rate`, `inflation_rate`, `expected_return`): the one a word beside it names, else
    the next open one, required ones first."""
    percent_words = LEX.rate_words | LEX.progress_words  # "at 4.5%", "40% done"
    rates = [
        p
        for p in _open(tool, f, "number", "count", "amount")
        if p.type in ("number", "integer") and set(words_of(p.name)) & percent_words
    ]
    rates.sort(key=lambda p: not p.required)
    tokens = reading.text.tokens
    for found in reading.typed("percent"):
        if not rates or not _free(f, found):
            continue
        i = found.tokens[0]
        near = [k for k in (i - 1, i - 2, i + 1) if 0 <= k < len(tokens) and k not in f.used]
        named = next(
            (
                (p, k)
                for k in near
                for p in rates
                if tokens[k].norm not in LEX.rate_words
                and (_aliases(tokens[k].norm) & _param_names(p))
            ),
            None,
        )
        param, k = named if named is not None else (rates[0], i)
        if not _fits(param, found.value):
            continue
        span = sorted({i, k} | set(range(min(i, k), max(i, k))))
        if i + 1 < len(tokens) and tokens[i + 1].norm in LEX.done_words:
            span.append(i + 1)  # "40% done": how far along, no state
        f.set(param, found.value, span, _words(reading, span))
        rates.remove(param)


def _periods(reading: Request, f: Fill, tool: ToolView) -> None:
    """A length in years or months for the one number parameter named for the other ("5 years"
    for `months`: 60), when none is named for the one said."""
    tokens = reading.text.tokens
    periods = LEX.period_months
    for number in reading.typed("number"):
        k = number.tokens[-1] + 1
        if not _free(f, number) or k >= len(tokens) or tokens[k].norm not in periods:
            continue
        said = periods[tokens[k].norm]
        params = [
            p
            for p in _open(tool, f, "number", "count", "duration")
            if p.type
            in (
                "number",
                "integer",
            )
        ]
        named = [p for p in params if any(periods.get(w) == said for w in words_of(p.name))]
        other = [p for p in params if any(w in periods for w in words_of(p.name))]
        if named or len(other) != 1:
            continue
        per = next(periods[w] for w in words_of(other[0].name) if w in periods)
        value = number.value * said / per
        if float(value).is_integer() and _fits(other[0], int(value)):
            span = [*number.tokens, k]
            f.set(other[0], int(value), span, _words(reading, span))


def _numbers(reading: Request, f: Fill, tool: ToolView) -> None:
    """Bare numbers: where a word beside one names a numeric parameter ("5 points", "card 12",
    "priority: 2"), else one number for the one amount or quantity a tool takes."""
    tokens = reading.text.tokens
    numeric = [
        p
        for p in tool.params.values()
        if p.name not in f.args
        and p.role in ("number", "amount", "quantity", "count", "id")
        and (p.type in ("integer", "number") or (p.type is None and p.role == "amount"))
    ]
    for number in reading.typed("number"):
        if not numeric or not _free(f, number):
            continue
        period, per = _per_period(reading, number)
        timed = [p for p in numeric if period & set(words_of(p.name)) and _fits(p, number.value)]
        if len(timed) > 1:  # `monthly_expenses`, required, beside `monthly_emis`
            timed = [p for p in timed if p.required]
        if len(timed) == 1 and not f.used & set(per):  # "2800 a month": `monthly_expenses`
            span = [*number.tokens, *per]
            f.set(timed[0], number.value, span, _words(reading, span))
            numeric.remove(timed[0])
            continue
        i = number.tokens[-1]
        head = _compound_head(reading, f, tool, i, number.value)
        if head is not None:  # "1,250 volunteer hours": `hours`, never `volunteers`
            span = [*number.tokens, i + 1, i + 2]
            f.set(head, number.value, span, _words(reading, span))
            numeric = [p for p in numeric if p is not head]
            continue
        i = number.tokens[0]
        near = [
            k for k in (i - 1, i + 1) if 0 <= k < len(tokens) and (k not in f.used or k in f.nouns)
        ]
        links = (*LEX.label_links, *LEX.number_lead_links)
        if i >= 2 and tokens[i - 1].norm in links and (i - 2 not in f.used or i - 2 in f.nouns):
            near.append(i - 2)  # "priority: 2", "a score of 92"
        if i + 2 < len(tokens) and singular(tokens[i + 1].norm) in tool.nouns:
            near.append(i + 2)  # "5 business days" for `next_business_day(days)`
        elif (
            i + 2 < len(tokens)
            and tokens[i + 1].norm in LEX.number_label_links
            and not {i + 1, i + 2} & f.used
        ):
            near.append(i + 2)  # "50 in stock" for `stock`
        set_to = _set_to(reading, f, i)  # "set my daily calorie goal to 1800"
        near += set_to
        named = (  # "the mock 3 exam": a number inside a name, no id ("exam 3" is one)
            i > 0
            and i - 1 not in f.used
            and tokens[i - 1].kind == "word"
            and not is_function(tokens[i - 1].norm)
        )
        for k in near:
            said = _aliases(tokens[k].norm) | _aliases(tokens[k].text.lower())
            param = next(
                (
                    p
                    for p in numeric
                    if said & _param_names(p)
                    or (p.role == "id" and said & tool.nouns and not (named and k == i + 1))
                ),
                None,
            )
            if param is not None and not _fits(param, number.value) and _bounded(param):
                f.misfits[param.name] = str(number.value)  # "status 4" of 1 to 3: asked
                f.used.update({i, k})
                numeric.remove(param)
                break
            if param is not None and _fits(param, number.value):
                span = sorted(
                    set(number.tokens)  # "fifty five": both words
                    | ({k} if k not in f.nouns else set())
                    | ({i - 1} if k == i - 2 else set())
                    | ({i + 1} if k == i + 2 else set())
                    | ({i - 1} if k in set_to else set())
                    | ({i - 1} if k == i + 1 and _ahead(reading, f, i - 1) else set())
                    | _how_often(reading, param, i)
                )
                f.set(param, number.value, span, _words(reading, span))
                numeric.remove(param)
                break
    _counted_and_each(reading, f, tool, [p for p in numeric if p.name not in f.args])
    loose = [v for v in reading.typed("number") if _free(f, v) and not _fields(reading, tool, v)]
    bare = [p for p in numeric if p.name not in f.args and p.required and p.role == "number"]
    if len(loose) >= 2 and len(loose) == len(bare):  # "add 17 and 25": `a`, `b` in order
        if all(_fits(p, v.value) for p, v in zip(bare, loose, strict=True)):
            for param, number in zip(bare, loose, strict=True):
                f.set(param, number.value, number.tokens, _words(reading, number.tokens))
        return
    if len(loose) != 1:
        return
    number = loose[0]
    if len(bare) == 1 and tool.kind in (None, "read") and _fits(bare[0], number.value):
        f.set(bare[0], number.value, number.tokens, _words(reading, number.tokens))
        return  # "is 7919 a prime?": the one number a computation takes
    if len(bare) == 1 and set(bare[0].words) & tool.nouns and _fits(bare[0], number.value):
        f.set(bare[0], number.value, number.tokens, _words(reading, number.tokens))
        return  # "record 张三 92 in 实操" for `record_score(score)`: the score it records
    k = number.tokens[-1] + 1
    measure = k < len(tokens) and tokens[k].norm in LEX.measure_groups  # "100 cal": no money
    lead = number.tokens[0] - 1
    if (  # "every 10 days": how often, no 10 ml
        k < len(tokens)
        and tokens[k].norm in LEX.repeat_units
        and lead >= 0
        and tokens[lead].norm in LEX.repeat_leads
    ):
        return
    money = says_money(reading)  # "coffee 4.75 cash": no amount of water
    if _year_of_month(reading, number):
        return  # "quitting at the end of june 2025": a year, never an amount of 2025
    for role in ("amount", "quantity"):
        params = [p for p in numeric if p.role == role and p.name not in f.args]
        if role == "quantity" and money:
            continue
        if params and _fits(params[0], number.value) and not (measure and role == "amount"):
            f.set(params[0], number.value, number.tokens, _words(reading, number.tokens))
            return


def _year_of_month(reading: Request, number: Value) -> bool:
    """Whether a number is the year of a month said right before it ("june 2025")."""
    low, high = LEX.year_span
    i = number.tokens[0]
    before = reading.text.tokens[i - 1].norm if i else ""
    return (
        isinstance(number.value, int)
        and low <= number.value < high
        and any(before == m or (len(before) >= 3 and m.startswith(before)) for m in LEX.months)
    )


_FIELD_PREFIX = 3  # letters of a field's name said after a number, at least ("ton": tonnage)


def _fields(reading: Request, tool: ToolView, number: Value) -> bool:
    """Whether a number is said with the name of a field of an object parameter after it ("3
    ton", "16 seer" for `specifications: {tonnage, seer}`): that field's, filled with the
    object, never the tool's own count."""
    at = number.tokens[-1] + 1
    tokens = reading.text.tokens
    if at >= len(tokens) or len(tokens[at].norm) < _FIELD_PREFIX:
        return False
    said = singular(tokens[at].norm)
    names = {
        w
        for p in tool.role("object")
        for name in (p.schema.get("properties") or {})
        for w in words_of(str(name))
    }
    return any(w.startswith(said) for w in names)


def _how_often(reading: Request, param: Param, at: int) -> set[int]:
    """ "water every 7 days" for `watering_interval_days`: the words before the number that say
    it is how often (lexicon `REPEAT_LEADS`) and what is done so often, a word of its name."""
    tokens = reading.text.tokens
    if at < 2 or tokens[at - 1].norm not in LEX.repeat_leads:
        return set()
    if stem(tokens[at - 2].norm) in {stem(w) for w in param.words}:
        return {at - 2, at - 1}
    return {at - 1}


def _counted_and_each(reading: Request, f: Fill, tool: ToolView, numeric: list[Param]) -> None:
    """ "2 of them, 50 each": the number before "of them" (lexicon `COUNT_TAILS`) how many, for
    the one quantity; the one before "each" (`EACH_WORDS`) the price of one, for the one amount
    (where the amount is one unit's, as "Per-unit price" says, or no quantity is taken)."""
    tokens = reading.text.tokens
    norms = [t.norm for t in tokens]
    for number in reading.typed("number"):
        if not _free(f, number):
            continue
        after = number.tokens[-1] + 1
        tail = next(
            (t for t in LEX.count_tails if norms[after : after + len(t.split())] == t.split()),
            None,
        )
        if tail is not None:
            wanted = [
                p for p in numeric if p.role in ("quantity", "count") and p.name not in f.args
            ]
            span = [*number.tokens, *range(after, after + len(tail.split()))]
        elif after < len(tokens) and norms[after] in LEX.each_words:
            counts = any(p.role in ("quantity", "count") for p in tool.params.values())
            wanted = [
                p
                for p in numeric
                if p.role == "amount"
                and p.name not in f.args
                and (not counts or set(words_of(p.describe)) & LEX.per_unit_words)
            ]  # (a total, where the tool counts them too, is no price of one: asked)
            span = [*number.tokens, after]
        else:
            continue
        if len(wanted) == 1 and _fits(wanted[0], number.value):
            f.set(wanted[0], number.value, span, _words(reading, span))


def _ahead(reading: Request, f: Fill, k: int) -> bool:
    """Whether token `k` says the count after it runs from now on: "for the next 3 days"."""
    tokens = reading.text.tokens
    return k >= 0 and k not in f.used and tokens[k].norm in LEX.next_words


def _set_to(reading: Request, f: Fill, i: int) -> list[int]:
    """The words of what a change sets to the number at `i` ("set my daily calorie goal to
    1800", "set the complexity of dark mode to 3"): between the verb and "to", nearest first."""
    tokens = reading.text.tokens
    verb = reading.action.tokens
    if reading.action.kind != "update" or not verb or i < 2:
        return []
    if tokens[i - 1].norm not in LEX.change_to or i - 1 in f.used:
        return []
    return [  # "set stock of X to 5" for `update_stok_produk(stok_baru)`: its noun names the field
        k
        for k in range(i - 2, verb[-1], -1)
        if tokens[k].kind == "word" and (k not in f.used or k in f.nouns)
    ]


def _bounded(param: Param) -> bool:
    """Whether the parameter states the least or the most it takes (its schema, or its
    description: `_stated_bounds`)."""
    return "minimum" in param.schema or "maximum" in param.schema


def _unit_names(word: str) -> set[str]:
    """A word and the other spellings of its unit of time ("hrs": "hours", "hour", ...)."""
    for units in (LEX.hour_units, LEX.minute_units, LEX.day_units, LEX.week_units):
        if word in units:
            return set(units)
    return _aliases(word)


def _compound_head(reading: Request, f: Fill, tool: ToolView, i: int, value: Any) -> Param | None:
    """For a number before two words that each name a parameter ("1,250 volunteer hours" for
    `volunteer_time_value(hours, volunteers)`), the last one's: the first word says what kind
    the second is, as in any compound noun; None otherwise."""
    tokens = reading.text.tokens
    if i + 2 >= len(tokens) or ({i + 1, i + 2} & f.used) - f.nouns or tokens[i + 1].kind != "word":
        return None
    first = _aliases(tokens[i + 1].norm)
    second = _unit_names(tokens[i + 2].norm)
    if not any(first & _param_names(p) for p in tool.params.values()):
        return None
    heads = [
        p
        for p in tool.params.values()
        if p.name not in f.args
        and p.type in ("integer", "number")
        and second & {n for w in p.words for n in _aliases(w)}  # (no initials: "hr")
        and not first & _param_names(p)
    ]
    return heads[0] if len(heads) == 1 and _fits(heads[0], value) else None


def _fits(param: Param, value: Any) -> bool:
    if param.type == "integer" and not float(value).is_integer():
        return False
    low, high = param.schema.get("minimum"), param.schema.get("maximum")
    return (low is None or value >= low) and (high is None or value <= high)
