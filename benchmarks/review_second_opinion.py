"""How often OpenSpiel's IS-MCTS confirms the review's costly plays before the last tricks, and what asking costs.

    python benchmarks/review_second_opinion.py [--hands 30] [--first 1]

Each hand is a match's first hand with seat 0 played by the easy computer player against
normal ones (``tests.support.careless_hand``: it errs, so the review has costly plays to
find).  The hand is reviewed twice: with no second opinion (the costly plays before the
endgame judge's reach are left out, the static site's case) and with IS-MCTS
(:func:`hearts_referee.ismcts.confirms_costly`, the kernel's case).  Printed: the costly
plays the search found before the reach, how many IS-MCTS confirmed, each verdict, and the
median CPU seconds of a review both ways (the hands are dealt and played before any clock
starts).  A progress line per hand goes to standard error.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hearts_core.cards import Card
from hearts_core.puzzle_records import PositionRecord
from hearts_core.review import review_hand
from hearts_referee.ismcts import confirms_costly
from tests.support import careless_hand


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--first", type=int, default=1, help="the first hand's seed")
    args = parser.parse_args(argv)
    hands = [careless_hand(seed) for seed in range(args.first, args.first + args.hands)]  # before any clock
    verdicts: list[tuple[int, int, str, str, bool]] = []
    alone_seconds, judged_seconds = [], []
    for number, hand in enumerate(hands):
        seed = args.first + number
        asked: list[tuple[str, str, bool]] = []

        def recording(record: PositionRecord, better: Card, played: Card,
                      asked: list[tuple[str, str, bool]] = asked) -> bool:
            confirmed = confirms_costly(record, better, played)
            asked.append((str(better), str(played), confirmed))
            return confirmed

        started = time.process_time()
        alone = review_hand(hand, 0)
        alone_seconds.append(time.process_time() - started)
        started = time.process_time()
        judged = review_hand(hand, 0, outside=recording)
        judged_seconds.append(time.process_time() - started)
        assert alone.unchecked == len(asked)
        verdicts += [(seed, len(judged.mistakes), better, played, confirmed) for better, played, confirmed in asked]
        print(f"hand {number + 1}/{len(hands)}: {len(asked)} asked, {sum(item[2] for item in asked)} confirmed",
              file=sys.stderr, flush=True)
    confirmed = sum(item[4] for item in verdicts)
    print(f"{len(hands)} careless hands (seeds {args.first}-{args.first + len(hands) - 1}), seat 0 reviewed")
    print(f"costly plays before the last four tricks: {len(verdicts)}; IS-MCTS confirmed {confirmed} "
          f"({confirmed / max(len(verdicts), 1):.0%}), refuted {len(verdicts) - confirmed}")
    for seed, _, better, played, verdict in verdicts:
        print(f"  hand {seed}: played {played}, the search's better card {better}: "
              f"{'confirmed' if verdict else 'refuted'}")
    print(f"median CPU s per review: without a second opinion {statistics.median(alone_seconds):.2f}, "
          f"with IS-MCTS {statistics.median(judged_seconds):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
