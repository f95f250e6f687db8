"""Step 1 of reading a request: tokens, a normalized text to match phrases in, and word helpers.

`tokenize(text)` keeps quoted spans, URLs, emails, hashtags, ids (UUIDs, commit shas,
`todo_…`), paths and numbers whole, and gives each token its place in the original text and a
normalized form: lower case, possessive `'s` dropped, and a misspelt common word corrected
(`remnd` -> `remind`, `tomorow` -> `tomorrow`: one edit away from a known word, same first
letter). `Text.norm` is the tokens' normalized forms joined by spaces, so phrase patterns run
on it and `Text.tokens_in(span)` maps a match back to tokens; quoted spans appear there as `§`,
so nothing inside quotes is read as a date or a marker.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["Text", "Token", "singular", "stem", "tokenize", "words_of"]

_QUOTED = re.compile(r'"([^"]+)"|“([^”]+)”|‘([^’]+)’|(?<![\w])\'([^\']+)\'(?![\w])|`([^`]+)`')
_CHUNK = re.compile(
    r"(?P<url>https?://[^\s<>\"']+|www\.[^\s<>\"']+)"
    r"|(?P<email>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)"
    r"|(?P<hashtag>#[^\W_][\w-]*)"
    r"|(?P<chunk>[^\s\"“”‘’`]+)"
)
_KINDS = [
    ("uuid", re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)),
    ("sha", re.compile(r"[0-9a-f]{40}")),
    ("date", re.compile(r"\d{4}-\d{2}-\d{2}(?:[t ]\d{2}:\d{2}(?::\d{2})?)?", re.I)),
    ("time", re.compile(r"\d{1,2}(?::\d{2})?(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2}", re.I)),
    ("duration", re.compile(r"\d+h\d*m?|\d+(?:mins?|hrs?|h)", re.I)),
    ("number", re.compile(r"\d+(?:\.\d+)?")),
    ("ident", re.compile(r"[a-z][a-z0-9]*_[a-z0-9_]{4,}", re.I)),
    ("path", re.compile(r"[\w.~-]*/[\w./~-]*|[\w-]+(?:\.[\w-]+)*\.[a-z][a-z0-9]{0,4}", re.I)),
    ("word", re.compile(r"[^\W\d_][\w'’-]*|\d+[^\W\d_][\w'’-]*")),
]
_TRAIL = ".,;:!?)]}"
_LEAD = "([{"
_CONTRACTIONS = {"it", "what", "that", "let", "there", "here", "who", "he", "she", "where", "how"}


@dataclass(frozen=True)
class Token:
    text: str  # as typed
    start: int
    end: int
    kind: str  # quoted url email hashtag uuid sha date time duration number ident path word other
    norm: str  # lower case, corrected; "§" for a quoted span
    possessive: bool = False

    @property
    def inner(self) -> str:
        """A quoted token's text without its quotes; else the token."""
        return self.text[1:-1] if self.kind == "quoted" else self.text


@dataclass(frozen=True)
class Text:
    original: str
    tokens: tuple[Token, ...]
    norm: str
    starts: tuple[int, ...]  # each token's offset in `norm`

    def tokens_in(self, span: tuple[int, int]) -> range:
        """The tokens a span of `norm` touches."""
        first = next(
            (i for i, s in enumerate(self.starts) if s + len(self.tokens[i].norm) > span[0]),
            len(self.tokens),
        )
        last = first
        while last < len(self.tokens) and self.starts[last] < span[1]:
            last += 1
        return range(first, last)

    def slice(self, indices: Iterable[int]) -> str:
        """The original text of the given tokens, gaps between runs closed with one space."""
        runs: list[list[int]] = []
        for i in sorted(set(indices)):
            if runs and runs[-1][-1] == i - 1:
                runs[-1].append(i)
            else:
                runs.append([i])
        parts = [self.original[self.tokens[r[0]].start : self.tokens[r[-1]].end] for r in runs]
        return " ".join(parts)


def _kind(chunk: str) -> str:
    for kind, pattern in _KINDS:
        if pattern.fullmatch(chunk):
            return kind
    return "other"


def tokenize(text: str, vocabulary: frozenset[str] = frozenset()) -> Text:
    """The request's tokens (see the module docstring); `vocabulary` adds words to correct to."""
    tokens: list[Token] = []
    pos = 0
    for quoted in [*_QUOTED.finditer(text), None]:
        end = quoted.start() if quoted else len(text)
        tokens.extend(_plain(text, pos, end, vocabulary))
        if quoted:
            tokens.append(Token(quoted.group(0), quoted.start(), quoted.end(), "quoted", "§"))
            pos = quoted.end()
    parts, starts, offset = [], [], 0
    for token in tokens:
        starts.append(offset)
        parts.append(token.norm)
        offset += len(token.norm) + 1
    return Text(text, tuple(tokens), " ".join(parts), tuple(starts))


def _plain(text: str, start: int, end: int, vocabulary: frozenset[str]) -> Iterable[Token]:
    for m in _CHUNK.finditer(text, start, end):
        kind = m.lastgroup or "chunk"
        s, e = m.span()
        if kind in ("url", "chunk"):
            while e > s and text[e - 1] in _TRAIL:
                e -= 1
            while s < e and text[s] in _LEAD:
                s += 1
            if s == e:
                continue
        chunk = text[s:e]
        if kind == "chunk":
            kind = _kind(chunk)
        yield _token(chunk, s, e, kind, vocabulary)
        if m.end() > e and text[e : m.end()].strip(" "):
            for i in range(e, m.end()):
                yield Token(text[i], i, i + 1, "punct", text[i])


def _token(chunk: str, s: int, e: int, kind: str, vocabulary: frozenset[str]) -> Token:
    norm = chunk.lower().replace("’", "'")
    possessive = False
    if kind == "word":
        if norm.endswith("'s") and norm[:-2] not in _CONTRACTIONS:
            norm, possessive = norm[:-2], True
        norm = norm.replace("'", "")
        norm = correct(norm, vocabulary)
    elif kind == "hashtag":
        norm = norm[1:]
    return Token(chunk, s, e, kind, norm, possessive)


# Words the router reads (verbs, nouns, markers, dates, enum synonyms): a misspelling of one is
# corrected. Tool name words are added per request.
COMMON = frozenset(
    """add create make new remind remember schedule jot note record log save keep bookmark book
    list show find search display view browse what which where when tell give have ask send
    update change set edit modify rename move push mark complete completed finish finished done
    reopen label tag untag star unstar link attach delete remove cancel erase forget clear
    start stop begin restart reboot interrupt abort probe check status details detail open
    read write move copy todo todos task tasks note notes agent agents meeting meetings entry
    entries file files folder directory bookmark bookmarks timer project projects priority
    today tonight tomorrow yesterday morning afternoon evening night week weekend month
    monday tuesday wednesday thursday friday saturday sunday january february march april june
    july august september october november december minutes minute hours hour
    high medium low urgent important pending progress please description title caption called
    named titled""".split()  # noqa: SIM905
)


# Everyday words that are never corrected, though one edit from a word above ("about" is not
# "abort", "news" is not "new").
ENGLISH = frozenset(
    """about above after again against also always another around away back because been
    before being below between both came come could does doing down during each even ever
    every from further going good great have having here into just know last left like
    long look made many more most much must need never next nice once only other over
    same shall should since some still such sure than that their them then there these
    they thing think this those though through time together under until upon very want
    well were what when where which while whole will with within without would your
    yours news lost shop sent post test fast past list less best rest ready state their
    abort about board bored store story notes nodes tests texts""".split()  # noqa: SIM905
)


def correct(word: str, vocabulary: frozenset[str] = frozenset()) -> str:
    """`word`, or the known word one edit away from it (same first letter, 4+ letters)."""
    if (
        len(word) < 4
        or not word.isalpha()
        or word in COMMON
        or word in vocabulary
        or word in ENGLISH
    ):
        return word
    return _nearest(word, vocabulary) or word


@lru_cache(maxsize=4096)
def _nearest(word: str, vocabulary: frozenset[str]) -> str | None:
    for known in _by_letter(vocabulary).get(word[0], ()):
        if abs(len(known) - len(word)) <= 1 and _one_edit(word, known):
            return known
    return None


@lru_cache(maxsize=64)
def _by_letter(vocabulary: frozenset[str]) -> dict[str, tuple[str, ...]]:
    """The known words of 4 letters and more, by first letter, in a fixed order."""
    index: dict[str, list[str]] = {}
    for known in sorted(COMMON | vocabulary):
        if len(known) >= 4:
            index.setdefault(known[0], []).append(known)
    return {letter: tuple(words) for letter, words in index.items()}


def _one_edit(a: str, b: str) -> bool:
    """Whether `a` becomes `b` by one insertion, deletion, transposition, or (5 letters and
    more: `shop` is not `show`) substitution."""
    if a == b:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            return len(a) >= 6
        i = diff[0]
        return len(diff) == 2 and diff[1] == i + 1 and a[i] == b[i + 1] and a[i + 1] == b[i]
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    i = 0
    while i < len(short) and short[i] == long_[i]:
        i += 1
    return short[i:] == long_[i + 1 :]


_IRREGULAR = {
    "people": "person",
    "children": "child",
    "entries": "entry",
    "indices": "index",
    "statuses": "status",
    "todos": "todo",
    "to-dos": "todo",
    "analyses": "analysis",
}


@lru_cache(maxsize=16384)
def singular(word: str) -> str:
    """A noun's singular: `tasks` -> `task`, `entries` -> `entry`, `boxes` -> `box`."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes", "xes", "sses")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


@lru_cache(maxsize=16384)
def stem(word: str) -> str:
    """A rough stem for matching word forms: `watering` -> `water`, `completed` -> `complet`."""
    word = singular(word)
    for suffix in ("ed", "ing"):  # starred -> star, running -> run
        cut = word[: -len(suffix)]
        if (
            word.endswith(suffix)
            and len(cut) >= 3
            and cut[-1] == cut[-2]
            and cut[-1] not in "aeiosl"
        ):
            return cut[:-1]
    for suffix in ("ing", "ed", "es", "e", "s", "d"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


_SPLIT = re.compile(r"[_\-.\s/]+|(?<=[a-z])(?=[A-Z])")


def words_of(name: str) -> list[str]:
    """The words of an identifier or phrase: `entityType` -> [entity, type], `due_date` ->
    [due, date]."""
    return list(_words_of(name))


@lru_cache(maxsize=8192)
def _words_of(name: str) -> tuple[str, ...]:
    return tuple(w.lower() for w in _SPLIT.split(name) if w and w.isalnum())
