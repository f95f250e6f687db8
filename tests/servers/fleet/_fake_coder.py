"""A loopback Coder deployment for the fleet tests, speaking Coder's wire format.

Built from Coder's published API reference (``/api/v2``: workspaces, builds, templates, template
versions' rich parameters and presets, organizations; ``/api/experimental/tasks``: send and
logs) and coder/agentapi's ``POST /message``, reached through the path-style workspace app proxy
(``/@owner/workspace.agent/apps/slug/``). The ``fleet`` app of each workspace answers
``GET /metadata``, ``/diff`` and ``/work`` the way a fleet server in HTTP mode does: from
``metadata`` (and a clean ``/work``), or by passing the request on to a real fleet server named in
``fleet_apps`` (workspace name -> its base URL).

A new workspace's build runs at once with its agent connected and ready, and its AI task
(the ``AI Prompt`` parameter) working. ``finish_task`` ends a task; a raw Ctrl-C or ESC sent to
AgentAPI interrupts it. A stop build passes through ``stopping`` for ``stop_polls`` reads.
``fail(path, status)`` and ``slow(path, seconds)`` make the next matching requests fail or hang.
"""

from __future__ import annotations

import json
import re
import socket
import threading
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse

TOKEN = "fake-coder-session-token"
METADATA_TOKEN = "fleet-metadata-token"
OWNER = "alice"
ORG = "5b6d9c1e-0000-4000-8000-0000000000aa"
SETUP_TEMPLATE = "7e3f0a52-1c1a-4d7b-9a30-6f6c1a2b3c01"
SETUP_VERSION = "9a1b2c3d-4e5f-4a6b-8c7d-1e2f3a4b5c01"
CODER_PRESET = "11111111-2222-4333-8444-555555555501"
REVIEWER_PRESET = "11111111-2222-4333-8444-555555555502"


def _now() -> str:
    return datetime.now(UTC).isoformat().replace("+00:00", "Z")


@dataclass
class _Failure:
    method: str
    path: str
    status: int
    times: int


@dataclass
class FakeCoder:
    token: str = TOKEN
    metadata_token: str = METADATA_TOKEN
    stop_polls: int = 1
    workspaces: dict[str, dict[str, Any]] = field(default_factory=dict)
    builds: dict[str, dict[str, Any]] = field(default_factory=dict)
    logs: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    agentapi: list[dict[str, Any]] = field(default_factory=list)
    metadata: dict[str, dict[str, Any]] = field(default_factory=dict)
    fleet_apps: dict[str, str] = field(default_factory=dict)
    requests: list[tuple[str, str]] = field(default_factory=list)
    _failures: list[_Failure] = field(default_factory=list)
    _slow: dict[str, float] = field(default_factory=dict)
    _lock: threading.RLock = field(default_factory=threading.RLock)
    _stopping: threading.Event = field(default_factory=threading.Event)
    url: str = ""

    # --- test controls -------------------------------------------------------------------------

    def fail(self, path: str, status: int, *, method: str = "", times: int = 1) -> None:
        with self._lock:
            self._failures.append(_Failure(method, path, status, times))

    def slow(self, path: str, seconds: float) -> None:
        self._slow[path] = seconds

    def finish_task(self, name: str, *, state: str = "idle", message: str = "Done") -> None:
        with self._lock:
            ws = self._by_name(name)
            assert ws is not None, name
            self._report(ws, state, message, needs_attention=state == "failure")
            self._log(ws["id"], "output", message)

    # --- state ---------------------------------------------------------------------------------

    def _by_name(self, name: str) -> dict[str, Any] | None:
        return next(
            (w for w in self.workspaces.values() if w["name"].lower() == name.lower()), None
        )

    def _app(self, ws: dict[str, Any], slug: str) -> dict[str, Any]:
        agent = ws["latest_build"]["resources"][0]["agents"][0]
        return next(a for a in agent["apps"] if a["slug"] == slug)

    def _report(
        self, ws: dict[str, Any], state: str, message: str, *, needs_attention: bool = False
    ) -> None:
        status = {
            "id": str(uuid.uuid4()),
            "created_at": _now(),
            "workspace_id": ws["id"],
            "agent_id": ws["latest_build"]["resources"][0]["agents"][0]["id"],
            "app_id": self._app(ws, "ccw")["id"],
            "state": state,
            "message": message,
            "uri": "",
            "icon": "",
            "needs_user_attention": needs_attention,
        }
        self._app(ws, "ccw")["statuses"].insert(0, status)
        ws["latest_app_status"] = status
        ws["updated_at"] = status["created_at"]

    def _log(self, ws_id: str, kind: str, content: str) -> None:
        entries = self.logs.setdefault(ws_id, [])
        entries.append({"id": len(entries) + 1, "content": content, "type": kind, "time": _now()})

    def _build(self, ws: dict[str, Any], transition: str, status: str) -> dict[str, Any]:
        previous = ws["latest_build"]
        build = {
            **previous,
            "id": str(uuid.uuid4()),
            "build_number": previous["build_number"] + 1,
            "transition": transition,
            "status": status,
            "created_at": _now(),
            "_polls": 0,
        }
        if transition != "start":
            build["resources"] = []
        else:
            build["resources"] = [_resource(ws["name"])]
        self.builds[build["id"]] = build
        ws["latest_build"] = build
        return build

    def _new_workspace(self, body: dict[str, Any]) -> dict[str, Any]:
        prompt = next(
            (
                p["value"]
                for p in body.get("rich_parameter_values") or []
                if p["name"] == "AI Prompt"
            ),
            "",
        )
        ws_id = str(uuid.uuid4())
        now = _now()
        ws: dict[str, Any] = {
            "id": ws_id,
            "created_at": now,
            "updated_at": now,
            "owner_id": str(uuid.uuid4()),
            "owner_name": OWNER,
            "organization_id": ORG,
            "organization_name": "coder",
            "template_id": body["template_id"],
            "template_name": "setup",
            "template_display_name": "Setup",
            "template_icon": "",
            "outdated": False,
            "name": body["name"],
            "ttl_ms": None,
            "last_used_at": now,
            "deleting_at": None,
            "dormant_at": None,
            "health": {"healthy": True, "failing_agents": []},
            "automatic_updates": "never",
            "allow_renames": False,
            "favorite": False,
            "latest_app_status": None,
        }
        build = {
            "id": str(uuid.uuid4()),
            "created_at": now,
            "updated_at": now,
            "workspace_id": ws_id,
            "workspace_name": body["name"],
            "workspace_owner_id": ws["owner_id"],
            "workspace_owner_name": OWNER,
            "template_version_id": SETUP_VERSION,
            "template_version_name": "v1",
            "build_number": 1,
            "transition": "start",
            "initiator_id": ws["owner_id"],
            "initiator_name": OWNER,
            "job": {"id": str(uuid.uuid4()), "status": "succeeded"},
            "reason": "initiator",
            "resources": [_resource(body["name"])],
            "deadline": None,
            "max_deadline": None,
            "status": "running",
            "daily_cost": 0,
            "template_version_preset_id": body.get("template_version_preset_id"),
            "has_ai_task": True,
            "_polls": 0,
        }
        build["ai_task_sidebar_app_id"] = build["resources"][0]["agents"][0]["apps"][0]["id"]
        ws["latest_build"] = build
        self.builds[build["id"]] = build
        self.workspaces[ws_id] = ws
        if prompt:
            self._log(ws_id, "input", prompt)
            self._report(ws, "working", prompt)
        return ws

    # --- the HTTP side -------------------------------------------------------------------------

    def handle(
        self, method: str, raw_path: str, headers: dict[str, str], body: Any
    ) -> tuple[int, Any]:
        parsed = urlparse(raw_path)
        path = parsed.path
        with self._lock:
            self.requests.append((method, path))
            for failure in self._failures:
                if failure.path in path and failure.method in ("", method) and failure.times > 0:
                    failure.times -= 1
                    return failure.status, {
                        "message": f"Injected failure {failure.status}.",
                        "detail": "the fake was told to fail",
                    }
        delay = next((s for p, s in self._slow.items() if p in path), 0.0)
        if delay:
            self._stopping.wait(delay)
        app = re.fullmatch(r"/@([^/]+)/([^/.]+)\.([^/]+)/apps/([^/]+)/(.*)", path)
        if app:
            return self._handle_app(method, app.groups(), headers, body)
        if headers.get("coder-session-token") != self.token:
            return 401, {
                "message": "API key is invalid.",
                "detail": "The session token is not valid.",
            }
        with self._lock:
            return self._handle_api(method, path, parse_qs(parsed.query), body)

    def _handle_api(
        self, method: str, path: str, query: dict[str, list[str]], body: Any
    ) -> tuple[int, Any]:
        if method == "GET" and path == "/api/v2/organizations":
            return 200, [{"id": ORG, "name": "coder", "display_name": "Coder", "is_default": True}]
        if method == "GET" and path == "/api/v2/templates":
            return 200, _templates()
        if method == "GET" and path == "/api/v2/applications/host":
            return 200, {"host": ""}
        m = re.fullmatch(r"/api/v2/templateversions/([^/]+)/(rich-parameters|presets)", path)
        if method == "GET" and m:
            version, what = m.groups()
            if version not in _VERSIONS:
                return 404, {
                    "message": "Resource not found or you do not have access to this resource"
                }
            return 200, _VERSIONS[version][what]
        if method == "GET" and path == "/api/v2/workspaces":
            visible = [_public(w) for w in self.workspaces.values()]
            return 200, {"workspaces": visible, "count": len(visible)}
        m = re.fullmatch(r"/api/v2/workspaces/([^/]+)", path)
        if method == "GET" and m:
            ws = self.workspaces.get(m.group(1))
            if ws is None:
                return 404, {
                    "message": "Resource not found or you do not have access to this resource"
                }
            return 200, _public(ws)
        m = re.fullmatch(r"/api/v2/organizations/([^/]+)/members/me/workspaces", path)
        if method == "POST" and m:
            if self._by_name(body["name"]) is not None:
                return 409, {
                    "message": f'Workspace "{body["name"]}" already exists.',
                    "validations": [
                        {
                            "field": "name",
                            "detail": "This value is already in use and should be unique.",
                        }
                    ],
                }
            return 201, _public(self._new_workspace(body))
        m = re.fullmatch(r"/api/v2/workspaces/([^/]+)/builds", path)
        if method == "POST" and m:
            ws = self.workspaces.get(m.group(1))
            if ws is None:
                return 404, {
                    "message": "Resource not found or you do not have access to this resource"
                }
            transition = body["transition"]
            if transition == "delete":
                build = self._build(ws, "delete", "deleting")
                del self.workspaces[ws["id"]]
            elif transition == "stop":
                build = self._build(ws, "stop", "stopping" if self.stop_polls else "stopped")
                ws["latest_app_status"] = None
            else:
                if ws["latest_build"]["status"] not in ("stopped", "failed", "canceled"):
                    return 409, {"message": "A workspace build is already active."}
                build = self._build(ws, "start", "running")
            return 201, _public(build)
        m = re.fullmatch(r"/api/v2/workspacebuilds/([^/]+)", path)
        if method == "GET" and m:
            build = self.builds.get(m.group(1))
            if build is None:
                return 404, {
                    "message": "Resource not found or you do not have access to this resource"
                }
            build["_polls"] += 1
            if build["status"] == "stopping" and build["_polls"] > self.stop_polls:
                build["status"] = "stopped"
            return 200, _public(build)
        m = re.fullmatch(r"/api/experimental/tasks/([^/]+)/([^/]+)/(send|logs)", path)
        if m:
            owner, ws_id, what = m.groups()
            ws = self.workspaces.get(ws_id)
            if ws is None or owner != OWNER:
                return 404, {"message": "Task not found."}
            if what == "logs" and method == "GET":
                return 200, {"logs": self.logs.get(ws_id, [])}
            if what == "send" and method == "POST":
                if not str(body.get("input", "")).strip():
                    return 400, {"message": "Task input is required."}
                self._log(ws_id, "input", body["input"])
                self._report(ws, "working", body["input"])
                return 204, None
        return 404, {"message": f"Route {method} {path} not found"}

    def _handle_app(
        self, method: str, parts: tuple[str, ...], headers: dict[str, str], body: Any
    ) -> tuple[int, Any]:
        owner, ws_name, _agent, slug, rest = parts
        if headers.get("coder-session-token") != self.token:
            return 401, {"message": "API key is invalid."}
        with self._lock:
            ws = self._by_name(ws_name)
            if ws is None or owner != OWNER:
                return 404, {"message": "Workspace not found."}
            if slug == "ccw" and rest == "message" and method == "POST":
                self.agentapi.append({"workspace": ws["name"], **body})
                interrupt = body.get("type") == "raw" and body.get("content") in (
                    "\u0003",
                    "\u001b",
                )
                working = (ws["latest_app_status"] or {}).get("state") == "working"
                if interrupt and working:
                    self._report(ws, "idle", "Interrupted by user")
                return 200, {"ok": True}
            forward_to = self.fleet_apps.get(ws["name"])
            if slug == "fleet" and method == "GET" and forward_to is None:
                if headers.get("authorization") != f"Bearer {self.metadata_token}":
                    return 401, {
                        "error": {
                            "code": "UNAUTHORIZED",
                            "message": "a valid bearer token is required",
                            "details": {},
                        }
                    }
                if rest == "metadata":
                    empty = {"metadata": {}, "metadata_count": 0}
                    return 200, self.metadata.get(ws["name"], empty)
                if rest == "work":
                    return 200, {"commits": [], "files": [], "known": True}
        if slug == "fleet" and forward_to is not None:
            return _forward(method, f"{forward_to}/{rest}", headers)
        return 404, {"message": "App route not found"}

    @contextmanager
    def running(self) -> Iterator[FakeCoder]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def setup(self) -> None:
                super().setup()
                # Headers and body go out in two writes: without this, Nagle's algorithm and a
                # delayed ACK add 40 ms to every answer.
                self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

            def _serve(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                body = json.loads(raw) if raw else None
                headers = {k.lower(): v for k, v in self.headers.items()}
                status, reply = fake.handle(self.command, self.path, headers, body)
                data = b"" if reply is None else json.dumps(reply).encode()
                self.send_response(status)
                if reply is not None:
                    self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PUT = do_DELETE = _serve

            def log_message(self, format: str, *args: Any) -> None:
                pass

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        thread = threading.Thread(target=server.serve_forever, args=(0.02,), daemon=True)
        thread.start()
        self.url = f"http://127.0.0.1:{server.server_address[1]}"
        try:
            yield self
        finally:
            self._stopping.set()
            server.shutdown()
            server.server_close()
            thread.join(timeout=5)


def _forward(method: str, url: str, headers: dict[str, str]) -> tuple[int, Any]:
    """The workspace app proxy: the request passed on to the app's own server."""
    sent = {k: v for k, v in headers.items() if k == "authorization"}
    request = urllib.request.Request(url, method=method, headers=sent)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as exc:
        with exc:
            return exc.code, json.loads(exc.read() or b"null")


def _public(obj: dict[str, Any]) -> dict[str, Any]:
    """The object as Coder sends it (without the fake's own bookkeeping)."""
    out = {k: v for k, v in obj.items() if not k.startswith("_")}
    if "latest_build" in out:
        out["latest_build"] = _public(out["latest_build"])
    return out


def _resource(ws_name: str) -> dict[str, Any]:
    agent_id = str(uuid.uuid4())

    def app(slug: str, name: str) -> dict[str, Any]:
        return {
            "id": str(uuid.uuid4()),
            "url": "",
            "external": False,
            "slug": slug,
            "display_name": name,
            "command": "",
            "icon": "",
            "subdomain": False,
            "subdomain_name": None,
            "sharing_level": "owner",
            "health": "healthy",
            "hidden": False,
            "open_in": "slim-window",
            "statuses": [],
        }

    return {
        "id": str(uuid.uuid4()),
        "created_at": _now(),
        "job_id": str(uuid.uuid4()),
        "workspace_transition": "start",
        "type": "docker_container",
        "name": "dev",
        "hide": False,
        "icon": "",
        "daily_cost": 0,
        "agents": [
            {
                "id": agent_id,
                "created_at": _now(),
                "updated_at": _now(),
                "name": "main",
                "status": "connected",
                "lifecycle_state": "ready",
                "operating_system": "linux",
                "architecture": "amd64",
                "directory": "/home/coder",
                "version": "v2.27.0",
                "apps": [app("ccw", "Claude Code"), app("fleet", "Fleet")],
                "health": {"healthy": True},
            }
        ],
    }


def _templates() -> list[dict[str, Any]]:
    def template(tid: str, name: str, display: str, version: str) -> dict[str, Any]:
        return {
            "id": tid,
            "created_at": "2025-10-01T08:00:00Z",
            "updated_at": "2025-10-01T08:00:00Z",
            "organization_id": ORG,
            "organization_name": "coder",
            "name": name,
            "display_name": display,
            "provisioner": "terraform",
            "active_version_id": version,
            "active_user_count": 1,
            "description": f"{display or name} workspaces",
            "icon": "",
            "deprecated": False,
        }

    return [
        template(SETUP_TEMPLATE, "setup", "Setup", SETUP_VERSION),
        template("7e3f0a52-1c1a-4d7b-9a30-6f6c1a2b3c02", "plain", "Plain", "plain-version"),
        template("7e3f0a52-1c1a-4d7b-9a30-6f6c1a2b3c03", "hidden", "", SETUP_VERSION),
    ]


def _parameter(name: str) -> dict[str, Any]:
    return {
        "name": name,
        "display_name": name,
        "description": "",
        "type": "string",
        "form_type": "textarea",
        "mutable": False,
        "default_value": "",
        "required": False,
        "ephemeral": False,
        "options": [],
    }


_VERSIONS: dict[str, dict[str, Any]] = {
    SETUP_VERSION: {
        "rich-parameters": [_parameter("AI Prompt"), _parameter("system_prompt")],
        "presets": [
            {
                "ID": CODER_PRESET,
                "Name": "coder",
                "Default": True,
                "Parameters": [{"Name": "system_prompt", "Value": "You write code."}],
            },
            {
                "ID": REVIEWER_PRESET,
                "Name": "reviewer",
                "Default": False,
                "Parameters": [{"Name": "system_prompt", "Value": "You review code."}],
            },
        ],
    },
    "plain-version": {"rich-parameters": [_parameter("region")], "presets": []},
}
