"""Where the text a write carries goes, when punctuation says it: all that follows a colon
once what names the record is said ("add a note to the login test task: fails only on CI"), a
title before a dash and its text after it ("dentist - call back on monday"), a text that runs
on past a comma, a reference that stops at a colon ("replace the note on the login test with:
..."); and the words that say a request is in addition ("as well"), which are no text at all.
"""

from __future__ import annotations

from orchestrator.offline._account import is_function
from orchestrator.offline._phrase import Fill, text_of, trim
from orchestrator.offline._read import Request, pasted_tokens
from orchestrator.offline._tokens import Token, singular, words_of
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = [
    "additive_tail",
    "body_after_colon",
    "body_after_dash",
    "body_put_in",
    "body_quoted",
    "body_runs_on",
    "handed_text",
    "link_kept",
    "message_to",
    "new_text_said",
    "pasted_lines",
    "payload_text",
    "replaced_after_colon",
    "text_after_colon",
    "text_said_that",
    "title_after_colon",
    "whole_after_colon",
    "worked_text",
]


def additive_tail(reading: Request) -> list[int]:
    """ "... with urgent as well": the words that end a request by saying it is in addition."""
    tokens = reading.text.tokens
    end = len(tokens)
    while end and tokens[end - 1].kind == "punct":
        end -= 1
    for phrase in LEX.additive_tails:
        words = phrase.split()
        start = end - len(words)
        if start > 0 and [t.norm for t in tokens[start:end]] == words:
            return list(range(start, end))
    return []


def body_quoted(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "..., add note 'include the charts'", "with a note 'X'": a word for a record's text
    (lexicon `BODY_WORDS`) and the quoted text right after it, for a new record's one text
    parameter no word filled (`description`), the words that lead it ("add", "with") its."""
    bodies = [p for p in tool.role("body") if p.name not in f.args]
    if tool.kind != "create" or len(bodies) != 1 or len(tool.role("body")) != 1:
        return
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens[:-1]):
        quoted = tokens[i + 1]
        if singular(tok.norm) not in LEX.body_words or quoted.kind != "quoted" or i in f.used:
            continue
        if i + 1 in f.used:
            return
        span = [i, i + 1]
        lead = i - 1
        while (
            lead >= 0
            and lead not in f.used
            and (tokens[lead].norm in LEX.articles or tokens[lead].norm in LEX.body_leads)
        ):
            span.insert(0, lead)  # "add a note", "with note"
            lead -= 1
        f.set(bodies[0], quoted.inner.strip(), span, reading.text.slice(span))
        return


def main_body(tool: ToolView) -> Param | None:
    """A tool's one text parameter for a record's text: its only one, or of several the only
    one it requires (`add_term(definition, notes)`: the definition); else None."""
    bodies = tool.role("body")
    required = [p for p in bodies if p.required]
    return bodies[0] if len(bodies) == 1 else required[0] if len(required) == 1 else None


def body_after_colon(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "add a note to the login test task: fails only on CI runners", "write a note called
    retro: went well - ...", "notes: used a dict, remember X": a new record's text, once what
    names it is said (its title, or the item it goes on) or its own label says it, is all that
    follows a colon, whole, to the next word another value took: a day or a time in it is part
    of what it says, when no parameter takes it."""
    body = main_body(tool)
    if tool.kind not in ("create", "run") or body is None:
        return
    tokens = reading.text.tokens
    named_apart = tool.kind == "create" and body.required and bool(tool.role("title"))
    verb = reading.action.tokens
    headed = _headed(reading, f, tool, body)
    colons = [
        i
        for i, t in enumerate(tokens)
        if (
            t.norm in LEX.heading_marks
            and i > 0
            and (i - 1 not in verb or named_apart or i == headed)
        )
        or (
            t.norm in LEX.content_marks
            and named_apart
            and verb
            and i - 1 == max(verb)
            and i + 1 < len(tokens)
            and tokens[i + 1].norm in LEX.content_openers
        )
    ]  # "jot down: ...", "jot down that ...": its text, where a name is said apart
    said = f.args.get(body.name)
    if not colons or not isinstance(said, (str, type(None))):
        return
    colon, own = colons[0], set()
    head = list(range(colon + 1, min(colon + 3, len(tokens))))
    if (
        len(head) == 2
        and tokens[head[0]].kind == "quoted"
        and (tokens[head[1]].text in LEX.dashes or tokens[head[1]].text in LEX.equals_marks)
    ):
        return  # "glossary: 'jitter' = variation ...": a name and its text, parted after
    for at in colons if said is not None else ():  # "notes: used a dict, ...": the start its
        own = next(  # label gave it already
            (
                set(range(at + 1, k + 1))
                for k in range(at + 1, len(tokens))
                if text_of(reading, range(at + 1, k + 1)) == said
            ),
            set(),
        )
        if own:
            colon = at
            break
    if said is not None and not own:
        return
    ident = tool.identifier
    label = {tokens[colon - 1].norm, singular(tokens[colon - 1].norm)}  # "note: near Lisbon"
    labelled = (  # of a task; ("new task: buy milk" for a todo: its noun, by another word)
        bool(label & LEX.body_words) and not label & tool.nouns and colon - 1 not in f.nouns
    )
    if tool.kind == "run" and not label & (LEX.body_words | tool.nouns):
        return  # a text sent: only where the colon heads it ("send X feedback: ...")
    run: list[int] = []
    for i in range(colon + 1, len(tokens)):  # the record's own noun in its text is a word of
        if i in f.used and i not in own and not (colon == headed and i in f.nouns):  # it
            break
        run.append(i)
    if (
        not own
        and not labelled
        and colon != headed
        and not _body_first(reading, tool, body, run)
        and (  # "new epic on the board: X": X is its title
            any(p.name not in f.args for p in tool.role("title"))
            or (not tool.role("title") and (ident is None or not ident.required))
        )
    ):
        return
    if not any(tokens[i].kind != "punct" and not is_function(tokens[i].norm) for i in run):
        return
    f.used.update([colon, colon - 1] if labelled else [colon])
    said = run[:-1] if _stopped(reading, run) else run  # "... the walk helped. mood 6"
    f.set(body, text_of(reading, said), run, reading.text.slice(said))


def _stopped(reading: Request, run: list[int]) -> bool:
    """Whether a text ends on a full stop with another value said after it."""
    tokens = reading.text.tokens
    return len(run) > 1 and run[-1] + 1 < len(tokens) and tokens[run[-1]].text in LEX.full_stops


def _headed(reading: Request, f: Fill, tool: ToolView, body: Param) -> int | None:
    """ "journal: fixed the auth bug today, took 2h", "diary: dinner with Sara, great evening":
    the colon after which a new record's one text (it has no title) is all that follows, when
    every word before it says what record it is (the verb, its noun, its server, where it
    goes); None where there is no such colon."""
    if tool.kind != "create" or not body.required or tool.role("title"):
        return None
    tokens = reading.text.tokens
    colon = next((i for i, t in enumerate(tokens) if t.norm in LEX.heading_marks), None)
    if colon is None or colon == 0:
        return None
    before = range(colon)
    if not all(
        i in f.used or tokens[i].kind == "punct" or is_function(tokens[i].norm) for i in before
    ):
        return None
    return colon


def _body_first(reading: Request, tool: ToolView, body: Param, run: list[int]) -> bool:
    """ "make a note: wifi password is fjord2026", "write down meeting notes: budget approved":
    a new record that needs both a name and a text has its text after the colon (its name is
    said before it, or asked for), unless a dash in it parts a title from its text ("new note:
    dentist - call back on monday")."""
    tokens = reading.text.tokens
    if tool.kind != "create" or not body.required or not tool.role("title"):
        return False
    dashes = [i for i in run if tokens[i].text in LEX.dashes]
    return len(dashes) != 1 or dashes[0] == run[0]


def body_after_dash(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "new note: dentist - call back on monday": a new record that needs a text besides its
    title, its title still to be read and words of its own before a dash, has its title before
    the dash and its text after it, whole, to the next word another value took."""
    body = main_body(tool)
    titles = tool.role("title")
    if tool.kind != "create" or body is None or not titles:
        return
    tokens = reading.text.tokens
    if body.name in f.args or not body.required:
        return
    dashes = [
        i
        for i, t in enumerate(tokens)
        if i not in f.used
        and (
            t.text in LEX.dashes or (t.text in LEX.equals_marks and tokens[i - 1].kind == "quoted")
        )
    ]  # "'jitter' = variation in packet delay": a definition's mark after its quoted name
    if len(dashes) != 1:
        return
    dash = dashes[0]
    named = [i for p in titles for i in f.spans.get(p.name, ())]
    between = bool(named) and any(
        i not in f.used and tokens[i].kind != "punct" and not is_function(tokens[i].norm)
        for i in range(max(named, default=0) + 1, dash)
    )
    if any(i > dash for i in named) or between:
        return  # ("'X' - ...": named before the dash, and nothing else said between)
    before = [i for i in range(dash) if i not in f.used and tokens[i].kind != "punct"]
    run: list[int] = []
    for i in range(dash + 1, len(tokens)):
        if i in f.used:
            break
        run.append(i)
    if not any(not is_function(tokens[i].norm) for i in before) or not any(
        tokens[i].kind != "punct" and not is_function(tokens[i].norm) for i in run
    ):
        return
    f.used.add(dash)
    f.set(body, text_of(reading, run), run, reading.text.slice(run))


def body_put_in(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "put 'ask about the lease extension' in my notes": what is put in the records is the
    text of a new one that needs a name besides its text, never its name (asked for then)."""
    bodies, titles = tool.role("body"), tool.role("title")
    if tool.kind != "create" or len(bodies) != 1 or len(titles) != 1 or not bodies[0].required:
        return
    body, title, tokens = bodies[0], titles[0], reading.text.tokens
    span = sorted(f.spans.get(title.name, ()))
    if body.name in f.args or len(span) != 1 or tokens[span[0]].kind != "quoted":
        return
    after = range(span[0] + 1, len(tokens))
    words = [tokens[i].norm for i in after if tokens[i].kind != "punct"]
    if not words or words[0] not in LEX.moved_to:
        return
    if {singular(words[-1]), words[-1]}.isdisjoint(tool.nouns) or not all(
        is_function(w) for w in words[1:-1]
    ):
        return
    value, evidence = f.args.pop(title.name), f.evidence.pop(title.name, "")
    f.spans.pop(title.name, None)
    f.set(body, value, span, evidence)


def link_kept(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "save the pancake recipe link https://example.com/pancakes as a snippet": a link said
    for a new record that keeps a text and a name, and has no place for a link of its own, is
    the text it keeps; the words around it name it."""
    bodies, titles = tool.role("body"), tool.role("title")
    if tool.kind != "create" or len(bodies) != 1 or len(titles) != 1 or tool.role("url"):
        return
    body, tokens = bodies[0], reading.text.tokens
    if not body.required or body.name in f.args:
        return
    links = [i for i, t in enumerate(tokens) if t.kind == "url" and i not in f.used]
    if len(links) == 1:
        f.set(body, tokens[links[0]].text, links, tokens[links[0]].text)


def body_runs_on(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "a note called packing with passport, charger, socks": a new record's text that stops at
    a comma, where nothing after it is any other value, runs on to the end."""
    bodies = tool.role("body")
    if tool.kind != "create" or len(bodies) != 1:
        return
    body, tokens = bodies[0], reading.text.tokens
    said = f.args.get(body.name)
    if not isinstance(said, str) or not said:
        return
    for start in range(len(tokens)):
        for end in range(start, len(tokens) - 1):
            if tokens[end + 1].norm not in LEX.clause_breaks:
                continue
            if text_of(reading, range(start, end + 1)) != said:
                continue
            rest = range(end + 1, len(tokens))
            if any(i in f.used for i in rest) or not any(
                tokens[i].kind != "punct" and not is_function(tokens[i].norm) for i in rest
            ):
                return
            run = range(start, len(tokens))
            f.set(body, text_of(reading, run).rstrip(".!"), run, reading.text.slice(run))
            return


def replaced_after_colon(reading: Request, f: Fill, tool: ToolView, free: list[int]) -> None:
    """ "update the packing list note: passport, charger, socks": a change to an item its name
    found, said before a colon, is to all that follows the colon, whole, its one text
    (`ToolView.replaced_text`), or added to it ("add to the packing list note: toothpaste",
    `Fill.added`); never a rename's."""
    tokens = reading.text.tokens
    place, ident = tool.replaced_text, tool.identifier
    if place is None or ident is None or place.name in f.args or ident.name not in f.args:
        return
    if reading.action.kind not in ("update", "create") or reading.action.verb in LEX.rename_verbs:
        return
    colon = next((i for i in free if tokens[i].norm in LEX.heading_marks), None)
    found = f.spans.get(ident.name, set())
    if colon is None or not found or max(found) > colon:
        return
    after = list(range(colon + 1, len(tokens)))
    if any(i not in free for i in after) or not any(
        tokens[i].kind != "punct" and not is_function(tokens[i].norm) for i in after
    ):
        return
    f.used.add(colon)
    if reading.action.kind == "create":  # "add to the packing list note: toothpaste"
        f.used.update(after)
        f.added = (place, text_of(reading, after))
        return
    f.set(place, text_of(reading, after), after, reading.text.slice(after))


def text_after_colon(reading: Request, f: Fill, tool: ToolView, kept: list[int]) -> list[int]:
    """ "add a task to the kitchen project: order the tiles", "replace the note on the login
    test with: fails on arm64": a reference never runs past a colon; what follows it is the text
    the write carries (a new record's title or text, a change's new text), when the tool has one
    place left for it; a text added to an item ("add to the X note: Y") is added to its text
    (`Fill.added`), never its new title. The reference's tokens that are left."""
    tokens = reading.text.tokens
    colon = next((i for i in kept if tokens[i].norm in LEX.heading_marks), None)
    if colon is None:
        return kept
    after = [i for i in kept if i > colon]
    before = trim(reading, [i for i in kept if i < colon])
    content = any(tokens[i].kind != "punct" and not is_function(tokens[i].norm) for i in after)
    bodies = tool.role("body")
    if tool.kind == "update" and reading.action.kind == "create":  # "add to the X note: Y"
        if len(bodies) == 1 and bodies[0].name not in f.args and before and content:
            f.used.update([colon, *after])  # Y is added to its text, never its new title
            f.added = (bodies[0], text_of(reading, after))
            return before
        return kept
    if tool.kind == "create":
        places = [p for p in tool.role("title") if p.required] or list(tool.role("body"))
    else:
        places = list(tool.new_text)
        kept_name = tool.replaced_text  # "update the packing list note: passport, ...": all
        if kept_name is not None and reading.action.verb not in LEX.rename_verbs:  # it says
            places = [kept_name]
    places = [p for p in places if p.name not in f.args]
    if len(places) != 1 or not before or not content:
        return kept
    f.used.add(colon)
    f.set(places[0], text_of(reading, after), after, reading.text.slice(after))
    return before


def whole_after_colon(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "how many words: The quick brown fox.": for a tool with no verb of ours (it computes
    over a text), or a read asked a question with none, the one text it takes is all that
    follows a colon, as written, its first "The" and its last full stop included (where a part
    of it, "The" read as a name, had been taken for it), when no other value was said in it."""
    tokens = reading.text.tokens
    colon = next((i for i, t in enumerate(tokens) if t.norm in LEX.heading_marks), None)
    computes = tool.kind is None or (tool.kind == "read" and reading.action.kind is None)
    if not computes or colon is None or colon == 0:  # a question to a read: "how many ...:"
        return
    after = range(colon + 1, len(tokens))
    if not any(tokens[i].kind != "punct" and not is_function(tokens[i].norm) for i in after):
        return
    whole = reading.text.original[tokens[colon + 1].start :].strip()
    texts = [
        p
        for p in tool.role("title", "body", "query")
        if p.name not in f.args or (isinstance(f.args[p.name], str) and f.args[p.name] in whole)
    ]
    others = [k for k in f.args if not texts or k != texts[0].name]
    if len(texts) != 1 or any(f.evidence.get(k, "") in whole for k in others):
        return
    quoted = [i for i in after if tokens[i].kind != "punct"]
    if len(quoted) == 1 and tokens[quoted[0]].kind == "quoted":  # ": 'Dear team, ...'": the
        whole = tokens[quoted[0]].inner  # text inside its quotes
    f.set(texts[0], whole, [colon, *after], whole)
    own = {singular(w) for w in (*texts[0].words, *words_of(texts[0].describe))}
    f.used.update(  # "how many words:": the tool's own words, a heading; "reasoning:" where
        i  # the text's description says it is one ("Agent note or reasoning retained ...")
        for i in range(colon)
        if singular(tokens[i].norm) in tool.nouns | tool.describe_words
        or (i == colon - 1 and singular(tokens[i].norm) in own)
    )


def text_after_its_name(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "save an insight: the monstera gets watered the most": a new record whose one required
    value is a text named by the word before the colon (its own name or the tool's noun), with
    nothing else before it but the verb, is all that follows the colon, as written, up to the
    words another value took ("new node: Big O notation, tags complexity, difficulty 0.4")."""
    required = [p for p in tool.params.values() if p.required]
    if tool.kind != "create" or len(required) != 1:
        return
    param, tokens = required[0], reading.text.tokens
    if param.name in f.args or param.type not in ("string", None) or param.enum:
        return
    if param.role not in ("label", "title", "body", "text"):
        return
    colon = next((i for i, t in enumerate(tokens) if t.norm in LEX.heading_marks), None)
    if colon is None or colon == 0 or colon + 1 >= len(tokens):
        return
    named = {*param.words, *tool.nouns}
    before = [
        t
        for i, t in enumerate(tokens[:colon])
        if i not in reading.action.tokens and not is_function(t.norm)
    ]
    if not before or any(singular(t.norm) not in named for t in before):
        return
    fields = {w for p in tool.params.values() if p is not param for w in p.words}
    taken = [  # another value's words, or a comma before another field's name ("..., id ...")
        i
        for i in range(colon + 1, len(tokens))
        if i in f.used
        or (
            tokens[i].norm == "," and i + 1 < len(tokens) and singular(tokens[i + 1].norm) in fields
        )
    ]
    if not taken:
        whole = reading.text.original[tokens[colon + 1].start :].strip()
        f.set(param, whole, range(len(tokens)), whole)
        return
    run = list(range(colon + 1, taken[0]))  # "new node: Big O notation, tags x, difficulty 0.4":
    while run and (tokens[run[-1]].kind == "punct" or is_function(tokens[run[-1]].norm)):
        run.pop()  # its text ends where another value's words begin, never over them
    if run:
        text = reading.text.original[tokens[run[0]].start : tokens[run[-1]].end].strip()
        f.set(param, text, [*range(colon + 1), *run], text)


def title_after_colon(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "note: dentist is Dr. Okafor, +49 30 1234567", "jot down: retro on friday, bring sticky
    notes": a new record whose one text is its title (a body optional and unsaid), said after a
    colon with nothing before it but the verb and the record's noun, and whose first words were
    read as the title, is all that follows the colon, as written, when words in it are left that
    no parameter took (a day, a phone, a clause after a comma): they are part of what it says,
    save a date where the tool takes one."""
    titles = [p for p in tool.role("title") if p.required]
    if tool.kind != "create" or len(titles) != 1:
        return
    title, tokens = titles[0], reading.text.tokens
    if any(p.name in f.args for p in tool.role("body")):
        return
    colon = next((i for i, t in enumerate(tokens) if t.norm in LEX.heading_marks), None)
    if colon is None or colon == 0:
        return

    def left(span: range) -> list[int]:
        return [
            i
            for i in span
            if i not in f.used and tokens[i].kind != "punct" and not is_function(tokens[i].norm)
        ]

    rest = left(range(colon + 1, len(tokens)))
    if left(range(colon)) or not rest:
        return
    if reading.when_tokens & set(rest) and tool.role("moment", "day"):  # "todo: file taxes in
        return  # april": a date the tool's date did not take is asked about, never a title's
    whole = reading.text.original[tokens[colon + 1].start :].strip()
    said = f.args.get(title.name)  # its first words read as the title already: "2 kg of
    if not isinstance(said, str) or not said or not whole.startswith(said):  # flour" is no title
        return
    if any(f.evidence.get(k, "") in whole for k in f.args if k != title.name):
        return
    after = list(range(colon + 1, len(tokens)))
    f.used.add(colon)
    f.set(title, whole, after, whole)


def new_text_said(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "change diary entry 2 to say I met Sam and Priya for coffee": for a change, the words
    after "to say" (lexicon `NEW_TEXT_LEADS`), to the end, are the record's one text, whole."""
    texts = [p for p in tool.role("body", "title") if p.name not in f.args]
    if tool.kind != "update" or len(texts) != 1:
        return
    norms = [t.norm for t in reading.text.tokens]
    for lead in LEX.new_text_leads:
        said = lead.split()
        for i in range(len(norms) - len(said)):
            if norms[i : i + len(said)] == said and not f.used & set(range(i, len(norms))):
                after = list(range(i + len(said), len(norms)))
                f.set(texts[0], text_of(reading, after), after, reading.text.slice(after))
                f.used.update(range(i, i + len(said)))
                return


def text_said_that(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "note in my diary that I met Sam for coffee, talked about the garden project": for a
    new record whose one text has no title beside it, all after the verb's "that" (the place
    said between them, "in my diary", its words) is the text, whole, up to a value another
    field took."""
    bodies, verb = tool.role("body"), reading.action.tokens
    if tool.kind != "create" or len(bodies) != 1 or tool.role("title") or not verb:
        return
    if bodies[0].name in f.args:
        return
    tokens = reading.text.tokens
    at = max(verb) + 1
    place = []
    while at < len(tokens) and tokens[at].norm in LEX.prepositions | LEX.owner_words:
        place.append(at)
        at += 1
    if place:  # "in my diary": one word names the place
        place.append(at)
        at += 1
    if at + 1 >= len(tokens) or tokens[at].norm not in LEX.content_marks:
        return
    run = []
    for i in range(at + 1, len(tokens)):
        if i in f.used:
            break
        run.append(i)
    if not any(not is_function(tokens[i].norm) for i in run if tokens[i].kind != "punct"):
        return
    f.used.update([*place, at])
    f.set(bodies[0], text_of(reading, run), run, reading.text.slice(run))


def message_to(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "text maria that i'll be 15 mins late": for a tool that sends a message to a person, the
    words right after the verb up to "that" are who it goes to, all after "that" the message."""
    people, bodies, verb = tool.role("person"), tool.role("body"), reading.action.tokens
    if tool.kind != "run" or len(people) != 1 or len(bodies) != 1 or not verb:
        return
    if people[0].name in f.args or bodies[0].name in f.args:
        return
    tokens = reading.text.tokens
    mark = next(
        (i for i in range(max(verb) + 1, len(tokens)) if tokens[i].norm in LEX.content_marks),
        None,
    )
    if mark is None:
        return
    who = [i for i in range(max(verb) + 1, mark) if i not in f.used]
    run = [i for i in range(mark + 1, len(tokens)) if i not in f.used]
    if not who or not run or any(tokens[i].kind not in ("word", "phone", "email") for i in who):
        return
    f.set(people[0], reading.text.slice(who), who, reading.text.slice(who))
    f.used.add(mark)
    f.set(bodies[0], text_of(reading, run), run, reading.text.slice(run))


def handed_text(reading: Request) -> list[int] | None:
    """The tokens of a text the request hands over whole to work on: its one quoted text ("any
    secrets in 'hello world, nothing to see here'?"), else all that follows its colon ("scan:
    password=hunter2 user=bob"), of `W.payload_chars` characters or more; None when there is
    none."""
    tokens = reading.text.tokens
    quoted = [i for i, t in enumerate(tokens) if t.kind == "quoted"]
    if len(quoted) == 1 and len(tokens[quoted[0]].inner) >= W.payload_chars:
        return quoted
    pasted = _pasted(reading)
    if pasted:  # "is this abc valid?\nX:1\nT:Twinkle ...": the lines pasted under the request
        return pasted
    colon = next((i for i, t in enumerate(tokens) if t.norm in LEX.heading_marks), None)
    if colon is None:  # "score this pls - Pursuant to the ...": a dash apart, as a colon
        colon = next((i for i, t in enumerate(tokens) if t.text in LEX.payload_dashes), None)
    if colon is None:  # "grade level?? Cats sleep a lot. They like the sun.": the passage
        colon = _after_question(tokens)
    if colon is None or colon == 0 or colon + 1 >= len(tokens):
        return None
    after = list(range(colon + 1, len(tokens)))
    text = reading.text.original[tokens[after[0]].start : tokens[after[-1]].end]
    if len(text) < W.payload_chars or _short_list(tokens, after):
        return None  # ("note: near Lisbon", "these: Alice, Bob, Carol": words, or a list)
    return after


def worked_text(reading: Request) -> list[int] | None:
    """The tokens of a text handed over (`handed_text`) that the request only points at, to be
    worked on, never read for what to do: quoted, pasted under the request, after its
    question ("grade level?? Cats ..."), or after "this:" or a name of it ("my product
    description: ..."); None for a text after a colon or a dash that says more of the request
    ("called Money: the entry point ...", "... - what's the effective annual rate")."""
    handed = handed_text(reading)
    if not handed:
        return None
    tokens = reading.text.tokens
    mark = handed[0] - 1
    if len(handed) == 1 and tokens[handed[0]].kind == "quoted":
        return handed
    if _pasted(reading) or (mark >= 0 and tokens[mark].text == "?"):
        return handed
    if mark >= 1 and (tokens[mark - 1].norm in LEX.pointing_words or _heading(reading, mark)):
        return handed
    return None


def pasted_lines(reading: Request) -> bool:
    """Whether the request has lines pasted under its first (`_pasted`)."""
    return bool(_pasted(reading))


def _pasted(reading: Request) -> list[int]:
    """The tokens of the lines under a request's first line, when it has words of its own and
    they run to `W.payload_chars` characters or more: a text pasted to work on, whole."""
    pasted = sorted(pasted_tokens(reading.text))
    tokens = reading.text.tokens
    if not pasted or not any(t.kind == "word" for t in tokens[: pasted[0]]):
        return []
    text = reading.text.original[tokens[pasted[0]].start : tokens[pasted[-1]].end]
    return pasted if len(text) >= W.payload_chars else []


def _after_question(tokens: tuple[Token, ...]) -> int | None:
    """The last mark of a question the request opens with, when sentences of their own follow
    it ("reading ease? The cat sat on the mat. It was happy."): the text is what follows."""
    asks = [i for i, t in enumerate(tokens) if t.text == "?"]
    if not asks:
        return None
    end = asks[0]
    while end + 1 < len(tokens) and tokens[end + 1].text == "?":
        end += 1
    rest = tokens[end + 1 :]
    if len(rest) < 2 or not any(t.norm in LEX.sentence_ends and t.text != "?" for t in rest):
        return None
    return end


def _short_list(tokens: tuple[Token, ...], span: list[int]) -> bool:
    """Whether words after a colon are a list of short items ("Alice, Bob, Carol"), words of
    letters alone with no sentence's end, each item `W.list_item_words` words at most, never a
    text ("Our app helps you save time. It is easy to use.")."""
    if not all(_plain_word(tokens[i]) for i in span):
        return False
    if any(tokens[i].norm in LEX.sentence_ends for i in span):
        return False
    item = 0
    for i in span:
        item = 0 if tokens[i].kind == "punct" else item + 1
        if item > W.list_item_words:
            return False
    return True


def _plain_word(tok: Token) -> bool:
    """Punctuation, or a word of letters alone ("Lisbon", "don't"; never "sk-abc123")."""
    return tok.kind == "punct" or (tok.kind == "word" and tok.text.replace("'", "").isalpha())


def payload_text(reading: Request, f: Fill, tool: ToolView) -> None:
    """A text handed over whole (`handed_text`) for a tool that works on one text and names
    nothing (`scan_text(text)`): that text, as it is."""
    pasted = bool(_pasted(reading))  # lines pasted are a document, never a search's words
    texts = [p for p in tool.required if p.role == "body" or (p.role == "query" and not pasted)]
    strings = [p for p in tool.required if p.type in ("string", None) and not p.enum]
    if not texts and len(strings) == 1 and strings[0].role == "label" and _pasted(reading):
        texts = strings  # `validate_abc(abc)`: the one text it takes, pasted under the request
    if len(texts) != 1 or tool.role("title") or texts[0].name in f.args:
        return
    ident = tool.identifier
    if tool.kind in ("create", "update", "delete") or (ident is not None and ident.required):
        return  # (a record's text, added to or kept: never one handed over to work on)
    if texts[0].schema.get("type") not in ("string", None):
        return
    handed = handed_text(reading)
    if handed is None or any(i in f.used for i in handed):
        return
    tokens = reading.text.tokens
    if len(handed) == 1:
        value = tokens[handed[0]].inner
    else:
        value = reading.text.original[tokens[handed[0]].start : tokens[handed[-1]].end]
    f.set(texts[0], value, handed, value)
    f.used.update(_heading(reading, handed[0] - 1))


def _heading(reading: Request, mark: int) -> list[int]:
    """The words that name a text handed over, right before the mark it follows ("of my product
    description: ...", "this email: ..."), back to a preposition or the request's verb, led by
    a determiner: what the text is, said of it, never a value of its own."""
    tokens = reading.text.tokens
    if mark < 1 or tokens[mark].kind != "punct":
        return []
    out: list[int] = []
    i = mark - 1
    while (
        i >= 0
        and tokens[i].kind == "word"
        and i not in reading.action.tokens
        and tokens[i].norm not in LEX.prepositions
    ):
        out.append(i)
        i -= 1
    if not out or len(out) > W.list_item_words or tokens[out[-1]].norm not in LEX.determiners:
        return []  # ("for Lumen Labs: ...": a value said before the text, no name of it)
    return out
