"""A postal address said in a request, for a parameter named for one (`delivery_address`:
"Full delivery address including city and state"): "to 1 Independence Dr Jacksonville FL
32202", "415 E 61st St savannah ga 31405", "in gainesville fl," is the address, whole, never a
quantity (1, 415), a note or a title.

An address ends on a state's code (lexicon `STATE_CODES`), then its ZIP code when one follows.
The code is read as one when written in capitals or followed by a ZIP code or by the end of a
clause ("ga 31405", "gainesville fl,"). It opens on the house number before it, at most
`_STREET` words back with nothing but words, numbers and commas between; with no house number,
on the city after a preposition ("in gainesville fl"), at most `_CITY` words. The preposition is
the address's too. Only a parameter whose name says "address" takes it (lexicon
`ADDRESS_WORDS`), and none named for an email or a network address (`NOT_POSTAL_WORDS`).
"""

from __future__ import annotations

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["postal_address"]

_STREET = 10  # words back from the state's code to a house number at most
_CITY = 3  # words of a city before its state's code, with no street said


def postal_address(reading: Request, f: Fill, tool: ToolView) -> None:
    """The address said, into the one parameter named for an address (see the module)."""
    param = _address_param(tool, f)
    if param is None:
        return
    found = _address(reading, f)
    if found is not None:
        lead = found[:1] if reading.text.tokens[found[0]].norm in LEX.prepositions else []
        said = found[len(lead) :]  # ("to 1 Independence Dr ...": the "to" is no part of it)
        f.set(param, reading.text.slice(said), found, reading.text.slice(said))


def _address_param(tool: ToolView, f: Fill) -> Param | None:
    params = [
        p
        for p in tool.params.values()
        if p.name not in f.args
        and p.type in ("string", None)
        and set(p.words) & LEX.address_words
        and not set(p.words) & LEX.not_postal_words
    ]
    return params[0] if len(params) == 1 else None


def _address(reading: Request, f: Fill) -> list[int] | None:
    """The tokens of the first address said, its preposition (or none) first: one that ends
    on a ZIP code where one does ("88 Peachtree St NE Atlanta GA 30303": "NE" is a street's
    side there, no state's)."""
    tokens = reading.text.tokens
    found: list[tuple[bool, list[int]]] = []
    for at, tok in enumerate(tokens):
        if at == 0 or at in f.used or tok.text.upper() not in LEX.state_codes:
            continue
        nxt = tokens[at + 1] if at + 1 < len(tokens) else None
        zipped = nxt is not None and nxt.text.isdigit() and len(nxt.text) == 5
        ends = nxt is None or (nxt.kind == "punct" and nxt.text in ",.;")
        if not (tok.text.isupper() or zipped or ends):
            continue
        end = at + 1 if zipped else at
        start = _opening(reading, f, at)
        if start is not None:
            found.append((zipped, list(range(start, end + 1))))
    with_zip = [span for has_zip, span in found if has_zip]
    spans = with_zip or [span for _, span in found]
    return spans[0] if spans else None


def _opening(reading: Request, f: Fill, at: int) -> int | None:
    """Where the address ending on the state's code at `at` opens: its preposition, else its
    house number (see the module); None when neither is there."""
    tokens = reading.text.tokens
    back = at - 1
    while back >= 0 and at - back <= _STREET:
        tok = tokens[back]
        if back in f.used or tok.norm in LEX.prepositions or tok.kind == "quoted":
            break
        if tok.kind == "punct" and tok.text != ",":
            break
        if tok.text.isdigit() and len(tok.text) <= 6 and back + 1 < at:
            before = tokens[back - 1] if back > 0 else None
            lead = before is not None and before.norm in LEX.prepositions and back - 1 not in f.used
            return back - 1 if lead else back
        back -= 1
    city = [i for i in range(back + 1, at) if tokens[i].text != ","]  # "to Tampa, FL"
    if (
        0 < len(city) <= _CITY
        and back >= 0
        and tokens[back].norm in LEX.prepositions
        and all(tokens[i].kind == "word" for i in city)
        and back not in f.used
    ):
        return back
    return None
