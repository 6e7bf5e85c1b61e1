"""Cards, suits and the card notation of ``docs/rules.md``.

Design choices:

* A :class:`Card` is an interned value: there are exactly 52 instances, created once at
  import, and ``Card(Suit.SPADES, 12)`` returns the existing one.  Equality and hashing
  are therefore identity, the cheapest Python offers, which matters because computer
  players simulate thousands of hands per decision.  Cards are immutable and ordered.
* Every card has an ``index`` in ``0..51`` (suit-major, ranks ascending).  The engine's
  hot paths work on 52-bit masks built from these indices; the public API speaks cards.
* Suits are ordered ♣ ♦ ♠ ♥ as in ``docs/rules.md`` (colours alternate in a sorted hand).
  The order is only for display: no suit outranks another in play.
* ``str(card)`` is the house notation (suit symbol, then rank: ``♣10``); ``repr(card)``
  is code that evaluates back to the card (``Card(Suit.CLUBS, 10)``).

>>> parse_card("qs")
Card(Suit.SPADES, 12)
>>> str(parse_card("10♣")), str(parse_card("TC"))
('♣10', '♣10')
>>> [str(card) for card in parse_cards("♥A 2c Q♠")]
['♥A', '♣2', '♠Q']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import IntEnum
from typing import Final

from hearts_core.errors import InvalidCardError, quote_input

__all__ = [
    "ACE",
    "CARDS_PER_SUIT",
    "DECK",
    "JACK",
    "KING",
    "QUEEN",
    "RANKS",
    "Card",
    "Suit",
    "cards_from_mask",
    "format_cards",
    "mask_of",
    "parse_card",
    "parse_cards",
    "read_card",
    "to_card",
    "to_cards",
]

JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
ACE: Final = 14
RANKS: Final = tuple(range(2, ACE + 1))
CARDS_PER_SUIT: Final = len(RANKS)

_RANK_TEXT: Final = {**{r: str(r) for r in range(2, 11)}, JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}
_RANK_WORDS: Final = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", JACK: "jack", QUEEN: "queen", KING: "king", ACE: "ace",
}


class Suit(IntEnum):
    """A suit; the integer value is the display order ♣ ♦ ♠ ♥."""

    CLUBS = 0
    DIAMONDS = 1
    SPADES = 2
    HEARTS = 3

    @property
    def symbol(self) -> str:
        """The suit symbol used in the house notation, e.g. ``♣``."""
        return "♣♦♠♥"[self]

    @property
    def letter(self) -> str:
        """The one-letter form accepted by the parser, e.g. ``C``."""
        return "CDSH"[self]

    @property
    def plural(self) -> str:
        """The suit's name as a learner reads it in a sentence: ``clubs``."""
        return self.name.lower()

    @property
    def singular(self) -> str:
        """One card's suit as a learner reads it in a sentence: ``club``."""
        return self.name.lower()[:-1]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


class Card:
    """One of the 52 cards: a frozen, hashable, ordered value.

    >>> Card(Suit.HEARTS, ACE) is parse_card("♥A")
    True
    >>> sorted([parse_card("♥2"), parse_card("♣A")])
    [Card(Suit.CLUBS, 14), Card(Suit.HEARTS, 2)]
    """

    __slots__ = ("index", "rank", "suit")
    suit: Suit
    rank: int
    index: int

    def __new__(cls, suit: Suit, rank: int) -> Card:
        if not isinstance(suit, Suit):
            raise InvalidCardError(f"not a suit: {quote_input(suit)}")
        if not isinstance(rank, int) or isinstance(rank, bool) or not 2 <= rank <= ACE:
            raise InvalidCardError(f"not a rank (2..14): {quote_input(rank)}")
        return _DECK[suit * CARDS_PER_SUIT + rank - 2]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "suit", Suit(index // CARDS_PER_SUIT))
        object.__setattr__(card, "rank", index % CARDS_PER_SUIT + 2)
        object.__setattr__(card, "index", index)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Suit, int]]:
        # Unpickling goes through __new__, so the interned instance comes back.
        return (Card, (self.suit, self.rank))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    # Ordering is defined between cards only; anything else gets NotImplemented, so
    # ``card < None`` raises Python's own TypeError instead of failing inside.
    def __lt__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self.index >= other.index

    def __str__(self) -> str:
        return self.suit.symbol + _RANK_TEXT[self.rank]

    def __repr__(self) -> str:
        return f"Card({self.suit!r}, {self.rank})"

    @property
    def rank_text(self) -> str:
        """The rank as printed on the card: ``2``..``10``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_TEXT[self.rank]

    @property
    def name(self) -> str:
        """Spoken name for screen readers and prose: ``queen of spades``."""
        return f"{_RANK_WORDS[self.rank]} of {self.suit.plural}"

    @property
    def bit(self) -> int:
        """This card's bit in a 52-bit card mask."""
        return 1 << self.index

    def _repr_html_(self) -> str:
        """The card as a notebook draws it (see :mod:`hearts_core.display`)."""
        from hearts_core.display import card_html  # noqa: PLC0415 - only when a notebook asks for a picture

        return card_html(self)


class Hand(tuple[Card, ...]):
    """Cards held, in display order: a plain tuple that also draws itself in a notebook.

    Equal to the tuple of the same cards, and its ``repr`` is the tuple's, so code that
    reads or prints hands sees no difference; only a notebook's picture does.
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return tuple.__repr__(self)

    def _repr_html_(self) -> str:
        """The cards as a notebook draws them, as the widgets draw a hand."""
        from hearts_core.display import hand_html  # noqa: PLC0415 - only when a notebook asks for a picture

        return hand_html(self)


_DECK: Final[tuple[Card, ...]] = tuple(Card._make(i) for i in range(4 * CARDS_PER_SUIT))
DECK: Final = _DECK

_SUIT_BY_TEXT: Final = {
    **{s.symbol: s for s in Suit},
    **{s.letter: s for s in Suit},
    "\N{WHITE CLUB SUIT}": Suit.CLUBS,
    "\N{WHITE DIAMOND SUIT}": Suit.DIAMONDS,
    "\N{WHITE SPADE SUIT}": Suit.SPADES,
    "\N{WHITE HEART SUIT}": Suit.HEARTS,
}
_RANK_BY_TEXT: Final = {**{text: rank for rank, text in _RANK_TEXT.items()}, "T": 10}
_SYMBOLS: Final = "♣♦♠♥♧♢♤♡"
# U+FE0F asks for emoji presentation ("♠️"); pasted text often has it after a suit symbol.
_EMOJI: Final = "\ufe0f?"
# Symbol on either side of the rank (♣10, 10♣); letters only after the rank (10C, qs),
# exactly the forms docs/rules.md lists.  Character classes are spelled out, never \d or \w,
# which would also take digits and letters of other scripts.
_CARD_RE: Final = re.compile(
    rf"(?P<s1>[{_SYMBOLS}]){_EMOJI}(?P<r1>10|[2-9TJQKA])"
    rf"|(?P<r2>10|[2-9TJQKA])(?:(?P<s2>[{_SYMBOLS}]){_EMOJI}|(?P<l2>[CDSH]))"
)
# Case-insensitive for ASCII letters only: str.upper() would also turn "ſ" (long s) into
# "S" and "ı" (dotless i) into "I", accepting spellings nobody documented.
_ASCII_UPPER: Final = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def parse_card(text: str) -> Card:
    """Parse one card in any notation ``docs/rules.md`` accepts.

    Raises :class:`InvalidCardError` quoting the input for anything else.

    >>> parse_card("Q♠") is parse_card("♠Q") is parse_card("qs")
    True
    >>> parse_card("11S")
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidCardError: not a card: '11S' (write it like ♠Q, Q♠, QS or ♣10)
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise InvalidCardError(f"not a card: {quote_input(text)} (expected text such as '♠Q')")
    match = _CARD_RE.fullmatch(text.strip().translate(_ASCII_UPPER))
    if match is None:
        raise InvalidCardError(f"not a card: {quote_input(text)} (write it like ♠Q, Q♠, QS or ♣10)")
    suit = _SUIT_BY_TEXT[match["s1"] or match["s2"] or match["l2"]]
    rank = _RANK_BY_TEXT[match["r1"] or match["r2"]]
    return _DECK[suit * CARDS_PER_SUIT + rank - 2]


_LONGEST_CARD: Final = 4
"""Characters in the longest spelling of one card: symbol, emoji selector and ``10`` (``♠️10``)."""


def read_card(text: str, start: int = 0) -> tuple[Card, int] | None:
    """The card written at ``text[start]`` in any spelling :func:`parse_card` accepts, and where it ends.

    ``None`` when no card starts there.  Nothing may stand between two cards read this
    way, so the position notation (``docs/notation.md``) writes a run of cards
    as ``♣2♣10♠Q`` and reads ``2c10cqs`` the same.  A run has one reading only: a card
    that opens with a suit symbol ends after its rank, and one that opens with a rank
    ends after its suit.

    >>> card, end = read_card("♣10♠Q")
    >>> str(card), end, str(read_card("♣10♠Q", end)[0])
    ('♣10', 3, '♠Q')
    >>> read_card("♣1") is None
    True
    """
    match = _CARD_RE.match(text[start:start + _LONGEST_CARD].translate(_ASCII_UPPER))
    if match is None:
        return None
    suit = _SUIT_BY_TEXT[match["s1"] or match["s2"] or match["l2"]]
    rank = _RANK_BY_TEXT[match["r1"] or match["r2"]]
    return _DECK[suit * CARDS_PER_SUIT + rank - 2], start + match.end()


def parse_cards(text: str) -> Hand:
    """Parse whitespace-separated cards (commas are tolerated), keeping their order.

    >>> format_cards(parse_cards("♣A, ♦K ♠Q"))
    '♣A ♦K ♠Q'
    """
    if not isinstance(text, str):
        raise InvalidCardError(f"not a list of cards: {quote_input(text)} (expected text such as '♣A ♦K ♠Q')")
    tokens = text.replace(",", " ").split()
    cards = []
    for position, token in enumerate(tokens, start=1):
        try:
            cards.append(parse_card(token))
        except InvalidCardError:
            raise InvalidCardError(
                f"not a card: {quote_input(token)} (item {position} of {quote_input(text)}; "
                "write cards like ♠Q or 10C)"
            ) from None
    return Hand(cards)


def to_card(card: Card | str, argument: str = "card") -> Card:
    """Accept a :class:`Card` or its text, so callers may write ``"♠Q"``.

    Anything else raises :class:`InvalidCardError` naming ``argument``, the caller's
    parameter, so a wrong type is reported where it was passed rather than deep inside.

    >>> to_card(None, "card")
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidCardError: card must be a card such as '♠Q' or Card(Suit.SPADES, 12), not None
    """
    if type(card) is Card:
        return card
    if isinstance(card, str):
        return parse_card(card)
    raise InvalidCardError(f"{argument} must be a card such as '♠Q' or Card(Suit.SPADES, 12), not {quote_input(card)}")


def to_cards(cards: Iterable[Card | str] | str, argument: str = "cards") -> tuple[Card, ...]:
    """Accept cards, card texts, or one whitespace-separated string.

    Anything else (a number, ``None``, a single card) raises :class:`InvalidCardError`
    naming ``argument``, and a bad item is named by its position: ``hand[2]``.
    """
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, (Card, bytes, bytearray, dict)) or not isinstance(cards, Iterable):
        raise InvalidCardError(
            f"{argument} must be cards: a list such as ['♣A', '♦K'] or text such as '♣A ♦K', "
            f"not {quote_input(cards)}"
        )
    return tuple(to_card(card, f"{argument}[{position}]") for position, card in enumerate(cards))


def mask_of(cards: Iterable[Card]) -> int:
    """The 52-bit mask with one bit per card."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def cards_from_mask(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in display order (♣ ♦ ♠ ♥, low to high)."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(_DECK[low.bit_length() - 1])
        mask ^= low
    return tuple(cards)


def format_cards(cards: Iterable[Card | str] | str, *, limit: int | None = None) -> str:
    """Cards in house notation separated by spaces (anything but cards is refused, not printed).

    With ``limit``, at most that many are written and the count says how many there were,
    so a message that quotes a hostile list of cards stays short.

    >>> format_cards(["♣2"] * 40, limit=3)
    '♣2 ♣2 ♣2 … (40 cards)'
    """
    shown = to_cards(cards)
    if limit is not None and len(shown) > limit:
        return " ".join(str(card) for card in shown[:limit]) + f" … ({len(shown):,} cards)"
    return " ".join(str(card) for card in shown)
