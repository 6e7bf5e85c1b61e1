"""The course of a match on its page: the state, the computers' cards, the save and the words.

:class:`MatchCourse` is the half of the controller that moves the match on; the learner's
actions, the opening and the review are :class:`~widgets.match.flow.MatchFlow`, built on it.

Design choices:

* Python is the referee and the clock's owner.  Every rule decision comes from
  :mod:`hearts_core`.  Computer cards are played one at a time by
  :meth:`~widgets.match.flow.MatchFlow.advance`: while :attr:`MatchCourse.pending` is
  :attr:`Pending.ADVANCE` the front end waits for the chosen speed and calls again quoting the
  :attr:`~MatchCourse.step` it saw, so a stale or duplicated timer (two views of one widget)
  can never play an extra card.  At speed ``"instant"`` every computer card is played at once
  after each action.
* Computer players see only ``match.view(seat)``.  A fresh bot is made for every decision
  with a seed derived from the match seed and the position, so a seeded match replays
  identically, even after it was saved and resumed.
* Each action ends the same way (:meth:`MatchCourse._finish`): computers move if instant,
  the match is saved, the display is redrawn (:attr:`~MatchCourse.step` goes up), and
  :attr:`~MatchCourse.message` says what happened in plain words.  A refused action only
  sets the message (:meth:`MatchCourse.refuse`): the match, the save and the selection are
  untouched, nothing is redrawn.
* Screens and pending steps are enums (:class:`Screen`, :class:`Pending`) whose values are
  the strings the front end reads.
* The coach's recommendation and the review of a finished hand are the engine's own
  answers, asked for and kept by :class:`~widgets.match.advice.LearnerAdvice` (which
  reviews each hand in the background as it ends).  The coach runs only when something
  shows it (``show_danger``, ``show_coach`` or a hint) and only on the learner's turn.
* The sentences about the match's course (a trick taken, a moon shot, the result) are
  functions here, since the flow says them and the payloads show them.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from hearts_core import (
    CARDS_IN_PASS,
    TRICKS_PER_HAND,
    ActionReason,
    Card,
    HandState,
    Match,
    Outcome,
    Phase,
    Reason,
    Trick,
    seat_name,
)
from hearts_core.bots import Bot, make_bot
from hearts_core.coach import CoachReport, Recommendation
from hearts_core.review import moon_words
from hearts_core.wording import LEARNER_SEAT, and_list, marked, points_phrase, say, say_n
from hearts_learner.history import FinishedMatch
from hearts_learner.match_saves import STALE, MatchSaves
from hearts_learner.match_store import SavedMatch
from hearts_learner.puzzle_store import PuzzleStore
from hearts_learner.statistics import Statistics
from widgets.match.advice import LearnerAdvice
from widgets.match.settings import HARD_TIME_BUDGET, Settings
from widgets.phrases import nonempty_sentences

__all__ = [
    "MatchCourse",
    "News",
    "Pending",
    "Screen",
    "Tone",
    "moon_sentence",
    "result_sentence",
    "saved_place",
    "saved_trick_number",
    "taken_sentence",
    "trick_number",
]

log = logging.getLogger("hearts_lessons.widgets.match")


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


@dataclass(slots=True)
class News:
    """What the current action has said so far: (sentence, minor) pairs; minor ones are dropped when instant."""

    items: list[tuple[str, bool]] = field(default_factory=list)

    def say(self, text: str, minor: bool = False) -> None:
        self.items.append((text, minor))


def _derived_seed(*parts: object) -> int:
    """A stable 64-bit seed from the match seed and the position (not Python's salted ``hash``)."""
    digest = hashlib.sha256(" ".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def trick_number(hand: HandState, trick_on_table: bool) -> int:
    """The trick the page talks about: a finished trick still on the table is the one counted."""
    return min(len(hand.tricks) + (not trick_on_table), TRICKS_PER_HAND)


def saved_trick_number(saved: SavedMatch) -> int:
    """:func:`trick_number` for a save, with the trick it says was still on the table."""
    hand = saved.match.hand
    waiting = bool(saved.display.get("trick_on_table") and hand.tricks and not hand.current_trick)
    return trick_number(hand, waiting)


def saved_place(saved: SavedMatch) -> str:
    """Where a saved match stands, as the page says it: "hand 2, trick 5", or "the end of hand 1" once it is over."""
    if saved.match.hand.is_over:
        return say("the end of hand {hand}", hand=saved.match.hand_number)
    return say("hand {hand}, trick {trick}", hand=saved.match.hand_number, trick=saved_trick_number(saved))


TOOK: Final = marked("{seat} took the trick with {card}: {points}.")
YOU_TOOK: Final = marked("You took the trick with {card}: {points}.")
"""A finished trick in words: one whole pattern, the points phrase right for 0, 1 and more."""


def taken_sentence(trick: Trick) -> str:
    """Who took a finished trick, with which card and for how many points.

    >>> from hearts_core.cards import to_card
    >>> cards = tuple(to_card(text) for text in ("♣2", "♣A", "♥3", "♣4"))
    >>> taken_sentence(Trick(0, cards, 1, 1)), taken_sentence(Trick(3, cards, 0, 14))
    ('CPU1 took the trick with ♣A: 1 point.', 'You took the trick with ♣A: 14 points.')
    """
    return say(YOU_TOOK if trick.winner == LEARNER_SEAT else TOOK, seat=seat_name(trick.winner),
               card=trick.played_by(trick.winner), points=points_phrase(trick.points))


def moon_sentence(match: Match) -> str:
    """The announcement for a moon shot in the current (finished) hand, or ``""``."""
    shooter = match.hand.moon_shooter
    return "" if shooter is None else moon_words(shooter, moon_subtracts=match.rules.moon_subtracts)


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


class MatchCourse:
    """A match against CPU1..CPU3 as one page runs it: the state, the computers' turns, the save, the message.

    Every action of :class:`~widgets.match.flow.MatchFlow` ends here, saying its sentence in
    :attr:`message`.  :attr:`step` goes up each time the display must be redrawn.
    """

    def __init__(self, saves: MatchSaves, settings: Settings) -> None:
        self.saves = saves
        self.settings = settings
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
        self.history: tuple[FinishedMatch, ...] = ()
        """The finished matches kept, newest first."""
        self.reviewing: int | None = None
        """The hand whose review is open on the score screen."""
        self.advice = LearnerAdvice(puzzles=PuzzleStore(saves.store.directory))
        """The coach's advice and the hand reviews (its ``reviewer`` is replaceable in tests); the costly plays
        it finds go to the learner's puzzle progress, in the match's own data folder."""
        self._recorded = False  # this match already counted in the statistics
        self._news = News()
        self._building = False
        self._as_saved: tuple[object, ...] | None = None  # the position just read from the save
        self.acted = False
        """The learner has done something on this page: from then on its match is the one being played."""

    @property
    def notice(self) -> str:
        """A sentence about the save or the statistics ("" when all is well)."""
        return self.saves.notice

    @property
    def stale(self) -> bool:
        """Another page has continued this match: this one refuses to play until :meth:`MatchFlow.reload`."""
        return self.saves.stale

    def _stale(self) -> str | None:
        """The refusal when another page has written the save since this one did, else ``None``."""
        return None if self.saves.still_current() else self.refuse(say(STALE))

    @contextmanager
    def building(self) -> Iterator[None]:
        """While the page is being built (or re-read on opening): nothing is written, nothing counts as acting."""
        self._building = True
        try:
            yield
        finally:
            self._building = False

    # ---------------------------------------------------------------- the coach

    def recommendation(self, *, force: bool = False) -> Recommendation | None:
        """What the coach would pass or play now, when something shows it (cached per position)."""
        match = self.match
        if match is None or not (force or self.settings.show_coach):
            return None
        passing = self.screen is Screen.PASSING and match.hand.passed(LEARNER_SEAT) is None
        if not passing and (self.screen is not Screen.PLAYING or self.pending is not Pending.LEARNER):
            return None
        return self.advice.recommendation(match)

    def coach_report(self, *, force: bool = False) -> CoachReport | None:
        """The coach's report on the learner's turn, when something shows it (cached per position)."""
        match = self.match
        if match is None or self.pending is not Pending.LEARNER or self.screen is not Screen.PLAYING:
            return None
        if not (force or self.settings.show_danger or self.settings.show_coach):
            return None
        return self.advice.report(match)

    # --------------------------------------------------------------- the course

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
        self._news = News()
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
        self._news = News()
        self._redraw()
        return self._say(nonempty_sentences(*parts))

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

    def _position(self, match: Match, trick_on_table: bool) -> tuple[object, ...]:
        """What a save records, in short: equal positions need no new write."""
        return (match.hand_number, match.hand.phase, len(match.hand.plays), trick_on_table, self.settings)

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
