"""What a puzzle page hands the learner's puzzle progress, and the checks it passes first.

Design choices:

* Any object with an ``id``, a ``rating`` and ``themes`` is a puzzle here
  (:class:`PuzzleLike`): the shipped catalogue's :class:`hearts_core.puzzles.Puzzle`, the
  puzzle page's own entries, or a :class:`RatedPuzzle`, the minimal value of just those
  three (named for what it is, so it is never taken for the catalogue's full puzzle).
* Everything handed in is checked before it is used, and a refusal is a
  :class:`PuzzleInputError` that quotes the input (:func:`hearts_core.errors.quote_input`);
  a refused change leaves the progress exactly as it was.
* **Time.** Every function that depends on time takes ``now`` (an aware datetime; it is
  kept in UTC, :func:`utc`); the wall clock is read only as the default when ``now`` is
  omitted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Protocol, TypeVar

from hearts_core.errors import quote_input
from hearts_learner.rating import RATING_RANGE, is_rating

__all__ = [
    "P",
    "PuzzleInputError",
    "PuzzleLike",
    "RatedPuzzle",
    "check_catalogue",
    "check_puzzle",
    "check_themes",
    "utc",
]


class PuzzleInputError(ValueError):
    """A puzzle, review item, theme, answer or time this module cannot use; the message quotes it."""


class PuzzleLike(Protocol):
    """What this module needs of a puzzle: an id, a rating and its themes."""

    @property
    def id(self) -> str: ...

    @property
    def rating(self) -> float: ...

    @property
    def themes(self) -> tuple[str, ...]: ...


P = TypeVar("P", bound=PuzzleLike)


@dataclass(frozen=True, slots=True)
class RatedPuzzle:
    """A puzzle as the learner's progress sees it: its id, its rating and its themes, nothing more.

    Any object with ``id``, ``rating`` and ``themes`` will do (:class:`PuzzleLike`); this is the
    smallest one, for tests and examples.
    """

    id: str
    rating: float
    themes: tuple[str, ...] = ()


def check_puzzle(puzzle: object) -> PuzzleLike:
    """``puzzle`` if it has a usable id, rating and themes, else :class:`PuzzleInputError`."""
    try:
        ident, rating, themes = puzzle.id, puzzle.rating, puzzle.themes  # type: ignore[attr-defined]
    except AttributeError:
        raise PuzzleInputError(f"a puzzle needs an id, a rating and themes, not {quote_input(puzzle)}") from None
    if not isinstance(ident, str) or not ident:
        raise PuzzleInputError(f"a puzzle's id must be non-empty text, not {quote_input(ident)}")
    if not is_rating(rating):
        raise PuzzleInputError(f"puzzle {ident!r} has the rating {quote_input(rating)}, "
                               f"not a number from {RATING_RANGE[0]:g} to {RATING_RANGE[1]:g}")
    check_themes(themes, f"puzzle {ident!r}")
    return puzzle  # type: ignore[return-value]


def check_themes(themes: object, owner: str) -> tuple[str, ...]:
    """``themes`` if it is a tuple of non-empty names, else :class:`PuzzleInputError` naming ``owner``."""
    if not isinstance(themes, tuple) or not all(isinstance(theme, str) and theme for theme in themes):
        raise PuzzleInputError(f"{owner} must have a tuple of theme names, not {quote_input(themes)}")
    return themes


def check_catalogue(puzzles: Sequence[P]) -> list[P]:
    """``puzzles`` as a list, each checked and no id twice, else :class:`PuzzleInputError`."""
    if isinstance(puzzles, str | bytes) or not isinstance(puzzles, Sequence):
        raise PuzzleInputError(f"the puzzles must be a list, not {quote_input(puzzles)}")
    seen: set[str] = set()
    for puzzle in puzzles:
        check_puzzle(puzzle)
        if puzzle.id in seen:
            raise PuzzleInputError(f"two puzzles have the id {puzzle.id!r}")
        seen.add(puzzle.id)
    return list(puzzles)


def utc(now: datetime | None) -> datetime:
    """``now`` in UTC (the wall clock when omitted); a time without a zone is refused."""
    if now is None:
        return datetime.now(UTC)
    if not isinstance(now, datetime) or now.tzinfo is None or now.utcoffset() is None:
        raise PuzzleInputError(f"the time must be a datetime with its time zone, not {quote_input(now)}")
    return now.astimezone(UTC)
