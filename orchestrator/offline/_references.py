"""How a plan finds the item its request names, its reference: an earlier call's item for "it",
the flag that says all of them ("mark all articles as read"), a place in the listing shown
before ("the 2nd todo"), else the items a listing (or a search for its words) returns, one of
which the reference must name: `References`, the part of `Planner` that does it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol

from orchestrator.offline._account import is_function
from orchestrator.offline._answer import noun_of, plural_of, say
from orchestrator.offline._bulk import bulk
from orchestrator.offline._by_fields import find_by_fields
from orchestrator.offline._earlier import current_id, earlier_id, listed_before, place_of
from orchestrator.offline._fill import Fill
from orchestrator.offline._grouped import item_nouns
from orchestrator.offline._items import (
    find_items,
    item_id,
    item_keys,
    item_name,
    item_title,
    names_in,
)
from orchestrator.offline._lists import Listings, finder_param, guess_name, named_in_part
from orchestrator.offline._nouns import noun_tokens
from orchestrator.offline._pointed import just_made
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline._types import MadeCall
from orchestrator.offline.lexicon import LEXICON as LEX

# An id as a server makes one: letters and digits mixed, six or more ("603a0968", "rfq_9f8e").
_GENERATED = re.compile(r"(?=[\w-]*\d)(?=[\w-]*[a-z])[\w-]{6,}", re.I)

__all__ = ["References"]

_say = say


class Plan(Protocol):
    """What resolving a reference reads and sets of a plan (`_plan.Plan`)."""

    tool: ToolView
    fill: Fill
    state: str
    problem: str
    item: dict[str, Any] | None
    needs: list[ToolView]
    finds: list[tuple[ToolView, dict[str, Any]]]
    choices: list[str]


class References:
    """The reference resolution of `Planner` (its `_resolve`): what it reads of the planner."""

    reading: Request
    tools: list[ToolView]
    earlier: Sequence[MadeCall]
    lists: Listings

    def _elsewhere(self, tool: ToolView) -> bool:
        """Whether the conversation's latest call was another server's (what "it" points
        at is no record of this tool's)."""
        if not self.earlier:
            return False
        last = next((t for t in self.tools if t.name == self.earlier[-1].name), None)
        return last is not None and bool(last.server) and last.server != tool.server

    def _just_made(self, tool: ToolView) -> bool:
        """Whether the conversation's latest call made or changed a record of the tool's kind
        on its server: a change that names no record is that record's (`just_made`)."""
        return just_made(tool, self.earlier, self.tools) is not None

    def _resolve(self, plan: Plan, ident: Param, needs: list[ToolView]) -> None:
        f, tool = plan.fill, plan.tool
        noun = noun_of(tool)
        said = [
            singular(self.reading.text.tokens[i].norm)
            for i in noun_tokens(self.reading, tool)
            if self.reading.text.tokens[i].norm not in LEX.list_words
        ]
        if len(said) != len(set(said)):  # "delete the dentist todo and the plants todo"
            plan.state, plan.problem = "bulk", _say("bulk", noun=noun)
            return
        if self.reading.pronoun and tool.kind in ("update", "delete") and self._elsewhere(tool):
            plan.state, plan.problem = "missing", _say("which_reference", noun=noun)
            return  # "make it four" after a puzzle was dealt: never a todo looked for
        if self.reading.pronoun and not f.reference:
            earlier = earlier_id(self.earlier, tool, ident)
            if earlier and ident.role == "title":  # an exact title: found where it is listed
                f.reference = str(earlier)
            elif earlier:
                f.args[ident.name] = earlier
                return
        named = any(c.isdigit() for c in f.reference)  # ("game abc123": that one)
        changes = tool.kind in ("update", "delete") or tool.destructive
        if f.reference and changes:  # "delete project alpha": never the one made last
            named = True
        if not named and not self.reading.pronoun and ident.required:
            current = current_id(self.earlier, tool, ident, self.tools)
            if current is not None:  # "e2e4", "wait for the computer's move" after a game
                f.args[ident.name] = current  # was started: that game (where no tool lists
                f.used.update(f.reference_tokens)  # games, so no words could name another)
                return
        flag = _all_flag(tool) if not ident.required and self.reading.everything else None
        if flag is not None and self._kinds_said(f):  # "mark all articles as read": the flag
            f.args[flag.name] = True  # that says all of them (`all_entries`), no item
            f.evidence[flag.name] = f.reference
            return
        if not ident.required and self.reading.everything and f.reference:  # "mark all the
            unlisted, hit = self.lists.all_of(tool, f)  # hacker news posts read": of a feed
            if unlisted or hit:
                plan.state, plan.needs = ("list", unlisted) if unlisted else (plan.state, [])
                f.args.update(hit)
                return
        if f.references and ident.type == "array":  # "for the tomato soup and the pancakes"
            self._each(plan, ident)
            return
        if ident.role in ("key", "keys"):
            if needs:
                plan.state, plan.needs = "list", needs
                return
            guess = f.reference or guess_name(self.reading, f)
            said_nouns = frozenset(ident.words) - {LEX.name_word}
            listers = self.lists.listers(tool, said_nouns or tool.nouns)
            if guess and not listers and tool.kind in ("read", "check"):  # "define hogshead":
                f.args[ident.name] = guess  # no listing to look it up in; the server knows
                f.evidence[ident.name] = guess  # its names (never "No unit named ...")
                return
            names = names_in(self.lists.listed(listers[0]) or []) if listers else []
            plan.state = "not_found" if guess else "missing"
            shown = ", ".join(names[:10])
            plan.problem = (
                _say("no_such_name", noun=noun, name=guess)
                if guess
                else _say("which_item", noun=noun)
            ) + (_say("known_names", names=shown) if shown else "")
            return
        kinds = self._kinds_only(f)  # "delete my todos and notes": kinds of things, no item
        if self.reading.everything and (not f.reference or kinds):  # one at a time ("delete
            # all completed todos": the items meant named, once listed)
            problem, needs, one = bulk(self.reading, self.tools, self.lists, tool, ident)
            if one is not None:  # "remove all completed todos", one completed: that one
                self._take(plan, ident, one)
                return
            plan.problem, plan.needs = problem, needs
            plan.state = "list" if plan.needs else "bulk"
            return
        if kinds:
            plan.state, plan.problem = "missing", _say("which_reference", noun=noun)
            return
        if not f.reference and tool.kind == "update" and self._just_made(tool):
            made = earlier_id(self.earlier, tool, ident)  # "add 'book team lunch' ...", then
            if made is not None:  # "change the tags to work and social": the one just made
                f.args[ident.name] = made
                return
        if not f.reference:
            plan.state, plan.problem = "missing", _say("which_reference", noun=noun)
            return
        nouns = item_nouns(self.tools, tool, ident)
        place = place_of(f.reference)
        if place is not None:  # "the 2nd todo", "the second one": in the list shown before,
            listers = self.lists.listers(tool, nouns, True)  # by its server (an id is its own)
            seen = listed_before(self.earlier, [t for t in listers if _same_server(t, tool)])
            if not seen or place > len(seen):
                plan.state = "missing"
                plan.problem = _say(
                    "place_unlisted", noun=noun, plural=plural_of(noun), place=f.reference
                )
                return
            self._take(plan, ident, seen[place - 1] if place > 0 else seen[-1])
            return
        reference = f.reference
        searched = False  # a search for the reference's words: what it returns holds them
        listers = self.lists.listers(tool, nouns, by_description=True)
        guessed = bool(listers) and listers[0] not in self.lists.listers(tool, nouns)
        if listers:
            lister, args = listers[0], self.lists.args_for(listers[0]) or {}
        else:  # no listing of them all: a search for the words that name it
            finders = self.lists.finders(tool, nouns)
            search = None if finders else self.lists.server_search(tool)
            finders, guessed = (finders, guessed) if search is None else ([search], True)
            query = finder_param(finders[0]) if finders else None
            if query is None and ident.type in ("string", None) and _GENERATED.fullmatch(reference):
                f.args[ident.name] = reference  # "check on rfq 603a0968": nothing lists them,
                return  # and that is an id as the server makes them: that one
            if query is None:
                plan.state, plan.problem = "missing", _say("id_of", name=ident.name, noun=noun)
                return
            reference, searched = self._query(f), True
            lister, args = finders[0], {query.name: reference}
            noun = sorted(nouns)[0] if len(nouns) == 1 else noun
        items = self.lists.listed(lister, args)
        if items is None:
            plan.state, plan.finds = "list", [(lister, args)]
            return
        failure = self.lists.failure(lister, args)
        if failure is not None:  # "Rate limit reached": not looked up, so not "no such item"
            unsaid = [p for p in tool.required if p is not ident and p.name not in f.args]
            plan.state = "missing" if unsaid else "not_found"  # "change the status of P1-1":
            plan.problem = _say("failed", tool=lister.shown, message=failure)  # which status?
            return
        found = self._found(items, reference, f)
        if not found and searched and ident.role == "path":  # "the garden fence entry": the
            found = [i for i in items if set(i) == {LEX.name_word}]  # paths found by its words
            found = found if len(found) == len(items) else []
        following = None if found else self.lists.next_page(lister, args)
        if following is not None:  # not on the pages read, and more follow: the next page
            plan.state, plan.finds = "list", [(lister, following)]
            return
        other = None if found or guessed else self._other_listing(tool, nouns, lister)
        if other is not None:  # none in "List cards due for review now": the next listing of
            more_args = self.lists.args_for(other) or {}  # them, before none is said to match
            more = self.lists.listed(other, more_args)
            if more is None:
                plan.state, plan.finds = "list", [(other, more_args)]
                return
            found = self._found(more, reference, f)
        if not found and guessed:  # a listing only its description says holds the item: a
            plan.state, plan.problem = "missing", _say("id_of", name=ident.name, noun=noun)
        elif not found and not items and not searched and other is None:  # "clear out my
            plan.state = "not_found"  # whole todo list" with none: none to name, no "No todo
            plan.problem = (  # matches ...")
                _say("none_listed", nouns=plural_of(noun))
                if self.reading.everything
                else _say("none_named", nouns=plural_of(noun), reference=reference)
            )
        elif not found:  # guess, and what it lacks is asked for
            plan.state = "not_found"
            plan.problem = _say("not_found", noun=noun, reference=reference)
        elif len(found) > 1:
            plan.state = "ambiguous"
            ids = [item_id(i, ident.name) for i in found] if ident.role == "id" else []
            titles = [item_title(i) for i in found]
            alike = len(set(titles)) < len(titles)  # "call mom"; "call mom": by their ids
            plan.choices = [str(i) for i in ids if i is not None]
            if len(plan.choices) < len(found):
                plan.choices = []
            shown = "; ".join(
                _say("shown_with_id", title=t, id=plan.choices[k])
                if alike and plan.choices
                else f"“{t}”"
                for k, t in enumerate(titles[:5])
            )
            plan.problem = _say(
                "ambiguous",
                count=len(found),
                nouns=plural_of(noun),
                reference=f.reference,
                shown=shown,
            )
        else:
            self._take(plan, ident, found[0])

    def _each(self, plan: Plan, ident: Param) -> None:
        """Each record named (`_each_named`), found by its title in the listing of them: the
        list of their ids, in the order said; asked about when one names none, or several."""
        f, tool = plan.fill, plan.tool
        nouns = item_nouns(self.tools, tool, ident)  # a listing of them, by its nouns first
        noun = sorted(nouns)[0] if len(nouns) == 1 else noun_of(tool)  # "recipe", not "list"
        listers = self.lists.listers(tool, nouns) or self.lists.listers(tool, nouns, True)
        if not listers:
            plan.state, plan.problem = "missing", _say("id_of", name=ident.name, noun=noun)
            return
        lister, args = listers[0], self.lists.args_for(listers[0]) or {}
        items = self.lists.listed(lister, args)
        if items is None:
            plan.state, plan.finds = "list", [(lister, args)]
            return
        ids: list[Any] = []
        for reference in f.references:
            found = find_items(items, reference)
            value = item_id(found[0], ident.name) if len(found) == 1 else None
            if value is None:
                plan.state = "ambiguous" if found else "not_found"
                plan.problem = _say("not_found", noun=noun, reference=reference)
                return
            ids.append(value)
        kind = (ident.schema.get("items") or {}).get("type")
        if kind == "integer" and not all(str(v).isdigit() for v in ids):
            plan.state, plan.problem = "missing", _say("id_of", name=ident.name, noun=noun)
            return
        f.args[ident.name] = [int(v) if kind == "integer" else v for v in ids]

    def _found(self, items: list[dict[str, Any]], reference: str, f: Fill) -> list[dict[str, Any]]:
        """The listed items the reference names: by their titles, or by what their fields hold
        ("the one due wednesday": `_by_fields`), else by the words before it."""
        if f.described or self.reading.item_when is not None:  # "the one due wednesday":
            found = find_by_fields(items, self.reading, f)  # what its fields hold, all of it
        else:  # its title, else a word of another field ("the spanish one": its deck)
            found = find_items(items, reference) or find_by_fields(items, self.reading, f)
        if not found and reference == f.reference:  # "reopen the CI task, the pipeline broke
            found = named_in_part(self.reading, f, items)  # again": the words before it
        return [i for i in found if not self.lists.inside(item_title(i))]  # "News" of a feed

    def _other_listing(
        self, tool: ToolView, nouns: frozenset[str], lister: ToolView
    ) -> ToolView | None:
        """For a change or deletion whose item the listing made does not hold, the next listing
        of the same things on the same server (`list_cards` after `due_cards`), if any."""
        if tool.kind not in LEX.described_kinds:
            return None
        others = [t for t in self.lists.listers(tool, nouns) if t.server == tool.server]
        at = next((k for k, t in enumerate(others) if t is lister), None)
        return others[at + 1] if at is not None and at + 1 < len(others) else None

    def _take(self, plan: Plan, ident: Param, item: dict[str, Any]) -> None:
        """Act on `item`: its id (or name, or exact title) as the value of `ident`."""
        f = plan.fill
        plan.item = item
        value = item_id(item, ident.name) if ident.role == "id" else item_name(item)
        value = item_title(item) if ident.role == "title" else value  # an exact title
        if value is not None and ident.type == "string":
            value = str(value)
        elif isinstance(value, str) and ident.type == "integer":
            value = int(value) if value.isdigit() else None
        if value is None:
            plan.state = "missing"
            plan.problem = _say("id_of_item", name=ident.name, title=item_title(item))
            return
        f.args[ident.name] = [value] if ident.role == "keys" else value
        item_keys(f, plan.tool, item)

    def _kinds_only(self, f: Fill) -> bool:
        """Whether the reference says only what kinds of things the tools offered keep ("notes"
        in "delete my todos and notes"), which names no item of them."""
        tokens = self.reading.text.tokens
        words = [singular(tokens[i].norm) for i in f.reference_tokens]
        kinds = {n for t in self.tools for n in t.nouns}
        content = [w for w in words if not is_function(w)]
        return bool(content) and all(w in kinds for w in content)

    def _kinds_said(self, f: Fill) -> bool:
        """Whether the reference says only what kind of thing it is ("all articles": lexicon
        `KIND_WORDS`, or a tool's noun), or is empty: no item of them by name."""
        tokens = self.reading.text.tokens
        words = [singular(tokens[i].norm) for i in f.reference_tokens]
        kinds = {n for t in self.tools for n in t.nouns} | LEX.kind_words
        return all(w in kinds or is_function(w) for w in words)

    def _query(self, f: Fill) -> str:
        """What to search for: the name the reference holds ("Maria Lopez" of "a call with
        Maria Lopez"), else the reference's words."""
        tokens = set(f.reference_tokens)
        for value in self.reading.typed("name"):
            if tokens & set(value.tokens):
                return str(value.value)
        return f.reference


def _all_flag(tool: ToolView) -> Param | None:
    """The one flag of `tool` that says it acts on all its items (`all_entries`)."""
    flags = [
        p for p in tool.params.values() if p.type == "boolean" and set(p.words) & LEX.all_words
    ]
    return flags[0] if len(flags) == 1 else None


def _same_server(one: ToolView, other: ToolView) -> bool:
    """Whether two tools are of one server, as far as their names tell (unknown: the same)."""
    return not one.server or not other.server or one.server == other.server
