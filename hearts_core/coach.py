"""The coach: what a seat can deduce, how risky each playable card is, and one piece of advice.

Design choices:

* The coach reads a :class:`~hearts_core.state.SeatView` and nothing else, exactly like
  the computer players, so it can never leak a hidden card to the learner.
* Deductions come from :class:`~hearts_core.knowledge.Knowledge`: voids shown by failures
  to follow, unseen cards, where ♠Q may be.
* For each playable card the coach imagines the rest of the trick: the other seats hold
  a deal consistent with the view and play the sound player's cards
  (:func:`~hearts_core.policy.heuristic_play`).  Its figures are therefore "against
  sensible opponents, over the deals that fit what you have seen".  When few deals fit
  (late in a hand) it enumerates all of them and the figures are exact averages; else it
  samples, with a seeded generator so the same position always gets the same advice.
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

__all__ = ["CardOutlook", "CoachReport", "analyse", "card_outlooks", "consistent_deals", "read_table"]

EXACT_LIMIT: Final = 3000
"""Enumerate every consistent deal when there are at most this many."""
SAMPLES: Final = 300
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
    """Everything the guided match shows: the table reading, card outlooks, advice."""

    reading: TableReading
    outlooks: tuple[CardOutlook, ...]
    advice: str
    exact: bool


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


def card_outlooks(view: SeatView, *, samples: int = SAMPLES, seed: int = 0) -> tuple[tuple[CardOutlook, ...], bool]:
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


def analyse(view: SeatView, *, samples: int = SAMPLES, seed: int = 0) -> CoachReport:
    """The table reading, per-card outlooks (when it is the seat's turn) and advice."""
    reading = read_table(view)
    outlooks, exact = card_outlooks(view, samples=samples, seed=seed)
    return CoachReport(reading, outlooks, advise(view, reading, outlooks), exact)


def advise(view: SeatView, reading: TableReading, outlooks: tuple[CardOutlook, ...]) -> str:
    """One sentence naming a card and why."""
    if not outlooks:
        return "Wait for your turn; meanwhile watch which suits the others cannot follow."
    if len(outlooks) == 1:
        only = outlooks[0].card
        return f"{only} is your only legal card, so play it."
    # Cheapest first; among equals the card least likely to win, then the highest card,
    # because getting rid of a high card safely is worth something later.
    ranked = sorted(outlooks, key=lambda item: (round(item.expected_points, 2), item.win_chance, -item.card.rank))
    best = ranked[0]
    worst = max(outlooks, key=lambda item: (item.expected_points, item.win_chance))
    why = _why(view, reading, best)
    if worst.dangerous and worst.card is not best.card:
        return f"{_danger(view, reading, worst)}; {why}."
    return f"{why[0].upper()}{why[1:]}."


def _why(view: SeatView, reading: TableReading, outlook: CardOutlook) -> str:
    card = outlook.card
    trick = view.current_trick
    if outlook.expected_points >= DANGER_POINTS:
        return f"{card} is the least costly card here, about {outlook.expected_points:.1f} points on average"
    if trick:
        led = trick[0].suit
        top = max((c for c in trick if c.suit is led), key=lambda c: c.rank)
        if card.suit is led and card.rank < top.rank:
            return f"{card} ducks under {top}"
        if card.suit is not led:
            if card is QUEEN_OF_SPADES:
                return f"{card} can be dropped on someone else's trick now"
            if card.suit is Suit.SPADES and card.rank > QUEEN_OF_SPADES.rank and not reading.queen_played:
                return f"throwing {card} away now means it cannot catch ♠Q later"
            return f"{card} is a safe discard while you have no {led.plural}"
    if outlook.win_chance == 0:
        return f"{card} cannot win this trick"
    return (f"{card} wins this trick {outlook.win_chance:.0%} of the time, "
            f"for {outlook.expected_points:.1f} points on average")


def _danger(view: SeatView, reading: TableReading, outlook: CardOutlook) -> str:
    card = outlook.card
    queen_out = not reading.queen_played and QUEEN_OF_SPADES not in view.hand
    if queen_out and card.suit is Suit.SPADES and card.rank > QUEEN_OF_SPADES.rank:
        return f"{card} may win a trick that catches ♠Q, which is still out"
    if card is QUEEN_OF_SPADES:
        return f"{card} would cost you 13 points if your own trick takes it"
    return f"{card} may take this trick and {outlook.expected_points:.1f} points with it"
