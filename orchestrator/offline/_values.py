"""Values of a type, read from the request's tokens before any tool is looked at: money
(`$45`, `12.50 EUR`, `9.90 CHF`, `€3`, `80 dollars`), quantities with a unit (`2 kg`, `a liter`,
`500 g`, `2kg`), phone numbers (`+49 151 2345678`, `030 1234567`, `555-123-4567`), names
(capitalised spans: "Maria Lopez", "Acme"; an organisation after "works at", "at", "from"),
bare numbers (`6 apples`, `#12`), numbers said as a list (`12, 15 and 9`, `2 4 4 5`: beside
each number's own value), bracketed grids (`[[2,1],[5,3]]`), and time zones (IANA names and
the cities and countries they stand for: "Tokyo", "New York", "Asia/Tokyo"). Each `Value`
keeps the tokens it came from, so the fill step can put it in the parameter its type fits and
mark those tokens used.

Every word comes from the lexicon; the cities come from the system's time zone database.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from orchestrator.offline._tokens import Text, Token, singular
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["Value", "read_values", "zone_at", "zones_in"]

ValueKind = Literal[
    "money",
    "currency",
    "quantity",
    "number",
    "numbers",
    "matrix",
    "phone",
    "name",
    "zone",
    "math",
    "percent",
]


@dataclass(frozen=True)
class Value:
    """A typed value and the tokens it came from. `unit` is a currency code for money, a unit
    for a quantity; `org` marks a name said as an organisation ("works at Acme")."""

    kind: ValueKind
    value: Any
    tokens: tuple[int, ...]
    unit: str | None = None
    org: bool = False


_SYMBOLS = "".join(re.escape(s) for s in sorted({n for n in LEX.currency_names if len(n) == 1}))
_NUMBER = r"\d+(?:[.,]\d+)*"
_SCALES = "".join(re.escape(s) for s in LEX.money_suffixes)
_MONEY_TOKEN = re.compile(  # "$45", "US$5", "5$", "$3.2k" (lexicon `MONEY_SUFFIXES`)
    rf"^(?:(?P<pre>[{_SYMBOLS}]|[a-z]{{1,2}}\$)(?P<a>{_NUMBER})(?P<k>[{_SCALES}])?"
    rf"|(?P<b>{_NUMBER})(?P<post>[{_SYMBOLS}]))$",
    re.I,
)
_PRICE_COMMA = re.compile(rf"\d+,\d{{{LEX.jotted_price_digits}}}")
_GLUED_UNIT = re.compile(r"^(?P<n>\d+(?:[.,]\d+)?)(?P<u>[a-zA-Zµ]+)$")
_PHONE_PART = re.compile(r"^\+?\(?\d[\d\-().]*\d\)?$|^\+\d+$|^\d$")
_DIGITS = re.compile(r"\d")
_GRID = re.compile(r"\[\s*\[[-+\d\s.,\[\]]*\]\s*\]")
_LIST_JOINS = frozenset((",", *LEX.list_ends))


def _amount(text: str) -> float | None:
    """ "12.50" -> 12.5, "1,200" -> 1200, "9,90" -> 9.9."""
    text = text.strip()
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", text):
        text = text.replace(",", "")
    elif re.fullmatch(r"\d+,\d{1,2}", text):
        text = text.replace(",", ".")
    try:
        return float(text)
    except ValueError:
        return None


def _number(tok: Token) -> float | None:
    if tok.kind == "number":
        return _amount(tok.text)
    return None


def _plain(value: float) -> int | float:
    return int(value) if value == int(value) else value


def _currency(tok: Token, nxt: Token | None) -> tuple[str, int] | None:
    """The currency a token (and the next one: "swiss francs") names, and how many it took."""
    if nxt is not None:
        pair = f"{tok.norm} {nxt.norm}"
        if pair in LEX.currency_names:
            return LEX.currency_names[pair], 2
    code = LEX.currency_names.get(tok.norm) or LEX.currency_names.get(tok.text.lower())
    return (code, 1) if code else None


def _money(tokens: tuple[Token, ...], taken: set[int]) -> list[Value]:
    found: list[Value] = []
    for i, tok in enumerate(tokens):
        if i in taken:
            continue
        m = _MONEY_TOKEN.match(tok.text)
        if m and tok.kind != "date":
            symbol = (m.group("pre") or m.group("post") or "").lower()
            amount = _amount(m.group("a") or m.group("b") or "")
            if amount is not None and m.group("k"):
                amount *= LEX.money_suffixes[m.group("k").lower()]  # "$3.2k": 3200
            code = LEX.currency_names.get(symbol)
            if amount is not None and code:
                found.append(Value("money", _plain(amount), (i,), code))
                taken.add(i)
            continue
        unit_amount = _counted_in_units(tok.text)
        if unit_amount is not None:  # "4200만원", "2억5천": in won, the units multiplied out
            found.append(Value("money", _plain(unit_amount), (i,), _UNIT_CURRENCY))
            taken.add(i)
            continue
        amount, scaled = _scaled(tokens, i)
        if amount is not None and (scaled > i or tok.kind != "number"):  # "50 million won",
            nxt = tokens[scaled + 1] if scaled + 1 < len(tokens) else None  # "42k won",
            after = tokens[scaled + 2] if scaled + 2 < len(tokens) else None  # "62,000,000 KRW"
            cur = _currency(nxt, after) if nxt is not None and scaled + 1 not in taken else None
            end = scaled + 1 + cur[1] if cur else 0
            if cur and (end >= len(tokens) or tokens[end].norm != LEX.of_word):
                span = tuple(range(i, end))
                found.append(Value("money", _plain(amount), span, cur[0]))
                taken.update(span)
                continue
        amount = _number(tok)
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        after = tokens[i + 2] if i + 2 < len(tokens) else None
        if amount is not None and nxt is not None and i + 1 not in taken:
            cur = _currency(nxt, after)
            following = tokens[i + 1 + cur[1]].norm if cur and i + 1 + cur[1] < len(tokens) else ""
            if cur and following != LEX.of_word:  # "2 pounds of apples" is a weight
                span = tuple(range(i, i + 1 + cur[1]))
                found.append(Value("money", _plain(amount), span, cur[0]))
                taken.update(span)
                continue
        cur = _currency(tok, nxt) if tok.kind == "word" and len(tok.text) <= 3 else None
        if cur and cur[1] == 1 and nxt is not None and i + 1 not in taken:
            amount = _number(nxt)  # "EUR 12.50"
            if amount is not None and tok.text.isupper():
                found.append(Value("money", _plain(amount), (i, i + 1), cur[0]))
                taken.update((i, i + 1))
    return found


_SUFFIXED_AMOUNT = re.compile(rf"^(?P<n>{_NUMBER})(?P<k>[{_SCALES}])$", re.I)
_UNIT_CURRENCY = next(code for code, names in LEX.currencies.items() if "원" in names)
_UNITS = "".join(LEX.number_units)
_IN_UNITS = re.compile(  # "4200만원", "3억", "2억5천", "850만원이면" (a particle after it)
    rf"^(?P<parts>(?:\d+(?:[.,]\d+)*[{_UNITS}]+)+\d*)(?P<won>원)?[\uac00-\ud7a3]*$"
)
_UNIT_PART = re.compile(rf"(\d+(?:[.,]\d+)*)([{_UNITS}]*)")


def _counted_in_units(text: str) -> float | None:
    """An amount counted in the units some languages count money in ("4200만원": 42,000,000;
    "2억5천": 250,000,000, a number after the largest unit in the unit it goes on with, lexicon
    `NUMBER_UNITS`), or None."""
    m = _IN_UNITS.match(text)
    if m is None:
        return None
    total = 0.0
    largest = max(LEX.number_units.values())
    seen_largest = False
    for number, units in _UNIT_PART.findall(m.group("parts")):
        amount = _amount(number)
        if amount is None:
            return None
        if seen_largest and units in LEX.number_units_after_largest:
            size = LEX.number_units_after_largest[units]
        else:
            size = math.prod(LEX.number_units[unit] for unit in units)
        seen_largest = seen_largest or size == largest
        total += amount * size
    return total


def _scaled(tokens: tuple[Token, ...], i: int) -> tuple[float | None, int]:
    """A number with what multiplies it, glued ("3.5m", "42k") or said after it ("50
    million"), and the last token it takes; (None, i) when the token is no number."""
    tok = tokens[i]
    m = _SUFFIXED_AMOUNT.match(tok.text)
    if m:
        amount = _amount(m.group("n"))
        scale = LEX.money_suffixes[m.group("k").lower()]
        return (amount * scale if amount is not None else None), i
    amount = _number(tok) if tok.kind == "number" else _amount(tok.text)
    if amount is None:
        return None, i
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    if nxt is not None and nxt.norm in LEX.scale_words:
        return amount * LEX.scale_words[nxt.norm], i + 1
    return amount, i


def _codes(tokens: tuple[Token, ...], taken: set[int]) -> list[Value]:
    """A currency's code said alone, in capitals ("my Amex card, USD", "in EUR"): a currency, no
    name of a person or a company."""
    found: list[Value] = []
    for i, tok in enumerate(tokens):
        if i not in taken and tok.kind == "word" and tok.text in LEX.currencies:
            found.append(Value("currency", tok.text, (i,), tok.text))
            taken.add(i)
    return found


def _unit(tok: Token, nxt: Token | None) -> str | None:
    unit = LEX.unit_names.get(tok.norm)
    if unit is None:
        return None
    if unit in LEX.units_need_of and (nxt is None or nxt.norm != LEX.of_word):
        return None  # "a can" is a can only in "a can of beans"
    return unit


def _quantities(tokens: tuple[Token, ...], taken: set[int]) -> list[Value]:
    found: list[Value] = []
    for i, tok in enumerate(tokens):
        if i in taken:
            continue
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        glued = _GLUED_UNIT.match(tok.text)
        if glued and glued.group("u").lower() in LEX.unit_names:
            amount = _amount(glued.group("n"))
            if amount is not None:
                glued_unit = LEX.unit_names[glued.group("u").lower()]
                found.append(Value("quantity", _plain(amount), (i,), glued_unit))
                taken.add(i)
            continue
        amount = _number(tok)
        if amount is None and tok.norm in LEX.articles_one and tok.kind == "word":
            amount = 1.0
        if amount is None or nxt is None or i + 1 in taken:
            continue
        after = tokens[i + 2] if i + 2 < len(tokens) else None
        unit = _unit(nxt, after)
        if unit is None or (tok.kind != "number" and unit in LEX.units_need_of):
            continue
        span = (i, i + 1) + ((i + 2,) if after is not None and after.norm == LEX.of_word else ())
        found.append(Value("quantity", _plain(amount), span, unit))
        taken.update(span)
    return found


def _phones(tokens: tuple[Token, ...], taken: set[int]) -> list[Value]:
    found: list[Value] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if (
            i in taken
            or tok.kind in ("date", "time", "duration")
            or not _PHONE_PART.match(tok.text)
        ):
            i += 1
            continue
        j = i
        while (
            j + 1 < len(tokens)
            and j + 1 not in taken
            and tokens[j + 1].kind in ("number", "other")
            and _PHONE_PART.match(tokens[j + 1].text)
            and tokens[j + 1].start - tokens[j].end <= 1
        ):
            j += 1
        text = " ".join(tokens[k].text for k in range(i, j + 1))
        digits = len(_DIGITS.findall(text))
        marked = i > 0 and tokens[i - 1].norm in LEX.phone_markers
        looks = text.startswith(("+", "0", "(")) or j > i or "-" in text
        if looks and not marked and _listed_numbers(text):
            i = j + 1  # "120 95 310 88 140": numbers said as a list, not one phone number
            continue
        if digits >= 7 and digits <= 15 and (looks or marked):
            span = tuple(range(i, j + 1))
            found.append(Value("phone", text, span))
            taken.update(span)
            i = j + 1
            continue
        i += 1
    return found


def _listed_numbers(text: str) -> bool:
    """Whether digit groups read as a list of numbers rather than a phone number: four or more
    groups with no mark of a phone (no "+", leading "0", bracket or dash), one of them after the
    first a single digit, or five or more."""
    parts = text.split()
    if len(parts) < 4 or text.startswith(("+", "0", "(")) or "-" in text:
        return False
    return len(parts) >= 5 or any(len(p) < 2 for p in parts[1:])


def _capitalised(tok: Token, first: bool, vocabulary: frozenset[str]) -> bool:
    text = tok.bare
    if tok.kind not in ("word", "other") or not text[:1].isupper() or not text[:1].isalpha():
        return False
    low = tok.norm
    if low in LEX.not_names or low in LEX.weekdays or low in LEX.months:
        return False
    return not (
        first
        and (
            low in LEX.verbs
            or low in LEX.correctable
            or low in LEX.never_corrected
            or low in LEX.question_words
            or low in LEX.stop_words
            or low in vocabulary
        )
    )  # "Add ...", "What ...": a capital for the sentence, not a name


def _lower_owner(tokens: tuple[Token, ...], i: int, vocabulary: frozenset[str]) -> bool:
    """ "whats maria's number?": a word no lexicon or tool knows, said as the owner of a
    person's detail (lexicon `PERSON_FIELDS`), is a name typed in lower case."""
    tok = tokens[i]
    low = tok.bare.lower()
    return (
        tok.kind == "word"
        and tok.possessive
        and i + 1 < len(tokens)
        and tokens[i + 1].norm in LEX.person_fields
        and low.isalpha()
        and not (
            low in LEX.verbs
            or low in LEX.correctable
            or low in LEX.never_corrected
            or low in LEX.stop_words
            or low in LEX.kin_words
            or low in LEX.not_names
            or low in vocabulary
        )
    )


def _names(
    tokens: tuple[Token, ...], taken: set[int], shouting: bool, vocabulary: frozenset[str]
) -> list[Value]:
    if shouting:
        return []
    found: list[Value] = []
    i = 0
    starts = {0} | {k + 1 for k, t in enumerate(tokens) if t.kind == "punct" and t.text in ".!?"}
    while i < len(tokens):
        if i not in taken and _lower_owner(tokens, i, vocabulary):
            found.append(Value("name", tokens[i].bare.capitalize(), (i,)))
            i += 1
            continue
        if i in taken or not _capitalised(tokens[i], i in starts, vocabulary):
            i += 1
            continue
        j = i
        while (
            j + 1 < len(tokens)
            and j + 1 not in taken
            and not tokens[j].possessive
            and _capitalised(tokens[j + 1], False, vocabulary)
        ):
            j += 1
        span = tuple(range(i, j + 1))
        words = [tokens[k].bare for k in span]
        org = _after_org_marker(tokens, i)
        if org is not None and (j + 1 == len(tokens) or tokens[j + 1].kind == "punct"):
            words[-1] = tokens[j].text  # "a nurse at St. Mary's": the name's own ending
        found.append(Value("name", " ".join(words), span, org=org is not None))
        i = j + 1
    return found


def _after_org_marker(tokens: tuple[Token, ...], i: int) -> int | None:
    """The first token of the marker before `i` ("works at", "at"), or None."""
    for marker in sorted(LEX.org_markers, key=lambda m: -len(m.split())):
        words = marker.split()
        start = i - len(words)
        if start >= 0 and [tokens[k].norm for k in range(start, i)] == words:
            return start
    return None


def _money_talk(tokens: tuple[Token, ...]) -> bool:
    """Whether the request speaks of money: a verb of spending ("spent 9,99 on a book"), a
    thing paid for ("kebab 7,50") or money received."""
    said = {t.norm for t in tokens if t.kind == "word"}
    said |= {singular(w) for w in said}
    return bool(said & (LEX.spent_words | set(LEX.purchase_class) | LEX.earned_nouns))


def _numbers(
    tokens: tuple[Token, ...], taken: set[int], valued: frozenset[int] = frozenset()
) -> list[Value]:
    """The numbers said; `valued`, the tokens another value (money) holds already."""
    found: list[Value] = []
    priced = _money_talk(tokens)
    for i, tok in enumerate(tokens):
        if (
            i not in valued
            and (m := _CAPITAL_SUFFIXED.fullmatch(tok.text))
            and (amount := _amount(m.group("n")))
        ):
            scale = LEX.capital_number_suffixes[m.group("suffix")]  # "1.2M", "3M": millions,
            found.append(Value("number", _plain(amount * scale), (i,)))  # never metres or
            taken.add(i)  # minutes in capitals
            continue
        if i in taken:
            continue
        if tok.kind == "hashtag" and tok.norm.isdigit():  # "#12"
            found.append(Value("number", int(tok.norm), (i,)))
        elif tok.kind == "number" or (priced and _PRICE_COMMA.fullmatch(tok.text)):
            amount = _amount(tok.text)  # "9,99" of money: a decimal comma, the cents after it
            if amount is not None:
                found.append(Value("number", _plain(amount), (i,)))
        elif (spelled := _spelled_number(tokens, i)) is not None:  # "to fifty five"
            found.append(Value("number", spelled[0], spelled[1]))
            taken.update(spelled[1])
        elif (count := _spelled_count(tokens, i)) is not None:  # "twenty times"
            found.append(Value("number", count, (i,)))
        elif tok.kind in ("other", "word") and (m := _SUFFIXED.fullmatch(tok.text.lower())):
            amount = _amount(m.group("n"))  # "25,000", "300k", "4.5%"
            if amount is None:
                continue
            if m.group("suffix") in LEX.percent_signs:
                found.append(Value("percent", _plain(amount), (i,)))
            else:
                scale = LEX.number_suffixes.get(m.group("suffix") or "", 1)
                found.append(Value("number", _plain(amount * scale), (i,)))
    return found


def _spelled_number(tokens: tuple[Token, ...], i: int) -> tuple[int, tuple[int, ...]] | None:
    """A number of tens spelled out, with its units ("fifty five", "fifty-five", "thirty"),
    said after "to" as what a thing is set to, ending the request or its clause ("change the
    target to fifty five"; not "go to fifty shades"); None."""
    if i == 0 or tokens[i - 1].norm not in LEX.change_to:
        return None
    tens, dash, unit = tokens[i].norm.partition("-")
    value = LEX.number_words.get(tens, 0)
    if value < _TENS[0] or value % _TENS[1]:
        return None
    span: tuple[int, ...] = (i,)
    if not dash and i + 1 < len(tokens) and tokens[i + 1].norm not in LEX.articles:
        unit = tokens[i + 1].norm
        span = (i, i + 1) if 0 < LEX.number_words.get(unit, 0) < _TENS[1] else span
    units = LEX.number_words.get(unit, 0) if unit and len(span) + bool(dash) > 1 else 0
    if dash and not 0 < units < _TENS[1]:
        return None
    after = span[-1] + 1
    if after < len(tokens) and tokens[after].kind == "word" and tokens[after].norm not in _EDGE:
        return None
    return value + units, span


def _spelled_count(tokens: tuple[Token, ...], i: int) -> int | None:
    """A number said in words before "times" or a plural with no number after ("flip a coin
    twenty times", "roll 3d6 ten times", "a puzzle with five categories"): how many; None."""
    value = LEX.number_words.get(tokens[i].norm, 0)
    if value < 2 or i + 1 >= len(tokens):
        return None
    after = tokens[i + 1]
    counted = after.norm in LEX.counted_words or (  # "five categories", "three coins"
        after.kind == "word" and singular(after.norm) != after.norm
    )
    if not counted:
        return None
    if i + 2 < len(tokens) and tokens[i + 2].kind == "number":
        return None  # "three times 4": a product
    return value


_TENS = (20, 10)  # the least number said in tens ("twenty"), and a ten
_EDGE = LEX.edge_words | LEX.function_words
_SUFFIXED = re.compile(
    r"(?P<n>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    rf"(?P<suffix>{'|'.join(map(re.escape, (*LEX.number_suffixes, *LEX.percent_signs)))})?"
)

_CAPITAL_SUFFIXED = re.compile(
    r"(?P<n>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    rf"(?P<suffix>{'|'.join(map(re.escape, LEX.capital_number_suffixes))})"
)


def _matrices(text: Text, taken: set[int]) -> list[Value]:
    """Bracketed grids of numbers ("[[2,1],[5,3]]"), each a list of rows, with every token
    they cover."""
    found: list[Value] = []
    for m in _GRID.finditer(text.original):
        try:
            grid = json.loads(m.group(0))
        except ValueError:
            continue
        inside = tuple(
            i
            for i, t in enumerate(text.tokens)
            if t.start < m.end() and t.end > m.start() and i not in taken
        )
        if inside and all(isinstance(row, list) and row for row in grid):
            found.append(Value("matrix", grid, inside))
            taken.update(inside)
    return found


def _tables(text: Text, taken: set[int]) -> list[Value]:
    """A table said after a colon, its rows parted by " / " or ";" and its cells by commas
    ("put these in roster.xlsx: Name, Position / Ana, goalkeeper / Ben, striker"): a grid of
    its rows, numbers as numbers, every row as long as the first (two cells or more)."""
    head, colon, said = text.original.partition(":")
    if not colon or not said.strip():
        return []
    rows = [r for r in re.split(r"\s/\s|;", said) if r.strip()]
    grid = [[c.strip() for c in r.split(",")] for r in rows]
    if len(grid) < 2 or len(grid[0]) < 2 or any(len(r) != len(grid[0]) for r in grid):
        return []
    if any(not c for r in grid for c in r):
        return []
    start = len(head) + 1
    inside = tuple(i for i, t in enumerate(text.tokens) if t.start >= start and i not in taken)
    if not inside:
        return []
    taken.update(inside)
    return [Value("matrix", [[_cell(c) for c in r] for r in grid], inside)]


def _cell(said: str) -> Any:
    """A table's cell: a number as a number, else its words."""
    try:
        number = float(said)
    except ValueError:
        return said
    return int(number) if number.is_integer() and "." not in said else number


def _number_lists(tokens: tuple[Token, ...], numbers: list[Value]) -> list[Value]:
    """Runs of two or more bare numbers said as a list ("12, 15, 9 and 14", "2 4 4 5"): one
    value holding them all, beside each number's own."""
    runs: list[list[Value]] = []
    for number in numbers:
        last = runs[-1][-1].tokens[-1] if runs else None
        gap = [] if last is None else [t.norm for t in tokens[last + 1 : number.tokens[0]]]
        joined = len(gap) < 2 or gap[0] == ","  # ", and": one join
        if last is not None and len(gap) <= 2 and joined and all(g in _LIST_JOINS for g in gap):
            runs[-1].append(number)
            continue
        runs.append([number])
    return [
        Value("numbers", [n.value for n in run], tuple(i for n in run for i in n.tokens))
        for run in runs
        if len(run) >= 2
    ]


_PACKED = re.compile(r"^-?\d+(?:\.\d+)?(?:,-?\d+(?:\.\d+)?){2,}$")


def _packed_lists(tokens: tuple[Token, ...], used: frozenset[int]) -> list[Value]:
    """Three numbers or more written with commas and no spaces ("3,1,4,1,5"): a list (two,
    "3,5", may be one number with a decimal comma)."""
    return [
        Value("numbers", [_cell(n) for n in t.text.split(",")], (i,))
        for i, t in enumerate(tokens)
        if i not in used and _PACKED.match(t.text)
    ]


def read_values(
    text: Text, used: frozenset[int], vocabulary: frozenset[str] = frozenset()
) -> tuple[Value, ...]:
    """The typed values of a request (see the module docstring), leaving alone the tokens in
    `used` (its dates, times and lengths)."""
    tokens = text.tokens
    taken = set(used)
    values = [*_money(tokens, taken), *_quantities(tokens, taken), *_phones(tokens, taken)]
    values += _codes(tokens, taken)
    values += _names(tokens, taken, text.original.isupper(), vocabulary)
    values += _matrices(text, taken)
    values += _tables(text, taken)
    numbers = _numbers(tokens, taken, frozenset(i for v in values for i in v.tokens))
    values += numbers + _number_lists(tokens, numbers) + _packed_lists(tokens, used)
    return tuple(sorted(values, key=lambda v: v.tokens[0]))


@lru_cache(maxsize=1)
def _zone_names() -> dict[str, str]:
    """City, country and IANA names (lower case, spaces for underscores) -> IANA zone."""
    import zoneinfo

    names: dict[str, str] = {}
    for zone in sorted(zoneinfo.available_timezones()):
        if zone.startswith(("Etc/", "SystemV/", "posix/", "right/")) or "/" not in zone:
            continue
        names[zone.lower()] = zone
        city = zone.rsplit("/", 1)[1].replace("_", " ").lower()
        names.setdefault(city, zone)
    names.update({k: v for k, v in LEX.timezone_aliases.items()})
    return names


def zones_in(text: Text, used: frozenset[int] = frozenset()) -> tuple[Value, ...]:
    """The time zones a request names: "Tokyo", "New York", "Asia/Tokyo", "UTC" (read only for
    tools with a time zone parameter: the zone database is loaded on first use)."""
    names = _zone_names()
    tokens = text.tokens
    found: list[Value] = []
    i = 0
    while i < len(tokens):
        if i in used:
            i += 1
            continue
        for size in (3, 2, 1):
            span = tuple(range(i, min(i + size, len(tokens))))
            if len(span) < size or any(k in used for k in span):
                continue
            words = " ".join(tokens[k].bare.lower() for k in span)
            zone = names.get(words) or names.get(words.replace("_", " "))
            if zone and (size > 1 or tokens[i].kind == "path" or _place_like(tokens, i)):
                found.append(Value("zone", zone, span))
                i += size - 1
                break
        i += 1
    return tuple(found)


def zone_at(text: Text, i: int) -> Value | None:
    """The time zone whose name starts at token `i` ("tokyo", "new york", "utc"), said where a
    zone is looked for (after a clock time), capitalised or not; None when none does."""
    names = _zone_names()
    tokens = text.tokens
    for size in (3, 2, 1):
        span = tuple(range(i, i + size))
        if span[-1] >= len(tokens) or any(tokens[k].kind not in ("word", "path") for k in span):
            continue
        zone = names.get(" ".join(tokens[k].bare.lower() for k in span))
        if zone:
            return Value("zone", zone, span)
    return None


def _place_like(tokens: tuple[Token, ...], i: int) -> bool:
    """A one-word place: capitalised, after "in"/"from"/"to" ("time in tokyo"), or said of a
    clock time ("9am tokyo", "tokyo time")."""
    tok = tokens[i]
    if tok.text[:1].isupper() or tok.norm in LEX.timezone_aliases:
        return True
    if (i > 0 and tokens[i - 1].kind == "time") or (
        i + 1 < len(tokens) and tokens[i + 1].norm in LEX.zone_tails
    ):
        return True
    return i > 0 and tokens[i - 1].norm in LEX.zone_prepositions
