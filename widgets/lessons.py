"""The lesson catalogue, the learner's progress, the index page, and what completes a lesson.

Design choices:

* :data:`LESSONS` is the one list of lessons (file, title, one-line summary); the index
  page and the "next lesson" links are built from it, so adding a lesson is one line.
* A lesson counts as completed when its practice has been answered.  Each lesson's
  notebook says which widget that is with :func:`completes`, which watches the trait the
  widget names (``answered``, ``confirmed``...) and records the lesson in ``progress.json``
  in the same data directory as the saved match.  Writes are atomic and an unreadable
  progress file is set aside, never overwritten (see :mod:`widgets.storage`).
* What completes a widget is said by the widget itself (:class:`Completable`), not by
  a table here, so a new kind of practice needs no change to this module.
* :class:`~widgets.points_quiz.PointsQuiz` lives in its own module; it is re-exported
  here because the lessons import it from ``widgets.lessons``.
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

import traitlets

from widgets._base import HeartsWidget, bundle_css, bundle_esm
from widgets.points_quiz import PointsQuiz
from widgets.storage import (
    CorruptFileError,
    MatchStore,
    atomic_write,
    clean_orphans,
    data_dir,
    read_json,
    storage_notice,
)

__all__ = ["LESSONS", "Completable", "Lesson", "LessonIndex", "PointsQuiz", "Progress", "completes"]

W = TypeVar("W", bound=HeartsWidget)

log = logging.getLogger("hearts_lessons.lessons")


@dataclass(frozen=True, slots=True)
class Lesson:
    """One lesson: its notebook, its title and a one-line summary for the index."""

    key: str
    title: str
    summary: str

    @property
    def notebook(self) -> str:
        """The notebook's file name, relative to the lessons folder."""
        return f"{self.key}.ipynb"

    @property
    def page(self) -> str:
        """The lesson's address relative to the index: Voilà serves the notebook itself, the
        static site (Python in the browser, Pyodide) the page Voici rendered from it."""
        return f"{self.key}.html" if sys.platform == "emscripten" else self.notebook


LESSONS: tuple[Lesson, ...] = (
    Lesson("01-aim-and-cards", "The aim and the cards", "Four players, thirteen cards each, and why low scores win."),
    Lesson("02-tricks", "Tricks", "Follow the suit that was led; the highest card of that suit wins."),
    Lesson("03-practice", "Which card would you play?", "Two practice hands at the same table, with consequences."),
    Lesson("04-passing", "Passing three cards", "Left, right, across, hold: what to give away and why."),
    Lesson("05-first-trick", "The first trick", "♣2 leads, and no points may be given away on trick one."),
    Lesson("06-breaking-hearts", "Breaking hearts", "When a heart may be led, and why ♠Q does not count."),
    Lesson("07-scoring", "Scoring and the end", "Counting points, reaching 100, and what happens on a tie."),
    Lesson("08-moon", "Shooting the moon", "Take all 26 points and everyone else takes them instead."),
    Lesson("09-guided-match", "The guided match", "A full match against three computers, with a coach."),
    Lesson("10-check-a-game", "Check a game", "Replay a match record and see every illegal action."),
)


def lesson(key: str) -> Lesson:
    """The lesson with ``key`` (e.g. ``"03-practice"``)."""
    for item in LESSONS:
        if item.key == key:
            return item
    raise KeyError(f"no lesson {key!r}; known: {', '.join(item.key for item in LESSONS)}")


class Progress:
    """Which lessons the learner has completed, kept in ``progress.json``."""

    def __init__(self, directory: Path | str | None = None) -> None:
        self.path = Path(directory or data_dir()) / "progress.json"
        self.notice = ""
        """A plain sentence for the learner when the progress file could not be read ("" otherwise)."""

    def completed(self) -> set[str]:
        """Keys of completed lessons; an unreadable file (whatever its fault) is set aside and counts as none."""
        clean_orphans(self.path.parent)
        try:
            document = read_json(self.path)
            if not isinstance(document, dict) or not isinstance(document.get("completed"), list):
                raise CorruptFileError(f"{self.path.name} does not list completed lessons")
            if not all(isinstance(key, str) for key in document["completed"]):
                raise CorruptFileError(f"{self.path.name} lists something other than lesson names")
            return set(document["completed"])
        except FileNotFoundError:
            return set()
        except CorruptFileError as problem:
            try:
                kept = MatchStore(self.path.parent).set_aside(self.path).name
            except OSError as failure:
                kept = f"{self.path.name} (it could not be moved: {failure})"
            log.warning("progress file unreadable (%s); kept as %s", problem, kept)
            self.notice = (f"Your lesson progress could not be read ({problem}), so it starts again. "
                           f"The old file was kept as {kept}.")
            return set()
        except OSError as problem:
            self.notice = f"Your lesson progress could not be opened ({problem})."
            return set()

    def mark(self, key: str) -> None:
        """Record lesson ``key`` as completed."""
        lesson(key)  # refuse unknown keys before touching the file
        done = self.completed() | {key}
        atomic_write(self.path, json.dumps({"completed": sorted(done)}, indent=1))


@runtime_checkable
class Completable(Protocol):
    """A widget that says what answering it means: the trait to watch and the test on it.

    Each widget class states this itself (``completion_trait`` and :meth:`is_complete`),
    so a new widget brings its own rule and :func:`completes` needs no list of widgets.
    """

    completion_trait: ClassVar[str]

    def is_complete(self) -> bool:
        """True once the learner has answered this widget."""
        ...


def _completion(widget: HeartsWidget) -> tuple[str, Callable[[], bool]]:
    """The trait to watch on ``widget`` and the test meaning "answered"."""
    if isinstance(widget, Completable):
        return widget.completion_trait, widget.is_complete
    kind = type(widget).__name__
    raise TypeError(f"{kind} does not say what completes it: give it completion_trait and is_complete()")


def completes(key: str, widget: W, progress: Progress | None = None) -> W:
    """Mark lesson ``key`` completed once the learner has answered ``widget``; returns ``widget``.

    What "answered" means is the widget's own business (:class:`Completable`): a practice
    answered with a legal card, a pass confirmed, a trick stepped to its end...

    >>> from widgets.practice import Practice
    >>> practice = completes("03-practice", Practice("practice-clubs-led"), Progress("/nonexistent"))
    """
    lesson(key)
    trait, done = _completion(widget)
    store = progress or Progress()
    widget.error = widget.error or storage_notice() or ""

    def check(_: object = None) -> None:
        if done():
            try:
                store.mark(key)
            except OSError as problem:  # e.g. a read-only data folder: the lesson still works
                log.warning("progress of %s not saved: %s", key, problem)
                widget.error = ("Your progress could not be saved, so the index will not mark this lesson "
                                "as done. Your answer itself is fine.")

    widget.observe(check, names=[trait])
    return widget


class LessonIndex(HeartsWidget):
    """The lessons in order, each with its summary, a link, and a mark when completed."""

    _esm = bundle_esm("lessons.js")
    _css = bundle_css("lessons.css")

    lessons = traitlets.List(traitlets.Dict()).tag(sync=True)
    notice = traitlets.Unicode("").tag(sync=True)
    """Why the progress marks were lost, if the progress file could not be read."""

    def __init__(self, progress: Progress | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.progress = progress or Progress()
        self.error = storage_notice() or ""
        self.refresh()

    def page_opened(self) -> list[dict[str, Any]]:
        """Marks as they are now: the index may have been built long before (preheated)."""
        return self.refresh()

    def refresh(self) -> list[dict[str, Any]]:
        """Re-read the learner's progress."""
        done = self.progress.completed()
        self.notice = self.progress.notice
        self.lessons = [
            {"number": number, "key": item.key, "title": item.title, "summary": item.summary,
             "href": item.page, "done": item.key in done}
            for number, item in enumerate(LESSONS, start=1)
        ]
        return self.lessons
