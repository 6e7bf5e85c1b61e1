"""Every sentence the learner's puzzle progress writes for a learner, and the short texts a puzzle page shows.

Design choices:

* Each sentence is one whole pattern with named placeholders, in :data:`PATTERNS`, marked
  for the catalogue and said in the active language by :func:`hearts_core.wording.say`,
  so a translator can reorder it.  Numbers are grouped as the language groups them
  (:func:`hearts_core.phrasing.whole_number`).
* The texts read a :class:`~hearts_learner.puzzle_progress.PuzzleProgress` and decide
  nothing: the figures are the progress's own.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Final

from hearts_core.phrasing import whole_number
from hearts_core.wording import marked, say

if TYPE_CHECKING:  # the progress imports these words (its file's sentences), so only a type checker looks back
    from hearts_learner.puzzle_progress import PuzzleProgress, ThemeRecord

__all__ = ["PATTERNS", "due_text", "rating_text", "streak_text", "theme_text"]

PATTERNS: Final = {
    "rating": marked("Rating {rating}"),
    "rating_up": marked("Rating {rating} (+{change})"),
    "rating_down": marked("Rating {rating} (−{change})"),
    "rating_same": marked("Rating {rating} (no change)"),
    "streak": marked("{count} in a row"),
    "no_streak": marked("No first-try solves in a row yet"),
    "theme": marked("{theme}: {solved} of {attempted} solved first time"),
    "theme_none": marked("{theme}: not tried yet"),
    "due": marked("To review now: {count}"),
    "unreadable": marked("Your puzzle progress could not be read, so it starts again. "
                         "The old file was kept as {kept}."),
    "unreadable_unmoved": marked("Your puzzle progress could not be read, so it starts again. "
                                 "The old file was kept as {kept} (it could not be moved: {problem})."),
    "newer": marked("Your puzzle progress was saved by a newer version of these lessons ({found}), "
              "so this one leaves it alone and will not save over it."),
}
"""Every sentence the puzzle progress writes for a learner, each a whole pattern for :func:`hearts_core.wording.say`."""


def rating_text(progress: PuzzleProgress) -> str:
    """``Rating 1,512 (+12)``: the rounded rating and its change after the last first attempt."""
    rating = whole_number(progress.rating)
    change = progress.last_change
    if change is None:
        return say(PATTERNS["rating"], rating=rating)
    if change > 0:
        return say(PATTERNS["rating_up"], rating=rating, change=whole_number(change))
    if change < 0:
        return say(PATTERNS["rating_down"], rating=rating, change=whole_number(-change))
    return say(PATTERNS["rating_same"], rating=rating)


def streak_text(progress: PuzzleProgress) -> str:
    """``3 in a row``: the current run of first-try solves."""
    if progress.streak == 0:
        return say(PATTERNS["no_streak"])
    return say(PATTERNS["streak"], count=whole_number(progress.streak))


def theme_text(theme: str, record: ThemeRecord) -> str:
    """``void: 4 of 5 solved first time``."""
    if record.attempted == 0:
        return say(PATTERNS["theme_none"], theme=theme)
    return say(PATTERNS["theme"], theme=theme, solved=whole_number(record.solved),
               attempted=whole_number(record.attempted))


def due_text(progress: PuzzleProgress, now: datetime | None = None) -> str:
    """``To review now: 2``."""
    return say(PATTERNS["due"], count=whole_number(len(progress.due(now))))
