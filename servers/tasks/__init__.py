"""The task tracker MCP server: ``python -m servers.tasks``."""
