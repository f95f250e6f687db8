"""An address book in a JavaScript-minded third party's style: camelCase tool and parameter
names (`createContact`, `firstName`, `contactId`), integer ids, a `searchContacts` tool that is
the only way to find someone, and interactions logged against a contact's id."""

from __future__ import annotations

from datetime import date as Date
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from tests.offline_eval.servers._state import load, save

mcp = MCPServer("rolodex")

_READ = ToolAnnotations(read_only_hint=True)
_WRITE = ToolAnnotations(read_only_hint=False, destructive_hint=False)
_EMAIL = {"format": "email"}
_DAY = {"format": "date"}


class Contact(BaseModel):
    id: int
    firstName: str
    lastName: str | None = None
    email: str | None = None
    phone: str | None = None
    company: str | None = None
    notes: str | None = None


class Interaction(BaseModel):
    id: int
    contactId: int
    kind: str
    date: str
    summary: str | None = None


class Contacts(BaseModel):
    contacts: list[Contact]


class Interactions(BaseModel):
    interactions: list[Interaction]


def _state() -> dict:
    state = load()
    state.setdefault("contacts", {})
    state.setdefault("interactions", {})
    state.setdefault("next", 1)
    return state


def _contact(state: dict, contact_id: int) -> dict:
    found = state["contacts"].get(str(contact_id))
    if found is None:
        raise ToolError(f"no contact with id {contact_id}")
    return found


@mcp.tool(name="createContact", description="Add a person to the address book", annotations=_WRITE)
def create_contact(
    firstName: Annotated[str, Field(min_length=1, description="given name")],
    lastName: Annotated[str | None, Field(description="family name")] = None,
    email: Annotated[
        str | None, Field(description="email address", json_schema_extra=_EMAIL)
    ] = None,
    phone: Annotated[str | None, Field(description="phone number")] = None,
    company: Annotated[str | None, Field(description="where they work")] = None,
    notes: Annotated[str | None, Field(description="anything else worth remembering")] = None,
) -> Contact:
    state = _state()
    contact = Contact(
        id=state["next"],
        firstName=firstName,
        lastName=lastName,
        email=email,
        phone=phone,
        company=company,
        notes=notes,
    )
    state["contacts"][str(contact.id)] = contact.model_dump()
    state["next"] += 1
    save(state)
    return contact


@mcp.tool(
    name="searchContacts",
    description="Find contacts whose name, email or company contains the query",
    annotations=_READ,
)
def search_contacts(
    query: Annotated[str, Field(min_length=1, description="text to look for")],
) -> Contacts:
    words = query.lower().split()
    found = []
    for raw in _state()["contacts"].values():
        contact = Contact(**raw)
        hay = " ".join(
            v for v in (contact.firstName, contact.lastName, contact.email, contact.company) if v
        ).lower()
        if all(w in hay for w in words):
            found.append(contact)
    return Contacts(contacts=found)


@mcp.tool(name="getContact", description="One contact's details", annotations=_READ)
def get_contact(
    contactId: Annotated[int, Field(description="the contact's id")],
) -> Contact:
    return Contact(**_contact(_state(), contactId))


@mcp.tool(
    name="updateContact",
    description="Change a contact's email, phone, company or notes",
    annotations=_WRITE,
)
def update_contact(
    contactId: Annotated[int, Field(description="the contact's id")],
    email: Annotated[str | None, Field(description="new email address")] = None,
    phone: Annotated[str | None, Field(description="new phone number")] = None,
    company: Annotated[str | None, Field(description="new company")] = None,
    notes: Annotated[str | None, Field(description="new notes")] = None,
) -> Contact:
    state = _state()
    contact = _contact(state, contactId)
    for key, value in (("email", email), ("phone", phone), ("company", company), ("notes", notes)):
        if value is not None:
            contact[key] = value
    save(state)
    return Contact(**contact)


@mcp.tool(
    name="deleteContact",
    description="Remove a contact",
    annotations=ToolAnnotations(destructive_hint=True),
)
def delete_contact(
    contactId: Annotated[int, Field(description="the contact's id")],
) -> Contact:
    state = _state()
    gone = _contact(state, contactId)
    del state["contacts"][str(contactId)]
    save(state)
    return Contact(**gone)


@mcp.tool(
    name="logInteraction",
    description="Record a call, email, meeting or message with a contact",
    annotations=_WRITE,
)
def log_interaction(
    contactId: Annotated[int, Field(description="the contact's id")],
    kind: Annotated[Literal["call", "email", "meeting", "message"], Field(description="how")],
    date: Annotated[
        str | None, Field(description="when (YYYY-MM-DD)", json_schema_extra=_DAY)
    ] = None,
    summary: Annotated[str | None, Field(description="what it was about")] = None,
) -> Interaction:
    state = _state()
    _contact(state, contactId)
    day = Date.fromisoformat(date).isoformat() if date else Date.today().isoformat()
    interaction = Interaction(
        id=state["next"], contactId=contactId, kind=kind, date=day, summary=summary
    )
    state["interactions"][str(interaction.id)] = interaction.model_dump()
    state["next"] += 1
    save(state)
    return interaction


@mcp.tool(
    name="listInteractions",
    description="The calls, emails, meetings and messages logged with a contact",
    annotations=_READ,
)
def list_interactions(
    contactId: Annotated[int, Field(description="the contact's id")],
) -> Interactions:
    found = [
        Interaction(**raw)
        for raw in _state()["interactions"].values()
        if raw["contactId"] == contactId
    ]
    return Interactions(interactions=found)


if __name__ == "__main__":
    mcp.run()
