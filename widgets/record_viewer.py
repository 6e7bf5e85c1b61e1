"""RecordViewer: replay a match record trick by trick, with every illegal action flagged.

A learner loads a ``hearts-record/1`` file (upload or paste), a sample that ships with
the lessons, or the scripted moon hand, and steps through it one trick at a time.
The checking is :func:`hearts_core.check_record`, the same replay the command-line
checker runs: this widget only lays its findings out as frames.  A record that does not
load is reported in the engine's words and leaves the previous record on screen.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import traitlets

from hearts_core import (
    NUM_SEATS,
    CheckReport,
    HandState,
    HeartsError,
    IllegalAction,
    check_record,
    format_cards,
    seat_name,
)
from hearts_core.scenarios import moon_hand_record
from widgets._base import HeartsWidget, bundle_css, bundle_esm, card_data
from widgets.glossary import rule_link, rule_words
from widgets.storage import CorruptFileError, MatchStore

log = logging.getLogger("hearts_lessons.record_viewer")

__all__ = ["SAMPLES", "RecordViewer"]

SAMPLES = Path(__file__).parent / "samples"


class RecordViewer(HeartsWidget):
    """Step through a record; ``problems`` lists its illegal actions."""

    _esm = bundle_esm("record_viewer.js")
    _css = bundle_css("record_viewer.css")

    title = traitlets.Unicode("").tag(sync=True)
    source = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("Load a record to check it.").tag(sync=True)
    load_error = traitlets.Unicode("").tag(sync=True)
    frames = traitlets.List(traitlets.Dict()).tag(sync=True)
    problems = traitlets.List(traitlets.Dict()).tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    allow_loading = traitlets.Bool(True).tag(sync=True)

    def __init__(self, text: str | None = None, *, title: str = "Check a game", source: str = "",
                 allow_loading: bool = True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = title
        self.allow_loading = allow_loading
        if text is not None:
            self.load_text(text, source=source or "record")

    @classmethod
    def sample(cls, name: str = "mistakes", **kwargs: Any) -> RecordViewer:
        """A viewer opened on a sample record shipped with the lessons."""
        viewer = cls(**kwargs)
        viewer.load_sample(name)
        return viewer

    @classmethod
    def moon(cls) -> RecordViewer:
        """The scripted moon hand, to step through (no loading controls)."""
        return cls(moon_hand_record(), title="A moon shot, trick by trick", source="the moon hand of lesson 8",
                   allow_loading=False)

    def _actions(self) -> dict[str, Any]:
        return {"load_text": self.load_text, "load_sample": self.load_sample, "load_last_match": self.load_last_match,
                "next": self.next, "back": self.back, "goto": self.goto}

    # ------------------------------------------------------------------ loading

    def load_sample(self, name: str = "mistakes") -> CheckReport | None:
        """Load ``widgets/samples/<name>.json``."""
        path = SAMPLES / f"{name}.json"
        if not path.is_file():
            known = ", ".join(sorted(p.stem for p in SAMPLES.glob("*.json")))
            self.load_error = f"There is no sample called {name!r} (samples: {known})."
            return None
        return self.load_text(path.read_text(encoding="utf-8"), source=f"sample: {name}")

    def load_last_match(self, store: MatchStore | None = None) -> CheckReport | None:
        """Load the learner's own match, as the guided match last saved it."""
        try:
            saved = (store or MatchStore()).load()
        except (CorruptFileError, OSError) as problem:
            self.load_error = f"Your saved match could not be read: {problem}"
            return None
        if saved is None:
            self.load_error = "There is no saved match yet: play a few cards in the guided match first."
            return None
        return self.load_text(saved.match.to_json(), source="your last match")

    def load_text(self, text: str, source: str = "pasted") -> CheckReport | None:
        """Check ``text``; on success show it from the first trick, else explain and keep the old one."""
        try:
            report = check_record(text)
        except HeartsError as problem:
            self.load_error = _unreadable(text, problem)
            return None
        frames, problems = _frames(report)
        self.load_error = ""
        self.source = source
        self.frames = frames
        self.problems = problems
        self.step = 0
        hands = len(report.hands)
        if report.ok:
            self.status = f"{hands} hand{'s' * (hands != 1)} checked: every action is legal."
        else:
            count = len(report.problems)
            self.status = (f"{hands} hand{'s' * (hands != 1)} checked: {count} illegal "
                           f"action{'s' * (count != 1)} found. Each hand stops at its first one.")
        return report

    # --------------------------------------------------------------- navigation

    def next(self) -> int:
        """Show the next trick."""
        self.step = min(self.step + 1, max(len(self.frames) - 1, 0))
        return self.step

    def back(self) -> int:
        """Show the previous trick."""
        self.step = max(self.step - 1, 0)
        return self.step

    def goto(self, step: int) -> int:
        """Jump to frame ``step`` (e.g. an illegal action from the list)."""
        if not 0 <= int(step) < len(self.frames):
            raise ValueError(f"there is no step {step}; steps run from 0 to {len(self.frames) - 1}")
        self.step = int(step)
        return self.step

    @property
    def frame(self) -> dict[str, Any]:
        """The frame on screen."""
        return self.frames[self.step] if self.frames else {}


def _frames(report: CheckReport) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    frames: list[dict[str, Any]] = []
    problems: list[dict[str, Any]] = []
    by_hand = {problem.hand: problem for problem in report.problems}
    for number, state in enumerate(report.hands, start=1):
        for trick_number, trick in enumerate(state.tricks, start=1):
            cards = [{"seat": seat_name(seat), "card": card_data(card), "illegal": False,
                      "winner": seat == trick.winner} for seat, card in zip(trick.seats, trick.cards, strict=True)]
            caption = (f"{_takes(trick.winner)} trick {trick_number} with "
                       f"{trick.played_by(trick.winner)}: {_points(trick.points)}.")
            if trick_number == len(state.tricks) and state.is_over:
                caption += " " + _hand_over(state)
            frames.append(_frame(number, trick_number, cards, caption, state))
        problem = by_hand.get(number)
        if state.current_trick or problem is not None:
            frames.append(_open_trick(number, state, problem))
            if problem is not None:
                problems.append({"hand": problem.hand, "trick": problem.trick, "seat": seat_name(problem.seat),
                                 "card": str(problem.card), "reason": problem.verdict.reason.value,
                                 "rule": rule_words(problem.verdict.reason),
                                 "link": rule_link(problem.verdict.reason),
                                 "message": problem.verdict.message, "step": len(frames) - 1})
    return frames, problems


def _open_trick(number: int, state: HandState, problem: IllegalAction | None) -> dict[str, Any]:
    leader = state.trick_leader if state.trick_leader is not None else 0
    cards = [{"seat": seat_name((leader + offset) % NUM_SEATS), "card": card_data(card), "illegal": False,
              "winner": False} for offset, card in enumerate(state.current_trick)]
    if problem is None:
        caption = f"The record stops here, with {format_cards(state.current_trick)} on the table."
    else:
        cards.append({"seat": seat_name(problem.seat), "card": card_data(problem.card), "illegal": True,
                      "winner": False})
        caption = (f"Illegal: {seat_name(problem.seat)} played {problem.card}, against the rule on "
                   f"{rule_words(problem.verdict.reason)}. {_as_rule(problem)} The check of this hand stops here.")
    return _frame(number, len(state.tricks) + 1, cards, caption, state)


def _unreadable(text: str, problem: Exception) -> str:
    """Why a paste or file could not be checked, for a learner; the technical detail goes to the log."""
    log.info("record not readable: %s", problem)
    if not text.strip():
        return ("There is nothing to check yet: paste a match record into the box (or upload one), "
                "then press “Check this record”.")
    if not text.lstrip().startswith("{"):
        return ("That text is not a match record. A record is the text the guided match saves, starting with "
                "a curly bracket {; copy all of it and paste it again.")
    if "format" in str(problem):
        return "That record was written in a format this checker does not know, so it cannot be checked."
    return ("That record could not be read: it may have been cut off or changed while copying. "
            "Copy the whole record again and paste it, or load the sample.")


def _as_rule(problem: IllegalAction) -> str:
    # The engine's sentence is addressed to the player who tried the card.
    who = "you" if problem.seat == 0 else seat_name(problem.seat)
    return f"What the rules told {who}: \u201c{problem.verdict.message}\u201d"


def _frame(number: int, trick: int, cards: list[dict[str, Any]], caption: str, state: HandState) -> dict[str, Any]:
    passing = "no passing" if state.pass_direction.value == "hold" else f"passing {state.pass_direction.value}"
    return {"hand": number, "trick": trick, "direction": passing, "cards": cards,
            "caption": caption, "points": list(state.points_taken)}


def _takes(seat: int) -> str:
    return "You take" if seat == 0 else f"{seat_name(seat)} takes"


def _points(points: int) -> str:
    return "no points" if points == 0 else f"{points} point{'s' * (points != 1)}"


def _hand_over(state: HandState) -> str:
    scores = ", ".join(f"{seat_name(seat)} {score}" for seat, score in enumerate(state.scores))
    if state.moon_shooter is not None:
        return f"{seat_name(state.moon_shooter)} took every point card and shot the moon! Hand scores: {scores}."
    return f"Hand over. Scores: {scores}."
