"""Each model vendor, as the tests drive it, by provider name: a loopback fake speaking its wire
format (``orchestrator.testing.vendors``), the settings that point a provider at it, its replies,
and readers for what the real SDK sent. Used by the provider cassettes and the agents server."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from orchestrator.testing.vendors import FakeVendor, Recorded, Reply
from orchestrator.testing.vendors import anthropic as anthropic_wire
from orchestrator.testing.vendors import gemini as gemini_wire
from orchestrator.testing.vendors import openai as openai_wire

__all__ = ["VENDORS", "Vendor"]

Scripted = Any  # a Reply, or a function of the recorded request returning one


@dataclass(frozen=True)
class Vendor:
    provider: str
    key_var: str
    make: Callable[[], FakeVendor[Any]]
    env: Callable[[FakeVendor[Any]], dict[str, str]]
    answer: Callable[[str], Scripted]
    call: Callable[[str, dict[str, Any]], Scripted]
    failure: Callable[[int, str], Scripted]
    usage: tuple[int, int]
    """(input, output) tokens that the fake's replies report."""
    model: str
    prelude: tuple[Scripted, ...] = field(default=())
    """Replies owed before each request's first model call (Ollama's probe)."""

    def script(self, *replies: Scripted, probe: bool = True) -> list[Scripted]:
        """The replies for one request, after the probe's when it is probed first."""
        return [*(self.prelude if probe else ()), *replies]

    def calls(self, fake: FakeVendor[Any]) -> list[Recorded]:
        """The model requests the SDK sent (not the probe)."""
        return [r for r in fake.requests if r.method == "POST"]

    def system(self, body: dict[str, Any]) -> str:
        if self.provider == "anthropic":
            return str(body["system"])
        if self.provider == "gemini":
            return str(body["systemInstruction"]["parts"][0]["text"])
        return str(body["messages"][0]["content"])

    def user_text(self, body: dict[str, Any]) -> str:
        if self.provider == "anthropic":
            return str(body["messages"][0]["content"][0]["text"])
        if self.provider == "gemini":
            return str(body["contents"][0]["parts"][0]["text"])
        return str(body["messages"][1]["content"])

    def tools(self, body: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """Tool name -> JSON Schema of its arguments, as offered to the model."""
        if self.provider == "anthropic":
            return {t["name"]: t["input_schema"] for t in body.get("tools", [])}
        if self.provider == "gemini":
            declared = [d for t in body.get("tools", []) for d in t["functionDeclarations"]]
            return {
                d["name"]: d.get("parametersJsonSchema", d.get("parameters_json_schema"))
                for d in declared
            }
        return {t["function"]["name"]: t["function"]["parameters"] for t in body.get("tools", [])}

    def tool_result(self, body: dict[str, Any]) -> tuple[str, bool]:
        """The last tool result sent back: its text and whether it is marked as a failure."""
        if self.provider == "anthropic":
            block = body["messages"][-1]["content"][0]
            return str(block.get("content", "")), bool(block["is_error"])
        if self.provider == "gemini":
            response = body["contents"][-1]["parts"][0]["functionResponse"]["response"]
            failed = "error" in response
            value = response["error" if failed else "output"]
            return (value if isinstance(value, str) else json.dumps(value)), failed
        content = str(body["messages"][-1]["content"])
        failed = content.startswith("ERROR: ")
        return content.removeprefix("ERROR: "), failed

    def max_tokens(self, body: dict[str, Any]) -> int | None:
        if self.provider == "gemini":
            return body.get("generationConfig", {}).get("maxOutputTokens")
        if self.provider == "openai":
            return body.get("max_completion_tokens")
        return body.get("max_tokens")

    def temperature(self, body: dict[str, Any]) -> float | None:
        if self.provider == "gemini":
            return body.get("generationConfig", {}).get("temperature")
        return body.get("temperature")


def _openai_family(
    provider: str, key_var: str, url_var: str, model: str, *, ollama: bool = False
) -> Vendor:
    def make() -> FakeVendor[Any]:
        if not ollama:
            return openai_wire.FakeOpenAI()
        return FakeVendor(
            re.compile(r"^(/api/tags|/v1/chat/completions)$"),
            not_found=openai_wire.error(404, "no such path"),
            exhausted=openai_wire.error(500, "the fake's script is exhausted"),
            recorded=openai_wire.Recorded,
            methods=("GET", "POST"),
        )

    def env(fake: FakeVendor[Any]) -> dict[str, str]:
        if ollama:
            return {url_var: f"127.0.0.1:{fake.port}"}
        found = {url_var: fake.url + "/v1"}
        if provider == "openai-compatible":  # it has no default model
            found["OPENAI_COMPATIBLE_MODEL"] = model
        return found

    tags = Reply(body={"models": [{"name": "llama3.2:latest"}, {"name": "qwen2.5:7b"}]})
    return Vendor(
        provider=provider,
        key_var=key_var,
        make=make,
        env=env,
        answer=openai_wire.text,
        call=lambda name, args: openai_wire.tool_call(name, args, call_id="call_1"),
        failure=lambda status, message: openai_wire.error(status, message, kind="invalid_request"),
        usage=(42, 7),
        model=model,
        prelude=(tags,) if ollama else (),
    )


VENDORS: dict[str, Vendor] = {
    v.provider: v
    for v in (
        Vendor(
            provider="anthropic",
            key_var="ANTHROPIC_API_KEY",
            make=anthropic_wire.fake_anthropic,
            env=lambda fake: {"ANTHROPIC_BASE_URL": fake.url},
            answer=lambda words: anthropic_wire.message(anthropic_wire.text(words)),
            call=lambda name, args: anthropic_wire.message(
                anthropic_wire.tool_use("call_1", name, args)
            ),
            failure=anthropic_wire.error,
            usage=(25, 9),
            model=anthropic_wire.MODEL,
        ),
        _openai_family("openai", "OPENAI_API_KEY", "OPENAI_BASE_URL", "gpt-4.1-mini"),
        Vendor(
            provider="gemini",
            key_var="GEMINI_API_KEY",
            make=gemini_wire.fake_gemini,
            env=lambda fake: {"GEMINI_BASE_URL": fake.url},
            answer=lambda words: gemini_wire.content(gemini_wire.text(words)),
            call=lambda name, args: gemini_wire.content(gemini_wire.function_call(name, args)),
            failure=gemini_wire.error,
            usage=(31, 8),
            model="gemini-2.5-flash",
        ),
        _openai_family("deepseek", "DEEPSEEK_API_KEY", "DEEPSEEK_BASE_URL", "deepseek-chat"),
        _openai_family("qwen", "DASHSCOPE_API_KEY", "DASHSCOPE_BASE_URL", "qwen-plus"),
        _openai_family("ollama", "OLLAMA_API_KEY", "OLLAMA_HOST", "llama3.2", ollama=True),
        _openai_family(
            "openai-compatible",
            "OPENAI_COMPATIBLE_API_KEY",
            "OPENAI_COMPATIBLE_BASE_URL",
            "qwen2.5-7b-instruct",
        ),
    )
}
