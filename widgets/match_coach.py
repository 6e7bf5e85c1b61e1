"""The coach's recommendation and the review of a finished hand, as the match page asks for them.

Design choices:

* The engine owns the advice: :func:`hearts_core.coach.recommend` (a card, or three cards
  while passing, and a reason) and :func:`hearts_core.review.review_hand` (the seat's
  costly plays).  This module is the thin seam between them and the match page: it turns
  their answers into :class:`Recommendation` and :class:`ReviewItem` values the payload
  builders read, and it imports them lazily so the page keeps working while either is
  missing.
* TEMPORARY FALLBACK (delete once ``recommend`` and ``review_hand`` are in main): without
  the engine's functions, the recommendation is the cheapest card of
  :func:`hearts_core.coach.analyse` with its advice as the reason, the pass is the normal
  computer's pass, and the review compares each unforced play with the cheapest card by
  the same figures, from the seat's own view at the time (no hidden cards).  The
  functions marked ``_fallback_*`` are that code.
* Nothing here decides a rule: legality, views and the replay of a hand are the engine's.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from hearts_core import CARDS_IN_PASS, Card, HandState, Phase, SeatView, Suit
from hearts_core.bots import make_bot
from hearts_core.coach import CardOutlook, analyse
from hearts_core.rules import QUEEN_OF_SPADES
from hearts_core.wording import and_list, points_phrase

__all__ = ["MISTAKE_POINTS", "Recommendation", "ReviewItem", "engine_review", "recommend", "review_hand"]

MISTAKE_POINTS: Final = 0.5
"""Expected points lost at or above which the fallback review calls a play costly."""
_REVIEW_SAMPLES: Final = 120
"""Deals sampled per position by the fallback review: a whole hand in well under a second."""


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


def _engine(module: str, name: str) -> Callable[..., Any] | None:
    """``module.name`` when the engine has it, else ``None`` (then the fallback answers)."""
    try:
        found = importlib.import_module(module)
    except ImportError:
        return None
    function = getattr(found, name, None)
    return function if callable(function) else None


def engine_review() -> Callable[..., Any] | None:
    """The engine's ``review_hand``, or ``None`` while :mod:`hearts_core.review` does not exist."""
    return _engine("hearts_core.review", "review_hand")


def recommend(view: SeatView) -> Recommendation | None:
    """The coach's choice for ``view``'s seat: three cards while passing, one on its turn; else ``None``."""
    passing = view.phase is Phase.PASSING
    if not passing and not view.is_my_turn:
        return None
    engine = _engine("hearts_core.coach", "recommend")
    if engine is not None:
        answer = engine(view)
        cards = tuple(answer.cards) if passing else (answer.card,)
        return Recommendation(cards, str(answer.reason))
    return _fallback_pass(view) if passing else _fallback_play(view)


def review_hand(state: HandState, seat: int) -> tuple[ReviewItem, ...]:
    """``seat``'s costly plays in the finished hand ``state``, in order."""
    engine = engine_review()
    if engine is not None:
        return tuple(ReviewItem(int(item.trick), item.played, item.better, float(item.cost), str(item.why))
                     for item in engine(state, seat))
    return _fallback_review(state, seat)


# ----------------------------------------------------------- temporary fallback


def _cheapest(outlooks: Sequence[CardOutlook]) -> CardOutlook:
    # As the coach's advice ranks them: cheapest, then least likely to win, then the highest card.
    return min(outlooks, key=lambda item: (round(item.expected_points, 2), item.win_chance, -item.card.rank))


def _fallback_play(view: SeatView) -> Recommendation:
    report = analyse(view)
    return Recommendation((_cheapest(report.outlooks).card,), report.advice)


def _fallback_pass(view: SeatView) -> Recommendation:
    cards = tuple(make_bot("normal", seed=0).choose_pass(view))[:CARDS_IN_PASS]
    reasons = []
    if QUEEN_OF_SPADES in cards:
        reasons.append(f"{QUEEN_OF_SPADES} is worth 13 points to whoever takes it")
    high_spades = [card for card in cards if card.suit is Suit.SPADES and card.rank > QUEEN_OF_SPADES.rank]
    if high_spades:
        reasons.append(f"{and_list(high_spades)} could win the trick ♠Q falls on")
    hearts = [card for card in cards if card.suit is Suit.HEARTS]
    if hearts:
        reasons.append(f"{and_list(hearts)} would win tricks full of hearts")
    others = [card for card in cards if card not in hearts and card not in high_spades and card is not QUEEN_OF_SPADES]
    for suit in Suit:
        gone = [card for card in others if card.suit is suit]
        if gone and not any(card.suit is suit for card in view.hand if card not in cards):
            reasons.append(f"passing {and_list(gone)} leaves you with no {suit.plural}, "
                           f"so you can throw away bad cards when {suit.plural} are led")
        elif gone:
            reasons.append(f"{and_list(gone)} {'is' if len(gone) == 1 else 'are'} the card{'s' * (len(gone) > 1)} "
                           f"a careful player least wants to keep")
    reason = "; ".join(reasons)
    return Recommendation(cards, reason[:1].upper() + reason[1:] + ".")


def _fallback_review(state: HandState, seat: int) -> tuple[ReviewItem, ...]:
    if not state.is_over:
        raise ValueError(f"only a finished hand can be reviewed, not one in phase {state.phase.value!r}")
    dealt = [state.dealt(each) for each in range(4)]
    replay = HandState.new(dealt, state.pass_direction, state.rules)
    for each in range(4):
        passed = state.passed(each)
        if passed:
            replay.pass_cards(each, passed)
    found = []
    for index, (who, card) in enumerate(state.plays):
        if who == seat:
            view = replay.view(seat)
            if len(view.legal_plays()) > 1:  # a forced play is never a mistake
                report = analyse(view, samples=_REVIEW_SAMPLES, seed=index)
                best = _cheapest(report.outlooks)
                played = next(item for item in report.outlooks if item.card is card)
                cost = played.expected_points - best.expected_points
                if cost >= MISTAKE_POINTS and best.card is not card:
                    why = (f"{card} could be expected to cost you {_about(played.expected_points)} here, "
                           f"{best.card} {_about(best.expected_points)}. {report.advice}")
                    found.append(ReviewItem(index // 4 + 1, card, best.card, round(cost, 1), why))
        replay.play(card, seat=who)
    return tuple(found)


def _about(points: float) -> str:
    whole = round(points)
    return "next to nothing" if whole == 0 else f"about {points_phrase(whole)}"
