"""Values whose shape says the field made for them, before any number is read as an amount:
"#4" is a thing's number (`card_number`, the one named for the tool's own thing; so is a whole
number right after its name, "Umbreon VMAX 215"), "1999" the `year` of a tool that takes one, a
plain number said after a price word ("paid 900", "cost 1400") what was paid (the tool's one
amount), and a member of an enum with a number after it ("PSA 10", "BGS 9.5") that member and,
for the field named by the enum's first word in another form (`grade` of `grading_provider`),
the number. The word before a number that says what it is ("cost", "under" for a field
described as a ceiling) is that number's. A word that says a flag is off by its opposite ("raw"
for `is_graded`: lexicon `FLAG_OPPOSITES`) sets it so, and a flag that says a record has a field
(`is_graded`) is on when a value of that field is given ("BGS 9.5": a grading provider).

Each value goes where one field alone can take it; two fields that could both take it get
neither (the router asks).
"""

from __future__ import annotations

from orchestrator.offline._account import is_function
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular, stem, words_of
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["field_flags", "paid_leads", "shaped_values"]


def shaped_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """A thing's number ("#4"), a year ("1999"), an amount said after a price word, a
    measure said after a member of an enum ("PSA 10")."""
    _rated(reading, f, tool)
    _numbered(reading, f, tool)
    _year(reading, f, tool)
    _paid_number(reading, f, tool)


def _open(tool: ToolView, f: Fill, words: frozenset[str]) -> list[Param]:
    """The open parameters of text or number whose name ends in one of `words`, no id."""
    return [
        p
        for p in tool.params.values()
        if p.name not in f.args
        and p.words[-1:]
        and p.words[-1] in words
        and p.role not in ("id", "key", "keys", "enum")
        and p.type in ("string", "integer", "number", None)
    ]


def _typed(param: Param, value: float) -> object:
    """The number as the parameter takes it: its digits for a text, else the number."""
    whole = int(value) if float(value).is_integer() else value
    return str(whole) if param.type in ("string", None) else whole


def _numbered(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "#4": the number of the tool's own thing (`card_number` of `add_card`, not its
    `cert_number`), or of the one field named for a number; with no "#", a whole number said
    right after a name ("Umbreon VMAX 215"), for the field named for the tool's own thing."""
    tokens = reading.text.tokens
    whole = [
        v
        for v in reading.typed("number")
        if len(v.tokens) == 1 and not f.used & set(v.tokens) and float(v.value).is_integer()
    ]
    said = [v for v in whole if tokens[v.tokens[0]].kind == "hashtag"]
    fields = _open(tool, f, LEX.number_field_words)
    own = [p for p in fields if p.words[:1] and singular(p.words[0]) in tool.nouns]
    fields = own or fields
    if not said and own:
        named = {i for v in reading.typed("name") for i in v.tokens}
        said = [
            v
            for v in whole
            if tokens[v.tokens[0]].kind == "number"
            and v.tokens[0] - 1 in named
            and (
                v.tokens[0] + 1 == len(tokens)
                or tokens[v.tokens[0] + 1].kind != "word"
                or is_function(tokens[v.tokens[0] + 1].norm)
            )
        ]
    if len(said) != 1 or len(fields) != 1:
        return
    number, param = said[0], fields[0]
    f.set(param, _typed(param, number.value), number.tokens, tokens[number.tokens[0]].text)


def _year(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "a 1999 Base Set Charizard": a year, for the one `year` field, no measure after it."""
    tokens = reading.text.tokens
    low, high = LEX.year_span
    said = []
    for value in reading.typed("number"):
        i = value.tokens[-1]
        after = tokens[i + 1].norm if i + 1 < len(tokens) else ""
        if (
            len(value.tokens) == 1
            and tokens[i].kind == "number"
            and tokens[i].text.isdigit()
            and low <= value.value < high
            and not f.used & set(value.tokens)
            and after not in LEX.measure_groups
            and after not in LEX.unit_names
        ):
            said.append(value)
    fields = _open(tool, f, LEX.year_field_words)
    if len(said) != 1 or len(fields) != 1:
        return
    year, param = said[0], fields[0]
    f.set(param, _typed(param, year.value), year.tokens, tokens[year.tokens[0]].text)


def _paid_number(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "paid 900", "cost 1400": a plain number after a price word is what was paid, for the
    tool's one amount (no thing counted after it: "paid 3 invoices")."""
    amounts = [p for p in tool.role("amount") if p.name not in f.args]
    if len(amounts) != 1 or tool.kind not in ("create", "update"):
        return
    tokens = reading.text.tokens
    for value in reading.typed("number"):
        at, end = value.tokens[0], value.tokens[-1] + 1
        if at == 0 or tokens[at - 1].norm not in LEX.paid_leads or f.used & set(value.tokens):
            continue
        if end < len(tokens) and tokens[end].kind == "word" and tokens[end].norm not in EDGE:
            continue
        span = [at - 1, *value.tokens]
        f.set(amounts[0], value.value, span, reading.text.slice(span))
        return


def _rated(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "PSA 10", "BGS 9.5": a member of an enum (`grading_provider`), then a number, for the
    field named by the enum's first word in another form (`grade`; of several, the one named
    by that word alone): who rated it, and how."""
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens[:-1]):
        nxt = tokens[i + 1]
        if {i, i + 1} & f.used or nxt.kind != "number" or tok.kind != "word":
            continue
        for enum in tool.role("enum"):
            member = next((v for v in enum.enum if str(v).lower() == tok.norm), None)
            if member is None or enum.name in f.args or not enum.words:
                continue
            root = stem(enum.words[0])
            rated = [
                p
                for p in tool.params.values()
                if p is not enum
                and p.name not in f.args
                and p.role in ("label", "number")
                and p.words[:1]
                and stem(p.words[0]) == root
            ]
            rated = [p for p in rated if len(p.words) == min(len(q.words) for q in rated)]
            if len(rated) != 1:
                continue
            f.set(enum, member, [i], tok.text)
            value = nxt.text if rated[0].type in ("string", None) else float(nxt.norm)
            f.set(rated[0], value, [i + 1], nxt.text)
            return


def paid_leads(reading: Request, f: Fill, tool: ToolView) -> None:
    """The word before a number a field took, that says what the number is: a price word for
    an amount ("cost 1400 dollars"), or a ceiling ("under 180", lexicon `CEILING_LEADS`) for a
    field its description says is one ("Buy below this price")."""
    tokens = reading.text.tokens
    for name, span in list(f.spans.items()):
        param = tool.params.get(name)
        if param is None or param.role not in ("amount", "number", "quantity") or not span:
            continue
        at = min(span) - 1
        if at < 0 or at in f.used:
            continue
        word = tokens[at].norm
        ceiling = word in LEX.ceiling_leads and bool(
            set(words_of(param.describe)) & LEX.ceiling_leads
        )
        if (word in LEX.paid_leads and param.role == "amount") or ceiling:
            f.used.add(at)
            f.spans[name] = {at, *span}


def field_flags(reading: Request, f: Fill, tool: ToolView) -> None:
    """A flag said by its opposite ("raw": not graded) is off; a flag that says the record has
    a field (`is_graded`) is on when that field has a value ("BGS 9.5": graded by BGS)."""
    tokens = reading.text.tokens
    for param in tool.role("flag"):
        if param.name in f.args:
            continue
        core = [w for w in param.words if w not in LEX.flag_noise]
        if len(core) != 1:
            continue
        opposite = [
            i
            for i, t in enumerate(tokens)
            if i not in f.used and stem(LEX.flag_opposites.get(t.norm, "")) == stem(core[0])
        ]
        if len(opposite) == 1:
            f.set(param, False, opposite, tokens[opposite[0]].text)
            continue
        given = [
            name
            for name in f.args
            if name in tool.params
            and tool.params[name].role != "flag"
            and tool.params[name].words[:1]
            and stem(tool.params[name].words[0]) == stem(core[0])
        ]
        if given:
            f.args[param.name] = True
            f.evidence[param.name] = f.evidence.get(given[0], "")


EDGE = LEX.function_words | LEX.edge_words
