"""The learner's puzzle progress: a Glicko-2 rating, the next puzzle, and spaced review with FSRS.

Pure Python, no widget code: a puzzle page calls it and shows what it returns.

Design choices:

* **Rating.** The learner has a Glicko-2 rating (:class:`Glicko`; Glickman, "Example of the
  Glicko-2 system", 2013, implemented here in :meth:`Glicko.after`).  Each puzzle has a plain
  rating and the fixed deviation :data:`PUZZLE_DEVIATION`; solving it first time is a won
  game against an opponent of that rating, missing it a lost one.  Every *first* attempt
  is one rating period of one game (as puzzle sites do); later attempts at the same puzzle,
  reviews included, never move the rating, so retrying a known answer cannot farm points.
  The learner's figures are kept inside bounds (:data:`RATING_RANGE`, :data:`DEVIATION_RANGE`,
  :data:`VOLATILITY_RANGE`), as puzzle sites bound theirs, so every file written reads back.
  The PyPI package ``glicko2`` (2.1.0) was read and not used: its volatility step puts the
  rating (``μ²``) where Glickman's ``f(x)`` has the deviation (``φ²``), so its volatilities
  are slightly off (0.0599934 for Glickman's example, against 0.0599960), and its wheel
  installs a top-level ``tests`` package that would shadow this project's.
* **Next puzzle** (:func:`next_puzzle`): review cards that are due come first, the most
  overdue first; then a puzzle never attempted, drawn from the :data:`CHOICE_POOL` nearest
  the learner's rating (ties by id; none more than :data:`CHOICE_WINDOW` farther than the
  nearest), with a seeded draw so the same seed, progress and catalogue always give the
  same puzzle.  A theme narrows both to puzzles (and review items) carrying it.
  :func:`puzzle_of_the_day` is the same for everyone on a UTC date: a SHA-256 of the ISO
  date indexes the sorted ids (Python's own ``hash`` of a string changes from run to run,
  so it is not used).
* **Spaced review** with the PyPI package ``fsrs`` (Free Spaced Repetition Scheduler, 6.x,
  pure Python): a puzzle missed, or a costly play from one of the learner's matches
  (a :class:`ReviewItem`), becomes a :class:`ReviewCard` first reviewed as a miss
  (``Rating.Again``) at the moment it happened, so it is due again :data:`LEARNING_STEP`
  later.  Then a right answer is ``Rating.Good`` (the card goes further out: a day, then
  two, then six, and so on) and a wrong one ``Rating.Again`` (back in ten minutes).  Fuzzing is
  off, so a schedule is reproducible; the scheduler is rebuilt from these constants, not
  stored.  Puzzle ids and review item ids share one namespace: a match's items carry a
  prefix of their own (``"match:<id>:<hand>:<play>"``, :func:`widgets.match_advice.mistake_id`).
* **Time.** Every function that depends on time takes ``now`` (an aware datetime; it is
  kept in UTC); the wall clock is read only as the default when ``now`` is omitted.
* **Values, not mutation.** :class:`PuzzleProgress` is frozen: each change returns a new
  one, and a refused change (bad input, a clear :class:`PuzzleInputError` naming it)
  leaves the old one exactly as it was.
* **Persistence** (:class:`PuzzleStore`): one file, ``puzzles.json``, in the learner's data
  folder (:func:`widgets.storage.data_dir`), format :data:`PUZZLES_FORMAT`, written with
  :func:`widgets.storage.atomic_write`.  A file that cannot be read, whatever is wrong with
  it, is moved aside to ``puzzles.json.corrupt-<timestamp>`` (never overwritten nor
  deleted) and :class:`UnreadablePuzzlesError` says where it went; a file of a *newer*
  format is not corrupt and is left alone (:class:`NewerPuzzlesError`).
* **Two tabs: refusal, not merge.** The file carries a ``revision`` that goes up by one
  with each write; :meth:`PuzzleStore.save` refuses a progress read at an older revision
  with :class:`widgets.storage.SaveConflictError` and writes nothing.  The way a page
  should record an answer is :meth:`PuzzleStore.update`, which reads the newest file,
  applies the change and writes it under the folder's lock, so two tabs never lose each
  other's attempts and a puzzle attempted in both counts once.
* **Words.** Every sentence a learner may read is one whole pattern with named
  placeholders, in :data:`PATTERNS`, marked for the catalogue and said in the active
  language by :func:`hearts_core.wording.say`.

>>> from datetime import datetime, timezone
>>> when = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)
>>> puzzle = Puzzle("p-void-1", 1400.0, ("void",))
>>> progress = PuzzleProgress().record_attempt(puzzle, solved=True, now=when)
>>> rating_text(progress), streak_text(progress)
('Rating 1,632 (+132)', '1 in a row')
>>> progress.record_attempt(puzzle, solved=False, now=when).rating == progress.rating
True
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any, Final, Literal, NamedTuple, Protocol, TypeGuard, TypeVar

import fsrs

from hearts_core.errors import quote_input
from hearts_core.phrasing import whole_number
from hearts_core.wording import marked, say
from widgets.storage import (
    CorruptFileError,
    MatchStore,
    SaveConflictError,
    atomic_write,
    clean_orphans,
    data_dir,
    folder_lock,
    read_json,
)

__all__ = [
    "CHOICE_POOL",
    "CHOICE_WINDOW",
    "DEVIATION_RANGE",
    "LEARNING_STEP",
    "PATTERNS",
    "PUZZLES_FORMAT",
    "PUZZLE_DEVIATION",
    "RATING_RANGE",
    "SCHEDULER",
    "START_RATING",
    "TAU",
    "VOLATILITY_RANGE",
    "Attempt",
    "Game",
    "Glicko",
    "NewerPuzzlesError",
    "Puzzle",
    "PuzzleInputError",
    "PuzzleLike",
    "PuzzleProgress",
    "PuzzleStore",
    "ReviewCard",
    "ReviewItem",
    "ThemeRecord",
    "UnreadablePuzzlesError",
    "due_text",
    "next_puzzle",
    "puzzle_of_the_day",
    "rating_text",
    "streak_text",
    "theme_text",
]

log = logging.getLogger("hearts_lessons.puzzles")

PUZZLES_FORMAT: Final = "hearts-lessons-puzzles/1"
_FORMAT_STEM: Final = "hearts-lessons-puzzles/"
_FORMAT_NUMBER: Final = 1

GLICKO_SCALE: Final = 173.7178
"""Glicko-2's conversion between the rating scale and its own (Glickman, step 2)."""
START_RATING: Final = 1500.0
START_DEVIATION: Final = 350.0
START_VOLATILITY: Final = 0.06
TAU: Final = 0.5
"""Glicko-2's system constant: how fast volatility may change (Glickman suggests 0.3 to 1.2)."""
_CONVERGENCE: Final = 0.000001

PUZZLE_DEVIATION: Final = 75.0
"""The rating deviation every puzzle is taken to have (puzzle ratings are plain numbers)."""
RATING_RANGE: Final = (0.0, 5000.0)
"""The ratings this module accepts, a puzzle's or the learner's (the learner's is kept inside it)."""
DEVIATION_RANGE: Final = (30.0, START_DEVIATION)
VOLATILITY_RANGE: Final = (0.001, 0.1)
"""The learner's deviation and volatility are kept inside these, as puzzle sites bound theirs, so that
every rating this module writes it can read back and update without overflow."""
CHOICE_POOL: Final = 3
"""How many of the unattempted puzzles nearest the learner's rating the next one is drawn from."""
CHOICE_WINDOW: Final = 100.0
"""How much farther from the rating than the nearest one a puzzle in that pool may be."""

LEARNING_STEP: Final = timedelta(minutes=10)
"""How soon a missed card comes back (FSRS's learning and relearning step)."""
SCHEDULER: Final = fsrs.Scheduler(learning_steps=(LEARNING_STEP,), relearning_steps=(LEARNING_STEP,),
                                  enable_fuzzing=False)
"""FSRS with its default weights and 90% desired retention, one ten-minute step, no random fuzz."""

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
"""Every sentence this module writes for a learner, each a whole pattern for :func:`hearts_core.wording.say`."""

ReviewKind = Literal["puzzle", "play"]


class PuzzleInputError(ValueError):
    """A puzzle, review item, theme, answer or time this module cannot use; the message quotes it."""


class UnreadablePuzzlesError(CorruptFileError):
    """``puzzles.json`` could not be read; it was moved aside to :attr:`kept` (``None`` if even that failed).

    The message is a sentence for the learner; :attr:`reason` says what was wrong, for the log.
    """

    def __init__(self, reason: str, kept: Path | None, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.kept = kept


class NewerPuzzlesError(CorruptFileError):
    """``puzzles.json`` is in a newer format than this version reads; it is left alone and not saved over."""


# ---------------------------------------------------------------------- puzzles


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
class Puzzle:
    """A minimal puzzle (any object with ``id``, ``rating`` and ``themes`` will do)."""

    id: str
    rating: float
    themes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ReviewItem:
    """A costly play from one of the learner's matches, to review like a puzzle.

    ``data`` is whatever the page that shows it needs (the position, the play, the better
    one), as JSON values; this module only stores it.
    """

    id: str
    data: Mapping[str, Any] = field(default_factory=dict)
    themes: tuple[str, ...] = ()


def _check_puzzle(puzzle: object) -> PuzzleLike:
    """``puzzle`` if it has a usable id, rating and themes, else :class:`PuzzleInputError`."""
    try:
        ident, rating, themes = puzzle.id, puzzle.rating, puzzle.themes  # type: ignore[attr-defined]
    except AttributeError:
        raise PuzzleInputError(f"a puzzle needs an id, a rating and themes, not {quote_input(puzzle)}") from None
    if not isinstance(ident, str) or not ident:
        raise PuzzleInputError(f"a puzzle's id must be non-empty text, not {quote_input(ident)}")
    if not _is_rating(rating):
        raise PuzzleInputError(f"puzzle {ident!r} has the rating {quote_input(rating)}, "
                               f"not a number from {RATING_RANGE[0]:g} to {RATING_RANGE[1]:g}")
    _check_themes(themes, f"puzzle {ident!r}")
    return puzzle  # type: ignore[return-value]


def _check_themes(themes: object, owner: str) -> tuple[str, ...]:
    if not isinstance(themes, tuple) or not all(isinstance(theme, str) and theme for theme in themes):
        raise PuzzleInputError(f"{owner} must have a tuple of theme names, not {quote_input(themes)}")
    return themes


def _check_catalogue(puzzles: Sequence[P]) -> list[P]:
    if isinstance(puzzles, str | bytes) or not isinstance(puzzles, Sequence):
        raise PuzzleInputError(f"the puzzles must be a list, not {quote_input(puzzles)}")
    seen: set[str] = set()
    for puzzle in puzzles:
        _check_puzzle(puzzle)
        if puzzle.id in seen:
            raise PuzzleInputError(f"two puzzles have the id {puzzle.id!r}")
        seen.add(puzzle.id)
    return list(puzzles)


def _is_number(value: object) -> TypeGuard[float]:
    """An int or float (not a bool) that is a finite float: ``10**400`` is not, nor is NaN."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:  # an int too large for a float
        return False


def _is_rating(value: object) -> TypeGuard[float]:
    return _is_number(value) and RATING_RANGE[0] <= value <= RATING_RANGE[1]


def _utc(now: datetime | None) -> datetime:
    """``now`` in UTC (the wall clock when omitted); a time without a zone is refused."""
    if now is None:
        return datetime.now(UTC)
    if not isinstance(now, datetime) or now.tzinfo is None or now.utcoffset() is None:
        raise PuzzleInputError(f"the time must be a datetime with its time zone, not {quote_input(now)}")
    return now.astimezone(UTC)


# ---------------------------------------------------------------------- Glicko-2


class Game(NamedTuple):
    """One game of a rating period: the opponent's rating and deviation, and the score (1 won, 0 lost)."""

    rating: float
    deviation: float
    score: float


@dataclass(frozen=True, slots=True)
class Glicko:
    """A Glicko-2 rating: the rating, its deviation (uncertainty) and its volatility.

    >>> after = Glicko(1500, 200, 0.06).after([Game(1400, 30, 1), Game(1550, 100, 0), Game(1700, 300, 0)])
    >>> round(after.rating, 2), round(after.deviation, 2), round(after.volatility, 6)
    (1464.05, 151.52, 0.059996)
    """

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    def after(self, games: Sequence[Game], tau: float = TAU) -> Glicko:
        """The rating after one rating period with these ``games`` (Glickman's steps 2 to 8)."""
        # Step 2: to the Glicko-2 scale.
        mu = (self.rating - START_RATING) / GLICKO_SCALE
        phi = self.deviation / GLICKO_SCALE
        sigma = self.volatility
        if not games:  # Step 6 alone: a period without games only widens the deviation.
            return replace(self, deviation=math.sqrt(phi**2 + sigma**2) * GLICKO_SCALE)
        opponents = [((game.rating - START_RATING) / GLICKO_SCALE, game.deviation / GLICKO_SCALE, game.score)
                     for game in games]
        # Step 3: the estimated variance v from the games alone.
        weights = [(_g(phi_j), _expected(mu, mu_j, phi_j), score) for mu_j, phi_j, score in opponents]
        v = 1 / sum(g**2 * e * (1 - e) for g, e, _ in weights)
        # Step 4: the estimated improvement delta.
        improvement = sum(g * (score - e) for g, e, score in weights)
        delta = v * improvement
        # Step 5: the new volatility, by the Illinois algorithm on f.
        sigma = _new_volatility(delta, phi, v, sigma, tau)
        # Steps 6 and 7: the new deviation and rating.
        phi_star = math.sqrt(phi**2 + sigma**2)
        phi = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
        mu = mu + phi**2 * improvement
        # Step 8: back to the rating scale.
        return Glicko(GLICKO_SCALE * mu + START_RATING, GLICKO_SCALE * phi, sigma)


def _bounded(glicko: Glicko) -> Glicko:
    """``glicko`` with each figure brought inside its range (:data:`RATING_RANGE` and the others)."""
    return Glicko(min(max(glicko.rating, RATING_RANGE[0]), RATING_RANGE[1]),
                  min(max(glicko.deviation, DEVIATION_RANGE[0]), DEVIATION_RANGE[1]),
                  min(max(glicko.volatility, VOLATILITY_RANGE[0]), VOLATILITY_RANGE[1]))


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi**2 / math.pi**2)


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Glickman's step 5: the root of ``f`` by the Illinois algorithm, as ``σ' = e^(A/2)``."""
    a = math.log(sigma**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2

    low = a
    if delta**2 > phi**2 + v:
        high = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > _CONVERGENCE:
        middle = low + (low - high) * f_low / (f_high - f_low)
        f_middle = f(middle)
        if f_middle * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = middle, f_middle
    return math.exp(low / 2)


# ---------------------------------------------------------------------- progress


@dataclass(frozen=True, slots=True)
class Attempt:
    """A first attempt at a puzzle, and what it did to the rating."""

    puzzle_id: str
    solved: bool
    at: datetime
    puzzle_rating: float
    themes: tuple[str, ...]
    before: Glicko
    after: Glicko

    @property
    def change(self) -> int:
        """The change a learner saw: the rounded rating after, less the rounded rating before."""
        return round(self.after.rating) - round(self.before.rating)


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
        card, _ = SCHEDULER.review_card(self.card, fsrs.Rating.Good if correct else fsrs.Rating.Again, _utc(now))
        return replace(self, card=card, reviews=self.reviews + 1, lapses=self.lapses + (not correct))


def _new_card(ident: str, kind: ReviewKind, now: datetime, themes: tuple[str, ...],
              data: Mapping[str, Any]) -> ReviewCard:
    """A card for a miss at ``now``: reviewed once as Again, so it is due :data:`LEARNING_STEP` later."""
    card_id = int.from_bytes(hashlib.sha256(ident.encode("utf-8")).digest()[:6], "big")
    card, _ = SCHEDULER.review_card(fsrs.Card(card_id=card_id, due=now), fsrs.Rating.Again, now)
    return ReviewCard(ident, kind, card, themes, data)


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

    glicko: Glicko = Glicko()
    attempts: tuple[Attempt, ...] = ()
    """First attempts only, oldest first."""
    cards: tuple[ReviewCard, ...] = ()
    """Review cards in the order they were made."""
    revision: int = 0
    """The revision of ``puzzles.json`` this was read from or written as (0: none yet)."""

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

    def attempted(self, puzzle_id: str) -> bool:
        """Whether the learner has had a first attempt at ``puzzle_id``."""
        return any(attempt.puzzle_id == puzzle_id for attempt in self.attempts)

    def card(self, item_id: str) -> ReviewCard | None:
        """The review card for a puzzle or play, ``None`` if it has none."""
        return next((card for card in self.cards if card.id == item_id), None)

    def due(self, now: datetime | None = None) -> tuple[ReviewCard, ...]:
        """The cards due at ``now``, the most overdue first (ties by id)."""
        moment = _utc(now)
        return tuple(sorted((card for card in self.cards if card.due <= moment), key=lambda card: (card.due, card.id)))

    # ----------------------------------------------------------- changes

    def record_attempt(self, puzzle: PuzzleLike, solved: bool, *, now: datetime | None = None) -> PuzzleProgress:
        """This progress after an attempt at ``puzzle``.

        A first attempt moves the rating (a game against the puzzle) and, if missed, makes
        a review card.  A later attempt leaves the rating alone: it reviews the puzzle's
        card if it has one, and a miss of a puzzle without one makes one.
        """
        _check_puzzle(puzzle)
        if not isinstance(solved, bool):
            raise PuzzleInputError(f"whether puzzle {puzzle.id!r} was solved must be True or False, "
                                   f"not {quote_input(solved)}")
        moment = _utc(now)
        progress = self
        if not self.attempted(puzzle.id):
            after = _bounded(self.glicko.after([Game(float(puzzle.rating), PUZZLE_DEVIATION, float(solved))]))
            attempt = Attempt(puzzle.id, solved, moment, float(puzzle.rating), tuple(puzzle.themes), self.glicko, after)
            progress = replace(self, glicko=after, attempts=(*self.attempts, attempt))
            if not solved:
                return progress._with_card(_new_card(puzzle.id, "puzzle", moment, tuple(puzzle.themes), {}))
            return progress
        if self.card(puzzle.id) is not None:
            return progress.review(puzzle.id, solved, now=moment)
        if not solved:
            return progress._with_card(_new_card(puzzle.id, "puzzle", moment, tuple(puzzle.themes), {}))
        return progress

    def add_play(self, item: ReviewItem, *, now: datetime | None = None) -> PuzzleProgress:
        """This progress with a costly play to review, scheduled as a miss at ``now``.

        An id that already has a card changes nothing (the same match reviewed twice).
        """
        if not isinstance(item, ReviewItem):
            raise PuzzleInputError(f"a play to review must be a ReviewItem, not {quote_input(item)}")
        if not isinstance(item.id, str) or not item.id:
            raise PuzzleInputError(f"a play to review needs non-empty text as its id, not {quote_input(item.id)}")
        _check_themes(item.themes, f"play {item.id!r}")
        if not isinstance(item.data, Mapping):
            raise PuzzleInputError(f"play {item.id!r} must carry its data as a mapping, not {quote_input(item.data)}")
        try:
            data = json.loads(json.dumps(dict(item.data), allow_nan=False))
        except (TypeError, ValueError, RecursionError) as problem:
            raise PuzzleInputError(f"play {item.id!r} has data that cannot be saved as JSON ({problem})") from None
        moment = _utc(now)
        if self.card(item.id) is not None:
            return self
        return self._with_card(_new_card(item.id, "play", moment, item.themes, data))

    def review(self, item_id: str, correct: bool, *, now: datetime | None = None) -> PuzzleProgress:
        """This progress after reviewing the card ``item_id``: right sends it further out, wrong brings it back soon."""
        if not isinstance(correct, bool):
            raise PuzzleInputError(f"whether {quote_input(item_id)} was answered right must be True or False, "
                                   f"not {quote_input(correct)}")
        card = self.card(item_id) if isinstance(item_id, str) else None
        if card is None:
            raise PuzzleInputError(f"there is no review card {quote_input(item_id)}")
        reviewed = card.reviewed(correct, _utc(now))
        return replace(self, cards=tuple(reviewed if other.id == item_id else other for other in self.cards))

    def _with_card(self, card: ReviewCard) -> PuzzleProgress:
        return replace(self, cards=(*self.cards, card))

    # ----------------------------------------------------------- the file's form

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of ``puzzles.json`` (the revision is the store's to write)."""
        return {
            "format": PUZZLES_FORMAT,
            "revision": self.revision,
            "rating": _glicko_dict(self.glicko),
            "attempts": [{"puzzle": attempt.puzzle_id, "solved": attempt.solved, "at": attempt.at.isoformat(),
                          "puzzle_rating": attempt.puzzle_rating, "themes": list(attempt.themes),
                          "before": _glicko_dict(attempt.before), "after": _glicko_dict(attempt.after)}
                         for attempt in self.attempts],
            "cards": [{"id": card.id, "kind": card.kind, "themes": list(card.themes), "data": dict(card.data),
                       "reviews": card.reviews, "lapses": card.lapses, "fsrs": card.card.to_dict()}
                      for card in self.cards],
        }

    @classmethod
    def from_dict(cls, data: object) -> PuzzleProgress:
        """Read the JSON form; anything malformed raises :class:`widgets.storage.CorruptFileError` naming it."""
        if not isinstance(data, dict):
            raise CorruptFileError(f"puzzle progress must be an object, not {quote_input(data)}")
        found = data.get("format")
        if found != PUZZLES_FORMAT:
            number = found.removeprefix(_FORMAT_STEM) if isinstance(found, str) else ""
            if isinstance(found, str) and found.startswith(_FORMAT_STEM) and number.isdigit() \
                    and int(number) > _FORMAT_NUMBER:
                raise NewerPuzzlesError(say(PATTERNS["newer"], found=found))
            raise CorruptFileError(f"not a {PUZZLES_FORMAT} file (its format is {quote_input(found)})")
        revision = data.get("revision")
        if not isinstance(revision, int) or isinstance(revision, bool) or revision < 0:
            raise CorruptFileError(f"the revision must be a whole number, not {quote_input(revision)}")
        attempts = tuple(_attempt(item, index) for index, item in enumerate(_list(data, "attempts", "puzzle progress")))
        if len({attempt.puzzle_id for attempt in attempts}) != len(attempts):
            raise CorruptFileError("a puzzle has more than one first attempt")
        cards = tuple(_review_card(item, index) for index, item in enumerate(_list(data, "cards", "puzzle progress")))
        if len({card.id for card in cards}) != len(cards):
            raise CorruptFileError("an item has more than one review card")
        return cls(_glicko(data.get("rating"), "the rating"), attempts, cards, revision)


def _glicko_dict(glicko: Glicko) -> dict[str, float]:
    return {"rating": glicko.rating, "deviation": glicko.deviation, "volatility": glicko.volatility}


def _glicko(data: object, where: str) -> Glicko:
    if not isinstance(data, dict):
        raise CorruptFileError(f"{where} must be an object, not {quote_input(data)}")
    values = [data.get(name) for name in ("rating", "deviation", "volatility")]
    rating, deviation, volatility = values
    if not (_is_rating(rating) and _is_number(deviation) and _is_number(volatility)
            and DEVIATION_RANGE[0] <= deviation <= DEVIATION_RANGE[1]
            and VOLATILITY_RANGE[0] <= volatility <= VOLATILITY_RANGE[1]):
        raise CorruptFileError(f"{where} must have a rating from {RATING_RANGE[0]:g} to {RATING_RANGE[1]:g}, "
                               f"a deviation from {DEVIATION_RANGE[0]:g} to {DEVIATION_RANGE[1]:g} and a volatility "
                               f"from {VOLATILITY_RANGE[0]:g} to {VOLATILITY_RANGE[1]:g}, "
                               f"not {quote_input(data)}")
    return Glicko(float(rating), float(deviation), float(volatility))


def _list(data: dict[str, Any], name: str, where: str) -> list[Any]:
    value = data.get(name)
    if not isinstance(value, list):
        raise CorruptFileError(f"the {name} of {where} must be a list, not {quote_input(value)}")
    return value


def _text(data: dict[str, Any], name: str, where: str) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not value:
        raise CorruptFileError(f"{where}: {name!r} must be non-empty text, not {quote_input(value)}")
    return value


def _themes(data: dict[str, Any], where: str) -> tuple[str, ...]:
    value = data.get("themes")
    if not isinstance(value, list) or not all(isinstance(theme, str) and theme for theme in value):
        raise CorruptFileError(f"{where}: the themes must be a list of names, not {quote_input(value)}")
    return tuple(value)


def _moment(value: object, where: str) -> datetime:
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
        if moment is not None and moment.utcoffset() is not None:
            return moment.astimezone(UTC)
    except (ValueError, OverflowError):  # not a time; a time whose UTC is outside years 1 to 9999
        pass
    raise CorruptFileError(f"{where} must be a date and time with its zone, not {quote_input(value)}")


def _count(data: dict[str, Any], name: str, where: str) -> int:
    value = data.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise CorruptFileError(f"{where}: {name!r} must be a whole number, not {quote_input(value)}")
    return value


def _attempt(item: object, index: int) -> Attempt:
    where = f"attempt {index + 1}"
    if not isinstance(item, dict):
        raise CorruptFileError(f"{where} must be an object, not {quote_input(item)}")
    solved, rating = item.get("solved"), item.get("puzzle_rating")
    if not isinstance(solved, bool):
        raise CorruptFileError(f"{where}: 'solved' must be true or false, not {quote_input(solved)}")
    if not _is_rating(rating):
        raise CorruptFileError(f"{where}: the puzzle's rating must be a number from {RATING_RANGE[0]:g} "
                               f"to {RATING_RANGE[1]:g}, not {quote_input(rating)}")
    return Attempt(_text(item, "puzzle", where), solved, _moment(item.get("at"), f"{where}'s time"), float(rating),
                   _themes(item, where), _glicko(item.get("before"), f"{where}'s rating before"),
                   _glicko(item.get("after"), f"{where}'s rating after"))


def _review_card(item: object, index: int) -> ReviewCard:
    where = f"review card {index + 1}"
    if not isinstance(item, dict):
        raise CorruptFileError(f"{where} must be an object, not {quote_input(item)}")
    kind = item.get("kind")
    if kind not in ("puzzle", "play"):
        raise CorruptFileError(f"{where}: the kind must be 'puzzle' or 'play', not {quote_input(kind)}")
    payload = item.get("data")
    if not isinstance(payload, dict):
        raise CorruptFileError(f"{where}: the data must be an object, not {quote_input(payload)}")
    return ReviewCard(_text(item, "id", where), kind, _fsrs_card(item.get("fsrs"), where), _themes(item, where),
                      payload, _count(item, "reviews", where), _count(item, "lapses", where))


def _fsrs_card(data: object, where: str) -> fsrs.Card:
    """An FSRS card from its ``to_dict`` form, every field checked first (its ``from_dict`` checks little)."""
    if not isinstance(data, dict):
        raise CorruptFileError(f"{where}: the schedule must be an object, not {quote_input(data)}")
    card_id, state, step = data.get("card_id"), data.get("state"), data.get("step")
    if not isinstance(card_id, int) or isinstance(card_id, bool):
        raise CorruptFileError(f"{where}: the schedule's card id must be a whole number, not {quote_input(card_id)}")
    if not isinstance(state, int) or isinstance(state, bool) or state not in {member.value for member in fsrs.State}:
        raise CorruptFileError(f"{where}: the schedule's state must be 1, 2 or 3, not {quote_input(state)}")
    if step is not None and (not isinstance(step, int) or isinstance(step, bool) or step < 0):
        raise CorruptFileError(f"{where}: the schedule's step must be a whole number or null, not {quote_input(step)}")
    # What the scheduler assumes of each state (it asserts these).
    if (step is None) != (state == fsrs.State.Review):
        raise CorruptFileError(f"{where}: a schedule in state {state} cannot have the step {quote_input(step)}")
    numbers = {}
    for name in ("stability", "difficulty"):
        value = data.get(name)
        if value is not None and not (_is_number(value) and value > 0):
            raise CorruptFileError(f"{where}: the schedule's {name} must be a positive number or null, "
                                   f"not {quote_input(value)}")
        numbers[name] = None if value is None else float(value)
    if (numbers["stability"] is None) != (numbers["difficulty"] is None) or (
            numbers["stability"] is None and state != fsrs.State.Learning):
        raise CorruptFileError(f"{where}: a schedule in state {state} needs both its stability and difficulty")
    last = data.get("last_review")
    return fsrs.Card(card_id=card_id, state=fsrs.State(state), step=step, stability=numbers["stability"],
                     difficulty=numbers["difficulty"], due=_moment(data.get("due"), f"{where}'s due time"),
                     last_review=None if last is None else _moment(last, f"{where}'s last review"))


# ---------------------------------------------------------------------- choosing


def next_puzzle(puzzles: Sequence[P], theme: str | None, progress: PuzzleProgress, *,
                now: datetime | None = None, seed: str | int | None = None) -> P | ReviewItem | None:
    """The next thing to solve: a due review first, else a new puzzle near the learner's rating.

    Due cards come the most overdue first: a puzzle's as the puzzle itself (when it is
    still in ``puzzles``), a play's as its :class:`ReviewItem`.  Otherwise one of the
    :data:`CHOICE_POOL` unattempted puzzles nearest the rating (none more than
    :data:`CHOICE_WINDOW` farther than the nearest), drawn with ``seed``
    (default: the UTC date of ``now``) and the number of attempts, so the same inputs
    always give the same puzzle.  ``theme`` (``None`` for all) keeps only what carries it.
    ``None`` when nothing is left.

    >>> from datetime import datetime, timezone
    >>> catalogue = [Puzzle("easy", 1100.0, ("lead",)), Puzzle("near", 1480.0, ("void",)),
    ...              Puzzle("hard", 2100.0, ("void",))]
    >>> next_puzzle(catalogue, "void", PuzzleProgress(), now=datetime(2026, 12, 1, tzinfo=timezone.utc), seed=1).id
    'near'
    """
    catalogue = _check_catalogue(puzzles)
    if not isinstance(progress, PuzzleProgress):
        raise PuzzleInputError(f"the progress must be a PuzzleProgress, not {quote_input(progress)}")
    moment = _utc(now)
    if theme is not None:
        known = {name for puzzle in catalogue for name in puzzle.themes}
        known |= {name for card in progress.cards if card.kind == "play" for name in card.themes}
        if not isinstance(theme, str) or theme not in known:
            raise PuzzleInputError(f"no puzzle has the theme {quote_input(theme)}; "
                                   f"the themes are {', '.join(sorted(known)) or 'none'}")
    by_id = {puzzle.id: puzzle for puzzle in catalogue}
    for card in progress.due(moment):
        if card.kind == "play":
            if theme is None or theme in card.themes:
                return card.item()
        elif card.id in by_id and (theme is None or theme in by_id[card.id].themes):
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


def puzzle_of_the_day(puzzles: Sequence[P], day: date | None = None) -> P:
    """The same puzzle for everyone on ``day`` (default: today in UTC), whatever order ``puzzles`` come in.

    >>> catalogue = [Puzzle("a", 1200.0), Puzzle("b", 1500.0), Puzzle("c", 1800.0)]
    >>> puzzle_of_the_day(catalogue, date(2026, 12, 1)) == puzzle_of_the_day(catalogue[::-1], date(2026, 12, 1))
    True
    """
    catalogue = _check_catalogue(puzzles)
    if not catalogue:
        raise PuzzleInputError("there is no puzzle of the day without puzzles")
    if day is None:
        day = datetime.now(UTC).date()
    elif isinstance(day, datetime):
        day = _utc(day).date()
    elif not isinstance(day, date):
        raise PuzzleInputError(f"the day must be a date, not {quote_input(day)}")
    ordered = sorted(catalogue, key=lambda puzzle: puzzle.id)
    digest = hashlib.sha256(f"hearts-lessons puzzle of the day {day.isoformat()}".encode()).digest()
    return ordered[int.from_bytes(digest[:8], "big") % len(ordered)]


# ---------------------------------------------------------------------- words


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


# ---------------------------------------------------------------------- the file


class PuzzleStore:
    """``puzzles.json`` in the learner's data folder: read, saved with a revision check, updated under a lock."""

    def __init__(self, directory: Path | str | None = None) -> None:
        self.directory = Path(directory) if directory is not None else data_dir()
        self.path = self.directory / "puzzles.json"

    def __repr__(self) -> str:
        return f"PuzzleStore({str(self.directory)!r})"

    def load(self) -> PuzzleProgress:
        """The saved progress (empty, revision 0, when there is none).

        A file that cannot be read is moved aside and :class:`UnreadablePuzzlesError`
        raised, its message a sentence for the learner; the next load starts afresh.  A
        newer format raises :class:`NewerPuzzlesError` and stays where it is.
        """
        clean_orphans(self.directory)
        progress = self._read()
        return progress if progress is not None else PuzzleProgress()

    def save(self, progress: PuzzleProgress) -> PuzzleProgress:
        """Write ``progress`` atomically; return it with its new revision.

        Refused with :class:`widgets.storage.SaveConflictError`, writing nothing, when the
        file has been written since ``progress`` was read (another tab); refused as
        :meth:`load` refuses when the file on disk cannot be read.
        """
        if not isinstance(progress, PuzzleProgress):
            raise PuzzleInputError(f"only a PuzzleProgress can be saved, not {quote_input(progress)}")
        with folder_lock(self.directory):
            return self._write(progress)

    def update(self, change: Callable[[PuzzleProgress], PuzzleProgress]) -> PuzzleProgress:
        """Apply ``change`` to the newest saved progress and save the result, under the folder's lock.

        This is how a page records an answer: whatever another tab wrote first is kept.
        A change that raises writes nothing.  Where the platform has no file lock (the
        browser), a write in the same instant from another tab raises
        :class:`widgets.storage.SaveConflictError` instead of being lost.

        >>> from tempfile import TemporaryDirectory
        >>> from datetime import datetime, timezone
        >>> when = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)
        >>> with TemporaryDirectory() as folder:
        ...     store = PuzzleStore(folder)
        ...     saved = store.update(lambda p: p.record_attempt(Puzzle("p1", 1500.0), solved=False, now=when))
        ...     again = store.load()
        >>> again == saved, again.revision, [card.id for card in again.cards]
        (True, 1, ['p1'])
        """
        with folder_lock(self.directory):
            current = self._read() or PuzzleProgress()
            changed = change(current)
            if not isinstance(changed, PuzzleProgress):
                raise PuzzleInputError(f"a change must return a PuzzleProgress, not {quote_input(changed)}")
            return self._write(replace(changed, revision=current.revision))

    def set_aside(self) -> Path:
        """Move ``puzzles.json`` to ``puzzles.json.corrupt-<timestamp>`` unchanged; return where it went."""
        return MatchStore(self.directory).set_aside(self.path)

    def _write(self, progress: PuzzleProgress) -> PuzzleProgress:
        on_disk = self._read()
        if on_disk is not None and on_disk.revision != progress.revision:
            raise SaveConflictError(progress.revision, on_disk.revision)
        saved = replace(progress, revision=(on_disk.revision if on_disk else 0) + 1)
        atomic_write(self.path, json.dumps(saved.to_dict(), ensure_ascii=False, indent=1))
        return saved

    def _read(self) -> PuzzleProgress | None:
        """The file's progress, ``None`` if there is none; an unreadable file is set aside and reported."""
        try:
            return PuzzleProgress.from_dict(read_json(self.path))
        except FileNotFoundError:
            return None
        except NewerPuzzlesError:
            raise
        except CorruptFileError as problem:
            reason = str(problem)
            try:
                kept: Path | None = self.set_aside()
                where = kept.name if kept else ""
                said = say(PATTERNS["unreadable"], kept=where)
            except OSError as failure:
                kept, where = None, f"{self.path.name} (it could not be moved: {failure.strerror or failure})"
                said = say(PATTERNS["unreadable_unmoved"], kept=self.path.name, problem=failure.strerror or failure)
            log.warning("puzzle progress unreadable (%s); kept as %s", reason, where)
            raise UnreadablePuzzlesError(reason, kept, said) from None
