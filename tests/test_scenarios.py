"""The named teaching positions say what docs/rules.md says about the guides' examples."""

from __future__ import annotations

import pytest

from hearts_core import (
    CARDS_PER_SEAT,
    Rules,
    check_record,
    hand_scores,
    load_record,
    match_winners,
    penalty_points,
    trick_winner,
)
from hearts_core.cards import parse_cards
from hearts_core.scenarios import (
    PASS_EXAMPLES,
    POSITIONS,
    SCORE_EXAMPLES,
    TRICK_EXAMPLES,
    moon_hand_record,
    pass_example,
    position,
    score_example,
    trick_example,
)
from tests.support import texts


def test_practice_clubs_led() -> None:
    scenario = position("practice-clubs-led")
    assert texts(scenario.legal()) == ["♣3", "♣A"]
    assert scenario.outcome(parse_cards("♣3")[0]) == (2, 1)  # CPU2 takes 1 point
    assert scenario.outcome(parse_cards("♣A")[0]) == (0, 1)  # You take it yourself


def test_practice_no_clubs() -> None:
    scenario = position("practice-no-clubs")
    assert set(scenario.legal()) == set(scenario.hand)
    points = {str(card): scenario.outcome(card) for card in scenario.hand}
    assert points == {"♠Q": (2, 14), "♥9": (2, 2), "♥J": (2, 2), "♦4": (2, 1), "♦7": (2, 1)}


@pytest.mark.parametrize(
    ("name", "legal"),
    [
        ("first-trick-no-points", ["♦3", "♦7", "♦J", "♠4", "♠9", "♠A"]),
        ("lead-before-hearts-break", ["♦7", "♠2"]),
        ("lead-only-hearts", ["♥4", "♥9", "♥K"]),
        ("discard-a-heart", ["♣5", "♠9", "♥4"]),
        ("same-colour", ["♣6"]),
        ("need-not-beat", ["♣3", "♣A"]),
        ("lead-two-of-clubs", ["♣2"]),
        ("stop-the-moon", ["♥2", "♥K"]),
        ("stop-the-moon-spades", ["♠2", "♠A"]),
    ],
)
def test_rule_positions(name: str, legal: list[str]) -> None:
    assert texts(position(name).legal()) == legal


def test_every_position_is_sound() -> None:
    for scenario in POSITIONS.values():
        assert scenario.legal(), scenario.name
        assert not set(scenario.hand) & set(scenario.trick)
        assert scenario.title and scenario.prompt
        # A hand that could really be held: all thirteen cards on the first trick (the learner
        # has not played yet), at most twelve once a trick has been taken.
        if scenario.first_trick:
            assert len(scenario.hand) == CARDS_PER_SEAT, scenario.name
        else:
            assert len(scenario.hand) < CARDS_PER_SEAT, scenario.name


def test_trick_examples() -> None:
    ace = trick_example("off-suit-ace")
    assert trick_winner(ace.cards) == 1 and penalty_points(ace.cards) == 1
    assert penalty_points(trick_example("fifteen-points").cards) == 15
    assert all(len(t.cards) == 4 for t in TRICK_EXAMPLES.values())


def test_pass_example_suggests_three_of_its_own_cards() -> None:
    example = pass_example("pass-high-cards")
    assert texts(example.suggestion) == ["♣A", "♦K", "♠Q"]
    assert set(example.suggestion) <= set(example.hand) and len(set(example.hand)) == 13
    assert all(len(set(p.hand)) == 13 for p in PASS_EXAMPLES.values())


def test_score_example_ends_the_match() -> None:
    example = score_example("reaching-100")
    totals = [a + b for a, b in zip(example.before, hand_scores(example.this_hand), strict=True)]
    assert totals == [27, 51, 45, 100] and match_winners(totals, Rules()) == (0,)
    assert SCORE_EXAMPLES


def test_unknown_names_list_the_known_ones() -> None:
    with pytest.raises(KeyError, match="practice-clubs-led"):
        position("nope")


def test_the_scripted_moon_hand_is_legal_and_a_moon() -> None:
    text = moon_hand_record()
    report = check_record(text)
    assert report.ok
    hand = report.hands[0]
    assert hand.is_over and hand.scores == (0, 26, 26, 26) and hand.moon_shooter == 0
    assert [trick.winner for trick in hand.tricks][:2] == [3, 3]  # the first two tricks are lost
    assert load_record(text).hands[0].pass_direction.value == "hold"


def test_the_all_penalty_example_is_a_real_thirteen_card_hand() -> None:
    scenario = position("first-trick-all-penalty")
    assert len(scenario.hand) == 13 and len(set(scenario.hand)) == 13
    assert all(penalty_points([card]) > 0 for card in scenario.hand)
    assert scenario.first_trick and set(scenario.legal()) == set(scenario.hand)
