"""Typography shared by the engine's learner sentences, kept apart from the translation layer.

:mod:`hearts_core.wording` owns every pattern and how it is translated; this module only
adjusts a sentence already said in the active language.  A pattern may open with a
placeholder whose value is written in lower case inside a sentence (a suit, ``clubs``), so
the sentence's first letter is raised after translation: that keeps one value (the suit's
name) for every position in the sentence, and it is right in every language the course
speaks (a script without case, such as Japanese, is left as it is).

More pieces live here because the wording module offers no such piece: a suit's
singular noun (``club``), a run of whole sentences (each said on its own, then set
one after another through a pattern, so a language written without spaces between
sentences can say so in its catalogue), and a list of cards cut short with its count
said through the layer (:func:`~hearts_core.cards.format_cards` counts in English, for
exception texts), and a choice between the learner's pattern and another seat's
(:func:`by_seat`: "You led" and "CPU1 led" are two patterns, since a language may give
"you" its own verb form, Spanish *sales* beside *sale*).

>>> sentence("clubs were led.")
'Clubs were led.'
>>> suit_singular(2), sentences(["One.", "Two.", "Three."])
('spade', 'One. Two. Three.')
>>> cards_shown(["♣2", "♣3", "♣4", "♣5"], limit=2)
'♣2 ♣3 … (4 cards)'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from hearts_core.cards import Card, format_cards, to_cards
from hearts_core.wording import LEARNER_SEAT, marked, say, say_n, seat_name, translate

__all__ = ["by_seat", "by_seat_n", "cards_shown", "marked_n", "sentence", "sentences", "suit_singular"]


def sentence(text: str) -> str:
    """``text`` with its first character in upper case and the rest untouched (``str.capitalize`` lowers the rest)."""
    return text[:1].upper() + text[1:]


_SUIT_SINGULARS: Final = (marked("club"), marked("diamond"), marked("spade"), marked("heart"))


def suit_singular(suit: int) -> str:
    """One card of a suit as a sentence names it, in the active language: ``club`` ("the highest club left").

    :func:`hearts_core.wording.suit_name` gives the suit itself (``clubs``); this is its
    singular noun, for the few patterns that speak of one card of the suit.
    """
    return translate(_SUIT_SINGULARS[int(suit)])


def sentences(texts: Iterable[str]) -> str:
    """Whole sentences, each already said, written one after another as the active language spaces them."""
    joined = ""
    for text in texts:
        joined = say("{sentences} {sentence}", sentences=joined, sentence=text) if joined else text
    return joined


def whole_number(value: int) -> str:
    """A whole number as the active language groups its thousands: ``1,500`` in English.

    The grouping is a pattern, so each catalogue writes it its own way (Spanish groups with
    a point, ``1.500``, where a comma would read as a decimal one).

    >>> whole_number(1500), whole_number(987), whole_number(-1234567)
    ('1,500', '987', '-1,234,567')
    """
    if value < 0:
        return "-" + whole_number(-value)
    if value < 1000:
        return str(value)
    thousands, units = divmod(value, 1000)
    padded = f"{units:03d}"
    return say("{thousands},{units}", thousands=whole_number(thousands), units=padded)


def marked_n(singular: str, plural: str) -> tuple[str, str]:
    """Mark a count-dependent pattern pair kept for later (a class's table) so it is extracted as one plural entry.

    :func:`hearts_core.wording.marked` holds one form only; gettext finds the plural forms of
    a message under the pair, so the pair is marked together (Babel keyword ``marked_n:1,2``)
    and said later with ``say_n(singular, plural, count, ...)``.  Returns the pair unchanged.
    """
    return singular, plural


def cards_shown(cards: Iterable[Card | str] | str, *, limit: int) -> str:
    """Cards in notation for a learner's sentence: beyond ``limit``, the first ``limit`` and how many there were.

    As ``format_cards(cards, limit=limit)``, but with the count said in the active language
    (so a learner's sentence quoting a long, wrong list of cards stays short and translated).
    """
    shown = to_cards(cards)
    if len(shown) <= limit:
        return format_cards(shown)
    return say_n("{cards} … ({count} card)", "{cards} … ({count} cards)", len(shown),
                 cards=format_cards(shown[:limit]))


def by_seat(seat: int, yours: str, theirs: str, **values: object) -> str:
    """``yours`` said when ``seat`` is the learner's, else ``theirs`` with the seat's name as ``{seat}``.

    >>> by_seat(0, "You led {card}.", "{seat} led {card}.", card="♣2"), by_seat(2, "You led {card}.",
    ...     "{seat} led {card}.", card="♣2")
    ('You led ♣2.', 'CPU2 led ♣2.')
    """
    if seat == LEARNER_SEAT:
        return say(yours, **values)
    return say(theirs, seat=seat_name(seat), **values)


def by_seat_n(seat: int, yours: tuple[str, str], theirs: tuple[str, str], count: int, **values: object) -> str:
    """:func:`by_seat` for a count-dependent pattern pair (each marked with :func:`marked_n`), said with ``count``.

    >>> one = marked_n("You hold {count} heart.", "You hold {count} hearts.")
    >>> other = marked_n("{seat} holds {count} heart.", "{seat} holds {count} hearts.")
    >>> by_seat_n(0, one, other, 1), by_seat_n(3, one, other, 2)
    ('You hold 1 heart.', 'CPU3 holds 2 hearts.')
    """
    if seat == LEARNER_SEAT:
        return say_n(yours[0], yours[1], count, **values)
    return say_n(theirs[0], theirs[1], count, seat=seat_name(seat), **values)
