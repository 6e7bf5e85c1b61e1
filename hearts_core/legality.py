"""Which card may be played, and why not: the one source of every legality decision.

Design choices:

* :func:`~hearts_core.kernel.rule_walk` (in the rules kernel, re-exported here) is the
  only place a play rule is decided.  It walks the rules of ``docs/rules.md`` in order, one
  commented step per rule, and answers for a whole position at once: the mask of
  playable cards, the one reason that refuses every other card the player holds, and the
  one :class:`Allowance` that lets the playable cards through.  A position has at most
  one of each, because each rule either decides the position or hands it on to the next.
* :func:`check_play` (is this card legal, and why or why not) and :func:`legal_plays`
  (which cards) are both read off that one answer, so they can never disagree.
  :class:`~hearts_core.state.HandState` calls the same function on its card masks.
* This module holds the words: :class:`Verdict` and the learner's sentences, built from
  the reason or allowance the walk returned (never by re-deriving a rule), and only when
  asked for, so simulations pay nothing for them.  :class:`IllegalMove` carries a
  verdict, so it lives here too.

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
from hearts_core.errors import HeartsError, InvalidPositionError
from hearts_core.kernel import (
    HEARTS_MASK,
    LEADING,
    PENALTY_MASK,
    SUIT_MASKS,
    TWO_OF_CLUBS_BIT,
    Allowance,
    Reason,
    Table,
    rule_walk,
    winning_position,
)
from hearts_core.phrasing import by_seat, by_seat_n, marked_n, sentence
from hearts_core.rules import CARDS_PER_SEAT, NUM_SEATS, TWO_OF_CLUBS, Rules
from hearts_core.wording import LEARNER_SEAT, and_list, marked, say, suit_name

__all__ = [
    "HEARTS_MASK",
    "LEADING",
    "PENALTY_MASK",
    "SUIT_MASKS",
    "ActionReason",
    "Allowance",
    "IllegalMove",
    "Reason",
    "Verdict",
    "check_play",
    "describe",
    "legal_plays",
    "next_leader",
    "refusal_message",
    "rule_walk",
    "setup_refusal",
    "shown_not_held",
    "trick_winner",
    "tricks_begun",
]


_CARDS_NAMED_AT_MOST: Final = 4
"""A refusal lists the allowed cards by name only up to this many; beyond, it names them in general."""


class ActionReason(StrEnum):
    """Refusals that come from the state of a hand rather than from the play rules."""

    NOT_YOUR_TURN = "not_your_turn"
    WRONG_PHASE = "wrong_phase"
    ALREADY_PASSED = "already_passed"
    WRONG_PASS = "wrong_pass"
    SHOWN_NOT_HELD = "shown_not_held"


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer to "may this card be played?": legal or not, the reason code, a sentence.

    ``bool(verdict)`` is ``verdict.legal``.  For a legal card ``allowance`` names the rule
    that allows it (:class:`Allowance`); it is ``None`` for a refusal.
    """

    card: Card | None
    legal: bool
    reason: Reason | ActionReason
    message: str
    allowance: Allowance | None = None

    def __bool__(self) -> bool:
        return self.legal

    def _repr_html_(self) -> str:
        """The card and the engine's verdict on it, as a notebook draws them."""
        from hearts_core.display import verdict_html  # noqa: PLC0415 - only when a notebook asks for a picture

        return verdict_html(self)


class IllegalMove(HeartsError):
    """An action the rules refuse; ``verdict`` says which rule and why.

    The state the action was tried on is left exactly as it was.
    """

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict.message)
        self.verdict = verdict


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

    Raises:
        InvalidCardError: a card is written in no accepted notation.
        InvalidPositionError: the position cannot arise (empty or duplicated hand, a
            full trick, a card both in hand and on the table, a first lead without ♣2).

    >>> [str(c) for c in legal_plays("♠Q ♥3 ♦7", "♣2", first_trick=True, hearts_broken=False)]
    ['♦7']
    """
    _, _, hand_mask, led_suit = _position(hand, trick, first_trick)
    playable, _, _ = rule_walk(hand_mask, led_suit, first_trick, hearts_broken)
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

    Raises:
        InvalidCardError: a card is written in no accepted notation.
        InvalidPositionError: the position cannot arise (see :func:`legal_plays`).

    >>> check_play("♠Q ♥3 ♦7", "♣2", "♥3", first_trick=True, hearts_broken=False).reason
    <Reason.NO_POINTS_ON_FIRST_TRICK: 'no_points_on_first_trick'>
    >>> check_play("♠Q ♥3 ♦7", "♣2", "♦7", first_trick=True, hearts_broken=False).allowance
    <Allowance.FIRST_TRICK_NO_POINTS: 'first_trick_no_points'>
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
        return Verdict(card, False, Reason.NOT_IN_HAND,
                       say("{card} is not in your hand, so you cannot play it.", card=card))
    playable, reason, allowance = rule_walk(hand_mask, led_suit, first_trick, hearts_broken)
    if playable & card.bit:
        return Verdict(card, True, Reason.LEGAL, _legal_message(card, led_suit, allowance, hearts_broken), allowance)
    return Verdict(card, False, reason, _refusal_message(card, playable, led_suit, reason))


def refusal_message(card: Card, hand_mask: int, trick: Sequence[Card], first_trick: bool, hearts_broken: bool, *,
                    seat: int = LEARNER_SEAT) -> str:
    """Why ``seat`` may not play ``card``, which it holds and the rules refuse, in the learner's words.

    The learner's seat is spoken to ("you must play"), another seat is named ("CPU1 must
    play"); the reason is :func:`rule_walk`'s.  :func:`describe` gives the learner's
    sentence in its verdict; the notation's reader says a refused play of another seat
    with this function.

    Raises:
        ValueError: the rules allow ``card`` there, or ``seat`` does not hold it.

    >>> from hearts_core.cards import parse_cards, parse_card
    >>> refusal_message(parse_card("♠Q"), mask_of(parse_cards("♣3 ♠Q")), parse_cards("♣10"), False, True, seat=2)
    'Clubs were led and CPU2 holds ♣3, so CPU2 must play it.'
    """
    led_suit = trick[0].suit if trick else LEADING
    playable, reason, _ = rule_walk(hand_mask, led_suit, first_trick, hearts_broken)
    if not hand_mask & card.bit or playable & card.bit:
        raise ValueError(f"{card} is not a refused play of a card held there")
    return _refusal_message(card, playable, led_suit, reason, seat)


# One pattern for the learner and one for another seat, for every reason a held card is refused
# (a language may give "you" its own verb form, so the two are whole patterns, see by_seat).
_LEAD_TWO: Final = (marked("The first trick always opens with {two}, so you must lead {two}, not {card}."),
                    marked("The first trick always opens with {two}, so {seat} must lead {two}, not {card}."))
_FOLLOW: Final = (marked_n("{suits} were led and you hold {cards}, so you must play it.",
                           "{suits} were led and you hold {cards}, so you must play one of them."),
                  marked_n("{suits} were led and {seat} holds {cards}, so {seat} must play it.",
                           "{suits} were led and {seat} holds {cards}, so {seat} must play one of them."))
_NO_POINTS: Final = (marked_n("No points may be given away on the first trick: {card} carries points, "
                              "and you still hold {cards}, which does not.",
                              "No points may be given away on the first trick: {card} carries points, "
                              "and you still hold {cards}, which do not."),
                     marked_n("No points may be given away on the first trick: {card} carries points, and {seat} "
                              "still holds {cards}, which does not.",
                              "No points may be given away on the first trick: {card} carries points, and {seat} "
                              "still holds {cards}, which do not."))
_NOT_BROKEN_NAMED: Final = (marked("Hearts are not broken yet (no heart has been played this hand), "
                                   "so you may not lead {card} while you hold {cards}."),
                            marked("Hearts are not broken yet (no heart has been played this hand), so {seat} may "
                                   "not lead {card} while holding {cards}."))
_NOT_BROKEN: Final = (marked("Hearts are not broken yet (no heart has been played this hand), "
                             "so you may not lead {card} while you hold cards of other suits."),
                      marked("Hearts are not broken yet (no heart has been played this hand), so {seat} may not "
                             "lead {card} while holding cards of other suits."))


def _refusal_message(card: Card, playable: int, led_suit: int, reason: Reason, seat: int = LEARNER_SEAT) -> str:
    allowed = cards_from_mask(playable)
    if reason is Reason.MUST_LEAD_TWO_OF_CLUBS:
        return by_seat(seat, *_LEAD_TWO, two=TWO_OF_CLUBS, card=card)
    if reason is Reason.MUST_FOLLOW_SUIT:
        return sentence(by_seat_n(seat, *_FOLLOW, len(allowed), suits=suit_name(led_suit), cards=and_list(allowed)))
    if reason is Reason.NO_POINTS_ON_FIRST_TRICK:
        return by_seat_n(seat, *_NO_POINTS, len(allowed), card=card, cards=and_list(allowed))
    if reason is Reason.HEARTS_NOT_BROKEN:
        if len(allowed) <= _CARDS_NAMED_AT_MOST:
            return by_seat(seat, *_NOT_BROKEN_NAMED, card=card, cards=and_list(allowed))
        return by_seat(seat, *_NOT_BROKEN, card=card)
    raise AssertionError(f"no refusal message for {reason}")  # pragma: no cover


def _legal_message(card: Card, led_suit: int, allowance: Allowance, hearts_broken: bool) -> str:
    """The sentence for an allowed card: one per :class:`Allowance`, worded for the card."""
    if allowance is Allowance.LEADS_TWO_OF_CLUBS:
        return say("{card} opens the first trick.", card=card)
    if allowance is Allowance.ONLY_HEARTS_LEFT:
        return say("Hearts are not broken, but you hold only hearts, so you may lead {card}.", card=card)
    if allowance is Allowance.LEADS_FREELY:
        # A heart passes this rule only once hearts are broken: say so rather than "you lead".
        if card.suit is Suit.HEARTS:
            return say("Hearts are broken, so you may lead {card}.", card=card)
        return say("You lead this trick, so {card} is allowed; the others must follow {suits} if they can.",
                   card=card, suits=suit_name(card.suit))
    suits = suit_name(led_suit)
    if allowance is Allowance.FOLLOWS_SUIT:
        return sentence(say("{suits} were led and {card} is one, so it follows suit.", suits=suits, card=card))
    if allowance is Allowance.FIRST_TRICK_NO_POINTS:
        return say("You have no {suits}, so you may play another suit; {card} carries no points, "
                   "as the first trick requires.", suits=suits, card=card)
    if allowance is Allowance.ONLY_PENALTY_CARDS:
        return say("You have no {suits} and every card you hold carries points, "
                   "so {card} is allowed even on the first trick.", suits=suits, card=card)
    if card.suit is Suit.HEARTS and not hearts_broken:
        return say("You have no {suits}, so you may discard any card, {card} included. Playing it breaks hearts.",
                   suits=suits, card=card)
    return say("You have no {suits}, so you may discard any card, {card} included.", suits=suits, card=card)


def trick_winner(trick: Iterable[Card | str] | str) -> int:
    """Index in ``trick`` of the card that takes it: the highest card of the led suit.

    Raises:
        InvalidCardError: a card is written in no accepted notation.
        InvalidPositionError: the trick is empty.

    >>> trick_winner("♣10 ♣K ♣3 ♥A")
    1
    """
    cards = to_cards(trick, "trick")
    if not cards:
        raise InvalidPositionError("an empty trick has no winner")
    return winning_position([card.index for card in cards])


def tricks_begun(first_leader: int, plays: Sequence[Card]) -> list[tuple[int, list[Card]]]:
    """The tricks ``plays`` (in play order) make when ``first_leader`` led the first: each leader and its cards.

    Every later leader is the seat that took the trick before (rule 7); the last trick may
    be short.  Nothing else is checked.

    >>> from hearts_core.cards import parse_cards
    >>> [(leader, "".join(map(str, cards))) for leader, cards in tricks_begun(1, parse_cards("♣2 ♣K ♣3 ♣4 ♦2"))]
    [(1, '♣2♣K♣3♣4'), (2, '♦2')]
    """
    tricks: list[tuple[int, list[Card]]] = []
    leader = first_leader
    for start in range(0, len(plays), NUM_SEATS):
        cards = list(plays[start:start + NUM_SEATS])
        tricks.append((leader, cards))
        leader = next_leader(leader, cards)
    return tricks


def next_leader(leader: int, trick: Sequence[Card]) -> int:
    """Who leads after ``trick`` (led by ``leader``): its taker once it is whole (rule 7), else still ``leader``.

    >>> from hearts_core.cards import parse_cards
    >>> next_leader(1, parse_cards("♣2 ♣K ♣3 ♣4")), next_leader(1, parse_cards("♣2 ♣K"))
    (2, 1)
    """
    if len(trick) < NUM_SEATS:
        return leader
    return (leader + winning_position([card.index for card in trick])) % NUM_SEATS


def _known_table(hand: Iterable[Card], plays: Sequence[Card], first_leader: int, rules: Rules, *,
                 also: tuple[int, Card] | None = None) -> Table:
    """A table at the first play of a position being set up, each seat holding what is known of it: seat 0
    ``hand``, every seat the cards it plays in ``plays`` (from the first trick, led by ``first_leader``), and
    ``also``'s seat its card besides."""
    known = [0] * NUM_SEATS
    known[0] = mask_of(hand)
    for leader, cards in tricks_begun(first_leader, plays):
        for offset, card in enumerate(cards):
            known[(leader + offset) % NUM_SEATS] |= card.bit
    if also is not None:
        known[also[0]] |= also[1].bit
    return Table(known, [], first_leader, 0, False, [0] * NUM_SEATS, rules)


def setup_refusal(hand: Iterable[Card], plays: Sequence[Card], *, first_leader: int, rules: Rules) -> Verdict | None:
    """The refusal of the last of ``plays`` in a position being set up, if the rules refuse it on what is known.

    Seat 0 holds ``hand`` besides the cards it plays; every seat is known to hold the cards
    it plays, from the first trick (led by ``first_leader``) on.  Holding more cards never
    makes a refused card playable (rule 3 refuses every first lead but ♣2, and rules 4 to 6
    refuse a card because of another card held), so a refusal on what is known is certain:
    it is the one :func:`hearts_core.notation.parse_position` gives once the setup is
    complete.  The verdict speaks to the learner (:func:`describe`), whoever plays the card;
    ``None`` when the rules allow it on what is known (or there is no play).

    >>> from hearts_core.cards import parse_cards
    >>> setup_refusal(parse_cards("♣8 ♦3"), parse_cards("♣2 ♣K ♣3 ♦3"), first_leader=1, rules=Rules()).message
    'Clubs were led and you hold ♣8, so you must play it.'
    >>> setup_refusal(parse_cards("♣8 ♦3"), parse_cards("♣2 ♣K ♣3 ♣8"), first_leader=1, rules=Rules()) is None
    True
    """
    table = _known_table(hand, plays, first_leader, rules)
    for number, card in enumerate(plays):
        held = table.hands[table.to_move]
        led = table.trick[0] // CARDS_PER_SUIT if table.trick else LEADING
        first = table.tricks_done == 0
        if number == len(plays) - 1 and not rule_walk(held, led, first, table.hearts_broken)[0] & card.bit:
            on_table = tuple(DECK[index] for index in table.trick)
            return describe(card, held, on_table, first, table.hearts_broken)
        table.play(card.index)
    return None


# Why a seat cannot hold a card its earlier play ruled out: one pattern per rule that a play shows something by.
_SHOWN_VOID: Final = (marked("You cannot hold {card}: you showed you had no {suits} on trick {trick}, "
                             "playing {shown} when {suits} were led."),
                      marked("{seat} cannot hold {card}: {seat} showed it had no {suits} on trick {trick}, "
                             "playing {shown} when {suits} were led."))
_SHOWN_ONLY_POINTS: Final = (marked("You cannot hold {card}: you played {shown} on the first trick, which is "
                                    "allowed only to a player holding nothing but hearts and ♠Q."),
                             marked("{seat} cannot hold {card}: {seat} played {shown} on the first trick, which is "
                                    "allowed only to a player holding nothing but hearts and ♠Q."))
_SHOWN_ONLY_HEARTS: Final = (marked("You cannot hold {card}: you led {shown} on trick {trick} before hearts were "
                                    "broken, which is allowed only to a player holding nothing but hearts."),
                             marked("{seat} cannot hold {card}: {seat} led {shown} on trick {trick} before hearts "
                                    "were broken, which is allowed only to a player holding nothing but hearts."))
_SHOWN: Final = {Reason.MUST_FOLLOW_SUIT: _SHOWN_VOID, Reason.NO_POINTS_ON_FIRST_TRICK: _SHOWN_ONLY_POINTS,
                 Reason.HEARTS_NOT_BROKEN: _SHOWN_ONLY_HEARTS}


def shown_not_held(hand: Iterable[Card], plays: Sequence[Card], *, first_leader: int, rules: Rules, seat: int,
                   card: Card) -> Verdict | None:
    """Why ``seat`` cannot hold ``card`` in a position being set up, if one of its plays so far rules it out.

    A seat holds from the first trick every card it plays or holds later, so giving it
    ``card`` (to play next, or for seat 0 to hold) adds ``card`` to what it held at each of
    its earlier plays.  If the rules would then have refused one of those plays, which they
    allowed without ``card``, the play showed that the seat did not hold ``card``: a void
    shown by not following suit, a first-trick discard of points (nothing but hearts and
    ♠Q held) or a heart led before hearts were broken (nothing but hearts held).  The
    verdict (reason :attr:`ActionReason.SHOWN_NOT_HELD`) names the seat, the card and the
    trick of the earliest such play; ``None`` when no play so far rules ``card`` out.

    >>> from hearts_core.cards import parse_cards, parse_card
    >>> plays = parse_cards("♣2 ♣K ♣Q ♣3 ♦K ♦Q ♦4 ♠3")
    >>> shown_not_held(parse_cards("♦2"), plays, first_leader=1, rules=Rules(), seat=1,
    ...                card=parse_card("♦5")).message
    'CPU1 cannot hold ♦5: CPU1 showed it had no diamonds on trick 2, playing ♠3 when diamonds were led.'
    >>> shown_not_held(parse_cards("♦2"), plays, first_leader=1, rules=Rules(), seat=1, card=parse_card("♥5")) is None
    True
    """
    table = _known_table(hand, plays, first_leader, rules, also=(seat, card))
    for played in plays:
        mover = table.to_move
        if mover == seat and played != card:
            held = table.hands[mover]
            led = table.trick[0] // CARDS_PER_SUIT if table.trick else LEADING
            first, broken = table.tricks_done == 0, table.hearts_broken
            playable, reason, _ = rule_walk(held, led, first, broken)
            if (not playable & played.bit and reason in _SHOWN
                    and rule_walk(held & ~card.bit, led, first, broken)[0] & played.bit):
                suits = suit_name(led) if led != LEADING else ""
                message = by_seat(seat, *_SHOWN[reason], card=card, shown=played, suits=suits,
                                  trick=table.tricks_done + 1)
                return Verdict(card, False, ActionReason.SHOWN_NOT_HELD, message)
        table.play(played.index)
    return None


def _text(cards: Sequence[Card]) -> str:
    return format_cards(cards, limit=CARDS_PER_SEAT)
