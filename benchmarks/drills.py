"""How long a drill position takes to deal, per rule: the wait after "New position".

Each rule's positions are found by dealing seeded hands and playing them with random legal
cards until a moment exercises the rule (:func:`hearts_core.drills.deal_item`); the rarer
the moment, the more hands it takes.  Prints the median and the worst time per rule over
``--positions`` seeds.  Run it on an otherwise idle machine:

    .venv/bin/python benchmarks/drills.py
"""

from __future__ import annotations

import argparse
import statistics
import time

from hearts_core.drills import DRILL_RULES, deal_item


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40, help="seeds timed per rule")
    args = parser.parse_args()
    print(f"{'rule':<24} {'median ms':>10} {'worst ms':>10}  ({args.positions} positions each)")
    for rule in DRILL_RULES:
        times = []
        for seed in range(args.positions):
            start = time.perf_counter()
            deal_item(rule, seed)
            times.append((time.perf_counter() - start) * 1000)
        print(f"{rule:<24} {statistics.median(times):>10.1f} {max(times):>10.1f}")


if __name__ == "__main__":
    main()
