"""Fast paths from cards to bit masks for :class:`~hearts_core.state.HandState`, kept apart from its rules.

Design choices:

* A hand's referee works on card masks (the rules kernel's form); the public inputs are
  lists of :class:`~hearts_core.cards.Card` values or texts.  The common inputs (four lists
  of 13 cards, a pass of three cards) take the short paths here, which accept and refuse
  exactly what the checking paths do: sums of the cards' bits compared with the whole
  deck's mask, in C-level passes.  Anything else is ``None`` and the caller checks it card
  by card, naming what is wrong.
* Masks become cards through a cache of single-suit masks (:func:`_cards_of`), which keeps
  a random hand through the public API fast enough for the computer players' simulations.
* Private to the engine (:mod:`hearts_core.state` and :mod:`hearts_core.views` use it):
  the names keep the underscore they had inside ``state.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from hearts_core.cards import DECK, Card, Hand, cards_from_mask, mask_of, to_card, to_cards
from hearts_core.kernel import SUIT_MASKS
from hearts_core.rules import CARDS_PER_SEAT

_FULL_DECK: Final = (1 << len(DECK)) - 1
_CLUBS, _DIAMONDS, _SPADES, _HEARTS = SUIT_MASKS
# Each card's bit, keyed by the card's id: the 52 cards live as long as DECK, so no other
# object can have one of these ids, and looking ids up never calls anything an input defines.
_BIT_OF_CARD_ID: Final = {id(card): card.bit for card in DECK}
_bit_of_card_id: Final = _BIT_OF_CARD_ID.__getitem__


# The cards of every single-suit mask met so far, keyed by the mask itself: a legal mask
# within one suit (two plays in three: following suit, say) becomes its cards in one
# look-up, and any other mask in one look-up per suit.  Bounded: only single-suit masks
# are stored, at most 4 x 8191 small tuples, and far fewer in practice.  (A dict subclass
# with __missing__ would save the .get call on a hit, but a miss then costs a call from C
# into Python, dearer than the hits save: one position in three is a multi-suit mask.)
_SUIT_CARDS: Final[dict[int, tuple[Card, ...]]] = {0: ()}


def _cards_of(mask: int) -> tuple[Card, ...]:
    """``cards_from_mask(mask)`` by single-suit look-ups: the same cards in the same order."""
    cards = _SUIT_CARDS.get(mask)
    return _cards_of_suits(mask) if cards is None else cards


def _cards_of_suits(mask: int) -> tuple[Card, ...]:
    """:func:`_cards_of` for a mask not in the cache: one look-up per suit."""
    try:
        # Subscripts, not .get: no call per suit, and a miss happens at most once per single-suit mask.
        return (_SUIT_CARDS[mask & _CLUBS] + _SUIT_CARDS[mask & _DIAMONDS] + _SUIT_CARDS[mask & _SPADES]
                + _SUIT_CARDS[mask & _HEARTS])
    except KeyError:
        # A suit's piece not met before: fill it in, then look the mask up again.
        for suit_mask in SUIT_MASKS:
            piece = mask & suit_mask
            if piece not in _SUIT_CARDS:
                _SUIT_CARDS[piece] = cards_from_mask(piece)
        return _cards_of(mask)


def _card_bits(cards: object) -> tuple[tuple[Card, ...], int] | None:
    """A list or tuple made only of :class:`Card` values, as a tuple, and the sum of their bits, in C-level passes.

    The sum is the cards' mask exactly when its bit count is the number of cards: a card
    listed twice carries into another bit, and every carry lowers the bit count by one.
    Its users (new's seat-by-seat path; pass_cards and _deal_masks inline it) refuse unless
    the count is right, so they never use a sum that is not a mask (``sum`` adds small
    ints in C without a call per card, unlike ``reduce(or_)``).
    Anything else (texts, other iterables, odd items) gives ``None``, and the caller takes
    its checking path, which accepts or refuses exactly as before.
    """
    if type(cards) is tuple or type(cards) is list or type(cards) is Hand:
        try:
            mask = sum(map(_bit_of_card_id, map(id, cards)))
        except KeyError:  # a text, or anything else that is not one of the 52 cards
            return None
        return tuple(cards), mask
    return None


def _deal_masks(hands: Sequence[object]) -> tuple[int, int, int, int] | None:
    """The four masks of a deal given as four lists or tuples of 13 :class:`Card` values each, or ``None``.

    Checked with int operations alone: the 52 cards' bits, summed hand by hand in C
    (:func:`_card_bits`), add up to the whole deck's mask exactly when no card is listed
    twice (a repeated bit carries, and 52 powers of two with a carry leave fewer than 52
    bits set), so one comparison proves every hand holds 13 different cards and the four
    hold the deck once.  ``None`` for anything else (texts, a short hand, a repeated
    card...): the caller then checks the deal seat by seat and names what is wrong.
    """
    first, second, third, fourth = hands
    if ((type(first) is tuple or type(first) is list or type(first) is Hand)
            and (type(second) is tuple or type(second) is list or type(second) is Hand)
            and (type(third) is tuple or type(third) is list or type(third) is Hand)
            and (type(fourth) is tuple or type(fourth) is list or type(fourth) is Hand)
            and len(first) == len(second) == len(third) == len(fourth) == CARDS_PER_SEAT):
        bit_of = _bit_of_card_id
        try:
            masks = (sum(map(bit_of, map(id, first))), sum(map(bit_of, map(id, second))),
                     sum(map(bit_of, map(id, third))), sum(map(bit_of, map(id, fourth))))
        except KeyError:  # a text, or anything else that is not one of the 52 cards
            return None
        if masks[0] + masks[1] + masks[2] + masks[3] == _FULL_DECK:
            return masks
    return None


def _mask_and_count(hand: Iterable[Card | str] | str, argument: str) -> tuple[int, int]:
    """The mask of ``hand`` and how many cards it lists (duplicates counted)."""
    if isinstance(hand, str) or not isinstance(hand, list | tuple):
        # Texts, sets and anything odd go through to_cards, which names ``argument`` when it refuses.
        cards = to_cards(hand, argument)
        return mask_of(cards), len(cards)
    mask = count = 0
    for item in hand:
        card = item if type(item) is Card else to_card(item, argument)
        mask |= 1 << card.index
        count += 1
    return mask, count
