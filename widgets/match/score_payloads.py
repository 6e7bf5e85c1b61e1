"""The match page's scores: the score screen after a hand, the result of the match and the score sheet.

Design choices:

* The totals are the engine's (``Match.totals``, the moon rule applied); this module only
  arranges them by seat and says them, the moon shot and the result in words
  (:func:`~widgets.match.course.moon_sentence`, :func:`~widgets.match.course.result_sentence`).
* Each cell of the sheet carries its sentence for a screen reader (:attr:`SheetRow.labels`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from hearts_core import NUM_SEATS, Match, Outcome, seat_name
from hearts_core.wording import marked, points_phrase, say
from widgets.match.course import moon_sentence, result_sentence

__all__ = [
    "Result",
    "ScoreRow",
    "Scores",
    "Sheet",
    "SheetRow",
    "result_payload",
    "scores_payload",
    "sheet_payload",
]

# A score sheet cell, for a screen reader.
SHEET_CELL: Final = marked("{seat}: {points}, total {total}")
SHEET_HAND_MOON: Final = marked("hand {hand}, the moon was shot")
SHEET_HAND: Final = marked("hand {hand}")


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


def scores_payload(match: Match) -> Scores | None:
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


def result_payload(match: Match) -> Result | None:
    if not match.is_over:
        return None
    return Result(*result_sentence(match))


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
