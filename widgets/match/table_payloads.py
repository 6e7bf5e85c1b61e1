"""The match table as the page draws it: the seats' chips, the learner's hand, the cards played and the story.

Design choices:

* The table tells the story in words (:class:`Story`): who led and which suit, whose turn
  it is, and, from the moment a trick is complete until the next card is played, who took
  it and for how many points; :attr:`Story.spoken` says the whole table to a screen reader.
* A seat's chip has a sentence for a screen reader too (:attr:`SeatRow.spoken`), and a
  finished trick one for the "Last trick" panel (:func:`trick_payload`).
* Cards cross as :func:`widgets._base.card_data`; which of the learner's cards may be played
  comes from the engine (``legal_plays``), never from the front end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from hearts_core import NUM_SEATS, Card, Match, Phase, SeatView, Trick, seat_name, trick_winner
from hearts_core.coach import CoachReport
from hearts_core.wording import LEARNER_SEAT, marked, points_phrase, say, say_n, suit_name
from widgets._base import card_data, cards_data, spoken_plays
from widgets.match.course import Pending, Screen, taken_sentence
from widgets.match.flow import MatchFlow
from widgets.phrases import nonempty_sentences

__all__ = [
    "SeatRow",
    "Story",
    "TableCard",
    "TrickPayload",
    "hand_payload",
    "seats_payload",
    "story_payload",
    "table_payload",
    "trick_payload",
    "winning_sentence",
]

# The table's sentences, each one whole pattern with named placeholders (ready for translation).
LED_SUIT: Final = marked("{seat} led {suit}.")
YOU_LED_SUIT: Final = marked("You led {suit}.")
EMPTY_TABLE: Final = marked("No card on the table yet.")
YOU_ARE_WINNING: Final = marked("You are winning the trick with {card}.")
IS_WINNING: Final = marked("{seat} is winning the trick with {card}.")
YOUR_LEAD: Final = marked("Your turn to lead.")
YOUR_TURN: Final = marked("Your turn.")
LEADS_NEXT: Final = marked("{seat} leads next.")
TO_PLAY: Final = marked("{seat} to play.")
PRESS_NEXT_TRICK: Final = marked("Press Next trick to go on.")
# A seat's chip, for a screen reader.
CHIP_YOU: Final = marked("{seat}: {total} in total, {hand} this hand")
CHIP: Final = marked("{seat}: {total} in total, {hand} this hand, {cards} left")
CHIP_YOU_TO_PLAY: Final = marked("{seat}: {total} in total, {hand} this hand, to play")
CHIP_TO_PLAY: Final = marked("{seat}: {total} in total, {hand} this hand, {cards} left, to play")


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat's chip: name, cards left, totals and whether it is to move."""

    seat: int
    name: str
    cards_left: int
    total: int
    this_hand: int
    to_move: bool
    level: str
    cards_text: str = ""
    """The cards left, as the chip shows them: "12 cards", "1 card" ("" for the learner)."""
    spoken: str = ""
    """The chip for a screen reader: "CPU1: 12 in total, 3 this hand, 1 card left, to play"."""


@dataclass(frozen=True, slots=True)
class TableCard:
    """A card on the table and who played it."""

    seat: int
    name: str
    card: dict[str, Any]
    winner: bool
    led: bool = False
    """The card that led the trick (the suit the others must follow)."""


@dataclass(frozen=True, slots=True)
class Story:
    """The table in words: who led which suit, whose turn it is, who took the trick just finished."""

    leader: int
    """The seat that led the trick on the table (-1: none)."""
    led_text: str
    turn: int
    """The seat to move (-1: nobody, e.g. a finished trick waits for Next trick)."""
    turn_text: str
    taker: int
    """The seat that took the finished trick still on the table (-1: none)."""
    taken_text: str
    spoken: str
    """The whole table for a screen reader: each card played, who took (or is winning) the trick, whose turn."""


@dataclass(frozen=True, slots=True)
class TrickPayload:
    """A finished trick: its cards, who took it and for how much."""

    cards: list[TableCard]
    winner: str
    points: int
    text: str


def seats_payload(flow: MatchFlow, match: Match, view: SeatView) -> list[SeatRow]:
    # Once the hand is over, "this hand" is its score (the moon rule applied) and the total
    # includes it, as on the score screen: the chips read "total / this hand".
    over = match.hand.is_over
    before = match.totals if over else match.totals_before_hand
    this_hand = match.hand.scores if over else view.points_taken
    waiting = flow.pending is Pending.ADVANCE and flow.shown is None
    rows = []
    for seat in range(NUM_SEATS):
        left = view.cards_left(seat)
        to_move = view.to_move == seat and flow.shown is None and (waiting or seat == LEARNER_SEAT)
        cards = "" if seat == LEARNER_SEAT else say_n("{count} card", "{count} cards", left)
        if seat == LEARNER_SEAT:
            pattern = CHIP_YOU_TO_PLAY if to_move else CHIP_YOU
        else:
            pattern = CHIP_TO_PLAY if to_move else CHIP
        rows.append(SeatRow(
            seat=seat,
            name=seat_name(seat),
            cards_left=left,
            total=before[seat],
            this_hand=this_hand[seat],
            to_move=to_move,
            level=flow.settings.levels[seat - 1] if seat != LEARNER_SEAT else "",
            cards_text=cards,
            spoken=say(pattern, seat=seat_name(seat), total=before[seat], hand=this_hand[seat], cards=cards),
        ))
    return rows


def hand_payload(flow: MatchFlow, view: SeatView, report: CoachReport | None) -> list[dict[str, Any]]:
    playing = flow.screen is Screen.PLAYING and flow.pending is Pending.LEARNER
    legal = set(view.legal_plays()) if playing else None
    received = set(view.received or ()) if view.first_trick else set()
    danger = (
        {outlook.card for outlook in report.outlooks if outlook.dangerous}
        if report is not None and flow.settings.show_danger else set()
    )
    return cards_data(
        view.hand,
        legal=lambda card: None if legal is None else card in legal,
        received=lambda card: card in received,
        danger=lambda card: card in danger,
    )


def table_payload(view: SeatView, shown: Trick | None) -> list[TableCard]:
    if shown is not None:
        return trick_payload(shown).cards
    leader = view.trick_leader
    if leader is None:
        return []
    if not view.current_trick and view.tricks and view.phase is Phase.PLAYING:
        # The trick just finished stays in sight until the next card is played.
        return trick_payload(view.tricks[-1]).cards
    seats = [(leader + offset) % NUM_SEATS for offset in range(len(view.current_trick))]
    return [TableCard(seat, seat_name(seat), card_data(card), False, offset == 0)
            for offset, (seat, card) in enumerate(zip(seats, view.current_trick, strict=True))]


def story_payload(flow: MatchFlow, match: Match, view: SeatView) -> Story | None:
    if flow.screen is not Screen.PLAYING:
        return None
    finished = flow.shown
    if finished is None and not view.current_trick and view.tricks:
        finished = view.tricks[-1]
    if finished is not None:
        seats, cards = list(finished.seats), list(finished.cards)
    elif view.current_trick and view.trick_leader is not None:
        seats = [(view.trick_leader + offset) % NUM_SEATS for offset in range(len(view.current_trick))]
        cards = list(view.current_trick)
    else:
        seats, cards = [], []
    leader = seats[0] if seats else -1
    led_text = (say(YOU_LED_SUIT if leader == LEARNER_SEAT else LED_SUIT, seat=seat_name(leader),
                    suit=suit_name(cards[0].suit)) if cards else "")
    taker, taken_text = -1, ""
    if finished is not None:
        taker = finished.winner
        taken_text = taken_sentence(finished)
    turn, turn_text = -1, ""
    if flow.shown is None and view.to_move is not None:
        turn = view.to_move
        leading = not view.current_trick
        if turn == LEARNER_SEAT:
            turn_text = say(YOUR_LEAD if leading else YOUR_TURN)
        else:
            turn_text = say(LEADS_NEXT if leading else TO_PLAY, seat=seat_name(turn))
    elif flow.shown is not None and flow.pending is Pending.NEXT_TRICK:
        turn_text = say(PRESS_NEXT_TRICK)
    # The spoken table: each card in order, then who took the trick (or who is winning it), then whose turn.
    spoken = spoken_plays(seats, cards) or [say(EMPTY_TABLE)]
    if taken_text:
        spoken.append(taken_text)
    elif len(cards) > 1:
        spoken.append(winning_sentence(seats, cards))
    if turn_text:
        spoken.append(turn_text)
    return Story(leader, led_text, turn, turn_text, taker, taken_text, nonempty_sentences(*spoken))


def winning_sentence(seats: list[int], cards: list[Card]) -> str:
    """Who is winning a trick still being played, and with which card."""
    best = trick_winner(cards)
    seat = seats[best]
    if seat == LEARNER_SEAT:
        return say(YOU_ARE_WINNING, card=cards[best])
    return say(IS_WINNING, seat=seat_name(seat), card=cards[best])


def trick_payload(trick: Trick) -> TrickPayload:
    """A finished trick as the "Last trick" panel (and the table, while it is on show) draws it."""
    return TrickPayload(
        cards=[TableCard(seat, seat_name(seat), card_data(card), seat == trick.winner, offset == 0)
               for offset, (seat, card) in enumerate(zip(trick.seats, trick.cards, strict=True))],
        winner=seat_name(trick.winner),
        points=trick.points,
        text=_took_it(trick),
    )


def _took_it(trick: Trick) -> str:
    """The "Last trick" panel's line: who took it, with which card, for how many points."""
    values = {"seat": seat_name(trick.winner), "card": trick.played_by(trick.winner),
              "points": points_phrase(trick.points)}
    if trick.winner == LEARNER_SEAT:
        return say("You took it with {card} ({points}).", **values)
    return say("{seat} took it with {card} ({points}).", **values)
