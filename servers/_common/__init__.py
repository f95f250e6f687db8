"""What the bundled servers share: the contract-first tool server, its runner, and storage."""

from servers._common.app import ErrorEnvelope, ToolSpec, build_server
from servers._common.runner import serve
from servers._common.schema import ArgumentProblem, describe_validation_error, tool_schema
from servers._common.storage import (
    Database,
    StorageError,
    UTCDateTime,
    data_dir,
    redact_url,
    resolve_database_url,
)

__all__ = [
    "ArgumentProblem",
    "Database",
    "ErrorEnvelope",
    "StorageError",
    "ToolSpec",
    "UTCDateTime",
    "build_server",
    "data_dir",
    "describe_validation_error",
    "redact_url",
    "resolve_database_url",
    "serve",
    "tool_schema",
]
