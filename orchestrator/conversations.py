"""Conversations that persist: each REPL conversation and each one-shot is kept in the user's
state folder (`$XDG_STATE_HOME/mcp-orchestrator/conversations`, else `~/.local/state/...`), one
JSON file per conversation, rewritten whole (atomically) after each answered request.

`orchestrator --continue "make it high priority"` carries a one-shot on from the last
conversation, `orchestrator chat --resume [ID]` opens the REPL on one (the last without an ID),
and the REPL's `/sessions` and `/resume ID` list and reopen them. An ID may be shortened to any
unique prefix. The newest `KEEP` are kept; older ones are removed as new ones are saved.

Light on purpose (json, os, pathlib): the one-shot imports it.
"""

from __future__ import annotations

import json
import os
import secrets
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from orchestrator._paths import user_dir
from orchestrator.errors import UsageError
from orchestrator.messages import (
    AssistantMessage,
    Item,
    Question,
    ToolCallItem,
    ToolResultItem,
    UserMessage,
)

if TYPE_CHECKING:
    from orchestrator.session import Session

__all__ = ["KEEP", "Conversation", "ConversationStore", "Summary", "age", "turns_of"]

KEEP = 200
_KINDS: dict[str, type[Any]] = {
    "user": UserMessage,
    "assistant": AssistantMessage,
    "tool_call": ToolCallItem,
    "tool_result": ToolResultItem,
}
_NAMES = {kind: name for name, kind in _KINDS.items()}


@dataclass(frozen=True)
class Summary:
    """What `/sessions` shows of a conversation."""

    id: str
    updated: float  # seconds since the epoch
    requests: int
    title: str  # its first request


def _to_json(item: Item) -> dict[str, Any]:
    return {"type": _NAMES[type(item)], **asdict(item)}


def _from_json(data: Any, where: str) -> Item:
    if not isinstance(data, dict) or data.get("type") not in _KINDS:
        raise UsageError(f"{where}: an item's type must be one of {', '.join(_KINDS)}")
    fields = {k: v for k, v in data.items() if k != "type"}
    try:
        if isinstance(fields.get("question"), dict):  # what the model asked, a form
            fields["question"] = Question(**fields["question"])
        item: Item = _KINDS[data["type"]](**fields)
        return item
    except TypeError as exc:
        raise UsageError(f"{where}: a {data['type']} item: {exc}") from None


def turns_of(items: Sequence[Item]) -> list[tuple[str, str]]:
    """(request, answer) pairs of a history: each request with the model's last words after it."""
    turns: list[tuple[str, str]] = []
    for item in items:
        if isinstance(item, UserMessage):
            turns.append((item.text, ""))
        elif isinstance(item, AssistantMessage) and turns:
            turns[-1] = (turns[-1][0], item.text)
    return turns


@dataclass
class Conversation:
    """One conversation's file; `save(session)` writes its history so far."""

    store: ConversationStore
    id: str
    config: str = ""  # the config file it ran with (`--continue` carries on one of the same)

    @property
    def path(self) -> Path:
        return self.store.root / f"{self.id}.json"

    def load(self) -> list[Item]:
        """The history kept for this conversation."""
        where = str(self.path)
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise UsageError(f"no conversation {self.id!r} (see /sessions)") from None
        except (OSError, ValueError) as exc:
            raise UsageError(f"{where}: not a saved conversation ({exc})") from None
        items = data.get("items") if isinstance(data, dict) else None
        if not isinstance(items, list):
            raise UsageError(f"{where}: not a saved conversation (no items list)")
        return [_from_json(item, where) for item in items]

    def save(self, session: Session) -> None:
        """Write the session's history (atomically: a reader never sees half a file)."""
        items = session.history
        title = next((i.text for i in items if isinstance(i, UserMessage)), "")
        body = {
            "id": self.id,
            "title": title,
            "config": self.config,
            "items": [_to_json(i) for i in items],
        }
        self.store.root.mkdir(mode=0o700, parents=True, exist_ok=True)
        part = self.path.with_suffix(f".{os.getpid()}.part")
        fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(body, out, ensure_ascii=False, default=str)
        os.replace(part, self.path)
        self.store.prune()


class ConversationStore:
    """The saved conversations of this user (`root` for tests and scripts)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root or user_dir("state") / "conversations"

    def new(self, config: str = "") -> Conversation:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        return Conversation(self, f"{stamp}-{secrets.token_hex(2)}", config)

    def latest(self, config: str) -> Conversation:
        """The latest conversation run with the config file `config` (or saved before they said
        which): `--continue` from another project does not carry on this one's, whose ids its
        servers do not know."""
        for path in self._files():
            try:
                said = json.loads(path.read_text(encoding="utf-8")).get("config") or ""
            except (OSError, ValueError, AttributeError):
                continue
            if said in ("", config):
                return Conversation(self, path.stem, config)
        raise UsageError(f"no saved conversation yet with the config {config}: ask something first")

    def _files(self) -> list[Path]:
        if not self.root.is_dir():
            return []
        files = [p for p in self.root.glob("*.json") if p.is_file()]
        return sorted(files, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)

    def summaries(self) -> list[Summary]:
        """Every saved conversation, the latest first (a file that cannot be read is skipped)."""
        found = []
        for path in self._files():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                items = data["items"]
                requests = sum(1 for i in items if i.get("type") == "user")
                title = str(data.get("title") or "")
            except (OSError, ValueError, KeyError, TypeError, AttributeError):
                continue
            found.append(Summary(path.stem, path.stat().st_mtime, requests, title))
        return found

    def find(self, id_or_prefix: str | None) -> Conversation:
        """The conversation with that ID (or unique prefix); None: the latest."""
        files = self._files()
        if id_or_prefix is None:
            if not files:
                raise UsageError("no saved conversation yet: ask something first")
            return Conversation(self, files[0].stem)
        matches = [p.stem for p in files if p.stem.startswith(id_or_prefix)]
        if len(matches) == 1 or id_or_prefix in matches:
            return Conversation(self, id_or_prefix if id_or_prefix in matches else matches[0])
        if not matches:
            raise UsageError(f"no conversation {id_or_prefix!r} (see /sessions)")
        raise UsageError(
            f"{len(matches)} conversations start with {id_or_prefix!r}: "
            f"{', '.join(matches[:5])}; give more of the ID"
        )

    def prune(self, keep: int = KEEP) -> None:
        for path in self._files()[keep:]:
            path.unlink(missing_ok=True)


def age(updated: float, now: float | None = None) -> str:
    """'just now', '5 min ago', '3 h ago', '2 days ago'."""
    seconds = max(0.0, (now or time.time()) - updated)
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h ago"
    return f"{int(seconds // 86400)} days ago"
