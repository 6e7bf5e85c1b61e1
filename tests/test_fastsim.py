"""The bots' lean simulator must agree with the public rules on every position it reaches."""

from __future__ import annotations

import random

from hearts_core import HandState, PassDirection, Phase, Rules, deal_hands
from hearts_core.cards import DECK, mask_of
from hearts_core.fastsim import Sim, sim_from_view
from hearts_core.policy import heuristic_play, rollout

HANDS = 400


def test_sim_matches_hand_state_on_random_hands() -> None:
    rng = random.Random(8)
    rules_cycle = [
        Rules(), Rules(qs_breaks_hearts=True), Rules(jack_of_diamonds_bonus=True), Rules(moon_subtracts=True),
    ]
    for number in range(HANDS):
        rules = rules_cycle[number % len(rules_cycle)]
        state = HandState.new(deal_hands(number, number + 1), PassDirection.for_hand(number + 1), rules)
        if state.phase is Phase.PASSING:
            for seat in range(4):
                state.pass_cards(seat, rng.sample(state.hand(seat), 3))
        assert state.to_move is not None
        sim = Sim([mask_of(state.hand(seat)) for seat in range(4)], [], state.to_move, 0, False, [0] * 4, rules)
        while not state.is_over:
            assert sim.to_move == state.to_move
            assert sim.legal() == mask_of(state.legal_plays())
            card = rng.choice(state.legal_plays())
            state.play(card)
            sim.play(card.index)
            assert sim.hearts_broken == state.hearts_broken
            assert tuple(sim.points) == state.points_taken
        assert sim.is_over
        assert sim.scores() == state.scores


def test_heuristic_rollouts_always_play_legal_cards() -> None:
    # Play whole hands by the heuristic through HandState: an illegal choice would raise.
    for number in range(150):
        state = HandState.new(deal_hands(number, 4), "hold")
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            sim = sim_from_view(state.view(seat))
            shooting = number % 3 == 0 and seat == 0
            card = heuristic_play(sim, mask_of(state.legal_plays()), shooting=shooting, stop_moon=1 if seat else -1)
            state.play(DECK[card])


def test_rollout_finishes_a_hand_with_26_points() -> None:
    for number in range(50):
        hands = [mask_of(hand) for hand in deal_hands(number, 4)]
        leader = next(seat for seat in range(4) if hands[seat] & 1)
        sim = Sim(hands, [], leader, 0, False, [0] * 4, Rules())
        rollout(sim, shooter=number % 5 - 1)
        assert sim.is_over and sum(sim.points) == 26
        assert sorted(sim.scores()) in (sorted(sim.points), [0, 26, 26, 26])
