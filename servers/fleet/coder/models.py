"""Coder's wire format, as far as the fleet reads it (``/api/v2``, codersdk's JSON names).

Unknown keys are ignored and most keys are optional, so newer or older deployments still parse.
"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "AppStatusRemote",
    "PresetRemote",
    "RichParameterRemote",
    "TaskLogRemote",
    "TemplateRemote",
    "WorkspaceAgentRemote",
    "WorkspaceAppRemote",
    "WorkspaceBuildRemote",
    "WorkspaceRemote",
]

_LENIENT = ConfigDict(extra="ignore", populate_by_name=True)


class AppStatusRemote(BaseModel):
    model_config = _LENIENT

    state: str = ""  # working | idle | complete | failure
    message: str = ""
    uri: str | None = None
    needs_user_attention: bool = False
    created_at: datetime | None = None


class WorkspaceAppRemote(BaseModel):
    model_config = _LENIENT

    id: str = ""
    slug: str = ""
    display_name: str = ""
    url: str | None = None
    subdomain: bool = False
    subdomain_name: str | None = None
    health: str = ""
    statuses: list[AppStatusRemote] = Field(default_factory=list)


class WorkspaceAgentRemote(BaseModel):
    model_config = _LENIENT

    id: str = ""
    name: str = ""
    status: str = ""  # connecting | connected | disconnected | timeout
    lifecycle_state: str = ""  # created | starting | ready | ...
    apps: list[WorkspaceAppRemote] = Field(default_factory=list)


class _ResourceRemote(BaseModel):
    model_config = _LENIENT

    agents: list[WorkspaceAgentRemote] | None = None


class WorkspaceBuildRemote(BaseModel):
    model_config = _LENIENT

    id: str
    status: str = ""  # pending | starting | running | stopping | stopped | failed | ...
    transition: str = ""  # start | stop | delete
    template_version_id: str | None = None
    template_version_preset_id: str | None = None
    has_ai_task: bool | None = None
    ai_task_sidebar_app_id: str | None = None
    resources: list[_ResourceRemote] = Field(default_factory=list)

    def agents(self) -> list[WorkspaceAgentRemote]:
        return [agent for resource in self.resources for agent in resource.agents or []]


class WorkspaceRemote(BaseModel):
    model_config = _LENIENT

    id: str
    name: str
    owner_name: str = ""
    template_id: str = ""
    template_name: str = ""
    template_display_name: str = ""
    created_at: datetime
    updated_at: datetime
    latest_build: WorkspaceBuildRemote
    latest_app_status: AppStatusRemote | None = None


class TemplateRemote(BaseModel):
    model_config = _LENIENT

    id: str
    name: str
    display_name: str = ""
    description: str = ""
    organization_id: str = ""
    active_version_id: str = ""


class RichParameterRemote(BaseModel):
    model_config = _LENIENT

    name: str
    display_name: str = ""
    type: str = "string"
    default_value: str = ""


class PresetParameterRemote(BaseModel):
    model_config = _LENIENT

    name: str = Field(alias="Name")
    value: str = Field("", alias="Value")


class PresetRemote(BaseModel):
    """A template version's preset: its keys are PascalCase on the wire."""

    model_config = _LENIENT

    id: str = Field(alias="ID")
    name: str = Field(alias="Name")
    parameters: list[PresetParameterRemote] | None = Field(None, alias="Parameters")
    default: bool = Field(False, alias="Default")


class TaskLogRemote(BaseModel):
    model_config = _LENIENT

    id: int | str = 0
    content: str = ""
    type: str = "output"  # input | output
    time: datetime
