"""Match: reproducible deals, the pass cycle, totals, the end of a match, save and reload."""

from __future__ import annotations

import random

import pytest

from hearts_core import IllegalMove, InvalidRecordError, Match, Phase, Rules, deal_hands, match_winners


def play_hand(match: Match, rng: random.Random) -> None:
    hand = match.hand
    if hand.phase is Phase.PASSING:
        for seat in rng.sample(range(4), 4):
            match.pass_cards(seat, rng.sample(hand.hand(seat), 3))
    while not hand.is_over:
        match.play(rng.choice(match.legal_plays()))


def play_match(seed: int, rules: Rules | None = None) -> Match:
    match = Match.new(seed, rules)
    rng = random.Random(seed)
    while True:
        play_hand(match, rng)
        if match.is_over:
            return match
        match.next_hand()


def test_deals_are_reproducible_and_differ_by_seed_and_hand() -> None:
    assert deal_hands(5, 2) == deal_hands(5, 2)
    assert deal_hands(5, 2) != deal_hands(6, 2) != deal_hands(6, 3)
    assert Match.new(9).hand == Match.new(9).hand


def test_pass_direction_follows_the_hand_number() -> None:
    match = Match.new(4)
    rng = random.Random(4)
    directions = []
    for _ in range(5):
        directions.append(match.hand.pass_direction.value)
        play_hand(match, rng)
        if match.is_over:
            break
        match.next_hand()
    assert directions[:5] == ["left", "right", "across", "hold", "left"][: len(directions)]


def test_a_whole_match_ends_when_someone_reaches_the_target_and_lowest_wins() -> None:
    match = play_match(2026)
    totals = match.totals
    assert max(totals) >= 100
    assert match.winners == match_winners(totals, Rules())
    assert all(totals[seat] == min(totals) for seat in match.winners or ())
    assert match.phase is Phase.MATCH_OVER
    # Every earlier hand left all totals below the target.
    running = [0, 0, 0, 0]
    for hand in match.history[:-1]:
        running = [a + b for a, b in zip(running, hand.scores, strict=True)]
        assert max(running) < 100
    with pytest.raises(IllegalMove):
        match.next_hand()


def test_next_hand_waits_for_the_hand_to_finish() -> None:
    match = Match.new(3)
    with pytest.raises(IllegalMove, match="Finish this hand"):
        match.next_hand()


def test_totals_and_before_column() -> None:
    match = Match.new(12)
    rng = random.Random(12)
    play_hand(match, rng)
    first = match.hand.scores
    assert match.totals == first and match.totals_before_hand == (0, 0, 0, 0)
    match.next_hand()
    assert match.totals_before_hand == first and match.view(0).match_totals == first
    assert match.view(0).hand_number == 2


def test_play_on_rule_never_ends_in_a_tie() -> None:
    for seed in range(30):
        match = play_match(seed, Rules(tie_rule="play_on", target=40))
        winners = match.winners or ()
        assert len(winners) == 1


def test_json_round_trip_mid_hand_and_after_the_end() -> None:
    match = Match.new(77)
    rng = random.Random(77)
    hand = match.hand
    for seat in range(4):
        match.pass_cards(seat, rng.sample(hand.hand(seat), 3))
    for _ in range(17):
        match.play(rng.choice(match.legal_plays()))
    copy = Match.from_json(match.to_json())
    assert copy == match and copy.to_json() == match.to_json()
    assert copy.legal_plays() == match.legal_plays() and copy.to_move == match.to_move
    finished = play_match(78)
    assert Match.from_json(finished.to_json()) == finished


def test_from_json_refuses_a_corrupt_save_with_a_clear_error() -> None:
    with pytest.raises(InvalidRecordError, match="JSON"):
        Match.from_json("{not json")
    good = Match.new(5).to_json()
    with pytest.raises(InvalidRecordError, match="seed"):
        Match.from_json(good.replace('"seed": 5,', ""))
