"""Random hands per second: our engine's public API against OpenSpiel's C++ hearts.

Run ``python benchmarks/engine_speed.py [--seconds 2] [--rounds 5] [--seed 0] [--openspiel-deal chance]``.

Design choices:

* Both sides are driven the way a caller would drive them from Python, doing the same
  work per hand: a uniformly random deal, random passes for the hand's direction (cycling
  left, right, across, hold, as a match does), then each play drawn uniformly from the
  legal plays until the hand is over, and the scores read at the end.  The OpenSpiel
  figure therefore includes pybind11's per-call cost, which is what a Python caller pays.
* Ours deals with one ``shuffle`` of the deck, as the match code does; OpenSpiel is dealt
  by default through its own chance nodes, one uniformly drawn ``chance_outcomes()``
  entry per card, since that is its API for dealing.  Building those outcome lists is
  about half of OpenSpiel's time per hand, so ``--openspiel-deal shuffle`` (shuffle the
  52 card actions and apply them) is offered to see the play loop on its own.  The pass
  direction, a chance node in OpenSpiel, is set from the same cycle rather than drawn, so
  both sides play the same mix of hands.
* Each round runs each engine for a fixed wall-clock slice and counts whole hands.
  Rounds alternate which engine goes first so drift in machine load (the machine is
  shared) falls on both; the median over rounds discards the odd disturbed slice.
* Scores are summed into a checksum and sanity-checked so the work cannot be skipped and
  a broken loop cannot report a flattering number.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from importlib import metadata
from typing import Any

import pyspiel

from hearts_core import DECK, HandState, PassDirection
from hearts_core.openspiel import TABLE_RULES_OPTIONS

# Sum of the four hand scores: 26 normally, 78 when someone shoots the moon.
VALID_SCORE_SUMS = (26, 78)


def ours_hand(rng: random.Random, number: int) -> int:
    """Play one random hand through ``HandState``; return the sum of its scores."""
    deck = list(DECK)
    rng.shuffle(deck)
    direction = PassDirection.for_hand(number + 1)
    state = HandState.new([deck[0:13], deck[13:26], deck[26:39], deck[39:52]], direction)
    if direction is not PassDirection.HOLD:
        for seat in range(4):
            state.pass_cards(seat, rng.sample(state.hand(seat), 3))
    choice = rng.choice
    while not state.is_over:
        state.play(choice(state.legal_plays()))
    return sum(state.scores)


def make_openspiel_hand(deal: str = "chance") -> Callable[[random.Random, int], int]:
    """The OpenSpiel counterpart of :func:`ours_hand`, bound to one loaded game.

    ``deal`` is ``"chance"`` (draw each card from ``chance_outcomes()``) or ``"shuffle"``.
    """
    game: Any = pyspiel.load_game("hearts", TABLE_RULES_OPTIONS)
    card_actions = list(range(52))

    def openspiel_hand(rng: random.Random, number: int) -> int:
        state = game.new_initial_state()
        state.apply_action(PassDirection.for_hand(number + 1).offset)
        choice = rng.choice
        if deal == "shuffle":
            # Any order of the 52 card actions is a uniformly random deal.
            rng.shuffle(card_actions)
            for action in card_actions:
                state.apply_action(action)
        while state.is_chance_node():
            state.apply_action(choice(state.chance_outcomes())[0])
        # Passing and playing are both "pick one of legal_actions()" in OpenSpiel.
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
        returns: list[float] = state.returns()
        return round(sum(26 - value for value in returns))

    return openspiel_hand


def run_for(hand: Callable[[random.Random, int], int], rng: random.Random, seconds: float) -> float:
    """Play hands until ``seconds`` have passed; return hands per second."""
    clock = time.perf_counter
    count = 0
    start = clock()
    deadline = start + seconds
    while True:
        total = hand(rng, count)
        if total not in VALID_SCORE_SUMS:
            raise AssertionError(f"hand {count} scored {total} in all, not 26 or 78: the benchmark loop is broken")
        count += 1
        now = clock()
        if now >= deadline:
            return count / (now - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="wall-clock seconds per engine per round")
    parser.add_argument("--rounds", type=int, default=5, help="number of interleaved rounds")
    parser.add_argument("--seed", type=int, default=0, help="seed for deals, passes and plays")
    parser.add_argument(
        "--openspiel-deal",
        choices=("chance", "shuffle"),
        default="chance",
        help="deal OpenSpiel from chance_outcomes() (default) or by applying a shuffled deck",
    )
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds must be positive and --rounds at least 1")

    engines: dict[str, Callable[[random.Random, int], int]] = {
        "ours (HandState)": ours_hand,
        f"OpenSpiel (pyspiel, {args.openspiel_deal} deal)": make_openspiel_hand(args.openspiel_deal),
    }
    rng = random.Random(args.seed)
    # A short untimed warm-up so first-call costs (imports, caches) stay out of round 1.
    for hand in engines.values():
        run_for(hand, rng, min(0.2, args.seconds))

    rates: dict[str, list[float]] = {name: [] for name in engines}
    names = list(engines)
    for round_number in range(args.rounds):
        order = names if round_number % 2 == 0 else names[::-1]
        for name in order:
            rates[name].append(run_for(engines[name], rng, args.seconds))

    medians = {name: statistics.median(values) for name, values in rates.items()}
    ours_name, theirs_name = names
    width = max(map(len, names))
    print(
        f"Random hands per second, {args.rounds} rounds x {args.seconds:g} s per engine "
        f"(Python {sys.version.split()[0]}, open-spiel {metadata.version('open-spiel')})"
    )
    header = "  ".join(f"{f'round {number + 1}':>8}" for number in range(args.rounds))
    print(f"{'engine':<{width}}  {header}  {'median':>8}")
    for name in names:
        cells = "  ".join(f"{value:8.0f}" for value in rates[name])
        print(f"{name:<{width}}  {cells}  {medians[name]:8.0f}")
    print(f"ratio ours/OpenSpiel (medians): {medians[ours_name] / medians[theirs_name]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
