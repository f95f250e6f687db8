"""The router's decision for one turn: a `Plan` per close candidate tool, references resolved by
listing first, then one call, one listing round, or words.

A plan is `ready` (its call is valid), or waits for a listing (`list`: an item named by its
title, an agent by its name, a project among the projects), or cannot go on: `missing` (a
required value has no source), `invalid` (a value breaks the schema), `unchanged` (the update
would change nothing), `not_found` / `ambiguous` (the reference names no item, or several),
`bulk` ("delete all my todos": one at a time). Several candidates that remain after their
listings are rivals: nothing is called unless they are all reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from orchestrator.messages import Question
from orchestrator.offline._account import (
    is_function,
    left_to_a_check,
    past_facts,
    remarks_left,
    unaccounted,
)
from orchestrator.offline._action_described import action_described
from orchestrator.offline._address import addressed
from orchestrator.offline._again import again_call, again_tokens, correction
from orchestrator.offline._answer import (
    describe_result,
    details,
    failed_result,
    noun_of,
    say,
    unsure,
)
from orchestrator.offline._appended import added_text, appended, text_appended
from orchestrator.offline._ask import (
    ask_for,
    ask_given,
    ask_item,
    ask_stated,
    ask_unsaid,
    ask_which,
    confirm_param,
    unsaid_words,
)
from orchestrator.offline._asked_for import kept_words, phrase_described
from orchestrator.offline._carried import (
    carried,
    carried_context,
    carried_ids,
    carried_input,
)
from orchestrator.offline._check import (
    deadline_days,
    grown_lists,
    merge_lists,
    misfit,
    preconditions,
    problems,
    unchanged,
)
from orchestrator.offline._choose import (
    Scored,
    described_phrases,
    makes_value,
    rank,
    rivals,
    total_asked,
)
from orchestrator.offline._clauses import second_clause
from orchestrator.offline._contained import container_of
from orchestrator.offline._convert import converts
from orchestrator.offline._earlier import (
    earlier_id,
    listed_server,
    made_id,
    named_before,
    place_said,
    record_of,
)
from orchestrator.offline._elsewhere import found_elsewhere, set_by_key
from orchestrator.offline._errand import errand_keeper
from orchestrator.offline._fill import Fill, fill
from orchestrator.offline._filtered import pattern_filters, qualifier_tags, unfiltered
from orchestrator.offline._grouped import goes_by_itself, moved_by, said_group, says_member
from orchestrator.offline._hinted import goes_on, hints
from orchestrator.offline._items import item_title
from orchestrator.offline._kept import kept_list, kept_step
from orchestrator.offline._lists import Listings, item_params, still_needed
from orchestrator.offline._looked_up import looked_up
from orchestrator.offline._made_as import to_do_kind
from orchestrator.offline._moved import dates_onto, made_record
from orchestrator.offline._nouns import described_here, noun_tokens
from orchestrator.offline._part import part_step
from orchestrator.offline._pointed import (
    elsewhere,
    just_made,
    name_pointed,
    named_key,
    pointed,
    pointed_step,
)
from orchestrator.offline._quoted_examples import example_said, quoting_tools
from orchestrator.offline._read import Action, Request
from orchestrator.offline._references import References
from orchestrator.offline._repeated import made_once
from orchestrator.offline._returned import answer_described
from orchestrator.offline._rivals import best_read, narrowed, targeted, twins
from orchestrator.offline._rivals import waiting as plans_waiting
from orchestrator.offline._servers_said import spells_server
from orchestrator.offline._statement import stated_as, statement_tool
from orchestrator.offline._status import done_when, sets_done
from orchestrator.offline._texts import handed_text, worked_text
from orchestrator.offline._titles import doubt, split_maker
from orchestrator.offline._tokens import singular, stem, words_of
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline._types import (
    Answers,
    Ask,
    CallTool,
    Done,
    ListFirst,
    MadeCall,
    Refuse,
    Step,
)
from orchestrator.offline._under import kind_only, parent_param, says_child
from orchestrator.offline._undone import undone_part
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = ["Plan", "Planner"]

_say = say


@dataclass
class Plan:
    planner: Planner
    tool: ToolView
    score: float
    fill: Fill
    state: str = "ready"
    args: dict[str, Any] = field(default_factory=dict)
    needs: list[ToolView] = field(default_factory=list)
    problem: str = ""
    item: dict[str, Any] | None = None
    done: MadeCall | None = None
    stray: list[int] = field(default_factory=list)  # words of the request nothing explains
    missing: list[Param] = field(default_factory=list)  # required values with no source
    finds: list[tuple[ToolView, dict[str, Any]]] = field(default_factory=list)  # searches first
    adding: tuple[Param, str] | None = None  # "add perfume to the gift ideas note": to its body
    choices: list[str] = field(default_factory=list)  # ids of the records a reference names
    verb_alone: bool = False  # its tool chosen by the request's verb alone (`Scored`)
    unnamed: bool = False  # none of its tool's nouns said (`Scored`)

    @property
    def title(self) -> str | None:
        return item_title(self.item) if self.item else None


class Planner(References):
    def __init__(
        self,
        reading: Request,
        tools: list[ToolView],
        calls: Sequence[MadeCall],
        earlier: Sequence[MadeCall],
        answers: Answers | None = None,
    ) -> None:
        home = statement_tool(reading, tools) if answers is None else None
        if home is not None:  # "Bob is my manager": the one tool that records what is stated
            reading = stated_as(reading, home)
        reading = addressed(_chosen_for(reading, tools, answers), tools)
        self.pointed = pointed(reading, tools, earlier)  # "add a note to it": the one made
        if self.pointed is not None and not self.pointed.person:
            reading = replace(reading, pronoun=True)
        self.reading, self.tools, self.calls, self.earlier = reading, tools, calls, earlier
        self.answers = answers
        self.home = home.name if home is not None else ""  # the tool a statement is for
        if answers is not None:  # the user answered a question about one tool: that tool
            tools = [t for t in tools if t.name == answers.tool] or tools
        tools = [home] if home is not None else tools
        shown = listed_server(earlier, tools) if place_said(reading) else None
        if shown is not None:  # "mark the first one done" after the todo server's listing:
            tools = [  # its item, by its tools; another server's tool that needs an id of
                t
                for t in tools
                if t.server == shown or t.identifier is None  # its own never
            ] or tools
        self.again = again_call(reading, earlier, tools)  # "same again": the last write
        self.correction = correction(reading, earlier, tools)  # "make that 145": changed
        # a question about one tool answered: the item it names is still looked up in any
        # listing ("priority: high" for the todo "wrap presents")
        self.lists = Listings(
            reading, self.tools, calls, answers.values if answers else None, earlier
        )
        self.ranked: list[Scored] = rank(
            reading,
            tools,
            {**hints(self.reading, self.earlier, self.tools), **self.lists.named},
            self.lists.weak,
            self.lists.valued(),
        )
        self.plans: list[Plan] = []

    # -- one candidate -----------------------------------------------------------------------
    def plan(self, scored: Scored, said: Sequence[int] = ()) -> Plan:
        """`scored`'s tool's plan; `said` are words another tool's plan accounted for."""
        tool = scored.tool
        goes = said_group(self.reading, tool, self.lists.groups(tool))  # a board's: "to todo"
        by = moved_by(self.tools, tool, goes[1]) if goes is not None and not said else None
        if goes is not None and by is not None:  # "send it to review": the tool that does
            return self.plan(replace(scored, tool=by), goes[2])  # (once: never back again)
        ident = tool.identifier
        keyed = [  # `update_project(project_id, name)`: the name is a new one, not the item's
            p
            for p in tool.params.values()
            if p.role in ("key", "keys")
            and (p.required or ident is None or p is ident)
            and (p is ident or not set(words_of(p.describe or p.own)[:1]) & LEX.new_value_words)
        ]
        labels = [p for p in tool.params.values() if p.role == "label" and p.required]
        container = container_of(tool)  # `folder`: a container the server lists by name
        labels += [container] if container is not None and container.role == "path" else []
        labels = [] if tool.upserts else labels  # `set_word_status(word, status)`: any word
        nested = [
            q
            for p in tool.role("objects")
            for q in item_params(p, tool)
            if q.role in ("key", "keys")
        ]
        known, needs = self.lists.known(tool, [*keyed, *labels, *nested])
        for param in tool.role("label") if tool.kind == "read" else []:  # "code generation"
            if param.name not in known and (values := self.lists.values(tool, param)):
                known[param.name] = values
        again = self.again is not None and self.again[0] is tool  # "and another one, 4 reps"
        taken = [*(again_tokens(self.reading) if again else ()), *(goes[2] if goes else ())]
        taken += [*said, *goes_by_itself(self.reading, tool, self.lists.groups(tool))]
        taken += described_here(self.reading, self.tools, tool)  # "diary entry 3"
        f = fill(self.reading, tool, known, taken)
        carried(self.reading, f, tool, self.earlier, self.tools)  # "out of that posting"
        carried_input(self.reading, f, tool, self.earlier, self.tools)  # "the same text"
        carried_ids(f, tool, self.earlier)  # "compare them": the `rfq_ids` a call returned
        carried_context(f, tool, self.earlier, self.tools)  # the `session_id` `new_game` gave
        name_pointed(self.reading, f, tool, self.pointed)  # "delete it": the term just added
        for param in tool.role("title") if tool.kind != "create" else ():
            given = self.lists.made_name(tool, param)  # "whats Fizzbuzz again": "fizzbuzz",
            if given is not None and given[1] <= f.spans.get(param.name, set()):  # as added
                f.set(param, given[0], f.spans[param.name], f.evidence.get(param.name, ""))
            elif (
                given is not None
                and param.required
                and param.name not in f.args
                and not given[1] & f.used
            ):  # "change the definition of fizzbuzz to: ..."
                f.set(param, given[0], given[1], self.reading.text.slice(given[1]))
        if goes is not None:
            f.set(goes[0], goes[1], goes[2], self.reading.text.slice(goes[2]))
        self.lists.set_filters(tool, f)  # "anything new on hacker news": that feed's id
        pattern_filters(self.reading, tool, f)  # "list overdue todos": a word its pattern lists
        qualifier_tags(self.reading, tool, f)  # "list my travel todos": tagged travel
        done_when(self.reading, tool, f)  # "done, got it this afternoon": no due date
        if again and self.again is not None:
            f.args = {**self.again[1], **f.args}
        last = self.earlier[-1] if self.earlier else None
        if (  # "EMI on 25,000 at 9% over 3 years?" / "and over 5 years?": the rest as before
            last is not None
            and last.name == tool.name
            and last.status == "ok"
            and tool.kind in (None, "read", "check")
            and f.args
            and goes_on(self.reading)
        ):
            f.args = {**last.arguments, **f.args}
        if self.correction is not None and self.correction[0] is tool:
            _, name, value, said = self.correction
            f.args, f.evidence = {name: value}, {name: self.reading.text.slice(said)}
            f.used.update(i for i, _ in enumerate(self.reading.text.tokens))
        answered = self.answers is not None and self.answers.tool == tool.name
        if answered:
            assert self.answers is not None
            for name, value in self.answers.values.items():
                if name == LEX.answers["confirm_field"]:
                    continue  # the yes to the router's own question, never a tool's `confirm`
                outer, _, inner = name.partition(".")
                if inner and outer in tool.params:  # a field of an object parameter
                    part = f.nested.get(outer)
                    made = f.args.setdefault(outer, dict(part.args) if part else {})
                    made[inner] = value
                    f.evidence[outer] = str(made)
                elif name in tool.params:
                    f.args[name] = value
                    f.evidence[name] = str(value)
        text_appended(self.reading, tool, f)  # "add X to the sleep entry": `append_to_entry`
        adding = (added_text(self.reading, tool, f) or f.added) if not answered else None
        if adding is not None and self.reading.action.linked:  # "add guest checkout to the X
            adding, f.added = None, None  # epic", where epics take stories: no text added
        plan = Plan(
            self,
            tool,
            scored.score,
            f,
            adding=adding,
            verb_alone=scored.verb_alone,
            unnamed=scored.unnamed,
        )
        search = looked_up(f, tool, self.tools, self.lists)  # "MW of caffeine": its formula
        if search is not None:
            plan.state, plan.finds = "list", [search]
            return plan
        if example_said(self.reading.text.original, tool):
            pass  # "that's it for today", the cue its description quotes: every word its own
        elif tool.kind not in ("read", "check") and not answered and not makes_value(tool):
            plan.stray = unaccounted(self.reading, f)  # (a value made and returned keeps none)
            plan.stray = remarks_left(self.reading, f, plan.stray)  # ", I edited it by hand"
            if tool.kind is None and not tool.role("title", "body"):  # "resistor value for
                tokens = self.reading.text.tokens  # yellow violet orange gold": what its
                plan.stray = [  # description says it gives, no word of a text it writes
                    i for i in plan.stray if singular(tokens[i].norm) not in tool.describe_words
                ]
        if tool.kind == "create" and not answered:  # "... a todo reminding me to finish it
            spans = {i for span in f.spans.values() for i in span}  # tonight": finish what?
            plan.stray = [
                *plan.stray,
                *(
                    i
                    for i, t in enumerate(self.reading.text.tokens)
                    if t.norm in LEX.object_pronouns
                    and i not in spans
                    and i not in f.used
                    and i not in plan.stray
                    and i - 1 in spans  # right after the text it would belong to, ending
                    and (
                        i + 1 == len(self.reading.text.tokens) or i + 1 in self.reading.when_tokens
                    )
                ),  # the request or before its day ("paint it, tag it garden": a clause)
            ]
        favour = self._favour(tool)  # "book a table for two tonight": a todo? asked first
        if favour is not None and favour not in plan.stray:
            plan.stray = [*plan.stray, favour]
        if plan.stray and tool.kind is None and tool.answers_questions:  # "when should i
            words = self.reading.text.tokens  # plant maize in nakuru": an answer, no record;
            plan.stray = [i for i in plan.stray if words[i].kind != "word"]  # its place said
        if plan.stray and self._asked_of(tool, f):
            # "my tyre pressure is 32 psi, what's that in bar": its other words say what it is
            # about; a value left over ("for 3 offices") is still asked about
            words = self.reading.text.tokens
            plan.stray = [i for i in plan.stray if words[i].kind != "word"]
        if tool.kind is None and plan.stray:  # "oven says 180C, what's that in fahrenheit"
            plan.stray = past_facts(self.reading, f, plan.stray)
        if tool.kind is None and plan.stray and not tool.role("title", "body", "text"):
            asked = described_phrases(self.reading, tool)  # "the html entity for 🍕": what
            plan.stray = [i for i in plan.stray if i not in asked]  # it returns, in its words
        ident = tool.identifier
        handed = handed_text(self.reading) or []  # "turn this musicxml into abc\n<?xml ...":
        pointed = self.reading.pronoun and not (handed and set(handed) <= f.used)  # this text
        made = just_made(tool, self.earlier, self.tools) if not (f.reference or pointed) else None
        key = named_key(tool, made) if not plan.stray else None
        if key is not None and made is not None and key.name not in f.args:  # "change the
            f.args[key.name] = made.arguments[key.name]  # definition to: ...", the term just
            f.evidence[key.name] = made.arguments[key.name]  # added
        acts = f.reference or (ident is not None and ident.required) or pointed
        if ident is not None and ident.name not in f.args and acts:
            self._resolve(plan, ident, needs)
        else:
            plan.needs = [n for n in needs if still_needed(f, n, tool, labels, nested)]
            if plan.needs:
                plan.state = "list"
        if plan.state in ("list", "not_found", "ambiguous", "bulk"):
            return plan
        return self._finish(plan)

    def _finish(self, plan: Plan) -> Plan:
        f, tool = plan.fill, plan.tool
        args = dict(f.args)
        ident = tool.identifier
        if (
            plan.item is None
            and ident is not None
            and ident.name in args
            and (
                any(tool.params[k].replaces for k in args if k in tool.params)
                or grown_lists(tool, args, self.reading)  # "tag entry 1 with #x too"
                or plan.adding is not None  # "add toothpaste to my packing list note"
            )
        ):  # a list the update replaces, a text added to: the item's current entries are needed
            listers = self.lists.listers(tool, tool.nouns)
            items = self.lists.listed(listers[0]) if listers else []
            if items is None:
                plan.state, plan.needs = "list", listers[:1]
                return plan
            wanted = str(args[ident.name])  # (an id 1 the listing gives as "1")
            plan.item = next((i for i in items if wanted in map(str, i.values())), None)
        if tool.kind == "update" and self.reading.when is not None:
            item = plan.item
            if item is None and ident is not None and ident.name in args:  # the one made here
                item = made_record(self.earlier, ident.name, args[ident.name])
            if item is not None:
                dates_onto(args, tool, item, self.reading)
        key = next((p for p in tool.required if p.role == "title"), None)
        if (
            plan.item is None
            and ident is None
            and key is not None
            and key.name in args
            and tool.kind == "update"
        ):  # "tag it networking too", the term "fizzbuzz" added here: its tags
            record = made_record(self.earlier, key.name, args[key.name])
            plan.item = {key.name: args[key.name], **record} if record else None
        if plan.item is None and (grown := grown_lists(tool, args, self.reading)):
            return replace(plan, state="invalid", problem=_say("list_to_keep", name=grown[0]))
        args = merge_lists(tool, args, plan.item, f.removals, self.reading)
        if plan.adding is not None:  # its text as it is, and the words added after it
            param, added = plan.adding
            held, name = plan.item or {}, param.name  # a text held as null is an empty one
            current = "" if name in held and held[name] is None else held.get(name)
            value = appended(current, added)
            if value is None:
                plan.state = "missing"
                plan.problem = _say("text_to_keep", name=param.name, title=plan.title or "")
                return plan
            args[param.name] = value
            f.evidence[param.name] = added
        misfits = {k: v for k, v in f.misfits.items() if k not in args}
        if misfits and tool.kind not in ("read", "check"):  # "top" where A-Z is due: ask
            plan.state, plan.args = "invalid", args
            plan.problem = "; ".join(misfit(tool.params[k], v) for k, v in misfits.items())
            return plan
        if tool.kind == "create":  # "create a subtask": no title, and no parent said
            for param in tool.role("title"):
                if kind_only(args.get(param.name), tool):
                    del args[param.name]
                    f.args.pop(param.name, None)
        if tool.kind == "create":  # "Hyperion by Dan Simmons": the author is said
            split_maker(args, tool, self.reading)
        missing = [p for p in f.missing() if p.name not in args]
        parent = parent_param(tool) if tool.kind == "create" else None
        if parent is not None and parent.name not in args and says_child(self.reading):
            made = made_id(self.earlier, tool, parent) if self.reading.pronoun else None
            if made is not None:  # "and give it a subtask: ...": under the record just made
                args[parent.name] = made
            else:
                missing.append(parent)
        if tool.kind == "create" and self.earlier:  # "he asked me to ...", after logging the
            for param in list(missing):  # meeting: the task's `origin`, the interaction made
                made = record_of(self.earlier, param)
                if made is not None and param.role in ("label", "id", "key"):
                    args[param.name] = made
                    missing.remove(param)
                elif (named := named_before(self.earlier, param, tool.name)) is not None:
                    args[param.name] = named  # "make a deck X and add Y = Z": in deck X
                    missing.remove(param)
        if tool.kind == "update":  # "set the kitchen project's priority": to what?
            missing += [tool.params[k] for k in f.fields if k not in args]
        texts = tool.role("title", "body")
        if tool.kind == "create" and not args and not missing and texts:
            missing.append(texts[0])  # "log some food": a new record with nothing said of it
        if tool.kind == "create" and not missing:
            under = parent is not None and parent.name in args
            taken = {
                i for k, span in f.spans.items() if tool.params.get(k) not in texts for i in span
            }
            unsure = doubt(args, tool, self.reading, under, frozenset(taken))
            if unsure is not None:  # "buy the sequel to it": to what? ask, never write "it"
                plan.state, plan.args, plan.problem = "invalid", args, unsure[1]
                return plan
        if missing:
            plan.state = "missing"
            plan.problem = "; ".join(_describe_missing(p) for p in missing)
            plan.args = args
            plan.missing = missing
            return plan
        if tool.kind == "update":
            same = unchanged(tool, args, plan.item)
            if same:
                plan.state = "unchanged"
                what = ", ".join(f"{k} {args[k]}" for k in same if k in args)
                title = f"“{plan.title}”" if plan.title else _say("the_noun", noun=noun_of(tool))
                plan.problem = (
                    _say("already", title=title, what=what)
                    if what
                    else _say("nothing_to_change", title=title)
                )
                if not what and plan.item is not None:  # "update my lunch entry": what to set?
                    plan.args = args
                    plan.missing = [p for p in tool.params.values() if p.name not in args]
                return plan
        bad = problems(tool, args, deadline_days(tool, f.evidence))
        if bad:
            plan.state, plan.problem, plan.args = "invalid", "; ".join(bad), args
            return plan
        args = preconditions(tool, args, plan.item)
        plan.args = args
        if plan.stray and left_to_a_check(self.reading, tool, args, plan.stray):
            plan.stray = []  # "is 2026-11-03 a public holiday in japan?": a check, its date
        if plan.stray and self._done(tool, args) is None:
            plan.state = "unaccounted"
            return plan
        plan.done = self._done(tool, args)
        return plan

    def _done(self, tool: ToolView, args: dict[str, Any]) -> MadeCall | None:
        """The call this plan made already: one with these arguments, or for a write any call
        of the tool in this request (a request writes once, whatever a listing showed since)."""
        same = [c for c in self.calls if c.name == tool.name and c.done]
        exact = next((c for c in same if c.arguments == args), None)
        if exact is None and same and tool.kind not in ("read", "check"):
            return same[0]
        return exact

    # -- the decision ------------------------------------------------------------------------
    def next(self) -> Step:
        """This turn's step: a call, reads first, a question, a refusal, or the answer."""
        reading = self.reading
        kept = kept_list(self.tools)  # a list written whole: read it, change one item, write it
        if kept is not None:
            first = self.ranked[0] if self.ranked else None
            step = kept_step(
                reading,
                kept,
                self.calls,
                first.tool if first else None,
                first.score if first else 0.0,
            )
            if step is not None:
                return step
        if reading.action.kind is None and not reading.action.question and self.again is None:
            return self._unsure(
                [_say("missing_action")],
                [s.tool for s in self.ranked] or self.tools,
            )
        discover = self.lists.discover(self.ranked)
        if discover:
            return ListFirst(
                tuple((lister.name, self.lists.args_for(lister) or {}) for lister in discover)
            )
        keeper = (  # (never for a request a tool quotes as its cue: "that's it for today")
            errand_keeper(reading, self.tools, self.plan)
            if self.answers is None and not quoting_tools(reading.text.original, self.tools)
            else None
        )
        stated = self._stated() if keeper is None else []  # "call mom tomorrow": a todo
        if stated:  # "Ana works at Acme": a fact to record, never a listing of Ana; which way?
            return Ask(ask_stated(reading.text.original, stated))
        close = self._done_where()
        if self.again is not None:
            close = [Scored(W.min_score, self.again[0], "again")]
        if self.correction is not None:
            close = [Scored(W.min_score, self.correction[0], "correction")]
        chose = self.answers.tool if self.answers is not None else self.home
        if not close and keeper is not None:
            close = [Scored(W.min_score, keeper, "errand")]
        if not close and chose:  # "tool: add-note", asked which tool makes it: that one, on
            close = [s for s in self.ranked if s.tool.name == chose][:1]
        if not close and (not self.ranked or self.ranked[0].score < W.min_score):
            return self._unsure([], [s.tool for s in self.ranked] or self.tools)
        close = close or rivals(self.ranked)[:4]
        repeated = self.again is not None or self.correction is not None  # (its kind: the last's)
        if close and not repeated and self._unnamed(close[0].tool):  # "delete passport": which
            top = close[0].score
            close += [
                s
                for s in self.ranked
                if s not in close
                and s.score >= top - W.unnamed_span
                and s.tool.kind == close[0].tool.kind
                and s.tool.own_nouns != close[0].tool.own_nouns  # another kind of thing
                and (s.tool.identifier or s.tool.kind == "create")
            ][:4]
        self.plans = [self.plan(s) for s in close]
        unexplained = [p for p in self.plans if self._unexplained_read(p)]
        if unexplained and len(unexplained) == len(self.plans):  # "fans spin, then everything
            return self._unsure([], [s.tool for s in self.ranked])  # shuts off": no todos read
        self.plans = [p for p in self.plans if p not in unexplained]
        if self.plans and self.plans[0].state == "missing":  # "add a Charizard #4": the card's
            twin = [
                p
                for p in map(self.plan, twins(self.ranked, close))
                if p.state == "ready"
                and (p.tool.kind == "create" or (p.args and not self.plans[0].args))
            ]
            self.plans += twin  # tool, not the sealed product's that needs a product type
            self.plans += self._made_instead(close)
        if self.plans and self._names_existing(self.plans[0]):  # "put the kitchen project on
            changes = [  # hold": a change to the project there is, never a new one
                s
                for s in self.ranked
                if s.tool.kind == "update"
                and s.tool.identifier is not None
                and s.tool.nouns & self.plans[0].tool.nouns
            ]
            if changes:
                self.plans = [self.plan(changes[0])]
            else:
                self.plans[0].state = "unaccounted"
        if self.plans and all(p.state == "not_found" for p in self.plans):  # "cancel the
            elsewhere = found_elsewhere(reading, self.plans, self.ranked, self.plan)  # dentist
            # appt": a todo, not an agent's task; "mark buy eggs as done": the other server's
            if elsewhere is None:  # "update meticulous to 2": the word, set by its key
                elsewhere = set_by_key(reading, self.plans, self.ranked, self.plan)
            if elsewhere is not None:
                self.plans = elsewhere
        if (
            len(self.plans) > 1
            and self.plans[0].state == "ready"
            and self._changes_made(self.plans[0])
        ):  # "change the definition to: ..." after a term was added: no other's listed
            self.plans = [self.plans[0], *(p for p in self.plans[1:] if p.state != "list")]
        waiting = plans_waiting(self.plans, reading)  # (not a lookup of a day alone)
        if waiting:
            calls: list[tuple[str, dict[str, Any]]] = []
            for plan in waiting:
                needs = [(n, self.lists.args_for(n) or {}) for n in plan.needs]
                for lister, args in needs + plan.finds:
                    call = (lister.name, args)
                    if call not in calls:
                        calls.append(call)
            return ListFirst(tuple(calls))
        live = [p for p in self.plans if p.state not in ("not_found",)]
        if self.plans[0].state == "not_found":  # its item is not there: no other tool's new
            live = [p for p in live if targeted(p)]  # record instead, only a named item's
        if not live:
            return Refuse(self.plans[0].problem)
        live = narrowed(live, reading)
        if len(live) > 1 and self.earlier:  # "and does it sound upbeat?" after a readability
            last = self.earlier[-1]  # check: the read just made, made again, is no answer
            other = [p for p in live if (p.tool.name, p.args) != (last.name, dict(last.arguments))]
            live = other or live
        if len(live) > 1:  # "change the title to '...'" after a todo was made: that change,
            made = [p for p in live if p.state == "ready" and self._changes_made(p)]
            if len(made) == 1 and all(  # over a rival that lacks values
                p.state in ("missing", "invalid") for p in live if p is not made[0]
            ):
                live = made
        if len(live) > 1:
            ready = [p for p in live if p.state == "ready"]
            reads = all(  # (a conversion writes nothing: "convert 26.2 miles to km")
                p.tool.kind in ("read", "check") or makes_value(p.tool) or converts(reading, p.tool)
                for p in live
            )
            best = best_read(ready, reading) if reads else None
            if best is not None and _outnamed(best, live[0]):
                best = None  # "show me everything in my knowledge graph": never the todos
            if best is not None:
                live = [best]
            else:
                names = [p.tool for p in live]
                names += self._alike(names)  # (`create_todo` beside `add_term`)
                gaps = [
                    _say("would_need", tool=p.tool.shown, what=p.problem)
                    for p in live
                    if p.state in ("missing", "invalid") and p.problem
                ]
                # "validate this number", "calculate the interest", "what's on my list?":
                # which one (a reply naming it goes on with it)
                return Ask(ask_which(reading.text.original, names, gaps))
        plan = live[0]
        away = self._pointed_step(plan)
        if away is not None:  # "add the note that her birthday is ...": hers, not a memo
            return away
        if plan.state == "ready" and plan.done is None and not self._evidence(plan):
            return self._unsure(
                [_say("what_to", verb=reading.action.verb or "do")],
                [s.tool for s in self.ranked[:4]],
            )
        if plan.state == "ready":
            if plan.done is None and (
                self._fact_unconfirmed() or self._writer_asked(plan)
            ):  # "Ben is married to Ana", add_observations chosen: on whom, saying what? shown
                fields = [confirm_param()]
                return Ask(ask_for(reading.text.original, plan.tool, plan.args, fields))
            if plan.done is None:
                return CallTool(plan.tool.name, plan.args)
            return self._answered(plan)
        if plan.state == "unaccounted" and plan.tool.destructive:  # "forget that Ana likes
            left = reading.text.slice(plan.stray)  # orchids": that one observation, not Ana
            part = part_step(plan.tool, plan.args, left, self.tools, self.earlier, self.calls)
            if part is not None:
                return part
        if plan.state in ("missing", "invalid", "unaccounted"):
            return Ask(self._question(plan))
        if plan.state == "unchanged" and plan.missing:
            original = self.reading.text.original
            return Ask(ask_for(original, plan.tool, plan.args, plan.missing, "", plan.problem))
        ident = plan.tool.identifier
        if plan.state == "ambiguous" and plan.choices and ident is not None:  # which one: a
            return Ask(ask_item(plan.problem, plan.tool, ident, plan.choices))  # reply picks it
        return Refuse(plan.problem)

    def _pointed_step(self, plan: Plan) -> Step | None:
        """A new record that goes elsewhere than the earlier one a pronoun points at: that
        record changed, or a question (`_pointed`); None when the plan acts on it."""
        p, chose = self.pointed, self.answers.tool if self.answers is not None else ""
        if p is None or plan.done is not None or chose == plan.tool.name:
            return None
        if not elsewhere(p, plan.tool, plan.args or plan.fill.args, self.reading, self.tools):
            return None

        def on_it(tools: list[ToolView]) -> Step:
            on = replace(self.reading, pronoun=True)
            planner = Planner(on, tools, self.calls, self.earlier, self.answers)
            planner.pointed = p  # (what its own tools' words leave unbound: still that)
            return planner.next()

        return pointed_step(p, plan.tool, self.reading, self.tools, on_it)

    def _asked_of(self, tool: ToolView, f: Fill) -> bool:
        """Whether a question goes to a tool of no verb of ours with nothing but typed values
        (a number, a unit, a choice): words of the question it does not take are what the
        question is about ("my tyre pressure", "a 150 horsepower engine"), nothing to ask
        about; a text it would carry from the words (a commit's message) is no such call."""
        action, tokens = self.reading.action, self.reading.text.tokens
        if tool.kind is not None or action.kind is not None or not action.question:
            return False
        asked = self.reading.text.original.rstrip().endswith("?") or any(
            t.norm in LEX.question_words and (i == 0 or tokens[i - 1].norm in LEX.clause_breaks)
            for i, t in enumerate(tokens)
        )  # a question, not an order with a verb of no tool's ("turn on the logging")
        return (
            asked
            and not tool.destructive
            and all(
                tool.params[k].role not in LEX.free_text_roles for k in f.args if k in tool.params
            )
        )

    def _done_where(self) -> list[Scored]:
        """A thing said done ("finished the hobbit", "returned the library books") names its
        item, not always its kind: every tool that marks a thing done looks for it (the one
        that finds it marks it; several that do are asked about)."""
        action = self.reading.action
        if not (action.past and action.kind == "update" and action.verb in LEX.done_verbs):
            return []
        done = [s for s in self.ranked if sets_done(s.tool)][:4]
        top = self.ranked[0] if self.ranked else None
        if top and top.tool.kind == "create" and all(top.score - s.score >= W.margin for s in done):
            return []  # "I went to the gym": a workout to log, well ahead of any to mark done
        return done

    def _stated(self) -> list[ToolView]:
        """The tools that could record the fact a request with no verb of ours says ("Ana
        knows Ben", "the billing task is on branch X"), when the best fit for it only reads:
        a fact is never answered with a listing. None when it was asked about already (a tool
        was chosen), or the best fit writes ("the kitchen project is on hold")."""
        reading = self.reading
        if not reading.action.stated or self.answers is not None or not self.ranked:
            return []
        if self.again is not None or self.correction is not None:
            return []
        if self.ranked[0].tool.kind not in ("read", "check", None):
            return []
        writes: list[ToolView] = []
        # the tools of the item it names ("Ana": an entity a listing showed), else of the kind
        # of thing the best fit reads ("the billing task": a task)
        named = [t for t in self.tools if t.name in self.lists.named]
        near = named or [self.ranked[0].tool]
        # the writes of the server that holds the item named ("Ana"), or a name is said
        by_server = bool(named or self.reading.typed("name"))
        writes += [
            t
            for t in self.tools
            if t.kind in ("create", "update")
            and t not in writes
            and any(
                t.own_nouns & n.own_nouns or (by_server and t.server and t.server == n.server)
                for n in near
            )
        ]
        return writes[:4]

    def _fact_unconfirmed(self) -> bool:
        """Whether the write is of a fact said with no verb ("Ana works at Acme"), its tool
        chosen but the values read from it not yet confirmed: they are shown first."""
        answers = self.answers
        return (
            self.reading.action.stated
            and answers is not None
            and answers.values.get(LEX.answers["confirm_field"]) is not True
        )

    def _writer_asked(self, plan: Plan) -> bool:
        """Whether a writer is reached by a question its description says it answers ("when do
        I need to start writing?": "returns when to start drafting"), not yet confirmed: a
        question never writes on its own."""
        answers = self.answers
        return (
            plan.tool.kind == "create"
            and self.reading.action.kind is None
            and answer_described(self.reading, plan.tool)
            and (answers is None or answers.values.get(LEX.answers["confirm_field"]) is not True)
        )

    def _names_existing(self, plan: Plan) -> bool:
        """Whether a new record's title is said as an existing one's, "the <title> <noun>"
        ("put the kitchen project on hold"), with a verb that does not say to make one."""
        tool, tokens = plan.tool, self.reading.text.tokens
        if tool.kind != "create" or self.reading.action.group == LEX.group("create"):
            return False
        titles = [p for p in tool.role("title") if isinstance(plan.fill.args.get(p.name), str)]
        if not titles:
            return False
        title = str(plan.fill.args[titles[0].name]).lower().split()
        for i, tok in enumerate(tokens[:-2]):
            j = i + 1 + len(title)
            if (
                tok.norm == LEX.the_word
                and j < len(tokens)
                and [t.norm for t in tokens[i + 1 : j]] == title
                and j in plan.fill.nouns
            ):
                return True
        return False

    def _question(self, plan: Plan) -> Question:
        """What to ask for a plan that lacks values, has one that does not fit, or words that
        fit nothing: exactly those fields, prefilled with what was understood."""
        tool, tokens = plan.tool, self.reading.text.tokens
        stray = self.reading.text.slice(plan.stray) if plan.stray else ""
        if plan.state == "missing":
            fields: list[Param] = []
            for param in plan.missing:  # an object: the fields of it that are missing
                inner = plan.fill.nested.get(param.name)
                if param.role == "object" and inner is not None and inner.missing():
                    fields += [replace(p, name=f"{param.name}.{p.name}") for p in inner.missing()]
                else:
                    fields.append(param)
            understood = {**plan.args}
            for name, inner in plan.fill.nested.items():
                understood.update({f"{name}.{k}": v for k, v in inner.args.items()})
            if not fields and tool.identifier is not None:  # "mark it as read": which entry?
                fields = [tool.identifier]
            run = self._one_run(plan.stray)
            if len(fields) == 1 and run and _takes_a_text(fields[0], tool):  # "project harbor,
                # area auth. session expired right after login. cause: ...": the one text left
                # unsaid, the one run of words left unread; shown, a yes goes ahead with it
                guess = {**understood, fields[0].name: run}
                return ask_given(self.reading.text.original, tool, guess, fields, "")
            return ask_for(self.reading.text.original, tool, understood, fields, stray)
        if plan.state == "invalid":
            bad = [p for p in tool.params.values() if p.name in plan.problem]
            return ask_for(self.reading.text.original, tool, plan.args, bad, stray, plan.problem)
        words = {singular(tokens[i].norm) for i in plan.stray}
        named = [
            p for p in tool.params.values() if words & set(p.words) and p.name not in plan.args
        ]
        texts = [p for p in tool.role("title", "body", "first_name") if p.name in plan.args]
        if not named and texts:  # its text is said: shown, never asked for as if unsaid
            return ask_given(self.reading.text.original, tool, plan.args, texts[:1], stray)
        fields = named or [confirm_param()]
        problem = ""
        if tool.kind == "delete" and fields[0].role == "confirm":  # a yes deletes all said here
            what = details(dict(plan.args), tool, set())
            problem = _say("deletes_all", noun=noun_of(tool), what=what, words=stray)
        return ask_for(self.reading.text.original, tool, plan.args, fields, stray, problem)

    def _one_run(self, stray: list[int]) -> str:
        """The words left unread when they are one run of two words or more, in one sentence
        (only marks inside, no sentence's end), else ""."""
        tokens = self.reading.text.tokens
        if not stray:
            return ""
        inside = range(min(stray), max(stray) + 1)
        if any(
            (i not in stray and tokens[i].kind != "punct")
            or (tokens[i].kind == "punct" and tokens[i].norm in LEX.sentence_ends)
            for i in inside
        ):
            return ""
        if sum(tokens[i].kind != "punct" for i in inside) < W.run_words:
            return ""
        return self.reading.text.slice(list(inside)).strip(" ,;:")

    def _answered(self, plan: Plan) -> Step:
        """The plan's call is done: its answer, after one more read when a default filter hid
        everything (to say how many others there are)."""
        main = plan.done
        assert main is not None
        tool = plan.tool
        left_out = ""
        if tool.kind == "read" and main.status == "ok":
            extra = self.lists.left_out(tool, main)
            if isinstance(extra, list):
                return ListFirst(tuple(extra))
            left_out = extra
        if tool.kind is None and (
            self.reading.action.kind in (None, "read")
            or self.reading.action.verb in {str(v) for p in tool.role("enum") for v in p.enum}
        ):  # "show me my squat history", "add 6 months to ...": what it read, what it computed
            tool = replace(tool, kind="read")
        output, unsaid = main.output, ""
        if tool.kind == "read" and main.status == "ok":  # "the passport todo": that one
            output, unsaid = unfiltered(self.reading, plan.fill, main.output)
        text = describe_result(tool, main.arguments, main.status, output, plan.title, left_out)
        if main.status == "ok" and failed_result(tool, main.output) is not None:
            return Refuse(text)  # `{"error": "Rate limit reached"}`: not done, whatever its flag
        if unsaid:  # "todos without a due date": a filter the tool cannot apply, said so
            text = "\n".join([text, _say("unfiltered", words=unsaid, tool=tool.shown)])
        if main.status == "ok" and made_once(self.reading, tool):  # "... every morning"
            text = "\n".join([text, _say("made_once", tool=tool.shown)])
        clause = second_clause(self.reading) if tool.kind == "create" else None
        own = clause is not None and not clause.same  # "... and remind me to post the letter"
        undone = undone_part(self.reading) if tool.kind in ("read", "check") or own else ""
        if undone:  # "what time is it in tokyo and remind me to call Kenji then": not all done
            return Refuse("\n".join([text, _say("part_undone", part=undone)]))
        return Done(text)

    def _evidence(self, plan: Plan) -> bool:
        """Whether the request says anything about what to write, beyond a verb ("stop")."""
        kept = kept_words(self.tools)
        if phrase_described(self.reading, plan.tool, kept):
            return True  # ("whats my cost basis?": a read described by those words)
        if example_said(self.reading.text.original, plan.tool):
            return True  # "that's it for today": the cue its description quotes
        if plan.tool.kind in ("read", "check") and not self._said_beyond(plan):
            return True  # "what's up?": a read needs no more than its verb
        return bool(
            noun_tokens(self.reading, plan.tool)
            or plan.fill.nouns  # "back up my notes": what its description says it acts on
            or plan.fill.evidence
            or plan.item
            or self.lists.named.get(plan.tool.name)
            or self.reading.pronoun
            or (self.again is not None and self.again[0] is plan.tool)  # "same again"
            or total_asked(self.reading, plan.tool)  # "how much did I spend": its summary
            or action_described(self.reading, plan.tool)  # "reset the board": as it says
            or any(spells_server(t, plan.tool.server) for t in self.reading.text.tokens)
        )  # "reload my todo.txt": the `todotxt` server's own thing

    def _favour(self, tool: ToolView) -> int | None:
        """The token of a verb of a favour asked of the assistant ("book a table for two",
        lexicon `FAVOR_VERBS`) that makes a record of a tool whose noun the request never says
        and whose description never says that verb: a record nobody named, so asked about."""
        action = self.reading.action
        if tool.kind != "create" or not action.tokens or action.verb not in LEX.favor_verbs:
            return None
        if noun_tokens(self.reading, tool) or stem(action.verb) in {
            stem(w) for w in tool.describe_words
        }:
            return None
        if (tool.nouns | tool.describe_words) & LEX.booked_nouns:
            return None  # "book a massage on friday": an event, where the tool keeps events
        return action.tokens[0]

    def _made_instead(self, close: list[Scored]) -> list[Plan]:
        """For a read that lacks the id of what it reads ("need quotes on 2 heat pumps ... to
        <address>": `get_quotes(rfq_id)`), the writes of its server that the request's values
        fill, ready, to be offered beside it (asked which: a write is never assumed)."""
        best = self.plans[0]
        ident = best.tool.identifier
        if best.tool.kind not in (None, "read", "check") or ident is None:
            return []
        if ident.name in best.args:
            return []
        makers = [  # (no verb of a write chose them: scored alike, each planned on its own)
            Scored(W.min_score, t, "made instead")
            for t in self.tools
            if t.server == best.tool.server
            and t.kind == "create"
            and t not in (s.tool for s in close)
        ]
        return [
            p
            for p in map(self.plan, makers[:2])
            if p.state in ("ready", "unaccounted") and len(p.args) > len(best.args)
        ]

    def _alike(self, asked: list[ToolView]) -> list[ToolView]:
        """For a question which tool makes a new record, that no word of the request but the
        verb chose among: the other tools of that kind the verb alone chose too ("add 3 things:
        ...": `add_term` by its verb's own spelling, `create_todo` by a synonym), up to four."""
        verb_alone = [s for s in self.ranked if s.verb_alone and s.tool.kind == "create"]
        if not asked or not all(s.tool in asked for s in verb_alone[:1]):
            return []
        if any(t.kind != "create" for t in asked):
            return []
        return [s.tool for s in verb_alone if s.tool not in asked][: max(0, 4 - len(asked))]

    def _changes_made(self, plan: Plan) -> bool:
        """Whether a plan changes the record the conversation's latest call made."""
        ident = plan.tool.identifier
        made = just_made(plan.tool, self.earlier, self.tools)
        key = named_key(plan.tool, made)  # (a record its server keys by its name: that name)
        if key is not None and made is not None:
            return plan.args.get(key.name) == made.arguments[key.name]
        if ident is None or made is None:
            return False
        return plan.args.get(ident.name) == earlier_id(self.earlier, plan.tool, ident)

    def _said_beyond(self, plan: Plan) -> bool:
        """Whether a read is chosen by its verb alone while the request says words another
        tool's name or description has, or a quoted text ("give me 3 ulids" for `list_todos`,
        "ulid" being `id_generate`'s): the read would leave the request unread."""
        if not plan.verb_alone:
            return False
        action = set(self.reading.action.tokens)
        own = plan.tool.describe_words | plan.tool.nouns  # "what stamps do I own?"
        others = {  # words another tool's name or description says ("ulid": `id_generate`)
            w for tool in self.tools if tool is not plan.tool for w in tool.describe_words
        } | {w for tool in self.tools if tool is not plan.tool for w in tool.nouns}
        said = [
            (i, t)
            for i, t in enumerate(self.reading.text.tokens)
            if i not in action and t.kind != "punct" and not is_function(t.norm)
        ]
        handed = worked_text(self.reading) or []
        if handed and not set(handed) & plan.fill.used:  # "how subjective is this: The
            return True  # report lists ...": a text handed over to work on, left unread
        if any(i in plan.fill.used or singular(t.norm) in own for i, t in said):
            return False  # the read is chosen by more than its verb
        return any(
            t.kind == "quoted" or (t.kind == "word" and singular(t.norm) in others - own)
            for _, t in said
        )

    def _unnamed(self, tool: ToolView) -> bool:
        """A request that acts on an item without saying what kind ("delete passport"), or
        makes one without saying what it makes ("add stamps": a note? a bookmark?)."""
        if noun_tokens(self.reading, tool) or self.lists.named.get(tool.name):
            return False
        if to_do_kind(self.reading, tool, []):  # "... as a low prio task": a todo
            return False
        if tool.kind == "create":  # "to the shopping list" names it, by its description
            described = {
                singular(t.norm)
                for i, t in enumerate(self.reading.text.tokens)
                if i not in self.reading.action.tokens and not is_function(t.norm)
            } & (tool.describe_words - set(LEX.verbs))
            if says_member(self.reading, tool):  # "add 'Renew SSL' to todo": its column
                return False
            if not tool.nouns and not described:  # "track my 10k doge" for `record(name)`,
                return True  # described in Chinese alone: nothing names what it records
            return not described and not self.reading.values and self.reading.when is None
        return tool.kind not in ("read", "run") and tool.identifier is not None

    def _unexplained_read(self, plan: Plan) -> bool:
        """A read chosen weakly, with no verb, none of its nouns and no value but a date said,
        while most words of the request are left that its description does not say ("is it
        too late to plant maize now? its dec 3" is no listing of the todos due dec 3): the
        request is about something else."""
        if (
            plan.tool.kind not in ("read", "check")
            or not plan.unnamed
            or plan.score >= W.min_score + W.unexplained_margin
            or self.reading.action.kind is not None
            or self.answers is not None
            or self.again is not None
            or self.correction is not None
            or (self.reading.pronoun and (self.earlier or self.calls))  # "what's in it?"
        ):
            return False
        tokens, when = self.reading.text.tokens, self.reading.when_tokens
        spans = [plan.fill.spans.get(name, set()) for name in plan.fill.args]
        if not spans or any(
            not span
            or any(i not in when and tokens[i].norm not in LEX.whole_quantifiers for i in span)
            for span in spans
        ):
            return False  # no value but a day or "everything": "is white text on #1a73e8
            # readable enough?" gives the colours it takes; "whats on my grocery list", none
        if any(
            tokens[i].kind != "punct"
            and not is_function(tokens[i].norm)
            and tokens[i].norm not in LEX.whole_quantifiers
            for i in plan.fill.used - when
        ):
            return False
        left = [
            i
            for i in unaccounted(self.reading, plan.fill)
            if tokens[i].kind == "word"
            and i not in when
            and tokens[i].norm not in LEX.whole_quantifiers
            and singular(tokens[i].norm) not in plan.tool.describe_words
        ]
        content = [t for t in tokens if t.kind != "punct" and not is_function(t.norm)]
        return len(left) >= W.unexplained_words and 2 * len(left) >= len(content)

    def _unsure(self, missing: list[str], tools: list[ToolView]) -> Refuse | Ask:
        unsaid = "" if self.earlier or self.calls else unsaid_words(self.reading)
        if unsaid and tools:  # "how many feet is that": of what? ask, naming what could do it
            return Ask(ask_unsaid(self.reading.text.original, unsaid, tools[:4]))
        makers = [t for t in tools if t.kind == "create"]
        if makers and self.reading.action.kind == "create" and self._text_said():
            return Ask(ask_which(self.reading.text.original, makers[:4], []))  # "save this:
            # gate code 4821#": what it makes is unsaid; a reply naming the tool goes on
        return Refuse(unsure(self.reading.text.original, self._understood(), missing, tools))

    def _text_said(self) -> bool:
        """Whether the request says a text after a colon ("save this: gate code 4821#")."""
        tokens = self.reading.text.tokens
        colon = next((i for i, t in enumerate(tokens) if t.norm in LEX.heading_marks), None)
        return colon is not None and any(
            t.kind != "punct" and not is_function(t.norm) for t in tokens[colon + 1 :]
        )

    def _understood(self) -> list[str]:
        action = self.reading.action
        if action.kind is None:
            out = [_say("a_question") if action.question else _say("no_action")]
        else:
            verb = _say("action_verb", verb=action.verb) if action.verb else ""
            out = [_say("action", kind=action.kind) + verb]
        if self.reading.when is not None:
            out.append(_say("when", when=self.reading.when.iso()))
        if self.plans:
            for name, words in self.plans[0].fill.evidence.items():
                out.append(_say("value_from", name=name, words=words))
            if self.plans[0].fill.reference:
                out.append(_say("the_item", reference=self.plans[0].fill.reference))
        return out


def _takes_a_text(param: Param, tool: ToolView) -> bool:
    """Whether a parameter takes free text (no list of values, no shape, no record's id)."""
    return (
        param.type in ("string", None)
        and not param.enum
        and param is not tool.identifier
        and not param.schema.get("pattern")
        and not param.schema.get("format")
    )


def _chosen_for(reading: Request, tools: list[ToolView], answers: Answers | None) -> Request:
    """A fact said ("the billing task is on branch X") once the user chose the tool that
    records it: the request read as that tool's write (a change, or a new record)."""
    if answers is None or not reading.action.stated:
        return reading
    chosen = next((t for t in tools if t.name == answers.tool), None)
    if chosen is None or chosen.kind not in ("create", "update"):
        return reading
    _, verb = LEX.create_action
    if chosen.kind == "update":
        verb = LEX.verb_groups[LEX.group("update")][2].split()[0]
    action = Action(verb, chosen.kind, LEX.group_of(verb), (), stated=True)
    return replace(reading, action=action)


def _describe_missing(param: Param) -> str:
    if param.enum:
        return _say("one_of", name=param.name, values=", ".join(map(str, param.enum)))
    return param.name


def _outnamed(best: Plan, top: Plan) -> bool:
    """Whether a read ready only because it needs nothing ranks below a read of another server
    whose noun the request says while saying none of its own: the one named, asked for what it
    lacks, rather than a listing nobody asked for."""
    return (
        best is not top
        and not best.fill.nouns
        and bool(top.fill.nouns)
        and best.tool.server != top.tool.server
        and top.score > best.score
    )
