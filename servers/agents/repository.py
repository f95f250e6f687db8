"""Registered tools, stored per agent: what the service needs of storage (``ToolRepository``).

One tool per (agent, tool name); registering again replaces it, and the repository says which
agents had it already. The SQL implementation is ``servers.agents.sql_repository`` (loaded only
when storage opens, so the handshake does not wait for SQLAlchemy).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

__all__ = ["RegisteredTool", "ToolRepository"]


@dataclass(frozen=True)
class RegisteredTool:
    """A tool as an agent is offered it, and the MCP server tool that runs when it is called."""

    name: str
    description: str
    input_schema: dict[str, Any]
    server: str
    tool: str


class ToolRepository(Protocol):
    def register(self, agents: Sequence[str], tool: RegisteredTool, now: datetime) -> list[str]:
        """Store ``tool`` for each agent, replacing any of the same name; return the agents
        that had one already."""
        ...

    def tools_for(self, agent: str) -> list[RegisteredTool]: ...

    def names_by_agent(self) -> dict[str, list[str]]: ...
