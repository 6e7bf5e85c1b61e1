"""The puzzles page: one mined position at a time, answered with a card, rated and reviewed.

Design choices:

* This module is the thin layer: the traits the front end reads, and the actions it may
  send.  The board is in three parts, as the match page is:

  - :mod:`widgets.puzzles.flow`, the controller (no traitlets): the puzzle on screen, the
    answer, the progress and every decision, with the sentences that say them;
  - :mod:`widgets.puzzles.payloads`, functions turning the flow's state into trait values;
  - this widget, which hands each action to the flow and then copies its state into the
    traits in one batch (:meth:`PuzzleBoard._sync`), redrawing the position only when the
    flow's ``step`` moved (another puzzle is shown).

* The front end (``static/puzzle_board.js``) draws the traits and sends actions, which
  :meth:`HeartsWidget._dispatch` routes to the ``@command`` methods below, the same ones
  the tests call.  Answering is two steps, as in the match: tap a card, then Confirm.
* One board, three uses (``mode``): the puzzles page (every theme, a picker, the puzzle of
  the day); a strategy lesson's puzzles (:meth:`PuzzleBoard.for_lesson`: those whose own
  idea is the lesson's, marked once ``goal`` of them are right at the first try in that
  lesson); and a lesson's worked position
  (:meth:`PuzzleBoard.worked_example`: one puzzle, asked before it is explained, kept out
  of the rating and the reviews because the lesson explains it straight after).

>>> from datetime import UTC, datetime
>>> from tempfile import TemporaryDirectory
>>> with TemporaryDirectory() as folder:
...     board = PuzzleBoard(store=PuzzleStore(folder), clock=lambda: datetime(2026, 12, 1, 12, tzinfo=UTC))
...     board.choose(str(board.puzzle.solution)).correct
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, ClassVar

import traitlets

from hearts_core.cards import Card
from hearts_core.puzzles import Puzzle, PuzzleAnswer
from hearts_learner.puzzle_progress import PuzzleProgress
from hearts_learner.puzzle_store import PuzzleStore
from widgets._base import HeartsWidget, bundle_css, bundle_esm, command
from widgets.lessons import Lesson, lesson
from widgets.puzzles import payloads
from widgets.puzzles.flow import GOAL, PuzzleFlow, lesson_puzzles, utc_now, worked_puzzles

__all__ = ["PuzzleBoard"]



def _strategy_lesson(key: str) -> Lesson:
    """Lesson ``key`` of :data:`widgets.lessons.LESSONS`, which must ask puzzles."""
    found = lesson(key)
    if not found.themes:
        raise ValueError(f"lesson {key!r} asks no puzzles (lessons.toml gives it no themes)")
    return found


class PuzzleBoard(HeartsWidget):
    """The puzzles page: the position, the hand, Confirm, the verdict, the rating and the themes."""

    _esm = bundle_esm("showcase.js", "puzzle_board.js")
    _css = bundle_css("showcase.css", "puzzle_board.css")

    completion_trait: ClassVar[str] = "goal_count"
    counts_for_stars: ClassVar[bool] = False
    star_traits: ClassVar[tuple[str, ...]] = ("answered_count",)
    """Changes with every first attempt, right or wrong: the index's ★ are counted again (:meth:`star_counts`)."""

    puzzle_id = traitlets.Unicode("").tag(sync=True)
    """The puzzle on screen, for tests and bug reports (a data attribute, never shown)."""
    labels = traitlets.Dict().tag(sync=True)
    """The page's fixed words (buttons, headings), from :data:`~widgets.puzzles.flow.PATTERNS`, and what a rating is."""
    title = traitlets.Unicode("").tag(sync=True)
    question = traitlets.Unicode("").tag(sync=True)
    facts = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """Which trick it is, hearts broken or not, where ♠Q is, as sentences."""
    hand = traitlets.List(traitlets.Dict()).tag(sync=True)
    table = traitlets.List(traitlets.Dict()).tag(sync=True)
    """Each seat of the trick in play order: ``seat`` (a name), ``card`` (or none yet), ``you``."""
    table_words = traitlets.Unicode("").tag(sync=True)
    match_totals = traitlets.Dict().tag(sync=True)
    """A match puzzle's score: each seat's total before this hand and with this hand's points so far, and what it
    means ({} for any other puzzle; see :func:`widgets.puzzles.payloads.match_totals`)."""
    players = traitlets.List(traitlets.Dict()).tag(sync=True)
    """Each player: ``seat``, ``points`` (taken so far) and ``voids`` (suits play has shown missing)."""
    selected = traitlets.Unicode("").tag(sync=True)
    answered = traitlets.Bool(False).tag(sync=True)
    opened = traitlets.Bool(False).tag(sync=True)
    """True once the page's opening has been answered (the progress re-read, perhaps another puzzle shown)."""
    message = traitlets.Dict().tag(sync=True)
    """``kind`` ("prompt", "refused", "right", "wrong"), ``badge`` and ``text``: once answered, the verdict alone
    ("Right: ♥J.", what a screen reader hears) and the reason under it, with ``points`` (what "you should end the
    hand with" means, when the reason says it; see :func:`widgets.puzzles.payloads.message`)."""
    rating = traitlets.Unicode("").tag(sync=True)
    streak = traitlets.Unicode("").tag(sync=True)
    due = traitlets.Unicode("").tag(sync=True)
    accuracy = traitlets.List(traitlets.Unicode()).tag(sync=True)
    themes = traitlets.List(traitlets.Dict()).tag(sync=True)
    """The picker's choices: ``key`` ("" for any) and ``label``."""
    theme = traitlets.Unicode("").tag(sync=True)
    notice = traitlets.Unicode("").tag(sync=True)
    """Why progress was lost or is not saved, as a sentence ("" when all is well)."""
    answered_count = traitlets.Int(0).tag(sync=True)
    """Puzzles the learner has answered at least once (first attempts, kept across visits)."""
    goal = traitlets.Int(GOAL).tag(sync=True)
    mode = traitlets.Unicode("page").tag(sync=True)
    """``page`` (the puzzles page), ``lesson`` (a strategy lesson's puzzles) or ``worked`` (one worked position)."""
    goal_count = traitlets.Int(0).tag(sync=True)
    """What counts toward ``goal``: puzzles answered (page), right at the first try (lesson), answered (worked)."""
    out = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """Per suit, the cards still out (neither in the hand nor played), as sentences: what a counter keeps."""
    history_title = traitlets.Unicode("").tag(sync=True)
    history = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """Each finished trick in words: who led, who played what, who took it and its points."""
    lesson_text = traitlets.Unicode("").tag(sync=True)
    """In a lesson, how many of its puzzles are right at the first try, against the goal."""
    analysis_link = traitlets.Dict().tag(sync=True)
    """The puzzle's position on the analysis board (``href``, ``text``), shown once it is answered."""
    show_button = traitlets.Dict().tag(sync=True)
    """"Show me" once answered: ``text`` and the ``name`` a screen reader says ({} when there is nothing to show)."""
    showcase = traitlets.Dict().tag(sync=True)
    """One deal played out for two cards, trick by trick, while "Show me" is open ({} when closed; see
    :func:`widgets.puzzles.payloads.showcase_payload`)."""

    def __init__(self, puzzles: Sequence[Puzzle] | None = None, *, store: PuzzleStore | None = None,
                 clock: Callable[[], datetime] = utc_now, seed: str | int | None = None, goal: int = GOAL,
                 mode: str = "page", lesson: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._flow = PuzzleFlow(puzzles, store=store, clock=clock, seed=seed, goal=goal, mode=mode, lesson=lesson)
        self._drawn_step = -1
        """The flow's ``step`` whose position the traits show."""
        self.mode = mode
        self.goal = goal
        self.labels = payloads.labels()
        self.themes = payloads.theme_choices(self._flow)
        self._sync()

    @classmethod
    def for_lesson(cls, key: str, *, store: PuzzleStore | None = None, clock: Callable[[], datetime] = utc_now,
                   seed: str | int | None = None) -> PuzzleBoard:
        """A strategy lesson's puzzles: those whose own idea is the lesson's, marked at its goal of first-try solves.

        The lesson's worked position is left out: the lesson has already explained it.
        """
        found = _strategy_lesson(key)
        return cls(lesson_puzzles(found), store=store, clock=clock, seed=seed, goal=found.goal, mode="lesson",
                   lesson=found.key)

    @classmethod
    def worked_example(cls, key: str, *, clock: Callable[[], datetime] = utc_now) -> PuzzleBoard:
        """A strategy lesson's worked position: its one puzzle, asked first, answered with the reason.

        It is not saved and does not move the rating: it is the lesson's example, not a test.
        """
        return cls(worked_puzzles(_strategy_lesson(key)), clock=clock, goal=1, mode="worked")

    def is_complete(self) -> bool:
        """Done for the index: ``goal`` puzzles answered (page), right at the first try (lesson), the one (worked)."""
        return self.goal_count >= self.goal

    def star_counts(self) -> tuple[int, int]:
        """A strategy lesson's ★ for the index (:class:`widgets.lessons.CountsStars`): its puzzles right at the first
        try (what its mark counts), of its puzzles answered.  The puzzles page and a worked position give none: the
        page keeps a rating instead, and the worked position is the lesson's example, not a question it grades."""
        flow = self._flow
        if flow.mode != "lesson":
            return 0, 0
        # Only the first tries made in this lesson, as its mark counts them: one of its puzzles met first on
        # the puzzles page earns the lesson nothing.
        return flow.goal_count, max(flow.progress.answered_in(flow.lesson), flow.goal_count)

    # ------------------------------------------------------------------ reading

    @property
    def flow(self) -> PuzzleFlow:
        """The controller behind this widget."""
        return self._flow

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle on screen."""
        return self._flow.puzzle

    @property
    def progress(self) -> PuzzleProgress:
        """The learner's puzzle progress as this page last read or saved it."""
        return self._flow.progress

    @property
    def store(self) -> PuzzleStore:
        """Where the progress is saved."""
        return self._flow.store

    # ------------------------------------------------------------------ actions

    def page_opened(self) -> None:
        """Re-read the progress: a preheated kernel built this page before the learner came.

        A puzzle answered meanwhile (in another tab) gives way to the next one.
        """
        self._act(self._flow.page_opened)

    @command("select")
    def select(self, card: Card | str) -> bool:
        """Tap ``card``: chosen if the rules allow it (True); otherwise the engine's reason and no change."""
        return self._act(self._flow.select, card)

    @command("confirm")
    def confirm(self) -> PuzzleAnswer | None:
        """Play the chosen card: the verdict, its reason, and the progress saved (``None`` if nothing is chosen)."""
        return self._act(self._flow.confirm)

    def choose(self, card: Card | str) -> PuzzleAnswer | None:
        """Tap ``card`` and Confirm it, as a learner does in two steps."""
        return self.confirm() if self.select(card) else None

    @command("show")
    def show(self) -> bool:
        """"Show me": lay out one deal played out for the chosen card and the other one (False before the answer)."""
        return self._act(self._flow.show)

    @command("hide")
    def hide(self) -> None:
        """Close what "Show me" shows."""
        self._act(self._flow.hide)

    @command("next")
    def next_puzzle(self) -> bool:
        """Load the next puzzle (a due review first); False, with a sentence, when there is none."""
        return self._act(self._flow.next_puzzle)

    @command("day")
    def puzzle_of_the_day(self) -> str:
        """Load the puzzle of the day (the same for everyone on a UTC date); returns its id."""
        return self._act(self._flow.puzzle_of_the_day)

    @command("theme")
    def choose_theme(self, theme: str) -> bool:
        """Keep to one theme (its key; "" for any) and load its next puzzle; False when it has none left."""
        return self._act(self._flow.choose_theme, theme)

    # ------------------------------------------------------------------ plumbing

    def _sync(self) -> None:
        """Copy the flow's state into the traits, as one change for the front end and the observers."""
        flow = self._flow
        with self.changing_together():
            if flow.step != self._drawn_step:
                view = flow.view
                self.puzzle_id = flow.entry.id
                self.analysis_link = payloads.board_link(view)
                self.title = payloads.title(flow)
                self.question = payloads.question(view)
                self.facts = payloads.facts(view)
                self.match_totals = payloads.match_totals(view)
                self.players = payloads.players(flow)
                self.out = payloads.still_out(view)
                self.history = payloads.history(view)
                self.history_title = payloads.history_title(view)
                self._drawn_step = flow.step
            self.hand = payloads.hand(flow)
            self.table = payloads.table(flow)
            self.table_words = payloads.table_words(flow)
            self.selected = "" if flow.selected is None else str(flow.selected)
            self.answered = flow.answered
            self.message = payloads.message(flow)
            self.theme = flow.theme
            self.notice = flow.notice
            self.opened = flow.opened
            self.rating = payloads.rating(flow)
            self.streak = payloads.streak(flow)
            self.due = payloads.due(flow)
            self.accuracy = payloads.accuracy(flow)
            self.answered_count = len(flow.progress.attempts)
            self.goal_count = flow.goal_count
            self.lesson_text = payloads.lesson_text(flow)
            self.show_button = payloads.show_button(flow)
            self.showcase = payloads.showcase_payload(flow)
