"""Whether each agent can run here, and why not, as the contracts README decides:

- an API agent is ``operative`` when its key is set (the detail says where, the variable or the
  config's key, and none of its characters: the orchestrator provider's own probe), else
  ``key_missing`` naming the variable;
- a CLI agent is ``operative`` when its binary is on ``PATH`` (with its version when
  ``--version`` answers within :data:`VERSION_SECONDS`, run in its own process group and killed
  after), else ``unavailable`` with the command that installs it;
- ``ollama`` is ``operative`` when ``GET {OLLAMA_HOST}/api/tags`` answers (listing its models),
  else ``unreachable``;
- ``offline`` is always ``operative``; an unknown name is ``unavailable`` (a normal result).

Probes run in parallel; each reports its own latency.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import anyio

from orchestrator import Provider, ProviderConfig, get_provider
from servers._common.process import child_environment, run_command
from servers.agents.catalog import AGENTS, AgentSpec, known_names
from servers.agents.clis import CLI_FORMATS
from servers.agents.models import ProbeStatus

__all__ = ["OLLAMA_SECONDS", "VERSION_SECONDS", "Probe", "Prober"]

VERSION_SECONDS = 1.0
OLLAMA_SECONDS = 2.0
_MODELS_SHOWN = 10


@dataclass(frozen=True)
class Probe:
    name: str
    status: ProbeStatus
    detail: str
    latency_ms: float = 0.0

    @property
    def operative(self) -> bool:
        return self.status == "operative"


class Prober:
    """Probes agents against one environment and the orchestrator config's provider settings."""

    def __init__(
        self, environ: Mapping[str, str], providers: Mapping[str, ProviderConfig] | None = None
    ) -> None:
        self.environ = environ
        self.providers = dict(providers or {})

    async def probe(self, name: str, *, version: bool = True) -> Probe:
        started = time.perf_counter()
        spec = AGENTS.get(name)
        if spec is None:
            status, detail = (
                "unavailable",
                f"no agent named {name!r}; known agents: {known_names()}",
            )
        elif spec.kind == "offline":
            status, detail = "operative", "built in: routes requests onto its registered tools"
        elif spec.kind == "cli":
            status, detail = await self._cli(spec, version)
        elif spec.name == "ollama":
            status, detail = await self._ollama()
        else:
            status, detail = self._api(spec)
        elapsed = round((time.perf_counter() - started) * 1000, 2)
        return Probe(name, status, detail, elapsed)  # type: ignore[arg-type]

    async def probe_all(self, names: Iterable[str]) -> dict[str, Probe]:
        found: dict[str, Probe] = {}

        async def one(name: str) -> None:
            found[name] = await self.probe(name)

        async with anyio.create_task_group() as tg:
            for name in names:
                tg.start_soon(one, name)
        return found

    def provider(self, spec: AgentSpec) -> Provider:
        """The orchestrator provider behind an api or local agent."""
        assert spec.provider is not None
        return get_provider(spec.provider, self.environ, self.providers)

    def _api(self, spec: AgentSpec) -> tuple[str, str]:
        info = self.provider(spec).probe(network=False)
        if info.status == "not_installed":
            return "unavailable", info.detail
        return info.status, info.detail

    async def _cli(self, spec: AgentSpec, version: bool) -> tuple[str, str]:
        cli = CLI_FORMATS[spec.name]
        path = shutil.which(cli.binary, path=self.environ.get("PATH"))
        if path is None:
            return "unavailable", f"`{cli.binary}` is not on PATH; install it: {cli.install}"
        if not version:
            return "operative", f"`{cli.binary}` found at {path}"
        try:
            done = await run_command(
                [path, "--version"],
                env=child_environment(self.environ, ()),
                timeout=VERSION_SECONDS,
                kill_grace=0.2,
            )
        except OSError as exc:
            return "unavailable", f"`{cli.binary}` at {path} cannot be run: {exc.strerror or exc}"
        lines = [line.strip() for line in done.stdout.splitlines() if line.strip()]
        if done.timed_out:
            said = f"no version within {VERSION_SECONDS:g}s"
        elif done.exit_code != 0 or not lines:
            said = f"--version exited with code {done.exit_code}"
        else:
            said = f"version {lines[0][:100]}"
        return "operative", f"`{cli.binary}` found at {path} ({said})"

    async def _ollama(self) -> tuple[str, str]:
        import httpx2

        provider = get_provider("ollama", self.environ, self.providers)
        root = provider.base_url()
        headers = {}
        if key := provider.api_key():
            headers["Authorization"] = f"Bearer {key}"
        try:
            async with httpx2.AsyncClient(timeout=OLLAMA_SECONDS, headers=headers) as http:
                response = await http.get(f"{root}/api/tags")
        except httpx2.HTTPError as exc:
            return "unreachable", (
                f"nothing answering at {root} ({type(exc).__name__}); start Ollama "
                "(`ollama serve`) or set OLLAMA_HOST"
            )
        if response.status_code != 200:
            return "unreachable", f"{root}/api/tags answered HTTP {response.status_code}"
        try:
            listed = response.json().get("models") or []
            models = [str(m.get("name") or m.get("model")) for m in listed if isinstance(m, dict)]
        except (ValueError, AttributeError):
            return "unreachable", f"{root}/api/tags did not answer with Ollama's model list"
        if not models:
            return "operative", f"answering at {root}; no models pulled yet (ollama pull llama3.2)"
        shown = ", ".join(models[:_MODELS_SHOWN]) + (" …" if len(models) > _MODELS_SHOWN else "")
        return "operative", f"answering at {root}; {len(models)} models: {shown}"
