"""The puzzle board's controller: the puzzle on screen, the learner's answer and progress, and every decision.

Design choices:

* No traitlets here, and no front end: :class:`PuzzleFlow` holds the board's state and
  decides; the widget (:mod:`widgets.puzzles.widget`) copies that state into traits after
  every action through the builders of :mod:`widgets.puzzles.payloads`.  So the flow can be
  driven, and tested, without Jupyter.
* The position is :meth:`hearts_core.puzzles.Puzzle.view`, the seat's own view.  Which
  cards may be played, and why not, is the engine's (``view.explain``).
* Answering is two steps, as in the match: tap a card (:meth:`PuzzleFlow.select`; a card
  the rules refuse is explained and changes nothing), then Confirm
  (:meth:`PuzzleFlow.confirm`).  The verdict and its reason are :meth:`Puzzle.check`'s words.
* Progress is :mod:`hearts_learner.puzzle_progress`: every answer goes through
  :meth:`PuzzleStore.update`, so two tabs never lose each other's attempts.  Only a first
  attempt moves the rating; a repeat or a review does not (the module's own rule).
* The learner's own mistakes come back here: a costly play from one of their matches
  (a review card of kind "play", kept by :mod:`widgets.match.advice`) carries its
  position as puzzle data (:func:`hearts_core.puzzles.mistake_puzzle`), and on the
  puzzles page it is shown and answered like a puzzle when due, due reviews first, in
  :func:`next_puzzle`'s order.  Its answer reviews its card (right sends it further out,
  wrong brings it back soon) and never moves the rating: it has no first attempt.
  "Your mistakes" counts only the due cards this board can show (:meth:`PuzzleFlow.showable`).
* Themes are their stable keys (:data:`hearts_core.puzzles.THEMES`): the catalogue handed
  to :func:`next_puzzle` carries the keys, so the picker, the progress file and the
  accuracy per theme all speak keys, and only the words shown are translated.
* Every sentence a learner reads is a whole pattern in :data:`PATTERNS`, marked for the
  catalogue (:func:`hearts_core.wording.marked`) and said in the active language by
  :func:`hearts_core.wording.say`; the messages are said here, the position's words in
  :mod:`widgets.puzzles.payloads`.
* Time comes from ``clock`` (the wall clock in UTC by default), so tests fix it.  The
  moment the status was last worked out is kept (:attr:`PuzzleFlow.status_at`): what is due
  is counted then, not each time the learner taps a card.
* One board, three uses (``mode``): the puzzles page (every theme, a picker, the puzzle of
  the day); a strategy lesson's puzzles (:func:`lesson_puzzles`: the puzzles whose own idea
  is the lesson's, marked once ``goal`` of them are right at the first try *in that
  lesson*: each attempt is saved with the lesson it was made in, so a solve on the puzzles
  page or in another lesson never earns this one's mark); and a lesson's worked position
  (:func:`worked_puzzles`: one puzzle, asked before it is explained, kept out of the rating
  and the reviews because the lesson explains it straight after).
* **Show me** (:meth:`PuzzleFlow.show`): once a puzzle is answered, one deal of those played
  out is laid out whole for two cards (:func:`hearts_core.difference.showcase`): after a
  wrong answer the learner's card and the solution, after the solution the solution and the
  runner-up (the puzzle's second card), after another sound card that card and the solution.
  When the reason names where two cards part (a :class:`~hearts_core.parting_facts.PartsAt` among its
  facts), the deal shown is one that parts there, found in the reason's own deals.  It is
  built only when asked for: the answer's path pays nothing for it.  A match puzzle (its view
  has ``match_totals``) is shown with its totals: the deal is one whose two lines end the match
  differently for the seat, and each line says the final totals and who wins the match.
* :attr:`PuzzleFlow.step` goes up whenever another puzzle is shown, so the widget redraws the
  position only then.
* **The queue keeps its word across visits.**  A page may be built before the learner comes
  (a preheated kernel, with the progress of that moment), so its opening
  (:meth:`PuzzleFlow.page_opened`) re-reads the progress and the theme and shows whatever a
  page built now would: a puzzle missed since is not shown before its time, and a review
  that fell due meanwhile comes before any new puzzle (due reviews come first whatever the
  theme, :func:`next_puzzle`).  The theme chosen on the puzzles page is saved with the
  progress (:attr:`PuzzleProgress.theme`), so a reload keeps it; a lesson has no picker.

Kept whole: one state machine (choose, answer, show) with its three uses and both kinds of Show me (the
hand's points and, for lesson 21's puzzles, the match's result); split, a reader would follow one answer
across files.

>>> from datetime import UTC, datetime
>>> from tempfile import TemporaryDirectory
>>> with TemporaryDirectory() as folder:
...     flow = PuzzleFlow(store=PuzzleStore(folder), clock=lambda: datetime(2026, 12, 1, 12, tzinfo=UTC))
...     answer = flow.choose(str(flow.puzzle.solution))
...     answer is not None and answer.correct, flow.answered, flow.first_try, flow.progress.streak
(True, True, True, 1)
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Final

from hearts_core.cards import Card, to_card
from hearts_core.coach_judgement import position_seed
from hearts_core.difference import PLAY_OUT_DEALS, Showcase, showcase
from hearts_core.errors import HeartsError, InvalidRecordError
from hearts_core.parting_facts import PartsAt, StoredPartsAt
from hearts_core.puzzles import THEMES, Puzzle, PuzzleAnswer, load_puzzles, puzzle_from_data
from hearts_core.state import SeatView
from hearts_core.wording import marked, names_list, say
from hearts_learner.files import CorruptFileError, SaveConflictError
from hearts_learner.puzzle_choice import next_puzzle, own_ideas, puzzle_of_the_day
from hearts_learner.puzzle_file import NewerPuzzlesError, UnreadablePuzzlesError
from hearts_learner.puzzle_progress import PuzzleProgress
from hearts_learner.puzzle_store import PuzzleStore
from hearts_learner.schedule import LEARNING_MINUTES, ReviewCard, ReviewItem
from widgets.phrases import Message, nonempty_sentences

if TYPE_CHECKING:  # a lesson is only read here; widgets.lessons is a widget module (traitlets)
    from widgets.lessons import Lesson

__all__ = ["GOAL", "MODES", "PATTERNS", "SHOW_PATTERNS", "Entry", "PuzzleFlow", "Shown", "lesson_puzzles",
           "utc_now", "worked_puzzles"]

log = logging.getLogger("hearts_lessons.puzzles")

GOAL: Final = 5
"""Puzzles answered (first attempts, kept across visits) that earn the page its mark on the index."""

MODES: Final = ("page", "lesson", "worked")
"""The board's uses: the puzzles page, a strategy lesson's puzzles, a lesson's worked position."""

PATTERNS: Final = {
    "any_theme": marked("Any theme"),
    "theme_label": marked("Theme"),
    "day_button": marked("Puzzle of the day"),
    "confirm": marked("Confirm"),
    "next": marked("Next puzzle"),
    "hand": marked("Your hand: tap the card you would play, then Confirm"),
    "table": marked("The trick so far"),
    "players": marked("Points taken and voids shown so far"),
    "player": marked("Player"),
    "points": marked("Points taken"),
    "voids": marked("Shown void in"),
    "your_card": marked("your card"),
    "mistakes": marked("Your mistakes"),
    "accuracy": marked("First-try solves by theme"),
    "accuracy_none": marked("No puzzles answered yet."),
    "title": marked("Puzzle rated {rating}"),
    "title_day": marked("Puzzle of the day, rated {rating}"),
    "title_review": marked("A puzzle you missed earlier, rated {rating}"),
    "title_repeat": marked("A puzzle you have answered before, rated {rating}"),
    "question_lead": marked("You lead this trick. Which card would you play?"),
    "question_follow": marked("Your turn to play to this trick. Which card would you play?"),
    "nobody_led": marked("Nobody has played to this trick yet: you lead."),
    "prompt": marked("Tap the card you would play, then press Confirm."),
    "selected": marked("You chose {card}. Press Confirm to play it, or tap another card."),
    "refused": marked("{why} Nothing changed: choose another card."),
    "no_card": marked("Tap a card first, then press Confirm."),
    "answered": marked("This puzzle is answered. Press Next puzzle for another."),
    "answer_first": marked("Answer this puzzle first: tap a card, then press Confirm."),
    "refused_badge": marked("Not allowed"),
    "themes_after": marked("Themes of this puzzle: {themes}."),
    "comes_back": marked("It comes back under Your mistakes in {minutes} minutes."),
    "repeat_rating": marked("Rating {rating} (no change: this puzzle was answered before)"),
    "none_left": marked("You have answered every puzzle in this theme. Choose another theme."),
    "not_saved": marked("Your answer could not be saved, so it counts on this page only."),
    "conflict": marked("Another tab saved at the same moment, so this answer counts on this page only. "
                       "Reload to see both."),
    "title_worked": marked("A worked position"),
    "analysis_link": marked("Open this position on the analysis board"),
    "out_heading": marked("Cards still out (not in your hand, not yet played)"),
    "out_suit": marked("{suit}: {cards}"),
    "out_none": marked("{suit}: none"),
    "history_heading": marked("Tricks played so far ({count})"),
    "history_trick": marked("Trick {number}, led by {leader}: {cards}. {seat} took it with {card}: {points}."),
    "title_play": marked("A costly play from one of your matches, rated {rating}"),
    "played_in_match": marked("In your match you played {card}."),
    "play_rating": marked("Rating {rating} (no change: a play from your matches is a review, which leaves it alone)"),
    "lesson_goal": marked("Right at the first try in this lesson: {count} of {goal}."),
    "lesson_done": marked("Right at the first try in this lesson: {count}. The lesson's mark needs {goal}: "
                          "you have it."),
    "match_heading": marked("The match score"),
    "match_before": marked("Total before this hand"),
    "match_now": marked("With this hand's points so far"),
    "match_rule": marked("A total of {target} or more after this hand ends the match, and the lowest total then "
                         "wins."),
    "match_ends_you": marked("Counting this hand's points so far, your total is already {total}, so the match ends "
                             "after this hand and the lowest total then wins."),
    "match_ends_seat": marked("Counting this hand's points so far, {seat}'s total is already {total}, so the match "
                              "ends after this hand and the lowest total then wins."),
    "match_ends_many": marked("Counting this hand's points so far, {seats} already have {target} or more, so the "
                              "match ends after this hand and the lowest total then wins."),
}
"""Every sentence and label the puzzle board shows, each a whole pattern for :func:`hearts_core.wording.say`."""

SHOW_PATTERNS: Final = {
    "show_me": marked("Show me"),
    "show_me_name": marked("Show me one deal played out with {card} and with {other}"),
    "close": marked("Close"),
    "back": marked("Previous trick"),
    "forward": marked("Next trick"),
    "heading": marked("{card} and {other}, played out in one deal"),
    "intro": marked("This is one way the hidden cards could lie: one deal of the {deals} played out, with "
                    "everyone playing on sensibly. Other deals go differently. Step through the tricks to see "
                    "where the two cards part."),
    "intro_match": marked("This is one way the hidden cards could lie: one deal of the {deals} played out, with "
                          "everyone playing on sensibly. In {turned} of them, {best} ends the match better for you "
                          "than {other} (a win rather than a draw or a loss, or a draw rather than a loss), and this "
                          "deal is one. Step through the tricks to see where the two cards part."),
    "hands_heading": marked("The other players' hands in this deal"),
    "hand_line": marked("{seat}: {cards}"),
    "yours": marked("Your card: {card}"),
    "better": marked("The better card: {card}"),
    "next_best": marked("The next best card: {card}"),
    "answer": marked("The puzzle's answer: {card}"),
    "trick_of": marked("Trick {number} of {total}"),
    "took": marked("took it"),
    "parts_here": marked("Here the lines part: by the end of this trick, you have taken {points} more with {other} "
                         "than with {best}."),
    "parts_named": marked("Here the lines part: with {other} played at trick {start}, you take this trick with "
                          "{taker} and {points}; with {best} played then, you take no points in it."),
    "never_parts": marked("In this deal {other} never costs you more than {best}: the difference shows in other "
                          "deals."),
    "never_parts_moon": marked("Trick by trick, {other} never costs you more points than {best} in this deal, but a "
                               "moon changes the end: you end the hand with {other_points} after {other} and "
                               "{best_points} after {best}."),
    "moon_you": marked("With {card}, you shoot the moon."),
    "moon_seat": marked("With {card}, {seat} shoots the moon."),
    "end": marked("With {card} you end the hand with {points}."),
    "end_none": marked("With {card} you end the hand with no points."),
    "totals": marked("{seat0} {total0}, {seat1} {total1}, {seat2} {total2}, {seat3} {total3}"),
    "match_won": marked("After {card} the match ends at {totals}: you win the match."),
    "match_drawn": marked("After {card} the match ends at {totals}: you share the lowest total with {seats}, a "
                          "draw."),
    "match_lost": marked("After {card} the match ends at {totals}: {seat} wins the match."),
    "match_lost_shared": marked("After {card} the match ends at {totals}: {seats} share the win."),
    "match_on": marked("After {card} the totals are {totals}: nobody has reached {target}, so the match goes on."),
    "parts_match": marked("Here the lines part: with {other} played at trick {start}, {seat} took this trick and "
                          "{points}; with {best} played then, {seat_best} took it and {points_best}."),
}
"""The words of "Show me" (:meth:`PuzzleFlow.show`), said by :func:`widgets.puzzles.payloads.showcase_payload`."""


@dataclass(frozen=True, slots=True)
class Shown:
    """What "Show me" shows: the deal laid out, and the two lines in the order shown with each one's label key."""

    layout: Showcase
    order: tuple[tuple[str, bool], ...]
    """Per line shown, left (or top) first: the :data:`SHOW_PATTERNS` key of its label and whether it is the
    better card's line (``True``) or the other card's."""


@dataclass(frozen=True, slots=True)
class Entry:
    """A puzzle as :mod:`hearts_learner.puzzle_progress` sees it: its id, rating and theme *keys*."""

    id: str
    rating: float
    themes: tuple[str, ...]
    puzzle: Puzzle
    play: bool = False
    """A costly play from one of the learner's matches (a review card of kind "play"), not a shipped puzzle."""


def _entries(puzzles: Sequence[Puzzle]) -> tuple[Entry, ...]:
    return tuple(Entry(puzzle.id, float(puzzle.rating), puzzle.theme_keys, puzzle) for puzzle in puzzles)


def utc_now() -> datetime:
    """The wall clock in UTC: every board's clock unless a test gives it another."""
    return datetime.now(UTC)


def lesson_puzzles(lesson: Lesson) -> list[Puzzle]:
    """A strategy lesson's puzzles: the shipped ones whose own idea is one of its themes, less its worked position
    (the lesson has already explained it).

    A puzzle's own idea is its main theme among the strategy lessons' (:func:`own_ideas`): a moon try that
    leads a low card is the moon lesson's, not the ducking lesson's, and each puzzle is in one lesson only.
    """
    from widgets.lessons import LESSONS  # noqa: PLC0415 - a widget module (traitlets): only when a lesson asks

    entries = _entries(load_puzzles())
    grouped = own_ideas(entries, {item.key: item.themes for item in LESSONS if item.themes})
    return [entry.puzzle for entry in grouped.get(lesson.key, ()) if entry.id != lesson.worked]


def worked_puzzles(lesson: Lesson) -> list[Puzzle]:
    """A strategy lesson's worked position, as a catalogue of its one shipped puzzle."""
    found = [puzzle for puzzle in load_puzzles() if puzzle.id == lesson.worked]
    if not found:
        raise ValueError(f"lesson {lesson.key!r} names worked puzzle {lesson.worked!r}, "
                         "which is not in the shipped set")
    return found


class PuzzleFlow:
    """The puzzle board's state and decisions: which puzzle shows, what a tap and a Confirm do, what is saved.

    ``puzzles`` is the catalogue (the shipped set by default), ``store`` where progress is
    saved (the user's data directory by default), ``clock`` the time, ``seed`` the draw of the
    next puzzle, ``goal`` what earns the mark and ``mode`` one of :data:`MODES`; ``lesson`` is
    the strategy lesson's key in mode "lesson", which its answers are saved with.
    """

    status_at: datetime
    """When the status (rating, due reviews, goal) was last worked out: set with the puzzle shown, an answer,
    an opening."""

    def __init__(self, puzzles: Sequence[Puzzle] | None = None, *, store: PuzzleStore | None = None,
                 clock: Callable[[], datetime] = utc_now, seed: str | int | None = None, goal: int = GOAL,
                 mode: str = "page", lesson: str = "") -> None:
        if mode not in MODES:
            raise ValueError(f"a puzzle board's mode is one of {MODES}, not {mode!r}")
        if (mode == "lesson") != bool(lesson):
            raise ValueError(f"a lesson's puzzle board needs the lesson's key, and only it does (mode {mode!r}, "
                             f"lesson {lesson!r})")
        self.catalogue = _entries(load_puzzles() if puzzles is None else puzzles)
        if not self.catalogue:
            raise ValueError("a puzzle page needs at least one puzzle")
        self._ids = frozenset(entry.id for entry in self.catalogue)
        self.store = store if store is not None else PuzzleStore()
        self.clock = clock
        self.seed = seed
        self.mode = mode
        self.lesson = lesson
        """The strategy lesson whose puzzles these are ("" on the puzzles page and for a worked position)."""
        self.goal = goal
        self.notice = ""
        """Why progress was lost or is not saved, as a sentence ("" when all is well)."""
        self.saving = mode != "worked"
        """Answers go to the store (not for a worked position, nor once the store proved unusable)."""
        self.progress = self._load() if self.saving else PuzzleProgress()
        self.theme = self._kept_theme()
        """The theme the learner keeps to (its key; "" for any), as saved from the puzzles page's picker."""
        self.entry = self.catalogue[0]
        self.view: SeatView = self.entry.puzzle.view()
        self.title_kind = "title"
        """Which of :data:`PATTERNS`' titles the puzzle on screen wears (a review, a repeat, the day's...)."""
        self.selected: Card | None = None
        self.played: Card | None = None
        """The card confirmed for the puzzle on screen, now on the table (``None`` until it is answered)."""
        self.first_try = True
        """The answer on screen was the puzzle's first attempt (so it moved the rating)."""
        self.message = Message("prompt", "", "")
        self.answer: PuzzleAnswer | None = None
        """The verdict on the puzzle on screen, once it is answered."""
        self.opened = False
        """True once the page's opening has been answered (:meth:`page_opened`)."""
        self.step = 0
        """Goes up each time another puzzle is shown."""
        self.shown: Shown | None = None
        """The deal "Show me" lays out, while it is open (``None`` when closed or not yet asked for)."""
        self._plays: dict[str, Entry | None] = {}
        """Each play card's puzzle by id, ``None`` for one whose data makes none (an id's data never changes)."""
        self._show(self._choose_next() or self._day_entry())

    # ------------------------------------------------------------------ reading

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle on screen."""
        return self.entry.puzzle

    @property
    def answered(self) -> bool:
        """The puzzle on screen has been answered (its card confirmed)."""
        return self.played is not None

    @property
    def theme_keys(self) -> tuple[str, ...]:
        """The themes the picker offers: those some puzzle of the catalogue carries, in :data:`THEMES`' order."""
        return tuple(key for key in THEMES if any(key in entry.themes for entry in self.catalogue))

    @property
    def solved_here(self) -> int:
        """Attempts made in this board's lesson and right at the first try (what a lesson's mark counts)."""
        return self.progress.solved_in(self.lesson) if self.lesson else 0

    @property
    def goal_count(self) -> int:
        """What counts toward ``goal``: puzzles answered (page), right at the first try (lesson), answered (worked)."""
        if self.mode == "worked":
            return int(self.answered)
        if self.mode == "lesson":
            return self.solved_here
        return len(self.progress.attempts)

    def is_complete(self) -> bool:
        """Done for the index: ``goal`` puzzles answered (page), right at the first try (lesson), the one (worked)."""
        return self.goal_count >= self.goal

    def showable(self, progress: PuzzleProgress) -> PuzzleProgress:
        """``progress`` with only the review cards this board can show: its catalogue's puzzles and, on the
        puzzles page, the plays whose data makes a puzzle (a lesson keeps to its own puzzles)."""
        return replace(progress, cards=tuple(
            card for card in progress.cards
            if (card.kind == "puzzle" and card.id in self._ids)
            or (card.kind == "play" and self.mode == "page" and self._play_entry(card) is not None)))

    def _load(self) -> PuzzleProgress:
        """The saved progress; an unreadable file is reported (the store set it aside) and play starts afresh."""
        try:
            progress = self.store.load()
        except UnreadablePuzzlesError as problem:
            self.notice = str(problem)
            return PuzzleProgress()
        except NewerPuzzlesError as problem:
            self.notice = str(problem)
            self.saving = False
            return PuzzleProgress()
        except OSError:
            self.notice = say(PATTERNS["not_saved"])
            self.saving = False
            return PuzzleProgress()
        return progress

    # ------------------------------------------------------------------ actions

    def page_opened(self) -> None:
        """Re-read the progress: a preheated kernel built this page before the learner came.

        A puzzle answered meanwhile (in another tab) gives way to the next one.
        """
        if self.saving:
            self.progress = self._load()
        self.theme = self._kept_theme()
        if not self.answered:
            entry = self._choose_next() or self._day_entry()
            if entry.id != self.entry.id or self._title_kind(entry) != self.title_kind:
                self._show(entry)
        self.status_at = self.clock()
        self.opened = True

    def select(self, card: Card | str) -> bool:
        """Tap ``card``: chosen if the rules allow it (True); otherwise the engine's reason and no change."""
        chosen = to_card(card)
        if self.answered:
            self._say(say(PATTERNS["answered"]))
            return False
        verdict = self.view.explain(chosen)
        if not verdict.legal:
            self.message = Message("refused", say(PATTERNS["refused_badge"]),
                                   say(PATTERNS["refused"], why=verdict.message))
            return False
        self.selected = chosen
        self._say(say(PATTERNS["selected"], card=chosen))
        return True

    def confirm(self) -> PuzzleAnswer | None:
        """Play the chosen card: the verdict, its reason, and the progress saved (``None`` if nothing is chosen)."""
        if self.answered:
            self._say(say(PATTERNS["answered"]))
            return None
        if self.selected is None:
            self._say(say(PATTERNS["no_card"]))
            return None
        chosen = self.selected
        answer = self.puzzle.check(chosen)
        now = self.clock()
        entry = self.entry
        self.first_try = not entry.play and not self.progress.attempted(entry.id)
        warning = self._record(self._answer_change(entry, answer.correct, now)) if self.mode != "worked" else ""
        # The verdict is said once, on its own ("Right: ♥J."): the text under it is the reason and what follows.
        texts = [answer.reason]
        played = self._played_in_match(entry)
        if played is not None:
            texts.append(say(PATTERNS["played_in_match"], card=played))
        if entry.themes:  # a puzzle the tagger found no theme in says none
            texts.append(say(PATTERNS["themes_after"], themes=names_list(say(THEMES[key]) for key in entry.themes)))
        if not answer.correct and self.mode != "worked":
            texts.append(say(PATTERNS["comes_back"], minutes=LEARNING_MINUTES))
        if warning:
            texts.append(warning)
        self.played = chosen
        self.selected = None
        self.answer = answer
        self.message = Message("right" if answer.correct else "wrong", answer.verdict, nonempty_sentences(*texts))
        self.status_at = self.clock()
        return answer

    def choose(self, card: Card | str) -> PuzzleAnswer | None:
        """Tap ``card`` and Confirm it, as a learner does in two steps."""
        return self.confirm() if self.select(card) else None

    @property
    def show_cards(self) -> tuple[Card, Card, tuple[tuple[str, bool], ...]] | None:
        """The two cards "Show me" would play out, the better first, and their order and labels on screen; ``None``
        before the answer, or when the puzzle has no second legal card to show against."""
        if self.played is None or self.answer is None:
            return None
        legal = set(self.view.legal_plays())
        solution, chosen = self.puzzle.solution, self.played
        if chosen is not solution:
            # Wrong, or another sound card: the learner's card beside the puzzle's.
            return solution, chosen, (("yours", False), ("better" if not self.answer.correct else "answer", True))
        ranked = [to_card(item["card"]) for item in self.puzzle.data["evaluation"]["cards"]]
        runner = next((card for card in ranked if card is not solution and card in legal), None)
        if runner is None:
            return None
        return solution, runner, (("yours", True), ("next_best", False))

    def show(self) -> bool:
        """Lay out one deal for the two cards of :attr:`show_cards` (False, and nothing changes, before the answer)."""
        cards = self.show_cards
        if cards is None:
            self._say(say(PATTERNS["answer_first"]))
            return False
        best, other, order = cards
        # Where the answer says these two part: in the coach's own deals (PartsAt, seeded from the position as the
        # judge is), or in the deals a shipped puzzle was mined with (StoredPartsAt): Show me lays out one that does.
        partings = [fact for fact in (self.answer.facts if self.answer is not None else ()) if isinstance(
            fact, PartsAt | StoredPartsAt) and (fact.parting.best, fact.parting.runner) == (best, other)]
        named = next((fact.parting for fact in partings if isinstance(fact, PartsAt)), None)
        stored = next(((fact.parting.trick, fact.parting.taker) for fact in partings), None) if named is None else None
        # A match puzzle's deal is one whose two lines end the match differently; it needs no stored parting.
        self.shown = Shown(showcase(self.view, best, other, deals=named.deals if named is not None else PLAY_OUT_DEALS,
                                    seed=position_seed(self.view), named=named, stored=stored,
                                    totals=self.view.match_totals), order)
        return True

    def hide(self) -> None:
        """Close what "Show me" shows."""
        self.shown = None

    def next_puzzle(self) -> bool:
        """Load the next puzzle (a due review first); False, with a sentence, when there is none."""
        if not self.answered:
            self._say(say(PATTERNS["answer_first"]))
            return False
        entry = self._choose_next()
        if entry is None:
            self._say(say(PATTERNS["none_left"]))
            return False
        self._show(entry)
        return True

    def puzzle_of_the_day(self) -> str:
        """Load the puzzle of the day (the same for everyone on a UTC date); returns its id."""
        entry = self._day_entry()
        self._show(entry, kind="title_day")
        return entry.id

    def choose_theme(self, theme: str) -> bool:
        """Keep to one theme (its key; "" for any) and load its next puzzle; False when it has none left."""
        if theme and theme not in self.theme_keys:
            raise ValueError(say("There are no puzzles on the theme {theme}.", theme=theme))
        self.theme = theme
        if self.mode == "page" and self.progress.theme != theme:
            self._record(lambda progress: progress.with_theme(theme))  # unsaved, it still holds on this page
        entry = self._choose_next()
        if entry is None:
            self._say(say(PATTERNS["none_left"]))
            return False
        self._show(entry)
        return True

    # ------------------------------------------------------------------ helpers

    def _choose_next(self) -> Entry | None:
        found = next_puzzle(self.catalogue, self.theme or None, self.showable(self.progress), now=self.clock(),
                            seed=self.seed)
        if isinstance(found, ReviewItem):  # a due play card: showable made its puzzle
            return self._plays[found.id]
        return found

    def _play_entry(self, card: ReviewCard) -> Entry | None:
        """A play card as an entry to show, ``None`` (logged once) when its data does not replay as a puzzle."""
        if card.id not in self._plays:
            try:
                puzzle = puzzle_from_data(dict(card.data))
                legal = {str(each) for each in puzzle.view().legal_plays()}  # it replays
                if not legal <= {item["card"] for item in puzzle.data["evaluation"]["cards"]}:
                    raise InvalidRecordError(f"review card {card.id!r} has no figures for some legal cards")
            except (ValueError, KeyError, TypeError, IndexError):  # a hand-edited file, say: the page goes on
                log.warning("review card %r does not make a puzzle; it is not shown", card.id, exc_info=True)
                self._plays[card.id] = None
            else:
                self._plays[card.id] = Entry(card.id, float(puzzle.rating), puzzle.theme_keys, puzzle, play=True)
        return self._plays[card.id]

    def _answer_change(self, entry: Entry, correct: bool, now: datetime) -> Callable[[PuzzleProgress], PuzzleProgress]:
        """How an answer changes the progress: a play reviews its card; a puzzle records an attempt."""
        if not entry.play:
            return lambda progress: progress.record_attempt(entry, correct, now=now, lesson=self.lesson)
        # A card gone from the newest progress (another tab's file set aside, say) leaves nothing to review.
        return lambda progress: (progress.review(entry.id, correct, now=now) if progress.card(entry.id) is not None
                                 else progress)

    def _played_in_match(self, entry: Entry) -> Card | None:
        """The card really played in the match, for a play's entry (``None`` for a puzzle, or if unreadable)."""
        played = entry.puzzle.data.get("played") if entry.play else None
        if not isinstance(played, str):
            return None
        try:
            return to_card(played)
        except HeartsError:
            return None

    def _kept_theme(self) -> str:
        """The theme saved from the puzzles page's picker, if this board is that page and still offers it."""
        theme = self.progress.theme
        return theme if self.mode == "page" and theme in self.theme_keys else ""

    def _day_entry(self) -> Entry:
        return puzzle_of_the_day(self.catalogue, self.clock().date())

    def _record(self, change: Callable[[PuzzleProgress], PuzzleProgress]) -> str:
        """Apply ``change`` to the saved progress; "" when saved, else the sentence saying why not."""
        if not self.saving:
            self.progress = change(self.progress)
            return ""
        try:
            try:
                self.progress = self.store.update(change)
            except UnreadablePuzzlesError as problem:  # damaged since the page opened: set aside, start afresh
                self.notice = str(problem)
                self.progress = self.store.update(change)
        except SaveConflictError:
            self.progress = change(self.progress)
            return say(PATTERNS["conflict"])
        except (OSError, CorruptFileError):
            self.progress = change(self.progress)
            return say(PATTERNS["not_saved"])
        return ""

    def _show(self, entry: Entry, *, kind: str | None = None) -> None:
        """Put ``entry`` on screen, unanswered, with the title that says why it is here."""
        self.entry = entry
        self.view = entry.puzzle.view()
        self.title_kind = kind or self._title_kind(entry)
        self.selected = None
        self.played = None
        self.answer = None
        self.shown = None
        self._say(say(PATTERNS["prompt"]))
        self.status_at = self.clock()
        self.step += 1

    def _title_kind(self, entry: Entry) -> str:
        """Which title ``entry`` wears when the next puzzle is chosen: why it is here."""
        if self.mode == "worked":
            return "title_worked"
        if entry.play:
            return "title_play"
        card = self.progress.card(entry.id)
        if card is not None and card.due <= self.clock():
            return "title_review"
        return "title_repeat" if self.progress.attempted(entry.id) else "title"

    def _say(self, text: str) -> None:
        self.message = Message("prompt", "", text)
