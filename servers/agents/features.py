"""The agents server beside its tools: the catalogue and each agent (with the tools registered
for it) as resources, a prompt that hands a job to one agent, completions for agent names,
logging and an icon."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from servers._common.features import (
    Features,
    PromptArgument,
    PromptSpec,
    ResourceSpec,
    svg_icon,
)
from servers.agents.catalog import AGENTS, AgentSpec
from servers.agents.service import AgentsService

__all__ = ["AGENTS_FEATURES"]

ICON = svg_icon(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="9" '
    'fill="#6a1b9a"/><circle cx="9" cy="10" r="1.5" fill="#fff"/><circle cx="15" cy="10" '
    'r="1.5" fill="#fff"/><path d="M8 15h8" stroke="#fff" stroke-width="2"/></svg>'
)


def _spec(name: str) -> AgentSpec:
    spec = AGENTS.get(name)
    if spec is None:
        raise LookupError(f"No agent named '{name[:80]}' (known: {', '.join(AGENTS)})")
    return spec


def _described(spec: AgentSpec) -> dict[str, Any]:
    return {
        "name": spec.name,
        "kind": spec.kind,
        "description": spec.description,
        "capabilities": list(spec.capabilities),
        "settings": list(spec.settings),
    }


def read_catalogue(service: AgentsService, variables: dict[str, str]) -> str:
    return json.dumps([_described(s) for s in AGENTS.values()], indent=1)


def read_agent(service: AgentsService, variables: dict[str, str]) -> str:
    spec = _spec(variables["agent_name"])
    tools = [asdict(t) for t in service.repository.tools_for(spec.name)]
    return json.dumps({**_described(spec), "registered_tools": tools}, indent=1)


def hand_over(service: AgentsService, arguments: dict[str, str]) -> str:
    spec = _spec(arguments["agent_name"])
    return (
        f"Hand this job to the agent '{spec.name}' ({spec.description}) with the tool "
        f"execute_agent_request, agent_name '{spec.name}'. First restate the job as a complete, "
        "self-contained request (the agent sees nothing of this conversation), then call the "
        f"tool, then tell me what it did and what is left.\n\nThe job: {arguments['job']}"
    )


def complete_agent_name(
    service: AgentsService, value: str, context: Mapping[str, str]
) -> list[str]:
    return [name for name in AGENTS if name.startswith(value)]


AGENTS_FEATURES: Features[AgentsService] = Features(
    resources=(
        ResourceSpec(
            "agents://catalogue",
            "catalogue",
            "Every agent this server knows: kind, capabilities, settings, as JSON",
            read_catalogue,
        ),
        ResourceSpec(
            "agents://agents/{agent_name}",
            "agent",
            "One agent and the tools registered for it, as JSON",
            read_agent,
        ),
    ),
    prompts=(
        PromptSpec(
            "hand_over",
            "Hand a job to one agent: restate it so the agent needs nothing else, run it, report",
            hand_over,
            (
                PromptArgument("agent_name", "The agent to hand the job to", required=True),
                PromptArgument("job", "What the agent is to do", required=True),
            ),
            title="Hand a job to an agent",
        ),
    ),
    completions={"agent_name": complete_agent_name},
    icon=ICON,
)
