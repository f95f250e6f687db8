"""A catalogue tool as listings show it (`orchestrator tools`, the REPL's /tools)."""

from __future__ import annotations

from orchestrator.catalogue import CatalogueTool

DOCSTRING = """
        List all todos, optionally including completed ones.

        Args:
            include_completed: Whether to include completed todos in the list
        """


def test_a_docstring_description_is_summarised_by_its_first_paragraph() -> None:
    """Many servers describe a tool by a function's docstring, which opens with a newline: its
    first line is empty, and `orchestrator tools` showed nothing for it (todo-txt-mcp's twelve
    tools, in a user trial)."""
    tool = CatalogueTool("list_todos", "todotxt", "list_todos", DOCSTRING, {})
    assert tool.summary == "List all todos, optionally including completed ones."


def test_a_first_paragraph_over_several_lines_is_one_line() -> None:
    tool = CatalogueTool("log", "health", "log", "Log a workout\nwith its exercises.\n\nMore.", {})
    assert tool.summary == "Log a workout with its exercises."
    assert CatalogueTool("x", "s", "x", "", {}).summary == ""
