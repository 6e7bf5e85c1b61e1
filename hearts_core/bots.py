"""Computer players: random, easy, normal and hard, all playing from a seat's view only.

Design choices:

* A bot is handed :class:`~hearts_core.state.SeatView` objects and nothing else: no
  state, no other hands, no deal seed.  ``choose_pass(view)`` returns three of the seat's
  cards, ``choose_play(view)`` one legal card.  Legality always comes from the view's
  ``legal_plays()``, i.e. from the engine's one rules function.
* Levels are habits a learner can recognise, getting sounder: *random* plays any legal
  card; *easy* plays its lowest card when following or leading and throws its highest
  when void, and passes its three highest; *normal* ducks, dumps ♠Q and high spades and
  hearts, passes to void a short suit or get rid of an unguarded ♠Q, guards against a
  moon shot and shoots one itself when it already holds every point and the top hearts;
  *hard* searches: it samples deals consistent with everything public (voids shown,
  cards passed and received, cards played), plays each candidate card out with the
  normal player in every seat, and keeps the card with the best average score relative
  to the others, with and without trying to shoot the moon itself.
* Determinism: each bot owns a ``random.Random(seed)``.  The hard level's effort is
  counted in simulated card plays, not seconds, so a seeded match replays identically
  on any machine; ``time_budget`` is converted to plays by a fixed rate measured on the
  reference machine (2 cores), :data:`PLAYS_PER_SECOND`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Final, Literal, Protocol

from hearts_core.cards import CARDS_PER_SUIT, DECK, JACK, QUEEN, Card, Suit, mask_of
from hearts_core.errors import InvalidOptionError
from hearts_core.fastsim import sim_from_view
from hearts_core.kernel import SUIT_MASKS
from hearts_core.knowledge import Knowledge, equivalent_cards
from hearts_core.policy import (
    ACE_OF_SPADES,
    KING_OF_SPADES,
    QS,
    controls_hearts,
    heuristic_play,
    highest,
    low_spades,
    lowest,
    moon_threat,
    rollout,
    rollout_card,
)
from hearts_core.rules import CARDS_IN_PASS, NUM_SEATS, QUEEN_OF_SPADES
from hearts_core.state import SeatView

__all__ = [
    "LEVELS", "PLAYS_PER_SECOND", "Appraisal", "Bot", "EasyBot", "HardBot", "Level", "NormalBot", "RandomBot",
    "make_bot", "paired_difference",
]

Level = Literal["random", "easy", "normal", "hard"]
LEVELS: Final[tuple[Level, ...]] = ("random", "easy", "normal", "hard")

PLAYS_PER_SECOND: Final = 450_000
"""Simulated card plays per second of one core of the reference machine (see benchmarks)."""

_RANK: Final = tuple(index % CARDS_PER_SUIT + 2 for index in range(len(DECK)))
LOW_SPADES_TO_KEEP_QUEEN: Final = 3
"""Spades below ♠Q that let the sound player keep ♠Q (and the spades above it) rather than pass them."""


class Bot(Protocol):
    """What every computer player offers."""

    level: Level

    def choose_pass(self, view: SeatView) -> tuple[Card, Card, Card]:
        """Three of the seat's own cards to pass."""
        ...

    def choose_play(self, view: SeatView) -> Card:
        """One legal card to play; called only when ``view.is_my_turn``."""
        ...


def make_bot(level: Level | str, seed: int | None = None, *, time_budget: float | None = None) -> Bot:
    """A computer player of ``level`` ("random", "easy", "normal" or "hard").

    ``seed`` makes its choices reproducible; ``time_budget`` (hard only) is the effort
    per decision in seconds of the reference machine (default 0.3).

    Raises:
        InvalidOptionError: ``level`` is not one of :data:`LEVELS`, or ``time_budget``
            is out of range.

    >>> make_bot("normal", seed=1).level
    'normal'
    """
    rng = random.Random(seed)
    if level == "random":
        return RandomBot(rng)
    if level == "easy":
        return EasyBot(rng)
    if level == "normal":
        return NormalBot(rng)
    if level == "hard":
        return HardBot(rng) if time_budget is None else HardBot(rng, time_budget=time_budget)
    raise InvalidOptionError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")


def _three(cards: list[Card]) -> tuple[Card, Card, Card]:
    return (cards[0], cards[1], cards[2])


@dataclass
class RandomBot:
    """Any legal card, any three cards."""

    rng: random.Random
    level: Level = field(default="random", init=False)

    def choose_pass(self, view: SeatView) -> tuple[Card, Card, Card]:
        """Three random cards of the seat's hand."""
        return _three(self.rng.sample(list(view.hand), CARDS_IN_PASS))

    def choose_play(self, view: SeatView) -> Card:
        """A uniformly random legal card."""
        return self.rng.choice(view.legal_plays())


@dataclass
class EasyBot:
    """A beginner's habits: play low, throw high when void, pass the highest cards."""

    rng: random.Random
    level: Level = field(default="easy", init=False)

    def choose_pass(self, view: SeatView) -> tuple[Card, Card, Card]:
        """The three highest-ranked cards."""
        return _three(sorted(view.hand, key=lambda card: (card.rank, card.suit), reverse=True)[:CARDS_IN_PASS])

    def choose_play(self, view: SeatView) -> Card:
        """Lowest legal card, unless void in the led suit: then the highest."""
        legal = mask_of(view.legal_plays())
        trick = view.current_trick
        if trick and not legal & SUIT_MASKS[trick[0].suit]:
            return DECK[highest(legal)]
        return DECK[lowest(legal)]


def heuristic_pass(hand: tuple[Card, ...]) -> tuple[Card, Card, Card]:
    """The sound player's pass: an unguarded ♠Q and top spades, a short suit, high cards."""
    mask = mask_of(hand)
    chosen: list[int] = []
    guarded = low_spades(mask) >= LOW_SPADES_TO_KEEP_QUEEN
    if not guarded:
        # Without low spades to hide behind, ♠Q and the spades above it are liabilities.
        for index in (QS, ACE_OF_SPADES.index, KING_OF_SPADES.index):
            if mask & (1 << index):
                chosen.append(index)
    # Void a short side suit when the remaining picks suffice: voids let us dump points later.
    room = CARDS_IN_PASS - len(chosen)
    side = [SUIT_MASKS[Suit.CLUBS], SUIT_MASKS[Suit.DIAMONDS]]
    short = sorted((mask & suit for suit in side if 0 < (mask & suit).bit_count() <= room), key=int.bit_count)
    if short:
        suit_cards = short[0]
        while suit_cards:
            low = suit_cards & -suit_cards
            chosen.append(low.bit_length() - 1)
            suit_cards ^= low
    # Fill with the most dangerous remaining cards: high hearts first, then high cards.
    rest = [card for card in hand if card.index not in chosen and not (guarded and card is QUEEN_OF_SPADES)]
    rest.sort(key=lambda card: (card.rank + (1 if card.suit is Suit.HEARTS else 0)
                                - (3 if card.suit is Suit.SPADES and card.rank < QUEEN else 0)), reverse=True)
    for card in rest:
        if len(chosen) == CARDS_IN_PASS:
            break
        chosen.append(card.index)
    return _three([DECK[index] for index in chosen[:CARDS_IN_PASS]])


@dataclass
class NormalBot:
    """Sound heuristics: duck, dump ♠Q and high cards, void a suit, watch for the moon."""

    rng: random.Random
    level: Level = field(default="normal", init=False)

    def choose_pass(self, view: SeatView) -> tuple[Card, Card, Card]:
        """See :func:`heuristic_pass`."""
        return heuristic_pass(view.hand)

    def choose_play(self, view: SeatView) -> Card:
        """The heuristic player's card, shooting only when the moon is nearly won."""
        legal = mask_of(view.legal_plays())
        sim = sim_from_view(view)
        threat = moon_threat(sim)
        if threat == view.seat and controls_hearts(sim, view.seat):
            return DECK[heuristic_play(sim, legal, shooting=True)]
        return DECK[heuristic_play(sim, legal, stop_moon=threat if threat != view.seat else -1)]


@dataclass(frozen=True, slots=True)
class Appraisal:
    """What the hard player's search found for one card (averages over the sampled deals).

    ``score`` is the seat's hand score minus the others' average (what the search
    minimises); ``expected_points`` the seat's own hand score, moon rule applied;
    ``take_chance`` how often the card's trick is taken by the seat and ``trick_points``
    the points it takes with it on average; ``shooting`` whether the figures are those of
    playing on to shoot the moon.  ``expected_points`` includes the points the seat had
    already taken; ``rest_points`` counts only what the rest of the hand adds, which is
    what a sentence about "the rest of the hand" may quote.
    """

    card: Card
    score: float
    expected_points: float
    take_chance: float
    trick_points: float
    shooting: bool
    worlds: int
    rest_points: float = 0.0
    """What the rest of the hand adds to the seat's hand score: ``expected_points`` less the points
    already taken (the moon rule applied, so a shot of its own can make it negative)."""
    world_scores: tuple[float, ...] = field(default=(), repr=False)
    """``score`` in each sampled deal, in sampling order: every card saw the same deals, so
    two cards' figures can be compared deal by deal (see :func:`paired_difference`)."""
    world_points: tuple[float, ...] = field(default=(), repr=False)
    """``expected_points`` in each sampled deal, in the same order."""
    world_hands: tuple[tuple[int, int, int, int], ...] = field(default=(), repr=False)
    """All four seats' hand scores (moon rule applied) in each sampled deal, in the same order: what the
    match score makes of a card (:mod:`hearts_core.match_stakes`) needs every seat's points, not the seat's alone."""


@dataclass
class HardBot:
    """Determinized Monte Carlo search over deals consistent with the view."""

    rng: random.Random
    time_budget: float = 0.3
    min_worlds: int = 6
    max_worlds: int = 400
    level: Level = field(default="hard", init=False)

    def __post_init__(self) -> None:
        if not 0 < self.time_budget <= 10:
            raise InvalidOptionError(f"time_budget is seconds per decision (0-10], not {self.time_budget!r}")

    def choose_pass(self, view: SeatView) -> tuple[Card, Card, Card]:
        """The sound player's pass (search begins once the cards are known)."""
        return heuristic_pass(view.hand)

    def choose_play(self, view: SeatView) -> Card:
        """The candidate with the best average relative score over sampled deals."""
        legal = view.legal_plays()
        if len(legal) == 1:
            return legal[0]
        return self.evaluate(view)[0][1]

    def evaluate(self, view: SeatView) -> list[tuple[float, Card]]:
        """(average relative score, card) for every legal card, best first."""
        return [(item.score, item.card) for item in self.appraise(view)]

    def appraise(self, view: SeatView, candidates: Sequence[Card] | None = None) -> list[Appraisal]:
        """The search's figures for every legal card (or only ``candidates``), best first.

        Every candidate is played out in the same sampled deals (common random numbers),
        so differences between cards are not blurred by differences between deals.
        Interchangeable cards (:func:`~hearts_core.knowledge.equivalent_cards`) are played
        out once, by the lowest of them, and share its figures: the play-out policy, not the
        position, would be all that told them apart.
        """
        asked = view.legal_plays() if candidates is None else tuple(candidates)
        stand_in = _stand_ins(view, asked)
        played_out = tuple(card for card in asked if stand_in[card] == card)
        knowledge = Knowledge.from_view(view)
        base = sim_from_view(view)
        me = view.seat
        modes = [-1]
        if not base.takers & ~(1 << me) and _could_shoot(knowledge):
            modes.append(me)
        remaining = NUM_SEATS * len(view.hand) - len(view.current_trick)
        work = int(self.time_budget * PLAYS_PER_SECOND)
        # The effort is reckoned per candidate card, twins included, so that judging a twin
        # once makes the decision faster rather than the sampling deeper.
        worlds = work // max(1, remaining * len(asked) * len(modes))
        worlds = max(self.min_worlds, min(self.max_worlds, worlds))
        # Per (card, mode): relative score, own score, tricks won now, points taken now.
        totals = {(card.index, mode): [0.0, 0.0, 0.0, 0.0] for card in played_out for mode in modes}
        per_world: dict[tuple[int, int], tuple[list[float], list[float], list[tuple[int, int, int, int]]]] = {
            (card.index, mode): ([], [], []) for card in played_out for mode in modes}
        already = base.points[me]
        for _ in range(worlds):
            hands = knowledge.sample(self.rng)
            for card in played_out:
                for mode in modes:
                    sim = base.copy()
                    sim.hands = list(hands)
                    winner = sim.play(card.index)
                    while winner < 0:
                        winner = sim.play(rollout_card(sim, mode))
                    taken = sim.last_trick_points if winner == me else 0
                    rollout(sim, shooter=mode)
                    scores = sim.scores()
                    relative = scores[me] - (sum(scores) - scores[me]) / (NUM_SEATS - 1)
                    total = totals[(card.index, mode)]
                    total[0] += relative
                    total[1] += scores[me]
                    total[2] += 1.0 if winner == me else 0.0
                    total[3] += taken
                    relatives, owns, hands_scored = per_world[(card.index, mode)]
                    relatives.append(relative)
                    owns.append(scores[me])
                    hands_scored.append(scores)
        judged = {}
        for card in played_out:
            mode = min(modes, key=lambda option: totals[(card.index, option)][0])
            score, points, wins, took = (value / worlds for value in totals[(card.index, mode)])
            relatives, owns, hands_scored = per_world[(card.index, mode)]
            judged[card] = Appraisal(card, score, points, wins, took, mode == me, worlds, points - already,
                                     tuple(relatives), tuple(owns), tuple(hands_scored))
        ranked = [replace(judged[stand_in[card]], card=card) for card in asked]
        ranked.sort(key=lambda item: (item.score, item.card.index))
        return ranked


def paired_difference(first: Sequence[float], second: Sequence[float]) -> tuple[float, float]:
    """Mean of ``first - second`` deal by deal, and the standard error of that mean.

    Two cards appraised on the same sampled deals differ by less noise than their
    averages suggest; this is the figure to weigh a difference against.

    >>> mean, error = paired_difference([3.0, 5.0, 4.0], [1.0, 2.0, 3.0])
    >>> mean, round(error, 3)
    (2.0, 0.577)
    """
    count = min(len(first), len(second))
    if count == 0:
        return 0.0, 0.0
    differences = [a - b for a, b in zip(first[:count], second[:count], strict=True)]
    mean = sum(differences) / count
    if count == 1:
        return mean, 0.0
    variance = sum((value - mean) ** 2 for value in differences) / (count - 1)
    return mean, (variance / count) ** 0.5


def _stand_ins(view: SeatView, candidates: Sequence[Card]) -> dict[Card, Card]:
    """For each candidate, the lowest candidate interchangeable with it (itself when it has no twin)."""
    stand_in: dict[Card, Card] = {}
    chosen = set(candidates)
    for group in equivalent_cards(view):
        members = [card for card in group if card in chosen]
        for card in members:
            stand_in[card] = members[0]
    for card in candidates:
        stand_in.setdefault(card, card)
    return stand_in


def _could_shoot(knowledge: Knowledge) -> bool:
    """A cheap filter: enough high cards that shooting is worth simulating."""
    high = sum(1 for index in range(len(DECK)) if knowledge.hand >> index & 1 and _RANK[index] >= JACK)
    return high >= knowledge.hand.bit_count() // 2 + 1

