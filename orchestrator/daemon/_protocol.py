"""What the thin client and the daemon agree on: where the socket is, who may use it, how a
message looks, and the fingerprints that tell a daemon it is out of date. Standard library only
(the client imports it, and nothing heavy).

Messages are JSON objects, one a line. The client's first one carries its stdin, stdout and
stderr as file descriptors (`SCM_RIGHTS`), so the daemon writes the answer, the progress
indicator and any question straight to the caller's own terminal or pipes.
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
import stat
import sys
from dataclasses import dataclass

__all__ = [
    "OFF",
    "SWITCH_VAR",
    "VERSION_VAR",
    "DaemonPaths",
    "code_version",
    "daemon_paths",
    "env_key",
    "file_prints",
    "read_message",
    "send_message",
]

SWITCH_VAR = "ORCHESTRATOR_DAEMON"
VERSION_VAR = "ORCHESTRATOR_DAEMON_VERSION"  # stands for the package's version (tests)
OFF = ("0", "false", "no", "off")
# Variables that change between two commands of the same shell without changing what a request
# means; every other one is part of the daemon's identity (keys, ${VAR}, PATH, ...).
_VOLATILE = frozenset({"_", "OLDPWD", "PWD", "SHLVL", "COLUMNS", "LINES", SWITCH_VAR, VERSION_VAR})
_MAX_SOCKET_PATH = 100  # sun_path is 104 (macOS) or 108 (Linux) bytes
_MAX_MESSAGE = 1 << 20


@dataclass(frozen=True)
class DaemonPaths:
    folder: str  # private to the user (0700)
    name: str  # one daemon per working directory and environment

    @property
    def socket(self) -> str:
        return os.path.join(self.folder, f"{self.name}.sock")

    @property
    def unready_socket(self) -> str:  # bound here, renamed to `socket` once it listens
        return os.path.join(self.folder, f"{self.name}.new")

    @property
    def lock(self) -> str:  # held while a client starts the daemon
        return os.path.join(self.folder, f"{self.name}.lock")

    @property
    def log(self) -> str:  # the daemon's own stderr
        return os.path.join(self.folder, f"{self.name}.log")

    @property
    def off(self) -> str:  # left by a daemon whose config turned it off
        return os.path.join(self.folder, f"{self.name}.off")


def runtime_folder() -> str | None:
    """`$XDG_RUNTIME_DIR/mcp-orchestrator`, else `/tmp/mcp-orchestrator-UID`: created 0700, and
    refused (None) unless it is a folder of this user's that nobody else may enter."""
    base = os.environ.get("XDG_RUNTIME_DIR")
    uid = os.getuid()
    if base and os.path.isdir(base):
        folder = os.path.join(base, "mcp-orchestrator")
    else:
        folder = os.path.join("/tmp", f"mcp-orchestrator-{uid}")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        info = os.lstat(folder)
    except OSError:
        return None
    if not _is_dir(info.st_mode) or info.st_uid != uid or info.st_mode & 0o077:
        return None
    return folder


def _is_dir(mode: int) -> bool:
    return stat.S_ISDIR(mode)


def env_key(environ: dict[str, str] | os._Environ[str], cwd: str) -> str:
    """The daemon's name for this working directory, environment and interpreter: a request
    from anywhere else goes to another daemon, so the caller's folder and variables always
    apply. A one-way hash: no value (a key) can be read back from it."""
    digest = hashlib.sha256()
    for part in (cwd, os.path.realpath(sys.executable)):
        digest.update(part.encode("utf-8", "surrogateescape") + b"\0")
    for name in sorted(environ):
        if name not in _VOLATILE:
            digest.update(f"{name}={environ[name]}".encode("utf-8", "surrogateescape") + b"\0")
    return digest.hexdigest()[:16]


def daemon_paths(environ: dict[str, str] | os._Environ[str], cwd: str) -> DaemonPaths | None:
    folder = runtime_folder()
    if folder is None:
        return None
    paths = DaemonPaths(folder, env_key(environ, cwd))
    if len(os.fsencode(paths.socket)) > _MAX_SOCKET_PATH:
        return None
    return paths


def code_version() -> str:
    """The code both sides run: `ORCHESTRATOR_DAEMON_VERSION` when set (tests), else a hash of
    the size and time of every source file of the package and the bundled servers, so an
    upgrade (or an edit of an editable install) makes the daemon restart."""
    if given := os.environ.get(VERSION_VAR):
        return given
    here = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))  # the package
    digest = hashlib.sha256()
    for root in (here, os.path.join(os.path.dirname(here), "servers")):
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith(".py"):
                    info = os.stat(os.path.join(folder, name))
                    digest.update(f"{folder}/{name}:{info.st_mtime_ns}:{info.st_size}".encode())
    return digest.hexdigest()[:16]


def file_prints(paths: list[str]) -> list[list[object]]:
    """Each file's identity and content stamp (None when absent): a change means an edit."""
    found: list[list[object]] = []
    for path in paths:
        try:
            info = os.stat(path)
        except OSError:
            found.append([path, None])
        else:
            found.append([path, [info.st_ino, info.st_mtime_ns, info.st_size]])
    return found


def send_message(
    sock: socket.socket, message: dict[str, object], fds: tuple[int, ...] = ()
) -> None:
    data = json.dumps(message, separators=(",", ":")).encode() + b"\n"
    if fds:
        sent = socket.send_fds(sock, [data], list(fds))
        data = data[sent:]
    if data:
        sock.sendall(data)


def read_message(sock: socket.socket, buffer: bytearray) -> dict[str, object] | None:
    """The next message from a blocking socket (None when it closed first)."""
    while b"\n" not in buffer:
        chunk = sock.recv(65536)
        if not chunk:
            return None
        buffer += chunk
        if len(buffer) > _MAX_MESSAGE:
            raise ValueError("orchestrator daemon: message too long")
    line, _, rest = bytes(buffer).partition(b"\n")
    buffer[:] = rest
    value = json.loads(line)
    if not isinstance(value, dict):
        raise ValueError("orchestrator daemon: a message is a JSON object")
    return value
