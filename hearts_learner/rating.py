"""The learner's puzzle rating: Glicko-2, and what one first attempt does to it.

Design choices:

* The learner has a Glicko-2 rating (:class:`Glicko`; Glickman, "Example of the Glicko-2
  system", 2013, implemented here in :meth:`Glicko.after`).  Each puzzle has a plain
  rating and the fixed deviation :data:`PUZZLE_DEVIATION`; solving it first time is a won
  game against an opponent of that rating, missing it a lost one.  Every *first* attempt
  is one rating period of one game (as puzzle sites do); later attempts at the same puzzle,
  reviews included, never move the rating, so retrying a known answer cannot farm points
  (:meth:`hearts_learner.puzzle_progress.PuzzleProgress.record_attempt` decides which
  attempt is first).
* **Where a learner starts.**  Glickman's start, 1,500 (:data:`START_RATING`, also the centre
  of the Glicko-2 scale), sits far above this course's puzzles: the shipped set's median is
  about 900 and only one puzzle in seven is rated 1,500 or more, so "the puzzle nearest
  your rating" would hand a beginner the hardest first.  A learner starts instead at the
  set's first quartile (:data:`START_QUANTILE`, :func:`start_glicko`), computed from the
  ratings the set ships with, so a re-rated set moves the start with it
  (:func:`hearts_learner.puzzle_progress.learner_start` applies it to the shipped set).  The
  deviation starts at its widest (:data:`START_DEVIATION`, as Glickman and puzzle sites
  start it), so the first answers move the rating fast (more than a hundred points each)
  and later ones less as it narrows.
* The learner's figures are kept inside bounds (:data:`RATING_RANGE`, :data:`DEVIATION_RANGE`,
  :data:`VOLATILITY_RANGE`, :func:`bounded`), as puzzle sites bound theirs, so every file
  written reads back and updates without overflow.
* The PyPI package ``glicko2`` (2.1.0) was read and not used: its volatility step puts the
  rating (``μ²``) where Glickman's ``f(x)`` has the deviation (``φ²``), so its volatilities
  are slightly off (0.0599934 for Glickman's example, against 0.0599960), and its wheel
  installs a top-level ``tests`` package that would shadow this project's.
* Pure arithmetic on frozen values: nothing here reads a clock or a file.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Final, NamedTuple, TypeGuard

from hearts_core.puzzle_difficulty import POINTS_PER_LOGIT

__all__ = [
    "DEVIATION_RANGE",
    "GLICKO_SCALE",
    "PUZZLE_DEVIATION",
    "RATING_RANGE",
    "START_DEVIATION",
    "START_QUANTILE",
    "START_RATING",
    "START_VOLATILITY",
    "TAU",
    "VOLATILITY_RANGE",
    "Attempt",
    "Game",
    "Glicko",
    "bounded",
    "is_number",
    "is_rating",
    "start_glicko",
]

GLICKO_SCALE: Final = POINTS_PER_LOGIT
"""Glicko-2's conversion between the rating scale and its own (Glickman, step 2): the engine's, which puts the
shipped puzzles' ratings on this scale."""
START_RATING: Final = 1500.0
"""Glickman's starting rating and the centre of the Glicko-2 scale (a learner starts at :func:`start_glicko`)."""
START_DEVIATION: Final = 350.0
"""The widest deviation, every learner's at the start: the first answers move the rating most."""
START_VOLATILITY: Final = 0.06
START_QUANTILE: Final = 0.25
"""A new learner's rating is the puzzle set's rating with this share of the set at or below it (its
first quartile): where the set's easiest puzzles are, not where the hardest are."""
TAU: Final = 0.5
"""Glicko-2's system constant: how fast volatility may change (Glickman suggests 0.3 to 1.2)."""
_CONVERGENCE: Final = 0.000001

PUZZLE_DEVIATION: Final = 75.0
"""The rating deviation every puzzle is taken to have (puzzle ratings are plain numbers)."""
RATING_RANGE: Final = (0.0, 5000.0)
"""The ratings this module accepts, a puzzle's or the learner's (the learner's is kept inside it)."""
DEVIATION_RANGE: Final = (30.0, START_DEVIATION)
VOLATILITY_RANGE: Final = (0.001, 0.1)
"""The learner's deviation and volatility are kept inside these, as puzzle sites bound theirs, so that
every rating this module writes it can read back and update without overflow."""


def is_number(value: object) -> TypeGuard[float]:
    """An int or float (not a bool) that is a finite float: ``10**400`` is not, nor is NaN."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:  # an int too large for a float
        return False


def is_rating(value: object) -> TypeGuard[float]:
    """A number inside :data:`RATING_RANGE`."""
    return is_number(value) and RATING_RANGE[0] <= value <= RATING_RANGE[1]


def start_glicko(puzzle_ratings: Iterable[float], quantile: float = START_QUANTILE) -> Glicko:
    """A new learner's rating for a puzzle set with these ratings: its ``quantile`` rating, the widest deviation.

    The ``quantile`` rating is the lowest of the ratings with at least that share of the set at or below it.

    >>> start_glicko([700, 800, 900, 1000, 1500, 2000, 2200, 2500])
    Glicko(rating=800.0, deviation=350.0, volatility=0.06)
    """
    ratings = sorted(float(rating) for rating in puzzle_ratings)
    if not ratings or not all(is_rating(rating) for rating in ratings):
        raise ValueError(f"a starting rating needs ratings from {RATING_RANGE[0]:g} to {RATING_RANGE[1]:g}, "
                         f"not {ratings[:5]!r}")
    if not (is_number(quantile) and 0 <= quantile <= 1):
        raise ValueError(f"the quantile must be a number from 0 to 1, not {quantile!r}")
    index = max(math.ceil(quantile * len(ratings)) - 1, 0)
    return Glicko(ratings[index], START_DEVIATION, START_VOLATILITY)


class Game(NamedTuple):
    """One game of a rating period: the opponent's rating and deviation, and the score (1 won, 0 lost)."""

    rating: float
    deviation: float
    score: float


@dataclass(frozen=True, slots=True)
class Glicko:
    """A Glicko-2 rating: the rating, its deviation (uncertainty) and its volatility.

    >>> after = Glicko(1500, 200, 0.06).after([Game(1400, 30, 1), Game(1550, 100, 0), Game(1700, 300, 0)])
    >>> round(after.rating, 2), round(after.deviation, 2), round(after.volatility, 6)
    (1464.05, 151.52, 0.059996)
    """

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    def after(self, games: Sequence[Game], tau: float = TAU) -> Glicko:
        """The rating after one rating period with these ``games`` (Glickman's steps 2 to 8)."""
        # Step 2: to the Glicko-2 scale.
        mu = (self.rating - START_RATING) / GLICKO_SCALE
        phi = self.deviation / GLICKO_SCALE
        sigma = self.volatility
        if not games:  # Step 6 alone: a period without games only widens the deviation.
            return replace(self, deviation=math.sqrt(phi**2 + sigma**2) * GLICKO_SCALE)
        opponents = [((game.rating - START_RATING) / GLICKO_SCALE, game.deviation / GLICKO_SCALE, game.score)
                     for game in games]
        # Step 3: the estimated variance v from the games alone.
        weights = [(_g(phi_j), _expected(mu, mu_j, phi_j), score) for mu_j, phi_j, score in opponents]
        v = 1 / sum(g**2 * e * (1 - e) for g, e, _ in weights)
        # Step 4: the estimated improvement delta.
        improvement = sum(g * (score - e) for g, e, score in weights)
        delta = v * improvement
        # Step 5: the new volatility, by the Illinois algorithm on f.
        sigma = _new_volatility(delta, phi, v, sigma, tau)
        # Steps 6 and 7: the new deviation and rating.
        phi_star = math.sqrt(phi**2 + sigma**2)
        phi = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
        mu = mu + phi**2 * improvement
        # Step 8: back to the rating scale.
        return Glicko(GLICKO_SCALE * mu + START_RATING, GLICKO_SCALE * phi, sigma)


def bounded(glicko: Glicko) -> Glicko:
    """``glicko`` with each figure brought inside its range (:data:`RATING_RANGE` and the others)."""
    return Glicko(min(max(glicko.rating, RATING_RANGE[0]), RATING_RANGE[1]),
                  min(max(glicko.deviation, DEVIATION_RANGE[0]), DEVIATION_RANGE[1]),
                  min(max(glicko.volatility, VOLATILITY_RANGE[0]), VOLATILITY_RANGE[1]))


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi**2 / math.pi**2)


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Glickman's step 5: the root of ``f`` by the Illinois algorithm, as ``σ' = e^(A/2)``."""
    a = math.log(sigma**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2

    low = a
    if delta**2 > phi**2 + v:
        high = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > _CONVERGENCE:
        middle = low + (low - high) * f_low / (f_high - f_low)
        f_middle = f(middle)
        if f_middle * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = middle, f_middle
    return math.exp(low / 2)


@dataclass(frozen=True, slots=True)
class Attempt:
    """A first attempt at a puzzle, and what it did to the rating."""

    puzzle_id: str
    solved: bool
    at: datetime
    puzzle_rating: float
    themes: tuple[str, ...]
    before: Glicko
    after: Glicko
    lesson: str = ""
    """The strategy lesson it was made in (the lesson's key; "" on the puzzles page): a lesson's mark counts
    only the attempts made in it."""

    @property
    def change(self) -> int:
        """The change a learner saw: the rounded rating after, less the rounded rating before."""
        return round(self.after.rating) - round(self.before.rating)
