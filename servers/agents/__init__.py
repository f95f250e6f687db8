"""The agents MCP server: one gateway to twelve AI agents (5 APIs, 6 agent CLIs, Ollama) and the
offline router, with probes, declared capabilities and registered tools."""
