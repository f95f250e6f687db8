"""`OLLAMA_HOST` read the way Ollama itself reads it (its `envconfig.Host`).

Standard library only, so the registry can probe Ollama without importing any SDK:

- unset or empty: `http://127.0.0.1:11434`;
- `host`, `host:port`, `[::1]:port` (no scheme): http, port 11434 unless given;
- `http://host` / `https://host`: port 80 / 443 unless given;
- a path after the host (a reverse proxy's prefix) is kept.
"""

from __future__ import annotations

__all__ = ["DEFAULT_OLLAMA_HOST", "ollama_root_url"]

DEFAULT_OLLAMA_HOST = "http://127.0.0.1:11434"
_DEFAULT_PORT = 11434


def _split_host_port(hostport: str, default_port: int) -> tuple[str, int]:
    if hostport.startswith("["):  # [v6]:port or [v6]
        host, _, rest = hostport[1:].partition("]")
        port = rest.removeprefix(":")
    elif hostport.count(":") == 1:
        host, _, port = hostport.partition(":")
    else:  # a bare name, or a bare IPv6 address
        host, port = hostport, ""
    if not port.isdigit() or not 0 < int(port) <= 65535:
        return host or "127.0.0.1", default_port
    return host or "127.0.0.1", int(port)


def ollama_root_url(value: str | None) -> str:
    """The server's root URL (no trailing slash) for an `OLLAMA_HOST` value."""
    text = (value or "").strip()
    if not text:
        return DEFAULT_OLLAMA_HOST
    scheme, sep, rest = text.partition("://")
    default_port = _DEFAULT_PORT
    if not sep:
        scheme, rest = "http", text
        if text == "ollama.com":
            scheme, rest = "https", "ollama.com:443"
    elif scheme == "http":
        default_port = 80
    elif scheme == "https":
        default_port = 443
    hostport, _, path = rest.partition("/")
    host, port = _split_host_port(hostport, default_port)
    if ":" in host:
        host = f"[{host}]"
    path = path.strip("/")
    return f"{scheme}://{host}:{port}" + (f"/{path}" if path else "")
