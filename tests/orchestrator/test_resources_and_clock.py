"""`Resources.read` with a server named (started first when idle, a wrong name said), and the
time zone named in the model's instructions."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

import anyio
import pytest

from orchestrator import Orchestrator, _clock, load_config
from orchestrator.cache import CatalogueCache
from orchestrator.catalogue import ListedTool
from orchestrator.errors import UsageError
from orchestrator.testing import server_entry

pytestmark = pytest.mark.processes


async def test_reading_from_a_named_server_starts_it_when_idle(
    write_config: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ORCHESTRATOR_CATALOGUE_CACHE", raising=False)
    path = write_config({"concierge": server_entry("concierge")}, {"provider": "offline"})
    settings = load_config(path)
    CatalogueCache().save(settings.servers["concierge"], [ListedTool("book_table")])
    with anyio.fail_after(60):
        async with Orchestrator(settings) as orch:
            assert orch.discovery.reports["concierge"].state == "idle"
            (contents,) = await orch.resources.read("concierge://guide", server="concierge")
            assert contents.server == "concierge"
            assert (contents.text or "").startswith("The concierge books tables")
            with pytest.raises(UsageError, match=r"no server named 'concierj' \(known: concierge"):
                await orch.resources.read("concierge://guide", server="concierj")


@pytest.fixture
def paris_system(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A system whose /etc/localtime and /etc/timezone say Europe/Paris."""
    localtime = tmp_path / "localtime"
    localtime.symlink_to("/usr/share/zoneinfo/Europe/Paris")
    (tmp_path / "timezone").write_text("Europe/Paris\n")
    monkeypatch.setattr(_clock, "_LOCALTIME", localtime)
    monkeypatch.setattr(_clock, "_TIMEZONE", tmp_path / "timezone")


@pytest.mark.parametrize(
    ("tz", "name"),
    [
        ("UTC", "UTC"),
        ("Asia/Tokyo", "Asia/Tokyo"),
        (":Etc/GMT+5", "Etc/GMT+5"),
        ("/usr/share/zoneinfo/America/New_York", "America/New_York"),
        ("CET-1CEST,M3.5.0,M10.5.0/3", None),  # a POSIX rule has no IANA name
        ("", None),  # set but empty: UTC, by no name
    ],
)
@pytest.mark.usefixtures("paris_system")
def test_a_set_tz_alone_names_the_zone(
    monkeypatch: pytest.MonkeyPatch, tz: str, name: str | None
) -> None:
    monkeypatch.setenv("TZ", tz)
    assert _clock.local_zone_name() == name


@pytest.mark.usefixtures("paris_system")
def test_the_system_zone_is_used_when_tz_is_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TZ")
    assert _clock.local_zone_name() == "Europe/Paris"


@pytest.mark.usefixtures("paris_system")
def test_utc_is_never_called_paris(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "UTC")
    line = _clock.now_line(datetime(2026, 1, 5, 9, 30, tzinfo=timezone(timedelta(0))))
    assert "Paris" not in line and "time zone UTC (UTC" in line
