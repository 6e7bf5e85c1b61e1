"""How long ``Match.from_json`` takes to load a saved match of 100, 400 and 1,600 hands.

Run ``python benchmarks/load_speed.py [--rounds 5] [--seed 0]``.

Design choices:

* One long match is played once with random legal cards under ``Rules(target=10**9)``
  (so it never ends), and the records of its first 100, 400 and 1,600 hands are cut from
  it, so each size loads the same kind of hands.
* Loading was quadratic in the number of hands (each hand summed all earlier ones again);
  the figure to look at is the time per hand, which should stay flat as the match grows.
* Each size is loaded ``--rounds`` times; the median is printed, since the machine is
  shared and the odd slow round says nothing about the code.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from hearts_core import Match, Phase, Rules

SIZES = (100, 400, 1600)


def long_match_record(hands: int, seed: int) -> dict[str, object]:
    """The record of a match of ``hands`` complete hands of random legal play."""
    rng = random.Random(seed)
    match = Match.new(seed, Rules(target=10**9))
    while True:
        hand = match.hand
        if hand.phase is Phase.PASSING:
            for seat in range(4):
                match.pass_cards(seat, rng.sample(hand.hand(seat), 3))
        while not hand.is_over:
            match.play(rng.choice(match.legal_plays()))
        if match.hand_number == hands:
            record: dict[str, object] = json.loads(match.to_json())
            return record
        match.next_hand()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    full = long_match_record(max(SIZES), args.seed)
    print(f"Match.from_json, median of {args.rounds} rounds")
    print(f"{'hands':>6} {'bytes':>10} {'median s':>9} {'ms/hand':>8}")
    for size in SIZES:
        hands = full["hands"]
        assert isinstance(hands, list)
        text = json.dumps({**full, "hands": hands[:size]}, ensure_ascii=False, indent=1)
        times = []
        for _ in range(args.rounds):
            started = time.perf_counter()
            match = Match.from_json(text)
            times.append(time.perf_counter() - started)
            assert match.hand_number == size and match.hand.is_over
        median = statistics.median(times)
        print(f"{size:>6} {len(text.encode()):>10,} {median:>9.3f} {median / size * 1000:>8.2f}")


if __name__ == "__main__":
    main()
