"""The user's local time, and the time zone's IANA name, for the model's instructions."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

__all__ = ["local_zone_name", "now_line"]

_ZONEINFO = "zoneinfo/"


def local_zone_name() -> str | None:
    """The IANA name of the local time zone (`TZ`, else /etc/localtime's target), or None."""
    tz = os.environ.get("TZ", "").strip().removeprefix(":")
    if tz and "/" in tz and not tz.startswith("/"):
        return tz
    if tz.startswith("/") and _ZONEINFO in tz:
        return tz.split(_ZONEINFO, 1)[1]
    try:
        target = os.readlink("/etc/localtime")
    except OSError:
        target = ""
    if _ZONEINFO in target:
        return target.split(_ZONEINFO, 1)[1]
    try:
        name = Path("/etc/timezone").read_text(encoding="utf-8").strip()
    except OSError:
        return tz or None
    return name or tz or None


def now_line(now: datetime | None = None) -> str:
    """`Now: Sunday 2026-11-22 16:05, time zone Europe/Paris (UTC+01:00).`"""
    now = (now or datetime.now()).astimezone()
    offset = now.strftime("%z")
    offset = f"UTC{offset[:3]}:{offset[3:]}" if offset else "UTC"
    zone = local_zone_name()
    where = f"{zone} ({offset})" if zone else offset
    return f"Now: {now:%A %Y-%m-%d %H:%M}, time zone {where}."
