"""The types the router's steps pass each other, in a module of their own (every step imports
them; they import no step).

```
Conversation            the latest request, the calls made for it, the calls before it,
                        and the question the router asked last (if the user is answering it)
  -> Request            the request read (frozen; `_read.parse`)
  -> Step               the planner's decision for this turn (`_plan.Planner.next`):
       CallTool           make this call (a write, or the read that answers)
       ListFirst          make these reads first (to find an item, a name, a count)
       Ask                ask the user for these fields (prefilled with what was understood)
       Refuse             do nothing and say why (nothing to ask would help)
       Done               the request is answered: these words
```
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from orchestrator.messages import CallStatus, Question

__all__ = [
    "Answers",
    "Ask",
    "CallTool",
    "Conversation",
    "Done",
    "ListFirst",
    "MadeCall",
    "Refuse",
    "Step",
]


@dataclass
class MadeCall:
    """A call made in the conversation, with its outcome once it came back."""

    name: str
    arguments: dict[str, Any]
    output: Any = None
    done: bool = False
    status: CallStatus = "ok"


@dataclass
class Conversation:
    """What the router reads of the history on each turn."""

    request: str = ""
    calls: list[MadeCall] = field(default_factory=list)  # for the latest request
    earlier: list[MadeCall] = field(default_factory=list)  # for the requests before it
    asked: Question | None = None  # the router's question the latest request answers
    asked_request: str = ""  # the request that question was about
    # the question before, and its request, when `asked_request` answered it (a tool chosen
    # for a fact said, then its values asked to be confirmed)
    asked_before: Question | None = None
    asked_before_request: str = ""


@dataclass(frozen=True)
class Answers:
    """The user's answer to the router's question about `tool`: values by parameter."""

    tool: str
    values: Mapping[str, Any]


@dataclass(frozen=True)
class CallTool:
    """Call `tool` with `arguments`."""

    tool: str
    arguments: Mapping[str, Any]


@dataclass(frozen=True)
class ListFirst:
    """Make these reads before deciding: `(tool, arguments)` each."""

    calls: tuple[tuple[str, Mapping[str, Any]], ...]


@dataclass(frozen=True)
class Ask:
    """Ask the user: `question` says what for, its form the fields wanted (prefilled)."""

    question: Question


@dataclass(frozen=True)
class Refuse:
    """Do nothing; `text` says what was understood and why nothing was done."""

    text: str


@dataclass(frozen=True)
class Done:
    """The request is answered."""

    text: str


Step = CallTool | ListFirst | Ask | Refuse | Done
