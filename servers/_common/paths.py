"""Where the bundled servers keep their files: the per-user data folder."""

from __future__ import annotations

import os
import sys
from pathlib import Path

__all__ = ["APP_DIR_NAME", "data_dir"]

APP_DIR_NAME = "mcp-orchestrator"


def data_dir() -> Path:
    """The per-user data folder: ``$XDG_DATA_HOME/mcp-orchestrator`` or the platform's own."""
    if xdg := os.environ.get("XDG_DATA_HOME"):
        return Path(xdg) / APP_DIR_NAME
    home = Path.home()
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / APP_DIR_NAME
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA", home / "AppData" / "Local")) / APP_DIR_NAME
    return home / ".local" / "share" / APP_DIR_NAME
