"""Computer players: legal and honest (they see only their view), reproducible, and moon-aware."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearts_core import DECK, HandState, PassDirection, Phase, deal_hands, parse_cards
from hearts_core.bots import LEVELS, HardBot, make_bot
from hearts_core.knowledge import Knowledge
from tests.support import cards, examples


def play_out(state: HandState, levels: list[str], seed: int) -> None:
    bots = [make_bot(level, seed=seed + seat, time_budget=0.02 if level == "hard" else None)
            for seat, level in enumerate(levels)]
    if state.phase is Phase.PASSING:
        for seat in range(4):
            chosen = bots[seat].choose_pass(state.view(seat))
            assert len(set(chosen)) == 3 and set(chosen) <= set(state.hand(seat))
            state.pass_cards(seat, chosen)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        card = bots[seat].choose_play(state.view(seat))
        assert card in state.legal_plays()
        state.play(card, seat=seat)


# A whole hand with every level at the table, the hard one searching: a quarter of the profile's count.
@examples(1 / 4)
@given(seed=st.integers(0, 10_000), hand_number=st.integers(1, 4), shift=st.integers(0, 3))
def test_every_level_passes_and_plays_legally(seed: int, hand_number: int, shift: int) -> None:
    levels = [LEVELS[(seat + shift) % 4] for seat in range(4)]
    state = HandState.new(deal_hands(seed, hand_number), PassDirection.for_hand(hand_number))
    play_out(state, levels, seed)
    assert state.is_over and sum(state.points_taken) == 26


@pytest.mark.parametrize("level", LEVELS)
def test_seeded_bots_replay_identically(level: str) -> None:
    outcomes = []
    for _ in range(2):
        state = HandState.new(deal_hands(99, 1), "left")
        play_out(state, [level] * 4, seed=5)
        outcomes.append(state.to_record())
    assert outcomes[0] == outcomes[1]


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="'expert'"):
        make_bot("expert")


def shuffled_hidden_hands(state: HandState, seat: int, rng: random.Random) -> HandState:
    """The same hold hand from ``seat``'s side, with the others' cards re-dealt to fit its view."""
    view = state.view(seat)
    hidden = Knowledge.from_view(view).sample(rng)
    played_by = [0, 0, 0, 0]
    for player, card in view.plays:
        played_by[player] |= card.bit
    dealt = [hidden[player] | played_by[player] for player in range(4)]
    twin = HandState.new([[c for c in DECK if mask >> c.index & 1] for mask in dealt], "hold")
    for _, card in view.plays:
        twin.play(card)
    return twin


@pytest.mark.parametrize("level", LEVELS)
def test_bots_do_not_peek_at_hidden_hands(level: str) -> None:
    rng = random.Random(3)
    changed = 0
    for number in range(12):
        state = HandState.new(deal_hands(number, 4), "hold")
        for _ in range(rng.randrange(30)):
            state.play(rng.choice(state.legal_plays()))
        seat = state.to_move
        assert seat is not None
        twin = shuffled_hidden_hands(state, seat, rng)
        assert twin.view(seat) == state.view(seat)
        changed += any(twin.hand(p) != state.hand(p) for p in range(4))
        first = make_bot(level, seed=number, time_budget=0.05).choose_play(state.view(seat))
        second = make_bot(level, seed=number, time_budget=0.05).choose_play(twin.view(seat))
        assert first == second
    assert changed >= 8  # the hidden hands really differed


def test_passes_do_not_depend_on_the_other_hands() -> None:
    rng = random.Random(4)
    for number in range(10):
        deal = [list(hand) for hand in deal_hands(number)]
        others = deal[1] + deal[2] + deal[3]
        rng.shuffle(others)
        twin = [deal[0], others[:13], others[13:26], others[26:]]
        for level in LEVELS:
            a = make_bot(level, seed=1).choose_pass(HandState.new(deal, "left").view(0))
            b = make_bot(level, seed=1).choose_pass(HandState.new(twin, "left").view(0))
            assert a == b


def test_normal_pass_sheds_an_unguarded_queen_and_voids_a_short_suit() -> None:
    hand = parse_cards("♠Q ♠K ♠4 ♣3 ♣9 ♦2 ♦5 ♦8 ♦J ♥4 ♥6 ♥9 ♥K")
    others = [c for c in DECK if c not in hand]
    state = HandState.new([hand, others[:13], others[13:26], others[26:]], "left")
    chosen = set(make_bot("normal").choose_pass(state.view(0)))
    assert cards("♠Q")[0] in chosen
    assert len(chosen & set(cards("♣3 ♣9"))) in (0, 2)


MOON_STOP_DEAL = [
    "♣2 ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦8 ♦10 ♦J ♦Q ♦K ♦A",
    "♣3 ♣4 ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K ♣A ♦9",
    "♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q ♥K ♥A",
    "♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K ♠A",
]


def moon_threat_position() -> HandState:
    """CPU1 has taken ♠Q and eleven hearts; it leads ♦9 with ♥K on it; You hold ♦3 and ♦A."""
    state = HandState.new(MOON_STOP_DEAL, "hold")
    state.play("♣2")
    state.play("♣A")
    state.play("♥2")
    state.play("♠2")
    discards = iter(parse_cards("♦2 ♦4 ♦5 ♦6 ♦7 ♦8 ♦10 ♦J ♦Q ♦K"))
    hearts = iter(parse_cards("♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q"))
    spades = iter(parse_cards("♠Q ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J"))
    for lead in parse_cards("♣K ♣Q ♣J ♣10 ♣9 ♣8 ♣7 ♣6 ♣5 ♣4"):
        for card in (lead, next(hearts), next(spades), next(discards)):
            state.play(card)
    for card in ("♦9", "♥K", "♠K"):
        state.play(card)
    assert state.to_move == 0 and state.points_taken == (0, 24, 0, 0)
    return state


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_sound_players_stop_a_moon_shot_by_taking_a_heart(level: str) -> None:
    state = moon_threat_position()
    assert make_bot(level, seed=1).choose_play(state.view(0)) == cards("♦A")[0]


def test_easy_player_falls_for_the_moon_shot() -> None:
    # The beginner's habit (play low) is exactly what lets the shooter through.
    state = moon_threat_position()
    assert make_bot("easy", seed=1).choose_play(state.view(0)) == cards("♦3")[0]


def test_hard_player_shoots_the_moon_with_a_commanding_hand() -> None:
    monster = parse_cards("♠A ♠K ♠Q ♥A ♥K ♥Q ♥J ♥10 ♣A ♣K ♦A ♦K ♦Q")
    shots = 0
    for seed in range(4):
        rng = random.Random(seed)
        rest = [card for card in DECK if card not in monster]
        rng.shuffle(rest)
        state = HandState.new([monster, rest[:13], rest[13:26], rest[26:]], "hold")
        play_out(state, ["hard", "normal", "normal", "normal"], seed)
        shots += state.scores == (0, 26, 26, 26)
    assert shots >= 3


def test_hard_time_budget_is_validated() -> None:
    with pytest.raises(ValueError, match="time_budget"):
        make_bot("hard", time_budget=0)


def test_hard_appraisal_carries_the_figures_behind_its_choice() -> None:
    # You lead ♣2, CPU1 takes trick 1 with ♣A and leads ♠K; CPU3 drops ♠Q, its only spade.
    deal = (
        "♣2 ♠A ♠3 ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦8 ♥2 ♥3 ♥4",
        "♣A ♠K ♠4 ♠5 ♠6 ♠7 ♦9 ♦10 ♦J ♥5 ♥6 ♥7 ♥8",
        "♣3 ♠2 ♠8 ♠9 ♠10 ♠J ♦Q ♦K ♦A ♥9 ♥10 ♥J ♥Q",
        "♣4 ♠Q ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K ♥K ♥A",
    )
    state = HandState.new(deal, "hold")
    for card in ["♣2", "♣A", "♣3", "♣4", "♠K", "♠2", "♠Q"]:
        state.play(card)
    view = state.view(0)
    bot = HardBot(random.Random(5), 0.05)
    ranked = bot.appraise(view)
    assert [str(item.card) for item in ranked] == ["♠3", "♠A"]
    low, high = ranked
    # ♠A takes the trick, and ♠Q's 13 points with it, in every sampled deal; ♠3 never does.
    assert (high.take_chance, high.trick_points, low.take_chance, low.trick_points) == (1.0, 13.0, 0.0, 0.0)
    assert high.expected_points - low.expected_points > 8
    assert not low.shooting and low.worlds >= bot.min_worlds
    assert HardBot(random.Random(5), 0.05).evaluate(view) == [(item.score, item.card) for item in ranked]
    only = HardBot(random.Random(5), 0.05).appraise(view, cards("♠A"))
    assert [item.card for item in only] == list(cards("♠A"))
