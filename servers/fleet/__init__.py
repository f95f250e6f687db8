"""The fleet MCP server: AI coding agents in local git worktrees (default) or Coder workspaces.

tools.py (MCP adapters) -> service.py (the rules) -> backend.py (the seam): local/ (worktrees,
the detached task supervisor, SQL state) or coder/ (Coder's REST API); metadata.py reads
workspace metadata from a Taskfile with go-task.
"""
