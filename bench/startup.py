"""Startup with all configured servers: in parallel (as the orchestrator does) against one after
another. Prints figures; asserts nothing.

    python bench/startup.py [--config PATH] [--rounds N]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time

from orchestrator.config import load_config
from orchestrator.discovery import Discovery


async def _up(settings) -> tuple[float, dict[str, str]]:
    start = time.perf_counter()
    async with Discovery(settings) as discovery:
        elapsed = time.perf_counter() - start
        states = {name: r.state for name, r in discovery.reports.items()}
    return elapsed, states


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--config")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    settings = load_config(args.config)
    print(f"config: {settings.source}")
    parallel, serial = [], []
    for _ in range(args.rounds):
        elapsed, states = await _up(settings)
        parallel.append(elapsed)
        total = 0.0
        for name in settings.servers:
            one, _ = await _up(settings.select([name]))
            total += one
        serial.append(total)
    print(f"servers: {states}")
    p, s = statistics.median(parallel), statistics.median(serial)
    print(f"parallel:          {p:.2f}s (median of {args.rounds})")
    print(f"one after another: {s:.2f}s")
    print(f"ratio (serial / parallel): {s / p:.2f}x")


if __name__ == "__main__":
    import os

    os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp(prefix="bench-xdg-"))
    asyncio.run(main())
