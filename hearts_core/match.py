"""A match: hands dealt from a seed, the pass cycle, running totals, the end at the target.

Design choices:

* A match stores only its seed, its rules and the hands played so far; totals, the
  phase, the winners and the history are all derived from those, so they cannot drift
  apart.  Each hand is a :class:`~hearts_core.state.HandState`.
* Deals are reproducible: hand ``n`` of seed ``s`` is shuffled by a generator seeded from
  a hash of ``(s, n)``, so a deal never depends on how earlier hands were played and the
  same seed replays identically on any machine.
* A finished hand stays on screen until :meth:`Match.next_hand` is called, so that the
  lessons can show the score table between hands.
* :meth:`Match.to_json` writes the ``hearts-record/1`` format and
  :meth:`Match.from_json` replays it, refusing (never half-loading) a bad one.

>>> match = Match.new(seed=1)
>>> match.hand_number, match.hand.pass_direction.value, match.totals
(1, 'left', (0, 0, 0, 0))
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable
from typing import Final

from hearts_core.cards import DECK, Card, cards_from_mask
from hearts_core.errors import InvalidOptionError, InvalidRecordError, quote_input
from hearts_core.legality import ActionReason, IllegalMove, Verdict
from hearts_core.records import dump_record, load_record, replay_hand
from hearts_core.rules import CARDS_PER_SEAT, NUM_SEATS, Rules
from hearts_core.scoring import Outcome, match_outcome, match_winners, summed
from hearts_core.state import HandState, PassDirection, Phase, SeatView, Trick
from hearts_core.wording import say

__all__ = ["Match", "deal_hands", "deal_masks"]

_ZERO: Final = (0, 0, 0, 0)


def deal_masks(seed: int, hand_number: int = 1) -> tuple[int, int, int, int]:
    """The deal of hand ``hand_number`` of match ``seed``, as four card masks."""
    digest = hashlib.sha256(f"hearts-lessons deal {seed} {hand_number}".encode()).digest()
    order = list(range(len(DECK)))
    random.Random(digest).shuffle(order)
    masks = [0, 0, 0, 0]
    for seat in range(NUM_SEATS):
        for index in order[seat * CARDS_PER_SEAT:(seat + 1) * CARDS_PER_SEAT]:
            masks[seat] |= 1 << index
    return (masks[0], masks[1], masks[2], masks[3])


def deal_hands(seed: int, hand_number: int = 1) -> tuple[tuple[Card, ...], ...]:
    """The deal of hand ``hand_number`` of match ``seed``: four sorted 13-card hands.

    >>> [len(hand) for hand in deal_hands(42)]
    [13, 13, 13, 13]
    >>> deal_hands(42, 3) == deal_hands(42, 3) != deal_hands(42, 4)
    True
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be a whole number, not {quote_input(seed)}")
    if not isinstance(hand_number, int) or isinstance(hand_number, bool) or hand_number < 1:
        raise InvalidOptionError(f"hand_number counts hands from 1, not {quote_input(hand_number)}")
    return tuple(cards_from_mask(mask) for mask in deal_masks(seed, hand_number))


class Match:
    """A match to the target against three other seats; seat 0 is the learner."""

    __slots__ = ("_before", "_hands", "rules", "seed")

    def __init__(self, seed: int, rules: Rules, hands: Iterable[HandState]) -> None:
        self.seed = seed
        self.rules = rules
        self._hands = list(hands)
        if not self._hands:
            raise InvalidOptionError("a match holds at least its first hand")
        # Totals of the hands before the current one, kept up to date by next_hand, so
        # the totals a page reads after every play cost the same in hand 2 and hand 200.
        self._before = summed(hand.scores for hand in self._hands[:-1])

    @classmethod
    def new(cls, seed: int, rules: Rules | None = None) -> Match:
        """A new match whose deals all follow from ``seed``.

        >>> Match.new(1, {"target": 50})
        Traceback (most recent call last):
        ...
        TypeError: rules must be a Rules value such as Rules(target=50), not a dict: {'target': 50}
        """
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be a whole number, not {quote_input(seed)}")
        if rules is None:
            rules = Rules()
        elif not isinstance(rules, Rules):
            raise TypeError(
                f"rules must be a Rules value such as Rules(target=50), not a {type(rules).__name__}: "
                f"{quote_input(rules)}"
            )
        first = HandState.new(deal_hands(seed, 1), PassDirection.for_hand(1), rules)
        return cls(seed, rules, [first])

    # ----------------------------------------------------------------- questions

    @property
    def hand(self) -> HandState:
        """The hand in progress (or just finished)."""
        return self._hands[-1]

    @property
    def hand_number(self) -> int:
        """1 for the first hand."""
        return len(self._hands)

    @property
    def hands(self) -> tuple[HandState, ...]:
        """Every hand of the match so far, the current one last."""
        return tuple(self._hands)

    @property
    def history(self) -> tuple[HandState, ...]:
        """The completed hands, in order."""
        return tuple(hand for hand in self._hands if hand.is_over)

    @property
    def totals(self) -> tuple[int, int, int, int]:
        """Match totals after every completed hand."""
        if self.hand.is_over:
            return summed((self._before, self.hand.scores))
        return self._before

    @property
    def totals_before_hand(self) -> tuple[int, int, int, int]:
        """Match totals before the current hand's score (the "before" column)."""
        return self._before

    @property
    def winners(self) -> tuple[int, ...] | None:
        """The winning seats once the match is over, else ``None``."""
        if not self.hand.is_over:
            return None
        return match_winners(self.totals, self.rules)

    def outcome(self, seat: int) -> Outcome | None:
        """How the match went for ``seat`` once it is over (won, drawn or lost), else ``None``."""
        if not self.hand.is_over:
            return None
        return match_outcome(self.totals, seat, self.rules)

    @property
    def is_over(self) -> bool:
        """True once a completed hand has ended the match."""
        return self.winners is not None

    @property
    def phase(self) -> Phase:
        """The current hand's phase, or ``MATCH_OVER``."""
        return Phase.MATCH_OVER if self.is_over else self.hand.phase

    @property
    def to_move(self) -> int | None:
        """The seat to play in the current hand."""
        return self.hand.to_move

    def legal_plays(self) -> tuple[Card, ...]:
        """The cards the seat to move may play."""
        return self.hand.legal_plays()

    def explain(self, card: Card | str, *, seat: int | None = None) -> Verdict:
        """Why ``card`` may or may not be played now (see :meth:`HandState.explain`)."""
        return self.hand.explain(card, seat=seat)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know, including the match totals before this hand."""
        return self.hand.view(seat, match_totals=self.totals_before_hand, hand_number=self.hand_number)

    # ------------------------------------------------------------------- actions

    def pass_cards(self, seat: int, cards: Iterable[Card | str] | str) -> None:
        """Confirm ``seat``'s pass in the current hand."""
        self.hand.pass_cards(seat, cards)

    def play(self, card: Card | str, *, seat: int | None = None) -> Trick | None:
        """Play a card in the current hand."""
        return self.hand.play(card, seat=seat)

    def next_hand(self) -> HandState:
        """Deal the next hand once the current one is over and the match goes on."""
        if not self.hand.is_over or self.is_over:
            why = say("The match is over.") if self.is_over else say("Finish this hand before dealing the next one.")
            raise IllegalMove(Verdict(None, False, ActionReason.WRONG_PHASE, why))
        number = self.hand_number + 1
        hand = HandState.new(deal_hands(self.seed, number), PassDirection.for_hand(number), self.rules)
        self._before = self.totals
        self._hands.append(hand)
        return hand

    # ------------------------------------------------------------------- records

    def to_json(self) -> str:
        """The match as a ``hearts-record/1`` JSON text, which :meth:`from_json` reads back."""
        return dump_record(self.rules, [hand.to_record() for hand in self._hands], seed=self.seed)

    @classmethod
    def from_json(cls, text: str | bytes) -> Match:
        """Rebuild a match from :meth:`to_json` output, exactly as it was.

        Raises :class:`InvalidRecordError` (saying what and where) for anything that is
        not a valid, legal, seeded match record, including ``text`` that is not text.
        Loading takes time in proportion to the number of hands.
        """
        record = load_record(text)
        if record.seed is None:
            raise InvalidRecordError("a saved match needs its 'seed' to deal the hands still to come")
        if not record.hands:
            raise InvalidRecordError("a saved match holds at least its first hand")
        hands: list[HandState] = []
        # Running totals: summing every earlier hand again for each hand made a long
        # match quadratic to load (1,600 hands took seconds).
        totals = _ZERO
        for number, hand_record in enumerate(record.hands, start=1):
            if hands and match_winners(totals, record.rules) is not None:
                raise InvalidRecordError(f"the match was already over after hand {number - 1}, yet more hands follow")
            # Later hands are dealt from the seed, so a record that disagrees with it
            # would contradict itself.
            if [set(hand) for hand in hand_record.deal] != [set(hand) for hand in deal_hands(record.seed, number)]:
                raise InvalidRecordError(f"hands[{number - 1}].deal is not the deal of seed {record.seed}")
            if hand_record.pass_direction is not PassDirection.for_hand(number):
                raise InvalidRecordError(
                    f"hands[{number - 1}].pass_direction: hand {number} passes "
                    f"{PassDirection.for_hand(number).value}, not {hand_record.pass_direction.value}"
                )
            state, problem = replay_hand(hand_record, record.rules, number)
            if problem is not None:
                raise InvalidRecordError(problem.describe())
            if not state.is_over and number != len(record.hands):
                raise InvalidRecordError(f"hand {number} is unfinished but is not the last hand")
            hands.append(state)
            if state.is_over:
                totals = summed((totals, state.scores))
        return cls(record.seed, record.rules, hands)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Match):
            return NotImplemented
        return (self.seed, self.rules, self._hands) == (other.seed, other.rules, other._hands)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Match seed={self.seed} hand {self.hand_number} totals={self.totals} {self.phase.value}>"

    def _repr_html_(self) -> str:
        """The score sheet, as a notebook draws it."""
        from hearts_core.display import match_html  # noqa: PLC0415 - only when a notebook asks for a picture

        return match_html(self)
