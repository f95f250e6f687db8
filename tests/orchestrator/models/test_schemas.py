"""Awkward real-world tool schemas (`_real_schemas`), sent by each provider's model through its
real SDK to the loopback fake of its API: what each vendor receives is what it accepts."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import anyio
import pytest

from orchestrator.messages import UserMessage
from orchestrator.models import ModelRequest, ToolDefinition
from orchestrator.models.schema import for_gemini, for_openai, object_root, per_tool
from orchestrator.registry import get_provider
from orchestrator.testing.vendors import anthropic as anthropic_fake
from orchestrator.testing.vendors import gemini as gemini_fake
from orchestrator.testing.vendors.openai import fake_openai, text
from tests.orchestrator.models._real_schemas import (
    CREATE_PULL_REQUEST_REVIEW,
    EDIT_FILE,
    PUSH_FILES,
    python_sdk_schema,
)

NO_PARAMETERS = {"type": "object", "properties": {}}
# The subset of JSON Schema Gemini documents for function declarations.
GEMINI_KEYWORDS = {
    "type", "description", "enum", "format", "items", "prefixItems", "minItems", "maxItems",
    "minimum", "maximum", "minLength", "maxLength", "pattern", "properties", "required", "anyOf",
    "nullable", "propertyOrdering", "minProperties", "maxProperties",
}  # fmt: skip


async def tools() -> list[ToolDefinition]:
    return [
        ToolDefinition("edit_file", "Edit a file", EDIT_FILE),
        ToolDefinition("push_files", "Push files", PUSH_FILES),
        ToolDefinition("create_pull_request_review", "Review", CREATE_PULL_REQUEST_REVIEW),
        ToolDefinition("schedule", "Schedule an event", await python_sdk_schema()),
        ToolDefinition("get_me", "Who am I", NO_PARAMETERS),
        ToolDefinition("either", "A union at the top", {
            "oneOf": [
                {"properties": {"id": {"type": "string"}}, "required": ["id"]},
                {"properties": {"id": {"type": "string"}, "name": {"type": "string"}},
                 "required": ["id", "name"]},
            ]
        }),
    ]  # fmt: skip


def schema_of(declaration: dict[str, Any]) -> Any:
    """A Gemini declaration's JSON Schema; the SDK writes the field in snake or camel case."""
    return declaration.get("parametersJsonSchema", declaration.get("parameters_json_schema"))


def request(definitions: list[ToolDefinition]) -> ModelRequest:
    return ModelRequest("Be brief.", [UserMessage("hi")], definitions)


def walk(node: Any, path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every schema in `node` (properties, items, unions), with where it is."""
    if not isinstance(node, dict):
        return
    yield path, node
    for name, sub in (node.get("properties") or {}).items():
        yield from walk(sub, f"{path}.{name}")
    if isinstance(node.get("items"), dict):
        yield from walk(node["items"], f"{path}[]")
    for key in ("anyOf", "oneOf", "allOf", "prefixItems"):
        for i, sub in enumerate(node.get(key) or ()):
            yield from walk(sub, f"{path}.{key}[{i}]")


def assert_tops_are_objects(schemas: dict[str, dict[str, Any]]) -> None:
    for name, schema in schemas.items():
        assert schema["type"] == "object" and "properties" in schema, name
        assert not {"anyOf", "oneOf", "allOf"} & set(schema), name


async def test_openai_gets_items_on_every_array_and_an_object_on_top(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    definitions = await tools()
    before = copy.deepcopy([d.input_schema for d in definitions])
    with fake_openai(text("ok")) as fake:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
        monkeypatch.setenv("OPENAI_BASE_URL", fake.url + "/v1")
        model = get_provider("openai").model("gpt-4.1-mini", None)
        with anyio.fail_after(60):
            await model.respond(request(definitions))
    sent = {name: tool["parameters"] for name, tool in fake.completions[0].tools.items()}
    assert_tops_are_objects(sent)
    for name, schema in sent.items():
        for where, node in walk(schema):
            if node.get("type") == "array":
                assert "items" in node, f"{name}{where}: array schema missing items"
    assert sent["push_files"]["properties"]["files"]["items"] == {}
    assert sent["edit_file"] == EDIT_FILE  # OpenAI takes it as it is
    assert sent["either"]["required"] == ["id"] and set(sent["either"]["properties"]) == {
        "id",
        "name",
    }
    assert [d.input_schema for d in definitions] == before  # the catalogue's are untouched


async def test_anthropic_gets_an_object_on_top_and_the_rest_as_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    definitions = await tools()
    with anthropic_fake.fake_anthropic() as fake:
        fake.reply(anthropic_fake.message(anthropic_fake.text("ok")))
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.url)
        model = get_provider("anthropic").model(anthropic_fake.MODEL, None)
        with anyio.fail_after(60):
            await model.respond(request(definitions))
    sent = {t["name"]: t["input_schema"] for t in fake.requests[0].body["tools"]}
    assert_tops_are_objects(sent)
    for definition in definitions:
        if definition.name != "either":
            assert sent[definition.name] == definition.input_schema  # $defs and all: accepted
    assert sent["either"] == object_root(definitions[-1].input_schema)


async def test_gemini_gets_refs_resolved_and_only_its_keywords(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    definitions = await tools()
    with gemini_fake.fake_gemini() as fake:
        fake.reply(gemini_fake.content(gemini_fake.text("ok")))
        monkeypatch.setenv("GEMINI_API_KEY", "AIza-test")
        monkeypatch.setenv("GEMINI_BASE_URL", fake.url)
        model = get_provider("gemini").model(gemini_fake.MODEL, None)
        with anyio.fail_after(60):
            await model.respond(request(definitions))
    declarations = {d["name"]: d for d in fake.requests[0].body["tools"][0]["functionDeclarations"]}
    assert schema_of(declarations["get_me"]) is None  # no parameters: left unset
    sent = {name: schema_of(d) for name, d in declarations.items() if name != "get_me"}
    assert_tops_are_objects(sent)
    for name, schema in sent.items():
        for where, node in walk(schema):
            assert set(node) <= GEMINI_KEYWORDS, f"{name}{where}: {set(node) - GEMINI_KEYWORDS}"
            if node.get("type") == "array":
                assert "items" in node, f"{name}{where}"
            for required in node.get("required") or ():
                assert required in node["properties"], f"{name}{where}: {required}"
    schedule = sent["schedule"]["properties"]
    # the nested models are inlined; the recursive one stops at one level
    assert schedule["event"]["properties"]["where"]["properties"]["city"] == {"type": "string"}
    children = schedule["event"]["properties"]["category"]["properties"]["children"]
    assert children["items"]["type"] == "object" and "recursive" in children["items"]["description"]
    assert schedule["priority"]["enum"] == ["low", "normal", "urgent"]
    assert schedule["notes"] == {"type": "string", "nullable": True}
    assert (
        "above 0" in schedule["attendees"]["description"].lower()
    )  # exclusiveMinimum, kept in words
    assert schedule["event"]["properties"]["starts"]["format"] == "date-time"
    edits = sent["edit_file"]["properties"]
    assert edits["dryRun"]["description"].endswith("(default: false)")
    review = sent["create_pull_request_review"]["properties"]["comments"]["items"]["anyOf"]
    assert [sorted(b["required"]) for b in review] == [
        ["body", "path", "position"],
        ["body", "line", "path"],
    ]
    assert sent["push_files"]["properties"]["files"]["items"] == {}
    assert sent == {d.name: for_gemini(d.input_schema) for d in definitions if d.name in sent}


def test_per_tool_converts_a_tool_once_while_its_schema_object_is_the_same() -> None:
    seen: list[str] = []

    @per_tool
    def convert(tool: ToolDefinition) -> dict[str, Any]:
        seen.append(tool.name)
        return for_openai(tool.input_schema)

    schema: dict[str, Any] = {"properties": {"tags": {"type": "array"}}}
    tool = ToolDefinition("tag", "Tags", schema)
    first = convert(tool)
    assert convert(ToolDefinition("tag", "Tags", schema)) is first  # a new definition, same schema
    assert first["properties"]["tags"]["items"] == {}
    assert "items" not in schema["properties"]["tags"], "the input is not changed"
    renamed = convert(ToolDefinition("tag2", "Tags", schema))
    other = convert(ToolDefinition("tag", "Tags", {"properties": {"n": {"type": "integer"}}}))
    assert other["properties"] == {"n": {"type": "integer"}}
    assert renamed is not first
    assert seen == ["tag", "tag2", "tag"]
