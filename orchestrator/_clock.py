"""The user's local time, and the time zone's IANA name, for the model's instructions."""

from __future__ import annotations

import os
import re
from datetime import datetime
from pathlib import Path

__all__ = ["local_zone_name", "now_line"]

_ZONEINFO = "zoneinfo/"
_LOCALTIME = Path("/etc/localtime")
_TIMEZONE = Path("/etc/timezone")
# An IANA name (`UTC`, `Europe/Paris`, `Etc/GMT+5`), not a POSIX rule (`CET-1CEST,M3.5.0,...`).
_IANA_NAME = re.compile(r"[A-Za-z_]+(?:/[A-Za-z0-9_+\-]+)*")


def local_zone_name() -> str | None:
    """The IANA name of the local time zone, or None. When `TZ` is set it alone says (a name,
    or a zoneinfo file's path; a POSIX rule has no name); otherwise /etc/localtime's target,
    else /etc/timezone."""
    if "TZ" in os.environ:
        tz = os.environ["TZ"].strip().removeprefix(":")
        if tz.startswith("/"):
            return tz.split(_ZONEINFO, 1)[1] if _ZONEINFO in tz else None
        return tz if _IANA_NAME.fullmatch(tz) else None
    try:
        target = os.readlink(_LOCALTIME)
    except OSError:
        target = ""
    if _ZONEINFO in target:
        return target.split(_ZONEINFO, 1)[1]
    try:
        return _TIMEZONE.read_text(encoding="utf-8").strip() or None
    except OSError:
        return None


def now_line(now: datetime | None = None) -> str:
    """`Now: Sunday 2026-11-22 16:05, time zone Europe/Paris (UTC+01:00).`"""
    now = (now or datetime.now()).astimezone()
    offset = now.strftime("%z")
    offset = f"UTC{offset[:3]}:{offset[3:]}" if offset else "UTC"
    zone = local_zone_name()
    where = f"{zone} ({offset})" if zone else offset
    return f"Now: {now:%A %Y-%m-%d %H:%M}, time zone {where}."
