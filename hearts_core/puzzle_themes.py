"""The puzzles' themes: one small test per theme, each reading the position and the answer.

Design choices:

* In the manner of lichess-puzzler's ``cook.py``: a theme is a key (stable, in the data),
  the words a learner reads (:data:`THEMES`), and one predicate over a :class:`Spot` (the
  seat's view, its checked facts, the solution and the other legal cards).  :func:`tag`
  asks every predicate in :data:`THEME_TESTS`'s order, which is the order the keys are
  stored in, so a new theme is one function and one line.
* Each predicate is built from the coach's checked facts (:mod:`hearts_core.facts`), the
  same facts that license the sentences a learner reads, so a theme never says what the
  facts do not hold.
* The tagging stage of the mining pipeline (:mod:`hearts_core.mining`), also used on a
  learner's own mistakes (:func:`hearts_core.puzzles.mistake_puzzle`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from hearts_core.cards import Card, Suit, to_card
from hearts_core.facts import (
    UNLIKELY,
    FirstTrick,
    HigherOut,
    MoonThreat,
    OthersTookNoPoints,
    Over,
    PlaysLast,
    QueenOut,
    ShownVoid,
    Situation,
    TopCard,
    TopHearts,
    TrickPoints,
    Under,
    Void,
)
from hearts_core.puzzle_records import CardFigures, Evaluation, PositionRecord, replay
from hearts_core.rules import NUM_SEATS, QUEEN_OF_SPADES
from hearts_core.state import SeatView
from hearts_core.wording import marked

__all__ = ["THEMES", "THEME_TESTS", "Spot", "tag"]

THEMES: Final[dict[str, str]] = {
    "duck": marked("Duck under the winning card"),
    "win_clean": marked("Win a clean trick and keep your low cards"),
    "drop_queen": marked("Drop ♠Q on someone else's trick"),
    "unload_high": marked("Get rid of a dangerous high card while void"),
    "no_cover": marked("Do not cover with ♠A or ♠K while ♠Q is out"),
    "flush_queen": marked("Flush out ♠Q with a low spade"),
    "safe_exit": marked("Lead a card that leaves the trick to someone else"),
    "play_last": marked("Play last: choose with the whole trick in view"),
    "trick_one": marked("Trick one carries no points"),
    "stop_moon": marked("Stop the moon"),
    "go_moon": marked("Go for the moon"),
    "count": marked("Count the suit: play on what is left"),
    "endgame": marked("Plan the last tricks"),
    "shed_hearts": marked("Throw hearts on someone else's trick"),
}
"""Theme keys (stable, in the data) and the words a learner reads."""


@dataclass(frozen=True)
class Spot:
    """What the theme tests read: the seat's view and facts, the best card's figures, the solution and the rest."""

    view: SeatView
    position: Situation
    best: CardFigures
    solution: Card
    others: tuple[Card, ...]

    @property
    def top(self) -> Card | None:
        """The card winning the trick on the table (``None`` when the seat leads)."""
        winning = self.position.winning
        return None if winning is None else winning[1]

    @property
    def led(self) -> Suit | None:
        """The suit led to the trick on the table (``None`` when the seat leads)."""
        return self.view.current_trick[0].suit if self.top is not None else None

    def follows(self) -> bool:
        """Someone has led and the solution follows suit."""
        return self.led is not None and self.solution.suit is self.led

    def discards(self) -> bool:
        """Someone has led, the solution is of another suit, and the seat is void in the led suit."""
        return self.led is not None and self.solution.suit is not self.led and Void(self.led).holds(self.position)


def _high_spade_among(cards: tuple[Card, ...]) -> bool:
    return any(card.suit is Suit.SPADES and card.rank > QUEEN_OF_SPADES.rank for card in cards)


def trick_one(spot: Spot) -> bool:
    """The first trick, which carries no points."""
    return FirstTrick().holds(spot.position)


def stop_moon(spot: Spot) -> bool:
    """Another seat may be going for the moon."""
    return any(MoonThreat(seat).holds(spot.position) for seat in range(NUM_SEATS) if seat != spot.view.seat)


def go_moon(spot: Spot) -> bool:
    """The best card is the seat's own try for the moon, and the cards show why: the coach's moon sentence holds.

    A line of play that takes every point is not enough: the theme promises a hand a
    learner could try the moon with, so it asks what the coach's sentence states
    (:func:`hearts_core.coach_words.situation_claims`), nobody else has taken a point
    and at least :data:`~hearts_core.facts.MOON_TOP_HEARTS` of the seat's hearts are above
    every heart the others hold.
    """
    position = spot.position
    hearts = tuple(card for card in spot.view.hand if card.suit is Suit.HEARTS and not position.unseen_above(card))
    return spot.best["shooting"] and OthersTookNoPoints().holds(position) and TopHearts(hearts).holds(position)


def play_last(spot: Spot) -> bool:
    """The seat plays last to a trick already led."""
    return spot.top is not None and PlaysLast().holds(spot.position)


def duck(spot: Spot) -> bool:
    """The solution follows under the winning card, where another legal card would have gone over it."""
    top = spot.top
    return (top is not None and spot.follows() and Under(spot.solution, top).holds(spot.position)
            and any(Over(card, top).holds(spot.position) for card in spot.others))


def no_cover(spot: Spot) -> bool:
    """A spade duck while ♠Q is out, where ♠A or ♠K could have covered."""
    return (duck(spot) and spot.led is Suit.SPADES and QueenOut().holds(spot.position)
            and _high_spade_among(spot.others))


def win_clean(spot: Spot) -> bool:
    """The solution takes a trick without points, playing last or with the top card of the suit."""
    top = spot.top
    return (top is not None and spot.follows() and Over(spot.solution, top).holds(spot.position)
            and TrickPoints(0).holds(spot.position)
            and (PlaysLast().holds(spot.position) or TopCard(spot.solution).holds(spot.position)))


def drop_queen(spot: Spot) -> bool:
    """Void in the led suit, the seat drops ♠Q."""
    return spot.discards() and spot.solution is QUEEN_OF_SPADES


def shed_hearts(spot: Spot) -> bool:
    """Void in the led suit, the seat throws a heart."""
    return spot.discards() and spot.solution.suit is Suit.HEARTS


def unload_high(spot: Spot) -> bool:
    """Void in the led suit, the seat gets rid of a high card (ten or above) other than ♠Q."""
    return spot.discards() and spot.solution.rank >= 10 and spot.solution is not QUEEN_OF_SPADES


def flush_queen(spot: Spot) -> bool:
    """Leading, a spade under ♠Q while ♠Q is out and the seat holds neither ♠A nor ♠K."""
    solution = spot.solution
    return (spot.top is None and solution.suit is Suit.SPADES and solution.rank < QUEEN_OF_SPADES.rank
            and QueenOut().holds(spot.position) and not _high_spade_among(spot.view.hand))


def safe_exit(spot: Spot) -> bool:
    """Leading, a card that higher cards still out will very likely beat."""
    if spot.top is not None:
        return False
    above = len(spot.position.unseen_above(spot.solution))
    return bool(above) and HigherOut(spot.solution, above).holds(spot.position) and spot.best["take"] < UNLIKELY


def count(spot: Spot) -> bool:
    """The solution is the top card left of its suit, or a seat has shown a void in the suit that matters."""
    trick = spot.view.current_trick
    suit = trick[0].suit if trick else spot.solution.suit
    return TopCard(spot.solution).holds(spot.position) or any(
        ShownVoid(seat, suit).holds(spot.position) for seat in range(NUM_SEATS))


def endgame(spot: Spot) -> bool:
    """Nine tricks or more are done."""
    return len(spot.view.tricks) >= 9


THEME_TESTS: Final[tuple[tuple[str, Callable[[Spot], bool]], ...]] = (
    ("trick_one", trick_one), ("stop_moon", stop_moon), ("go_moon", go_moon), ("play_last", play_last),
    ("duck", duck), ("no_cover", no_cover), ("win_clean", win_clean), ("drop_queen", drop_queen),
    ("shed_hearts", shed_hearts), ("unload_high", unload_high), ("flush_queen", flush_queen),
    ("safe_exit", safe_exit), ("count", count), ("endgame", endgame),
)
"""Every theme's test, in the order :func:`tag` stores the keys found."""


def tag(candidate: PositionRecord, evaluation: Evaluation) -> list[str]:
    """Theme keys (see :data:`THEMES`) found from the position and the answer."""
    view = replay(candidate).view(candidate["seat"])
    best = evaluation["cards"][0]
    spot = Spot(view, Situation(view), best, to_card(best["card"]),
                tuple(to_card(item["card"]) for item in evaluation["cards"][1:]))
    return [key for key, test in THEME_TESTS if test(spot)]
