"""A contract-first MCP tool server: declared tools, validated arguments, enveloped errors.

Each bundled server declares its tools as :class:`ToolSpec` objects (a pydantic input model, a
handler, an optional output model) and an :class:`ErrorEnvelope` that shapes its contract's error
body. :func:`build_server` turns them into an MCP low-level ``Server`` that

- lists each tool with the schema of its input model (and output model, when it has one);
- validates arguments itself, so bad input gets the contract's error body naming the field and the
  rule, marked ``is_error`` -- not the SDK's generic message;
- runs the (synchronous) handler in a worker thread, so concurrent calls really run concurrently;
- maps any exception through the envelope; nothing unexpected leaks a traceback or a secret.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

import anyio.to_thread
import mcp_types as types
from mcp.server import Server, ServerRequestContext
from pydantic import BaseModel, ValidationError

from servers._common.schema import ArgumentProblem, describe_validation_error, tool_schema

__all__ = ["ErrorEnvelope", "ToolSpec", "build_server"]

logger = logging.getLogger(__name__)

InputT = TypeVar("InputT", bound=BaseModel)


class ErrorEnvelope(Protocol):
    """Shapes a server's error body, as its contract writes it."""

    def invalid_arguments(
        self, tool: str, problems: list[ArgumentProblem], exc: ValidationError
    ) -> dict[str, Any]:
        """The body for arguments that failed validation."""
        ...

    def from_exception(self, tool: str, exc: Exception) -> dict[str, Any]:
        """The body for an exception raised while handling a call (expected or not)."""
        ...


@dataclass(frozen=True)
class ToolSpec(Generic[InputT]):
    """One tool: its contract name, description, input model and handler."""

    name: str
    description: str
    input_model: type[InputT]
    handler: Callable[[InputT], BaseModel | dict[str, Any]]
    output_model: type[BaseModel] | None = None
    annotations: types.ToolAnnotations | None = None

    def to_mcp(self) -> types.Tool:
        return types.Tool(
            name=self.name,
            description=self.description,
            input_schema=tool_schema(self.input_model),
            output_schema=tool_schema(self.output_model, output=True)
            if self.output_model
            else None,
            annotations=self.annotations,
        )


def _result(body: dict[str, Any], *, is_error: bool) -> types.CallToolResult:
    return types.CallToolResult(
        content=[
            types.TextContent(
                type="text", text=json.dumps(body, ensure_ascii=False, separators=(",", ":"))
            )
        ],
        structured_content=body,
        is_error=is_error,
    )


def build_server(
    name: str,
    tools: Sequence[ToolSpec[Any]],
    envelope: ErrorEnvelope,
    *,
    version: str = "",
    instructions: str | None = None,
    on_close: Callable[[], None] | None = None,
) -> Server[Any]:
    """An MCP server offering ``tools``, with errors shaped by ``envelope``.

    ``on_close`` runs when a connection to the server ends (it must tolerate later reuse:
    releasing pooled database connections is the intended use).
    """
    by_name = {tool.name: tool for tool in tools}
    listing = types.ListToolsResult(tools=[tool.to_mcp() for tool in tools])

    async def list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return listing

    async def call_tool(
        ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        tool = by_name.get(params.name)
        if tool is None:
            known = ", ".join(by_name)
            return types.CallToolResult(
                content=[
                    types.TextContent(
                        type="text", text=f"Unknown tool '{params.name}'. Known tools: {known}"
                    )
                ],
                is_error=True,
            )
        # A null argument means "not given": models often send them for optional fields.
        arguments = {k: v for k, v in (params.arguments or {}).items() if v is not None}
        try:
            parsed = tool.input_model.model_validate(arguments)
        except ValidationError as exc:
            problems = describe_validation_error(exc, tool.input_model)
            logger.info("%s rejected arguments: %s", tool.name, [p.field for p in problems])
            return _result(envelope.invalid_arguments(tool.name, problems, exc), is_error=True)
        try:
            output = await anyio.to_thread.run_sync(tool.handler, parsed)
        except Exception as exc:
            return _result(envelope.from_exception(tool.name, exc), is_error=True)
        body = output.model_dump(mode="json") if isinstance(output, BaseModel) else output
        return _result(body, is_error=False)

    @asynccontextmanager
    async def lifespan(_: Server[Any]) -> AsyncIterator[dict[str, Any]]:
        try:
            yield {}
        finally:
            if on_close is not None:
                on_close()

    return Server(
        name,
        lifespan=lifespan,
        version=version,
        instructions=instructions,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )
