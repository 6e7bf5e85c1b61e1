"""What the match page's front end draws, built from the controller's state.

Design choices:

* One frozen dataclass per trait the front end reads (:class:`Header`, :class:`SeatRow`,
  :class:`TrickPayload`, :class:`Scores`, :class:`Result`, :class:`Coach`, :class:`Offer`,
  :class:`StatisticsPayload`); the widget turns them into JSON with
  :func:`dataclasses.asdict`.  The field names are the keys ``static/match/*.js`` reads,
  so a renamed field is a type error here rather than a blank on the page.
* Builders are functions of a :class:`~widgets.match_flow.MatchFlow` (or of engine
  values) and nothing else: they decide no rule and keep no state.
* The table tells the story in words (:class:`Story`): who led and which suit, whose turn
  it is, and, from the moment a trick is complete until the next card is played, who took
  it and for how many points; :attr:`Story.spoken` says the whole table to a screen reader.
* Every sentence the page shows or speaks is built here (or in :mod:`widgets.match_flow`)
  from a whole pattern with named placeholders, said through :func:`hearts_core.wording.say`
  (a pattern kept in a module-level constant is :func:`~hearts_core.wording.marked` where it
  is written), so that a translator can reorder it; where the learner and another seat need
  different grammar there are two patterns.  The front end builds no sentence; its labels
  ("Hand 2", "Trick 5", "2 of 3 chosen") are ``hlT`` patterns in ``static/match``.
* The lists the front end offers (speeds and their delays, levels, options) are built by
  :func:`option_lists` in the page's language and sent once, so the front end does not
  repeat them (:data:`OPTION_LISTS` is the English form, kept for callers that read it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from hearts_core import (
    CARDS_IN_PASS,
    NUM_SEATS,
    QUEEN_OF_SPADES,
    Card,
    Match,
    Outcome,
    PassDirection,
    Phase,
    SeatView,
    Trick,
    seat_name,
    trick_winner,
)
from hearts_core.coach import CoachReport, Recommendation
from hearts_core.records import view_before_play
from hearts_core.review import Mistake
from hearts_core.wording import (
    LEARNER_SEAT,
    about_points,
    and_list,
    card_name,
    marked,
    points_phrase,
    say,
    say_n,
    suit_name,
)
from hearts_learner.history import FinishedMatch
from hearts_learner.statistics import Statistics
from widgets._base import card_data, cards_data, spoken_plays
from widgets.analysis.links import analysis_link
from widgets.match_flow import (
    OPPONENT_LEVELS,
    SPEEDS,
    TIE_RULES,
    MatchFlow,
    Pending,
    Screen,
    moon_sentence,
    result_sentence,
    saved_place,
    saved_trick_number,
    taken_sentence,
    trick_number,
)
from widgets.phrases import sentences

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
    "option_lists",
    "statistics_payload",
    "trick_payload",
]

PASS_TEXT: Final = {
    PassDirection.LEFT: marked("Pass left"),
    PassDirection.RIGHT: marked("Pass right"),
    PassDirection.ACROSS: marked("Pass across"),
    PassDirection.HOLD: marked("No passing"),
}
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
# A seat's chip and a score sheet cell, for a screen reader.
CHIP_YOU: Final = marked("{seat}: {total} in total, {hand} this hand")
CHIP: Final = marked("{seat}: {total} in total, {hand} this hand, {cards} left")
CHIP_YOU_TO_PLAY: Final = marked("{seat}: {total} in total, {hand} this hand, to play")
CHIP_TO_PLAY: Final = marked("{seat}: {total} in total, {hand} this hand, {cards} left, to play")
SHEET_CELL: Final = marked("{seat}: {points}, total {total}")
SHEET_HAND_MOON: Final = marked("hand {hand}, the moon was shot")
SHEET_HAND: Final = marked("hand {hand}")
REVIEW_STEP: Final = marked("trick {trick}: you played {card}")
REVIEW_STEP_COSTLY: Final = marked("trick {trick}: you played {card}, a costly play")


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
class SheetRow:
    """One finished hand on the score sheet: each seat's points in it and the totals after it."""

    hand: int
    points: list[int]
    totals: list[int]
    moon: bool
    labels: list[str] = field(default_factory=list)
    """Each seat's cell for a screen reader: "CPU1: 1 point, total 14"."""
    hand_label: str = ""
    """The hand's number for a screen reader, saying whether the moon was shot."""


@dataclass(frozen=True, slots=True)
class Sheet:
    """The score sheet of the match so far, one row per finished hand."""

    names: list[str]
    rows: list[SheetRow]


@dataclass(frozen=True, slots=True)
class ReviewStep:
    """One of the learner's plays in a reviewed hand."""

    trick: int
    cards: list[TableCard]
    played: dict[str, Any]
    taker: str
    points: int
    mistake: bool
    better: dict[str, Any] | None
    cost: float
    text: str
    why: str
    label: str = ""
    """The step's button for a screen reader: "trick 3: you played queen of spades, a costly play"."""
    analysis: dict[str, str] | None = None
    """The position before this play on the analysis board (``href``, ``text``)."""


@dataclass(frozen=True, slots=True)
class Review:
    """"Review this hand": every play of the learner, the costly ones marked with a better card and why."""

    hand_number: int
    steps: list[ReviewStep]
    mistakes: int
    lost: float
    text: str
    available: bool


@dataclass(frozen=True, slots=True)
class SummaryRow:
    """One hand's costly plays, for the match-over summary."""

    hand: int
    mistakes: int
    lost: float
    text: str
    plays: list[str]
    """The costly cards, in order."""
    taken: int = 0
    """Points the learner took in the hand (before the moon rule)."""
    lost_text: str = ""
    """``lost`` as a learner reads it: "about 6 points", "less than a point"."""


@dataclass(frozen=True, slots=True)
class Summary:
    """Points lost to mistakes, hand by hand, over the whole match."""

    rows: list[SummaryRow]
    lost: float
    text: str
    taken: int = 0
    """Points the learner took over the reviewed hands."""


@dataclass(frozen=True, slots=True)
class PastMatch:
    """A finished match in the history, as the Statistics panel lists it."""

    match_id: str
    label: str
    outcome: Outcome


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
    """Who shot the moon and what it did to the scores; empty when nobody did."""


@dataclass(frozen=True, slots=True)
class Result:
    """The end of the match."""

    outcome: Outcome
    """How the match went for the learner."""
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
    outlooks: list[Outlook]
    advice: str
    """Why the recommended card (or pass): ``recommend``'s reason, "" when the learner has nothing to decide."""
    exact: bool
    cards: list[dict[str, Any]]
    """The recommended card (three while passing)."""
    passing: bool
    facts: list[str] = field(default_factory=list)
    """What the play so far shows, a sentence each: hidden cards, ♠Q, the suits seats have run out of."""
    advice_title: str = ""
    """What the advice weighs (the rest of the hand), above the advice."""
    odds_title: str = ""
    """What the table of odds covers (this trick only), above it."""
    odds_columns: list[str] = field(default_factory=list)
    odds_note: str = ""
    """How the odds were worked out (every deal, or a sample)."""
    pick_label: str = ""
    """The coach's pick for a screen reader: "the coach would play queen of diamonds"."""


@dataclass(frozen=True, slots=True)
class Offer:
    """The saved match offered on opening, in the words the panel shows."""

    hand_number: int
    trick_number: int
    text: str
    """Where the saved match stands: "You have a match in progress: hand 2, trick 5."."""
    standings: str
    """Each seat's total before the saved hand: "You 12 · CPU1 30 · CPU2 5 · CPU3 40"."""


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
    story: Story | None = None
    sheet: Sheet | None = None
    review: Review | None = None
    summary: Summary | None = None


def display(flow: MatchFlow) -> Display:
    """The whole display for ``flow``'s current state."""
    screen, pending, match = flow.screen, flow.pending, flow.match
    offer = _offer(flow)
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
        header=_header(match, view, flow.shown),
        seats=_seats(flow, match, view),
        hand=_hand(flow, view, report),
        table=_table(view, flow.shown),
        trick_done=flow.shown is not None,
        last_trick=trick_payload(view.tricks[-1]) if view.tricks else None,
        scores=_scores(match),
        result=_result(match),
        coach=_coach(report, advice, view) if show_coach else None,
        story=_story(flow, match, view),
        sheet=sheet_payload(match),
        review=_review(flow, match) if flow.reviewing is not None else None,
        summary=summary_payload(match, flow.review_of) if match.is_over else None,
    )


def _header(match: Match, view: SeatView, shown: Trick | None) -> Header:
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
    )


def _seats(flow: MatchFlow, match: Match, view: SeatView) -> list[SeatRow]:
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
    if not view.current_trick and view.tricks and view.phase is Phase.PLAYING:
        # The trick just finished stays in sight until the next card is played.
        return trick_payload(view.tricks[-1]).cards
    seats = [(leader + offset) % NUM_SEATS for offset in range(len(view.current_trick))]
    return [TableCard(seat, seat_name(seat), card_data(card), False, offset == 0)
            for offset, (seat, card) in enumerate(zip(seats, view.current_trick, strict=True))]


def _story(flow: MatchFlow, match: Match, view: SeatView) -> Story | None:
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
    return Story(leader, led_text, turn, turn_text, taker, taken_text, sentences(*spoken))


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


def _standings(totals: tuple[int, ...]) -> str:
    """Each seat's total: "You 12 · CPU1 30 · CPU2 5 · CPU3 40"."""
    joined = ""
    for seat in range(NUM_SEATS):
        item = say("{seat} {total}", seat=seat_name(seat), total=totals[seat])
        joined = say("{items} · {item}", items=joined, item=item) if joined else item
    return joined


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
    return Result(*result_sentence(match))


def _offer(flow: MatchFlow) -> Offer | None:
    if flow.offered is None or flow.match is not None:
        return None
    match = flow.offered.match
    totals = match.totals_before_hand
    return Offer(
        hand_number=match.hand_number,
        trick_number=saved_trick_number(flow.offered),
        text=say("You have a match in progress: {place}.", place=saved_place(flow.offered)),
        standings=_standings(totals),
    )


# The coach's panel: its advice weighs the rest of the hand, its table of odds this trick only,
# and the two say so, so that their figures are never read as one.
ADVICE_TITLE: Final = marked("Best for the rest of the hand")
PICK_PLAY: Final = marked("the coach would play {cards}")
PICK_PASS: Final = marked("the coach would pass {cards}")
PASS_TITLE: Final = marked("What to pass")
ODDS_TITLE: Final = marked("This trick only")
ODDS_COLUMNS: Final = (marked("Card"), marked("Takes this trick"), marked("Points from this trick"))
ODDS_EXACT: Final = marked("Worked out over every deal that fits what you have seen, against careful opponents.")
ODDS_SAMPLED: Final = marked("Estimated from many deals that fit what you have seen, against careful opponents.")
OUT_OF: Final = marked("{seat} has run out of {suits}.")
YOU_OUT_OF: Final = marked("You have run out of {suits}.")
ALL_FOLLOWED: Final = marked("So far the others have always followed suit: none of them has shown an empty suit.")
QUEEN_PLAYED: Final = marked("♠Q has been played.")
QUEEN_YOURS: Final = marked("♠Q is in your hand.")
QUEEN_MAY_BE: Final = marked("♠Q may be with {seats}.")


def others_always_followed(view: SeatView) -> bool:
    """True when no other seat has yet played a card off the suit led (so none has shown an empty suit)."""
    tricks = [list(zip(trick.seats, trick.cards, strict=True)) for trick in view.tricks]
    if view.current_trick and view.trick_leader is not None:
        tricks.append([((view.trick_leader + offset) % NUM_SEATS, card)
                       for offset, card in enumerate(view.current_trick)])
    return all(card.suit is trick[0][1].suit for trick in tricks for seat, card in trick[1:]
               if seat != LEARNER_SEAT)


def _followed_so_far_matters(view: SeatView) -> bool:
    """Whether "the others have always followed" tells the learner anything.

    Not before another seat has had to follow a suit (it would be true of nothing), nor on
    the last trick (every seat has one card left, and yours is the only one you may play).
    """
    followed = any(seat != LEARNER_SEAT for trick in view.tricks for seat in trick.seats[1:])
    if view.current_trick and view.trick_leader is not None:
        followed = followed or any((view.trick_leader + offset) % NUM_SEATS != LEARNER_SEAT
                                   for offset in range(1, len(view.current_trick)))
    return followed and len(view.hand) > 1


def coach_facts(report: CoachReport, view: SeatView) -> list[str]:
    """What the play so far shows, as the coach lists it: hidden cards, ♠Q, the suits seats have run out of."""
    reading = report.reading
    hidden = len(reading.unseen)
    facts = [say_n("{count} card is still hidden in the others' hands.",
                   "{count} cards are still hidden in the others' hands.", hidden)]
    if reading.queen_played:
        facts.append(say(QUEEN_PLAYED))
    elif LEARNER_SEAT in reading.queen_of_spades:
        facts.append(say(QUEEN_YOURS))
    else:
        facts.append(say(QUEEN_MAY_BE, seats=and_list(seat_name(seat) for seat in reading.queen_of_spades)))
    # Only seats that have shown a void are listed: "none yet" three times is noise.
    voids = [say(YOU_OUT_OF if seat == LEARNER_SEAT else OUT_OF, seat=seat_name(seat),
                 suits=and_list(suit_name(suit) for suit in suits))
             for seat, suits in sorted(reading.voids.items()) if suits]
    facts += voids
    if not voids and others_always_followed(view) and _followed_so_far_matters(view):
        facts.append(say(ALL_FOLLOWED))
    return facts


def _coach(report: CoachReport | None, advice: Recommendation | None, view: SeatView) -> Coach:
    cards = [card_data(card) for card in advice.choice] if advice is not None else []
    names = and_list(card_name(card) for card in advice.choice) if advice is not None else ""
    reason = advice.reason if advice is not None else ""
    if report is None:  # passing: the recommendation alone
        return Coach(unseen=0, outlooks=[], advice=reason, exact=False, cards=cards, passing=True,
                     advice_title=say(PASS_TITLE), pick_label=say(PICK_PASS, cards=names))
    return Coach(
        unseen=len(report.reading.unseen),
        outlooks=[Outlook(card_data(item.card), round(item.win_chance, 3), round(item.expected_points, 2),
                          item.dangerous)
                  for item in report.outlooks],
        advice=reason,
        exact=report.exact,
        cards=cards,
        passing=False,
        facts=coach_facts(report, view),
        advice_title=say(ADVICE_TITLE),
        odds_title=say(ODDS_TITLE),
        odds_columns=[say(column) for column in ODDS_COLUMNS],
        odds_note=say(ODDS_EXACT if report.exact else ODDS_SAMPLED),
        pick_label=say(PICK_PLAY, cards=names) if cards else "",
    )


def statistics_payload(stats: Statistics) -> StatisticsPayload:
    """The learner's record as the Statistics panel shows it."""
    average = stats.average_points
    return StatisticsPayload(
        played=stats.played, won=stats.won, drawn=stats.drawn, lost=stats.lost, hands=stats.hands,
        average=None if average is None else round(average, 1),
    )


def sheet_payload(match: Match) -> Sheet:
    """The score sheet: each finished hand's points per seat and the running totals."""
    rows, totals = [], [0] * NUM_SEATS
    for number, hand in enumerate(match.hands, start=1):
        if not hand.is_over:
            continue
        totals = [total + score for total, score in zip(totals, hand.scores, strict=True)]
        moon = hand.moon_shooter is not None
        labels = [say(SHEET_CELL, seat=seat_name(seat), points=points_phrase(points), total=total)
                  for seat, (points, total) in enumerate(zip(hand.scores, totals, strict=True))]
        rows.append(SheetRow(number, list(hand.scores), totals, moon, labels,
                             say(SHEET_HAND_MOON if moon else SHEET_HAND, hand=number)))
    return Sheet([seat_name(seat) for seat in range(NUM_SEATS)], rows)


def review_payload(match: Match, hand_number: int, items: tuple[Mistake, ...] | None, kept: int = 0) -> Review:
    """The learner's plays in finished hand ``hand_number``, each matched with its costly-play item if any.

    The words say what the review can see: choices weighed from the learner's own view,
    never the luck of the deal, so a hand is never called well played for its score.
    ``kept`` is how many of the costly plays were saved as puzzles to try again; the page
    says so only then.
    """
    hand = match.hands[hand_number - 1]
    costly = {item.trick: item for item in items or ()}
    steps = []
    for number, trick in enumerate(hand.tricks, start=1):
        shown = trick_payload(trick)
        mine = trick.played_by(LEARNER_SEAT)
        item = costly.get(number)
        if item is not None:
            text = say("Trick {trick}: you played {played}; {better} was better (expected to save you {cost}).",
                       trick=number, played=mine, better=item.better, cost=about_points(item.cost))
        else:
            text = say("Trick {trick}: you played {played}. {what}", trick=number, played=mine, what=shown.text)
        steps.append(ReviewStep(
            trick=number, cards=shown.cards, played=card_data(mine), taker=shown.winner, points=trick.points,
            mistake=item is not None, better=card_data(item.better) if item is not None else None,
            cost=round(item.cost, 1) if item is not None else 0.0, text=text, why=item.why if item else "",
            label=say(REVIEW_STEP_COSTLY if item is not None else REVIEW_STEP, trick=number, card=card_name(mine)),
            analysis=analysis_link(view_before_play(hand, NUM_SEATS * (number - 1) + (LEARNER_SEAT - trick.leader)
                                                    % NUM_SEATS)),
        ))
    lost = round(sum(item.cost for item in items or ()), 1)
    taken = points_phrase(hand.points_taken[LEARNER_SEAT])
    if items is None:
        text = say("This hand could not be reviewed.")
    elif not items:
        text = say("The coach's search found no costly mistake in your choices; you took {taken} in this hand. It "
                   "weighs each choice from what you could see, not the luck of the deal.", taken=taken)
    else:
        text = say_n("{count} costly play, expected to cost you {lost}, is marked below; you took {taken} in this "
                     "hand.",
                     "{count} costly plays, expected to cost you {lost} together, are marked below; you took {taken} "
                     "in this hand.", len(items), lost=about_points(lost), taken=taken)
        if kept:
            waiting = say_n("One costly play from this hand is kept for you to try again: it comes back under Your "
                            "mistakes on the puzzles page.",
                            "{count} costly plays from this hand are kept for you to try again: they come back under "
                            "Your mistakes on the puzzles page.", kept)
            text = sentences(text, waiting)
    return Review(hand_number, steps, len(items or ()), lost, text, items is not None)


def _review(flow: MatchFlow, match: Match) -> Review | None:
    number = flow.reviewing
    if number is None or number > len(match.hands) or not match.hands[number - 1].is_over:
        return None
    items = flow.review_of(number)  # waits for the review, which keeps its costly plays before it is done
    return review_payload(match, number, items, flow.kept_of(number))


def summary_payload(match: Match, review_of: Callable[[int], tuple[Mistake, ...] | None]) -> Summary:
    """Points lost to costly plays beside points taken, hand by hand (a hand that could not be reviewed is left out)."""
    rows = []
    for number, hand in enumerate(match.hands, start=1):
        if not hand.is_over:
            continue
        items = review_of(number)
        if items is None:
            continue
        lost = round(sum(item.cost for item in items), 1)
        taken = hand.points_taken[LEARNER_SEAT]
        text = (say("No costly plays; {taken} taken.", taken=points_phrase(taken)) if not items
                else say("{count}: {cards}, expected to cost {lost}; {taken} taken.",
                         count=say_n("{count} costly play", "{count} costly plays", len(items)),
                         cards=and_list(item.played for item in items),
                         lost=about_points(lost), taken=points_phrase(taken)))
        rows.append(SummaryRow(number, len(items), lost, text, [str(item.played) for item in items], taken,
                               about_points(lost) if items else ""))
    total = round(sum(row.lost for row in rows), 1)
    taken = sum(row.taken for row in rows)
    worst = max(rows, key=lambda row: row.lost, default=None)
    if worst is None or total == 0:
        text = say("The coach's search found no costly mistake in your choices this match; you took {taken}. It "
                   "weighs choices from what you could see, not the luck of the deal.", taken=points_phrase(taken))
    else:
        text = say("Your costly plays were expected to cost you {lost} over the match, and you took {taken} in all; "
                   "hand {hand} cost the most ({worst}). The review weighs choices from what you could see, not the "
                   "luck of the deal.", lost=about_points(total), taken=points_phrase(taken), hand=worst.hand,
                   worst=about_points(worst.lost))
    return Summary(rows, total, text, taken)


def history_payload(history: tuple[FinishedMatch, ...], limit: int = 10) -> list[PastMatch]:
    """The newest finished matches, as the Statistics panel lists them."""
    return [PastMatch(entry.match_id, entry.label, entry.outcome) for entry in history[:limit]]
