"""The learner's puzzle progress: the rating, first attempts and review cards, as one value.

Design choices:

* **Values, not mutation.** :class:`PuzzleProgress` is frozen: each change returns a new
  one, and a refused change (bad input, a clear
  :class:`~hearts_learner.puzzle_inputs.PuzzleInputError` naming it) leaves the old one
  exactly as it was.
* **What moves the rating.** Only a *first* attempt at a puzzle is a rated game
  (:mod:`hearts_learner.rating`): it moves the rating and, if missed, makes a review card
  (:mod:`hearts_learner.schedule`).  A later attempt leaves the rating alone and reviews
  the puzzle's card, so retrying a known answer cannot farm points.  A costly play from a
  match is added as a card of its own (:meth:`PuzzleProgress.add_play`).
* **Where a learner starts.**  A progress with no first attempt has the shipped set's
  starting rating (:func:`learner_start`, :func:`hearts_learner.rating.start_glicko`), a
  file read back with none included: only first attempts move a rating, so a rating
  saved before any (a file written when a match's costly play was kept, say, under the
  old start of 1,500) was never the learner's own.  A rating with attempts behind it is
  kept as it was saved.
* The figures a page shows (rating, streaks, accuracy per theme, what is due) are derived
  from the attempts and cards, never stored apart from them.
* The file's form is :mod:`hearts_learner.puzzle_file`; keeping it on disk is
  :mod:`hearts_learner.puzzle_store`; choosing what to solve next is
  :mod:`hearts_learner.puzzle_choice`; the sentences are :mod:`hearts_learner.puzzle_words`.

>>> from datetime import datetime, timezone
>>> from hearts_learner.puzzle_inputs import RatedPuzzle
>>> when = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)
>>> puzzle = RatedPuzzle("p-void-1", 1400.0, ("void",))
>>> progress = PuzzleProgress(glicko=Glicko(1500.0)).record_attempt(puzzle, solved=True, now=when)
>>> progress.rating, progress.last_change, progress.streak
(1632, 132, 1)
>>> progress.record_attempt(puzzle, solved=False, now=when).rating == progress.rating
True
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from hearts_core.errors import quote_input
from hearts_core.puzzles import load_puzzles
from hearts_learner.puzzle_file import progress_document, read_progress
from hearts_learner.puzzle_inputs import PuzzleInputError, PuzzleLike, check_puzzle, check_themes, utc
from hearts_learner.rating import PUZZLE_DEVIATION, Attempt, Game, Glicko, bounded, start_glicko
from hearts_learner.schedule import ReviewCard, ReviewItem, new_card

__all__ = ["PuzzleProgress", "ThemeRecord", "learner_start"]


@functools.cache
def learner_start() -> Glicko:
    """A new learner's rating: :func:`~hearts_learner.rating.start_glicko` of the shipped puzzle set."""
    return start_glicko(puzzle.rating for puzzle in load_puzzles())


@dataclass(frozen=True, slots=True)
class ThemeRecord:
    """First attempts at a theme's puzzles, and how many were solved."""

    attempted: int = 0
    solved: int = 0

    @property
    def accuracy(self) -> float | None:
        """The share solved first time, ``None`` before any attempt."""
        return self.solved / self.attempted if self.attempted else None


@dataclass(frozen=True, slots=True)
class PuzzleProgress:
    """The learner's rating, first attempts and review cards; each change returns a new value."""

    glicko: Glicko = field(default_factory=learner_start)
    """The rating: :func:`learner_start` until the first attempt moves it."""
    attempts: tuple[Attempt, ...] = ()
    """First attempts only, oldest first."""
    cards: tuple[ReviewCard, ...] = ()
    """Review cards in the order they were made."""
    revision: int = 0
    """The revision of ``puzzles.json`` this was read from or written as (0: none yet)."""
    theme: str = ""
    """The theme the learner keeps to on the puzzles page (its key; "" for any), kept for their next visit."""

    # ----------------------------------------------------------- figures

    @property
    def rating(self) -> int:
        """The rating as a learner sees it, rounded."""
        return round(self.glicko.rating)

    @property
    def last_change(self) -> int | None:
        """The shown rating's change after the last first attempt, ``None`` before any."""
        return self.attempts[-1].change if self.attempts else None

    @property
    def changes(self) -> tuple[int, ...]:
        """The shown rating's change after each first attempt, oldest first."""
        return tuple(attempt.change for attempt in self.attempts)

    @property
    def streak(self) -> int:
        """Consecutive first-try solves, up to the latest first attempt."""
        count = 0
        for attempt in reversed(self.attempts):
            if not attempt.solved:
                break
            count += 1
        return count

    @property
    def best_streak(self) -> int:
        """The longest run of first-try solves so far."""
        best = run = 0
        for attempt in self.attempts:
            run = run + 1 if attempt.solved else 0
            best = max(best, run)
        return best

    def accuracy(self) -> dict[str, ThemeRecord]:
        """Per theme (in alphabetical order), the first attempts and first-try solves."""
        counts: dict[str, list[int]] = {}
        for attempt in self.attempts:
            for theme in attempt.themes:
                tally = counts.setdefault(theme, [0, 0])
                tally[0] += 1
                tally[1] += attempt.solved
        return {theme: ThemeRecord(*counts[theme]) for theme in sorted(counts)}

    def solved_in(self, lesson: str) -> int:
        """First attempts made in strategy lesson ``lesson`` and right at the first try (what its mark counts)."""
        return sum(1 for attempt in self.attempts if attempt.solved and attempt.lesson == lesson)

    def answered_in(self, lesson: str) -> int:
        """First attempts made in strategy lesson ``lesson``, right or wrong (what its ★ are counted out of)."""
        return sum(1 for attempt in self.attempts if attempt.lesson == lesson)

    def attempted(self, puzzle_id: str) -> bool:
        """Whether the learner has had a first attempt at ``puzzle_id``."""
        return any(attempt.puzzle_id == puzzle_id for attempt in self.attempts)

    def card(self, item_id: str) -> ReviewCard | None:
        """The review card for a puzzle or play, ``None`` if it has none."""
        return next((card for card in self.cards if card.id == item_id), None)

    def due(self, now: datetime | None = None) -> tuple[ReviewCard, ...]:
        """The cards due at ``now``, the most overdue first (ties by id)."""
        moment = utc(now)
        return tuple(sorted((card for card in self.cards if card.due <= moment), key=lambda card: (card.due, card.id)))

    # ----------------------------------------------------------- changes

    def record_attempt(self, puzzle: PuzzleLike, solved: bool, *, now: datetime | None = None,
                       lesson: str = "") -> PuzzleProgress:
        """This progress after an attempt at ``puzzle``, made in strategy lesson ``lesson`` ("" on the puzzles page).

        A first attempt moves the rating (a game against the puzzle), is kept with its
        lesson and, if missed, makes a review card.  A later attempt leaves the rating alone:
        it reviews the puzzle's card if it has one, and a miss of a puzzle without one makes one.
        """
        check_puzzle(puzzle)
        if not isinstance(lesson, str):
            raise PuzzleInputError(f"the lesson of an attempt must be text, not {quote_input(lesson)}")
        if not isinstance(solved, bool):
            raise PuzzleInputError(f"whether puzzle {puzzle.id!r} was solved must be True or False, "
                                   f"not {quote_input(solved)}")
        moment = utc(now)
        progress = self
        if not self.attempted(puzzle.id):
            after = bounded(self.glicko.after([Game(float(puzzle.rating), PUZZLE_DEVIATION, float(solved))]))
            attempt = Attempt(puzzle.id, solved, moment, float(puzzle.rating), tuple(puzzle.themes), self.glicko, after,
                              lesson)
            progress = replace(self, glicko=after, attempts=(*self.attempts, attempt))
            if not solved:
                return progress._with_card(new_card(puzzle.id, "puzzle", moment, tuple(puzzle.themes), {}))
            return progress
        if self.card(puzzle.id) is not None:
            return progress.review(puzzle.id, solved, now=moment)
        if not solved:
            return progress._with_card(new_card(puzzle.id, "puzzle", moment, tuple(puzzle.themes), {}))
        return progress

    def add_play(self, item: ReviewItem, *, now: datetime | None = None) -> PuzzleProgress:
        """This progress with a costly play to review, scheduled as a miss at ``now``.

        An id that already has a card changes nothing (the same match reviewed twice).
        """
        if not isinstance(item, ReviewItem):
            raise PuzzleInputError(f"a play to review must be a ReviewItem, not {quote_input(item)}")
        if not isinstance(item.id, str) or not item.id:
            raise PuzzleInputError(f"a play to review needs non-empty text as its id, not {quote_input(item.id)}")
        check_themes(item.themes, f"play {item.id!r}")
        if not isinstance(item.data, Mapping):
            raise PuzzleInputError(f"play {item.id!r} must carry its data as a mapping, not {quote_input(item.data)}")
        try:
            data = json.loads(json.dumps(dict(item.data), allow_nan=False))
        except (TypeError, ValueError, RecursionError) as problem:
            raise PuzzleInputError(f"play {item.id!r} has data that cannot be saved as JSON ({problem})") from None
        moment = utc(now)
        if self.card(item.id) is not None:
            return self
        return self._with_card(new_card(item.id, "play", moment, item.themes, data))

    def review(self, item_id: str, correct: bool, *, now: datetime | None = None) -> PuzzleProgress:
        """This progress after reviewing the card ``item_id``: right sends it further out, wrong brings it back soon."""
        if not isinstance(correct, bool):
            raise PuzzleInputError(f"whether {quote_input(item_id)} was answered right must be True or False, "
                                   f"not {quote_input(correct)}")
        card = self.card(item_id) if isinstance(item_id, str) else None
        if card is None:
            raise PuzzleInputError(f"there is no review card {quote_input(item_id)}")
        reviewed = card.reviewed(correct, utc(now))
        return replace(self, cards=tuple(reviewed if other.id == item_id else other for other in self.cards))

    def with_theme(self, theme: str) -> PuzzleProgress:
        """This progress keeping to ``theme`` on the puzzles page (a theme's key; "" for any)."""
        if not isinstance(theme, str):
            raise PuzzleInputError(f"a theme must be text, not {quote_input(theme)}")
        return replace(self, theme=theme)

    def _with_card(self, card: ReviewCard) -> PuzzleProgress:
        return replace(self, cards=(*self.cards, card))
    # ----------------------------------------------------------- the file's form

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of ``puzzles.json`` (the revision is the store's to write)."""
        return progress_document(self.glicko, self.attempts, self.cards, self.revision, self.theme)

    @classmethod
    def from_dict(cls, data: object) -> PuzzleProgress:
        """Read the JSON form; anything malformed raises :class:`hearts_learner.files.CorruptFileError` naming it."""
        parts = read_progress(data)
        return cls(parts.glicko if parts.attempts else learner_start(), *parts[1:])
