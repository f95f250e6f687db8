"""The offline router against its evaluation corpus (tests/offline_eval/corpus) and each blind
set (tests/offline_eval/blind/<set>): accuracy per server, wrong writes (writes the user did not
ask for, measured apart), the requests that were due calls but got a question back or nothing,
and the routing time of the router alone (not the servers, not the process). Each set is run
apart (its own servers, its own table). Prints figures; asserts nothing.

    python bench/offline_eval.py [--set corpus|a|b|c|d|all] [-v] [--each]
                                 [--file todo] [--case todo:12]

Rows are the server each request is for (its expected call's); requests expecting no call from
a file of several servers count as "(refusals)". "asked" and "no call" count the requests that
expected calls but got a question back, or neither a call nor a question. `-v` prints every case
that is not right, with what went wrong, the calls made and the answer; `--each` prints a line
per case first.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.offline_eval._corpus import blind_sets, load_set
from tests.offline_eval._harness import Outcome, Report, run_corpus


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def _explain(outcome: Outcome) -> str:
    case = outcome.case
    lines = [f"{case.id}  {' / '.join(case.say)}"]
    lines += [f"    {p}" for p in outcome.problems]
    lines += [f"    call: {c}" for c in outcome.calls]
    lines += ["    answer: " + outcome.answer.replace("\n", "\n            ")]
    return "\n".join(lines)


def _due(outcomes: list[Outcome], kind: str) -> int:
    """How many requests that expected calls got `kind` ("question", "no call") instead."""
    return sum(o.kind == kind for o in outcomes if o.case.writes or o.case.reads)


def _table(title: str, report: Report) -> None:
    print(title)
    print(
        f"{'server':<12} {'cases':>5} {'right':>6} {'accuracy':>9} {'wrong writes':>13} "
        f"{'asked':>6} {'no call':>8} {'median routing':>15}"
    )
    rows = [*report.by_server().items(), ("all", report.outcomes)]
    for name, outcomes in rows:
        right = sum(o.right for o in outcomes)
        wrong = sum(bool(o.wrong_writes) for o in outcomes)
        median = statistics.median(o.routing / o.requests for o in outcomes)
        print(
            f"{name:<12} {len(outcomes):>5} {right:>6} {right / len(outcomes):>9.1%} "
            f"{wrong:>13} {_due(outcomes, 'question'):>6} {_due(outcomes, 'no call'):>8} "
            f"{_ms(median):>15}"
        )


def _figures(report: Report) -> None:
    per_request = report.routing_per_request()
    total = len(report.outcomes)
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


def _each(report: Report) -> None:
    for o in report.outcomes:
        mark = "right" if o.right else ("WRONG WRITE" if o.wrong_writes else "miss")
        expects = "ask" if o.case.ask else "refuse" if o.case.refuse else "calls"
        print(
            f"{o.case.id:<16} {mark:<11} expects {expects:<6} got {o.kind:<8} "
            f"{' / '.join(o.case.say)}"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    sets = ["corpus", *blind_sets()]
    parser.add_argument("--set", choices=[*sets, "all"], default="all", help="which set to run")
    parser.add_argument("-v", "--verbose", action="store_true", help="show every miss")
    parser.add_argument("--each", action="store_true", help="a line per case")
    parser.add_argument("--file", action="append", help="only this file (repeatable)")
    parser.add_argument("--case", action="append", help="only this case, e.g. todo:12")
    args = parser.parse_args()
    for name in sets if args.set == "all" else [args.set]:
        cases = load_set(name)
        if args.file:
            cases = [c for c in cases if c.file in args.file]
        if args.case:
            cases = [c for c in cases if c.id in args.case]
        if not cases:
            continue
        report = asyncio.run(run_corpus(cases))
        where = "tests/offline_eval/corpus" if name == "corpus" else f"blind set {name}"
        if args.each:
            _each(report)
        _table(f"offline router, {len(report.outcomes)} requests from {where}", report)
        _figures(report)
        misses = [o for o in report.outcomes if not o.right]
        if args.verbose:
            for outcome in misses:
                print()
                print(_explain(outcome))
        elif misses:
            print(
                f"{len(misses)} not right: {', '.join(o.case.id for o in misses)} (-v for details)"
            )
        print()


if __name__ == "__main__":
    main()
