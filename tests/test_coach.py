"""The coach: deductions from public play, exact figures on small endgames, and its advice.

The endgame checks enumerate every deal of the hidden cards that fits what the learner
has seen (voids worked out here, independently of hearts_core.knowledge), play the rest
of the trick with the documented opponent model (the sound player), and compare the
averages with the coach's figures, which must be exact at that size.
"""

from __future__ import annotations

import itertools
import random

import pytest

from hearts_core import HandState, Suit, deal_hands
from hearts_core.cards import DECK, Card, mask_of
from hearts_core.coach import analyse, card_outlooks, read_table
from hearts_core.fastsim import Sim
from hearts_core.legality import PENALTY_MASK
from hearts_core.policy import heuristic_play
from tests.support import SUIT_PER_SEAT_DEAL, TWO_CLUB_DEAL, after_plays


def play_until(seed: int, cards_left: int) -> HandState:
    rng = random.Random(seed)
    state = HandState.new(deal_hands(seed, 4), "hold")
    while len(state.plays) < 52 - 4 * cards_left:
        state.play(rng.choice(state.legal_plays()))
    return state


def shown_voids(state: HandState) -> dict[int, int]:
    """Mask of cards each seat cannot hold, from failures to follow (independent of Knowledge)."""
    barred = {seat: 0 for seat in range(4)}
    heart_mask = sum(1 << card.index for card in DECK if card.suit is Suit.HEARTS)
    broken = False
    for number, trick in enumerate(state.tricks):
        led = trick.cards[0].suit
        for position, card in enumerate(trick.cards):
            seat = (trick.leader + position) % 4
            if position and card.suit is not led:
                barred[seat] |= sum(1 << c.index for c in DECK if c.suit is led)
                if number == 0 and card.bit & PENALTY_MASK:
                    barred[seat] |= ~PENALTY_MASK
            if not position and card.suit is Suit.HEARTS and not broken:
                barred[seat] |= ~heart_mask
            broken = broken or card.suit is Suit.HEARTS
    return barred


def exact_outlook(state: HandState, card: Card) -> tuple[float, float]:
    """Average (win, points) over every consistent deal, opponents playing the sound player."""
    me = state.to_move
    assert me is not None
    others = [seat for seat in range(4) if seat != me]
    unseen = [c for seat in others for c in state.hand(seat)]
    sizes = [len(state.hand(seat)) for seat in others]
    barred = shown_voids(state)
    wins = points = deals = 0
    for order in itertools.permutations(unseen):
        hands = [0, 0, 0, 0]
        hands[me] = mask_of(state.hand(me))
        start = 0
        for seat, size in zip(others, sizes, strict=True):
            hands[seat] = mask_of(sorted(order[start:start + size]))
            start += size
        if any(hands[seat] & barred[seat] for seat in others):
            continue
        deals += 1
        sim = Sim(hands, [c.index for c in state.current_trick], state.trick_leader or 0, len(state.tricks),
                  state.hearts_broken, list(state.points_taken), state.rules,
                  played=mask_of(c for _, c in state.plays))
        before = list(sim.points)
        sim.play(card.index)
        while sim.trick:
            sim.play(heuristic_play(sim, sim.legal()))
        if sim.leader == me:
            wins += 1
            points += sim.points[me] - before[me]
    # Permutations count each deal once per ordering within hands; the ratio is unaffected.
    return wins / deals, points / deals


@pytest.mark.parametrize("seed", range(6))
def test_last_trick_figures_are_exact(seed: int) -> None:
    state = play_until(seed, cards_left=1)
    outlooks, exact = card_outlooks(state.view(state.to_move or 0))
    assert exact
    for outlook in outlooks:
        assert (outlook.win_chance, outlook.expected_points) == pytest.approx(exact_outlook(state, outlook.card))


@pytest.mark.parametrize("seed", range(6))
def test_last_two_tricks_figures_are_exact(seed: int) -> None:
    state = play_until(seed + 100, cards_left=2)
    for _ in range(seed % 4):  # vary the seat's place in the trick
        state.play(state.legal_plays()[0])
    outlooks, exact = card_outlooks(state.view(state.to_move or 0))
    assert exact and outlooks
    for outlook in outlooks:
        assert (outlook.win_chance, outlook.expected_points) == pytest.approx(exact_outlook(state, outlook.card))


def test_when_last_to_play_the_figures_are_certain() -> None:
    state = after_plays(SUIT_PER_SEAT_DEAL, ("♣2", "♣A", "♥2", "♠2", "♣K", "♥3", "♠Q"))
    # You (void in clubs) are last on a trick CPU1 wins with ♣K, holding ♥3 and ♠Q.
    outlooks = {str(o.card): o for o in card_outlooks(state.view(0))[0]}
    assert all(o.win_chance == 0 and o.expected_points == 0 for o in outlooks.values())


def test_reading_the_table() -> None:
    state = after_plays(TWO_CLUB_DEAL, ("♣2", "♣A", "♠2", "♥2"))
    reading = read_table(state.view(0))
    assert reading.voids[2] == (Suit.CLUBS,)
    assert reading.voids[3] == (Suit.CLUBS, Suit.DIAMONDS)
    assert reading.queen_of_spades == (1, 2, 3) and not reading.queen_played
    assert len(reading.unseen) == 52 - 13 - 3


def test_advice_names_a_card_and_warns_about_the_queen() -> None:
    state = after_plays([
        "♣2 ♠A ♠4 ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦8 ♦9 ♦10 ♦J",
        "♣3 ♣4 ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K ♣A ♠9",
        "♠2 ♠3 ♠5 ♠6 ♠7 ♠8 ♠10 ♠J ♠Q ♠K ♦Q ♦K ♦A",
        "♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q ♥K ♥A",
    ], ("♣2", "♣A", "♦K", "♥2", "♠9", "♠2", "♥3"))
    report = analyse(state.view(0))
    assert report.advice == "♠A may win a trick that catches ♠Q, which is still out; ♠4 ducks under ♠9."
    figures = {str(o.card): (o.win_chance, o.expected_points, o.dangerous) for o in report.outlooks}
    assert figures == {"♠4": (0.0, 0.0, False), "♠A": (1.0, 1.0, True)}


def test_advice_when_every_card_costs_points() -> None:
    state = after_plays(SUIT_PER_SEAT_DEAL, ("♣2", "♣A", "♥2", "♠2"))
    # CPU1 holds only clubs and ♦9 and must lead into hearts and ♠Q discards.
    advice = analyse(state.view(1)).advice
    assert "least costly" in advice


def test_advice_for_a_forced_card_and_out_of_turn() -> None:
    state = HandState.new(deal_hands(3, 4), "hold")
    leader = state.to_move or 0
    assert analyse(state.view(leader)).advice == "♣2 is your only legal card, so play it."
    waiting = analyse(state.view((leader + 1) % 4))
    assert waiting.outlooks == () and "turn" in waiting.advice


def test_same_position_same_advice() -> None:
    state = play_until(11, cards_left=9)
    view = state.view(state.to_move or 0)
    assert analyse(view) == analyse(view)
