"""Resources and prompts: what servers offer besides tools, listed, read and used.

```python
async with Orchestrator.from_config(None) as orch:
    for r in await orch.resources.list_resources():   # resources and templates, every server
        print(r.server, r.uri, r.description)
    (contents,) = await orch.resources.read("concierge://guide")
    session = orch.session()
    await session.ask("summarise it", context=[contents.as_item()])   # a resource the user names
    prompt = await orch.resources.get_prompt("plan_trip", {"destination": "Oslo"})
    await session.ask(prompt.request, context=prompt.context)        # the prompt, run
```

`Resources` works over the servers that are up (idle ones are started first) and offer the
capability. A URI is read from the server that lists it, else from one whose template matches it
(`server=` picks one); a prompt's name is looked up across servers (`server=` settles a name two
servers share), and its required arguments are checked before it is asked for. A prompt's
messages become the request (its last user message) and the conversation before it; a resource's
contents become a user message naming the URI. Every problem is a `UsageError` saying what is
known instead.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from orchestrator.errors import RequestError, UsageError
from orchestrator.messages import AssistantMessage, Item, UserMessage

if TYPE_CHECKING:
    from mcp import Client

    from orchestrator.discovery import Discovery

__all__ = [
    "ListedPrompt",
    "ListedResource",
    "PromptArgument",
    "ReadPrompt",
    "ResourceContents",
    "Resources",
]

logger = logging.getLogger(__name__)

_PAGES = 100


@dataclass(frozen=True)
class ListedResource:
    """A resource a server lists, or (`template=True`) a URI template it reads."""

    server: str
    uri: str
    name: str
    description: str = ""
    mime_type: str | None = None
    template: bool = False


@dataclass(frozen=True)
class ResourceContents:
    """One part of what reading a URI gave: its text, or the size of its binary data."""

    server: str
    uri: str
    mime_type: str | None
    text: str | None = None
    blob_bytes: int = 0

    def as_text(self) -> str:
        if self.text is not None:
            return self.text
        return f"[binary data, {self.blob_bytes} bytes, {self.mime_type or 'unknown type'}]"

    def as_item(self) -> UserMessage:
        """The contents as a message a model can read."""
        kind = f" ({self.mime_type})" if self.mime_type else ""
        return UserMessage(f"Contents of resource {self.uri}{kind}:\n{self.as_text()}")


@dataclass(frozen=True)
class PromptArgument:
    name: str
    description: str = ""
    required: bool = False


@dataclass(frozen=True)
class ListedPrompt:
    """A prompt a server offers."""

    server: str
    name: str
    description: str = ""
    arguments: tuple[PromptArgument, ...] = ()

    def usage(self) -> str:
        """`plan_trip destination=… [days=…]`"""
        args = [a.name + "=…" if a.required else f"[{a.name}=…]" for a in self.arguments]
        return " ".join([self.name, *args])


@dataclass(frozen=True)
class ReadPrompt:
    """A prompt's messages: the request to ask (its last user message) and what comes before."""

    server: str
    name: str
    messages: tuple[tuple[Literal["user", "assistant"], str], ...]

    @property
    def request(self) -> str:
        users = [i for i, (role, _) in enumerate(self.messages) if role == "user"]
        return self.messages[users[-1]][1] if users else ""

    @property
    def context(self) -> list[Item]:
        users = [i for i, (role, _) in enumerate(self.messages) if role == "user"]
        before = self.messages[: users[-1]] if users else self.messages
        return [UserMessage(t) if r == "user" else AssistantMessage(t) for r, t in before]


class Resources:
    """The resources and prompts of the servers in `discovery`."""

    def __init__(self, discovery: Discovery) -> None:
        self.discovery = discovery

    async def _clients(self, server: str | None, capability: str) -> list[tuple[str, Client]]:
        names = [server] if server else list(self.discovery.reports)
        if server is not None and server not in self.discovery.reports:
            known = ", ".join(self.discovery.reports) or "none"
            raise UsageError(f"no server named {server!r} (known: {known})")
        clients = []
        for name in names:
            report = await self.discovery.ensure(name)
            if report.state != "up":
                if server is not None:
                    raise UsageError(report.describe())
                continue
            client = self.discovery.connection(name).client
            caps = client.server_capabilities if client is not None else None
            if client is not None and caps is not None and getattr(caps, capability) is not None:
                clients.append((name, client))
            elif server is not None:
                raise UsageError(f"server {name!r} offers no {capability}")
        return clients

    async def list_resources(self, server: str | None = None) -> list[ListedResource]:
        """Every resource and resource template, server by server (all pages)."""
        found: list[ListedResource] = []
        for name, client in await self._clients(server, "resources"):
            for page in await _pages(client.list_resources):
                found.extend(
                    ListedResource(
                        name, str(r.uri), r.name, r.description or "", r.mime_type, False
                    )
                    for r in page.resources
                )
            for page in await _pages(client.list_resource_templates):
                found.extend(
                    ListedResource(
                        name, t.uri_template, t.name, t.description or "", t.mime_type, True
                    )
                    for t in page.resource_templates
                )
        return found

    async def read(self, uri: str, server: str | None = None) -> list[ResourceContents]:
        """What `uri` holds, from the server that lists it (or whose template matches it)."""
        # `server=`: started first if idle, and an unknown name is a UsageError
        owner = (
            (await self._clients(server, "resources"))[0][0] if server else await self._owner(uri)
        )
        client = self.discovery.connection(owner).client
        assert client is not None
        from mcp import MCPError  # (loaded already: the client is the SDK's)

        try:
            result = await client.read_resource(uri)
        except MCPError as exc:  # the server's refusal ("No todo with ID ..."), not a crash
            raise RequestError(f"{owner}: {exc.error.message}") from exc
        contents = []
        for part in result.contents:
            text = getattr(part, "text", None)
            blob = getattr(part, "blob", None)
            contents.append(
                ResourceContents(
                    owner,
                    str(part.uri),
                    part.mime_type,
                    text,
                    len(blob) * 3 // 4 if isinstance(blob, str) else 0,
                )
            )
        return contents

    async def _owner(self, uri: str) -> str:
        from mcp.shared.uri_template import UriTemplate

        listed = await self.list_resources()
        for resource in listed:
            if not resource.template and resource.uri == uri:
                return resource.server
        for resource in listed:
            if resource.template:
                try:
                    if UriTemplate.parse(resource.uri).match(uri) is not None:
                        return resource.server
                except ValueError:
                    continue
        known = ", ".join(r.uri for r in listed) or "none"
        raise UsageError(f"no server offers {uri} (resources: {known})")

    async def list_prompts(self, server: str | None = None) -> list[ListedPrompt]:
        """Every prompt, server by server (all pages)."""
        found: list[ListedPrompt] = []
        for name, client in await self._clients(server, "prompts"):
            for page in await _pages(client.list_prompts):
                for p in page.prompts:
                    args = tuple(
                        PromptArgument(a.name, a.description or "", bool(a.required))
                        for a in p.arguments or []
                    )
                    found.append(ListedPrompt(name, p.name, p.description or "", args))
        return found

    async def get_prompt(
        self, name: str, arguments: dict[str, str] | None = None, server: str | None = None
    ) -> ReadPrompt:
        """Prompt `name`'s messages for `arguments` (its required ones checked first)."""
        arguments = dict(arguments or {})
        every = await self.list_prompts(server)
        offered = [p for p in every if p.name == name]
        if not offered:
            known = ", ".join(sorted({p.name for p in every})) or "none"
            raise UsageError(f"no prompt named {name!r} (prompts: {known})")
        if len(offered) > 1:
            servers = ", ".join(p.server for p in offered)
            raise UsageError(f"prompt {name!r} is offered by {servers}: name the server")
        (prompt,) = offered
        missing = [a for a in prompt.arguments if a.required and a.name not in arguments]
        if missing:
            what = ", ".join(
                f"{a.name} ({a.description})" if a.description else a.name for a in missing
            )
            raise UsageError(f"prompt {name!r} needs {what}: {prompt.usage()}")
        unknown = sorted(set(arguments) - {a.name for a in prompt.arguments})
        if unknown:
            raise UsageError(f"prompt {name!r} takes no {', '.join(unknown)}: {prompt.usage()}")
        client = self.discovery.connection(prompt.server).client
        assert client is not None
        from mcp import MCPError

        try:
            result = await client.get_prompt(name, arguments)
        except MCPError as exc:
            raise RequestError(f"{prompt.server}: {exc.error.message}") from exc
        messages = tuple((m.role, _content_text(m.content)) for m in result.messages)
        return ReadPrompt(prompt.server, name, messages)


async def _pages(fetch: Any) -> list[Any]:
    pages = []
    cursor: str | None = None
    for _ in range(_PAGES):
        page = await (fetch(cursor=cursor) if cursor else fetch())
        pages.append(page)
        cursor = page.next_cursor
        if not cursor:
            break
    return pages


def _content_text(content: Any) -> str:
    kind = getattr(content, "type", "")
    if kind == "text":
        return str(content.text)
    if kind == "resource":
        inner = content.resource
        text = getattr(inner, "text", None)
        return f"[resource {inner.uri}]\n{text}" if text is not None else f"[resource {inner.uri}]"
    if kind == "resource_link":
        return f"[resource {content.uri}]"
    return f"[{kind or 'unknown'} content]"
