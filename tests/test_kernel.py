"""The rules kernel: one place decides a trick, so the referee and the simulator agree under every rule set.

``HandState`` (the referee) and ``fastsim.Sim`` (the players' simulator) both run on
``kernel.Table``.  Each house rule of ``Rules`` is tested here by playing the same hands
through both, step by step, and checking that they agree *and* that the variant really
changed the game the way ``Rules`` documents.  A variant taught to only one of them, or to
neither, fails here.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from hearts_core import DECK, HandState, Rules, deal_hands
from hearts_core.cards import mask_of
from hearts_core.fastsim import Sim
from hearts_core.kernel import (
    HEARTS_MASK,
    LEADING,
    Allowance,
    Reason,
    Table,
    points_table,
    rule_walk,
    settle,
    winning_position,
)
from hearts_core.policy import heuristic_play
from hearts_core.rules import JACK_OF_DIAMONDS, QUEEN_OF_SPADES, SEATS
from tests.support import cards

HANDS = 120
Chooser = Callable[[Sim, int, random.Random], int]


def _random_card(sim: Sim, legal: int, rng: random.Random) -> int:
    return rng.choice([index for index in range(len(DECK)) if legal >> index & 1])


def _shoot_for_seat_0(sim: Sim, legal: int, rng: random.Random) -> int:
    # Seat 0 tries to take everything, the others play soundly but do not guard: moons happen.
    return heuristic_play(sim, legal, shooting=sim.to_move == 0)


def play_in_lockstep(number: int, rules: Rules, choose: Chooser) -> tuple[HandState, Sim, list[tuple[int, bool]]]:
    """One hold hand through HandState and Sim together; returns both and (card, hearts broken) per play."""
    rng = random.Random(number)
    state = HandState.new(deal_hands(number, 4), "hold", rules)
    assert state.to_move is not None
    sim = Sim([mask_of(state.hand(seat)) for seat in SEATS], [], state.to_move, 0, False, [0] * len(SEATS), rules)
    history = []
    while not state.is_over:
        legal = sim.legal()
        assert sim.to_move == state.to_move and legal == mask_of(state.legal_plays())
        index = choose(sim, legal, rng)
        trick = state.play(DECK[index])
        taker = sim.play(index)
        assert taker == (trick.winner if trick else -1)
        assert sim.hearts_broken == state.hearts_broken
        assert tuple(sim.points) == state.points_taken
        history.append((index, state.hearts_broken))
    assert sim.is_over and sim.scores() == state.scores
    assert sim.moon_shooter() == state.moon_shooter
    return state, sim, history


def test_table_rules_agree_and_score_26_a_hand() -> None:
    for number in range(HANDS):
        state, _, _ = play_in_lockstep(number, Rules(), _random_card)
        assert sum(state.points_taken) == 26
        assert sum(state.scores) in (26, 78)


def test_variant_queen_of_spades_breaks_hearts() -> None:
    queen_first = 0
    for number in range(HANDS):
        for rules in (Rules(), Rules(qs_breaks_hearts=True)):
            _, _, history = play_in_lockstep(number, rules, _random_card)
            played = 0
            for index, broken in history:
                if index == QUEEN_OF_SPADES.index:
                    if not played & HEARTS_MASK:
                        queen_first += rules.qs_breaks_hearts
                        # Under the table rules ♠Q alone never breaks hearts; under the variant it does.
                        assert broken is rules.qs_breaks_hearts
                    break
                played |= 1 << index
    assert queen_first > 0, "no hand played ♠Q before a heart: the variant was never exercised"


def test_variant_jack_of_diamonds_scores_minus_ten() -> None:
    rules = Rules(jack_of_diamonds_bonus=True)
    assert points_table(rules)[JACK_OF_DIAMONDS.index] == -10 and points_table(Rules())[JACK_OF_DIAMONDS.index] == 0
    for number in range(HANDS):
        state, sim, _ = play_in_lockstep(number, rules, _random_card)
        assert sum(state.points_taken) == 16  # 26 penalty points, -10 for ♦J
        taker = next(trick.winner for trick in state.tricks if JACK_OF_DIAMONDS in trick.cards)
        assert sim.jack_taker == taker
        bonus = tuple(-10 if seat == taker else 0 for seat in SEATS)
        shooter = state.moon_shooter
        if shooter is None:
            assert state.scores == state.points_taken
        else:
            # The -10 stays with its taker whatever the moon.
            assert state.scores == tuple((0 if seat == shooter else 26) + bonus[seat] for seat in SEATS)


def test_variant_moon_subtracts() -> None:
    moons = 0
    for number in range(HANDS):
        adds, _, _ = play_in_lockstep(number, Rules(), _shoot_for_seat_0)
        subtracts, _, _ = play_in_lockstep(number, Rules(moon_subtracts=True), _shoot_for_seat_0)
        assert adds.points_taken == subtracts.points_taken
        shooter = subtracts.moon_shooter
        if shooter is None:
            assert adds.scores == subtracts.scores == adds.points_taken
            continue
        moons += 1
        assert adds.scores == tuple(0 if seat == shooter else 26 for seat in SEATS)
        assert subtracts.scores == tuple(-26 if seat == shooter else 0 for seat in SEATS)
    assert moons > 0, "nobody shot the moon: the variant was never exercised"


def test_moon_with_jack_variant_keeps_the_jack_bonus() -> None:
    rules = Rules(jack_of_diamonds_bonus=True)
    assert settle((16, 0, 0, 0), rules, jack_taker=0) == (-10, 26, 26, 26)
    assert settle((26, -10, 0, 0), rules, jack_taker=1) == (0, 16, 26, 26)


@pytest.mark.parametrize(("trick", "winner"), [("♣10 ♣K ♣3 ♥A", 1), ("♥2 ♥8 ♠Q ♣5", 1), ("♦4", 0), ("♠2 ♠A", 1)])
def test_winning_position_is_the_highest_card_of_the_led_suit(trick: str, winner: int) -> None:
    assert winning_position([card.index for card in cards(trick)]) == winner


def test_table_copy_is_independent() -> None:
    table = Table([mask_of(hand) for hand in deal_hands(3, 4)], [], 0, 0, False, [0, 0, 0, 0], Rules())
    table.to_move = table.leader = next(seat for seat in SEATS if table.hands[seat] & 1)
    twin = table.copy()
    assert type(twin) is Table
    twin.play(0)
    assert table.trick == [] and twin.trick == [0] and table.hands != twin.hands


def test_closing_a_trick_starts_a_new_list_and_leaves_the_closed_one_whole() -> None:
    # The referee keeps the trick list across the play that closes it and reads the trick from it.
    table = Table([mask_of(hand) for hand in deal_hands(5, 4)], [], 0, 0, False, [0, 0, 0, 0], Rules())
    table.to_move = table.leader = next(seat for seat in SEATS if table.hands[seat] & 1)
    for _ in range(13):
        kept = table.trick
        while table.play(next(index for index in range(52) if table.legal() >> index & 1)) < 0:
            assert table.trick is kept
        assert len(kept) == 4 and table.trick == [] and table.trick is not kept
    assert table.is_over


def test_rule_walk_refuses_and_allows_in_one_answer() -> None:
    hand = mask_of(cards("♥4 ♥9 ♦7 ♠2"))
    playable, refusal, allowance = rule_walk(hand, LEADING, False, False)
    assert (playable, refusal, allowance) == (mask_of(cards("♦7 ♠2")), Reason.HEARTS_NOT_BROKEN, Allowance.LEADS_FREELY)
