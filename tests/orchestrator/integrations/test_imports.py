"""The integrations cost the orchestrator's own paths nothing: no module outside
`orchestrator.integrations` imports an agent framework (or the integrations), and a one-shot run
loads neither framework."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.orchestrator.conftest import REPO

pytestmark = pytest.mark.processes

FRAMEWORKS = ("agents", "pydantic_ai", "orchestrator.integrations")


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def test_no_module_outside_the_integrations_imports_a_framework() -> None:
    package = REPO / "orchestrator"
    offenders = {
        str(path.relative_to(REPO)): sorted(
            name
            for name in imported(path)
            if name.split(".")[0] in ("agents", "pydantic_ai")
            or name.startswith("orchestrator.integrations")
        )
        for path in package.rglob("*.py")
        if package / "integrations" not in path.parents
    }
    assert {path: names for path, names in offenders.items() if names} == {}


CODE = """
import json, sys
from orchestrator.cli import main
code = main(["--config", sys.argv[1], "remind me to buy eggs tomorrow at 3pm"])
one_shot = sorted(m for m in sys.modules if m in FRAMEWORKS)
import orchestrator.integrations  # the package alone loads no framework
package = sorted(m for m in sys.modules if m in FRAMEWORKS)
print(json.dumps({"code": code, "one_shot": one_shot, "package": package}))
"""


def test_a_one_shot_loads_no_agent_framework(tmp_path: Path) -> None:
    config = tmp_path / "mcp_agent.config.yaml"
    config.write_text("mcp:\n  servers:\n    todo:\n      command: mcp-todo\n")
    code = f"FRAMEWORKS = {FRAMEWORKS!r}\n{CODE}"
    done = subprocess.run(
        [sys.executable, "-c", code, str(config)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "ORCHESTRATOR_CATALOGUE_CACHE": "0"},
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    last = json.loads(done.stdout.splitlines()[-1])
    assert last == {"code": 0, "one_shot": [], "package": ["orchestrator.integrations"]}
