"""What the search plays today in every shipped puzzle whose solution is ♠Q.

Issue 34 found shipped ♠Q solutions that came from the search's blind spots about the moon
(opponents defending against a shot nobody could see, and a seat holding ♠Q alone not
watched).  This re-runs the verify stage's evaluation (:func:`hearts_core.mining.evaluate`
with the verify budget and salt) on each of those positions with the search as it is now,
and prints one row per puzzle: the card it now ranks first, its margin over the runner-up,
whether the verify stage would still ship ♠Q, and ♠Q's expected points then and now.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/queen_puzzles.py
"""

from __future__ import annotations

import argparse

from hearts_core.mining import EVALUATE_BUDGET, EVALUATE_WORLDS, MIN_MARGIN, VERIFY_FACTOR, evaluate
from hearts_core.puzzles import load_puzzles


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--card", default="♠Q", help="the solution to look for")
    args = parser.parse_args()
    chosen = [puzzle for puzzle in load_puzzles() if str(puzzle.solution) == args.card]
    print(f"{len(chosen)} shipped puzzles with the solution {args.card}")
    then, now_label = args.card + " then", args.card + " now"
    print(f"{'puzzle':<13} {'now first':>9} {'margin':>7} {'ships':>6} {then:>9} {now_label:>8}")
    kept = 0
    for puzzle in chosen:
        record = puzzle.data
        shipped = {row["card"]: row["points"] for row in record["evaluation"]["cards"]}
        now = evaluate(record, budget=EVALUATE_BUDGET * VERIFY_FACTOR, worlds=EVALUATE_WORLDS * VERIFY_FACTOR,
                       salt="verify")
        first = now["cards"][0]["card"]
        points = {row["card"]: row["points"] for row in now["cards"]}
        ships = first == args.card and now["margin"] >= MIN_MARGIN and now["margin"] > 2 * now["error"]
        kept += ships
        print(f"{puzzle.id:<13} {first:>9} {now['margin']:>7.2f} {'yes' if ships else 'no':>6} "
              f"{shipped[args.card]:>9.2f} {points[args.card]:>8.2f}", flush=True)
    print(f"{kept} of {len(chosen)} would still ship {args.card}")


if __name__ == "__main__":
    main()
