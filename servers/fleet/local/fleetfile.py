"""The fleet file: which projects agents can work on, and the roles that run them.

    projects:
      Setup:
        description: This repository
        source: ~/code/setup          # a git repo: each agent works in its own `git worktree`
        roles:                        # (a plain folder is copied instead)
          coder:    {command: ["claude", "-p", "--", "{task}"], system_prompt: "You write code."}
          reviewer: {command: ["codex", "exec", "--", "{task}"]}
        default_role: coder
        max_busy_agents: 2            # tasks at once; more wait in a queue (default: the cores)
        merge: rebase                 # merge_agent_work: fast-forward | rebase | merge (default)
        base_branch: main             # where work lands (default: the branch it started from)
        budget: {usd: 5.00, task_usd: 1.00}   # optional: USD the project's tasks may spend

Where it is: ``--fleet-config``, else ``$FLEET_CONFIG``, else ``fleet.yaml`` in the user's config
folder (``$XDG_CONFIG_HOME/mcp-orchestrator``, else ``~/.config/mcp-orchestrator``). With none,
one project is offered for the git repository the server starts in, with a role per agent CLI
found on PATH plus ``orchestrator`` (this project's own one-shot), so one role always works.

A command is an argv list, run without a shell, in the agent's workspace; ``{task}`` and
``{system_prompt}`` in it are replaced by the task text and the role's system prompt, which are
also in the environment as ``FLEET_TASK`` and ``FLEET_SYSTEM_PROMPT``. ``source`` may use ``~``
or be relative to the fleet file.

A role whose command asks its CLI for machine-readable output (``claude -p --verbose
--output-format stream-json``, ``gemini``/``qwen --output-format stream-json`` or ``json``,
``codex exec --json``; the default roles do) has the tokens and cost the CLI reports recorded per
task, and the agent's words still in its log (:mod:`servers.fleet._usage`). ``budget``
caps what a project's tasks spend, by the cost their CLIs report: a task is stopped once it
passes what is left (or ``task_usd``, if smaller), and a new task is refused once the project
has spent ``usd``. A CLI that reports no cost spends nothing the budget can see.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import yaml
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    model_validator,
)

from servers._common.paths import APP_DIR_NAME
from servers._common.schema import describe_validation_error
from servers.fleet._process import SECRET_VARS, is_fleet_secret
from servers.fleet.local._git import is_git_repo
from servers.fleet.models import MergeStrategy

__all__ = [
    "AGENT_CLIS",
    "Budget",
    "FleetConfig",
    "FleetConfigError",
    "ProjectConfig",
    "RoleConfig",
    "config_path",
    "default_fleet",
    "expand_command",
    "load_fleet",
    "project_id",
    "role_id",
]

# Each CLI's non-interactive form: the task goes in, the agent works, the process exits. The
# task is never where an option could be read: after the end-of-options marker ("--": claude's
# commander, codex's clap, opencode's yargs, the orchestrator's argparse) or glued to its flag
# ("--prompt=...": gemini's and qwen's yargs, whose -p takes a following "-v" for an option;
# "--text=...": goose's clap), so a task of "-v" or "--dangerously-skip-permissions" is a prompt.
# Each asks for the machine-readable output that carries its tokens (and Claude Code's cost) as
# the agent works: the supervisor logs the agent's words from it (servers.fleet._usage).
AGENT_CLIS: dict[str, list[str]] = {
    "claude": [
        "claude",
        "-p",
        "--verbose",  # Claude Code 2.1: "--output-format=stream-json requires --verbose"
        "--output-format",
        "stream-json",
        "--permission-mode",
        "acceptEdits",
        "--",
        "{task}",
    ],
    "codex": ["codex", "exec", "--json", "--sandbox", "workspace-write", "--", "{task}"],
    "gemini": [
        "gemini",
        "--output-format",
        "stream-json",
        "--approval-mode",
        "auto_edit",
        "--prompt={task}",
    ],
    "qwen": [
        "qwen",
        "--output-format",
        "stream-json",
        "--approval-mode",
        "auto-edit",
        "--prompt={task}",
    ],
    "opencode": ["opencode", "run", "--", "{task}"],
    "goose": ["goose", "run", "--text={task}"],
}
ORCHESTRATOR_ROLE = [sys.executable, "-m", "orchestrator", "--", "{task}"]
_NAMESPACE = uuid.UUID("6f0a3c52-7d1e-4c4b-9a51-3f1f6c2b9e10")


class FleetConfigError(Exception):
    """The fleet file cannot be used; the message names the file, the key and the rule."""


def _passable(name: str) -> str:
    if is_fleet_secret(name):
        why = "the fleet's own secret" if name in SECRET_VARS else "a database URL"
        raise ValueError(f"{name} is never passed to agents ({why})")
    return name


PassedName = Annotated[str, Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$"), AfterValidator(_passable)]
PASS_ENV = (
    "variables of the server's environment its agents get although named like secrets "
    "(GITHUB_PAT); the keys an agent's CLI reads pass without"
)


class RoleConfig(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    command: list[str] = Field(min_length=1, description="argv; {task} is the task text")
    system_prompt: str | None = None
    env: dict[str, str] = Field(default_factory=dict, description="extra environment variables")
    pass_env: list[PassedName] = Field(default_factory=list, description=PASS_ENV)


class Budget(BaseModel):
    """What a project's tasks may spend, in USD, by the cost their agents' CLIs report."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    usd: float = Field(ge=0, strict=True, description="USD all the project's tasks may spend")
    task_usd: float | None = Field(
        default=None, ge=0, strict=True, description="USD one task may spend (default: usd)"
    )


class ProjectConfig(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    description: str = ""
    source: Path
    roles: dict[str, RoleConfig] = Field(min_length=1)
    default_role: str | None = None
    max_busy_agents: int | None = Field(
        default=None,
        ge=1,
        description="tasks running at once; more wait in a queue (default: cores)",
    )
    merge: MergeStrategy = Field(default="merge", description="how merge_agent_work lands the work")
    base_branch: str | None = Field(
        default=None,
        min_length=1,
        description="where work is merged (default: the branch the agent started from)",
    )
    budget: Budget | None = Field(default=None, description="USD its tasks may spend")
    pass_env: list[PassedName] = Field(default_factory=list, description=PASS_ENV)

    @model_validator(mode="after")
    def _default_role_is_a_role(self) -> ProjectConfig:
        if self.default_role is not None and self.default_role not in self.roles:
            known = ", ".join(self.roles)
            raise ValueError(
                f"default_role '{self.default_role}' is not one of its roles ({known})"
            )
        return self


class _FleetFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    projects: dict[str, ProjectConfig] = Field(default_factory=dict)


@dataclass(frozen=True)
class FleetConfig:
    """The projects, by name, and where they came from (a file, or the default)."""

    projects: dict[str, ProjectConfig] = field(default_factory=dict)
    origin: str = "default"

    def project(self, name: str) -> tuple[str, ProjectConfig] | None:
        """The project called ``name`` (exactly, else without regard to case)."""
        if name in self.projects:
            return name, self.projects[name]
        folded = name.casefold()
        return next(((k, v) for k, v in self.projects.items() if k.casefold() == folded), None)

    def passed(self, project: str, role: str) -> list[str]:
        """The names the fleet file passes to an agent of ``project`` and ``role`` (their
        ``pass_env``)."""
        found = self.project(project)
        if found is None:
            return []
        config = found[1].roles.get(role)
        return [*found[1].pass_env, *(config.pass_env if config else [])]


def project_id(name: str) -> str:
    return str(uuid.uuid5(_NAMESPACE, f"project:{name}"))


def role_id(project: str, role: str) -> str:
    return str(uuid.uuid5(_NAMESPACE, f"role:{project}/{role}"))


def config_dir(env: Mapping[str, str] = os.environ) -> Path:
    if xdg := env.get("XDG_CONFIG_HOME"):
        return Path(xdg) / APP_DIR_NAME
    return Path.home() / ".config" / APP_DIR_NAME


def config_path(explicit: str | None, env: Mapping[str, str] = os.environ) -> Path | None:
    """The fleet file to read: the flag, else $FLEET_CONFIG, else the user's (if it exists)."""
    if explicit:
        return Path(explicit).expanduser()
    if chosen := env.get("FLEET_CONFIG"):
        return Path(chosen).expanduser()
    default = config_dir(env) / "fleet.yaml"
    return default if default.is_file() else None


def load_fleet(
    explicit: str | None,
    *,
    cwd: Path,
    env: Mapping[str, str] = os.environ,
    which: Callable[[str], str | None] = shutil.which,
) -> FleetConfig:
    """The fleet from its file (see :func:`config_path`), else the default for ``cwd``."""
    path = config_path(explicit, env)
    if path is None:
        return default_fleet(cwd, which=which)
    try:
        raw: Any = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise FleetConfigError(f"fleet file {path}: not found") from exc
    except (OSError, yaml.YAMLError) as exc:
        raise FleetConfigError(f"fleet file {path}: cannot be read: {exc}") from exc
    try:
        parsed = _FleetFile.model_validate(raw if raw is not None else {})
    except ValidationError as exc:
        problems = "; ".join(str(p) for p in describe_validation_error(exc, _FleetFile))
        raise FleetConfigError(f"fleet file {path}: {problems}") from exc
    projects: dict[str, ProjectConfig] = {}
    for name, project in parsed.projects.items():
        source = project.source.expanduser()
        if not source.is_absolute():
            source = path.parent / source
        source = source.resolve()
        if not source.is_dir():
            raise FleetConfigError(
                f"fleet file {path}: projects.{name}.source: {source} is not a folder"
            )
        projects[name] = project.model_copy(update={"source": source})
    return FleetConfig(projects, origin=str(path))


def default_fleet(cwd: Path, *, which: Callable[[str], str | None] = shutil.which) -> FleetConfig:
    """One project for the git repository at ``cwd`` (none outside one), with a role per agent
    CLI on PATH and ``orchestrator``."""
    top = is_git_repo(cwd)
    if top is None:
        return FleetConfig({}, origin=f"default (no git repository at {cwd})")
    roles = {name: RoleConfig(command=argv) for name, argv in AGENT_CLIS.items() if which(name)}
    roles["orchestrator"] = RoleConfig(command=ORCHESTRATOR_ROLE)
    project = ProjectConfig(
        description=f"The git repository at {top}",
        source=top,
        roles=roles,
        default_role=next(iter(roles)),
    )
    return FleetConfig({top.name: project}, origin=f"default (the git repository at {top})")


_PLACEHOLDER = re.compile(r"\{(task|system_prompt)\}")


def expand_command(role: RoleConfig, task: str) -> list[str]:
    """The role's argv with ``{task}`` and ``{system_prompt}`` filled in, in one pass (a task
    that mentions ``{system_prompt}`` keeps it as written; other braces are left alone)."""
    values = {"task": task, "system_prompt": role.system_prompt or ""}
    return [_PLACEHOLDER.sub(lambda m: values[m.group(1)], arg) for arg in role.command]
