"""Arithmetic read from a request, for a tool that takes an expression ("Calculates the given
expression") or two numbers to sum: symbols as typed ("1234 + 5678", "(3.5 + 4.25) * 2",
"7*6-2", "2^10"), operator words ("12 times 7", "2 to the power of 10", "15% of 240", "17 mod
5"), a verb and its two numbers ("divide 100 by 8", "add 17 and 25", "subtract 5 from 12"), a
mean ("average of 4, 8 and 15"), a percentage said with its base ("10 percent more than 80",
"20% off 50", "a 15% tip on 86.40"), a square root ("square root of 2") and a count of things at
a price each ("3 bottles at 2.49 each"). A number typed with a minus in front ("-40 + 3") is
negative; a division typed without spaces ("100/3") is one unless it could be a date ("12/25").
The result is a `Value` of kind "math": the expression in Python's notation (what calculators
take), the tokens it came from, and its one operator, if one.

Every word comes from the lexicon. Nothing is evaluated here: the tool does that.
"""

from __future__ import annotations

import ast
import re

from orchestrator.offline._tokens import Text, Token
from orchestrator.offline._values import Value
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = ["find_math"]

_SYMBOLS = {"+": "+", "-": "-", "*": "*", "/": "/", "x": "*", "×": "*", "÷": "/", "^": "**"}
_GLUED = re.compile(r"^[\d.,()+\-*/^×÷%x]*\d[\d.,()+\-*/^×÷%x]*$")
_THOUSANDS = re.compile(r"\b\d{1,3}(?:,\d{3})+\b")
_NUMBER = re.compile(r"^\d+(?:\.\d+)?$|^\d{1,3}(?:,\d{3})+(?:\.\d+)?$")
_ALLOWED = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Constant, ast.operator, ast.unaryop)
_WORDS = sorted(LEX.math_words.items(), key=lambda kv: -len(kv[0].split()))
_PERCENT = re.compile(r"^(\d+(?:\.\d+)?)%$")
_RELATIONS = sorted(LEX.percent_relations.items(), key=lambda kv: -len(kv[0].split()))
_ROOTS = sorted(LEX.root_words, key=lambda phrase: -len(phrase.split()))
_DIVISION = re.compile(r"^\d+(?:\.\d+)?(?:/\d+(?:\.\d+)?)+$")  # "100/3", read as a path
_DATE_LIKE = re.compile(r"^\d{1,2}/\d{1,2}(?:/\d{2,4})?$")  # "12/25", "3/4/2026": not sums


def _glued(text: str) -> str:
    """ "7*6-2" -> "7*6-2", "2^10" -> "2**10", "15%" -> "15/100", "1,250" -> "1250"."""
    text = _THOUSANDS.sub(lambda m: m.group(0).replace(",", ""), text)
    text = re.sub(r"(?<=\d)x(?=\d)", "*", text)
    text = text.replace("^", "**").replace("×", "*").replace("÷", "/")
    return re.sub(r"(\d+(?:\.\d+)?)%", r"(\1/100)", text)


def _arithmetic(expression: str) -> bool:
    try:
        tree = ast.parse(expression, mode="eval")
    except SyntaxError:
        return False
    nodes = list(ast.walk(tree))
    return all(isinstance(n, _ALLOWED) for n in nodes) and any(
        isinstance(n, ast.BinOp) for n in nodes
    )


def _balanced(expression: str) -> str:
    opened = expression.count("(") - expression.count(")")
    return "(" * -opened + expression if opened < 0 else expression + ")" * opened


def _operators(expression: str) -> list[str]:
    tree = ast.parse(expression, mode="eval")
    return [type(n.op).__name__ for n in ast.walk(tree) if isinstance(n, ast.BinOp)]


def _a_period_after(tokens: tuple[Token, ...], k: int) -> bool:
    """Whether a number at `k` is followed by a length of time ("over 25 years")."""
    return k + 1 < len(tokens) and tokens[k + 1].norm in LEX.period_months


def _verb_form(text: Text, taken: set[int]) -> Value | None:
    """ "divide 100 by 8", "add 17 and 25", "subtract 5 from 12", "split a bill of 87.60
    between 4": the first number may come after what it is the amount of ("a bill of", at most
    `math_gap_words` words ending in "of")."""
    tokens = text.tokens
    for i, tok in enumerate(tokens[:-3]):
        form = LEX.math_verbs.get(tok.norm)
        if form is None or i in taken:
            continue
        symbol, joins, backwards = form
        k = i + 1
        gap = next(
            (
                g
                for g in range(1, W.math_gap_words + 1)
                if i + g + 3 < len(tokens)
                and tokens[i + g].norm == LEX.amount_of
                and all(t.kind == "word" for t in tokens[i + 1 : i + g + 1])
            ),
            0,
        )
        k += gap
        if k + 2 >= len(tokens):
            continue
        a, join, b = tokens[k], tokens[k + 1], tokens[k + 2]
        if _NUMBER.match(a.text) and join.norm in joins.split() and _NUMBER.match(b.text):
            x, y = _glued(a.text), _glued(b.text)
            expression = f"{y} {symbol} {x}" if backwards else f"{x} {symbol} {y}"
            return Value("math", expression, tuple(range(i, k + 3)), unit=symbol)
    return None


def _mean(text: Text, taken: set[int]) -> Value | None:
    """ "average of 4, 8 and 15" -> "(4 + 8 + 15) / 3"."""
    tokens = text.tokens
    for i, tok in enumerate(tokens):
        if tok.norm not in LEX.mean_words or i in taken:
            continue
        numbers, used, j = [], [i], i + 1
        while j < len(tokens) and (
            tokens[j].norm in LEX.mean_joins or _NUMBER.match(tokens[j].text)
        ):
            if _NUMBER.match(tokens[j].text):
                numbers.append(_glued(tokens[j].text))
            used.append(j)
            j += 1
        if len(numbers) >= 2:
            return Value("math", f"({' + '.join(numbers)}) / {len(numbers)}", tuple(used))
    return None


def _said(tokens: tuple[Token, ...], i: int, phrase: str) -> int | None:
    """The index after `phrase` said from token `i`, or None."""
    words = phrase.split()
    end = i + len(words)
    return end if [t.norm for t in tokens[i:end]] == words else None


def _root(text: Text, taken: set[int]) -> Value | None:
    """ "square root of 2", "sqrt 81" -> "2 ** 0.5"."""
    tokens = text.tokens
    for i in range(len(tokens)):
        if i in taken:
            continue
        for phrase in _ROOTS:
            end = _said(tokens, i, phrase)
            if end is None or end >= len(tokens) or end in taken:
                continue
            number = tokens[end]
            if number.kind == "number" and _NUMBER.match(number.text):
                expression = f"{_glued(number.text)} ** 0.5"
                return Value("math", expression, tuple(range(i, end + 1)), unit="**")
    return None


def _each(text: Text, taken: set[int]) -> Value | None:
    """ "3 bottles at 2.49 each" -> "3 * 2.49": a count, at most `math_gap_words` words of
    what it counts, a link word, a price and the word that says it is each one's."""
    tokens = text.tokens
    for i, tok in enumerate(tokens):
        if i in taken or tok.kind != "number" or not _NUMBER.match(tok.text):
            continue
        for k in range(i + 2, min(i + 2 + W.math_gap_words, len(tokens))):
            if tokens[k - 1].kind != "word":
                break
            if tokens[k].norm not in LEX.each_links or k + 2 >= len(tokens):
                continue
            price = tokens[k + 1]
            end = next(
                (e for phrase in LEX.each_words if (e := _said(tokens, k + 2, phrase))), None
            )
            span = range(i, (end or 0))
            if end is not None and _NUMBER.match(price.text) and not taken.intersection(span):
                expression = f"{_glued(tok.text)} * {_glued(price.text)}"
                return Value("math", expression, tuple(span), unit="*")
    return None


def _percent_at(tokens: tuple[Token, ...], i: int) -> tuple[str, int] | None:
    """The percentage said from token `i` ("15%", "10 percent"): its number, and the token
    after it; None when none is said there."""
    glued = _PERCENT.match(tokens[i].text)
    if glued is not None:
        return glued.group(1), i + 1
    if tokens[i].kind != "number" or not _NUMBER.match(tokens[i].text):
        return None
    for phrase in LEX.percent_words:
        said = phrase.split()
        if [t.norm for t in tokens[i + 1 : i + 1 + len(said)]] == said:
            return _glued(tokens[i].text), i + 1 + len(said)
    return None


def _percent_relation(text: Text, taken: set[int]) -> Value | None:
    """ "10 percent more than 80" -> "80 * (1 + 10/100)", "20% off 50" -> "50 * (1 - 20/100)",
    "a 15% tip on 86.40" -> "(15/100) * 86.40": a percentage and the words of its base, at most
    `percent_noun_words` words (what the share is) between them."""
    tokens = text.tokens
    for i in range(len(tokens)):
        found = None if i in taken else _percent_at(tokens, i)
        if found is None:
            continue
        share, j = found
        for k in range(j, min(j + W.percent_noun_words, len(tokens)) + 1):
            if any(tokens[m].kind != "word" for m in range(j, k)):
                break
            for phrase, sign in _RELATIONS:
                end = k + len(phrase.split())
                if (
                    end < len(tokens)
                    and end not in taken
                    and [t.norm for t in tokens[k:end]] == phrase.split()
                    and _NUMBER.match(tokens[end].text)
                ):
                    base = _glued(tokens[end].text)
                    expression = (
                        f"({share}/100) * {base}"
                        if sign == LEX.percent_of
                        else f"{base} * (1 {sign} {share}/100)"
                    )
                    return Value("math", expression, tuple(range(i, end + 1)))
    return None


def find_math(text: Text, taken: set[int]) -> Value | None:
    """The request's arithmetic (see the module docstring), or None."""
    found = (
        _percent_relation(text, taken)
        or _verb_form(text, taken)
        or _mean(text, taken)
        or _root(text, taken)
        or _each(text, taken)
    )
    if found is not None:
        return found
    tokens = text.tokens
    original = text.original
    best: tuple[str, tuple[int, ...]] | None = None
    i = 0
    while i < len(tokens):
        pieces: list[str] = []
        used: list[int] = []
        j = i
        while j < len(tokens) and j not in taken:
            tok = tokens[j]
            gap = original[tokens[j - 1].end : tok.start] if j > i else ""
            pieces.extend(c for c in gap if c in "()")
            word = next(
                (
                    (phrase, symbol)
                    for phrase, symbol in _WORDS
                    if [t.norm for t in tokens[j : j + len(phrase.split())]] == phrase.split()
                ),
                None,
            )
            if tok.norm == LEX.percent_of and pieces and pieces[-1].endswith("/100)"):
                pieces.append("*")
            elif tok.norm in LEX.currency_names and pieces and _NUMBER.match(pieces[-1]):
                pass  # "189 euros plus 35": the amount's currency, no part of the sum
            elif tok.text in _SYMBOLS:
                pieces.append(_SYMBOLS[tok.text])
            elif (
                tok.kind == "path" and _DIVISION.match(tok.text) and not _DATE_LIKE.match(tok.text)
            ):
                pieces.append(tok.text)  # "100/3"
            elif (
                _GLUED.match(tok.text)
                and tok.kind in ("number", "other")
                and (
                    tok.kind == "number"
                    or _NUMBER.match(tok.text)
                    or re.search(r"[+*/^×÷%]", tok.text)
                )
            ):  # "7*6-2", not a phone number's 555-123-4567
                pieces.append(_glued(tok.text))
            elif tok.text in "()":
                pieces.append(tok.text)
            elif word is not None and pieces and _a_period_after(tokens, j + len(word[0].split())):
                break  # "4.5% over 25 years": how long, not a division
            elif word is not None and pieces:
                pieces.append(word[1])
                used.extend(range(j, j + len(word[0].split())))
                j += len(word[0].split())
                continue
            else:
                break
            used.append(j)
            j += 1
        expression = _balanced(" ".join(pieces)) if pieces else ""
        if used and _arithmetic(expression) and (best is None or len(used) > len(best[1])):
            best = (expression, tuple(used))
        i = max(j, i + 1)
    if best is None:
        return None
    expression, span = best
    operators = _operators(expression)
    unit = expression.split()[1] if len(operators) == 1 and len(expression.split()) == 3 else None
    return Value("math", expression, span, unit=unit)
