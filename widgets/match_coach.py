"""The coach's recommendation and the review of a finished hand, as the match page asks for them.

Design choices:

* The engine owns the advice: :func:`hearts_core.coach.recommend` (a card, or three cards
  while passing, and a reason built from the hard player's search) and
  :func:`hearts_core.review.review_hand` (the seat's costly plays, judged from its own
  view at the time).  This module is the thin seam between them and the match page: it
  turns their answers into :class:`Recommendation` and :class:`ReviewItem` values the
  payload builders read, so the page's payloads do not depend on the engine's types.
* Nothing here decides a rule or a strategy: legality, views, the search and the replay
  of a hand are the engine's.
"""

from __future__ import annotations

from dataclasses import dataclass

from hearts_core import Card, HandState, Phase, SeatView
from hearts_core import coach as engine_coach
from hearts_core import review as engine_review
from hearts_core.errors import InvalidPositionError

__all__ = ["Recommendation", "ReviewItem", "recommend", "review_hand"]


@dataclass(frozen=True, slots=True)
class Recommendation:
    """What the coach would play (one card) or pass (three), and why, in words."""

    cards: tuple[Card, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class ReviewItem:
    """One costly play: in which trick (1-based), the card played, the better card, the points it cost, why."""

    trick: int
    played: Card
    better: Card
    cost: float
    why: str


def recommend(view: SeatView) -> Recommendation | None:
    """The coach's choice for ``view``'s seat: three cards while passing, one on its turn; else ``None``."""
    passing = view.phase is Phase.PASSING
    if not passing and not view.is_my_turn:
        return None
    try:
        answer = engine_coach.recommend(view)
    except InvalidPositionError:  # already passed: nothing left to advise
        return None
    cards = tuple(answer.cards) if passing else ((answer.card,) if answer.card is not None else ())
    return Recommendation(cards, answer.reason) if cards else None


def review_hand(state: HandState, seat: int) -> tuple[ReviewItem, ...]:
    """``seat``'s costly plays in the finished hand ``state``, in order."""
    return tuple(ReviewItem(item.trick, item.played, item.better, item.cost, item.why)
                 for item in engine_review.review_hand(state, seat).mistakes)
