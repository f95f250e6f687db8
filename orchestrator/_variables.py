"""Variables in config strings, expanded the way each dialect's own tool does.

* `${VAR}` and `${VAR:-default}` (mcp-agent, fast-agent, Claude Code): the environment.
* VS Code's (and Cursor's) `${env:VAR}`, `${workspaceFolder}` (the folder holding `.vscode/` or
  `.cursor/`, else the config file's folder), `${workspaceFolderBasename}`, `${userHome}`,
  `${pathSeparator}` and `${/}`.
* VS Code's `${input:ID}`: the environment variable `MCP_INPUT_<ID>` (the id upper-cased, every
  character other than a letter or a digit turned into `_`: `perplexity-key` is read from
  `MCP_INPUT_PERPLEXITY_KEY`), else asked for on the terminal (a `password` input without echo),
  else the input's `default`. Each input is resolved once per load, however many servers use it.

A variable that has no value leaves the string's spot empty and records a problem naming it;
the loader turns the problems of a server entry into that server's `problem` (it is reported
down with that reason) and a problem elsewhere into a `ConfigError`. Anything else in `${...}`
that is not a name (`${1}`, `${ x }`) is left as written; a `${` that no `}` closes (`${HOME`)
is a mistake, raised as `UnterminatedVariable` (the loader makes it a `ConfigError`).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "Ask",
    "Expander",
    "InputVariable",
    "UnterminatedVariable",
    "ask_on_terminal",
    "input_env_name",
]

_PLACEHOLDER = re.compile(r"\$\{([^{}]*)\}")
_UNTERMINATED = re.compile(r"\$\{(?![^{}]*\})")  # a `${` that no `}` closes
_NAME = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?", re.DOTALL)
_NAMESPACED = re.compile(r"([A-Za-z]+):(.+)", re.DOTALL)


class UnterminatedVariable(ValueError):
    """A `${` with no `}` to close it (`${HOME`): a mistake, never meant as text."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        at = _UNTERMINATED.search(text)
        start = at.start() if at else 0
        written = text[start : start + 40] + ("…" if len(text) > start + 40 else "")
        super().__init__(f"'{written}' opens a variable that no '}}' closes: write ${{NAME}}")


@dataclass(frozen=True)
class InputVariable:
    """One entry of a VS Code `inputs` list (`promptString` or `pickString`)."""

    id: str
    description: str = ""
    password: bool = False
    default: str | None = None
    options: tuple[str, ...] = ()


Ask = Callable[[InputVariable], "str | None"]
"""Asks the user for an input's value; None when nobody can be asked."""


def input_env_name(input_id: str) -> str:
    """The environment variable that gives `${input:ID}` its value: `MCP_INPUT_<ID>`."""
    return "MCP_INPUT_" + re.sub(r"[^A-Z0-9]", "_", input_id.upper())


def ask_on_terminal(variable: InputVariable) -> str | None:
    """Ask for an input on the terminal (a password without echo); None when stdin is no
    terminal or is closed."""
    if not (sys.stdin is not None and sys.stdin.isatty()):
        return None
    label = variable.description or variable.id
    if variable.options:
        label += f" ({', '.join(variable.options)})"
    if variable.default is not None and not variable.password:
        label += f" [{variable.default}]"
    prompt = f"{label}: "
    try:
        if variable.password:
            import getpass

            return getpass.getpass(prompt)
        sys.stderr.write(prompt)
        sys.stderr.flush()
        line = sys.stdin.readline()
    except EOFError:
        return None
    return line.rstrip("\r\n") if line else None


@dataclass
class Expander:
    """Expands the variables of one config file; `problems` collects what had no value, as
    (key path, message) pairs."""

    env: dict[str, str]
    workspace: Path
    inputs: dict[str, InputVariable] = field(default_factory=dict)
    ask: Ask | None = None
    problems: list[tuple[str, str]] = field(default_factory=list)
    _answers: dict[str, str | None] = field(default_factory=dict, init=False, repr=False)

    def expand(self, value: Any, path: str) -> Any:
        """`value` with every placeholder replaced, strings inside lists and mappings too.

        Raises `UnterminatedVariable` for a `${` that nothing closes."""
        if isinstance(value, str):
            if _UNTERMINATED.search(value):
                raise UnterminatedVariable(path, value)
            return _PLACEHOLDER.sub(lambda m: self._replace(m, path), value)
        if isinstance(value, dict):
            return {k: self.expand(v, f"{path}.{k}" if path else str(k)) for k, v in value.items()}
        if isinstance(value, list):
            return [self.expand(v, f"{path}[{i}]") for i, v in enumerate(value)]
        return value

    def take_problems(self, prefix: str) -> list[tuple[str, str]]:
        """Remove and return the (key path, message) problems at `prefix` or under it."""
        mine = [(p, m) for p, m in self.problems if p == prefix or p.startswith(prefix + ".")]
        self.problems = [item for item in self.problems if item not in mine]
        return mine

    def _replace(self, match: re.Match[str], path: str) -> str:
        body = match.group(1)
        predefined = self._predefined(body)
        if predefined is not None:
            return predefined
        named = _NAME.fullmatch(body)
        if named:
            name, default = named.group(1), named.group(2)
            if name in self.env:
                return self.env[name]
            if default is not None:
                return default
            return self._missing(path, f"environment variable {name} is not set")
        spaced = _NAMESPACED.fullmatch(body)
        if spaced is None:
            return match.group(0)
        kind, name = spaced.group(1), spaced.group(2)
        if kind == "env":
            if name in self.env:
                return self.env[name]
            return self._missing(path, f"environment variable {name} is not set")
        if kind == "input":
            answer = self._input(name)
            if answer is not None:
                return answer
            return self._missing(path, self._input_problem(name))
        return self._missing(path, f"${{{body}}} is not supported (only env: and input:)")

    def _predefined(self, body: str) -> str | None:
        if body in ("workspaceFolder", "workspaceRoot"):
            return str(self.workspace)
        if body == "workspaceFolderBasename":
            return self.workspace.name
        if body == "userHome":
            return self.env.get("HOME") or str(Path.home())
        if body in ("pathSeparator", "/"):
            return os.sep
        return None

    def _input(self, input_id: str) -> str | None:
        if input_id in self._answers:
            return self._answers[input_id]
        answer = self.env.get(input_env_name(input_id))
        variable = self.inputs.get(input_id)
        if answer is None and variable is not None:
            if self.ask is not None:
                answer = self.ask(variable) or None
            if answer is None:
                answer = variable.default
        self._answers[input_id] = answer
        return answer

    def _input_problem(self, input_id: str) -> str:
        var = input_env_name(input_id)
        if input_id not in self.inputs:
            return f"input {input_id!r} is not defined under inputs (set {var} to give it)"
        return f"input {input_id!r} has no value: set {var}, or run on a terminal to be asked"

    def _missing(self, path: str, message: str) -> str:
        if (path, message) not in self.problems:
            self.problems.append((path, message))
        return ""
