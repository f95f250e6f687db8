"""Which of several plans that can go on goes on: of writes, the one whose item the request
names, or the one of the kind of action the request says that targets an existing item while
the others cannot go on ("make it high priority" after making a project: the project's update,
not a new task in it); two ways to change one item, the one well ahead or the one that reads
more of the words as values; two ways to hand one item the same text, the one that takes it as
an order when the request hands it one ("tell test-runner to run the tests": a task, not a
message); of reads, one that reads a value the other leaves out, else the best when it is
ahead, and a conversion of units the lexicon knows the tool that takes them by name. A plan
that reads every word goes on over rivals that leave words unread when it is well ahead or
writes nothing ("bold A1:D1": the formatting, not the merge; "is 7919 prime?"); a read that
reads its values over listings that read none; a conversion ready over rivals that would need
a value it read ("and in celsius" after a conversion, "convert #ff69b4 to rgb").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from orchestrator.offline._account import is_function
from orchestrator.offline._convert import conversion, converts, formatted, known_units
from orchestrator.offline._hinted import goes_on
from orchestrator.offline._measured_amounts import described_words
from orchestrator.offline._nouns import noun_strength
from orchestrator.offline._numbered import numbered_params
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

_DATED = ("moment", "day", "since", "until", "clock", "month")

if TYPE_CHECKING:
    from orchestrator.offline._choose import Scored
    from orchestrator.offline._fill import Fill
    from orchestrator.offline._read import Request
    from orchestrator.offline._tools import ToolView


class _Plan(Protocol):  # `_plan.Plan`, as this module reads it
    tool: ToolView
    score: float
    fill: Fill
    state: str
    item: dict[str, Any] | None
    args: dict[str, Any]
    stray: list[int]


Plan = TypeVar("Plan", bound=_Plan)

_RECORD_NAMES = ("label", "key", "id")  # the roles of a parameter that names one record

__all__ = [
    "best_read",
    "day_only",
    "narrowed",
    "targeted",
    "twins",
    "waiting",
    "writes_nothing",
]


def _one_server(made: Plan, other: Plan, reading: Request) -> bool:
    """Whether the write made with all that was said, a field of it named, and the other, which
    needs a value nobody said, are one server's two ways to keep it."""
    return other.tool.server == made.tool.server and _field_named(made, reading)


def _field_named(plan: Plan, reading: Request) -> bool:
    """Whether the request names a field the plan gives a value ("weight ... 79.9 kg":
    `weight_kg`; "45 minutes of exercise": `workout_minutes`, "Minutes of exercise")."""
    said = {t.norm for t in reading.text.tokens} | set(reading.words)
    return any(
        ((set(param.words) | described_words(param.describe)) - LEX.function_words) & said
        for name in plan.fill.args
        if (param := plan.tool.params.get(name)) is not None and param.role not in _DATED
    )


def narrowed(live: list[Plan], reading: Request) -> list[Plan]:
    """The plans of `live` still in the running."""
    found = [p for p in live if p.item is not None and p.tool.kind not in ("read", "check")]
    if len(live) > 1 and len(found) == 1 and found[0].state == "ready":
        return found  # of writes, the one whose item the request names
    kind = reading.action.kind
    made = [p for p in live if p.tool.kind == "create" == kind and p.state == "ready"]
    if (
        len(live) > 1
        and len(made) == 1
        and all(
            p.state in ("missing", "invalid")
            and (
                _twin(p.tool, made[0].tool)
                or _one_server(made[0], p, reading)
                or (not p.fill.args and _shaped(made[0]))
            )
            for p in live
            if p is not made[0]
        )
    ):  # of two ways to make the same thing, the one made with what was said; the others
        return made  # need a value nobody said ("a Charizard #4": no sealed product's type;
        # "weight this morning 79.9 kg": the day's metric, no reading that needs its time),
        # or one that does not fit them ("#125" no PSA cert number); or read nothing at all, where
        # the one made read a value of a shape, not texts alone ("add laufen = to run": a
        # card's sides, no application; "add stamps" stays a question beside a bookmark, and
        # "add a product to the shop db: french press, 29.90" beside the database's query)
    own = [p for p in live if p.tool.kind == kind and kind not in (None, "read", "check")]
    if (
        len(live) > 1
        and len(own) == 1
        and own[0].state == "ready"
        and targeted(own[0])
        and all(p.state in ("missing", "invalid", "unchanged") for p in live if p is not own[0])
    ):  # the change the request says, to the item it names; the others could not go on (nor
        # change anything: "delete the 5 dollar one" sets no amount)
        return own
    named = [p for p in live if p.state == "ready" and targeted(p) and p.fill.nouns]
    if (
        len(live) > 1
        and len(named) == 1
        and all(p.state == "missing" and not p.fill.nouns for p in live if p is not named[0])
    ):  # "set Maya as the owner": the tool whose noun is said, ready for the one named; the
        return named  # others, named by nothing but the listing she is in, want more
    if (
        len(live) > 1
        and all(p.state == "ready" and p.item is not None for p in live)
        and all(p.item == live[0].item for p in live)
        and live[0].score - live[1].score >= W.margin
    ):  # two ways to change the same item: the tool the request says, well ahead
        live = live[:1]
    ready = [p for p in live if p.state == "ready" and p.item is not None]
    if (
        len(live) > 1
        and len(ready) == 1
        and all(p.state == "unchanged" and p.item == ready[0].item for p in live if p not in ready)
    ):  # "i bought the lugia, close it out": the close, not an update that would set nothing
        return ready
    if (
        len(live) > 1
        and live[0].state == "ready"
        and (live[0].score - live[1].score >= W.margin or writes_nothing(live[0].tool))
        and all(p.state == "unaccounted" for p in live[1:])
    ):  # "bold A1:D1": the formatting that reads every word, well ahead of the merge that
        return live[:1]  # leaves "bold" unread; "is 7919 prime?": the one read that reads it
    whole = [p for p in live if p.state == "ready" and set(p.tool.params) <= set(p.args)]
    if (
        len(live) > 1
        and len(whole) == 1
        and all(p.state == "ready" and p.args == whole[0].args for p in live)
        and all(p.tool.server == whole[0].tool.server for p in live)
        and all(p.tool.kind in (None, "read", "check") for p in live)
        and whole[0].score >= max(p.score for p in live)  # (a tie, never over a better)
    ):  # "2d6+3": `roll_dice(notation)`, every parameter given, over `roll_multiple`'s same
        return whole  # call that leaves `times` to its default
    filled = [p for p in live if p.state == "ready" and _read_values(p, reading)]
    if (
        len(live) > 1
        and len(filled) == 1
        and all(p.tool.server == filled[0].tool.server for p in live)
        and all(p.tool.kind in (None, "read", "check") for p in live)
        and all(p.state == "missing" and not p.args for p in live if p is not filled[0])
    ):  # "color bands for 330 ohm": the one of a server's tools that reads what was said
        return filled  # (`encode_resistor_value`), never its twin that takes none of it
    quoted = {i for i, t in enumerate(reading.text.tokens) if t.kind == "quoted"}
    holds = [p for p in live if p.state == "ready" and quoted and quoted <= p.fill.used]
    if (
        len(live) > 1
        and len(holds) == 1
        and all(p.state == "unaccounted" and quoted & set(p.stray) for p in live if p not in holds)
    ):  # "add 'water the plants'": the todo that takes the quoted text, never the puzzle that
        return holds  # has no place for it
    if (
        len(live) > 1
        and live[0].state == "ready"
        and live[0].fill.evidence
        and writes_nothing(live[0].tool)
        and all(p.tool.kind in ("read", "check") and not p.fill.evidence for p in live[1:])
    ):  # "is 7919 prime?": the best, which reads its values, never a listing that reads none
        return live[:1]
    ready = [p for p in live if p.state == "ready"]
    if (
        len(live) > 1
        and len(ready) == 1
        and (
            goes_on(reading)
            or converts(reading, ready[0].tool)
            or formatted(reading, ready[0].tool)
        )
        and (
            writes_nothing(ready[0].tool)
            or converts(reading, ready[0].tool)
            or formatted(reading, ready[0].tool)
        )
        and all(p.state == "missing" for p in live if p is not ready[0])
    ):  # "and in celsius" after a conversion: the one that goes on with it, never another
        return ready  # that would need the value again; "convert #ff69b4 to rgb": the one that
        # reads it, never one that would need a value it did not read (nothing is written)
    reads_more = _reads_more(live)
    if reads_more is not None:  # "rename task 1 to: X": the one that reads X as a value
        live = [reads_more]
    taker = _order_taker(live, reading)
    if taker is not None:  # "tell test-runner to run the tests": a task, not a message
        live = [taker]
    return live


def _read_values(plan: _Plan, reading: Request) -> bool:
    """Whether a plan reads values of the request (a number, a quantity, a run of listed
    values), not its words alone ("convert it to miles": no query "miles" for the converter
    of sentences)."""
    tokens = reading.text.tokens
    numbered = {p.name for p in numbered_params(plan.tool)}  # "brown black red gold": listed
    return any(
        k in numbered
        or any(tokens[i].kind not in ("word", "quoted") for i in plan.fill.spans.get(k, ()))
        for k in plan.args
    )  # ("calculate my loan payment": no `loans_json` "payment" either)


def writes_nothing(tool: ToolView) -> bool:
    """Whether a tool only reads or computes: a read, or a tool of no verb of ours that takes
    nothing a record is named or written with (`analyze_number_theory(number, operation)`;
    never `git_commit(repo_path, message)`)."""
    if tool.kind in ("read", "check") or tool.read_only:
        return True
    if tool.kind is None and tool.answers_questions:  # "Use when a farmer asks when to plant"
        return True
    written = ("title", "body", "text", "path", "paths", "url", "key", "keys", "id", "label")
    return tool.kind is None and tool.identifier is None and not tool.role(*written)


def twins(ranked: list[Scored], close: list[Scored]) -> list[Scored]:
    """The tools that make the same thing another way as the best of `close`, a new record:
    its server's, of its verb, sharing a noun of their own (`add_card` beside `add_sealed`,
    both of the collection), however far behind; for a read, its server's reads of the same
    thing; planned only when the best cannot go on."""
    best = close[0].tool
    if best.kind in (None, "read", "check"):  # "colors for 10k?": `decode_resistor_color_bands`
        found = [s for s in ranked if s not in close and _reads_alike(s.tool, best)]  # takes
        return found[: LEX.weights.twins_planned]  # none of it, `encode_resistor_value` does
    if best.kind != "create":
        return []
    found = [s for s in ranked if s not in close and _twin(s.tool, best)]
    return found[: LEX.weights.twins_planned]


def _reads_alike(one: ToolView, other: ToolView) -> bool:
    """Whether two reads (or computations) of one server work on the same kind of thing: a
    noun of their own in common (`decode_resistor_color_bands`, `encode_resistor_value`)."""
    reads = (None, "read", "check")
    own = one.nouns - one.server_nouns
    return (
        one.server == other.server
        and one.kind in reads
        and other.kind in reads
        and bool(own & (other.nouns - other.server_nouns))
    )


def _twin(one: ToolView, other: ToolView) -> bool:
    """Whether two tools make the same kind of thing (or are one): of one server, kind and
    verb, sharing a noun that is not the server's name."""
    own = one.nouns - one.server_nouns
    return (
        one.server == other.server
        and one.kind == other.kind
        and one.verb == other.verb
        and bool(own & (other.nouns - other.server_nouns))
    )


def waiting(plans: list[Plan], reading: Request) -> list[Plan]:
    """The plans that wait on a listing, less those that would look up a day alone, or the
    value a plan ahead of them, ready, takes ("what sets match 'paldean'?": the search's
    query, never a set named so to look up first)."""
    return [
        p
        for p in plans
        if p.state == "list" and not day_only(p, plans, reading) and not _taken_ahead(p, plans)
    ]


def _taken_ahead(plan: Plan, plans: list[Plan]) -> bool:
    said = set(plan.fill.reference_tokens)
    reads = ("read", "check")  # (a change waits: which record it is decides the tool)
    return (
        bool(said)
        and plan.tool.kind in reads
        and any(
            p is not plan
            and p.state == "ready"
            and p.tool.kind in reads
            and p.score > plan.score
            and said & set().union(*p.fill.spans.values())
            for p in plans
        )
    )


def day_only(plan: Plan, plans: list[Plan], reading: Request) -> bool:
    """Whether `plan` looks for an item by a day alone ("since last monday", of "journal
    entries since last monday") that another plan, ready, takes as its value: no item's name."""
    tokens = reading.text.tokens
    said = plan.fill.reference_tokens
    marks = LEX.since_words | LEX.until_words
    if not said or not set(said) & reading.when_tokens:
        return False
    if not all(i in reading.when_tokens or tokens[i].norm in marks for i in said):
        return False
    return any(
        p is not plan and p.state == "ready" and set(said) & set().union(*p.fill.spans.values())
        for p in plans
    )


def best_read(ready: list[Plan], reading: Request) -> Plan | None:
    """Of rival reads, the details of the one person a question names by name; the best when
    it is ahead; of reads that score alike, the listing of the things asked for ("what
    reminders do I have?"), the one of the records one writes asked what one wrote, the one
    that uses more of what the request says ("in review on the Mobile app board": the cards,
    not the boards), or whose noun heads the two said ("feed categories"); else None."""
    if len(ready) < 2:
        return ready[0] if ready else None
    named = [p for p in ready if conversion(reading, p.tool) is not None]
    if len(named) == 1 and known_units(reading):  # "convert 350 F to celsius": the lexicon's
        return named[0]  # units to the tool that takes them by name, never `tempC` as written
    if _reads_past(ready[1], ready[0], reading):  # "do I know the word serendipity?": that word's
        return ready[1]  # details, not a list of words that leaves it out
    person = _person_details(ready)
    if person is not None:  # "when's Leila's birthday?": hers, not every reminder
        return person
    if ready[0].score - ready[1].score >= W.reads_ahead:
        return ready[0]
    asked = _listing_asked(ready, reading) or _written_asked(ready, reading)
    if asked is not None:
        return asked
    said = sorted(ready, key=lambda p: -len(p.fill.evidence))
    if len(said[0].fill.evidence) > len(said[1].fill.evidence):
        return said[0]
    return _head_noun(ready[0], ready[1])


def _person_details(ready: list[Plan]) -> Plan | None:
    """Of rival reads none of which the request names by its noun, the best of those that get
    one person's details by the name the question says for them (`_whose`): "what's Tommy's
    full name?" is his record, not the reminders ("what are Leila's reminders?" names the
    reminders)."""
    if any(p.fill.nouns for p in ready):
        return None
    found = [
        p
        for p in ready
        if LEX.in_group(p.tool.verb or "", "get")
        and p.tool.nouns & LEX.person_nouns
        and any(q.role == "person" and q.name in p.fill.evidence for q in p.tool.params.values())
    ]
    return found[0] if found else None


def _listing_asked(ready: list[Plan], reading: Request) -> Plan | None:
    """ "what reminders do I have?": of reads that tie, the one plain listing (a verb of
    listing, nothing required) whose one noun is the word right after the question word
    (lexicon LISTING_QUESTIONS), not a check of them nor a count."""
    action, tokens = reading.action, reading.text.tokens
    if not action.question or action.verb not in LEX.listing_questions or not action.tokens:
        return None
    at = action.tokens[-1] + 1
    if at >= len(tokens) or tokens[at].kind != "word":
        return None
    found = [
        p
        for p in ready
        if LEX.in_group(p.tool.verb or "", "list")
        and not p.tool.required
        and len(p.tool.own_nouns) == 1
        and noun_strength(tokens[at].norm, next(iter(p.tool.own_nouns))) == 1.0  # its own
    ]
    return found[0] if len(found) == 1 else None


def _written_asked(ready: list[Plan], reading: Request) -> Plan | None:
    """ "did I write anything about scope?": of reads that tie, the one of the records one
    writes (lexicon WRITTEN_NOUNS), asked with a verb of writing (WRITTEN_VERBS), not a
    search of people or of a ledger."""
    if not reading.action.question or not reading.words & LEX.written_verbs:
        return None
    found = [p for p in ready if p.tool.own_nouns & LEX.written_nouns]
    return found[0] if len(found) == 1 else None


def _reads_past(other: Plan, one: Plan, reading: Request) -> bool:
    """Whether `other` reads every word `one` accounts for (function words apart), and besides
    them the record it is about, by the name a required parameter of its takes: a question
    about one record, which `one` would answer with others."""
    tokens = reading.text.tokens
    mine, theirs = (
        {i for i in p.fill.used if not is_function(tokens[i].norm)} for p in (one, other)
    )
    params = other.tool.params
    valued = {i for span in one.fill.spans.values() for i in span}  # "quiz me with 30 words":
    named = [  # 30 is a count of `one`'s, never inside the name of a record `other` reads
        n
        for n in other.fill.evidence
        if n not in one.fill.evidence
        and n in params
        and params[n].required
        and params[n].role in _RECORD_NAMES
        and not other.fill.spans.get(n, set()) & valued
        and (params[n].role == "id" or not str(other.fill.args.get(n, "")).isdigit())  # "5 words"
    ]
    return bool(named) and theirs > mine


def _head_noun(one: Plan, other: Plan) -> Plan | None:
    """Of two reads named by two nouns said side by side ("list my feed categories"), the one
    whose noun ends the compound, its head: the categories, not the feeds."""
    mine, theirs = one.fill.nouns, other.fill.nouns
    if mine and theirs == {*mine, max(mine) + 1}:  # "feed categories" of the `feeds` server:
        return other  # the word that names the server counts for both; the head is the last
    if theirs and mine == {*theirs, max(theirs) + 1}:
        return one
    if not mine or not theirs or mine & theirs:
        return None
    if min(theirs) == max(mine) + 1:
        return other
    if min(mine) == max(theirs) + 1:
        return one
    return None


def _reads_more(live: list[Plan]) -> Plan | None:
    """Of writes on one item (ready, or changing nothing), the ready one that reads as values
    the words every other folds into its reference (complete_task's "1 to: Set up CI" is
    modify_task's "1", and its new text)."""
    if len(live) < 2 or not all(
        p.state in ("ready", "unchanged") and p.item is not None and p.item == live[0].item
        for p in live
    ):
        return None
    best = min(live, key=lambda p: len(p.fill.reference_tokens))
    if best.state != "ready":
        return None
    mine = set(best.fill.reference_tokens)
    for plan in live:
        theirs = set(plan.fill.reference_tokens)
        if plan is not best and not (theirs > mine and theirs - mine <= best.fill.used):
            return None
    return best


def targeted(plan: Plan) -> bool:
    """A read, or a write on an item the request names (found, or given by its id)."""
    ident = plan.tool.identifier
    if plan.tool.kind in ("read", "check"):
        return True
    return plan.item is not None or (ident is not None and ident.name in plan.fill.args)


def _order_taker(live: list[Plan], reading: Request) -> Plan | None:
    """Of ready writes that each hand one item (the same) one text (the same), the one whose
    parameter for it is named for an order (`task_description`, `prompt`: lexicon
    ORDER_PARAM_WORDS), when only one is, if the request hands that item the text as an order
    (lexicon HANDED_ORDERS): "tell test-runner to run the integration tests" is a task to
    start, not a message on the work it did."""
    marker = LEX.handed_orders.get(reading.action.verb or "")
    if len(live) < 2 or marker is None or not reading.action.tokens:
        return None
    whom: set[str] = set()
    said: set[str] = set()
    takers = []
    for plan in live:
        ident = plan.tool.identifier
        if plan.state != "ready" or plan.tool.kind in ("read", "check") or ident is None:
            return None
        texts = [plan.tool.params[k] for k in plan.args if k != ident.name]
        if len(texts) != 1 or texts[0].role not in ("title", "body"):
            return None
        value = plan.args[texts[0].name]
        if not isinstance(value, str):
            return None
        whom.add(str(plan.args.get(ident.name, "")).lower())
        said.add(value)
        if set(texts[0].words) & LEX.order_param_words:
            takers.append(plan)
    if len(whom) != 1 or len(said) != 1 or len(takers) != 1:
        return None
    return takers[0] if _handed(reading, whom.pop(), said.pop(), marker) else None


def _handed(reading: Request, whom: str, order: str, marker: str) -> bool:
    """Whether the request is its verb, whom it is for and the order, with the word between
    that the verb wants (`marker`: "tell X to <order>"; none: "have X <order>")."""
    tokens = reading.text.tokens
    at = reading.action.tokens[-1] + 1
    start = reading.text.original.find(order)
    begins = next((i for i, t in enumerate(tokens) if t.start == start), None)
    if not whom or start < 0 or begins is None:
        return False
    end = begins - 1 if marker else begins
    if marker and (end < at or tokens[end].norm != marker):
        return False
    return end > at and reading.text.slice(range(at, end)).strip().lower() == whom


def _shaped(plan: _Plan) -> bool:
    """Whether a plan read a value of a shape (an object, a list, a number), not texts alone."""
    return any(not isinstance(v, str) for v in plan.fill.args.values())
