"""The match score as the objective: in a hand that ends the match, the card that most often leaves you lowest.

A hand is played for its own points until the match is near its end.  Once a hand is certain
to end the match, its points matter only through the order of the totals they make: a point
on the player who loses anyway changes nothing, a point on the player you must finish below
is worth having.  Lesson 21 teaches this, and its puzzles are judged by it.

Design choices:

* **Only hands that end the match.**  :func:`ends_the_match` holds when some seat's total
  before the hand plus the points it has taken this hand already reaches the target, and at
  least two seats have taken points, so no moon can take the points back.  Then every line
  of play ends the match, and the objective is exact: the seat's share of the win
  (:func:`match_value`: 1 alone lowest, 1/2 tied for lowest, else 0; the table's tie rule
  is "share", a draw for the learner).  A hand that may or may not end the match would need
  a value for the match going on, which no rule gives: such positions are not judged here.
* **The same search, another sum.**  The hard player's search already plays every candidate
  out in the same sampled deals (:meth:`~hearts_core.bots.HardBot.appraise`) and keeps all
  four seats' hand scores per deal (``world_hands``); the match figures are those deals'
  outcomes under the totals, so the hand figures and the match figures of a card come from
  the very same play-outs and can be set side by side ("the card that takes you fewest points
  is not the one that wins the match").  The opponents in the play-outs still play for their
  hands: the search's model of them, which the independent judge does not share
  (:func:`hearts_core.independent_judge.judge_match_endgame`: every seat plays perfectly for
  its own match).
* The outcome is read with :func:`hearts_core.scoring.match_outcome`, the rule the match itself
  uses, so a puzzle cannot count a win the score sheet would not.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from hearts_core.bots import Appraisal, HardBot, paired_difference
from hearts_core.cards import Card
from hearts_core.errors import InvalidPositionError
from hearts_core.rules import NUM_SEATS, Rules
from hearts_core.scoring import Outcome, match_outcome, summed
from hearts_core.views import SeatView

__all__ = ["MATCH_VALUES", "MatchFigures", "appraise_for_match", "ends_the_match", "match_value", "running_totals"]

MATCH_VALUES: Final[dict[Outcome, float]] = {Outcome.WON: 1.0, Outcome.DRAWN: 0.5, Outcome.LOST: 0.0}
"""What each outcome is worth to the seat: a shared win (a draw for the learner) half a win."""


def ends_the_match(view: SeatView) -> bool:
    """Whether every way the hand can go from ``view`` ends the match (see the module's design).

    >>> from hearts_core.state import HandState
    >>> from dataclasses import replace
    >>> state = HandState.new(("♣2 ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦8 ♦9 ♦10 ♦J ♦Q ♦K", "♣3 ♣4 ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K ♣A ♦A",
    ...                        "♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K ♠A", "♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q ♥K ♥A"),
    ...                       "hold")
    >>> ends_the_match(replace(state.view(0), match_totals=(10, 20, 30, 99)))  # nobody has taken a point yet
    False
    """
    running = running_totals(view)
    if running is None or sum(1 for points in view.points_taken if points) < 2:
        return False
    return max(running) >= view.rules.target


def running_totals(view: SeatView) -> tuple[int, int, int, int] | None:
    """Each seat's total before the hand plus the points it has taken in it so far; ``None`` without totals."""
    return None if view.match_totals is None else summed((view.match_totals, view.points_taken))


def match_value(totals: Sequence[int], hand_scores: Sequence[int], seat: int, rules: Rules) -> float:
    """The seat's share of the win once the hand's scores are added to ``totals`` (see :data:`MATCH_VALUES`).

    >>> match_value((24, 35, 40, 98), (3, 16, 5, 2), 0, Rules())  # docs/rules.md's score table: You win with 27
    1.0

    Raises:
        InvalidPositionError: the totals do not end the match, so the hand alone does not settle its value.
    """
    outcome = match_outcome(summed((totals, hand_scores)), seat, rules)
    if outcome is None:
        raise InvalidPositionError(f"the totals {list(totals)} plus the hand's {list(hand_scores)} do not end the "
                                   f"match, so the hand does not settle it")
    return MATCH_VALUES[outcome]


@dataclass(frozen=True, slots=True)
class MatchFigures:
    """One card's figures under the match score, over the search's sampled deals.

    ``wins`` and ``draws``: the shares of the deals in which the seat ends the match lowest alone,
    and tied for lowest; ``value`` is their worth (:data:`MATCH_VALUES`); ``hand`` is the same
    card's hand appraisal from the very same deals (its ``expected_points`` among it).
    """

    card: Card
    seat: int
    totals: tuple[int, int, int, int]
    wins: float
    draws: float
    hand: Appraisal
    world_values: tuple[float, ...] = field(repr=False)

    @property
    def value(self) -> float:
        return self.wins + MATCH_VALUES[Outcome.DRAWN] * self.draws

    @property
    def seat_points(self) -> tuple[float, float, float, float]:
        """Each seat's mean hand score over the deals, counted from the seat (0 the seat itself, 1 the next
        clockwise...): who takes the points is what the match turns on."""
        worlds = max(len(self.hand.world_hands), 1)
        means = [sum(scores[seat] for scores in self.hand.world_hands) / worlds for seat in range(NUM_SEATS)]
        me = self.seat
        return (means[me], means[(me + 1) % NUM_SEATS], means[(me + 2) % NUM_SEATS], means[(me + 3) % NUM_SEATS])

    @property
    def lowest(self) -> tuple[float, float, float, float]:
        """For each seat, counted from the seat as :attr:`seat_points` is, the share of the deals in which it ends
        the match with the lowest total (alone or tied): after this card, who beats the seat, and how often."""
        worlds = max(len(self.hand.world_hands), 1)
        counts = [0, 0, 0, 0]
        for scores in self.hand.world_hands:
            final = summed((self.totals, scores))
            least = min(final)
            for seat in range(NUM_SEATS):
                counts[seat] += final[seat] == least
        me = self.seat
        return (counts[me] / worlds, counts[(me + 1) % NUM_SEATS] / worlds, counts[(me + 2) % NUM_SEATS] / worlds,
                counts[(me + 3) % NUM_SEATS] / worlds)

    def gap(self, better: MatchFigures) -> tuple[float, float]:
        """How much less this card is worth than ``better`` (mean, standard error), paired deal by deal."""
        return paired_difference(better.world_values, self.world_values)


def appraise_for_match(view: SeatView, rng: random.Random, *, worlds: int) -> list[MatchFigures]:
    """Every legal card's match figures from ``worlds`` sampled deals, best first (then fewer hand points).

    Raises:
        InvalidPositionError: the hand does not certainly end the match (:func:`ends_the_match`).
    """
    if view.match_totals is None or not ends_the_match(view):
        raise InvalidPositionError(f"the hand does not certainly end the match at totals {view.match_totals}: "
                                   f"its value would depend on hands not yet dealt")
    totals = view.match_totals
    # A fixed number of deals, whatever the time budget says: every card sees the same ones.
    searched = HardBot(rng, 10.0, min_worlds=worlds, max_worlds=worlds).appraise(view)
    figures: list[MatchFigures] = []
    for item in searched:
        values, wins, draws = [], 0, 0
        for scores in item.world_hands:
            value = match_value(totals, scores, view.seat, view.rules)
            values.append(value)
            wins += value == MATCH_VALUES[Outcome.WON]
            draws += value == MATCH_VALUES[Outcome.DRAWN]
        count = max(len(values), 1)
        figures.append(MatchFigures(item.card, view.seat, totals, wins / count, draws / count, item, tuple(values)))
    figures.sort(key=lambda entry: (-entry.value, entry.hand.expected_points, entry.card.index))
    return figures

