"""The analysis board's controller: it holds the position and decides every action.

Design choices:

* No traitlets here.  :class:`AnalysisFlow` holds the board's state (the setup being built,
  the position analysed, the hands of play on with Back and Forward, the coach's last
  answer, the last thing said) and decides every action the page may ask for; the widget
  (:mod:`widgets.analysis.widget`) hands each action to it and then draws the traits from
  its state through :mod:`widgets.analysis.payloads`.  So the flow can be driven, and
  tested, without a front end.
* **One position, three modes** (:class:`Mode`).  ``setup`` builds a position by taps (the
  seat's hand from a full deck, then the cards played, trick by trick, with the first
  trick's leader); ``analyse`` shows it as the seat sees it, with the engine's word on every
  card and the coach's recommendation on request; ``play`` plays on from it over one
  possible layout of the hidden cards.
* **The notation is the position.**  What setup builds (:class:`~widgets.analysis.setup.Setup`)
  is written as a line of ``docs/notation.md`` and read by
  :func:`~widgets.analysis.links.read_position`, through the engine's one reader: it checks
  every card once, the leaders, the hand's size and every play through the rules.  A setup
  the reader refuses is refused with its sentence and nothing changes.  So that a wrong
  play is refused when it is tapped, not only at the end, each play is also asked of the
  engine on what is known of the seats' cards so far (:meth:`~widgets.analysis.setup.Setup.refusal`), and a
  card a seat's earlier play showed it cannot hold (a void shown on a trick) is refused when it is tapped for
  that seat (:meth:`~widgets.analysis.setup.Setup.ruled_out`), naming the play that showed it.
* **Play on is one layout, said so.**  :meth:`hearts_core.knowledge.Knowledge.sample`
  deals the hidden cards consistently with the view (seeded, so a board plays the same
  layout every time), and a real :class:`~hearts_core.state.HandState` takes every play
  through the engine's legality, whichever seat the learner plays for or when the
  computers play.  Back and Forward step through the states kept.
* **A refusal changes nothing but the message.**  Every action returns what the widget's
  method returns (True when it acted, False or None when refused) and says why in
  :attr:`AnalysisFlow.message`; :attr:`AnalysisFlow.drawn` goes up exactly when the
  board must be drawn again.
"""

from __future__ import annotations

import dataclasses
import logging
import random
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from hearts_core.bots import make_bot
from hearts_core.cards import Card, cards_from_mask, to_card
from hearts_core.coach import Recommendation, recommend
from hearts_core.errors import HeartsError, InvalidPositionError, InvalidRecordError
from hearts_core.knowledge import Knowledge
from hearts_core.legality import ActionReason, IllegalMove, Reason
from hearts_core.notation import format_position
from hearts_core.phrasing import by_seat, sentences
from hearts_core.records import load_record, position_before
from hearts_core.rules import CARDS_PER_SEAT, NUM_SEATS, TRICKS_PER_HAND, TWO_OF_CLUBS
from hearts_core.state import HandState, PassDirection, Phase, SeatView
from hearts_core.views import turned_to_you
from hearts_core.wording import and_list, points_phrase, say, seat_name
from widgets.analysis.links import read_position
from widgets.analysis.setup import Setup
from widgets.analysis.words import PATTERNS, TARGETS
from widgets.phrases import Message

__all__ = ["AnalysisFlow", "CoachAnswer", "Mode", "plain", "points_words"]

log = logging.getLogger("hearts_lessons.widgets")

BOT_LEVEL: Final = "normal"
"""The computers' level when they play on: the sound player, quick enough to answer each tap at once."""
LAYOUT_TRIES: Final = 20
"""Layouts tried before play on gives up (each fits the view; a try fails only on a view the reader let through
that no full deal can reach, which should not happen)."""


class Mode(StrEnum):
    """What the board does; the value is what the front end reads."""

    SETUP = "setup"
    ANALYSE = "analyse"
    PLAY = "play"


@dataclass(frozen=True, eq=False)
class CoachAnswer:
    """The coach's answer when last asked: its advice, or why it has none.

    With no ``advice``, ``to_move`` is the seat whose turn it is when it is not yours, and
    ``None`` when the hand is over.  Each asking gives a new answer (compared by identity).
    """

    advice: Recommendation | None = None
    to_move: int | None = None


def plain(problem: Exception) -> str:
    """A refusal's sentence for a learner, ending with a stop.

    A refused position carries its own sentence (``said``, in the learner's language); any
    other refusal gives the engine's words without their reason codes.
    """
    if isinstance(problem, InvalidPositionError) and problem.said:
        return problem.said
    text = str(problem)
    for code in (*Reason, *ActionReason):
        text = text.replace(f"{code.value}: ", "")
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def points_words(state: HandState) -> str:
    """Every seat's points taken this hand, in words ("You 0, CPU1 5, ...")."""
    return and_list(say(PATTERNS["seat_points"], seat=seat_name(seat), points=points)
                    for seat, points in enumerate(state.points_taken))


class AnalysisFlow:
    """The analysis board's state and decisions: set up, analyse, play on; every refusal says why."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.layouts = 0
        """Layouts dealt so far: each play on deals a fresh one, from the seed and this count."""
        self.mode = Mode.SETUP
        self.view: SeatView | None = None
        """The position analysed (seat 0's view), or ``None`` while it is being set up."""
        self.advice: Recommendation | None = None
        """The coach's recommendation for :attr:`view`, kept once asked for."""
        self.coach_answer: CoachAnswer | None = None
        """What the coach panel shows: the last answer, until the analysed board is drawn without advice."""
        self.states: list[HandState] = []
        """In play: the hand after each play from the position (one possible layout); :attr:`step` is shown."""
        self.step = 0
        self.target = "hand"
        self.asked = ""
        """The card last asked about with a tap ("" for none)."""
        self.opened = False
        """Whether the page's link has been answered (:meth:`open_link`)."""
        self.message = Message("prompt", "", "")
        self.drawn = 0
        """Goes up each time the board must be drawn again (a change of position, setup, mode or step)."""
        self.setup = Setup()
        """The position being set up (the analysed one's, once analysed, so Change the position starts from it)."""

    # ------------------------------------------------------------------ what is shown

    @property
    def state(self) -> HandState | None:
        """In play, the hand at the step shown (one possible layout); ``None`` otherwise."""
        return self.states[self.step] if self.mode is Mode.PLAY and self.states else None

    def seen(self, state: HandState) -> SeatView:
        """Your view at a step of play on, with the passes as the position played on from had them."""
        view = state.view(0)
        start = self.view
        if start is None:
            return view
        return dataclasses.replace(view, pass_direction=start.pass_direction, passed=start.passed,
                                   received=start.received)

    def shown(self) -> SeatView | None:
        """The position the board shows as your seat sees it: none in setup, the step's in play."""
        if self.mode is Mode.SETUP:
            return None
        if self.mode is Mode.PLAY:
            return self.seen(self.states[self.step])
        return self.view

    def _say(self, kind: str, text: str) -> None:
        """Say ``text`` (a sentence already in the learner's language), with no badge."""
        self.message = Message(kind, "", text)

    def _changed(self) -> None:
        """The board must be drawn again; an analysed position without advice shows no coach."""
        if self.mode is Mode.ANALYSE and self.advice is None:
            self.coach_answer = None
        self.drawn += 1

    # ------------------------------------------------------------------ opening

    def start(self, position: SeatView | str | None) -> None:
        """The board's first state: ``position`` (a view, or a line of the notation) analysed from its seat's chair,
        or an empty setup.  A line that cannot be read raises InvalidPositionError naming the wrong part."""
        if isinstance(position, str):
            self.open(read_position(position))
        elif position is not None:
            self.open(turned_to_you(position))
        else:
            self._say("prompt", say(PATTERNS["setup_prompt"]))
            self._changed()

    def open(self, view: SeatView) -> None:
        """Analyse ``view`` (seat 0's); one that cannot arise in a game raises before anything changes."""
        format_position(view)  # a view that cannot arise in a game is refused here, before anything changes
        self.view = view
        self.advice = None
        self.states = []
        self.setup = Setup.from_view(view)
        self.mode = Mode.ANALYSE
        self.asked = ""
        self._say("prompt", say(PATTERNS["analyse_prompt"]))
        self._changed()

    def open_link(self, position: str | None = None) -> bool:
        """The page opened with ``?position=`` (its value, or ``None`` without one): open that position.

        Without one the board stays as it is.  A position that cannot be read leaves the board
        empty, with a sentence saying what is wrong.
        """
        try:
            if not position:
                self._changed()
                return False
            try:
                view = read_position(position)
            except InvalidPositionError as problem:
                self.setup = Setup()
                self.view = None
                self.mode = Mode.SETUP
                self._say("refused", say(PATTERNS["bad_link"], problem=plain(problem)))
                self._changed()
                return False
            self.open(view)
            self._say("done", say(PATTERNS["opened_link"]))
            return True
        finally:
            self.opened = True

    def paste(self, text: str) -> bool:
        """Open the position ``text`` writes; a line that cannot be read says why and changes nothing."""
        if not text.strip():
            self._say("refused", say(PATTERNS["empty_text"]))
            return False
        try:
            view = read_position(text)
        except InvalidPositionError as problem:
            self._say("refused", say(PATTERNS["bad_text"], problem=plain(problem)))
            return False
        self.open(view)
        self._say("done", say(PATTERNS["opened_text"]))
        return True

    def open_record(self, text: str, hand: int, play: int) -> bool:
        """Open the position before play ``play`` of hand ``hand`` (both from 1) of a pasted match record."""
        if not text.strip():
            self._say("refused", say(PATTERNS["empty_record"]))
            return False
        try:
            record = load_record(text)
        except InvalidRecordError as problem:  # the detail names JSON and fields: the log has it
            log.info("record not readable: %s", problem)
            self._say("refused", say(PATTERNS["not_record" if not text.lstrip().startswith("{")
                                             else "damaged_record"]))
            return False
        try:
            view = turned_to_you(position_before(record, hand, play))
        except HeartsError as problem:
            self._say("refused", say(PATTERNS["bad_record"], problem=plain(problem)))
            return False
        self.open(view)
        self._say("done", say(PATTERNS["opened_record"], hand=hand, play=play))
        return True

    # ------------------------------------------------------------------ setup

    def _in_setup(self) -> bool:
        if self.mode is not Mode.SETUP:
            self._say("refused", say(PATTERNS["not_setup"]))
            return False
        return True

    def _said_setup(self, text: str) -> None:
        self._say("prompt", text)
        self._changed()

    def tap_deck(self, card: Card | str) -> bool:
        """Put a deck card where tapped cards go (your hand, or the next play); a card in your hand goes back.

        With the next play chosen, a card of your hand is played from it, on your turn.  An
        impossible setup (a card played twice, a fourteenth card, a play after the last
        trick) is refused with a sentence and changes nothing.
        """
        chosen = to_card(card)
        if not self._in_setup():
            return False
        if chosen in self.setup.hand and self.target == "hand":
            self.setup.hand.remove(chosen)
            self._said_setup(say(PATTERNS["removed_hand"], card=chosen))
            return True
        if chosen in self.setup.plays:
            self._say("refused", say(PATTERNS["twice_played"], card=chosen))
            return False
        if self.target == "hand":
            played = self.setup.plays_of(0)
            if len(self.setup.hand) + played >= CARDS_PER_SEAT:
                self._say("refused", say(PATTERNS["hand_full"], count=len(self.setup.hand), played=played,
                                        total=CARDS_PER_SEAT))
                return False
            ruled_out = self.setup.ruled_out(0, chosen)
            if ruled_out is not None:
                self._say("refused", say(PATTERNS["refused_play"], why=ruled_out))
                return False
            self.setup.hand.append(chosen)
            self._said_setup(say(PATTERNS["added_hand"], card=chosen))
            return True
        player = self.setup.next_player()
        if player is None:
            self._say("refused", say(PATTERNS["all_played"], total=TRICKS_PER_HAND))
            return False
        held = chosen in self.setup.hand
        if held and player != 0:
            self._say("refused", say(PATTERNS["in_your_hand"], card=chosen, seat=seat_name(player)))
            return False
        if player == 0 and not held and len(self.setup.hand) + self.setup.plays_of(0) >= CARDS_PER_SEAT:
            self._say("refused", say(PATTERNS["you_full"], total=CARDS_PER_SEAT))
            return False
        refusal = self.setup.refusal([*self.setup.plays, chosen])
        if refusal is not None:
            self._say("refused", say(PATTERNS["refused_play_you" if player == 0 else "refused_play_other"],
                                    seat=seat_name(player), card=chosen, why=refusal))
            return False
        ruled_out = None if held else self.setup.ruled_out(player, chosen)
        if ruled_out is not None:  # an earlier play of that seat showed it cannot hold the card
            self._say("refused", say(PATTERNS["refused_play"], why=ruled_out))
            return False
        if held:  # you played it from your hand
            self.setup.hand.remove(chosen)
        self.setup.plays.append(chosen)
        self._said_setup(say(PATTERNS["added_play"], seat=seat_name(player), card=chosen))
        return True

    def choose_target(self, target: str) -> None:
        """Where tapped deck cards go: ``hand`` or ``play``."""
        if target not in TARGETS:
            raise ValueError(say("Tapped cards go to your hand or to the next play, not {target}.", target=target))
        if not self._in_setup():
            return
        self.target = target
        self._changed()

    def choose_leader(self, seat: int) -> bool:
        """Who led the first trick (0 to 3); only before any card is played, and not past the holder of ♣2."""
        if not 0 <= seat < NUM_SEATS:
            raise ValueError(say("Seats are numbered 0 to 3, not {seat}.", seat=seat))
        if not self._in_setup():
            return False
        if self.setup.plays:
            self._say("refused", say(PATTERNS["leader_locked"]))
            return False
        if seat != 0 and TWO_OF_CLUBS in self.setup.hand:
            self._say("refused", say(PATTERNS["leader_two"], card=TWO_OF_CLUBS))
            return False
        self.setup.first_leader = seat
        self._said_setup(say(PATTERNS["leader_set_you"]) if seat == 0
                         else say(PATTERNS["leader_set"], seat=seat_name(seat)))
        return True

    def take_back(self) -> bool:
        """Put the last card played back in the deck."""
        if not self._in_setup():
            return False
        if not self.setup.plays:
            self._say("refused", say(PATTERNS["nothing_to_take_back"]))
            return False
        card = self.setup.plays.pop()
        self._said_setup(say(PATTERNS["taken_back"], card=card))
        return True

    def clear(self) -> None:
        """Empty the board and go back to setting up."""
        self.setup = Setup()
        self.view = None
        self.advice = None
        self.states = []
        self.mode = Mode.SETUP
        self.target = "hand"
        self._say("prompt", say(PATTERNS["cleared"]))
        self._changed()

    def analyse(self) -> bool:
        """Finish setting up: the engine reads the position; one it refuses says why and changes nothing."""
        if not self._in_setup():
            return False
        try:
            view = read_position(self.setup.line())
        except InvalidPositionError as problem:
            self._say("refused", say(PATTERNS["refused_setup"], problem=plain(problem)))
            return False
        self.open(view)
        return True

    def edit(self) -> None:
        """Back to setting up, with the position analysed so far on the board."""
        if self.view is not None:
            self.setup = Setup.from_view(self.view)
        self.states = []
        self.mode = Mode.SETUP
        self._said_setup(say(PATTERNS["setup_prompt"]))

    # ------------------------------------------------------------------ analyse

    def _analysed(self) -> SeatView | None:
        if self.mode is not Mode.ANALYSE or self.view is None:
            self._say("refused", say(PATTERNS["not_analyse"]))
            return None
        return self.view

    def why(self, card: Card | str) -> bool | None:
        """The engine's word on one of your cards: whether it may be played now, and why (``None`` if not asked)."""
        chosen = to_card(card)
        view = self._analysed()
        if view is None:
            return None
        verdict = view.explain(chosen)
        self.asked = str(chosen)
        self.message = Message("allowed" if verdict.legal else "not-allowed",
                               say(PATTERNS["allowed" if verdict.legal else "not_allowed"]), verdict.message)
        return verdict.legal

    def ask_coach(self) -> Recommendation | None:
        """The coach's card for this position (kept once asked); ``None`` when it is not yours to play."""
        view = self._analysed()
        if view is None:
            return None
        if view.phase is Phase.HAND_OVER:
            self.coach_answer = CoachAnswer()
            return None
        if view.phase is Phase.PLAYING and not view.is_my_turn:
            assert view.to_move is not None
            self.coach_answer = CoachAnswer(to_move=view.to_move)
            return None
        if self.advice is None:
            self.advice = recommend(view)
        self.coach_answer = CoachAnswer(advice=self.advice)
        return self.advice

    # ------------------------------------------------------------------ play on

    def play_on(self) -> bool:
        """Deal the hidden cards one possible way (fitting the view) and play on from the position."""
        view = self._analysed()
        if view is None:
            return False
        if view.phase is Phase.PASSING:
            self._say("refused", say(PATTERNS["play_passing"]))
            return False
        if view.phase is Phase.HAND_OVER:
            self._say("refused", say(PATTERNS["play_done"]))
            return False
        self.states = [self._layout(view)]
        self.mode = Mode.PLAY
        self.step = 0
        self._say("prompt", say(PATTERNS["play_prompt"]))
        self._changed()
        return True

    def _layout(self, view: SeatView) -> HandState:
        """A real hand at ``view``'s position: the hidden cards dealt one way that fits it, the plays replayed."""
        knowledge = Knowledge.from_view(view)
        problem: Exception | None = None
        for _ in range(LAYOUT_TRIES):
            rng = random.Random(f"{self.seed}/{self.layouts}/{format_position(view)}")
            self.layouts += 1
            held = list(knowledge.sample(rng))
            for player, card in view.plays:
                held[player] |= card.bit
            # Passes are over and nothing in play depends on them: the hand starts from what each seat held then.
            state = HandState.new([cards_from_mask(mask) for mask in held], PassDirection.HOLD, view.rules)
            try:
                for player, card in view.plays:
                    state.play(card, seat=player)
            except IllegalMove as refused:
                problem = refused
                continue
            return state
        raise InvalidPositionError(f"no layout of the hidden cards reaches this position: {problem}")

    def _playing(self) -> HandState | None:
        if self.mode is not Mode.PLAY or not self.states:
            self._say("refused", say(PATTERNS["not_playing"]))
            return None
        return self.states[self.step]

    def play(self, card: Card | str) -> bool:
        """Play ``card`` for the seat that holds it, if it is that seat's turn and the rules allow it."""
        chosen = to_card(card)
        state = self._playing()
        if state is None:
            return False
        holder = state.holder(chosen)
        if holder is None:
            self._say("refused", say(PATTERNS["not_holder"], card=chosen))
            return False
        verdict = state.explain(chosen, seat=holder)
        if not verdict.legal:
            self.message = Message("not-allowed", say(PATTERNS["not_allowed"]),
                                   say(PATTERNS["refused_play"], why=verdict.message))
            return False
        self._advance(state, chosen)
        return True

    def computer_play(self) -> bool:
        """The computer plays the next card, for whichever seat is to play."""
        state = self._playing()
        if state is None:
            return False
        if state.to_move is None:
            self._say("refused", say(PATTERNS["play_over"], points=points_words(state)))
            return False
        bot = make_bot(BOT_LEVEL, seed=self.seed + len(state.plays))
        self._advance(state, bot.choose_play(state.view(state.to_move)))
        return True

    def computers_to_you(self) -> int:
        """The computers play every seat but yours until your turn (or the hand's end); returns the cards played."""
        state = self._playing()
        if state is None:
            return 0
        if state.to_move is None:
            self._say("refused", say(PATTERNS["play_over"], points=points_words(state)))
            return 0
        if state.to_move == 0:
            self._say("prompt", say(PATTERNS["already_yours"]))
            return 0
        said = []
        while state.to_move not in (None, 0):
            self.computer_play()
            said.append(self.message.text)
            state = self.states[self.step]
        self._say("done", " ".join(said))
        return len(said)

    def _advance(self, state: HandState, card: Card) -> None:
        after = state.copy()
        mover = after.to_move
        assert mover is not None
        trick = after.play(card, seat=mover)
        del self.states[self.step + 1:]
        self.states.append(after)
        self.step = len(self.states) - 1
        words = [by_seat(mover, PATTERNS["you_played"], PATTERNS["played"], card=card)]
        if trick is not None:
            words.append(by_seat(trick.winner, PATTERNS["you_took"], PATTERNS["took"],
                                 points=points_phrase(trick.points)))
        if after.is_over:
            words.append(say(PATTERNS["play_over"], points=points_words(after)))
        self._say("done", sentences(words))
        self._changed()

    def back(self) -> bool:
        """One play back (False, with a sentence, at the position played on from)."""
        if self._playing() is None:
            return False
        if self.step == 0:
            self._say("prompt", say(PATTERNS["at_start"]))
            return False
        self.step -= 1
        self._say("prompt", self._step_words())
        self._changed()
        return True

    def forward(self) -> bool:
        """One play forward again (False, with a sentence, at the last play made)."""
        if self._playing() is None:
            return False
        if self.step == len(self.states) - 1:
            self._say("prompt", say(PATTERNS["at_end"]))
            return False
        self.step += 1
        self._say("prompt", self._step_words())
        self._changed()
        return True

    def _step_words(self) -> str:
        state = self.states[self.step]
        if self.step == 0:
            return say(PATTERNS["at_start"])
        seat, card = state.plays[-1]
        return by_seat(seat, PATTERNS["you_played"], PATTERNS["played"], card=card)

    def analyse_here(self) -> bool:
        """Analyse the position at the step shown, as your seat sees it (the other hands hidden again)."""
        state = self._playing()
        if state is None:
            return False
        self.open(self.seen(state))
        return True

    def stop_playing(self) -> None:
        """Back to analysing the position played on from."""
        if self.view is not None and self.mode is Mode.PLAY:
            self.states = []
            self.mode = Mode.ANALYSE
            self._say("prompt", say(PATTERNS["analyse_prompt"]))
            self._changed()
