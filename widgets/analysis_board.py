"""The analysis board: set up any position, ask the rules and the coach about it, play on, share it.

Design choices:

* **One position, three modes.**  ``setup`` builds a position by taps (the seat's hand from
  a full deck, then the cards played, trick by trick, with the first trick's leader);
  ``analyse`` shows it as the seat sees it, with the engine's word on every card and the
  coach's recommendation on request; ``play`` plays on from it over one possible layout of
  the hidden cards.  Python holds the state and decides everything; the front end shows
  what the traits say and sends taps.
* **Always from your chair.**  A position is shown from the seat whose view it is, turned
  so that seat is seat 0, "You" (:func:`hearts_core.views.turned_to_you`), as the puzzles are
  (:func:`hearts_core.puzzles.from_solvers_seat`): Hearts is the same game whichever seat
  is numbered 0, and the engine's and the coach's words then name every seat as the board
  does.
* **The notation is the position.**  What setup builds is written as a line of
  ``docs/notation.md`` and read by :func:`hearts_core.parse_position`, the engine's one
  reader: it checks every card once, the leaders, the hand's size and every play through
  the rules.  A setup the reader refuses is refused with its sentence and nothing changes.
  So that a wrong play is refused when it is tapped, not only at the end, each play is
  also asked of :func:`~hearts_core.legality.setup_refusal` on what is known of the seats'
  cards so far (the reader's own method: holding more never makes a refused card playable,
  so such a refusal is certain), and the line is written by the notation's own
  :func:`~hearts_core.notation.setup_position`.  The page's link carries the same line (``?position=``);
  opening the link opens the same board, and the puzzles board and the match's "Review
  this hand" link positions to it (:func:`analysis_link`).
* **Play on is one layout, said so.**  :meth:`hearts_core.knowledge.Knowledge.sample`
  deals the hidden cards consistently with the view (seeded, so a board plays the same
  layout every time), and a real :class:`~hearts_core.state.HandState` takes every play
  through the engine's legality, whichever seat the learner plays for or when the
  computers play.  Back and Forward step through the states kept.
* Every sentence a learner reads is a whole pattern in :data:`PATTERNS`, marked for the
  catalogue where it is written (:func:`hearts_core.wording.marked`) and said in the active
  language by :func:`hearts_core.wording.say`; cards and suits inside them are named by
  ``card_name`` and ``suit_name``.  The fixed labels cross in ``labels``, already translated.

>>> board = AnalysisBoard.from_text("1 ♣8♦3♦5♦8♦Q♦A♠8♠9♠A♥4♥7♥10♥K hold - 0:♣2")
>>> board.mode, board.facts[1], [card["text"] for card in board.hand if card["legal"]]
('analyse', 'It is your turn to play.', ['♣8'])
>>> board.why("♦A"), board.message["text"]
(False, 'Clubs were led and you hold ♣8, so you must play it.')
"""

from __future__ import annotations

import dataclasses
import logging
import random
import urllib.parse
from collections.abc import Sequence
from typing import Any, Final

import traitlets

from hearts_core.bots import make_bot
from hearts_core.cards import DECK, Card, Suit, cards_from_mask, mask_of, to_card
from hearts_core.coach import Recommendation, recommend
from hearts_core.errors import HeartsError, InvalidPositionError, InvalidRecordError
from hearts_core.kernel import winning_position
from hearts_core.knowledge import Knowledge
from hearts_core.legality import ActionReason, IllegalMove, Reason, setup_refusal
from hearts_core.notation import format_position, parse_position, setup_position
from hearts_core.phrasing import by_seat, sentences
from hearts_core.puzzles import Puzzle, load_puzzles
from hearts_core.records import load_record, position_before, view_before_play
from hearts_core.rules import CARDS_PER_SEAT, NUM_SEATS, QUEEN_OF_SPADES, TRICKS_PER_HAND, TWO_OF_CLUBS, Rules
from hearts_core.state import HandState, PassDirection, Phase, SeatView
from hearts_core.views import turned_to_you
from hearts_core.wording import about_points, and_list, card_name, marked, points_phrase, say, seat_name, suit_name
from widgets._base import (
    HeartsWidget,
    bundle_css,
    bundle_esm,
    card_data,
    cards_data,
    command,
    page_address,
    spoken_plays,
)

__all__ = [
    "ANALYSIS_PAGE", "LINK_PARAMETER", "PATTERNS", "AnalysisBoard", "analysis_link", "position_link", "read_position",
    "turned_to_you", "view_before_play",
]

ANALYSIS_PAGE: Final = "analysis.ipynb"
"""The analysis board's page, relative to the lessons (``page_address(ANALYSIS_PAGE) + position_link(view)``)."""
log = logging.getLogger("hearts_lessons.widgets")
LINK_PARAMETER: Final = "position"
"""The query parameter of the page's link that carries the position (``?position=...``)."""

PATTERNS: Final = {
    # fixed words
    "setup_heading": marked("Set up a position"),
    "deck": marked("The deck: tap a card to put it where the next card goes"),
    "target": marked("Tapped cards go to"),
    "target_hand": marked("Your hand"),
    "target_play": marked("The next play"),
    "leader": marked("Who led the first trick"),
    "your_hand": marked("Your hand"),
    "setup_hand": marked("Your hand: tap a card to put it back in the deck"),
    "plays": marked("Cards played, trick by trick"),
    "hand_empty": marked("No cards in your hand yet."),
    "plays_empty": marked("No cards played yet."),
    "take_back": marked("Take back the last play"),
    "clear": marked("Clear the board"),
    "analyse": marked("Analyse this position"),
    "paste_label": marked("Or paste a position in the notation"),
    "paste_open": marked("Open"),
    "edit": marked("Change the position"),
    "hand": marked("Your hand: tap a card to see whether it may be played, and why"),
    "table": marked("The trick so far"),
    "coach_button": marked("Ask the coach"),
    "coach_heading": marked("The coach"),
    "coach_card": marked("Card"),
    "coach_points": marked("Points you should take in the rest of the hand"),
    "players": marked("Points taken and voids shown so far"),
    "player": marked("Player"),
    "points": marked("Points taken"),
    "voids": marked("Shown void in"),
    "play_on": marked("Play on from here"),
    "back": marked("Back"),
    "forward": marked("Forward"),
    "computer": marked("Computer plays the next card"),
    "computers_to_you": marked("Computers play to your turn"),
    "analyse_here": marked("Analyse this position"),
    "stop": marked("Back to the analysis"),
    "position_label": marked("This position in the notation (the page's link carries it too)"),
    "your_card": marked("to play"),
    "hand_of": marked("{seat}'s hand"),
    "layout": marked("The other three hands are one possible layout of the cards you cannot see, dealt at random to "
               "fit everything your seat knows. Real cards could lie differently, and play would change with them."),
    # setup sentences
    "setup_prompt": marked("Tap cards in the deck to put them in your hand, then switch to The next play to put cards "
                    "on the table in the order they were played."),
    "setup_count": marked("Your hand holds {count} of the {needed} cards it needs ({played} of yours played)."),
    "setup_ready": marked("Your hand holds all {needed} cards it needs. Press Analyse this position."),
    "setup_next": marked("The next card played is {seat}'s, in trick {number} of {total}."),
    "setup_next_you": marked("The next card played is yours, in trick {number} of {total}."),
    "setup_over": marked("All {total} tricks are played."),
    "setup_passed": marked("This position keeps its pass: you passed {cards} {direction}. Clear the board to start "
                    "without it."),
    "setup_passed_received": marked("This position keeps its pass: you passed {cards} {direction} and received "
                             "{received}. Clear the board to start without it."),
    "pass_left": marked("to the left"),
    "pass_right": marked("to the right"),
    "pass_across": marked("across"),
    "in_hand": marked("{name}, in your hand"),
    "played_by": marked("{name}, played by {seat}"),
    "added_hand": marked("{card} is in your hand."),
    "removed_hand": marked("{card} is back in the deck."),
    "added_play": marked("{seat} played {card}."),
    "refused_play_you": marked("You cannot have played {card} here: {why} Nothing changed."),
    "refused_play_other": marked("{seat} cannot have played {card} here. The rules would have told {seat}: “{why}” "
                          "Nothing changed."),
    "taken_back": marked("{card} is back in the deck."),
    "nothing_to_take_back": marked("No card has been played yet, so there is nothing to take back."),
    "cleared": marked("The board is empty: tap cards in the deck to set up a position."),
    "in_your_hand": marked("{card} is in your hand, so {seat} cannot have played it. Nothing changed."),
    "twice_played": marked("{card} has been played already, so it cannot be played again or held. Nothing changed."),
    "hand_full": marked("Your hand already holds {count} cards: with {played} of yours played, that is all "
                 "{total}. Nothing changed."),
    "you_full": marked("That would give you more than {total} cards: your play comes from your hand, so tap one of its "
                "cards (ringed in blue in the deck). Nothing changed."),
    "all_played": marked("All {total} tricks are played already. Nothing changed."),
    "leader_locked": marked("Take back the cards played first: who led the first trick decides who played each of "
                            "them. Nothing changed."),
    "leader_two": marked("You hold {card}, and whoever holds {card} leads the first trick. Nothing changed."),
    "leader_set": marked("{seat} leads the first trick."),
    "leader_set_you": marked("You lead the first trick."),
    "refused_setup": marked("This position cannot arise in a game. {problem} Nothing changed."),
    "not_setup": marked("Press Change the position first. Nothing changed."),
    "not_analyse": marked("Set up a position and press Analyse this position first."),
    "not_playing": marked("Press Play on from here first."),
    # analyse sentences
    "analyse_prompt": marked("Tap a card to see whether it may be played and why, or ask the coach."),
    "trick": marked("Trick {number} of {total}"),
    "over": marked("The hand is over: all {total} tricks are played."),
    "passing": marked("The cards are being passed: no trick has started."),
    "your_turn": marked("It is your turn to play."),
    "their_turn": marked("It is {seat}'s turn to play."),
    "hearts_broken": marked("Hearts are broken."),
    "hearts_unbroken": marked("Hearts are not broken yet."),
    "queen_gone": marked("♠Q has been played, by {seat}."),
    "queen_out": marked("♠Q has not been played yet."),
    "nobody_led": marked("Nobody has played to this trick yet."),
    "no_voids": marked("none shown"),
    "allowed": marked("Allowed"),
    "not_allowed": marked("Not allowed"),
    "coach_not_turn": marked("The coach advises the seat whose turn it is, and it is {seat}'s turn here. Play on to "
                      "your turn, or change the position."),
    "coach_over": marked("The hand is over, so there is nothing left to advise."),
    "coach_play": marked("The coach would play {card}."),
    "coach_pass": marked("The coach would pass {cards}."),
    "coach_best": marked("the coach's card"),
    # play on
    "play_prompt": marked("Tap a card of the seat to play, or let the computers play. Back and Forward step through "
                   "the plays."),
    "played": marked("{seat} played {card}."),
    "you_played": marked("You played {card}."),
    "took": marked("{seat} took the trick, with {points}."),
    "you_took": marked("You took the trick, with {points}."),
    "last_trick": marked("{seat} took the last trick with {card}, and {points}."),
    "your_last_trick": marked("You took the last trick with {card}, and {points}."),
    "step": marked("Play {number} of {count} from the position"),
    "at_start": marked("This is the position you started from."),
    "already_yours": marked("It is your turn already: tap one of your cards."),
    "at_end": marked("This is the last play made so far."),
    "seat_points": marked("{seat} {points}"),
    "play_over": marked("The hand is over. Points taken this hand: {points}."),
    "play_passing": marked("Play on starts once the cards are passed: this position is still in the passing."),
    "play_done": marked("The hand is over in this position, so there is nothing to play on."),
    "not_holder": marked("{card} is not in any hand: it has been played already. Nothing changed."),
    "refused_play": marked("{why} Nothing changed."),
    # opening
    "opened_link": marked("Opened the position from the page's link."),
    "opened_text": marked("Opened the position."),
    "bad_link": marked("The position in the page's link cannot be read, so the board is empty. {problem}"),
    "bad_text": marked("That position cannot be read, so nothing changed. {problem}"),
    "open_here": marked("Open this position on the analysis board"),
    "empty_text": marked("Paste a position first: one line in the notation. Nothing changed."),
    "record_heading": marked("Or open a position from a match record"),
    "record_label": marked("Match record (paste it here)"),
    "record_hand": marked("Hand"),
    "record_play": marked("Before play"),
    "record_open": marked("Open at this play"),
    "opened_record": marked("Opened hand {hand} of the record before play {play}, seen by the player to play."),
    "bad_record": marked("That record cannot be opened there, so nothing changed. {problem}"),
    "empty_record": marked("Paste a match record first. Nothing changed."),
    "not_record": marked("That text is not a match record, so nothing changed. A record is the text the guided match "
                   "saves, starting with a curly bracket {{; copy all of it and paste it again."),
    "damaged_record": marked("That record could not be read, so nothing changed: it may have been cut off or changed "
                       "while copying. Copy the whole record again and paste it."),
}
"""Every sentence and label this widget shows, each a whole pattern for :func:`hearts_core.wording.say`."""

EXAMPLE_PUZZLE: Final = "2026-5-18"
"""The shipped puzzle whose position the analysis page opens on (:meth:`AnalysisBoard.example`)."""
_LABELS: Final = (
    "setup_heading", "deck", "target", "leader", "setup_hand", "plays", "hand_empty", "plays_empty", "take_back",
    "clear", "analyse", "paste_label", "paste_open", "record_heading", "record_label", "record_hand", "record_play",
    "record_open", "edit", "hand", "table", "coach_button", "coach_heading", "coach_card", "coach_points", "players",
    "player", "points", "voids", "play_on", "back", "forward", "computer", "computers_to_you", "analyse_here",
    "stop", "position_label", "your_card", "layout",
)
"""The fixed words the front end shows (buttons, headings), keys of :data:`PATTERNS`."""
_TARGETS: Final = ("hand", "play")
_BOT_LEVEL: Final = "normal"
"""The computers' level when they play on: the sound player, quick enough to answer each tap at once."""
_LAYOUT_TRIES: Final = 20
"""Layouts tried before play on gives up (each fits the view; a try fails only on a view the reader let through
that no full deal can reach, which should not happen)."""


# ------------------------------------------------------------------ text and views


def read_position(text: str) -> SeatView:
    """The position written in ``text`` (one line of ``docs/notation.md``), from the chair of its seat.

    This and :func:`position_link` are the board's one seam to the notation.

    Raises:
        InvalidPositionError: the text is not a position; the message names the wrong part.
    """
    return turned_to_you(parse_position(text))


def position_link(view: SeatView | None) -> str:
    """The query part of the page's link for ``view`` (``?position=...``), or ``""`` for no position."""
    if view is None:
        return ""
    return "?" + urllib.parse.urlencode({LINK_PARAMETER: format_position(view)}, quote_via=urllib.parse.quote,
                                        safe=":/")


def analysis_link(view: SeatView, text: str = "") -> dict[str, str]:
    """A link (``href``, ``text``) that opens ``view`` on the analysis board, from any lesson page."""
    return {"href": page_address(ANALYSIS_PAGE) + position_link(view), "text": text or say(PATTERNS["open_here"])}


def _plain(problem: Exception) -> str:
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


# ------------------------------------------------------------------ the widget


class AnalysisBoard(HeartsWidget):
    """Set up a position by taps (or paste, link, record, puzzle), ask why and the coach, play on, share."""

    _esm = bundle_esm("analysis_board.js")
    _css = bundle_css("analysis_board.css")

    mode = traitlets.Unicode("setup").tag(sync=True)
    """``setup``, ``analyse`` or ``play``."""
    labels = traitlets.Dict().tag(sync=True)
    """The page's fixed words (buttons, headings), from :data:`PATTERNS`."""
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
        self._seed = seed
        self._layouts = 0
        self._view: SeatView | None = None
        self._advice: Recommendation | None = None
        self._states: list[HandState] = []
        self._clear_setup()
        self.labels = {name: say(PATTERNS[name]) for name in _LABELS}
        self.targets = [{"key": key, "label": say(PATTERNS[f"target_{key}"])} for key in _TARGETS]
        if isinstance(position, str):
            self._open(read_position(position))
        elif position is not None:
            self._open(turned_to_you(position))
        else:
            self._say("prompt", say(PATTERNS["setup_prompt"]))
            self._draw()

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

    @property
    def position(self) -> SeatView | None:
        """The position analysed (seat 0's view), or ``None`` while it is being set up."""
        return self._view

    @property
    def state(self) -> HandState | None:
        """In play, the hand at the step shown (one possible layout); ``None`` otherwise."""
        return self._states[self.step] if self.mode == "play" and self._states else None

    @command("link")
    def open_link(self, position: str | None = None) -> bool:
        """The page opened with ``?position=`` (its value, or ``None`` without one): open that position.

        Without one the board stays as it is and the link is set from it.  A position that
        cannot be read leaves the board empty, with a sentence saying what is wrong.
        """
        try:
            if not position:
                self._draw()
                return False
            try:
                view = read_position(position)
            except InvalidPositionError as problem:
                self._clear_setup()
                self._view = None
                self.mode = "setup"
                self._say("refused", say(PATTERNS["bad_link"], problem=_plain(problem)))
                self._draw()
                return False
            self._open(view)
            self._say("done", say(PATTERNS["opened_link"]))
            return True
        finally:
            self.opened = True

    @command("paste")
    def paste(self, text: str) -> bool:
        """Open the position ``text`` writes; a line that cannot be read says why and changes nothing."""
        if not text.strip():
            self._say("refused", say(PATTERNS["empty_text"]))
            return False
        try:
            view = read_position(text)
        except InvalidPositionError as problem:
            self._say("refused", say(PATTERNS["bad_text"], problem=_plain(problem)))
            return False
        self._open(view)
        self._say("done", say(PATTERNS["opened_text"]))
        return True

    @command("record")
    def open_record(self, text: str, hand: int, play: int) -> bool:
        """Open the position before play ``play`` of hand ``hand`` (both from 1) of a pasted match record.

        A record that cannot be read, or has no such hand or play, or reaches that play only through an
        illegal one, says why and changes nothing.
        """
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
            self._say("refused", say(PATTERNS["bad_record"], problem=_plain(problem)))
            return False
        self._open(view)
        self._say("done", say(PATTERNS["opened_record"], hand=hand, play=play))
        return True

    def _open(self, view: SeatView) -> None:
        format_position(view)  # a view that cannot arise in a game is refused here, before anything changes
        self._view = view
        self._advice = None
        self._states = []
        self._setup_from(view)
        self.mode = "analyse"
        self.asked = ""
        self._say("prompt", say(PATTERNS["analyse_prompt"]))
        self._draw()

    # ------------------------------------------------------------------ setup

    def _clear_setup(self) -> None:
        self._hand: list[Card] = []
        self._plays: list[Card] = []
        self._first_leader = 0
        self._direction = PassDirection.HOLD
        self._passed: tuple[Card, ...] | None = None
        self._received: tuple[Card, ...] | None = None
        self._rules = Rules()

    def _setup_from(self, view: SeatView) -> None:
        self._hand = list(view.hand)
        self._plays = [card for _, card in view.plays]
        self._first_leader = view.plays[0][0] if view.plays else (view.trick_leader or 0)
        self._direction = view.pass_direction
        self._passed, self._received = view.passed, view.received
        self._rules = view.rules

    def _setup_tricks(self) -> list[tuple[int, list[Card]]]:
        """Every trick begun in setup: its leader (rule 7 from the one before) and its cards."""
        return self._tricks_of(self._plays)

    def _tricks_of(self, plays: Sequence[Card]) -> list[tuple[int, list[Card]]]:
        tricks: list[tuple[int, list[Card]]] = []
        leader = self._first_leader
        for start in range(0, len(plays), NUM_SEATS):
            cards = list(plays[start:start + NUM_SEATS])
            tricks.append((leader, cards))
            if len(cards) == NUM_SEATS:
                leader = (leader + winning_position([card.index for card in cards])) % NUM_SEATS
        if len(tricks) < TRICKS_PER_HAND and (not tricks or len(tricks[-1][1]) == NUM_SEATS):
            tricks.append((leader, []))
        return tricks

    def _next_player(self) -> int | None:
        """The seat whose card the next play in setup is, or ``None`` when all tricks are played."""
        leader, cards = self._setup_tricks()[-1]
        return None if len(cards) == NUM_SEATS else (leader + len(cards)) % NUM_SEATS

    def _plays_of(self, seat: int) -> int:
        return sum(1 for trick_leader, cards in self._setup_tricks()
                   for offset, _ in enumerate(cards) if (trick_leader + offset) % NUM_SEATS == seat)

    def _setup_line(self) -> str:
        """The position setup describes, written in the notation (it may not be one the reader accepts)."""
        return setup_position(self._hand, self._plays, first_leader=self._first_leader, direction=self._direction,
                              passed=self._passed, received=self._received, rules=self._rules)

    def _in_setup(self) -> bool:
        if self.mode != "setup":
            self._say("refused", say(PATTERNS["not_setup"]))
            return False
        return True

    @command("deck")
    def tap_deck(self, card: Card | str) -> bool:
        """Put a deck card where tapped cards go (your hand, or the next play); a card in your hand goes back.

        With the next play chosen, a card of your hand is played from it, on your turn.

        An impossible setup (a card played twice, a fourteenth card, a play after the last
        trick) is refused with a sentence and changes nothing.
        """
        chosen = to_card(card)
        if not self._in_setup():
            return False
        if chosen in self._hand and self.target == "hand":
            self._hand.remove(chosen)
            self._said_setup("prompt", say(PATTERNS["removed_hand"], card=chosen))
            return True
        if chosen in self._plays:
            self._say("refused", say(PATTERNS["twice_played"], card=chosen))
            return False
        if self.target == "hand":
            played = self._plays_of(0)
            if len(self._hand) + played >= CARDS_PER_SEAT:
                self._say("refused", say(PATTERNS["hand_full"], count=len(self._hand), played=played,
                                         total=CARDS_PER_SEAT))
                return False
            self._hand.append(chosen)
            self._said_setup("prompt", say(PATTERNS["added_hand"], card=chosen))
            return True
        player = self._next_player()
        if player is None:
            self._say("refused", say(PATTERNS["all_played"], total=TRICKS_PER_HAND))
            return False
        held = chosen in self._hand
        if held and player != 0:
            self._say("refused", say(PATTERNS["in_your_hand"], card=chosen, seat=seat_name(player)))
            return False
        if player == 0 and not held and len(self._hand) + self._plays_of(0) >= CARDS_PER_SEAT:
            self._say("refused", say(PATTERNS["you_full"], total=CARDS_PER_SEAT))
            return False
        refusal = self._refusal([*self._plays, chosen])
        if refusal is not None:
            self._say("refused", say(PATTERNS["refused_play_you" if player == 0 else "refused_play_other"],
                                     seat=seat_name(player), card=chosen, why=refusal))
            return False
        if held:  # you played it from your hand
            self._hand.remove(chosen)
        self._plays.append(chosen)
        self._said_setup("prompt", say(PATTERNS["added_play"], seat=seat_name(player), card=chosen))
        return True

    def _refusal(self, plays: Sequence[Card]) -> str | None:
        """The engine's sentence on the last of ``plays`` if the rules refuse it on what is known so far, else None.

        The engine's :func:`~hearts_core.legality.setup_refusal` decides: such a refusal is
        certain, and is the one the notation's reader would give once the setup is complete.
        """
        verdict = setup_refusal(self._hand, plays, first_leader=self._first_leader, rules=self._rules)
        return None if verdict is None else verdict.message

    @command("target")
    def choose_target(self, target: str) -> None:
        """Where tapped deck cards go: ``hand`` or ``play``."""
        if target not in _TARGETS:
            raise ValueError(say("Tapped cards go to your hand or to the next play, not {target}.", target=target))
        if not self._in_setup():
            return
        self.target = target
        self._draw()

    @command("leader")
    def choose_leader(self, seat: int) -> bool:
        """Who led the first trick (0 to 3); only before any card is played, and not past the holder of ♣2."""
        if not 0 <= seat < NUM_SEATS:
            raise ValueError(say("Seats are numbered 0 to 3, not {seat}.", seat=seat))
        if not self._in_setup():
            return False
        if self._plays:
            self._say("refused", say(PATTERNS["leader_locked"]))
            return False
        if seat != 0 and TWO_OF_CLUBS in self._hand:
            self._say("refused", say(PATTERNS["leader_two"], card=TWO_OF_CLUBS))
            return False
        self._first_leader = seat
        self._said_setup("prompt", say(PATTERNS["leader_set_you"]) if seat == 0
                         else say(PATTERNS["leader_set"], seat=seat_name(seat)))
        return True

    @command("take_back")
    def take_back(self) -> bool:
        """Put the last card played back in the deck."""
        if not self._in_setup():
            return False
        if not self._plays:
            self._say("refused", say(PATTERNS["nothing_to_take_back"]))
            return False
        card = self._plays.pop()
        self._said_setup("prompt", say(PATTERNS["taken_back"], card=card))
        return True

    @command("clear")
    def clear(self) -> None:
        """Empty the board and go back to setting up."""
        self._clear_setup()
        self._view = None
        self._advice = None
        self._states = []
        self.mode = "setup"
        self.target = "hand"
        self._say("prompt", say(PATTERNS["cleared"]))
        self._draw()

    @command("analyse")
    def analyse(self) -> bool:
        """Finish setting up: the engine reads the position; one it refuses says why and changes nothing."""
        if not self._in_setup():
            return False
        try:
            view = read_position(self._setup_line())
        except InvalidPositionError as problem:
            self._say("refused", say(PATTERNS["refused_setup"], problem=_plain(problem)))
            return False
        self._open(view)
        return True

    @command("edit")
    def edit(self) -> None:
        """Back to setting up, with the position analysed so far on the board."""
        if self._view is not None:
            self._setup_from(self._view)
        self._states = []
        self.mode = "setup"
        self._said_setup("prompt", say(PATTERNS["setup_prompt"]))

    def _said_setup(self, kind: str, text: str) -> None:
        self._say(kind, text)
        self._draw()

    # ------------------------------------------------------------------ analyse

    def _analysed(self) -> SeatView | None:
        if self.mode != "analyse" or self._view is None:
            self._say("refused", say(PATTERNS["not_analyse"]))
            return None
        return self._view

    @command("why")
    def why(self, card: Card | str) -> bool | None:
        """The engine's word on one of your cards: whether it may be played now, and why (``None`` if not asked)."""
        chosen = to_card(card)
        view = self._analysed()
        if view is None:
            return None
        verdict = view.explain(chosen)
        self.asked = str(chosen)
        self.message = {"kind": "allowed" if verdict.legal else "not-allowed",
                        "badge": say(PATTERNS["allowed" if verdict.legal else "not_allowed"]),
                        "text": verdict.message}
        return verdict.legal

    @command("coach")
    def ask_coach(self) -> Recommendation | None:
        """The coach's card for this position, its reason and each legal card's expected points."""
        view = self._analysed()
        if view is None:
            return None
        if view.phase is Phase.HAND_OVER:
            self.coach = {"card": None, "text": say(PATTERNS["coach_over"]), "rows": []}
            return None
        if view.phase is Phase.PLAYING and not view.is_my_turn:
            assert view.to_move is not None
            self.coach = {"card": None, "rows": [],
                          "text": say(PATTERNS["coach_not_turn"], seat=seat_name(view.to_move))}
            return None
        if self._advice is None:
            self._advice = recommend(view)
        advice = self._advice
        headline = (say(PATTERNS["coach_play"], card=advice.card) if advice.card is not None
                    else say(PATTERNS["coach_pass"], cards=and_list(advice.cards)))
        rows = [{"card": card_data(item.card), "points": about_points(item.rest_points),
                 "best": item.card is advice.card} for item in advice.alternatives]
        self.coach = {"card": card_data(advice.card) if advice.card is not None else None,
                      "headline": headline, "text": advice.reason, "rows": rows,
                      "best": say(PATTERNS["coach_best"])}
        return advice

    # ------------------------------------------------------------------ play on

    @command("play_on")
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
        self._states = [self._layout(view)]
        self.mode = "play"
        self.step = 0
        self._say("prompt", say(PATTERNS["play_prompt"]))
        self._draw()
        return True

    def _layout(self, view: SeatView) -> HandState:
        """A real hand at ``view``'s position: the hidden cards dealt one way that fits it, the plays replayed."""
        knowledge = Knowledge.from_view(view)
        problem: Exception | None = None
        for _ in range(_LAYOUT_TRIES):
            rng = random.Random(f"{self._seed}/{self._layouts}/{format_position(view)}")
            self._layouts += 1
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
        if self.mode != "play" or not self._states:
            self._say("refused", say(PATTERNS["not_playing"]))
            return None
        return self._states[self.step]

    @command("play")
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
            self.message = {"kind": "not-allowed", "badge": say(PATTERNS["not_allowed"]),
                            "text": say(PATTERNS["refused_play"], why=verdict.message)}
            return False
        self._advance(state, chosen)
        return True

    @command("computer")
    def computer_play(self) -> bool:
        """The computer plays the next card, for whichever seat is to play."""
        state = self._playing()
        if state is None:
            return False
        if state.to_move is None:
            self._say("refused", say(PATTERNS["play_over"], points=self._points_words(state)))
            return False
        bot = make_bot(_BOT_LEVEL, seed=self._seed + len(state.plays))
        self._advance(state, bot.choose_play(state.view(state.to_move)))
        return True

    @command("computers_to_you")
    def computers_to_you(self) -> int:
        """The computers play every seat but yours until your turn (or the hand's end); returns the cards played."""
        state = self._playing()
        if state is None:
            return 0
        if state.to_move is None:
            self._say("refused", say(PATTERNS["play_over"], points=self._points_words(state)))
            return 0
        if state.to_move == 0:
            self._say("prompt", say(PATTERNS["already_yours"]))
            return 0
        said = []
        while state.to_move not in (None, 0):
            self.computer_play()
            said.append(self.message.get("text", ""))
            state = self._states[self.step]
        self._say("done", " ".join(said))
        return len(said)

    def _advance(self, state: HandState, card: Card) -> None:
        after = state.copy()
        mover = after.to_move
        assert mover is not None
        trick = after.play(card, seat=mover)
        del self._states[self.step + 1:]
        self._states.append(after)
        self.step = len(self._states) - 1
        words = [by_seat(mover, PATTERNS["you_played"], PATTERNS["played"], card=card)]
        if trick is not None:
            words.append(by_seat(trick.winner, PATTERNS["you_took"], PATTERNS["took"],
                                 points=points_phrase(trick.points)))
        if after.is_over:
            words.append(say(PATTERNS["play_over"], points=self._points_words(after)))
        self._say("done", sentences(words))
        self._draw()

    @staticmethod
    def _points_words(state: HandState) -> str:
        return and_list(say(PATTERNS["seat_points"], seat=seat_name(seat), points=points)
                        for seat, points in enumerate(state.points_taken))

    @command("back")
    def back(self) -> bool:
        """One play back (False, with a sentence, at the position played on from)."""
        if self._playing() is None:
            return False
        if self.step == 0:
            self._say("prompt", say(PATTERNS["at_start"]))
            return False
        self.step -= 1
        self._say("prompt", self._step_words())
        self._draw()
        return True

    @command("forward")
    def forward(self) -> bool:
        """One play forward again (False, with a sentence, at the last play made)."""
        if self._playing() is None:
            return False
        if self.step == len(self._states) - 1:
            self._say("prompt", say(PATTERNS["at_end"]))
            return False
        self.step += 1
        self._say("prompt", self._step_words())
        self._draw()
        return True

    def _step_words(self) -> str:
        state = self._states[self.step]
        if self.step == 0:
            return say(PATTERNS["at_start"])
        seat, card = state.plays[-1]
        return by_seat(seat, PATTERNS["you_played"], PATTERNS["played"], card=card)

    @command("analyse_here")
    def analyse_here(self) -> bool:
        """Analyse the position at the step shown, as your seat sees it (the other hands hidden again)."""
        state = self._playing()
        if state is None:
            return False
        self._open(self._seen(state))
        return True

    @command("stop")
    def stop_playing(self) -> None:
        """Back to analysing the position played on from."""
        if self._view is not None and self.mode == "play":
            self._states = []
            self.mode = "analyse"
            self._say("prompt", say(PATTERNS["analyse_prompt"]))
            self._draw()

    def _seen(self, state: HandState) -> SeatView:
        """Your view at a step of play on, with the passes as the position played on from had them."""
        view = state.view(0)
        start = self._view
        if start is None:
            return view
        return dataclasses.replace(view, pass_direction=start.pass_direction, passed=start.passed,
                                   received=start.received)

    # ------------------------------------------------------------------ drawing

    def _say(self, kind: str, text: str) -> None:
        self.message = {"kind": kind, "badge": "", "text": text}

    def _draw(self) -> None:
        with self.changing_together():
            if self.mode == "setup":
                self._draw_setup()
                shown: SeatView | None = None
            elif self.mode == "play":
                state = self._states[self.step]
                shown = self._seen(state)
                self._draw_play(state)
            else:
                shown = self._view
                self.coach = {} if self._advice is None else self.coach
            if shown is not None:
                self._draw_view(shown)
            self.position_text = format_position(shown) if shown is not None else ""
            self.link = position_link(shown)

    def _draw_setup(self) -> None:
        tricks = self._setup_tricks()
        player_of: dict[Card, int] = {}
        for leader, cards in tricks:
            for offset, card in enumerate(cards):
                player_of[card] = (leader + offset) % NUM_SEATS
        hand = set(self._hand)

        def place(card: Card) -> dict[str, Any]:
            data = card_data(card)
            if card in hand:
                return {**data, "place": "hand", "label": say(PATTERNS["in_hand"], name=card_name(card))}
            if card in player_of:
                return {**data, "place": "played",
                        "label": say(PATTERNS["played_by"], name=card_name(card), seat=seat_name(player_of[card]))}
            return {**data, "place": ""}

        # ``suit`` is the English key (a data attribute, never shown); ``label`` names the row.
        self.deck = [{"suit": suit.plural, "label": suit_name(suit),
                      "cards": [place(card) for card in DECK if card.suit is suit]} for suit in Suit]
        self.setup_hand = cards_data(cards_from_mask(mask_of(self._hand)))
        self.setup_tricks = [{"number": number, "leader": seat_name(leader),
                              "plays": [{"seat": seat_name((leader + offset) % NUM_SEATS), "card": card_data(card)}
                                        for offset, card in enumerate(cards)],
                              "words": " ".join(spoken_plays(((leader + offset) % NUM_SEATS
                                                              for offset in range(len(cards))), cards))}
                             for number, (leader, cards) in enumerate(tricks, start=1) if cards]
        self.leaders = [{"seat": seat, "name": seat_name(seat), "chosen": seat == self._first_leader}
                        for seat in range(NUM_SEATS)]
        played = self._plays_of(0)
        needed = CARDS_PER_SEAT - played
        status = [say(PATTERNS["setup_ready" if len(self._hand) == needed else "setup_count"],
                      count=len(self._hand), needed=needed, played=played)]
        player = self._next_player()
        if player is None:
            status.append(say(PATTERNS["setup_over"], total=TRICKS_PER_HAND))
        else:
            status.append(say(PATTERNS["setup_next_you" if player == 0 else "setup_next"], seat=seat_name(player),
                              number=len(tricks), total=TRICKS_PER_HAND))
        if self._passed is not None:
            status.append(say(PATTERNS["setup_passed_received" if self._received is not None else "setup_passed"],
                              direction=say(PATTERNS[f"pass_{self._direction.value}"]),
                              cards=and_list(self._passed),
                              received=and_list(self._received or ())))
        self.setup_status = status

    def _draw_view(self, view: SeatView) -> None:
        legal = set(view.legal_plays())
        queen = next((seat for seat, card in view.plays if card is QUEEN_OF_SPADES), None)
        if view.phase is Phase.HAND_OVER:
            facts = [say(PATTERNS["over"], total=TRICKS_PER_HAND)]
        elif view.phase is Phase.PASSING:
            facts = [say(PATTERNS["passing"])]
        else:
            assert view.to_move is not None
            facts = [say(PATTERNS["trick"], number=len(view.tricks) + 1, total=TRICKS_PER_HAND),
                     say(PATTERNS["your_turn"]) if view.is_my_turn
                     else say(PATTERNS["their_turn"], seat=seat_name(view.to_move))]
        if view.tricks:
            last = view.tricks[-1]
            facts.append(by_seat(last.winner, PATTERNS["your_last_trick"], PATTERNS["last_trick"],
                                 card=last.played_by(last.winner), points=points_phrase(last.points)))
        facts += [say(PATTERNS["hearts_broken" if view.hearts_broken else "hearts_unbroken"]),
                  say(PATTERNS["queen_out"]) if queen is None else say(PATTERNS["queen_gone"], seat=seat_name(queen))]
        self.facts = facts
        self.hand = cards_data(view.hand, legal=lambda card: card in legal)
        voids = Knowledge.from_view(view).voids()
        self.players = [{"seat": seat_name(seat), "points": str(view.points_taken[seat]),
                         "voids": (and_list(suit_name(suit) for suit in voids.get(seat, ()))
                                   or say(PATTERNS["no_voids"])),
                         "you": seat == 0} for seat in range(NUM_SEATS)]
        slots = []
        if view.phase is Phase.PLAYING:
            leader = view.trick_leader
            assert leader is not None
            for offset in range(len(view.current_trick) + 1):
                seat = (leader + offset) % NUM_SEATS
                card = view.current_trick[offset] if offset < len(view.current_trick) else None
                slots.append({"seat": seat_name(seat), "card": card_data(card) if card is not None else None,
                              "you": seat == 0})
            seats = [(leader + offset) % NUM_SEATS for offset in range(len(view.current_trick))]
            self.table_words = " ".join(spoken_plays(seats, view.current_trick) or [say(PATTERNS["nobody_led"])])
        else:
            self.table_words = ""
        self.table = slots

    def _draw_play(self, state: HandState) -> None:
        legal = set(state.legal_plays())

        def playable(card: Card) -> bool:
            return card in legal

        self.seats = [{"name": seat_name(seat), "label": say(PATTERNS["your_hand"]) if seat == 0
                       else say(PATTERNS["hand_of"], seat=seat_name(seat)),
                       "cards": cards_data(state.hand(seat), legal=playable),
                       "to_move": seat == state.to_move, "you": seat == 0} for seat in range(NUM_SEATS)]
        self.steps = len(self._states)
        self.step_text = (say(PATTERNS["step"], number=self.step, count=len(self._states) - 1) if self.step
                          else say(PATTERNS["at_start"]))

