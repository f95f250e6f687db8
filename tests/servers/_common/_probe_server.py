"""A small server on ``servers._common`` with a non-SQL backend, run as a real process in tests.

``python -m tests.servers._common._probe_server [--greeting TEXT] [--fail-start]``: its lifespan
opens a "backend" (it counts how many times it was opened in this process) and its tools report
what the handlers saw: the state, the thread they ran on, the greeting from the command line;
``wait`` takes as long as it is asked to.
Over HTTP it also answers ``GET /motd`` with the greeting.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import threading
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import anyio
from mcp.server import Server
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from servers._common import ArgumentProblem, StartupError, ToolSpec, build_server, serve
from servers._common.progress import report_progress

OPENED: list[int] = []  # one entry per lifespan opened in this process


@dataclass
class Backend:
    greeting: str
    opened: int
    loop_thread: int = field(default_factory=threading.get_ident)
    closed: bool = False


class GreetInput(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(description="Who to greet", min_length=1, max_length=20)


class GreetResult(BaseModel):
    text: str
    opened: int
    pid: int
    on_loop_thread: bool


async def greet(backend: Backend, args: GreetInput) -> GreetResult:
    return GreetResult(
        text=f"{backend.greeting}, {args.name}",
        opened=backend.opened,
        pid=os.getpid(),
        on_loop_thread=threading.get_ident() == backend.loop_thread,
    )


def greet_blocking(backend: Backend, args: GreetInput) -> GreetResult:
    if args.name == "boom":
        raise RuntimeError("secret detail")
    return GreetResult(
        text=f"{backend.greeting}, {args.name}",
        opened=backend.opened,
        pid=os.getpid(),
        on_loop_thread=threading.get_ident() == backend.loop_thread,
    )


class HeapInput(BaseModel):
    model_config = ConfigDict(extra="forbid")


class HeapResult(BaseModel):
    frozen: int  # objects kept out of the garbage collector's sight


async def heap(backend: Backend, args: HeapInput) -> HeapResult:
    # Counting walks the frozen objects: a tool of its own, so that greet stays a no-op (it is
    # the floor bench/http_load.py measures the servers against).
    return HeapResult(frozen=gc.get_freeze_count())


class WaitInput(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seconds: float = Field(description="How long the call takes", ge=0, le=120)


class WaitResult(BaseModel):
    waited: float


async def wait(backend: Backend, args: WaitInput) -> WaitResult:
    # A call that takes a while: it says it started (a progress notification, for a caller
    # that waits for it to be under way), then finishes after ``seconds`` and says so on stderr.
    await report_progress(0, message="started")
    await anyio.sleep(args.seconds)
    print(f"probe: waited {args.seconds:g} s", file=sys.stderr, flush=True)
    return WaitResult(waited=args.seconds)


TOOLS: list[ToolSpec[Backend, Any]] = [
    ToolSpec("greet", "Greet someone (async handler)", GreetInput, greet, GreetResult),
    ToolSpec("greet_blocking", "Greet (sync handler)", GreetInput, greet_blocking, GreetResult),
    ToolSpec("heap", "The garbage collector's view of this process", HeapInput, heap, HeapResult),
    ToolSpec("wait", "Take a while, then answer", WaitInput, wait, WaitResult),
]


class ProbeEnvelope:
    def invalid_arguments(
        self, tool: str, problems: list[ArgumentProblem], exc: ValidationError
    ) -> dict[str, Any]:
        return {"error": "; ".join(str(p) for p in problems), "kind": "invalid"}

    def from_exception(self, tool: str, exc: Exception) -> dict[str, Any]:
        return {"error": f"{tool} failed", "kind": "failed"}

    def unknown_tool(self, tool: str, known: Sequence[str]) -> dict[str, Any]:
        return {"error": f"no tool {tool}; known: {', '.join(known)}", "kind": "unknown"}


def create_server(greeting: str, *, fail_start: bool = False) -> Server[Any]:
    @asynccontextmanager
    async def lifespan() -> AsyncIterator[Backend]:
        if fail_start:
            raise StartupError("cannot reach the backend at example.invalid")
        OPENED.append(1)
        backend = Backend(greeting=greeting, opened=len(OPENED))
        try:
            yield backend
        finally:
            backend.closed = True
            print(f"probe: backend closed after {len(OPENED)} opening(s)", file=sys.stderr)

    async def motd(request: Request) -> Response:  # a route of its own beside /mcp
        return JSONResponse({"motd": greeting})

    return build_server(
        "probe",
        TOOLS,
        ProbeEnvelope(),
        lifespan=lifespan,
        routes=[Route("/motd", motd, methods=["GET"])],
    )


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--greeting", default="Hello", help="what to say")
    parser.add_argument("--fail-start", action="store_true", help="fail in the lifespan")


def main(argv: Sequence[str] | None = None) -> int:
    return serve(
        lambda args: create_server(args.greeting, fail_start=args.fail_start),
        prog="probe",
        description="A probe server for servers._common's tests.",
        add_arguments=_add_arguments,
        argv=argv,
    )


if __name__ == "__main__":
    sys.exit(main())
