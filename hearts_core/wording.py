"""Small sentence pieces shared by every message a learner reads.

Design choices:

* Messages are written for a learner, so the same few grammatical pieces (a list joined
  with "and", "1 point" against "3 points", "You have" against "CPU1 has") appear in the
  engine's refusals, the coach and every widget.  They live here once, so a message reads
  the same wherever it is built and an empty list can never raise.
* Pure standard library: the engine imports it as well as the widgets.

>>> and_list(["♣3", "♣5", "♣A"])
'♣3, ♣5 and ♣A'
>>> points_phrase(1), points_phrase(0), points_phrase(14)
('1 point', 'no points', '14 points')
>>> subject(0, "have", "has"), subject(2, "have", "has", capital=False)
('You have', 'CPU2 has')
>>> f"{subject(3, 'have', 'has')} no clubs and {verb(3, 'play', 'plays')} ♥A"
'CPU3 has no clubs and plays ♥A'
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable

from hearts_core.errors import InvalidPositionError, quote_input
from hearts_core.rules import SEAT_NAMES

__all__ = ["about_points", "and_list", "plural", "points_phrase", "say", "seat_name", "subject", "verb"]

_CATALOGUE: gettext.NullTranslations = gettext.NullTranslations()
"""Where translated patterns come from; English (the patterns themselves) until a catalogue is installed."""

LEARNER_SEAT = 0
"""The seat the learner plays; messages address it as "you"."""


def seat_name(seat: int) -> str:
    """``You``, ``CPU1``, ``CPU2``, ``CPU3``."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(SEAT_NAMES):
        raise InvalidPositionError(f"seats are numbered 0 to 3, not {quote_input(seat)}")
    return SEAT_NAMES[seat]


def and_list(items: Iterable[object]) -> str:
    """Join items as a learner would write them: ``a``, ``a and b``, ``a, b and c``; ``""`` when empty."""
    texts = [str(item) for item in items]
    if len(texts) <= 1:
        return "".join(texts)
    return ", ".join(texts[:-1]) + " and " + texts[-1]


def plural(count: int, one: str, many: str | None = None) -> str:
    """``1 card``, ``3 cards``; ``many`` for irregular plurals."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


def points_phrase(points: int) -> str:
    """``no points``, ``1 point``, ``13 points``."""
    return "no points" if points == 0 else plural(points, "point")


def subject(seat: int, you_form: str, other_form: str, *, capital: bool = True) -> str:
    """A seat as the subject of a verb: ``You have`` for the learner, ``CPU1 has`` otherwise."""
    if seat == LEARNER_SEAT:
        return f"{'You' if capital else 'you'} {you_form}"
    return f"{seat_name(seat)} {other_form}"


def verb(seat: int, you_form: str, other_form: str) -> str:
    """The verb alone, agreeing with a seat named earlier: ``play`` for the learner, ``plays`` otherwise."""
    return you_form if seat == LEARNER_SEAT else other_form


def say(pattern: str, **values: object) -> str:
    """One whole sentence pattern, translated when a catalogue is installed, its named placeholders filled.

    Sentences are never glued from fragments, so a translator can reorder a whole one.

    >>> say("{seat} is winning this trick with {card}.", seat="CPU1", card="♠K")
    'CPU1 is winning this trick with ♠K.'
    """
    return _CATALOGUE.gettext(pattern).format(**{name: str(value) for name, value in values.items()})


def about_points(points: float) -> str:
    """Expected points as a learner reads them: ``less than a point``, ``about 1 point``, ``about 6 points``.

    >>> about_points(0.3), about_points(1.2), about_points(5.6)
    ('less than a point', 'about 1 point', 'about 6 points')
    """
    if abs(points) < 0.5:
        return _CATALOGUE.gettext("less than a point")
    count = round(abs(points))
    if points < 0:
        return _CATALOGUE.ngettext("a bonus of about {count} point", "a bonus of about {count} points",
                                   count).format(count=count)
    return _CATALOGUE.ngettext("about {count} point", "about {count} points", count).format(count=count)
