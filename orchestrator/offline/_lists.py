"""Listings, for a turn of the router: which read lists what a tool acts on (its item noun,
then shared words, then the same server or nearness in the catalogue), the names a listing made
shows (so "restart test-runner" finds the agent), the listings to make first when a request may
name something ("ask claude ..."), and what a listing's default filter left out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property, lru_cache
from typing import Any

from orchestrator.offline._account import unaccounted
from orchestrator.offline._answer import failed_result, noun_of, plural_of, say
from orchestrator.offline._choose import Scored
from orchestrator.offline._contained import container_of
from orchestrator.offline._fill import fill
from orchestrator.offline._grouped import Groups, grouped, item_nouns
from orchestrator.offline._items import (
    find_by_lead,
    find_items,
    find_without_kind,
    first_named,
    item_id,
    item_title,
    items_of,
    json_text,
    names_in,
    one_item,
    paging_of,
    text_items,
)
from orchestrator.offline._notation import in_notation
from orchestrator.offline._nouns import noun_matches, noun_tokens
from orchestrator.offline._phrase import Fill
from orchestrator.offline._pointed import just_made
from orchestrator.offline._query_language import written_for
from orchestrator.offline._read import Request
from orchestrator.offline._rivals import writes_nothing
from orchestrator.offline._scored import rated_by
from orchestrator.offline._tokens import singular, stem, words_of
from orchestrator.offline._tools import VERBS, Param, ToolView, unwrap
from orchestrator.offline._types import MadeCall
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = [
    "Listings",
    "before_remark",
    "guess_name",
    "item_params",
    "lister_args",
    "named_in_part",
    "still_needed",
]

_ALL_VALUES = LEX.all_values
MAX_PAGES = 10  # pages of one listing read to find what a request names (1,000 todos)


class Listings:
    """The listings of one turn: `calls` are the request's calls so far."""

    def __init__(
        self,
        reading: Request,
        tools: list[ToolView],
        calls: Sequence[MadeCall],
        answered: Mapping[str, Any] | None = None,
        earlier: Sequence[MadeCall] = (),
    ) -> None:
        self.reading, self.tools, self.calls = reading, tools, calls
        self.earlier = earlier  # the conversation's calls before this request (set first:
        # the names found read them)
        self.answered = answered or {}  # the values the user's answer gave, by parameter
        self.mentioned = mention_index(reading)
        self.weak: set[str] = set()  # tools named only through a key inside their items
        self._args: dict[str, dict[str, Any] | None] = {}
        self._filters: dict[str, dict[str, tuple[Any, list[int], str]]] = {}
        self._said: list[list[int]] | None = None
        self._id_filters: dict[str, list[tuple[Param, ToolView]]] = {}
        self.named: dict[str, frozenset[str]] = self._find_named()

    # -- listings ----------------------------------------------------------------------------
    def listers(
        self, tool: ToolView, nouns: frozenset[str], by_description: bool = False
    ) -> list[ToolView]:
        """Reads that list what `tool` acts on, best first (same server, shared nouns and
        description words, then nearness in the catalogue), whose required values, if any,
        the request gives; `by_description`: also those whose description alone names the item
        ("Get the raw food log entries"), where an item is looked up."""
        candidates = _lister_candidates(tuple(self.tools), tool, nouns, by_description)
        return [
            t
            for t in candidates
            if self.args_for(t) is not None
            and (_lists_them(t, nouns) or not _takes_values(t))
            and not (LEX.in_group(t.verb, "search") and t.role("query") and t.role("id"))
        ]  # (`find_similar(query, item_id)`: what is like a text or an item, never all of them)

    def finders(self, tool: ToolView, nouns: frozenset[str]) -> list[ToolView]:
        """Searches that find what `tool` acts on by a text (`searchContacts(query)`), best
        first: reads whose one required value is a query."""
        found = []
        for other in self.tools:
            param = finder_param(other) if other is not tool and other.kind == "read" else None
            if param is None:
                continue
            searches = LEX.in_group(other.verb, "search") or param.role == "query"
            own = other.nouns if searches else other.own_nouns  # (`get_guardrails(stack)`,
            shared = {n for n in own if any(noun_matches(m, n) for m in nouns)}  # "the Bug
            if not shared:  # Ledger starter pack of rules": no bug found by a stack's name)
                continue
            score = W.lister_shared_noun * len(shared)
            if tool.server and tool.server == other.server:
                score += W.lister_same_server
            found.append((score, other))
        found.sort(key=lambda s: -s[0])
        return [t for _, t in found]

    def server_search(self, tool: ToolView) -> ToolView | None:
        """The one search of `tool`'s server that takes a text and names no kind of item
        (jsoncrm's `search(query)`, "Search the CRM pipeline by name, company ..."), where no
        read lists or finds by its nouns what `tool` acts on: it finds the item by its name."""
        found = [
            t
            for t in self.tools
            if t is not tool
            and t.kind == "read"
            and t.server == tool.server
            and LEX.in_group(t.verb, "search")
            and finder_param(t) is not None
            and not any(t.nouns & o.nouns for o in self.tools if o.kind != "read")
        ]
        return found[0] if len(found) == 1 else None

    def values(self, tool: ToolView, param: Param) -> list[str]:
        """Values a listing made shows for what `param` filters on: the agents' `capabilities`
        for `capability_filter` (no listing is made for this)."""
        core = {w for w in param.words if w not in LEX.key_noise}
        listers = [tool] if tool.is_lister else self.listers(tool, tool.nouns)
        items = self.listed(listers[0]) if listers else None
        if not core or not items:
            return []
        found: list[str] = []
        for item in items:
            for field, value in item.items():
                if not core & {singular(w) for w in words_of(field)}:
                    continue
                for entry in value if isinstance(value, list) else [value]:
                    if isinstance(entry, str) and entry not in found:
                        found.append(entry)
        return found

    def listed(
        self, lister: ToolView, args: dict[str, Any] | None = None
    ) -> list[dict[str, Any]] | None:
        """The items of the listing made for this request (with `lister_args`, or `args` for a
        search: a call of the same tool with other arguments is an answer, not a listing), or
        None."""
        wanted = self.args_for(lister) if args is None else args
        pages = self._pages(lister, wanted)
        if not pages:
            return None
        items: list[dict[str, Any]] = []
        for call in pages:  # the pages read after the first, each from where the last ended
            if call.status != "ok":
                return []
            by_group = grouped(call.output, lister)
            found = by_group[1] if by_group else None
            single = [call.output] if one_item(call.output) else None  # a listing of one
            items += found or items_of(call.output) or single or text_items(call.output) or []
        return items

    def failure(self, lister: ToolView, args: dict[str, Any] | None = None) -> str | None:
        """The server's words when a page of the listing, not marked an error, says it failed
        ("Rate limit reached"), or None: a lookup that failed so found nothing, it did not find
        that nothing is there. (One marked an error is left to the question it leads to.)"""
        wanted = self.args_for(lister) if args is None else args
        for call in self._pages(lister, wanted):
            failed = failed_result(lister, call.output) if call.status == "ok" else None
            if failed is not None:
                return failed
        return None

    def next_page(self, lister: ToolView, args: dict[str, Any]) -> dict[str, Any] | None:
        """The arguments of the page after the last one read of a listing, when that page says
        more follow and where (`LEX.page_starts`: `next_offset`, `nextCursor`, ...) and the
        lister takes it; None when none follows, or after `MAX_PAGES`."""
        pages = self._pages(lister, args)
        if not pages or len(pages) >= MAX_PAGES or pages[-1].status != "ok":
            return None
        start = _next_start(pages[-1].output, lister)
        return None if start is None else {**args, start[0]: start[1]}

    def _pages(self, lister: ToolView, args: dict[str, Any] | None) -> list[MadeCall]:
        """The calls made of a listing with `args`: its first page, then each page read after
        it."""
        pages: list[MadeCall] = []
        wanted = args
        while len(pages) < MAX_PAGES:
            call = next(
                (
                    c
                    for c in self.calls
                    if c.name == lister.name and c.done and c.arguments == wanted
                ),
                None,
            )
            if call is None:
                break
            pages.append(call)
            start = _next_start(call.output, lister) if call.status == "ok" else None
            if start is None:
                break
            wanted = {**(args or {}), start[0]: start[1]}
        return pages

    def groups(self, tool: ToolView) -> Groups | None:
        """For a tool that names its item by its exact title: the groups of the listing made
        of its items, when that listing groups them by one of its filters (`_grouped`)."""
        ident = tool.identifier
        if ident is None or ident.role != "title":
            return None
        listers = self.listers(tool, item_nouns(self.tools, tool, ident), by_description=True)
        if not listers:
            return None
        lister = listers[0]
        wanted = self.args_for(lister)
        for call in self.calls:
            if call.name == lister.name and call.done and call.arguments == wanted:
                by_group = grouped(call.output, lister) if call.status == "ok" else None
                return by_group[0] if by_group else None
        return None

    def args_for(self, lister: ToolView) -> dict[str, Any] | None:
        """The arguments that list all of what `lister` lists: `lister_args`, and the values
        its required parameters take from the request ("the cards on the Website board"); None
        when the request does not give them, or when one is a list (a read that takes a list
        computes on it, and lists no records)."""
        if lister.name not in self._args:
            args: dict[str, Any] | None = lister_args(lister)
            required = [
                p for p in lister.required if p.role != "const" and p.name not in (args or {})
            ]
            if any(p.type == "array" for p in required):
                args = None  # `summarize_cidrs(cidrs)`: a computation on a list, no listing
            elif required:
                found = fill(self.reading, lister, {}).args
                if all(p.name in found and p.role not in ("query", "title") for p in required):
                    args = {**(args or {}), **{p.name: found[p.name] for p in required}}
                else:
                    args = None
            self._args[lister.name] = args
        return self._args[lister.name]

    def known(
        self, tool: ToolView, params: Sequence[Param]
    ) -> tuple[dict[str, list[str]], list[ToolView]]:
        """Names for `params` from the listings made, and the listings still to make."""
        known: dict[str, list[str]] = {}
        needs = []
        for param in params:
            nouns = frozenset(w for w in param.words if w not in LEX.key_noise)
            listers = self.listers(tool, nouns or tool.nouns)
            if not listers:
                continue
            items = self.listed(listers[0])
            if items is None:
                needs.append(listers[0])
            else:
                known[param.name] = names_in(items)
        return known, needs

    def key_listers(self, tool: ToolView) -> list[tuple[Param, ToolView]]:
        out = []
        params = [
            *tool.params.values(),
            *(q for p in tool.role("objects") for q in item_params(p, tool)),
        ]
        for param in params:
            new = set(words_of(param.describe or param.own)[:1]) & LEX.new_value_words
            folder = param.role == "path" and param is container_of(tool)  # named, listed
            keyed = param.role in ("key", "keys") or folder
            if keyed and not (new and param is not tool.identifier):
                nouns = frozenset(w for w in param.words if w not in LEX.key_noise)
                listers = self.listers(tool, nouns or tool.nouns)
                if listers:
                    out.append((param, listers[0]))
        return out

    def _find_named(self) -> dict[str, frozenset[str]]:
        """Tools whose items the request names ("ask claude ...": claude is a listed agent)."""
        hints = {}
        for tool in self.tools:
            for param, lister in self.key_listers(tool):
                items = self.listed(lister)
                names = names_in(items) if items else []
                if names and (
                    any(self.mentions(n) for n in names)
                    or first_named(self.reading.text.tokens, names)
                ):
                    said = frozenset(param.words) & tool.nouns
                    if param.name not in tool.params:  # a key inside an item: weaker evidence
                        self.weak.add(tool.name)
                    hints[tool.name] = said or frozenset(
                        [tool.item_noun] if tool.item_noun else tool.nouns
                    )
        for maker, param, _, _ in self._made_names:  # "delete fizzbuzz", the term added: the
            for tool in self.tools:  # tools of its server that take it by that name
                keyed = tool.params.get(param.name)
                if (
                    tool.kind != "create"
                    and keyed is not None
                    and keyed.role == "title"
                    and tool.server == maker.server
                    and tool.name not in hints
                ):
                    hints[tool.name] = frozenset([tool.item_noun] if tool.item_noun else tool.nouns)
        titled: dict[ToolView, tuple[int, bool]] = {}  # "change the Charizard cost to 275": a
        for tool, lister in self.id_listers():  # card listed by that title, changed by its id
            items = self.listed(lister)
            how = self._titled(items) if items else (0, False)
            if how[0] and tool.name not in hints:
                titled[tool] = how
        best = max(titled.values(), default=(0, False))
        for tool, how in titled.items():  # "the target on charizard ex": the watchlist's
            if how == best:  # "Charizard ex ...", which says more of it than a "Charizard"
                hints[tool.name] = frozenset([tool.item_noun] if tool.item_noun else tool.nouns)
                if not how[1]:  # "the lugia": the first words of a longer title
                    self.weak.add(tool.name)
        return hints

    def id_listers(self) -> list[tuple[ToolView, ToolView]]:
        """Changes of one record found by its id (`card_id`), of the kind the request says,
        each with the listing of those records, where the request names no kind of thing of
        theirs, nor the record by "it" or by its place ("the second one"): the record is
        named by its title, as that listing shows it."""
        reading = self.reading
        tokens = reading.text.tokens
        said = {singular(t.norm) for t in tokens if t.kind == "word"}
        named = [
            i
            for i in range(len(tokens))
            if _name_like(reading, i) and tokens[i].norm not in LEX.ordinal_places
        ]
        if reading.pronoun or not named or reading.action.kind not in ("update", "delete"):
            return []
        out = []
        for tool in self.tools:
            ident = tool.identifier
            if ident is None or ident.role != "id":
                continue
            if tool.kind != reading.action.kind and not rated_by(reading, tool):
                continue  # ("rate Dune 5 stars": the review that takes a rating, by the book's id)
            if ident.name in self.answered:  # "todo_id: todo_k3", the answer: no title to find
                continue
            if not ident.required or said & tool.own_nouns or not self._said_change(tool):
                continue
            listers = self.listers(tool, tool.nouns)
            things = {tool.item_noun, *(singular(w) for w in ident.words)} - LEX.id_words
            if listers and things & listers[0].nouns:  # a listing of its things, no other
                out.append((tool, listers[0]))
        return out

    def _said_change(self, tool: ToolView) -> bool:
        """Whether the request may say the change `tool` makes: it sets fields besides the
        record's id, or the request says its own verb ("untick call grandma" is no
        `mark_done(id)`: the change is its verb, and the verb is another)."""
        action = self.reading.action
        if any(p is not tool.identifier for p in tool.params.values()):
            return True
        return tool.verb == action.verb or LEX.same_sense(action.verb, action.group, tool.verb)

    def _titled(self, items: list[dict[str, Any]]) -> tuple[int, bool]:
        """How the request names a listed item by its title, at best: how many of its words
        the title's opening says, from its first, a word the router reads as nothing else
        ("the lugia" of "Lugia V alt art Silver Tempest": 1), and whether it says the whole
        title ("Charizard"); (0, False) when it names none, or says it only inside a longer
        name ("Brew" of "Morning Brew", "News" of "the hacker news posts")."""
        tokens = self.reading.text.tokens
        names = [set(v.tokens) for v in self.reading.typed("name")]
        best = (0, False)
        for item in items:
            title = [stem(w) for w in words_of(item_title(item))]
            for i in range(len(tokens)):
                if not title or not _name_like(self.reading, i) or stem(tokens[i].norm) != title[0]:
                    continue
                k = 0
                while (
                    i + k < len(tokens) and k < len(title) and stem(tokens[i + k].norm) == title[k]
                ):
                    k += 1
                if any(set(range(i, i + k)) < name for name in names) or (
                    i and _name_like(self.reading, i - 1)
                ):  # "Brew" inside "Morning Brew", "news" of "the hacker news posts": no name
                    continue  # of its own
                best = max(best, (k, k == len(title)))
        return best

    def valued(self) -> set[str]:
        """Reads with a filter whose value the request names, as a listing showed it ("agents
        that can do code generation": `capability_filter` code_generation; "anything new on
        hacker news": `feed_id` of the feed listed as Hacker News)."""
        return {
            tool.name
            for tool in self.tools
            if tool.kind == "read"
            for param in tool.role("label")
            if any(self.mentions(v) for v in self.values(tool, param))
        } | {tool.name for tool in self.tools if tool.kind == "read" and self.filter_ids(tool)}

    def said_names(self) -> list[list[int]]:
        """The words of each name the request says that a listing made for an id filter
        shows, whichever read it filters."""
        if self._said is None:
            listers = {t.name: t for tool in self.tools for _, t in self.id_filters(tool)}
            names = [item_title(i) for t in listers.values() for i in self.listed(t) or []]
            self._said = [span for name in names if (span := spoken(self.reading, name))]
        return self._said

    def set_filters(self, tool: ToolView, f: Fill) -> None:
        """The id filters the request names a listed thing for (`filter_ids`), into `f`, where
        the words that name it serve no other value."""
        for name, (value, span, words) in self.filter_ids(tool).items():
            if name not in f.args and not f.used & set(span):
                f.set(name, value, span, words)

    def all_of(self, tool: ToolView, f: Fill) -> tuple[list[ToolView], dict[str, Any]]:
        """For a change of all the items of a thing the reference names as its listing shows
        it ("mark all the hacker news posts read": a feed): the listings of such things still
        to make, else that thing's id in the optional filter that takes it (`feed_id`)."""
        filters = [t for p, t in self.id_filters(tool) if p.name not in f.args]
        unlisted = [t for t in filters if self.listed(t) is None]
        if unlisted:
            return unlisted, {}
        named = self.filter_ids(tool).items()
        hits = [(k, v) for k, v in named if set(v[1]) <= set(f.reference_tokens)]
        if len(hits) != 1:
            return [], {}
        name, (value, _, words) = hits[0]
        f.evidence[name] = words
        return [], {name: value}

    def inside(self, name: str) -> bool:
        """Whether `name` is said only inside a longer name a listing shows ("News" in "hacker
        news", a feed): then it names nothing itself."""
        span = set(spoken(self.reading, name))
        return bool(span) and any(span < set(s) for s in self.said_names())

    def id_filters(self, tool: ToolView) -> list[tuple[Param, ToolView]]:
        """A read's or a change's optional filters by the id of another kind of thing
        (`feed_id`, `category_id` of `list_entries`; `feed_id` of `mark_read(entry_id,
        feed_id)`), each with the read that lists those things."""
        if tool.name in self._id_filters:
            return self._id_filters[tool.name]
        out: list[tuple[Param, ToolView]] = []
        self._id_filters[tool.name] = out
        if tool.kind not in ("read", "update"):
            return out
        for param in tool.role("id"):
            nouns = frozenset(param.words) - LEX.id_words
            if param.required or not nouns or (tool.kind != "read" and param is tool.identifier):
                continue
            listers = [
                t
                for t in self.listers(tool, nouns)
                if any(noun_matches(n, t.item_noun) for n in nouns) and not t.required
            ]
            if listers:
                out.append((param, listers[0]))
        return out

    def filter_ids(self, tool: ToolView) -> dict[str, tuple[Any, list[int], str]]:
        """The id filters of a read whose item the request names by its listed name ("anything
        new on hacker news": `feed_id` 1), each with the words that say it: one item each, the
        longest name said (the feed "Hacker News", not the category "News" inside it)."""
        if tool.name in self._filters:
            return self._filters[tool.name]
        found = []
        for param, lister in self.id_filters(tool):
            for item in self.listed(lister) or []:
                span = spoken(self.reading, item_title(item))
                value = item_id(item)
                if isinstance(value, str) and param.type == "integer":  # "**Maya** (ID: 1)":
                    value = int(value) if value.isdigit() else None  # an id read from text
                elif isinstance(value, int) and param.type == "string":  # `epic_id: string`
                    value = str(value)
                if span and value is not None:
                    found.append((param, value, span))
        longer = self.said_names()
        kept = [f for f in found if not any(set(f[2]) < set(g) for g in longer)]
        out: dict[str, tuple[Any, list[int], str]] = {}
        for param in {f[0].name: f[0] for f in kept}.values():
            mine = [f for f in kept if f[0] is param]
            if len({repr(f[1]) for f in mine}) == 1:
                _, value, span = mine[0]
                out[param.name] = (value, span, self.reading.text.slice(span))
        self._filters[tool.name] = out
        return out

    def mentions(self, name: str) -> bool:
        low = name.lower()
        spaced = " ".join(words_of(low)) if "_" in low else low
        return low in self.mentioned or (
            " " in spaced and f" {spaced} " in f" {self.reading.text.norm} "
        )

    def discover(self, ranked: list[Scored]) -> list[ToolView]:
        """Listings to make first, so that names in the request can be told apart: the items of
        tools that take a name ("restart test-runner") and could be meant; none where the best
        tool reads the words as values ("set B2 to 42", a statement in SQL) or, writing
        nothing, reads every word (no other tool's names are then looked up)."""
        if not ranked or not maybe_name(self.reading):
            return []
        if set(names_like(self.reading)) <= self._named_before():
            return []  # "delete fizzbuzz" after "add fizzbuzz to my glossary": that one
        if just_made(ranked[0].tool, self.earlier, self.tools) is not None:
            return []  # "change the definition to: ..." after a term was added: of that one
        values = in_notation(self.reading, ranked[0].tool)
        if values and all(i in values for i in names_like(self.reading)):
            return []  # "set B2 to 42": a cell of the workbook, no record's name
        top = ranked[0].score
        best = ranked[0].tool
        if written_for(self.reading, best):
            return []  # "delete from pets where ...": a statement, no record's name to look up
        covered = self._covered(best)
        needs: list[ToolView] = []
        named = (  # ("Xc of 10uF at 50hz": the noun of a computation said)
            not ranked[0].verb_alone
            and writes_nothing(best)
            and (best.kind is None or LEX.in_group(best.verb, "compute"))
        )
        for scored in ranked:
            if covered and scored.tool is not best:
                continue  # "and in calories": the best reads every word; no other's names
            if named and scored.verb_alone and scored.tool is not best:
                continue  # a tool there by its verb alone, where the best's noun is said:
                # its names are not worth a listing (no vault searched for a capacitor)
            nested = [q for p in scored.tool.role("objects") for q in item_params(p, scored.tool)]
            if scored.score < top - W.discover_span or (
                scored.tool.kind == "create" and not nested
            ):
                continue
            for param, lister in self.key_listers(scored.tool):
                if param.role == "path" and not noun_tokens(self.reading, scored.tool):
                    continue  # a folder listed only for a request that names its records
                if (
                    (param.required or param in nested)
                    and self.listed(lister) is None
                    and (lister not in needs)
                ):
                    needs.append(lister)
            for lister in self._filter_listers(scored.tool):  # "anything new on hacker news"
                if lister not in needs:
                    needs.append(lister)
        near = {
            s.tool.name
            for s in ranked
            if s.score >= top - W.discover_span
            and not (named and s.verb_alone and s is not ranked[0])
        }
        if covered:
            near = {best.name}
        for tool, lister in self.id_listers():  # "bump the lugia target": which record is
            if tool.name in near and self.listed(lister) is None and lister not in needs:
                needs.append(lister)  # the lugia, of which kind of thing
        return needs

    def _named_before(self) -> set[int]:
        """The request's tokens that say a name an earlier call gave a record."""
        return {i for _, _, said, _ in self._made_names for i in said}

    def made_name(self, tool: ToolView, param: Param) -> tuple[str, set[int]] | None:
        """The name, as an earlier call on `tool`'s server gave it in `param`, that the request
        says ("whats Fizzbuzz" of the term "fizzbuzz": its own spelling), with its tokens."""
        for maker, made, said, value in self._made_names:
            if made.name == param.name and maker.server == tool.server:
                return value, said
        return None

    @cached_property
    def _made_names(self) -> list[tuple[ToolView, Param, set[int], str]]:
        """The names earlier calls of the conversation gave records, that the request says word
        for word ("fizzbuzz" of `add_term(lemma="fizzbuzz")`): each call's tool, the title
        parameter it set, the tokens that say it, and the name as given."""
        by_name = {t.name: t for t in self.tools}
        norms = [t.norm for t in self.reading.text.tokens]
        found = []
        for call in self.earlier:
            tool = by_name.get(call.name)
            if tool is None or call.status != "ok":
                continue
            for param in tool.role("title"):
                value = call.arguments.get(param.name)
                if not isinstance(value, str):
                    continue
                words = words_of(value.lower())
                for at in range(len(norms) - len(words) + 1) if words else ():
                    if norms[at : at + len(words)] == words:
                        found.append((tool, param, set(range(at, at + len(words))), value))
        return found

    def _covered(self, tool: ToolView) -> bool:
        """Whether the best tool, a read, reads every word of the request with nothing listed
        (a conversion, a computation): no other tool's names are worth listing."""
        if not writes_nothing(tool):
            return False
        f = fill(self.reading, tool, {})
        return bool(f.args) and not f.missing() and not unaccounted(self.reading, f)

    def _filter_listers(self, tool: ToolView) -> list[ToolView]:
        """The listings still to make for a read's id filters, when words the read leaves
        unexplained may be the name of what one filters by."""
        filters = [t for _, t in self.id_filters(tool) if self.listed(t) is None]
        if not filters or tool.kind != "read":
            return []
        f = fill(self.reading, tool, {})
        tokens = self.reading.text.tokens
        left = [  # "the last 3 days": a count's word is no name
            i
            for i in unaccounted(self.reading, f)
            if _name_like(self.reading, i) and tokens[i].norm not in LEX.count_before
        ]
        return filters if left else []

    def left_out(self, tool: ToolView, main: MadeCall) -> str | list[tuple[str, dict[str, Any]]]:
        """What a listing left out by a default filter, counted with one more call when it came
        back empty; "" when nothing was."""
        items = items_of(main.output)
        if items is None:
            return ""
        noun = noun_of(tool)
        plural = plural_of(noun)
        for param in tool.role("enum"):
            default = param.schema.get("default")
            every = next((v for v in param.enum if str(v).lower() in _ALL_VALUES), None)
            if default is None or every is None or param.name in main.arguments:
                continue
            if items:
                return say("only_default", default=default, plural=plural)
            wider = {**main.arguments, param.name: every}
            counted = next(
                (c for c in self.calls if c.name == tool.name and c.done and c.arguments == wider),
                None,
            )
            if counted is None:
                return [(tool.name, wider)]
            others = items_of(counted.output) or []
            if not others:
                return ""
            tally: dict[str, int] = {}
            for item in others:
                key = str(item.get(param.name, "other"))
                tally[key] = tally.get(key, 0) + 1
            shown = ", ".join(f"{n} {k}" for k, n in tally.items())
            return say("none_default", default=default, plural=plural, shown=shown)
        more, total = paging_of(main.output)
        if more is False or (total is not None and total <= len(items)):
            return ""  # the result says it gave them all
        if total is not None:
            return say("showing_of", shown=len(items), total=total)
        starts = set(LEX.page_starts.values())  # `offset`: where a page starts, not its size
        for param in tool.role("count"):
            limit = main.arguments.get(param.name, param.schema.get("default"))
            if param.name in starts or not isinstance(limit, int) or limit < 1:
                continue
            if len(items) >= limit:
                top = param.schema.get("maximum")
                up_to = say("up_to", top=top) if top and top > limit else ""
                return say("only_first", limit=limit, more=up_to)
        return ""


@lru_cache(maxsize=4096)
def _lister_candidates(
    tools: tuple[ToolView, ...],
    tool: ToolView,
    nouns: frozenset[str],
    by_description: bool = False,
) -> tuple[ToolView, ...]:
    """The reads that could list what `tool` acts on, best first (see `Listings.listers`)."""
    index = {t.name: i for i, t in enumerate(tools)}
    siblings = _siblings(tools, tool)
    found = []
    for other in tools:
        if other is tool or other.kind != "read":
            continue
        shared = {n for n in other.nouns if any(noun_matches(m, n) for m in nouns)}
        told = (  # "Get the raw food log entries for a date": said where it says what it does
            by_description and not shared and {stem(n) for n in nouns} & other.described_stems
        )
        if not shared and not told:
            continue
        lists = any(noun_matches(m, other.item_noun) for m in nouns)
        score = (W.lister_item_noun if lists else 0.0) + W.lister_shared_noun * len(shared)
        described = len((tool.describe_words & other.describe_words) - nouns)
        score += min(W.lister_description, described)
        kin = (tool.nouns & other.nouns) - nouns  # `log_journal_entry`'s entry types: the
        score += W.lister_shared_noun * len(kin)  # journal entries listed, not nutrition's
        near = min(abs(index[s.name] - index[other.name]) for s in siblings)
        score -= W.lister_distance * near  # a server's tools are listed together
        if tool.server and tool.server == other.server:
            score += W.lister_same_server
        found.append((score, other))
    found.sort(key=lambda s: -s[0])
    return tuple(t for _, t in found)


def _takes_values(lister: ToolView) -> bool:
    """Whether a read needs values of the request's to list anything (`get_guardrails(stack)`)."""
    return any(p.role != "const" and p.name not in lister_args(lister) for p in lister.required)


def _lists_them(lister: ToolView, nouns: frozenset[str]) -> bool:
    """Whether its own name says the things sought (`list_bugs`), not only its description (a
    "starter pack of rules" for the Bug Ledger lists no bugs, whatever stack it is given)."""
    return any(noun_matches(m, n) for n in lister.own_nouns for m in nouns)


def _siblings(tools: tuple[ToolView, ...], tool: ToolView) -> list[ToolView]:
    """The tools likely of `tool`'s server: those whose identifying parameter has the very
    same schema (every fleet tool's `agent_name`), and the tool itself."""
    ident = tool.identifier
    if ident is None:
        return [tool]
    shape = repr(ident.schema)
    found = [
        t for t in tools if ident.name in t.params and repr(t.params[ident.name].schema) == shape
    ]
    return found or [tool]


def _next_start(payload: Any, lister: ToolView) -> tuple[str, Any] | None:
    """Where the next page of a listing starts, as (the lister's parameter, its value), when
    the listing's result says more follow and the lister takes where to start; else None."""
    inner = json_text(payload)
    found = inner if inner is not None else payload
    if not isinstance(found, dict):
        return None
    for key, param in LEX.page_starts.items():
        value = found.get(key)
        if value not in (None, "") and not isinstance(value, bool) and param in lister.params:
            return param, value
    return None


def finder_param(tool: ToolView) -> Param | None:
    """The one required value of a search (its query), or None when the tool is no search."""
    required = [p for p in tool.required if p.role != "const"]
    if (
        len(required) == 1
        and required[0].role in ("query", "title")
        and (required[0].type in ("string", None))
    ):
        return required[0]
    return None


def lister_args(lister: ToolView) -> dict[str, Any]:
    """Arguments that list everything: an "all" status, the largest page."""
    args: dict[str, Any] = {}
    for param in lister.params.values():
        if param.role == "enum" and param.schema.get("default") is not None:
            every = next((v for v in param.enum if str(v).lower() in _ALL_VALUES), None)
            if every is not None:
                args[param.name] = every
        if param.role == "count" and param.name != LEX.page_word and "maximum" in param.schema:
            args[param.name] = param.schema["maximum"]
    return args


def spoken(reading: Request, name: str) -> list[int]:
    """The tokens that say `name` word by word (any case), the first time it is said, or []."""
    words = words_of(name)
    tokens = reading.text.tokens
    for i in range(len(tokens) - len(words) + 1):
        if words and all(tokens[i + k].bare.lower() == w for k, w in enumerate(words)):
            return list(range(i, i + len(words)))
    return []


def mention_index(reading: Request) -> frozenset[str]:
    out = set()
    for tok in reading.text.tokens:
        if tok.kind in ("word", "other", "ident", "quoted", "number"):
            out.add((tok.bare if tok.kind != "quoted" else tok.inner).lower())
            out.add(tok.norm)
    return frozenset(out)


def maybe_name(reading: Request) -> bool:
    """Whether a word of the request could be an item's name: not a word the router reads."""
    return bool(names_like(reading))


def names_like(reading: Request) -> list[int]:
    """The words of the request that could be an item's name."""
    return [i for i in range(len(reading.text.tokens)) if _name_like(reading, i)]


def _name_like(reading: Request, i: int) -> bool:
    tok = reading.text.tokens[i]
    if i in reading.action.tokens or tok.kind not in ("word", "other", "ident"):
        return False
    return not (
        tok.norm in LEX.correctable
        or tok.norm in VERBS
        or tok.norm in LEX.plain_words
        or (tok.norm in reading.vocabulary)
    )


def item_params(param: Param, tool: ToolView) -> list[Param]:
    """The parameters of an array-of-objects parameter's items, read as `tool`'s own."""
    if tool.params.get(param.name) is param:
        return list(_item_params(tool, param.name))
    return list(_items_view(param, tool).params.values())


@lru_cache(maxsize=1024)
def _item_params(tool: ToolView, name: str) -> tuple[Param, ...]:
    return tuple(_items_view(tool.params[name], tool).params.values())


def _items_view(param: Param, tool: ToolView) -> ToolView:
    items = unwrap(param.schema.get("items") or {})
    return ToolView.of(
        f"{tool.name}.{param.name}", tool.description, items, read_only=tool.read_only
    )


def still_needed(
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


def guess_name(reading: Request, f: Fill) -> str:
    """The word that looks like the name asked for ("restart ghost-bot")."""
    for i, tok in enumerate(reading.text.tokens):
        if i in f.used or tok.kind not in ("word", "other", "ident"):
            continue
        if "-" in tok.text[1:] or tok.possessive or any(c.isdigit() for c in tok.text):
            return tok.bare
    return ""


def before_remark(reading: Request, f: Fill, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The one item the reference's words before a clause break or a clause's subject name, if
    they name one."""
    tokens = reading.text.tokens
    breaks = [  # a comma, or the subject of a clause of its own ("the task I deleted")
        i
        for i in f.reference_tokens
        if tokens[i].norm in LEX.clause_breaks or tokens[i].norm in LEX.remark_subjects
    ]
    before = [i for i in f.reference_tokens if breaks and i < breaks[0]]
    if not before:
        return []
    found = find_items(items, reading.text.slice(before).strip(" ,;"))
    if not found:  # "the onboarding doc back, no time this sprint"
        found = without_particle(items, reading.text.slice(before).strip(" ,;"))
    return found if len(found) == 1 else []


def without_particle(items: list[dict[str, Any]], reference: str) -> list[dict[str, Any]]:
    """The one item the reference names without its last word, the word its verb takes after
    its object ("put the lentil soup one back": lexicon `VERB_PARTICLES`), when no item's name
    holds that word."""
    words = reference.split()
    if len(words) < 2 or words[-1].lower() not in LEX.verb_particles:
        return []
    if any(words[-1].lower() in words_of(item_title(i) or "") for i in items):
        return []
    found = find_items(items, " ".join(words[:-1])) or find_without_kind(
        items, " ".join(words[:-1])
    )
    return found if len(found) == 1 else []


def named_in_part(reading: Request, f: Fill, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The one item part of the reference names: its words before a remark ("the CI task, the
    pipeline broke again"), else all but a last word no item holds ("the banana bread post"),
    or all but the word its verb takes after it ("the lentil soup one back"), or, a clause a
    pronoun after it points at, its first words ("dark mode toggle looks good, approve it")."""
    return (
        before_remark(reading, f, items)
        or find_without_kind(items, f.reference)
        or without_particle(items, f.reference)
        or (find_by_lead(items, f.reference) if _pointed_at(reading, f) else [])
    )


def _pointed_at(reading: Request, f: Fill) -> bool:
    """Whether the reference is a clause of its own that a pronoun in the next one points at
    ("dark mode toggle looks good, approve it")."""
    tokens = reading.text.tokens
    after = [t.norm for t in tokens[max(f.reference_tokens, default=len(tokens)) + 1 :]]
    return bool(after) and after[0] in LEX.clause_breaks and bool(set(after) & LEX.pronouns)
