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
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from orchestrator.offline._answer import noun_of, unsure
from orchestrator.offline._check import merge_lists, problems, unchanged
from orchestrator.offline._choose import Scored, rank, rivals
from orchestrator.offline._fill import Fill, fill
from orchestrator.offline._items import (
    find_items,
    item_id,
    item_name,
    item_title,
    names_in,
)
from orchestrator.offline._lists import Listings, item_params, lister_args
from orchestrator.offline._nouns import noun_matches, noun_tokens
from orchestrator.offline._read import Action, Reading
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import VERBS, Param, ToolView

if TYPE_CHECKING:
    from orchestrator.offline.router import Call

__all__ = ["Plan", "Planner"]

_MIN_SCORE = 2.0


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
    done: Call | None = None

    @property
    def title(self) -> str | None:
        return item_title(self.item) if self.item else None


class Planner:
    def __init__(
        self,
        reading: Reading,
        tools: list[ToolView],
        calls: Sequence[Call],
        earlier: Sequence[Call],
    ) -> None:
        self.reading, self.tools, self.calls, self.earlier = reading, tools, calls, earlier
        if reading.action.colon:
            reading.action = _addressed(reading.action, tools)
        elif reading.action.late is not None and not _pronoun_after(reading):
            first = reading.text.tokens[reading.action.late].norm  # "todo for friday - submit"
            if any(
                t.kind == "create" and any(noun_matches(first, n) for n in t.nouns) for t in tools
            ):
                reading.action = Action(first, "create", VERBS["create"][1], ())
        self.lists = Listings(reading, tools, calls)
        self.ranked: list[Scored] = rank(
            reading,
            tools,
            {**self._hints(), **self.lists.named},
            self.lists.weak,
            self.lists.valued(),
        )
        self.plans: list[Plan] = []

    def _hints(self) -> dict[str, frozenset[str]]:
        """Nouns a request names without saying them: "it" is the item just made or shown."""
        if not self.reading.pronoun or not self.earlier:
            return {}
        last = self.earlier[-1]
        hints = {}
        for tool in self.tools:
            if tool.name == last.name or any(
                noun_matches(n, m) for n in tool.nouns for m in _nouns(last.name)
            ):
                hints[tool.name] = tool.nouns
        return hints

    # -- one candidate -----------------------------------------------------------------------
    def plan(self, scored: Scored) -> Plan:
        tool = scored.tool
        keyed = [p for p in tool.params.values() if p.role in ("key", "keys")]
        labels = [p for p in tool.params.values() if p.role == "label" and p.required]
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
        f = fill(self.reading, tool, known)
        plan = Plan(self, tool, scored.score, f)
        ident = tool.identifier
        acts = f.reference or (ident is not None and ident.required) or self.reading.pronoun
        if ident is not None and ident.name not in f.args and acts:
            self._resolve(plan, ident, needs)
        else:
            plan.needs = [n for n in needs if _needed(f, n, tool, labels, nested)]
            if plan.needs:
                plan.state = "list"
        if plan.state in ("list", "not_found", "ambiguous", "bulk"):
            return plan
        return self._finish(plan)

    def _resolve(self, plan: Plan, ident: Param, needs: list[ToolView]) -> None:
        f, tool = plan.fill, plan.tool
        noun = noun_of(tool)
        said = [
            singular(self.reading.text.tokens[i].norm)
            for i in noun_tokens(self.reading, tool)
            if self.reading.text.tokens[i].norm not in ("list", "lists")
        ]
        if len(said) != len(set(said)):  # "delete the dentist todo and the plants todo"
            plan.state, plan.problem = "bulk", f"I can act on one {noun} at a time; say which one."
            return
        if self.reading.pronoun and not f.reference:
            earlier = self._earlier_id(tool, ident)
            if earlier:
                f.args[ident.name] = earlier
                return
        if ident.role in ("key", "keys"):
            if needs:
                plan.state, plan.needs = "list", needs
                return
            guess = f.reference or _guess_name(self.reading, f)
            listers = self.lists.listers(tool, frozenset(ident.words) - {"name"} or tool.nouns)
            names = names_in(self.lists.listed(listers[0]) or []) if listers else []
            plan.state = "not_found" if guess else "missing"
            shown = ", ".join(names[:10])
            plan.problem = (f"No {noun} named “{guess}”" if guess else f"Which {noun}?") + (
                f" (known: {shown})" if shown else ""
            )
            return
        if self.reading.everything and not f.reference:
            plan.state, plan.problem = "bulk", f"I can act on one {noun} at a time; say which one."
            return
        if not f.reference:
            plan.state, plan.problem = "missing", f"which {noun} (its title or id)"
            return
        listers = self.lists.listers(tool, tool.nouns)
        if not listers:
            plan.state, plan.problem = "missing", f"the {ident.name} of the {noun}"
            return
        items = self.lists.listed(listers[0])
        if items is None:
            plan.state, plan.needs = "list", [listers[0]]
            return
        found = find_items(items, f.reference)
        if not found:
            plan.state = "not_found"
            plan.problem = f"No {noun} matches “{f.reference}”; nothing was changed."
        elif len(found) > 1:
            plan.state = "ambiguous"
            shown = "; ".join(f"“{item_title(i)}”" for i in found[:5])
            plan.problem = f"{len(found)} {noun}s match “{f.reference}”: {shown}. Say which one."
        else:
            plan.item = found[0]
            value = item_id(found[0], ident.name) if ident.role == "id" else item_name(found[0])
            if value is None:
                plan.state, plan.problem = (
                    "missing",
                    f"the {ident.name} of “{item_title(found[0])}”",
                )
                return
            f.args[ident.name] = [value] if ident.role == "keys" else value

    def _earlier_id(self, tool: ToolView, ident: Param) -> str | None:
        for call in reversed(self.earlier):
            if not (set(_nouns(call.name)) & tool.nouns or call.name == tool.name):
                continue
            for source in (call.output, call.arguments):
                if isinstance(source, dict) and isinstance(source.get(ident.name), str):
                    return str(source[ident.name])
                found = item_id(source, ident.name) if isinstance(source, dict) else None
                if found:
                    return found
        return None

    def _finish(self, plan: Plan) -> Plan:
        f, tool = plan.fill, plan.tool
        args = dict(f.args)
        ident = tool.identifier
        if (
            plan.item is None
            and ident is not None
            and ident.name in args
            and any(tool.params[k].replaces for k in args if k in tool.params)
        ):  # a list the update replaces: the item's current entries are needed
            listers = self.lists.listers(tool, tool.nouns)
            items = self.lists.listed(listers[0]) if listers else []
            if items is None:
                plan.state, plan.needs = "list", listers[:1]
                return plan
            plan.item = next((i for i in items if args[ident.name] in i.values()), None)
        if tool.kind == "update" and plan.item is not None and self.reading.when is not None:
            _dates_onto(args, tool, plan.item, self.reading)
        args = merge_lists(tool, args, plan.item, f.removals)
        missing = [p for p in f.missing() if p.name not in args]
        if missing:
            plan.state = "missing"
            plan.problem = "; ".join(_describe_missing(p) for p in missing)
            plan.args = args
            return plan
        if tool.kind == "update":
            same = unchanged(tool, args, plan.item)
            if same:
                plan.state = "unchanged"
                what = ", ".join(f"{k} {args[k]}" for k in same if k in args)
                title = f"“{plan.title}”" if plan.title else f"the {noun_of(tool)}"
                plan.problem = (
                    f"{title} is already {what}; nothing was changed."
                    if what
                    else f"Nothing to change in {title}: say what to set."
                )
                return plan
        bad = problems(tool, args)
        if bad:
            plan.state, plan.problem, plan.args = "invalid", "; ".join(bad), args
            return plan
        plan.args = args
        plan.done = self._done(tool, args)
        return plan

    def _done(self, tool: ToolView, args: dict[str, Any]) -> Call | None:
        """The call this plan made already: one with these arguments, or for a write any call
        of the tool in this request (a request writes once, whatever a listing showed since)."""
        same = [c for c in self.calls if c.name == tool.name and c.done]
        exact = next((c for c in same if c.arguments == args), None)
        if exact is None and same and tool.kind not in ("read", "check"):
            return same[0]
        return exact

    # -- the decision ------------------------------------------------------------------------
    def next(self) -> Plan | str | list[tuple[str, dict[str, Any]]]:
        reading = self.reading
        if reading.action.kind is None and not reading.action.question:
            return self._unsure(
                ["an action (add, list, change, delete, …)"],
                [s.tool for s in self.ranked] or self.tools,
            )
        discover = self.lists.discover(self.ranked)
        if discover:
            return [(lister.name, lister_args(lister)) for lister in discover]
        if not self.ranked or self.ranked[0].score < _MIN_SCORE:
            return self._unsure([], [s.tool for s in self.ranked] or self.tools)
        close = rivals(self.ranked)[:4]
        if close and self._unnamed(close[0].tool):  # "delete passport": which kind of thing?
            top = close[0].score
            close += [
                s
                for s in self.ranked
                if s not in close
                and s.score >= top - 2.5
                and s.tool.kind == close[0].tool.kind
                and s.tool.identifier
            ][:4]
        self.plans = [self.plan(s) for s in close]
        waiting = [p for p in self.plans if p.state == "list"]
        if waiting:
            calls: list[tuple[str, dict[str, Any]]] = []
            for plan in waiting:
                for lister in plan.needs:
                    call = (lister.name, lister_args(lister))
                    if call not in calls:
                        calls.append(call)
            return calls
        live = [p for p in self.plans if p.state not in ("not_found",)]
        if not live:
            return self.plans[0].problem
        if len(live) > 1:
            ready = [p for p in live if p.state == "ready"]
            if (
                ready
                and all(p.tool.kind in ("read", "check") for p in live)
                and (len(ready) == 1 or ready[0].score - ready[1].score >= 0.25)
            ):  # reads: the best, when it is ahead
                live = ready[:1]
            else:
                names = [p.tool for p in live]
                gaps = [
                    f"{p.tool.name} would need {p.problem}"
                    for p in live
                    if p.state in ("missing", "invalid") and p.problem
                ]
                return self._unsure(["which of these tools you mean", *gaps], names)
        plan = live[0]
        if plan.state == "ready" and plan.done is None and not self._evidence(plan):
            return self._unsure(
                [f"what to {reading.action.verb or 'do'}"],
                [s.tool for s in self.ranked[:4]],
            )
        if plan.state == "ready":
            return plan if plan.done is not None else [(plan.tool.name, plan.args)]
        if plan.state in ("missing", "invalid"):
            what = plan.problem
            return self._unsure([f"{plan.tool.name}: {what}"], [plan.tool])
        return plan.problem

    def _evidence(self, plan: Plan) -> bool:
        """Whether the request says anything about what to write, beyond a verb ("stop")."""
        if plan.tool.kind in ("read", "check"):
            return True
        return bool(
            noun_tokens(self.reading, plan.tool)
            or plan.fill.evidence
            or plan.item
            or self.lists.named.get(plan.tool.name)
            or self.reading.pronoun
        )

    def _unnamed(self, tool: ToolView) -> bool:
        """A request that acts on an item without saying what kind ("delete passport")."""
        if tool.kind in ("read", "create", "run") or not tool.identifier:
            return False
        return not noun_tokens(self.reading, tool) and not self.lists.named.get(tool.name)

    def _unsure(self, missing: list[str], tools: list[ToolView]) -> str:
        return unsure(self.reading.text.original, self._understood(), missing, tools)

    def _understood(self) -> list[str]:
        action = self.reading.action
        if action.kind is None:
            out = ["a question" if action.question else "no action I know of"]
        else:
            out = [f"action {action.kind}" + (f" (“{action.verb}”)" if action.verb else "")]
        if self.reading.when is not None:
            out.append(f"when {self.reading.when.iso()}")
        if self.plans:
            for name, words in self.plans[0].fill.evidence.items():
                out.append(f"{name} from “{words}”")
            if self.plans[0].fill.reference:
                out.append(f"the item “{self.plans[0].fill.reference}”")
        return out


def _pronoun_after(reading: Reading) -> bool:
    """ "task X: put it on branch Y": the late verb acts on an item ("it")."""
    tokens = reading.text.tokens
    at = reading.action.tokens[-1] + 1 if reading.action.tokens else len(tokens)
    return at < len(tokens) and tokens[at].norm in ("it", "them", "that", "this")


def _addressed(action: Action, tools: list[ToolView]) -> Action:
    """ "todo: renew the insurance" adds a todo; "claude: explain this" asks claude."""
    word = action.verb
    if any(t.kind == "create" and any(noun_matches(word, n) for n in t.nouns) for t in tools):
        return Action(word, "create", VERBS["create"][1], action.tokens)
    return Action("ask", "run", VERBS["ask"][1], action.tokens[1:])


def _nouns(name: str) -> list[str]:
    from orchestrator.offline._tokens import singular, words_of

    return [singular(w) for w in words_of(name.rpartition("__")[2])]


def _needed(
    f: Fill, lister: ToolView, tool: ToolView, labels: list[Param], nested: list[Param]
) -> bool:
    """Whether a listing is still needed: a required label or a nested key has no value yet."""
    for param in labels:
        if param.name not in f.args:
            return True
    for name, inner in f.nested.items():
        if name not in f.args and any(p.name not in inner.args for p in nested):
            return True
    keyed = [p for p in tool.params.values() if p.role in ("key", "keys") and p.required]
    return any(p.name not in f.args for p in keyed)


def _guess_name(reading: Reading, f: Fill) -> str:
    """The word that looks like the name asked for ("restart ghost-bot")."""
    for i, tok in enumerate(reading.text.tokens):
        if i in f.used or tok.kind not in ("word", "other", "ident"):
            continue
        if "-" in tok.text[1:] or tok.possessive or any(c.isdigit() for c in tok.text):
            return tok.text.rstrip("'s’")
    return ""


def _describe_missing(param: Param) -> str:
    if param.enum:
        return f"{param.name} (one of {', '.join(map(str, param.enum))})"
    return param.name


def _dates_onto(
    args: dict[str, Any],
    tool: ToolView,
    item: dict[str, Any],
    reading: Reading,
) -> None:
    """ "move it to friday" keeps the time it had; "push it to 11am" keeps its day."""
    from datetime import datetime

    when = reading.when
    assert when is not None
    for param in tool.role("moment"):
        current = item.get(param.name)
        if param.name in args and isinstance(current, str) and not when.exact:
            try:
                moment = datetime.fromisoformat(current)
            except ValueError:
                continue
            if when.has_date != when.has_time:
                args[param.name] = when.onto(moment).isoformat(timespec="seconds")
