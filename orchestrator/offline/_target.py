"""The new value of a change, said after "to" ("rename X to Y", "change the description of X to
Y", "set X's notes to 'Y'"): into the parameter the words before "to" name, an enum value
that parameter lists, or the item's new text (`ToolView.new_text`)."""

from __future__ import annotations

from orchestrator.offline._enums import find_enum_in
from orchestrator.offline._phrase import Fill, text_of, trim
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["target"]


def target(reading: Request, f: Fill, tool: ToolView, free: list[int]) -> None:
    """ "rename X to Y", "change the description of X to Y", "set X's notes to 'Y'", "call it
    Y" (`_named_it`)."""
    tokens = reading.text.tokens
    tos = [i for i in free if tokens[i].norm in LEX.change_to] or _named_it(reading)
    if not tos:
        return
    fielded = [  # "change the title to book flights to nairobi": the "to" after the field
        j  # named is the one the new value follows, whatever "to" the value says
        for j in tos
        if j > 0 and any(singular(tokens[j - 1].norm) in p.words for p in tool.params.values())
    ]
    at = fielded[0] if fielded else tos[-1]
    value = [i for i in free if i > at]
    colon = next((n for n, i in enumerate(value) if tokens[i].norm in LEX.heading_marks), 0)
    if colon > 0:  # "a note to the billing task: blocked on ...": the item is before the colon,
        at, value = value[colon], value[colon + 1 :]  # the new value after it
    if not value:
        return
    named = None
    said = sorted({*free, *f.nouns})  # "set order 1 status to shipped": `ubah_status_order`'s
    for i in said:  # noun "status" names its field `status_baru`, the new status
        if i >= at:
            break
        word = singular(tokens[i].norm)
        for param in tool.params.values():
            if (
                param.name not in f.args
                and word in param.words
                and param.role in ("title", "body", "label", "query", "place")
                and (i in free or _new_of(param, word))
                and (tokens[i].norm not in tool.nouns or _new_of(param, word))
            ):
                named = (param, i)
    if named is None:
        for i in said:
            if i >= at:
                break
            for param in tool.role("enum"):
                word = singular(tokens[i].norm)
                if (
                    param.name not in f.args
                    and word in param.words
                    and (i in free or _new_of(param, word))
                ):
                    hit = find_enum_in(reading, param, value, tool)
                    if hit is not None:
                        f.set(param, hit, [i, at, *value], reading.text.slice(value))
                        return
    if named is not None:
        param, i = named
        f.set(
            param,
            text_of(reading, trim(reading, value)),
            [i, at, *value],
            reading.text.slice(value),
        )
        if i > 0 and tokens[i - 1].norm == LEX.the_word:
            f.used.add(i - 1)
        return
    marked = _marked_text(reading, value)
    replaced = tool.replaced_text  # "change the plumber note to 0176 5550999": what it says
    if (
        replaced is not None
        and replaced.name not in f.args
        and reading.action.group == LEX.group("update")
        and any(i < at for i in f.nouns)
    ):
        kept = marked or trim(reading, value)
        norms = [tokens[i].norm for i in kept]
        lead = next((p.split() for p in LEX.says_leads if norms[: len(p.split())] == p.split()), [])
        kept = marked or trim(reading, kept[len(lead) :])  # "to just say oat milk": oat milk
        if kept:
            f.set(replaced, text_of(reading, kept), [at, *value], reading.text.slice(kept))
        return
    if reading.action.verb in LEX.rename_verbs or marked:
        texts = _new_text(tool, f)
        if texts and not marked:
            _time_in_new_text(reading, f, at)
        if texts:
            kept = marked or trim(reading, value)
            f.set(texts[0], text_of(reading, kept), [at, *value], reading.text.slice(value))


def _time_in_new_text(reading: Request, f: Fill, at: int) -> None:
    """ "rename gym after work to gym at 6pm": a date or time said in the new text is its
    words, or a due time of the item; either fits, so it is taken for neither (and asked
    about)."""
    said = {i for i in reading.when_tokens if i > at}
    if not said:
        return
    for name, spans in list(f.spans.items()):
        if spans & said and name in f.args:
            del f.args[name]
            f.evidence.pop(name, None)
            f.used.difference_update(spans)


def _marked_text(reading: Request, value: list[int]) -> list[int]:
    """The new text of a change, when marks say where it is: one quoted span ("to 'call grandma
    about christmas'"), or all that follows a colon ("to: Call the plumber about the boiler")."""
    tokens = reading.text.tokens
    if len(value) == 1 and tokens[value[0]].kind == "quoted":
        return value
    if len(value) > 1 and tokens[value[0]].norm in LEX.heading_marks:
        return trim(reading, value[1:])
    return []


def _new_of(param: Param, word: str) -> bool:
    """Whether `param` is named as the new value of what `word` says (`status_baru`,
    `new_status` for "status"): that word names it even where it names the tool's thing too."""
    return word in param.words and bool(set(param.words) & LEX.name_modifiers)


def _new_text(tool: ToolView, f: Fill) -> list[Param]:
    """Where an item's new text goes (`ToolView.new_text`), if not set already."""
    return [p for p in tool.new_text if p.name not in f.args]


def _named_it(reading: Request) -> list[int]:
    """ "call it Space", "name it Space": the pronoun after a naming verb, where "to" would be
    in "rename it to Space"; [] when the request is not said so."""
    tokens = reading.text.tokens
    if len(reading.action.tokens) != 1:
        return []
    at = reading.action.tokens[0]
    if tokens[at].norm not in LEX.naming_verbs or at + 1 >= len(tokens):
        return []
    return [at + 1] if tokens[at + 1].norm in LEX.named_pronouns else []
