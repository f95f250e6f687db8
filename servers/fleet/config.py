"""The fleet server's settings, read once at the front door, and the backend they open.

Command line (beside the runner's transport options) and environment:

    --backend local|coder       FLEET_BACKEND (local)
    --fleet-config PATH         FLEET_CONFIG (local: the fleet file; the flag wins)
    --database-url URL          FLEET_DATABASE_URL, DATABASE_URL, else fleet.db in the data folder
    --state-dir PATH            FLEET_STATE_DIR: worktrees, task records, patches (the data folder's
                                fleet/)
    --workspace PATH            the folder whose metadata GET /metadata serves (the current one)
    FLEET_METADATA_TIMEOUT (5 s per Taskfile task), FLEET_METADATA_TTL (10 s list cache),
    FLEET_WATCH_INTERVAL: how often the server looks for changes (to start queued tasks and tell
    clients): 0.5 s locally, 5 s on Coder (each look reads Coder's API); 0 turns it off
    CODER_URL, CODER_SESSION_TOKEN, FLEET_CODER_TIMEOUT (30 s), FLEET_INTERRUPT_KEY (ctrl-c|esc),
    FLEET_CODER_TASK_APP (the AgentAPI app's slug), FLEET_CODER_METADATA_APP (fleet),
    FLEET_METADATA_TOKEN (the bearer token of the workspaces' fleet servers)

Over HTTP, the runner's own ``--token-file`` / ``$MCP_SERVER_TOKEN`` guards ``/mcp`` and
``/metadata`` alike (and leaves ``/health`` open).
"""

from __future__ import annotations

import argparse
import os
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import anyio.to_thread

from servers._common import StartupError
from servers._common.database import add_database_argument, resolve_database_url
from servers._common.paths import data_dir
from servers.fleet.backend import Backend
from servers.fleet.coder.backend import INTERRUPT_KEYS, CoderSettings
from servers.fleet.local.fleetfile import FleetConfig, FleetConfigError, load_fleet
from servers.fleet.metadata import TaskfileMetadata

__all__ = ["FleetSettings", "add_arguments", "open_backend", "settings_from", "watch_interval"]

DATABASE_ENV = "FLEET_DATABASE_URL"


@dataclass(frozen=True)
class FleetSettings:
    backend: Literal["local", "coder"] = "local"
    fleet: FleetConfig = field(default_factory=FleetConfig)
    database_url: str = ""
    home: Path = field(default_factory=lambda: data_dir() / "fleet")
    metadata_timeout: float = 5.0
    metadata_ttl: float = 10.0
    watch_interval: float | None = None  # None: the backend's own; 0: off
    workspace: Path = field(default_factory=Path.cwd)
    coder_url: str = ""
    coder_token: str = field(default="", repr=False)
    coder_timeout: float = 30.0
    coder: CoderSettings = field(default_factory=CoderSettings)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--backend", choices=["local", "coder"], help="local (default) or coder")
    parser.add_argument(
        "--fleet-config",
        help="the fleet file (default: $FLEET_CONFIG, else "
        "fleet.yaml in the user's config folder, else this git repository)",
    )
    add_database_argument(parser, env_var=DATABASE_ENV)
    parser.add_argument(
        "--state-dir",
        help="where agents' worktrees, task records and patches go (default: $FLEET_STATE_DIR, "
        "else fleet/ in the user data folder)",
    )
    parser.add_argument("--workspace", help="the folder GET /metadata describes (default: here)")


def _seconds(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if value <= 0:
        raise StartupError(f"{name}={raw!r} is not a positive number of seconds")
    return value


def _interval(env: Mapping[str, str]) -> float | None:
    raw = env.get("FLEET_WATCH_INTERVAL")
    if raw == "0":
        return 0.0
    return None if not raw else _seconds(env, "FLEET_WATCH_INTERVAL", 0.5)


def watch_interval(settings: FleetSettings) -> float:
    """How often the server looks at the fleet (0: never)."""
    if settings.watch_interval is not None:
        return settings.watch_interval
    return 5.0 if settings.backend == "coder" else 0.5


def settings_from(
    args: argparse.Namespace, env: Mapping[str, str] = os.environ, *, cwd: Path | None = None
) -> FleetSettings:
    """The settings for parsed ``args`` and ``env``; StartupError when they cannot work."""
    here = cwd or Path.cwd()
    backend = args.backend or env.get("FLEET_BACKEND") or "local"
    if backend not in ("local", "coder"):
        raise StartupError(f"FLEET_BACKEND={backend!r} is not one of local, coder")
    fleet = FleetConfig()
    if backend == "local":
        try:
            fleet = load_fleet(args.fleet_config, cwd=here, env=env)
        except FleetConfigError as exc:
            raise StartupError(str(exc)) from exc
    coder_url = env.get("CODER_URL", "")
    coder_token = env.get("CODER_SESSION_TOKEN", "")
    if backend == "coder" and not (coder_url and coder_token):
        raise StartupError("the coder backend needs CODER_URL and CODER_SESSION_TOKEN")
    key = env.get("FLEET_INTERRUPT_KEY", "ctrl-c").lower()
    if key not in INTERRUPT_KEYS:
        raise StartupError(f"FLEET_INTERRUPT_KEY={key!r} is not one of ctrl-c, esc")
    state_dir = args.state_dir or env.get("FLEET_STATE_DIR")
    return FleetSettings(
        backend=backend,  # type: ignore[arg-type]
        fleet=fleet,
        home=Path(state_dir).expanduser().resolve() if state_dir else data_dir() / "fleet",
        database_url=resolve_database_url(
            args.database_url, env_var=DATABASE_ENV, filename="fleet.db", env=env
        ),
        metadata_timeout=_seconds(env, "FLEET_METADATA_TIMEOUT", 5.0),
        metadata_ttl=_seconds(env, "FLEET_METADATA_TTL", 10.0),
        watch_interval=_interval(env),
        workspace=Path(args.workspace).resolve() if args.workspace else here,
        coder_url=coder_url,
        coder_token=coder_token,
        coder_timeout=_seconds(env, "FLEET_CODER_TIMEOUT", 30.0),
        coder=CoderSettings(
            interrupt_key=INTERRUPT_KEYS[key],
            task_app_slug=env.get("FLEET_CODER_TASK_APP") or None,
            metadata_app_slug=env.get("FLEET_CODER_METADATA_APP") or "fleet",
            metadata_token=env.get("FLEET_METADATA_TOKEN") or None,
        ),
    )


def _local_parts() -> tuple[Any, Any, Any, Any]:
    from servers._common.sql import database_lifespan
    from servers.fleet.local._store import TABLES, FleetStore
    from servers.fleet.local.backend import LocalBackend

    return database_lifespan, TABLES, FleetStore, LocalBackend


@asynccontextmanager
async def open_backend(settings: FleetSettings) -> AsyncIterator[Backend]:
    """The backend the settings name, open for the server's lifetime."""
    if settings.backend == "coder":
        from servers.fleet.coder.backend import CoderBackend
        from servers.fleet.coder.client import CoderClient

        client = CoderClient(
            settings.coder_url, settings.coder_token, timeout=settings.coder_timeout
        )
        try:
            yield CoderBackend(client, settings.coder)
        finally:
            await client.aclose()
        return

    # SQLAlchemy loads in a worker thread: over stdio the handshake is answered meanwhile.
    database_lifespan, TABLES, FleetStore, LocalBackend = await anyio.to_thread.run_sync(
        _local_parts
    )
    async with database_lifespan(settings.database_url, tables=TABLES) as db:
        store = FleetStore(db)
        await anyio.to_thread.run_sync(store.upgrade)
        yield LocalBackend(
            settings.fleet,
            store,
            settings.home,
            TaskfileMetadata(timeout=settings.metadata_timeout),
        )
