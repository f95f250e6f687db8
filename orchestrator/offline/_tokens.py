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

from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = [
    "Text",
    "Token",
    "Vocabulary",
    "code_like",
    "correct",
    "extensions",
    "param_words",
    "same_word",
    "singular",
    "stem",
    "tokenize",
    "verb_root",
    "words_of",
]

_QUOTED = re.compile(  # (an apostrophe inside a word stays inside: 'The Smuggler's Ledger')
    r'"([^"]+)"|“([^”]+)”|‘([^’]+)’|(?<![\w])\'((?:[^\']|(?<=\w)\'(?=\w))+)\'(?![\w])|`([^`]+)`'
)
_CHUNK = re.compile(
    r"(?P<url>https?://[^\s<>\"']+|www\.[^\s<>\"']+)"
    r"|(?P<email>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)"
    r"|(?P<hashtag>#[^\W_][\w-]*)"
    r"|(?P<chunk>[^\s\"“”‘’`]+)"
)


def _alternatives(words: tuple[str, ...]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_AMPM = _alternatives(LEX.am_pm)
_UNITS = _alternatives(LEX.second_units + LEX.minute_units + LEX.hour_units)
_H, _M = LEX.hour_units[-1], LEX.minute_units[-1]  # the one-letter units: "1h30m"
_PAIR = re.compile(r"(-?\d+\.\d+),(-?\d+\.\d+)")  # with no space: "43.65,-79.38"
_PER_PERIOD = re.compile(r"(\d+(?:\.\d+)?)/([a-z]+)", re.I)
_KINDS = [
    ("uuid", re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)),
    ("sha", re.compile(r"[0-9a-f]{40}")),
    (
        "date",
        re.compile(
            r"\d{4}-\d{2}-\d{2}(?:[t ]\d{2}:\d{2}(?::\d{2})?(?:z|[+-]\d{2}:?\d{2})?)?", re.I
        ),
    ),
    ("time", re.compile(rf"\d{{1,2}}(?::\d{{2}})?(?:{_AMPM})|\d{{1,2}}:\d{{2}}", re.I)),
    ("duration", re.compile(rf"\d+{_H}\d*{_M}?|\d+(?:{_UNITS})", re.I)),
    ("number", re.compile(r"-?\d+(?:\.\d+)?")),  # "-40": negative, typed with its minus
    ("email", re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")),  # "(ana@x.io)": in brackets
    ("ident", re.compile(r"[a-z][a-z0-9]*_[a-z0-9_]{4,}", re.I)),
    ("path", re.compile(r"[\w.~-]*/[\w./~-]*|[\w-]+(?:\.[\w-]+)*\.[a-z][a-z0-9]{0,4}", re.I)),
    ("word", re.compile(r"[^\W\d_][\w'’-]*|\d+[^\W\d_][\w'’-]*")),
]
_TRAIL = ".,;:!?)]}"
_LEAD = "([{"


@dataclass(frozen=True)
class Token:
    text: str  # as typed
    start: int
    end: int
    kind: str  # quoted url email hashtag uuid sha date time duration number ident path word other
    norm: str  # lower case, corrected; "§" for a quoted span
    possessive: bool = False

    @property
    def bare(self) -> str:
        """The text without a possessive's ending ("Tom's" -> "Tom")."""
        for ending in LEX.possessive:
            if self.possessive and self.text.endswith(ending):
                return self.text[: -len(ending)]
        return self.text

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
        return " ".join(
            self._balanced(self.tokens[r[0]].start, self.tokens[r[-1]].end) for r in runs
        )

    def _balanced(self, start: int, end: int) -> str:
        """The original text from `start` to `end`, widened over the brackets typed right
        beside it that close (or open) one inside it: "(pages 40-55)" keeps its ")"."""
        text = self.original
        for opening, closing in LEX.bracket_pairs:
            while (
                end < len(text)
                and text[end] == closing
                and _open(text[start:end], opening, closing) > 0
            ):
                end += 1
            while (
                start > 0
                and text[start - 1] == opening
                and _open(text[start:end], opening, closing) < 0
            ):
                start -= 1
        return text[start:end]


def _open(text: str, opening: str, closing: str) -> int:
    """How many brackets `text` opens and leaves open (negative: closes more than it opens)."""
    return text.count(opening) - text.count(closing)


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


def _opens_group(chunk: str) -> bool:
    """Whether a chunk opens with a bracket it closes before going on with letters or digits
    ("(NH4)2SO4", "((CH3)2CH)2"): a formula's group, no bracket around words."""
    if chunk[:1] != "(":
        return False
    close = chunk.rfind(")")
    return 0 < close < len(chunk) - 1 and chunk[close + 1 :].isalnum()


def _plain(text: str, start: int, end: int, vocabulary: frozenset[str]) -> Iterable[Token]:
    for m in _CHUNK.finditer(text, start, end):
        kind = m.lastgroup or "chunk"
        s, e = m.span()
        if kind == "chunk" and _code_like(text[s:e]):
            yield Token(text[s:e], s, e, "other", text[s:e].lower())  # "[0-9]{3}-[0-9]{4}"
            continue
        if kind in ("url", "chunk"):
            while e > s and text[e - 1] in _TRAIL:
                e -= 1
            if kind == "chunk" and _dotted(text, s, e):
                yield Token(text[s : e + 1], s, e + 1, "word", text[s:e].lower())
                continue
            while s < e and text[s] in _LEAD and not _opens_group(text[s:e]):
                s += 1  # (never the "(" of "(NH4)2SO4", closed inside the chunk)
            if s == e:  # "'book ideas': ...": a colon alone after a quote is still said
                yield from (
                    Token(c, i, i + 1, "punct", c)
                    for i, c in enumerate(text[m.start() : m.end()], m.start())
                    if c in _TRAIL
                )
                continue
        chunk = text[s:e]
        if kind == "chunk":
            kind = _kind(chunk)
        pair = _PAIR.fullmatch(chunk) if kind == "other" else None
        if pair is not None:  # "43.65,-79.38": two numbers, a latitude and a longitude
            comma = s + pair.end(1)
            yield _token(pair.group(1), s, comma, "number", vocabulary)
            yield Token(",", comma, comma + 1, "punct", ",")
            yield _token(pair.group(2), comma + 1, e, "number", vocabulary)
            continue
        per = _PER_PERIOD.fullmatch(chunk) if kind == "path" else None
        if per is not None and singular(per.group(2).lower()) in LEX.period_adverbs:
            slash = s + per.end(1)  # "500/month": an amount, "/" for "per", its period
            yield _token(per.group(1), s, slash, "number", vocabulary)
            yield Token("/", slash, slash + 1, "punct", "/")
            yield _token(per.group(2), slash + 1, e, "word", vocabulary)
            continue
        yield _token(chunk, s, e, kind, vocabulary)
        if m.end() > e and text[e : m.end()].strip(" "):
            for i in range(e, m.end()):
                yield Token(text[i], i, i + 1, "punct", text[i])


# A pattern's marks: "\d", "[a-z]", "{3}", "^a", "a$", "(?i)", "a|b", ".*", "colou?r", "a+".
_PATTERN_MARKS = re.compile(
    r"\\|\[[^\]]*\]|\{\d+(?:,\d*)?\}|^\^|\$$|\(\?|\||\.[*+]|\w\?\w|[\w)\]][*+]"
)
_ARITHMETIC = re.compile(r"[\d\s.+\-*/()^%=]+")  # "3+4", "(2+3)*4": a sum, not a pattern
_MONEY = re.compile(r"[A-Za-z]{0,3}[$€£]\d[\d.,]*|\d[\d.,]*[$€£]")  # "$45", "US$5", "5$"
_WRAPPED_WORDS = re.compile(r"[(\[{](?:[A-Za-z' ]*|\d+)[)\]}][.,;:!?]?")  # "(optional)", "[3]"


def code_like(text: str) -> bool:
    """Whether a token is written as a pattern ("\\d+", "[0-9]{3}-[0-9]{4}", "^\\w+$",
    "colou?r"): a pattern's mark in it, its brackets balanced; never a sum ("3+4"), an amount
    ("$45") or a word in brackets ("(optional)")."""
    if _ARITHMETIC.fullmatch(text) or _MONEY.fullmatch(text) or _WRAPPED_WORDS.fullmatch(text):
        return False
    if not _PATTERN_MARKS.search(text):
        return False
    return all(text.count(a) == text.count(b) for a, b in ("()", "[]", "{}"))


def _code_like(chunk: str) -> bool:
    """Whether a chunk opened or closed by a bracket is a pattern whose brackets are its own
    ("[0-9]{3}-[0-9]{4}", "(\\d+)"): kept whole, where a bracket is else punctuation."""
    return (chunk[:1] in _LEAD or chunk[-1:] in _TRAIL) and code_like(chunk)


def _dotted(text: str, s: int, e: int) -> bool:
    """Whether `text[s:e]` is an abbreviation whose period follows it (lexicon
    `DOTTED_ABBREVIATIONS`: "Jl.", "St.", "Dr."), with a capital or a digit after one space:
    the period is the word's ("Jl. Merdeka 5"), not a sentence's end."""
    after = text[e + 2 : e + 3]
    return (
        text[s:e].lower() in LEX.dotted_abbreviations
        and text[e : e + 2] == ". "
        and (after.isupper() or after.isdigit())
    )


def _token(chunk: str, s: int, e: int, kind: str, vocabulary: frozenset[str]) -> Token:
    norm = chunk.lower().replace("’", "'")
    possessive = False
    if kind == "word":
        if norm.endswith("'s") and norm[:-2] not in LEX.contractions:
            norm, possessive = norm[:-2], True
        norm = norm.replace("'", "")
        norm = correct(norm, vocabulary)
        head, _, verb = norm.rpartition("-")
        if head in LEX.verb_prefixes and verb in LEX.verbs:
            norm = verb  # "back-plan it", "re-book it": that verb
    elif kind == "hashtag":
        norm = norm[1:]
    return Token(chunk, s, e, kind, norm, possessive)


class Vocabulary(frozenset[str]):
    """Words to correct misspellings to, with the words the tools' descriptions say, `known`:
    real words of this catalogue, never corrected to another ("plant", where a tool's
    description says "when to plant", is no misspelling of `plan`)."""

    known: frozenset[str]

    def __new__(cls, words: Iterable[str], known: Iterable[str] = ()) -> Vocabulary:
        made = super().__new__(cls, words)
        made.known = frozenset(known)
        return made


def correct(word: str, vocabulary: frozenset[str] = frozenset()) -> str:
    """`word`, or the known word one edit away from it (same first letter, 4+ letters)."""
    if (
        len(word) < 4
        or not word.isalpha()
        or word in LEX.correctable
        or word in vocabulary
        or (isinstance(vocabulary, Vocabulary) and word in vocabulary.known)
        or word in LEX.never_corrected
        or word in LEX.verbs  # "spend": a verb of ours, no "send"
        or word in LEX.past_tenses
        or word in LEX.kind_nouns  # "lunch": a kind of meal, no "launch"
        or word in LEX.enum_words
        or _cut_short(word, vocabulary)
    ):
        return word
    return _nearest(word, vocabulary) or word


@lru_cache(maxsize=4096)
def _cut_short(word: str, vocabulary: frozenset[str]) -> bool:
    """Whether `word` is a known word cut short, in the plural ("stats" for the statistics a
    tool gives): no misspelling of another ("status")."""
    short = singular(word)
    return (
        short != word
        and len(short) >= 4
        and any(k.startswith(short) and len(k) >= len(short) + 3 for k in vocabulary)
    )


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
    for known in sorted(LEX.correctable | vocabulary):
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


@lru_cache(maxsize=16384)
@lru_cache(maxsize=16384)
def singular(word: str) -> str:
    """A noun's singular: `tasks` -> `task`, `entries` -> `entry`, `boxes` -> `box`."""
    if word in LEX.irregular_plurals:
        return LEX.irregular_plurals[word]
    if word in LEX.tool_words:  # `tugas`, `jenis`: another language's word, as it is
        return word
    ies = LEX.plural_ies
    if len(word) > 4 and word.endswith(ies):
        return word[: -len(ies)] + "y"
    if len(word) > 4 and word.endswith(LEX.plural_es):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(LEX.plural_s_keep):
        return word[:-1]
    if len(word) == 3 and word.endswith("s") and not set(word[:-1]) & set(LEX.vowels):
        return word[:-1]  # an abbreviation's plural: `prs` -> `pr`
    return word


def extensions(text: Text) -> frozenset[str]:
    """The extensions of the files the text names: "read notes.docx" names a docx,
    "merge a.pdf and b.pdf" a pdf (a path's last part after its last dot, letters only)."""
    kinds = set()
    for token in text.tokens:
        if token.kind != "path":
            continue
        name = token.text.rstrip("/").rsplit("/", 1)[-1]
        _, dot, extension = name.rpartition(".")
        if dot and extension.isalpha() and 2 <= len(extension) <= 5:
            kinds.add(extension.lower())
    return frozenset(kinds)


def phrase_tokens(text: Text, phrases: Iterable[str]) -> list[int]:
    """The tokens of `text` where one of `phrases` (words parted by spaces) is said, in order."""
    norms = [t.norm for t in text.tokens]
    out: list[int] = []
    for phrase in phrases:
        words = phrase.split()
        for i in range(len(norms) - len(words) + 1):
            if norms[i : i + len(words)] == words:
                out.extend(range(i, i + len(words)))
    return out


def presents(past: str) -> tuple[str, ...]:
    """The present forms a past tense may be of: `slept` -> `sleep` (lexicon PAST_PRESENTS),
    `walked` -> `walk`, `hiked` -> `hike`, `jogged` -> `jog`, `studied` -> `study`."""
    if past in LEX.past_presents:
        return (LEX.past_presents[past],)
    suffix = LEX.past_suffix
    if not past.endswith(suffix) or len(past) <= len(suffix) + 2:
        return ()
    cut = past[: -len(suffix)]
    found = [cut, cut + "e"]
    if len(cut) > 2 and cut[-1] == cut[-2]:
        found.append(cut[:-1])
    if cut.endswith("i"):
        found.append(cut[:-1] + "y")
    return tuple(found)


def past_forms(past: str) -> frozenset[str]:
    """The forms of a past verb a logging tool's description may say what it keeps with ("took
    2 advil" and "Log a medication dose taken"): the past itself, its present, the present's
    third person and its participle in -n or -en; none for a verb too plain to name what is
    kept (lexicon `PLAIN_PAST_PRESENTS`: "did", "went", "had") or one of ours ("got": get)."""
    found = {past}
    for present in presents(past):
        if present in LEX.plain_past_presents or present in LEX.verbs:
            return frozenset()
        found.update(present + end for end in LEX.verb_form_endings)
    return frozenset(found) if len(found) > 1 else frozenset()


def swapped(a: str, b: str) -> bool:
    """Whether `a` is `b` with two letters next to each other swapped ("ligth", "light")."""
    if len(a) != len(b) or a == b:
        return False
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    return (
        len(diff) == 2
        and diff[1] == diff[0] + 1
        and a[diff[0]] == b[diff[1]]
        and a[diff[1]] == b[diff[0]]
    )


@lru_cache(maxsize=16384)
def same_word(a: str, b: str) -> bool:
    """Whether two words are one, in another form ("renew", "renewal"; "spend", "spending")."""
    short, long_ = sorted((a, b), key=len)
    return (
        a == b
        or (len(short) > 3 and long_.startswith(short) and long_[len(short) :] in LEX.word_endings)
        or _same_root(a, b)
    )


def _same_root(a: str, b: str) -> bool:
    """Whether two words are one root with two endings ("degraded", "degradation"), the root
    of `W.root_letters` letters or more."""
    for ending in LEX.root_endings:
        root = a[: len(a) - len(ending)] if ending else a
        if (
            a.endswith(ending)
            and len(root) >= W.root_letters
            and b.startswith(root)
            and b[len(root) :] in LEX.root_endings
        ):
            return True
    return False


@lru_cache(maxsize=16384)
def stem(word: str) -> str:
    """A rough stem for matching word forms: `watering` -> `water`, `completed` -> `complet`."""
    word = singular(word)
    for suffix in LEX.stem_doubled:  # starred -> star, running -> run
        cut = word[: -len(suffix)]
        if (
            word.endswith(suffix)
            and len(cut) >= 3
            and cut[-1] == cut[-2]
            and cut[-1] not in LEX.stem_undoubled
        ):
            return cut[:-1]
    for suffix in LEX.stem_suffixes:
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def verb_root(word: str) -> str:
    """A verb's root, for matching its forms: "resetting", "resets" and "reset" alike; "leaving"
    and "leave", "joined" and "join", "hired" and "hire"."""
    root = stem(word)
    return root[:-1] if root.endswith("e") else root


_SPLIT = re.compile(r"[_\-.\s/]+|(?<=[a-z])(?=[A-Z])")


def words_of(name: str) -> list[str]:
    """The words of an identifier or phrase: `entityType` -> [entity, type], `due_date` ->
    [due, date]."""
    return list(_words_of(name))


@lru_cache(maxsize=8192)
def _words_of(name: str) -> tuple[str, ...]:
    return tuple(w.lower() for w in _SPLIT.split(name) if w and w.isalnum())


@lru_cache(maxsize=4096)
def param_words(name: str) -> tuple[str, ...]:
    """A parameter name's words in English, singular: `due_date` -> (due, date); a name in
    another language read through its tool words (`lexicon_tools`): `stok_baru` -> (new,
    stock), `no_hp` -> (phone,), `nombre` -> (name,). A modifier another language says after its
    noun (`baru`: new) goes first, where an English name says it."""
    words = words_of(name)
    front: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(words):
        pair = " ".join(words[i : i + 2])
        size = 2 if i + 1 < len(words) and pair in LEX.tool_words else 1
        word = pair if size == 2 else words[i]
        meant = LEX.tool_words.get(word) or LEX.tool_words.get(singular(word))
        i += size
        if meant is None:
            rest.append(words[i - 1])
            continue
        for english in meant:
            (front if english in LEX.name_modifiers else rest).append(english)
    return tuple(singular(w) for w in (*front, *rest))
