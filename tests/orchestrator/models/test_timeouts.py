"""A provider that takes the request and never answers: every provider, through its real SDK,
against a loopback fake that reads the request and stays silent (`SILENCE`). The user gets, at
the configured timeout and after one attempt, an error naming the provider, the seconds and how
to give it longer."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
import yaml

from orchestrator.config import ConfigError, OrchestratorSettings, ProviderConfig, load_config
from orchestrator.core import Orchestrator
from orchestrator.errors import ProviderError, UsageError
from orchestrator.options import RunOptions
from orchestrator.testing.vendors import SILENCE, FakeVendor
from orchestrator.testing.vendors.openai import fake_openai
from tests._vendors import VENDORS, Vendor

KEY = "timeout-test-key-5e8b2c7a91d4"
SECTIONS = {"openai": "openai", "anthropic": "anthropic", "gemini": "google",
            "openai-compatible": "generic"}  # fmt: skip
ENDPOINT_VARS = (
    "OPENAI_BASE_URL", "ANTHROPIC_BASE_URL", "GEMINI_BASE_URL", "DEEPSEEK_BASE_URL",
    "DASHSCOPE_BASE_URL", "OPENAI_COMPATIBLE_BASE_URL", "OPENAI_COMPATIBLE_MODEL", "OLLAMA_HOST",
    "ORCHESTRATOR_PROVIDER_ATTEMPTS", "ORCHESTRATOR_PROVIDER_TIMEOUT",
)  # fmt: skip


@pytest.fixture(autouse=True)
def _no_endpoint_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ENDPOINT_VARS:
        monkeypatch.delenv(var, raising=False)


@pytest.fixture
def silent(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The provider named by the test's parameter, pointed at a fake that never answers."""
    vendor: Vendor = VENDORS[request.param]
    with vendor.make() as fake:
        fake.reply(*vendor.script(SILENCE, probe=False))  # a provider does not probe first
        for var, value in {**vendor.env(fake), vendor.key_var: KEY}.items():
            monkeypatch.setenv(var, value)
        yield vendor, fake


def write(tmp_path: Path, data: dict[str, Any]) -> Path:
    data = {"mcp": {"servers": {"nothing": {"command": "true", "disabled": True}}}, **data}
    path = tmp_path / "mcp_agent.config.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def timeout_in_config(vendor: Vendor, seconds: float) -> tuple[dict[str, Any], str]:
    """The config that gives `vendor`'s provider `seconds`, and the words that name that
    setting: its own section where it has one, else the `orchestrator:` section."""
    chosen = {"provider": vendor.provider, "model": vendor.model}
    section = SECTIONS.get(vendor.provider)
    if section:
        config = {"orchestrator": chosen, section: {"timeout_seconds": seconds}}
        return config, f"`timeout_seconds` under `{section}:` in the config"
    config = {"orchestrator": {**chosen, "provider_timeout_seconds": seconds}}
    return config, "`provider_timeout_seconds` under `orchestrator:` in the config"


@pytest.mark.parametrize("silent", list(VENDORS), indirect=True)
async def test_a_provider_that_never_answers_is_named_at_its_timeout_after_one_attempt(
    silent: tuple[Vendor, FakeVendor[Any]], tmp_path: Path
) -> None:
    vendor, fake = silent
    config, setting = timeout_in_config(vendor, 0.5)
    with anyio.fail_after(20):  # the SDK's own default is 600 s, four times over
        async with Orchestrator.from_config(write(tmp_path, config)) as orch:
            with pytest.raises(ProviderError) as caught:
                await orch.ask("hello")
    assert str(caught.value) == (
        f"{vendor.provider} ({vendor.model}) did not answer within 0.5s (set by {setting}; "
        "raise it to wait longer)"
    )
    assert len(vendor.calls(fake)) == 1  # a silent provider is not asked again (4 attempts)
    assert KEY not in str(caught.value)


@pytest.mark.parametrize("silent", ["openai", "anthropic", "gemini"], indirect=True)
async def test_a_streamed_answer_that_never_comes_says_the_same(
    silent: tuple[Vendor, FakeVendor[Any]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    vendor, _ = silent
    monkeypatch.setenv("ORCHESTRATOR_PROVIDER_TIMEOUT", "0.5")
    path = write(tmp_path, {"orchestrator": {"provider": vendor.provider, "model": vendor.model}})
    with anyio.fail_after(20):
        async with Orchestrator.from_config(path) as orch:
            with pytest.raises(ProviderError) as caught:
                await orch.session().ask("hello", on_text=lambda _: None)  # the chat streams
    assert str(caught.value) == (
        f"{vendor.provider} ({vendor.model}) did not answer within 0.5s "
        "(set by ORCHESTRATOR_PROVIDER_TIMEOUT; raise it to wait longer)"
    )


def test_the_one_shot_says_which_provider_did_not_answer_and_how_to_wait_longer(
    tmp_path: Path,
) -> None:
    with fake_openai(SILENCE) as fake:
        env = {
            **os.environ,
            "OPENAI_COMPATIBLE_BASE_URL": fake.url + "/v1",
            "OPENAI_COMPATIBLE_API_KEY": KEY,
            "OPENAI_COMPATIBLE_MODEL": "local-model",
        }
        done = subprocess.run(
            [sys.executable, "-m", "orchestrator", "--provider", "openai-compatible",
             "--provider-timeout", "0.5", "--config", str(write(tmp_path, {})), "hello"],
            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip().endswith(
        "openai-compatible (local-model) did not answer within 0.5s "
        "(set by --provider-timeout; raise it to wait longer)"
    ), done.stderr
    assert len(fake.completions) == 1
    assert KEY not in done.stdout + done.stderr


def test_the_timeout_comes_from_the_flag_the_environment_the_section_then_the_config() -> None:
    config = OrchestratorSettings(provider_timeout_seconds=30)
    section = ProviderConfig(timeout_seconds=45)
    env = {"ORCHESTRATOR_PROVIDER_TIMEOUT": "20"}

    def seconds(options: RunOptions, provider: str = "openai", own: bool = True) -> float:
        return options.provider_timeout_for(provider, section if own else ProviderConfig()).seconds

    assert seconds(RunOptions.resolve(config, env=env, provider_timeout=10)) == 10
    assert seconds(RunOptions.resolve(config, env=env)) == 20
    assert seconds(RunOptions.resolve(config, env={})) == 45
    assert seconds(RunOptions.resolve(config, env={}), own=False) == 30
    default = RunOptions.resolve(OrchestratorSettings(), env={}).provider_timeout_for(
        "deepseek", ProviderConfig()
    )
    assert (default.seconds, default.raise_with) == (
        120,
        "the default; set `provider_timeout_seconds` under `orchestrator:` in the config, pass "
        "--provider-timeout SECONDS or set ORCHESTRATOR_PROVIDER_TIMEOUT to wait longer",
    )


@pytest.mark.parametrize(
    ("written", "problem"),
    [
        (0, "openai.timeout_seconds: Input should be greater than 0"),
        (-5, "openai.timeout_seconds: Input should be greater than 0"),
        ("soon", "openai.timeout_seconds: expected a number of seconds, got 'soon'"),
        (".inf", "openai.timeout_seconds: Input should be a finite number"),
    ],
)
def test_a_bad_timeout_in_a_provider_section_names_the_key_and_the_rule(
    written: Any, problem: str, tmp_path: Path
) -> None:
    path = tmp_path / "mcp_agent.config.yaml"
    value = written if written != ".inf" else float("inf")
    data = {"mcp": {"servers": {"s": {"command": "true"}}}, "openai": {"timeout_seconds": value}}
    path.write_text(yaml.safe_dump(data))
    with pytest.raises(ConfigError) as caught:
        load_config(path, env={})
    assert problem in str(caught.value)


def test_a_timeout_from_a_variable_is_read_as_a_number(tmp_path: Path) -> None:
    path = write(tmp_path, {"generic": {"timeout_seconds": "${SLOW_MODEL_SECONDS}"}})
    settings = load_config(path, env={"SLOW_MODEL_SECONDS": "900"})
    assert settings.providers["openai-compatible"].timeout_seconds == 900


@pytest.mark.parametrize("raw", ["0", "-1", "soon", "nan", "inf"])
def test_a_bad_timeout_in_the_environment_names_the_variable(raw: str) -> None:
    with pytest.raises(UsageError) as caught:
        RunOptions.resolve(OrchestratorSettings(), env={"ORCHESTRATOR_PROVIDER_TIMEOUT": raw})
    assert str(caught.value) == (
        f"ORCHESTRATOR_PROVIDER_TIMEOUT must be a positive number of seconds, got {raw!r}"
    )


def test_a_bad_provider_timeout_flag_is_a_usage_error(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "orchestrator", "--provider-timeout", "0", "hello"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    assert "argument --provider-timeout: must be a positive number of seconds, got '0'" in (
        done.stderr
    )


def test_a_provider_made_outside_an_orchestrator_has_its_own_timeout() -> None:
    from orchestrator.registry import get_provider

    env = {"OPENAI_API_KEY": KEY}
    configs = {"openai": ProviderConfig(timeout_seconds=7)}
    assert get_provider("openai", env).retry_policy().timeout.seconds == 120
    assert get_provider("openai", env, configs).retry_policy().timeout.seconds == 7
    env["ORCHESTRATOR_PROVIDER_TIMEOUT"] = "3"
    assert get_provider("openai", env, configs).retry_policy().timeout.seconds == 3
