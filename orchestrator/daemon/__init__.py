"""The warm orchestrator (see _server)."""
