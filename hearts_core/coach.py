"""The coach: what a seat can deduce, how risky each playable card is, and what to play and why.

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
* :func:`recommend` is the coach's word on what to play: the hard player's choice, by
  the same search (:meth:`~hearts_core.bots.HardBot.appraise`), seeded so the same
  position always gets the same card.  Its reason is assembled from what decided the
  search (the chosen card's figures against the next best) and what the table shows
  (the card winning the trick, the points in it, voids, whether ♠Q is still out, a moon
  threat), so two positions get the same words only when those facts agree.  In the
  passing phase it recommends the hard player's pass, with the reason each card goes.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from hearts_core.bots import LOW_SPADES_TO_KEEP_QUEEN, Appraisal, HardBot, heuristic_pass
from hearts_core.cards import ACE, DECK, KING, QUEEN, Card, Suit, cards_from_mask
from hearts_core.errors import InvalidPositionError
from hearts_core.fastsim import Sim, sim_from_view
from hearts_core.kernel import PENALTY_MASK
from hearts_core.knowledge import Knowledge
from hearts_core.policy import MOON_WATCH_POINTS, heuristic_play, moon_threat
from hearts_core.rules import NUM_SEATS, QUEEN_OF_SPADES
from hearts_core.state import Phase, SeatView
from hearts_core.wording import LEARNER_SEAT, and_list, plural, points_phrase, seat_name

__all__ = [
    "CardOutlook",
    "CoachReport",
    "Recommendation",
    "analyse",
    "card_outlooks",
    "consistent_deals",
    "explain_choice",
    "read_table",
    "recommend",
]

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
    """The table reading and the per-card outlooks (when it is the seat's turn)."""
    reading = read_table(view)
    outlooks, exact = card_outlooks(view, samples=samples, seed=seed)
    return CoachReport(reading, outlooks, exact)


# ------------------------------------------------------------------ recommend

RECOMMEND_BUDGET: Final = 0.3
"""Search effort per recommendation, in seconds of the reference machine: the hard player's own."""
ABOUT_AS_GOOD: Final = 0.1
"""Two cards whose search scores differ by less than this are called about as good."""
LIKELY: Final = 0.5
"""A card that takes its trick at least this often is said to take it."""
UNLIKELY: Final = 0.35
"""A lead that takes its trick less often than this is called safe."""
_SPADES_ABOVE_QUEEN: Final = (KING, ACE)
HIGH_DISCARD_RANK: Final = 10
"""Cards from this rank up are worth getting rid of on a safe discard."""


@dataclass(frozen=True, slots=True)
class Recommendation:
    """The coach's advice: the card to play (or the three to pass) and why, with the search's figures.

    ``alternatives`` lists every legal card's figures, best first (empty when the card
    is forced or when passing).
    """

    reason: str
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    alternatives: tuple[Appraisal, ...] = ()

    @property
    def choice(self) -> tuple[Card, ...]:
        """The recommended cards whatever the phase: the three to pass, or the one to play."""
        return self.cards if self.card is None else (self.card,)


def recommend(view: SeatView, *, seed: int = 0, time_budget: float = RECOMMEND_BUDGET) -> Recommendation:
    """The hard player's card for the seat's turn (or its pass) and the reason, in words.

    Raises:
        InvalidPositionError: the seat has nothing to decide (not its turn, or already passed).

    >>> from hearts_core.match import deal_hands
    >>> from hearts_core.state import HandState
    >>> state = HandState.new(deal_hands(seed=7, hand_number=4), "hold")
    >>> recommend(state.view(0)).reason
    '♣2 is your only legal card, so play it.'
    >>> state.play("♣2")
    >>> advice = recommend(state.view(1), time_budget=0.02)
    >>> advice.card in state.legal_plays()
    True
    """
    if view.phase is Phase.PASSING:
        if view.passed is not None:
            raise InvalidPositionError(f"seat {view.seat} has already passed {and_list(view.passed)}")
        cards = heuristic_pass(view.hand)
        return Recommendation(pass_reason(view.hand, cards), cards=cards)
    if not view.is_my_turn:
        raise InvalidPositionError(f"there is nothing to recommend: it is not seat {view.seat}'s turn to play")
    legal = view.legal_plays()
    if len(legal) == 1:
        return Recommendation(f"{legal[0]} is your only legal card, so play it.", legal[0])
    ranked = HardBot(random.Random(seed), time_budget).appraise(view)
    best = ranked[0]
    return Recommendation(explain_choice(view, best, ranked[1]), best.card, alternatives=tuple(ranked))


@dataclass(frozen=True, slots=True)
class _Facts:
    """What the table shows at the seat's turn, as the reasons use it."""

    led: Suit | None
    top: Card | None
    top_seat: int
    trick_points: int
    last: bool
    queen_out: bool
    threat: int
    knowledge: Knowledge
    later: tuple[int, ...]
    running: bool
    """The seat alone has taken points, enough that a moon shot is on."""
    sole_taker: int
    """Another seat that alone has taken every point so far, else -1."""

    def void_seats(self, suit: Suit, seats: tuple[int, ...]) -> list[int]:
        return [seat for seat in seats if self.knowledge.is_void(seat, suit)]

    def higher_out(self, card: Card) -> bool:
        return any(other.suit is card.suit and other.rank > card.rank for other in self.knowledge.unseen_cards())


def _facts(view: SeatView) -> _Facts:
    knowledge = Knowledge.from_view(view)
    trick = view.current_trick
    sim = sim_from_view(view)
    threat = moon_threat(sim)
    played = len(trick)
    later = tuple((view.seat + offset) % NUM_SEATS for offset in range(1, NUM_SEATS - played))
    queen_out = knowledge.unseen & QUEEN_OF_SPADES.bit != 0
    running = sim.takers == 1 << view.seat and sim.points[view.seat] >= MOON_WATCH_POINTS
    other_threat = threat if threat != view.seat else -1
    takers = sim.takers
    sole = takers.bit_length() - 1 if takers and not takers & (takers - 1) else -1
    sole_taker = sole if sole != view.seat else -1
    if not trick:
        return _Facts(None, None, -1, 0, False, queen_out, other_threat, knowledge, later, running, sole_taker)
    top = DECK[sim.winning_index()]
    return _Facts(trick[0].suit, top, sim.winning_seat(), sim.trick_points(), played == NUM_SEATS - 1, queen_out,
                  other_threat, knowledge, later, running, sole_taker)


def _whose(seat: int) -> str:
    return "your" if seat == LEARNER_SEAT else f"{seat_name(seat)}'s"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _names(seats: list[int]) -> str:
    return and_list(seat_name(seat) for seat in seats)


def explain_choice(view: SeatView, chosen: Appraisal, other: Appraisal | None) -> str:
    """Why ``chosen`` (the search's figures for one card) is better than ``other``, in words.

    One sentence on the danger or opportunity the table shows, one with the figures.
    """
    situation = _situation(view, _facts(view), chosen, other)
    return f"{situation} {_figures(chosen, other)}"


def _figures(chosen: Appraisal, other: Appraisal | None) -> str:
    if other is None:
        return f"It should cost you about {chosen.expected_points:.1f} points over the rest of the hand."
    if abs(other.score - chosen.score) < ABOUT_AS_GOOD:
        return (f"{other.card} is about as good: both should cost you about {chosen.expected_points:.1f} points "
                "over the rest of the hand.")
    costs, other_costs = round(chosen.expected_points, 1), round(other.expected_points, 1)
    if costs > other_costs:
        # The search weighs the others' points too: a card can cost more and still be the
        # better play (it stops a moon, or hands the others more). Say so, not "cheaper".
        return (f"Over the rest of the hand {chosen.card} should cost you about {costs:.1f} points, "
                f"{costs - other_costs:.1f} more than {other.card}, but it leaves the others with more: "
                f"against their average you come out about {other.score - chosen.score:.1f} points better.")
    return (f"Over the rest of the hand {chosen.card} should cost you about {costs:.1f} points, "
            f"against {other_costs:.1f} with {other.card}.")


def _situation(view: SeatView, facts: _Facts, chosen: Appraisal, other: Appraisal | None) -> str:
    card = chosen.card
    if chosen.shooting:
        return (f"You have taken every point so far and hold strong cards, so go for the moon with {card}: "
                "take all 26 points and the others score them instead.")
    if facts.threat >= 0 and chosen.take_chance >= LIKELY and chosen.trick_points > 0:
        return (f"{seat_name(facts.threat)} has taken every point so far and could shoot the moon; "
                f"taking this trick and its points with {card} stops that.")
    if facts.running and chosen.take_chance >= LIKELY:
        return (f"You have taken every point so far: winning this trick with {card} keeps you on course to "
                "shoot the moon, and the others would score 26 instead of you.")
    if facts.led is None:
        return _lead_situation(view, facts, chosen)
    if card.suit is facts.led:
        return _follow_situation(view, facts, chosen, other)
    return _discard_situation(view, facts, chosen, other)


def _lead_situation(view: SeatView, facts: _Facts, chosen: Appraisal) -> str:
    card = chosen.card
    high_spade = any(c.suit is Suit.SPADES and c.rank in _SPADES_ABOVE_QUEEN for c in view.hand)
    if card.suit is Suit.SPADES and card.rank < QUEEN and facts.queen_out and not high_spade:
        return (f"♠Q is still out and you hold no spade above it, so leading {card} can force ♠Q out "
                "onto someone else.")
    if card is QUEEN_OF_SPADES:
        above = [c for c in facts.knowledge.unseen_cards() if c.suit is Suit.SPADES and c.rank > QUEEN]
        if above:
            return (f"Leading ♠Q while {and_list(above)} {'is' if len(above) == 1 else 'are'} still out can hand "
                    "its 13 points to whoever has to play over it.")
    voids = facts.void_seats(card.suit, tuple(s for s in range(NUM_SEATS) if s != view.seat))
    risk = f", although {_names(voids)} cannot follow and may throw points on it" if voids else ""
    if chosen.take_chance < UNLIKELY and facts.higher_out(card):
        return (f"Leading {card} is safe: higher {card.suit.plural} are still out, so someone else should take "
                f"the trick{risk}.")
    if chosen.trick_points < DANGER_POINTS:
        return (f"{card} will probably win this trick, but it should hold no points, so leading it now "
                f"gets rid of a card that could win a costlier trick later.")
    return (f"Every lead here risks taking points; {card} takes this trick {chosen.take_chance:.0%} of the time "
            f"but risks the fewest over the whole hand{risk}.")


def _follow_situation(view: SeatView, facts: _Facts, chosen: Appraisal, other: Appraisal | None) -> str:
    card, top, led = chosen.card, facts.top, facts.led
    assert top is not None and led is not None
    mine = [c for c in view.hand if c.suit is led]
    lower = [c for c in mine if c.rank < top.rank]
    in_trick = f" with {points_phrase(facts.trick_points)} in it" if facts.trick_points else ""
    if card.rank < top.rank:
        if led is Suit.SPADES and facts.queen_out:
            catchers = [c for c in mine if c.rank in _SPADES_ABOVE_QUEEN]
            if catchers:
                voids = facts.void_seats(Suit.SPADES, facts.later)
                also = f" and {_names(voids)} {'is' if len(voids) == 1 else 'are'} void in spades" if voids else ""
                return (f"♠Q is still out{also}: {and_list(catchers)} could catch it, so play {card}, "
                        f"which stays under {top}.")
        risk = ""
        if (other is not None and other.card.suit is led and other.card.rank > top.rank
                and other.score - chosen.score >= ABOUT_AS_GOOD):
            risk = f", while {other.card} would take it"
        return (f"{_capital(_whose(facts.top_seat))} {top} is winning this trick{in_trick}, so play {card}, "
                f"which stays under it{risk}.")
    highest = card.rank == max(c.rank for c in mine)
    if not view.tricks and not facts.trick_points:
        return (f"Trick one almost never carries points, so {card} can win it safely and you keep your lower "
                f"{led.plural} to duck with later.")
    if not lower:
        if facts.last:
            return (f"All your {led.plural} are above {top} and you play last, so you take this trick{in_trick} "
                    f"whatever you do: take it with {card}{' and keep your lower ones for later' if highest else ''}.")
        if highest:
            return (f"None of your {led.plural} can stay under {top}, so play {card}: if you must win, "
                    "win with your highest card and keep the lower ones for ducking later.")
        return (f"None of your {led.plural} can stay under {top}; {card} is the cheapest way to play over it, "
                "since the players after you may still go higher.")
    if facts.last and not facts.trick_points:
        return f"The trick holds no points and you play last, so {card} takes it safely and gets rid of a high card."
    if led is Suit.SPADES and not facts.queen_out and QUEEN_OF_SPADES not in view.hand:
        return (f"♠Q has already been played, so {card} can win this spade trick safely, and your low spades "
                "stay to duck with later.")
    if chosen.trick_points < DANGER_POINTS:
        return (f"{card} may win this trick, but it should hold few points: getting rid of a high {led.plural[:-1]} "
                f"now keeps your low {led.plural} to duck with later.")
    return (f"{card} may win this trick, but the search finds that keeping your low {led.plural} for later "
            "saves more points than ducking now.")


def _discard_situation(view: SeatView, facts: _Facts, chosen: Appraisal, other: Appraisal | None) -> str:
    card, led = chosen.card, facts.led
    assert led is not None
    if not view.tricks:
        if card.rank >= HIGH_DISCARD_RANK or card.bit & PENALTY_MASK:
            return f"Nobody can take points on trick one, so this is the moment to get rid of {card}."
        return f"Nobody can take points on trick one, and {card} is as safe a discard as any."
    if facts.threat >= 0 and facts.threat == facts.top_seat and not chosen.card.bit & PENALTY_MASK:
        return (f"{seat_name(facts.threat)} could shoot the moon and is winning this trick, so give it no "
                f"points: throw away {card}.")
    if (facts.sole_taker >= 0 and facts.sole_taker == facts.top_seat and not card.bit & PENALTY_MASK
            and other is not None and other.card.bit & PENALTY_MASK):
        return (f"{seat_name(facts.sole_taker)} has taken every point so far and is winning this trick: giving it "
                f"{other.card} would help it shoot the moon, so throw away {card}.")
    if card is QUEEN_OF_SPADES:
        return f"You have no {led.plural}, so drop ♠Q now: someone else takes this trick and its 13 points."
    if card.suit is Suit.HEARTS:
        return (f"You have no {led.plural}, so throw away {card} now: someone else takes it, and it cannot "
                "win you a trick full of hearts later.")
    if card.suit is Suit.SPADES and card.rank in _SPADES_ABOVE_QUEEN and facts.queen_out:
        return f"You have no {led.plural}: throw away {card} now, before it can be forced to catch ♠Q."
    return (f"You have no {led.plural}, so throw away {card}, a card that could otherwise win an "
            "unwanted trick later.")


def pass_reason(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> str:
    """Why these three cards go: spades that could catch ♠Q, a suit to void, high hearts, high cards."""
    chosen = set(cards)
    said: set[Card] = set()
    parts = []
    low_spades = sum(1 for c in hand if c.suit is Suit.SPADES and c.rank < QUEEN)
    guard = "no low spades" if low_spades == 0 else f"only {plural(low_spades, 'low spade')}"
    # The sound pass gives up ♠Q and the spades above it only when they are unguarded.
    unguarded = low_spades < LOW_SPADES_TO_KEEP_QUEEN
    top_spades = [c for c in cards if c.suit is Suit.SPADES and c.rank >= QUEEN and unguarded]
    if QUEEN_OF_SPADES in top_spades:
        others = [c for c in top_spades if c is not QUEEN_OF_SPADES]
        along = f", and {and_list(others)} with it" if others else ""
        parts.append(f"With {guard} to hide behind, ♠Q (13 points) is likely to be forced on you: pass it{along}.")
    elif top_spades:
        parts.append(f"With {guard}, {and_list(top_spades)} could be forced to win a spade trick that catches ♠Q.")
    said.update(top_spades)
    for suit in Suit:
        held = [c for c in hand if c.suit is suit]
        rest = [c for c in held if c not in said]
        if held and rest and set(held) <= chosen and suit is Suit.HEARTS:
            parts.append(f"Passing {and_list(held)}, your only hearts, means you can never be forced to win "
                         "a trick of hearts.")
            said.update(held)
        elif held and rest and set(held) <= chosen:
            parts.append(f"Passing all your {suit.plural} leaves you void in them, so you can throw away points "
                         f"when {suit.plural} are led.")
            said.update(held)
    hearts = [c for c in cards if c.suit is Suit.HEARTS and c not in said]
    if hearts:
        parts.append(f"{and_list(hearts)} {'is a high heart' if len(hearts) == 1 else 'are high hearts'} "
                     "that would win tricks full of points.")
        said.update(hearts)
    rest = [c for c in cards if c not in said]
    if rest:
        parts.append(f"{and_list(rest)} {'is a high card' if len(rest) == 1 else 'are high cards'} "
                     "that could win unwanted tricks.")
    if QUEEN_OF_SPADES in hand and QUEEN_OF_SPADES not in chosen:
        parts.append(f"Keep ♠Q: with {plural(low_spades, 'low spade')} you can hide it and drop it on someone "
                     "else later.")
    return " ".join(parts)
