"""The todo list MCP server: ``python -m servers.todo``."""
