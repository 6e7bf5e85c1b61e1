"""One hand of Hearts: passing, thirteen tricks, points; and what each seat may see of it.

Design choices:

* :class:`HandState` is a small state machine with explicit phases (passing, playing,
  hand over).  Every action first asks whether it is allowed and only then changes
  anything, so a refused action raises :class:`~hearts_core.legality.IllegalMove` and leaves
  the state exactly as it was.
* The play itself runs on the rules kernel: a :class:`~hearts_core.kernel.Table` applies
  each card, closes tricks and counts points, and
  :func:`~hearts_core.kernel.rule_walk`, the engine's only legality function, is asked
  once per position.  The computer players' simulator runs on the same kernel, so the
  referee and the players cannot disagree about a rule.  The walk's playable mask is kept
  until the next play, so a play after ``legal_plays`` costs no second walk; its cards are
  looked up when asked (a single-suit mask's in a cache shared by every hand, any other
  built from its suits and kept with its mask), which keeps a random hand through the
  public API fast enough for the computer players' simulations.
* The common inputs take short paths that accept and refuse exactly what the checking
  paths do: a deal of four card lists is checked with int operations (see
  :mod:`hearts_core._card_masks`), a pass of cards by the sum of their bits; anything else
  (texts, a bad deal) is checked card by card and seat by seat, and named when refused.
* :meth:`HandState.view` is the boundary between the referee and a player: a frozen
  :class:`SeatView` holding the seat's own cards, what it passed and received, and public
  play.  Computer players are given views, never the state.  The view and the values it
  is made of (:class:`Phase`, :class:`PassDirection`, :class:`Trick`) live in
  :mod:`hearts_core.views` and are re-exported here, so this module holds the referee.
* A hand's whole history is its deal, its passes and its plays, so equality and the
  record format (see :mod:`hearts_core.records`) are built from exactly those.

>>> from hearts_core.match import deal_hands
>>> state = HandState.new(deal_hands(seed=7, hand_number=4), "hold")
>>> state.phase, state.to_move, [str(card) for card in state.legal_plays()]
(<Phase.PLAYING: 'playing'>, 0, ['♣2'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from hearts_core._card_masks import (
    _FULL_DECK,
    _SUIT_CARDS,
    _bit_of_card_id,
    _card_bits,
    _cards_of,
    _cards_of_suits,
    _deal_masks,
    _mask_and_count,
)
from hearts_core.cards import DECK, Card, Hand, format_cards, mask_of, to_card, to_cards
from hearts_core.errors import InvalidPositionError, quote_input
from hearts_core.kernel import Table
from hearts_core.legality import ActionReason, IllegalMove, Reason, Verdict, describe
from hearts_core.phrasing import cards_shown
from hearts_core.rules import CARDS_IN_PASS, CARDS_PER_SEAT, NUM_SEATS, SEATS, TRICKS_PER_HAND, TWO_OF_CLUBS, Rules
from hearts_core.views import PassDirection, Phase, SeatView, Trick, _turn_refusal
from hearts_core.wording import LEARNER_SEAT, and_list, say, say_n, seat_name

# The views are re-exported: a hand's values were defined here before views.py held them.
__all__ = ["HandState", "PassDirection", "Phase", "SeatView", "Trick", "seat_name"]

_TWO_OF_CLUBS_BIT: Final = TWO_OF_CLUBS.bit
_LAST_IN_TRICK: Final = NUM_SEATS - 1

_new_tuple: Final = tuple.__new__

# Phases looked up once for the properties a play loop reads every card (reading a member
# off an Enum class costs several times a global look-up).
_PASSING: Final = Phase.PASSING
_PLAYING: Final = Phase.PLAYING
_HAND_OVER: Final = Phase.HAND_OVER
_HOLD: Final = PassDirection.HOLD

_TABLE_RULES: Final = Rules()
"""The default rules, made once: a frozen value, so every hand may share it."""


class HandState:
    """One hand from the deal to the last trick.

    Create it with :meth:`new`; act with :meth:`pass_cards` and :meth:`play`; ask with
    :meth:`legal_plays` and :meth:`explain`.
    """

    __slots__ = (
        "_built",
        "_built_mask",
        "_dealt",
        "_opening_leader",
        "_passes",
        "_phase",
        "_table",
        "_tricks",
        "pass_direction",
        "rules",
    )

    rules: Rules
    pass_direction: PassDirection
    _dealt: tuple[int, ...]
    _passes: list[int]
    _phase: Phase
    _table: Table
    _tricks: list[Trick]
    _built: tuple[Card, ...]
    _built_mask: int
    _opening_leader: int

    @classmethod
    def new(
        cls,
        hands: Sequence[Iterable[Card | str] | str],
        pass_direction: PassDirection | str,
        rules: Rules | None = None,
    ) -> HandState:
        """A hand about to start: four 13-card hands for seats 0..3 and the pass direction.

        Raises:
            InvalidCardError: a card is written in no accepted notation.
            InvalidPositionError: the direction is unknown, or the hands are not four
                hands of 13 different cards that together hold the deck once.
        """
        try:
            direction = pass_direction if type(pass_direction) is PassDirection else PassDirection(pass_direction)
        except ValueError:
            raise InvalidPositionError(
                f"pass_direction must be 'left', 'right', 'across' or 'hold', not {quote_input(pass_direction)}"
            ) from None
        if (type(hands) is not tuple and type(hands) is not list and (isinstance(hands, str)
                or not isinstance(hands, Sequence))) or len(hands) != NUM_SEATS:
            raise InvalidPositionError(f"hands must be a deal of four hands, one per seat, not {quote_input(hands)}")
        if rules is not None and not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules value such as Rules(), not {quote_input(rules)}")
        # Four lists or tuples of cards, the common case, checked at once; anything else seat by seat.
        known_deal = _deal_masks(hands)
        if known_deal is not None:
            return cls._start(known_deal, direction, rules or _TABLE_RULES)
        masks = []
        for seat, hand in enumerate(hands):
            # Cards only, the common case, in one pass; anything else is checked and named item by item.
            known = _card_bits(hand)
            mask, count = _mask_and_count(hand, f"hands[{seat}]") if known is None else (known[1], len(known[0]))
            if count != CARDS_PER_SEAT or mask.bit_count() != CARDS_PER_SEAT:
                cards = to_cards(hand, f"hands[{seat}]")
                raise InvalidPositionError(
                    f"seat {seat} must be dealt {CARDS_PER_SEAT} different cards, not {len(cards)}: "
                    f"{format_cards(cards, limit=CARDS_PER_SEAT)}"
                )
            masks.append(mask)
        if masks[0] | masks[1] | masks[2] | masks[3] != _FULL_DECK:
            raise InvalidPositionError("the four hands must hold all 52 cards, each exactly once")
        return cls._start(tuple(masks), direction, rules or _TABLE_RULES)

    @classmethod
    def _start(cls, dealt: tuple[int, ...], direction: PassDirection, rules: Rules) -> HandState:
        state = object.__new__(cls)
        state.rules = rules
        state.pass_direction = direction
        state._dealt = dealt
        state._passes = [0] * NUM_SEATS
        state._table = Table(list(dealt), [], 0, 0, False, [0] * NUM_SEATS, rules)
        state._tricks = []
        state._built_mask = -1
        state._built = ()
        state._opening_leader = 0
        if direction is _HOLD:
            state._start_play()
        else:
            state._phase = _PASSING
        return state

    def _start_play(self) -> None:
        self._phase = _PLAYING
        hands = self._table.hands
        # The holder of ♣2 leads (a complete deal always has it in some hand).
        leader = 0
        while not hands[leader] & _TWO_OF_CLUBS_BIT:
            leader += 1
        self._table.leader = self._table.to_move = self._opening_leader = leader
        self._rule()

    def _rule(self) -> None:
        """Ask the rules for the playable mask of the seat to move; the table keeps it until the next play."""
        table = self._table
        table.playable = table.legal()

    # ----------------------------------------------------------------- questions

    @property
    def phase(self) -> Phase:
        """Passing, playing or hand over."""
        return self._phase

    @property
    def to_move(self) -> int | None:
        """The seat to play, or ``None`` while passing or after the last trick."""
        return self._table.to_move if self._phase is _PLAYING else None

    @property
    def is_over(self) -> bool:
        """True once all thirteen tricks have been played."""
        return self._phase is _HAND_OVER

    @property
    def first_trick(self) -> bool:
        """True while the hand's first trick is being played (or not yet started)."""
        return not self._tricks

    @property
    def hearts_broken(self) -> bool:
        """True once a heart has been played (or ♠Q, under that variant)."""
        return self._table.hearts_broken

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """Cards played to the trick in progress, in order."""
        return tuple(DECK[index] for index in self._table.trick)

    @property
    def trick_leader(self) -> int | None:
        """The seat that led the trick in progress (or will lead the next one)."""
        return self._table.leader if self._phase is Phase.PLAYING else None

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order."""
        return tuple(self._tricks)

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        """Every card played so far as ``(seat, card)``, in play order."""
        result = []
        seat = self._first_leader()
        for position, index in enumerate(self._play_indices()):
            if position and position % NUM_SEATS == 0:
                seat = self._tricks[position // NUM_SEATS - 1].winner
            elif position:
                seat = (seat + 1) % NUM_SEATS
            result.append((seat, DECK[index]))
        return tuple(result)

    def _play_indices(self) -> list[int]:
        """Every card played so far, as indices in play order: the completed tricks', then the trick in progress."""
        return [card.index for trick in self._tricks for card in trick.cards] + self._table.trick

    def _first_leader(self) -> int:
        return self._opening_leader

    @property
    def points_taken(self) -> tuple[int, int, int, int]:
        """Points each seat has taken in tricks so far this hand (before the moon rule)."""
        a, b, c, d = self._table.points
        return (a, b, c, d)

    @property
    def scores(self) -> tuple[int, int, int, int]:
        """What each seat scores for this hand, moon rule applied; only once it is over.

        Raises:
            InvalidPositionError: the hand is not over yet.
        """
        if self._phase is not _HAND_OVER:
            raise InvalidPositionError(
                f"the hand is not over ({len(self._tricks)} of {TRICKS_PER_HAND} tricks played), "
                "so it has no scores yet"
            )
        return self._table.scores()

    @property
    def moon_shooter(self) -> int | None:
        """The seat that shot the moon this hand, if the hand is over and one did."""
        return self._table.moon_shooter()

    def hand(self, seat: int) -> Hand:
        """The cards ``seat`` holds now, in display order (a :class:`~hearts_core.cards.Hand`: it draws itself).

        Raises:
            InvalidPositionError: ``seat`` is not 0 to 3.
        """
        return Hand(_cards_of(self._table.hands[_seat(seat)]))

    def dealt(self, seat: int) -> tuple[Card, ...]:
        """The thirteen cards ``seat`` was dealt.

        Raises:
            InvalidPositionError: ``seat`` is not 0 to 3.
        """
        return _cards_of(self._dealt[_seat(seat)])

    def passed(self, seat: int) -> tuple[Card, ...] | None:
        """The cards ``seat`` has passed, or ``None`` if it has not (or on a hold hand).

        Raises:
            InvalidPositionError: ``seat`` is not 0 to 3.
        """
        mask = self._passes[_seat(seat)]
        return _cards_of(mask) if mask else None

    def holder(self, card: Card | str) -> int | None:
        """The seat holding ``card`` now, or ``None`` once played; passed cards move when all four have passed.

        Raises:
            InvalidCardError: ``card`` is written in no accepted notation.
        """
        bit = to_card(card).bit
        for seat in SEATS:
            if self._table.hands[seat] & bit:
                return seat
        return None

    def legal_plays(self) -> tuple[Card, ...]:
        """The cards the seat to move may play (empty when nobody is to play)."""
        # The walk's mask is kept from the play that reached this position (no second walk),
        # and a single-suit mask's cards from the first time that mask was met: one look-up,
        # no rebuilding.  Any other mask (leads, discards) is built from its suits' pieces.
        # The cards of a mask depend on the mask alone, so the last one built is kept with
        # its mask: asking again (before a play, or after a refused one) hands out the same tuple.
        playable = self._table.playable
        legal = _SUIT_CARDS.get(playable)
        if legal is None:
            if self._built_mask == playable:
                return self._built
            legal = self._built = _cards_of_suits(playable)
            self._built_mask = playable
        return legal

    def explain(self, card: Card | str, *, seat: int | None = None) -> Verdict:
        """Why ``card`` may or may not be played now by ``seat`` (default: the seat to move).

        Besides the play rules' reasons this can answer ``not_your_turn`` (``seat`` is not
        the one to move) and ``wrong_phase`` (the hand is passing or over).

        Raises:
            InvalidCardError: ``card`` is written in no accepted notation.
            InvalidPositionError: ``seat`` is not 0 to 3.
        """
        card = to_card(card)
        table = self._table
        refusal = _turn_refusal(card, self._phase, self.to_move, table.to_move if seat is None else _seat(seat))
        if refusal is not None:
            return refusal
        if table.played & card.bit:
            return Verdict(card, False, Reason.NOT_IN_HAND, say("{card} has already been played this hand.", card=card))
        return describe(card, table.hands[table.to_move], self.current_trick, not self._tricks, table.hearts_broken)

    # ------------------------------------------------------------------- actions

    def pass_cards(self, seat: int, cards: Iterable[Card | str] | str) -> None:
        """Confirm ``seat``'s pass of three of its cards; passes resolve once all four are in.

        Seats may pass in any order.  Until every seat has passed, nobody receives
        anything.  A confirmed pass is final.

        Raises:
            IllegalMove: not the passing phase, ``seat`` already passed, not exactly three
                different cards, or a card the seat does not hold (state unchanged).
            InvalidCardError: a card is written in no accepted notation.
            InvalidPositionError: ``seat`` is not 0 to 3.
        """
        if type(seat) is not int or not 0 <= seat < NUM_SEATS:  # _seat's own first test, inlined
            seat = _seat(seat)
        # The common case, a list or tuple of cards, needs no parsing (their bits summed in C,
        # as _card_bits does, inlined); the rest goes through to_cards.
        chosen: Sequence[Card] | None = None
        if type(cards) is tuple or type(cards) is list or type(cards) is Hand:
            try:
                mask: int | None = sum(map(_bit_of_card_id, map(id, cards)))
                chosen = cards
            except KeyError:  # a text, or anything else that is not one of the 52 cards
                pass
        if chosen is None:
            chosen, mask = to_cards(cards), None
        if self._phase is not _PASSING:
            why = (say("This is a hold hand: nobody passes.") if self.pass_direction is PassDirection.HOLD
                   else say("The passing is over; the hand is being played."))
            raise IllegalMove(Verdict(None, False, ActionReason.WRONG_PHASE, why))
        if self._passes[seat]:
            already = format_cards(self.passed(seat) or ())
            why = (say("You have already passed {cards}; a pass is final.", cards=already) if seat == LEARNER_SEAT
                   else say("{seat} has already passed {cards}; a pass is final.", seat=seat_name(seat), cards=already))
            raise IllegalMove(Verdict(None, False, ActionReason.ALREADY_PASSED, why))
        if mask is None:
            mask = mask_of(chosen)
        if len(chosen) != CARDS_IN_PASS or mask.bit_count() != CARDS_IN_PASS:
            raise IllegalMove(Verdict(None, False, ActionReason.WRONG_PASS, _wrong_pass(chosen)))
        hands = self._table.hands
        missing = mask & ~hands[seat]
        if missing:
            lost = _cards_of(missing)
            why = (say_n("You do not hold {cards}, so cannot pass it.", "You do not hold {cards}, so cannot pass them.",
                         len(lost), cards=and_list(lost)) if seat == LEARNER_SEAT
                   else say_n("{seat} does not hold {cards}, so cannot pass it.",
                              "{seat} does not hold {cards}, so cannot pass them.",
                              len(lost), seat=seat_name(seat), cards=and_list(lost)))
            raise IllegalMove(Verdict(lost[0], False, Reason.NOT_IN_HAND, why))
        passes = self._passes
        passes[seat] = mask
        if all(passes):
            offset = self.pass_direction.offset
            for player in SEATS:
                # What the player keeps, and what its passer (offset seats back) gives it.
                hands[player] = (hands[player] & ~passes[player]) | passes[(player - offset) % NUM_SEATS]
            self._start_play()

    def play(self, card: Card | str, *, seat: int | None = None) -> Trick | None:
        """Play ``card`` for the seat to move; returns the trick if this card completed it.

        Raises:
            IllegalMove: the card may not be played now, or ``seat`` is not the one to
                move (state unchanged; the verdict says why).
            InvalidCardError: ``card`` is written in no accepted notation.
            InvalidPositionError: ``seat`` is not 0 to 3.
        """
        table = self._table
        # One test for the common call, a Card and no seat; the card is checked before the seat.
        if type(card) is not Card or seat is not None:
            card = to_card(card)
            if seat is not None and _seat(seat) != table.to_move:
                raise IllegalMove(self.explain(card, seat=seat))
        index = card.index
        # The table's playable mask is 0 outside the playing phase, so this one test also
        # checks the phase.
        if not table.playable >> index & 1:
            raise IllegalMove(self.explain(card, seat=seat))
        # The kernel appends the card to this list and, when the card closes the trick,
        # starts a new list for the next one: this one then holds the finished trick.  It
        # also walks the rules for the next position (its mask is what legal_plays hands
        # out and the next play checks).
        trick = table.trick
        winner = table.play_and_walk(index)
        if winner < 0:
            return None
        # The trick is closed: record it (inlined, once per four cards) and move on.
        tricks = self._tricks
        first, second, third, fourth = trick
        # Trick(...) made as the tuple it is: the named tuple's __new__ does the same through
        # one more Python call.  Its leader is the last trick's winner (field 2, read by
        # subscript: cheaper than the named field).
        done = _new_tuple(Trick, (tricks[-1][2] if tricks else self._opening_leader,
                                  (DECK[first], DECK[second], DECK[third], DECK[fourth]), winner,
                                  table.last_trick_points))
        tricks.append(done)
        if len(tricks) == TRICKS_PER_HAND:
            self._phase = _HAND_OVER
        return done

    # ---------------------------------------------------------------- the rest

    def view(self, seat: int, *, match_totals: tuple[int, int, int, int] | None = None,
             hand_number: int | None = None) -> SeatView:
        """What ``seat`` may know: its own cards, its pass, what it received, public play.

        Raises:
            InvalidPositionError: ``seat`` is not 0 to 3.
        """
        seat = _seat(seat)
        passing_done = self._phase is not Phase.PASSING and self.pass_direction is not PassDirection.HOLD
        return SeatView(
            seat=seat,
            rules=self.rules,
            pass_direction=self.pass_direction,
            phase=self._phase,
            hand=self.hand(seat),
            passed=self.passed(seat),
            received=_cards_of(self._passes[self.pass_direction.passer(seat)]) if passing_done else None,
            plays=self.plays,
            tricks=self.tricks,
            current_trick=self.current_trick,
            trick_leader=self.trick_leader,
            to_move=self.to_move,
            hearts_broken=self._table.hearts_broken,
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
        other._table = self._table.copy()
        return other

    def to_record(self) -> dict[str, Any]:
        """This hand in the ``hearts-record/1`` hand format (see docs/record-format.md)."""
        record: dict[str, Any] = {
            "deal": [[str(card) for card in _cards_of(mask)] for mask in self._dealt],
            "pass_direction": self.pass_direction.value,
        }
        if self.pass_direction is not PassDirection.HOLD:
            record["passes"] = [
                [str(card) for card in _cards_of(mask)] if mask else None for mask in self._passes
            ]
        record["plays"] = [str(DECK[index]) for index in self._play_indices()]
        return record

    def _history(self) -> tuple[object, ...]:
        return (self.rules, self.pass_direction, self._dealt, tuple(self._passes), tuple(self._play_indices()))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandState):
            return NotImplemented
        return self._history() == other._history()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<HandState {self.pass_direction.value} {self._phase.value}, "
                f"trick {min(len(self._tricks) + 1, TRICKS_PER_HAND)}, to move {self.to_move}>")

    def _repr_html_(self) -> str:
        """The table as a notebook draws it (all four hands once the hand is over)."""
        from hearts_core.display import state_html  # noqa: PLC0415 - only when a notebook asks for a picture

        return state_html(self)


def _wrong_pass(chosen: Sequence[Card]) -> str:
    """The refusal of a pass that is not three different cards, naming what was chosen."""
    if not chosen:
        return say("Pass exactly {needed} different cards, not {count}: none chosen.",
                   needed=CARDS_IN_PASS, count=len(chosen))
    return say("Pass exactly {needed} different cards, not {count}: {cards}.", needed=CARDS_IN_PASS,
               count=len(chosen), cards=cards_shown(chosen, limit=CARDS_PER_SEAT))


def _seat(seat: int) -> int:
    if type(seat) is int and 0 <= seat < NUM_SEATS:
        return seat
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < NUM_SEATS:
        raise InvalidPositionError(f"seats are numbered 0 to 3, not {quote_input(seat)}")
    return seat
