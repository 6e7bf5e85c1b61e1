"""The rules kernel: which cards may be played, and what playing one does, on card masks.

Design choices:

* Every rule of the play lives here once.  :func:`rule_walk` decides which cards may be
  played (and why, and why not); :class:`Table` applies a card, closes a trick, says who
  takes it and what it is worth, tracks whether hearts are broken, and settles the hand
  with the moon rule.  OpenSpiel's ``Trick::Play`` is the model: one place decides a
  trick.  :class:`~hearts_core.state.HandState` (the referee) and the computer players'
  simulator (:mod:`hearts_core.fastsim`) both run on :class:`Table`, so they cannot
  disagree, and a house rule of :class:`~hearts_core.rules.Rules` changes the game in
  exactly one place: :func:`points_table` (♦J), :func:`heart_breakers` (♠Q breaks
  hearts) and :func:`settle` (the moon).
* Cards are indices ``0..51`` and hands are 52-bit masks (see :mod:`hearts_core.cards`),
  because the computer players play out hundreds of thousands of cards per decision.
  Nothing here builds a message or a :class:`~hearts_core.cards.Card`; the words are in
  :mod:`hearts_core.legality`.
* This file is also compiled, unchanged, to a C extension with mypyc where the machine has
  a C compiler (``tools/compile_kernel.py``, run by ``./dev``): the same rules, about twice
  as fast.  So it keeps to what mypyc compiles as written (no ``object.__new__`` on its
  classes, for one); the browser and a wheel run it as source, and
  ``hearts_core._kernel_build`` never lets a build older than this file run.
* :class:`Table` trusts its caller: :meth:`Table.play` does not check legality (the
  referee asks :func:`rule_walk` first; a simulator only plays from :meth:`Table.legal`).

>>> from hearts_core.cards import mask_of, parse_cards
>>> hand = mask_of(parse_cards("♠Q ♥3 ♦7"))
>>> playable, refusal, allowance = rule_walk(hand, Suit.CLUBS, True, False)
>>> playable == mask_of(parse_cards("♦7")), refusal.value, allowance.value
(True, 'no_points_on_first_trick', 'first_trick_no_points')
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Final

from hearts_core.cards import CARDS_PER_SUIT, DECK, Suit
from hearts_core.rules import (
    HEART_POINTS,
    JACK_OF_DIAMONDS,
    JACK_OF_DIAMONDS_POINTS,
    MOON_POINTS,
    NUM_SEATS,
    QUEEN_OF_SPADES,
    QUEEN_OF_SPADES_POINTS,
    SEATS,
    TRICKS_PER_HAND,
    TWO_OF_CLUBS,
    Rules,
)

__all__ = [
    "HEARTS_MASK",
    "LEADING",
    "PENALTY_MASK",
    "SUIT_MASKS",
    "TWO_OF_CLUBS_BIT",
    "Allowance",
    "Reason",
    "Table",
    "heart_breakers",
    "points_table",
    "rule_walk",
    "settle",
    "winning_position",
]

SUIT_MASKS: Final = tuple(((1 << CARDS_PER_SUIT) - 1) << (suit * CARDS_PER_SUIT) for suit in Suit)
HEARTS_MASK: Final = SUIT_MASKS[Suit.HEARTS]
PENALTY_MASK: Final = HEARTS_MASK | QUEEN_OF_SPADES.bit
"""The cards that carry points under the table rules: every heart and ♠Q."""
TWO_OF_CLUBS_BIT: Final = TWO_OF_CLUBS.bit
LEADING: Final = -1
"""``led_suit`` value for a player who is leading the trick."""
_JACK_BIT: Final = JACK_OF_DIAMONDS.bit
_JACK_INDEX: Final = JACK_OF_DIAMONDS.index


class Reason(StrEnum):
    """Why a card may or may not be played; values are exactly the codes of ``docs/rules.md``.

    Members are listed in the order the rules are checked.
    """

    LEGAL = "legal"
    NOT_IN_HAND = "not_in_hand"
    MUST_LEAD_TWO_OF_CLUBS = "must_lead_two_of_clubs"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    NO_POINTS_ON_FIRST_TRICK = "no_points_on_first_trick"
    HEARTS_NOT_BROKEN = "hearts_not_broken"


class Allowance(StrEnum):
    """Which rule lets a playable card through: the other half of :func:`rule_walk`'s answer."""

    LEADS_TWO_OF_CLUBS = "leads_two_of_clubs"
    """Rule 3: ♣2 opens the first trick."""
    LEADS_FREELY = "leads_freely"
    """Rule 6 passed: a non-heart, or any card once hearts are broken."""
    ONLY_HEARTS_LEFT = "only_hearts_left"
    """Rule 6's exception: hearts are not broken but the leader holds nothing else."""
    FOLLOWS_SUIT = "follows_suit"
    """Rule 4: a card of the led suit."""
    FIRST_TRICK_NO_POINTS = "first_trick_no_points"
    """Rule 5: void on the first trick, and the card carries no points."""
    ONLY_PENALTY_CARDS = "only_penalty_cards"
    """Rule 5's exception: void on the first trick holding only hearts and ♠Q."""
    VOID_IN_LED_SUIT = "void_in_led_suit"
    """Rule 4's other side: void in the led suit after the first trick, any card."""


# Enum members looked up once: reading a member off an Enum class costs several times a
# global look-up, and rule_walk runs for every card the referee or a simulation plays.
_LEGAL, _MUST_LEAD_TWO_OF_CLUBS, _MUST_FOLLOW_SUIT, _NO_POINTS_ON_FIRST_TRICK, _HEARTS_NOT_BROKEN = (
    Reason.LEGAL, Reason.MUST_LEAD_TWO_OF_CLUBS, Reason.MUST_FOLLOW_SUIT, Reason.NO_POINTS_ON_FIRST_TRICK,
    Reason.HEARTS_NOT_BROKEN,
)
(_LEADS_TWO_OF_CLUBS, _LEADS_FREELY, _ONLY_HEARTS_LEFT, _FOLLOWS_SUIT, _FIRST_TRICK_NO_POINTS, _ONLY_PENALTY_CARDS,
 _VOID_IN_LED_SUIT) = (
    Allowance.LEADS_TWO_OF_CLUBS, Allowance.LEADS_FREELY, Allowance.ONLY_HEARTS_LEFT, Allowance.FOLLOWS_SUIT,
    Allowance.FIRST_TRICK_NO_POINTS, Allowance.ONLY_PENALTY_CARDS, Allowance.VOID_IN_LED_SUIT,
)


def rule_walk(hand: int, led_suit: int, first_trick: bool, hearts_broken: bool) -> tuple[int, Reason, Allowance]:
    """Apply the play rules to a position: (playable mask, reason for the rest, why the playable pass).

    ``hand`` is the player's card mask; ``led_suit`` is the suit of the trick's first card
    or :data:`LEADING`.  Every card in ``hand`` outside the returned mask is refused for
    the returned reason (``Reason.LEGAL`` when nothing is refused); every card inside it
    is allowed by the returned :class:`Allowance`.  This is the engine's only legality
    decision.
    """
    if led_suit == LEADING:
        # Rule 3: the holder of ♣2 opens the hand's first trick with it.
        if first_trick:
            return hand & TWO_OF_CLUBS_BIT, _MUST_LEAD_TWO_OF_CLUBS, _LEADS_TWO_OF_CLUBS
        # Rule 6: no heart lead before hearts are broken, unless the hand is all hearts.
        if not hearts_broken:
            not_hearts = hand & ~HEARTS_MASK
            if not_hearts:
                return not_hearts, _HEARTS_NOT_BROKEN, _LEADS_FREELY
            return hand, _LEGAL, _ONLY_HEARTS_LEFT
        return hand, _LEGAL, _LEADS_FREELY
    # Rule 4: a player holding the led suit must play that suit (any card of it).
    following = hand & SUIT_MASKS[led_suit]
    if following:
        return following, _MUST_FOLLOW_SUIT, _FOLLOWS_SUIT
    # Rule 5: void on the first trick, no heart or ♠Q while a card without points is held.
    if first_trick:
        pointless = hand & ~PENALTY_MASK
        if pointless:
            return pointless, _NO_POINTS_ON_FIRST_TRICK, _FIRST_TRICK_NO_POINTS
        return hand, _LEGAL, _ONLY_PENALTY_CARDS
    # Otherwise a void player may discard anything.
    return hand, _LEGAL, _VOID_IN_LED_SUIT


def winning_position(trick: Sequence[int]) -> int:
    """Position in ``trick`` (card indices in play order) of the card that takes it (rule 7).

    The highest card of the led suit; an off-suit card never wins.  Within a suit a
    higher index is a higher rank.

    >>> winning_position([8, 11, 1, 51])  # ♣10 ♣K ♣3 ♥A
    1
    """
    led = trick[0] // CARDS_PER_SUIT
    best = 0
    for position in range(1, len(trick)):
        if trick[position] // CARDS_PER_SUIT == led and trick[position] > trick[best]:
            best = position
    return best


def _card_value(index: int, rules: Rules) -> int:
    if index // CARDS_PER_SUIT == Suit.HEARTS:
        return HEART_POINTS
    if index == QUEEN_OF_SPADES.index:
        return QUEEN_OF_SPADES_POINTS
    if rules.jack_of_diamonds_bonus and index == JACK_OF_DIAMONDS.index:
        return JACK_OF_DIAMONDS_POINTS
    return 0


_TABLES: dict[Rules, tuple[int, ...]] = {}


def points_table(rules: Rules) -> tuple[int, ...]:
    """Points each card carries for whoever takes it (rule 8), by card index, under ``rules``.

    >>> table = points_table(Rules())
    >>> table[QUEEN_OF_SPADES.index], table[JACK_OF_DIAMONDS.index], sum(table)
    (13, 0, 26)
    """
    table = _TABLES.get(rules)
    if table is None:
        table = _TABLES[rules] = tuple(_card_value(index, rules) for index in range(len(DECK)))
    return table


def heart_breakers(rules: Rules) -> int:
    """The mask of cards whose play breaks hearts (rule 6): the hearts, and ♠Q under that variant."""
    return HEARTS_MASK | QUEEN_OF_SPADES.bit if rules.qs_breaks_hearts else HEARTS_MASK


def settle(points_taken: Sequence[int], rules: Rules, jack_taker: int | None = None) -> tuple[int, int, int, int]:
    """Hand scores from the points taken in tricks, with the moon rule (rule 9).

    A seat that took all 26 points of hearts and ♠Q scores 0 and every other seat 26 (or,
    with ``rules.moon_subtracts``, it scores -26 and the others 0).  With the ♦J variant,
    ``jack_taker``'s -10 is part of its points taken and stays with it whatever the moon.
    The caller guarantees the points are possible (see :func:`hearts_core.scoring.hand_scores`).

    >>> settle((0, 26, 0, 0), Rules()), settle((0, 26, 0, 0), Rules(moon_subtracts=True))
    ((26, 0, 26, 26), (0, -26, 0, 0))
    """
    bonus = [0] * NUM_SEATS
    if rules.jack_of_diamonds_bonus and jack_taker is not None:
        bonus[jack_taker] = JACK_OF_DIAMONDS_POINTS
    penalty = [points - extra for points, extra in zip(points_taken, bonus, strict=True)]
    if MOON_POINTS in penalty:
        shooter = penalty.index(MOON_POINTS)
        if rules.moon_subtracts:
            moon = [-MOON_POINTS if seat == shooter else 0 for seat in SEATS]
        else:
            moon = [0 if seat == shooter else MOON_POINTS for seat in SEATS]
        return (moon[0] + bonus[0], moon[1] + bonus[1], moon[2] + bonus[2], moon[3] + bonus[3])
    a, b, c, d = points_taken
    return (a, b, c, d)


class Table:
    """The play of one hand on card masks: apply a card, close tricks, count points.

    ``hands`` are the four seats' masks, ``trick`` the card indices of the trick in
    progress, ``points`` what each seat has taken, ``takers`` one bit per seat that has
    taken a heart or ♠Q, ``played`` the mask of every card played so far; ``playable`` is
    the mask :meth:`play_and_walk` last computed (only that method keeps it).
    """

    __slots__ = ("breakers", "card_points", "hands", "hearts_broken", "jack_taker", "last_trick_points", "leader",
                 "playable", "played", "points", "rules", "takers", "to_move", "trick", "tricks_done")

    hands: list[int]
    trick: list[int]
    leader: int
    to_move: int
    tricks_done: int
    hearts_broken: bool
    points: list[int]
    takers: int
    played: int
    jack_taker: int | None
    last_trick_points: int
    playable: int
    rules: Rules
    card_points: tuple[int, ...]
    breakers: int

    def __init__(self, hands: list[int], trick: list[int], leader: int, tricks_done: int,
                 hearts_broken: bool, points: list[int], rules: Rules, takers: int = 0, played: int = 0) -> None:
        self.hands = hands
        self.trick = trick
        self.leader = leader
        self.to_move = (leader + len(trick)) % NUM_SEATS
        self.tricks_done = tricks_done
        self.hearts_broken = hearts_broken
        self.points = points
        self.takers = takers
        self.played = played
        self.jack_taker = None
        self.last_trick_points = 0
        self.playable = 0
        self.rules = rules
        self.card_points = points_table(rules)
        self.breakers = heart_breakers(rules)

    def copy(self) -> Table:
        """An independent copy, for trying moves."""
        # Through the constructor, not object.__new__: the compiled build of this module
        # (tools/compile_kernel.py) refuses object.__new__ on its classes.
        other = Table(self.hands[:], self.trick[:], self.leader, self.tricks_done, self.hearts_broken,
                      self.points[:], self.rules, self.takers, self.played)
        other.jack_taker = self.jack_taker
        other.last_trick_points = self.last_trick_points
        other.playable = self.playable
        return other

    @property
    def is_over(self) -> bool:
        """True after the thirteenth trick."""
        return self.tricks_done == TRICKS_PER_HAND

    def legal(self) -> int:
        """Mask of the cards the seat to move may play (from :func:`rule_walk`)."""
        led = self.trick[0] // CARDS_PER_SUIT if self.trick else LEADING
        return rule_walk(self.hands[self.to_move], led, self.tricks_done == 0, self.hearts_broken)[0]

    def play(self, index: int) -> int:
        """Play card ``index`` for the seat to move; return the seat that took the trick, or -1.

        The caller has checked the card is legal.  Closing a trick credits its points
        (also kept in ``last_trick_points``) to the taker, who leads next, and starts a
        new ``trick`` list: the closed trick's list is left holding its four cards, so a
        caller that kept it (the referee does) reads the trick from it.
        """
        bit = 1 << index
        seat = self.to_move
        self.hands[seat] ^= bit
        self.played |= bit
        trick = self.trick
        trick.append(index)
        if bit & self.breakers:
            self.hearts_broken = True
        if len(trick) < NUM_SEATS:
            self.to_move = (seat + 1) % NUM_SEATS
            return -1
        first, second, third, fourth = trick
        cards = 1 << first | 1 << second | 1 << third | 1 << fourth
        # Rule 7 (winning_position on the trick's mask, as this runs for every simulated
        # trick): the highest card of the led suit takes it, and a higher index is a higher rank.
        top = (cards & SUIT_MASKS[first // CARDS_PER_SUIT]).bit_length() - 1
        winner = (self.leader + trick.index(top)) % NUM_SEATS
        table = self.card_points
        value = self.last_trick_points = table[first] + table[second] + table[third] + table[fourth]
        self.points[winner] += value
        if cards & PENALTY_MASK:
            self.takers |= 1 << winner
        if cards & _JACK_BIT and table[_JACK_INDEX]:
            self.jack_taker = winner
        self.trick = []
        self.leader = self.to_move = winner
        self.tricks_done += 1
        return winner

    def play_and_walk(self, index: int) -> int:
        """:meth:`play`, then keep the next position's :meth:`legal` mask in ``playable``; return the taker or -1.

        The referee's step: one call from it per card, so that with the compiled kernel
        (tools/compile_kernel.py) the play and the walk both run natively.  ``playable`` is
        0 once the hand is over.
        """
        winner = self.play(index)
        # legal()'s walk, inlined: one Python call fewer per card where the kernel runs as source.
        trick = self.trick
        self.playable = rule_walk(self.hands[self.to_move], trick[0] // CARDS_PER_SUIT if trick else LEADING,
                                  self.tricks_done == 0, self.hearts_broken)[0]
        return winner

    def winning_index(self) -> int:
        """Index of the card winning the trick in progress (-1 when empty)."""
        if not self.trick:
            return -1
        return self.trick[winning_position(self.trick)]

    def winning_seat(self) -> int:
        """The seat whose card is winning the trick in progress (-1 when empty)."""
        if not self.trick:
            return -1
        return (self.leader + winning_position(self.trick)) % NUM_SEATS

    def trick_points(self) -> int:
        """Points lying in the trick in progress."""
        return sum(self.card_points[card] for card in self.trick)

    def moon_shooter(self) -> int | None:
        """The seat that took every heart and ♠Q, once the hand is over; else ``None``."""
        takers = self.takers
        if self.tricks_done != TRICKS_PER_HAND or not takers or takers & (takers - 1):
            return None
        return takers.bit_length() - 1

    def scores(self) -> tuple[int, int, int, int]:
        """Hand scores with the moon rule (see :func:`settle`), once the hand is over."""
        return settle(self.points, self.rules, self.jack_taker)
