"""The orchestrator's per-user folders, each `mcp-orchestrator` under the platform's own.

- config: `$XDG_CONFIG_HOME`, else `~/.config` (macOS `~/Library/Application Support`,
  Windows `%APPDATA%`);
- cache: `$XDG_CACHE_HOME`, else `~/.cache` (macOS `~/Library/Caches`, Windows
  `%LOCALAPPDATA%\\mcp-orchestrator\\Cache`);
- state: `$XDG_STATE_HOME`, else `~/.local/state` (macOS `~/Library/Application Support`,
  Windows `%LOCALAPPDATA%`).

(The bundled servers keep their data in the data folder: `servers._common.paths.data_dir`.)
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Literal

__all__ = ["APP_DIR_NAME", "user_dir"]

APP_DIR_NAME = "mcp-orchestrator"

_XDG = {"config": ("XDG_CONFIG_HOME", ".config"), "cache": ("XDG_CACHE_HOME", ".cache"),
        "state": ("XDG_STATE_HOME", ".local/state")}  # fmt: skip


def user_dir(kind: Literal["config", "cache", "state"]) -> Path:
    """The per-user folder of that kind (see the module docstring); not created here."""
    variable, fallback = _XDG[kind]
    if xdg := os.environ.get(variable):
        return Path(xdg) / APP_DIR_NAME
    home = Path.home()
    if sys.platform == "darwin":
        folder = "Caches" if kind == "cache" else "Application Support"
        return home / "Library" / folder / APP_DIR_NAME
    if sys.platform == "win32":
        if kind == "config":
            return Path(os.environ.get("APPDATA", str(home / "AppData" / "Roaming"))) / APP_DIR_NAME
        local = Path(os.environ.get("LOCALAPPDATA", str(home / "AppData" / "Local")))
        return local / APP_DIR_NAME / ("Cache" if kind == "cache" else "")
    return home / fallback / APP_DIR_NAME
