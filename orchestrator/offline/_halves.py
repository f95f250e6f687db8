"""A request of two halves: a write, then "and" and a request of its own ("spent 8 on stamps
and remind me to post the letter tomorrow", "bought shoes for 89.99 and add "break them in" to
my todo list"). Each half is read as a request of its own, "it" in the second being the record
the first makes ("add "prepare slides" to todo.txt and also remind me about it friday at 9":
a reminder about "prepare slides"). When the first alone would be written at once (a new record
or a thing started, no question, no listing first), it is; so is the second after it, one a
turn, when it alone would be too, else the answer says it was not done, never dropped in
silence; so does a half after one that failed. A first half that is not clear leaves the
request whole, and its question names the words of the other half it did not take
(`_clauses`); once that question is answered and the first half made, the second is made
after it when it alone would be written at once ("save <url> to my bookmarks bar and remind me
to read it tonight", then "path: BookmarksBar, title: HN": the bookmark, then a todo to read
"HN"), else the answer says it was not done. Two questions ("what's on my todo list and
what's in roster.xlsx?") are both read, one a turn, when each alone reads at once. A read (or
a conversion of no verb of ours) and then a write that needs nothing it returns are both made
("check stock on SKU-1001 and remind me tomorrow to order more", "convert #ff69b4 to rgb and
find me a pink emoji"); a half that points back at what the other returns ("buy that much",
"paint the door that color", "call Kenji then") is never written: it is said not done. A
sentence opened by "also" after the first is a request of its own ("... tag electronics. also
what's the closest standard value to 4.6k"), and one request said of two values of one shape
at its end is a call each ("compare the molar mass of D2O and H2O", "roll 2d6 and 1d20"),
unless one call takes both ("a random number between 1 and 6").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from orchestrator.offline._answer import call_failure, describe_result, say
from orchestrator.offline._chained import result_value, with_result
from orchestrator.offline._clauses import second_clause
from orchestrator.offline._coded import is_coded
from orchestrator.offline._convert import converts, formatted
from orchestrator.offline._plan import Planner
from orchestrator.offline._read import Request
from orchestrator.offline._rivals import writes_nothing
from orchestrator.offline._tokens import Token
from orchestrator.offline._tools import VERBS, ToolView
from orchestrator.offline._types import (
    Answers,
    Ask,
    CallTool,
    Conversation,
    Done,
    ListFirst,
    MadeCall,
    Refuse,
    Step,
)
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["answered_halves_step", "halves_step"]


def _halves(reading: Request) -> tuple[str, str] | None:
    """The two requests `reading` says, when its second clause is a request of its own, or
    when it asks two questions ("what's on my todo list and what's in roster.xlsx?")."""
    clause = second_clause(reading)
    count = len(reading.text.tokens)
    if clause is None:
        asked = _second_question(reading)
        if asked is None:
            return _another_sentence(reading)
        first = reading.text.slice(range(asked))
        second = reading.text.slice(range(asked + 1, count))
        return (first, second) if first.strip() and second.strip() else None
    if clause.same:
        return None
    first = reading.text.slice(range(clause.join))
    second = reading.text.slice(range(clause.verb, count))
    return (first, second) if first.strip() and second.strip() else None


def _another_sentence(reading: Request) -> tuple[str, str] | None:
    """ "add X to my glossary: ... . also what's the reactance of ...": a sentence after the
    first, opened by "also" (lexicon `JOIN_ADVERBS`), is a request of its own."""
    tokens = reading.text.tokens
    for k in range(1, len(tokens) - 2):
        if tokens[k].norm in LEX.sentence_ends and tokens[k + 1].norm in LEX.join_adverbs:
            first = reading.text.slice(range(k))
            second = reading.text.slice(range(k + 2, len(tokens)))
            return (first, second) if first.strip() and second.strip() else None
    return None


def _shared_verb(reading: Request) -> tuple[str, str] | None:
    """The two reads of one verb said of two things ("list my todos and my saved game
    sessions": "list my todos", then "list my saved game sessions"), joined by one "and"."""
    action = reading.action
    if action.kind != "read" or not action.tokens or second_clause(reading) is not None:
        return None
    tokens = reading.text.tokens
    start, end = action.tokens[0], action.tokens[-1] + 1
    joins = [k for k in range(end + 1, len(tokens) - 1) if tokens[k].norm == LEX.joins[0]]
    if len(joins) != 1 or start != 0:
        return None
    first = reading.text.slice(range(joins[0]))
    after = joins[0] + 1
    while after < len(tokens) - 1 and tokens[after].norm in LEX.join_adverbs:
        after += 1  # "... and also search the store for bag"
    said = VERBS.get(tokens[after].norm)
    if said is not None and said[0] == "read":  # "search emoji X and search the store for Y"
        second = reading.text.slice(range(after, len(tokens)))
    else:
        verb = reading.text.slice(range(start, end))
        second = f"{verb} {reading.text.slice(range(joins[0] + 1, len(tokens)))}"
    return (first, second) if first.strip() and second.strip() else None


def _two_targets(reading: Request) -> tuple[str, str] | None:
    """A conversion to two targets ("what's #ff0000 in rgb and in hsl", "5 km in miles and
    yards"): the request to the first, then the same to the second."""
    if reading.action.kind in ("create", "update", "delete"):
        return None  # "change the tags to work and social": one change, of two values
    tokens = reading.text.tokens
    end = len(tokens)
    while end and (tokens[end - 1].kind == "punct" or tokens[end - 1].norm in LEX.fillers):
        end -= 1
    links = set(LEX.conversion_links)
    for k in range(3, end - 1):
        if tokens[k].norm != LEX.joins[0] or tokens[k - 2].norm not in links:
            continue
        rest = [t for t in tokens[k + 1 : end]]
        if rest and rest[0].norm in links:
            rest = rest[1:]
        if len(rest) != 1 or rest[0].kind != "word" or tokens[k - 1].kind != "word":
            return None
        first = reading.text.slice(range(k))
        second = f"{reading.text.slice(range(k - 1))} {rest[0].text}"
        return first, second
    return None


def _two_values(reading: Request) -> tuple[str, str] | None:
    """One request said of two values of one shape at its end ("compare the molar mass of D2O
    and H2O", "is 10.0.0.1 private and 8.8.8.8?"): the request of the first, then the same of
    the second; never of two words ("salt and pepper"), nor in a write."""
    if reading.action.kind in ("create", "update", "delete"):
        return None
    tokens = reading.text.tokens
    end = len(tokens)
    while end and (tokens[end - 1].kind == "punct" or tokens[end - 1].norm in LEX.fillers):
        end -= 1
    k = end - 2
    if k < 2 or tokens[k].norm != LEX.joins[0]:
        return None
    a, b = tokens[k - 1], tokens[k + 1]
    if a.kind != b.kind or not (_valued(a) and _valued(b)):
        return None
    first = reading.text.slice(range(k))
    second = f"{reading.text.slice(range(k - 1))} {b.text}"
    return first, second


def _one_each(
    whole: Request, tools: Sequence[ToolView], conv: Conversation
) -> tuple[str, str] | None:
    """`_two_values`' two requests, where the whole read at once is no one call that takes
    both ("a random number between 1 and 6": its low and its high)."""
    parts = _two_values(whole)
    if parts is None:
        return None
    alone = Planner(whole, list(tools), (), conv.earlier).next()
    if isinstance(alone, CallTool):
        given = "".join(str(v) for v in alone.arguments.values()).replace(" ", "").lower()
        if parts[1].rsplit(" ", 1)[-1].lower() in given:
            return None
    return parts


def _valued(token: Token) -> bool:
    """A token that is a value, not a word: a number, an address, a code ("H2O", "NaCl",
    "2d6")."""
    if token.kind in ("punct", "quoted"):
        return False
    return token.kind != "word" or is_coded(token.text) or any(c.isdigit() for c in token.text)


def _apart(
    whole: Request,
    first: CallTool,
    second: CallTool | None,
    tools: Sequence[ToolView],
    conv: Conversation,
) -> bool:
    """Whether two reads of one verb are two tools' ("list my todos and my saved game
    sessions"), the whole request read at once being neither both nor another's: no one call
    takes both ("find emojis for rain and snow", "list the tasks of alpha and beta")."""
    if second is None or second.tool == first.tool:
        return False
    if conv.calls:
        return True  # (the first is made: this is the split made before)
    alone = Planner(whole, list(tools), (), conv.earlier).next()
    return not isinstance(alone, CallTool) or alone.tool in (first.tool, second.tool)


def _second_question(reading: Request) -> int | None:
    """The join of a question that asks a second one after it ("... and what's in X?"), when
    the request opens with a question word too."""
    tokens = reading.text.tokens
    if not tokens or tokens[0].norm not in LEX.wh_words:
        return None
    joins = [
        k
        for k in range(1, len(tokens) - 2)
        if tokens[k].norm in LEX.joins and tokens[k + 1].norm in LEX.wh_words
    ]
    return joins[0] if len(joins) == 1 else None


def _two_questions(reading: Request) -> bool:
    """Whether the request's two halves are two questions ("what's X and what's Y?")."""
    return second_clause(reading) is None and _second_question(reading) is not None


def _points_back(second: Request, read_first: bool) -> bool:
    """Whether a half points back at what the other returns ("that much", "that color", "each
    one"; "it" too after a read: after a write, "it" is the record made, said by its name)."""
    pointing = {*LEX.pointing_words, *LEX.pronoun_tails, *LEX.result_pointers}
    if read_first:
        pointing |= {*LEX.object_pronouns, *LEX.possessive_pronouns}
    return any(t.norm in pointing for t in second.text.tokens)


def _made(reading: Request, arguments: Mapping[str, Any], tool: ToolView) -> str | None:
    """What the record a half makes is called: its words in quotes, else its title."""
    quoted = [t for t in reading.text.tokens if t.kind == "quoted"]
    if len(quoted) == 1:
        return quoted[0].text
    titles = [arguments.get(p.name) for p in tool.role("title")]
    return next((f'"{t}"' for t in titles if isinstance(t, str) and t), None)


def _of_it(second: Request, made: str | None) -> str:
    """The second half with its "it" (the record the first makes) said by name."""
    said = [t for t in second.text.tokens if t.norm in LEX.object_pronouns]
    text = second.text.original
    if made is None or len(said) != 1:
        return text
    return text[: said[0].start] + made + text[said[0].end :]


def _chained(
    second: Request,
    made: MadeCall,
    by_name: Mapping[str, ToolView],
    written: Callable[[str, tuple[str | None, ...]], CallTool | None],
) -> CallTool | None:
    """The second half's read, made with the value the first returned where it points back
    (`_chained`); None when the first failed, returned no one value, or the second is no
    read."""
    tool = by_name.get(made.name)
    if tool is None or call_failure(tool, made.status, made.output) is not None:
        return None
    value = result_value(made.arguments, made.output)
    text = with_result(second, value) if value is not None else None
    return written(text, ("read", "check")) if text is not None else None


def halves_step(
    conv: Conversation, tools: Sequence[ToolView], read_one: Callable[[str], Request]
) -> Step | None:
    """This turn's step for a request of two halves, or None to read it whole: the next
    half's call, or, both made (or one not), the answer."""
    whole = read_one(conv.request)
    parts = _halves(whole)
    shared = False
    targets = False
    valued = False
    if parts is None:
        parts = _shared_verb(whole)
        targets = parts is None
        parts = parts or _two_targets(whole)
        if parts is None:
            parts = _one_each(whole, tools, conv)
            valued = parts is not None
        if parts is None:
            return None
        shared = True
    by_name = {t.name: t for t in tools}

    asked = shared or _two_questions(whole)
    reads = ("read", "check")

    def computes(reading: Request, tool: ToolView) -> bool:
        """A tool of no verb of ours that writes nothing ("convert #ff69b4 to rgb")."""
        said = converts(reading, tool) or formatted(reading, tool) is not None
        return writes_nothing(tool) or said

    def written(text: str, kinds: tuple[str | None, ...], second: bool = False) -> CallTool | None:
        reading = read_one(text)  # (the second, once the first is made: its call the one before,
        done = [c for c in conv.calls if c.done][:1] if second else []  # "... and add laufen =
        step = Planner(reading, list(tools), (), [*conv.earlier, *done]).next()  # to run")
        if isinstance(step, ListFirst) and shared and len(step.calls) == 1:
            step = CallTool(*step.calls[0])  # "show the emoji categories": that listing read
        if not isinstance(step, CallTool):
            return None
        tool = by_name[step.tool]
        if tool.kind not in kinds and not (reads[0] in kinds and computes(reading, tool)):
            return None
        return step

    chain = not asked and _points_back(read_one(parts[1]), True)  # "... and give me its md5":
    # a tool of no verb of ours may make what the second works on
    kinds: tuple[str | None, ...] = reads if asked else ("create", "run", *reads)
    if valued:  # "roll 2d6 and 1d20": one tool, each value its own call, whatever it does
        kinds = (*kinds, None)
    first = written(parts[0], (*kinds, None) if chain else kinds)
    if first is None:
        return None
    if asked and written(parts[1], kinds if valued else reads) is None:
        return None  # two questions: both read at once, or the request read whole
    if shared and not targets and not _apart(whole, first, written(parts[1], reads), tools, conv):
        return None  # "find emojis for rain and snow": one search of its words
    read_first = (
        by_name[first.tool].kind in reads
        or computes(read_one(parts[0]), by_name[first.tool])
        or (chain and by_name[first.tool].kind is None)
    )
    named = _made(read_one(parts[0]), first.arguments, by_name[first.tool])
    second = (  # "convert 5 gallons to liters and buy that much water", "... then paint the
        None  # door that color": what the first returns is no value of ours to write; the
        if not asked and _points_back(read_one(parts[1]), read_first)  # first is made, the
        else written(_of_it(read_one(parts[1]), named), ("create", "run", *reads, *kinds), True)
    )  # said not done
    made = list(conv.calls)
    if second is None and not asked and read_first and made and made[0].done:
        second = _chained(read_one(parts[1]), made[0], by_name, written)  # "... and tell me
        # how readable that sentence is": the read of what the first returned
    steps = [first] if second is None else [first, second]
    if any(c.name != s.tool or not c.done for c, s in zip(made, steps, strict=False)):
        return None
    failed = [c for c in made if call_failure(by_name[c.name], c.status, c.output) is not None]
    if len(made) < len(steps) and not failed:
        return steps[len(made)]
    lines = [describe_result(by_name[c.name], c.arguments, c.status, c.output) for c in made]
    if len(made) < len(parts):  # the first failed, or the second needs a question
        lines.append(say("half_untried" if failed else "half_unclear", part=parts[len(made)]))
    undone = failed or len(made) < len(parts)
    return Refuse("\n".join(lines)) if undone else Done("\n".join(lines))


def answered_halves_step(
    conv: Conversation,
    tools: Sequence[ToolView],
    read_one: Callable[[str], Request],
    answers: Answers,
) -> Step | None:
    """This turn's step once the question about the first half of a request of two halves
    is answered (see the module docstring), or None when the question was not about its first
    half: the first half's own steps, then the second's call, then both answers."""
    parts = _halves(read_one(conv.asked_request))
    if parts is None or conv.asked is None:
        return None
    alone = Planner(read_one(parts[0]), list(tools), (), conv.earlier).next()
    if not isinstance(alone, Ask) or alone.question.about != conv.asked.about:
        return None  # the question was about the whole, or about the other half
    first = Planner(read_one(parts[0]), list(tools), conv.calls, conv.earlier, answers).next()
    if not isinstance(first, Done):
        return first
    by_name = {t.name: t for t in tools}
    made = next((c for c in conv.calls if c.name == answers.tool and c.done), None)
    named = _made(read_one(parts[0]), made.arguments, by_name[made.name]) if made else None
    second = Planner(read_one(_of_it(read_one(parts[1]), named)), list(tools), (), conv.earlier)
    step = second.next()
    if not isinstance(step, CallTool) or by_name[step.tool].kind not in ("create", "run"):
        return Refuse("\n".join([first.text, say("half_unclear", part=parts[1])]))
    call = next(
        (c for c in conv.calls if c.name == step.tool and c.arguments == step.arguments), None
    )
    if call is None or not call.done:
        return step
    text = describe_result(by_name[call.name], call.arguments, call.status, call.output)
    failed = call_failure(by_name[call.name], call.status, call.output) is not None
    return (Refuse if failed else Done)("\n".join([first.text, text]))
