"""The bundled MCP servers: ``python -m servers.todo``, ``python -m servers.tasks``."""
