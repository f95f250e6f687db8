"""The provider seam: a `Provider` knows what settings it needs, whether it can run here, and
how to make a `Model`.

```python
class Provider:
    name, kind, description, default_model     # what the registry shows
    key_vars, base_url_var, model_var           # the settings it reads, declared once
    sdk, requirement                            # the SDK it needs and its PyPI requirement
    def probe(self, network=True) -> ProviderInfo   # operative, key_missing, unreachable, …
    def check(self) -> None                         # cheap; ProviderError when it cannot run
    def model(self, name, retry) -> Model           # imports the SDK: the cost of choosing it
```

One module per provider, named after its config key (`openai_compatible` for
`openai-compatible`), each defining one subclass; the registry (`orchestrator.registry`) creates
them lazily by name. These modules import no SDK: probing every provider stays cheap, and a
provider's SDK is imported only by its `model()`.

A provider reads its settings from the environment it is given (the process's by default), with
the values from the config's provider sections (`orchestrator.config.ProviderConfig`: mcp-agent's
`openai:`, `anthropic:`, `google:` sections, or their secrets file) taking precedence, as mcp-agent
does: a value set there wins; the environment fills in what it leaves unset.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Literal

from orchestrator.config import SECTION_OF_PROVIDER, ProviderConfig
from orchestrator.errors import ProviderError, UsageError

if TYPE_CHECKING:
    from orchestrator.models import Model
    from orchestrator.models.retry import RetryPolicy

__all__ = ["ChatCompletionsProvider", "Provider", "ProviderInfo", "ProviderStatus"]

ProviderStatus = Literal["operative", "key_missing", "unreachable", "not_installed"]


@dataclass(frozen=True)
class ProviderInfo:
    """A provider's probed status."""

    name: str
    status: ProviderStatus
    installed: bool
    detail: str

    @property
    def usable(self) -> bool:
        return self.status == "operative" and self.installed


class Provider:
    """Base of every provider; subclasses set the class attributes and `model()`."""

    name: ClassVar[str]
    kind: ClassVar[Literal["api", "local"]] = "api"
    description: ClassVar[str] = ""
    default_model: ClassVar[str | None] = None
    key_vars: ClassVar[tuple[str, ...]] = ()  # the first one set is used
    base_url_var: ClassVar[str | None] = None
    base_url_required: ClassVar[bool] = False
    model_var: ClassVar[str | None] = None  # a model name from the environment
    sdk: ClassVar[str | None] = None  # the module the model imports
    requirement: ClassVar[str | None] = None  # its requirement on PyPI (a dependency of ours)

    def __init__(
        self, env: Mapping[str, str] | None = None, config: ProviderConfig | None = None
    ) -> None:
        self.env: Mapping[str, str] = os.environ if env is None else env
        self.config = config or ProviderConfig()

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    # -- settings ------------------------------------------------------------------------
    def key_setting(self) -> tuple[str, str] | None:
        """(where it came from, the key), the config's first, else the first variable set. Where
        it came from is the variable's name, or `the config (openai.api_key)`."""
        if self.config.api_key is not None and self.config.api_key.get_secret_value():
            where = f"the config ({SECTION_OF_PROVIDER.get(self.name, self.name)}.api_key)"
            return (where, self.config.api_key.get_secret_value())
        for var in self.key_vars:
            value = self.env.get(var, "").strip()
            if value:
                return (var, value)
        return None

    def api_key(self) -> str | None:
        found = self.key_setting()
        return found[1] if found else None

    def base_url(self) -> str | None:
        if self.config.base_url:
            return self.config.base_url.strip()
        if self.base_url_var:
            return self.env.get(self.base_url_var, "").strip() or None
        return None

    def model_name(self, requested: str | None) -> str | None:
        """The model to use: asked for, else the config's default, the environment's, ours."""
        from_env = self.env.get(self.model_var, "").strip() if self.model_var else ""
        return requested or self.config.default_model or from_env or self.default_model

    def require_model(self, requested: str | None) -> str:
        name = self.model_name(requested)
        if name:
            return name
        ways = "pass --model, set `model` under `orchestrator:` in the config"
        ways += f", or set {self.model_var}" if self.model_var else ""
        raise UsageError(f"provider {self.name!r} needs a model name: {ways}")

    # -- state ---------------------------------------------------------------------------
    def installed(self) -> bool:
        """Its SDK can be imported (found without importing it)."""
        if self.sdk is None:
            return True
        try:
            return importlib.util.find_spec(self.sdk) is not None
        except ModuleNotFoundError:  # the parent package (`google`) is missing
            return False

    def install_hint(self) -> str:
        """The command that installs the SDK (a dependency of this package: a plain install has
        it, so it is missing only from a broken or hand-made environment)."""
        return f"pip install '{self.requirement}'"

    def probe(self, network: bool = True) -> ProviderInfo:
        """Whether it can run here: its SDK, its key, its endpoint. Says where the key is set,
        never any of its characters."""
        installed = self.installed()
        if not installed:
            return ProviderInfo(
                self.name,
                "not_installed",
                False,
                f"its SDK ({self.sdk}) is not installed: {self.install_hint()}",
            )
        found = self.key_setting()
        if found is None:
            wanted = " or ".join(self.key_vars)
            return ProviderInfo(self.name, "key_missing", installed, f"set {wanted}")
        where = found[0]
        detail = f"key set in {where}" if where.startswith("the config") else f"{where} is set"
        if self.base_url_required and not self.base_url():
            return ProviderInfo(
                self.name, "key_missing", installed, f"{detail} but {self.base_url_var} is not set"
            )
        return ProviderInfo(self.name, "operative", installed, detail)

    def check(self) -> None:
        """Raise `ProviderError` unless it can run here (no network: cheap, before servers)."""
        if not self.installed():
            raise ProviderError(
                f"provider {self.name!r} needs its SDK ({self.sdk}), which is not installed: "
                f"{self.install_hint()}"
            )
        info = self.probe(network=False)
        if info.status != "operative":
            raise ProviderError(f"provider {self.name!r} is not operative: {info.detail}")

    def model(self, name: str | None = None, retry: RetryPolicy | None = None) -> Model:
        """A model of this provider; imports its SDK. Without `retry`, the default policy with
        this provider's timeout (`retry_policy`)."""
        raise NotImplementedError

    def retry_policy(self, retry: RetryPolicy | None = None) -> RetryPolicy:
        """`retry`, else the default policy with this provider's timeout: its environment's
        `ORCHESTRATOR_PROVIDER_TIMEOUT`, else its config's `timeout_seconds`, else the default (an
        `Orchestrator` passes its own, from its options: `orchestrator.options`)."""
        from orchestrator.models.retry import RetryPolicy
        from orchestrator.options import provider_timeout

        if retry is not None:
            return retry
        return RetryPolicy(timeout=provider_timeout(self.name, self.config, self.env))


class ChatCompletionsProvider(Provider):
    """A provider whose API is OpenAI's Chat Completions at a known base URL (OpenAI, DeepSeek,
    Qwen): a subclass sets its settings, `default_base_url`, and whether the OpenAI account's
    ids (`OPENAI_ORG_ID`, `OPENAI_PROJECT_ID`) may be sent to it."""

    default_base_url: ClassVar[str | None] = None  # None: OpenAI's API
    openai_account: ClassVar[bool] = False

    def model(self, name: str | None = None, retry: RetryPolicy | None = None) -> Model:
        from orchestrator.models.openai import OpenAIChatModel

        self.check()
        return OpenAIChatModel(
            self.require_model(name),
            provider=self.name,
            api_key=self.api_key() or "",
            base_url=self.base_url() or self.default_base_url,
            openai_account=self.openai_account,
            retry=self.retry_policy(retry),
        )
