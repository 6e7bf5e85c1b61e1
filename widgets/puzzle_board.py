"""The puzzles page: one mined position at a time, answered with a card, rated and reviewed.

Design choices:

* The position is :meth:`hearts_core.puzzles.Puzzle.view`, the seat's own view: its hand,
  the trick so far, hearts broken or not, whether ♠Q is out, the points each player has
  taken and the voids play has shown (:meth:`hearts_core.knowledge.Knowledge.voids`).
  Which cards may be played, and why not, is the engine's (``view.explain``); the front
  end dims what Python marks and never decides a rule.
* Answering is two steps, as in the match: tap a card (a card the rules refuse is
  explained and changes nothing), then Confirm.  The verdict and its reason are
  :meth:`Puzzle.check`'s words.
* Progress is :mod:`hearts_learner.puzzle_progress`: every answer goes through
  :meth:`PuzzleStore.update`, so two tabs never lose each other's attempts.  Only a first
  attempt moves the rating; a repeat or a review does not (the module's own rule).
* The learner's own mistakes come back here: a costly play from one of their matches
  (a review card of kind "play", kept by :mod:`widgets.match_advice`) carries its
  position as puzzle data (:func:`hearts_core.puzzles.mistake_puzzle`), and on the
  puzzles page it is shown and answered like a puzzle when due, due reviews first, in
  :func:`next_puzzle`'s order.  Its answer reviews its card (right sends it further out,
  wrong brings it back soon) and never moves the rating: it has no first attempt.
  "Your mistakes" counts only the due cards this board can show.
* Themes cross as their stable keys (:data:`hearts_core.puzzles.THEMES`): the catalogue
  handed to :func:`next_puzzle` carries the keys, so the picker, the progress file and the
  accuracy per theme all speak keys, and only the words shown are translated.
* Seats are named as the puzzle's seat sees the table: itself "You", the next to play
  "CPU1" and so on, as the reasons name them (:mod:`hearts_core.coach`).
* Every sentence a learner reads is a whole pattern in :data:`PATTERNS`, marked for the
  catalogue (:func:`hearts_core.wording.marked`) and said in the active language by
  :func:`hearts_core.wording.say`; the front end shows only what it is sent.
* Time comes from ``clock`` (the wall clock in UTC by default), so tests fix it.
* One board, three uses (``mode``): the puzzles page (every theme, a picker, the puzzle of
  the day); a strategy lesson's puzzles (:meth:`PuzzleBoard.for_lesson`: only the lesson's
  themes, marked once ``goal`` of them are right at the first try, counted from the saved
  attempts so a solve on the puzzles page counts too); and a lesson's worked position
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

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, ClassVar, Final

import traitlets

from hearts_core.cards import DECK, Card, Suit, to_card
from hearts_core.errors import HeartsError, InvalidRecordError
from hearts_core.knowledge import Knowledge
from hearts_core.phrasing import whole_number
from hearts_core.puzzles import THEMES, Puzzle, PuzzleAnswer, load_puzzles, puzzle_from_data
from hearts_core.rules import CARDS_PER_SEAT, NUM_SEATS, QUEEN_OF_SPADES
from hearts_core.state import SeatView
from hearts_core.wording import and_list, marked, points_phrase, say, seat_name, suit_name
from hearts_learner.files import CorruptFileError, SaveConflictError
from hearts_learner.puzzle_choice import next_puzzle, puzzle_of_the_day
from hearts_learner.puzzle_file import NewerPuzzlesError, UnreadablePuzzlesError
from hearts_learner.puzzle_progress import PuzzleProgress
from hearts_learner.puzzle_store import PuzzleStore
from hearts_learner.puzzle_words import PATTERNS as PROGRESS_PATTERNS
from hearts_learner.puzzle_words import due_text, rating_text, streak_text, theme_text
from hearts_learner.schedule import LEARNING_STEP, ReviewCard, ReviewItem
from widgets._base import HeartsWidget, bundle_css, bundle_esm, card_data, cards_data, command, spoken_plays
from widgets.analysis.links import analysis_link
from widgets.lessons import Lesson, lesson

__all__ = ["GOAL", "PATTERNS", "Entry", "PuzzleBoard"]

log = logging.getLogger("hearts_lessons.puzzles")

GOAL: Final = 5
"""Puzzles answered (first attempts, kept across visits) that earn the page its mark on the index."""

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
    "no_voids": marked("none shown"),
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
    "trick": marked("Trick {number} of {total}"),
    "hearts_broken": marked("Hearts are broken."),
    "hearts_unbroken": marked("Hearts are not broken yet."),
    "queen_gone": marked("♠Q has been played, by {seat}."),
    "queen_out": marked("♠Q has not been played yet."),
    "nobody_led": marked("Nobody has played to this trick yet: you lead."),
    "prompt": marked("Tap the card you would play, then press Confirm."),
    "selected": marked("You chose {card}. Press Confirm to play it, or tap another card."),
    "refused": marked("{why} Nothing changed: choose another card."),
    "no_card": marked("Tap a card first, then press Confirm."),
    "answered": marked("This puzzle is answered. Press Next puzzle for another."),
    "answer_first": marked("Answer this puzzle first: tap a card, then press Confirm."),
    "refused_badge": marked("Not allowed"),
    "right": marked("Solved"),
    "wrong": marked("Not solved"),
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
    "lesson_goal": marked("Right at the first try in this lesson's themes: {count} of {goal}."),
    "lesson_done": marked("Right at the first try in this lesson's themes: {count}. The lesson's mark needs {goal}: "
                    "you have it."),
}
"""Every sentence and label this widget shows, each a whole pattern for :func:`hearts_core.wording.say`."""


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


def _now() -> datetime:
    return datetime.now(UTC)


_MODES: Final = ("page", "lesson", "worked")


def _still_out(view: SeatView) -> list[str]:
    """Per suit, the cards neither in the seat's hand nor played yet: the ones a careful player counts."""
    gone = set(view.hand) | {card for _, card in view.plays}
    lines = []
    for suit in Suit:
        left = [card for card in DECK if card.suit is suit and card not in gone]
        named = suit_name(suit)
        name = named[:1].upper() + named[1:]  # heads a line: "Clubs: ..."
        lines.append(say(PATTERNS["out_suit"], suit=name, cards=" ".join(str(card) for card in left)) if left
                     else say(PATTERNS["out_none"], suit=name))
    return lines


def _history(view: SeatView) -> list[str]:
    """The finished tricks in words, oldest first (a learner opening a puzzle did not see them played)."""
    return [say(PATTERNS["history_trick"], number=number, leader=seat_name(trick.leader),
                cards=" ".join(str(card) for card in trick.cards), seat=seat_name(trick.winner),
                card=trick.played_by(trick.winner), points=points_phrase(trick.points))
            for number, trick in enumerate(view.tricks, start=1)]


def _strategy_lesson(key: str) -> Lesson:
    """Lesson ``key`` of :data:`widgets.lessons.LESSONS`, which must ask puzzles."""
    found = lesson(key)
    if not found.themes:
        raise ValueError(f"lesson {key!r} asks no puzzles (lessons.toml gives it no themes)")
    return found


class PuzzleBoard(HeartsWidget):
    """The puzzles page: the position, the hand, Confirm, the verdict, the rating and the themes."""

    _esm = bundle_esm("puzzle_board.js")
    _css = bundle_css("puzzle_board.css")

    completion_trait: ClassVar[str] = "goal_count"
    counts_for_stars: ClassVar[bool] = False

    puzzle_id = traitlets.Unicode("").tag(sync=True)
    """The puzzle on screen, for tests and bug reports (a data attribute, never shown)."""
    labels = traitlets.Dict().tag(sync=True)
    """The page's fixed words (buttons, headings), from :data:`PATTERNS`."""
    title = traitlets.Unicode("").tag(sync=True)
    question = traitlets.Unicode("").tag(sync=True)
    facts = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """Which trick it is, hearts broken or not, where ♠Q is, as sentences."""
    hand = traitlets.List(traitlets.Dict()).tag(sync=True)
    table = traitlets.List(traitlets.Dict()).tag(sync=True)
    """Each seat of the trick in play order: ``seat`` (a name), ``card`` (or none yet), ``you``."""
    table_words = traitlets.Unicode("").tag(sync=True)
    players = traitlets.List(traitlets.Dict()).tag(sync=True)
    """Each player: ``seat``, ``points`` (taken so far) and ``voids`` (suits play has shown missing)."""
    selected = traitlets.Unicode("").tag(sync=True)
    answered = traitlets.Bool(False).tag(sync=True)
    opened = traitlets.Bool(False).tag(sync=True)
    """True once the page's opening has been answered (the progress re-read, perhaps another puzzle shown)."""
    message = traitlets.Dict().tag(sync=True)
    """``kind`` ("prompt", "refused", "right", "wrong"), ``badge`` and ``text``."""
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

    def __init__(self, puzzles: Sequence[Puzzle] | None = None, *, store: PuzzleStore | None = None,
                 clock: Callable[[], datetime] = _now, seed: str | int | None = None, goal: int = GOAL,
                 mode: str = "page", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if mode not in _MODES:
            raise ValueError(f"a puzzle board's mode is one of {_MODES}, not {mode!r}")
        self._catalogue = _entries(load_puzzles() if puzzles is None else puzzles)
        if not self._catalogue:
            raise ValueError("a puzzle page needs at least one puzzle")
        self.store = store if store is not None else PuzzleStore()
        self._clock = clock
        self._seed = seed
        self.mode = mode
        self._saving = mode != "worked"
        self.goal = goal
        self.progress = self._load() if self._saving else PuzzleProgress()
        self._entry = self._catalogue[0]
        self._view: SeatView = self._entry.puzzle.view()
        self._first = True
        self._plays: dict[str, Entry | None] = {}
        """Each play card's puzzle by id, ``None`` for one whose data makes none (an id's data never changes)."""
        self.labels = {name: say(PATTERNS[name]) for name in (
            "any_theme", "theme_label", "day_button", "confirm", "next", "hand", "table", "players", "player",
            "points", "voids", "mistakes", "accuracy", "your_card", "out_heading")}
        counts = {key: sum(1 for entry in self._catalogue if key in entry.themes) for key in THEMES}
        self.themes = [{"key": "", "label": say(PATTERNS["any_theme"])}] + [
            {"key": key, "label": say(THEMES[key])} for key in sorted(THEMES, key=lambda key: say(THEMES[key]))
            if counts[key]]
        self._show(self._choose_next() or self._day_entry())

    @classmethod
    def for_lesson(cls, key: str, *, store: PuzzleStore | None = None, clock: Callable[[], datetime] = _now,
                   seed: str | int | None = None) -> PuzzleBoard:
        """A strategy lesson's puzzles: those carrying any of its themes, marked at its goal of first-try solves.

        The lesson's worked position is left out: the lesson has already explained it.
        """
        lesson = _strategy_lesson(key)
        chosen = [puzzle for puzzle in load_puzzles()
                  if set(puzzle.theme_keys) & set(lesson.themes) and puzzle.id != lesson.worked]
        return cls(chosen, store=store, clock=clock, seed=seed, goal=lesson.goal, mode="lesson")

    @classmethod
    def worked_example(cls, key: str, *, clock: Callable[[], datetime] = _now) -> PuzzleBoard:
        """A strategy lesson's worked position: its one puzzle, asked first, answered with the reason.

        It is not saved and does not move the rating: it is the lesson's example, not a test.
        """
        lesson = _strategy_lesson(key)
        found = [puzzle for puzzle in load_puzzles() if puzzle.id == lesson.worked]
        if not found:
            raise ValueError(f"lesson {key!r} names worked puzzle {lesson.worked!r}, which is not in the shipped set")
        return cls(found, clock=clock, goal=1, mode="worked")

    def is_complete(self) -> bool:
        """Done for the index: ``goal`` puzzles answered (page), right at the first try (lesson), the one (worked)."""
        return self.goal_count >= self.goal

    # ------------------------------------------------------------------ reading

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle on screen."""
        return self._entry.puzzle

    def _load(self) -> PuzzleProgress:
        """The saved progress; an unreadable file is reported (the store set it aside) and play starts afresh."""
        try:
            progress = self.store.load()
        except UnreadablePuzzlesError as problem:
            self.notice = str(problem)
            return PuzzleProgress()
        except NewerPuzzlesError as problem:
            self.notice = str(problem)
            self._saving = False
            return PuzzleProgress()
        except OSError:
            self.notice = say(PATTERNS["not_saved"])
            self._saving = False
            return PuzzleProgress()
        return progress

    def page_opened(self) -> None:
        """Re-read the progress: a preheated kernel built this page before the learner came.

        A puzzle answered meanwhile (in another tab) gives way to the next one.
        """
        if self._saving:
            self.progress = self._load()
        if not self.answered and self._answered_elsewhere():
            self._show(self._choose_next() or self._day_entry())
        self._status()
        self.opened = True

    # ------------------------------------------------------------------ actions

    @command("select")
    def select(self, card: Card | str) -> bool:
        """Tap ``card``: chosen if the rules allow it (True); otherwise the engine's reason and no change."""
        chosen = to_card(card)
        if self.answered:
            self._say("prompt", say(PATTERNS["answered"]))
            return False
        verdict = self._view.explain(chosen)
        if not verdict.legal:
            self.message = {"kind": "refused", "badge": say(PATTERNS["refused_badge"]),
                            "text": say(PATTERNS["refused"], why=verdict.message)}
            return False
        self.selected = str(chosen)
        self._say("prompt", say(PATTERNS["selected"], card=chosen))
        return True

    @command("confirm")
    def confirm(self) -> PuzzleAnswer | None:
        """Play the chosen card: the verdict, its reason, and the progress saved (``None`` if nothing is chosen)."""
        if self.answered:
            self._say("prompt", say(PATTERNS["answered"]))
            return None
        if not self.selected:
            self._say("prompt", say(PATTERNS["no_card"]))
            return None
        chosen = to_card(self.selected)
        answer = self.puzzle.check(chosen)
        now = self._clock()
        entry = self._entry
        self._first = not entry.play and not self.progress.attempted(entry.id)
        warning = self._record(self._answer_change(entry, answer.correct, now)) if self.mode != "worked" else ""
        texts = [answer.why]
        played = self._played_in_match(entry)
        if played is not None:
            texts.append(say(PATTERNS["played_in_match"], card=played))
        if entry.themes:  # a puzzle the tagger found no theme in says none
            texts.append(say(PATTERNS["themes_after"], themes=and_list(say(THEMES[key]) for key in entry.themes)))
        if not answer.correct and self.mode != "worked":
            texts.append(say(PATTERNS["comes_back"], minutes=round(LEARNING_STEP.total_seconds() / 60)))
        if warning:
            texts.append(warning)
        with self.changing_together():
            self.answered = True
            self.table = self._table(chosen)
            self.hand = [card for card in self.hand if card["text"] != str(chosen)]  # it is on the table now
            self.selected = ""
            self.message = {"kind": "right" if answer.correct else "wrong",
                            "badge": say(PATTERNS["right" if answer.correct else "wrong"]), "text": " ".join(texts)}
            self._status()
        return answer

    def choose(self, card: Card | str) -> PuzzleAnswer | None:
        """Tap ``card`` and Confirm it, as a learner does in two steps."""
        return self.confirm() if self.select(card) else None

    @command("next")
    def next_puzzle(self) -> bool:
        """Load the next puzzle (a due review first); False, with a sentence, when there is none."""
        if not self.answered:
            self._say("prompt", say(PATTERNS["answer_first"]))
            return False
        entry = self._choose_next()
        if entry is None:
            self._say("prompt", say(PATTERNS["none_left"]))
            return False
        self._show(entry)
        return True

    @command("day")
    def puzzle_of_the_day(self) -> str:
        """Load the puzzle of the day (the same for everyone on a UTC date); returns its id."""
        entry = self._day_entry()
        self._show(entry, kind="title_day")
        return entry.id

    @command("theme")
    def choose_theme(self, theme: str) -> bool:
        """Keep to one theme (its key; "" for any) and load its next puzzle; False when it has none left."""
        if theme and theme not in {item["key"] for item in self.themes}:
            raise ValueError(say("There are no puzzles on the theme {theme}.", theme=theme))
        self.theme = theme
        entry = self._choose_next()
        if entry is None:
            self._say("prompt", say(PATTERNS["none_left"]))
            return False
        self._show(entry)
        return True

    # ------------------------------------------------------------------ helpers

    def _choose_next(self) -> Entry | None:
        found = next_puzzle(self._catalogue, self.theme or None, self._showable(self.progress), now=self._clock(),
                            seed=self._seed)
        if isinstance(found, ReviewItem):  # a due play card: _showable made its puzzle
            return self._plays[found.id]
        return found

    def _showable(self, progress: PuzzleProgress) -> PuzzleProgress:
        """``progress`` with only the review cards this board can show: its catalogue's puzzles and, on the
        puzzles page, the plays whose data makes a puzzle (a lesson keeps to its own puzzles)."""
        ids = {entry.id for entry in self._catalogue}
        return replace(progress, cards=tuple(
            card for card in progress.cards
            if (card.kind == "puzzle" and card.id in ids)
            or (card.kind == "play" and self.mode == "page" and self._play_entry(card) is not None)))

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
            return lambda progress: progress.record_attempt(entry, correct, now=now)
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

    def _answered_elsewhere(self) -> bool:
        """The puzzle on screen was answered in another tab since it was shown (its play no longer due)."""
        ident = self._entry.id
        card = self.progress.card(ident)
        if self._entry.play:
            return card is None or card.due > self._clock()
        return self.progress.attempted(ident) and card is None

    def _day_entry(self) -> Entry:
        return puzzle_of_the_day(self._catalogue, self._clock().date())

    def _record(self, change: Callable[[PuzzleProgress], PuzzleProgress]) -> str:
        """Apply ``change`` to the saved progress; "" when saved, else the sentence saying why not."""
        if not self._saving:
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
        self._entry = entry
        view = entry.puzzle.view()
        self._view = view
        if kind is None and self.mode == "worked":
            kind = "title_worked"
        if kind is None and entry.play:
            kind = "title_play"
        if kind is None:
            card = self.progress.card(entry.id)
            now = self._clock()
            if card is not None and card.due <= now:
                kind = "title_review"
            elif self.progress.attempted(entry.id):
                kind = "title_repeat"
            else:
                kind = "title"
        legal = set(view.legal_plays())
        tricks_done = len(view.tricks)
        queen = next((seat for seat, card in view.plays if card is QUEEN_OF_SPADES), None)
        facts = [say(PATTERNS["trick"], number=tricks_done + 1, total=CARDS_PER_SEAT),
                 say(PATTERNS["hearts_broken" if view.hearts_broken else "hearts_unbroken"]),
                 say(PATTERNS["queen_out"]) if queen is None else say(PATTERNS["queen_gone"], seat=seat_name(queen))]
        voids = Knowledge.from_view(view).voids()
        players = []
        for offset in range(NUM_SEATS):
            seat = (entry.puzzle.seat + offset) % NUM_SEATS
            missing: tuple[Suit, ...] = voids.get(seat, ())
            shown = and_list(suit_name(suit) for suit in missing) if missing else say(PATTERNS["no_voids"])
            players.append({"seat": seat_name(seat), "points": str(view.points_taken[seat]), "voids": shown,
                            "you": offset == 0})
        with self.changing_together():
            self.puzzle_id = entry.id
            self.analysis_link = analysis_link(view, say(PATTERNS["analysis_link"]))
            rating = whole_number(entry.puzzle.rating)
            self.title = say(PATTERNS[kind], rating=rating)
            self.question = say(PATTERNS["question_follow" if view.current_trick else "question_lead"])
            self.facts = facts
            self.hand = cards_data(view.hand, legal=lambda card: card in legal)
            self.players = players
            self.out = _still_out(view)
            self.history = _history(view)
            self.history_title = say(PATTERNS["history_heading"], count=len(view.tricks))
            self.selected = ""
            self.answered = False
            self.table = self._table(None)
            self._say("prompt", say(PATTERNS["prompt"]))
            self._status()

    def _table(self, mine: Card | None) -> list[dict[str, Any]]:
        view = self._view
        leader = view.trick_leader if view.trick_leader is not None else view.seat
        slots = []
        played = [*view.current_trick, *([mine] if mine is not None else [])]
        seats = [(leader + offset) % NUM_SEATS for offset in range(len(played))]
        for offset in range(len(view.current_trick) + 1):
            seat = (leader + offset) % NUM_SEATS
            card = played[offset] if offset < len(played) else None
            slots.append({"seat": seat_name(seat), "card": card_data(card) if card is not None else None,
                          "you": seat == view.seat})
        self.table_words = " ".join(spoken_plays(seats, played) or [say(PATTERNS["nobody_led"])])
        return slots

    def _say(self, kind: str, text: str) -> None:
        self.message = {"kind": kind, "badge": "", "text": text}

    def _status(self) -> None:
        progress = self.progress
        now = self._clock()
        # The change is shown once this page's puzzle is answered: before that it would be an older answer's.
        rating = whole_number(progress.rating)
        if not self.answered:
            self.rating = say(PROGRESS_PATTERNS["rating"], rating=rating)
        elif self._entry.play:
            self.rating = say(PATTERNS["play_rating"], rating=rating)
        elif not self._first:
            self.rating = say(PATTERNS["repeat_rating"], rating=rating)
        else:
            self.rating = rating_text(progress)
        self.streak = streak_text(progress)
        self.due = due_text(self._showable(progress), now)
        records = progress.accuracy()
        self.accuracy = [theme_text(say(THEMES[key]), record) for key, record in records.items() if key in THEMES] \
            or [say(PATTERNS["accuracy_none"])]
        self.answered_count = len(progress.attempts)
        if self.mode == "worked":
            self.goal_count = int(self.answered)
        elif self.mode == "lesson":
            mine = {entry.id for entry in self._catalogue}
            solved = sum(1 for attempt in progress.attempts if attempt.solved and attempt.puzzle_id in mine)
            self.goal_count = solved
            self.lesson_text = say(PATTERNS["lesson_done" if solved >= self.goal else "lesson_goal"],
                                   count=solved, goal=self.goal)
        else:
            self.goal_count = self.answered_count
