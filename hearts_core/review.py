"""Review of a finished hand: which of a seat's plays cost points, the better card, and why.

Design choices:

* The judge is the hard player's search (:meth:`~hearts_core.bots.HardBot.appraise`),
  run on the seat's own view at the moment of each play: the hand is replayed from its
  deal, passes and plays, and :meth:`~hearts_core.state.HandState.view` is the only thing
  the search sees, so the review never uses a card the seat could not see.  What
  happened later in the hand is told only as the outcome, never used for the judgement.
* ``cost`` is in the seat's own points: the points the search expected the played card
  to cost over the rest of the hand, minus those of the better card (the hard player's
  choice).  A play with one legal card is never a mistake, and neither is the hard
  player's own choice.
* Sampling noise must not be called a mistake.  Each play is first scanned with a small
  budget; a play that looks costly is searched again, the played card against the
  better one only (so many more sampled deals for the same work), and flagged only if
  the confirmed cost reaches :data:`COST_THRESHOLD`.  The budgets are chosen so a whole
  hand is reviewed in well under 3 seconds.
* Seeded: position ``n`` of a hand is searched with a generator seeded from ``seed`` and
  ``n``, so the same hand always gets the same review.
* A hand can be given as a :class:`~hearts_core.state.HandState` or as a record's
  :class:`~hearts_core.records.HandRecord` (with the record's rules), so any saved game
  can be reviewed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from hearts_core.bots import HardBot
from hearts_core.cards import Card
from hearts_core.coach import explain_choice
from hearts_core.errors import InvalidPositionError
from hearts_core.records import HandRecord, Record, load_record
from hearts_core.rules import NUM_SEATS, Rules
from hearts_core.state import HandState
from hearts_core.wording import plural, points_phrase, seat_name

__all__ = [
    "COST_THRESHOLD",
    "HandReview",
    "MatchReview",
    "Mistake",
    "review_hand",
    "review_match",
    "review_record",
    "review_record_hand",
]

COST_THRESHOLD: Final = 1.5
"""Expected points a play must lose against the better card to be called a mistake."""
SCAN_BUDGET: Final = 0.03
"""Search effort (reference seconds) for the first look at each play."""
CONFIRM_BUDGET: Final = 0.08
"""Search effort for the second look at a play that seemed costly (two cards only)."""
_SUSPECT: Final = COST_THRESHOLD / 2
"""A first look above this cost earns the second look."""
MAX_WORLDS: Final = 200
"""Cap on sampled deals per look: late in a hand more deals add sampling time, not accuracy."""
_SEED_STRIDE: Final = 1000


@dataclass(frozen=True, slots=True)
class Mistake:
    """One costly play: where, what was played, the better card, the points lost and why."""

    trick: int
    """The trick's number in the hand, from 1."""
    played: Card
    better: Card
    cost: float
    """Expected points lost: ``played_points - better_points``."""
    why: str
    """A sentence or two for the learner, from what decided the better card."""
    played_points: float
    """Expected points over the rest of the hand after ``played``, as the seat saw it."""
    better_points: float
    """The same after ``better``."""


@dataclass(frozen=True, slots=True)
class HandReview:
    """A seat's costly plays in one hand, in play order, and how many plays it chose."""

    seat: int
    mistakes: tuple[Mistake, ...]
    choices: int
    """The seat's plays with more than one legal card: the only ones that can be mistakes."""
    points_taken: int
    """What the seat actually took in the hand."""

    @property
    def points_lost(self) -> float:
        """Expected points lost to the mistakes together."""
        return sum(mistake.cost for mistake in self.mistakes)

    def describe(self) -> str:
        """The review in sentences, one mistake per line."""
        who = seat_name(self.seat)
        if not self.mistakes:
            return (f"{who}: no costly plays among {plural(self.choices, 'play')} with a choice "
                    f"({points_phrase(self.points_taken)} taken).")
        lines = [f"{who}: {plural(len(self.mistakes), 'costly play')} among {plural(self.choices, 'play')} "
                 f"with a choice, about {self.points_lost:.1f} points lost."]
        for mistake in self.mistakes:
            lines.append(f"  Trick {mistake.trick}: played {mistake.played}, better {mistake.better} "
                         f"(about {mistake.cost:.1f} points). {mistake.why}")
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class MatchReview:
    """Every hand's review for one seat: the match-over summary."""

    seat: int
    hands: tuple[HandReview, ...]

    @property
    def points_lost_per_hand(self) -> tuple[float, ...]:
        """Expected points lost to mistakes in each hand, in order."""
        return tuple(hand.points_lost for hand in self.hands)

    @property
    def points_lost(self) -> float:
        """Expected points lost to mistakes over the match."""
        return sum(self.points_lost_per_hand)

    def describe(self) -> str:
        """One line per hand, then the total, in words."""
        lines = []
        for number, hand in enumerate(self.hands, start=1):
            count = len(hand.mistakes)
            lines.append(f"Hand {number}: {plural(count, 'costly play')}, about {hand.points_lost:.1f} points lost.")
        lines.append(f"Over the match: about {self.points_lost:.1f} points lost to "
                     f"{plural(sum(len(hand.mistakes) for hand in self.hands), 'costly play')}.")
        return "\n".join(lines)


def _start(hand: HandState | HandRecord, rules: Rules | None) -> tuple[HandState, tuple[Card, ...]]:
    """A fresh hand at its first play (passes made) and the plays to replay on it."""
    if isinstance(hand, HandRecord):
        state = HandState.new(hand.deal, hand.pass_direction, rules)
        passes = hand.passes or (None,) * NUM_SEATS
        plays = hand.plays
    else:
        state = HandState.new([hand.dealt(seat) for seat in range(NUM_SEATS)], hand.pass_direction, hand.rules)
        passes = tuple(hand.passed(seat) for seat in range(NUM_SEATS))
        plays = tuple(card for _, card in hand.plays)
    for seat, passed in enumerate(passes):
        if passed:
            state.pass_cards(seat, passed)
    return state, plays


def review_hand(hand: HandState | HandRecord, seat: int, *, rules: Rules | None = None, seed: int = 0) -> HandReview:
    """The costly plays of ``seat`` in ``hand`` (a finished hand, or a record's hand under ``rules``).

    An unfinished hand is reviewed as far as it was played.

    Raises:
        InvalidPositionError: ``seat`` is not 0 to 3, or the hand cannot be replayed.
        IllegalMove: a record's hand holds an illegal play.
    """
    if seat not in range(NUM_SEATS):
        raise InvalidPositionError(f"seat must be 0 to 3, not {seat!r}")
    state, plays = _start(hand, rules)
    mistakes = []
    choices = 0
    for number, card in enumerate(plays):
        if state.to_move == seat and len(state.legal_plays()) > 1:
            choices += 1
            mistake = _judge(state, seat, card, seed * _SEED_STRIDE + number)
            state.play(card)
            if mistake is not None:
                mistakes.append(_with_outcome(mistake, state, seat))
        else:
            state.play(card)
    return HandReview(seat, tuple(mistakes), choices, state.points_taken[seat])


def _judge(state: HandState, seat: int, card: Card, seed: int) -> Mistake | None:
    """The mistake in playing ``card`` here, if the search finds it costly enough."""
    view = state.view(seat)
    scan = HardBot(random.Random(seed), SCAN_BUDGET, max_worlds=MAX_WORLDS).appraise(view)
    best = scan[0]
    if best.card is card:
        return None
    played = next(item for item in scan if item.card is card)
    if played.expected_points - best.expected_points < _SUSPECT:
        return None
    confirm = HardBot(random.Random(seed + 1), CONFIRM_BUDGET, max_worlds=MAX_WORLDS).appraise(view, (best.card, card))
    better = next(item for item in confirm if item.card is best.card)
    played = next(item for item in confirm if item.card is card)
    cost = played.expected_points - better.expected_points
    if cost < COST_THRESHOLD:
        return None
    trick = len(view.tricks) + 1
    why = explain_choice(view, better, played)
    return Mistake(trick, card, better.card, cost, why, played.expected_points, better.expected_points)


def _with_outcome(mistake: Mistake, state: HandState, seat: int) -> Mistake:
    """Add what happened to the trick, once it closed (told, never used to judge)."""
    tricks = state.tricks
    if len(tricks) < mistake.trick:
        return mistake
    trick = tricks[mistake.trick - 1]
    if trick.winner != seat or not trick.points:
        return mistake
    outcome = f" In the game, {mistake.played} took the trick and {points_phrase(trick.points)}."
    return Mistake(mistake.trick, mistake.played, mistake.better, mistake.cost, mistake.why + outcome,
                   mistake.played_points, mistake.better_points)


def review_record_hand(record: Record, hand_number: int, seat: int, *, seed: int = 0) -> HandReview:
    """Review hand ``hand_number`` (1-based) of a loaded record for ``seat``.

    Raises:
        InvalidPositionError: the record has no such hand.
    """
    if not 1 <= hand_number <= len(record.hands):
        raise InvalidPositionError(f"the record has {plural(len(record.hands), 'hand')}, no hand {hand_number}")
    return review_hand(record.hands[hand_number - 1], seat, rules=record.rules, seed=seed)


def review_match(hands: Iterable[HandState | HandRecord], seat: int, *, rules: Rules | None = None,
                 seed: int = 0) -> MatchReview:
    """Review every hand of a match for ``seat``: points lost to mistakes per hand."""
    return MatchReview(seat, tuple(review_hand(hand, seat, rules=rules, seed=seed) for hand in hands))


def review_record(record: Record | str | bytes, seat: int, *, seed: int = 0) -> MatchReview:
    """Review every hand of a record (loaded, or its JSON text) for ``seat``."""
    loaded = record if isinstance(record, Record) else load_record(record)
    return review_match(loaded.hands, seat, rules=loaded.rules, seed=seed)
