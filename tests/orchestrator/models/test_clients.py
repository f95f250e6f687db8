"""How long a model's SDK client lives (`orchestrator.models._clients`), for each vendor, through
the real SDK against its loopback fake: one client (and one connection, as the fake sees it)
for every request while kept, one per request otherwise; the `Orchestrator` keeps its model's
for as long as it is open and closes it after (an unclosed one would fail the run: warnings are
errors)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import pytest

from orchestrator.core import Orchestrator
from orchestrator.testing.vendors import FakeVendor, Reply
from orchestrator.testing.vendors import anthropic as fake_anthropic
from orchestrator.testing.vendors import gemini as fake_gemini
from orchestrator.testing.vendors import openai as fake_openai
from tests.orchestrator.models._history import model_of, respond

pytestmark = pytest.mark.processes


@dataclass(frozen=True)
class Vendor:
    provider: str
    model: str
    fake: Callable[[], AbstractContextManager[FakeVendor[Any]]]
    answer: Callable[[], Any]
    env: Callable[[str], dict[str, str]]


VENDORS = [
    Vendor(
        "openai", "gpt-4.1-mini", fake_openai.fake_openai, lambda: fake_openai.text("Hi."),
        lambda url: {"OPENAI_API_KEY": "sk-test", "OPENAI_BASE_URL": url + "/v1"},
    ),
    Vendor(
        "anthropic", fake_anthropic.MODEL, fake_anthropic.fake_anthropic,
        lambda: fake_anthropic.message(fake_anthropic.text("Hi.")),
        lambda url: {"ANTHROPIC_API_KEY": "sk-ant-test", "ANTHROPIC_BASE_URL": url},
    ),
    Vendor(
        "gemini", fake_gemini.MODEL, fake_gemini.fake_gemini,
        lambda: fake_gemini.content(fake_gemini.text("Hi.")),
        lambda url: {"GEMINI_API_KEY": "AIza-test", "GEMINI_BASE_URL": url},
    ),
]  # fmt: skip
CLEARED = ("OPENAI_ORG_ID", "OPENAI_PROJECT_ID", "ANTHROPIC_AUTH_TOKEN", "GOOGLE_API_KEY",
           "GOOGLE_GENAI_USE_VERTEXAI", "ORCHESTRATOR_PROVIDER_ATTEMPTS")  # fmt: skip


@pytest.fixture(params=VENDORS, ids=[v.provider for v in VENDORS])
def vendor(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[Vendor, FakeVendor[Any]]]:
    chosen: Vendor = request.param
    for var in CLEARED:
        monkeypatch.delenv(var, raising=False)
    with chosen.fake() as server:
        for name, value in chosen.env(server.url).items():
            monkeypatch.setenv(name, value)
        yield chosen, server


def peers(fake: FakeVendor[Any]) -> list[str]:
    return [r.peer for r in fake.routed]


async def test_a_kept_client_serves_every_request_on_one_connection_until_closed(
    vendor: tuple[Vendor, FakeVendor[Any]],
) -> None:
    chosen, fake = vendor
    model: Any = model_of(chosen.provider, chosen.model)
    fake.reply(*(chosen.answer() for _ in range(3)))
    model.keep_client()
    await respond(model, "hello")
    await respond(model, "hello again")
    assert model.clients.made == 1
    await model.aclose()
    await respond(model, "and once more")  # closed: a request of its own again
    first, second, third = peers(fake)
    assert first == second, "the kept client's connection served both"
    assert third != second
    assert model.clients.made == 2


async def test_without_keeping_each_request_has_its_own_client(
    vendor: tuple[Vendor, FakeVendor[Any]],
) -> None:
    chosen, fake = vendor
    model: Any = model_of(chosen.provider, chosen.model)
    fake.reply(chosen.answer(), chosen.answer())
    await respond(model, "hello")
    await respond(model, "hello again")
    first, second = peers(fake)
    assert first != second
    assert model.clients.made == 2


async def test_a_kept_client_is_not_used_on_another_event_loop(
    vendor: tuple[Vendor, FakeVendor[Any]],
) -> None:
    """A model kept on one loop and asked on another (a thread's `anyio.run`) makes a client
    for that request and closes it: nothing of one loop is used on another."""
    chosen, fake = vendor
    model: Any = model_of(chosen.provider, chosen.model)
    fake.reply(*(chosen.answer() for _ in range(3)))
    model.keep_client()
    await respond(model, "here")
    await anyio.to_thread.run_sync(lambda: anyio.run(respond, model, "elsewhere"))
    await respond(model, "here again")
    here, elsewhere, again = peers(fake)
    assert here == again != elsewhere
    assert model.clients.made == 2
    await model.aclose()


async def test_the_orchestrator_keeps_its_models_client_while_open_and_closes_it(
    vendor: tuple[Vendor, FakeVendor[Any]], write_config: Callable[..., Path]
) -> None:
    chosen, fake = vendor
    path = write_config({}, {"provider": chosen.provider, "model": chosen.model})
    fake.reply(*(chosen.answer() for _ in range(2)))
    with anyio.fail_after(60):
        async with Orchestrator.from_config(path) as orch:
            await orch.session().ask("hello")
            await orch.session().ask("hello again")
            model: Any = orch.choice.model
    first, second = peers(fake)
    assert first == second
    assert model.clients.made == 1
    assert model.clients._client is None, "closed with the orchestrator"


def test_the_fake_tells_connections_apart() -> None:
    """What the tests above rely on: two connections, two peers (a fake that recorded one
    peer for every request would make them pass whatever the models did)."""
    import http.client

    with fake_openai.fake_openai() as fake:
        fake.reply(Reply(200, {}), Reply(200, {}), Reply(200, {}))
        one = http.client.HTTPConnection("127.0.0.1", fake.port, timeout=10)
        other = http.client.HTTPConnection("127.0.0.1", fake.port, timeout=10)
        try:
            for conn in (one, one, other):
                conn.request("POST", "/v1/chat/completions", body="{}")
                conn.getresponse().read()
        finally:
            one.close()
            other.close()
    a, b, c = peers(fake)
    assert a == b != c
