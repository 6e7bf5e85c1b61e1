"""What the match page's front end draws, built from the controller's state.

Design choices:

* One frozen dataclass per trait the front end reads (:class:`Header`, :class:`Offer`,
  :class:`StatisticsPayload` here; the table's, the coach's, the scores' and the review's in
  the modules below); the widget turns them into JSON with :func:`dataclasses.asdict`.  The
  field names are the keys ``static/match/*.js`` reads, so a renamed field is a type error
  here rather than a blank on the page.
* Builders are functions of a :class:`~widgets.match.flow.MatchFlow` (or of engine
  values) and nothing else: they decide no rule and keep no state.  :func:`display` builds
  the whole :class:`Display` from the builders of each panel, one module per panel:
  :mod:`~widgets.match.table_payloads` (the seats, the hand, the table and its story),
  :mod:`~widgets.match.coach_payloads` (the coach's panel),
  :mod:`~widgets.match.score_payloads` (the scores, the result, the score sheet) and
  :mod:`~widgets.match.review_payloads` (the review of a hand and the match's summary).
* Every sentence the page shows or speaks is built in these modules (or in
  :mod:`widgets.match.course` and :mod:`widgets.match.flow`) from a whole pattern with named
  placeholders, said through :func:`hearts_core.wording.say` (a pattern kept in a
  module-level constant is :func:`~hearts_core.wording.marked` where it is written), so that
  a translator can reorder it; where the learner and another seat need different grammar
  there are two patterns.  The front end builds no sentence; its labels ("Hand 2",
  "Trick 5", "2 of 3 chosen") are ``hlT`` patterns in ``static/match``.
* The lists the front end offers (speeds and their delays, levels, options) are built by
  :func:`option_lists` in the page's language and sent once, so the front end does not
  repeat them (:data:`OPTION_LISTS` is the English form, kept for callers that read it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from hearts_core import (
    CARDS_IN_PASS,
    NUM_SEATS,
    QUEEN_OF_SPADES,
    Match,
    Outcome,
    PassDirection,
    SeatView,
    Trick,
    seat_name,
)
from hearts_core.wording import LEARNER_SEAT, marked, say
from hearts_learner.history import FinishedMatch
from hearts_learner.statistics import Statistics
from widgets.match.coach_payloads import Coach, coach_payload
from widgets.match.course import Pending, Screen, saved_place, saved_trick_number, trick_number
from widgets.match.flow import MatchFlow
from widgets.match.review_payloads import Review, Summary, open_review_payload, summary_payload
from widgets.match.score_payloads import Result, Scores, Sheet, result_payload, scores_payload, sheet_payload
from widgets.match.settings import OPPONENT_LEVELS, SPEEDS, TIE_RULES
from widgets.match.table_payloads import (
    SeatRow,
    Story,
    TableCard,
    TrickPayload,
    hand_payload,
    seats_payload,
    story_payload,
    table_payload,
    trick_payload,
)

__all__ = [
    "OPTION_LISTS",
    "Display",
    "Header",
    "Offer",
    "PastMatch",
    "StatisticsPayload",
    "display",
    "history_payload",
    "option_lists",
    "statistics_payload",
]

PASS_TEXT: Final = {
    PassDirection.LEFT: marked("Pass left"),
    PassDirection.RIGHT: marked("Pass right"),
    PassDirection.ACROSS: marked("Pass across"),
    PassDirection.HOLD: marked("No passing"),
}
_DELAYS_MS: Final = {"instant": 0, "normal": 600, "slow": 1400}
_SPEED_TEXT: Final = {"instant": marked("Instant"), "normal": marked("Normal"), "slow": marked("Slow")}
_LEVEL_TEXT: Final = {"easy": marked("Easy"), "normal": marked("Normal"), "hard": marked("Hard")}
_OPTIONS: Final = (
    ("one_tap", marked("Play a card with one tap")),
    ("auto_play_forced", marked("Play my only legal card for me")),
    ("confirm_tricks", marked("Wait for me after each trick")),
    ("show_danger", marked("Mark danger cards")),
    ("show_coach", marked("Show the coach")),
    ("four_colour", marked("Four-colour suits")),
)
_TIE_TEXT: Final = {"share": marked("Tied lowest totals share the win"),
                    "play_on": marked("Tied lowest totals play another hand")}
_TIE_NOTE: Final = {"share": marked("This match: tied lowest totals share the win."),
                    "play_on": marked("This match: tied lowest totals play another hand.")}
PASS_NOTE: Final = {
    PassDirection.LEFT: marked("Pass left: your {count} cards go to {seat}"),
    PassDirection.RIGHT: marked("Pass right: your {count} cards go to {seat}"),
    PassDirection.ACROSS: marked("Pass across: your {count} cards go to {seat}"),
}


def option_lists() -> dict[str, Any]:
    """The choices the options panel offers, in the page's language: speeds (with their delay in ms), levels,
    on/off options, the computers and the tie rules."""
    return {
        "speeds": [{"value": speed, "label": say(_SPEED_TEXT[speed]), "delay": _DELAYS_MS[speed]}
                   for speed in SPEEDS],
        "levels": [{"value": level, "label": say(_LEVEL_TEXT[level])} for level in OPPONENT_LEVELS],
        "options": [{"name": name, "label": say(label)} for name, label in _OPTIONS],
        "computers": [seat_name(seat) for seat in range(1, NUM_SEATS)],
        "cards_in_pass": CARDS_IN_PASS,
        "tie_rules": [{"value": rule, "label": say(_TIE_TEXT[rule])} for rule in TIE_RULES],
    }


OPTION_LISTS: Final[dict[str, Any]] = option_lists()
"""The option lists in English, as built on import (the widget builds its own, in the page's language)."""


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
    tie_text: str
    """The tie rule this match is played under, in words."""
    tie_note: str = ""
    """The same as the options panel says it: "This match: tied lowest totals share the win."."""
    pass_note: str = ""
    """What the table says while passing: "Pass left: your 3 cards go to CPU1" ("" on a hand without passing)."""
    hint: bool = False
    """Whether the toolbar offers Hint: only while the hand is passed or played (nothing to hint once it is over)."""


@dataclass(frozen=True, slots=True)
class Offer:
    """The saved match offered on opening, in the words the panel shows."""

    hand_number: int
    trick_number: int
    text: str
    """Where the saved match stands: "You have a match in progress: hand 2, trick 5."."""
    standings: str
    """Each seat's match total as saved (after the saved hand if it is over): "You 12 · CPU1 30 · CPU2 5 · CPU3 40"."""


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
class PastMatch:
    """A finished match in the history, as the Statistics panel lists it."""

    match_id: str
    label: str
    outcome: Outcome


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
    story: Story | None = None
    sheet: Sheet | None = None
    review: Review | None = None
    summary: Summary | None = None


def display(flow: MatchFlow) -> Display:
    """The whole display for ``flow``'s current state."""
    screen, pending, match = flow.screen, flow.pending, flow.match
    offer = offer_payload(flow)
    if match is None:
        return Display(screen, pending, offer)
    view = match.view(LEARNER_SEAT)
    report = flow.coach_report()
    advice = flow.recommendation()
    show_coach = flow.settings.show_coach and (report is not None or advice is not None)
    return Display(
        screen=screen,
        pending=pending,
        offer=offer,
        header=_header(match, view, flow.shown, screen),
        seats=seats_payload(flow, match, view),
        hand=hand_payload(flow, view, report),
        table=table_payload(view, flow.shown),
        trick_done=flow.shown is not None,
        last_trick=trick_payload(view.tricks[-1]) if view.tricks else None,
        scores=scores_payload(match),
        result=result_payload(match),
        coach=coach_payload(report, advice, view) if show_coach else None,
        story=story_payload(flow, match, view),
        sheet=sheet_payload(match),
        review=open_review_payload(flow, match) if flow.reviewing is not None else None,
        summary=summary_payload(match, flow.review_of, flow.pass_of, flow.unchecked_of) if match.is_over else None,
    )


def _header(match: Match, view: SeatView, shown: Trick | None, screen: Screen) -> Header:
    direction = match.hand.pass_direction
    return Header(
        hand_number=match.hand_number,
        pass_direction=direction.value,
        pass_text=say(PASS_TEXT[direction]),
        pass_to="" if direction is PassDirection.HOLD else seat_name(direction.receiver(LEARNER_SEAT)),
        trick_number=trick_number(match.hand, shown is not None),
        hearts_broken=view.hearts_broken,
        queen_played=any(card is QUEEN_OF_SPADES for _, card in view.plays),
        seed=match.seed,
        target=match.rules.target,
        tie_text=say(_TIE_TEXT[match.rules.tie_rule]),
        tie_note=say(_TIE_NOTE[match.rules.tie_rule]),
        pass_note="" if direction is PassDirection.HOLD else say(
            PASS_NOTE[direction], count=CARDS_IN_PASS, seat=seat_name(direction.receiver(LEARNER_SEAT))),
        hint=screen in (Screen.PASSING, Screen.PLAYING),
    )


def offer_payload(flow: MatchFlow) -> Offer | None:
    if flow.offered is None or flow.match is not None:
        return None
    match = flow.offered.match
    if match.hand.is_over:  # saved on the hand-over screen: the totals after that hand, and the next one to come
        text = say("You have a match in progress: hand {hand} is over, and hand {next} starts when you resume.",
                   hand=match.hand_number, next=match.hand_number + 1)
    else:
        text = say("You have a match in progress: {place}.", place=saved_place(flow.offered))
    return Offer(
        hand_number=match.hand_number,
        trick_number=saved_trick_number(flow.offered),
        text=text,
        standings=_standings(match.totals),
    )


def _standings(totals: tuple[int, ...]) -> str:
    """Each seat's total: "You 12 · CPU1 30 · CPU2 5 · CPU3 40"."""
    joined = ""
    for seat in range(NUM_SEATS):
        item = say("{seat} {total}", seat=seat_name(seat), total=totals[seat])
        joined = say("{items} · {item}", items=joined, item=item) if joined else item
    return joined


def statistics_payload(stats: Statistics) -> StatisticsPayload:
    """The learner's record as the Statistics panel shows it."""
    average = stats.average_points
    return StatisticsPayload(
        played=stats.played, won=stats.won, drawn=stats.drawn, lost=stats.lost, hands=stats.hands,
        average=None if average is None else round(average, 1),
    )


def history_payload(history: tuple[FinishedMatch, ...], limit: int = 10) -> list[PastMatch]:
    """The newest finished matches, as the Statistics panel lists them."""
    return [PastMatch(entry.match_id, entry.label, entry.outcome) for entry in history[:limit]]
