"""An MCP server that uses the client side of the protocol (`orchestrator.testing`): it asks the
user for details (elicitation), drafts text with the client's model (sampling), looks at the
client's roots, offers resources and prompts, and grows a tool at run time (tools/list_changed).

It is written for both wires. On the 2025-11-25 handshake it asks mid-call over the back-channel
(`elicitation/create`, `sampling/createMessage`, `roots/list`, then
`notifications/tools/list_changed`); on 2026-07-28, which has no back-channel, it answers
`input_required` with the same requests and finishes when the client retries with the answers,
and announces changed tools on the client's `subscriptions/listen` stream. The SDK's resolvers
(`Resolve(...)` returning `Elicit`, `Sample`, `ListRoots`) pick the wire's way; the URL-mode
question is asked by hand (no resolver asks one).

| tool                      | what it does                                                     |
|---------------------------|------------------------------------------------------------------|
| `book_table(restaurant)`  | asks for party size, date, seating and a VIP flag (elicitation)  |
| `open_account_page()`     | asks the user to visit a URL (URL-mode elicitation)              |
| `draft_note(topic)`       | asks the client's model for a short note (sampling)              |
| `show_roots()`            | the roots the client offers                                      |
| `unlock_reports()`        | adds `quarterly_report` and tells the client its tools changed   |
| `a_tool_whose_name...`    | a 70-character name, beyond what providers take                 |

Resources: `concierge://guide` (text), `concierge://menu.json` (JSON), and the template
`concierge://rooms/{number}`. Prompts: `plan_trip(destination, days)` (a user message), and
`review(text)` (a user message, an assistant message, then a user message).
"""

from __future__ import annotations

import json
import warnings
from typing import Annotated, Literal

from mcp.server.elicitation import ElicitationResult
from mcp.server.mcpserver import Context, Elicit, ListRoots, MCPServer, Resolve, Sample
from mcp.server.mcpserver.prompts.base import AssistantMessage, Message, UserMessage
from mcp.shared.exceptions import MCPDeprecationWarning
from mcp_types import (
    CreateMessageResult,
    ElicitRequest,
    ElicitRequestURLParams,
    ElicitResult,
    InputRequiredResult,
    ListRootsResult,
    SamplingMessage,
    TextContent,
)
from mcp_types.version import MODERN_PROTOCOL_VERSIONS
from pydantic import BaseModel, Field

# Sampling and roots are deprecated from protocol 2026-07-28 (where they ride `input_required`
# instead); clients on the handshake-era protocol still use them.
warnings.simplefilter("ignore", MCPDeprecationWarning)

mcp = MCPServer("concierge", instructions="A concierge: bookings, notes, a guide.")
LONG_NAME = "a_tool_whose_name_is_far_longer_than_any_provider_accepts_for_a_function"


class Booking(BaseModel):
    party_size: int = Field(ge=1, le=12, description="How many people")
    date: str = Field(description="Which day", json_schema_extra={"format": "date"})
    seating: Literal["indoor", "outdoor"] = Field("indoor", description="Where to sit")
    vip: bool = Field(False, description="A VIP table")


def ask_booking(restaurant: str) -> Elicit[Booking]:
    return Elicit(f"Booking at {restaurant}: a few details, please.", Booking)


@mcp.tool(description="Book a table at a restaurant; asks the user for the details")
async def book_table(
    restaurant: Annotated[str, Field(description="the restaurant")],
    answer: Annotated[ElicitationResult[Booking], Resolve(ask_booking)],
) -> str:
    if answer.action != "accept":
        return f"No booking: the user chose to {answer.action}."
    b = answer.data
    vip = " (VIP)" if b.vip else ""
    return f"Booked {restaurant} for {b.party_size} on {b.date}, {b.seating}{vip}."


@mcp.tool(description="Ask the user to open their account page")
async def open_account_page(ctx: Context) -> str | InputRequiredResult:
    message, url, link = "Sign in to link your account.", "https://concierge.example/account", "1"
    if ctx.protocol_version not in MODERN_PROTOCOL_VERSIONS:
        answer = await ctx.elicit_url(message, url, link)
        return f"The user chose to {answer.action}."
    answered = (ctx.input_responses or {}).get("account")
    if not isinstance(answered, ElicitResult):
        params = ElicitRequestURLParams(message=message, url=url, elicitation_id=link)
        return InputRequiredResult(input_requests={"account": ElicitRequest(params=params)})
    return f"The user chose to {answered.action}."


def ask_for_a_note(topic: str) -> Sample:
    return Sample(
        [SamplingMessage(role="user", content=TextContent(type="text", text=f"A note on {topic}"))],
        max_tokens=200,
        system_prompt="You write one-line notes.",
    )


@mcp.tool(description="Draft a short note on a topic with the client's language model")
async def draft_note(
    topic: Annotated[str, Field(description="what about")],
    result: Annotated[CreateMessageResult, Resolve(ask_for_a_note)],
) -> str:
    text = result.content.text if isinstance(result.content, TextContent) else "(no text)"
    return f"{result.model} wrote: {text}"


def ask_for_roots() -> ListRoots:
    return ListRoots()


@mcp.tool(description="Show the folders (roots) the client offers")
async def show_roots(roots: Annotated[ListRootsResult, Resolve(ask_for_roots)]) -> str:
    return json.dumps([{"uri": str(r.uri), "name": r.name} for r in roots.roots])


async def quarterly_report(quarter: Annotated[str, Field(description="e.g. Q3")]) -> str:
    """Numbers for one quarter."""
    return f"{quarter}: revenue up 4%."


@mcp.tool(description="Unlock the reports tool (the tool list changes)")
async def unlock_reports(ctx: Context) -> str:
    mcp.add_tool(quarterly_report, description="The quarterly report for one quarter")
    await ctx.session.send_tool_list_changed()  # the handshake's notification (dropped on 2026)
    await ctx.notify_tools_changed()  # 2026-07-28: to each `subscriptions/listen` stream
    return "Reports unlocked."


@mcp.tool(name=LONG_NAME, description="A tool with a very long name")
def long_named() -> str:
    return "long name reached"


@mcp.resource("concierge://guide", mime_type="text/plain", description="How the concierge works")
def guide() -> str:
    return "The concierge books tables and drafts notes. Ask for anything."


@mcp.resource("concierge://menu.json", mime_type="application/json", description="Today's menu")
def menu() -> str:
    return json.dumps({"starter": "soup", "main": "risotto"})


@mcp.resource("concierge://rooms/{number}", description="One room's details")
def room(number: str) -> str:
    if not number.isdigit():  # a read the server refuses (the SDK says so in its own words)
        raise ValueError(f"no room {number!r}: rooms are numbered")
    return f"Room {number}: sea view, two beds."


@mcp.prompt(description="Plan a trip")
def plan_trip(destination: str, days: str = "3") -> str:
    if not days.isdigit():  # a prompt the server refuses
        raise ValueError(f"days must be a number of days, not {days!r}")
    return f"Plan a {days}-day trip to {destination}."


@mcp.prompt(description="Review a text, with an example exchange first")
def review(text: str) -> list[Message]:
    return [
        UserMessage("Review this: the cat sat."),
        AssistantMessage("Short and clear."),
        UserMessage(f"Review this: {text}"),
    ]


if __name__ == "__main__":
    mcp.run()
