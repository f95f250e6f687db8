"""The configured servers as tools for other agent frameworks, as optional extras.

- `orchestrator.integrations.openai_agents` (`pip install 'mcp-orchestrator[openai-agents]'`):
  `OrchestratorMCPServer`, an `agents.mcp.MCPServer` an `agents.Agent` takes in `mcp_servers`.
- `orchestrator.integrations.pydantic_ai` (`pip install 'mcp-orchestrator[pydantic-ai]'`):
  `OrchestratorToolset`, a pydantic-ai `AbstractToolset` an `Agent` takes in `toolsets`.

Both bring what the orchestrator does with its servers (any config dialect, parallel start, a
server that fails named while the rest work, the catalogue cache, tool filters and names, the
child-environment allowlist) and hand destructive calls to the framework's own approval
mechanism. This package imports neither framework; each module imports only its own, and
nothing else in `orchestrator` imports these modules.
"""
