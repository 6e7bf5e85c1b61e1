"""The puzzles' themes: one small test per theme, each reading the position and the answer.

Design choices:

* In the manner of lichess-puzzler's ``cook.py``: a theme is a key (stable, in the data),
  the words a learner reads (:data:`THEMES`), and one predicate over a :class:`Spot` (the
  seat's view, its checked facts, and every legal card's figures, the solution first).
  :func:`tag` asks every predicate in :data:`THEME_TESTS`'s order, so a new theme is one
  function and one line.
* **The main theme first.**  :data:`THEME_TESTS` is a fixed priority of ideas, the most
  telling first: a moon (the whole hand turns on it), then ♠Q (13 points on one card),
  then a card only the cards you passed can beat (the pass tells who holds them), then a
  heart that counting shows is the highest left, then what to do with a card you cannot
  follow with, then how to follow and lead, and last the situations that frame a puzzle
  rather than solve it (counting, voids, the last tricks).  The stored keys keep that
  order, so a puzzle's first theme is its main one.
* **A theme names the idea the answer rests on, not the situation.**  "Duck" is ducking
  points on the table, not every card played under the winner; "play last" is playing the
  highest card that takes no points with the whole trick in view, not every fourth card;
  "count" is a card that is the highest left only because higher ones have been played.
  A broad situation tag on most puzzles tells a learner nothing and crowds a lesson's
  pool with positions about something else.
* **The moon themes read the play-outs.**  "Stop the moon" holds only where the solution
  changes whether another seat's moon succeeds (:data:`MOON_SWING` of the sampled deals
  or more, against some other legal card), not wherever a seat has taken every point so
  far; "go for the moon" only where the seat's own moon succeeds in most of them for the
  solution (:data:`MOON_MOST`).  The shares are the evaluation's (``moon_share``,
  ``others_moon_share`` in :class:`~hearts_core.puzzle_records.CardFigures`).
* Every other predicate is built from the coach's checked facts (:mod:`hearts_core.facts`),
  the same facts that license the sentences a learner reads, so a theme never says what
  the facts do not hold.
* The tagging stage of the mining pipeline (:mod:`hearts_core.mining`), also used on a
  learner's own mistakes (:func:`hearts_core.puzzles.mistake_puzzle`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from hearts_core.cards import ACE, Card, Suit, to_card
from hearts_core.facts import (
    HIGH_RANK,
    UNLIKELY,
    AllAbove,
    FirstTrick,
    HigherOut,
    LastOfSuit,
    MayBeOvertaken,
    NoneAbove,
    Over,
    PlaysLast,
    QueenOut,
    ShownVoid,
    Situation,
    TopCard,
    TrickPoints,
    Under,
    Void,
    passed_above,
)
from hearts_core.puzzle_records import CardFigures, Evaluation, PositionRecord, position_view
from hearts_core.rules import QUEEN_OF_SPADES
from hearts_core.state import SeatView
from hearts_core.wording import marked

__all__ = [
    "ENDGAME_TRICKS", "MOON_MOST", "MOON_SWING", "THEMES", "THEME_TESTS", "Spot", "tag", "top_by_count",
]

MOON_MOST: Final = 0.5
""""Go for the moon": the seat's moon must succeed in more than this share of the solution's play-outs."""
MOON_SWING: Final = 0.1
""""Stop the moon": another seat's moon must succeed in at least this much larger a share of the play-outs
after some other legal card than after the solution.  A moon against the seat costs it about 20 points more
than a usual hand, so a tenth of the deals is worth some 2 expected points: more than the margin a puzzle
needs (:data:`hearts_core.mining.MIN_MARGIN`), so the moon alone can be the answer's reason."""
ENDGAME_TRICKS: Final = 10
"""The last tricks: at least this many tricks are done, so the seat holds three cards or fewer."""

THEMES: Final[dict[str, str]] = {
    "match_score": marked("Play for the match score"),
    "go_moon": marked("Go for the moon"),
    "stop_moon": marked("Stop the moon"),
    "drop_queen": marked("Drop ♠Q on someone else's trick"),
    "no_cover": marked("Do not cover with ♠A or ♠K while ♠Q is out"),
    "flush_queen": marked("Flush out ♠Q with a low spade"),
    "passed_card": marked("Remember who holds the cards you passed"),
    "trick_one": marked("Trick one carries no points"),
    "count_hearts": marked("Count the hearts: yours is the highest heart left"),
    "shed_hearts": marked("Throw hearts on someone else's trick"),
    "unload_high": marked("Get rid of a dangerous high card while void"),
    "make_void": marked("Lead your last card of a suit to run out of it"),
    "take_high": marked("When every card you can play beats the winning card, play your highest"),
    "high_duck": marked("Duck with the highest card that still loses"),
    "duck": marked("Duck and leave the points to someone else"),
    "stay_low": marked("Play low and leave the trick to a player after you"),
    "win_clean": marked("Win a clean trick and keep your low cards"),
    "play_last": marked("Playing last, play your highest card that takes no points"),
    "safe_exit": marked("Lead a card that leaves the trick to someone else"),
    "void_shown": marked("Watch for a player who has run out of the suit"),
    "count": marked("Count the cards played: yours is the highest left in its suit"),
    "endgame": marked("Plan the last tricks"),
}
"""Theme keys (stable, in the data) and the words a learner reads, in :data:`THEME_TESTS`'s priority order."""


@dataclass(frozen=True)
class Spot:
    """What the theme tests read: the seat's view and facts, and every legal card's figures, the solution first."""

    view: SeatView
    position: Situation
    figures: tuple[CardFigures, ...]

    @property
    def best(self) -> CardFigures:
        """The solution's figures."""
        return self.figures[0]

    @property
    def solution(self) -> Card:
        """The puzzle's answer."""
        return to_card(self.best["card"])

    @property
    def others(self) -> tuple[Card, ...]:
        """The other legal cards."""
        return tuple(to_card(item["card"]) for item in self.figures[1:])

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

    def held(self, suit: Suit) -> tuple[Card, ...]:
        """The seat's cards of ``suit``."""
        return tuple(card for card in self.view.hand if card.suit is suit)


def _above_queen(card: Card) -> bool:
    return card.suit is Suit.SPADES and card.rank > QUEEN_OF_SPADES.rank


def _below_queen(card: Card) -> bool:
    return card.suit is Suit.SPADES and card.rank < QUEEN_OF_SPADES.rank


# ------------------------------------------------------------------ the moon


def go_moon(spot: Spot) -> bool:
    """The seat's own moon succeeds in most of the solution's play-outs.

    Not the search's choice of a moon line (``shooting``), which it makes when a moon would
    pay on average, however rarely it comes off; and not the top hearts the coach's moon
    sentence asks for, which a seat that has already taken most of the points may have
    played: the play-outs say whether the moon comes off.
    """
    return spot.best["moon_share"] > MOON_MOST


def stop_moon(spot: Spot) -> bool:
    """Another seat's moon succeeds in clearly more play-outs after some other legal card than after the solution."""
    stopped = spot.best["others_moon_share"]
    return any(item["others_moon_share"] - stopped >= MOON_SWING for item in spot.figures[1:])


# -------------------------------------------------------------- the queen


def drop_queen(spot: Spot) -> bool:
    """The seat plays ♠Q to a trick it cannot take: void in the suit led, or under ♠K or ♠A on the table."""
    if spot.solution is not QUEEN_OF_SPADES or spot.top is None:
        return False
    return spot.discards() or Under(QUEEN_OF_SPADES, spot.top).holds(spot.position)


def no_cover(spot: Spot) -> bool:
    """Spades led and ♠Q out: the seat follows below ♠Q where it could have played ♠A or ♠K."""
    return (spot.follows() and spot.led is Suit.SPADES and _below_queen(spot.solution)
            and QueenOut().holds(spot.position) and any(_above_queen(card) for card in spot.others))


def flush_queen(spot: Spot) -> bool:
    """Leading, a spade below ♠Q while ♠Q is in another hand."""
    return spot.top is None and _below_queen(spot.solution) and QueenOut().holds(spot.position)


# ------------------------------------------------------------- discarding


def trick_one(spot: Spot) -> bool:
    """The first trick, which carries no points."""
    return FirstTrick().holds(spot.position)


def shed_hearts(spot: Spot) -> bool:
    """Void in the led suit, the seat throws a heart."""
    return spot.discards() and spot.solution.suit is Suit.HEARTS


def unload_high(spot: Spot) -> bool:
    """Void in the led suit, the seat gets rid of a high card (ten or above) other than ♠Q."""
    return spot.discards() and spot.solution.rank >= HIGH_RANK and spot.solution is not QUEEN_OF_SPADES


def make_void(spot: Spot) -> bool:
    """Leading before the last tricks, the seat's last card of a suit: after it the seat can discard on that suit."""
    return (spot.top is None and len(spot.view.tricks) < ENDGAME_TRICKS - 1
            and LastOfSuit(spot.solution).holds(spot.position))


# ------------------------------------------------------- following and leading


def take_high(spot: Spot) -> bool:
    """Every card the seat holds in the led suit beats the winning card, and the solution is the highest of them."""
    top = spot.top
    return (top is not None and spot.follows() and AllAbove(top).holds(spot.position)
            and spot.solution.rank == max(card.rank for card in spot.held(top.suit)))


def high_duck(spot: Spot) -> bool:
    """The solution is the highest of two cards or more the seat holds under the winning card."""
    top = spot.top
    if top is None or not spot.follows() or not Under(spot.solution, top).holds(spot.position):
        return False
    under = [card for card in spot.held(top.suit) if card.rank < top.rank]
    return len(under) >= 2 and spot.solution.rank == max(card.rank for card in under)


def duck(spot: Spot) -> bool:
    """The trick carries points and the solution follows under the winning card, where another legal card wins it."""
    top = spot.top
    return (top is not None and spot.follows() and Under(spot.solution, top).holds(spot.position)
            and not TrickPoints(0).holds(spot.position)
            and any(Over(card, top).holds(spot.position) for card in spot.others))


def stay_low(spot: Spot) -> bool:
    """Not last to play, the solution is the seat's lowest card of the led suit: above the winning card, but a
    player still to come may go over it, where the seat's other cards of the suit would be likelier to win."""
    top = spot.top
    return (top is not None and spot.follows() and not PlaysLast().holds(spot.position)
            and Over(spot.solution, top).holds(spot.position) and MayBeOvertaken(spot.solution).holds(spot.position)
            and spot.solution.rank == min(card.rank for card in spot.held(top.suit))
            and any(card.suit is top.suit for card in spot.others))


def win_clean(spot: Spot) -> bool:
    """The solution takes a trick without points, playing last or with the top card of the suit."""
    top = spot.top
    return (top is not None and spot.follows() and Over(spot.solution, top).holds(spot.position)
            and TrickPoints(0).holds(spot.position)
            and (PlaysLast().holds(spot.position) or TopCard(spot.solution).holds(spot.position)))


def play_last(spot: Spot) -> bool:
    """Playing last, the solution is the highest of two cards or more of the led suit that take no points.

    With the whole trick in view a card takes no points when it goes under the winning
    card, or when the trick holds none.
    """
    top = spot.top
    if top is None or not PlaysLast().holds(spot.position) or not spot.follows():
        return False
    clean = TrickPoints(0).holds(spot.position)
    safe = [card for card in spot.held(top.suit) if clean or card.rank < top.rank]
    return len(safe) >= 2 and spot.solution.rank == max(card.rank for card in safe)


def safe_exit(spot: Spot) -> bool:
    """Leading, a card that higher cards still out will very likely beat."""
    if spot.top is not None:
        return False
    above = len(spot.position.unseen_above(spot.solution))
    return bool(above) and HigherOut(spot.solution, above).holds(spot.position) and spot.best["take"] < UNLIKELY


# ------------------------------------------------------ what the cards tell


def passed_card(spot: Spot) -> bool:
    """Only the receiver of the seat's pass can beat the solution, and only with cards the seat passed them, being
    still to play to this trick (:func:`~hearts_core.facts.passed_above`, the fact the answer then states).

    Strict on purpose: looser tests read wrong.  "The highest card out is one the seat passed"
    takes leading ♦3 with four higher diamonds out, ♦Q among them, where the answer rests on the
    four, not on who holds ♦Q; "a passed card outranks the solution" takes ducks with a dozen
    higher cards out.  So few positions of mixed play pass it that the set gets lesson 19's
    puzzles from a hunt of its own (:mod:`hearts_core.hunts`).
    """
    return passed_above(spot.position, spot.solution) is not None


def void_shown(spot: Spot) -> bool:
    """A seat still to play to the trick (any other seat, when the seat leads) has shown a void in its suit."""
    suit = spot.led if spot.led is not None else spot.solution.suit
    return any(ShownVoid(seat, suit).holds(spot.position) for seat in spot.position.after)


def count_hearts(spot: Spot) -> bool:
    """:func:`count` for a heart: the solution is the highest heart not yet played, ♥A excepted, the hearts above
    it gone.  Counting the hearts is an idea of its own (lesson 20): the highest heart left takes any heart trick
    it is played to, so it is the one to throw while void, or to keep for a stopper."""
    return spot.solution.suit is Suit.HEARTS and count(spot)


def count(spot: Spot) -> bool:
    """The solution is the highest card of its suit not yet played (the seat's own cards too), below the ace:
    higher ones have been played, and only a count of them shows it."""
    return top_by_count(spot.position, spot.solution)


def top_by_count(position: Situation, card: Card) -> bool:
    """``card`` is the highest of its suit not yet played (the seat's own cards too), below the ace: the test of
    :func:`count`, also the hearts-count hunt's test of a candidate's legal hearts (:mod:`hearts_core.hunts`)."""
    return card.rank < ACE and TopCard(card).holds(position) and NoneAbove(card).holds(position)


def match_score(spot: Spot) -> bool:
    """The puzzle is judged by the match, not the hand: its position carries the totals before the hand, which
    only a position whose hand ends the match does (:mod:`hearts_core.match_stakes`), so the answer is the card
    that most often leaves the seat with the lowest total, not the one that takes it fewest points.  (:func:`tag`
    asks it first and then gives such a puzzle this theme alone.)"""
    return spot.view.match_totals is not None


def endgame(spot: Spot) -> bool:
    """At least :data:`ENDGAME_TRICKS` tricks are done."""
    return len(spot.view.tricks) >= ENDGAME_TRICKS


THEME_TESTS: Final[tuple[tuple[str, Callable[[Spot], bool]], ...]] = (
    ("match_score", match_score), ("go_moon", go_moon), ("stop_moon", stop_moon), ("drop_queen", drop_queen),
    ("no_cover", no_cover),
    ("flush_queen", flush_queen), ("passed_card", passed_card), ("trick_one", trick_one),
    ("count_hearts", count_hearts), ("shed_hearts", shed_hearts),
    ("unload_high", unload_high), ("make_void", make_void), ("take_high", take_high), ("high_duck", high_duck),
    ("duck", duck), ("stay_low", stay_low), ("win_clean", win_clean), ("play_last", play_last),
    ("safe_exit", safe_exit), ("void_shown", void_shown), ("count", count), ("endgame", endgame),
)
"""Every theme's test, in priority order: :func:`tag` stores the keys found in this order, the main one first."""


def tag(candidate: PositionRecord, evaluation: Evaluation) -> list[str]:
    """Theme keys (see :data:`THEMES`) found from the position and the answer, the main theme first."""
    view = position_view(candidate)
    spot = Spot(view, Situation(view), tuple(evaluation["cards"]))
    if match_score(spot):
        # Judged by the match: the other themes read the cards as ranked for the hand (a "duck" may be the worst
        # card for the match), so the match score is its only idea.
        return ["match_score"]
    return [key for key, test in THEME_TESTS if test(spot)]
