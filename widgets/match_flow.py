"""The match page's controller: it runs the match, the computers, the pacing and the resume.

Design choices:

* No traitlets here.  :class:`MatchFlow` holds the page's state (the match, a saved match
  on offer, a finished trick still on the table, the cards chosen, the message) and the
  widget (:mod:`widgets.match`) copies it into traits after every action, through the
  payload builders of :mod:`widgets.match_payloads`.  So the flow can be driven, and
  tested, without a front end.
* Python is the referee and the clock's owner.  Every rule decision comes from
  :mod:`hearts_core`.  Computer cards are played one at a time by :meth:`MatchFlow.advance`:
  while :attr:`MatchFlow.pending` is :attr:`Pending.ADVANCE` the front end waits for the
  chosen speed and calls again quoting the :attr:`~MatchFlow.step` it saw, so a stale or
  duplicated timer (two views of one widget) can never play an extra card.  At speed
  ``"instant"`` every computer card is played at once after each action.
* Computer players see only ``match.view(seat)``.  A fresh bot is made for every decision
  with a seed derived from the match seed and the position, so a seeded match replays
  identically, even after it was saved and resumed.
* Each action ends the same way (:meth:`MatchFlow._finish`): computers move if instant,
  the match is saved, the display is redrawn (:attr:`~MatchFlow.step` goes up), and
  :attr:`~MatchFlow.message` says what happened in plain words.  A refused action only
  sets the message: the match, the save and the selection are untouched, nothing is redrawn.
* Screens and pending steps are enums (:class:`Screen`, :class:`Pending`) whose values are
  the strings the front end reads.
* The coach runs only when something shows it (``show_danger``, ``show_coach`` or a hint)
  and only on the learner's turn; its report is cached per position.
* Two pages on one save (:mod:`hearts_learner.match_saves`): before each action the flow asks
  whether another page has written the save since this one did; if so it refuses, says
  so, and :meth:`MatchFlow.reload` carries on from the newer save.  Every match has an
  id (kept in the save, so every page playing it agrees) and the statistics count an id
  once.
* Habits are kept: the settings are remembered between matches (``settings.json``), and
  every finished match goes into the history (``history.json``) as well as the statistics.
* The coach's recommendation and the review of a finished hand are the engine's own
  answers, asked for and kept by :class:`~widgets.match_advice.LearnerAdvice` (which
  reviews each hand in the background as it ends); the flow decides only when they show.
* A newcomer's first match is dealt from :data:`FIRST_MATCH_SEED`: every newcomer meets the
  same first hand (one the coach can teach from), so the page can show it before Python
  has run (its first view, ``tools/first_views.py``).  A newcomer is a learner with nothing
  saved that would change the opening: no match in progress, no finished match, no options
  chosen.  :attr:`MatchFlow.opens_as_newcomer` says whether the next opening would still be
  a newcomer's (the page keeps that where it can read it before the first paint).
* Building the flow never writes the save: Voilà may build the widget in a preheated
  kernel long before a learner arrives, while another page is still playing.  A saved,
  unfinished match with progress is offered instead ("Resume match" / "New match").
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Final

from hearts_core import (
    CARDS_IN_PASS,
    NUM_SEATS,
    TRICKS_PER_HAND,
    ActionReason,
    Card,
    HandState,
    IllegalMove,
    InvalidCardError,
    Match,
    Outcome,
    PassDirection,
    Phase,
    Reason,
    Rules,
    Trick,
    seat_name,
)
from hearts_core.bots import Bot, make_bot
from hearts_core.cards import to_card
from hearts_core.coach import CoachReport, Recommendation
from hearts_core.review import Mistake
from hearts_core.rules import MOON_POINTS, TieRule
from hearts_core.wording import LEARNER_SEAT, about_points, and_list, marked, points_phrase, say, say_n
from hearts_learner.history import FinishedMatch
from hearts_learner.match_saves import STALE, MatchSaves
from hearts_learner.match_store import SavedMatch
from hearts_learner.puzzle_store import PuzzleStore
from hearts_learner.statistics import Statistics
from widgets.match_advice import LearnerAdvice
from widgets.phrases import sentences

__all__ = [
    "COMPUTERS",
    "HARD_TIME_BUDGET",
    "LEARNER_SEAT",
    "OPPONENT_LEVELS",
    "SETTINGS",
    "SPEEDS",
    "MatchFlow",
    "Pending",
    "Screen",
    "Settings",
    "Tone",
    "moon_sentence",
    "result_sentence",
    "trick_number",
]

log = logging.getLogger("hearts_lessons.widgets.match")

COMPUTERS: Final = tuple(range(1, NUM_SEATS))
SPEEDS: Final = ("instant", "normal", "slow")
OPPONENT_LEVELS: Final = ("easy", "normal", "hard")
"""The levels a computer opponent may play at in a match: hearts_core.LEVELS but random play."""
TIE_RULES: Final = ("share", "play_on")
HARD_TIME_BUDGET: Final = 0.3
"""Seconds of reference-machine effort per hard decision: strong, yet the table keeps moving."""
SETTINGS: Final = (
    "speed", "one_tap", "auto_play_forced", "confirm_tricks", "levels", "show_danger", "show_coach", "four_colour",
    "tie_rule",
)
"""The settings saved with the match, remembered between matches and changeable from the front end's options.

``tie_rule`` applies from the next new match: a match keeps the rules it started with."""


class Screen(StrEnum):
    """What the page shows; the value is what the front end reads."""

    NONE = ""
    OFFER = "offer"
    PASSING = "passing"
    PLAYING = "playing"
    HAND_OVER = "hand_over"
    MATCH_OVER = "match_over"


class Pending(StrEnum):
    """What the table waits for."""

    LEARNER = "learner"
    ADVANCE = "advance"
    """The computers: the front end calls :meth:`MatchFlow.advance` after its delay."""
    NEXT_TRICK = "next_trick"
    """The learner's "Next trick" (with ``confirm_tricks``)."""


class Tone(StrEnum):
    """How the message is shown."""

    INFO = "info"
    ILLEGAL = "illegal"
    HINT = "hint"


@dataclass(frozen=True, slots=True)
class Settings:
    """The learner's choices, as the widget's traits hold them (already validated there)."""

    speed: str = "normal"
    one_tap: bool = False
    auto_play_forced: bool = False
    confirm_tricks: bool = False
    levels: tuple[str, ...] = ("normal",) * len(COMPUTERS)
    show_danger: bool = False
    show_coach: bool = False
    four_colour: bool = False
    tie_rule: str = "share"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form saved with the match (the keys of :data:`SETTINGS`)."""
        return {name: (list(value) if isinstance(value := getattr(self, name), tuple) else value)
                for name in SETTINGS}


@dataclass(slots=True)
class _News:
    """What the current action has said so far: (sentence, minor) pairs; minor ones are dropped when instant."""

    items: list[tuple[str, bool]] = field(default_factory=list)

    def say(self, text: str, minor: bool = False) -> None:
        self.items.append((text, minor))


def _derived_seed(*parts: object) -> int:
    """A stable 64-bit seed from the match seed and the position (not Python's salted ``hash``)."""
    digest = hashlib.sha256(" ".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big")


FIRST_MATCH_SEED: Final = 14
"""The deal of a newcomer's first match.  Its hand holds ♠Q with only two spades below it, and the
coach's advice says why to pass it: the first thing lesson 12 teaches about passing."""


def new_seed() -> int:
    """A fresh match seed, small enough to read out and type back in."""
    return secrets.randbelow(1_000_000)


def trick_number(hand: HandState, trick_on_table: bool) -> int:
    """The trick the page talks about: a finished trick still on the table is the one counted."""
    return min(len(hand.tricks) + (not trick_on_table), TRICKS_PER_HAND)


def saved_trick_number(saved: SavedMatch) -> int:
    """:func:`trick_number` for a save, with the trick it says was still on the table."""
    hand = saved.match.hand
    waiting = bool(saved.display.get("trick_on_table") and hand.tricks and not hand.current_trick)
    return trick_number(hand, waiting)


def saved_place(saved: SavedMatch) -> str:
    """Where a saved match stands, as the page says it: "hand 2, trick 5"."""
    return say("hand {hand}, trick {trick}", hand=saved.match.hand_number, trick=saved_trick_number(saved))


SELECTED: Final = marked("{card} selected: press Play (or Enter) to play it, or tap it again (or press Escape) to "
                         "put it back.")
"""What the learner hears on choosing a card to play."""
TOOK: Final = marked("{seat} took the trick with {card}: {points}.")
YOU_TOOK: Final = marked("You took the trick with {card}: {points}.")
"""A finished trick in words: one whole pattern, the points phrase right for 0, 1 and more."""


def taken_sentence(trick: Trick) -> str:
    """Who took a finished trick, with which card and for how many points.

    >>> cards = tuple(to_card(text) for text in ("♣2", "♣A", "♥3", "♣4"))
    >>> taken_sentence(Trick(0, cards, 1, 1)), taken_sentence(Trick(3, cards, 0, 14))
    ('CPU1 took the trick with ♣A: 1 point.', 'You took the trick with ♣A: 14 points.')
    """
    return say(YOU_TOOK if trick.winner == LEARNER_SEAT else TOOK, seat=seat_name(trick.winner),
               card=trick.played_by(trick.winner), points=points_phrase(trick.points))


def has_progress(match: Match) -> bool:
    """Whether the learner has done anything in ``match``; an untouched deal is not worth offering."""
    return match.hand_number > 1 or bool(match.hand.plays) or match.hand.passed(LEARNER_SEAT) is not None


def moon_sentence(match: Match) -> str:
    """The announcement for a moon shot in the current (finished) hand, or ``""``."""
    shooter = match.hand.moon_shooter
    if shooter is None:
        return ""
    values = {"seat": seat_name(shooter), "points": MOON_POINTS}
    if match.rules.moon_subtracts:
        if shooter == LEARNER_SEAT:
            return say("You shot the moon: {points} come off your total.", **values)
        return say("{seat} shot the moon: {points} come off their total.", **values)
    if shooter == LEARNER_SEAT:
        return say("You shot the moon: everyone else takes {points}.", **values)
    return say("{seat} shot the moon: everyone else takes {points}.", **values)


def result_sentence(match: Match) -> tuple[Outcome, str]:
    """How a finished match went for the learner, and the sentence that tells them."""
    outcome = match.outcome(LEARNER_SEAT)
    winners = match.winners
    if outcome is None or winners is None:
        raise ValueError(f"only a finished match has a result, not {match!r}")
    totals = match.totals
    best = totals[winners[0]]
    if outcome is Outcome.WON:
        return outcome, say("You win the match with {best} points!", best=best)
    if outcome is Outcome.DRAWN:
        others = and_list(seat_name(seat) for seat in winners if seat != LEARNER_SEAT)
        return outcome, say("A draw: you share the lowest total, {best}, with {others}.", best=best, others=others)
    names = [seat_name(seat) for seat in winners]
    values = {"seat": names[0], "seats": and_list(names), "best": best, "total": totals[LEARNER_SEAT]}
    if len(names) == 1:
        return outcome, say("{seat} wins with {best} points. You finished with {total}.", **values)
    return outcome, say("{seats} share the win with {best} points. You finished with {total}.", **values)


class MatchFlow:
    """A match against CPU1..CPU3 as one page plays it: actions in, state and a sentence out.

    Every action returns the sentence it leaves in :attr:`message`.  :attr:`step` goes up
    each time the display must be redrawn.
    """

    def __init__(self, saves: MatchSaves, settings: Settings, *, seed: int | None = None,
                 rules: Rules | None = None,
                 restore_settings: Callable[[dict[str, Any]], Settings] | None = None,
                 settings_chosen: bool = False) -> None:
        """``restore_settings`` turns settings read from a save into the settings to play with
        (the widget validates them as traits); by default saved settings are ignored.
        ``settings_chosen`` says the learner has options remembered from an earlier match (the
        widget has read them to start from): no newcomer then."""
        self.saves = saves
        self.settings = settings
        self._restore_settings = restore_settings or (lambda _saved: self.settings)
        self.match_id = ""
        """Which match this is, the same in every page that plays it (kept in the save)."""
        self.match: Match | None = None
        self.offered: SavedMatch | None = None
        self.shown: Trick | None = None
        """A finished trick still on the table."""
        self.selected: list[str] = []
        self.statistics = Statistics()
        self.message = ""
        self.tone = Tone.INFO
        self.refused = ""
        self.refused_rule: Reason | ActionReason | None = None
        """The rule the last refusal applied, when it was a rule of play (the page links to it)."""
        self.step = 0
        self._seed = seed
        self._rules = rules
        self.history: tuple[FinishedMatch, ...] = ()
        """The finished matches kept, newest first."""
        self.reviewing: int | None = None
        """The hand whose review is open on the score screen."""
        self.advice = LearnerAdvice(puzzles=PuzzleStore(saves.store.directory))
        """The coach's advice and the hand reviews (its ``reviewer`` is replaceable in tests); the costly plays
        it finds go to the learner's puzzle progress, in the match's own data folder."""
        self._recorded = False  # this match already counted in the statistics
        self._news = _News()
        self._building = False
        self._as_saved: tuple[object, ...] | None = None  # the position just read from the save
        self.acted = False
        """The learner has done something on this page: from then on its match is the one being played."""
        self._newcomer_deal = False  # this page opened a newcomer's first match
        # Read once, by the widget: on the static site every file read is a round trip to the browser's storage.
        self._settings_chosen = settings_chosen

    @property
    def notice(self) -> str:
        """A sentence about the save or the statistics ("" when all is well)."""
        return self.saves.notice

    @property
    def stale(self) -> bool:
        """Another page has continued this match: this one refuses to play until :meth:`reload`."""
        return self.saves.stale

    def _stale(self) -> str | None:
        """The refusal when another page has written the save since this one did, else ``None``."""
        return None if self.saves.still_current() else self.refuse(say(STALE))

    # ------------------------------------------------------------------ opening

    @contextmanager
    def building(self) -> Iterator[None]:
        """While the page is being built (or re-read on opening): nothing is written, nothing counts as acting."""
        self._building = True
        try:
            yield
        finally:
            self._building = False

    def open(self, match: Match | None = None) -> str:
        """Start with ``match`` (it replaces any save), or offer the saved match, or start a new one."""
        with self.building():
            if match is not None:
                self.saves.adopt_current()  # a match handed in replaces whatever is saved
                return self._start(match, say("Let's play."))
            return self._open_saved_or_new()

    def _open_saved_or_new(self) -> str:
        self.statistics = self.saves.read_statistics()
        self.history = self.saves.read_history()
        saved = self.saves.read_save()
        if saved is not None and not saved.match.is_over and has_progress(saved.match):
            self.match = None
            self.offered = saved
            self._newcomer_deal = False
            self.message = say("You have a match in progress. Resume it, or start a new one?")
            self._redraw()
        elif self.match is None or self.offered is not None:
            newcomer = self._seed is None and self._rules is None and self.opens_as_newcomer
            seed = self._seed if self._seed is not None else FIRST_MATCH_SEED if newcomer else new_seed()
            self._start(Match.new(seed, self._rules or self._new_rules()), say("A new match begins."))
            self._newcomer_deal = newcomer
        return self.message

    @property
    def opens_as_newcomer(self) -> bool:
        """Whether the learner's next opening of the page would be a newcomer's first match, as things stand.

        Nothing that would change the opening may be saved: a match in progress (offered on
        opening), a finished match (statistics and history), options chosen, or a problem to report.
        """
        match = self.match
        in_progress = self.offered is not None or (match is not None and not match.is_over and has_progress(match))
        return not (in_progress or self.statistics.played or self.history or self._settings_chosen or self.notice)

    @property
    def shows_newcomer_opening(self) -> bool:
        """The page shows a newcomer's first match as it opened, before the learner has done anything."""
        return self._newcomer_deal and not self.acted

    def page_opened(self) -> str:
        """The page was opened: pick up what was saved since it was built, unless the learner acted here."""
        if not self.acted:
            with self.building():
                self._open_saved_or_new()
        return self.message

    def _new_rules(self, base: Rules | None = None) -> Rules:
        """The rules of a new match: ``base`` (or the table rules) with the learner's tie rule."""
        rules = base or Rules()
        tie_rule: TieRule = "play_on" if self.settings.tie_rule == "play_on" else "share"
        return rules if rules.tie_rule == tie_rule else replace(rules, tie_rule=tie_rule)

    def change_settings(self, settings: Settings) -> None:
        """The learner changed an option: remember it for next time, save it with the match and redraw."""
        self.settings = settings
        self.saves.remember_settings(settings.to_dict())
        self._settings_chosen = True
        if self.match is None:
            return
        self._save()
        self._redraw()

    # ------------------------------------------------------------ learner's actions

    def choose(self, card: Card | str) -> str:
        """The learner taps ``card``: toggle it while passing; select (or play) it on their turn."""
        match = self.match
        if match is None:
            return self.refuse(say("Choose Resume match or New match first."))
        if (stale := self._stale()) is not None:
            return stale
        try:
            chosen = to_card(card)
        except InvalidCardError as problem:
            return self.refuse(str(problem))
        screen = self.screen
        if screen is Screen.PASSING:
            return self.toggle_pass(chosen)
        if screen is not Screen.PLAYING:
            return self.refuse(self._wrong_screen())
        if self.shown is not None and self.settings.confirm_tricks:
            return self.refuse(say("The finished trick is still on the table: press Next trick first."))
        verdict = match.explain(chosen, seat=LEARNER_SEAT)
        if not verdict.legal:
            return self.refuse(verdict.message, chosen, verdict.reason)
        if self.settings.one_tap:
            self.selected = [str(chosen)]
            return self.play_selected()
        if self.selected == [str(chosen)]:  # a second tap puts it back: playing takes the Play button
            return self.deselect()
        self.selected = [str(chosen)]
        return self._say(say(SELECTED, card=chosen))

    def deselect(self) -> str:
        """Put the selected card back in the hand without playing it (a second tap, or Escape)."""
        if self.screen is not Screen.PLAYING or not self.selected:
            return self.message
        card = self.selected[0]
        self.selected = []
        return self._say(say("{card} put back: nothing was played.", card=card))

    def play_selected(self) -> str:
        """Play the selected card (the "Play" button)."""
        match = self.match
        if match is None or self.screen is not Screen.PLAYING:
            return self.refuse(self._wrong_screen())
        if self.shown is not None and self.settings.confirm_tricks:
            return self.refuse(say("The finished trick is still on the table: press Next trick first."))
        if not self.selected:
            return self.refuse(say("Choose a card first: tap it, then press Play."))
        if (stale := self._stale()) is not None:
            return stale
        verdict = match.explain(self.selected[0], seat=LEARNER_SEAT)
        if not verdict.legal:
            return self.refuse(verdict.message, verdict.card, verdict.reason)
        self._news = _News()
        self.shown = None  # playing on moves past a finished trick still on show
        self._play(verdict.card or to_card(self.selected[0]), LEARNER_SEAT)
        return self._finish()

    def toggle_pass(self, card: Card | str) -> str:
        """Add ``card`` to the cards to pass, or take it back out."""
        match = self.match
        if match is None or self.screen is not Screen.PASSING:
            return self.refuse(say("There is nothing to pass now."))
        try:
            chosen = to_card(card)
        except InvalidCardError as problem:
            return self.refuse(str(problem))
        if chosen not in match.hand.hand(LEARNER_SEAT):
            return self.refuse(say("You do not hold {card}.", card=chosen), chosen)
        text = str(chosen)
        if text in self.selected:
            self.selected = [item for item in self.selected if item != text]
        elif len(self.selected) >= CARDS_IN_PASS:
            return self.refuse(say("You have chosen {count} cards already: tap one of them to put it back.",
                                   count=CARDS_IN_PASS))
        else:
            self.selected = [*self.selected, text]
        return self._say(self._pass_progress())

    @property
    def can_pass(self) -> bool:
        """Whether "Pass 3 cards" would pass now."""
        return self.screen is Screen.PASSING and len(self.selected) == CARDS_IN_PASS

    @property
    def can_play(self) -> bool:
        """Whether "Play" would play now (a card is selected on the learner's turn)."""
        return self.screen is Screen.PLAYING and self.pending is Pending.LEARNER and len(self.selected) == 1

    def confirm_pass(self) -> str:
        """Pass the chosen cards (the "Pass 3 cards" button); the computers pass too."""
        match = self.match
        if match is None or self.screen is not Screen.PASSING:
            return self.refuse(say("There is nothing to pass now."))
        if len(self.selected) != CARDS_IN_PASS:
            return self.refuse(self._pass_progress())
        if (stale := self._stale()) is not None:
            return stale
        try:
            match.pass_cards(LEARNER_SEAT, self.selected)
        except IllegalMove as refusal:
            return self.refuse(refusal.verdict.message, None, refusal.verdict.reason)
        for seat in COMPUTERS:
            match.pass_cards(seat, self._bot(seat, "pass").choose_pass(match.view(seat)))
        view = match.view(LEARNER_SEAT)
        direction = match.hand.pass_direction
        self.selected = []
        self._news = _News()
        self._news.say(say(
            "You passed {passed} to {receiver} and received {received} from {giver}; they are outlined in gold.",
            passed=and_list(view.passed or ()), receiver=seat_name(direction.receiver(LEARNER_SEAT)),
            received=and_list(view.received or ()), giver=seat_name(direction.passer(LEARNER_SEAT))))
        return self._finish()

    def advance(self, step: int | None = None) -> str:
        """Let the computers move on: one card (or the whole way at speed "instant").

        A call for an older ``step``, or when nothing is waiting on the computers, does nothing.
        """
        if self.match is None or (step is not None and step != self.step) or self.pending is not Pending.ADVANCE:
            return self.message
        if (stale := self._stale()) is not None:
            return stale
        self._news = _News()
        self._run(until_learner=self.settings.speed == "instant")
        return self._finish()

    def next_trick(self) -> str:
        """Clear the finished trick from the table and go on (with ``confirm_tricks``)."""
        if self.match is None or self.shown is None:
            return self.refuse(say("There is no finished trick waiting."))
        if (stale := self._stale()) is not None:
            return stale
        self._news = _News()
        self.shown = None
        return self._finish()

    def next_hand(self) -> str:
        """Deal the next hand after the score screen."""
        match = self.match
        if match is None or self.screen is not Screen.HAND_OVER:
            return self.refuse(self._wrong_screen())
        if (stale := self._stale()) is not None:
            return stale
        match.next_hand()
        self.selected = []
        self.reviewing = None
        direction = match.hand.pass_direction
        if direction is PassDirection.HOLD:
            opening = say("Hand {hand}: no passing this time.", hand=match.hand_number)
        else:
            values = {"hand": match.hand_number, "count": CARDS_IN_PASS,
                      "seat": seat_name(direction.receiver(LEARNER_SEAT))}
            if direction is PassDirection.LEFT:
                opening = say("Hand {hand}: choose {count} cards to pass left, to {seat}.", **values)
            elif direction is PassDirection.RIGHT:
                opening = say("Hand {hand}: choose {count} cards to pass right, to {seat}.", **values)
            else:
                opening = say("Hand {hand}: choose {count} cards to pass across, to {seat}.", **values)
        self._news = _News()
        self._news.say(opening)
        return self._finish()

    def new_match(self, seed: int | None = None) -> str:
        """Start a new match with a new seed (or ``seed``), keeping the settings."""
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            return self.refuse(say("A match seed is a whole number, not {seed}.", seed=repr(seed)))
        if (stale := self._stale()) is not None:
            return stale
        rules = self._new_rules(self.match.rules if self.match is not None else self._rules)
        return self._start(Match.new(seed if seed is not None else new_seed(), rules), say("A new match begins."))

    def replay(self) -> str:
        """Start this match again from its first deal (same seed; the computers may choose differently)."""
        if self.match is None:
            return self.refuse(say("There is no match to replay yet."))
        if (stale := self._stale()) is not None:
            return stale
        return self._start(Match.new(self.match.seed, self.match.rules), say("The same deals again, from hand 1."))

    def resume(self) -> str:
        """Continue the saved match that was offered on opening, with its settings."""
        if self.offered is None:
            return self.refuse(say("There is no saved match to resume."))
        if (stale := self._stale()) is not None:
            return stale
        saved, self.offered = self.offered, None
        return self._continue(saved, say("Welcome back: {place}.", place=saved_place(saved)))

    def reload(self) -> str:
        """Re-read the save (another page has continued the match) and carry on from where it is now."""
        saved = self.saves.read_save()
        if saved is None:
            rules = self._new_rules(self.match.rules if self.match is not None else self._rules)
            return self._start(Match.new(new_seed(), rules),
                               say("There was no saved match to reload: a new match begins."))
        self.offered = None
        return self._continue(saved, say("Reloaded the saved match: {place}.", place=saved_place(saved)))

    def _continue(self, saved: SavedMatch, opening: str) -> str:
        """Play on from a save, with its settings and the same match id."""
        self.settings = self._restore_settings(saved.settings)
        hand = saved.match.hand
        # A finished trick that was waiting on the table when the learner left waits again.
        waiting = saved.display.get("trick_on_table") and hand.tricks and not hand.current_trick
        shown = hand.tricks[-1] if waiting else None
        self._as_saved = self._position(saved.match, shown is not None)
        return self._start(saved.match, opening, shown=shown, match_id=saved.match_id)

    def _position(self, match: Match, trick_on_table: bool) -> tuple[object, ...]:
        """What a save records, in short: equal positions need no new write."""
        return (match.hand_number, match.hand.phase, len(match.hand.plays), trick_on_table, self.settings)

    def hint(self) -> str:
        """Show the coach's advice once (or, while passing, what a sound player would pass)."""
        match = self.match
        if match is None:
            return self.refuse(say("Choose Resume match or New match first."))
        advice = self.recommendation(force=True)
        if advice is None:
            return self.refuse(say("Hints are for your turn to play."))
        if self.screen is Screen.PASSING:
            return self._say(say("Hint: pass {cards}. {reason}", cards=and_list(advice.cards), reason=advice.reason),
                             Tone.HINT)
        return self._say(say("Hint: play {card}. {reason}", card=advice.card, reason=advice.reason), Tone.HINT)

    def recommendation(self, *, force: bool = False) -> Recommendation | None:
        """What the coach would pass or play now, when something shows it (cached per position)."""
        match = self.match
        if match is None or not (force or self.settings.show_coach):
            return None
        passing = self.screen is Screen.PASSING and match.hand.passed(LEARNER_SEAT) is None
        if not passing and (self.screen is not Screen.PLAYING or self.pending is not Pending.LEARNER):
            return None
        return self.advice.recommendation(match)

    # ------------------------------------------------------------------ review

    def review(self) -> str:
        """Open the review of the hand just finished: the learner's plays, each costly one with a better card."""
        match = self.match
        if match is None or self.screen not in (Screen.HAND_OVER, Screen.MATCH_OVER):
            return self.refuse(say("A hand can be reviewed once it is over."))
        items = self.review_of(match.hand_number)
        self.reviewing = match.hand_number
        self._redraw()
        if items is None:
            return self._say(say("This hand could not be reviewed, sorry."))
        if not items:
            return self._say(say("Hand {hand}: the coach's search found no costly mistake in your choices.",
                                 hand=match.hand_number))
        lost = about_points(sum(item.cost for item in items))
        return self._say(say_n("Hand {hand}: {count} costly play, expected to cost you {lost}.",
                               "Hand {hand}: {count} costly plays, expected to cost you {lost} together.", len(items),
                               hand=match.hand_number, lost=lost))

    def close_review(self) -> str:
        """Back from the review to the score screen."""
        if self.reviewing is None:
            return self.message
        self.reviewing = None
        self._redraw()
        return self._say(say("Back to the scores."))

    def review_of(self, hand_number: int) -> tuple[Mistake, ...] | None:
        """The learner's costly plays in finished hand ``hand_number`` (``None`` if the review failed)."""
        assert self.match is not None
        return self.advice.mistakes(self.match_id, self.match, hand_number)

    def kept_of(self, hand_number: int) -> int:
        """How many of those costly plays now wait as puzzles for the learner (0 if none could be kept)."""
        return self.advice.kept(self.match_id, hand_number)

    def dismiss_notice(self) -> str:
        """Hide the storage notice (not the one asking to reload: that one stays until the page reloads)."""
        if not self.saves.stale:
            self.saves.notice = ""
        return self.message

    # ----------------------------------------------------------------- the flow

    def _start(self, match: Match, opening: str, *, shown: Trick | None = None, match_id: str = "") -> str:
        self.match = match
        self.match_id = match_id or secrets.token_hex(8)
        self.offered = None
        self.shown = shown
        self._recorded = match.is_over  # a finished match handed in was counted elsewhere
        self.reviewing = None
        # A resumed match's finished hands are reviewed now, so the match-over summary never waits.
        self.advice.follow(self.match_id, match)
        self.selected = []
        self._news = _News()
        self._news.say(opening)
        if match.hand.phase is Phase.PASSING:
            self._news.say(self._pass_progress())
        return self._finish()

    def _finish(self) -> str:
        """End an action: computers move if instant, save, redraw, and say what happened."""
        instant = self.settings.speed == "instant"
        if instant:
            self._run(until_learner=True)
        self._save()
        parts = [text for text, minor in self._news.items if not (minor and instant)]
        screen, pending = self.screen, self.pending
        match = self.match
        assert match is not None
        if screen is Screen.HAND_OVER:
            parts += [say("Hand {hand} is over.", hand=match.hand_number), moon_sentence(match),
                      say("Press Next hand to deal again, or Review this hand to see which of your plays cost points.")]
        elif screen is Screen.MATCH_OVER:
            parts += [moon_sentence(match), result_sentence(match)[1]]
        elif pending is Pending.NEXT_TRICK:
            parts.append(say("Press Next trick to go on."))
        elif screen is Screen.PLAYING and pending is Pending.LEARNER:
            parts.append(say("Your turn to lead.") if not match.hand.current_trick else say("Your turn."))
        elif not parts and match.to_move is not None and match.to_move != LEARNER_SEAT:  # e.g. after Next trick
            who = seat_name(match.to_move)
            parts.append(say("{seat} leads the next trick.", seat=who) if not match.hand.current_trick else
                         say("{seat} to play.", seat=who))
        self._news = _News()
        self._redraw()
        return self._say(sentences(*parts))

    def _run(self, *, until_learner: bool) -> None:
        """Play computer cards (and the learner's forced card, if set) until the learner must act.

        With ``until_learner`` false, play at most one card: the front end's pacing.
        """
        match = self.match
        assert match is not None
        while True:
            if self.shown is not None:
                if self.settings.confirm_tricks:
                    return
                self.shown = None
            hand = match.hand
            if hand.phase is not Phase.PLAYING:
                return
            seat = hand.to_move
            assert seat is not None
            if seat == LEARNER_SEAT:
                forced = self._forced_card()
                if forced is None:
                    return
                self._play(forced, LEARNER_SEAT, forced=True)
            else:
                self._play(self._bot(seat, "play").choose_play(match.view(seat)), seat)
            if not until_learner:
                return

    def _play(self, card: Card, seat: int, *, forced: bool = False) -> None:
        """Play one card through the engine and note what happened."""
        match = self.match
        assert match is not None
        trick = match.play(card, seat=seat)
        if forced:
            self._news.say(say("{card} was your only legal card, so it was played for you.", card=card))
        elif seat == LEARNER_SEAT:
            self._news.say(say("You played {card}.", card=card))
        else:
            self._news.say(say("{seat} played {card}.", seat=seat_name(seat), card=card), minor=True)
        if trick is not None:
            self.shown = trick
            self.selected = []
            self._news.say(taken_sentence(trick))
        if match.hand.is_over:
            self.advice.start_review(self.match_id, match, match.hand_number)
        if match.is_over and not self._recorded:
            self._recorded = True
            stats = self.saves.record(match, self.match_id)
            if stats is not None:
                self.statistics = stats
            self.history = self.saves.add_to_history(match, self.match_id)

    def _forced_card(self) -> Card | None:
        """The learner's only legal card, when ``auto_play_forced`` is on and there is just one."""
        match = self.match
        if match is None or not self.settings.auto_play_forced or match.to_move != LEARNER_SEAT:
            return None
        legal = match.legal_plays()
        return legal[0] if len(legal) == 1 else None

    def _bot(self, seat: int, purpose: str) -> Bot:
        """A computer player for one decision, seeded from the match and the position."""
        match = self.match
        assert match is not None
        level = self.settings.levels[seat - 1]
        seed = _derived_seed(match.seed, match.hand_number, len(match.hand.plays), seat, purpose)
        return make_bot(level, seed, time_budget=HARD_TIME_BUDGET if level == "hard" else None)

    def _save(self) -> None:
        if self.match is None or self._building:
            return
        # Picking up a save writes nothing back until something changes: a page that merely
        # resumes or reloads must not make the other pages on this save stale.
        as_saved, self._as_saved = self._as_saved, None
        if as_saved == self._position(self.match, self.shown is not None):
            return
        self.saves.save(self.match, self.settings.to_dict(), {"trick_on_table": self.shown is not None},
                        self.match_id)

    # ------------------------------------------------------------- where we are

    @property
    def screen(self) -> Screen:
        """What the page shows now."""
        match = self.match
        if match is None:
            return Screen.OFFER if self.offered is not None else Screen.NONE
        phase = match.hand.phase
        if phase is Phase.PASSING:
            return Screen.PASSING
        if phase is Phase.PLAYING or self.shown is not None:
            return Screen.PLAYING
        return Screen.MATCH_OVER if match.is_over else Screen.HAND_OVER

    @property
    def pending(self) -> Pending:
        """What the table waits for: the computers, "Next trick", or the learner."""
        match = self.match
        if match is None or self.screen is not Screen.PLAYING:
            return Pending.LEARNER
        if self.shown is not None:
            return Pending.NEXT_TRICK if self.settings.confirm_tricks else Pending.ADVANCE
        if match.to_move != LEARNER_SEAT or self._forced_card() is not None:
            return Pending.ADVANCE
        return Pending.LEARNER

    def coach_report(self, *, force: bool = False) -> CoachReport | None:
        """The coach's report on the learner's turn, when something shows it (cached per position)."""
        match = self.match
        if match is None or self.pending is not Pending.LEARNER or self.screen is not Screen.PLAYING:
            return None
        if not (force or self.settings.show_danger or self.settings.show_coach):
            return None
        return self.advice.report(match)

    def _wrong_screen(self) -> str:
        screen = self.screen
        if screen is Screen.HAND_OVER:
            return say("This hand is over: press Next hand.")
        if screen is Screen.MATCH_OVER:
            return say("The match is over: choose New match or Replay.")
        if screen is Screen.OFFER:
            return say("Choose Resume match or New match first.")
        if screen is Screen.PASSING:
            return say("First choose {count} cards to pass.", count=CARDS_IN_PASS)
        return say("Wait for your turn.")

    def _pass_progress(self) -> str:
        match = self.match
        assert match is not None
        chosen = len(self.selected)
        receiver = seat_name(match.hand.pass_direction.receiver(LEARNER_SEAT))
        if chosen == CARDS_IN_PASS:
            return say("Ready: press Pass {count} cards to give {cards} to {seat}.", count=CARDS_IN_PASS,
                       cards=and_list(self.selected), seat=receiver)
        if chosen == 0:
            return say("Tap {count} cards to pass to {seat}.", count=CARDS_IN_PASS, seat=receiver)
        return say_n("Chosen to pass: {cards}. Choose {count} more.", "Chosen to pass: {cards}. Choose {count} more.",
                     CARDS_IN_PASS - chosen, cards=and_list(self.selected))

    # ---------------------------------------------------------------- messages

    def _note_action(self) -> None:
        if not self._building:
            self.acted = True

    def _redraw(self) -> None:
        """The display must be recomputed from the match (the widget sees :attr:`step` go up)."""
        self._note_action()
        self.step += 1

    def _say(self, text: str, tone: Tone = Tone.INFO) -> str:
        self._note_action()
        self.refused = ""
        self.refused_rule = None
        self.tone = tone
        self.message = text
        return text

    def refuse(self, text: str, card: Card | None = None, rule: Reason | ActionReason | None = None) -> str:
        """Explain why nothing happened; the match, the save and the selection stay as they were.

        ``rule`` is the rule of play that refused ``card``, if one did (not for "press Next
        trick first" and the like): the page offers the glossary entry that explains it.
        """
        self._note_action()
        self.refused = str(card) if card is not None else ""
        self.refused_rule = rule
        self.tone = Tone.ILLEGAL
        self.message = text
        return text
