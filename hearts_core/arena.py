"""The arena: computer players against each other over many seeded hands.

``python -m hearts_core.arena --hands 2000 --seats hard,normal,normal,normal``
(also ``hearts-arena``) prints average points per hand for each level with a 95%
confidence interval, moon shots, and decision-time medians.

Design choices:

* Seats rotate every hand (hand ``i`` puts the ``k``-th listed player in seat
  ``(k + i) mod 4``), because a fixed seat biases results: who leads, who passes to whom.
* Every hand is independent: its deal and each bot's seed follow from the arena seed and
  the hand number.  Results are therefore identical whether the hands run in one process
  or are split over ``--jobs`` processes, and any single hand can be replayed.
* The referee is :class:`~hearts_core.state.HandState`: bots see only ``view(seat)``, and
  a card a bot returns is played through the engine, which refuses anything illegal.
* The confidence interval treats each hand as one observation of a level's average
  points (over that level's seats in the hand), since seats within a hand are not
  independent.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from hearts_core.bots import LEVELS, make_bot
from hearts_core.match import deal_hands
from hearts_core.rules import NUM_SEATS
from hearts_core.state import HandState, PassDirection, Phase

__all__ = ["ArenaResult", "HandOutcome", "LevelStats", "half_width", "main", "play_hand", "run_arena"]

_Z95 = 1.96


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """One arena hand: the level in each seat, scores, the moon shooter, decision times."""

    levels: tuple[str, ...]
    scores: tuple[int, int, int, int]
    shooter: int | None
    times: tuple[tuple[str, float], ...]


def play_hand(seats: Sequence[str], seed: int, number: int, time_budget: float | None = None) -> HandOutcome:
    """Play arena hand ``number`` (from 0) with the seats rotated for that hand."""
    levels = tuple(seats[(seat - number) % NUM_SEATS] for seat in range(NUM_SEATS))
    bots = [
        make_bot(level, seed=(seed * 1_000_003 + number) * NUM_SEATS + seat,
                 time_budget=time_budget if level == "hard" else None)
        for seat, level in enumerate(levels)
    ]
    state = HandState.new(deal_hands(seed, number + 1), PassDirection.for_hand(number + 1))
    if state.phase is Phase.PASSING:
        for seat in range(NUM_SEATS):
            state.pass_cards(seat, bots[seat].choose_pass(state.view(seat)))
    times: list[tuple[str, float]] = []
    while not state.is_over:
        mover = state.to_move
        assert mover is not None
        view = state.view(mover)
        started = time.perf_counter()
        card = bots[mover].choose_play(view)
        times.append((levels[mover], time.perf_counter() - started))
        state.play(card, seat=mover)
    return HandOutcome(levels, state.scores, state.moon_shooter, tuple(times))


@dataclass
class LevelStats:
    """Aggregates for one level."""

    level: str
    per_hand: list[float] = field(default_factory=list)
    moons: int = 0
    times: list[float] = field(default_factory=list)

    @property
    def mean(self) -> float:
        """Average points per hand."""
        return statistics.fmean(self.per_hand)

    @property
    def half_width(self) -> float:
        """Half-width of the 95% confidence interval of the mean."""
        return half_width(self.per_hand)


def half_width(values: Sequence[float]) -> float:
    """Half-width of a normal-approximation 95% interval of the mean (inf for one value)."""
    if len(values) < 2:
        return math.inf
    return _Z95 * statistics.stdev(values) / math.sqrt(len(values))


@dataclass
class ArenaResult:
    """Per-level statistics of an arena run."""

    hands: int
    stats: dict[str, LevelStats]

    def table(self) -> str:
        """The results as an aligned text table, best level first."""
        lines = [f"{self.hands} hands, seats rotated every hand",
                 f"{'level':<8} {'points/hand':>11} {'95% CI':>15} {'moons':>6} {'median ms':>10} {'max ms':>8}"]
        for stats in sorted(self.stats.values(), key=lambda item: item.mean):
            low, high = stats.mean - stats.half_width, stats.mean + stats.half_width
            median = statistics.median(stats.times) * 1000 if stats.times else 0.0
            worst = max(stats.times) * 1000 if stats.times else 0.0
            lines.append(f"{stats.level:<8} {stats.mean:>11.2f} {f'[{low:.2f}, {high:.2f}]':>15} "
                         f"{stats.moons:>6} {median:>10.2f} {worst:>8.1f}")
        return "\n".join(lines)


def _play_chunk(args: tuple[tuple[str, ...], int, list[int], float | None]) -> list[HandOutcome]:
    seats, seed, numbers, budget = args
    return [play_hand(seats, seed, number, budget) for number in numbers]


def run_arena(
    hands: int,
    seats: Sequence[str],
    seed: int = 0,
    *,
    time_budget: float | None = None,
    jobs: int = 1,
    progress: bool = False,
) -> ArenaResult:
    """Play ``hands`` hands and aggregate the results per level."""
    if len(seats) != NUM_SEATS or any(level not in LEVELS for level in seats):
        raise ValueError(f"seats must be four of {', '.join(LEVELS)}, not {','.join(seats)!r}")
    if hands < 1:
        raise ValueError(f"hands must be at least 1, not {hands}")
    stats = {level: LevelStats(level) for level in seats}
    chunk = max(1, min(25, hands // (jobs * 4) or 1))
    batches = [(tuple(seats), seed, list(range(start, min(hands, start + chunk))), time_budget)
               for start in range(0, hands, chunk)]
    done = 0
    started = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for outcomes in pool.map(_play_chunk, batches):
                done = _collect(outcomes, stats, done, hands, started, progress)
    else:
        for batch in batches:
            done = _collect(_play_chunk(batch), stats, done, hands, started, progress)
    if progress:
        print(file=sys.stderr)
    return ArenaResult(hands, stats)


def _collect(outcomes: list[HandOutcome], stats: dict[str, LevelStats], done: int, hands: int,
             started: float, progress: bool) -> int:
    for outcome in outcomes:
        for level, level_stats in stats.items():
            seats = [seat for seat in range(NUM_SEATS) if outcome.levels[seat] == level]
            level_stats.per_hand.append(statistics.fmean(outcome.scores[seat] for seat in seats))
            if outcome.shooter in seats:
                level_stats.moons += 1
        for level, seconds in outcome.times:
            stats[level].times.append(seconds)
    done += len(outcomes)
    if progress:
        width = 30
        filled = width * done // hands
        elapsed = time.perf_counter() - started
        eta = elapsed / done * (hands - done)
        print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{hands} hands, "
              f"{elapsed:.0f}s elapsed, ~{eta:.0f}s left", end="", file=sys.stderr, flush=True)
    return done


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m hearts_core.arena``."""
    parser = argparse.ArgumentParser(prog="hearts-arena", description="Computer players against each other.")
    parser.add_argument("--hands", type=int, default=200, help="number of hands (default 200)")
    parser.add_argument("--seats", default="hard,normal,normal,normal",
                        help="four comma-separated levels among random, easy, normal, hard")
    parser.add_argument("--seed", type=int, default=0, help="arena seed (deals and bots)")
    parser.add_argument("--time-budget", type=float, default=None, help="hard level: seconds per decision")
    parser.add_argument("--jobs", type=int, default=1, help="processes to use (results do not depend on it)")
    parser.add_argument("--no-progress", action="store_true", help="do not draw the progress bar")
    args = parser.parse_args(argv)
    seats = [level.strip() for level in args.seats.split(",")]
    try:
        result = run_arena(args.hands, seats, args.seed, time_budget=args.time_budget, jobs=args.jobs,
                           progress=not args.no_progress and args.hands >= 20)
    except ValueError as error:
        print(f"hearts-arena: {error}", file=sys.stderr)
        return 2
    print(result.table())
    return 0


def _entry() -> None:
    sys.exit(main())


if __name__ == "__main__":
    _entry()
