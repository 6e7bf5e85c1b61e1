"""Inference from a view: never wrong about the real deal, and samples that fit every constraint."""

from __future__ import annotations

import random

from hearts_core import HandState, PassDirection, Phase, Suit, deal_hands
from hearts_core.cards import mask_of
from hearts_core.knowledge import Knowledge
from tests.support import TWO_CLUB_DEAL, after_plays


def random_positions(count: int, seed: int):  # type: ignore[no-untyped-def]
    """Yield (state, seat) at random points of random hands."""
    rng = random.Random(seed)
    for number in range(count):
        state = HandState.new(deal_hands(seed, number + 1), PassDirection.for_hand(number + 1))
        if state.phase is Phase.PASSING:
            for seat in range(4):
                state.pass_cards(seat, rng.sample(state.hand(seat), 3))
        stop = rng.randrange(52)
        for _ in range(stop):
            state.play(rng.choice(state.legal_plays()))
        yield state, rng.randrange(4)


def test_inferences_always_hold_for_the_real_deal() -> None:
    for state, seat in random_positions(300, seed=1):
        knowledge = Knowledge.from_view(state.view(seat))
        for player in range(4):
            actual = mask_of(state.hand(player))
            assert actual & ~knowledge.possible[player] == 0, (player, state.to_record())
            assert knowledge.known[player] & ~actual == 0
            assert knowledge.counts[player] == actual.bit_count()


def test_samples_fit_every_constraint() -> None:
    rng = random.Random(2)
    for state, seat in random_positions(200, seed=3):
        knowledge = Knowledge.from_view(state.view(seat))
        for _ in range(3):
            hands = knowledge.sample(rng)
            assert hands[seat] == mask_of(state.hand(seat))
            assert hands[0] | hands[1] | hands[2] | hands[3] == knowledge.unseen | knowledge.hand
            for player in range(4):
                assert hands[player] & ~knowledge.possible[player] == 0
                assert hands[player] & knowledge.known[player] == knowledge.known[player]
                assert hands[player].bit_count() == knowledge.counts[player]
        # The exact fallback must also produce a valid deal.
        fallback = knowledge._sample_by_matching(rng)
        assert fallback[0] | fallback[1] | fallback[2] | fallback[3] == knowledge.unseen | knowledge.hand


def test_a_failure_to_follow_shows_a_void() -> None:
    state = after_plays(TWO_CLUB_DEAL, ("♣2", "♣A", "♠2", "♥2"))
    knowledge = Knowledge.from_view(state.view(0))
    voids = knowledge.voids()
    assert voids[1] == ()
    assert voids[2] == (Suit.CLUBS,)
    # Seat 3 dropped a heart on the first trick while void: it holds only hearts and ♠Q.
    assert voids[3] == (Suit.CLUBS, Suit.DIAMONDS)
    assert knowledge.queen_of_spades_seats() == (1, 2, 3)


def test_the_cards_we_passed_are_known_to_sit_with_the_receiver() -> None:
    state = HandState.new(deal_hands(5), "left")
    passed = state.hand(0)[:3]
    for seat in range(4):
        state.pass_cards(seat, state.hand(seat)[:3])
    knowledge = Knowledge.from_view(state.view(0))
    assert knowledge.known[1] == mask_of(passed)
    assert all(knowledge.possible[seat] & mask_of(passed) == 0 for seat in (2, 3))
