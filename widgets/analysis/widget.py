"""The analysis board: set up any position, ask the rules and the coach about it, play on, share it.

Design choices:

* This module is the thin layer: the traits the front end reads and writes, and the
  commands it may send.  The board is in four parts besides it:

  - :mod:`widgets.analysis.flow`, the controller (no traitlets): it holds the position,
    the setup and play on, decides every action and says what happened;
  - :mod:`widgets.analysis.payloads`, builders of what the front end draws;
  - :mod:`widgets.analysis.links`, the page's link (``?position=``) and the links other
    pages make to the board;
  - :mod:`widgets.analysis.words`, every sentence and label, each a whole pattern.

* Each command hands the action to the flow and then copies the flow's state into the
  traits in one batch (:meth:`AnalysisBoard._sync`), drawing the setup, the position and
  the hands of play on again only when the flow says the board changed (its ``drawn``
  count), so a refused action changes nothing but the message.
* The front end (``static/analysis_board.js``) shows what the traits say and sends taps,
  which :meth:`HeartsWidget._dispatch` routes to the ``@command`` methods below, the same
  ones the tests call.

>>> board = AnalysisBoard.from_text("1 ♣8♦3♦5♦8♦Q♦A♠8♠9♠A♥4♥7♥10♥K hold - 0:♣2")
>>> board.mode, board.facts[1], [card["text"] for card in board.hand if card["legal"]]
('analyse', 'It is your turn to play.', ['♣8'])
>>> board.why("♦A"), board.message["text"]
(False, 'Clubs were led and you hold ♣8, so you must play it.')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Any, ClassVar, Final, ParamSpec, TypeVar

import traitlets

from hearts_core.cards import Card
from hearts_core.coach import Recommendation
from hearts_core.notation import format_position
from hearts_core.puzzles import Puzzle, load_puzzles
from hearts_core.records import load_record, position_before
from hearts_core.state import HandState, SeatView
from widgets._base import HeartsWidget, bundle_css, bundle_esm, command
from widgets.analysis.flow import AnalysisFlow, CoachAnswer, Mode
from widgets.analysis.links import position_link
from widgets.analysis.payloads import (
    PlayPayload,
    SetupPayload,
    ViewPayload,
    coach_answer_payload,
    labels,
    play_payload,
    setup_payload,
    targets,
    view_payload,
)

__all__ = ["EXAMPLE_PUZZLE", "AnalysisBoard"]

_P = ParamSpec("_P")
_T = TypeVar("_T")

EXAMPLE_PUZZLE: Final = "2026-221-18"
"""The shipped puzzle whose position the analysis page opens on (:meth:`AnalysisBoard.example`)."""


class AnalysisBoard(HeartsWidget):
    """Set up a position by taps (or paste, link, record, puzzle), ask why and the coach, play on, share."""

    _esm = bundle_esm("analysis_board.js")
    _css = bundle_css("analysis_board.css")

    completion_trait: ClassVar[str] = "coach"
    """The board is a row of the index: its mark is earned once the coach has given advice on a position."""

    mode = traitlets.Unicode("setup").tag(sync=True)
    """``setup``, ``analyse`` or ``play``."""
    labels = traitlets.Dict().tag(sync=True)
    """The page's fixed words (buttons, headings), from :data:`~widgets.analysis.words.PATTERNS`."""
    message = traitlets.Dict().tag(sync=True)
    """The last thing said: ``kind`` ("prompt", "refused", "allowed", "not-allowed", "done"), ``badge``, ``text``."""
    link = traitlets.Unicode("").tag(sync=True)
    """The page link's query for the position (``?position=...``); ``""`` when the board is empty."""
    position_text = traitlets.Unicode("").tag(sync=True)
    """The position in the notation ("" when there is none yet)."""
    opened = traitlets.Bool(False).tag(sync=True)
    """Whether the page's link has been answered (:meth:`open_link`): until then the board on
    screen is the notebook's, which the link's position is about to replace."""
    # setup
    deck = traitlets.List(traitlets.Dict()).tag(sync=True)
    """Four rows, one per suit: ``suit`` (its name) and ``cards`` (each with ``place``: "", "hand" or "played")."""
    target = traitlets.Unicode("hand").tag(sync=True)
    """Where a tapped deck card goes: ``hand`` or ``play``."""
    targets = traitlets.List(traitlets.Dict()).tag(sync=True)
    leader = traitlets.Int(0).tag(sync=True)
    leaders = traitlets.List(traitlets.Dict()).tag(sync=True)
    """The first trick's leader chooser: ``seat`` (number), ``name`` and ``chosen``."""
    setup_hand = traitlets.List(traitlets.Dict()).tag(sync=True)
    setup_tricks = traitlets.List(traitlets.Dict()).tag(sync=True)
    """Every trick begun: ``number``, ``plays`` (seat names and cards, in play order) and ``words``."""
    setup_status = traitlets.List(traitlets.Unicode()).tag(sync=True)
    # analyse
    facts = traitlets.List(traitlets.Unicode()).tag(sync=True)
    hand = traitlets.List(traitlets.Dict()).tag(sync=True)
    """The seat's cards, each with ``legal`` (the engine's verdict)."""
    table = traitlets.List(traitlets.Dict()).tag(sync=True)
    table_words = traitlets.Unicode("").tag(sync=True)
    players = traitlets.List(traitlets.Dict()).tag(sync=True)
    asked = traitlets.Unicode("").tag(sync=True)
    """The card last asked about with a tap ("" for none)."""
    coach = traitlets.Dict().tag(sync=True)
    """The coach's advice once asked: ``card`` (or none), ``text`` and ``rows`` (each legal card's expected points)."""
    # play on
    seats = traitlets.List(traitlets.Dict()).tag(sync=True)
    """In play: each seat's ``name``, ``cards`` (with ``legal`` for the seat to move), ``to_move`` and ``you``."""
    step = traitlets.Int(0).tag(sync=True)
    steps = traitlets.Int(0).tag(sync=True)
    step_text = traitlets.Unicode("").tag(sync=True)

    def __init__(self, position: SeatView | str | None = None, *, seed: int = 0, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._flow = AnalysisFlow(seed)
        self._drawn = self._flow.drawn
        self._coach_shown: CoachAnswer | None = None
        self.labels = labels()
        self.targets = targets()
        self._run(self._flow.start, position)

    # ------------------------------------------------------------------ opening

    @classmethod
    def from_view(cls, view: SeatView, **kwargs: Any) -> AnalysisBoard:
        """A board on ``view``, shown from its seat's chair."""
        return cls(view, **kwargs)

    @classmethod
    def example(cls, **kwargs: Any) -> AnalysisBoard:
        """The board the analysis page opens on: a shipped puzzle's position, mid-trick, with cards the rules refuse."""
        found = next(puzzle for puzzle in load_puzzles() if puzzle.id == EXAMPLE_PUZZLE)
        return cls.from_puzzle(found, **kwargs)

    @classmethod
    def from_text(cls, text: str, **kwargs: Any) -> AnalysisBoard:
        """A board on the position ``text`` writes (raises InvalidPositionError naming the wrong part)."""
        return cls(text, **kwargs)

    @classmethod
    def from_puzzle(cls, puzzle: Puzzle, **kwargs: Any) -> AnalysisBoard:
        """A board on a puzzle's position (its solver to play)."""
        return cls(puzzle.view(), **kwargs)

    @classmethod
    def from_record(cls, record_text: str, hand: int, play: int, **kwargs: Any) -> AnalysisBoard:
        """A board on the position before play ``play`` of hand ``hand`` (both from 1) of a match record.

        Raises:
            InvalidRecordError: the record cannot be read.
            InvalidPositionError: there is no such hand or play.
            IllegalMove: an earlier play of the hand is illegal, so the position is never reached.
        """
        return cls(position_before(load_record(record_text), hand, play), **kwargs)

    def is_complete(self) -> bool:
        """Done for the index: the coach has advised on a position (not only said it is not your turn)."""
        return bool(self.coach.get("headline"))

    @property
    def position(self) -> SeatView | None:
        """The position analysed (seat 0's view), or ``None`` while it is being set up."""
        return self._flow.view

    @property
    def state(self) -> HandState | None:
        """In play, the hand at the step shown (one possible layout); ``None`` otherwise."""
        return self._flow.state

    @command("link")
    def open_link(self, position: str | None = None) -> bool:
        """The page opened with ``?position=`` (its value, or ``None`` without one): open that position.

        Without one the board stays as it is and the link is set from it.  A position that
        cannot be read leaves the board empty, with a sentence saying what is wrong.
        """
        return self._run(self._flow.open_link, position)

    @command("paste")
    def paste(self, text: str) -> bool:
        """Open the position ``text`` writes; a line that cannot be read says why and changes nothing."""
        return self._run(self._flow.paste, text)

    @command("record")
    def open_record(self, text: str, hand: int, play: int) -> bool:
        """Open the position before play ``play`` of hand ``hand`` (both from 1) of a pasted match record.

        A record that cannot be read, or has no such hand or play, or reaches that play only through an
        illegal one, says why and changes nothing.
        """
        return self._run(self._flow.open_record, text, hand, play)

    # ------------------------------------------------------------------ setup

    @command("deck")
    def tap_deck(self, card: Card | str) -> bool:
        """Put a deck card where tapped cards go (your hand, or the next play); a card in your hand goes back.

        With the next play chosen, a card of your hand is played from it, on your turn.

        An impossible setup (a card played twice, a fourteenth card, a play after the last
        trick) is refused with a sentence and changes nothing.
        """
        return self._run(self._flow.tap_deck, card)

    @command("target")
    def choose_target(self, target: str) -> None:
        """Where tapped deck cards go: ``hand`` or ``play``."""
        self._run(self._flow.choose_target, target)

    @command("leader")
    def choose_leader(self, seat: int) -> bool:
        """Who led the first trick (0 to 3); only before any card is played, and not past the holder of ♣2."""
        return self._run(self._flow.choose_leader, seat)

    @command("take_back")
    def take_back(self) -> bool:
        """Put the last card played back in the deck."""
        return self._run(self._flow.take_back)

    @command("clear")
    def clear(self) -> None:
        """Empty the board and go back to setting up."""
        self._run(self._flow.clear)

    @command("analyse")
    def analyse(self) -> bool:
        """Finish setting up: the engine reads the position; one it refuses says why and changes nothing."""
        return self._run(self._flow.analyse)

    @command("edit")
    def edit(self) -> None:
        """Back to setting up, with the position analysed so far on the board."""
        self._run(self._flow.edit)

    # ------------------------------------------------------------------ analyse

    @command("why")
    def why(self, card: Card | str) -> bool | None:
        """The engine's word on one of your cards: whether it may be played now, and why (``None`` if not asked)."""
        return self._run(self._flow.why, card)

    @command("coach")
    def ask_coach(self) -> Recommendation | None:
        """The coach's card for this position, its reason and each legal card's expected points."""
        return self._run(self._flow.ask_coach)

    # ------------------------------------------------------------------ play on

    @command("play_on")
    def play_on(self) -> bool:
        """Deal the hidden cards one possible way (fitting the view) and play on from the position."""
        return self._run(self._flow.play_on)

    @command("play")
    def play(self, card: Card | str) -> bool:
        """Play ``card`` for the seat that holds it, if it is that seat's turn and the rules allow it."""
        return self._run(self._flow.play, card)

    @command("computer")
    def computer_play(self) -> bool:
        """The computer plays the next card, for whichever seat is to play."""
        return self._run(self._flow.computer_play)

    @command("computers_to_you")
    def computers_to_you(self) -> int:
        """The computers play every seat but yours until your turn (or the hand's end); returns the cards played."""
        return self._run(self._flow.computers_to_you)

    @command("back")
    def back(self) -> bool:
        """One play back (False, with a sentence, at the position played on from)."""
        return self._run(self._flow.back)

    @command("forward")
    def forward(self) -> bool:
        """One play forward again (False, with a sentence, at the last play made)."""
        return self._run(self._flow.forward)

    @command("analyse_here")
    def analyse_here(self) -> bool:
        """Analyse the position at the step shown, as your seat sees it (the other hands hidden again)."""
        return self._run(self._flow.analyse_here)

    @command("stop")
    def stop_playing(self) -> None:
        """Back to analysing the position played on from."""
        self._run(self._flow.stop_playing)

    # ------------------------------------------------------------------ drawing

    def _run(self, action: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T:
        """What the flow's ``action`` returns; the traits show the flow's state after it, even if it raised."""
        try:
            return action(*args, **kwargs)
        finally:
            self._sync()

    def _sync(self) -> None:
        """Copy the flow's state into the traits in one batch; draw the board again only if it changed."""
        flow = self._flow
        with self.changing_together():
            self.mode = flow.mode.value
            self.target = flow.target
            self.step = flow.step
            self.asked = flow.asked
            self.opened = flow.opened
            self.message = asdict(flow.message)
            if flow.coach_answer is not self._coach_shown:  # each asking is said afresh, as it was asked
                self._coach_shown = flow.coach_answer
                self.coach = coach_answer_payload(flow.coach_answer)
            if flow.drawn != self._drawn:
                self._drawn = flow.drawn
                self._draw()

    def _draw(self) -> None:
        flow = self._flow
        if flow.mode is Mode.SETUP:
            self._set(setup_payload(flow))
        elif flow.mode is Mode.PLAY:
            self._set(play_payload(flow.states[flow.step], flow.step, len(flow.states)))
        shown = flow.shown()
        if shown is not None:
            self._set(view_payload(shown))
        self.position_text = format_position(shown) if shown is not None else ""
        self.link = position_link(shown)

    def _set(self, payload: SetupPayload | ViewPayload | PlayPayload) -> None:
        # The payloads' field names are the traits' names.
        for name, value in asdict(payload).items():
            setattr(self, name, value)
