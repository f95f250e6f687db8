"""What the orchestrator answers when a server asks: input (elicitation), a completion from the
model (sampling), its roots; and a server that changes its tools. Against the concierge server
(`orchestrator.testing.servers.concierge`) in a subprocess, through the library, on both wires:
the 2025-11-25 handshake (the server asks over the back-channel, and says its tools changed) and
2026-07-28 (it answers `input_required` and the call is retried with the answers; changed tools
come on the `subscriptions/listen` stream). The same handlers answer both."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest

from orchestrator import ModelRequest, Orchestrator, load_config
from orchestrator.discovery import ServerReport
from orchestrator.elicitation import ElicitationAnswer, ElicitationRequest
from orchestrator.result import AskResult
from orchestrator.sampling import SamplingRequest
from orchestrator.testing import ScriptedModel, call, server_entry
from orchestrator.testing.vendors.openai import fake_openai, text, tool_call
from orchestrator.transcript import Transcript

pytestmark = pytest.mark.processes


async def ask(
    path: Path, model: Any, request: str = "go", **options: Any
) -> tuple[AskResult, list[ServerReport]]:
    with anyio.fail_after(30):
        async with Orchestrator(load_config(path), model=model, **options) as orch:
            return await orch.ask(request), orch.reports


@pytest.fixture(params=["legacy", "modern"])
def concierge(
    write_config: Callable[..., Path], request: pytest.FixtureRequest
) -> Callable[..., Path]:
    def config(**extra: Any) -> Path:
        entry = server_entry("concierge", protocol=request.param, **extra)
        return write_config({"concierge": entry})

    return config


async def test_a_form_is_filled_in_by_the_elicit_callback(concierge: Callable[..., Path]) -> None:
    asked: list[ElicitationRequest] = []

    def elicit(request: ElicitationRequest) -> ElicitationAnswer:
        asked.append(request)
        fields = {f.name: f for f in request.fields}
        values = {
            "party_size": fields["party_size"].parse("4"),
            "date": fields["date"].parse("2025-06-01"),
            "seating": fields["seating"].parse("Outdoor"),
            "vip": fields["vip"].parse("y"),
        }
        return ElicitationAnswer("accept", values)

    model = ScriptedModel(call("book_table", restaurant="Luigi's"), "Booked.")
    result, _ = await ask(concierge(), model, elicit=elicit)
    (request,) = asked
    assert request.server == "concierge" and request.mode == "form"
    assert request.message == "Booking at Luigi's: a few details, please."
    fields = {f.name: f for f in request.fields}
    assert [f.kind for f in request.fields] == ["integer", "text", "choice", "boolean"]
    assert fields["party_size"].required and fields["party_size"].hint() == "whole number, 1 to 12"
    assert (
        fields["seating"].choices == ("indoor", "outdoor") and fields["seating"].default == "indoor"
    )
    assert fields["date"].format == "date"
    (made,) = result.tool_calls
    assert made.status == "ok"
    assert made.result == {"result": "Booked Luigi's for 4 on 2025-06-01, outdoor (VIP)."}
    (record,) = result.server_requests
    assert (record.kind, record.outcome, record.by_user) == ("elicitation", "accepted", True)
    assert result.text == "Booked."  # nothing to add: the user answered


async def test_without_anyone_to_ask_the_form_is_declined_and_the_answer_says_so(
    concierge: Callable[..., Path],
) -> None:
    model = ScriptedModel(call("book_table", restaurant="Luigi's"), "No booking made.")
    result, _ = await ask(concierge(), model)
    (made,) = result.tool_calls
    assert made.result == {"result": "No booking: the user chose to decline."}
    (record,) = result.server_requests
    assert (record.outcome, record.by_user) == ("declined", False)
    assert result.text.startswith("No booking made.\nNote: server 'concierge' wanted input")
    assert "no one to ask" in result.text
    assert Transcript.of(result, "go").dump()["server_requests"][0]["outcome"] == "declined"


@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        ("auto-cancel", {"result": "No booking: the user chose to cancel."}),
        ("none", None),  # not offered: the server's elicit fails, so does the call
    ],
)
async def test_a_servers_elicitation_mode(
    concierge: Callable[..., Path], mode: str, expected: Any
) -> None:
    def elicit(request: ElicitationRequest) -> ElicitationAnswer:
        raise AssertionError("the user is not asked")

    model = ScriptedModel(call("book_table", restaurant="Luigi's"), "ok")
    result, _ = await ask(concierge(elicitation={"mode": mode}), model, elicit=elicit)
    (made,) = result.tool_calls
    if expected is None:
        assert made.status == "error" and "did not declare the form elicitation" in str(made.result)
        assert result.server_requests == []
    else:
        assert made.result == expected
        assert result.server_requests[0].reason == "the server's elicitation mode is auto-cancel"


async def test_an_answer_that_does_not_fit_the_form_is_not_sent(
    concierge: Callable[..., Path],
) -> None:
    def elicit(request: ElicitationRequest) -> ElicitationAnswer:
        return ElicitationAnswer("accept", {"party_size": 40, "date": "2025-06-01"})

    model = ScriptedModel(call("book_table", restaurant="Luigi's"), "ok")
    result, _ = await ask(concierge(), model, elicit=elicit)
    (made,) = result.tool_calls
    assert made.status == "error"
    (record,) = result.server_requests
    assert record.outcome == "failed" and record.reason == "Party Size: 40 is above 12"


async def test_a_url_to_open(concierge: Callable[..., Path]) -> None:
    seen: list[ElicitationRequest] = []

    async def elicit(request: ElicitationRequest) -> ElicitationAnswer:
        seen.append(request)
        return ElicitationAnswer("accept")

    model = ScriptedModel(call("open_account_page"), "ok")
    result, _ = await ask(concierge(), model, elicit=elicit)
    assert (seen[0].mode, seen[0].url) == ("url", "https://concierge.example/account")
    assert result.tool_calls[0].result == {"result": "The user chose to accept."}


async def test_sampling_approved_is_answered_by_the_model_in_use(
    concierge: Callable[..., Path],
) -> None:
    approvals: list[SamplingRequest] = []

    def draft(request: ModelRequest) -> str:
        assert request.instructions == "You write one-line notes." and request.tools == ()
        assert [type(i).__name__ for i in request.history] == ["UserMessage"]
        assert request.settings.max_tokens == 200
        return "Tea calms."

    model = ScriptedModel(call("draft_note", topic="tea"), draft, "Here is your note.")
    result, _ = await ask(
        concierge(), model, approve_sampling=lambda r: approvals.append(r) or True, yes=True
    )
    (request,) = approvals
    assert request.server == "concierge" and request.messages == (("user", "A note on tea"),)
    assert (request.provider, request.model, request.max_tokens) == ("scripted", "scripted", 200)
    (made,) = result.tool_calls
    assert made.result == {"result": "scripted wrote: Tea calms."}
    assert result.text == "Here is your note."
    assert [(r.kind, r.outcome) for r in result.server_requests] == [("sampling", "accepted")]


@pytest.mark.parametrize("approve", [None, False])
async def test_sampling_is_declined_without_approval_even_with_yes(
    concierge: Callable[..., Path], approve: bool | None
) -> None:
    model = ScriptedModel(call("draft_note", topic="tea"), "No note.")
    options: dict[str, Any] = {"yes": True}  # --yes approves destructive calls, not sampling
    if approve is not None:
        options["approve_sampling"] = lambda request: approve
    result, _ = await ask(concierge(), model, **options)
    (made,) = result.tool_calls
    assert made.status == "error" and "sampling declined" in str(made.result)
    (record,) = result.server_requests
    assert record.outcome == "declined" and record.by_user is (approve is False)
    if approve is None:
        assert "wanted a completion from the model" in result.text
        assert "no one to ask" in result.text


@pytest.mark.parametrize("protocol", ["legacy", "modern"])
async def test_a_servers_sampling_model_is_used_for_its_requests(
    write_config: Callable[..., Path], monkeypatch: pytest.MonkeyPatch, protocol: str
) -> None:
    script = [
        tool_call("draft_note", {"topic": "tea"}),
        text("Tea calms."),  # the sampling request
        text("Here it is."),
    ]
    with fake_openai(*script) as fake:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
        monkeypatch.setenv("OPENAI_BASE_URL", fake.url + "/v1")
        entry = server_entry("concierge", sampling={"model": "small-model"}, protocol=protocol)
        path = write_config({"concierge": entry}, {"provider": "openai", "model": "big-model"})
        with anyio.fail_after(30):
            async with Orchestrator(load_config(path), approve_sampling=lambda r: True) as orch:
                result = await orch.ask("draft a note on tea")
    first, sampled, last = (r.body for r in fake.completions)
    assert first["model"] == last["model"] == "big-model"
    assert sampled["model"] == "small-model" and "tools" not in sampled
    assert sampled["messages"] == [
        {"role": "system", "content": "You write one-line notes."},
        {"role": "user", "content": "A note on tea"},
    ]
    assert result.tool_calls[0].result == {"result": "small-model wrote: Tea calms."}


async def test_roots_are_the_working_folder_or_the_configs(
    concierge: Callable[..., Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    result, _ = await ask(concierge(), ScriptedModel(call("show_roots"), "ok"))
    shown = json.loads(result.tool_calls[0].result["result"])
    assert shown == [{"uri": here.as_uri(), "name": "here"}]

    roots = [
        {"uri": "file:///srv/data", "name": "data", "server_uri_alias": "file:///data"},
        "docs",
    ]
    result, _ = await ask(concierge(roots=roots), ScriptedModel(call("show_roots"), "ok"))
    shown = json.loads(result.tool_calls[0].result["result"])
    assert shown == [
        {"uri": "file:///data", "name": "data"},
        {"uri": (tmp_path / "docs").as_uri(), "name": None},  # relative to the config file
    ]


async def test_a_server_that_changes_its_tools_is_catalogued_again(
    concierge: Callable[..., Path],
) -> None:
    model = ScriptedModel(
        call("unlock_reports"), call("quarterly_report", quarter="Q3"), "Revenue is up."
    )
    result, reports = await ask(concierge(), model)
    before, after = ({t.name for t in r.tools} for r in model.requests[:2])
    assert "quarterly_report" not in before and "quarterly_report" in after
    unlocked, report = result.tool_calls
    assert (unlocked.status, report.status) == ("ok", "ok")
    assert report.result == {"result": "Q3: revenue up 4%."}
    (up,) = reports
    assert "quarterly_report" in up.tools


async def test_a_callback_that_fails_is_told_to_the_server_not_left_waiting(
    concierge: Callable[..., Path],
) -> None:
    def broken(request: Any) -> Any:
        raise RuntimeError("the form could not be drawn")

    model = ScriptedModel(
        call("book_table", restaurant="Luigi's"), call("draft_note", topic="x"), "ok"
    )
    result, _ = await ask(concierge(), model, elicit=broken, approve_sampling=broken)
    assert [c.status for c in result.tool_calls] == ["error", "error"]
    assert [(r.kind, r.outcome) for r in result.server_requests] == [
        ("elicitation", "failed"),
        ("sampling", "declined"),
    ]
    assert all("the form could not be drawn" in (r.reason or "") for r in result.server_requests)
