"""Enum values in a request: the value itself ("in progress" for `in-progress`), another form of
it ("completed" for `complete`), a synonym ("urgent" for `high`, "done" for `completed`,
"by day" for `day`), its name without the unit it ends with ("weight" for `weight_kg`), or its
two words the other way round ("renewal proposal" for `proposal_renewal`). A
plain value that is also an everyday adjective (high, low, medium, normal) counts only next to
the parameter's own word ("high priority", "priority: low") or just before the tool's noun ("a
low todo"), so "fix the low battery warning" keeps its title.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from orchestrator.offline._tokens import singular, stem, words_of
from orchestrator.offline.lexicon import LEXICON as LEX

if TYPE_CHECKING:
    from orchestrator.offline._read import Request
    from orchestrator.offline._tools import Param, ToolView

__all__ = [
    "find_enum",
    "find_enum_in",
    "headed",
    "named_by",
    "negated",
    "said_at",
]


@lru_cache(maxsize=1024)
def _phrases(value: str) -> tuple[tuple[str, ...], ...]:
    """The word sequences that name `value`: itself, and its synonyms."""
    own = tuple(words_of(value.lower()))
    found = [own]
    joined = " ".join(own)
    for group in LEX.enum_phrases:
        if (
            joined in group
            or value.lower() in group
            or (len(own) == 1 and stem(own[0]) in {stem(g) for g in group if " " not in g})
        ):
            found += [tuple(g.split()) for g in sorted(group, key=lambda g: (-len(g), g))]
    return tuple(found)


@lru_cache(maxsize=1024)
def _unitless(values: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """The members named with a unit at the end (`weight_kg`, `sleep_hours`), by the words
    before it ("weight", "sleep"): only where no other member is named by those words too
    (`sleep_hours` beside `sleep_minutes` is said with its unit, or asked about)."""
    named = {v: tuple(words_of(v.lower())) for v in values}
    cut = {v: w[:-1] for v, w in named.items() if len(w) > 1 and w[-1] in LEX.name_units}
    alike = [*cut.values(), *named.values()]
    return {v: w for v, w in cut.items() if alike.count(w) == 1}


def headed(values: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """The members of two words named by their first alone (`award_phoenix`: "award bios"),
    where it has four letters or more and no other member says it (`ami_legacy` beside
    `ami_aptio` is said whole)."""
    named = {v: tuple(words_of(v.lower())) for v in values}
    every = [word for w in named.values() for word in set(w)]  # ("prime" of `prime_factors`
    return {  # beside `is_prime`: said whole)
        v: w[:1]
        for v, w in named.items()
        if len(w) == 2 and len(w[0]) > 3 and w[0] not in LEX.stop_words and every.count(w[0]) == 1
    }


@lru_cache(maxsize=1024)
def _turned(values: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """The members of two words a name puts head first (`proposal_renewal`, `proposal_new`), by
    those words the other way round, as English says them ("a renewal proposal", "a new
    proposal"), its head no function word (never "progress in"): only where no member is named so
    already (`red_dark` beside `dark_red`)."""
    named = {v: tuple(words_of(v.lower())) for v in values}
    every = set(named.values())
    return {
        v: (w[1], w[0])
        for v, w in named.items()
        if len(w) == 2 and (w[1], w[0]) not in every and w[0] not in LEX.stop_words
    }


def _head_alone(words: list[str], span: list[int], own: set[str]) -> bool:
    """Whether a member's first word is said with no word of another name after it: the
    request ends there, or a function word, a mark or the parameter's own word follows
    ("award bios" for `bios_type`, "award,"; not "arduino mega" for "Arduino UNO")."""
    after = span[-1] + 1
    if after >= len(words) or words[after] == "\0":
        return True
    nxt = words[after]
    return not nxt.isalpha() or nxt in LEX.stop_words or singular(nxt) in own


def said_at(words: list[str], start: int, phrase: tuple[str, ...]) -> bool:
    """Whether the words from `start` say `phrase` (one word also in another form)."""
    if start + len(phrase) > len(words):
        return False
    for k, part in enumerate(phrase):
        word = words[start + k]
        if word != part and not (len(phrase) == 1 and len(part) > 3 and stem(word) == stem(part)):
            return False
    return True


def find_enum(
    reading: Request, param: Param, used: Iterable[int], tool: ToolView
) -> tuple[Any, list[int]] | None:
    """The enum value of `param` the request names, and its tokens; None when it names none."""
    tokens = reading.text.tokens
    taken = set(used) - set(reading.action.tokens)
    words = [t.norm if t.kind not in ("quoted", "punct") else "\0" for t in tokens]
    label = set(param.words) - LEX.label_filter_words
    best: tuple[int, int, bool, Any, list[int]] | None = None  # (rank, -length, inexact, ...)
    said = set(words)
    stems = {stem(w) for w in words if len(w) > 3}
    # values only a description lists take a synonym in a filter, never in a write ("urgent"
    # is no priority "high" a server said it takes)
    own_only = bool(param.allowed) and tool.kind not in ("read", "check")
    unitless = _unitless(tuple(v for v in param.enum if isinstance(v, str)))
    heads = headed(tuple(v for v in param.enum if isinstance(v, str)))
    turned = _turned(tuple(v for v in param.enum if isinstance(v, str)))
    for value in param.enum:
        if not isinstance(value, str):
            continue
        phrases = _phrases(value)
        cut: tuple[tuple[str, ...], ...] = (unitless[value],) if value in unitless else ()
        # ("my weight": `weight_kg`)
        cut += (heads[value],) if value in heads and not own_only else ()  # "award bios"
        cut += tuple(g for v, g in param.glosses if v == value.lower())  # "P3 (low)": "low"
        cut += (turned[value],) if value in turned else ()  # "renewal proposal"
        cut += LEX.translated.get(value, ())  # "relaxed" for 轻松
        if len(phrases[0]) > 1:  # "in kg/mol" for `kg/mol`: the value whole, as one token
            for i, word in enumerate(words):
                key = (0, -len(phrases[0]), False, value, [i])
                if (
                    word == value.lower()
                    and i not in taken
                    and (best is None or key[:3] < best[:3])
                ):
                    best = key
        for rank, phrase in enumerate((phrases[:1] if own_only else phrases) + cut):
            first = phrase[0] if phrase else ""
            if first not in said and not (len(phrase) == 1 and stem(first) in stems):
                continue  # a phrase whose first word the request does not say
            for start in range(len(words)):
                span = list(range(start, start + len(phrase)))
                if any(i in taken for i in span) or not said_at(words, start, phrase):
                    continue
                if (
                    start + len(phrase) < len(words)
                    and words[start + len(phrase)] in LEX.list_nouns
                ):
                    continue  # "my reading list": the list's name, not its value
                if not _strong(reading, phrase, span, label, tool):
                    continue
                alone = _head_alone(words, span, set(param.words))
                headed_only = value in heads and phrase == heads[value]
                if headed_only and unitless.get(value) != phrase and not alone:
                    continue  # "arduino mega": no "Arduino UNO" ("award bios": `award_phoenix`)
                if _in_a_clause(reading, start):  # "the best I've ever read": no `reading`
                    continue
                if (label & LEX.by_labels or named_by(param)) and not _after_by(words, start):
                    continue  # "sort by date"; `by` ("how to read the query"): "by formula"
                if any(negated(reading, i) for i in span) and phrase[0] not in LEX.negations:
                    continue
                inexact = any(words[i] != word for i, word in zip(span, phrase, strict=True))
                key = (
                    min(rank, 1),
                    -len(phrase),
                    inexact,
                    value,
                    _with_label(reading, span, label),
                )
                if best is None or key[:3] < best[:3]:  # "watched" is `watched`, not `watching`
                    best = key
        for contrary in _contraries(value):  # "what haven't I finished": pending
            for phrase in _phrases(contrary):
                for start in range(1, len(words)):
                    span = list(range(start, start + len(phrase)))
                    if any(i in taken for i in span) or not said_at(words, start, phrase):
                        continue
                    lead = _negation_at(reading, start)
                    key = (1, -len(phrase), True, value, [*lead, *span])
                    if lead and (best is None or key[:3] < best[:3]):
                        best = key
    if best is None:
        return None
    span = list(best[4])
    for phrase in _phrases(best[3])[: 1 if own_only else None]:  # "low priority ..., no rush"
        for start in range(len(words)):
            more = list(range(start, start + len(phrase)))
            if not any(i in taken or i in span for i in more) and said_at(words, start, phrase):
                span += more
    return best[3], sorted(span)


def _in_a_clause(reading: Request, at: int) -> bool:
    """Whether the word at `at` is the verb of a clause of the request's own, after an adverb
    that leads a verb ("I've ever read", "we never finished"; lexicon `CLAUSE_LEADS`), and not
    the request's verb: what someone did, never a value."""
    tokens = reading.text.tokens
    return (
        at > 0
        and at not in reading.action.tokens
        and tokens[at - 1].norm in LEX.clause_leads
        and tokens[at - 1].kind == "word"
    )


def named_by(param: Param) -> bool:
    """A parameter named only by a word of "by" (`by`, "How to read the query ... 'name' or
    'formula'"): the way something is read, said after "by", never the thing asked for ("the
    formula of aspirin")."""
    return bool(param.words) and set(param.words) <= set(LEX.by_words)


def _after_by(words: list[str], start: int) -> bool:
    return start > 0 and words[start - 1] in LEX.by_words


def _strong(
    reading: Request, phrase: tuple[str, ...], span: list[int], label: set[str], tool: ToolView
) -> bool:
    if " ".join(phrase) not in LEX.plain_enum_values and len(" ".join(phrase)) > 1:
        return True  # (a letter, "priority B", only beside the parameter's word)
    tokens = reading.text.tokens
    near = [tokens[i].norm for i in (span[0] - 1, span[-1] + 1) if 0 <= i < len(tokens)]
    near += (
        [tokens[span[0] - 2].norm]
        if span[0] >= 2 and tokens[span[0] - 1].norm in LEX.enum_links
        else []
    )
    if any(_names_label(w, label) for w in near) or _apart(reading, span):
        return True
    if reading.pronoun and reading.action.kind == "update":  # "make it low", "make that one low"
        k = span[0] - 1
        while k >= 0 and tokens[k].norm in LEX.pronouns | LEX.pronoun_tails:
            k -= 1
        if 0 <= k < span[0] - 1 and k in reading.action.tokens and span[-1] == len(tokens) - 1:
            return True
    if len(" ".join(phrase)) == 1:  # a letter ("a todo" is no priority A)
        return False
    if _set_last(reading, span, tool):
        return True
    after = tokens[span[-1] + 1].norm if span[-1] + 1 < len(tokens) else ""
    return singular(after) in tool.nouns


def _apart(reading: Request, span: list[int]) -> bool:
    """ "todo: submit the report by 5pm, tag work, high": a value said as an item of its own,
    a mark before it and a mark (or the end) after it, qualifies nothing else."""
    tokens = reading.text.tokens
    marks = LEX.apart_marks
    after = span[-1] + 1
    ends = after == len(tokens) or tokens[after].norm in marks
    return (
        span[0] > 0
        and tokens[span[0] - 1].norm in marks
        and (ends or all(t.kind == "punct" for t in tokens[after:]))
    )


def _set_last(reading: Request, span: list[int], tool: ToolView) -> bool:
    """ "set the rent todo to high", "make the rent todo high": a change's last words, after
    "to" or the item's noun, are the value it sets (not in a rename: "rename the todo to high"
    is its new title)."""
    tokens = reading.text.tokens
    action = reading.action
    if action.kind != "update" or action.verb in LEX.rename_verbs or not span[0]:
        return False
    if any(tokens[i].kind != "punct" for i in range(span[-1] + 1, len(tokens))):
        return False
    before = tokens[span[0] - 1].norm
    return before in LEX.enum_links or singular(before) in tool.nouns


def _with_label(reading: Request, span: list[int], label: set[str]) -> list[int]:
    """The value's tokens, with the parameter's word beside them ("high priority")."""
    tokens = reading.text.tokens
    out = list(span)
    for i in (span[0] - 1, span[-1] + 1):
        if 0 <= i < len(tokens) and _names_label(tokens[i].norm, label):
            out.append(i)
    if (
        span[0] >= 2
        and tokens[span[0] - 1].norm in LEX.enum_links
        and _names_label(tokens[span[0] - 2].norm, label)
    ):
        out += [span[0] - 1, span[0] - 2]
    return sorted(out)


def _names_label(word: str, label: set[str]) -> bool:
    """Whether `word` is the parameter's word, or it cut short ("prio" for priority)."""
    word = singular(word)
    return word in label or (
        len(word) >= LEX.weights.label_short_min
        and any(len(w) > len(word) and w.startswith(word) for w in label)
    )


def _contraries(value: str) -> tuple[str, ...]:
    """The values whose words, negated, name `value` (lexicon `NEGATED_VALUES`): completed's
    for `pending` or `open`, its synonym."""
    phrases = _phrases(value)
    return tuple(
        said for said, meant in LEX.negated_values.items() if tuple(meant.split()) in phrases
    )


def _negation_at(reading: Request, index: int) -> list[int]:
    """The tokens of the negation right before the word at `index` ("haven't", "didn't get"),
    none when it is not negated so."""
    tokens = reading.text.tokens
    before = index - 1
    if before > 0 and tokens[before].norm in LEX.negation_gaps:
        before -= 1
    if before >= 0 and tokens[before].norm in LEX.negations:
        return list(range(before, index))
    return []


def negated(reading: Request, index: int) -> bool:
    """Whether the word at `index` is negated: "not done", "didn't get done",
    "non-billable", "unstar"."""
    tokens = reading.text.tokens
    word = tokens[index].norm
    non, un = LEX.negated_prefixes
    if word.startswith(non) or (word.startswith(non[:-1]) and len(word) > 6):
        return True
    if word.startswith(un) and word[len(un) :] in LEX.un_words:
        return True
    before = index - 1
    if before > 0 and tokens[before].norm in LEX.negation_gaps:  # "didn't get done"
        before -= 1
    return before >= 0 and tokens[before].norm in LEX.negations


def find_enum_in(
    reading: Request, param: Param, span: list[int], tool: ToolView, word: str | None = None
) -> Any:
    """The enum value the tokens of `span` (or `word`) name ("... to low"), without the
    adjacency rule."""
    words = (
        [word]
        if word
        else [
            reading.text.tokens[i].norm
            for i in span
            if (reading.text.tokens[i].norm not in LEX.enum_skip)
        ]
    )
    for value in param.enum:
        if isinstance(value, str):
            for phrase in _phrases(value):
                if tuple(words) == phrase or (
                    len(phrase) == 1 and len(words) == 1 and stem(words[0]) == stem(phrase[0])
                ):
                    return value
    return None
