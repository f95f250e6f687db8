"""Values a word labels: "on branch X", "in project X", "the Website project", "as analyst",
"of type person", "a company entity", "with alice and bob", "in the big room", an example value
the schema gives ("code generation"), and marked texts: "called X", "titled X", "with
description X", "notes: X". A label without its word counts only when the name stands out
("start a timer on Acme").
"""

from __future__ import annotations

import re
from typing import Any

from orchestrator.offline._account import is_function
from orchestrator.offline._enums import find_enum
from orchestrator.offline._nouns import CONTAINERS, described_before, noun_matches
from orchestrator.offline._phrase import (
    BOUNDARY,
    CLAUSES,
    EDGE,
    NOT_VALUE,
    TITLE_MARKERS,
    Fill,
    phrase_after,
    text_of,
    trim,
)
from orchestrator.offline._read import Request
from orchestrator.offline._schema import fits_pattern
from orchestrator.offline._slots import TAG_WORDS
from orchestrator.offline._spending import money_asked
from orchestrator.offline._tokens import singular, stem, words_of
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline._whose import named_person
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["example_values", "label_values", "marked_values"]

_BEFORE_LABEL = LEX.before_label


def example_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """A value the schema gives as an example, named in words ("code generation"); or one of
    the values a label's description gives as examples, said alone between commas ("15
    minutes, easy, with ..." for `difficulty: Difficulty level (e.g. "easy", "medium")`)."""
    for param in tool.role("label", "query", "person"):
        if param.name in f.args:
            continue
        for example in param.schema.get("examples") or []:
            if not isinstance(example, str) or len(example) < 4:
                continue
            parts = words_of(example)
            for i in range(len(reading.text.tokens) - len(parts) + 1):
                span = list(range(i, i + len(parts)))
                if not f.used & set(span) and [reading.text.tokens[k].norm for k in span] == parts:
                    f.set(param, example, span, reading.text.slice(span))
                    break
    _described_examples(reading, f, tool)


def _described_examples(reading: Request, f: Fill, tool: ToolView) -> None:
    tokens = reading.text.tokens
    alone = [
        i
        for i, tok in enumerate(tokens)
        if i not in f.used
        and tok.kind == "word"
        and (i == 0 or tokens[i - 1].norm in CLAUSES)
        and (i + 1 == len(tokens) or tokens[i + 1].norm in CLAUSES | set(LEX.items_ends))
    ]
    takers: dict[int, list[Param]] = {}
    for param in tool.role("label"):
        if param.name in f.args:
            continue
        said = {tokens[i].norm for i in alone} & param.examples
        for i in alone:
            if tokens[i].norm in said:
                takers.setdefault(i, []).append(param)
    for i, params in takers.items():
        if len(params) == 1 and params[0].name not in f.args:  # one parameter's, no other's
            f.set(params[0], tokens[i].text, (i,), tokens[i].text)


def _chosen_words(reading: Request, f: Fill, tool: ToolView, param: Param) -> set[int]:
    """The words that say a value of one of the tool's other choices ("concept gap" for
    `error_type: concept_gap | ...`): never the name of `param` (`concept`) with its value."""
    found = (
        find_enum(reading, other, f.used, tool)
        for other in tool.params.values()
        if other is not param and other.enum and other.name not in f.args
    )
    return {i for hit in found if hit is not None and len(hit[1]) > 1 for i in hit[1]}


def label_values(reading: Request, f: Fill, tool: ToolView, known: dict[str, list[str]]) -> None:
    """ "on branch X", "in project X", "the Website project", "as analyst", "of type person"."""
    tokens = reading.text.tokens
    example_values(reading, f, tool)
    for param in tool.role("people"):
        if param.name not in f.args and not _company_in_title(reading, f, tool, param):
            _with_people(reading, f, param)
    if tool.kind == "read" and tool.nouns & LEX.person_nouns and not tool.role("person"):
        for param in tool.role("query")[:1]:  # "whats maria's number?": contacts matching her
            _named_person(reading, f, param)
    named = [  # `sheet_name` of `create_workbook`: the name of a part, said after its noun;
        p  # a read's optional `model_name` filter ("records from model yolo-v8")
        for p in tool.role("title", "key")
        if p.type in ("string", None)
        and (
            p.role == "title"
            or (not p.required and (tool.kind in ("read", None) or p is not tool.identifier))
        )
        and set(p.words) - LEX.label_noise - tool.nouns - LEX.title_words
    ]
    labelled = [*tool.role("label", "person", "place"), *named]
    labels = {p.name: _label_words(p, tool) for p in labelled}
    shared = {w for words in labels.values() for w in words} - {
        w for w in set().union(*labels.values()) if sum(w in ws for ws in labels.values()) < 2
    }  # "model" of `model_name` and `model_version`
    for param in labelled:
        if param.name not in f.args:
            _prefixed(reading, f, param)  # "records from SN-1001" for `device_sn`
        if param.name in f.args:
            continue
        label = (
            {
                w
                for w in param.words
                if w not in LEX.label_noise
                and w not in LEX.prepositions
                and w not in LEX.name_modifiers  # `status_baru`: "status" labels it, not "new"
            }
            or {w for w in param.words if w not in LEX.label_noise}
            or set(param.words)
        )  # `in_reply_to`: "reply" labels it, never "in" ("visiting Munich in March")
        label = (label - tool.nouns) or label  # entityType: "type"; "entity" is the tool's noun
        typed = bool(label & LEX.typed_labels)
        chosen = _chosen_words(reading, f, tool, param)  # "concept gap": an `error_type`
        for i, tok in enumerate(tokens):
            if i in chosen:
                continue
            word = TAG_WORDS.get(tok.norm, singular(tok.norm))
            if (
                typed
                and i in f.nouns
                and i > 0
                and tokens[i - 1].kind == "word"
                and (i - 1 not in f.used and tokens[i - 1].norm not in NOT_VALUE)
            ):  # "a company entity": the kind of thing, said before its noun
                f.set(param, tokens[i - 1].text, (i - 1,), f"{tokens[i - 1].text} {tok.text}")
                break
            derived = word not in label and (  # "assign it to Ana", "compounded monthly"
                _derived(tok.norm, label)
                or _same_stem(tok.norm, label)
                or bool(set(LEX.measure_verbs.get(tok.norm, ())) & label)  # "felt great"
            )
            if (i in f.used and i not in f.nouns) or (word not in label and not derived):
                continue
            if word in shared and not _said_whole(reading, i, label, word):
                continue  # "model yolo-v8": the model's name, not its version
            j = i + 1
            while j < len(tokens) and singular(tokens[j].norm) in label - {word}:
                j += 1  # "model version 2.1": the label's other words, then its value
            links = LEX.label_links + (LEX.derived_links if derived else ())
            while j < len(tokens) and tokens[j].norm in links:
                j += 1
            if _names_record(reading, i, j, tool, param):
                continue
            if param.role == "title" and any(
                tokens[k].norm in LEX.title_markers for k in range(i + 1, j)
            ):  # "a concept called quadratic formula": the name whole, as a title is read
                break
            before = i - 1
            after = j < len(tokens) and j not in f.used and tokens[j].norm not in NOT_VALUE
            if after and param.allowed and tokens[j].norm not in param.allowed:
                # "high priority I should ...": the listed value before the label, if there is one
                after = not (before >= 0 and tokens[before].norm in param.allowed)
            if after and tokens[j].kind in ("word", "other", "path", "ident", "number", "quoted"):
                run = _field_run(reading, f, param, i, j)
                value = text_of(reading, run) if len(run) > 1 else tokens[j].inner
                f.set(param, value, range(i, run[-1] + 1), f"{tok.text} {value}")
                break
            ahead = (
                before >= 0
                and before not in f.used
                and tokens[before].norm not in NOT_VALUE
                and not described_before(tool, tokens[before].norm, tok.norm)
                and not (param.role == "title" and singular(tok.norm) != tok.norm)
            )  # ("my programming concepts": a kind of many, not one concept's name)
            if (
                ahead
                and tokens[before].kind in ("word", "other", "quoted")
                and (
                    before == 0
                    or tokens[before - 1].norm in _BEFORE_LABEL
                    or tokens[before].norm in param.allowed
                )
            ):  # "the Website project"; "..., high priority": a value its description lists
                start = before - 1 if before > 0 and tokens[before - 1].norm in EDGE else before
                f.set(
                    param,
                    tokens[before].inner,
                    range(start, i + 1),
                    f"{tokens[before].text} {tok.text}",
                )
                break
        if param.name in f.args:
            continue
        stated = tool.kind == "update" and bool(set(param.words) & LEX.state_labels)
        if param.role in ("label",) and (set(param.words) & LEX.as_labels or stated):
            for i, tok in enumerate(tokens[:-1]):
                if tok.norm in LEX.as_words and i not in f.used and i + 1 not in f.used:
                    nxt = tokens[i + 1]
                    if (
                        nxt.kind == "word"
                        and nxt.norm not in EDGE
                        and nxt.norm in known.get(param.name, [nxt.norm])
                        and (not stated or set(param.words) & LEX.as_labels or _state(nxt.norm))
                    ):
                        f.set(param, nxt.text, (i, i + 1), f"{tok.text} {nxt.text}")
                        break
        if set(param.words) & LEX.class_param_words and param.name not in f.args:
            _filed_under(reading, f, param, _class_leads(reading, tool))
        if param.words[-1:] and param.words[-1] in LEX.from_labels and param.name not in f.args:
            _said_from(reading, f, param)
        if param.role == "person":
            _with_people(reading, f, param)
        if param.role == "person" and tool.kind in ("read", "check") and param.name not in f.args:
            _named_person(reading, f, param)
        if param.role == "place" and param.name not in f.args:
            _place(reading, f, param)
        if param.role == "label" and set(param.words) & LEX.region_words:
            _region_at_end(reading, f, param)  # "... in uasin gishu?": `county`
    _loose_label(reading, f, tool)


def _prefixed(reading: Request, f: Fill, param: Param) -> None:
    """A value written with its field's short name as its prefix ("SN-1001" for `device_sn`):
    that field's, wherever it is said."""
    short = [w for w in param.words if 2 <= len(w) <= 3 and w not in LEX.id_words]
    if not short or param.type not in ("string", None) or param.enum:
        return
    shapes = [re.compile(rf"{re.escape(w)}[-_]?\d[\w-]*", re.I) for w in short]
    tokens = reading.text.tokens
    found = [
        i
        for i, t in enumerate(tokens)
        if i not in f.used and any(s.fullmatch(t.text.rstrip(".,;:!?")) for s in shapes)
    ]
    if len(found) == 1:
        text = tokens[found[0]].text.rstrip(".,;:!?")
        f.set(param, text, found, text)


def _label_words(param: Param, tool: ToolView) -> set[str]:
    """The words that label a parameter's value when said before it (`label_values`)."""
    words = {
        w
        for w in param.words
        if w not in LEX.label_noise and w not in LEX.prepositions and w not in LEX.name_modifiers
    }
    return (words - tool.nouns) or words


def _said_whole(reading: Request, at: int, label: set[str], word: str) -> bool:
    """Whether a word several parameters' labels share, said at `at`, is said with the rest of
    this one's label ("model version 2.1"), or this label is that word alone (`model_name`:
    "model yolo-v8", a thing's name by default)."""
    rest = label - {word}
    if not rest:
        return True
    tokens = reading.text.tokens
    near = {singular(tokens[k].norm) for k in (at - 1, at + 1) if 0 <= k < len(tokens)}
    return bool(near & rest)


def _names_record(reading: Request, i: int, j: int, tool: ToolView, param: Param) -> bool:
    """ "a template called bugreport" for a tool with a `name` and a `template`: the tool's
    noun, then a name marker ("called", "named"): the new record's own name, for its title
    parameter, never the parameter named like the noun (its text)."""
    tokens = reading.text.tokens
    return (
        singular(tokens[i].norm) in tool.nouns
        and any(tokens[k].norm in TITLE_MARKERS for k in range(i + 1, j))
        and any(p is not param for p in tool.role("title"))
    )


def _said_from(reading: Request, f: Fill, param: Param) -> None:
    """ "income 150 from selling my old bike": the words after "from", for a `source`."""
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens[:-1]):
        if tok.norm != LEX.from_word or i in f.used:
            continue
        said = phrase_after(reading, f, i + 1, BOUNDARY)
        run = trim(reading, said)
        if run and said[0] == i + 1 and tokens[run[0]].norm not in NOT_VALUE:
            value = text_of(reading, run)
            f.set(param, value, range(i, run[-1] + 1), f"{tok.text} {value}")
            return


def _class_leads(reading: Request, tool: ToolView) -> tuple[str, ...]:
    """The words before a class: "under"; in a question about money spent, for a read, also
    what it was spent on ("how much did I spend on groceries?", lexicon `SPENT_CLASS_LEADS`)."""
    if tool.kind in ("read", "check") and money_asked(reading):
        return (*LEX.class_leads, *LEX.spent_class_leads)
    return LEX.class_leads


def _filed_under(reading: Request, f: Fill, param: Param, leads: tuple[str, ...]) -> None:
    """ "put it under food", "under personal care": the class a thing is filed under, the
    words after the lead up to a clause break (`leads`), for a category."""
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens):
        if tok.norm not in leads or i in f.used:
            continue
        run: list[int] = []
        j = i + 1
        while j < len(tokens) and tokens[j].kind == "word" and j not in f.used:
            if tokens[j].norm in NOT_VALUE or tokens[j].norm in EDGE:
                break
            run.append(j)
            j += 1
        if not run or len(run) > LEX.weights.class_words_max:
            continue
        if param.allowed and " ".join(tokens[j].norm for j in run) not in param.allowed:
            continue
        words = " ".join(tokens[j].text for j in run)
        lead = [i]
        if (
            i >= 2
            and tokens[i - 1].norm in LEX.object_pronouns
            and tokens[i - 2].norm in LEX.verbs
            and not f.used & {i - 2, i - 1}
        ):  # "put it under food": the verb and the thing it files, no value
            lead = [i - 2, i - 1, i]
        f.set(param, words, (*lead, *run), f"{tok.text} {words}")
        return


def _state(word: str) -> bool:
    """Whether a word said after "as" is a state a free `status` takes: a past form ("as
    shipped", "as sold", "as done"); "as urgent" is none (a priority, or a tag)."""
    return word in LEX.past_tenses or word in LEX.done_words or word.endswith(LEX.past_suffix)


def _same_stem(word: str, label: set[str]) -> bool:
    """A word of the label's stem in another form ("compounded" for `compounding`)."""
    return len(word) >= 5 and any(w != word and stem(w) == stem(word) for w in label)


def _derived(word: str, label: set[str]) -> bool:
    """A verb that names a parameter by its start: "assign" for `assignee`."""
    return len(word) >= 5 and any(w != word and w.startswith(word) for w in label)


def _loose_label(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "start a timer on Acme": a label the tool needs, named after a preposition without its
    label word, when the name stands out (capitalized, or the request is all capitals)."""
    labels = [
        p
        for p in tool.role("label")
        if p.name not in f.args and not set(p.words) & LEX.class_param_words and not p.allowed
    ]  # "groceries at Lidl": a category is said as one, never a place's name; nor is a value
    # its description lists ("to Lisbon" is no priority of high, med, low)
    if not any(p.required for p in labels):  # "in Rust": a container; "in Lyon" is no
        labels = [p for p in labels if set(p.words) & CONTAINERS][:1]  # `in_reply_to`
    if not labels:
        return
    if tool.kind not in ("create", "run", "read") and not any(p.required for p in labels):
        return  # "rename X to Asyncio reference": a target, not a label
    param = next((p for p in labels if p.required), labels[0])
    tokens = reading.text.tokens
    shouting = reading.text.original.isupper()
    for i, tok in enumerate(tokens[:-1]):
        nxt = tokens[i + 1]
        if tok.norm not in LEX.loose_label_prepositions or i in f.used or i + 1 in f.used:
            continue
        if i + 1 in reading.when_tokens:  # "booked in August": a date, no name
            continue
        if (
            nxt.kind in ("word", "other")
            and nxt.norm not in NOT_VALUE
            and (nxt.text[:1].isupper() or shouting)
            and not any(noun_matches(nxt.norm, n) for n in tool.nouns)
        ):
            run = _name_from(reading, f, i + 1)  # "for Website Redesign": the whole name
            value = " ".join(tokens[k].text for k in run)
            f.set(param, value, (i, *run), f"{tok.text} {value}")
            return


def _name_from(reading: Request, f: Fill, at: int) -> list[int]:
    """The tokens of the name said from `at`: the capitalised words read as one name
    ("Website Redesign") where none is used yet, else the word at `at` alone."""
    for value in reading.typed("name"):
        run = list(value.tokens)
        if run[0] == at and not f.used & set(run) and not reading.when_tokens & set(run):
            return run
    return [at]


def _field_run(reading: Request, f: Fill, param: Param, label: int, start: int) -> list[int]:
    """The tokens of a label's value: its first word, or, for a free-text field said as one
    of a list of fields (", address Jl. Merdeka 5 Jakarta,"), every word up to the next
    clause break or the end, when each of them is a plain word or number nothing else took
    (no date, no verb, no function word). Else the first word alone."""
    tokens = reading.text.tokens
    if (
        label == 0
        or tokens[label - 1].norm not in CLAUSES
        or param.type not in ("string", None)
        or param.allowed
        or param.enum
    ):
        return _capitalised(reading, f, param, start)
    run = []
    for k in range(start, len(tokens)):
        if tokens[k].norm in CLAUSES:
            break
        if (
            k in f.used
            or k in reading.when_tokens
            or tokens[k].kind not in ("word", "other", "number")
            or tokens[k].norm in NOT_VALUE
        ):
            return [start]
        run.append(k)
    if all(tokens[k].kind == "number" for k in run):
        return [start]
    return run


def _capitalised(reading: Request, f: Fill, param: Param, start: int) -> list[int]:
    """A name said with capitals after its label, whole ("in project Website Revamp", "epic
    Bugs"): its first word and each capitalised word after it nothing else took."""
    tokens = reading.text.tokens
    run = [start]
    if param.type not in ("string", None) or param.enum or not tokens[start].text[:1].isupper():
        return run
    for k in range(start + 1, len(tokens)):
        if k in f.used or tokens[k].kind != "word" or not tokens[k].text[:1].isupper():
            break
        run.append(k)
    return run


def _company_in_title(reading: Request, f: Fill, tool: ToolView, param: Param) -> bool:
    """Whether "with <name>" is part of a new record's title: said right after the thing it
    names, a word of no noun, value or marker of the tool ("lunch with Sam", "a call with Omar"
    for a calendar event), not after its noun ("a meeting with alice": the attendees)."""
    if param.required or not any(p.name not in f.args for p in tool.role("title")):
        return False
    tokens = reading.text.tokens
    listed = {str(v).lower() for p in tool.params.values() for v in (*p.enum, *p.allowed)}
    for i, tok in enumerate(tokens):
        if tok.norm != LEX.with_word or i in f.used:
            continue
        before = [k for k in range(i) if k not in f.used and tokens[k].kind != "punct"]
        if not before or before[-1] != i - 1:
            return False
        words = [tokens[k] for k in before]
        return not (
            any(t.norm in TITLE_MARKERS or t.kind == "quoted" for t in words)
            or words[-1].text.lower() in NOT_VALUE  # as said: "lunch" is no "launch"
            or words[-1].norm in listed
            or any(noun_matches(words[-1].norm, n) for n in tool.nouns)
        )
    return False


def _with_people(reading: Request, f: Fill, param: Param) -> None:
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens):
        if tok.norm != LEX.with_word or i in f.used:
            continue
        people, span = [], [i]
        names = {v.tokens[0]: v for v in reading.typed("name")}
        j = i + 1
        while j < len(tokens) and j not in f.used:
            t = tokens[j]
            if j in names and not f.used & set(names[j].tokens):  # "with Bob Stone": one person
                people.append(str(names[j].value))
                span.extend(names[j].tokens)
                j = names[j].tokens[-1] + 1
                continue
            if t.kind in ("word", "email") and t.norm not in EDGE | BOUNDARY:
                people.append(t.text)
                span.append(j)
            elif t.norm in LEX.list_joiners and people:
                span.append(j)
            else:
                break
            j += 1
        while span and tokens[span[-1]].norm in LEX.list_joiners:
            span.pop()
        if people:
            value: Any = people if param.type == "array" else people[0]
            f.set(param, value, span, reading.text.slice(span))
            return


def _named_person(reading: Request, f: Fill, param: Param) -> None:
    """ "when's Leila's birthday?": the one person the question is about (`_whose`), for a
    read's `person`."""
    name = named_person(reading)
    if name is None or f.used & set(name.tokens) or param.name in f.args:
        return
    tokens = reading.text.tokens
    after = name.tokens[-1] + 1  # "maria's number": whose number, the number asked for
    field = [after] if after < len(tokens) and tokens[after].norm in LEX.person_fields else []
    f.set(param, str(name.value), [*name.tokens, *field], reading.text.slice(name.tokens))


_REGION_WORDS = 3  # the words of a region said at the end of a request, at most


def _place(reading: Request, f: Fill, param: Param) -> None:
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens[:-1]):  # "room 4B": a place named by its kind and its name
        nxt = tokens[i + 1]
        if (
            tok.norm in LEX.place_nouns
            and not {i, i + 1} & f.used
            and nxt.text[:1].isalnum()
            and (nxt.text[:1].isupper() or any(c.isdigit() for c in nxt.text))
        ):
            f.set(param, f"{tok.text} {nxt.text}", (i, i + 1), f"{tok.text} {nxt.text}")
            return
    for i, tok in enumerate(tokens):
        if tok.norm in LEX.place_prepositions and i not in f.used and i + 1 < len(tokens):
            phrase = phrase_after(reading, f, i + 1, BOUNDARY)
            words = [tokens[k].norm for k in phrase]
            if phrase and (words[0] in LEX.place_starts or tokens[phrase[0]].text[:1].isupper()):
                phrase += _region_after(reading, f, phrase[-1])  # "in Lisbon, Portugal"
                f.set(
                    param, text_of(reading, phrase), [i, *phrase], reading.text.slice([i, *phrase])
                )
                return


def _region_at_end(reading: Request, f: Fill, param: Param) -> None:
    """The words after the request's last "in" (lexicon `PLACE_PREPOSITIONS`), up to its end,
    for a parameter named for a region (`county`, `region`): one to three words nothing else
    took, none a function word ("best time to sell maize in uasin gishu?": uasin gishu), and
    one of its examples where its description gives some."""
    if param.name in f.args:
        return
    tokens = reading.text.tokens
    end = len(tokens)
    while end and tokens[end - 1].kind == "punct":
        end -= 1
    at = max((i for i in range(end) if tokens[i].norm in LEX.place_prepositions), default=-1)
    span = list(range(at + 1, end))
    if at < 0 or not 0 < len(span) <= _REGION_WORDS or {at, *span} & f.used:
        return
    if any(tokens[i].kind != "word" or is_function(tokens[i].norm) for i in span):
        return
    if param.plain_examples and reading.text.slice(span).lower() not in param.plain_examples:
        return  # `region`, "such as highland": "in nakuru" is no such region (its default kept)
    f.set(param, reading.text.slice(span), [at, *span], reading.text.slice(span))


def _region_after(reading: Request, f: Fill, last: int) -> list[int]:
    """ ", Portugal" after a place with a capital ("in Lisbon, Portugal"): the country or the
    region it is in, one or two capitalised words nothing else took, then a break or the end."""
    tokens = reading.text.tokens
    at = last + 1
    if at >= len(tokens) or tokens[at].text != "," or at in f.used:
        return []
    words = []
    for k in range(at + 1, min(at + 3, len(tokens))):
        if k in f.used or tokens[k].kind != "word" or not tokens[k].text[:1].isupper():
            break
        words.append(k)
    end = words[-1] + 1 if words else at + 1
    if not words or (end < len(tokens) and tokens[end].kind == "word"):
        return []
    return [at, *words]


TITLE_STOPS = (BOUNDARY - LEX.title_keeps) | frozenset(LEX.title_breaks)


def marked_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "called X", "titled X", "with description X", "notes: X", "task: X", "as X"."""
    tokens = reading.text.tokens
    texts = [p for p in tool.role("body", "title", "query") if p.name not in f.args]
    for param in texts:
        label = set(param.words)
        for i, tok in enumerate(tokens):
            if i in f.used or singular(tok.norm) not in label or tok.norm in tool.nouns:
                continue
            clause = (  # "add the note that her birthday is in March": what the notes say
                param.role == "body"
                and i + 1 < len(tokens)
                and tokens[i + 1].norm in LEX.marked_clause
            )
            if (
                i
                and tokens[i - 1].norm == LEX.the_word
                and not (i > 1 and tokens[i - 2].norm == LEX.with_word)
                and not clause
            ):
                continue
            j = i + 1 + clause
            while j < len(tokens) and tokens[j].norm in LEX.marked_links:
                j += 1
            phrase = phrase_after(reading, f, j, frozenset(LEX.marked_stops))
            if phrase and (
                clause
                or tokens[i + 1].norm == ":"
                or (i and tokens[i - 1].norm in LEX.marked_before)
                or tokens[phrase[0]].kind == "quoted"
            ):
                start = i - 1 if i and tokens[i - 1].norm in LEX.marked_start else i
                span = range(start, phrase[-1] + 1)
                if clause and tool.kind == "update" and reading.action.kind == "create":
                    f.used.update(span)  # "add the note that ...": added to what it holds
                    f.added = (param, text_of(reading, phrase))
                    break
                f.set(param, text_of(reading, phrase), span, reading.text.slice(span))
                break
    titles = [p for p in tool.role("title") if p.name not in f.args]
    if not titles and not tool.role("title", "object"):  # "a relation ... called works_at"
        titles = [p for p in tool.role("label") if p.name not in f.args and p.required]
    if not titles and not tool.role("title", "label", "key", "object"):  # "export it as a pdf
        titles = [  # named okafor_cv": the file's name
            p
            for p in tool.role("path")
            if p.name not in f.args
            and (
                LEX.name_word in {w for q in p.words for w in words_of(q)}
                or p.name.lower() in LEX.file_name_params
            )
        ]
    if not titles:
        return
    param = titles[0]
    pattern = param.schema.get("pattern")
    spaces = not pattern or fits_pattern(pattern, "a b") is not False
    for i, tok in enumerate(tokens):
        if tok.norm in TITLE_MARKERS and i not in f.used:
            phrase = phrase_after(reading, f, i + 1, TITLE_STOPS)
            if not spaces:
                phrase = phrase[:1]
            dash = [k for k in phrase if tokens[k].text in LEX.dashes and _spaced(reading, k)]
            if dash and any(p.required and p.name not in f.args for p in tool.role("body")):
                phrase = [k for k in phrase if k < dash[0]]  # "called X - what it is": X, its
                # text after the dash
            phrase = trim(reading, phrase) if len(phrase) > 1 else phrase
            if phrase:
                f.set(
                    param, text_of(reading, phrase), [i, *phrase], reading.text.slice([i, *phrase])
                )
                return


def made_as_field_word(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "log a capture from device SN-1001 ...": a word of a field's name (`capture_time`) said
    after the verb and an article, then a preposition, is what the new record is called, no
    field named with its value left out (so never asked for)."""
    if tool.kind != "create" or not reading.action.tokens:
        return
    tokens = reading.text.tokens
    at = max(reading.action.tokens) + 1
    if at + 2 >= len(tokens) or tokens[at].norm not in LEX.kind_openers:
        return
    word, after = tokens[at + 1], tokens[at + 2]
    fields = {w for p in tool.params.values() for w in p.words} - tool.nouns
    if at + 1 in f.used or singular(word.norm) not in fields:
        return
    if after.norm in LEX.prepositions:
        f.used.update((at, at + 1))


def kind_before_name(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "add a monstera called Monty": the words between the new record's article and the word
    that names it say what kind of thing it is, for the one text a new record takes for its
    kind (`species`, `breed`, lexicon `KIND_FIELD_WORDS`), where they are not its noun."""
    if tool.kind != "create":
        return
    kinds = [
        p
        for p in tool.params.values()
        if p.type == "string" and p.name not in f.args and set(p.words) & LEX.kind_field_words
    ]
    if len(kinds) != 1:
        return
    tokens = reading.text.tokens
    marks = [i for i, t in enumerate(tokens) if t.norm in TITLE_MARKERS and i in f.used]
    if not marks:
        return
    end = marks[0]
    start = end
    while (
        start > 0
        and tokens[start - 1].kind == "word"
        and start - 1 not in f.used
        and tokens[start - 1].norm not in LEX.articles_new
    ):
        start -= 1
    if start == 0 or tokens[start - 1].norm not in LEX.articles_new or start == end:
        return
    words = list(range(start, end))
    if any(singular(tokens[i].norm) in tool.nouns or is_function(tokens[i].norm) for i in words):
        return  # ("a plant called Poe": its noun, no kind)
    f.set(kinds[0], text_of(reading, words), words, reading.text.slice(words))


def _spaced(reading: Request, at: int) -> bool:
    """Whether the token at `at` stands apart, with a space on each side ("X - Y", never
    "low-magic")."""
    text, token = reading.text.original, reading.text.tokens[at]
    return (
        token.start > 0
        and token.end < len(text)
        and text[token.start - 1] == " " == text[token.end]
    )


def quoted_after_noun(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "create a quest 'The Smuggler's Ledger': ...": a text in quotes right after the new
    record's noun, said with its article, is its title."""
    titles = [p for p in tool.role("title") if p.name not in f.args]
    if tool.kind != "create" or len(titles) != 1:
        return
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens):
        if (
            tok.kind == "quoted"
            and i not in f.used
            and i - 1 in f.nouns
            and i - 1 not in reading.action.tokens
            and singular(tokens[i - 1].norm) in tool.nouns
            and i > 1
            and tokens[i - 2].norm in LEX.articles_new  # "a quest 'X'"
        ):
            f.set(titles[0], tok.inner, [i], tok.text)
            return
