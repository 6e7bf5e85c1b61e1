"""Choosing what the learner solves next: due reviews first, then a new puzzle near their rating;
and the puzzle of the day.

Design choices:

* **Next puzzle** (:func:`next_puzzle`): review cards that are due come first, the most
  overdue first; then a puzzle never attempted, drawn from the :data:`CHOICE_POOL` nearest
  the learner's rating (ties by id; none more than :data:`CHOICE_WINDOW` farther than the
  nearest), with a seeded draw so the same seed, progress and catalogue always give the
  same puzzle.  A theme narrows the new puzzles to those carrying it, not the reviews: a
  miss was promised back at its time (:data:`hearts_learner.schedule.LEARNING_STEP`), and
  the count of reviews due says so, whatever theme the learner has turned to since.
* :func:`puzzle_of_the_day` is the same for everyone on a UTC date: a SHA-256 of the ISO
  date indexes the sorted ids (Python's own ``hash`` of a string changes from run to run,
  so it is not used).
* **Each puzzle on one idea** (:func:`own_ideas`): a puzzle usually carries several themes,
  the broad ones ("count the suit", "duck") on most puzzles and a telling one on few (a
  moon try, a queen drop).  The tagger lists a puzzle's themes main idea first, by a fixed
  priority of ideas (:data:`hearts_core.puzzle_themes.THEME_TESTS`), so where puzzles are
  grouped by idea (the strategy lessons, one group of themes each) a puzzle goes to the
  group of the first of its themes that any group holds: a ducking lesson is not handed a
  moon try that happens to lead a low card, nor a ♠Q dropped under a higher spade, and no
  puzzle counts in two groups.  (Grouping by the rarest theme instead made the grouping
  depend on counts: after a re-mine, "duck with the highest card" came out rarer than
  "drop ♠Q", and the queen drops went to the ducking lesson.)
* Both take the time as an argument (``now``, ``day``); the wall clock is only the default.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from datetime import UTC, date, datetime
from typing import Final

from hearts_core.errors import quote_input
from hearts_learner.puzzle_inputs import P, PuzzleInputError, check_catalogue, utc
from hearts_learner.puzzle_progress import PuzzleProgress
from hearts_learner.schedule import ReviewItem

__all__ = ["CHOICE_POOL", "CHOICE_WINDOW", "next_puzzle", "own_ideas", "puzzle_of_the_day"]

CHOICE_POOL: Final = 3
"""How many of the unattempted puzzles nearest the learner's rating the next one is drawn from."""
CHOICE_WINDOW: Final = 100.0
"""How much farther from the rating than the nearest one a puzzle in that pool may be."""

def next_puzzle(puzzles: Sequence[P], theme: str | None, progress: PuzzleProgress, *,
                now: datetime | None = None, seed: str | int | None = None) -> P | ReviewItem | None:
    """The next thing to solve: a due review first, else a new puzzle near the learner's rating.

    Due cards come the most overdue first: a puzzle's as the puzzle itself (when it is
    still in ``puzzles``), a play's as its :class:`ReviewItem`.  Otherwise one of the
    :data:`CHOICE_POOL` unattempted puzzles nearest the rating (none more than
    :data:`CHOICE_WINDOW` farther than the nearest), drawn with ``seed``
    (default: the UTC date of ``now``) and the number of attempts, so the same inputs
    always give the same puzzle.  ``theme`` (``None`` for all) keeps only the new puzzles
    carrying it; a due review comes first whatever its theme.  ``None`` when nothing is left.

    >>> from datetime import datetime, timezone
    >>> from hearts_learner.puzzle_inputs import RatedPuzzle
    >>> catalogue = [RatedPuzzle("easy", 1100.0, ("lead",)), RatedPuzzle("near", 1480.0, ("void",)),
    ...              RatedPuzzle("hard", 2100.0, ("void",))]
    >>> next_puzzle(catalogue, "void", PuzzleProgress(), now=datetime(2026, 12, 1, tzinfo=timezone.utc), seed=1).id
    'near'
    """
    catalogue = check_catalogue(puzzles)
    if not isinstance(progress, PuzzleProgress):
        raise PuzzleInputError(f"the progress must be a PuzzleProgress, not {quote_input(progress)}")
    moment = utc(now)
    if theme is not None:
        known = {name for puzzle in catalogue for name in puzzle.themes}
        known |= {name for card in progress.cards if card.kind == "play" for name in card.themes}
        if not isinstance(theme, str) or theme not in known:
            raise PuzzleInputError(f"no puzzle has the theme {quote_input(theme)}; "
                                   f"the themes are {', '.join(sorted(known)) or 'none'}")
    by_id = {puzzle.id: puzzle for puzzle in catalogue}
    for card in progress.due(moment):
        if card.kind == "play":
            return card.item()
        if card.id in by_id:
            return by_id[card.id]
    done = {attempt.puzzle_id for attempt in progress.attempts} | {card.id for card in progress.cards}
    fresh = [puzzle for puzzle in catalogue
             if puzzle.id not in done and (theme is None or theme in puzzle.themes)]
    if not fresh:
        return None
    target = progress.glicko.rating
    nearest = sorted(fresh, key=lambda puzzle: (abs(puzzle.rating - target), puzzle.id))[:CHOICE_POOL]
    closest = abs(nearest[0].rating - target)
    pool = [puzzle for puzzle in nearest if abs(puzzle.rating - target) <= closest + CHOICE_WINDOW]
    if seed is None:
        seed = moment.date().isoformat()
    if not isinstance(seed, str | int) or isinstance(seed, bool):
        raise PuzzleInputError(f"the seed must be text or a whole number, not {quote_input(seed)}")
    draw = random.Random(f"{seed}|{len(progress.attempts)}")  # a str seed is the same in every run
    return pool[draw.randrange(len(pool))]


def own_ideas(puzzles: Sequence[P], groups: Mapping[str, Sequence[str]]) -> dict[str, list[P]]:
    """The puzzles of each group of themes, each puzzle in the one group holding its main idea.

    A puzzle's main idea is the first of its themes, in the order it gives them, that a
    group holds (the tagger gives the main idea first).  A puzzle with no theme of any group
    is in none.

    >>> from hearts_learner.puzzle_inputs import RatedPuzzle
    >>> catalogue = [RatedPuzzle("a", 900.0, ("duck", "count")), RatedPuzzle("b", 900.0, ("moon", "duck")),
    ...              RatedPuzzle("c", 900.0, ("stray", "count"))]
    >>> {key: [puzzle.id for puzzle in found] for key, found in own_ideas(catalogue, {
    ...     "ducking": ("duck",), "counting": ("count",), "moon": ("moon",)}).items()}
    {'ducking': ['a'], 'counting': ['c'], 'moon': ['b']}
    """
    catalogue = check_catalogue(puzzles)
    owner: dict[str, str] = {}
    for key, themes in groups.items():
        for theme in themes:
            if theme in owner:
                raise PuzzleInputError(f"the theme {quote_input(theme)} is in two groups, "
                                       f"{quote_input(owner[theme])} and {quote_input(key)}")
            owner[theme] = key
    found: dict[str, list[P]] = {key: [] for key in groups}
    for puzzle in catalogue:
        main = next((theme for theme in puzzle.themes if theme in owner), None)
        if main is not None:
            found[owner[main]].append(puzzle)
    return found


def puzzle_of_the_day(puzzles: Sequence[P], day: date | None = None) -> P:
    """The same puzzle for everyone on ``day`` (default: today in UTC), whatever order ``puzzles`` come in.

    >>> from hearts_learner.puzzle_inputs import RatedPuzzle
    >>> catalogue = [RatedPuzzle("a", 1200.0), RatedPuzzle("b", 1500.0), RatedPuzzle("c", 1800.0)]
    >>> puzzle_of_the_day(catalogue, date(2026, 12, 1)) == puzzle_of_the_day(catalogue[::-1], date(2026, 12, 1))
    True
    """
    catalogue = check_catalogue(puzzles)
    if not catalogue:
        raise PuzzleInputError("there is no puzzle of the day without puzzles")
    if day is None:
        day = datetime.now(UTC).date()
    elif isinstance(day, datetime):
        day = utc(day).date()
    elif not isinstance(day, date):
        raise PuzzleInputError(f"the day must be a date, not {quote_input(day)}")
    ordered = sorted(catalogue, key=lambda puzzle: puzzle.id)
    digest = hashlib.sha256(f"hearts-lessons puzzle of the day {day.isoformat()}".encode()).digest()
    return ordered[int.from_bytes(digest[:8], "big") % len(ordered)]
