"""The coach's panel on the match page: its advice, the odds of each card, and what the play so far shows.

Design choices:

* The advice weighs the rest of the hand and the table of odds this trick only, and the two
  say so (:data:`ADVICE_TITLE`, :data:`ODDS_TITLE`), so that their figures are never read as
  one.
* The facts (:func:`coach_facts`) are the coach's reading of the table, each said only when
  it tells the learner something: a seat is listed only once it has shown an empty suit, and
  "the others have always followed" only once another seat has had to follow.
* An advice that quotes the points the learner should end the hand with carries, folded
  under it, what that figure is (:func:`widgets.phrases.points_help`); one that quotes none
  carries nothing to explain.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from hearts_core import NUM_SEATS, SeatView, seat_name
from hearts_core.coach import CoachReport, Recommendation
from hearts_core.wording import LEARNER_SEAT, and_list, card_name, marked, say, say_n, suit_name
from widgets._base import card_data
from widgets.phrases import points_help

__all__ = [
    "ALL_FOLLOWED",
    "Coach",
    "Outlook",
    "coach_facts",
    "coach_payload",
    "others_always_followed",
]

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
    points_help: dict[str, str] = field(default_factory=dict)
    """What "you should end the hand with" means (``question``, ``answer``), when the advice quotes it."""


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


def coach_payload(report: CoachReport | None, advice: Recommendation | None, view: SeatView) -> Coach:
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
        points_help=points_help(advice.facts) if advice is not None else {},
    )
