"""What a seat can infer about hidden cards from its view, and deals sampled consistently.

Design choices:

* Everything here is computed from a :class:`~hearts_core.state.SeatView` alone, so the
  computer players and the coach can know no more than the seat they play for.
* Inference keeps, for every other seat, the mask of cards it *may* hold and the cards it
  is *known* to hold.  The facts used: cards played are gone; a seat that did not follow
  the led suit is void in it; a seat that dropped a heart or ♠Q on the first trick while
  void held only hearts and ♠Q; a seat that led a heart before hearts were broken held
  only hearts; the cards we passed sit with their receiver until played.
* :meth:`Knowledge.sample` deals the unseen cards to the other seats uniformly enough for
  Monte Carlo, respecting every constraint and hand size: cards that fit fewest seats go
  first, and when a random assignment paints itself into a corner an exact matching
  (augmenting paths, 3 seats x at most 39 cards) finishes the deal, so sampling never
  fails on a consistent view.
* :func:`equivalent_cards` groups the seat's cards that no other hand can tell apart: of
  one suit and one point value, with nothing between them but the seat's own cards and
  cards already gone in finished tricks.  Whichever of them is played, every trick goes to
  the same seat with the same points, so a search needs to judge only one of each group,
  and a puzzle whose answer has such a twin has no single answer.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from hearts_core.cards import DECK, Card, Suit, cards_from_mask, mask_of
from hearts_core.errors import InvalidPositionError
from hearts_core.kernel import HEARTS_MASK, PENALTY_MASK, SUIT_MASKS, heart_breakers, points_table
from hearts_core.rules import CARDS_PER_SEAT, NUM_SEATS, QUEEN_OF_SPADES, SEATS
from hearts_core.state import SeatView

__all__ = ["Knowledge", "equivalent_cards"]

_FULL: Final = (1 << len(DECK)) - 1


@dataclass(frozen=True, slots=True)
class Knowledge:
    """Inferences one seat can draw from its view.

    ``possible[s]`` is the mask of cards seat ``s`` may hold now (for our own seat: our
    hand); ``known[s]`` the cards it certainly holds; ``counts[s]`` how many it holds.
    """

    seat: int
    hand: int
    played: int
    possible: tuple[int, int, int, int]
    known: tuple[int, int, int, int]
    counts: tuple[int, int, int, int]

    @classmethod
    def from_view(cls, view: SeatView) -> Knowledge:
        """Draw every inference the view allows."""
        seat = view.seat
        hand = mask_of(view.hand)
        played = mask_of(card for _, card in view.plays)
        unseen = _FULL & ~hand & ~played
        possible = [unseen] * NUM_SEATS
        possible[seat] = hand
        counts = [CARDS_PER_SEAT] * NUM_SEATS
        for player, _ in view.plays:
            counts[player] -= 1
        known = [0] * NUM_SEATS
        known[seat] = hand
        if view.passed is not None and view.received is not None:
            receiver = view.pass_direction.receiver(seat)
            known[receiver] = mask_of(view.passed) & ~played
        breakers = heart_breakers(view.rules)
        hearts_broken = False
        for index, (player, card) in enumerate(view.plays):
            trick_number, position = divmod(index, NUM_SEATS)
            if player != seat:
                if position:
                    led = view.plays[index - position][1].suit
                    if card.suit is not led:
                        possible[player] &= ~SUIT_MASKS[led]
                        if trick_number == 0 and card.bit & PENALTY_MASK:
                            # Rule 5 allowed this only because it held nothing else.
                            possible[player] &= PENALTY_MASK
                elif card.suit is Suit.HEARTS and not hearts_broken:
                    # Rule 6 allowed this lead only from an all-hearts hand.
                    possible[player] &= HEARTS_MASK
            if card.bit & breakers:
                hearts_broken = True
        all_known = known[0] | known[1] | known[2] | known[3]
        for player in SEATS:
            if player != seat:
                possible[player] = (possible[player] & unseen & ~all_known) | known[player]
        return cls(seat, hand, played, _four(possible), _four(known), _four(counts))

    # ---------------------------------------------------------------- questions

    @property
    def unseen(self) -> int:
        """Cards neither in our hand nor played: they sit with the other seats."""
        return _FULL & ~self.hand & ~self.played

    def is_void(self, seat: int, suit: Suit) -> bool:
        """True if ``seat`` cannot hold any card of ``suit`` (shown by its play)."""
        return not self.possible[seat] & SUIT_MASKS[suit]

    def voids(self) -> dict[int, tuple[Suit, ...]]:
        """Each other seat's known voids among suits that still have unseen cards."""
        result = {}
        for player in SEATS:
            if player == self.seat or not self.counts[player]:
                continue
            result[player] = tuple(
                suit for suit in Suit if self.unseen & SUIT_MASKS[suit] and self.is_void(player, suit)
            )
        return result

    def unseen_cards(self) -> tuple[Card, ...]:
        """The unseen cards in display order."""
        return cards_from_mask(self.unseen)

    def queen_of_spades_seats(self) -> tuple[int, ...]:
        """Seats that may hold ♠Q (ours if we hold it; empty once it is played)."""
        bit = QUEEN_OF_SPADES.bit
        return tuple(player for player in SEATS if self.possible[player] & bit)

    # ----------------------------------------------------------------- sampling

    def sample(self, rng: random.Random) -> tuple[int, int, int, int]:
        """One full assignment of the hidden cards: four hand masks, ours unchanged.

        Raises:
            InvalidPositionError: no deal fits the knowledge (the view was inconsistent).
        """
        others = [player for player in SEATS if player != self.seat]
        hands = list(self.known)
        room = [self.counts[player] - self.known[player].bit_count() for player in SEATS]
        free = self.unseen & ~(self.known[0] | self.known[1] | self.known[2] | self.known[3])
        pending = cards_from_mask(free)
        eligible = {card.index: [p for p in others if self.possible[p] & card.bit] for card in pending}
        order = sorted(pending, key=lambda card: (len(eligible[card.index]), rng.random()))
        for card in order:
            seats = [p for p in eligible[card.index] if room[p]]
            if not seats:
                return self._sample_by_matching(rng)
            weights = [room[p] for p in seats]
            chosen = rng.choices(seats, weights)[0]
            hands[chosen] |= card.bit
            room[chosen] -= 1
        return _four(hands)

    def _sample_by_matching(self, rng: random.Random) -> tuple[int, int, int, int]:
        """Exact fallback: assign cards to seat slots by augmenting paths, in random order."""
        others = [player for player in SEATS if player != self.seat]
        fixed = self.known[0] | self.known[1] | self.known[2] | self.known[3]
        pending = list(cards_from_mask(self.unseen & ~fixed))
        rng.shuffle(pending)
        slots = [p for p in others for _ in range(self.counts[p] - self.known[p].bit_count())]
        rng.shuffle(slots)
        slot_card: list[int | None] = [None] * len(slots)

        def place(card_index: int, visited: set[int]) -> bool:
            for slot, owner in enumerate(slots):
                if slot in visited or not self.possible[owner] & (1 << card_index):
                    continue
                visited.add(slot)
                holder = slot_card[slot]
                if holder is None or place(holder, visited):
                    slot_card[slot] = card_index
                    return True
            return False

        for card in pending:
            if not place(card.index, set()):
                raise InvalidPositionError(f"no deal fits the view of seat {self.seat}: {card} has nowhere to go")
        hands = list(self.known)
        for slot, owner in enumerate(slots):
            index = slot_card[slot]
            if index is not None:
                hands[owner] |= 1 << index
        return _four(hands)


def equivalent_cards(view: SeatView) -> tuple[tuple[Card, ...], ...]:
    """The seat's hand split into classes of interchangeable cards, lowest card first.

    Two cards are interchangeable when they are of one suit, carry the same points under
    the table's rules, and every card ranked between them is either the seat's own, with
    the same points, or was played in a finished trick.  A card still in another hand or
    on the current trick separates them (it can fall between them), and so does a card
    of other points: ♠Q always stands alone and parts ♠J from ♠K until it is played.

    >>> from hearts_core import HandState
    >>> from hearts_core.cards import parse_cards
    >>> mine = parse_cards("♣2 ♦8 ♦9 ♦10 ♠J ♠Q ♠K ♥2 ♥3 ♥5 ♥6 ♥7 ♥A")
    >>> rest = [card for card in DECK if card not in mine]
    >>> view = HandState.new([mine, rest[:13], rest[13:26], rest[26:]], "hold").view(0)
    >>> [" ".join(map(str, group)) for group in equivalent_cards(view)]
    ['♣2', '♦8 ♦9 ♦10', '♠J', '♠Q', '♠K', '♥2 ♥3', '♥5 ♥6 ♥7', '♥A']
    """
    hand = mask_of(view.hand)
    finished = mask_of(card for trick in view.tricks for card in trick.cards)
    points = points_table(view.rules)
    groups: list[tuple[Card, ...]] = []
    for suit in Suit:
        group: list[Card] = []
        for card in (card for card in DECK if card.suit is suit):
            if card.bit & hand:
                if group and points[group[-1].index] != points[card.index]:
                    groups.append(tuple(group))
                    group = []
                group.append(card)
            elif not card.bit & finished and group:
                groups.append(tuple(group))
                group = []
        if group:
            groups.append(tuple(group))
    return tuple(groups)


def _four(values: list[int]) -> tuple[int, int, int, int]:
    return (values[0], values[1], values[2], values[3])

