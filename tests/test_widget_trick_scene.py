"""TrickScene at the trait level: step through the guides' tricks and check every step against the engine."""

from __future__ import annotations

import pytest
import traitlets

from hearts_core import penalty_points, seat_name, trick_winner
from hearts_core.scenarios import TRICK_EXAMPLES
from widgets.trick_scene import TrickScene


def played_texts(scene: TrickScene) -> list[str]:
    return [item["card"]["text"] for item in scene.played]


def test_starts_before_the_first_card() -> None:
    scene = TrickScene("off-suit-ace")
    assert (scene.step, scene.total, scene.played, scene.led, scene.winner) == (0, 4, [], "", -1)
    assert scene.seats == ["You", "CPU1", "CPU2", "CPU3"]
    # The heading sits under lesson 2's "Who takes this trick?": it must not give the answer away.
    assert scene.title == "Clubs led: the trick card by card"
    assert not any(word in scene.title.lower() for word in ("ace", "win", "takes", "cpu"))
    assert scene.caption.startswith("You lead this trick.")


def test_off_suit_ace_step_by_step() -> None:
    scene = TrickScene("off-suit-ace")
    captions = [scene.step_forward() for _ in range(4)]
    assert scene.step == 4
    assert played_texts(scene) == ["♣10", "♣K", "♣3", "♥A"]
    assert [item["seat"] for item in scene.played] == ["You", "CPU1", "CPU2", "CPU3"]
    assert scene.led == "Led suit: ♣ clubs"
    assert captions[0].startswith("You lead ♣10, so clubs are the led suit")
    assert "CPU1 is winning now" in captions[1]
    assert "lower than ♣K, so CPU1 is still winning" in captions[2]
    # After ♥A: why an off-suit ace does not win, then who takes the trick, its points, who leads.
    assert "CPU3 has no clubs and plays ♥A" in captions[3]
    assert "not even an ace of another suit can win it" in captions[3]
    assert captions[3].endswith("CPU1 takes the trick with ♣K and 1 point (♥A), and leads the next trick.")
    assert scene.caption == captions[3]


@pytest.mark.parametrize("name", sorted(TRICK_EXAMPLES))
def test_every_step_agrees_with_the_engine(name: str) -> None:
    example = TRICK_EXAMPLES[name]
    scene = TrickScene(name)
    for step in range(1, len(example.cards) + 1):
        scene.step_forward()
        so_far = example.cards[:step]
        assert played_texts(scene) == [str(card) for card in so_far]
        assert scene.winner == trick_winner(so_far)
    taker = seat_name((example.leader + trick_winner(example.cards)) % 4)
    assert f"{taker} take" in scene.caption
    points = penalty_points(example.cards)
    assert f" {points} point" in scene.caption
    assert "the next trick" in scene.caption


def test_fifteen_points_names_the_point_cards() -> None:
    scene = TrickScene("fifteen-points")
    captions = [scene.step_forward() for _ in range(4)]
    assert "♠Q cannot win it: CPU1 is still winning. ♠Q carries 13 points" in captions[2]
    assert captions[3].endswith("CPU1 takes the trick with ♥8 and 15 points (♥2, ♥8 and ♠Q), and leads the next trick.")


def test_back_undoes_a_step_and_both_ends_are_safe() -> None:
    scene = TrickScene("off-suit-ace")
    first = scene.caption
    assert scene.step_back() == first and scene.step == 0  # nothing to take back
    scene.step_forward()
    after_one = scene.caption
    scene.step_forward()
    assert scene.step_back() == after_one
    assert played_texts(scene) == ["♣10"] and scene.winner == 0
    for _ in range(6):
        scene.step_forward()
    assert scene.step == 4  # pressing past the last card does nothing


def test_step_is_validated_and_drives_the_picture() -> None:
    scene = TrickScene("off-suit-ace")
    with pytest.raises(traitlets.TraitError, match="step must be 0 to 4"):
        scene.step = 5
    assert scene.step == 0
    scene.step = 3
    assert played_texts(scene) == ["♣10", "♣K", "♣3"] and scene.winner == 1


def test_messages_from_the_front_end_reach_the_same_methods() -> None:
    scene = TrickScene("off-suit-ace")
    scene._dispatch(scene, {"type": "next"}, None)
    assert scene.step == 1 and scene.error == ""
    scene._dispatch(scene, {"type": "back"}, None)
    assert scene.step == 0 and scene.error == ""
    scene._dispatch(scene, {"type": "shuffle"}, None)
    assert scene.error.startswith("The page asked for something this widget cannot do")


def test_unknown_scenario_lists_the_known_ones() -> None:
    with pytest.raises(KeyError, match="off-suit-ace"):
        TrickScene("no-such-trick")
