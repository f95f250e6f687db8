"""A parameter no example describes takes the description of the parameter of the same name
elsewhere on its server that gives one: `get_flight_status(flight_number)`, "The flight
number.", is described as `book_reservation`'s flights' `flight_number` is ("Flight number,
such as 'HAT001'"), so "is HAT045 on time today?" says a flight number in its shape. One name
on one server means one thing; a description that gives no example borrows none."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["described_alike"]


def _descriptions(schema: Any, out: dict[str, str]) -> None:
    """Each property's description that gives an example, by name, however deep it is."""
    if isinstance(schema, list):
        for item in schema:
            _descriptions(item, out)
        return
    if not isinstance(schema, dict):
        return
    props = schema.get("properties")
    if isinstance(props, dict):
        for name, prop in props.items():
            said = prop.get("description") if isinstance(prop, dict) else None
            if isinstance(said, str) and any(lead in said.lower() for lead in LEX.example_leads):
                out.setdefault(name, said.lower())
    for value in schema.values():
        _descriptions(value, out)


def described_alike(views: list[ToolView], schemas: Mapping[str, Any]) -> list[ToolView]:
    """`views`, each parameter no example describes given its server's description of the same
    name that gives one (see the module docstring)."""
    by_server: dict[str, dict[str, str]] = {}
    for view in views:
        _descriptions(schemas.get(view.name), by_server.setdefault(view.server, {}))
    out = []
    for view in views:
        known = by_server.get(view.server, {})
        borrowed = {
            name: replace(param, describe=known[name])
            for name, param in view.params.items()
            if name in known
            and not any(lead in (param.describe or param.own) for lead in LEX.example_leads)
        }
        out.append(replace(view, params={**view.params, **borrowed}) if borrowed else view)
    return out
