"""Reading one config file into plain data, safely: a config may come from a repository someone
else wrote (it is looked up from the working directory upwards), so reading it is bounded.

- At most :data:`MAX_BYTES` bytes: a bigger file is refused before it is parsed.
- UTF-8 only (a byte-order mark is allowed): other bytes are refused naming the byte offset.
- YAML (or JSON, for a ``.json`` file, with VS Code's comments and trailing commas).
- At most :data:`MAX_VALUES` values once YAML's aliases are expanded, and :data:`MAX_DEPTH`
  levels of nesting: a "billion laughs" (aliases of aliases, a few hundred bytes that stand for
  billions of values) fails at once instead of filling memory, and so does an alias that
  contains itself. The check counts each aliased node once per use without expanding it.

Every refusal is a `ConfigError` naming the file and what to do.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from orchestrator._dialects import parse_json
from orchestrator.errors import ConfigError

__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_VALUES", "read_config_file"]

MAX_BYTES = 4 * 1024 * 1024
MAX_VALUES = 100_000
MAX_DEPTH = 64


def read_config_file(path: Path) -> dict[str, Any]:
    """The mapping a config (or secrets) file holds."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ConfigError(str(path), f"cannot read: {exc.strerror or exc}") from exc
    if len(data) > MAX_BYTES:
        raise ConfigError(
            str(path),
            f"the file is larger than {MAX_BYTES // (1024 * 1024)} MiB, more than any config "
            "holds: check that it is the config file",
        )
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise ConfigError(
            str(path),
            f"not UTF-8 text: byte 0x{data[exc.start]:02x} at offset {exc.start} is not valid "
            "UTF-8; save the file as UTF-8",
        ) from None
    try:
        parsed = _parse(path, text)
    except RecursionError:
        raise ConfigError(str(path), _too_deep()) from None
    if not isinstance(parsed, dict):
        raise ConfigError(str(path), f"expected a mapping at the top, got {type(parsed).__name__}")
    _check_size(parsed, path)
    return parsed


def _parse(path: Path, text: str) -> Any:
    if path.suffix == ".json":
        try:
            return parse_json(text)
        except ValueError as exc:  # json.JSONDecodeError is a ValueError
            raise ConfigError(str(path), f"not valid JSON: {exc}") from exc
    import yaml

    try:
        return yaml.safe_load(text) or {}
    except RecursionError:
        raise
    except Exception as exc:  # yaml.YAMLError, or ValueError for a bad date (2020-13-45)
        raise ConfigError(str(path), f"not valid YAML: {exc}") from exc


def _too_deep() -> str:
    return f"values nest deeper than {MAX_DEPTH} levels, more than any config holds"


def _children(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [*value.keys(), *value.values()]
    if isinstance(value, list):
        return list(value)
    return []


def _check_size(data: Any, path: Path) -> None:
    """Refuse ``data`` if it stands for more than MAX_VALUES values or nests deeper than
    MAX_DEPTH, counting a shared (aliased) list or mapping once per place it appears, or if
    one contains itself. Linear in the distinct lists and mappings: nothing is expanded."""
    sizes: dict[int, tuple[int, int]] = {}  # id -> (values, depth), once known
    open_: set[int] = set()  # being counted: met again below itself, it is a cycle
    stack: list[tuple[Any, bool]] = [(data, False)]
    while stack:
        item, children_done = stack.pop()
        key = id(item)
        if children_done:
            open_.discard(key)
            values, depth = 1, 1
            for child in _children(item):
                child_values, child_depth = sizes.get(id(child), (1, 0))
                values += child_values
                depth = max(depth, child_depth + 1)
            sizes[key] = (values, depth)
            if values > MAX_VALUES:
                raise ConfigError(
                    str(path),
                    f'its YAML aliases expand to more than {MAX_VALUES} values (a "billion '
                    'laughs"?): a config never needs that many; remove the aliases',
                )
            if depth > MAX_DEPTH:
                raise ConfigError(str(path), _too_deep())
            continue
        if key in sizes:
            continue
        if key in open_:
            raise ConfigError(
                str(path), "a YAML alias refers to a list or mapping that contains it"
            )
        open_.add(key)
        stack.append((item, True))
        stack.extend((child, False) for child in _children(item) if isinstance(child, dict | list))
