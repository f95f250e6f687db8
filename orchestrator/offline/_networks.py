"""Network addresses, for a tool that takes them: an IPv4 address ("10.0.5.77") for a parameter
named for one (`ip`, `first_ip`; lexicon `IP_WORDS`), a block in CIDR notation ("10.0.4.0/23")
for one named for a block (`cidr`, `base_cidr`, `used_cidrs`; lexicon `CIDR_WORDS`). Each is read
by its shape, never as a path or a number. Several fill the tool's parameters of their kind in
the order the schema gives them ("is 10.0.5.77 inside 10.0.4.0/23": `ip`, `cidr`; "10.0.0.5 thru
10.0.0.20": `first_ip`, `last_ip`), except where a word says which is which: the block said
after "in", "inside", "of" or "from" is the one the others are in or taken from (`container_cidr`,
`target_cidr`, `base_cidr`: "inside 10.10.0.0/16 we've used ...", "remove 10.0.2.0/24 from
10.0.0.0/22"), and a list of blocks (`used_cidrs`) takes the rest.
"""

from __future__ import annotations

import re
from functools import lru_cache

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["network_fit", "network_misfit", "network_values", "networks_said"]

_OCTET = r"(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)"
_IP = re.compile(rf"{_OCTET}(?:\.{_OCTET}){{3}}")
_CIDR = re.compile(rf"{_OCTET}(?:\.{_OCTET}){{3}}/(?:3[0-2]|[12]?\d)")
_ADDRESS, _BLOCK = "ip", "cidr"  # the two kinds said (keys, no words)
_EXAMPLES = {_ADDRESS: "10.0.0.1", _BLOCK: "10.0.0.0/24"}


def _kind(text: str) -> str | None:
    """ "cidr" for a block, "ip" for an address, else None."""
    text = text.rstrip(".,;:!?")
    if _CIDR.fullmatch(text):
        return _BLOCK
    if _IP.fullmatch(text):
        return _ADDRESS
    return None


def networks_said(reading: Request) -> list[tuple[int, str, str]]:
    """Each address or block said: its token, its kind and its text."""
    out = []
    for i, tok in enumerate(reading.text.tokens):
        kind = _kind(tok.text)
        if kind is not None:
            out.append((i, kind, tok.text.rstrip(".,;:!?")))
    return out


@lru_cache(maxsize=4096)  # a view is hashed by identity, and the router keeps its views
def _params(tool: ToolView) -> dict[str, tuple[Param, ...]]:
    """The tool's parameters that take an address or a block, by kind, in the schema's order."""
    out: dict[str, list[Param]] = {_ADDRESS: [], _BLOCK: []}
    for param in tool.params.values():
        words = set(param.words)
        takes = param.type in ("string", None) or (
            param.type == "array" and (param.schema.get("items") or {}).get("type") == "string"
        )
        if not takes:
            continue
        if words & LEX.cidr_words:
            out[_BLOCK].append(param)
        elif words & LEX.ip_words:
            out[_ADDRESS].append(param)
    return {k: tuple(v) for k, v in out.items()}


def network_fit(reading: Request, tool: ToolView) -> float:
    """How far the addresses and blocks said fill what the tool requires: 1 when every one of
    its required parameters takes one of them and each kind said is taken; -1 when the tool
    takes none of what is said; else 0."""
    said = networks_said(reading)
    if not said:
        return 0.0
    params = _params(tool)
    kinds = {k for _, k, _ in said}
    taken = {k for k in kinds if params[k]}
    if not taken:
        return -1.0
    counts = {k: sum(1 for _, kk, _ in said if kk == k) for k in kinds}
    for kind in kinds:
        singles = [p for p in params[kind] if p.type != "array"]
        lists = [p for p in params[kind] if p.type == "array"]
        if not lists and counts[kind] > len(singles):
            return 0.0  # more said than it takes
    required = [p for p in tool.required if p.role != "const"]
    filled = all(any(p is q for k in taken for q in params[k]) for p in required)
    for kind in taken:  # enough said for each required one ("the broadcast of X" fills no
        due = sum(1 for p in required if p in params[kind])  # `target_cidr` and `covering_cidrs`)
        if counts[kind] < due:
            return 0.0
    return 1.0 if filled and taken == kinds else 0.0


def network_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """The addresses and blocks said, for the parameters that take them (see the module)."""
    said = [s for s in networks_said(reading) if s[0] not in f.used]
    if not said:
        return
    params = _params(tool)
    tokens = reading.text.tokens
    for kind in (_ADDRESS, _BLOCK):
        values = [(i, text) for i, k, text in said if k == kind]
        singles = [p for p in params[kind] if p.type != "array" and p.name not in f.args]
        lists = [p for p in params[kind] if p.type == "array" and p.name not in f.args]
        if not values or not (singles or lists):
            continue
        if len(singles) >= 1 and len(values) > 1:
            held = _holder(singles)  # `base_cidr`, `container_cidr`: the block said after "in"
            inside = [(i, t) for i, t in values if i and tokens[i - 1].norm in LEX.holder_leads]
            if held is not None and len(inside) == 1:
                f.set(held, inside[0][1], [inside[0][0]], inside[0][1])
                singles.remove(held)
                values.remove(inside[0])
        for param in singles:
            if not values or (lists and len(values) == 1 and not param.required):
                break
            i, text = values.pop(0)
            f.set(param, text, [i], text)
        if lists and values:
            texts = [t for _, t in values]
            f.set(lists[0], texts, [i for i, _ in values], ", ".join(texts))


def _holder(singles: list[Param]) -> Param | None:
    """Of the single blocks a tool takes, the one the others are in or taken from."""
    found = [p for p in singles if set(p.words) & LEX.holder_words]
    if len(found) == 1:
        return found[0]
    return singles[0] if len(singles) == 1 else None


def network_misfit(tool: ToolView, param: Param, value: object) -> str | None:
    """Why a value is none of the addresses or blocks a parameter named for them takes ("covering
    cidrs must be written like “10.0.0.0/24”" for the words "broadcast adress"); None when it
    is, or the parameter takes no such thing."""
    params = _params(tool)
    kind = next((k for k, found in params.items() if param in found), None)
    if kind is None:
        return None
    values = value if isinstance(value, list) else [value]
    if all(isinstance(v, str) and _kind(v) == kind for v in values):
        return None
    if kind == _ADDRESS and all(isinstance(v, str) and _kind(v) for v in values):
        return None  # (a block where an address is due: the server says what it takes)
    example = _EXAMPLES[kind]
    return f"{param.name} must be written like “{example}”"
