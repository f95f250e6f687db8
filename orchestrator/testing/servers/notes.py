"""A third-party-style MCP server with names and schemas unlike ours (`orchestrator.testing`).

Kept in memory; `NOTES_FILE` (JSON) persists between runs when set. With `NOTES_HALT_AFTER_JOT`
set, `jot_note` saves the note and the process exits before it answers: a server that died
after doing the work, for a client that must not send it again. `--port N`: served over
streamable HTTP (stateless) on 127.0.0.1:N instead of stdio, a remote server for tests of its
outages.
"""

from __future__ import annotations

import json
import os
import sys
import uuid
from datetime import datetime
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

mcp = MCPServer("notebook")
_FILE = os.environ.get("NOTES_FILE")


def _load() -> dict[str, dict]:
    if _FILE and os.path.exists(_FILE):
        with open(_FILE) as fh:
            return json.load(fh)
    return {}


def _save(notes: dict[str, dict]) -> None:
    if _FILE:
        with open(_FILE, "w") as fh:
            json.dump(notes, fh)


class Note(BaseModel):
    note_ref: str
    headline: str
    remind_at: str | None = None
    importance: str
    state: str
    labels: list[str] = []


class NoteList(BaseModel):
    entries: list[Note]


class Ack(BaseModel):
    ok: bool
    note_ref: str
    info: str


@mcp.tool(description="Jot down a new note in the notebook, optionally with a reminder time")
def jot_note(
    headline: Annotated[str, Field(min_length=1, max_length=120, description="what the note says")],
    remind_at: Annotated[
        str | None,
        Field(
            description="when to remind, ISO 8601 date-time",
            json_schema_extra={"format": "date-time"},
        ),
    ] = None,
    importance: Literal["trivial", "normal", "critical"] = "normal",
    labels: Annotated[list[str], Field(description="labels for the note")] = [],  # noqa: B006
) -> Ack:
    if remind_at is not None:
        datetime.fromisoformat(remind_at)
    notes = _load()
    ref = "n" + uuid.uuid4().hex[:8]
    notes[ref] = Note(
        note_ref=ref,
        headline=headline,
        remind_at=remind_at,
        importance=importance,
        state="open",
        labels=labels,
    ).model_dump()
    _save(notes)
    if os.environ.get("NOTES_HALT_AFTER_JOT"):
        print("notebook: halting after the note was saved", file=sys.stderr, flush=True)
        os._exit(7)
    return Ack(ok=True, note_ref=ref, info="noted")


@mcp.tool(description="Browse the notes in the notebook, filtered by state or importance")
def browse_notes(
    state: Literal["open", "archived", "any"] = "open",
    importance: Literal["trivial", "normal", "critical"] | None = None,
    max_results: Annotated[int, Field(ge=1, le=50, description="how many notes at most")] = 20,
) -> NoteList:
    notes = [Note(**n) for n in _load().values()]
    notes = [n for n in notes if state == "any" or n.state == state]
    notes = [n for n in notes if importance is None or n.importance == importance]
    return NoteList(entries=notes[:max_results])


@mcp.tool(description="Change the state of one note (archive it or reopen it)")
def set_note_state(
    note_ref: Annotated[str, Field(description="the note's reference")],
    state: Literal["open", "archived"],
) -> Ack:
    notes = _load()
    if note_ref not in notes:
        raise ToolError(f"no note {note_ref}")
    notes[note_ref]["state"] = state
    _save(notes)
    return Ack(ok=True, note_ref=note_ref, info=f"now {state}")


@mcp.tool(
    description="Shred a note for good",
    annotations=ToolAnnotations(destructive_hint=True),
)
def shred_note(note_ref: Annotated[str, Field(description="the note's reference")]) -> Ack:
    notes = _load()
    if note_ref not in notes:
        raise ToolError(f"no note {note_ref}")
    del notes[note_ref]
    _save(notes)
    return Ack(ok=True, note_ref=note_ref, info="shredded")


@mcp.tool(
    description="Stop the notebook process at once (for tests of a server dying)",
    annotations=ToolAnnotations(read_only_hint=True),  # it changes no note: sent again once
)
def halt_notebook() -> str:
    print("notebook: halting on request", file=sys.stderr, flush=True)
    os._exit(7)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--port"]:
        mcp.run("streamable-http", port=int(sys.argv[2]), stateless_http=True, json_response=True)
    else:
        mcp.run()
