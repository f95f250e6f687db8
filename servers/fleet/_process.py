"""The environment of the fleet server's children (agent tasks, go-task, git).

Children get the server's environment minus the fleet's own secrets: the Coder session token,
the HTTP bearer tokens and every database URL (any variable whose name ends in
``DATABASE_URL``: ``FLEET_DATABASE_URL``, ``AGENTS_DATABASE_URL``, ...) are never passed on. API
keys are: the coding agents a task runs need them. The children themselves run through
:func:`servers._common.process.run_command` (argv only, their own process group, a deadline).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from servers._common.process import child_environment

__all__ = ["SECRET_VARS", "child_env", "is_fleet_secret"]

SECRET_VARS = frozenset({"CODER_SESSION_TOKEN", "MCP_SERVER_TOKEN", "FLEET_METADATA_TOKEN"})


def is_fleet_secret(name: str) -> bool:
    """Whether a child must not see the variable ``name``."""
    return name in SECRET_VARS or name.upper().endswith("DATABASE_URL")


def child_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The server's environment without the fleet's secrets, plus ``extra`` (the servers' one
    policy, :func:`servers._common.process.child_environment`; other secrets pass)."""
    return child_environment(os.environ, lambda name: not is_fleet_secret(name), extra)
