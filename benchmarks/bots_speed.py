"""Decision time of each computer-player level and of the coach, on positions from real hands.

Positions come from seeded hands played by the normal level, so they are the kind a bot
meets in a match.  For each level we time ``choose_play`` on every position where it
has more than one legal card (a forced card costs nothing and would flatter the median),
and report the median, the 90th percentile and the worst case; likewise the coach's
``analyse`` and ``recommend`` (the figure the issue bounds at 0.3 s).  Last, the time to
review a whole finished hand for one seat (``review_hand``, bounded at 3 s), over the
same hands.  Run it on an otherwise idle machine:

    .venv/bin/python benchmarks/bots_speed.py

To compare the hard level before and after a change to the players, time it alone on
positions the (unchanged) easy level draws, several times over, and compare the median of
the runs' medians:

    .venv/bin/python benchmarks/bots_speed.py --hard-only --drawn-by easy --repeats 5
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Iterable
from typing import TypeVar

from hearts_core import HandState, PassDirection, Phase, SeatView, deal_hands
from hearts_core.bots import LEVELS, make_bot
from hearts_core.coach import analyse, recommend
from hearts_core.review import review_hand


def positions(hands: int, seed: int, finished: list[HandState] | None = None, level: str = "normal") -> list[SeatView]:
    """Views with a real choice to make, from hands played by ``level`` (kept in ``finished``)."""
    views = []
    for number in range(hands):
        state = HandState.new(deal_hands(seed, number + 1), PassDirection.for_hand(number + 1))
        bots = [make_bot(level, seed=number * 4 + seat) for seat in range(4)]
        if state.phase is Phase.PASSING:
            for seat in range(4):
                state.pass_cards(seat, bots[seat].choose_pass(state.view(seat)))
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            if len(view.legal_plays()) > 1:
                views.append(view)
            state.play(bots[seat].choose_play(view))
        if finished is not None:
            finished.append(state)
    return views


T = TypeVar("T")


def timed(work: Callable[[T], object], items: Iterable[T]) -> list[float]:
    """Seconds ``work`` took on each item, one call at a time."""
    seconds = []
    for item in items:
        started = time.perf_counter()
        work(item)
        seconds.append(time.perf_counter() - started)
    return seconds


def summary(label: str, seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return (f"{label:<9} {len(ordered):>6} {statistics.median(ordered) * 1000:>10.2f} "
            f"{p90 * 1000:>10.2f} {ordered[-1] * 1000:>10.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=12, help="hands to draw positions from")
    parser.add_argument("--hard-positions", type=int, default=120, help="positions timed for hard")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--time-budget", type=float, default=None, help="hard level budget")
    parser.add_argument("--hard-only", action="store_true", help="time only the hard level")
    parser.add_argument("--drawn-by", default="normal", help="the level whose hands give the positions")
    parser.add_argument("--repeats", type=int, default=1, help="timing runs of the hard level (with --hard-only)")
    args = parser.parse_args()
    finished: list[HandState] = []
    views = positions(args.hands, args.seed, finished, args.drawn_by)
    print(f"{len(views)} positions with a choice, from {args.hands} hands")
    if args.hard_only:
        medians = []
        for run in range(args.repeats):
            bot = make_bot("hard", seed=1, time_budget=args.time_budget)
            seconds = timed(bot.choose_play, views[: args.hard_positions])
            medians.append(statistics.median(seconds))
            print(summary(f"hard #{run + 1}", seconds), flush=True)
        print(f"median of {args.repeats} medians: {statistics.median(medians) * 1000:.2f} ms")
        return
    print(f"{'who':<9} {'timed':>6} {'median ms':>10} {'p90 ms':>10} {'max ms':>10}")
    for level in LEVELS:
        bot = make_bot(level, seed=1, time_budget=args.time_budget if level == "hard" else None)
        sample = views[: args.hard_positions] if level == "hard" else views
        print(summary(level, timed(bot.choose_play, sample)))
    print(summary("coach", timed(analyse, views[: args.hard_positions])))
    print(summary("recommend", timed(recommend, views[: args.hard_positions])))
    seconds = timed(lambda numbered: review_hand(numbered[1], numbered[0] % 4), enumerate(finished))
    print(summary("review", seconds) + "   (a whole hand, one seat)")


if __name__ == "__main__":
    main()
