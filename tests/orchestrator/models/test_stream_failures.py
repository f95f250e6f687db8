"""Replies that go wrong, through each vendor's real SDK against its loopback fake: a stream cut
short, lost, stalled or unreadable mid-answer; a stream refused before its first word (asked
again, as a request is); Anthropic's `error` event; a body that is not JSON; and a key echoed by
the provider, which must reach no log through the error's chain."""

from __future__ import annotations

import io
import logging
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import anyio
import pytest

from orchestrator.errors import ProviderError
from orchestrator.messages import UserMessage
from orchestrator.models import Model, ModelRequest, ModelResponse, StreamingModel, TextDelta
from orchestrator.models.retry import RetryPolicy
from orchestrator.options import ProviderTimeout
from orchestrator.registry import get_provider
from orchestrator.testing.vendors import FakeVendor, Reply, gemini
from orchestrator.testing.vendors import anthropic as claude
from orchestrator.testing.vendors import openai as chat

KEYS = {
    "openai": "sk-test-OPENAISECRET123",
    "anthropic": "sk-ant-ANTHSECRET456",
    "gemini": "AIzaGEMSECRET789xyz",
    "openai-compatible": "compat-GENERICSECRET-4444",
}
MODELS = {
    "openai": "gpt-4.1-mini",
    "anthropic": claude.MODEL,
    "gemini": gemini.MODEL,
    "openai-compatible": "qwen2.5",
}
VENDORS = ["openai", "anthropic", "gemini"]
FAST = RetryPolicy(
    attempts=3, initial_wait=0.001, max_wait=0.01, timeout=ProviderTimeout(0.5, "set by the test")
)
SHOWN = " (not asked again: part of the answer had already been given)"
INCOMPLETE = "the stream ended before the answer was complete"


@contextmanager
def provider(name: str, *, base_suffix: str = "") -> Iterator[tuple[FakeVendor[Any], Model]]:
    """The fake for `name` and a model of the provider pointed at it (its real SDK)."""
    fake: FakeVendor[Any]
    if name in ("openai", "openai-compatible"):
        fake = chat.FakeOpenAI()
    elif name == "anthropic":
        fake = claude.fake_anthropic()
    else:
        fake = gemini.fake_gemini()
    with fake:
        base = fake.url + ("/v1" if "openai" in name else "") + base_suffix
        env = {
            "openai": {"OPENAI_API_KEY": KEYS[name], "OPENAI_BASE_URL": base},
            "anthropic": {"ANTHROPIC_API_KEY": KEYS[name], "ANTHROPIC_BASE_URL": base},
            "gemini": {"GEMINI_API_KEY": KEYS[name], "GEMINI_BASE_URL": base},
            "openai-compatible": {
                "OPENAI_COMPATIBLE_API_KEY": KEYS[name],
                "OPENAI_COMPATIBLE_BASE_URL": base,
            },
        }[name]
        yield fake, get_provider(name, env).model(MODELS[name], FAST)


def text_events(name: str) -> list[Any]:
    """The events of a whole streamed answer, "Hello world", in two pieces."""
    if name == "openai":
        record = chat.Recorded("POST", "/v1/chat/completions", {}, {"model": MODELS[name]})
        events = chat.stream_text("Hello", " world")(record).events
    elif name == "anthropic":
        events = claude.stream_message("Hello", " world").events
    else:
        events = gemini.stream_content("Hello", " world").events
    assert events is not None
    return events


def first_word(name: str) -> list[Any]:
    """The events of the same answer up to its first word, and no further."""
    return text_events(name)[: {"openai": 2, "anthropic": 3, "gemini": 1}[name]]


def cut_short(name: str) -> list[Any]:
    """The whole answer's words without the vendor's end marker (no finish_reason nor
    [DONE]; no message_delta nor message_stop; no finishReason)."""
    return text_events(name)[: {"openai": 3, "anthropic": 5, "gemini": 1}[name]]


def failure(name: str, status: int, message: str, headers: dict[str, str] | None = None) -> Any:
    if name == "openai":
        return chat.error(status, message, headers=headers)
    if name == "anthropic":
        return claude.error(status, message, headers)
    return gemini.error(status, message, headers)


async def streamed(model: Model, into: list[str] | None = None) -> ModelResponse:
    """Stream one request, as `on_text` would: the words into `into`, then the reply."""
    assert isinstance(model, StreamingModel)
    request = ModelRequest("Be brief.", [UserMessage("hello")])
    into = [] if into is None else into
    with anyio.fail_after(30):
        async for event in model.stream(request):
            if isinstance(event, TextDelta):
                into.append(event.text)
            else:
                return event
    raise AssertionError("the stream gave no reply")


def target(name: str) -> str:
    return f"{name} ({MODELS[name]})"


# H2: an unfinished stream is an error, never half an answer


@pytest.mark.parametrize("name", VENDORS)
async def test_a_stream_without_its_end_marker_is_an_error_not_half_an_answer(name: str) -> None:
    with provider(name) as (fake, model):
        fake.reply(Reply(events=cut_short(name)))
        words: list[str] = []
        with pytest.raises(ProviderError) as caught:
            await streamed(model, words)
    assert str(caught.value) == f"{target(name)} failed: {INCOMPLETE}{SHOWN}"
    assert "".join(words) in ("Hello world", "Hello")  # shown as it came, then the error
    assert len(fake.routed) == 1


def _openai_tool_call_named_only() -> list[Any]:
    base = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1}
    call = {"index": 0, "id": "call_1", "type": "function"}
    call["function"] = {"name": "list_todos", "arguments": ""}
    delta = {"role": "assistant", "tool_calls": [call]}
    return [{**base, "model": MODELS["openai"], "choices": [{"index": 0, "delta": delta}]}]


@pytest.mark.parametrize("name", ["openai", "anthropic"])
async def test_a_tool_call_whose_arguments_never_came_is_an_error(name: str) -> None:
    if name == "openai":
        events = _openai_tool_call_named_only()
    else:
        whole = claude.stream_message(claude.tool_use("toolu_1", "list_todos", {"limit": 1}))
        assert whole.events is not None
        events = whole.events[:2]  # message_start, content_block_start: the name only
    with provider(name) as (fake, model):
        fake.reply(Reply(events=events))
        with pytest.raises(ProviderError) as caught:
            await streamed(model)
    assert str(caught.value) == f"{target(name)} failed: {INCOMPLETE}"
    assert len(fake.routed) == 1  # the reply's own fault: not asked again


@pytest.mark.parametrize("name", ["openai", "anthropic"])
async def test_a_stream_answered_with_a_body_that_is_not_events_is_an_error(name: str) -> None:
    with provider(name) as (fake, model):
        fake.reply(Reply(raw=b'{"choices": [ oops', content_type="application/json"))
        with pytest.raises(ProviderError) as caught:
            await streamed(model)
    endpoint = fake.url + ("/v1" if name == "openai" else "")
    assert str(caught.value) == (
        f"{target(name)} failed: the endpoint at {endpoint} did not answer with server-sent "
        "events (application/json)"
    )


async def test_gemini_answering_a_stream_with_a_body_that_is_not_json_is_a_provider_error() -> None:
    with provider("gemini") as (fake, model):
        fake.reply(Reply(raw=b"<html>Bad gateway</html>", content_type="text/html"))
        with pytest.raises(ProviderError) as caught:
            await streamed(model)
    assert str(caught.value).startswith(f"{target('gemini')} failed: ")


# M2: every failure mid-stream is the ProviderError the request path raises


@pytest.mark.parametrize("name", VENDORS)
async def test_a_connection_lost_mid_answer_is_a_provider_error_not_asked_again(
    name: str,
) -> None:
    with provider(name) as (fake, model):
        fake.reply(Reply(events=first_word(name), then="drop"))
        words: list[str] = []
        with pytest.raises(ProviderError) as caught:
            await streamed(model, words)
    assert words == ["Hello"]
    message = str(caught.value)
    assert message.startswith(f"{target(name)} failed: ") and message.endswith(SHOWN), message
    assert len(fake.routed) == 1


@pytest.mark.parametrize("name", ["openai", "anthropic"])
async def test_an_unreadable_event_mid_answer_is_a_provider_error(name: str) -> None:
    broken: Any = "{not json" if name == "openai" else ("content_block_delta", "{not json")
    with provider(name) as (fake, model):
        fake.reply(Reply(events=[*first_word(name), broken]))
        with pytest.raises(ProviderError) as caught:
            await streamed(model)
    message = str(caught.value)
    assert message.startswith(f"{target(name)} failed: ") and message.endswith(SHOWN), message


@pytest.mark.parametrize("name", VENDORS)
async def test_a_stream_that_stalls_mid_answer_did_not_answer_within_the_timeout(
    name: str,
) -> None:
    with provider(name) as (fake, model):
        fake.reply(Reply(events=first_word(name), then="stall"))
        with pytest.raises(ProviderError) as caught:
            await streamed(model)
    assert str(caught.value) == (
        f"{target(name)} did not answer within 0.5s (set by the test){SHOWN}"
    )


# M1: a stream refused before its first word is asked again, as a request is


@pytest.mark.parametrize("name", VENDORS)
@pytest.mark.parametrize("status", [429, 500])
async def test_a_stream_refused_before_its_first_word_is_asked_again(
    name: str, status: int
) -> None:
    with provider(name) as (fake, model):
        fake.reply(failure(name, status, "busy"), Reply(events=text_events(name)))
        words: list[str] = []
        response = await streamed(model, words)
    assert words == ["Hello", " world"] and response.text == "Hello world"
    assert len(fake.routed) == 2


@pytest.mark.parametrize("name", VENDORS)
async def test_a_stream_asked_to_retry_much_later_fails_at_once_saying_so(name: str) -> None:
    with provider(name) as (fake, model):
        fake.reply(failure(name, 429, "slow down", {"retry-after": "120"}))
        with pytest.raises(ProviderError) as caught:
            await streamed(model)
    assert str(caught.value).endswith("(the provider asks to retry after 120s; try again later)")
    assert caught.value.status == 429 and len(fake.routed) == 1


@pytest.mark.parametrize("name", VENDORS)
async def test_a_stream_refused_every_time_says_after_how_many_attempts(name: str) -> None:
    with provider(name) as (fake, model):
        fake.reply(*[failure(name, 503, "unavailable")] * 3)
        with pytest.raises(ProviderError) as caught:
            await streamed(model)
    assert str(caught.value).startswith(f"{target(name)} failed: HTTP 503")
    assert str(caught.value).endswith("(after 3 attempts)")
    assert len(fake.routed) == 3


@pytest.mark.parametrize("name", ["openai", "anthropic"])
async def test_a_connection_lost_before_the_first_word_is_asked_again(name: str) -> None:
    with provider(name) as (fake, model):
        fake.reply(
            Reply(events=text_events(name)[:1], then="drop"), Reply(events=text_events(name))
        )
        response = await streamed(model)
    assert response.text == "Hello world" and len(fake.routed) == 2


# M1 and L6: Anthropic's error event


OVERLOADED = ("error", {"type": "error", "error": {"type": "overloaded_error", "message": "Busy"}})


async def test_an_anthropic_overloaded_event_before_the_first_word_is_asked_again() -> None:
    with provider("anthropic") as (fake, model):
        fake.reply(Reply(events=[text_events("anthropic")[0], OVERLOADED]))
        fake.reply(Reply(events=text_events("anthropic")))
        response = await streamed(model)
    assert response.text == "Hello world" and len(fake.routed) == 2


async def test_an_anthropic_error_event_names_its_type_and_message_not_http_200() -> None:
    with provider("anthropic") as (fake, model):
        fake.reply(Reply(events=[*first_word("anthropic"), OVERLOADED]))
        with pytest.raises(ProviderError) as caught:
            await streamed(model)
    assert str(caught.value) == (
        f"{target('anthropic')} failed: the stream reported overloaded_error: Busy{SHOWN}"
    )
    with provider("anthropic") as (fake, model):
        fake.reply(*[Reply(events=[text_events("anthropic")[0], OVERLOADED])] * 3)
        with pytest.raises(ProviderError) as caught:
            await streamed(model)
    assert str(caught.value) == (
        f"{target('anthropic')} failed: the stream reported overloaded_error: Busy "
        "(after 3 attempts)"
    )


# L2: a body that is not JSON names the endpoint and what came instead


@pytest.mark.parametrize("name", VENDORS)
async def test_a_reply_that_is_not_json_names_the_endpoint(name: str) -> None:
    with provider(name) as (fake, model):
        fake.reply(Reply(raw=b"<html>502 Bad Gateway</html>", content_type="text/html"))
        with pytest.raises(ProviderError) as caught, anyio.fail_after(30):
            await model.respond(ModelRequest("Be brief.", [UserMessage("hello")]))
    endpoint = fake.url + ("/v1" if name == "openai" else "")
    said = "" if name == "gemini" else " (text/html)"  # google-genai does not show it
    assert str(caught.value) == (
        f"{target(name)} failed: the endpoint at {endpoint} did not answer with JSON{said}"
    )
    assert len(fake.routed) == 1


async def test_the_endpoint_is_named_without_its_credentials() -> None:
    with chat.FakeOpenAI() as fake:
        base = f"http://proxy-user:proxy-pass@127.0.0.1:{fake.port}/v1"
        env = {"OPENAI_API_KEY": KEYS["openai"], "OPENAI_BASE_URL": base}
        model = get_provider("openai", env).model(MODELS["openai"], FAST)
        fake.reply(Reply(raw=b'{"choices": [ oops', content_type="application/json"))
        with pytest.raises(ProviderError) as caught, anyio.fail_after(30):
            await model.respond(ModelRequest("Be brief.", [UserMessage("hello")]))
    assert str(caught.value) == (
        f"openai (gpt-4.1-mini) failed: the endpoint at http://127.0.0.1:{fake.port}/v1 did "
        "not answer with JSON (application/json)"
    )


# H3 and L1: the key echoed by the provider reaches no log, whole or in part


def logged(error: BaseException) -> str:
    """What `logger.exception` writes for `error`, and its traceback as Python prints it."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    log = logging.getLogger("tests.app")
    log.addHandler(handler)
    log.propagate = False
    try:
        try:
            raise error
        except ProviderError:
            log.exception("request failed")
    finally:
        log.removeHandler(handler)
        log.propagate = True
    return stream.getvalue() + "".join(traceback.format_exception(error))


@pytest.mark.parametrize("stream", [False, True], ids=["request", "stream"])
@pytest.mark.parametrize("name", [*VENDORS, "openai-compatible"])
async def test_a_key_echoed_by_the_provider_reaches_no_log(name: str, stream: bool) -> None:
    key = KEYS[name]
    echo = f"Incorrect API key provided: {key}. Key prefix {key[:12]}, ending {key[-9:]}"
    with provider(name) as (fake, model):
        fake.reply(failure(name, 401, echo))
        with pytest.raises(ProviderError) as caught:
            if stream:
                await streamed(model)
            else:
                with anyio.fail_after(30):
                    await model.respond(ModelRequest("Be brief.", [UserMessage("hello")]))
    error = caught.value
    assert error.status == 401 and "HTTP 401" in str(error)
    assert error.__cause__ is None and error.__context__ is None
    written = logged(error)
    assert "request failed" in written and "HTTP 401" in written
    for part in (key, key[:12], key[:8], key[-9:]):
        assert part not in written, f"{part!r} in {written}"


# The id the provider gave its answer: what its support asks for


@pytest.mark.parametrize("stream", [False, True], ids=["request", "stream"])
@pytest.mark.parametrize(
    ("name", "header"),
    [
        ("openai", "x-request-id"),
        ("openai-compatible", "x-request-id"),
        ("anthropic", "request-id"),
    ],
)
async def test_a_failure_keeps_the_request_id_the_provider_gave(
    name: str, header: str, stream: bool
) -> None:
    with provider(name) as (fake, model):
        fake.reply(failure(name.removesuffix("-compatible"), 400, "bad", {header: "req_7Hq2x"}))
        with pytest.raises(ProviderError) as caught, anyio.fail_after(30):
            if stream:
                await streamed(model)
            else:
                await model.respond(ModelRequest("Be brief.", [UserMessage("hello")]))
    assert caught.value.status == 400
    assert caught.value.request_id == "req_7Hq2x"
    assert str(caught.value).endswith(" (request id req_7Hq2x)")


async def test_a_request_id_that_is_not_shaped_like_one_is_not_kept() -> None:
    with provider("openai") as (fake, model):
        fake.reply(failure("openai", 400, "bad", {"x-request-id": "<script>alert(1)</script>"}))
        with pytest.raises(ProviderError) as caught, anyio.fail_after(30):
            await model.respond(ModelRequest("Be brief.", [UserMessage("hello")]))
    assert caught.value.request_id is None
    assert "request id" not in str(caught.value)
