"""The provider registry: probing, the automatic choice, and providers whose SDK is missing."""

from __future__ import annotations

import ast
import os
import subprocess
import sys

import pytest

from orchestrator.errors import ProviderError, UsageError
from orchestrator.providers.anthropic import AnthropicProvider
from orchestrator.registry import choose_provider, plan_provider, probe_providers

pytestmark = pytest.mark.processes


@pytest.fixture
def anthropic_sdk_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(AnthropicProvider, "sdk", "no_such_sdk_package")


def test_no_key_means_the_offline_router() -> None:
    choice = choose_provider(env={})
    assert (choice.name, choice.reason) == ("offline", "no operative LLM provider")


def test_the_first_provider_with_a_key_is_chosen_and_the_key_is_not_shown() -> None:
    env = {"ANTHROPIC_API_KEY": "sk-ant-0123456789abcdef"}
    info = {p.name: p for p in probe_providers(env)}
    assert info["anthropic"].status == "operative"
    assert "0123456789" not in info["anthropic"].detail
    assert info["gemini"].status == "key_missing"
    plan = plan_provider(env=env)
    assert (plan.name, plan.model_name, plan.reason) == (
        "anthropic",
        "claude-sonnet-4-6",
        "first operative provider",
    )


def test_a_provider_whose_sdk_is_missing_is_not_chosen_and_says_how_to_install(
    anthropic_sdk_missing: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = {"ANTHROPIC_API_KEY": "sk-ant-0123456789abcdef"}
    monkeypatch.setenv("ANTHROPIC_API_KEY", env["ANTHROPIC_API_KEY"])
    assert not {p.name: p for p in probe_providers(env)}["anthropic"].installed
    assert choose_provider(env=env).name == "offline"
    with pytest.raises(ProviderError) as caught:
        choose_provider("anthropic", env=env)
    assert str(caught.value) == (
        "provider 'anthropic' needs its SDK (no_such_sdk_package), which is not installed: "
        "pip install 'anthropic>=2.12,<3'"
    )


def test_unknown_and_keyless_providers_are_clear_errors() -> None:
    with pytest.raises(UsageError, match="unknown provider 'gpt' \\(known: gemini, anthropic"):
        choose_provider("gpt", env={})
    with pytest.raises(ProviderError, match="provider 'openai' is not operative"):
        choose_provider("openai", env={})


def _sdks_loaded_after(code: str, **env: str) -> list[bool]:
    modules = "('anthropic', 'google.genai', 'agents')"
    script = f"import sys\n{code}\nprint([m in sys.modules for m in {modules}])"
    out = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return ast.literal_eval(out.stdout.strip())  # type: ignore[no-any-return]


def test_a_providers_sdk_is_imported_only_when_it_is_chosen() -> None:
    offline = "import orchestrator, orchestrator.cli\n"
    offline += "from orchestrator.registry import choose_provider\nchoose_provider('offline')"
    assert _sdks_loaded_after(offline) == [False, False, False]
    chosen = "from orchestrator.registry import choose_provider\nchoose_provider('anthropic')"
    loaded = _sdks_loaded_after(chosen, ANTHROPIC_API_KEY="sk-ant-0123456789abcdef")
    assert loaded == [True, False, False]


def test_no_default_model_is_one_its_sdk_calls_deprecated() -> None:
    from anthropic.resources.messages.messages import DEPRECATED_MODELS

    from orchestrator.registry import PROVIDERS, get_provider

    defaults = {name: get_provider(name, env={}).default_model for name in PROVIDERS}
    assert defaults["anthropic"] not in DEPRECATED_MODELS, DEPRECATED_MODELS[defaults["anthropic"]]
