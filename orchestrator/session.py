"""A conversation: the request, the model's turns, the tool calls, the answer; history kept.

```python
session = orch.session()
r = await session.ask("remind me to buy eggs tomorrow at 3pm")
r = await session.ask("make it high priority")   # "it" = the todo just made
```

Each `ask` adds the request to the history and asks the model with the tools on offer; while the
model asks for tool calls, the `ToolRunner` runs them (those of one turn concurrently) and their
results join the history; the model's words end the turn. A model that streams gives its words
to `on_text` as they come (the chat REPL shows them so). The instructions tell the model the
user's date, time and time zone, unless the session was given a `system_prompt` of its own (the
agents gateway's); `model_settings` go with every turn. The skills of the servers that are up
are offered at each turn (`orchestrator.skills`): named in the instructions, with the two tools
that load them, which the `ToolRunner` answers itself. The tokens of every turn are summed in
the answer's `usage`. The session's `timeout` bounds the whole request, the checks of the
arguments of a renamed tool included; `max_turns` bounds the model's turns in one request.

One request at a time: an `ask` while another is under way on the same session waits for it
(cancelling the one that waits is fine), so their turns never interleave in the history.

If a request fails (the provider, the timeout, the turn limit) or is cancelled, what its tool
calls did stays known: the `RequestError` carries them as `calls` (and `last_calls` has them,
a cancelled request's too), and the history keeps the request and the exchange of every call
that was sent (the model's call and its result), so the next request knows it was done; a
call cut short while under way gets a result saying it may or may not have been done. The
model's request for a call never sent is dropped; when no call was sent, the history is left
as it was.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING

from orchestrator import tracing
from orchestrator._clock import now_line
from orchestrator.errors import RequestError, UsageError
from orchestrator.messages import (
    AssistantMessage,
    Item,
    Question,
    ToolCallItem,
    ToolResultItem,
    UserMessage,
)
from orchestrator.models import (
    Model,
    ModelRequest,
    ModelResponse,
    ModelSettings,
    StreamingModel,
    TextDelta,
    ToolDefinition,
    Usage,
)
from orchestrator.pricing import Price, Spend, cost_of
from orchestrator.result import AskResult, ServerRequest, ToolCall

if TYPE_CHECKING:
    from orchestrator.registry import Choice
    from orchestrator.runner import ToolRunner
    from orchestrator.skills import Skills

__all__ = ["DEFAULT_INSTRUCTIONS", "MAX_TURNS", "Session"]

logger = logging.getLogger(__name__)

DEFAULT_INSTRUCTIONS = (
    "You are an orchestrator. Use the tools offered to do what the user asks, then answer "
    "briefly in plain words from the tools' results. Times are ISO 8601 with an offset, in the "
    "user's local time zone. Do not invent results; say what is missing when a tool fails."
)
MAX_TURNS = 8  # times the model may ask for tools in one request, by default (`max_turns`)


class Session:
    """A conversation with the orchestrator: history kept across `ask` calls, one request at a
    time (a second `ask` waits for the one under way). `max_turns` is how many times the model
    may answer with tool calls in one request before it fails (`MAX_TURNS` by default).
    `last_calls` are the tool calls of the latest request (the one under way while it runs),
    whether it was answered or failed."""

    def __init__(
        self,
        *,
        runner: ToolRunner,
        model: Callable[[], Choice],
        instructions: str | None = None,
        timeout: float | None = None,
        server_requests: list[ServerRequest] | None = None,
        system_prompt: str | None = None,
        model_settings: ModelSettings | None = None,
        prices: Mapping[str, Price] | None = None,
        skills: Skills | None = None,
        max_turns: int = MAX_TURNS,
    ) -> None:
        if isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < 1:
            raise UsageError(f"max_turns: must be a whole number of at least 1, got {max_turns!r}")
        self.runner = runner
        self.skills = skills  # offered to the model when servers list some
        self.server_requests = server_requests if server_requests is not None else []
        self.model = model  # the current choice: the provider can change between requests
        self.extra_instructions = instructions
        self.system_prompt = system_prompt
        self.model_settings = model_settings or ModelSettings()
        self.timeout = timeout
        self.max_turns = max_turns
        self.history: list[Item] = []
        self.last_calls: list[ToolCall] = []
        self._asking = asyncio.Lock()  # one request at a time
        self.id = uuid.uuid4().hex  # gen_ai.conversation.id on its spans
        self.prices = dict(prices or {})
        self.spend = Spend()  # the tokens and cost of every request so far
        self._reported_down: set[str] = set()
        # What a note says when the approver said no (the REPL says how to approve there).
        self.declined_hint = "It was declined when asked; ask again and approve it to do it."

    def instructions(self, skills: str = "") -> str:
        if self.system_prompt is not None:
            return "\n".join(p for p in (self.system_prompt, skills) if p)
        parts = [DEFAULT_INSTRUCTIONS, now_line()]
        if self.extra_instructions:
            parts.append(self.extra_instructions)
        if skills:
            parts.append(skills)
        return "\n".join(parts)

    async def ask(
        self,
        request: str,
        *,
        context: Sequence[Item] = (),
        on_text: Callable[[str], None] | None = None,
    ) -> AskResult:
        """Answer one request (within the session's timeout, if it has one). `context` joins the
        conversation just before it: a resource's contents, a prompt's earlier messages.
        `on_text` is given the model's words as they are generated, when the model streams.
        While another request of this session is under way, it waits for it (the timeout
        counts from when it starts). A `RequestError` carries the tool calls made before it
        failed (`calls`); the history keeps those that were sent (see the module)."""
        if not isinstance(request, str) or not request.strip():
            raise UsageError(f"request: must be a non-empty string, got {request!r:.80}")
        async with self._asking:
            return await self._ask_now(request, context, on_text)

    async def _ask_now(
        self, request: str, context: Sequence[Item], on_text: Callable[[str], None] | None
    ) -> AskResult:
        before = len(self.history)
        calls: list[ToolCall] = []
        self.last_calls = calls
        sent: dict[str, ToolCall] = {}  # by call id: the calls sent to their server
        loop = asyncio.get_running_loop()
        deadline = None if self.timeout is None else loop.time() + self.timeout
        choice = self.model()
        try:
            with tracing.agent_span(choice.name, choice.model_name, self.id, request) as span:
                async with asyncio.timeout_at(deadline):
                    self.history.extend(context)
                    result = await self._ask(request, on_text, deadline, calls, sent)
                tracing.answered(span, result)
                return result
        except TimeoutError as exc:
            self._keep_what_ran(before, calls, sent, f"no answer within {self.timeout:g}s")
            raise RequestError(f"no answer within {self.timeout:g}s", calls=calls) from exc
        except BaseException as exc:
            why = "the request was cancelled"
            if not isinstance(exc, asyncio.CancelledError):
                why = f"the request failed: {exc or type(exc).__name__}"
            self._keep_what_ran(before, calls, sent, why)
            if isinstance(exc, RequestError):
                exc.calls = list(calls)
            raise

    def _keep_what_ran(
        self, before: int, calls: list[ToolCall], sent: dict[str, ToolCall], why: str
    ) -> None:
        """After a failed request, the history from `before` on: nothing when no call was sent;
        else all of it but the model's requests for calls never sent (refused, or cut short
        before they were), each call sent and not answered given a result (and its record in
        `calls`) saying it was interrupted, `why`, and may or may not have been done."""
        if not sent:
            del self.history[before:]
            return
        added = self.history[before:]
        answered = {i.call_id for i in added if isinstance(i, ToolResultItem)}
        kept: list[Item] = []
        cut: list[tuple[ToolCallItem, ToolCall]] = []
        for item in added:
            if isinstance(item, ToolCallItem) and item.call_id not in answered:
                if item.call_id not in sent:
                    continue  # never sent: the model's request for it goes
                cut.append((item, sent[item.call_id]))
            kept.append(item)
        for item, call in cut:
            said = (
                f"{call.tool} was interrupted while under way ({why}): it may or may not have "
                "been done; check before doing it again"
            )
            call.status, call.result = "error", said
            kept.append(ToolResultItem(item.call_id, item.name, said, "error"))
            calls.append(call)
        self.history[before:] = kept

    async def _ask(
        self,
        request: str,
        on_text: Callable[[str], None] | None,
        deadline: float | None,
        calls: list[ToolCall],
        sent: dict[str, ToolCall],
    ) -> AskResult:
        choice = self.model()
        discovery = self.runner.discovery
        asked = len(self.server_requests)
        self.history.append(UserMessage(request))
        usage = Usage(reported=False)
        for _ in range(self.max_turns):
            extra_tools, skills = await self._skills_offered()  # servers up since: theirs too
            turn = ModelRequest(
                self.instructions(skills),
                list(self.history),
                discovery.catalogue.definitions() + extra_tools,
                self.model_settings,
            )
            response = await self._turn(choice, turn, on_text)
            usage += response.usage
            self.history.extend(response.items)
            if not response.tool_calls:
                reply = text = response.text.strip()
                question = _question_of(response.items)
                refused = any(isinstance(i, AssistantMessage) and i.refused for i in response.items)
                break
            await self._run_calls(response.tool_calls, deadline, calls, sent)
        else:
            raise RequestError(
                f"{choice.name} asked for tools {self.max_turns} times without answering (the "
                "limit is `max_turns`: Orchestrator(max_turns=N), or `max_turns` under "
                "`orchestrator:` in the config)"
            )
        if refused and choice.name == "offline":  # made nothing of it: for a server down?
            text = await self._for_a_server_down(choice, request, calls) or text
        requests = self.server_requests[asked:]
        notes = self._notes(calls) + [n for r in requests if (n := r.note())]
        started = [str(c.result) for c in calls if c.status == "started"]
        if started:  # left running (--detach): what is known is that it was started, and where
            text = "\n".join(started)
        if notes:
            text = "\n".join([text, *notes]) if text else "\n".join(notes)
        model = response.model or choice.model.name
        cost = cost_of(choice.name, (choice.model_name or "", model), usage, self.prices)
        self.spend += Spend(usage, cost)
        return AskResult(
            text=text,
            tool_calls=calls,
            degraded=discovery.degraded,
            provider=choice.name,
            servers=[asdict(r) for r in discovery.reports.values()],
            server_requests=requests,
            notes=notes,
            done=self._done(calls) and question is None and not refused,
            question=question,
            refused=refused,
            reply=reply,
            model=model,
            usage=usage,
            cost=cost,
            conversation=self.spend,
        )

    async def _run_calls(
        self,
        items: Sequence[ToolCallItem],
        deadline: float | None,
        calls: list[ToolCall],
        sent: dict[str, ToolCall],
    ) -> None:
        """Run one turn's calls at once; each result joins the history, in the turn's order,
        and its record `calls`; each call sent to its server is in `sent`. When one raises (an
        approver's exception) or the request is cancelled, the others are cancelled too, and
        those that finished are still recorded."""
        runs = [
            asyncio.ensure_future(
                self.runner.run(item, deadline=deadline, on_sent=_sender(sent, item.call_id))
            )
            for item in items
        ]
        try:
            await asyncio.gather(*runs)
        finally:
            for run in runs:
                run.cancel()
            await asyncio.wait(runs)
            for run in runs:
                if not run.cancelled() and run.exception() is None:
                    result, call = run.result()
                    self.history.append(result)
                    calls.append(call)

    async def _for_a_server_down(
        self, choice: Choice, request: str, calls: list[ToolCall]
    ) -> str | None:
        """Why nothing was done, when the offline router made nothing of a request that is for
        a tool of a server that is down: the calls it made, each failed because its server is
        down, with their reasons; with no call, the tool it picks when asked again with those
        servers' tools as last listed (in this run, or the catalogue cache), named with its
        server's reason. None when neither is so (a request it did not understand)."""
        discovery = self.runner.discovery
        if calls:
            down_names = {r.name for r in discovery.down()}
            if all(c.status == "error" and c.server in down_names for c in calls):
                self._reported_down.update(c.server for c in calls)  # said here, not in a note
                return "\n".join(f"{c.tool} was not done: {c.result}" for c in calls)
            return None
        catalogue = discovery.with_down_servers()
        if catalogue is None:
            return None
        turn = ModelRequest("", [UserMessage(request)], catalogue.definitions())
        response = await choice.model.respond(turn)
        down = {r.name: r for r in discovery.down()}
        for call in response.tool_calls:
            tool = catalogue.tools.get(call.name)
            if tool is not None and tool.server in down:
                return (
                    f"That needs {tool.tool_name} of server {tool.server!r}, which is down "
                    f"({down[tool.server].reason}), so nothing was done."
                )
        return None

    async def _skills_offered(self) -> tuple[list[ToolDefinition], str]:
        """The tools and instructions offering the skills of the servers that are up (listed
        once per connection; none read); none when a server's tool has a skill tool's name."""
        if self.skills is None:
            return [], ""
        from orchestrator.skills import offer

        tools, text = offer(await self.skills.offered())
        taken = [t.name for t in tools if t.name in self.runner.discovery.catalogue.tools]
        if taken:
            logger.warning("skills not offered: a server's tool is named %s", ", ".join(taken))
            return [], ""
        return tools, text

    async def _turn(
        self, choice: Choice, turn: ModelRequest, on_text: Callable[[str], None] | None
    ) -> ModelResponse:
        """One model turn, in its `chat {model}` span."""
        model = choice.model_name or choice.model.name
        streams = on_text is not None and isinstance(choice.model, StreamingModel)
        with tracing.chat_span(choice.name, model, self.id, turn, streams) as span:
            response = await _respond(choice.model, turn, on_text)
            tracing.responded(span, response)
        return response

    def _done(self, calls: list[ToolCall]) -> bool:
        """Whether the request was carried out (see `AskResult.done`)."""
        discovery = self.runner.discovery
        down = {r.name for r in discovery.down()}
        failed = [c for c in calls if c.status == "error"]
        if calls and len(failed) == len(calls):
            return False
        if any(c.status == "not_executed" for c in calls):  # a write not confirmed: not done
            return False
        if any(c.server in down for c in failed):
            return False
        if self._action_failed(calls):
            return False
        return bool(calls) or bool(discovery.catalogue.tools) or not down

    def _action_failed(self, calls: list[ToolCall]) -> bool:
        """Whether what the request set out to do failed, whatever lookups went well before it:
        a write (a tool its server does not mark read-only) that failed with no later success of
        the same tool (a retry that worked), or, when every call was a read, the last of them."""
        tools = self.runner.discovery.catalogue.tools
        writes = [c for c in calls if (t := tools.get(c.tool)) is not None and not t.read_only]
        if not writes:
            return bool(calls) and calls[-1].status == "error"
        for i, call in enumerate(writes):
            retried = any(c.tool == call.tool and c.status == "ok" for c in writes[i + 1 :])
            if call.status == "error" and not retried:
                return True
        return False

    def _notes(self, calls: list[ToolCall]) -> list[str]:
        notes = []
        for call in calls:
            if call.status == "not_executed":
                args = ", ".join(f"{k}={v!r}" for k, v in call.arguments.items())
                if self.runner.approve is None:  # nobody was asked: the command line, no --yes
                    hint = "Run again with --yes, or approve it in the library, to do it."
                    notes.append(f"Not done (needs confirmation): {call.tool}({args}). {hint}")
                elif isinstance(call.result, str):  # the approver's answer was not True/False
                    notes.append(f"Not done: {call.tool}({args}). {call.result}.")
                else:
                    notes.append(f"Not done: {call.tool}({args}). {self.declined_hint}")
        for report in self.runner.discovery.down():
            if report.name not in self._reported_down:
                self._reported_down.add(report.name)
                again = "; it is being started again in the background" if report.retry else ""
                notes.append(
                    f"Note: server {report.name!r} is unavailable "
                    f"({report.reason}); its tools were not used{again}."
                )
        return notes


def _sender(sent: dict[str, ToolCall], call_id: str) -> Callable[[ToolCall], None]:
    """What records the call `call_id` as sent, with its record."""

    def record(call: ToolCall) -> None:
        sent[call_id] = call

    return record


def _question_of(items: Sequence[Item]) -> Question | None:
    """The question the model's reply asks the user, if it asks one."""
    for item in items:
        if isinstance(item, AssistantMessage) and item.question is not None:
            return item.question
    return None


async def _respond(
    model: Model, request: ModelRequest, on_text: Callable[[str], None] | None
) -> ModelResponse:
    """One model turn, streamed to `on_text` when the model can stream."""
    if on_text is None or not isinstance(model, StreamingModel):
        return await model.respond(request)
    response: ModelResponse | None = None
    async for event in model.stream(request):
        if isinstance(event, TextDelta):
            on_text(event.text)
        else:
            response = event
    if response is None:
        raise RequestError(f"{model.name} ended its stream without a reply")
    return response
