"""Skills (SEP-2640) against a real server publishing them (`orchestrator.testing.servers.skilled`,
over stdio, on both wires): listed by name and description with no file read, offered to the
model, read only when loaded, and refused, naming the skill and the rule, when a file is not what
the server listed (unlisted, size, digest, frontmatter)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import anyio
import pytest

from orchestrator import (
    Orchestrator,
    RequestError,
    SkillVerificationError,
    UsageError,
    load_config,
)
from orchestrator.messages import ToolCallItem
from orchestrator.models import ModelRequest
from orchestrator.skills import LOAD_TOOL, READ_TOOL, Skill, frontmatter_of, verify_frontmatter
from orchestrator.testing import ScriptedModel, server_entry
from orchestrator.testing.servers.skilled import FORMS, NOTES, PDF
from orchestrator.testing.vendors.openai import fake_openai, text, tool_call
from tests.orchestrator.test_cli_client import run

pytestmark = pytest.mark.processes

WAIT = 60.0


@asynccontextmanager
async def _orchestrator(
    write_config: Callable[..., Path],
    reads: Path,
    *,
    tamper: str = "",
    protocol: str = "auto",
    model: ScriptedModel | None = None,
) -> AsyncIterator[Orchestrator]:
    env = {"SKILLED_READS": str(reads), "SKILLED_TAMPER": tamper}
    path = write_config({"skilled": server_entry("skilled", env=env, protocol=protocol)})
    with anyio.fail_after(WAIT):
        async with Orchestrator(
            load_config(path), model=model or ScriptedModel(), catalogue_cache=False, yes=True
        ) as orch:
            yield orch


def _read(reads: Path) -> list[str]:
    return reads.read_text().splitlines() if reads.exists() else []


async def test_skills_are_offered_by_name_and_description_with_no_file_read(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    reads = tmp_path / "reads.txt"
    model = ScriptedModel("nothing needs a skill")
    async with _orchestrator(write_config, reads, model=model) as orch:
        skills = await orch.skills.list()
        assert [(s.key, s.server, s.description) for s in skills] == [
            ("pdf-processing", "skilled", "Extract, fill, and assemble PDF documents"),
            ("release-notes", "skilled", "Write release notes from merged changes"),
        ]
        await orch.session().ask("hello")
    (request,) = model.requests
    assert "- pdf-processing: Extract, fill, and assemble PDF documents" in request.instructions
    offered = {t.name: t for t in request.tools}
    assert {"fill_form", LOAD_TOOL, READ_TOOL} <= set(offered)
    enum = offered[LOAD_TOOL].input_schema["properties"]["skill"]["enum"]
    assert enum == ["pdf-processing", "release-notes"]
    assert _read(reads) == []  # connected, listed, offered: nothing fetched


async def test_on_the_handshake_wire_a_server_declares_no_extension_so_no_skill_is_offered(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    reads = tmp_path / "reads.txt"
    model = ScriptedModel("nothing needs a skill")
    async with _orchestrator(write_config, reads, protocol="legacy", model=model) as orch:
        assert await orch.skills.list() == []  # extensions are declared from 2026-07-28
        await orch.session().ask("hello")
    (request,) = model.requests
    assert {t.name for t in request.tools} == {"fill_form"}
    assert "Skills you can load" not in request.instructions


async def test_a_server_that_fails_to_list_its_skills_has_none_offered_and_the_request_goes_on(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    reads = tmp_path / "reads.txt"
    model = ScriptedModel(ToolCallItem("c1", "fill_form", {"path": "a.pdf", "fields": {}}))
    async with _orchestrator(write_config, reads, tamper="list", model=model) as orch:
        result = await orch.session().ask("fill in a.pdf")
        (call,) = result.tool_calls
        assert (call.status, call.result) == ("ok", {"result": "filled 0 fields of a.pdf"})
        assert LOAD_TOOL not in {t.name for t in model.requests[0].tools}
        with pytest.raises(RequestError, match="server 'skilled' could not list its skills: "):
            await orch.skills.list()


async def test_a_skill_is_read_when_the_model_loads_it_and_its_files_after(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    reads = tmp_path / "reads.txt"
    path = "references/FORMS.md"

    def second(request: ModelRequest) -> ToolCallItem:
        assert _read(reads) == [PDF]  # loading read SKILL.md alone
        return ToolCallItem("c2", READ_TOOL, {"skill": "pdf-processing", "path": path})

    model = ScriptedModel(ToolCallItem("c1", LOAD_TOOL, {"skill": "pdf-processing"}), second)
    async with _orchestrator(write_config, reads, model=model) as orch:
        result = await orch.session().ask("fill in the tax form")
    load, read = result.tool_calls
    assert (load.status, load.server) == ("ok", "skilled")
    assert "Fill a form with fill_form; see FORMS.md." in load.result
    assert "name: pdf-processing" not in load.result  # the body, not the frontmatter
    assert f"Its files (read one with {READ_TOOL}): {path}" in load.result
    assert (read.status, read.result) == ("ok", "# Forms\n\nEvery field takes text.\n")
    assert _read(reads) == [PDF, FORMS]


@pytest.mark.parametrize(
    ("tamper", "detail"),
    [
        ("digest", r"read sha256:[0-9a-f]{64}, listed sha256:"),
        ("size", r"\d+ bytes read, \d+ listed"),
        ("frontmatter", r"the file's description differ from the listing's"),
    ],
)
async def test_a_skill_md_that_is_not_what_was_listed_is_refused_and_not_loaded(
    write_config: Callable[..., Path], tmp_path: Path, tamper: str, detail: str
) -> None:
    reads = tmp_path / "reads.txt"
    async with _orchestrator(write_config, reads, tamper=tamper) as orch:
        rule = f"skill 'pdf-processing' of server 'skilled' failed its {tamper} check on {PDF}: "
        with pytest.raises(SkillVerificationError, match=rule + detail) as failed:
            await orch.skills.load("pdf-processing")
        assert (failed.value.skill, failed.value.rule) == ("pdf-processing", tamper)
        with pytest.raises(UsageError, match="skill 'pdf-processing' is not loaded: load it"):
            await orch.skills.read_file("pdf-processing", "references/FORMS.md")
        assert (await orch.skills.load("release-notes")).body.startswith("List the merged")
    assert _read(reads) == [PDF, NOTES]  # FORMS.md never fetched


async def test_a_skill_that_fails_when_loaded_again_is_no_longer_loaded(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    reads = tmp_path / "reads.txt"
    async with _orchestrator(write_config, reads, tamper="later") as orch:
        await orch.skills.load("pdf-processing")
        with pytest.raises(SkillVerificationError, match="failed its digest check on"):
            await orch.skills.load("pdf-processing")
        with pytest.raises(UsageError, match="skill 'pdf-processing' is not loaded"):
            await orch.skills.read_file("pdf-processing", "references/FORMS.md")
    assert _read(reads) == [PDF, PDF]


async def test_the_model_is_told_which_skill_failed_and_why(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    reads = tmp_path / "reads.txt"
    model = ScriptedModel(
        ToolCallItem("c1", LOAD_TOOL, {"skill": "pdf-processing"}),
        ToolCallItem("c2", READ_TOOL, {"skill": "pdf-processing", "path": "references/FORMS.md"}),
    )
    async with _orchestrator(write_config, reads, tamper="frontmatter", model=model) as orch:
        result = await orch.session().ask("fill in the tax form")
    load, read = result.tool_calls
    assert load.status == read.status == "error"
    assert "skill 'pdf-processing' of server 'skilled' failed its frontmatter check" in load.result
    assert "is not loaded" in read.result
    assert not result.done
    assert _read(reads) == [PDF]


@pytest.mark.parametrize(("tamper", "rule"), [("unlisted", "unlisted"), ("file", "digest")])
async def test_a_skill_file_that_is_not_what_was_listed_is_refused(
    write_config: Callable[..., Path], tmp_path: Path, tamper: str, rule: str
) -> None:
    reads = tmp_path / "reads.txt"
    async with _orchestrator(write_config, reads, tamper=tamper) as orch:
        await orch.skills.load("pdf-processing")
        with pytest.raises(SkillVerificationError, match=f"failed its {rule} check on {FORMS}"):
            await orch.skills.read_file("pdf-processing", "references/FORMS.md")
    # an unlisted file is refused before it is fetched; a listed one once it is read
    assert _read(reads) == ([PDF] if tamper == "unlisted" else [PDF, FORMS])


async def test_unknown_skills_and_paths_out_of_the_skill_are_refused(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    reads = tmp_path / "reads.txt"
    async with _orchestrator(write_config, reads) as orch:
        with pytest.raises(UsageError, match=r"no skill named 'pdf' \(skills: pdf-processing, "):
            await orch.skills.load("pdf")
        await orch.skills.load("pdf-processing")
        for path in ("../release-notes/SKILL.md", "/etc/passwd", "skill://x/y", ""):
            with pytest.raises(UsageError, match="a path under the skill's root"):
                await orch.skills.read_file("pdf-processing", path)
    assert _read(reads) == [PDF]


def test_an_llm_sees_the_skills_and_loads_one_in_a_one_shot(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    reads = tmp_path / "reads.txt"
    env = {"SKILLED_READS": str(reads)}
    path = write_config(
        {"skilled": server_entry("skilled", env=env, protocol="auto")},
        {"provider": "openai", "model": "gpt-test"},
    )
    with fake_openai(
        tool_call(LOAD_TOOL, {"skill": "pdf-processing"}), text("The form is filled.")
    ) as fake:
        keys = {"OPENAI_API_KEY": "sk-test-key", "OPENAI_BASE_URL": fake.url + "/v1"}
        result = run(path, "--json", "fill in the tax form", env=keys)
        assert result.returncode == 0, result.stdout.decode()
        assert json.loads(result.stdout)["answer"] == "The form is filled."
        first, second = fake.completions
    (system,) = [m["content"] for m in first.messages if m["role"] == "system"]
    assert "- pdf-processing: Extract, fill, and assemble PDF documents" in system
    schema = first.tools[LOAD_TOOL]["parameters"]
    assert schema["properties"]["skill"]["enum"] == ["pdf-processing", "release-notes"]
    assert "Fill a form with fill_form; see FORMS.md." in second.messages[-1]["content"]
    assert _read(reads) == [PDF]


def test_the_skills_command_lists_them_by_server_and_reads_none(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    reads = tmp_path / "reads.txt"
    entry = server_entry("skilled", env={"SKILLED_READS": str(reads)}, protocol="auto")
    path = write_config({"skilled": entry}, {"provider": "offline"})
    listed = run(path, "skills")
    assert listed.returncode == 0, listed.stderr.decode()
    assert listed.stdout.decode().splitlines() == [
        "skilled:",
        "  pdf-processing  Extract, fill, and assemble PDF documents",
        "  release-notes  Write release notes from merged changes",
    ]
    (pdf, _) = json.loads(run(path, "--json", "skills", "skilled").stdout)
    assert pdf["uri"] == PDF
    assert [f["uri"] for f in pdf["files"]] == [PDF, FORMS]
    assert _read(reads) == []


def _skill(frontmatter: dict[str, object]) -> Skill:
    return Skill("s", "skill://a/SKILL.md", "a", "d", frontmatter, None, key="a")


def test_frontmatter_is_compared_as_json_values_field_by_field() -> None:
    text = "---\nname: a\ndescription: d\nreleased: 2026-01-02\ntags: [x, y]\n---\nbody\n"
    assert frontmatter_of(text) == {
        "name": "a",
        "description": "d",
        "released": "2026-01-02",
        "tags": ["x", "y"],
    }
    verify_frontmatter(_skill(frontmatter_of(text) or {}), text)
    with pytest.raises(SkillVerificationError, match="the file's license, tags differ"):
        verify_frontmatter(_skill({"name": "a", "description": "d", "released": "2026-01-02",
                                   "license": "MIT"}), text)  # fmt: skip
    for broken in ("no frontmatter\n", "---\n[a, list]\n---\n", "---\nname: [unclosed\n---\n"):
        with pytest.raises(SkillVerificationError, match=r"frontmatter check.*no YAML frontmatter"):
            verify_frontmatter(_skill({"name": "a"}), broken)
