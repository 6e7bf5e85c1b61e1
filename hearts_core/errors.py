"""The engine's errors: one base class, one subclass per kind of bad input.

All of them subclass :class:`ValueError`, because each one means "this input is wrong",
and callers that only care about that can catch ``ValueError``.  Messages quote the
offending input so that a learner or a maintainer can see what was refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hearts_core.legality import Verdict

__all__ = ["HeartsError", "IllegalMove", "InvalidCardError", "InvalidPositionError", "InvalidRecordError"]


class HeartsError(ValueError):
    """Base class of every error the engine raises for bad input."""


class InvalidCardError(HeartsError):
    """Text that is not a card in any accepted notation."""


class InvalidPositionError(HeartsError):
    """A position that cannot arise in a game (for example a five-card trick)."""


class InvalidRecordError(HeartsError):
    """A match record or save file that cannot be read; the message says what and where."""


class IllegalMove(HeartsError):
    """An action the rules refuse; ``verdict`` says which rule and why.

    The state the action was tried on is left exactly as it was.
    """

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict.message)
        self.verdict = verdict
