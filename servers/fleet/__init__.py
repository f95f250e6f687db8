"""The fleet MCP server: AI coding agents in local git worktrees (default) or Coder workspaces.

tools.py (MCP adapters) -> service.py (the rules) -> backend.py (the seam): local/ (worktrees,
tasks started or queued under detached supervisors, status and attention, diffs and merges, SQL
state) or coder/ (Coder's REST API); metadata.py reads workspace metadata from a Taskfile with
go-task. Beside the tools: _events.py (a watcher that starts queued tasks and publishes what
changed), _audience.py (agents as MCP resources, subscriptions, notifications) and, over HTTP,
dashboard/ (the live web dashboard) and _http.py (the workspace's own metadata, diff and work).
"""
