"""Small sentence pieces shared by every message a learner reads.

Design choices:

* Messages are written for a learner, so the same few grammatical pieces (a list joined
  with "and", "1 point" against "3 points", "You have" against "CPU1 has") appear in the
  engine's refusals, the coach and every widget.  They live here once, so a message reads
  the same wherever it is built and an empty list can never raise.
* Pure standard library: the engine imports it as well as the widgets.
* Every sentence a learner reads is one whole pattern with named placeholders, passed to
  :func:`say` (or :func:`say_n` when it depends on a count) as a literal, so Babel's
  extractor finds it (``./dev translations``) and a translator can reorder it.  A pattern
  kept in a table for later is wrapped in :func:`marked` where it is written.  The
  English pattern is the message id; English needs no catalogue.
* One language is active per process (a kernel serves one page): :func:`set_language`
  installs the compiled catalogue ``locale/<code>/LC_MESSAGES/hearts.mo`` shipped inside
  this package, read with the standard library's :mod:`gettext`, so the engine needs
  nothing more under Pyodide either.
* Which language a kernel speaks comes from where its page is, because a translated
  notebook's code is the English one: Voilà starts a page's kernel in the notebook's folder
  (``lessons/ja/``), the static site's Pyodide kernel in the page's folder of its drive
  (``/drive/ja`` for ``ja/03-practice.html``), and a translation's folder is named by its
  code (:func:`folder_language`).  ``HEARTS_LANG`` overrides the folder (tests, a shell).
  The language is settled at the first word said, not at import, and settled again by
  :func:`follow_page` (every widget calls it as it is built) while nobody chose it: the
  static site's kernel is restored from a memory snapshot taken after importing the
  packages at build time, in another folder, and only moves into the page's folder
  afterwards.  :func:`set_language` settles it for good (the index's language picker).

>>> and_list(["♣3", "♣5", "♣A"])
'♣3, ♣5 and ♣A'
>>> points_phrase(1), points_phrase(0), points_phrase(14)
('1 point', 'no points', '14 points')
"""

from __future__ import annotations

import gettext
import os
import warnings
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Final

from hearts_core.errors import InvalidPositionError, quote_input
from hearts_core.rules import SEAT_NAMES

if TYPE_CHECKING:
    from hearts_core.cards import Card

__all__ = [
    "LANGUAGES", "LANGUAGE_ENV", "NATIVE_NAMES", "TRANSLATED", "about_points", "and_list", "card_button_name",
    "card_name", "detect_language", "folder_language", "follow_page", "language", "marked", "names_list",
    "points_phrase", "say", "say_n", "seat_name", "set_language", "suit_name", "translate",
]

LANGUAGES: Final = ("en", "ja", "es")
"""The languages the course speaks, English first (the message ids themselves)."""
TRANSLATED: Final = LANGUAGES[1:]
"""Every language but English: each has its catalogues and its folder of notebooks."""
DOMAIN: Final = "hearts"
LOCALE_DIR: Final = Path(__file__).parent / "locale"

NATIVE_NAMES: Final = {"en": "English", "ja": "日本語", "es": "Español"}
"""Each language named in itself, as a language picker shows it (never translated)."""
LANGUAGE_ENV: Final = "HEARTS_LANG"
"""An environment variable naming the language outright, over the page's folder."""

_CATALOGUE: gettext.NullTranslations | None = None
"""Where translated patterns come from; ``None`` until the language is settled (module docstring)."""
_LANGUAGE = "en"
_CHOSEN = False
"""Whether :func:`set_language` chose the language (else it follows the page: :func:`follow_page`)."""


def folder_language(folder: Path | str | None = None) -> str:
    """The language of the lessons in ``folder`` (the working directory by default).

    A translation's notebooks live in a folder named by its code (``lessons/ja``); every
    other folder holds the English ones.

    >>> folder_language("lessons/ja"), folder_language("/drive/es"), folder_language("lessons")
    ('ja', 'es', 'en')
    """
    if folder is None:
        try:
            folder = os.getcwd()
        except OSError:  # the working directory was removed: nothing says otherwise
            return "en"
    name = Path(folder).name
    return name if name in LANGUAGES else "en"


def detect_language(environ: Mapping[str, str] | None = None, folder: Path | str | None = None) -> str:
    """The language this process should speak: ``HEARTS_LANG`` if set, else the page's folder's.

    An unknown ``HEARTS_LANG`` is ignored with a warning naming it (a page must still open).

    >>> detect_language({"HEARTS_LANG": "es"}, "lessons/ja"), detect_language({}, "lessons/ja")
    ('es', 'ja')
    """
    wanted = (os.environ if environ is None else environ).get(LANGUAGE_ENV, "").strip()
    if wanted in LANGUAGES:
        return wanted
    if wanted:
        warnings.warn(f"{LANGUAGE_ENV}={quote_input(wanted)} is not a language the course speaks "
                      f"({', '.join(LANGUAGES)}); the page's folder decides", stacklevel=2)
    return folder_language(folder)


def _active() -> gettext.NullTranslations:
    """The active catalogue, settling the language on first use (module docstring)."""
    if _CATALOGUE is None:
        follow_page()
    assert _CATALOGUE is not None  # follow_page installed one
    return _CATALOGUE


def follow_page() -> str:
    """Speak the language of where this process's page is (:func:`detect_language`), unless one was chosen.

    Returns the language spoken now.  Cheap (an environment lookup and the working directory),
    so every widget calls it as it is built.
    """
    if _CHOSEN and _CATALOGUE is not None:
        return _LANGUAGE
    wanted = detect_language()
    if _CATALOGUE is None or wanted != _LANGUAGE:
        _install(wanted, chosen=False)
    return _LANGUAGE


def language() -> str:
    """The code of the language messages are said in now: ``en``, ``ja`` or ``es``."""
    _active()
    return _LANGUAGE


def set_language(code: str) -> None:
    """Say every later message in language ``code`` (one of :data:`LANGUAGES`); the page's folder
    no longer decides (:func:`follow_page`).

    An unknown code raises :class:`ValueError` naming it and changes nothing.
    """
    _install(code, chosen=True)


def _install(code: str, *, chosen: bool) -> None:
    global _CATALOGUE, _LANGUAGE, _CHOSEN  # one language per process, by design (module docstring)
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {quote_input(code)}; the course speaks {', '.join(LANGUAGES)}")
    catalogue = (gettext.NullTranslations() if code == "en" else
                 gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[code], fallback=True))
    _CATALOGUE, _LANGUAGE, _CHOSEN = catalogue, code, chosen


def use_catalogue(catalogue: gettext.NullTranslations, code: str) -> None:
    """Say every later message through ``catalogue`` under the name ``code`` (tests' pseudo-language)."""
    global _CATALOGUE, _LANGUAGE, _CHOSEN  # one language per process, by design (module docstring)
    _CATALOGUE, _LANGUAGE, _CHOSEN = catalogue, code, True


def marked(pattern: str) -> str:
    """Mark a pattern kept for later (in a table, a constant) so Babel extracts it; returns it unchanged.

    The pattern is translated when it is said: ``say(TABLE[key], ...)``.
    """
    return pattern


def translate(pattern: str) -> str:
    """The active language's form of ``pattern``, placeholders left unfilled (for front ends that fill them)."""
    return _active().gettext(pattern)


def translate_n(singular: str, plural_pattern: str, count: int) -> str:
    """The active language's form of a pattern that depends on ``count``, placeholders left unfilled."""
    return _active().ngettext(singular, plural_pattern, count)


def plural_index(count: int) -> int:
    """Which of the active catalogue's plural forms ``count`` takes (0 for "one" in English)."""
    plural_rule = getattr(_active(), "plural", None)
    return int(plural_rule(count)) if plural_rule else int(count != 1)

LEARNER_SEAT = 0
"""The seat the learner plays; messages address it as "you"."""


def seat_name(seat: int) -> str:
    """``You``, ``CPU1``, ``CPU2``, ``CPU3``."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(SEAT_NAMES):
        raise InvalidPositionError(f"seats are numbered 0 to 3, not {quote_input(seat)}")
    return translate(_SEAT_NAMES[seat])


_SEAT_NAMES: Final = (marked("You"), marked("CPU1"), marked("CPU2"), marked("CPU3"))
assert _SEAT_NAMES == SEAT_NAMES  # the record's names are the English message ids


def and_list(items: Iterable[object]) -> str:
    """Join items as a learner would write them: ``a``, ``a and b``, ``a, b and c``; ``""`` when empty."""
    return _listed([str(item) for item in items],
                   lambda joined, text: say("{items}, {item}", items=joined, item=text),
                   lambda joined, text: say("{items} and {last}", items=joined, last=text))


def _listed(texts: list[str], between: Callable[[str, str], str], last: Callable[[str, str], str]) -> str:
    """``texts`` joined pairwise: ``between`` adds each middle text to the list so far, ``last`` the last one."""
    if len(texts) <= 1:
        return "".join(texts)
    joined = texts[0]
    for text in texts[1:-1]:
        joined = between(joined, text)
    return last(joined, texts[-1])


def names_list(names: Iterable[object]) -> str:
    """Names read as titles (a puzzle's themes) listed inside a sentence, set off as the language sets off titles.

    Each name is set off as the language sets off a title: English in quotation marks, since
    a theme's name may hold a colon of its own ("Play last: choose with the whole trick in
    view") and would otherwise run into the sentence; Spanish «…», so the name's capital is
    the title's and not a capital in mid-sentence; Japanese 「…」.  The names are joined with
    the language's words for a list of names (Japanese 、: と after a name ending in a verb
    reads as "if").

    >>> names_list(["Stop the moon", "Plan the last tricks", "Go for the moon"])
    '“Stop the moon”, “Plan the last tricks” and “Go for the moon”'
    """
    # Translators: one name (a puzzle's theme) inside a sentence, set off as your language sets off a title.
    texts = [say("“{name}”", name=name) for name in names]
    return _listed(texts,
                   # Translators: names of themes in a list, as in "Themes of this puzzle: {themes}."
                   lambda joined, text: say("{names}, {name}", names=joined, name=text),
                   # Translators: the last name of a list of theme names, as in "Themes of this puzzle: {themes}."
                   lambda joined, text: say("{names} and {name}", names=joined, name=text))


def points_phrase(points: int) -> str:
    """``no points``, ``1 point``, ``13 points``."""
    if points == 0:
        return say("no points")
    return say_n("{count} point", "{count} points", points)


def say_n(singular: str, plural_pattern: str, count: int, **values: object) -> str:
    """A whole sentence pattern that depends on ``count`` (gettext's ``ngettext``); ``{count}`` is filled too.

    >>> say_n("{seat} has {count} card left.", "{seat} has {count} cards left.", 2, seat="CPU2")
    'CPU2 has 2 cards left.'
    """
    filled = {"count": count, **{name: str(value) for name, value in values.items()}}
    return _active().ngettext(singular, plural_pattern, count).format(**filled)


_RANK_NAMES: Final = {
    2: marked("two"), 3: marked("three"), 4: marked("four"), 5: marked("five"), 6: marked("six"),
    7: marked("seven"), 8: marked("eight"), 9: marked("nine"), 10: marked("ten"), 11: marked("jack"),
    12: marked("queen"), 13: marked("king"), 14: marked("ace"),
}
_SUIT_NAMES: Final = (marked("clubs"), marked("diamonds"), marked("spades"), marked("hearts"))


def suit_name(suit: int) -> str:
    """A suit as a learner reads it in a sentence, in the active language: ``clubs``."""
    return translate(_SUIT_NAMES[int(suit)])


def card_name(card: Card) -> str:
    """A card's spoken name in the active language: ``queen of spades`` (``Card.name`` stays English).

    >>> from hearts_core.cards import parse_card
    >>> card_name(parse_card("QS"))
    'queen of spades'
    """
    return say("{rank} of {suit}", rank=translate(_RANK_NAMES[card.rank]), suit=suit_name(card.suit))


def card_button_name(card: Card) -> str:
    """A card's name where its corner shows beside it (a card on screen): ``6 of diamonds``, ``queen of spades``.

    A screen reader speaks the name, and a voice-control user says what the corner shows, so the
    name holds the corner's rank as shown (its digits; a face's letter is the start of its English
    name) and the suit once: the corner's glyph is not repeated as "diamond" before it.

    >>> from hearts_core.cards import parse_card
    >>> card_button_name(parse_card("6D")), card_button_name(parse_card("QS"))
    ('6 of diamonds', 'queen of spades')
    """
    rank = str(card.rank) if card.rank <= 10 else translate(_RANK_NAMES[card.rank])
    return say("{rank} of {suit}", rank=rank, suit=suit_name(card.suit))


def say(pattern: str, **values: object) -> str:
    """One whole sentence pattern, translated when a catalogue is installed, its named placeholders filled.

    Sentences are never glued from fragments, so a translator can reorder a whole one.

    >>> say("{seat} is winning this trick with {card}.", seat="CPU1", card="♠K")
    'CPU1 is winning this trick with ♠K.'
    """
    return _active().gettext(pattern).format(**{name: str(value) for name, value in values.items()})


def about_points(points: float) -> str:
    """Expected points as a learner reads them: ``less than a point``, ``about 1 point``, ``about 6 points``.

    >>> about_points(0.3), about_points(1.2), about_points(5.6)
    ('less than a point', 'about 1 point', 'about 6 points')
    """
    if abs(points) < 0.5:
        return say("less than a point")
    count = round(abs(points))
    if points < 0:
        return say_n("a bonus of about {count} point", "a bonus of about {count} points", count)
    return say_n("about {count} point", "about {count} points", count)
