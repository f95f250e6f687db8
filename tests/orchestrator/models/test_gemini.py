"""The gemini provider against a loopback fake of the Gemini API, through the real SDK."""

from __future__ import annotations

import base64
import logging
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from google.genai import types

from orchestrator.core import Orchestrator
from orchestrator.errors import ProviderError
from orchestrator.messages import ToolResultItem, UserMessage
from orchestrator.models import ModelResponse, ModelSettings
from orchestrator.models.gemini import GeminiModel
from orchestrator.models.schema import for_gemini
from orchestrator.registry import get_provider
from orchestrator.session import DEFAULT_INSTRUCTIONS
from orchestrator.testing.vendors import FakeVendor, Reply
from orchestrator.testing.vendors.gemini import (
    MODEL,
    PATH,
    content,
    error,
    fake_gemini,
    function_call,
    text,
)
from tests.orchestrator.models._history import HISTORY, SCHEMA, model_of
from tests.orchestrator.models._history import respond as respond_with

pytestmark = pytest.mark.processes

KEY = "AIzaSyFAKE-key-for-tests_0123456789abcd"
SIGNATURE = base64.b64encode(b"opaque thought signature").decode()
GATEWAY_KEY = "gw-7f3a9c2e1b5d4a6f"  # a proxy's key: not shaped like a vendor's


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeVendor]:
    for var in ("GOOGLE_API_KEY", "GOOGLE_GENAI_API_VERSION", "GOOGLE_GENAI_USE_VERTEXAI"):
        monkeypatch.delenv(var, raising=False)
    with fake_gemini() as server:
        monkeypatch.setenv("GEMINI_API_KEY", KEY)
        monkeypatch.setenv("GEMINI_BASE_URL", server.url)
        monkeypatch.setenv("ORCHESTRATOR_PROVIDER_ATTEMPTS", "2")
        yield server


async def respond(items: str | list[Any], settings: ModelSettings | None = None) -> ModelResponse:
    return await respond_with(model_of("gemini", MODEL), items, settings)


def schema_of(declaration: dict[str, Any]) -> Any:
    """The declaration's JSON Schema; the SDK writes the field in snake or camel case."""
    return declaration.get("parametersJsonSchema", declaration.get("parameters_json_schema"))


def todo_config(write_config: Callable[..., Path], tmp_path: Path) -> Path:
    server = {
        "command": sys.executable,
        "args": ["-m", "servers.todo", "--database-url", f"sqlite:///{tmp_path / 'todo.db'}"],
    }
    return write_config({"todo": server}, {"provider": "gemini", "model": MODEL})


async def test_tool_calls_and_a_follow_up_through_the_orchestrator(
    fake: FakeVendor, write_config: Callable[..., Path], tmp_path: Path
) -> None:
    fake.reply(
        content(
            function_call("create_todo", {"title": "buy eggs"}, signature=SIGNATURE),
            function_call("create_todo", {"title": ""}),  # the server refuses an empty title
        ),
        content(text("Added “buy eggs”; the empty one was refused.")),
        content(function_call("list_todos", {"status": "all"}, call_id="fc-7")),
        content(text("One todo: buy eggs.")),
    )
    with anyio.fail_after(30):
        async with Orchestrator.from_config(todo_config(write_config, tmp_path)) as orch:
            session = orch.session()
            made = await session.ask("add buy eggs, and an empty one")
            listed = await session.ask("what's on my list?")
            create_schema = orch.catalogue["create_todo"].input_schema

    assert made.text == "Added “buy eggs”; the empty one was refused."
    # The two calls run concurrently: `tool_calls` is in the order they finished.
    assert sorted((c.tool, c.status) for c in made.tool_calls) == [
        ("create_todo", "error"),
        ("create_todo", "ok"),
    ]
    (todo_id,) = [c.result["todo_id"] for c in made.tool_calls if c.status == "ok"]

    first, second, third, fourth = (r.body for r in fake.requests)
    for request in fake.requests:
        match = PATH.match(request.path)
        assert match and match["model"] == MODEL
        assert request.headers["x-goog-api-key"] == KEY
    (instructions,) = first["systemInstruction"]["parts"]
    assert instructions["text"].startswith(DEFAULT_INSTRUCTIONS + "\nNow: ")
    (tool,) = first["tools"]
    declarations = {d["name"]: d for d in tool["functionDeclarations"]}
    assert schema_of(declarations["create_todo"]) == for_gemini(create_schema)  # cleaned
    assert "title" in create_schema["properties"] and "additionalProperties" in create_schema
    assert first["contents"] == [
        {"role": "user", "parts": [{"text": "add buy eggs, and an empty one"}]}
    ]
    calls, results = second["contents"][1:]
    assert calls == {
        "role": "model",
        "parts": [
            {
                "functionCall": {"name": "create_todo", "args": {"title": "buy eggs"}},
                "thoughtSignature": SIGNATURE,
            },
            {"functionCall": {"name": "create_todo", "args": {"title": ""}}},
        ],
    }
    assert results["role"] == "user"
    done, refused = (p["functionResponse"] for p in results["parts"])
    assert done["name"] == refused["name"] == "create_todo"
    assert done["response"]["output"]["todo_id"] == todo_id
    assert refused["response"]["error"]["success"] is False
    assert "title" in refused["response"]["error"]["message"]

    assert third["contents"][:3] == second["contents"]
    assert third["contents"][3:] == [
        {"role": "model", "parts": [{"text": "Added “buy eggs”; the empty one was refused."}]},
        {"role": "user", "parts": [{"text": "what's on my list?"}]},
    ]
    listed_call, listed_result = fourth["contents"][-2:]
    assert listed_call["parts"][0]["functionCall"]["id"] == "fc-7"  # Gemini's own id goes back
    response = listed_result["parts"][0]["functionResponse"]
    assert (response["id"], response["name"]) == ("fc-7", "list_todos")
    (todo,) = response["response"]["output"]["todos"]  # the server really has it
    assert (todo["todo_id"], todo["title"]) == (todo_id, "buy eggs")
    assert listed.text == "One todo: buy eggs."


async def test_a_rate_limit_is_retried_then_answered(
    fake: FakeVendor, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    fake.reply(error(429, "Resource has been exhausted (e.g. check quota)."))
    fake.reply(content(text("Sunny."), prompt_tokens=40, candidate_tokens=3, thought_tokens=5))
    response = await respond("weather in Paris?")
    assert len(fake.requests) == 2
    assert response.text == "Sunny." and not response.tool_calls
    usage = response.usage
    assert (usage.input_tokens, usage.output_tokens, usage.total_tokens) == (40, 8, 48)
    assert usage.reasoning_tokens == 5
    assert (
        "gemini (gemini-test-1) failed: HTTP 429" in caplog.text and "retry 1 of 1" in caplog.text
    )
    assert KEY not in caplog.text


@pytest.mark.parametrize("status", [500, 503])
async def test_a_persistent_server_error_ends_in_a_clear_error(
    fake: FakeVendor, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch, status: int
) -> None:
    monkeypatch.setenv("GEMINI_API_KEY", GATEWAY_KEY)
    caplog.set_level(logging.DEBUG)
    fake.reply(*[error(status, f"The model is overloaded (key {GATEWAY_KEY}).")] * 3)
    with pytest.raises(ProviderError) as caught:
        await respond("weather in Paris?")
    message = str(caught.value)
    assert message.startswith(f"gemini (gemini-test-1) failed: HTTP {status}")
    assert "overloaded (key [redacted])" in message and message.endswith("(after 2 attempts)")
    assert len(fake.requests) == 2
    assert "retry 1 of 1" in caplog.text  # the retry was logged, without the key
    assert GATEWAY_KEY not in message and GATEWAY_KEY not in caplog.text


@pytest.mark.parametrize("key", [KEY, GATEWAY_KEY])
@pytest.mark.parametrize("status", [400, 401])
async def test_a_client_error_is_not_retried_and_never_shows_the_key(
    fake: FakeVendor,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    status: int,
    key: str,
) -> None:
    monkeypatch.setenv("GEMINI_API_KEY", key)
    caplog.set_level(logging.DEBUG)
    fake.reply(error(status, f"API key not valid: {key}"), content(text("unused")))
    with pytest.raises(ProviderError) as caught:
        await respond("weather in Paris?")
    assert len(fake.requests) == 1
    assert str(caught.value).startswith(f"gemini (gemini-test-1) failed: HTTP {status}")
    assert "API key not valid: [redacted]" in str(caught.value)
    assert key not in str(caught.value) and key not in caplog.text


async def test_settings_and_several_calls_in_one_reply(fake: FakeVendor) -> None:
    fake.reply(
        content(
            text("Checking both."),
            function_call("get_weather", {"city": "Paris"}),
            function_call("get_weather", {"city": "Oslo"}),
        )
    )
    settings = ModelSettings(temperature=0.25, top_p=0.5, max_tokens=256)
    response = await respond("Paris and Oslo?", settings)
    calls = response.tool_calls
    assert response.text == "Checking both." and len(response.items) == 3
    assert [(c.name, c.arguments) for c in calls] == [
        ("get_weather", {"city": "Paris"}),
        ("get_weather", {"city": "Oslo"}),
    ]
    assert len({c.call_id for c in calls}) == 2 and all(c.call_id for c in calls)
    (request,) = fake.requests
    assert request.body["generationConfig"] == {
        "temperature": 0.25,
        "topP": 0.5,
        "maxOutputTokens": 256,
    }
    assert request.body["systemInstruction"]["parts"] == [{"text": "Be brief."}]
    (declaration,) = request.body["tools"][0]["functionDeclarations"]
    assert declaration["name"] == "get_weather" and schema_of(declaration) == SCHEMA


async def test_an_empty_reply_is_an_empty_output(fake: FakeVendor) -> None:
    fake.reply(content(text("")))
    assert (await respond("say nothing")).items == []


async def test_a_blocked_answer_is_a_clear_error(fake: FakeVendor) -> None:
    fake.reply(content(finish="SAFETY"))
    with pytest.raises(ProviderError, match=r"gemini \(gemini-test-1\).*finish reason SAFETY"):
        await respond("something unsafe")
    fake.reply(Reply(200, {"promptFeedback": {"blockReason": "PROHIBITED_CONTENT"}}))
    with pytest.raises(ProviderError, match="blocked \\(PROHIBITED_CONTENT\\)"):
        await respond("something prohibited")


def test_history_renders_as_gemini_contents() -> None:
    model = GeminiModel(MODEL, api_key=KEY)
    contents = model.to_contents(HISTORY)
    user, calls, results = (c.model_dump(mode="json", exclude_none=True) for c in contents)
    assert user == {"role": "user", "parts": [{"text": "weather in Paris, Atlantis and Oslo?"}]}
    assert calls == {
        "role": "model",
        "parts": [
            {"function_call": {"name": "get_weather", "args": {"city": city}}}
            for city in ("Paris", "Atlantis", "Oslo")
        ],
    }
    responses = [(p.get("function_response"), p.get("text")) for p in results["parts"]]
    assert results["role"] == "user"
    assert responses == [
        ({"name": "get_weather", "response": {"output": {"sky": "clear"}}}, None),
        ({"name": "get_weather", "response": {"error": "no such city"}}, None),
        ({"name": "get_weather", "response": {"output": ""}}, None),
        (None, "and tomorrow?"),
    ]


def test_gemini_ids_and_signatures_go_back_with_their_calls() -> None:
    model = GeminiModel(MODEL, api_key=KEY)
    reply = types.GenerateContentResponse.model_validate(
        {
            "candidates": [
                {
                    "content": {
                        "role": "model",
                        "parts": [
                            function_call("f", {"n": 1}, call_id="g-1", signature=SIGNATURE),
                            function_call("f", {"n": 2}),
                        ],
                    },
                    "finishReason": "STOP",
                }
            ]
        }
    )
    first, second = model.to_response(reply).tool_calls
    assert first.call_id == "g-1" and second.call_id.startswith("call_")
    items = [
        UserMessage("go"),
        first,
        second,
        ToolResultItem("g-1", "f", "1"),
        ToolResultItem(second.call_id, "f", "2"),
    ]
    _, calls, results = model.to_contents(items)
    assert [(p.function_call.id, p.thought_signature) for p in calls.parts] == [
        ("g-1", b"opaque thought signature"),
        (None, None),  # our own id is never sent to Gemini
    ]
    assert [p.function_response.id for p in results.parts] == ["g-1", None]


def test_the_key_comes_from_either_variable_and_the_default_model_is_the_registrys(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with pytest.raises(ProviderError, match="set GEMINI_API_KEY or GOOGLE_API_KEY"):
        get_provider("gemini").model(None)
    monkeypatch.setenv("GOOGLE_API_KEY", "AIzaSyGOOGLE-key-0123456789")
    provider = get_provider("gemini")
    model = provider.model(None)
    assert isinstance(model, GeminiModel) and model.name == provider.default_model
    assert provider.api_key() == "AIzaSyGOOGLE-key-0123456789"
    monkeypatch.setenv("GEMINI_API_KEY", KEY)  # GEMINI_API_KEY is read first
    assert get_provider("gemini").api_key() == KEY
    assert KEY not in repr(get_provider("gemini").model(None))
