"""One hand of Hearts: passing, thirteen tricks, points; and what each seat may see of it.

Design choices:

* :class:`HandState` is a small state machine with explicit phases (passing, playing,
  hand over).  Every action first asks whether it is allowed and only then changes
  anything, so a refused action raises :class:`~hearts_core.errors.IllegalMove` and leaves
  the state exactly as it was.
* Internally a hand is four 52-bit card masks; :func:`~hearts_core.legality.rule_walk`,
  the engine's only legality function, is applied to them once per position and the
  answer is kept until the next play.  This keeps a random hand through the public API
  fast enough for the computer players' simulations.
* :meth:`HandState.view` is the boundary between the referee and a player: a frozen
  :class:`SeatView` holding the seat's own cards, what it passed and received, and public
  play.  Computer players are given views, never the state.
* A hand's whole history is its deal, its passes and its plays, so equality and the
  record format (see :mod:`hearts_core.records`) are built from exactly those.

>>> from hearts_core.match import deal_hands
>>> state = HandState.new(deal_hands(seed=7, hand_number=4), "hold")
>>> state.phase, state.to_move, [str(card) for card in state.legal_plays()]
(<Phase.PLAYING: 'playing'>, 0, ['♣2'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from hearts_core.cards import (
    CARDS_PER_SUIT,
    DECK,
    Card,
    Suit,
    cards_from_mask,
    format_cards,
    mask_of,
    to_card,
    to_cards,
)
from hearts_core.errors import IllegalMove, InvalidPositionError, quote_input
from hearts_core.legality import LEADING, ActionReason, Reason, Verdict, describe, rule_walk
from hearts_core.rules import (
    CARDS_IN_PASS,
    CARDS_PER_SEAT,
    JACK_OF_DIAMONDS,
    NUM_SEATS,
    QUEEN_OF_SPADES,
    TRICKS_PER_HAND,
    TWO_OF_CLUBS,
    Rules,
)
from hearts_core.scoring import card_points, hand_scores
from hearts_core.wording import seat_name, subject

__all__ = ["HandState", "PassDirection", "Phase", "SeatView", "Trick", "seat_name"]

_FULL_DECK: Final = (1 << len(DECK)) - 1
_HEARTS: Final = Suit.HEARTS


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
        """Hand 1 passes left, 2 right, 3 across, 4 holds; then the cycle repeats."""
        if not isinstance(hand_number, int) or isinstance(hand_number, bool) or hand_number < 1:
            raise ValueError(f"hand_number counts hands from 1, not {quote_input(hand_number)}")
        return _PASS_CYCLE[(hand_number - 1) % len(_PASS_CYCLE)]

    def receiver(self, seat: int) -> int:
        """The seat that receives ``seat``'s pass."""
        return (seat + self.offset) % NUM_SEATS

    def passer(self, seat: int) -> int:
        """The seat whose pass ``seat`` receives."""
        return (seat - self.offset) % NUM_SEATS


_PASS_OFFSETS: Final = {PassDirection.LEFT: 1, PassDirection.ACROSS: 2, PassDirection.RIGHT: 3, PassDirection.HOLD: 0}
_PASS_CYCLE: Final = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD)


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: who led, the four cards in play order, who took it, its points."""

    leader: int
    cards: tuple[Card, Card, Card, Card]
    winner: int
    points: int

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat that played each card, in play order."""
        return tuple((self.leader + offset) % NUM_SEATS for offset in range(NUM_SEATS))

    def played_by(self, seat: int) -> Card:
        """The card ``seat`` played to this trick."""
        return self.cards[(seat - self.leader) % NUM_SEATS]


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat may know of a hand: its own cards and public play, nothing else.

    ``received`` is ``None`` until all four seats have passed; ``plays`` lists every
    card played so far as ``(seat, card)`` in play order.  ``legal_plays`` and ``explain``
    ask the engine's rules about this seat's own cards.
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
        playable, _ = rule_walk(mask_of(self.hand), led, self.first_trick, self.hearts_broken)
        return cards_from_mask(playable)

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


class HandState:
    """One hand from the deal to the last trick.

    Create it with :meth:`new`; act with :meth:`pass_cards` and :meth:`play`; ask with
    :meth:`legal_plays` and :meth:`explain`.
    """

    __slots__ = (
        "_card_points",
        "_dealt",
        "_hands",
        "_hearts_broken",
        "_jack_taker",
        "_leader",
        "_passes",
        "_phase",
        "_playable",
        "_plays",
        "_points",
        "_refusal",
        "_to_move",
        "_trick",
        "_tricks",
        "pass_direction",
        "rules",
    )

    rules: Rules
    pass_direction: PassDirection
    _dealt: tuple[int, ...]
    _hands: list[int]
    _passes: list[int]
    _phase: Phase
    _to_move: int
    _trick: list[int]
    _leader: int
    _tricks: list[Trick]
    _plays: list[int]
    _hearts_broken: bool
    _points: list[int]
    _jack_taker: int | None
    _playable: int
    _refusal: Reason
    _card_points: tuple[int, ...]

    @classmethod
    def new(
        cls,
        hands: Sequence[Iterable[Card | str] | str],
        pass_direction: PassDirection | str,
        rules: Rules | None = None,
    ) -> HandState:
        """A hand about to start: four 13-card hands for seats 0..3 and the pass direction."""
        try:
            direction = PassDirection(pass_direction)
        except ValueError:
            raise InvalidPositionError(
                f"pass_direction must be 'left', 'right', 'across' or 'hold', not {quote_input(pass_direction)}"
            ) from None
        if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != NUM_SEATS:
            raise InvalidPositionError(f"hands must be a deal of four hands, one per seat, not {quote_input(hands)}")
        if rules is not None and not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules value such as Rules(), not {quote_input(rules)}")
        masks = []
        for seat, hand in enumerate(hands):
            cards = to_cards(hand, f"hands[{seat}]")
            mask = mask_of(cards)
            if len(cards) != CARDS_PER_SEAT or mask.bit_count() != CARDS_PER_SEAT:
                raise InvalidPositionError(
                    f"seat {seat} must be dealt {CARDS_PER_SEAT} different cards, not {len(cards)}: "
                    f"{format_cards(cards, limit=CARDS_PER_SEAT)}"
                )
            masks.append(mask)
        if masks[0] | masks[1] | masks[2] | masks[3] != _FULL_DECK:
            raise InvalidPositionError("the four hands must hold all 52 cards, each exactly once")
        return cls._start(tuple(masks), direction, rules or Rules())

    @classmethod
    def _start(cls, dealt: tuple[int, ...], direction: PassDirection, rules: Rules) -> HandState:
        state = object.__new__(cls)
        state.rules = rules
        state.pass_direction = direction
        state._dealt = dealt
        state._hands = list(dealt)
        state._passes = [0] * NUM_SEATS
        state._trick = []
        state._leader = 0
        state._tricks = []
        state._plays = []
        state._hearts_broken = False
        state._points = [0] * NUM_SEATS
        state._jack_taker = None
        state._card_points = tuple(card_points(card, rules) for card in DECK)
        state._playable = 0
        state._refusal = Reason.LEGAL
        if direction is PassDirection.HOLD:
            state._start_play()
        else:
            state._phase = Phase.PASSING
            state._to_move = -1
        return state

    def _start_play(self) -> None:
        self._phase = Phase.PLAYING
        leader = self.holder(TWO_OF_CLUBS)
        assert leader is not None  # a complete deal always has ♣2 in some hand
        self._leader = self._to_move = leader
        self._rule()

    def _rule(self) -> None:
        """Apply the rules to the position of the seat to move; kept until the next play."""
        led = (self._trick[0] // CARDS_PER_SUIT) if self._trick else LEADING
        self._playable, self._refusal = rule_walk(
            self._hands[self._to_move], led, not self._tricks, self._hearts_broken
        )

    # ----------------------------------------------------------------- questions

    @property
    def phase(self) -> Phase:
        """Passing, playing or hand over."""
        return self._phase

    @property
    def to_move(self) -> int | None:
        """The seat to play, or ``None`` while passing or after the last trick."""
        return self._to_move if self._phase is Phase.PLAYING else None

    @property
    def is_over(self) -> bool:
        """True once all thirteen tricks have been played."""
        return self._phase is Phase.HAND_OVER

    @property
    def first_trick(self) -> bool:
        """True while the hand's first trick is being played (or not yet started)."""
        return not self._tricks

    @property
    def hearts_broken(self) -> bool:
        """True once a heart has been played (or ♠Q, under that variant)."""
        return self._hearts_broken

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """Cards played to the trick in progress, in order."""
        return tuple(DECK[index] for index in self._trick)

    @property
    def trick_leader(self) -> int | None:
        """The seat that led the trick in progress (or will lead the next one)."""
        return self._leader if self._phase is Phase.PLAYING else None

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order."""
        return tuple(self._tricks)

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        """Every card played so far as ``(seat, card)``, in play order."""
        result = []
        seat = self._first_leader()
        for position, index in enumerate(self._plays):
            if position and position % NUM_SEATS == 0:
                seat = self._tricks[position // NUM_SEATS - 1].winner
            elif position:
                seat = (seat + 1) % NUM_SEATS
            result.append((seat, DECK[index]))
        return tuple(result)

    def _first_leader(self) -> int:
        return self._tricks[0].leader if self._tricks else self._leader

    @property
    def points_taken(self) -> tuple[int, int, int, int]:
        """Points each seat has taken in tricks so far this hand (before the moon rule)."""
        a, b, c, d = self._points
        return (a, b, c, d)

    @property
    def scores(self) -> tuple[int, int, int, int]:
        """What each seat scores for this hand, moon rule applied; only once it is over."""
        if self._phase is not Phase.HAND_OVER:
            raise InvalidPositionError(
                f"the hand is not over ({len(self._tricks)} of {TRICKS_PER_HAND} tricks played), "
                "so it has no scores yet"
            )
        return hand_scores(self._points, self.rules, jack_of_diamonds_taker=self._jack_taker)

    @property
    def moon_shooter(self) -> int | None:
        """The seat that shot the moon this hand, if the hand is over and one did."""
        if self._phase is not Phase.HAND_OVER:
            return None
        takers = {trick.winner for trick in self._tricks if _carries_penalty(trick)}
        return takers.pop() if len(takers) == 1 else None

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now, in display order."""
        return cards_from_mask(self._hands[_seat(seat)])

    def dealt(self, seat: int) -> tuple[Card, ...]:
        """The thirteen cards ``seat`` was dealt."""
        return cards_from_mask(self._dealt[_seat(seat)])

    def passed(self, seat: int) -> tuple[Card, ...] | None:
        """The cards ``seat`` has passed, or ``None`` if it has not (or on a hold hand)."""
        mask = self._passes[_seat(seat)]
        return cards_from_mask(mask) if mask else None

    def holder(self, card: Card | str) -> int | None:
        """The seat holding ``card`` now, or ``None`` once played; passed cards move when all four have passed."""
        bit = to_card(card).bit
        for seat in range(NUM_SEATS):
            if self._hands[seat] & bit:
                return seat
        return None

    def legal_plays(self) -> tuple[Card, ...]:
        """The cards the seat to move may play (empty when nobody is to play)."""
        if self._phase is not Phase.PLAYING:
            return ()
        return cards_from_mask(self._playable)

    def explain(self, card: Card | str, *, seat: int | None = None) -> Verdict:
        """Why ``card`` may or may not be played now by ``seat`` (default: the seat to move).

        Besides the play rules' reasons this can answer ``not_your_turn`` (``seat`` is not
        the one to move) and ``wrong_phase`` (the hand is passing or over).
        """
        card = to_card(card)
        refusal = _turn_refusal(card, self._phase, self._to_move, self._to_move if seat is None else _seat(seat))
        if refusal is not None:
            return refusal
        if any(index == card.index for index in self._plays):
            return Verdict(card, False, Reason.NOT_IN_HAND, f"{card} has already been played this hand.")
        return describe(card, self._hands[self._to_move], self.current_trick, not self._tricks, self._hearts_broken)

    # ------------------------------------------------------------------- actions

    def pass_cards(self, seat: int, cards: Iterable[Card | str] | str) -> None:
        """Confirm ``seat``'s pass of three of its cards; passes resolve once all four are in.

        Seats may pass in any order.  Until every seat has passed, nobody receives
        anything.  A confirmed pass is final.
        """
        seat = _seat(seat)
        chosen = to_cards(cards)
        if self._phase is not Phase.PASSING:
            why = ("This is a hold hand: nobody passes." if self.pass_direction is PassDirection.HOLD
                   else "The passing is over; the hand is being played.")
            raise IllegalMove(Verdict(None, False, ActionReason.WRONG_PHASE, why))
        if self._passes[seat]:
            already = " ".join(map(str, self.passed(seat) or ()))
            who = subject(seat, "have", "has")
            raise IllegalMove(Verdict(None, False, ActionReason.ALREADY_PASSED,
                                      f"{who} already passed {already}; a pass is final."))
        mask = mask_of(chosen)
        if len(chosen) != CARDS_IN_PASS or mask.bit_count() != CARDS_IN_PASS:
            raise IllegalMove(Verdict(None, False, ActionReason.WRONG_PASS,
                                      f"Pass exactly {CARDS_IN_PASS} different cards, not {len(chosen)}: "
                                      f"{format_cards(chosen, limit=CARDS_PER_SEAT) or 'none chosen'}."))
        missing = mask & ~self._hands[seat]
        if missing:
            lost = cards_from_mask(missing)
            who = "You do" if seat == 0 else f"{seat_name(seat)} does"
            them = "it" if len(lost) == 1 else "them"
            raise IllegalMove(Verdict(lost[0], False, Reason.NOT_IN_HAND,
                                      f"{who} not hold {' and '.join(map(str, lost))}, so cannot pass {them}."))
        self._passes[seat] = mask
        if all(self._passes):
            for player in range(NUM_SEATS):
                passer = self.pass_direction.passer(player)
                self._hands[player] = (self._hands[player] & ~self._passes[player]) | self._passes[passer]
            self._start_play()

    def play(self, card: Card | str, *, seat: int | None = None) -> Trick | None:
        """Play ``card`` for the seat to move; returns the trick if this card completed it.

        Raises :class:`IllegalMove` (state unchanged) if the card may not be played.
        """
        card = to_card(card)
        if seat is not None:
            seat = _seat(seat)
        if self._phase is not Phase.PLAYING or not self._playable & card.bit or (
            seat is not None and seat != self._to_move
        ):
            raise IllegalMove(self.explain(card, seat=seat))
        mover = self._to_move
        self._hands[mover] ^= card.bit
        self._trick.append(card.index)
        self._plays.append(card.index)
        if card.suit is _HEARTS or (card is QUEEN_OF_SPADES and self.rules.qs_breaks_hearts):
            self._hearts_broken = True
        if len(self._trick) < NUM_SEATS:
            self._to_move = (mover + 1) % NUM_SEATS
            self._rule()
            return None
        return self._finish_trick()

    def _finish_trick(self) -> Trick:
        trick = self._trick
        led = trick[0] // CARDS_PER_SUIT
        best = 0
        for position in range(1, NUM_SEATS):
            if trick[position] // CARDS_PER_SUIT == led and trick[position] > trick[best]:
                best = position
        winner = (self._leader + best) % NUM_SEATS
        card_points = self._card_points
        points = card_points[trick[0]] + card_points[trick[1]] + card_points[trick[2]] + card_points[trick[3]]
        self._points[winner] += points
        if JACK_OF_DIAMONDS.index in trick and self.rules.jack_of_diamonds_bonus:
            self._jack_taker = winner
        done = Trick(self._leader, (DECK[trick[0]], DECK[trick[1]], DECK[trick[2]], DECK[trick[3]]), winner, points)
        self._tricks.append(done)
        self._trick = []
        self._leader = self._to_move = winner
        if len(self._tricks) == TRICKS_PER_HAND:
            self._phase = Phase.HAND_OVER
        else:
            self._rule()
        return done

    # ---------------------------------------------------------------- the rest

    def view(self, seat: int, *, match_totals: tuple[int, int, int, int] | None = None,
             hand_number: int | None = None) -> SeatView:
        """What ``seat`` may know: its own cards, its pass, what it received, public play."""
        seat = _seat(seat)
        passing_done = self._phase is not Phase.PASSING and self.pass_direction is not PassDirection.HOLD
        return SeatView(
            seat=seat,
            rules=self.rules,
            pass_direction=self.pass_direction,
            phase=self._phase,
            hand=self.hand(seat),
            passed=self.passed(seat),
            received=cards_from_mask(self._passes[self.pass_direction.passer(seat)]) if passing_done else None,
            plays=self.plays,
            tricks=self.tricks,
            current_trick=self.current_trick,
            trick_leader=self.trick_leader,
            to_move=self.to_move,
            hearts_broken=self._hearts_broken,
            points_taken=self.points_taken,
            match_totals=match_totals,
            hand_number=hand_number,
        )

    def copy(self) -> HandState:
        """An independent copy, for trying moves without touching this hand."""
        other = object.__new__(HandState)
        for name in HandState.__slots__:
            value = getattr(self, name)
            setattr(other, name, list(value) if isinstance(value, list) else value)
        return other

    def to_record(self) -> dict[str, Any]:
        """This hand in the ``hearts-record/1`` hand format (see docs/record-format.md)."""
        record: dict[str, Any] = {
            "deal": [[str(card) for card in cards_from_mask(mask)] for mask in self._dealt],
            "pass_direction": self.pass_direction.value,
        }
        if self.pass_direction is not PassDirection.HOLD:
            record["passes"] = [
                [str(card) for card in cards_from_mask(mask)] if mask else None for mask in self._passes
            ]
        record["plays"] = [str(DECK[index]) for index in self._plays]
        return record

    def _history(self) -> tuple[object, ...]:
        return (self.rules, self.pass_direction, self._dealt, tuple(self._passes), tuple(self._plays))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandState):
            return NotImplemented
        return self._history() == other._history()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<HandState {self.pass_direction.value} {self._phase.value}, "
                f"trick {min(len(self._tricks) + 1, TRICKS_PER_HAND)}, to move {self.to_move}>")


def _turn_refusal(card: Card, phase: Phase, to_move: int | None, seat: int | None) -> Verdict | None:
    """The refusal that comes before any play rule: wrong phase, or not this seat's turn."""
    if phase is Phase.PASSING:
        return Verdict(card, False, ActionReason.WRONG_PHASE,
                       "Cards are being passed now; play starts once all four seats have passed.")
    if phase is not Phase.PLAYING or to_move is None:
        return Verdict(card, False, ActionReason.WRONG_PHASE, "This hand is over: all 13 tricks have been played.")
    if seat is not None and seat != to_move:
        return Verdict(card, False, ActionReason.NOT_YOUR_TURN,
                       f"It is {_whose(to_move)} turn to play, not {_whose(seat, 'yours')}.")
    return None


def _carries_penalty(trick: Trick) -> bool:
    return any(card.suit is _HEARTS or card is QUEEN_OF_SPADES for card in trick.cards)


def _whose(seat: int, yours: str = "your") -> str:
    return yours if seat == 0 else f"{seat_name(seat)}'s"


def _seat(seat: int) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < NUM_SEATS:
        raise InvalidPositionError(f"seats are numbered 0 to 3, not {quote_input(seat)}")
    return seat
