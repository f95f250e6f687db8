"""A word that names a kind of the tool's thing by its own name (lexicon `KINDS_OF`: "lunch" is
a meal) is the value of the parameter named for the kind of that thing (`meal_type`,
`meal_kind`), where the word also named the tool (`_nouns`): "lunch at 12:30: rice 150g" logs a
meal of type lunch. An enum takes the word only as one of its members."""

from __future__ import annotations

from collections.abc import Sequence

from orchestrator.offline._measured_amounts import described_words
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import Token, singular, stem
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = [
    "kind_named",
    "kind_said",
    "noun_kins",
    "own_kinds",
    "own_list",
    "said_kins",
    "said_paid",
]


def kind_said(reading: Request, f: Fill, tool: ToolView) -> None:
    """The kind of the tool's thing said by its own name, for the parameter named for it."""
    tokens = reading.text.tokens
    said = [
        i for i, t in enumerate(tokens) if LEX.kind_nouns.get(singular(t.norm)) in tool.nouns
    ]  # "lunch" for a tool of meals
    if len(said) != 1:
        return  # none, or two kinds said ("lunch or dinner"): asked
    at = said[0]
    noun = LEX.kind_nouns[singular(tokens[at].norm)]
    for param in tool.params.values():
        words = set(param.words)
        if param.name in f.args or param.role not in ("label", "enum"):
            continue
        own = noun in words and words - {noun} <= LEX.typed_labels  # `meal_type`
        described = words & LEX.typed_labels and noun in described_words(param.describe)
        if not (own or described):  # `activity_type`: "What kind of workout, e.g. ..."
            continue
        value: str | None = tokens[at].text.lower()
        if param.enum:
            value = next((v for v in param.enum if str(v).lower() == value), None)
        if value is not None:
            f.set(param, value, [at], tokens[at].text)
        return


def noun_kins(word: str, paid: bool) -> list[tuple[str, float]]:
    """The nouns a word said names, each with its share of the word's weight: the word itself,
    its kin (lexicon `NOUN_KIN`: "mortgage", a loan), and the thing it is a kind of, less
    ("lunch": a meal), never where money is said paid ("lunch 14 eur": a purchase); and the
    thing a verb of measuring measures, less ("weighed in at 172 lbs": a weight, lexicon
    `MEASURE_VERBS`)."""
    out = [(word, 1.0), *((kin, 1.0) for kin in LEX.noun_kin.get(word, ()))]
    out += [(thing, W.noun_cluster) for thing in LEX.measure_verbs.get(word, ())]
    thing = LEX.kind_nouns.get(word)
    if thing is not None and not paid:
        out.append((thing, W.noun_cluster))
    return out


def own_list(tokens: Sequence[Token], i: int) -> bool:
    """Whether token `i` is a list said as the user's own, with no noun before it ("add X to my
    list"): the list of things to do (lexicon `OWN_LIST_NOUNS`)."""
    return i > 0 and tokens[i].norm in LEX.list_nouns and tokens[i - 1].norm in LEX.own_list_owners


def said_kins(tokens: Sequence[Token], i: int, paid: bool) -> list[tuple[str, float]]:
    """The nouns token `i` names (`noun_kins`); "my list" names the things to do."""
    out = noun_kins(singular(tokens[i].norm), paid)
    if not own_list(tokens, i):
        return out
    return out + [
        (n, 1.0 if n == LEX.own_list_first else W.own_list_other) for n in LEX.own_list_nouns
    ]


def said_paid(reading: Request) -> bool:
    """Whether the request says money paid: an amount of money, or a record of it by its noun
    ("log an expense: snack 4.50"), where a kind of thing ("snack") names no other thing."""
    return any(v.kind == "money" for v in reading.values) or any(
        singular(t.norm) in LEX.spent_nouns for t in reading.text.tokens
    )


def kind_named(reading: Request, tool: ToolView, own: frozenset[str]) -> bool:
    """Whether the request says, in some form of it, a kind of the tool's thing that only its
    own enum lists, for the parameter named for the kind (`type`, `kind`, `category`): "log 20
    minutes of stretching" for `log_workout(type: stretch | exercise)`; or one its name's
    description gives as an example ("went for a walk": "Name of the workout (e.g., 'neck
    roll', 'pushups', 'walk')"). It names the tool as its noun would, less, only for a tool that
    logs what was done ("make X part of the Payments epic" makes no new epic)."""
    if not tool.item_noun or tool.verb not in LEX.record_verbs:
        return False
    kinds: set[tuple[str, ...]] = {
        (stem(str(v).lower()),)
        for p in tool.params.values()
        if set(p.words) & LEX.typed_labels
        for v in p.enum
        if str(v).lower() in own and len(str(v)) >= W.own_value_letters
    }
    kinds |= {
        tuple(stem(w) for w in example.split())
        for p in tool.role("title")
        for example in p.examples
        if len(example) >= W.own_value_letters
    }
    said = [stem(t.norm) if t.kind == "word" else "" for t in reading.text.tokens]
    if reading.action.past and any(
        LEX.kind_nouns.get(singular(t.norm)) in tool.nouns for t in reading.text.tokens
    ):
        return True  # "did 25 min of yoga": a workout done (lexicon `KINDS_OF`)
    return any(said[i : i + len(kind)] == list(kind) for kind in kinds for i in range(len(said)))


def own_kinds(tools: Sequence[ToolView]) -> frozenset[str]:
    """The enum values only one tool lists that name no field and no thing of any tool: a kind
    of that tool's thing when said ("stretch" of a workout's `type`), never a word said of
    another ("call", a meeting; "email", a contact's field)."""
    owners: dict[str, set[str]] = {}
    for tool in tools:
        for param in tool.role("enum"):
            for value in param.enum:
                owners.setdefault(str(value).lower(), set()).add(tool.name)
    named = {w for t in tools for p in t.params.values() for w in (*p.words, p.name.lower())}
    named |= {n for t in tools for n in t.nouns} | set(LEX.clusters)
    return frozenset(v for v, names in owners.items() if len(names) == 1 and v not in named)
