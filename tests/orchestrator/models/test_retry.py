"""The shared retry policy for provider calls (`orchestrator.models.retry`)."""

from __future__ import annotations

import traceback

import pytest

from orchestrator.config import OrchestratorSettings
from orchestrator.errors import ProviderError, UsageError
from orchestrator.models.retry import RetryPolicy, call_with_retries, is_transient, redact
from orchestrator.options import RunOptions

FAST = RetryPolicy(attempts=3, initial_wait=0.001, max_wait=0.01)


class StatusError(Exception):
    def __init__(self, status_code: int, message: str) -> None:
        super().__init__(message)
        self.status_code = status_code


class APIConnectionError(Exception):
    pass


class Response:
    def __init__(self, headers: dict[str, str]) -> None:
        self.headers = headers


class RateLimited(StatusError):
    def __init__(self, retry_after: str) -> None:
        super().__init__(429, "rate limited")
        self.response = Response({"retry-after": retry_after})


def flaky(failures: list[Exception], value: str = "ok"):  # type: ignore[no-untyped-def]
    calls: list[int] = []

    async def call() -> str:
        calls.append(1)
        if failures:
            raise failures.pop(0)
        return value

    return call, calls


@pytest.mark.parametrize("status", [429, 500, 503, 529])
async def test_a_transient_status_is_retried_then_succeeds(status: int) -> None:
    call, calls = flaky([StatusError(status, "busy"), StatusError(status, "busy")])
    assert await call_with_retries(call, provider="openai", model="m", policy=FAST) == "ok"
    assert len(calls) == 3


async def test_a_dropped_connection_is_retried() -> None:
    call, calls = flaky([APIConnectionError("reset")])
    assert await call_with_retries(call, provider="openai", model="m", policy=FAST) == "ok"
    assert len(calls) == 2


async def test_persistent_429_ends_in_a_clear_error_after_every_attempt() -> None:
    call, calls = flaky([StatusError(429, "rate limited")] * 5)
    with pytest.raises(ProviderError) as caught:
        await call_with_retries(call, provider="anthropic", model="claude-x", policy=FAST)
    assert len(calls) == 3
    assert str(caught.value) == (
        "anthropic (claude-x) failed: HTTP 429: rate limited (after 3 attempts)"
    )


async def test_a_client_error_is_not_retried_and_keys_are_redacted() -> None:
    call, calls = flaky([StatusError(401, "Incorrect API key provided: sk-proj-abcdef123456")])
    with pytest.raises(ProviderError) as caught:
        await call_with_retries(call, provider="openai", model=None, policy=FAST)
    assert len(calls) == 1
    assert "sk-proj" not in str(caught.value)
    assert str(caught.value) == "openai failed: HTTP 401: Incorrect API key provided: [redacted]"


async def test_a_real_httpx2_connect_failure_is_retried() -> None:
    """google-genai lets the transport's own error through: `httpx2.ConnectError`."""
    import httpx2

    call, calls = flaky([httpx2.ConnectError("refused")])
    assert await call_with_retries(call, provider="gemini", model="m", policy=FAST) == "ok"
    assert len(calls) == 2
    assert not is_transient(httpx2.UnsupportedProtocol("no scheme"))


async def test_retry_after_is_waited_for_but_not_when_too_long() -> None:
    call, calls = flaky([RateLimited("0.05")])
    assert await call_with_retries(call, provider="openai", model="m", policy=FAST) == "ok"
    assert len(calls) == 2
    call, calls = flaky([RateLimited("3600")])
    with pytest.raises(ProviderError) as caught:
        await call_with_retries(call, provider="openai", model="m", policy=FAST)
    assert len(calls) == 1
    assert str(caught.value).endswith("(the provider asks to retry after 3600s; try again later)")


async def test_a_short_placeholder_key_does_not_garble_the_message() -> None:
    call, _ = flaky([StatusError(404, "The model does not exist")])
    with pytest.raises(ProviderError) as caught:
        await call_with_retries(call, provider="x", model=None, policy=FAST, secrets=["e"])
    assert str(caught.value) == "x failed: HTTP 404: The model does not exist"


@pytest.mark.parametrize("raw", ["0", "three", "-1"])
def test_a_bad_attempts_setting_is_a_clear_error(raw: str) -> None:
    with pytest.raises(UsageError) as caught:
        RunOptions.resolve(OrchestratorSettings(), env={"ORCHESTRATOR_PROVIDER_ATTEMPTS": raw})
    assert str(caught.value) == (
        f"ORCHESTRATOR_PROVIDER_ATTEMPTS must be a whole number of at least 1, got {raw!r}"
    )


def test_attempts_come_from_the_flag_then_the_environment_then_the_config() -> None:
    config = OrchestratorSettings(provider_attempts=3, early_start=False)
    env = {"ORCHESTRATOR_PROVIDER_ATTEMPTS": "2", "ORCHESTRATOR_EARLY_START": "1"}
    assert RunOptions.resolve(OrchestratorSettings(), env={}) == RunOptions(True, 4)
    assert RunOptions.resolve(config, env={}) == RunOptions(False, 3)
    assert RunOptions.resolve(config, env=env) == RunOptions(True, 2)
    flags = RunOptions.resolve(config, env=env, provider_attempts=5, early_start=False)
    assert flags == RunOptions(False, 5)


def test_classification() -> None:
    assert is_transient(StatusError(500, ""))
    assert not is_transient(StatusError(400, ""))
    assert not is_transient(ValueError("bad"))
    assert is_transient(TimeoutError())


@pytest.mark.parametrize(
    ("said", "shown"),
    [
        ("Key prefix compat-GENER.", "Key prefix [redacted]."),
        ("ends in ECRET-4444", "ends in [redacted]"),
        ("whole: compat-GENERICSECRET-4444!", "whole: [redacted]!"),
        ("too short to tell: compat-", "too short to tell: compat-"),
    ],
)
def test_a_part_of_a_key_that_begins_or_ends_it_is_redacted(said: str, shown: str) -> None:
    assert redact(said, ["compat-GENERICSECRET-4444"]) == shown


async def test_the_error_chains_no_sdk_exception_so_a_traceback_shows_no_key() -> None:
    key = "custom-endpoint-key-0123456789"
    call, _ = flaky([StatusError(401, f"Incorrect API key provided: {key}")])
    with pytest.raises(ProviderError) as caught:
        await call_with_retries(call, provider="x", model="m", policy=FAST, secrets=[key])
    assert caught.value.__cause__ is None and caught.value.__context__ is None
    assert caught.value.status == 401
    printed = "".join(traceback.format_exception(caught.value))
    assert "HTTP 401" in printed and key[:8] not in printed
