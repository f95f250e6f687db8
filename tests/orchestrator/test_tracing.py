"""Traces end to end: a one-shot in a subprocess exports one trace holding the request, its model
turns, the tool call and the todo server's own spans (its process continues the trace from the
request's `_meta`), to a loopback OTLP/HTTP receiver and to a `--trace` file; contents only when
opted in, secrets never; and the switches (`OTEL_*`, `otel:`) as documented."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from orchestrator._otel_config import OtelSettings
from orchestrator.config import load_config
from orchestrator.errors import ConfigError
from orchestrator.testing import server_entry
from orchestrator.testing.otlp import OTLPReceiver, ReceivedSpan, read_trace_file
from orchestrator.tracing import CAPTURE_ENV, resolve
from tests._wait import eventually_sync
from tests.orchestrator.conftest import REPO

pytestmark = pytest.mark.processes

REQUEST = "remind me to buy eggs tomorrow at 3pm"
SECRET = "s3cret-header-value-0042"


def one_shot(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """The bundled config's todo server only, with the catalogue cache warm after the first
    run (so the server starts lazily, inside the tool call's span)."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("OTEL_")}
    base["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    done = subprocess.run(
        [sys.executable, "-m", "orchestrator", "--server", "todo", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=90,
        env={**base, **env},
    )
    assert done.returncode == 0, done.stderr
    return done


def warm(tmp_path: Path) -> None:
    one_shot(tmp_path, "what's on my todo list?")


def by_name(spans: list[ReceivedSpan], name: str) -> ReceivedSpan:
    found = [s for s in spans if s.name == name]
    assert len(found) == 1, (name, [s.name for s in spans])
    return found[0]


def check_each_under_its_cause(spans: list[ReceivedSpan]) -> None:
    """One request's spans: one trace, rooted at the `orchestrator` span, every other span's
    parent in it (none a trace of its own, none under a span that is not there)."""
    root = by_name(spans, "orchestrator")
    assert not root.parent
    assert {s.trace_id for s in spans} == {root.trace_id}, [
        (s.service, s.name) for s in spans if s.trace_id != root.trace_id
    ]
    ids = {s.span_id for s in spans}
    assert [(s.name, s.parent in ids) for s in spans if s is not root and s.parent not in ids] == []


def check_one_trace(spans: list[ReceivedSpan]) -> None:
    """The request's spans: one trace across both processes, each span under the right parent,
    the conventions' names and attributes, and no content."""
    root = by_name(spans, "orchestrator")
    trace = [s for s in spans if s.trace_id == root.trace_id]
    assert {s.service for s in trace} == {"mcp-orchestrator", "mcp-todo"}
    agent = by_name(trace, "invoke_agent orchestrator")
    tool = by_name(trace, "execute_tool create_todo")
    sent = by_name(trace, "MCP send tools/call create_todo")  # the MCP SDK's client span
    served = by_name(trace, "tools/call create_todo")  # the SDK's server span, in the server
    service = by_name(trace, "TodoService.create_todo")
    insert = by_name(trace, "INSERT todos")
    chats = [s for s in trace if s.name == "chat offline"]
    assert agent.parent == root.span_id and tool.parent == agent.span_id
    assert sent.parent == tool.span_id and served.parent == sent.span_id
    assert service.parent == served.span_id and insert.parent == service.span_id
    assert served.service == service.service == insert.service == "mcp-todo"
    assert len(chats) == 2 and all(c.parent == agent.span_id for c in chats)
    connect = by_name(trace, "connect todo")  # started lazily, for the call
    assert connect.parent == tool.span_id

    assert agent.attributes["gen_ai.operation.name"] == "invoke_agent"
    assert agent.attributes["gen_ai.provider.name"] == "offline"
    assert (
        agent.attributes["gen_ai.conversation.id"] == chats[0].attributes["gen_ai.conversation.id"]
    )
    assert [c.kind for c in chats] == ["client", "client"]
    assert [c.attributes["gen_ai.response.finish_reasons"] for c in chats] == [
        ["tool_call"],
        ["stop"],
    ]
    assert tool.kind == "internal" and tool.status == 0
    assert tool.attributes["gen_ai.operation.name"] == "execute_tool"
    assert tool.attributes["gen_ai.tool.name"] == "create_todo"
    assert tool.attributes["gen_ai.tool.call.id"].startswith("call_")
    assert tool.attributes["mcp.method.name"] == "tools/call"
    assert tool.attributes["network.transport"] == "pipe"
    assert "server.address" not in tool.attributes  # a stdio server has none
    assert tool.attributes["mcp_orchestrator.server.name"] == "todo"
    assert tool.attributes["mcp_orchestrator.tool.status"] == "ok"
    assert served.kind == "server" and served.attributes["mcp.method.name"] == "tools/call"
    assert insert.kind == "client"
    assert insert.attributes == {
        "db.system.name": "sqlite",
        "db.operation.name": "INSERT",
        "db.collection.name": "todos",
        "db.query.summary": "INSERT todos",
    }
    # Every span belongs to the request: none from the server's start (its schema's
    # statements, its handshake's notification) stands as a trace of its own.
    check_each_under_its_cause(spans)
    initialized = by_name(trace, "notifications/initialized")
    assert initialized.parent == by_name(trace, "initialize").span_id
    cache = by_name(trace, "catalogue_cache todo")
    assert cache.attributes["mcp_orchestrator.cache.hit"] is True
    for span in spans:  # no content by default: not a word of the request, nowhere
        assert not [k for k in span.attributes if k.endswith(("messages", "arguments", "result"))]
        assert "eggs" not in repr(span.attributes), span


def test_one_trace_across_the_orchestrator_and_the_todo_server_to_an_otlp_receiver(
    tmp_path: Path,
) -> None:
    warm(tmp_path)
    with OTLPReceiver() as receiver:
        one_shot(tmp_path, REQUEST, OTEL_EXPORTER_OTLP_ENDPOINT=receiver.url)
    check_one_trace(receiver.spans)
    assert receiver.requests >= 2  # the orchestrator's batch and the server's


def test_trace_file_holds_the_same_trace_as_otlp_json_lines(tmp_path: Path) -> None:
    warm(tmp_path)
    path = tmp_path / "trace.jsonl"
    one_shot(tmp_path, "--trace", str(path), REQUEST)
    spans = read_trace_file(path)
    check_one_trace(spans)
    assert all(len(s.trace_id) == 32 and len(s.span_id) == 16 for s in spans)


def check_cold_start(spans: list[ReceivedSpan]) -> None:
    """A request with no catalogue cache: the cache's miss and the server's start are under
    the request's root, its handshake under the start."""
    check_each_under_its_cause(spans)
    root = by_name(spans, "orchestrator")
    cache = by_name(spans, "catalogue_cache todo")
    assert cache.parent == root.span_id and cache.attributes["mcp_orchestrator.cache.hit"] is False
    connect = by_name(spans, "connect todo")  # started on entry: its tools were not known
    assert connect.parent == root.span_id
    sent = by_name(spans, "MCP send initialize")
    served = by_name(spans, "initialize")
    assert sent.parent == connect.span_id and served.parent == sent.span_id
    assert served.service == "mcp-todo"
    assert by_name(spans, "notifications/initialized").parent == served.span_id
    assert by_name(spans, "MCP send tools/list").parent == connect.span_id
    assert by_name(spans, "TodoService.create_todo").service == "mcp-todo"
    for span in spans:
        assert "eggs" not in repr(span.attributes), span


def test_a_cold_run_is_one_trace_each_span_under_its_cause(tmp_path: Path) -> None:
    path = tmp_path / "trace.jsonl"
    one_shot(tmp_path, "--trace", str(path), REQUEST)  # no catalogue cache yet
    check_cold_start(read_trace_file(path))


@pytest.fixture
def daemon_on(tmp_path: Path) -> Iterator[dict[str, str]]:
    """The warm daemon on, in a private runtime folder (a short path: a socket's has ~100
    bytes); stopped, with its servers, at the end."""
    folder = Path(tempfile.mkdtemp(prefix="ot", dir="/tmp"))
    env = {"ORCHESTRATOR_DAEMON": "1", "XDG_RUNTIME_DIR": str(folder)}
    yield env
    base = {k: v for k, v in os.environ.items() if not k.startswith("OTEL_")}
    subprocess.run(
        [sys.executable, "-m", "orchestrator", "daemon", "stop"],
        cwd=tmp_path, capture_output=True, timeout=90, env={**base, **env},
    )  # fmt: skip
    shutil.rmtree(folder, ignore_errors=True)


def test_through_a_new_warm_daemon_each_request_is_one_trace(
    tmp_path: Path, daemon_on: dict[str, str]
) -> None:
    """The first request starts the daemon, which sets up tracing before the request's root
    span (not on entering its warm orchestrator, inside it): the cache lookup and the server's
    start, done by the warm orchestrator's own task, are in the request's trace. The second
    request, on the same warm orchestrator, is a trace of its own."""
    with OTLPReceiver() as receiver:
        env = {**daemon_on, "OTEL_EXPORTER_OTLP_ENDPOINT": receiver.url}
        one_shot(tmp_path, REQUEST, **env)
        first = eventually_sync(
            lambda: _until(receiver, "tools/call create_todo", 1),
            timeout=60,
            what="the first's spans",
        )
        one_shot(tmp_path, "what's on my todo list?", **env)
        every = eventually_sync(
            lambda: _until(receiver, "tools/call list_todos", 2),
            timeout=60,
            what="the second's spans",
        )
    root = by_name(first, "orchestrator")
    check_cold_start([s for s in every if s.trace_id == root.trace_id])
    second = [s for s in every if s.trace_id != root.trace_id]
    check_each_under_its_cause(second)
    assert not [s for s in second if s.name.startswith(("connect", "catalogue_cache"))]
    assert by_name(second, "execute_tool list_todos").service == "mcp-orchestrator"


def _until(receiver: OTLPReceiver, last: str, requests: int) -> list[ReceivedSpan] | None:
    """The spans received, once `requests` requests' roots and the server's `last` span are."""
    spans = list(receiver.spans)
    roots = [s for s in spans if s.name == "orchestrator"]
    return spans if len(roots) == requests and any(s.name == last for s in spans) else None


def test_contents_only_when_opted_in_and_secrets_never(tmp_path: Path) -> None:
    warm(tmp_path)
    path = tmp_path / "trace.jsonl"
    with OTLPReceiver() as receiver:
        one_shot(
            tmp_path,
            "--trace",
            str(path),
            REQUEST,
            OTEL_EXPORTER_OTLP_ENDPOINT=receiver.url,
            OTEL_EXPORTER_OTLP_HEADERS=f"authorization=Bearer {SECRET}",
            **{CAPTURE_ENV: "true"},
        )
    spans = read_trace_file(path)
    tool = by_name(spans, "execute_tool create_todo")
    assert "buy eggs" in tool.attributes["gen_ai.tool.call.arguments"]
    assert (
        "buy eggs"
        in by_name(spans, "invoke_agent orchestrator").attributes["gen_ai.input.messages"]
    )
    assert SECRET not in path.read_text()  # the exporter's header is no attribute
    assert SECRET not in repr(receiver.spans)
    # the header went where it belongs: with every export, the server's included
    assert receiver.headers and all(h.get("authorization") == f"Bearer {SECRET}" for h in
                                    receiver.headers)  # fmt: skip


def test_the_switches_resolve_as_documented(tmp_path: Path) -> None:
    off = OtelSettings()
    assert resolve(off, {}, None) is None
    assert resolve(off, {"OTEL_EXPORTER_OTLP_ENDPOINT": "http://x:4318"}, None).otlp
    assert resolve(off, {"OTEL_SDK_DISABLED": "true"}, tmp_path / "t") is None
    on = OtelSettings(enabled=True, endpoint="http://c:4318/v1/traces", service_name="mine")
    settings = resolve(on, {}, None)
    assert settings is not None and settings.otlp and settings.service_name == "mine"
    assert settings.endpoint == "http://c:4318/v1/traces" and not settings.capture_content
    env = {"OTEL_SERVICE_NAME": "theirs", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://e:4318"}
    settings = resolve(on, {**env, CAPTURE_ENV: "span_only"}, None)
    assert settings is not None and settings.service_name == "theirs"
    assert settings.endpoint is None and settings.capture_content  # the SDK reads the env
    only_file = resolve(off, {"OTEL_TRACES_EXPORTER": "none"}, tmp_path / "t")
    assert only_file is not None and only_file.file == tmp_path / "t" and not only_file.otlp


def test_the_otel_section_in_mcp_agents_spelling(tmp_path: Path) -> None:
    path = tmp_path / "mcp_agent.config.yaml"
    path.write_text(
        "mcp: {servers: {todo: {command: mcp-todo}}}\n"
        "otel:\n  enabled: true\n  service_name: assistant\n  service_version: '1'\n"
        "  exporters: [{otlp: {endpoint: 'http://c:4318/v1/traces'}}, file]\n"
        "  path: traces.jsonl\n  sample_rate: 0.5\n"
    )
    otel = load_config(path).otel
    assert otel.enabled and otel.exporters == ("otlp", "file")
    assert otel.endpoint == "http://c:4318/v1/traces" and otel.sample_rate == 0.5
    assert otel.path == (tmp_path / "traces.jsonl").resolve()
    path.write_text("mcp: {servers: {todo: {command: mcp-todo}}}\notel: {exporters: [jaeger]}\n")
    with pytest.raises(ConfigError, match=r"otel\.exporters\.0: 'jaeger' is not one of otlp"):
        load_config(path)
    path.write_text("mcp: {servers: {todo: {command: mcp-todo}}}\notel: {sample_rate: 2}\n")
    with pytest.raises(ConfigError, match=r"otel\.sample_rate"):
        load_config(path)


def test_trace_without_the_sdk_is_a_usage_error(tmp_path: Path) -> None:
    """`--trace` when the `otel` extra is not installed: exit 2 saying how to install it."""
    blocker = tmp_path / "block" / "sitecustomize.py"
    blocker.parent.mkdir()
    blocker.write_text(
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.startswith('opentelemetry.sdk'):\n"
        "            raise ModuleNotFoundError(name=name)\n"
        "sys.meta_path.insert(0, Block())\n"
    )
    env = {**os.environ, "PYTHONPATH": f"{blocker.parent}{os.pathsep}{REPO}"}
    done = subprocess.run(
        [sys.executable, "-m", "orchestrator", "--trace", str(tmp_path / "t"), REQUEST],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert done.returncode == 2
    assert "pip install 'mcp-orchestrator[otel]'" in done.stderr


FAILING = """
import sys
import anyio
from orchestrator import Orchestrator, load_config, tracing
from orchestrator.testing import ScriptedModel, call

settings = load_config(sys.argv[1])
tracing.configure(settings, trace_file=sys.argv[2])
model = ScriptedModel(
    [call("reply", body={"code": "nope", "password": "hunter2"}, is_error=True), call("gone")],
    "Done.",
)

async def main() -> None:
    async with Orchestrator(settings, model=model, yes=True) as orch:
        await orch.ask("fail, please")

anyio.run(main)
tracing.shutdown()
"""


def test_failed_calls_carry_their_error_type_and_no_argument(
    tmp_path: Path, write_config: Callable[..., Path]
) -> None:
    """A call the server marks `isError` is `tool_error` (as the MCP conventions name it), an
    unknown tool `unknown_tool`; both spans are errors, and the request's too (not done). The
    echo server is a third-party one: it gets the `traceparent` and answers as ever."""
    config = write_config({"echo": server_entry("echo")})
    path = tmp_path / "trace.jsonl"
    done = subprocess.run(
        [sys.executable, "-c", FAILING, str(config), str(path)],
        capture_output=True,
        text=True,
        timeout=90,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    spans = read_trace_file(path)
    replied = by_name(spans, "execute_tool reply")
    gone = by_name(spans, "execute_tool gone")
    agent = by_name(spans, "invoke_agent orchestrator")
    assert replied.attributes["error.type"] == "tool_error" and replied.status == 2
    assert replied.attributes["mcp_orchestrator.tool.status"] == "error"
    assert gone.attributes["error.type"] == "unknown_tool" and gone.status == 2
    assert agent.attributes["error.type"] == "request_not_done"
    assert agent.attributes["mcp_orchestrator.request.done"] is False
    assert "hunter2" not in path.read_text()
    assert {s.service for s in spans} == {"mcp-orchestrator"}  # echo does not export


OWN_PROVIDER = """
import json, sys
import anyio
from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from orchestrator import Orchestrator, load_config
from orchestrator.testing import ScriptedModel, call

exporter = InMemorySpanExporter()
provider = TracerProvider()
provider.add_span_processor(SimpleSpanProcessor(exporter))
trace.set_tracer_provider(provider)
model = ScriptedModel(call("reply", body={"ok": True}), "Done.")

async def main() -> None:
    with trace.get_tracer("app").start_as_current_span("app request"):
        async with Orchestrator(load_config(sys.argv[1]), model=model) as orch:
            await orch.ask("reply, please")

anyio.run(main)
spans = exporter.get_finished_spans()
app = next(s for s in spans if s.name == "app request")
print(json.dumps(sorted({s.name for s in spans if s.context.trace_id == app.context.trace_id})))
"""


def test_a_program_with_its_own_tracer_provider_gets_our_spans(
    tmp_path: Path, write_config: Callable[..., Path]
) -> None:
    """A program that traces already (Logfire, say) sets no switch of ours: the request's spans
    join its trace, through its provider."""
    config = write_config({"echo": server_entry("echo")})
    env = {k: v for k, v in os.environ.items() if not k.startswith("OTEL_")}
    done = subprocess.run(
        [sys.executable, "-c", OWN_PROVIDER, str(config)],
        capture_output=True,
        text=True,
        timeout=90,
        env={**env, "PYTHONPATH": str(REPO)},
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    names = set(json.loads(done.stdout.splitlines()[-1]))
    assert {
        "app request",
        "invoke_agent orchestrator",
        "chat scripted",
        "execute_tool reply",
        "MCP send tools/call reply",
    } <= names


OVER_HTTP = """
import sys
import anyio
from orchestrator import Orchestrator, load_config, tracing
from orchestrator.testing import ScriptedModel, call

settings = load_config(sys.argv[1])
tracing.configure(settings, trace_file=sys.argv[2])
model = ScriptedModel(call("list_todos"), "Done.")

async def main() -> None:
    async with Orchestrator(settings, model=model, yes=True) as orch:
        await orch.ask("list them")

anyio.run(main)
tracing.shutdown()
"""


async def test_a_server_over_http_is_named_by_address_and_port(
    tmp_path: Path, write_config: Callable[..., Path]
) -> None:
    """The MCP conventions' `server.address` and `server.port` on the tool call's and the
    connection's spans of a server reached over streamable HTTP (and not on a stdio one's)."""
    import anyio

    from tests._http_server import http_server

    path = tmp_path / "trace.jsonl"
    async with http_server("servers.todo", f"sqlite:///{tmp_path / 'todo.db'}") as url:
        config = write_config({"todo": {"transport": "streamable_http", "url": url}})
        with anyio.fail_after(90):
            done = await anyio.run_process(
                [sys.executable, "-c", OVER_HTTP, str(config), str(path)],
                check=False,
                env={**os.environ, "PYTHONPATH": str(REPO)},
                cwd=tmp_path,
            )
    assert done.returncode == 0, done.stderr.decode()
    port = int(url.split(":")[2].split("/")[0])
    spans = read_trace_file(path)
    for span in (by_name(spans, "execute_tool list_todos"), by_name(spans, "connect todo")):
        assert span.attributes["network.transport"] == "tcp"
        assert (span.attributes["server.address"], span.attributes["server.port"]) == (
            "127.0.0.1",
            port,
        )
