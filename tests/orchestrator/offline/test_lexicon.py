"""The lexicon is the router's one vocabulary: tests generated from it (each verb, phrasal verb,
statement and noun synonym reaches its action or its tool), and the code holds no word of its own
(no word list inside a function body) and no import circle."""

from __future__ import annotations

import ast
import dataclasses
import logging
import re
from pathlib import Path
from typing import get_args

import pytest

from orchestrator import ToolDefinition, UserMessage
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from orchestrator.offline._tokens import param_words, singular
from orchestrator.offline.lexicon import KINDS, LEXICON
from orchestrator.offline.lexicon_tools import TOOL_WORDS

OFFLINE = Path(__file__).resolve().parents[3] / "orchestrator" / "offline"
_ACTION = re.compile(r"action (\w+) \(([^)]*)\)")
_STRING = {"type": "object", "properties": {"text": {"type": "string"}}}
TOOLS = [ToolDefinition("list_widgets", "List widgets", _STRING, read_only=True)]


async def _action(text: str, caplog: pytest.LogCaptureFixture) -> str:
    """The kind of action the router read `text` as (from its log)."""
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="orchestrator.offline"):
        await OfflineRouter().respond(ModelRequest("", [UserMessage(text)], TOOLS))
    found = _ACTION.search(caplog.text)
    assert found, caplog.text
    return found.group(1)


VERBS = [(word, kind) for kind, _, words in LEXICON.verb_groups for word in words.split()]


@pytest.mark.parametrize(("verb", "kind"), VERBS, ids=[v for v, _ in VERBS])
async def test_each_verb_reaches_its_kind_of_action(
    verb: str, kind: str, caplog: pytest.LogCaptureFixture
) -> None:
    said = f"{verb} a widget" if verb in LEXICON.article_create_verbs else f"{verb} widgets"
    assert await _action(said, caplog) == kind


@pytest.mark.parametrize("verb", LEXICON.article_create_verbs)
async def test_a_verb_that_creates_only_before_an_article_changes_otherwise(
    verb: str, caplog: pytest.LogCaptureFixture
) -> None:
    assert await _action(f"{verb} widgets", caplog) == "update"


PHRASAL = sorted(LEXICON.phrasal.items())


@pytest.mark.parametrize(("phrase", "means"), PHRASAL, ids=[p for p, _ in PHRASAL])
async def test_each_phrasal_verb_reaches_its_action(
    phrase: str, means: tuple[str, str], caplog: pytest.LogCaptureFixture
) -> None:
    assert await _action(f"{phrase} widgets", caplog) == means[0]


DECLARED = sorted(LEXICON.declare.items())


@pytest.mark.parametrize(("word", "means"), DECLARED, ids=[w for w, _ in DECLARED])
async def test_each_statement_reaches_its_action(
    word: str, means: tuple[str, str], caplog: pytest.LogCaptureFixture
) -> None:
    assert await _action(f"I {word} the widgets", caplog) == means[0]


def _noun_tool(noun: str) -> ToolDefinition:
    return ToolDefinition(f"list_{noun}_things", f"List {noun} things", _STRING, read_only=True)


CLUSTERS = [
    (word, group.split()[0])
    for group in LEXICON.noun_clusters
    for word in group.split()[1:]
    if word not in LEXICON.verbs and "-" not in word
]


@pytest.mark.parametrize(("word", "noun"), CLUSTERS, ids=[f"{w}-{n}" for w, n in CLUSTERS])
async def test_each_noun_synonym_picks_the_tool_of_its_noun(word: str, noun: str) -> None:
    tools = [_noun_tool("gadget"), _noun_tool(noun)]
    request = ModelRequest("", [UserMessage(f"list the {word} things")], tools)
    step = await OfflineRouter().respond(request)
    assert [c.name for c in step.tool_calls] == [f"list_{noun}_things"], step.text


@pytest.mark.parametrize(
    ("word", "english"),
    [(w, e) for words in TOOL_WORDS.values() for w, e in words.items()],
)
def test_each_tool_word_of_another_language_means_its_english_word(word: str, english: str) -> None:
    """A tool's word in another language (`lexicon_tools`) is read as the English word it
    means: a verb of the same action and group, or a noun of the same cluster; in a parameter's
    name, that word (a phrase of two, `no hp`, in a parameter's name only)."""
    assert param_words(word.replace(" ", "_")) == tuple(singular(e) for e in english.split())
    if " " in word:
        assert word not in LEXICON.clusters and word not in LEXICON.verbs
    elif english in LEXICON.verbs:
        assert LEXICON.verbs[word] == LEXICON.verbs[english]
    else:
        assert english in LEXICON.clusters[word] and word in LEXICON.clusters[english]


def test_the_lexicon_and_its_weights_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        LEXICON.fillers = frozenset()  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        LEXICON.weights.margin = 0.0  # type: ignore[misc]
    with pytest.raises(TypeError):
        LEXICON.phrasal["say hi"] = ("create", "create")  # type: ignore[index]


# -- the code holds no words ---------------------------------------------------------------------
def _identifiers() -> set[str]:
    """Strings the code may hold: names of roles, kinds, states and JSON Schema keywords, the
    lexicon's sentence keys (identifiers, not English)."""
    from orchestrator.offline import _tools, _values

    names = set(get_args(_tools.Role)) | set(KINDS) | set(LEXICON.answers)
    names |= set(get_args(_values.ValueKind))  # "money", "percent": kinds of typed values
    names |= set(
        [
            "string",
            "integer",
            "number",
            "boolean",
            "array",
            "object",
            "null",
            "date",
            "date-time",
            "uri",
            "url",
            "email",
            "uuid",
            "time",
            "ready",
            "list",
            "missing",
            "invalid",
            "not_found",
            "ambiguous",
            "bulk",
            "unchanged",
            "unaccounted",
            "money",
            "quantity",
            "phone",
            "name",
            "zone",
            "moment",
            "day",
            "week",
            "month",
            "range",
            "chunk",
            "weights",
            "quoted",
            "hashtag",
            "sha",
            "duration",
            "ident",
            "path",
            "word",
            "other",
            "punct",
            "ok",
            "error",
            "not_executed",
            "minimum",
            "maximum",
        ]
    )
    return names


def _word_lists(path: Path, allowed: set[str]) -> list[str]:
    found = []
    for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(fn):
            strings: list[str] = []
            if isinstance(node, ast.Tuple | ast.List | ast.Set):
                strings = [
                    e.value
                    for e in node.elts
                    if isinstance(e, ast.Constant) and isinstance(e.value, str)
                ]
                strings = strings if len(strings) >= 2 else []
            elif isinstance(node, ast.Compare):
                strings = [
                    c.value
                    for c in node.comparators
                    if isinstance(c, ast.Constant) and isinstance(c.value, str)
                ]
            words = [s for s in strings if re.fullmatch(r"[a-z][a-z' -]+", s) and s not in allowed]
            if words:
                found.append(f"{path.name}:{node.lineno}: {words}")
    return found


def test_no_word_of_english_inside_a_function_body() -> None:
    allowed = _identifiers()
    found = [
        line
        for path in sorted(OFFLINE.glob("*.py"))
        if not path.name.startswith("lexicon_en")
        for line in _word_lists(path, allowed)
    ]
    assert not found, "words belong in lexicon_en*.py:\n" + "\n".join(found)


def test_the_scan_finds_a_word_list_where_there_is_one(tmp_path: Path) -> None:
    planted = tmp_path / "_planted.py"
    planted.write_text("def f(w):\n    return w in ('please', 'thanks')\n", encoding="utf-8")
    assert _word_lists(planted, _identifiers()) == ["_planted.py:2: ['please', 'thanks']"]


def _imports() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in OFFLINE.glob("*.py"):
        deps = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "orchestrator.offline."
            ):
                deps.add(str(node.module).rsplit(".", 1)[1])
        graph[path.stem] = deps
    return graph


def test_no_import_circle_inside_the_offline_router() -> None:
    graph = _imports()
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, "import circle: " + " -> ".join((*path, module))
        if module in done:
            return
        for dep in sorted(graph.get(module, ())):
            visit(dep, (*path, module))
        done.add(module)

    for module in sorted(graph):
        visit(module, ())
