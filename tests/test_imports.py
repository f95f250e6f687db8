"""The import graph of `orchestrator` and `servers`, read from the source with `ast` (imports inside
functions and under `TYPE_CHECKING` count too): no circle, and no arrow back up.

- In the orchestrator, each module has a layer (`LAYERS`): front doors -> the library's API ->
  the core (the run's owner, sessions, discovery) -> models and the MCP connection -> the shared
  vocabulary (settings, errors, messages, results, the catalogue's types). A module imports only
  from its own layer or below.
- The orchestrator never imports a bundled server; a server uses only the orchestrator's public
  API (`from orchestrator import X`, X in `orchestrator.__all__`), as a library user would.
- A server imports only itself and `servers._common`, which imports no server; in a server,
  `__main__` -> `tools` -> `service` -> the rest.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

import pytest

import orchestrator

pytestmark = pytest.mark.processes

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("orchestrator", "servers")

FRONT_DOORS, API, CORE, EDGE, VOCABULARY = 4, 3, 2, 1, 0
LAYERS = {
    "orchestrator.__main__": FRONT_DOORS,
    "orchestrator.cli": FRONT_DOORS,
    "orchestrator.commands": FRONT_DOORS,
    "orchestrator.repl": FRONT_DOORS,
    "orchestrator._chat_commands": FRONT_DOORS,  # the chat's slash commands, at a prompt or piped
    "orchestrator.terminal": FRONT_DOORS,
    "orchestrator._display": FRONT_DOORS,
    "orchestrator._progress": FRONT_DOORS,
    "orchestrator._fleet": FRONT_DOORS,  # `orchestrator fleet`: opens the fleet dashboard
    "orchestrator._listing": FRONT_DOORS,  # listings, for the REPL and the one-shot
    "orchestrator.conversations": FRONT_DOORS,  # saved conversations, for the REPL and one-shot
    "orchestrator._task_commands": FRONT_DOORS,  # `orchestrator tasks`: list, result, cancel
    "orchestrator": API,  # the package itself: the public API
    "orchestrator.core": CORE,
    "orchestrator.session": CORE,
    "orchestrator.runner": CORE,
    "orchestrator.discovery": CORE,
    "orchestrator.resources": CORE,
    "orchestrator.skills": CORE,  # the servers' skills (SEP-2640): listed, loaded, verified
    "orchestrator.registry": CORE,
    "orchestrator.cache": CORE,
    "orchestrator.connection": EDGE,
    "orchestrator.stdio": EDGE,
    "orchestrator.oauth": EDGE,
    "orchestrator._oauth_grants": EDGE,  # the OAuth grants for machines (client credentials…)
    "orchestrator._dpop": EDGE,  # DPoP proofs around the SDK's OAuth client
    "orchestrator.handlers": EDGE,  # what a connection answers when its server asks
    "orchestrator.elicitation": EDGE,
    "orchestrator.sampling": EDGE,
    "orchestrator.roots": EDGE,
    "orchestrator._task_wire": EDGE,  # tasks as a requestor speaks them, on both wires
    "orchestrator._task_calls": EDGE,  # a call made as a task: followed, or left running
    "orchestrator.models": VOCABULARY,  # the model seam's types (its modules: below)
    "orchestrator.config": VOCABULARY,
    "orchestrator._dialects": VOCABULARY,
    "orchestrator._config_file": VOCABULARY,
    "orchestrator._variables": VOCABULARY,
    "orchestrator._client_keys": VOCABULARY,
    "orchestrator.options": VOCABULARY,
    "orchestrator.errors": VOCABULARY,
    "orchestrator.messages": VOCABULARY,
    "orchestrator.result": VOCABULARY,
    "orchestrator.transcript": VOCABULARY,
    "orchestrator.catalogue": VOCABULARY,
    "orchestrator._arguments": VOCABULARY,
    "orchestrator._clock": VOCABULARY,
    "orchestrator._paths": VOCABULARY,
    "orchestrator._records": VOCABULARY,  # what a server's record holds, for listings and answers
    "orchestrator.tracing": VOCABULARY,  # spans; the SDK only once tracing is on
    "orchestrator._otel": VOCABULARY,
    "orchestrator._otel_config": VOCABULARY,
    "orchestrator.pricing": VOCABULARY,
    "orchestrator.tasks": VOCABULARY,  # the task policy and the tasks kept in the state folder
    "orchestrator.offline._several": EDGE,  # several records in one request, a call each
    "orchestrator.offline._rivals": EDGE,  # which of several plans that can go on goes on
}
PACKAGE_LAYERS = {  # a package and every module in it, unless LAYERS names one
    "orchestrator.integrations": FRONT_DOORS,  # other agent frameworks over the library
    "orchestrator.daemon": FRONT_DOORS,  # the warm orchestrator and the one-shot's thin client
    "orchestrator.testing": API,  # public fakes for code that embeds the orchestrator
    "orchestrator.models": EDGE,  # each vendor's model
    "orchestrator.providers": EDGE,
    "orchestrator.offline": EDGE,
}
SERVER_RANKS = {
    "__main__": 3,
    "tools": 2,
    "features": 2,  # resources, prompts, completions: beside the tools, over the service
    "service": 1,
    "_runtime": 1,
    "_audience": 1,
    "_task_tools": 1,  # the fleet's tools as tasks: follow and stop a run through the service
    "dashboard": 1,
}
# any other module: 0 (`_runtime` holds the open service; the resources and dashboard use it)


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((REPO / package).rglob("*.py")):
            parts = list(path.relative_to(REPO).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


MODULES = modules()


def _ours(name: str) -> str | None:
    """The module of ours that importing ``name`` runs (a name inside one counts as it)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


@functools.cache
def imports(module: str) -> list[tuple[str, list[str], int]]:
    return list(_imports(module))


def _imports(module: str) -> Iterator[tuple[str, list[str], int]]:
    """(module imported, names taken from it, line) for each import statement of ``module``."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, [], node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, *([node.module] if node.module else [])])
            yield base, [a.name for a in node.names], node.lineno


@functools.cache
def edges() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    for module in MODULES:
        for target, names, _ in imports(module):
            for name in names or [""]:
                full = f"{target}.{name}" if name else target
                found = full if full in MODULES else _ours(target)
                if found is not None and found != module:
                    graph[module].add(found)
    return graph


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = set()
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.add(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def layer(module: str) -> int:
    if module in LAYERS:
        return LAYERS[module]
    packages = [p for p in PACKAGE_LAYERS if module == p or module.startswith(p + ".")]
    assert packages, f"{module} has no layer: give it one in LAYERS"
    return PACKAGE_LAYERS[max(packages, key=len)]


def test_no_module_of_ours_imports_itself_back_in_a_circle() -> None:
    found = [sorted(c) for c in circles(edges())]
    assert found == []


def test_the_orchestrator_imports_only_from_its_own_layer_or_below() -> None:
    upward = [
        f"{m} (layer {layer(m)}) imports {t} (layer {layer(t)})"
        for m, targets in edges().items()
        if m.startswith("orchestrator")
        for t in sorted(targets)
        if t.startswith("orchestrator") and layer(t) > layer(m)
    ]
    assert upward == []


def test_the_orchestrator_never_imports_a_bundled_server() -> None:
    found = [(m, t) for m, ts in edges().items() if m.startswith("orchestrator") for t in ts
             if t.startswith("servers")]  # fmt: skip
    assert found == []


def test_servers_use_only_the_orchestrators_public_api() -> None:
    public = set(orchestrator.__all__)
    found = []
    for module in MODULES:
        if not module.startswith("servers"):
            continue
        for target, names, line in imports(module):
            if target == "orchestrator" and set(names) <= public:
                continue
            if target == "orchestrator" or target.startswith("orchestrator."):
                private = sorted(set(names) - public) if target == "orchestrator" else names
                found.append(f"{module}:{line}: {target} {private}")
    assert found == []


def test_each_server_imports_only_itself_and_common_and_never_upward() -> None:
    found = []
    for module, targets in edges().items():
        if not module.startswith("servers."):
            continue
        server = module.split(".")[1]
        for target in sorted(t for t in targets if t.startswith("servers.")):
            other = target.split(".")[1]
            if other != server and (other != "_common" or server == "_common"):
                found.append(f"{module} imports {target}")
            elif other == server and _rank(target) > _rank(module):
                found.append(f"{module} imports {target}, above it")
    assert found == []


def _rank(module: str) -> int:
    if module.startswith("servers._common."):
        return 0  # the shared layer: its own modules in any order
    return SERVER_RANKS.get(module.split(".")[2] if module.count(".") >= 2 else "", 0)


def test_the_layer_tables_name_only_modules_that_exist() -> None:
    assert [m for m in [*LAYERS, *PACKAGE_LAYERS] if m not in MODULES] == []
