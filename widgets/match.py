"""MatchWidget: a whole match to 100 against three computer players, in one widget.

Design choices:

* Python is the referee and the clock's owner.  Every rule decision (legal cards, why a
  card is refused, trick winners, scores, the moon, the end of the match, the computers'
  choices and the coach's figures) comes from :mod:`hearts_core`; the front end draws the
  traits and sends actions, which :meth:`HeartsWidget._dispatch` routes to the public
  methods below, the same ones the tests call.
* Pacing without giving up authority: computer cards are played one at a time by
  :meth:`MatchWidget.advance`.  While the trait ``pending`` is ``"advance"`` the front
  end waits for the chosen speed and calls it again, quoting the ``step`` it saw, so a
  stale or duplicated timer (two views of one widget) can never play an extra card.  At
  speed ``"instant"`` Python plays every computer card at once after each action.
* Computer players see only ``match.view(seat)``.  A fresh bot is made for every decision
  with a seed derived from the match seed and the position, so a seeded match replays
  identically, even after it was saved and resumed.
* Each action ends the same way (:meth:`MatchWidget._finish`): computers move if instant,
  the match is saved, the traits are redrawn in one batch, and ``message`` says what
  happened in plain words.  A refused action (an illegal card, a fourth card to pass,
  malformed input) only sets ``message``: the match and the save are untouched.
* The coach runs only when something shows it (``show_danger``, ``show_coach`` or
  ``hint()``) and only on the learner's turn; its report is cached per position.
* Saving after every action goes through :class:`widgets.storage.MatchStore` (atomic
  writes; unreadable saves moved aside, never overwritten).  A saved, unfinished match is
  offered on opening ("Resume match" / "New match"); nothing is written until the
  learner chooses, so the offer cannot destroy the save it offers.  A saved match in
  which nothing has happened yet (merely opened) or that is finished is not offered.

>>> from tempfile import TemporaryDirectory
>>> with TemporaryDirectory() as folder:
...     widget = MatchWidget(seed=5, store=MatchStore(folder), speed="instant")
...     widget.screen, widget.header["pass_text"], len(widget.hand)
('passing', 'Pass left', 13)
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

import traitlets

from hearts_core import (
    CARDS_IN_PASS,
    QUEEN_OF_SPADES,
    TRICKS_PER_HAND,
    Card,
    IllegalMove,
    InvalidCardError,
    Match,
    PassDirection,
    Phase,
    Rules,
    SeatView,
    Trick,
    seat_name,
)
from hearts_core.bots import Bot, make_bot
from hearts_core.cards import to_card
from hearts_core.coach import CoachReport, analyse
from hearts_core.rules import MOON_POINTS
from widgets._base import HeartsWidget, bundle_css, bundle_esm, card_data, cards_data
from widgets.storage import CorruptFileError, MatchStore, SavedMatch, Statistics

__all__ = ["HARD_TIME_BUDGET", "LEVELS", "SETTINGS", "SPEEDS", "MatchWidget"]

log = logging.getLogger("hearts_lessons.widgets.match")

LEARNER: Final = 0
COMPUTERS: Final = (1, 2, 3)
SPEEDS: Final = ("instant", "normal", "slow")
LEVELS: Final = ("easy", "normal", "hard")
HARD_TIME_BUDGET: Final = 0.3
"""Seconds of reference-machine effort per hard decision: strong, yet the table keeps moving."""
SETTINGS: Final = (
    "speed", "one_tap", "auto_play_forced", "confirm_tricks", "levels", "show_danger", "show_coach", "four_colour",
)
"""The traits saved with the match and changeable from the front end's options."""

_PASS_TEXT: Final = {
    PassDirection.LEFT: "Pass left",
    PassDirection.RIGHT: "Pass right",
    PassDirection.ACROSS: "Pass across",
    PassDirection.HOLD: "No passing",
}


def _list(cards: Sequence[Card | str]) -> str:
    """``♣A``, ``♣A and ♦K``, ``♣A, ♦K and ♠Q``."""
    names = [str(card) for card in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _points(points: int) -> str:
    return "no points" if points == 0 else "1 point" if points == 1 else f"{points} points"


def _derived_seed(*parts: object) -> int:
    """A stable 64-bit seed from the match seed and the position (not Python's salted ``hash``)."""
    digest = hashlib.sha256(" ".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def moon_sentence(match: Match) -> str:
    """The announcement for a moon shot in the current (finished) hand, or ``""``."""
    shooter = match.hand.moon_shooter
    if shooter is None:
        return ""
    who = seat_name(shooter)
    if match.rules.moon_subtracts:
        return f"{who} shot the moon: {MOON_POINTS} come off {'your' if shooter == LEARNER else 'their'} total."
    return f"{who} shot the moon: everyone else takes {MOON_POINTS}."


def result_sentence(match: Match) -> tuple[str, str]:
    """(outcome, sentence) for a finished match: ``won``, ``drawn`` (a shared lowest total) or ``lost``."""
    winners = match.winners or ()
    totals = match.totals
    best = totals[winners[0]] if winners else 0
    if winners == (LEARNER,):
        return "won", f"You win the match with {best} points!"
    if LEARNER in winners:
        others = _list([seat_name(seat) for seat in winners if seat != LEARNER])
        return "drawn", f"A draw: you share the lowest total, {best}, with {others}."
    names = [seat_name(seat) for seat in winners]
    lead = f"{names[0]} wins" if len(names) == 1 else f"{_list(names)} share the win"
    return "lost", f"{lead} with {best} points. You finished with {totals[LEARNER]}."


class MatchWidget(HeartsWidget):
    """A full match against CPU1..CPU3; ``MatchWidget()`` starts one or offers to resume a saved one.

    ``seed`` fixes the first new match's deals (random when omitted), ``rules`` its house
    rules, ``store`` where it is saved (default: the user's data directory), ``match`` an
    existing :class:`~hearts_core.Match` to continue (it replaces any save).  Any setting in
    :data:`SETTINGS` may be given as a keyword; resuming a saved match brings back the
    settings saved with it.
    """

    _esm = bundle_esm("match.js")
    _css = bundle_css("match.css")

    # Settings (saved with the match).
    speed = traitlets.Enum(SPEEDS, default_value="normal").tag(sync=True)
    one_tap = traitlets.Bool(False).tag(sync=True)
    auto_play_forced = traitlets.Bool(False).tag(sync=True)
    confirm_tricks = traitlets.Bool(False).tag(sync=True)
    levels = traitlets.List(traitlets.Unicode(), default_value=["normal", "normal", "normal"]).tag(sync=True)
    show_danger = traitlets.Bool(False).tag(sync=True)
    show_coach = traitlets.Bool(False).tag(sync=True)

    # What the front end draws; all of it is recomputed from the match by _refresh().
    screen = traitlets.Unicode("").tag(sync=True)
    pending = traitlets.Unicode("").tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    header = traitlets.Dict().tag(sync=True)
    seats = traitlets.List(traitlets.Dict()).tag(sync=True)
    hand = traitlets.List(traitlets.Dict()).tag(sync=True)
    selected = traitlets.List(traitlets.Unicode()).tag(sync=True)
    table = traitlets.List(traitlets.Dict()).tag(sync=True)
    trick_done = traitlets.Bool(False).tag(sync=True)
    last_trick = traitlets.Dict().tag(sync=True)
    scores = traitlets.Dict().tag(sync=True)
    result = traitlets.Dict().tag(sync=True)
    coach = traitlets.Dict().tag(sync=True)
    offer = traitlets.Dict().tag(sync=True)
    statistics = traitlets.Dict().tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    tone = traitlets.Unicode("info").tag(sync=True)
    refused = traitlets.Unicode("").tag(sync=True)
    notice = traitlets.Unicode("").tag(sync=True)

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
        self._store = store if store is not None else MatchStore()
        self._rules = rules or Rules()
        self._match: Match | None = None
        self._offered: SavedMatch | None = None
        self._shown: Trick | None = None  # a finished trick still on the table
        self._recorded = False  # this match already counted in the statistics
        self._news: list[tuple[str, bool]] = []  # (sentence, minor) said by the current action
        self._coach_cache: tuple[tuple[int, int, int], CoachReport] | None = None
        self.observe(self._setting_changed, names=list(SETTINGS))
        # Building the widget never writes the save: Voilà may build it in a preheated
        # kernel long before a learner arrives, while another page is still playing.
        self._building = True
        self._acted = False  # the learner has done something through this widget
        self._seed = seed
        if match is not None:
            self._start(match, "Let's play.")
        else:
            self._open_saved_or_new()
        self._building = False

    def _open_saved_or_new(self) -> None:
        self.statistics = self._stats_payload(self._read_statistics())
        saved = self._read_save()
        if saved is not None and not saved.match.is_over and _has_progress(saved.match):
            self._match = None
            self._offered = saved
            self.message = "You have a match in progress. Resume it, or start a new one?"
            self._refresh()
        elif self._match is None or self._offered is not None:
            seed = self._seed if self._seed is not None else _new_seed()
            self._start(Match.new(seed, self._rules), "A new match begins.")

    def page_opened(self) -> str:
        """The page showing this widget was opened: pick up what was saved since it was built.

        Only an untouched widget changes; once the learner has acted here, this page's
        match is the one being played.
        """
        if not self._acted:
            self._building = True
            try:
                self._open_saved_or_new()
            finally:
                self._building = False
        return self.message

    @property
    def match(self) -> Match | None:
        """The match being played (``None`` while a saved match is being offered)."""
        return self._match

    @property
    def store(self) -> MatchStore:
        """Where this widget saves."""
        return self._store

    def _actions(self) -> dict[str, Callable[..., Any]]:
        return {
            "choose": self.choose,
            "play": self.play_selected,
            "toggle_pass": self.toggle_pass,
            "pass": self.confirm_pass,
            "advance": self.advance,
            "next_trick": self.next_trick,
            "next_hand": self.next_hand,
            "new_match": self.new_match,
            "replay": self.replay,
            "resume": self.resume,
            "hint": self.hint,
            "set": self.set_option,
            "dismiss": self.dismiss_notice,
        }

    # ------------------------------------------------------------ learner's actions

    def choose(self, card: Card | str) -> str:
        """The learner taps ``card``: toggle it while passing; select (or play) it on their turn.

        A card that may not be played is explained (:meth:`Match.explain`) and nothing
        changes.  Tapping the selected card again plays it, as does any tap with ``one_tap``.
        """
        match = self._match
        if match is None:
            return self._refuse("Choose Resume match or New match first.")
        try:
            chosen = to_card(card)
        except InvalidCardError as problem:
            return self._refuse(str(problem))
        screen = self._screen()
        if screen == "passing":
            return self.toggle_pass(chosen)
        if screen != "playing":
            return self._refuse(self._wrong_screen())
        if self._shown is not None and self.confirm_tricks:
            return self._refuse("The finished trick is still on the table: press Next trick first.")
        verdict = match.explain(chosen, seat=LEARNER)
        if not verdict.legal:
            return self._refuse(verdict.message, chosen)
        if self.one_tap or self.selected == [str(chosen)]:
            self.selected = [str(chosen)]
            return self.play_selected()
        self.selected = [str(chosen)]
        return self._say(f"{chosen} selected: press Play (or tap it again) to play it.")

    def play_selected(self) -> str:
        """Play the selected card (the "Play" button)."""
        match = self._match
        if match is None or self._screen() != "playing":
            return self._refuse(self._wrong_screen())
        if self._shown is not None and self.confirm_tricks:
            return self._refuse("The finished trick is still on the table: press Next trick first.")
        if not self.selected:
            return self._refuse("Choose a card first: tap it, then press Play.")
        verdict = match.explain(self.selected[0], seat=LEARNER)
        if not verdict.legal:
            return self._refuse(verdict.message, verdict.card)
        self._news = []
        self._shown = None  # playing on moves past a finished trick still on show
        self._play(verdict.card or to_card(self.selected[0]), LEARNER)
        return self._finish()

    def toggle_pass(self, card: Card | str) -> str:
        """Add ``card`` to the three to pass, or take it back out."""
        match = self._match
        if match is None or self._screen() != "passing":
            return self._refuse("There is nothing to pass now.")
        try:
            chosen = to_card(card)
        except InvalidCardError as problem:
            return self._refuse(str(problem))
        if chosen not in match.hand.hand(LEARNER):
            return self._refuse(f"You do not hold {chosen}.", chosen)
        text = str(chosen)
        if text in self.selected:
            self.selected = [item for item in self.selected if item != text]
        elif len(self.selected) >= CARDS_IN_PASS:
            return self._refuse(f"You have chosen {CARDS_IN_PASS} cards already: tap one of them to put it back.")
        else:
            self.selected = [*self.selected, text]
        return self._say(self._pass_progress())

    def confirm_pass(self) -> str:
        """Pass the three chosen cards (the "Pass 3 cards" button); the computers pass too."""
        match = self._match
        if match is None or self._screen() != "passing":
            return self._refuse("There is nothing to pass now.")
        if len(self.selected) != CARDS_IN_PASS:
            return self._refuse(self._pass_progress())
        try:
            match.pass_cards(LEARNER, self.selected)
        except IllegalMove as refusal:
            return self._refuse(refusal.verdict.message)
        for seat in COMPUTERS:
            match.pass_cards(seat, self._bot(seat, "pass").choose_pass(match.view(seat)))
        view = match.view(LEARNER)
        direction = match.hand.pass_direction
        self.selected = []
        self._news = [(
            f"You passed {_list(view.passed or ())} to {seat_name(direction.receiver(LEARNER))} and received "
            f"{_list(view.received or ())} from {seat_name(direction.passer(LEARNER))}; they are outlined in gold.",
            False,
        )]
        return self._finish()

    def advance(self, step: int | None = None) -> str:
        """Let the computers move on: one card (or the whole way at speed "instant").

        The front end calls this after its delay, quoting ``step``; a call for an older
        step, or when nothing is waiting on the computers, does nothing.
        """
        if self._match is None or (step is not None and step != self.step) or self._pending() != "advance":
            return self.message
        self._news = []
        self._run(until_learner=self.speed == "instant")
        return self._finish()

    def next_trick(self) -> str:
        """Clear the finished trick from the table and go on (with ``confirm_tricks``)."""
        if self._match is None or self._shown is None:
            return self._refuse("There is no finished trick waiting.")
        self._news = []
        self._shown = None
        return self._finish()

    def next_hand(self) -> str:
        """Deal the next hand after the score screen."""
        match = self._match
        if match is None or self._screen() != "hand_over":
            return self._refuse(self._wrong_screen())
        match.next_hand()
        self.selected = []
        direction = match.hand.pass_direction
        if direction is PassDirection.HOLD:
            opening = f"Hand {match.hand_number}: no passing this time."
        else:
            receiver = seat_name(direction.receiver(LEARNER))
            opening = (f"Hand {match.hand_number}: choose {CARDS_IN_PASS} cards "
                       f"to pass {direction.value}, to {receiver}.")
        self._news = [(opening, False)]
        return self._finish()

    def new_match(self, seed: int | None = None) -> str:
        """Start a new match with a new seed (or ``seed``), keeping the settings."""
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            return self._refuse(f"A match seed is a whole number, not {seed!r}.")
        rules = self._match.rules if self._match is not None else self._rules
        return self._start(Match.new(seed if seed is not None else _new_seed(), rules), "A new match begins.")

    def replay(self) -> str:
        """Start this match again from its first deal (same seed; the computers may choose differently)."""
        if self._match is None:
            return self._refuse("There is no match to replay yet.")
        return self._start(Match.new(self._match.seed, self._match.rules), "The same deals again, from hand 1.")

    def resume(self) -> str:
        """Continue the saved match that was offered on opening, with its settings."""
        if self._offered is None:
            return self._refuse("There is no saved match to resume.")
        saved, self._offered = self._offered, None
        self._apply_settings(saved.settings)
        match = saved.match
        welcome = f"Welcome back: hand {match.hand_number}, trick {min(len(match.hand.tricks) + 1, TRICKS_PER_HAND)}."
        hand = match.hand
        # A finished trick that was waiting on the table when the learner left waits again.
        waiting = saved.display.get("trick_on_table") and hand.tricks and not hand.current_trick
        shown = hand.tricks[-1] if waiting else None
        return self._start(match, welcome, shown=shown)

    def hint(self) -> str:
        """Show the coach's advice once (or, while passing, what a sound player would pass)."""
        match = self._match
        screen = self._screen()
        if match is None:
            return self._refuse("Choose Resume match or New match first.")
        if screen == "passing":
            view = match.view(LEARNER)
            suggestion = make_bot("normal", seed=0).choose_pass(view)
            return self._say(f"Hint: a careful player would pass {_list(suggestion)} from this hand.", "hint")
        report = self._coach_report(force=True)
        if report is None:
            return self._refuse("Hints are for your turn to play.")
        return self._say(f"Hint: {report.advice}", "hint")

    def set_option(self, name: str, value: Any) -> str:
        """Change one setting (speed, one_tap, levels, ...); a bad name or value changes nothing."""
        if name not in SETTINGS:
            return self._refuse(f"There is no setting called {name!r}.")
        try:
            setattr(self, name, value)
        except traitlets.TraitError:
            return self._refuse(f"{value!r} is not a possible value for {name}.")
        return f"{name} is now {getattr(self, name)!r}."

    def dismiss_notice(self) -> str:
        """Hide the storage notice (a corrupt save moved aside, a failed write)."""
        self.notice = ""
        return self.message

    # ----------------------------------------------------------------- the flow

    def _start(self, match: Match, opening: str, *, shown: Trick | None = None) -> str:
        self._match = match
        self._offered = None
        self._shown = shown
        self._recorded = match.is_over  # a finished match handed in was counted elsewhere
        self._coach_cache = None
        self.selected = []
        self._news = [(opening, False)]
        if match.hand.phase is Phase.PASSING:
            self._news.append((self._pass_progress(), False))
        return self._finish()

    def _finish(self) -> str:
        """End an action: computers move if instant, save, redraw, and say what happened."""
        if self.speed == "instant":
            self._run(until_learner=True)
        self._save()
        instant = self.speed == "instant"
        parts = [text for text, minor in self._news if not (minor and instant)]
        screen, pending = self._screen(), self._pending()
        match = self._match
        assert match is not None
        if screen == "hand_over":
            parts.append(f"Hand {match.hand_number} is over.")
            parts.append(moon_sentence(match))
            parts.append("Press Next hand to deal again.")
        elif screen == "match_over":
            parts.append(moon_sentence(match))
            parts.append(result_sentence(match)[1])
        elif pending == "next_trick":
            parts.append("Press Next trick to go on.")
        elif screen == "playing" and pending == "learner":
            parts.append("Your turn to lead." if not match.hand.current_trick else "Your turn.")
        elif not parts and match.to_move is not None and match.to_move != LEARNER:  # e.g. after Next trick
            who = seat_name(match.to_move)
            parts.append(f"{who} leads the next trick." if not match.hand.current_trick else f"{who} to play.")
        self._news = []
        with self.hold_sync():  # the new position and its message reach the front end together
            self._refresh()
            return self._say(" ".join(part for part in parts if part))

    def _run(self, *, until_learner: bool) -> None:
        """Play computer cards (and the learner's forced card, if set) until the learner must act.

        With ``until_learner`` false, play at most one card: the front end's pacing.
        """
        match = self._match
        assert match is not None
        while True:
            if self._shown is not None:
                if self.confirm_tricks:
                    return
                self._shown = None
            hand = match.hand
            if hand.phase is not Phase.PLAYING:
                return
            seat = hand.to_move
            assert seat is not None
            if seat == LEARNER:
                forced = self._forced_card()
                if forced is None:
                    return
                self._play(forced, LEARNER, forced=True)
            else:
                self._play(self._bot(seat, "play").choose_play(match.view(seat)), seat)
            if not until_learner:
                return

    def _play(self, card: Card, seat: int, *, forced: bool = False) -> None:
        """Play one card through the engine and note what happened."""
        match = self._match
        assert match is not None
        trick = match.play(card, seat=seat)
        if forced:
            self._news.append((f"{card} was your only legal card, so it was played for you.", False))
        else:
            self._news.append((f"{seat_name(seat)} played {card}.", seat != LEARNER))
        if trick is not None:
            self._shown = trick
            self.selected = []
            taker = "You took" if trick.winner == LEARNER else f"{seat_name(trick.winner)} took"
            best = trick.played_by(trick.winner)
            self._news.append((f"{taker} the trick with {best} ({_points(trick.points)}).", False))
        if match.is_over and not self._recorded:
            self._record_statistics()

    def _forced_card(self) -> Card | None:
        """The learner's only legal card, when ``auto_play_forced`` is on and there is just one."""
        match = self._match
        if match is None or not self.auto_play_forced or match.to_move != LEARNER:
            return None
        legal = match.legal_plays()
        return legal[0] if len(legal) == 1 else None

    def _bot(self, seat: int, purpose: str) -> Bot:
        """A computer player for one decision, seeded from the match and the position."""
        match = self._match
        assert match is not None
        level = self.levels[seat - 1]
        seed = _derived_seed(match.seed, match.hand_number, len(match.hand.plays), seat, purpose)
        return make_bot(level, seed, time_budget=HARD_TIME_BUDGET if level == "hard" else None)

    # ------------------------------------------------------------- where we are

    def _screen(self) -> str:
        match = self._match
        if match is None:
            return "offer" if self._offered is not None else ""
        phase = match.hand.phase
        if phase is Phase.PASSING:
            return "passing"
        if phase is Phase.PLAYING or self._shown is not None:
            return "playing"
        return "match_over" if match.is_over else "hand_over"

    def _pending(self) -> str:
        """What the table waits for: the computers ("advance"), "next_trick", or the "learner"."""
        match = self._match
        if match is None or self._screen() != "playing":
            return "learner"
        if self._shown is not None:
            return "next_trick" if self.confirm_tricks else "advance"
        if match.to_move != LEARNER or self._forced_card() is not None:
            return "advance"
        return "learner"

    def _wrong_screen(self) -> str:
        screen = self._screen()
        if screen == "hand_over":
            return "This hand is over: press Next hand."
        if screen == "match_over":
            return "The match is over: choose New match or Replay."
        if screen == "offer":
            return "Choose Resume match or New match first."
        if screen == "passing":
            return f"First choose {CARDS_IN_PASS} cards to pass."
        return "Wait for your turn."

    def _pass_progress(self) -> str:
        match = self._match
        assert match is not None
        chosen = len(self.selected)
        receiver = seat_name(match.hand.pass_direction.receiver(LEARNER))
        if chosen == CARDS_IN_PASS:
            return f"Ready: press Pass 3 cards to give {_list(self.selected)} to {receiver}."
        if chosen == 0:
            return f"Tap {CARDS_IN_PASS} cards to pass to {receiver}."
        more = CARDS_IN_PASS - chosen
        return f"Chosen to pass: {_list(self.selected)}. Choose {more} more."

    # ---------------------------------------------------------------- messages

    def _note_action(self) -> None:
        """Every learner action ends by speaking or redrawing; from then on this page owns its match."""
        if not self._building:
            self._acted = True

    def _say(self, text: str, tone: str = "info") -> str:
        self._note_action()
        self.refused = ""
        self.tone = tone
        self.message = text
        return text

    def _refuse(self, text: str, card: Card | None = None) -> str:
        """Explain why nothing happened; the match, the save and the selection stay as they were."""
        self._note_action()
        self.refused = str(card) if card is not None else ""
        self.tone = "illegal"
        self.message = text
        return text

    # ------------------------------------------------------------------ drawing

    def _refresh(self) -> None:
        """Recompute every display trait from the match, in one batch for the front end."""
        self._note_action()
        with self.hold_sync():
            self.step += 1
            self.screen = self._screen()
            self.pending = self._pending()
            self.offer = self._offer_payload()
            match = self._match
            if match is None:
                self.header, self.seats, self.hand, self.table = {}, [], [], []
                self.last_trick, self.scores, self.result, self.coach = {}, {}, {}, {}
                self.trick_done = False
                return
            view = match.view(LEARNER)
            report = self._coach_report()
            self.header = self._header(match, view)
            self.seats = self._seats(match, view)
            self.hand = self._hand(view, report)
            self.table = self._table(view)
            self.trick_done = self._shown is not None
            self.last_trick = self._trick_payload(view.tricks[-1]) if view.tricks else {}
            self.scores = self._scores(match)
            self.result = self._result(match)
            self.coach = self._coach_payload(view, report) if report is not None and self.show_coach else {}

    def _header(self, match: Match, view: SeatView) -> dict[str, Any]:
        direction = match.hand.pass_direction
        return {
            "hand_number": match.hand_number,
            "pass_direction": direction.value,
            "pass_text": _PASS_TEXT[direction],
            "pass_to": "" if direction is PassDirection.HOLD else seat_name(direction.receiver(LEARNER)),
            # A finished trick still on the table is the one the header counts.
            "trick_number": min(len(view.tricks) + (self._shown is None), TRICKS_PER_HAND),
            "hearts_broken": view.hearts_broken,
            "queen_played": any(card is QUEEN_OF_SPADES for _, card in view.plays),
            "seed": match.seed,
            "target": match.rules.target,
        }

    def _seats(self, match: Match, view: SeatView) -> list[dict[str, Any]]:
        before = match.totals_before_hand
        # Once the hand is over, "this hand" is its score (the moon rule applied), as on the score screen.
        this_hand = match.hand.scores if match.hand.is_over else view.points_taken
        waiting = self.pending == "advance" and self._shown is None
        return [
            {
                "seat": seat,
                "name": seat_name(seat),
                "cards_left": view.cards_left(seat),
                "total": before[seat],
                "this_hand": this_hand[seat],
                "to_move": view.to_move == seat and self._shown is None and (waiting or seat == LEARNER),
                "level": self.levels[seat - 1] if seat != LEARNER else "",
            }
            for seat in range(4)
        ]

    def _hand(self, view: SeatView, report: CoachReport | None) -> list[dict[str, Any]]:
        playing = self.screen == "playing" and self.pending == "learner"
        legal = set(view.legal_plays()) if playing else None
        received = set(view.received or ()) if view.first_trick else set()
        danger = (
            {outlook.card for outlook in report.outlooks if outlook.dangerous}
            if report is not None and self.show_danger else set()
        )
        return cards_data(
            view.hand,
            legal=lambda card: None if legal is None else card in legal,
            received=lambda card: card in received,
            danger=lambda card: card in danger,
        )

    def _table(self, view: SeatView) -> list[dict[str, Any]]:
        if self._shown is not None:
            return self._trick_payload(self._shown)["cards"]  # type: ignore[no-any-return]
        leader = view.trick_leader
        if leader is None:
            return []
        return [
            {"seat": (leader + offset) % 4, "name": seat_name((leader + offset) % 4), "card": card_data(card),
             "winner": False}
            for offset, card in enumerate(view.current_trick)
        ]

    @staticmethod
    def _trick_payload(trick: Trick) -> dict[str, Any]:
        return {
            "cards": [
                {"seat": seat, "name": seat_name(seat), "card": card_data(card), "winner": seat == trick.winner}
                for seat, card in zip(trick.seats, trick.cards, strict=True)
            ],
            "winner": seat_name(trick.winner),
            "points": trick.points,
            "text": f"{seat_name(trick.winner)} took it with {trick.played_by(trick.winner)} "
                    f"({_points(trick.points)}).",
        }

    def _scores(self, match: Match) -> dict[str, Any]:
        if not match.hand.is_over:
            return {}
        before, this_hand, totals = match.totals_before_hand, match.hand.scores, match.totals
        winners = match.winners or ()
        return {
            "hand_number": match.hand_number,
            "rows": [
                {"seat": seat, "name": seat_name(seat), "before": before[seat], "hand": this_hand[seat],
                 "total": totals[seat], "winner": seat in winners}
                for seat in range(4)
            ],
            "moon": moon_sentence(match),
        }

    @staticmethod
    def _result(match: Match) -> dict[str, Any]:
        if not match.is_over:
            return {}
        outcome, text = result_sentence(match)
        return {"outcome": outcome, "text": text, "winners": [seat_name(seat) for seat in match.winners or ()]}

    def _offer_payload(self) -> dict[str, Any]:
        if self._offered is None or self._match is not None:
            return {}
        match = self._offered.match
        totals = match.totals_before_hand
        return {
            "hand_number": match.hand_number,
            "trick_number": min(len(match.hand.tricks) + 1, TRICKS_PER_HAND),
            "totals": [{"name": seat_name(seat), "total": totals[seat]} for seat in range(4)],
            "saved_at": self._offered.saved_at,
        }

    # -------------------------------------------------------------------- coach

    def _coach_report(self, *, force: bool = False) -> CoachReport | None:
        """The coach's report on the learner's turn, when something shows it (cached per position)."""
        match = self._match
        if match is None or self._pending() != "learner" or self._screen() != "playing":
            return None
        if not (force or self.show_danger or self.show_coach):
            return None
        key = (match.seed, match.hand_number, len(match.hand.plays))
        if self._coach_cache is None or self._coach_cache[0] != key:
            self._coach_cache = (key, analyse(match.view(LEARNER)))
        return self._coach_cache[1]

    @staticmethod
    def _coach_payload(view: SeatView, report: CoachReport) -> dict[str, Any]:
        reading = report.reading
        # Only seats that have shown a void are listed: "none yet" three times is noise.
        voids = [
            {"name": seat_name(seat), "suits": [suit.symbol for suit in suits],
             "text": f"{seat_name(seat)} has run out of {_list([suit.plural for suit in suits])}."}
            for seat, suits in sorted(reading.voids.items()) if suits
        ]
        if reading.queen_played:
            queen = "♠Q has been played."
        elif LEARNER in reading.queen_of_spades:
            queen = "♠Q is in your hand."
        else:
            queen = f"♠Q may be with {_list([seat_name(seat) for seat in reading.queen_of_spades])}."
        return {
            "unseen": len(reading.unseen),
            "voids": voids,
            "queen": queen,
            "outlooks": [
                {"card": card_data(item.card), "win": round(item.win_chance, 3),
                 "points": round(item.expected_points, 2), "dangerous": item.dangerous}
                for item in report.outlooks
            ],
            "advice": report.advice,
            "exact": report.exact,
        }

    # --------------------------------------------------------- settings & storage

    def _settings(self) -> dict[str, Any]:
        return {name: (list(value) if isinstance(value := getattr(self, name), list) else value) for name in SETTINGS}

    def _apply_settings(self, saved: dict[str, Any]) -> None:
        """Restore saved settings; one that no longer fits keeps its current value."""
        for name in SETTINGS:
            if name in saved:
                try:
                    setattr(self, name, saved[name])
                except traitlets.TraitError:
                    log.warning("ignoring saved setting %s=%r", name, saved[name])

    def _setting_changed(self, change: dict[str, Any]) -> None:
        if self._match is None:
            return
        try:
            self._save()
            self._refresh()
        except Exception as problem:  # surfaced, not swallowed: observers have no caller to tell
            log.exception("applying setting %s failed", change["name"])
            self.error = f"Something went wrong: {problem}"

    @traitlets.validate("levels")
    def _valid_levels(self, proposal: dict[str, Any]) -> list[str]:
        value = list(proposal["value"])
        if len(value) != len(COMPUTERS) or any(level not in LEVELS for level in value):
            raise traitlets.TraitError(f"levels must be three of {', '.join(LEVELS)}, not {value!r}")
        return value

    def _save(self) -> None:
        if self._match is None or self._building:
            return
        try:
            self._store.save(self._match, self._settings(), {"trick_on_table": self._shown is not None})
        except OSError as problem:
            log.exception("saving the match failed")
            self.notice = f"Your match could not be saved ({problem}). You can keep playing."

    def _read_save(self) -> SavedMatch | None:
        try:
            return self._store.load()
        except CorruptFileError as problem:
            kept = self._set_aside(self._store.save_path)
            self.notice = (f"Your saved match could not be read ({problem}), so a new match has started. "
                           f"The old file was kept as {kept}.")
            return None
        except OSError as problem:
            self.notice = f"Your saved match could not be opened ({problem}), so a new match has started."
            return None

    def _read_statistics(self) -> Statistics:
        try:
            return self._store.statistics()
        except CorruptFileError as problem:
            self._statistics_unreadable(problem)
        except OSError as problem:
            self.notice = f"Your statistics could not be opened ({problem})."
        return Statistics()

    def _statistics_unreadable(self, problem: CorruptFileError) -> None:
        kept = self._set_aside(self._store.stats_path)
        self.notice = (f"Your statistics could not be read ({problem}); they start again. "
                       f"The old file was kept as {kept}.")

    def _set_aside(self, path: Path) -> str:
        try:
            return self._store.set_aside(path).name
        except OSError as problem:  # the file stays where it is; we simply do not use it
            log.exception("could not move %s aside", path)
            return f"{path.name} (it could not be moved: {problem})"

    def _record_statistics(self) -> None:
        match = self._match
        assert match is not None
        self._recorded = True
        try:
            stats = self._store.record(match)
        except CorruptFileError as problem:
            self._statistics_unreadable(problem)
            stats = self._store.record(match)
        except OSError as problem:
            self.notice = f"Your statistics could not be saved ({problem})."
            return
        self.statistics = self._stats_payload(stats)

    @staticmethod
    def _stats_payload(stats: Statistics) -> dict[str, Any]:
        average = stats.average_points
        return {
            "played": stats.played, "won": stats.won, "drawn": stats.drawn, "lost": stats.lost,
            "hands": stats.hands, "average": None if average is None else round(average, 1),
        }


def _has_progress(match: Match) -> bool:
    """Whether the learner has done anything in ``match``; an untouched deal is not worth offering."""
    return match.hand_number > 1 or bool(match.hand.plays) or match.hand.passed(LEARNER) is not None


def _new_seed() -> int:
    """A fresh match seed, small enough to read out and type back in."""
    return secrets.randbelow(1_000_000)
