"""What the match page's front end draws, built from the controller's state.

Design choices:

* One frozen dataclass per trait the front end reads (:class:`Header`, :class:`SeatRow`,
  :class:`TrickPayload`, :class:`Scores`, :class:`Result`, :class:`Coach`, :class:`Offer`,
  :class:`StatisticsPayload`); the widget turns them into JSON with
  :func:`dataclasses.asdict`.  The field names are the keys ``static/match/*.js`` reads,
  so a renamed field is a type error here rather than a blank on the page.
* Builders are functions of a :class:`~widgets.match_flow.MatchFlow` (or of engine
  values) and nothing else: they decide no rule and keep no state.
* The lists the front end offers (speeds and their delays, levels, options) are
  :data:`OPTION_LISTS`, sent once, so the front end does not repeat them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from hearts_core import (
    CARDS_IN_PASS,
    NUM_SEATS,
    QUEEN_OF_SPADES,
    TRICKS_PER_HAND,
    Match,
    PassDirection,
    SeatView,
    Trick,
    seat_name,
)
from hearts_core.coach import CoachReport
from hearts_core.wording import and_list, points_phrase
from widgets._base import card_data, cards_data
from widgets.match_flow import LEARNER, LEVELS, SPEEDS, MatchFlow, Pending, Screen, moon_sentence, result_sentence
from widgets.storage import Statistics

__all__ = [
    "OPTION_LISTS",
    "Coach",
    "Display",
    "Header",
    "Offer",
    "Result",
    "Scores",
    "SeatRow",
    "StatisticsPayload",
    "TableCard",
    "TrickPayload",
    "display",
    "statistics_payload",
    "trick_payload",
]

PASS_TEXT: Final = {
    PassDirection.LEFT: "Pass left",
    PassDirection.RIGHT: "Pass right",
    PassDirection.ACROSS: "Pass across",
    PassDirection.HOLD: "No passing",
}
_DELAYS_MS: Final = {"instant": 0, "normal": 600, "slow": 1400}
_OPTIONS: Final = (
    ("one_tap", "Play a card with one tap"),
    ("auto_play_forced", "Play my only legal card for me"),
    ("confirm_tricks", "Wait for me after each trick"),
    ("show_danger", "Mark danger cards"),
    ("show_coach", "Show the coach"),
    ("four_colour", "Four-colour suits"),
)
OPTION_LISTS: Final[dict[str, Any]] = {
    "speeds": [{"value": speed, "label": speed.capitalize(), "delay": _DELAYS_MS[speed]} for speed in SPEEDS],
    "levels": [{"value": level, "label": level.capitalize()} for level in LEVELS],
    "options": [{"name": name, "label": label} for name, label in _OPTIONS],
    "computers": [seat_name(seat) for seat in range(1, NUM_SEATS)],
    "cards_in_pass": CARDS_IN_PASS,
}
"""The choices the options panel offers: speeds (with their delay in ms), levels, on/off options."""


@dataclass(frozen=True, slots=True)
class Header:
    """The status line above the table."""

    hand_number: int
    pass_direction: str
    pass_text: str
    pass_to: str
    trick_number: int
    hearts_broken: bool
    queen_played: bool
    seed: int
    target: int


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


@dataclass(frozen=True, slots=True)
class TableCard:
    """A card on the table and who played it."""

    seat: int
    name: str
    card: dict[str, Any]
    winner: bool


@dataclass(frozen=True, slots=True)
class TrickPayload:
    """A finished trick: its cards, who took it and for how much."""

    cards: list[TableCard]
    winner: str
    points: int
    text: str


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One seat's line on the score screen."""

    seat: int
    name: str
    before: int
    hand: int
    total: int
    winner: bool


@dataclass(frozen=True, slots=True)
class Scores:
    """The score screen after a hand."""

    hand_number: int
    rows: list[ScoreRow]
    moon: str


@dataclass(frozen=True, slots=True)
class Result:
    """The end of the match."""

    outcome: str
    text: str
    winners: list[str]


@dataclass(frozen=True, slots=True)
class Void:
    """A seat that has shown it has run out of suits."""

    name: str
    suits: list[str]
    text: str


@dataclass(frozen=True, slots=True)
class Outlook:
    """The coach's figures for one card."""

    card: dict[str, Any]
    win: float
    points: float
    dangerous: bool


@dataclass(frozen=True, slots=True)
class Coach:
    """The coach's panel."""

    unseen: int
    voids: list[Void]
    queen: str
    outlooks: list[Outlook]
    advice: str
    exact: bool


@dataclass(frozen=True, slots=True)
class SeatTotal:
    """A name and a total, for the resume offer."""

    name: str
    total: int


@dataclass(frozen=True, slots=True)
class Offer:
    """The saved match offered on opening."""

    hand_number: int
    trick_number: int
    totals: list[SeatTotal]
    saved_at: str


@dataclass(frozen=True, slots=True)
class StatisticsPayload:
    """The learner's record."""

    played: int
    won: int
    drawn: int
    lost: int
    hands: int
    average: float | None


@dataclass(frozen=True, slots=True)
class Display:
    """Everything the front end redraws after an action (``None``: an empty panel)."""

    screen: Screen
    pending: Pending
    offer: Offer | None
    header: Header | None = None
    seats: list[SeatRow] = field(default_factory=list)
    hand: list[dict[str, Any]] = field(default_factory=list)
    table: list[TableCard] = field(default_factory=list)
    trick_done: bool = False
    last_trick: TrickPayload | None = None
    scores: Scores | None = None
    result: Result | None = None
    coach: Coach | None = None


def display(flow: MatchFlow) -> Display:
    """The whole display for ``flow``'s current state."""
    screen, pending, match = flow.screen, flow.pending, flow.match
    offer = _offer(flow)
    if match is None:
        return Display(screen, pending, offer)
    view = match.view(LEARNER)
    report = flow.coach_report()
    return Display(
        screen=screen,
        pending=pending,
        offer=offer,
        header=_header(match, view, flow.shown),
        seats=_seats(flow, match, view),
        hand=_hand(flow, view, report),
        table=_table(view, flow.shown),
        trick_done=flow.shown is not None,
        last_trick=trick_payload(view.tricks[-1]) if view.tricks else None,
        scores=_scores(match),
        result=_result(match),
        coach=_coach(report) if report is not None and flow.settings.show_coach else None,
    )


def _header(match: Match, view: SeatView, shown: Trick | None) -> Header:
    direction = match.hand.pass_direction
    return Header(
        hand_number=match.hand_number,
        pass_direction=direction.value,
        pass_text=PASS_TEXT[direction],
        pass_to="" if direction is PassDirection.HOLD else seat_name(direction.receiver(LEARNER)),
        # A finished trick still on the table is the one the header counts.
        trick_number=min(len(view.tricks) + (shown is None), TRICKS_PER_HAND),
        hearts_broken=view.hearts_broken,
        queen_played=any(card is QUEEN_OF_SPADES for _, card in view.plays),
        seed=match.seed,
        target=match.rules.target,
    )


def _seats(flow: MatchFlow, match: Match, view: SeatView) -> list[SeatRow]:
    before = match.totals_before_hand
    # Once the hand is over, "this hand" is its score (the moon rule applied), as on the score screen.
    this_hand = match.hand.scores if match.hand.is_over else view.points_taken
    waiting = flow.pending is Pending.ADVANCE and flow.shown is None
    return [
        SeatRow(
            seat=seat,
            name=seat_name(seat),
            cards_left=view.cards_left(seat),
            total=before[seat],
            this_hand=this_hand[seat],
            to_move=view.to_move == seat and flow.shown is None and (waiting or seat == LEARNER),
            level=flow.settings.levels[seat - 1] if seat != LEARNER else "",
        )
        for seat in range(NUM_SEATS)
    ]


def _hand(flow: MatchFlow, view: SeatView, report: CoachReport | None) -> list[dict[str, Any]]:
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


def _table(view: SeatView, shown: Trick | None) -> list[TableCard]:
    if shown is not None:
        return trick_payload(shown).cards
    leader = view.trick_leader
    if leader is None:
        return []
    seats = [(leader + offset) % NUM_SEATS for offset in range(len(view.current_trick))]
    return [TableCard(seat, seat_name(seat), card_data(card), False)
            for seat, card in zip(seats, view.current_trick, strict=True)]


def trick_payload(trick: Trick) -> TrickPayload:
    """A finished trick as the "Last trick" panel (and the table, while it is on show) draws it."""
    return TrickPayload(
        cards=[TableCard(seat, seat_name(seat), card_data(card), seat == trick.winner)
               for seat, card in zip(trick.seats, trick.cards, strict=True)],
        winner=seat_name(trick.winner),
        points=trick.points,
        text=f"{seat_name(trick.winner)} took it with {trick.played_by(trick.winner)} "
             f"({points_phrase(trick.points)}).",
    )


def _scores(match: Match) -> Scores | None:
    if not match.hand.is_over:
        return None
    before, this_hand, totals = match.totals_before_hand, match.hand.scores, match.totals
    winners = match.winners or ()
    return Scores(
        hand_number=match.hand_number,
        rows=[ScoreRow(seat, seat_name(seat), before[seat], this_hand[seat], totals[seat], seat in winners)
              for seat in range(NUM_SEATS)],
        moon=moon_sentence(match),
    )


def _result(match: Match) -> Result | None:
    if not match.is_over:
        return None
    outcome, text = result_sentence(match)
    return Result(outcome, text, [seat_name(seat) for seat in match.winners or ()])


def _offer(flow: MatchFlow) -> Offer | None:
    if flow.offered is None or flow.match is not None:
        return None
    match = flow.offered.match
    totals = match.totals_before_hand
    return Offer(
        hand_number=match.hand_number,
        trick_number=min(len(match.hand.tricks) + 1, TRICKS_PER_HAND),
        totals=[SeatTotal(seat_name(seat), totals[seat]) for seat in range(NUM_SEATS)],
        saved_at=flow.offered.saved_at,
    )


def _coach(report: CoachReport) -> Coach:
    reading = report.reading
    # Only seats that have shown a void are listed: "none yet" three times is noise.
    voids = [
        Void(seat_name(seat), [suit.symbol for suit in suits],
             f"{seat_name(seat)} has run out of {and_list(suit.plural for suit in suits)}.")
        for seat, suits in sorted(reading.voids.items()) if suits
    ]
    if reading.queen_played:
        queen = "♠Q has been played."
    elif LEARNER in reading.queen_of_spades:
        queen = "♠Q is in your hand."
    else:
        queen = f"♠Q may be with {and_list(seat_name(seat) for seat in reading.queen_of_spades)}."
    return Coach(
        unseen=len(reading.unseen),
        voids=voids,
        queen=queen,
        outlooks=[Outlook(card_data(item.card), round(item.win_chance, 3), round(item.expected_points, 2),
                          item.dangerous)
                  for item in report.outlooks],
        advice=report.advice,
        exact=report.exact,
    )


def statistics_payload(stats: Statistics) -> StatisticsPayload:
    """The learner's record as the Statistics panel shows it."""
    average = stats.average_points
    return StatisticsPayload(
        played=stats.played, won=stats.won, drawn=stats.drawn, lost=stats.lost, hands=stats.hands,
        average=None if average is None else round(average, 1),
    )
