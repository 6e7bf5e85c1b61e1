"""Random hands per second: our engine's public API against OpenSpiel's C++ hearts.

Run ``python benchmarks/engine_speed.py [--seconds 2] [--rounds 5] [--seed 0] [--openspiel-deal both]``.

Design choices:

* Both sides are driven the way a caller would drive them from Python, doing the same
  work per hand: a uniformly random deal, random passes for the hand's direction (cycling
  left, right, across, hold, as a match does), then each play drawn uniformly from the
  legal plays until the hand is over, and the scores read at the end.  The OpenSpiel
  figure therefore includes pybind11's per-call cost, which is what a Python caller pays.
* Ours deals with one ``shuffle`` of the deck, as the match code does.  OpenSpiel can be
  dealt two ways, and by default (``--openspiel-deal both``) both are timed in the same
  rounds: ``shuffle`` (shuffle the 52 card actions and apply them) is the like-for-like
  figure, both sides applying a shuffled deck; ``chance`` draws each card from
  ``chance_outcomes()``, its API for dealing, whose outcome lists are about half of
  OpenSpiel's time per hand.  The pass direction, a chance node in OpenSpiel, is set from
  the same cycle rather than drawn, so both sides play the same mix of hands.
* Each round runs each engine for a fixed wall-clock slice and counts whole hands
  (``--clock cpu``: a slice of this process's CPU time, which a busy shared machine
  disturbs less; OpenSpiel runs in-process, so both sides are measured alike).
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

from hearts_core import CARDS_IN_PASS, CARDS_PER_SEAT, DECK, NUM_SEATS, HandState, PassDirection
from hearts_core.openspiel import TABLE_RULES_OPTIONS

# Sum of the four hand scores: 26 normally, 78 when someone shoots the moon.
VALID_SCORE_SUMS = (26, 78)


def ours_hand(rng: random.Random, number: int) -> int:
    """Play one random hand through ``HandState``; return the sum of its scores."""
    deck = list(DECK)
    rng.shuffle(deck)
    direction = PassDirection.for_hand(number + 1)
    hands = [deck[seat * CARDS_PER_SEAT : (seat + 1) * CARDS_PER_SEAT] for seat in range(NUM_SEATS)]
    state = HandState.new(hands, direction)
    if direction is not PassDirection.HOLD:
        for seat in range(NUM_SEATS):
            state.pass_cards(seat, rng.sample(state.hand(seat), CARDS_IN_PASS))
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


def run_for(
    hand: Callable[[random.Random, int], int], rng: random.Random, seconds: float, clock: Callable[[], float]
) -> float:
    """Play hands until ``seconds`` of ``clock`` have passed; return hands per second of that clock."""
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
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds (of --clock) per engine per round")
    parser.add_argument("--rounds", type=int, default=5, help="number of interleaved rounds")
    parser.add_argument("--seed", type=int, default=0, help="seed for deals, passes and plays")
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="time slices by wall clock (default) or by this process's CPU time, steadier on a busy shared machine",
    )
    parser.add_argument(
        "--openspiel-deal",
        choices=("both", "shuffle", "chance"),
        default="both",
        help="deal OpenSpiel by applying a shuffled deck (like for like), from chance_outcomes(), or both (default)",
    )
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds must be positive and --rounds at least 1")

    deals = ("shuffle", "chance") if args.openspiel_deal == "both" else (args.openspiel_deal,)
    engines: dict[str, Callable[[random.Random, int], int]] = {"ours (HandState)": ours_hand}
    for deal in deals:
        engines[f"OpenSpiel (pyspiel, {deal} deal)"] = make_openspiel_hand(deal)
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    rng = random.Random(args.seed)
    # A short untimed warm-up so first-call costs (imports, caches) stay out of round 1.
    for hand in engines.values():
        run_for(hand, rng, min(0.2, args.seconds), clock)

    rates: dict[str, list[float]] = {name: [] for name in engines}
    names = list(engines)
    for round_number in range(args.rounds):
        # Rotate who goes first so drift in machine load falls on every engine alike.
        shift = round_number % len(names)
        order = names[shift:] + names[:shift]
        for name in order:
            rates[name].append(run_for(engines[name], rng, args.seconds, clock))

    medians = {name: statistics.median(values) for name, values in rates.items()}
    ours_name, *theirs_names = names
    width = max(map(len, names))
    print(
        f"Random hands per {args.clock} second, {args.rounds} rounds x {args.seconds:g} s per engine "
        f"(Python {sys.version.split()[0]}, open-spiel {metadata.version('open-spiel')})"
    )
    header = "  ".join(f"{f'round {number + 1}':>8}" for number in range(args.rounds))
    print(f"{'engine':<{width}}  {header}  {'median':>8}")
    for name in names:
        cells = "  ".join(f"{value:8.0f}" for value in rates[name])
        print(f"{name:<{width}}  {cells}  {medians[name]:8.0f}")
    for deal, theirs_name in zip(deals, theirs_names, strict=True):
        like = "like for like" if deal == "shuffle" else "OpenSpiel dealing through chance nodes"
        print(f"ratio ours/OpenSpiel, {deal} deal ({like}; medians): {medians[ours_name] / medians[theirs_name]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
