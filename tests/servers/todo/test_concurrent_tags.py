"""Two clients add a tag to the same todo at once through two replicas on one PostgreSQL, each
by reading the todo and sending its whole tag list back (update_todo's tags replace the list):
afterwards either both tags are there or the one that lost was told so with an error result,
never a success whose tag is gone. Through the SDK with ``if_unchanged_since``, and through the
orchestrator's offline router, which fills it from the listing it read."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from tests._http_server import http_process
from tests.servers.todo.conftest import call

pytestmark = [pytest.mark.postgres, pytest.mark.processes]

ROUNDS = 4
ASKED_ROUNDS = 3  # each round starts two orchestrators


async def _tags(client: Client, todo_id: str) -> tuple[list[str], str]:
    body = await call(client, "list_todos", {"status": "all"})
    (todo,) = [t for t in body["todos"] if t["todo_id"] == todo_id]
    return todo["tags"], todo["updated_at"]


async def test_sdk_clients_on_two_replicas_never_lose_a_tag_they_were_told_was_set(
    postgres_url: str,
) -> None:
    with anyio.fail_after(120):
        async with (
            http_process("servers.todo", "--database-url", postgres_url) as one,
            http_process("servers.todo", "--database-url", postgres_url) as two,
            Client(streamable_http_client(one.url)) as first,
            Client(streamable_http_client(two.url)) as second,
        ):
            made = await call(first, "create_todo", {"title": "water the ficus", "tags": ["x"]})
            todo_id = made["todo_id"]
            for r in range(ROUNDS):
                read_both = anyio.Event()
                read: list[str] = []
                outcome: dict[str, dict[str, Any]] = {}

                async def add(
                    client: Client,
                    tag: str,
                    read: list[str] = read,
                    read_both: anyio.Event = read_both,
                    outcome: dict[str, dict[str, Any]] = outcome,
                ) -> None:
                    tags, since = await _tags(client, todo_id)
                    read.append(since)
                    if len(read) == 2:
                        read_both.set()
                    await read_both.wait()  # both hold the same todo before either writes
                    result = await client.call_tool(
                        "update_todo",
                        {"todo_id": todo_id, "tags": [*tags, tag], "if_unchanged_since": since},
                    )
                    body = json.loads(result.content[0].text)  # type: ignore[union-attr]
                    outcome[tag] = {"error": result.is_error, **body}

                async with anyio.create_task_group() as tg:
                    tg.start_soon(add, first, f"a{r}")
                    tg.start_soon(add, second, f"b{r}")
                assert read[0] == read[1]
                tags, _ = await _tags(first, todo_id)
                won = [t for t, o in outcome.items() if not o["error"]]
                lost = [t for t, o in outcome.items() if o["error"]]
                assert len(won) == 1 and len(lost) == 1, outcome
                assert won[0] in tags and lost[0] not in tags
                assert outcome[lost[0]]["error_type"] == "conflict"
                assert "changed since it was read" in outcome[lost[0]]["message"]
                # The loser reads again and adds its tag: now both are there.
                client = first if lost[0].startswith("a") else second
                tags, since = await _tags(client, todo_id)
                again = {"todo_id": todo_id, "tags": [*tags, lost[0]], "if_unchanged_since": since}
                await call(client, "update_todo", again)
            tags, _ = await _tags(second, todo_id)
            assert sorted(tags) == sorted(["x", *(f"{c}{r}" for r in range(ROUNDS) for c in "ab")])


def _config(folder: Path, name: str, url: str) -> Path:
    path = folder / f"{name}.yaml"
    server = {"transport": "streamable_http", "url": url}
    path.write_text(
        json.dumps({"mcp": {"servers": {"todo": server}}, "orchestrator": {"provider": "offline"}}),
        encoding="utf-8",
    )
    return path


async def _ask(config: Path, folder: Path, said: str) -> tuple[int, dict[str, Any]]:
    command = [sys.executable, "-m", "orchestrator", "--config", str(config), "--json", said]
    env = {**os.environ, "XDG_STATE_HOME": str(folder / "state"), "ORCHESTRATOR_DAEMON": "0"}
    with anyio.fail_after(90):
        done = await anyio.run_process(command, env=env, check=False)
    return done.returncode, json.loads(done.stdout)


async def test_orchestrators_on_two_replicas_never_report_a_lost_tag_as_set(
    postgres_url: str, tmp_path: Path
) -> None:
    with anyio.fail_after(300):
        async with (
            http_process("servers.todo", "--database-url", postgres_url) as one,
            http_process("servers.todo", "--database-url", postgres_url) as two,
        ):
            configs = [_config(tmp_path, "one", one.url), _config(tmp_path, "two", two.url)]
            code, made = await _ask(configs[0], tmp_path, "remind me to water the ficus")
            assert code == 0 and made["done"], made
            told_set: set[str] = set()
            for r in range(ASKED_ROUNDS):
                answers: dict[str, tuple[int, dict[str, Any]]] = {}

                async def tag(
                    config: Path,
                    name: str,
                    answers: dict[str, tuple[int, dict[str, Any]]] = answers,
                ) -> None:
                    answers[name] = await _ask(config, tmp_path, f"tag the ficus todo with {name}")

                async with anyio.create_task_group() as tg:
                    tg.start_soon(tag, configs[0], f"a{r}")
                    tg.start_soon(tag, configs[1], f"b{r}")
                async with Client(streamable_http_client(one.url)) as client:
                    (todo,) = (await call(client, "list_todos", {}))["todos"]
                for name, (code, body) in answers.items():
                    if name in todo["tags"]:
                        assert code == 0 and body["done"], body
                        told_set.add(name)
                    else:  # it lost the race: told so, never "Updated"
                        assert code == 1 and body["done"] is False, body
                        assert body["answer"].startswith("That did not work"), body["answer"]
                        assert "changed since it was read" in body["answer"]
                assert told_set <= set(todo["tags"])
