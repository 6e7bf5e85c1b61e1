"""The coach's table reading and card outlooks: what a seat can deduce, and how risky each playable card is.

Design choices:

* It reads a :class:`~hearts_core.state.SeatView` and nothing else, exactly like the
  computer players, so it can never leak a hidden card to the learner.
* Deductions come from :class:`~hearts_core.knowledge.Knowledge`: voids shown by failures
  to follow, unseen cards, where ♠Q may be.
* For each playable card it imagines the rest of the trick: the other seats hold a deal
  consistent with the view and play the sound player's cards
  (:func:`~hearts_core.policy.heuristic_play`).  Its figures are therefore "against
  sensible opponents, over the deals that fit what you have seen".  When few deals fit
  (late in a hand) it enumerates all of them and the figures are exact averages; else it
  samples, with a seeded generator so the same position always gets the same figures.
* This is what the guided match shows beside the coach's advice; the advice itself is
  :func:`hearts_core.coach.recommend`'s alone.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from hearts_core.cards import Card, Suit, cards_from_mask
from hearts_core.fastsim import Sim, sim_from_view
from hearts_core.knowledge import Knowledge
from hearts_core.policy import heuristic_play
from hearts_core.rules import NUM_SEATS, QUEEN_OF_SPADES
from hearts_core.state import SeatView

__all__ = [
    "DANGER_POINTS",
    "EXACT_LIMIT",
    "LAYOUTS_SAMPLED",
    "CardOutlook",
    "CoachReport",
    "TableReading",
    "analyse",
    "card_outlooks",
    "consistent_deals",
    "read_table",
]

EXACT_LIMIT: Final = 3000
"""Enumerate every consistent deal when there are at most this many."""
LAYOUTS_SAMPLED: Final = 300
"""How many layouts of the hidden cards the coach deals when there are too many to enumerate."""
DANGER_POINTS: Final = 0.5
"""Expected points at or above which a card is marked dangerous."""


@dataclass(frozen=True, slots=True)
class TableReading:
    """Deductions from public play: voids, unseen cards, where ♠Q may be."""

    voids: dict[int, tuple[Suit, ...]]
    unseen: tuple[Card, ...]
    queen_of_spades: tuple[int, ...]
    queen_played: bool


@dataclass(frozen=True, slots=True)
class CardOutlook:
    """For one playable card: chance it wins the trick and the points it expects to take."""

    card: Card
    win_chance: float
    expected_points: float

    @property
    def dangerous(self) -> bool:
        """True when playing it is expected to cost points."""
        return self.expected_points >= DANGER_POINTS


@dataclass(frozen=True, slots=True)
class CoachReport:
    """What the guided match shows beside the coach's advice: the table reading and card outlooks.

    The advice itself is :func:`recommend`'s alone, so the panel and the Hint can never
    name different cards.
    """

    reading: TableReading
    outlooks: tuple[CardOutlook, ...]
    """One per card the seat may play, in the order of ``SeatView.legal_plays``."""
    exact: bool
    """The figures average over every deal the seat cannot rule out, not over a sample."""


def read_table(view: SeatView) -> TableReading:
    """Voids, unseen cards and the possible places of ♠Q, from public play only."""
    knowledge = Knowledge.from_view(view)
    played = any(card is QUEEN_OF_SPADES for _, card in view.plays)
    return TableReading(knowledge.voids(), knowledge.unseen_cards(), knowledge.queen_of_spades_seats(), played)


def consistent_deals(knowledge: Knowledge, limit: int) -> list[tuple[int, int, int, int]] | None:
    """Every deal of the hidden cards that fits the knowledge, or ``None`` if more than ``limit``."""
    deals: list[tuple[int, int, int, int]] = []
    others = [seat for seat in range(NUM_SEATS) if seat != knowledge.seat]
    fixed = knowledge.known[0] | knowledge.known[1] | knowledge.known[2] | knowledge.known[3]
    free = [card.index for card in cards_from_mask(knowledge.unseen & ~fixed)]
    room = {seat: knowledge.counts[seat] - knowledge.known[seat].bit_count() for seat in others}
    hands = list(knowledge.known)

    def place(position: int) -> Iterator[None]:
        if position == len(free):
            yield None
            return
        bit = 1 << free[position]
        for seat in others:
            if room[seat] and knowledge.possible[seat] & bit:
                room[seat] -= 1
                hands[seat] |= bit
                yield from place(position + 1)
                hands[seat] ^= bit
                room[seat] += 1

    for _ in place(0):
        deals.append((hands[0], hands[1], hands[2], hands[3]))
        if len(deals) > limit:
            return None
    return deals


def _play_out_trick(sim: Sim, card_index: int) -> tuple[int, int]:
    """Play our card, then the trick to its end with the sound player; (winner, points)."""
    tricks_before = sim.tricks_done
    points_before = list(sim.points)
    sim.play(card_index)
    while sim.tricks_done == tricks_before:
        sim.play(heuristic_play(sim, sim.legal()))
    winner = sim.leader
    return winner, sim.points[winner] - points_before[winner]


def card_outlooks(view: SeatView, *, samples: int = LAYOUTS_SAMPLED,
                  seed: int = 0) -> tuple[tuple[CardOutlook, ...], bool]:
    """Win chance and expected points for each card the seat may play; and whether exact."""
    legal = view.legal_plays()
    if not legal:
        return (), True
    knowledge = Knowledge.from_view(view)
    base = sim_from_view(view)
    deals = consistent_deals(knowledge, EXACT_LIMIT)
    exact = deals is not None
    if deals is None:
        rng = random.Random(seed)
        deals = [knowledge.sample(rng) for _ in range(samples)]
    outlooks = []
    for card in legal:
        wins = 0
        points = 0
        for hands in deals:
            sim = base.copy()
            sim.hands = list(hands)
            winner, taken = _play_out_trick(sim, card.index)
            if winner == view.seat:
                wins += 1
                points += taken
        outlooks.append(CardOutlook(card, wins / len(deals), points / len(deals)))
    return tuple(outlooks), exact


def analyse(view: SeatView, *, samples: int = LAYOUTS_SAMPLED, seed: int = 0) -> CoachReport:
    """The table reading and the per-card outlooks (when it is the seat's turn)."""
    reading = read_table(view)
    outlooks, exact = card_outlooks(view, samples=samples, seed=seed)
    return CoachReport(reading, outlooks, exact)
