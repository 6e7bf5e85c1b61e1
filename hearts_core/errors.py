"""The engine's errors: one base class, one subclass per kind of bad input.

All of them subclass :class:`ValueError`, because each one means "this input is wrong",
and callers that only care about that can catch ``ValueError``.  Messages quote the
offending input so that a learner or a maintainer can see what was refused.

:class:`~hearts_core.legality.IllegalMove` carries a
:class:`~hearts_core.legality.Verdict`, so it lives beside it in
:mod:`hearts_core.legality`.  It is still importable from here for older callers, but
lazily: this module imports nothing of the engine, so :mod:`hearts_core.cards` can use it
without an import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hearts_core.legality import IllegalMove

__all__ = [
    "HeartsError",
    "IllegalMove",
    "InvalidCardError",
    "InvalidOptionError",
    "InvalidPositionError",
    "InvalidRecordError",
]


class HeartsError(ValueError):
    """Base class of every error the engine raises for bad input."""


class InvalidCardError(HeartsError):
    """Text that is not a card in any accepted notation."""


class InvalidPositionError(HeartsError):
    """A position that cannot arise in a game (for example a five-card trick)."""


class InvalidOptionError(HeartsError):
    """A setting out of range: a house-rule field, a bot level, a time budget, a hand number."""


class InvalidRecordError(HeartsError):
    """A match record or save file that cannot be read; the message says what and where."""


def __getattr__(name: str) -> object:
    # The lazy re-export of IllegalMove described in the module docstring: importing
    # legality at the top would bring back the cycle cards -> errors -> legality -> cards.
    if name == "IllegalMove":
        from hearts_core.legality import IllegalMove  # noqa: PLC0415

        return IllegalMove
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
