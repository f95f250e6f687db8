"""Items in tool results: the list a listing returned, an item's id, title and name, and which
listed item a reference ("the dentist todo", "my 1:1 with Carol") names.

A reference of one word with a digit in it that is an item's id names that item. Else it
matches an item when all its words are among the item's words (a word in another
form counts: "watering" for "water") or all the item's title words are among the reference's.
Anything looser is not a match: a write on the wrong item is the worst outcome.
"""

from __future__ import annotations

import ast
import json
import re
from typing import TYPE_CHECKING, Any

from orchestrator.offline._tokens import same_word, singular, stem, swapped, tokenize, words_of
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

if TYPE_CHECKING:
    from orchestrator.offline._phrase import Fill
    from orchestrator.offline._tokens import Token
    from orchestrator.offline._tools import ToolView

__all__ = [
    "find_by_lead",
    "find_items",
    "find_without_kind",
    "item_id",
    "item_keys",
    "item_name",
    "item_title",
    "items_of",
    "json_text",
    "names_in",
    "one_item",
    "paging_of",
    "text_items",
]

_TITLES = LEX.item_title_keys
_SKIP = LEX.match_skip


def items_of(payload: Any) -> list[dict[str, Any]] | None:
    """The first list of items in a tool result (the result itself, or one of its fields); a
    list of names (`{"boards": ["Website", ...]}`) is a list of items named so. A result that
    is JSON in one text (`{"result": "{\"items\": [...]}"}`) is read as that JSON."""
    inner = json_text(payload)
    if inner is not None:
        return items_of(inner)
    if isinstance(payload, list) and payload and all(isinstance(i, dict) for i in payload):
        return payload
    if isinstance(payload, list) and payload and all(isinstance(i, str) for i in payload):
        return [{LEX.name_word: i} for i in payload]
    if isinstance(payload, list) and not payload:
        return []
    if isinstance(payload, dict):
        if _own_id(payload):  # one item (its empty lists are not a listing)
            return None
        for value in payload.values():
            if isinstance(value, list) and all(isinstance(i, dict) for i in value):
                return value
        for value in payload.values():
            if isinstance(value, list) and value and all(isinstance(i, str) for i in value):
                return items_of(value) if len(payload) == 1 else None
        for value in payload.values():
            if isinstance(value, dict):
                found = items_of(value)
                if found:
                    return found
    return None


def paging_of(payload: Any) -> tuple[bool | None, int | None]:
    """Whether a listing result says more items follow what it gave (a flag, or the cursor of
    a next page), and how many there are in all; None for what it does not say."""
    inner = json_text(payload)
    found = inner if inner is not None else payload
    if not isinstance(found, dict):
        return None, None
    flags = [  # a flag as it is; a cursor or token, when there is one
        v if isinstance(v, bool) else v not in (None, "")
        for v in (found[k] for k in LEX.more_fields & found.keys())
    ]
    more = any(flags) if flags else None
    totals = (found[k] for k in sorted(LEX.total_fields & found.keys()))
    total = next((v for v in totals if isinstance(v, int) and not isinstance(v, bool)), None)
    return more, total


def json_text(payload: Any) -> Any:
    """The JSON object or list a result's one text holds (itself, or its one field), or None."""
    if isinstance(payload, dict) and len(payload) == 1:
        payload = next(iter(payload.values()))
    if not isinstance(payload, str) or payload.lstrip()[:1] not in ("{", "["):
        return None
    try:
        found = json.loads(payload)
    except ValueError:
        found = _objects(payload)
        if found is None:
            found = _python_literal(payload)
    return found if isinstance(found, (dict, list)) else None


def _python_literal(text: str) -> Any:
    """A list or dict written as Python prints it ("[{'name': 'plants'}]", as a server returns
    `str(rows)`), read as a literal only (never run), or None."""
    if len(text) > W.literal_chars:
        return None
    try:
        return ast.literal_eval(text.strip())
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


def _objects(text: str) -> list[dict[str, Any]] | None:
    """Several JSON objects one after another (a result of one text block per record, or JSON
    lines): the list of them; None unless that is all the text is."""
    decoder, found, at = json.JSONDecoder(), [], 0
    while at < len(text):
        try:
            value, end = decoder.raw_decode(text, at)
        except ValueError:
            return None
        if not isinstance(value, dict):
            return None
        found.append(value)
        at = end
        while at < len(text) and text[at].isspace():
            at += 1
    return found if len(found) > 1 else None


def text_items(payload: Any) -> list[dict[str, Any]] | None:
    """The items of a listing in lines, each either compact, an optional one-character status
        sign, an id with a digit in it, then the title (". s01  Renew the SSL certificate"), or a
        markdown list entry, a bullet, an optional checkbox, the id (emphasised, after an id mark),
        the title, then tags in code spans ("- [ ] **#2.1** Write API docs `#docs`"), or entries:
        a bullet and a name ending in a colon, then its fields indented ("- wifi:" / "  Content:
        ..."), or an id in brackets, the title, then after a dash what more it says ("[4]
        Educated — Tara Westover (want_to_read)"), or numbered lines with an id in brackets after
        an id label ("1. Testing effect (ID: 2026...)", fields indented under each), or rows of
        columns between bars ("Kopi Susu | minuman | Stok: 50"), or a markdown table's rows ("| ID |
    Title |" / "|---|---|" / "| 2 | Tomato soup |"), each a field per column; None unless
        every line reads so (blank lines
        and headings aside). A result of one text field is that text."""
    if isinstance(payload, dict) and len(payload) == 1:
        payload = next(iter(payload.values()))
    if not isinstance(payload, str) or not payload.strip():
        return None
    entries = _entries(payload) or _numbered(payload) or _table(payload) or _piped(payload)
    if entries is not None:
        return entries
    items = []
    for line in payload.strip().splitlines():
        line = line.strip()
        if not line or _HEADING.match(line):
            continue
        found = _MARKDOWN.match(line)
        if found is not None:
            item = {LEX.item_title_keys[0]: found.group("title"), "id": found.group("id")}
            tags = [t.lstrip("".join(LEX.id_marks)) for t in _CODE.findall(found.group("tags"))]
            items.append({**item, "tags": tags} if tags else item)
            continue
        found = _BRACKETED.match(line)
        if found is not None:  # "[4] Educated — Tara Westover (want_to_read)"
            title, *rest = _DASHED.split(found.group(2), maxsplit=1)
            item = {LEX.item_title_keys[0]: title, "id": found.group(1)}
            items.append({**item, "detail": rest[0]} if rest else item)
            continue
        found = _LINE.match(line)
        if found is None:
            return None
        items.append({LEX.item_title_keys[0]: found.group(2), "id": found.group(1)})
    return items or None


def _entries(text: str) -> list[dict[str, Any]] | None:
    """ "- wifi:\n  Content: network Hausnetz\n  Created: ...": an item per bullet, named by
    it, each indented "Key: value" line under it a field; a heading before them aside."""
    items: list[dict[str, Any]] = []
    for line in text.strip().splitlines():
        if not line.strip():
            continue
        indented = line[:1].isspace()
        head = None if indented else _ENTRY.match(line)
        if head is not None:
            items.append({LEX.name_word: head.group(1)})
            continue
        field = _FIELD.match(line) if indented else None
        if field is not None and items:
            items[-1][field.group(1).strip().lower()] = field.group(2).strip()
        elif items or not line.rstrip().endswith(":"):  # "All stored notes:" heads them
            return None
    return items or None


def _piped(text: str) -> list[dict[str, Any]] | None:
    """ "--- Daftar Produk ---" / "Kopi Susu | minuman | Rp18,000 | Stok: 50": a row per line,
    as many columns in each, named by its first; a column "Key: value" a field, the others
    what more it says; one line before them with no bar, a heading, aside."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if lines and _BAR not in lines[0]:
        lines = lines[1:]
    rows = [[c.strip() for c in line.split(_BAR)] for line in lines]
    if not rows or len({len(r) for r in rows}) != 1 or len(rows[0]) < 2:
        return None
    items: list[dict[str, Any]] = []
    for first, *rest in rows:
        if not first:
            return None
        item: dict[str, Any] = {LEX.name_word: first}
        other = []
        for column in rest:
            field = _PIPED_FIELD.match(column)
            if field is not None:
                item[field.group(1).strip().lower()] = field.group(2).strip()
            elif column:
                other.append(column)
        items.append({**item, "detail": f" {_BAR.strip()} ".join(other)} if other else item)
    return items


def _table(text: str) -> list[dict[str, Any]] | None:
    """A markdown table: its header row, the row of dashes under it, then a row per item, each
    cell the field its column's header names ("| ID | Title |" / "|---|---|" / "| 2 | Tomato
    soup |": `{"id": "2", "title": "Tomato soup"}`), an empty one none; the lines around the
    table (a heading, a note after it) aside. None when the text holds no such table."""
    lines = [line.strip() for line in text.strip().splitlines()]
    for k in range(len(lines) - 1):
        if not (_ROW.match(lines[k]) and _RULE.match(lines[k + 1])):
            continue
        header = _cells(lines[k])
        if len(_cells(lines[k + 1])) != len(header) or not all(header):
            return None
        items: list[dict[str, Any]] = []
        for line in lines[k + 2 :]:
            if not _ROW.match(line):
                break
            cells = _cells(line)
            if len(cells) != len(header):
                return None
            items.append({h.lower(): c for h, c in zip(header, cells, strict=True) if c})
        return items or None
    return None


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


_ROW = re.compile(r"^\|.*\|$")
_RULE = re.compile(r"^\|(?:\s*:?-{3,}:?\s*\|)+$")
_BAR = " | "
_PIPED_FIELD = re.compile(r"^(\w[\w ]*?):\s*(.+)$")


def _numbered(text: str) -> list[dict[str, Any]] | None:
    """ "1. Testing effect (ID: 20260105T0915)" / "   Tags: learning, memory": an item per
    numbered line, its title, then its id in brackets after an id label (lexicon `ID_LABELS`),
    each indented "Key: value" line under it a field; a heading ending in a colon before them
    aside. So is a name in bold with its id after it, under a markdown heading ("# Profiles" /
    "  **Maya** (ID: 1)" / "  Born: 1994-03-12"), with a closing remark after a blank line
    ("No owner profile set."). None unless every line reads so."""
    items: list[dict[str, Any]] = []
    blank = False
    for line in text.strip().splitlines():
        if not line.strip():
            blank = True
            continue
        if _HEADING.match(line) and not items:
            continue
        head = None if line[:1].isspace() else _NUMBERED.match(line.strip())
        head = head or _NAMED.match(line.strip())
        if head is not None and head.group("label").lower() in LEX.id_labels:
            items.append({LEX.item_title_keys[0]: head.group("title"), "id": head.group("id")})
            blank = False
            continue
        field = _FIELD.match(line) if line[:1].isspace() else None
        if field is not None and items and not blank:
            items[-1][field.group(1).strip().lower()] = field.group(2).strip()
        elif items and blank and line.rstrip().endswith("."):  # "No owner profile set."
            continue
        elif items or not line.rstrip().endswith(":"):  # "Found 9 matching notes:" heads them
            return None
    return items or None


_NUMBERED = re.compile(r"^\d+[.)]\s+(?P<title>\S.*?)\s*\((?P<label>\w+):\s*(?P<id>[^\s)]+)\)$")
_NAMED = re.compile(
    r"^(?:\*\*|__)(?P<title>[^*_]\S*(?:\s+[^*_\s]\S*)*?)(?:\*\*|__)\s*"
    r"\((?P<label>\w+):\s*(?P<id>[^\s)]+)\)$"
)
_ENTRY = re.compile(r"^[-*+]\s+(\S.*?):$")
_FIELD = re.compile(r"^\s+(\w[\w ]*?):\s*(.*)$")
_LINE = re.compile(
    r"^(?:\S\s+)?([A-Za-z]*\d[A-Za-z\d]*(?:-[A-Za-z\d]+)*)\s+(\w.*?)(?:\s*\(\.\.\.\))?$"
)
_MARKS = "".join(re.escape(m) for m in LEX.id_marks)
_BRACKETED = re.compile(r"^\[\s*[" + _MARKS + r"]?([A-Za-z]*\d[\w.-]*)\s*\]\s+(\S.*?)\s*$")
_DASHED = re.compile(r"\s+[—–]\s+")  # the title, then what more a line says of the item
_MARKDOWN = re.compile(
    r"^[-*+]\s+(?:\[[^\]]?\]\s+)?(?:\*\*|__)?[" + _MARKS + r"]?"
    r"(?P<id>[A-Za-z]*\d[\w.-]*?)(?:\*\*|__)?\s+(?P<title>\S.*?)"
    r"(?P<tags>(?:\s+`[^`]*`)*)$"
)
_CODE = re.compile(r"`([^`]*)`")
_HEADING = re.compile(r"^#+\s")


def _is_id_key(key: str) -> bool:
    low = key.lower()
    return low in LEX.id_words or low.endswith(LEX.id_suffixes) or key.endswith("Id")


def _id_value(value: Any) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _own_id(item: dict[str, Any]) -> bool:
    return any(_id_value(v) and _is_id_key(k) for k, v in item.items())


def one_item(payload: Any) -> bool:
    """Whether a result is one item, with an id of its own (its lists are its parts: a
    contact's deals and tasks), not a listing of several kinds of things."""
    return isinstance(payload, dict) and _own_id(payload)


def item_title(item: dict[str, Any]) -> str:
    """An item's title: its title-like field (or one named ending so: `card_descriptor`),
    else its name's parts ("firstName lastName"), else its first text."""
    for key in _TITLES:
        if isinstance(item.get(key), str) and item[key]:
            return str(item[key])
    for key, value in item.items():  # `card_descriptor`, `book_title`: named for a title
        if isinstance(value, str) and value and set(words_of(key)[-1:]) & LEX.item_title_tails:
            return value
    parts: list[tuple[int, str]] = []
    for key, value in item.items():
        words = set(words_of(key))
        if not isinstance(value, str) or not value or not words & LEX.person_name_words:
            continue
        if not words <= LEX.person_name_words | {LEX.name_word}:
            continue
        order = 0 if words & LEX.first_name_words else 2 if words & LEX.last_name_words else 1
        parts.append((order, value))
    if parts:
        return " ".join(v for _, v in sorted(parts))
    return next((v for v in item.values() if isinstance(v, str)), "")


def item_name(item: dict[str, Any]) -> str | None:
    value = item.get(LEX.name_word)
    return value if isinstance(value, str) else None


def item_id(item: Any, preferred: str | None = None) -> str | int | None:
    """An item's id (a string or an integer): the `preferred` field, else any id-named one."""
    if not isinstance(item, dict):
        return None
    if preferred and _id_value(item.get(preferred)):
        return item[preferred]
    for key, value in item.items():
        if _id_value(value) and _is_id_key(key):
            return value
    for value in item.values():
        if isinstance(value, dict):
            found = item_id(value, preferred)
            if found is not None:
                return found
    return None


def _words(text: str) -> set[str]:
    """The stems of a text's words, a possessive's ending dropped ("Kopi Susu's": susu); a colon
    inside a word stays ("10:30", "1:1"), one after it goes ("Spanish: to eat")."""
    words = re.findall(r"[\w:'-]+", text.lower().replace("’", "'"))
    owners = (_owner(w.rstrip(":")) for w in words)
    return {stem(w) for w in owners if w and w not in _SKIP}


def _owner(word: str) -> str:
    """A word without its possessive's ending ("susu's": susu)."""
    ending = LEX.possessive[0]
    return word[: -len(ending)] if word.endswith(ending) and len(word) > len(ending) else word


def _strings(item: dict[str, Any]) -> list[str]:
    out = []
    for key, value in item.items():
        if isinstance(value, str) and not key.lower().endswith(LEX.timestamp_suffixes):
            out.append(value)
    return out


def _beside(reference: str, title: set[str]) -> bool:
    """Whether the reference joins the title to another thing ("charizard and blastoise" of
    "Charizard"): a part of it, joined by "and" or a comma, that says none of the title's words
    (two things named, of which this is one)."""
    parts = re.split(rf"\s*,\s*|\s+(?:{'|'.join(map(re.escape, LEX.list_joiners))})\s+", reference)
    words = [_words(p) for p in parts]
    return len([w for w in words if w]) > 1 and any(w and not w & title for w in words)


def _within(want: set[str], have: set[str]) -> bool:
    """Every wanted word is had, as it is or in another form ("SSL renewal": "Renew the SSL"),
    or with two letters swapped ("the bike ligth": "light") where it is one word's alone: never
    another letter ("grandpa" is no "grandma"), nor one more or less ("plan", "plant")."""
    return all(
        w in have
        or any(same_word(w, h) or w.rstrip("e") == h.rstrip("e") for h in have)  # "fixe(d)"
        or (len(w) > 4 and sum(swapped(w, h) for h in have) == 1)
        for w in want
    )


def find_items(items: list[dict[str, Any]], reference: str) -> list[dict[str, Any]]:
    """The listed items `reference` names (see the module docstring), best first: an item whose
    title it names beats one where only another field does."""
    tokens = tokenize(reference).tokens
    quoted = [t.inner for t in tokens if t.kind == "quoted"]
    if len(quoted) == 1 and len(tokens) > 1:
        found = find_items(items, quoted[0])  # "clear out the 'email Priya'": the quoted name
        if found:
            return found
    want = _words(reference)
    if not want:
        return []
    said = reference.strip().lstrip("".join(LEX.id_marks))
    if " " not in said:  # "task 1", "#3", "T-3002", "te_cdbbccaa" (an id of letters): its id
        same = [i for i in items if str(item_id(i)).lower() == said.lower()]
        if len(same) == 1:
            return same
    by_title, by_field = [], []
    for item in items:
        title = _words(item_title(item))
        if title and (
            _within(want, title)
            or (title <= want and not _beside(reference, title) and not _repeats(want - title))
        ):  # ("monty every 10 days": a repetition said beside the name names no Monty)
            by_title.append(item)
            continue
        if any(want <= _words(s) for s in _strings(item)):
            by_field.append(item)
    if len(by_title) > 1:
        exact = [i for i in by_title if _words(item_title(i)) == want]
        return exact if len(exact) == 1 else by_title
    return by_title or by_field


def _repeats(words: set[str]) -> bool:
    """Whether words said beside a name say how often, with a number ("every 10 days"): a value
    said, never part of the name (lexicon `REPEAT_LEADS`)."""
    return bool(words & LEX.repeat_leads) and any(w[:1].isdigit() for w in words)


def find_without_kind(items: list[dict[str, Any]], reference: str) -> list[dict[str, Any]]:
    """ "the banana bread post", where the listing's items are "entries": the one item the
    reference names without its last word, when no item holds that word anywhere (the user's
    word for the kind of thing it is, lexicon `KIND_WORDS`: "post", "article", "one"; or for
    what of it to show, `ASPECT_WORDS`: "the billing task details")."""
    words = reference.split()
    last = singular(words[-1].lower()) if words else ""
    if len(words) < 2 or last not in LEX.kind_words | LEX.aspect_words:
        return []
    held = set().union(*(_words(s) for item in items for s in _strings(item)))
    if _words(words[-1]) & held:
        return []
    found = find_items(items, " ".join(words[:-1]))
    return found if len(found) == 1 else []


def find_by_lead(items: list[dict[str, Any]], reference: str) -> list[dict[str, Any]]:
    """ "dark mode toggle looks good" (", approve it"): the one item the reference's first words
    name, two or more that are not function words ('learned the' names no item "+learning"),
    when no item holds any of the words after them (what is said of it)."""
    words = reference.split()
    held = set().union(*(_words(s) for item in items for s in _strings(item)))
    for end in range(len(words) - 1, 1, -1):
        rest = _words(" ".join(words[end:]))
        if not rest or rest & held or len(_words(" ".join(words[:end]))) < 2:
            continue
        found = find_items(items, " ".join(words[:end]))
        if len(found) == 1:
            return found
    return []


def first_named(tokens: tuple[Token, ...], names: list[str]) -> list[tuple[str, int]]:
    """Listed proper names said by their first word alone, capitalised ("Priya is vegetarian"
    for Priya Shah, "Maria's birthday" for Maria Lopez), with the token that says each: a name
    of two words or more, each capitalised, whose first word no other listed name shares, and
    that is not said whole; none when a name is said joined to another ("Priya and Leo")."""
    firsts: dict[str, list[str]] = {}
    for name in names:
        words = name.split()
        if words:
            firsts.setdefault(words[0].lower(), []).append(name)
    found: list[tuple[str, int]] = []
    for i, tok in enumerate(tokens):
        if tok.kind != "word" or not tok.text[:1].isupper():
            continue
        hits = firsts.get(tok.bare.lower(), [])
        if len(hits) != 1 or hits[0].lower() == tok.bare.lower():
            continue
        words = hits[0].split()
        proper = 1 < len(words) <= W.proper_name_words and all(
            w[:1].isupper() and w.isalpha() for w in words
        )
        nxt = tokens[i + 1].bare.lower() if i + 1 < len(tokens) else ""
        before = tokens[i - 1].norm if i else ""
        if nxt in LEX.name_joins or before in LEX.name_joins:
            return []  # "Priya and Leo are old friends": two people, neither one alone
        if proper and nxt != words[1].lower() and all(n != hits[0] for n, _ in found):
            found.append((hits[0], i))
    return found


def names_in(items: list[dict[str, Any]]) -> list[str]:
    """The names listed items go by (`name`, else their title)."""
    names = []
    for item in items:
        name = item_name(item) or (item_title(item) if "name" not in item else None)
        if name:
            names.append(name)
    return names


def item_keys(f: Fill, tool: ToolView, item: dict[str, Any]) -> None:
    """A required name the found item's listing holds under that parameter's own name (`journal`
    of a task listed as {"journal": "work", "id": ...}), or after "from" (`from_column` of a task
    listed in {"column": "TODO"}), is the item's: where it is kept."""
    start = LEX.pair_words[0]
    for param in tool.required:
        value = item.get(param.name)
        if value is None and param.words[:1] == (start,):  # `from_column`: where it is now
            held = {tuple(map(singular, words_of(k))): v for k, v in item.items()}
            value = held.get(param.words[1:])
        if (
            param.name not in f.args
            and param.role in ("label", "key")
            and isinstance(value, str)
            and value
            and value.lower() not in f.reference.lower()  # "personal": which journal, not item
        ):
            f.args[param.name] = value
            f.evidence[param.name] = f"{param.name} of the item"
