"""Retries for provider calls: transient failures (429, 5xx, dropped connections, timeouts) are
retried with exponential backoff and jitter (tenacity), honouring a `Retry-After` header; anything
else, or the last failure, becomes a `ProviderError` whose message names the provider, the model
and the HTTP status, and never carries a key: anything shaped like one is redacted, and so is
every string passed as `secrets` (the provider's own key, whatever its shape).

Each provider's SDK is told not to retry on its own (`max_retries=0`), so the policy is one and
visible here. Exceptions are classified by shape, not by class, so this module imports no SDK:
OpenAI's and Anthropic's errors carry `status_code`, google-genai's carry `code`; connection and
timeout errors are recognised by their class names (the SDKs' own, and the HTTP client's they
were raised from).

Each request has `RetryPolicy.timeout` to be answered (the SDK clients are made with it). A
provider that took the request and said nothing for that long (a read timeout) is not asked
again: another wait as long would only double the user's, so the error comes at once, naming the
provider, the seconds and how to give it longer. A connection that could not be made in time is
retried like any dropped one.

A stream (`stream_with_retries`) is retried the same way for as long as none of the answer has
been given to the caller; after that a failure is final, and its message says why it was not
retried. What the reply itself shows to be wrong (a stream that ends before its vendor's end
marker, an error event in it, a body that is not JSON) is a `ReplyError`, said as it is.

No SDK exception is chained to the `ProviderError` (neither `__cause__` nor `__context__`): its
text may hold the key, echoed by the provider ("Incorrect API key provided: sk-..."), and a
`logger.exception` prints the whole chain. The error keeps the HTTP `status`, and the id the
provider gave its answer (`request_id_of`), which its message ends with: what the provider's
support asks for.
"""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

from orchestrator.errors import ProviderError
from orchestrator.options import ProviderTimeout

if TYPE_CHECKING:
    from tenacity import RetryCallState

__all__ = [
    "CONNECT_TIMEOUT",
    "INCOMPLETE",
    "ReplyError",
    "RetryPolicy",
    "call_with_retries",
    "describe",
    "is_transient",
    "is_unanswered",
    "redact",
    "request_id_of",
    "status_of",
    "stream_with_retries",
    "unreadable",
]

logger = logging.getLogger("orchestrator.providers")

T = TypeVar("T")
E = TypeVar("E")

TRANSIENT_STATUSES = frozenset({408, 409, 425, 429, 500, 502, 503, 504, 529})
# Class names, across the SDKs and httpx2 (google-genai lets `httpx2.ConnectError` through).
_TRANSIENT_NAMES = ("Connection", "ConnectError", "NetworkError", "Timeout", "RemoteProtocol")
_UNANSWERED_NAMES = ("ReadTimeout", "WriteTimeout")  # the HTTP client's: sent, and no answer
CONNECT_TIMEOUT = 10.0  # an address that does not answer at all should not take the whole timeout
_MIN_SECRET = 8  # shorter "keys" (a placeholder for a keyless endpoint) would garble messages
_SECRET_LIKE = re.compile(r"(?i)(sk-[A-Za-z0-9_\-]{6,}|AIza[0-9A-Za-z_\-]{6,}|bearer\s+\S+)")
INCOMPLETE = "the stream ended before the answer was complete"
_SHOWN = " (not asked again: part of the answer had already been given)"


class ReplyError(Exception):
    """What the provider's reply itself shows to be wrong: a stream cut short (`INCOMPLETE`), an
    error event in it, a body that is not JSON. `str()` is the reason, said as it is;
    `transient` when asking again may help (an `overloaded_error` event)."""

    def __init__(self, reason: str, *, transient: bool = False) -> None:
        super().__init__(reason)
        self.transient = transient


def unreadable(base_url: object, content_type: str | None, what: str = "JSON") -> ReplyError:
    """The error for a body that is not `what` (JSON; server-sent events for a stream), naming
    the endpoint (`endpoint_of`) and the content type it came as."""
    said = f" ({content_type})" if content_type else ""
    return ReplyError(f"the endpoint at {endpoint_of(base_url)} did not answer with {what}{said}")


def endpoint_of(url: object) -> str:
    """A base URL as it may be shown: without credentials, query or fragment."""
    parts = urlsplit(str(url))
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit((parts.scheme, host, parts.path.rstrip("/"), "", ""))


@dataclass(frozen=True)
class RetryPolicy:
    """How hard to try: `attempts` comes from the `provider_attempts` setting (config key,
    `--provider-attempts`, `ORCHESTRATOR_PROVIDER_ATTEMPTS`), `timeout` from the provider's
    (`RunOptions.provider_timeout_for`; see `orchestrator.options`)."""

    attempts: int = 4
    timeout: ProviderTimeout = field(default_factory=ProviderTimeout)
    initial_wait: float = 0.5
    max_wait: float = 8.0
    max_retry_after: float = 60.0  # a longer `Retry-After` is not waited for: the call fails


def status_of(exc: BaseException) -> int | None:
    """The HTTP status an SDK error carries, if any."""
    for attr in ("status_code", "code", "status"):
        value = getattr(exc, attr, None)
        if isinstance(value, int) and 100 <= value <= 599:
            return value
    return None


_REQUEST_ID_HEADERS = ("x-request-id", "request-id", "x-goog-request-id")
_REQUEST_ID = re.compile(r"[\w.:/+=-]{1,128}")


def request_id_of(exc: BaseException) -> str | None:
    """The id the provider gave the answer an SDK error was raised for, if it gave one: the
    SDK's own ``request_id`` (OpenAI, Anthropic), else a request-id header of the response.
    Only an id-shaped value: a header is the provider's text, and the id goes into a message."""
    value = getattr(exc, "request_id", None)
    if not isinstance(value, str):
        headers = getattr(getattr(exc, "response", None), "headers", None)
        value = None
        if headers is not None:
            try:
                value = next((v for name in _REQUEST_ID_HEADERS if (v := headers.get(name))), None)
            except (AttributeError, TypeError):
                value = None
    if isinstance(value, str) and _REQUEST_ID.fullmatch(value):
        return value
    return None


def is_transient(exc: BaseException) -> bool:
    if isinstance(exc, ReplyError):
        return exc.transient
    status = status_of(exc)
    if status is not None:
        return status in TRANSIENT_STATUSES
    names = [cls.__name__ for cls in type(exc).__mro__]
    return any(part in name for name in names for part in _TRANSIENT_NAMES)


def is_unanswered(exc: BaseException) -> bool:
    """The request was sent and the provider said nothing within the timeout (a read or write
    timeout of the HTTP client, which the SDKs raise their own timeout error from)."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if any(cls.__name__ in _UNANSWERED_NAMES for cls in type(current).__mro__):
            return True
        current = current.__cause__ or current.__context__
    return False


def _retry_after(exc: BaseException) -> float | None:
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None)
    if headers is None:
        return None
    try:
        value = headers.get("retry-after")
        return float(value) if value is not None else None
    except (TypeError, ValueError):
        return None


def _parts_of(secret: str) -> re.Pattern[str]:
    """Any run of `_MIN_SECRET` or more characters that begins or ends `secret` (a provider may
    echo part of the key: "Key prefix sk-test-OPEN"), the longest first."""
    sizes = range(len(secret), _MIN_SECRET - 1, -1)
    runs = sorted({secret[:n] for n in sizes} | {secret[-n:] for n in sizes}, key=len, reverse=True)
    return re.compile("|".join(re.escape(run) for run in runs))


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    """Remove the given secrets (whole, or any run of 8 or more characters that begins or ends
    one), and anything shaped like an API key or a bearer token."""
    for secret in sorted(secrets, key=len, reverse=True):
        if len(secret) >= _MIN_SECRET:
            text = _parts_of(secret).sub("[redacted]", text)
    return _SECRET_LIKE.sub("[redacted]", text)


def describe(
    exc: BaseException,
    provider: str,
    model: str | None,
    secrets: Iterable[str] = (),
    policy: RetryPolicy | None = None,
) -> str:
    target = f"{provider} ({model})" if model else provider
    if policy is not None and is_unanswered(exc):
        timeout = policy.timeout
        return f"{target} did not answer within {timeout.seconds:g}s ({timeout.raise_with})"
    if isinstance(exc, ReplyError):
        return f"{target} failed: {redact(str(exc), secrets)[:300]}"
    status = status_of(exc)
    what = f"HTTP {status}" if status is not None else type(exc).__name__
    detail = redact(str(exc).strip().splitlines()[0] if str(exc).strip() else "", secrets)
    request_id = request_id_of(exc)
    said = f" (request id {redact(request_id, secrets)})" if request_id else ""
    return f"{target} failed: {what}" + (f": {detail[:300]}" if detail else "") + said


async def call_with_retries(
    call: Callable[[], Awaitable[T]],
    *,
    provider: str,
    model: str | None,
    policy: RetryPolicy | None = None,
    secrets: Iterable[str] = (),
) -> T:
    """Run `call`, retrying transient failures; raise `ProviderError` when it cannot succeed.

    `secrets` (the provider's key) never appear in a log line or in the error's message.
    """
    from tenacity import (  # here: the offline path never needs it
        AsyncRetrying,
        retry_if_exception,
        stop_after_attempt,
        wait_random_exponential,
    )

    policy = policy or RetryPolicy()
    secrets = tuple(secrets)
    base_wait = wait_random_exponential(multiplier=policy.initial_wait, max=policy.max_wait)

    def wait(state: RetryCallState) -> float:
        outcome = state.outcome
        exc = outcome.exception() if outcome is not None else None
        hinted = _retry_after(exc) if exc is not None else None
        if hinted is not None:
            return max(hinted, 0.0)
        return float(base_wait(state))

    def worth_retrying(exc: BaseException) -> bool:
        hinted = _retry_after(exc)
        if is_unanswered(exc):
            return False
        return is_transient(exc) and (hinted is None or hinted <= policy.max_retry_after)

    def log_retry(state: RetryCallState) -> None:
        outcome = state.outcome
        exc = outcome.exception() if outcome is not None else None
        if exc is not None:
            logger.info(
                "%s; retry %d of %d",
                describe(exc, provider, model, secrets, policy),
                state.attempt_number,
                policy.attempts - 1,
            )

    retrying = AsyncRetrying(
        retry=retry_if_exception(worth_retrying),
        stop=stop_after_attempt(policy.attempts),
        wait=wait,
        before_sleep=log_retry,
        reraise=True,
    )
    try:
        result: Any = await retrying(call)
    except ProviderError:
        raise
    except Exception as exc:
        attempts = retrying.statistics.get("attempt_number", 1)
        suffix = f" (after {attempts} attempts)" if is_transient(exc) and attempts > 1 else ""
        hinted = _retry_after(exc)
        if is_transient(exc) and hinted is not None and hinted > policy.max_retry_after:
            suffix = f" (the provider asks to retry after {hinted:g}s; try again later)"
        error = _failure(exc, provider, model, secrets, policy, suffix)
    else:
        return result
    raise error  # out of the `except`: no `__context__` either (see the module's text)


def _failure(
    exc: BaseException,
    provider: str,
    model: str | None,
    secrets: Iterable[str],
    policy: RetryPolicy,
    suffix: str = "",
) -> ProviderError:
    """The error for `exc`, to be raised with no chain (raised outside the `except`)."""
    return ProviderError(
        describe(exc, provider, model, secrets, policy) + suffix,
        status=status_of(exc),
        request_id=request_id_of(exc),
    )


async def stream_with_retries(
    attempt: Callable[[], AsyncIterator[E]],
    *,
    shown: Callable[[E], bool],
    provider: str,
    model: str | None,
    policy: RetryPolicy | None = None,
    secrets: Iterable[str] = (),
) -> AsyncIterator[E]:
    """The events of one streamed request (`attempt()` makes the request and yields its
    events), retried as `call_with_retries` retries a call for as long as no event for which
    `shown` is true has been read; from then on a failure is a `ProviderError` at once, saying
    that the answer was under way."""
    policy = policy or RetryPolicy()
    secrets = tuple(secrets)

    async def opened() -> tuple[list[E], AsyncIterator[E]]:
        events = attempt()
        head: list[E] = []
        try:
            async for event in events:
                head.append(event)
                if shown(event):
                    break
        except BaseException:
            await _aclose(events)
            raise
        return head, events

    head, events = await call_with_retries(
        opened, provider=provider, model=model, policy=policy, secrets=secrets
    )
    try:
        for event in head:
            yield event
        try:
            async for event in events:
                yield event
        except ProviderError:
            raise
        except Exception as exc:
            error = _failure(exc, provider, model, secrets, policy, _SHOWN)
        else:
            return
    finally:
        await _aclose(events)
    raise error  # out of the `except`: no `__context__` either


async def _aclose(events: AsyncIterator[Any]) -> None:
    close = getattr(events, "aclose", None)
    if close is not None:
        await close()
