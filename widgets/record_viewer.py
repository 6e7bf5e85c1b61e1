"""RecordViewer: replay a match record trick by trick, with every illegal action flagged.

A learner loads a ``hearts-record/1`` file (upload or paste), a sample that ships with
the lessons, or the scripted moon hand, and steps through it one trick at a time.
The checking is :func:`hearts_core.check_record`, the same replay the command-line
checker runs: this widget only lays its findings out as frames.  A record that does not
load is reported in the engine's words and leaves the previous record on screen.

What it refuses, and why:

* Only the samples shipped in ``widgets/samples/`` load by name: the name a page sends is
  looked up in that folder's listing, never joined to a path, so ``../../x`` or an
  absolute path names no sample.
* A viewer built with ``allow_loading=False`` (lesson 8's moon hand) refuses every
  loading action, whoever asks.  The flag the page sees is for drawing only: the viewer
  keeps its own copy, so a page that sets the synced trait changes nothing.
* A record longer than :data:`MAX_UPLOAD_BYTES` is refused before it is checked; the
  front end checks the file's size before sending it, because a file near Jupyter's
  websocket limit (10 MiB) makes the page silently reconnect instead of failing.
* Frames are sent one at a time: the page holds the frame on screen and the number of
  frames, and each step asks the kernel for the next.  Sending every frame of a long
  record at once made one trait of tens of megabytes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar, Final

import traitlets

from hearts_core import (
    NUM_SEATS,
    Card,
    CheckReport,
    HandState,
    HeartsError,
    IllegalAction,
    check_record,
    format_cards,
    seat_name,
)
from hearts_core.scenarios import moon_hand_record
from hearts_core.wording import LEARNER_SEAT, and_list, marked, points_phrase, say, say_n
from hearts_learner.files import CorruptFileError
from hearts_learner.match_store import MatchStore
from widgets._base import HeartsWidget, bundle_css, bundle_esm, card_data, command
from widgets.glossary import rule_link, rule_words
from widgets.phrases import comma_list, sentences

log = logging.getLogger("hearts_lessons.record_viewer")

__all__ = ["MAX_UPLOAD_BYTES", "SAMPLES", "SAMPLE_NAMES", "RecordViewer"]

SAMPLES = Path(__file__).parent / "samples"
# The names load_sample accepts: the shipped files, listed once.
SAMPLE_NAMES: tuple[str, ...] = tuple(sorted(path.stem for path in SAMPLES.glob("*.json")))
# Largest upload the viewer checks, in bytes of UTF-8: about 1,000 hands, where a match to
# 100 points rarely has 30, and far below the websocket's 10 MiB message limit.  It is
# smaller than the checker's own cap (hearts_core.records.MAX_RECORD_BYTES, 8 MiB),
# because a whole upload crosses the websocket in one message.
MAX_UPLOAD_BYTES = 2_000_000
# Longest description of where a record came from (it quotes an uploaded file's name).
MAX_SOURCE = 80
# How each sample is named to a learner (the file's name is for us).
SAMPLE_SOURCES = {"mistakes": marked("the sample game with mistakes")}
NOT_HERE = marked("This viewer shows one record only: loading another one is not possible here.")
_PASSING: Final = {"left": marked("passing left"), "right": marked("passing right"),
                   "across": marked("passing across"), "hold": marked("no passing")}


class RecordViewer(HeartsWidget):
    """Step through a record; ``problems`` lists its illegal actions."""

    _esm = bundle_esm("record_viewer.js")
    _css = bundle_css("record_viewer.css")

    title = traitlets.Unicode("").tag(sync=True)
    source = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    load_error = traitlets.Unicode("").tag(sync=True)
    frame = traitlets.Dict().tag(sync=True)
    frame_count = traitlets.Int(0).tag(sync=True)
    problems = traitlets.List(traitlets.Dict()).tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    allow_loading = traitlets.Bool(True).tag(sync=True)
    max_bytes = traitlets.Int(MAX_UPLOAD_BYTES).tag(sync=True)
    # The learner's finished matches, newest first, by their labels (what the chooser lists).
    past_matches = traitlets.List(traitlets.Unicode()).tag(sync=True)

    # Lesson completion (widgets.lessons.Completable): stepped to the end, or onto a mistake.
    completion_trait: ClassVar[str] = "step"

    def __init__(self, text: str | None = None, *, title: str = "", source: str = "",
                 allow_loading: bool = True, **kwargs: Any) -> None:
        """``title`` and ``source`` are shown as given (the default title is said in the page's language)."""
        super().__init__(**kwargs)
        self._frames: tuple[dict[str, Any], ...] = ()
        self._loading = True
        self.title = title or say("Check a game")
        self.status = say("Load a record to check it.")
        if text is not None:
            self.load_text(text, source=source or say("record"))
        self._loading = bool(allow_loading)
        self.allow_loading = self._loading
        self.list_past_matches()

    @classmethod
    def sample(cls, name: str = "mistakes", **kwargs: Any) -> RecordViewer:
        """A viewer opened on a sample record shipped with the lessons."""
        viewer = cls(**kwargs)
        viewer.load_sample(name)
        return viewer

    @classmethod
    def moon(cls) -> RecordViewer:
        """The scripted moon hand, to step through (no loading controls)."""
        return cls(moon_hand_record(), title=say("A moon shot, trick by trick"),
                   source=say("the moon hand of lesson 8"), allow_loading=False)

    def is_complete(self) -> bool:
        """True once the learner has stepped to the record's end or onto one of its mistakes."""
        at_end = self.frame_count > 0 and self.step == self.frame_count - 1
        return at_end or any(problem["step"] == self.step for problem in self.problems)

    def page_opened(self) -> list[str]:
        """Re-read the finished matches when the page opens (a preheated kernel ran before the learner played)."""
        return self.list_past_matches()

    def list_past_matches(self, store: MatchStore | None = None) -> list[str]:
        """The labels of the learner's finished matches, newest first, for the chooser; [] where loading is off."""
        labels: list[str] = []
        if self._loading:
            try:
                labels = [entry.label for entry in (store or MatchStore()).history()]
            except (CorruptFileError, OSError):
                labels = []  # load_past_match says what went wrong if the learner asks for one
        self.past_matches = labels
        return labels

    # ------------------------------------------------------------------ loading

    def _may_load(self) -> bool:
        if not self._loading:
            self.load_error = say(NOT_HERE)
        return self._loading

    @command("load_sample")
    def load_sample(self, name: str = "mistakes") -> CheckReport | None:
        """Load the shipped sample ``name`` (one of :data:`SAMPLE_NAMES`)."""
        if not self._may_load():
            return None
        if name not in SAMPLE_NAMES:
            self.load_error = say("There is no such sample; the samples are: {names}.", names=and_list(SAMPLE_NAMES))
            return None
        return self.load_text((SAMPLES / f"{name}.json").read_text(encoding="utf-8"),
                              source=say(SAMPLE_SOURCES.get(name, marked("a sample game"))))

    @command("load_last_match")
    def load_last_match(self, store: MatchStore | None = None) -> CheckReport | None:
        """Load the learner's own match, as the guided match last saved it."""
        def last(found: MatchStore) -> tuple[str, str] | str:
            saved = found.load()
            if saved is None:
                return say("There is no saved match yet: play a few cards in the guided match first.")
            return saved.match.to_json(), say("your last match")

        return self._load_stored(store, marked("Your saved match could not be read: {problem}"), last)

    @command("load_past_match")
    def load_past_match(self, number: int = 0, store: MatchStore | None = None) -> CheckReport | None:
        """Load one of the learner's finished matches: ``number`` 0 is the newest (:meth:`MatchStore.history`)."""
        def past(found: MatchStore) -> tuple[str, str] | str:
            history = found.history()
            if not 0 <= number < len(history):
                return (say("There is no finished match yet: finish one in the guided match first.")
                        if not history else say_n("There is only {count} finished match kept.",
                                                  "There are only {count} finished matches kept.", len(history)))
            return history[number].record, history[number].label

        return self._load_stored(store, marked("Your past matches could not be read: {problem}"), past)

    def _load_stored(self, store: MatchStore | None, unreadable: str,
                     choose: Callable[[MatchStore], tuple[str, str] | str]) -> CheckReport | None:
        """Load a record the learner's store keeps: ``choose`` gives its text and source, or why there is none.

        ``unreadable`` is the pattern said when the store cannot be read (``{problem}``: the file's own detail).
        """
        if not self._may_load():
            return None
        try:
            chosen = choose(store or MatchStore())
        except (CorruptFileError, OSError) as problem:
            self.load_error = say(unreadable, problem=problem)
            return None
        if isinstance(chosen, str):
            self.load_error = chosen
            return None
        text, source = chosen
        return self.load_text(text, source=source)

    @command("load_text")
    def load_text(self, text: str, source: str = "") -> CheckReport | None:
        """Check ``text``; on success show it from the first trick, else explain and keep the old one.

        ``source`` says where it came from, as shown (the front end sends it in the page's language).
        """
        if not self._may_load():
            return None
        source = source or say("pasted")
        size = len(text.encode("utf-8", errors="replace"))
        if size > MAX_UPLOAD_BYTES:
            self.load_error = say("This record is {size}: records up to {limit} can be checked here.",
                                  size=_megabytes(size), limit=_megabytes(MAX_UPLOAD_BYTES))
            return None
        try:
            report = check_record(text)
        except HeartsError as problem:
            self.load_error = _unreadable(text, problem)
            return None
        frames, problems = _frames(report)
        self.load_error = ""
        self.source = source if len(source) <= MAX_SOURCE else source[:MAX_SOURCE - 1] + "…"
        with self.hold_sync():
            self._frames = tuple(frames)
            self.frame_count = len(frames)
            self.problems = problems
            self.step = 0
            self.frame = self._frames[0] if self._frames else {}
        hands = len(report.hands)
        if report.ok:
            self.status = say_n("{count} hand checked: every action is legal.",
                                "{count} hands checked: every action is legal.", hands)
        else:
            checked = say_n("{count} hand", "{count} hands", hands)
            self.status = say_n("{hands} checked: {count} illegal action found. Each hand stops at its first one.",
                                "{hands} checked: {count} illegal actions found. Each hand stops at its first one.",
                                len(report.problems), hands=checked)
        return report

    # --------------------------------------------------------------- navigation

    @command("next")
    def next(self) -> int:
        """Show the next trick."""
        with self.hold_sync():  # the step and its frame in one message
            self.step = min(self.step + 1, max(len(self._frames) - 1, 0))
        return self.step

    @command("back")
    def back(self) -> int:
        """Show the previous trick."""
        with self.hold_sync():  # the step and its frame in one message
            self.step = max(self.step - 1, 0)
        return self.step

    @command("goto")
    def goto(self, step: int) -> int:
        """Jump to frame ``step`` (e.g. an illegal action from the list)."""
        if not 0 <= int(step) < len(self._frames):
            raise ValueError(f"there is no such step; steps run from 0 to {len(self._frames) - 1}")
        with self.hold_sync():
            self.step = int(step)
        return self.step

    @traitlets.validate("step")
    def _valid_step(self, proposal: dict[str, Any]) -> int:
        # The page may set ``step`` itself (it is synced): keep it on an existing frame.
        return min(max(int(proposal["value"]), 0), max(len(self._frames) - 1, 0))

    @traitlets.observe("step")
    def _on_step(self, _change: dict[str, Any]) -> None:
        self.frame = self._frames[self.step] if self._frames else {}

    @property
    def frames(self) -> tuple[dict[str, Any], ...]:
        """Every frame of the record, one per trick (only :attr:`frame` is sent to the page)."""
        return self._frames


def _megabytes(size: int) -> str:
    megabytes = f"{size / 1_000_000:.1f}"
    return say("{size} MB", size=megabytes)


def _frames(report: CheckReport) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    frames: list[dict[str, Any]] = []
    problems: list[dict[str, Any]] = []
    by_hand = {problem.hand: problem for problem in report.problems}
    for number, state in enumerate(report.hands, start=1):
        for trick_number, trick in enumerate(state.tricks, start=1):
            cards = [_played(seat, card, winner=seat == trick.winner)
                     for seat, card in zip(trick.seats, trick.cards, strict=True)]
            caption = _taken(trick.winner, trick_number, trick.played_by(trick.winner), trick.points)
            if trick_number == len(state.tricks) and state.is_over:
                caption = sentences(caption, _hand_over(state))
            frames.append(_frame(number, trick_number, cards, caption, state))
            frames[-1]["held"] = _held_before(state, trick_number - 1)
        problem = by_hand.get(number)
        if state.current_trick or problem is not None:
            frames.append(_open_trick(number, state, problem))
            frames[-1]["held"] = _held_before(state, len(state.tricks))
            if problem is not None:
                problems.append({"hand": problem.hand, "trick": problem.trick, "seat": seat_name(problem.seat),
                                 "card": str(problem.card), "reason": problem.verdict.reason.value,
                                 "rule": rule_words(problem.verdict.reason),
                                 "link": rule_link(problem.verdict.reason),
                                 "message": problem.verdict.message, "step": len(frames) - 1,
                                 "text": _problem_line(problem)})
    # Each frame names its own step: "step" and "frame" reach the page as two messages, and the
    # page, drawing from the frame alone, never says "step 2" under the first trick.
    for index, frame in enumerate(frames):
        frame["step"] = index
    return frames, problems


def _held_before(state: HandState, trick_index: int) -> list[dict[str, Any]]:
    """Each seat's cards as the trick ``trick_index`` (0 is the first) began, for a learner hunting mistakes."""
    later = [card for trick in state.tricks[trick_index:] for card in trick.cards]
    later += list(state.current_trick)
    held: list[dict[str, Any]] = []
    for seat in range(NUM_SEATS):
        cards = sorted({*state.hand(seat), *(card for card in later if state_holder(state, card) == seat)})
        held.append({"seat": seat_name(seat), "you": seat == LEARNER_SEAT, "cards": format_cards(cards)})
    return held


def state_holder(state: HandState, card: Card) -> int | None:
    """Who played ``card`` in this hand (a completed trick or the trick in progress), if anybody did."""
    for seat, played in state.plays:
        if played == card:
            return seat
    return None


def _open_trick(number: int, state: HandState, problem: IllegalAction | None) -> dict[str, Any]:
    leader = state.trick_leader if state.trick_leader is not None else 0
    cards = [_played((leader + offset) % NUM_SEATS, card) for offset, card in enumerate(state.current_trick)]
    if problem is None:
        caption = say("The record stops here, with {cards} on the table.", cards=format_cards(state.current_trick))
    else:
        cards.append(_played(problem.seat, problem.card, illegal=True))
        values = {"seat": seat_name(problem.seat), "card": problem.card, "rule": rule_words(problem.verdict.reason),
                  "told": _as_rule(problem)}
        caption = (say("Illegal: You played {card}, against the rule on {rule}. {told} The check of this hand stops "
                       "here.", **values) if problem.seat == LEARNER_SEAT else
                   say("Illegal: {seat} played {card}, against the rule on {rule}. {told} The check of this hand stops "
                       "here.", **values))
    return _frame(number, len(state.tricks) + 1, cards, caption, state)


def _unreadable(text: str, problem: Exception) -> str:
    """Why a paste or file could not be checked, for a learner; the technical detail goes to the log."""
    log.info("record not readable: %s", problem)
    if not text.strip():
        return say("There is nothing to check yet: paste a match record into the box (or upload one), "
                   "then press “Check this record”.")
    if not text.lstrip().startswith("{"):
        # "{{" is the curly bracket itself: say() fills placeholders.
        return say("That text is not a match record. A record is the text the guided match saves, starting with "
                   "a curly bracket {{; copy all of it and paste it again.")
    if "format" in str(problem):
        return say("That record was written in a format this checker does not know, so it cannot be checked.")
    return say("That record could not be read: it may have been cut off or changed while copying. "
               "Copy the whole record again and paste it, or load the sample.")


def _played(seat: int, card: Card, *, winner: bool = False, illegal: bool = False) -> dict[str, Any]:
    """A card of a frame: who played it (``you`` for the learner, so the page never compares names)."""
    return {"seat": seat_name(seat), "you": seat == LEARNER_SEAT, "card": card_data(card), "illegal": illegal,
            "winner": winner}


def _problem_line(problem: IllegalAction) -> str:
    """An illegal action as the list under the table names it."""
    values = {"hand": problem.hand, "trick": problem.trick, "seat": seat_name(problem.seat), "card": problem.card,
              "rule": rule_words(problem.verdict.reason)}
    if problem.seat == LEARNER_SEAT:
        return say("Hand {hand}, trick {trick}: You played {card}, against the rule on {rule}", **values)
    return say("Hand {hand}, trick {trick}: {seat} played {card}, against the rule on {rule}", **values)


def _as_rule(problem: IllegalAction) -> str:
    # The engine's sentence is addressed to the player who tried the card.
    if problem.seat == LEARNER_SEAT:
        return say("What the rules told you: “{message}”", message=problem.verdict.message)
    return say("What the rules told {seat}: “{message}”", seat=seat_name(problem.seat), message=problem.verdict.message)


def _frame(number: int, trick: int, cards: list[dict[str, Any]], caption: str, state: HandState) -> dict[str, Any]:
    return {"hand": number, "trick": trick, "direction": say(_PASSING[state.pass_direction.value]), "cards": cards,
            "caption": caption, "points": list(state.points_taken)}


def _taken(seat: int, number: int, card: Card, points: int) -> str:
    """Who took a trick of the record, with which card, for how many points."""
    values = {"seat": seat_name(seat), "trick": number, "card": card, "points": points_phrase(points)}
    if seat == LEARNER_SEAT:
        return say("You take trick {trick} with {card}: {points}.", **values)
    return say("{seat} takes trick {trick} with {card}: {points}.", **values)


def _hand_over(state: HandState) -> str:
    scores = comma_list(say("{seat} {score}", seat=seat_name(seat), score=score)
                        for seat, score in enumerate(state.scores))
    if state.moon_shooter == LEARNER_SEAT:
        return say("You took every point card and shot the moon! Hand scores: {scores}.", scores=scores)
    if state.moon_shooter is not None:
        return say("{seat} took every point card and shot the moon! Hand scores: {scores}.",
                   seat=seat_name(state.moon_shooter), scores=scores)
    return say("Hand over. Scores: {scores}.", scores=scores)


HUNT_CAPTION = marked("Is every card in this trick allowed? If one breaks a rule, tap it.")
FOUND = marked("Found it! That is one of the illegal plays: the checker says why above.")
FOUND_LAST = marked("Found it! That was the last of the {total} illegal plays.")
NOT_THIS = marked("Not this one: {seat} may play {card} here, and the rules allow it.")
NOT_THIS_YOURS = marked("Not this one: you may play {card} here, and the rules allow it.")
LEFT_TO_FIND = marked("{found} of {total} found. Keep looking, or show them all.")


class MistakeHunt(RecordViewer):
    """A record with mistakes, asked first: the learner finds an illegal play before the list is shown.

    While hunting, the page sees no verdict: every frame's caption asks the same question,
    no card is flagged, the list of illegal actions is empty and the status counts hands,
    not mistakes.  Each frame shows what every player held as the trick began, so a
    mistake can be found by looking.  ``mark(position)`` taps a card of the trick on
    screen: the engine's check (:func:`hearts_core.check_record`) says whether it is one of
    the record's illegal actions.  A found mistake is shown as the checker shows it;
    ``reveal()`` shows them all.  Loading another record ends the hunt (it is checked
    in the ordinary way).  Answered once one mistake is found or all are shown; a star
    if the first card tapped was a mistake.

    >>> hunt = MistakeHunt.sample("mistakes")
    >>> hunt.problems, hunt.hunting
    ([], True)
    >>> hunt.goto(2); hunt.mark(1)["correct"]
    2
    True
    """

    # The same front end as the viewer: it draws the hunt's parts when the widget has them.
    _esm = bundle_esm("record_viewer.js")
    _css = bundle_css("record_viewer.css")

    completion_trait: ClassVar[str] = "answered"
    counts_for_stars: ClassVar[bool] = True

    hunting = traitlets.Bool(False).tag(sync=True)
    found = traitlets.List(traitlets.Int()).tag(sync=True)
    """Steps of the mistakes found so far."""
    mistakes = traitlets.Int(0).tag(sync=True)
    """How many illegal actions the record holds (said only once one is found or all are shown)."""
    feedback = traitlets.Unicode("").tag(sync=True)
    feedback_ok = traitlets.Bool(False).tag(sync=True)
    attempts = traitlets.Int(0).tag(sync=True)
    answered = traitlets.Bool(False).tag(sync=True)
    first_try = traitlets.Bool(False).tag(sync=True)

    @classmethod
    def sample(cls, name: str = "mistakes", **kwargs: Any) -> MistakeHunt:
        """A hunt on a sample record shipped with the lessons."""
        hunt = cls(**kwargs)
        hunt.load_sample(name)
        return hunt

    def load_sample(self, name: str = "mistakes") -> CheckReport | None:
        """Load a shipped sample and hunt its mistakes (a sample without any is simply shown)."""
        report = super().load_sample(name)
        if report is not None and self.problems:
            self._start_hunt()
        return report

    def is_complete(self) -> bool:
        """Answered: a mistake found, or every mistake shown."""
        return bool(self.answered)

    def _start_hunt(self) -> None:
        self._all_problems = list(self.problems)
        self._checked_status = self.status
        with self.hold_trait_notifications():
            self.attempts = 0
            self.feedback = ""
            self.hunting = True
            self.found = []
            self.mistakes = 0
            self.problems = []
            self.status = say_n(
                "{count} hand to check. Somewhere in it, cards are played against the rules: step through the "
                "tricks, look at what each player held, and tap a card you think breaks a rule.",
                "{count} hands to check. Somewhere in them, cards are played against the rules: step through the "
                "tricks, look at what each player held, and tap a card you think breaks a rule.",
                len({frame["hand"] for frame in self.frames}))
            self._on_step({})

    def load_text(self, text: str, source: str = "pasted") -> CheckReport | None:
        """Check ``text`` in the ordinary way: a record the learner brings is not hunted."""
        report = super().load_text(text, source)
        if report is not None and self.hunting:
            self.hunting = False
            self.feedback = ""
            self._on_step({})
        return report

    def _problem_at(self, step: int) -> dict[str, Any] | None:
        return next((problem for problem in getattr(self, "_all_problems", []) if problem["step"] == step), None)

    @traitlets.observe("step")
    def _on_step(self, _change: dict[str, Any]) -> None:
        if not self._frames:
            self.frame = {}
            return
        frame = self._frames[self.step]
        if self.hunting and self.step not in self.found:
            frame = {**frame, "caption": say(HUNT_CAPTION),
                     "cards": [{**card, "illegal": False} for card in frame["cards"]]}
        self.frame = frame

    @command("mark")
    def mark(self, position: int) -> dict[str, Any]:
        """Tap card number ``position`` (0 is the lead) of the trick on screen: is it an illegal play?"""
        if not self.hunting:
            raise ValueError("there is nothing to find here: every mistake is already shown")
        cards = self._frames[self.step]["cards"] if self._frames else []
        if not 0 <= int(position) < len(cards):
            raise ValueError(f"there is no card {position} in this trick; it has {len(cards)}")
        card = cards[int(position)]
        problem = self._problem_at(self.step)
        correct = bool(card["illegal"]) and problem is not None
        self.attempts += 1
        if correct and not self.answered:
            self.first_try = self.attempts == 1
        with self.hold_trait_notifications():
            if correct:
                self.found = sorted({*self.found, self.step})
                self.mistakes = len(self._all_problems)
                self.problems = [item for item in self._all_problems if item["step"] in self.found]
                if len(self.found) == self.mistakes:
                    self.feedback = say(FOUND_LAST, total=self.mistakes)
                else:
                    self.feedback = sentences(say(FOUND), say(LEFT_TO_FIND, found=len(self.found), total=self.mistakes))
                self.answered = True
                if len(self.found) == self.mistakes:
                    self.hunting = False
                    self.status = self._checked_status
            else:
                self.feedback = (say(NOT_THIS_YOURS, card=card["card"]["text"]) if card["you"] else
                                 say(NOT_THIS, seat=card["seat"], card=card["card"]["text"]))
            self.feedback_ok = correct
            self._on_step({})
        return {"correct": correct, "summary": self.feedback}

    @command("reveal")
    def reveal(self) -> list[dict[str, Any]]:
        """Show every mistake, as the checker lists them; the hunt ends."""
        if not self.hunting:
            return list(self.problems)
        with self.hold_trait_notifications():
            self.hunting = False
            self.status = self._checked_status
            self.mistakes = len(self._all_problems)
            self.problems = list(self._all_problems)
            self.feedback = ""
            self.answered = True
            self._on_step({})
        return list(self.problems)
