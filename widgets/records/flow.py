"""The record viewer's controller: the record loaded, the trick on screen, the hunt's marks.

Design choices:

* No traitlets here.  :class:`RecordFlow` holds the viewer's state (the checked record, its
  frames and illegal actions, the step on screen, the status and the last loading error,
  the learner's past matches) and decides every action; the widget
  (:mod:`widgets.records.widget`) copies that state into its traits after each one.  So
  the flow can be driven, and tested, without Jupyter.  :class:`HuntFlow` adds lesson 10's
  hunt: the verdicts kept back until the learner finds a mistake.
* The checking is :func:`hearts_core.check_record`, the same replay the command-line checker
  runs; the frames are built once, when a record loads (:func:`widgets.records.payloads.record_frames`).
* A refused action sets :attr:`RecordFlow.load_error` and changes nothing else: the record on
  screen stays.

What it refuses, and why:

* Only the samples shipped in ``widgets/samples/`` load by name: the name a page sends is
  looked up in that folder's listing, never joined to a path, so ``../../x`` or an
  absolute path names no sample.
* A flow with :attr:`~RecordFlow.may_load` false (lesson 8's moon hand) refuses every
  loading action, whoever asks.  The widget's synced ``allow_loading`` flag is for drawing
  only: a page that sets it changes nothing here.
* A record longer than :data:`MAX_UPLOAD_BYTES` is refused before it is checked; the
  front end checks the file's size before sending it, because a file near Jupyter's
  websocket limit (10 MiB) makes the page silently reconnect instead of failing.

>>> flow = HuntFlow()
>>> flow.load_sample("mistakes") is not None, flow.hunting, flow.problems
(True, True, [])
>>> flow.goto(2), flow.mark(1)["correct"], flow.hunting
(2, True, True)
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hearts_core import CheckReport, HeartsError, check_record
from hearts_core.wording import and_list, marked, say, say_n
from hearts_learner.files import CorruptFileError
from hearts_learner.match_store import MatchStore
from widgets.phrases import nonempty_sentences
from widgets.records.payloads import megabytes, record_frames, unreadable

__all__ = ["MAX_SOURCE", "MAX_UPLOAD_BYTES", "SAMPLES", "SAMPLE_NAMES", "HuntFlow", "RecordFlow"]

log = logging.getLogger("hearts_lessons.widgets.records")

SAMPLES = Path(__file__).parent.parent / "samples"
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

FOUND = marked("Found it! That is one of the illegal plays: the checker says why above.")
FOUND_LAST = marked("Found it! That was the last of the {total} illegal plays.")
NOT_THIS = marked("Not this one: {seat} may play {card} here, and the rules allow it.")
NOT_THIS_YOURS = marked("Not this one: you may play {card} here, and the rules allow it.")
LEFT_TO_FIND = marked("{found} of {total} found. Keep looking, or show them all.")


class RecordFlow:
    """A record checked and stepped through one trick at a time; ``problems`` lists its illegal actions.

    ``text`` is loaded first (as ``source``) even where loading is then switched off by
    ``may_load=False``: that is how lesson 8 shows its one record.
    """

    def __init__(self, text: str | None = None, *, source: str = "", may_load: bool = True) -> None:
        self.may_load = True
        self.report: CheckReport | None = None
        self.frames: tuple[dict[str, Any], ...] = ()
        self.problems: list[dict[str, Any]] = []
        """The illegal actions shown (each with the ``step`` of its frame)."""
        self.step = 0
        self.source = ""
        self.status = say("Load a record to check it.")
        self.load_error = ""
        self.past_matches: list[str] = []
        """The labels of the learner's finished matches, newest first (what the chooser lists)."""
        if text is not None:
            self.load_text(text, source=source or say("record"))
        self.may_load = bool(may_load)

    @property
    def frame(self) -> dict[str, Any] | None:
        """The frame of the step on screen (``None`` before any record loads)."""
        return self.frames[self.step] if self.frames else None

    @property
    def verdict_hidden(self) -> bool:
        """Whether the frame on screen keeps its verdict back (only while a mistake is hunted)."""
        return False

    def is_complete(self) -> bool:
        """True once the learner has stepped to the record's end or onto one of its mistakes."""
        at_end = bool(self.frames) and self.step == len(self.frames) - 1
        return at_end or any(problem["step"] == self.step for problem in self.problems)

    def list_past_matches(self, store: MatchStore | None = None) -> list[str]:
        """Re-read the labels of the learner's finished matches, newest first; [] where loading is off."""
        labels: list[str] = []
        if self.may_load:
            try:
                labels = [entry.label for entry in (store or MatchStore()).history()]
            except (CorruptFileError, OSError):
                labels = []  # load_past_match says what went wrong if the learner asks for one
        self.past_matches = labels
        return labels

    # ------------------------------------------------------------------ loading

    def _may_load(self) -> bool:
        if not self.may_load:
            self.load_error = say(NOT_HERE)
        return self.may_load

    def load_sample(self, name: str = "mistakes") -> CheckReport | None:
        """Load the shipped sample ``name`` (one of :data:`SAMPLE_NAMES`)."""
        if not self._may_load():
            return None
        if name not in SAMPLE_NAMES:
            self.load_error = say("There is no such sample; the samples are: {names}.", names=and_list(SAMPLE_NAMES))
            return None
        return self.load_text((SAMPLES / f"{name}.json").read_text(encoding="utf-8"),
                              source=say(SAMPLE_SOURCES.get(name, marked("a sample game"))))

    def load_last_match(self, store: MatchStore | None = None) -> CheckReport | None:
        """Load the learner's own match, as the guided match last saved it."""
        def last(found: MatchStore) -> tuple[str, str] | str:
            saved = found.load()
            if saved is None:
                return say("There is no saved match yet: play a few cards in the guided match first.")
            return saved.match.to_json(), say("your last match")

        return self._load_stored(store, marked("Your saved match could not be read: {problem}"), last)

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

    def _load_stored(self, store: MatchStore | None, unreadable_pattern: str,
                     choose: Callable[[MatchStore], tuple[str, str] | str]) -> CheckReport | None:
        """Load a record the learner's store keeps: ``choose`` gives its text and source, or why there is none.

        ``unreadable_pattern`` is said when the store cannot be read (``{problem}``: the file's own detail).
        """
        if not self._may_load():
            return None
        try:
            chosen = choose(store or MatchStore())
        except (CorruptFileError, OSError) as problem:
            self.load_error = say(unreadable_pattern, problem=problem)
            return None
        if isinstance(chosen, str):
            self.load_error = chosen
            return None
        text, source = chosen
        return self.load_text(text, source=source)

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
                                  size=megabytes(size), limit=megabytes(MAX_UPLOAD_BYTES))
            return None
        try:
            report = check_record(text)
        except HeartsError as problem:
            log.info("record not readable: %s", problem)
            self.load_error = unreadable(text, problem)
            return None
        frames, problems = record_frames(report)
        self.load_error = ""
        self.source = source if len(source) <= MAX_SOURCE else source[:MAX_SOURCE - 1] + "…"
        self.report = report
        self.frames = tuple(frames)
        self.problems = problems
        self.step = 0
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

    def show(self, step: int) -> int:
        """Put frame ``step`` on screen, kept on an existing frame (the page may set any step)."""
        self.step = min(max(int(step), 0), max(len(self.frames) - 1, 0))
        return self.step

    def next(self) -> int:
        """Show the next trick."""
        return self.show(self.step + 1)

    def back(self) -> int:
        """Show the previous trick."""
        return self.show(self.step - 1)

    def goto(self, step: int) -> int:
        """Jump to frame ``step`` (e.g. an illegal action from the list); a step outside the record is refused."""
        if not 0 <= int(step) < len(self.frames):
            raise ValueError(f"there is no such step; steps run from 0 to {len(self.frames) - 1}")
        return self.show(step)


class HuntFlow(RecordFlow):
    """A record with mistakes, asked first: the learner finds an illegal play before the list is shown.

    While hunting, nothing tells a verdict: the frames on screen keep theirs back
    (:attr:`verdict_hidden`), :attr:`problems` is empty and the status counts hands, not
    mistakes.  :meth:`mark` taps a card of the trick on screen; the engine's check says
    whether it is one of the record's illegal actions.  A found mistake is shown as the
    checker shows it; :meth:`reveal` shows them all.  Loading any record but a sample ends
    the hunt (it is checked in the ordinary way).
    """

    def __init__(self, text: str | None = None, *, source: str = "", may_load: bool = True) -> None:
        self.hunting = False
        self.all_problems: list[dict[str, Any]] = []
        """Every illegal action of the hunted record, shown or not."""
        self.checked_status = ""
        """The status the checker gave the record, said once the hunt is over."""
        self.found: list[int] = []
        """Steps of the mistakes found so far."""
        self.mistakes = 0
        """How many illegal actions the record holds (said only once one is found or all are shown)."""
        self.feedback = ""
        self.feedback_ok = False
        self.attempts = 0
        self.answered = False
        self.first_try = False
        super().__init__(text, source=source, may_load=may_load)

    @property
    def verdict_hidden(self) -> bool:
        """While hunting, a frame whose mistake is not yet found keeps its verdict back."""
        return self.hunting and self.step not in self.found

    def is_complete(self) -> bool:
        """Answered: a mistake found, or every mistake shown."""
        return self.answered

    def load_sample(self, name: str = "mistakes") -> CheckReport | None:
        """Load a shipped sample and hunt its mistakes (a sample without any is simply shown)."""
        report = super().load_sample(name)
        if report is not None and self.problems:
            self._start_hunt()
        return report

    def load_text(self, text: str, source: str = "") -> CheckReport | None:
        """Check ``text`` in the ordinary way: a record the learner brings is not hunted."""
        report = super().load_text(text, source)
        if report is not None and self.hunting:
            self.hunting = False
            self.feedback = ""
        return report

    def _start_hunt(self) -> None:
        self.all_problems = list(self.problems)
        self.checked_status = self.status
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

    def _problem_at(self, step: int) -> dict[str, Any] | None:
        return next((problem for problem in self.all_problems if problem["step"] == step), None)

    def mark(self, position: int) -> dict[str, Any]:
        """Tap card number ``position`` (0 is the lead) of the trick on screen: is it an illegal play?

        Refused (``ValueError``, nothing changed) when the hunt is over or there is no such card.
        """
        if not self.hunting:
            raise ValueError("there is nothing to find here: every mistake is already shown")
        cards = self.frames[self.step]["cards"] if self.frames else []
        if not 0 <= int(position) < len(cards):
            raise ValueError(f"there is no card {position} in this trick; it has {len(cards)}")
        card = cards[int(position)]
        correct = bool(card["illegal"]) and self._problem_at(self.step) is not None
        self.attempts += 1
        if correct and not self.answered:
            self.first_try = self.attempts == 1
        if correct:
            self.found = sorted({*self.found, self.step})
            self.mistakes = len(self.all_problems)
            self.problems = [item for item in self.all_problems if item["step"] in self.found]
            if len(self.found) == self.mistakes:
                self.feedback = say(FOUND_LAST, total=self.mistakes)
            else:
                self.feedback = nonempty_sentences(say(FOUND),
                                                   say(LEFT_TO_FIND, found=len(self.found), total=self.mistakes))
            self.answered = True
            if len(self.found) == self.mistakes:
                self.hunting = False
                self.status = self.checked_status
        else:
            self.feedback = (say(NOT_THIS_YOURS, card=card["card"]["text"]) if card["you"] else
                             say(NOT_THIS, seat=card["seat"], card=card["card"]["text"]))
        self.feedback_ok = correct
        return {"correct": correct, "summary": self.feedback}

    def reveal(self) -> list[dict[str, Any]]:
        """Show every mistake, as the checker lists them; the hunt ends."""
        if not self.hunting:
            return list(self.problems)
        self.hunting = False
        self.status = self.checked_status
        self.mistakes = len(self.all_problems)
        self.problems = list(self.all_problems)
        self.feedback = ""
        self.answered = True
        return list(self.problems)
