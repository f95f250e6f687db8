"""A small client of Coder's REST API (and of workspace apps through its proxy), on httpx2.

    client = CoderClient("https://coder.example.com", token, timeout=30)
    workspaces = await client.list_workspaces()

Every call authenticates with the ``Coder-Session-Token`` header. Failures leave as the fleet's
own errors, translated here once: 400 is INVALID_INPUT, 404 NOT_FOUND, 409 CONFLICT; a refused
token (401, 403), a 5xx, a refused connection and a timeout are SERVICE_UNAVAILABLE. Messages
carry Coder's own ``message`` and never the token.
"""

from __future__ import annotations

import logging
from typing import Any

import httpx2
from pydantic import TypeAdapter, ValidationError

from servers.fleet.coder.models import (
    PresetRemote,
    RichParameterRemote,
    TaskLogRemote,
    TemplateRemote,
    WorkspaceBuildRemote,
    WorkspaceRemote,
)
from servers.fleet.errors import (
    ConflictError,
    FleetError,
    InternalError,
    InvalidInputError,
    NotFoundError,
    ServiceUnavailableError,
)

__all__ = ["SESSION_HEADER", "CoderClient"]

logger = logging.getLogger(__name__)

SESSION_HEADER = "Coder-Session-Token"

_templates = TypeAdapter(list[TemplateRemote])
_parameters = TypeAdapter(list[RichParameterRemote])
_presets = TypeAdapter(list[PresetRemote])
_workspaces = TypeAdapter(list[WorkspaceRemote])
_logs = TypeAdapter(list[TaskLogRemote])


class CoderClient:
    def __init__(
        self,
        base_url: str,
        token: str,
        *,
        timeout: float = 30.0,
        transport: httpx2.AsyncBaseTransport | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self._http = httpx2.AsyncClient(
            headers={SESSION_HEADER: token, "Accept": "application/json"},
            timeout=timeout,
            transport=transport,
        )

    async def aclose(self) -> None:
        await self._http.aclose()

    async def request(
        self,
        method: str,
        url: str,
        *,
        json: Any = None,
        params: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
        what: str = "Coder",
    ) -> Any:
        """Send one request (``url`` absolute, or a path on the deployment); its JSON or None."""
        full = url if url.startswith(("http://", "https://")) else self.base_url + url
        try:
            response = await self._http.request(
                method, full, json=json, params=params, headers=headers
            )
        except httpx2.TimeoutException as exc:
            raise ServiceUnavailableError(
                f"{what} did not answer within {self.timeout:g} s ({method} {_path(full)})"
            ) from exc
        except httpx2.TransportError as exc:
            raise ServiceUnavailableError(
                f"Cannot reach {what} at {self.base_url}: {type(exc).__name__}"
            ) from exc
        if response.status_code >= 400:
            raise _http_error(response, what)
        if response.status_code == 204 or not response.content:
            return None
        try:
            return response.json()
        except ValueError as exc:
            raise InternalError(f"{what} answered {method} {_path(full)} with non-JSON") from exc

    # --- templates (projects) and presets (roles) ----------------------------------------------

    async def list_templates(self) -> list[TemplateRemote]:
        return _parse(_templates, await self.request("GET", "/api/v2/templates"))

    async def rich_parameters(self, version_id: str) -> list[RichParameterRemote]:
        path = f"/api/v2/templateversions/{version_id}/rich-parameters"
        return _parse(_parameters, await self.request("GET", path))

    async def presets(self, version_id: str) -> list[PresetRemote]:
        path = f"/api/v2/templateversions/{version_id}/presets"
        return _parse(_presets, await self.request("GET", path) or [])

    async def first_organization(self) -> str:
        orgs = await self.request("GET", "/api/v2/organizations")
        if not orgs:
            raise ServiceUnavailableError("Coder lists no organization for this user")
        return str(orgs[0]["id"])

    # --- workspaces (agents) -------------------------------------------------------------------

    async def list_workspaces(self) -> list[WorkspaceRemote]:
        body = await self.request("GET", "/api/v2/workspaces", params={"q": "owner:me"})
        return _parse(_workspaces, (body or {}).get("workspaces") or [])

    async def get_workspace(self, workspace_id: str) -> WorkspaceRemote:
        body = await self.request("GET", f"/api/v2/workspaces/{workspace_id}")
        return _parse(TypeAdapter(WorkspaceRemote), body)

    async def create_workspace(
        self,
        organization_id: str,
        *,
        name: str,
        template_id: str,
        preset_id: str | None,
        parameters: dict[str, str],
    ) -> WorkspaceRemote:
        payload: dict[str, Any] = {
            "name": name,
            "template_id": template_id,
            "rich_parameter_values": [{"name": k, "value": v} for k, v in parameters.items()],
        }
        if preset_id:
            payload["template_version_preset_id"] = preset_id
        path = f"/api/v2/organizations/{organization_id}/members/me/workspaces"
        body = await self.request("POST", path, json=payload)
        return _parse(TypeAdapter(WorkspaceRemote), body)

    async def create_build(self, workspace_id: str, transition: str) -> WorkspaceBuildRemote:
        path = f"/api/v2/workspaces/{workspace_id}/builds"
        body = await self.request("POST", path, json={"transition": transition})
        return _parse(TypeAdapter(WorkspaceBuildRemote), body)

    async def get_build(self, build_id: str) -> WorkspaceBuildRemote:
        body = await self.request("GET", f"/api/v2/workspacebuilds/{build_id}")
        return _parse(TypeAdapter(WorkspaceBuildRemote), body)

    async def app_host(self) -> str:
        """The wildcard host of subdomain apps (``*.apps.example.com``), or ""."""
        body = await self.request("GET", "/api/v2/applications/host")
        return str((body or {}).get("host") or "")

    # --- tasks ---------------------------------------------------------------------------------

    async def send_task_input(self, owner: str, workspace_id: str, text: str) -> None:
        path = f"/api/experimental/tasks/{owner}/{workspace_id}/send"
        await self.request("POST", path, json={"input": text})

    async def task_logs(self, owner: str, workspace_id: str) -> list[TaskLogRemote]:
        body = await self.request("GET", f"/api/experimental/tasks/{owner}/{workspace_id}/logs")
        return _parse(_logs, (body or {}).get("logs") or [])


def _parse(adapter: TypeAdapter[Any], body: Any) -> Any:
    try:
        return adapter.validate_python(body)
    except ValidationError as exc:
        fields = sorted({".".join(str(p) for p in e["loc"]) for e in exc.errors()})
        raise InternalError(
            "Coder answered in an unexpected shape (" + ", ".join(fields[:5]) + ")"
        ) from exc


def _path(url: str) -> str:
    return httpx2.URL(url).path


def _http_error(response: httpx2.Response, what: str) -> FleetError:
    status = response.status_code
    try:
        body = response.json()
        said = str(body.get("message") or "") if isinstance(body, dict) else ""
    except ValueError:
        said = ""
    where = f"{response.request.method} {response.request.url.path}"
    reason = said or response.reason_phrase
    logger.info("%s answered %s to %s", what, status, where)
    if status in (401, 403):
        return ServiceUnavailableError(
            f"{what} refused the session token ({status} {response.reason_phrase}): "
            "check CODER_SESSION_TOKEN",
            status=status,
        )
    if status == 404:
        return NotFoundError(f"{what}: {reason} ({where})", status=status)
    if status == 409:
        return ConflictError(f"{what}: {reason}", status=status)
    if status in (400, 422):
        return InvalidInputError(f"{what} rejected the request: {reason}", status=status)
    if status >= 500:
        return ServiceUnavailableError(
            f"{what} is unavailable ({status} {response.reason_phrase}): {reason}", status=status
        )
    return InternalError(f"{what} answered {status} to {where}: {reason}", status=status)
