"""Skills: the instructions and files servers publish for their tools (the
``io.modelcontextprotocol/skills`` extension, SEP-2640), offered to the model and loaded when used.

```python
async with Orchestrator.from_config(None) as orch:
    for skill in await orch.skills.list():                 # names and descriptions, nothing read
        print(skill.key, skill.server, skill.description)
    loaded = await orch.skills.load("pdf-processing")      # SKILL.md read now, and verified
    print(loaded.body, loaded.files)
    forms = await orch.skills.read_file("pdf-processing", "references/FORMS.md")
```

A server that declares the extension answers ``skills/list`` with an entry per skill: its
``SKILL.md`` URI, the frontmatter (name, description, ...) and, per file, its SHA-256 ``digest``
and ``size`` (or ``"dynamic"``: files it cannot list). Listing reads no file. A session offers the
model the skills of the servers that are up, by name and description in its instructions, and two
tools the orchestrator answers itself: `LOAD_TOOL` reads a skill's ``SKILL.md`` and `READ_TOOL`
one of its files, only once it is loaded. Every file read is checked against the held entry before
its content is used: a file the entry does not list (``unlisted``), a byte length other than its
``size`` (``size``), a digest other than its ``digest`` (``digest``), and for ``SKILL.md`` a YAML
frontmatter that differs, field by field, from the entry's (``frontmatter``) is a
`SkillVerificationError` naming the skill, the file and the rule; a skill that fails is not loaded.
A match proves the listing and the file agree, not that either is trustworthy.
"""

from __future__ import annotations

import base64
import builtins
import datetime
import hashlib
import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from orchestrator.errors import RequestError, SkillVerificationError, UsageError
from orchestrator.models import ToolDefinition

if TYPE_CHECKING:
    from mcp import Client

    from orchestrator.discovery import Discovery

__all__ = [
    "LOAD_TOOL",
    "READ_TOOL",
    "SKILLS_EXTENSION",
    "LoadedSkill",
    "Skill",
    "SkillFile",
    "Skills",
    "frontmatter_of",
    "offer",
    "verify_file",
    "verify_frontmatter",
]

logger = logging.getLogger(__name__)

SKILLS_EXTENSION = "io.modelcontextprotocol/skills"
SKILL_MD = "SKILL.md"
LOAD_TOOL = "load_skill"
READ_TOOL = "read_skill_file"
_PAGES = 100
_DIGEST = re.compile(r"^sha256:[0-9a-f]{64}$")
_FRONTMATTER = re.compile(r"^---\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|$)", re.DOTALL)


@dataclass(frozen=True)
class SkillFile:
    """A file of a skill as its server listed it."""

    uri: str
    digest: str
    size: int


@dataclass(frozen=True)
class Skill:
    """A skill a server listed (`files` None: ``"dynamic"``, files it does not list). `key` is
    what the model and the library name it by: its name, or ``server/name`` when two servers
    list the same name."""

    server: str
    uri: str
    name: str
    description: str
    frontmatter: Mapping[str, Any]
    files: tuple[SkillFile, ...] | None
    key: str = ""

    @property
    def root(self) -> str:
        return self.uri.rsplit("/", 1)[0]

    def listed(self, uri: str) -> SkillFile | None:
        return next((f for f in self.files or () if f.uri == uri), None)


@dataclass(frozen=True)
class LoadedSkill:
    """A skill whose ``SKILL.md`` was read and verified: its text, and its other files' paths."""

    skill: Skill
    text: str

    @property
    def body(self) -> str:
        """The instructions: ``SKILL.md`` after its frontmatter."""
        found = _FRONTMATTER.match(self.text.removeprefix("\ufeff"))
        return self.text[found.end() :] if found else self.text

    @property
    def files(self) -> tuple[str, ...]:
        """The paths (under the skill's root) of its other listed files."""
        root = self.skill.root + "/"
        return tuple(
            f.uri.removeprefix(root) for f in self.skill.files or () if f.uri != self.skill.uri
        )

    def as_text(self) -> str:
        """What the model reads on loading it."""
        if self.skill.files is None:
            more = f"Its server lists no files: ask {READ_TOOL} for a path these instructions name."
        elif self.files:
            more = f"Its files (read one with {READ_TOOL}): " + ", ".join(self.files)
        else:
            more = "It has no other files."
        return f"Skill {self.skill.key} (from {self.skill.server}):\n{self.body.strip()}\n\n{more}"


def frontmatter_of(text: str) -> dict[str, Any] | None:
    """The YAML frontmatter of a ``SKILL.md`` as JSON values (dates as ISO text), or None when it
    has none or it is not a YAML mapping."""
    import yaml

    found = _FRONTMATTER.match(text.removeprefix("\ufeff"))
    if found is None:
        return None
    try:
        data = yaml.safe_load(found.group(1))
    except yaml.YAMLError:
        return None
    return _json_values(data) if isinstance(data, dict) else None


def _json_values(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _json_values(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_json_values(v) for v in value]
    if isinstance(value, datetime.date):
        return value.isoformat()
    return value


def verify_file(skill: Skill, uri: str, data: bytes) -> None:
    """Check a file of `skill` as read against its listing: listed, its size, its digest."""
    if skill.files is None:
        return  # "dynamic": nothing listed to check against (SKILL.md's frontmatter still is)
    listed = skill.listed(uri)
    if listed is None:
        detail = "the skill's entry does not list this file"
        raise SkillVerificationError(skill.server, skill.key, uri, "unlisted", detail)
    if len(data) != listed.size:
        detail = f"{len(data)} bytes read, {listed.size} listed"
        raise SkillVerificationError(skill.server, skill.key, uri, "size", detail)
    digest = "sha256:" + hashlib.sha256(data).hexdigest()
    if digest != listed.digest:
        detail = f"read {digest}, listed {listed.digest}"
        raise SkillVerificationError(skill.server, skill.key, uri, "digest", detail)


def verify_frontmatter(skill: Skill, text: str) -> None:
    """Check a ``SKILL.md``'s frontmatter against the entry's, field by field."""
    found = frontmatter_of(text)
    if found is None:
        detail = "the file has no YAML frontmatter (a mapping between --- lines)"
        raise SkillVerificationError(skill.server, skill.key, skill.uri, "frontmatter", detail)
    listed = skill.frontmatter
    differ = sorted(k for k in {*found, *listed} if found.get(k) != listed.get(k))
    if differ:
        detail = "the file's " + ", ".join(differ) + " differ from the listing's"
        raise SkillVerificationError(skill.server, skill.key, skill.uri, "frontmatter", detail)


def _entry(server: str, raw: Any) -> Skill | None:
    """A ``skills/list`` entry as a `Skill`, or None (with a warning naming what is wrong)."""
    problem = _entry_problem(raw)
    if problem:
        logger.warning("server %r lists a skill that is not used: %s", server, problem)
        return None
    frontmatter = raw["frontmatter"]
    resources = raw.get("resources")
    files = (
        None
        if resources == "dynamic"
        else tuple(SkillFile(f["uri"], f["digest"], f["size"]) for f in resources)
    )
    name, description = frontmatter["name"], frontmatter["description"]
    return Skill(server, raw["uri"], name, description, dict(frontmatter), files, key=name)


def _entry_problem(raw: Any) -> str:
    if not isinstance(raw, dict) or not isinstance(raw.get("uri"), str):
        return "an entry has no uri"
    uri, frontmatter = raw["uri"], raw.get("frontmatter")
    if not uri.endswith("/" + SKILL_MD):
        return f"{uri}: the uri does not end in /{SKILL_MD}"
    if not isinstance(frontmatter, dict):
        return f"{uri}: frontmatter is not an object"
    for field in ("name", "description"):
        if not isinstance(frontmatter.get(field), str) or not frontmatter[field]:
            return f"{uri}: frontmatter.{field} is not a non-empty string"
    resources = raw.get("resources")
    if resources == "dynamic":
        return ""
    if not isinstance(resources, list):
        return f'{uri}: resources is neither a list nor "dynamic"'
    for i, f in enumerate(resources):
        if not isinstance(f, dict) or not isinstance(f.get("uri"), str):
            return f"{uri}: resources[{i}] has no uri"
        if not isinstance(f.get("digest"), str) or not _DIGEST.match(f["digest"]):
            return f"{uri}: resources[{i}].digest is not sha256:<64 lowercase hex digits>"
        if not isinstance(f.get("size"), int) or isinstance(f["size"], bool) or f["size"] < 0:
            return f"{uri}: resources[{i}].size is not a byte count"
    return ""


def _declares(client: Client | None) -> bool:
    capabilities = client.server_capabilities if client is not None else None
    return SKILLS_EXTENSION in ((capabilities and capabilities.extensions) or {})


class Skills:
    """The skills of the servers in `discovery`: listed, held, loaded on demand."""

    def __init__(self, discovery: Discovery) -> None:
        self.discovery = discovery
        # per server: the connection listed on, its skills, whether listing them failed
        self._held: dict[str, tuple[Client, tuple[Skill, ...], bool]] = {}
        self._loaded: dict[tuple[str, str], LoadedSkill] = {}

    async def list(self, server: str | None = None) -> list[Skill]:
        """Every server's skills (idle servers are started first; `server=` one of them)."""
        if server is not None and server not in self.discovery.reports:
            known = ", ".join(self.discovery.reports) or "none"
            raise UsageError(f"no server named {server!r} (known: {known})")
        for name in [server] if server else list(self.discovery.reports):
            await self.discovery.ensure(name)
        return await self.offered(server, strict=True)

    async def offered(
        self, server: str | None = None, *, strict: bool = False
    ) -> builtins.list[Skill]:
        """The skills of the servers that are up (none started), listed once per connection. A
        server that fails to list them has none (with a warning), or, `strict`, a RequestError."""
        found: builtins.list[Skill] = []
        for name, report in self.discovery.reports.items():
            if report.state != "up" or server not in (None, name):
                continue
            client = self.discovery.connection(name).client
            if client is None or not _declares(client):
                continue
            held = self._held.get(name)
            if held is None or held[0] is not client or (strict and held[2]):
                try:
                    listed, failed = await self._list(name, client), False
                except RequestError as exc:
                    if strict:
                        raise
                    logger.warning("%s; its skills are not offered", exc)
                    listed, failed = (), True
                held = self._held[name] = (client, listed, failed)
                self._loaded = {k: v for k, v in self._loaded.items() if k[0] != name}
            found.extend(held[1])
        counts: dict[str, int] = {}
        for skill in found:
            counts[skill.name] = counts.get(skill.name, 0) + 1
        return [_keyed(s, s.name if counts[s.name] == 1 else f"{s.server}/{s.name}") for s in found]

    async def _list(self, server: str, client: Client) -> tuple[Skill, ...]:
        from mcp import MCPError

        from orchestrator._task_wire import send_raw

        entries: builtins.list[Any] = []
        cursor: str | None = None
        try:
            for _ in range(_PAGES):
                params = {"cursor": cursor} if cursor else {}
                page = await send_raw(client, "skills/list", params, extension=SKILLS_EXTENSION)
                skills = page.get("skills") if isinstance(page, dict) else None
                if not isinstance(skills, builtins.list):
                    raise MCPError(-32603, "its skills/list result has no skills array")
                entries.extend(skills)
                cursor = page.get("nextCursor")
                if not isinstance(cursor, str) or not cursor:
                    break
        except MCPError as exc:
            raise RequestError(f"server {server!r} could not list its skills: {exc}") from exc
        return tuple(s for raw in entries if (s := _entry(server, raw)) is not None)

    async def _find(self, key: str) -> Skill:
        skills = await self.offered()
        for skill in skills:
            if skill.key == key:
                return skill
        known = ", ".join(s.key for s in skills) or "none"
        raise UsageError(f"no skill named {key!r} (skills: {known})")

    async def _read(self, skill: Skill, uri: str) -> str:
        """A file of `skill`, read and verified (the text; binary data is refused)."""
        if skill.files is not None and skill.listed(uri) is None:  # refused before it is read
            verify_file(skill, uri, b"")
        client = self.discovery.connection(skill.server).client
        if client is None:
            raise RequestError(f"server {skill.server!r} is not connected; reconnect it")
        result = await client.read_resource(uri)
        parts = [p for p in result.contents if str(p.uri) == uri] or list(result.contents)
        if not parts:
            raise RequestError(f"server {skill.server!r} answered nothing for {uri}")
        part = parts[0]
        text = getattr(part, "text", None)
        blob = getattr(part, "blob", None)
        try:
            data = (
                text.encode()
                if isinstance(text, str)
                else base64.b64decode(blob or "", validate=True)
            )
        except ValueError as exc:  # binascii.Error: not base64
            raise RequestError(f"server {skill.server!r} answered {uri} with bad base64") from exc
        verify_file(skill, uri, data)
        if not isinstance(text, str):
            raise UsageError(f"{uri} of skill {skill.key!r} is binary data, not text")
        return text

    async def load(self, key: str) -> LoadedSkill:
        """Read skill `key`'s ``SKILL.md`` and verify it; `SkillVerificationError` if it fails."""
        skill = await self._find(key)
        self._loaded.pop((skill.server, skill.uri), None)  # loaded again, or not at all
        text = await self._read(skill, skill.uri)
        verify_frontmatter(skill, text)
        loaded = self._loaded[(skill.server, skill.uri)] = LoadedSkill(skill, text)
        logger.info("loaded skill %s from %s", skill.key, skill.server)
        return loaded

    async def read_file(self, key: str, path: str) -> str:
        """The text of file `path` (under its root) of skill `key`, which must be loaded."""
        skill = await self._find(key)
        if (skill.server, skill.uri) not in self._loaded:
            raise UsageError(f"skill {key!r} is not loaded: load it with {LOAD_TOOL} first")
        parts = path.strip("/").split("/")
        if not path or path.startswith("/") or "://" in path or {".", ".."} & set(parts):
            raise UsageError(f"path {path!r}: a path under the skill's root, as it lists them")
        return await self._read(skill, f"{skill.root}/{'/'.join(parts)}")

    # -- the model's side ------------------------------------------------------------------
    def tools(self) -> dict[str, Callable[[dict[str, Any]], Awaitable[tuple[str, str]]]]:
        """The tools the orchestrator answers itself (`runner.ToolRunner`'s `local_tools`)."""

        async def load(arguments: dict[str, Any]) -> tuple[str, str]:
            loaded = await self.load(str(arguments.get("skill", "")))
            return loaded.skill.server, loaded.as_text()

        async def read(arguments: dict[str, Any]) -> tuple[str, str]:
            key, path = str(arguments.get("skill", "")), str(arguments.get("path", ""))
            text = await self.read_file(key, path)
            return (await self._find(key)).server, text

        return {LOAD_TOOL: load, READ_TOOL: read}


def offer(skills: list[Skill]) -> tuple[list[ToolDefinition], str]:
    """The tools and the instructions that offer `skills` to a model (none for no skills)."""
    if not skills:
        return [], ""
    keys = [s.key for s in skills]
    skill = {"type": "string", "enum": keys, "description": "The skill's name"}
    path = {"type": "string", "description": "The file's path, as the loaded skill lists it"}
    definitions = [
        ToolDefinition(
            LOAD_TOOL,
            "Load a skill's instructions before doing what it describes",
            {"type": "object", "properties": {"skill": skill}, "required": ["skill"]},
            read_only=True,
        ),
        ToolDefinition(
            READ_TOOL,
            "Read a file of a loaded skill",
            {
                "type": "object",
                "properties": {"skill": skill, "path": path},
                "required": ["skill", "path"],
            },
            read_only=True,
        ),
    ]
    lines = [f"- {s.key}: {s.description}" for s in skills]
    text = (
        f"Skills you can load with {LOAD_TOOL} when a request needs one (name: what it is for):\n"
        + "\n".join(lines)
    )
    return definitions, text


def _keyed(skill: Skill, key: str) -> Skill:
    return skill if skill.key == key else replace(skill, key=key)
