"""Spaced review of missed puzzles and costly plays, scheduled by FSRS.

Design choices:

* The schedule is the PyPI package ``fsrs`` (Free Spaced Repetition Scheduler, 6.x, pure
  Python).  A puzzle missed, or a costly play from one of the learner's matches (a
  :class:`ReviewItem`), becomes a :class:`ReviewCard` first reviewed as a miss
  (``Rating.Again``) at the moment it happened (:func:`new_card`), so it is due again
  :data:`LEARNING_STEP` later.  Then a right answer is ``Rating.Good`` (the card goes
  further out: a day, then two, then six, and so on) and a wrong one ``Rating.Again``
  (back in ten minutes).
* Fuzzing is off, so a schedule is reproducible; the scheduler (:data:`SCHEDULER`) is
  rebuilt from these constants, not stored.  A card's FSRS id is a hash of the item's id,
  so the same item always gets the same card.
* Puzzle ids and review item ids share one namespace: a match's items carry a prefix of
  their own (``"match:<id>:<hand>:<play>"``, ``widgets.match.advice.mistake_id``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any, Final, Literal

import fsrs

from hearts_learner.puzzle_inputs import utc

__all__ = ["LEARNING_MINUTES", "LEARNING_STEP", "SCHEDULER", "ReviewCard", "ReviewItem", "ReviewKind", "new_card"]

LEARNING_STEP: Final = timedelta(minutes=10)
"""How soon a missed card comes back (FSRS's learning and relearning step)."""
LEARNING_MINUTES: Final = round(LEARNING_STEP.total_seconds() / 60)
""":data:`LEARNING_STEP` in whole minutes, as every sentence promising a miss's return says it."""
SCHEDULER: Final = fsrs.Scheduler(learning_steps=(LEARNING_STEP,), relearning_steps=(LEARNING_STEP,),
                                  enable_fuzzing=False)
"""FSRS with its default weights and 90% desired retention, one ten-minute step, no random fuzz."""

ReviewKind = Literal["puzzle", "play"]


@dataclass(frozen=True)
class ReviewItem:
    """A costly play from one of the learner's matches, to review like a puzzle.

    ``data`` is whatever the page that shows it needs (the position, the play, the better
    one), as JSON values; this module only stores it.
    """

    id: str
    data: Mapping[str, Any] = field(default_factory=dict)
    themes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ReviewCard:
    """A puzzle missed or a costly play, scheduled for review by FSRS."""

    id: str
    kind: ReviewKind
    card: fsrs.Card
    themes: tuple[str, ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict)
    """A play's data (``{}`` for a puzzle, which the catalogue describes)."""
    reviews: int = 0
    """Reviews after the miss that made the card."""
    lapses: int = 0
    """Of those, how many were missed again."""

    @property
    def due(self) -> datetime:
        """When the card is next due."""
        return self.card.due

    def item(self) -> ReviewItem:
        """A play card as the :class:`ReviewItem` it was made from."""
        return ReviewItem(self.id, dict(self.data), self.themes)

    def reviewed(self, correct: bool, now: datetime) -> ReviewCard:
        """This card after an answer at ``now``: right is FSRS's Good, wrong its Again."""
        card, _ = SCHEDULER.review_card(self.card, fsrs.Rating.Good if correct else fsrs.Rating.Again, utc(now))
        return replace(self, card=card, reviews=self.reviews + 1, lapses=self.lapses + (not correct))


def new_card(ident: str, kind: ReviewKind, now: datetime, themes: tuple[str, ...],
             data: Mapping[str, Any]) -> ReviewCard:
    """A card for a miss at ``now``: reviewed once as Again, so it is due :data:`LEARNING_STEP` later."""
    card_id = int.from_bytes(hashlib.sha256(ident.encode("utf-8")).digest()[:6], "big")
    card, _ = SCHEDULER.review_card(fsrs.Card(card_id=card_id, due=now), fsrs.Rating.Again, now)
    return ReviewCard(ident, kind, card, themes, data)
