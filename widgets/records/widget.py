"""RecordViewer and MistakeHunt: the thin widgets over :mod:`widgets.records.flow`.

Design choices:

* The traits the front end (``static/record_viewer.js``) reads and writes, and the commands
  it may send.  Each command hands the action to the flow, then copies the flow's state
  into the traits in one batch (:meth:`RecordViewer._sync`), whether the action succeeded,
  was refused or raised.
* Frames are sent one at a time: the page holds the frame on screen and the number of
  frames, and each step asks the kernel for the next.  Sending every frame of a long
  record at once made one trait of tens of megabytes.  A step and its frame go in one message.
* ``step`` is synced, so a page may set it directly: the validator keeps it on an existing
  frame and the observer tells the flow and redraws the frame.
* ``allow_loading`` is for drawing only: the flow keeps its own copy
  (:attr:`~widgets.records.flow.RecordFlow.may_load`), so a page that sets the synced trait
  changes nothing.
"""

from __future__ import annotations

from typing import Any, ClassVar

import traitlets

from hearts_core import CheckReport
from hearts_core.scenarios import moon_hand_record
from hearts_core.wording import say
from hearts_learner.match_store import MatchStore
from widgets._base import HeartsWidget, bundle_css, bundle_esm, command
from widgets.records.flow import MAX_UPLOAD_BYTES, HuntFlow, RecordFlow
from widgets.records.payloads import frame_on_screen

__all__ = ["MistakeHunt", "RecordViewer"]



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

    _flow_type: ClassVar[type[RecordFlow]] = RecordFlow

    def __init__(self, text: str | None = None, *, title: str = "", source: str = "",
                 allow_loading: bool = True, **kwargs: Any) -> None:
        """``title`` and ``source`` are shown as given (the default title is said in the page's language)."""
        super().__init__(**kwargs)
        self.title = title or say("Check a game")
        self._flow = self._flow_type(text, source=source, may_load=allow_loading)
        self.allow_loading = self._flow.may_load
        self._act(self._flow.list_past_matches)

    @property
    def flow(self) -> RecordFlow:
        """The controller behind this widget."""
        return self._flow

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
        return self._flow.is_complete()

    def page_opened(self) -> list[str]:
        """Re-read the finished matches when the page opens (a preheated kernel ran before the learner played)."""
        return self.list_past_matches()

    def list_past_matches(self, store: MatchStore | None = None) -> list[str]:
        """The labels of the learner's finished matches, newest first, for the chooser; [] where loading is off."""
        return self._act(self._flow.list_past_matches, store)

    # ------------------------------------------------------------------ loading

    @command("load_sample")
    def load_sample(self, name: str = "mistakes") -> CheckReport | None:
        """Load the shipped sample ``name`` (one of :data:`~widgets.records.flow.SAMPLE_NAMES`)."""
        return self._act(self._flow.load_sample, name)

    @command("load_last_match")
    def load_last_match(self, store: MatchStore | None = None) -> CheckReport | None:
        """Load the learner's own match, as the guided match last saved it."""
        return self._act(self._flow.load_last_match, store)

    @command("load_past_match")
    def load_past_match(self, number: int = 0, store: MatchStore | None = None) -> CheckReport | None:
        """Load one of the learner's finished matches: ``number`` 0 is the newest (:meth:`MatchStore.history`)."""
        return self._act(self._flow.load_past_match, number, store)

    @command("load_text")
    def load_text(self, text: str, source: str = "") -> CheckReport | None:
        """Check ``text``; on success show it from the first trick, else explain and keep the old one.

        ``source`` says where it came from, as shown (the front end sends it in the page's language).
        """
        return self._act(self._flow.load_text, text, source)

    # --------------------------------------------------------------- navigation

    @command("next")
    def next(self) -> int:
        """Show the next trick."""
        return self._act(self._flow.next)

    @command("back")
    def back(self) -> int:
        """Show the previous trick."""
        return self._act(self._flow.back)

    @command("goto")
    def goto(self, step: int) -> int:
        """Jump to frame ``step`` (e.g. an illegal action from the list)."""
        return self._act(self._flow.goto, step)

    @property
    def frames(self) -> tuple[dict[str, Any], ...]:
        """Every frame of the record, one per trick (only :attr:`frame` is sent to the page)."""
        return self._flow.frames

    # ---------------------------------------------------------------- plumbing

    def _sync(self) -> None:
        """Copy the flow's state into the traits: one message for the page, observers run once all are set."""
        with self.changing_together():
            self._copy_state()

    def _copy_state(self) -> None:
        flow = self._flow
        self.load_error = flow.load_error
        self.source = flow.source
        self.status = flow.status
        self.frame_count = len(flow.frames)
        self.problems = flow.problems
        self.step = flow.step
        self.frame = frame_on_screen(flow.frame, verdict_hidden=flow.verdict_hidden)
        self.past_matches = flow.past_matches

    @traitlets.validate("step")
    def _valid_step(self, proposal: dict[str, Any]) -> int:
        # The page may set ``step`` itself (it is synced): keep it on an existing frame.
        return min(max(int(proposal["value"]), 0), max(len(self._flow.frames) - 1, 0))

    @traitlets.observe("step")
    def _on_step(self, _change: dict[str, Any]) -> None:
        self._flow.show(self.step)
        self.frame = frame_on_screen(self._flow.frame, verdict_hidden=self._flow.verdict_hidden)


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
    if the first card tapped was a mistake.  The decisions are :class:`~widgets.records.flow.HuntFlow`'s.

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

    _flow_type: ClassVar[type[RecordFlow]] = HuntFlow
    _flow: HuntFlow

    @property
    def flow(self) -> HuntFlow:
        """The controller behind this widget."""
        return self._flow

    @classmethod
    def sample(cls, name: str = "mistakes", **kwargs: Any) -> MistakeHunt:
        """A hunt on a sample record shipped with the lessons."""
        hunt = cls(**kwargs)
        hunt.load_sample(name)
        return hunt

    def load_text(self, text: str, source: str = "pasted") -> CheckReport | None:
        """Check ``text`` in the ordinary way: a record the learner brings is not hunted."""
        return super().load_text(text, source)

    @command("mark")
    def mark(self, position: int) -> dict[str, Any]:
        """Tap card number ``position`` (0 is the lead) of the trick on screen: is it an illegal play?"""
        return self._act(self._flow.mark, position)

    @command("reveal")
    def reveal(self) -> list[dict[str, Any]]:
        """Show every mistake, as the checker lists them; the hunt ends."""
        return self._act(self._flow.reveal)

    def _copy_state(self) -> None:
        flow = self._flow
        self.hunting = flow.hunting
        self.found = flow.found
        self.mistakes = flow.mistakes
        self.feedback = flow.feedback
        self.feedback_ok = flow.feedback_ok
        self.attempts = flow.attempts
        self.answered = flow.answered
        self.first_try = flow.first_try
        super()._copy_state()
