"""MatchWidget: a whole match to 100 against three computer players, in one widget.

Design choices:

* This module is the thin layer: the traits the front end reads and writes, and the
  table of actions it may send.  The match page (:mod:`widgets.match`) is in four parts:

  - :mod:`widgets.match.flow`, the controller (no traitlets): it runs the match, the
    computers, the pacing and the resume, and says what happened;
  - :mod:`widgets.match.payloads`, typed builders of what the front end draws;
  - :mod:`hearts_learner.match_saves` over :mod:`hearts_learner.match_store`, the save and the statistics;
  - this widget, which hands each action to the controller and then copies its state into
    the traits in one batch (:meth:`MatchWidget._sync`), redrawing the table only when the
    controller's ``step`` moved.

* The front end (``static/match/*.js``, one file per panel) draws the traits and sends
  actions, which :meth:`HeartsWidget._dispatch` routes to the public methods below, the
  same ones the tests call.  The lists it offers (speeds, levels, options) come from
  Python in ``option_lists``; whether "Pass 3 cards" and "Play" would act comes in
  ``can_pass`` and ``can_play``.
* Settings are traits (validated by traitlets), saved with the match and remembered for
  the next one (``settings.json``); a change reaches the controller through one observer.
  Keyword settings are a lesson's starting point; settings the learner has chosen (and
  so are remembered) win over them, and a resumed match brings back its own.

>>> from tempfile import TemporaryDirectory
>>> with TemporaryDirectory() as folder:
...     widget = MatchWidget(seed=5, store=MatchStore(folder), speed="instant")
...     widget.screen, widget.header["pass_text"], len(widget.hand)
('passing', 'Pass left', 13)
"""

from __future__ import annotations

import logging
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, ClassVar, Final

import traitlets

from hearts_core import Card, Match, Rules
from hearts_core.wording import say
from hearts_learner.match_saves import MatchSaves
from hearts_learner.match_store import MatchStore
from widgets._base import HeartsWidget, bundle_css, bundle_esm, command, failure_sentence
from widgets.glossary import rule_link
from widgets.match.course import Screen
from widgets.match.flow import FIRST_MATCH_SEED, MatchFlow
from widgets.match.payloads import OPTION_LISTS, display, history_payload, option_lists, statistics_payload
from widgets.match.settings import COMPUTERS, HARD_TIME_BUDGET, OPPONENT_LEVELS, SETTINGS, SPEEDS, TIE_RULES, Settings

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = ["FIRST_MATCH_SEED", "HARD_TIME_BUDGET", "NEWCOMER", "OPPONENT_LEVELS", "SETTINGS", "SPEEDS", "MatchWidget"]

log = logging.getLogger("hearts_lessons.widgets.match")

NEWCOMER: Final = "newcomer"
"""The learners a match page's first view is for (:meth:`MatchWidget.first_view_audience`)."""

FRONT_END = (
    "showcase.js", "match/common.js", "match/options.js", "match/header.js", "match/table.js", "match/coach.js",
    "match/hand.js", "match/main.js",
)
"""The front end's files, one per panel, bundled in this order after ``cards.js``; ``showcase.js`` is the puzzle
board's "Show me", drawn in the review too."""


class MatchWidget(HeartsWidget):
    """A full match against CPU1..CPU3; ``MatchWidget()`` starts one or offers to resume a saved one.

    ``seed`` fixes the first new match's deals (random when omitted), ``rules`` its house
    rules, ``store`` where it is saved (default: the user's data directory), ``match`` an
    existing :class:`~hearts_core.Match` to continue (it replaces any save).  Any setting in
    :data:`SETTINGS` may be given as a keyword, as a starting point: the settings the learner
    chose in an earlier match win over it, and resuming a saved match brings back the
    settings saved with it.
    """

    _esm = bundle_esm(*FRONT_END)
    _css = bundle_css("showcase.css", "match.css")

    # Settings (saved with the match).
    speed = traitlets.Enum(SPEEDS, default_value="normal").tag(sync=True)
    one_tap = traitlets.Bool(False).tag(sync=True)
    auto_play_forced = traitlets.Bool(False).tag(sync=True)
    confirm_tricks = traitlets.Bool(False).tag(sync=True)
    levels = traitlets.List(traitlets.Unicode(), default_value=["normal"] * len(COMPUTERS)).tag(sync=True)
    show_danger = traitlets.Bool(False).tag(sync=True)
    show_coach = traitlets.Bool(False).tag(sync=True)
    tie_rule = traitlets.Enum(TIE_RULES, default_value="share").tag(sync=True)
    """What a tie for the lowest total does in the next new match: share the win, or play on."""

    # What the front end draws; all of it is copied from the controller by _sync().
    option_lists = traitlets.Dict(OPTION_LISTS).tag(sync=True)
    screen = traitlets.Unicode("").tag(sync=True)
    pending = traitlets.Unicode("").tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    header = traitlets.Dict().tag(sync=True)
    seats = traitlets.List(traitlets.Dict()).tag(sync=True)
    hand = traitlets.List(traitlets.Dict()).tag(sync=True)
    selected = traitlets.List(traitlets.Unicode()).tag(sync=True)
    can_pass = traitlets.Bool(False).tag(sync=True)
    can_play = traitlets.Bool(False).tag(sync=True)
    table = traitlets.List(traitlets.Dict()).tag(sync=True)
    trick_done = traitlets.Bool(False).tag(sync=True)
    last_trick = traitlets.Dict().tag(sync=True)
    scores = traitlets.Dict().tag(sync=True)
    result = traitlets.Dict().tag(sync=True)
    coach = traitlets.Dict().tag(sync=True)
    story = traitlets.Dict().tag(sync=True)
    sheet = traitlets.Dict().tag(sync=True)
    review = traitlets.Dict().tag(sync=True)
    summary = traitlets.Dict().tag(sync=True)
    history = traitlets.List(traitlets.Dict()).tag(sync=True)
    offer = traitlets.Dict().tag(sync=True)

    # Lesson completion (widgets.lessons.Completable): a whole hand played.
    completion_trait: ClassVar[str] = "screen"
    statistics = traitlets.Dict().tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    tone = traitlets.Unicode("info").tag(sync=True)
    refused = traitlets.Unicode("").tag(sync=True)
    refusal_link = traitlets.Dict().tag(sync=True)
    """The glossary entry for the rule the last refusal applied ({} when none did)."""
    notice = traitlets.Unicode("").tag(sync=True)
    stale = traitlets.Bool(False).tag(sync=True)
    """Another page has continued this match: the notice offers Reload."""
    opens_as_newcomer = traitlets.Bool(True).tag(sync=True)
    """The learner's next opening of the page would be a newcomer's first match (:data:`FIRST_MATCH_SEED`).
    The front end keeps the answer in the browser, where the page reads it before its first paint:
    its first view (the newcomer's opening, drawn ahead of time) shows only while it is true."""

    def __init__(
        self,
        seed: int | None = None,
        rules: Rules | None = None,
        *,
        store: MatchStore | None = None,
        match: Match | None = None,
        **settings: Any,
    ) -> None:
        super().__init__(**settings)
        self.option_lists = option_lists()  # in the page's language, as every text is
        self._store = store if store is not None else MatchStore()
        saves = MatchSaves(self._store)
        # The learner's own choices win over a lesson's starting ones: a coach switched off stays off.
        remembered = saves.read_settings()
        self._apply_settings(remembered)
        self._flow = MatchFlow(saves, self._settings(), seed=seed, rules=rules,
                               restore_settings=self._apply_settings, settings_chosen=bool(remembered))
        self._restoring = False  # settings being copied from a save: not a learner's change
        self.observe(self._setting_changed, names=list(SETTINGS))
        self._act(self._flow.open, match)

    @property
    def match(self) -> Match | None:
        """The match being played (``None`` while a saved match is being offered)."""
        return self._flow.match

    @property
    def store(self) -> MatchStore:
        """Where this widget saves."""
        return self._store

    @property
    def flow(self) -> MatchFlow:
        """The controller behind this widget."""
        return self._flow

    def first_view_audience(self) -> str | None:
        """A newcomer's untouched first match is the same deal for every newcomer; nothing else is drawn ahead."""
        return NEWCOMER if self._flow.shows_newcomer_opening else None

    # ------------------------------------------------------------ learner's actions

    def page_opened(self) -> str:
        """The page showing this widget was opened: pick up what was saved since it was built.

        Only an untouched widget changes; once the learner has acted here, this page's
        match is the one being played.
        """
        return self._act(self._flow.page_opened)

    @command("choose")
    def choose(self, card: Card | str) -> str:
        """The learner taps ``card``: toggle it while passing; select (or play) it on their turn.

        A card that may not be played is explained (:meth:`Match.explain`) and nothing
        changes.  Tapping the selected card again puts it back; with ``one_tap`` a tap plays.
        """
        return self._act(self._flow.choose, card)

    @command("deselect")
    def deselect(self) -> str:
        """Put the selected card back without playing it (Escape)."""
        return self._act(self._flow.deselect)

    @command("play")
    def play_selected(self) -> str:
        """Play the selected card (the "Play" button)."""
        return self._act(self._flow.play_selected)

    @command("toggle_pass")
    def toggle_pass(self, card: Card | str) -> str:
        """Add ``card`` to the three to pass, or take it back out."""
        return self._act(self._flow.toggle_pass, card)

    @command("pass")
    def confirm_pass(self) -> str:
        """Pass the three chosen cards (the "Pass 3 cards" button); the computers pass too."""
        return self._act(self._flow.confirm_pass)

    @command("advance")
    def advance(self, step: int | None = None) -> str:
        """Let the computers move on: one card (or the whole way at speed "instant").

        The front end calls this after its delay, quoting ``step``; a call for an older
        step, or when nothing is waiting on the computers, does nothing.
        """
        return self._act(self._flow.advance, step)

    @command("next_trick")
    def next_trick(self) -> str:
        """Clear the finished trick from the table and go on (with ``confirm_tricks``)."""
        return self._act(self._flow.next_trick)

    @command("next_hand")
    def next_hand(self) -> str:
        """Deal the next hand after the score screen."""
        return self._act(self._flow.next_hand)

    @command("new_match")
    def new_match(self, seed: int | None = None) -> str:
        """Start a new match with a new seed (or ``seed``), keeping the settings."""
        return self._act(self._flow.new_match, seed)

    @command("replay")
    def replay(self) -> str:
        """Start this match again from its first deal (same seed; the computers may choose differently)."""
        return self._act(self._flow.replay)

    @command("resume")
    def resume(self) -> str:
        """Continue the saved match that was offered on opening, with its settings."""
        return self._act(self._flow.resume)

    @command("reload")
    def reload(self) -> str:
        """Another page continued this match: re-read its save and carry on from where it is now."""
        return self._act(self._flow.reload)

    @command("hint")
    def hint(self) -> str:
        """Show the coach's advice once (or, while passing, what a sound player would pass)."""
        return self._act(self._flow.hint)

    @command("review")
    def open_review(self) -> str:
        """Open "Review this hand" on the score screen: each play, the costly ones with a better card and why."""
        return self._act(self._flow.review)

    @command("close_review")
    def close_review(self) -> str:
        """Close the review and go back to the scores."""
        return self._act(self._flow.close_review)

    @command("show_mistake")
    def show_mistake(self, mistake: int) -> str:
        """"Show me" beside costly mistake ``mistake`` (from 0, the pass not counted) of the open review: one deal
        played out for the learner's card and the better one."""
        return self._act(self._flow.show_mistake, mistake)

    @command("hide_showcase")
    def hide_showcase(self) -> str:
        """Close what "Show me" lays out in the review."""
        return self._act(self._flow.hide_showcase)

    @command("set")
    def set_option(self, name: str, value: Any) -> str:
        """Change one setting (speed, one_tap, levels, ...); a bad name or value changes nothing."""
        if name not in SETTINGS:
            return self._act(self._flow.refuse, say("There is no setting called {name}.", name=repr(name)))
        try:
            setattr(self, name, value)
        except traitlets.TraitError:
            return self._act(self._flow.refuse, say("{value} is not a possible value for {name}.", value=repr(value),
                                                    name=name))
        return f"{name} is now {getattr(self, name)!r}."

    @command("dismiss")
    def dismiss_notice(self) -> str:
        """Hide the storage notice (a corrupt save moved aside, a failed write)."""
        return self._act(self._flow.dismiss_notice)

    # ---------------------------------------------------------------- plumbing

    def is_complete(self) -> bool:
        """True once a whole hand has been played (its hand-over or the match-over screen)."""
        return self.screen in (Screen.HAND_OVER.value, Screen.MATCH_OVER.value)

    def _sync(self) -> None:
        """Copy the controller's state into the traits, in one batch for the front end."""
        flow = self._flow
        with self.hold_sync():
            if flow.step != self.step:
                shown = display(flow)
                self.screen = shown.screen.value
                self.pending = shown.pending.value
                self.offer = _json(shown.offer)
                self.header = _json(shown.header)
                self.seats = [asdict(seat) for seat in shown.seats]
                self.hand = shown.hand
                self.table = [asdict(card) for card in shown.table]
                self.trick_done = shown.trick_done
                self.last_trick = _json(shown.last_trick)
                self.scores = _json(shown.scores)
                self.result = _json(shown.result)
                self.coach = _json(shown.coach)
                self.story = _json(shown.story)
                self.sheet = _json(shown.sheet)
                self.review = _json(shown.review)
                self.summary = _json(shown.summary)
                self.history = [asdict(entry) for entry in history_payload(flow.history)]
                self.step = flow.step
            self.selected = list(flow.selected)
            self.can_pass = flow.can_pass
            self.can_play = flow.can_play
            self.statistics = asdict(statistics_payload(flow.statistics))
            self.notice = flow.notice
            self.stale = flow.stale
            self.opens_as_newcomer = flow.opens_as_newcomer
            self.refused = flow.refused
            self.refusal_link = rule_link(flow.refused_rule)
            self.tone = flow.tone.value
            self.message = flow.message

    def _settings(self) -> Settings:
        return Settings(
            speed=self.speed, one_tap=self.one_tap, auto_play_forced=self.auto_play_forced,
            confirm_tricks=self.confirm_tricks, levels=tuple(self.levels), show_danger=self.show_danger,
            show_coach=self.show_coach, four_colour=self.four_colour, tie_rule=self.tie_rule,
        )

    def _apply_settings(self, saved: dict[str, Any]) -> Settings:
        """Restore saved settings; one that no longer fits keeps its current value."""
        self._restoring = True
        try:
            for name in SETTINGS:
                if name in saved:
                    try:
                        setattr(self, name, saved[name])
                    except traitlets.TraitError:
                        log.warning("ignoring saved setting %s=%r", name, saved[name])
        finally:
            self._restoring = False
        return self._settings()

    def _setting_changed(self, change: dict[str, Any]) -> None:
        if self._restoring:
            return
        try:
            self._act(self._change_settings)
        except Exception as problem:  # surfaced, not swallowed: observers have no caller to tell
            log.exception("applying setting %s failed", change["name"])
            self.error = failure_sentence(problem)

    def _change_settings(self) -> str:
        self._flow.change_settings(self._settings())
        return self._flow.message

    @traitlets.validate("levels")
    def _valid_levels(self, proposal: dict[str, Any]) -> list[str]:
        value = list(proposal["value"])
        if len(value) != len(COMPUTERS) or any(level not in OPPONENT_LEVELS for level in value):
            raise traitlets.TraitError(f"levels must be three of {', '.join(OPPONENT_LEVELS)}, not {value!r}")
        return value


def _json(payload: DataclassInstance | None) -> dict[str, Any]:
    """A payload dataclass as the JSON object a Dict trait holds; ``{}`` for none."""
    return {} if payload is None else asdict(payload)
