"""A bookmarks manager in a third party's style: verb-second names (`bookmark_add`), a `link`,
a `caption`, `labels` that an edit replaces, and a `search` tool whose name another eval server
shares (so the orchestrator offers both prefixed)."""

from __future__ import annotations

from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from tests.offline_eval.servers._state import load, new_id, save

mcp = MCPServer("shelf")

_READ = ToolAnnotations(read_only_hint=True)
_WRITE = ToolAnnotations(read_only_hint=False, destructive_hint=False)


class Bookmark(BaseModel):
    uid: str
    link: str
    caption: str
    collection: str
    labels: list[str]
    starred: bool


class Found(BaseModel):
    items: list[Bookmark]
    total: int


class Collection(BaseModel):
    name: str
    count: int


class Collections(BaseModel):
    collections: list[Collection]


def _all() -> dict[str, dict]:
    return load().get("bookmarks", {})


def _store(items: dict[str, dict]) -> None:
    save({"bookmarks": items})


@mcp.tool(
    description="Save a web page to the shelf, with a caption, a collection and labels",
    annotations=_WRITE,
)
def bookmark_add(
    link: Annotated[str, Field(description="the page's URL", json_schema_extra={"format": "uri"})],
    caption: Annotated[str | None, Field(description="a caption; the link if none")] = None,
    collection: Annotated[str, Field(description="the collection to file it in")] = "Unsorted",
    labels: Annotated[list[str], Field(description="labels for the bookmark")] = [],  # noqa: B006
) -> Bookmark:
    if not link.startswith(("http://", "https://")):
        raise ToolError(f"link must be an http(s) URL, got {link!r}")
    items = _all()
    mark = Bookmark(
        uid=new_id("bm_"),
        link=link,
        caption=caption or link,
        collection=collection,
        labels=labels,
        starred=False,
    )
    items[mark.uid] = mark.model_dump()
    _store(items)
    return mark


@mcp.tool(
    description="Search saved bookmarks by words in their caption or link, "
    "by collection or by label",
    annotations=_READ,
)
def search(
    text: Annotated[str | None, Field(description="words to look for in caption or link")] = None,
    collection: Annotated[str | None, Field(description="only this collection")] = None,
    label: Annotated[str | None, Field(description="only bookmarks with this label")] = None,
    starred_only: Annotated[bool, Field(description="only starred bookmarks")] = False,
) -> Found:
    found = []
    for raw in _all().values():
        mark = Bookmark(**raw)
        haystack = f"{mark.caption} {mark.link}".lower()
        if text and not all(w in haystack for w in text.lower().split()):
            continue
        if collection and mark.collection.lower() != collection.lower():
            continue
        if label and label.lower() not in [x.lower() for x in mark.labels]:
            continue
        if starred_only and not mark.starred:
            continue
        found.append(mark)
    return Found(items=found, total=len(found))


@mcp.tool(
    description="Edit a bookmark: its caption, collection, labels (the list given "
    "replaces the old one) or star",
    annotations=_WRITE,
)
def bookmark_edit(
    uid: Annotated[str, Field(description="the bookmark's uid")],
    caption: Annotated[str | None, Field(description="new caption")] = None,
    collection: Annotated[str | None, Field(description="move it to this collection")] = None,
    labels: Annotated[list[str] | None, Field(description="new labels (replaces them)")] = None,
    starred: Annotated[bool | None, Field(description="star or unstar it")] = None,
) -> Bookmark:
    items = _all()
    if uid not in items:
        raise ToolError(f"no bookmark {uid}")
    changes = {"caption": caption, "collection": collection, "labels": labels, "starred": starred}
    given = {k: v for k, v in changes.items() if v is not None}
    if not given:
        raise ToolError("nothing to change")
    items[uid].update(given)
    _store(items)
    return Bookmark(**items[uid])


@mcp.tool(
    description="Remove a bookmark from the shelf",
    annotations=ToolAnnotations(destructive_hint=True),
)
def bookmark_remove(uid: Annotated[str, Field(description="the bookmark's uid")]) -> Bookmark:
    items = _all()
    if uid not in items:
        raise ToolError(f"no bookmark {uid}")
    gone = items.pop(uid)
    _store(items)
    return Bookmark(**gone)


@mcp.tool(
    description="The collections on the shelf, with how many bookmarks each holds",
    annotations=_READ,
)
def collections_list() -> Collections:
    counts: dict[str, int] = {}
    for raw in _all().values():
        counts[raw["collection"]] = counts.get(raw["collection"], 0) + 1
    return Collections(collections=[Collection(name=k, count=v) for k, v in counts.items()])


if __name__ == "__main__":
    mcp.run()
