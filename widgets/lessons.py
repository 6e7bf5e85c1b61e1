"""The lesson catalogue, the learner's progress, the index page, and what completes a lesson.

Design choices:

* :data:`LESSONS` is the one list of lessons (file, title, one-line summary, what earns
  the mark); the index page and the "next lesson" links are built from it.  The list is
  data, kept in ``lessons.toml`` beside this module, so adding a lesson is one entry there.
* A lesson counts as completed when *every* exercise in it has been answered (mastery,
  not a tap).  A lesson's notebook makes one :class:`LessonPractice` and adds each
  exercise to it; it watches the trait each widget names (``answered``, ``confirmed``...)
  and records the lesson in ``progress.json`` in the same data directory as the saved
  match.  :func:`completes` is the one-exercise shortcut.  The file itself (its counts
  and stars, atomic writes under the folder's lock, an unreadable file set aside) is
  :mod:`hearts_learner.lesson_progress`; :class:`Progress` adds only the catalogue's check
  of a lesson key.
* What completes a widget is said by the widget itself (:class:`Completable`), not by
  a table here, so a new kind of practice needs no change to this module.
* Stars likewise: a one-question widget says whether it was right at the first try; a
  widget that asks question after question (a strategy lesson's puzzles) counts its own
  (:class:`CountsStars`), and each of its answers is recorded at once, so the index's
  promise of a ★ for every question right at the first try holds for those lessons too.
* :class:`~widgets.points_quiz.PointsQuiz` lives in its own module; it is re-exported
  here because the lessons import it from ``widgets.lessons``.
* Languages: ``lessons.toml`` holds the English texts, the message ids of the ``hearts``
  catalogue (``./dev translations`` extracts them), said through :func:`translate` when
  shown.  The index is the course's one language picker.  It holds every word of its page
  (heading, introduction, links), so choosing a language re-renders the whole page at once,
  without a reload, and its links lead into that language's folder of notebooks
  (``ja/03-practice.ipynb?lang=ja``), where the lesson's kernel speaks it
  (:mod:`hearts_core.wording`).  The choice is kept in ``progress.json`` beside the
  progress (same atomic write, same care for a corrupt file).  Which language the index
  opens in: the page address's ``?lang=``, else the stored choice, else the folder of a
  translated page, else the browser's first language the course speaks, else English.
"""

from __future__ import annotations

import logging
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

import traitlets

from hearts_core import wording
from hearts_core.errors import quote_input
from hearts_core.wording import LANGUAGES, NATIVE_NAMES, marked, say, translate
from hearts_learner.files import storage_notice
from hearts_learner.lesson_progress import COUNTS, LessonProgress
from widgets._base import HeartsWidget, bundle_css, bundle_esm, command, page_address
from widgets.points_quiz import PointsQuiz

__all__ = [
    "LESSONS", "PARTS", "Completable", "CountsStars", "Lesson", "LessonIndex", "LessonPractice", "PointsQuiz",
    "Progress", "completes", "next_step",
]

W = TypeVar("W", bound=HeartsWidget)

log = logging.getLogger("hearts_lessons.lessons")


@dataclass(frozen=True, slots=True)
class Lesson:
    """One lesson: its notebook, its title and a one-line summary for the index."""

    key: str
    title: str
    summary: str
    mark: str
    """What earns the lesson its ✓, in the learner's words."""
    part: str = "rules"
    """Which part of the course it belongs to: a key of :data:`PARTS`."""
    themes: tuple[str, ...] = ()
    """A strategy lesson's puzzle themes (:data:`hearts_core.puzzles.THEMES` keys); empty for the rest."""
    goal: int = 0
    """How many of those puzzles, right at the first try, earn the mark."""
    worked: str = ""
    """The shipped puzzle the lesson works through before its own puzzles ("" for none)."""

    @property
    def notebook(self) -> str:
        """The notebook's file name, relative to the lessons folder."""
        return f"{self.key}.ipynb"

    @property
    def page(self) -> str:
        """The lesson's address relative to the index: Voilà serves the notebook itself, the
        static site (Python in the browser, Pyodide) the page Voici rendered from it."""
        return page_address(self.notebook)

    def page_in(self, code: str, here: str | None = None) -> str:
        """The lesson's address in language ``code``, relative to a page in language ``here``'s folder."""
        return language_page(self.notebook, code, here)


def language_page(notebook: str, code: str, here: str | None = None) -> str:
    """A notebook's address in language ``code``'s folder, from a page in ``here``'s (the kernel's folder).

    English pages are the lessons folder itself, each translation a folder inside it named by
    its code; the address carries ``?lang=`` so the page it opens knows it was asked for.

    >>> language_page("03-practice.ipynb", "ja", "en"), language_page("index.ipynb", "en", "ja")
    ('ja/03-practice.ipynb?lang=ja', '../index.ipynb?lang=en')
    >>> language_page("glossary.ipynb", "es", "ja")
    '../es/glossary.ipynb?lang=es'
    """
    here = wording.folder_language() if here is None else here
    up = "" if here == "en" else "../"
    folder = "" if code == here else up + ("" if code == "en" else f"{code}/")
    return f"{folder}{page_address(notebook)}?lang={code}"


PARTS: dict[str, tuple[str, str]] = {
    "rules": (marked("The rules"), marked("What may be played, and how a hand and a match are scored.")),
    "play": (marked("Playing well"),
             marked("Which card is good, not only allowed: ideas, worked positions and puzzles from real hands.")),
}
"""The course's parts in order: key to (title, one-line summary), each a whole pattern for :func:`say`."""


def _load_lessons() -> tuple[Lesson, ...]:
    """The lessons of ``lessons.toml``, in course order, each part's lessons together."""
    table = tomllib.loads(resources.files("widgets").joinpath("lessons.toml").read_text(encoding="utf-8"))
    found = tuple(Lesson(**{**entry, "themes": tuple(entry.get("themes", ()))}) for entry in table["lesson"])
    parts = [item.part for item in found]
    if any(part not in PARTS for part in parts) or parts != sorted(parts, key=list(PARTS).index):
        raise ValueError(f"lessons.toml: every lesson needs a part of {list(PARTS)}, the parts in that order")
    return found


LESSONS: tuple[Lesson, ...] = _load_lessons()


def lesson(key: str) -> Lesson:
    """The lesson with ``key`` (e.g. ``"03-practice"``)."""
    for item in LESSONS:
        if item.key == key:
            return item
    raise KeyError(f"no lesson {key!r}; known: {', '.join(item.key for item in LESSONS)}")


class Progress(LessonProgress):
    """The learner's lesson progress (:class:`hearts_learner.lesson_progress.LessonProgress`), refusing a
    lesson key the course does not have before anything is written."""

    def record(self, key: str, *, complete: bool, answered: int = 0, exercises: int = 0, stars: int = 0,
               graded: int = 0) -> None:
        """Record how far lesson ``key`` got; counts keep their best, a completed lesson stays completed."""
        lesson(key)  # refuse unknown keys before touching the file
        super().record(key, complete=complete, answered=answered, exercises=exercises, stars=stars, graded=graded)




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


@runtime_checkable
class CountsStars(Protocol):
    """A widget that grades many questions and counts its own ★: those right at the first try, of those answered.

    A one-question widget says ``counts_for_stars`` and ``first_try`` instead.  A widget that
    asks question after question (a strategy lesson's puzzles) says how many it has graded,
    and :class:`LessonPractice` records its counts each time one of ``star_traits`` changes,
    before the lesson's mark is earned too, so the index shows every ★ as it is earned.
    """

    star_traits: ClassVar[tuple[str, ...]]

    def star_counts(self) -> tuple[int, int]:
        """Questions right at the first try, and questions answered."""
        ...


def _completion(widget: HeartsWidget) -> tuple[str, Callable[[], bool]]:
    """The trait to watch on ``widget`` and the test meaning "answered"."""
    if isinstance(widget, Completable):
        return widget.completion_trait, widget.is_complete
    kind = type(widget).__name__
    raise TypeError(f"{kind} does not say what completes it: give it completion_trait and is_complete()")


class LessonPractice:
    """Every exercise of one lesson: the lesson is completed once all of them are answered.

    A notebook makes one per lesson and passes each exercise through :meth:`add` as it
    builds it.  Each answer records the lesson's counts (answered, first-try stars) so
    the index can show how far the learner got, and the ✓ once nothing is left.

    >>> from widgets.practice import Practice
    >>> practice = LessonPractice("03-practice", Progress("/nonexistent"))
    >>> first = practice.add(Practice("practice-clubs-led"))
    >>> second = practice.add(Practice("practice-no-clubs"))
    >>> practice.answered, practice.total
    (0, 2)
    """

    def __init__(self, key: str, progress: Progress | None = None) -> None:
        lesson(key)
        self.key = key
        self.store = progress or Progress()
        self._exercises: list[tuple[HeartsWidget, Callable[[], bool]]] = []

    def add(self, widget: W) -> W:
        """Count ``widget`` as one exercise of this lesson; returns ``widget`` (to show it)."""
        trait, done = _completion(widget)
        self._exercises.append((widget, done))
        # In the static site without browser storage, say so before the learner answers anything.
        widget.error = widget.error or storage_notice() or ""

        def changed(_: object = None) -> None:
            if done():
                self._save(widget)

        widget.observe(changed, names=[trait])
        if isinstance(widget, CountsStars):
            counter = widget

            def counted(_: object = None) -> None:
                if counter.star_counts()[1]:  # a widget that grades nothing here (the puzzles page) writes nothing
                    self._save(widget)

            widget.observe(counted, names=list(widget.star_traits))
        return widget

    @property
    def total(self) -> int:
        """How many exercises the lesson has."""
        return len(self._exercises)

    @property
    def answered(self) -> int:
        """How many of them are answered."""
        return sum(1 for _, done in self._exercises if done())

    def _graded(self) -> list[HeartsWidget]:
        return [widget for widget, _ in self._exercises if getattr(widget, "counts_for_stars", False)]

    def _counted(self) -> list[tuple[int, int]]:
        return [widget.star_counts() for widget, _ in self._exercises if isinstance(widget, CountsStars)]

    @property
    def stars(self) -> int:
        """Graded questions answered right at the first try (one per graded exercise, many per :class:`CountsStars`)."""
        return (sum(1 for widget in self._graded() if getattr(widget, "first_try", False))
                + sum(stars for stars, _ in self._counted()))

    @property
    def graded(self) -> int:
        """Graded questions met: each graded exercise, and each question a :class:`CountsStars` widget has answered."""
        return len(self._graded()) + sum(graded for _, graded in self._counted())

    def _save(self, widget: HeartsWidget) -> None:
        try:
            self.store.record(self.key, complete=self.answered == self.total, answered=self.answered,
                              exercises=self.total, stars=self.stars, graded=self.graded)
        except OSError as problem:  # e.g. a read-only data folder: the lesson still works
            log.warning("progress of %s not saved: %s", self.key, problem)
            widget.error = say("Your progress could not be saved, so the index will not mark this lesson "
                               "as done. Your answer itself is fine.")


def completes(key: str, widget: W, progress: Progress | None = None) -> W:
    """Mark lesson ``key`` completed once the learner has answered ``widget``, its one exercise.

    What "answered" means is the widget's own business (:class:`Completable`): a practice
    answered with a legal card, a pass confirmed, a trick stepped to its end...  A lesson
    with several exercises uses one :class:`LessonPractice` instead.

    >>> from widgets.practice import Practice
    >>> practice = completes("03-practice", Practice("practice-clubs-led"), Progress("/nonexistent"))
    """
    return LessonPractice(key, progress).add(widget)


class LessonIndex(HeartsWidget):
    """The course's index page: its words, a language picker, and the lessons in order, each with its
    summary, a link, and a mark when completed."""

    _esm = bundle_esm("lessons.js")
    _css = bundle_css("lessons.css")

    lessons = traitlets.List(traitlets.Dict()).tag(sync=True)
    parts = traitlets.List(traitlets.Dict()).tag(sync=True)
    """The course's parts in order: ``key``, ``title`` and ``summary``; each lesson names its ``part``."""
    course = traitlets.Dict().tag(sync=True)
    """Across the course: lessons completed of all lessons, stars of all graded exercises seen."""
    notice = traitlets.Unicode("").tag(sync=True)
    """Why the progress marks were lost, if the progress file could not be read."""
    next_step = traitlets.Dict().tag(sync=True)
    """Where to go on: ``text`` and ``href`` of the first lesson not completed (see :func:`next_step`)."""
    language = traitlets.Unicode("en").tag(sync=True)
    """The code of the language the index speaks now."""
    languages = traitlets.List(traitlets.Dict()).tag(sync=True)
    """The picker's choices: ``code`` and ``name``, each language named in itself."""
    page = traitlets.Dict().tag(sync=True)
    """The page's own words: ``title``, ``intro`` (paragraphs, with ``**bold**`` and ``[links](...)``),
    ``links`` (``text`` and ``href``) and ``home`` (this index's address in the active language)."""

    def __init__(self, progress: Progress | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.progress = progress or Progress()
        self.folder = wording.folder_language()
        """The language of the folder this page is in: links are relative to it."""
        self.languages = [{"code": code, "name": NATIVE_NAMES[code]} for code in LANGUAGES]
        self.refresh()

    def page_opened(self, browser: list[str] | None = None, asked: str = "") -> list[dict[str, Any]]:
        """Marks as they are now (the index may have been built long before, preheated), in the language
        the learner wants: ``asked`` is the address's ``?lang=``, ``browser`` the browser's languages."""
        wanted = opening_language(asked, self.progress.language(), self.folder, browser or [])
        if wanted != wording.language():
            wording.set_language(wanted)
        return self.refresh()

    @command("choose_language")
    def choose_language(self, code: str) -> None:
        """The learner picked language ``code``: the index speaks it at once, and it is remembered."""
        if code not in LANGUAGES:
            raise ValueError(say("The course does not speak {code}; choose one of the languages listed.",
                                 code=quote_input(code)))
        wording.set_language(code)
        try:
            self.progress.choose_language(code)
            saved = True
        except OSError as problem:  # a read-only data folder: the page still switches
            log.warning("language choice not saved: %s", problem)
            saved = False
        self.refresh()
        if not saved:
            self.error = say("Your choice of language could not be saved, so the next visit may open "
                             "in another language.")

    def refresh(self) -> list[dict[str, Any]]:
        """Re-read the learner's progress and say everything in the active language."""
        code = wording.language()
        done = self.progress.completed()
        stats = self.progress.stats()
        empty = dict.fromkeys(COUNTS, 0)
        with self.hold_sync():
            self.relabel()
            self.language = code
            self.error = storage_notice() or ""
            self.notice = self.progress.notice
            self.parts = [{"key": key, "title": say(title), "summary": say(summary)}
                          for key, (title, summary) in PARTS.items() if any(item.part == key for item in LESSONS)]
            self.lessons = [
                {"number": number, "key": item.key, "title": translate(item.title),
                 "summary": translate(item.summary), "href": item.page_in(code, self.folder),
                 "done": item.key in done, "mark": translate(item.mark), "part": item.part,
                 **stats.get(item.key, empty)}
                for number, item in enumerate(LESSONS, start=1)
            ]
            self.course = {"done": sum(1 for item in LESSONS if item.key in done), "total": len(LESSONS),
                           "stars": sum(entry["stars"] for entry in stats.values()),
                           "graded": sum(entry["graded"] for entry in stats.values())}
            self.next_step = next_step(done, code, self.folder)
            self.page = index_words(code, self.folder)
        return self.lessons


def opening_language(asked: str, stored: str | None, folder: str, browser: list[str]) -> str:
    """The language the index opens in (module docstring): ``?lang=``, the stored choice, a translated
    page's folder, the browser's first language we speak, English.

    >>> opening_language("", None, "en", ["es-MX", "en"]), opening_language("en", "ja", "en", ["es"])
    ('es', 'en')
    >>> opening_language("", "ja", "es", []), opening_language("", None, "es", ["ja"])
    ('ja', 'es')
    """
    if asked in LANGUAGES:
        return asked
    if stored:
        return stored
    if folder != "en":
        return folder
    for tag in browser:
        primary = str(tag).split("-")[0].lower()
        if primary in LANGUAGES:
            return primary
    return "en"


_GLOSSARY = "glossary.ipynb"
_ANALYSIS = "analysis.ipynb"


def index_words(code: str, here: str) -> dict[str, Any]:
    """Every word of the index page in the active language, with links into language ``code``'s folder."""
    glossary, analysis = language_page(_GLOSSARY, code, here), language_page(_ANALYSIS, code, here)
    return {
        "title": say("Hearts Lessons"),
        "intro": [
            say("Learn the card game Hearts step by step, in two parts. **The rules** come first: the aim, "
                "tricks, passing, the special rules of the first trick and of hearts, scoring, the moon, and a "
                "full guided match against three computer players. **Playing well** comes next: one idea a "
                "lesson (passing, leading and ducking, the queen of spades, discarding, counting, the moon in "
                "play, exits and guards, the cards you passed, counting the hearts, the match score), each shown "
                "on a worked position and then practised on positions from real hands."),
            say("Each lesson is short and asks before it tells: you answer, then read why. A lesson gets its ✓ "
                "once every exercise in it is answered (each row says what that takes), and a ★ for every "
                "question answered right at the first try. Words you meet are explained in the "
                "**[glossary and rules reference]({glossary})**.", glossary=glossary),
            say("Set up any position, ask why a card may or may not be played, hear the coach and play on from "
                "there on the **[analysis board]({analysis})**.", analysis=analysis),
        ],
        "links": [{"text": say("Glossary and rules reference"), "href": glossary}],
        "home": language_page("index.ipynb", code, here),
    }


_START = marked("Start with lesson {number}: {title}")
_CONTINUE = marked("Continue with lesson {number}: {title}")
_ALL_DONE = marked("You have completed all {total} lessons. Play another guided match")
_MATCH_LESSON = "09-guided-match"


def next_step(done: set[str], code: str = "en", here: str = "en") -> dict[str, str]:
    """Where the index sends the learner on: the first lesson not completed, or a match once all are.

    Said in the active language; the link leads into language ``code``'s folder from ``here``'s.

    >>> next_step(set())["text"]
    'Start with lesson 1: The aim and the cards'
    >>> next_step({"01-aim-and-cards", "02-tricks"})["text"]
    'Continue with lesson 3: Which card would you play?'
    """
    for number, item in enumerate(LESSONS, start=1):
        if item.key not in done:
            pattern = _CONTINUE if done & {entry.key for entry in LESSONS} else _START
            return {"text": say(pattern, number=number, title=translate(item.title)),
                    "href": item.page_in(code, here), "lesson": item.key}
    match = lesson(_MATCH_LESSON)
    return {"text": say(_ALL_DONE, total=len(LESSONS)), "href": match.page_in(code, here), "lesson": match.key}
