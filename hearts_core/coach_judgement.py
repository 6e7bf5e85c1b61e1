"""The coach's judgement of a position: the hard player's search, seeded from what the seat can see.

Design choices:

* :func:`judge` is the one evaluation the coach's advice (:func:`hearts_core.coach.recommend`)
  and the review (:mod:`hearts_core.review`) both read: the hard player's search
  (:meth:`~hearts_core.bots.HardBot.appraise`) at :data:`JUDGE_BUDGET`, so the two can
  never disagree about a position.
* It is seeded from the position (:func:`position_seed`), so one position always gets one
  judgement, whoever asks.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Final

from hearts_core.bots import Appraisal, HardBot, paired_difference
from hearts_core.cards import Card
from hearts_core.state import SeatView

__all__ = ["JUDGE_BUDGET", "JUDGE_WORLDS", "Judgement", "judge", "position_seed"]

JUDGE_BUDGET: Final = 0.1
"""Search effort per position, in seconds of the reference machine, for the coach and the review alike."""
JUDGE_WORLDS: Final = 200
"""Cap on sampled deals per position: late in a hand more deals add time, not accuracy."""

@dataclass(frozen=True, slots=True)
class Judgement:
    """The one evaluation of a position that the coach and the review both read.

    ``ranked`` is every legal card's search figures, best first (by the seat's score
    against the others' average), all on the same sampled deals.
    """

    ranked: tuple[Appraisal, ...]

    def figures(self, card: Card) -> Appraisal:
        """The search's figures for ``card``."""
        return next(item for item in self.ranked if item.card is card)

    def own_gain(self, better: Card, worse: Card) -> tuple[float, float]:
        """Points of its own hand score the seat saves with ``better`` instead of ``worse``, and the standard error."""
        return paired_difference(self.figures(worse).world_points, self.figures(better).world_points)

    def relative_gain(self, better: Card, worse: Card) -> tuple[float, float]:
        """The same against the others' average (what the search ranks by), and its standard error."""
        return paired_difference(self.figures(worse).world_scores, self.figures(better).world_scores)


def position_seed(view: SeatView) -> int:
    """A seed drawn from what the seat can see, so one position always gets one judgement, whoever asks."""
    public = repr((view.seat, view.pass_direction, view.rules, view.hand, view.passed, view.received, view.plays))
    return int.from_bytes(hashlib.blake2b(public.encode(), digest_size=8).digest(), "big")


def judge(view: SeatView, *, seed: int | None = None, time_budget: float = JUDGE_BUDGET) -> Judgement:
    """The search's figures for every legal card at the seat's turn (seeded from the position by default)."""
    rng = random.Random(position_seed(view) if seed is None else seed)
    return Judgement(tuple(HardBot(rng, time_budget, max_worlds=JUDGE_WORLDS).appraise(view)))
