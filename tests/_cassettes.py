"""vcrpy cassettes of model vendors' exchanges, as pytest-recording runs them.

By default (``--record-mode`` unset, i.e. ``none``) a test replays its cassette with the network
blocked, through the vendor's real SDK: a request the cassette does not hold fails the test.
With ``--record-mode=once`` (or ``rewrite``) a test records instead:

- with a real key for that vendor in the environment (``OPENAI_API_KEY=sk-… pytest …``), against
  the real API (or the endpoint its base-URL variable names);
- without one, against the loopback fake speaking the vendor's wire format
  (``orchestrator.testing.vendors``): that is how the committed cassettes were made.

Requests match on method, endpoint, query and body, not on host, port or the base URL's prefix
(``endpoint``: the path from its ``/v1``, ``/v1beta`` or ``/api`` on, so DashScope's
``/compatible-mode/v1/chat/completions`` is the fake's ``/v1/chat/completions``), so a cassette
recorded from the fake or from the real API replays the same way. The conftests that use
cassettes register that matcher (``pytest_recording_configure``). Keys never reach a cassette: the
headers that carry them are replaced, and every key value (real or canary) is scrubbed from
request and response bodies before anything is written.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests._vendors import VENDORS, Scripted, Vendor

__all__ = [
    "KEY_HEADERS",
    "REAL_ENVIRONMENT",
    "Target",
    "assert_key_free",
    "cassette_target",
    "pytest_recording_configure",
    "vcr_settings",
]

KEY_HEADERS = ("authorization", "x-api-key", "x-goog-api-key", "api-key")
_ENDPOINT_VARS = (
    "OPENAI_BASE_URL",
    "ANTHROPIC_BASE_URL",
    "GEMINI_BASE_URL",
    "DEEPSEEK_BASE_URL",
    "DASHSCOPE_BASE_URL",
    "OPENAI_COMPATIBLE_BASE_URL",
    "OPENAI_COMPATIBLE_MODEL",
    "OLLAMA_HOST",
)
# Read when the tests are collected, before any fixture cleans the environment: the keys and
# endpoints to record against.
REAL_ENVIRONMENT: dict[str, str] = {
    var: os.environ[var]
    for var in (*(v.key_var for v in VENDORS.values()), *_ENDPOINT_VARS)
    if os.environ.get(var)
}
_REAL_KEYS = [
    REAL_ENVIRONMENT[v.key_var] for v in VENDORS.values() if v.key_var in REAL_ENVIRONMENT
]
_REPLAY_ENDPOINTS = {  # where a replayed request pretends to go (never reached)
    "openai-compatible": {
        "OPENAI_COMPATIBLE_BASE_URL": "https://llm.example.invalid/v1",
        "OPENAI_COMPATIBLE_MODEL": "qwen2.5-7b-instruct",
    },
}


_ENDPOINT = re.compile(r"/(v1beta|v1|api)/.*$")


def _endpoint(path: str) -> str:
    found = _ENDPOINT.search(path)
    return found.group(0) if found else path


def _same_endpoint(recorded: Any, replayed: Any) -> None:
    if _endpoint(recorded.path) != _endpoint(replayed.path):
        raise AssertionError(f"{recorded.path} is not {replayed.path}")


def pytest_recording_configure(config: pytest.Config, vcr: Any) -> None:
    """The pytest-recording hook (a conftest imports it): registers the ``endpoint`` matcher."""
    vcr.register_matcher("endpoint", _same_endpoint)


def vcr_settings(secrets: Iterable[str]) -> dict[str, Any]:
    """pytest-recording's ``vcr_config``: keys filtered out, matching that ignores the host."""
    values = [s for s in {*secrets, *_REAL_KEYS} if len(s) >= 8]

    def scrub(data: Any) -> Any:
        if isinstance(data, bytes):
            text = data.decode("utf-8", errors="surrogateescape")
            return scrub(text).encode("utf-8", errors="surrogateescape")
        if isinstance(data, str):
            for value in values:
                data = data.replace(value, "REDACTED")
        return data

    def before_request(request: Any) -> Any:
        request.body = scrub(request.body)
        return request

    def before_response(response: dict[str, Any]) -> dict[str, Any]:
        body = response.get("body") or {}
        if "string" in body:
            body["string"] = scrub(body["string"])
        headers = response.get("headers") or {}
        for name in list(headers):
            if name.lower() in ("set-cookie", "openai-organization", "openai-project"):
                del headers[name]
        return response

    return {
        "filter_headers": [(name, "REDACTED") for name in KEY_HEADERS],
        "filter_query_parameters": [("key", "REDACTED")],
        "match_on": ["method", "endpoint", "query", "body"],
        "before_record_request": before_request,
        "before_record_response": before_response,
        "decode_compressed_response": True,
    }


@dataclass
class Target:
    """Where this run's requests go ("replay", "real" or "fake") and the settings pointing
    the provider there (also set in the process's environment)."""

    mode: str
    env: dict[str, str] = field(default_factory=dict)


@contextmanager
def cassette_target(
    vendor: Vendor,
    record_mode: str,
    monkeypatch: pytest.MonkeyPatch,
    replies: list[Scripted],
    *,
    key: str,
    real_key: bool = True,
    probe: bool = True,
) -> Iterator[Target]:
    """Point the vendor's provider where this run's requests go. ``key`` is the key used unless
    a real one records (``real_key=False`` keeps ``key`` even then: a scenario that needs a
    wrong key). ``probe=False``: no request probes the vendor first (the agents server probes
    Ollama before each request; a provider does not)."""
    target = Target("replay", {var: "" for var in _ENDPOINT_VARS})
    target.env[vendor.key_var] = key
    if record_mode == "none":
        target.env.update(_REPLAY_ENDPOINTS.get(vendor.provider, {}))
        with _applied(target, monkeypatch):
            yield target
    elif vendor.key_var in REAL_ENVIRONMENT:
        target.mode = "real"
        target.env.update({k: v for k, v in REAL_ENVIRONMENT.items() if k in _ENDPOINT_VARS})
        if real_key:
            target.env[vendor.key_var] = REAL_ENVIRONMENT[vendor.key_var]
        with _applied(target, monkeypatch):
            yield target
    else:
        with vendor.make() as fake:
            fake.reply(*vendor.script(*replies, probe=probe))
            target.mode = "fake"
            target.env.update(vendor.env(fake))
            with _applied(target, monkeypatch):
                yield target


@contextmanager
def _applied(target: Target, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for var, value in target.env.items():
        if value:
            monkeypatch.setenv(var, value)
        else:
            monkeypatch.delenv(var, raising=False)
    yield


def assert_key_free(folder: Path, secrets: Iterable[str]) -> int:
    """Check every cassette under ``folder``: no key value, no key header left; the count."""
    found = sorted(folder.rglob("*.yaml"))
    for path in found:
        text = path.read_text()
        for secret in secrets:
            assert secret not in text, f"{path.name} holds a key"
        for value in _REAL_KEYS:
            assert len(value) < 8 or value not in text, f"{path.name} holds a real key"
    return len(found)
