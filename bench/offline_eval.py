"""The offline router against its evaluation corpus (tests/offline_eval/corpus): accuracy per
server, wrong writes (writes the user did not ask for, measured apart), and the routing time of
the router alone (not the servers, not the process). Prints figures; asserts nothing.

    python bench/offline_eval.py [-v] [--file todo] [--case todo:12]

Rows are the server each request is for (its expected call's); requests expecting no call from
a file of several servers count as "(refusals)". `-v` prints every case that is not right, with
what went wrong, the calls made and the answer.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.offline_eval._corpus import load_corpus
from tests.offline_eval._harness import Outcome, run_corpus


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def _explain(outcome: Outcome) -> str:
    case = outcome.case
    lines = [f"{case.id}  {' / '.join(case.say)}"]
    lines += [f"    {p}" for p in outcome.problems]
    lines += [f"    call: {c}" for c in outcome.calls]
    lines += ["    answer: " + outcome.answer.replace("\n", "\n            ")]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-v", "--verbose", action="store_true", help="show every miss")
    parser.add_argument("--file", action="append", help="only this corpus file (repeatable)")
    parser.add_argument("--case", action="append", help="only this case, e.g. todo:12")
    args = parser.parse_args()
    cases = load_corpus()
    if args.file:
        cases = [c for c in cases if c.file in args.file]
    if args.case:
        cases = [c for c in cases if c.id in args.case]
    report = asyncio.run(run_corpus(cases))

    print(f"offline router, {len(report.outcomes)} requests from tests/offline_eval/corpus")
    print(
        f"{'server':<12} {'cases':>5} {'right':>6} {'accuracy':>9} {'wrong writes':>13} "
        f"{'median routing':>15}"
    )
    for name, outcomes in report.by_server().items():
        right = sum(o.right for o in outcomes)
        wrong = sum(bool(o.wrong_writes) for o in outcomes)
        median = statistics.median(o.routing / o.requests for o in outcomes)
        print(
            f"{name:<12} {len(outcomes):>5} {right:>6} {right / len(outcomes):>9.1%} "
            f"{wrong:>13} {_ms(median):>15}"
        )
    per_request = report.routing_per_request()
    total = len(report.outcomes)
    print(
        f"{'all':<12} {total:>5} {sum(o.right for o in report.outcomes):>6} "
        f"{report.accuracy:>9.1%} {len(report.wrong_writes):>13} "
        f"{_ms(statistics.median(per_request)):>15}"
    )
    if per_request:
        ordered = sorted(per_request)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        print(
            f"routing per request: median {_ms(statistics.median(ordered))}, "
            f"p95 {_ms(p95)}, max {_ms(ordered[-1])}"
        )
        turns = sorted(t for o in report.outcomes for t in o.turns)
        print(
            f"routing per turn ({len(turns)} turns): median {_ms(statistics.median(turns))}, "
            f"p95 {_ms(turns[int(0.95 * (len(turns) - 1))])}"
        )
        slow = sorted(report.outcomes, key=lambda o: -o.routing / o.requests)[:3]
        print("slowest: " + ", ".join(f"{o.case.id} {_ms(o.routing / o.requests)}" for o in slow))
    print(f"wrong-write rate: {len(report.wrong_writes) / max(total, 1):.1%} of requests")
    for server, why in report.skipped.items():
        print(f"skipped {server}: {why}")
    misses = [o for o in report.outcomes if not o.right]
    if args.verbose:
        for outcome in misses:
            print()
            print(_explain(outcome))
    elif misses:
        print(f"{len(misses)} not right: {', '.join(o.case.id for o in misses)} (-v for details)")


if __name__ == "__main__":
    main()
