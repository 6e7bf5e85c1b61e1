"""What a seat sees of a hand: the phases, the pass directions, finished tricks and the seat's view.

Design choices:

* These are the values a hand hands out (:meth:`hearts_core.state.HandState.view`, the
  boundary between the referee and a player): a frozen :class:`SeatView` holding the
  seat's own cards, what it passed and received, and public play, and the small values it
  is made of.  They live apart from the referee so that the readers of a view (the
  notation, the puzzles, the widgets) depend on the view alone; :mod:`hearts_core.state`
  re-exports every name, so ``from hearts_core.state import SeatView`` keeps working.
* A view asks the engine's one legality function (:func:`~hearts_core.kernel.rule_walk`)
  about its own cards, and the refusals that come before any play rule (wrong phase, not
  this seat's turn) are worded here once, for the view and the state alike.
* :func:`turned_to_you` turns a view so its seat is seat 0, the one addressed as "you":
  Hearts is the same game whichever seat is numbered 0, so a position from any chair can
  be shown from the learner's (the analysis board, the puzzles).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, NamedTuple, TypeVar

from hearts_core._card_masks import _cards_of
from hearts_core.cards import Card, mask_of, to_card
from hearts_core.errors import InvalidOptionError, quote_input
from hearts_core.kernel import LEADING, rule_walk
from hearts_core.legality import ActionReason, Verdict, describe
from hearts_core.rules import CARDS_PER_SEAT, NUM_SEATS, SEATS, Rules
from hearts_core.wording import LEARNER_SEAT, say, seat_name

__all__ = ["PassDirection", "Phase", "SeatView", "Trick", "seat_turned", "seats_turned", "turned_to_you"]

class Phase(StrEnum):
    """Where a hand or match stands; every action dispatches on it."""

    PASSING = "passing"
    PLAYING = "playing"
    HAND_OVER = "hand_over"
    MATCH_OVER = "match_over"


class PassDirection(StrEnum):
    """Where the three passed cards go; ``offset`` is added to the passing seat."""

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    HOLD = "hold"

    @property
    def offset(self) -> int:
        """Seats clockwise from the passer to the receiver (0 on a hold hand)."""
        return _PASS_OFFSETS[self]

    @classmethod
    def for_hand(cls, hand_number: int) -> PassDirection:
        """Hand 1 passes left, 2 right, 3 across, 4 holds; then the cycle repeats.

        Raises:
            InvalidOptionError: ``hand_number`` is not a whole number from 1.
        """
        if not isinstance(hand_number, int) or isinstance(hand_number, bool) or hand_number < 1:
            raise InvalidOptionError(f"hand_number counts hands from 1, not {quote_input(hand_number)}")
        return _PASS_CYCLE[(hand_number - 1) % len(_PASS_CYCLE)]

    def receiver(self, seat: int) -> int:
        """The seat that receives ``seat``'s pass."""
        return (seat + self.offset) % NUM_SEATS

    def passer(self, seat: int) -> int:
        """The seat whose pass ``seat`` receives."""
        return (seat - self.offset) % NUM_SEATS

_PASS_OFFSETS: Final = {PassDirection.LEFT: 1, PassDirection.ACROSS: 2, PassDirection.RIGHT: 3, PassDirection.HOLD: 0}
_PASS_CYCLE: Final = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD)


class Trick(NamedTuple):
    """A completed trick: who led, the four cards in play order, who took it, its points.

    A frozen, hashable value made by field name or by position, like the frozen dataclass
    it was; a named tuple because the referee makes one for every four cards played and
    a tuple is the cheapest immutable record CPython builds (it is also a tuple: it
    unpacks, and equals a plain tuple of the same four values).

    >>> from hearts_core.cards import parse_cards
    >>> trick = Trick(leader=3, cards=tuple(parse_cards("♣10 ♣K ♣3 ♥A")), winner=0, points=1)
    >>> trick.seats, str(trick.played_by(0)), trick == Trick(3, trick.cards, 0, 1)
    ((3, 0, 1, 2), '♣K', True)
    """

    leader: int
    cards: tuple[Card, Card, Card, Card]
    winner: int
    points: int

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat that played each card, in play order."""
        return tuple((self.leader + offset) % NUM_SEATS for offset in SEATS)

    def played_by(self, seat: int) -> Card:
        """The card ``seat`` played to this trick."""
        return self.cards[(seat - self.leader) % NUM_SEATS]

    def _repr_html_(self) -> str:
        """The trick as a notebook draws it: four cards from the leader, the winner marked."""
        from hearts_core.display import trick_html  # noqa: PLC0415 - only when a notebook asks for a picture

        return trick_html(self)


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat may know of a hand: its own cards and public play, nothing else.

    ``received`` is ``None`` until all four seats have passed; ``plays`` lists every
    card played so far as ``(seat, card)`` in play order.  ``legal_plays`` and ``explain``
    ask the engine's rules about this seat's own cards.  As one line of text it is a
    position (``docs/notation.md``): :func:`hearts_core.format_position` writes it and
    :func:`hearts_core.parse_position` reads one back.
    """

    seat: int
    rules: Rules
    pass_direction: PassDirection
    phase: Phase
    hand: tuple[Card, ...]
    passed: tuple[Card, ...] | None
    received: tuple[Card, ...] | None
    plays: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    current_trick: tuple[Card, ...]
    trick_leader: int | None
    to_move: int | None
    hearts_broken: bool
    points_taken: tuple[int, int, int, int]
    match_totals: tuple[int, int, int, int] | None = None
    hand_number: int | None = None

    @property
    def first_trick(self) -> bool:
        """True while the hand's first trick is being played."""
        return not self.tricks

    @property
    def is_my_turn(self) -> bool:
        """True when this seat is the one to play."""
        return self.phase is Phase.PLAYING and self.to_move == self.seat

    def legal_plays(self) -> tuple[Card, ...]:
        """This seat's playable cards when it is to move (empty otherwise)."""
        if not self.is_my_turn:
            return ()
        led = self.current_trick[0].suit if self.current_trick else LEADING
        return _cards_of(rule_walk(mask_of(self.hand), led, self.first_trick, self.hearts_broken)[0])

    def explain(self, card: Card | str) -> Verdict:
        """Why this seat may or may not play ``card`` now (``not_your_turn`` when it is not to move)."""
        card = to_card(card)
        refusal = _turn_refusal(card, self.phase, self.to_move, self.seat)
        if refusal is not None:
            return refusal
        return describe(card, mask_of(self.hand), self.current_trick, self.first_trick, self.hearts_broken)

    def cards_left(self, seat: int) -> int:
        """How many cards ``seat`` still holds (public knowledge)."""
        return CARDS_PER_SEAT - sum(1 for player, _ in self.plays if player == seat)

    def _repr_html_(self) -> str:
        """What the seat sees, as a notebook draws it."""
        from hearts_core.display import view_html  # noqa: PLC0415 - only when a notebook asks for a picture

        return view_html(self)

def _turn_refusal(card: Card, phase: Phase, to_move: int | None, seat: int | None) -> Verdict | None:
    """The refusal that comes before any play rule: wrong phase, or not this seat's turn."""
    if phase is Phase.PASSING:
        return Verdict(card, False, ActionReason.WRONG_PHASE,
                       say("Cards are being passed now; play starts once all four seats have passed."))
    if phase is not Phase.PLAYING or to_move is None:
        return Verdict(card, False, ActionReason.WRONG_PHASE, say("This hand is over: all 13 tricks have been played."))
    if seat is not None and seat != to_move:
        return Verdict(card, False, ActionReason.NOT_YOUR_TURN, _not_your_turn(to_move, seat))
    return None


def _not_your_turn(to_move: int, seat: int) -> str:
    """Whose turn it is, and not whose: one pattern per pairing of the learner and another seat."""
    if to_move == LEARNER_SEAT:
        return say("It is your turn to play, not {seat}'s.", seat=seat_name(seat))
    if seat == LEARNER_SEAT:
        return say("It is {mover}'s turn to play, not yours.", mover=seat_name(to_move))
    return say("It is {mover}'s turn to play, not {seat}'s.", mover=seat_name(to_move), seat=seat_name(seat))


Item = TypeVar("Item")


def seat_turned(seat: int, turn: int) -> int:
    """``seat``'s number once the table is turned so seat ``turn`` is seat 0 (the seat order kept).

    >>> [seat_turned(seat, 2) for seat in range(4)]
    [2, 3, 0, 1]
    """
    return (seat - turn) % NUM_SEATS


def seats_turned(values: Sequence[Item], turn: int) -> list[Item]:
    """One value per seat (a deal, the passes, the points), reordered for a table turned so seat ``turn`` is seat 0.

    >>> seats_turned(["a", "b", "c", "d"], 1)
    ['b', 'c', 'd', 'a']
    """
    return [values[(seat + turn) % NUM_SEATS] for seat in range(NUM_SEATS)]


def turned_to_you(view: SeatView) -> SeatView:
    """The same view with the seats turned so its seat is seat 0, "You" (the seat order kept).

    >>> from hearts_core.state import HandState
    >>> from hearts_core.match import deal_hands
    >>> view = turned_to_you(HandState.new(deal_hands(seed=7, hand_number=4), "hold").view(2))
    >>> view.seat, view.to_move
    (0, 2)
    """
    turn = view.seat
    if turn == 0:
        return view

    def seat(number: int) -> int:
        return seat_turned(number, turn)

    def four(values: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        a, b, c, d = seats_turned(values, turn)
        return (a, b, c, d)

    return dataclasses.replace(
        view, seat=0, plays=tuple((seat(player), card) for player, card in view.plays),
        tricks=tuple(Trick(seat(trick.leader), trick.cards, seat(trick.winner), trick.points) for trick in view.tricks),
        trick_leader=None if view.trick_leader is None else seat(view.trick_leader),
        to_move=None if view.to_move is None else seat(view.to_move),
        points_taken=four(view.points_taken),
        match_totals=None if view.match_totals is None else four(view.match_totals))
