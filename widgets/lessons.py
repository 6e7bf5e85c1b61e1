"""The lesson catalogue, the learner's progress, the index page, and the points quiz.

Design choices:

* :data:`LESSONS` is the one list of lessons (file, title, one-line summary); the index
  page and the "next lesson" links are built from it, so adding a lesson is one line.
* A lesson counts as completed when its practice has been answered.  Each lesson's
  notebook says which widget that is with :func:`completes`, which watches the widget's
  own trait (``answered``, ``confirmed``...) and records the lesson in ``progress.json``
  in the same data directory as the saved match.  Writes are atomic and an unreadable
  progress file is set aside, never overwritten (see :mod:`widgets.storage`).
* :class:`PointsQuiz` asks how many points a set of cards carries; the answer and the
  explanation come from :func:`hearts_core.penalty_points`, never from the notebook.
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import traitlets

from hearts_core import HEART_POINTS, QUEEN_OF_SPADES, QUEEN_OF_SPADES_POINTS, Suit, parse_cards, penalty_points
from hearts_core.scenarios import trick_example
from widgets._base import HeartsWidget, bundle_css, bundle_esm, cards_data
from widgets.storage import CorruptFileError, MatchStore, atomic_write, data_dir, storage_notice

__all__ = ["LESSONS", "Lesson", "LessonIndex", "PointsQuiz", "Progress", "completes"]

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

    def completed(self) -> set[str]:
        """Keys of completed lessons; an unreadable file is set aside and counts as none."""
        try:
            document = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(document, dict) or not isinstance(document.get("completed"), list):
                raise CorruptFileError(f"{self.path.name} does not list completed lessons")
            return {str(key) for key in document["completed"]}
        except FileNotFoundError:
            return set()
        except (OSError, ValueError) as problem:  # ValueError covers bad JSON and CorruptFileError
            kept = MatchStore(self.path.parent).set_aside(self.path)
            log.warning("progress file unreadable (%s); kept as %s", problem, kept)
            return set()

    def mark(self, key: str) -> None:
        """Record lesson ``key`` as completed."""
        lesson(key)  # refuse unknown keys before touching the file
        done = self.completed() | {key}
        atomic_write(self.path, json.dumps({"completed": sorted(done)}, indent=1))


def _done_rules() -> dict[str, tuple[str, Callable[[Any], bool]]]:
    """Widget class name -> (trait to watch, test on the widget) meaning "practice answered"."""
    return {
        "Practice": ("answered", lambda widget: bool(widget.answered)),
        "PointsQuiz": ("answered", lambda widget: bool(widget.answered)),
        "PassPicker": ("confirmed", lambda widget: bool(widget.confirmed)),
        "TrickScene": ("step", lambda widget: widget.step >= widget.total),
        "RecordViewer": ("step", lambda widget: (bool(widget.frames) and widget.step == len(widget.frames) - 1)
                         or any(problem["step"] == widget.step for problem in widget.problems)),
        "CardExplainer": ("verdict", lambda widget: bool(widget.verdict)),
        "MatchWidget": ("screen", lambda widget: widget.screen in ("hand_over", "match_over")),
    }


def completes(key: str, widget: HeartsWidget, progress: Progress | None = None) -> HeartsWidget:
    """Mark lesson ``key`` completed once the learner has answered ``widget``; returns ``widget``.

    What "answered" means depends on the widget: a practice answered with a legal card, a
    pass confirmed, a trick stepped to its end, a record stepped to an illegal action...

    >>> from widgets.practice import Practice
    >>> practice = completes("03-practice", Practice("practice-clubs-led"), Progress("/nonexistent"))
    """
    lesson(key)
    rules = _done_rules()
    kind = type(widget).__name__
    if kind not in rules:
        raise TypeError(f"no completion rule for {kind}; known: {', '.join(sorted(rules))}")
    trait, done = rules[kind]
    store = progress or Progress()
    widget.error = widget.error or storage_notice() or ""

    def check(_: object = None) -> None:
        if done(widget):
            try:
                store.mark(key)
            except OSError as problem:
                widget.error = f"Your progress could not be saved: {problem}"

    widget.observe(check, names=[trait])
    return widget


class LessonIndex(HeartsWidget):
    """The lessons in order, each with its summary, a link, and a mark when completed."""

    _esm = bundle_esm("lessons.js")
    _css = bundle_css("lessons.css")

    lessons = traitlets.List(traitlets.Dict()).tag(sync=True)

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
        self.lessons = [
            {"number": number, "key": item.key, "title": item.title, "summary": item.summary,
             "href": item.page, "done": item.key in done}
            for number, item in enumerate(LESSONS, start=1)
        ]
        return self.lessons


class PointsQuiz(HeartsWidget):
    """"How many points are in these cards?", answered from the engine's own count."""

    _esm = bundle_esm("lessons.js")
    _css = bundle_css("lessons.css")

    question = traitlets.Unicode("").tag(sync=True)
    cards = traitlets.List(traitlets.Dict()).tag(sync=True)
    choices = traitlets.List(traitlets.Int()).tag(sync=True)
    chosen = traitlets.Int(-1).tag(sync=True)
    feedback = traitlets.Unicode("").tag(sync=True)
    answered = traitlets.Bool(False).tag(sync=True)

    def __init__(self, cards: str = "", *, example: str | None = None,
                 question: str = "How many points do these cards carry?", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._cards = trick_example(example).cards if example else parse_cards(cards)
        self.question = question
        self.cards = cards_data(self._cards)
        self.answer = penalty_points(self._cards)
        self._hearts = sum(1 for card in self._cards if card.suit is Suit.HEARTS)
        hearts = self._hearts
        options = {self.answer, hearts, self.answer + 2, abs(self.answer - 1)}
        if QUEEN_OF_SPADES in self._cards:
            options.add(hearts + QUEEN_OF_SPADES_POINTS - 1)  # the queen miscounted as twelve is a classic slip
        self.choices = sorted(options)[:4] if len(options) >= 4 else sorted(options | {self.answer + 3})

    def _actions(self) -> dict[str, Callable[..., Any]]:
        return {"choose": self.choose}

    def choose(self, points: int) -> bool:
        """The learner picks ``points``; returns whether that is right and explains either way."""
        points = int(points)
        if points not in self.choices:
            raise ValueError(f"{points} is not one of the choices {self.choices}")
        self.chosen = points
        hearts = self._hearts
        parts = [f"{hearts} heart{'s' * (hearts != 1)} ({hearts * HEART_POINTS})"] if hearts else []
        if QUEEN_OF_SPADES in self._cards:
            parts.append(f"♠Q ({QUEEN_OF_SPADES_POINTS})")
        working = " + ".join(parts) + f" = {self.answer}" if parts else "No hearts and no ♠Q: 0"
        right = points == self.answer
        verdict = "Right!" if right else f"Not quite: it is {self.answer}."
        self.feedback = f"{verdict} {working}. Each heart is 1 point, ♠Q is 13, every other card 0."
        if right:
            self.answered = True
        return right
