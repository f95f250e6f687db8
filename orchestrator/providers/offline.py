"""The `offline` provider: the built-in router (`orchestrator.offline`); no key, no network."""

from __future__ import annotations

from typing import TYPE_CHECKING

from orchestrator.providers import Provider, ProviderInfo

if TYPE_CHECKING:
    from orchestrator.models import Model
    from orchestrator.models.retry import RetryPolicy

__all__ = ["OfflineProvider"]


class OfflineProvider(Provider):
    name = "offline"
    kind = "local"
    description = "deterministic router, no network, no key"

    def probe(self, network: bool = True) -> ProviderInfo:
        return ProviderInfo(self.name, "operative", True, self.description)

    def check(self) -> None:
        """Always operative."""

    def model(self, name: str | None = None, retry: RetryPolicy | None = None) -> Model:
        from orchestrator.offline import OfflineRouter

        return OfflineRouter()
