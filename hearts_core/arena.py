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
  independent.  Fewer than two hands give no interval; the table says "n/a".
* Memory stays flat however many hands are asked for: batches of hands are made as the
  workers need them (never all up front), at most a few batches per process are in
  flight, and each level keeps exact integer sums instead of one value per hand, plus a
  bounded sample of decision times for the median.  Integer sums also make the result
  independent of the order in which batches finish.
* Arguments are checked before any hand is played (``--hands`` 1 to :data:`MAX_HANDS`,
  ``--jobs`` 1 to :data:`MAX_JOBS`); a bad one is one line on standard error, exit 2.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Final

from hearts_core.bots import LEVELS, make_bot
from hearts_core.cli import EXIT_INVALID, OneLineParser, emit, run
from hearts_core.errors import InvalidOptionError, quote_input
from hearts_core.match import deal_hands
from hearts_core.rules import NUM_SEATS
from hearts_core.state import HandState, PassDirection, Phase

__all__ = [
    "MAX_HANDS",
    "MAX_JOBS",
    "ArenaResult",
    "HandOutcome",
    "LevelStats",
    "half_width",
    "main",
    "play_hand",
    "run_arena",
]

_Z95: Final = 1.96
MAX_HANDS: Final = 10_000_000
"""Most hands one run plays: about a day on one core at the normal level, and an interval
of a few thousandths of a point, far past any comparison worth making."""
MAX_JOBS: Final = 32
"""Most worker processes; results never depend on the number, so more only costs memory."""
MAX_TIME_BUDGET: Final = 10.0
"""Longest thinking time per decision for the hard level, in seconds (the bot's own limit)."""
TIME_SAMPLE: Final = 20_000
"""Decision times kept per level for the median (a uniform sample once there are more)."""
BATCHES_PER_JOB: Final = 4
"""Batches in flight per worker process: enough to keep each busy, few enough to stay flat."""
_BATCH: Final = 25

Batch = tuple[tuple[str, ...], int, list[int], float | None]


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
    """Aggregates for one level, in memory that does not grow with the number of hands.

    ``seats`` is how many of the four seats the level holds; each hand adds the points
    those seats took together, and the level's average per hand is that sum over
    ``seats``.  Exact integer sums keep the mean and the interval free of rounding drift.
    """

    level: str
    seats: int = 1
    hands: int = 0
    points: int = 0
    points_squared: int = 0
    moons: int = 0
    decisions: int = 0
    slowest: float = 0.0
    sample: list[float] = field(default_factory=list)
    _rng: random.Random = field(default_factory=lambda: random.Random(0), repr=False)

    def add_hand(self, points: int, moon: bool) -> None:
        """Count one hand: the points the level's seats took together, and whether one shot the moon."""
        self.hands += 1
        self.points += points
        self.points_squared += points * points
        self.moons += moon

    def add_time(self, seconds: float) -> None:
        """Count one decision time; a uniform sample of :data:`TIME_SAMPLE` is kept (reservoir sampling)."""
        self.decisions += 1
        self.slowest = max(self.slowest, seconds)
        if len(self.sample) < TIME_SAMPLE:
            self.sample.append(seconds)
        else:
            slot = self._rng.randrange(self.decisions)
            if slot < TIME_SAMPLE:
                self.sample[slot] = seconds

    @property
    def mean(self) -> float:
        """Average points per hand of one seat of this level."""
        return self.points / (self.seats * self.hands)

    @property
    def half_width(self) -> float | None:
        """Half-width of the 95% confidence interval of the mean, or ``None`` below two hands."""
        if self.hands < 2:
            return None
        n = self.hands
        # Sample variance of the per-hand averages, exact integers until this division.
        variance = (n * self.points_squared - self.points * self.points) / (n * (n - 1) * self.seats**2)
        return _Z95 * math.sqrt(variance / n)

    @property
    def median_time(self) -> float:
        """Median seconds per decision (of the sample); 0 when the level made none."""
        return statistics.median(self.sample) if self.sample else 0.0


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
            width = stats.half_width
            interval = "n/a" if width is None else f"[{stats.mean - width:.2f}, {stats.mean + width:.2f}]"
            lines.append(f"{stats.level:<8} {stats.mean:>11.2f} {interval:>15} "
                         f"{stats.moons:>6} {stats.median_time * 1000:>10.2f} {stats.slowest * 1000:>8.1f}")
        if self.hands < 2:
            lines.append("n/a: a confidence interval needs at least 2 hands")
        return "\n".join(lines)


def _play_chunk(args: Batch) -> list[HandOutcome]:
    seats, seed, numbers, budget = args
    return [play_hand(seats, seed, number, budget) for number in numbers]


def _whole(value: object, name: str, high: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= high:
        raise InvalidOptionError(f"{name} must be a whole number from 1 to {high:,}, not {quote_input(value)}")


def run_arena(
    hands: int,
    seats: Sequence[str],
    seed: int = 0,
    *,
    time_budget: float | None = None,
    jobs: int = 1,
    progress: bool = False,
) -> ArenaResult:
    """Play ``hands`` hands and aggregate the results per level.

    Raises :class:`ValueError` naming the argument, before any hand is played, for seats
    that are not four known levels, ``hands`` outside 1 to :data:`MAX_HANDS`, ``jobs``
    outside 1 to :data:`MAX_JOBS`, a seed that is not a whole number, or a
    ``time_budget`` that is not seconds in (0, :data:`MAX_TIME_BUDGET`].
    """
    if (isinstance(seats, str) or not isinstance(seats, Sequence) or len(seats) != NUM_SEATS
            or any(level not in LEVELS for level in seats)):
        shown = ",".join(map(str, seats)) if isinstance(seats, (list, tuple)) else seats
        raise InvalidOptionError(f"seats must be four of {', '.join(LEVELS)}, not {quote_input(shown)}")
    _whole(hands, "hands", MAX_HANDS)
    _whole(jobs, "jobs", MAX_JOBS)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidOptionError(f"seed must be a whole number, not {quote_input(seed)}")
    if time_budget is not None and (
        not isinstance(time_budget, (int, float)) or isinstance(time_budget, bool)
        or not 0 < time_budget <= MAX_TIME_BUDGET
    ):
        raise InvalidOptionError(f"time_budget must be seconds per decision, above 0 and at most {MAX_TIME_BUDGET:g}, "
                         f"not {quote_input(time_budget)}")
    stats = {level: LevelStats(level, seats=list(seats).count(level)) for level in seats}
    chunk = max(1, min(_BATCH, hands // (jobs * BATCHES_PER_JOB) or 1))
    # A generator: a batch exists only once a worker is about to need it.
    batches = ((tuple(seats), seed, list(range(start, min(hands, start + chunk))), time_budget)
               for start in range(0, hands, chunk))
    meter = _Progress(hands) if progress else None
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for outcomes in _in_order(pool, batches, jobs * BATCHES_PER_JOB):
                _collect(outcomes, stats, meter)
    else:
        for batch in batches:
            _collect(_play_chunk(batch), stats, meter)
    if meter is not None:
        meter.close()
    return ArenaResult(hands, stats)


def _in_order(pool: ProcessPoolExecutor, batches: Iterator[Batch], window: int) -> Iterator[list[HandOutcome]]:
    """The batches' results in order, with at most ``window`` submitted and not yet taken.

    ``pool.map`` would submit every batch at once, which is the memory this avoids.
    """
    pending: deque[Future[list[HandOutcome]]] = deque()
    try:
        for batch in batches:
            pending.append(pool.submit(_play_chunk, batch))
            if len(pending) >= window:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()


class _Progress:
    """The progress bar on standard error; it gives up quietly if standard error is closed."""

    def __init__(self, hands: int) -> None:
        self.hands = hands
        self.done = 0
        self.started = time.perf_counter()
        self.shown = sys.stderr is not None

    def advance(self, count: int) -> None:
        self.done += count
        if not self.shown:
            return
        width = 30
        filled = width * self.done // self.hands
        elapsed = time.perf_counter() - self.started
        eta = elapsed / self.done * (self.hands - self.done)
        self._write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.hands} hands, "
                    f"{elapsed:.0f}s elapsed, ~{eta:.0f}s left")

    def close(self) -> None:
        if self.shown:
            self._write("\n")

    def _write(self, text: str) -> None:
        try:
            sys.stderr.write(text)
            sys.stderr.flush()
        except OSError:
            self.shown = False


def _collect(outcomes: list[HandOutcome], stats: dict[str, LevelStats], meter: _Progress | None) -> None:
    for outcome in outcomes:
        for level, level_stats in stats.items():
            seats = [seat for seat in range(NUM_SEATS) if outcome.levels[seat] == level]
            level_stats.add_hand(sum(outcome.scores[seat] for seat in seats), outcome.shooter in seats)
        for level, seconds in outcome.times:
            stats[level].add_time(seconds)
    if meter is not None:
        meter.advance(len(outcomes))


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m hearts_core.arena``."""
    prog = "hearts-arena"
    parser = OneLineParser(prog=prog, description="Computer players against each other.")
    parser.add_argument("--hands", type=int, default=200, help=f"number of hands, 1 to {MAX_HANDS:,} (default 200)")
    parser.add_argument("--seats", default="hard,normal,normal,normal",
                        help="four comma-separated levels among random, easy, normal, hard")
    parser.add_argument("--seed", type=int, default=0, help="arena seed (deals and bots)")
    parser.add_argument("--time-budget", type=float, default=None,
                        help=f"hard level: seconds per decision, at most {MAX_TIME_BUDGET:g}")
    parser.add_argument("--jobs", type=int, default=1,
                        help=f"processes to use, 1 to {MAX_JOBS} (results do not depend on it)")
    parser.add_argument("--no-progress", action="store_true", help="do not draw the progress bar")
    args = parser.parse_args(argv)
    seats = [level.strip() for level in args.seats.split(",")]
    try:
        result = run_arena(args.hands, seats, args.seed, time_budget=args.time_budget, jobs=args.jobs,
                           progress=not args.no_progress and args.hands >= 20)
    except ValueError as error:
        return emit([], [f"{prog}: {error}"], EXIT_INVALID, prog)
    return emit([result.table()], [], 0, prog)


def _entry() -> None:
    run(main)


if __name__ == "__main__":
    _entry()
