"""Points, the moon rule, the score-table example and both tie rules."""

from __future__ import annotations

import pytest

from hearts_core import (
    POINTS_PER_HAND,
    QUEEN_OF_SPADES_POINTS,
    SEATS,
    InvalidPositionError,
    Rules,
    hand_scores,
    match_outcome,
    match_winners,
    penalty_points,
)


def test_named_numbers() -> None:
    assert (POINTS_PER_HAND, QUEEN_OF_SPADES_POINTS, Rules().target) == (26, 13, 100)


def test_points_of_cards() -> None:
    assert penalty_points("♥3 ♥9 ♥K ♠Q") == 16  # three hearts and the queen
    assert penalty_points("♥2 ♥8 ♠Q ♣5") == 15
    assert penalty_points("♦J ♠K ♣A") == 0
    assert penalty_points("♦J ♥2", Rules(jack_of_diamonds_bonus=True)) == -9


def test_score_table_example_ends_the_match_and_the_lowest_wins() -> None:
    before = (24, 35, 40, 98)
    this_hand = hand_scores((3, 16, 5, 2))
    assert this_hand == (3, 16, 5, 2)
    totals = tuple(a + b for a, b in zip(before, this_hand, strict=True))
    assert totals == (27, 51, 45, 100)
    assert match_winners(totals, Rules()) == (0,)  # You win with 27; reaching 100 never wins


def test_match_goes_on_below_the_target() -> None:
    assert match_winners((27, 51, 45, 99), Rules()) is None


def test_moon_adds_26_to_every_other_seat() -> None:
    assert hand_scores((0, 0, 26, 0)) == (26, 26, 0, 26)


def test_one_stray_heart_spoils_the_moon() -> None:
    assert hand_scores((25, 1, 0, 0)) == (25, 1, 0, 0)


def test_moon_subtract_variant() -> None:
    assert hand_scores((0, 26, 0, 0), Rules(moon_subtracts=True)) == (0, -26, 0, 0)


def test_jack_of_diamonds_variant_keeps_its_bonus_through_a_moon() -> None:
    rules = Rules(jack_of_diamonds_bonus=True)
    assert hand_scores((16, 0, 0, 0), rules, jack_of_diamonds_taker=0) == (-10, 26, 26, 26)
    assert hand_scores((3, -10, 23, 0), rules, jack_of_diamonds_taker=1) == (3, -10, 23, 0)


@pytest.mark.parametrize("bad", [(1, 2, 3), (27, 0, 0, 0), (-1, 0, 0, 27), ("a", 0, 0, 0)])
def test_hand_scores_refuses_impossible_points(bad: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match="points"):
        hand_scores(bad)


def test_tie_share_rule_gives_every_tied_seat_the_win() -> None:
    assert match_winners((80, 104, 80, 90), Rules(tie_rule="share")) == (0, 2)


def test_tie_play_on_rule_continues_until_one_lowest() -> None:
    rules = Rules(tie_rule="play_on")
    assert match_winners((80, 104, 80, 90), rules) is None
    assert match_winners((80, 110, 86, 96), rules) == (0,)


def test_target_is_a_rule() -> None:
    assert match_winners((10, 50, 20, 30), Rules(target=50)) == (0,)


@pytest.mark.parametrize("bad", [{"tie_rule": "coin"}, {"target": 0}, {"qs_breaks_hearts": "yes"}])
def test_rules_refuse_bad_options(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Rules(**bad)  # type: ignore[arg-type]


def test_rules_are_frozen_and_round_trip() -> None:
    rules = Rules(tie_rule="play_on", moon_subtracts=True)
    assert Rules.from_dict(rules.to_dict()) == rules
    with pytest.raises(AttributeError):
        rules.target = 50  # type: ignore[misc]


@pytest.mark.parametrize(("totals", "outcomes"), [
    ((27, 51, 45, 100), ("won", "lost", "lost", "lost")),
    ((90, 100, 90, 95), ("drawn", "lost", "drawn", "lost")),
    ((10, 20, 30, 40), (None, None, None, None)),  # nobody has reached the target
])
def test_the_outcome_for_each_seat_follows_the_winners(
    totals: tuple[int, ...], outcomes: tuple[str | None, ...],
) -> None:
    assert tuple(match_outcome(totals, seat) for seat in SEATS) == outcomes
    winners = match_winners(totals) or ()
    for seat in SEATS:
        expected = None if not winners else "lost" if seat not in winners else "won" if len(winners) == 1 else "drawn"
        assert match_outcome(totals, seat) == expected


def test_a_tie_played_on_has_no_outcome_yet() -> None:
    assert match_outcome((90, 100, 90, 95), 0, Rules(tie_rule="play_on")) is None


@pytest.mark.parametrize("seat", [-1, 4, "0", 1.0])
def test_the_outcome_names_a_bad_seat(seat: object) -> None:
    with pytest.raises(InvalidPositionError, match="seat must be one of"):
        match_outcome((27, 51, 45, 100), seat)  # type: ignore[arg-type]
