"""Match: reproducible deals, the pass cycle, totals, the end of a match, save and reload."""

from __future__ import annotations

import random

import pytest

from hearts_core import HandState, IllegalMove, InvalidRecordError, Match, Phase, Rules, deal_hands, match_winners


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


# ------------------------------------------------------------ long matches stay linear


def long_match(hands: int, seed: int = 8) -> Match:
    """A match of ``hands`` complete hands that never ends (the target is out of reach)."""
    match = Match.new(seed, Rules(target=10**9))
    rng = random.Random(seed)
    play_hand(match, rng)
    for _ in range(hands - 1):
        match.next_hand()
        play_hand(match, rng)
    return match


def count_score_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count every read of ``HandState.scores``, the work that grew with the square of the hands."""
    reads = [0]
    original = HandState.scores

    def counted(state: HandState) -> tuple[int, int, int, int]:
        reads[0] += 1
        assert original.fget is not None
        return original.fget(state)  # type: ignore[no-any-return]

    monkeypatch.setattr(HandState, "scores", property(counted))
    return reads


@pytest.mark.parametrize("hands", [10, 40])
def test_loading_reads_each_hand_score_a_bounded_number_of_times(monkeypatch: pytest.MonkeyPatch, hands: int) -> None:
    # Counting operations instead of timing them: summing every earlier hand again for
    # each hand made 40 hands cost 780 reads; a linear load costs a few per hand.
    text = long_match(hands).to_json()
    reads = count_score_reads(monkeypatch)
    loaded = Match.from_json(text)
    assert loaded.hand_number == hands
    assert reads[0] <= 3 * hands


def test_playing_a_long_match_reads_each_hand_score_a_bounded_number_of_times(monkeypatch: pytest.MonkeyPatch) -> None:
    match = long_match(1)
    reads = count_score_reads(monkeypatch)
    rng = random.Random(1)
    for _ in range(30):
        match.next_hand()
        play_hand(match, rng)
        _ = match.totals, match.totals_before_hand, match.is_over, match.view(0)
    assert reads[0] <= 6 * 30
    expected = [0, 0, 0, 0]
    for hand in match.history:
        expected = [a + b for a, b in zip(expected, hand.scores, strict=True)]
    assert match.totals == tuple(expected)


# ------------------------------------------------------------ wrong types name the argument


@pytest.mark.parametrize("rules", [{"target": 5}, 5, "share", Rules])
def test_new_refuses_rules_that_are_not_a_rules_value(rules: object) -> None:
    with pytest.raises(TypeError, match=r"^rules must be a Rules value"):
        Match.new(1, rules)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [None, "7", 1.5, True])
def test_new_refuses_a_seed_that_is_not_a_whole_number(seed: object) -> None:
    with pytest.raises(TypeError, match=r"^seed must be a whole number"):
        Match.new(seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("number", [0, -1, "2", None])
def test_deal_hands_refuses_a_bad_hand_number(number: object) -> None:
    with pytest.raises((TypeError, ValueError), match="hand_number"):
        deal_hands(1, number)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", [None, 5, ["{}"], {"format": "hearts-record/1"}])
def test_from_json_refuses_what_is_not_text(text: object) -> None:
    with pytest.raises(InvalidRecordError, match=r"^a record is JSON text \(str or bytes\), not "):
        Match.from_json(text)  # type: ignore[arg-type]
