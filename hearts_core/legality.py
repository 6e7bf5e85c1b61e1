"""Which card may be played, and why not: the one source of every legality decision.

Design choices:

* :func:`rule_walk` is the only place a play rule is decided.  It walks the rules of
  ``rules.md`` in order, one commented step per rule, and answers for a whole position at
  once: the mask of playable cards and the one reason that refuses every other card the
  player holds.  A position has at most one such reason, because each rule either
  decides the position or hands it on to the next.
* :func:`check_play` (is this card legal, and why or why not) and :func:`legal_plays`
  (which cards) are both read off that one answer, so they can never disagree.
  :class:`~hearts_core.state.HandState` calls the same function on its card masks.
* Refusal messages are written for a learner and name the cards involved; they are built
  only when asked for, so simulations pay nothing for them.

>>> from hearts_core.cards import parse_cards, parse_card
>>> hand, trick = parse_cards("♣3 ♣A ♠Q ♦7 ♥9"), parse_cards("♣10 ♣K ♥5")
>>> [str(c) for c in legal_plays(hand, trick, first_trick=False, hearts_broken=True)]
['♣3', '♣A']
>>> check_play(hand, trick, parse_card("♠Q"), first_trick=False, hearts_broken=True).message
'Clubs were led and you hold ♣3 and ♣A, so you must play one of them.'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from hearts_core.cards import CARDS_PER_SUIT, Card, Suit, cards_from_mask, format_cards, mask_of, to_card, to_cards
from hearts_core.errors import InvalidPositionError
from hearts_core.rules import CARDS_PER_SEAT, NUM_SEATS, QUEEN_OF_SPADES, TWO_OF_CLUBS

__all__ = [
    "HEARTS_MASK",
    "PENALTY_MASK",
    "SUIT_MASKS",
    "ActionReason",
    "Reason",
    "Verdict",
    "check_play",
    "describe",
    "legal_plays",
    "rule_walk",
    "trick_winner",
]


class Reason(StrEnum):
    """Why a card may or may not be played; values are exactly the codes of ``rules.md``.

    Members are listed in the order the rules are checked.
    """

    LEGAL = "legal"
    NOT_IN_HAND = "not_in_hand"
    MUST_LEAD_TWO_OF_CLUBS = "must_lead_two_of_clubs"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    NO_POINTS_ON_FIRST_TRICK = "no_points_on_first_trick"
    HEARTS_NOT_BROKEN = "hearts_not_broken"


class ActionReason(StrEnum):
    """Refusals that come from the state of a hand rather than from the play rules."""

    NOT_YOUR_TURN = "not_your_turn"
    WRONG_PHASE = "wrong_phase"
    ALREADY_PASSED = "already_passed"
    WRONG_PASS = "wrong_pass"


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer to "may this card be played?": legal or not, the reason code, a sentence.

    ``bool(verdict)`` is ``verdict.legal``.
    """

    card: Card | None
    legal: bool
    reason: Reason | ActionReason
    message: str

    def __bool__(self) -> bool:
        return self.legal


SUIT_MASKS: Final = tuple(((1 << CARDS_PER_SUIT) - 1) << (suit * CARDS_PER_SUIT) for suit in Suit)
HEARTS_MASK: Final = SUIT_MASKS[Suit.HEARTS]
PENALTY_MASK: Final = HEARTS_MASK | QUEEN_OF_SPADES.bit
TWO_OF_CLUBS_BIT: Final = TWO_OF_CLUBS.bit
LEADING: Final = -1
"""``led_suit`` value for a player who is leading the trick."""


def rule_walk(hand: int, led_suit: int, first_trick: bool, hearts_broken: bool) -> tuple[int, Reason]:
    """Apply the play rules to a position; return (playable mask, reason for the rest).

    ``hand`` is the player's card mask; ``led_suit`` is the suit of the trick's first card
    or :data:`LEADING`.  Every card in ``hand`` outside the returned mask is refused for
    the returned reason (``Reason.LEGAL`` when nothing is refused).
    """
    if led_suit == LEADING:
        # Rule 3: the holder of ♣2 opens the hand's first trick with it.
        if first_trick:
            return hand & TWO_OF_CLUBS_BIT, Reason.MUST_LEAD_TWO_OF_CLUBS
        # Rule 6: no heart lead before hearts are broken, unless the hand is all hearts.
        if not hearts_broken:
            not_hearts = hand & ~HEARTS_MASK
            if not_hearts:
                return not_hearts, Reason.HEARTS_NOT_BROKEN
        return hand, Reason.LEGAL
    # Rule 4: a player holding the led suit must play that suit (any card of it).
    following = hand & SUIT_MASKS[led_suit]
    if following:
        return following, Reason.MUST_FOLLOW_SUIT
    # Rule 5: void on the first trick, no heart or ♠Q while a card without points is held.
    if first_trick:
        pointless = hand & ~PENALTY_MASK
        if pointless:
            return pointless, Reason.NO_POINTS_ON_FIRST_TRICK
    # Otherwise a void player may discard anything.
    return hand, Reason.LEGAL


def _position(
    hand: Iterable[Card | str] | str, trick: Iterable[Card | str] | str, first_trick: bool
) -> tuple[tuple[Card, ...], tuple[Card, ...], int, int]:
    """Parse and sanity-check a position given in public form."""
    hand_cards = to_cards(hand, "hand")
    trick_cards = to_cards(trick, "trick")
    hand_mask = mask_of(hand_cards)
    trick_mask = mask_of(trick_cards)
    if not hand_cards:
        raise InvalidPositionError("the hand is empty: there is no card to play")
    if len(hand_cards) != hand_mask.bit_count():
        raise InvalidPositionError(f"the hand lists a card twice: {_text(hand_cards)}")
    if len(trick_cards) >= NUM_SEATS or len(trick_cards) != trick_mask.bit_count():
        raise InvalidPositionError(
            f"a trick in progress holds 0 to 3 different cards, not {_text(trick_cards)!r}"
        )
    if hand_mask & trick_mask:
        raise InvalidPositionError(
            f"{_text(cards_from_mask(hand_mask & trick_mask))} is both in the hand and on the table"
        )
    if first_trick and not trick_cards and not hand_mask & TWO_OF_CLUBS_BIT:
        raise InvalidPositionError("the first trick is led by the holder of ♣2, and this hand lacks it")
    led_suit = trick_cards[0].suit if trick_cards else LEADING
    return hand_cards, trick_cards, hand_mask, led_suit


def legal_plays(
    hand: Iterable[Card | str] | str,
    trick: Iterable[Card | str] | str,
    *,
    first_trick: bool,
    hearts_broken: bool,
) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick``, in display order.

    ``trick`` holds the cards already played to the current trick, in order (empty when
    leading); ``first_trick`` says whether this is the hand's first trick.

    >>> [str(c) for c in legal_plays("♠Q ♥3 ♦7", "♣2", first_trick=True, hearts_broken=False)]
    ['♦7']
    """
    _, _, hand_mask, led_suit = _position(hand, trick, first_trick)
    playable, _ = rule_walk(hand_mask, led_suit, first_trick, hearts_broken)
    return cards_from_mask(playable)


def check_play(
    hand: Iterable[Card | str] | str,
    trick: Iterable[Card | str] | str,
    card: Card | str,
    *,
    first_trick: bool,
    hearts_broken: bool,
) -> Verdict:
    """Say whether ``card`` may be played from ``hand`` to ``trick``, and why.

    >>> check_play("♠Q ♥3 ♦7", "♣2", "♥3", first_trick=True, hearts_broken=False).reason
    <Reason.NO_POINTS_ON_FIRST_TRICK: 'no_points_on_first_trick'>
    """
    _, trick_cards, hand_mask, _ = _position(hand, trick, first_trick)
    return describe(to_card(card), hand_mask, trick_cards, first_trick, hearts_broken)


def describe(
    card: Card, hand_mask: int, trick: Sequence[Card], first_trick: bool, hearts_broken: bool
) -> Verdict:
    """The verdict on ``card`` in a position, with the learner's sentence.

    This reads :func:`rule_walk`; it decides nothing itself.
    """
    led_suit = trick[0].suit if trick else LEADING
    if not hand_mask & card.bit:
        return Verdict(card, False, Reason.NOT_IN_HAND, f"{card} is not in your hand, so you cannot play it.")
    playable, reason = rule_walk(hand_mask, led_suit, first_trick, hearts_broken)
    if playable & card.bit:
        message = _legal_message(card, led_suit, reason, first_trick, hearts_broken)
        return Verdict(card, True, Reason.LEGAL, message)
    return Verdict(card, False, reason, _refusal_message(card, playable, led_suit, reason))


def _refusal_message(card: Card, playable: int, led_suit: int, reason: Reason) -> str:
    allowed = cards_from_mask(playable)
    if reason is Reason.MUST_LEAD_TWO_OF_CLUBS:
        return f"The first trick always opens with {TWO_OF_CLUBS}, so you must lead {TWO_OF_CLUBS}, not {card}."
    if reason is Reason.MUST_FOLLOW_SUIT:
        led = Suit(led_suit)
        them = "it" if len(allowed) == 1 else "one of them"
        return f"{led.plural.capitalize()} were led and you hold {_and(allowed)}, so you must play {them}."
    if reason is Reason.NO_POINTS_ON_FIRST_TRICK:
        which = "does" if len(allowed) == 1 else "do"
        return (
            f"No points may be given away on the first trick: {card} carries points, "
            f"and you still hold {_and(allowed)}, which {which} not."
        )
    if reason is Reason.HEARTS_NOT_BROKEN:
        others = _and(allowed) if len(allowed) <= 4 else "cards of other suits"
        return (
            f"Hearts are not broken yet (no heart has been played this hand), "
            f"so you may not lead {card} while you hold {others}."
        )
    raise AssertionError(f"no refusal message for {reason}")  # pragma: no cover


def _legal_message(card: Card, led_suit: int, reason: Reason, first_trick: bool, hearts_broken: bool) -> str:
    if led_suit == LEADING:
        if first_trick:
            return f"{card} opens the first trick."
        if card.suit is Suit.HEARTS:
            if hearts_broken:
                return f"Hearts are broken, so you may lead {card}."
            return f"Hearts are not broken, but you hold only hearts, so you may lead {card}."
        return f"You lead this trick, so {card} is allowed; the others must follow {card.suit.plural} if they can."
    led = Suit(led_suit)
    if reason is Reason.MUST_FOLLOW_SUIT:
        return f"{led.plural.capitalize()} were led and {card} is one, so it follows suit."
    if reason is Reason.NO_POINTS_ON_FIRST_TRICK:
        return (
            f"You have no {led.plural}, so you may play another suit; {card} carries no points, "
            f"as the first trick requires."
        )
    if first_trick:
        return (
            f"You have no {led.plural} and every card you hold carries points, "
            f"so {card} is allowed even on the first trick."
        )
    note = ""
    if card.suit is Suit.HEARTS and not hearts_broken:
        note = " Playing it breaks hearts."
    return f"You have no {led.plural}, so you may discard any card, {card} included.{note}"


def trick_winner(trick: Iterable[Card | str] | str) -> int:
    """Index in ``trick`` of the card that takes it: the highest card of the led suit.

    >>> trick_winner("♣10 ♣K ♣3 ♥A")
    1
    """
    cards = to_cards(trick, "trick")
    if not cards:
        raise InvalidPositionError("an empty trick has no winner")
    led = cards[0].suit
    best = 0
    for position, card in enumerate(cards):
        if card.suit is led and card.rank > cards[best].rank:
            best = position
    return best


def _and(cards: Sequence[Card]) -> str:
    """``♣3``, ``♣3 and ♣A``, ``♣3, ♣5 and ♣A``."""
    texts = [str(card) for card in cards]
    if len(texts) <= 1:
        return "".join(texts)
    return ", ".join(texts[:-1]) + " and " + texts[-1]


def _text(cards: Sequence[Card]) -> str:
    return format_cards(cards, limit=CARDS_PER_SEAT)
