"""The puzzle progress file's format, ``hearts-lessons-puzzles/1``: writing it and reading it back.

Design choices:

* One JSON object: the format, the ``revision`` (the store's, see
  :mod:`hearts_learner.puzzle_store`), the learner's Glicko-2 ``rating``, the first
  ``attempts`` (each with the rating before and after it) and the review ``cards`` (each
  with its FSRS schedule in ``fsrs.Card.to_dict`` form).  :func:`progress_document` writes
  exactly that; the bytes of a learner's existing file must keep loading, so a change of
  shape is a new format number.  One field came later without one, because older files
  lack it and mean by its absence what it means: an attempt's ``lesson`` (the strategy
  lesson it was made in), written only for an attempt made in a lesson and read as "not in
  a lesson" when absent; and the ``theme`` the learner keeps to on the puzzles page,
  written only when one is chosen and read as "any theme" when absent.  An older reader
  ignores both.
* Reading checks every field before it is used and refuses anything malformed with
  :class:`~hearts_learner.files.CorruptFileError` naming it (FSRS's own ``from_dict``
  checks little, so its card is checked here, field by field, against what its scheduler
  assumes of each state).
* A file of a *newer* format is not corrupt: :class:`NewerPuzzlesError` says so in a
  sentence for the learner, and the store leaves the file alone rather than save over it.
  A file that cannot be read at all is moved aside by the store, which raises
  :class:`UnreadablePuzzlesError` saying where it went.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, NamedTuple

import fsrs

from hearts_core.errors import quote_input
from hearts_core.wording import say
from hearts_learner.files import CorruptFileError
from hearts_learner.puzzle_words import PATTERNS
from hearts_learner.rating import DEVIATION_RANGE, RATING_RANGE, VOLATILITY_RANGE, Attempt, Glicko, is_number, is_rating
from hearts_learner.schedule import ReviewCard

__all__ = [
    "PUZZLES_FORMAT",
    "NewerPuzzlesError",
    "ProgressParts",
    "UnreadablePuzzlesError",
    "progress_document",
    "read_progress",
]

PUZZLES_FORMAT: Final = "hearts-lessons-puzzles/1"
_FORMAT_STEM: Final = "hearts-lessons-puzzles/"
_FORMAT_NUMBER: Final = 1


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


class ProgressParts(NamedTuple):
    """What a puzzle progress file holds, read and checked."""

    glicko: Glicko
    attempts: tuple[Attempt, ...]
    cards: tuple[ReviewCard, ...]
    revision: int
    theme: str = ""


def progress_document(glicko: Glicko, attempts: tuple[Attempt, ...], cards: tuple[ReviewCard, ...],
                      revision: int, theme: str = "") -> dict[str, Any]:
    """The JSON form of a puzzle progress file."""
    document = {
        "format": PUZZLES_FORMAT,
        "revision": revision,
        "rating": _glicko_dict(glicko),
        "attempts": [_attempt_dict(attempt) for attempt in attempts],
        "cards": [{"id": card.id, "kind": card.kind, "themes": list(card.themes), "data": dict(card.data),
                   "reviews": card.reviews, "lapses": card.lapses, "fsrs": card.card.to_dict()}
                  for card in cards],
    }
    if theme:
        document["theme"] = theme
    return document


def read_progress(data: object) -> ProgressParts:
    """Read the JSON form; anything malformed raises :class:`CorruptFileError` naming it."""
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
    theme = _text(data, "theme", "puzzle progress") if "theme" in data else ""
    return ProgressParts(_glicko(data.get("rating"), "the rating"), attempts, cards, revision, theme)


def _attempt_dict(attempt: Attempt) -> dict[str, Any]:
    document = {"puzzle": attempt.puzzle_id, "solved": attempt.solved, "at": attempt.at.isoformat(),
                "puzzle_rating": attempt.puzzle_rating, "themes": list(attempt.themes),
                "before": _glicko_dict(attempt.before), "after": _glicko_dict(attempt.after)}
    if attempt.lesson:
        document["lesson"] = attempt.lesson
    return document


def _glicko_dict(glicko: Glicko) -> dict[str, float]:
    return {"rating": glicko.rating, "deviation": glicko.deviation, "volatility": glicko.volatility}


def _glicko(data: object, where: str) -> Glicko:
    if not isinstance(data, dict):
        raise CorruptFileError(f"{where} must be an object, not {quote_input(data)}")
    values = [data.get(name) for name in ("rating", "deviation", "volatility")]
    rating, deviation, volatility = values
    if not (is_rating(rating) and is_number(deviation) and is_number(volatility)
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
    if not is_rating(rating):
        raise CorruptFileError(f"{where}: the puzzle's rating must be a number from {RATING_RANGE[0]:g} "
                               f"to {RATING_RANGE[1]:g}, not {quote_input(rating)}")
    lesson = _text(item, "lesson", where) if "lesson" in item else ""
    return Attempt(_text(item, "puzzle", where), solved, _moment(item.get("at"), f"{where}'s time"), float(rating),
                   _themes(item, where), _glicko(item.get("before"), f"{where}'s rating before"),
                   _glicko(item.get("after"), f"{where}'s rating after"), lesson)


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
        if value is not None and not (is_number(value) and value > 0):
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
