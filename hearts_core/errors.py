"""The engine's errors: one base class, one subclass per kind of bad input.

All of them subclass :class:`ValueError`, because each one means "this input is wrong",
and callers that only care about that can catch ``ValueError``.  Messages quote the
offending input so that a learner or a maintainer can see what was refused.

:class:`~hearts_core.legality.IllegalMove` carries a
:class:`~hearts_core.legality.Verdict`, so it lives beside it in
:mod:`hearts_core.legality` and is imported from there (or from ``hearts_core``).  This
module imports nothing of the engine, so every other module can use it without an
import cycle.
"""

from __future__ import annotations

import reprlib
from typing import Final

__all__ = [
    "HeartsError",
    "InvalidCardError",
    "InvalidOptionError",
    "InvalidPositionError",
    "InvalidRecordError",
]

QUOTE_LIMIT: Final = 60
"""Most characters of a piece of input that an error message repeats."""

# A message quotes the input it refuses, but a record or a front-end message can hold
# megabytes or deeply nested lists: reprlib cuts long strings, long lists and deep
# nesting, so a message stays one short line whatever it was given.
class _ShortRepr(reprlib.Repr):
    def repr_int(self, x: int, level: int) -> str:
        # repr() itself refuses integers above 4,300 digits; a bound on bits avoids asking.
        if x.bit_length() > 4 * QUOTE_LIMIT:
            return f"<a number of {len(str(x)) if x.bit_length() < 14_000 else 'over 4,000'} digits>"
        return super().repr_int(x, level)


_SHORT = _ShortRepr()
_SHORT.maxstring = _SHORT.maxother = _SHORT.maxlong = QUOTE_LIMIT
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = _SHORT.maxset = 4
_SHORT.maxlevel = 2


def quote_input(value: object) -> str:
    """``repr(value)`` cut short (at most twice :data:`QUOTE_LIMIT` characters), for quoting input in a message.

    >>> quote_input("♠Q")
    "'♠Q'"
    >>> len(quote_input("x" * 10_000)) <= QUOTE_LIMIT
    True
    """
    text = _SHORT.repr(value)
    # reprlib bounds each piece; a dict of long keys and nested values can still add up.
    return text if len(text) <= 2 * QUOTE_LIMIT else text[: 2 * QUOTE_LIMIT] + "…"


class HeartsError(ValueError):
    """Base class of every error the engine raises for bad input."""


class InvalidCardError(HeartsError):
    """Text that is not a card in any accepted notation."""


class InvalidPositionError(HeartsError):
    """A position that cannot arise in a game (for example a five-card trick).

    ``part`` names the piece of the input that is wrong when there is one to name, such as
    ``"tricks, trick 3, card 2"`` for a position in the notation of ``docs/notation.md``;
    otherwise it is ``None``.

    ``said`` is the same refusal as a learner reads it, in the active language (the
    message itself stays English, for logs and the checker), or ``None`` when the refusal
    was not written for a learner.
    """

    def __init__(self, message: str, *, part: str | None = None, said: str | None = None) -> None:
        super().__init__(message)
        self.part = part
        self.said = said


class InvalidOptionError(HeartsError):
    """A setting out of range: a house-rule field, a bot level, a time budget, a hand number."""


class InvalidRecordError(HeartsError):
    """A match record or save file that cannot be read; the message says what and where."""

