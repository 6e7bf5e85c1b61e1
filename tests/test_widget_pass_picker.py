"""PassPicker at the trait level: choose, un-choose, refuse wrong passes, and check the pass with the engine."""

from __future__ import annotations

import pytest

from hearts_core import DECK, HandState, IllegalMove, InvalidPositionError, Phase, parse_cards
from hearts_core.bots import make_bot
from hearts_core.scenarios import pass_example
from widgets.pass_picker import PassPicker

HAND = "♣2 ♣5 ♣9 ♦3 ♦J ♠2 ♠7 ♠Q ♠A ♥4 ♥10 ♥K ♥A"


def chosen(picker: PassPicker, *cards: str) -> PassPicker:
    for card in cards:
        picker.toggle(card)
    return picker


def test_named_example_shows_hand_and_direction() -> None:
    picker = PassPicker("pass-high-cards")
    example = pass_example("pass-high-cards")
    assert [card["text"] for card in picker.hand] == [str(card) for card in sorted(example.hand)]
    assert (picker.direction, picker.direction_text) == ("left", "Pass left: to CPU1")
    assert (picker.selected, picker.can_confirm, picker.confirmed) == ([], False, False)
    assert picker.status == "Choose 3 more cards to pass (0 of 3)."


@pytest.mark.parametrize(("direction", "text"), [
    ("left", "Pass left: to CPU1"), ("right", "Pass right: to CPU3"), ("across", "Pass across: to CPU2"),
])
def test_direction_names_the_receiver(direction: str, text: str) -> None:
    assert PassPicker(hand=HAND, direction=direction).direction_text == text


def test_choosing_toggles_and_only_three_can_be_confirmed() -> None:
    picker = PassPicker("pass-high-cards")
    assert picker.toggle("♠Q") == ["♠Q"]
    assert chosen(picker, "♣A", "♦K") is picker
    assert picker.selected == ["♣A", "♦K", "♠Q"]  # hand order, not tap order
    assert picker.can_confirm and picker.status.startswith("♣A, ♦K and ♠Q chosen.")
    picker.toggle("♥J")
    assert not picker.can_confirm and picker.status == "4 cards chosen: tap 1 to put back, so that 3 are left."
    picker.toggle("♦K")
    assert picker.selected == ["♣A", "♠Q", "♥J"] and picker.can_confirm
    assert picker.confirmed is False and picker.state is None  # choosing sends nothing


def test_a_wrong_selection_is_refused_by_the_engine_and_changes_nothing() -> None:
    picker = chosen(PassPicker("pass-high-cards"), "♣A", "♦K")
    with pytest.raises(IllegalMove, match="Pass exactly 3 different cards, not 2: ♣A ♦K") as refused:
        picker.confirm()
    assert refused.value.verdict.reason.value == "wrong_pass"
    assert (picker.selected, picker.confirmed, picker.received, picker.state) == (["♣A", "♦K"], False, [], None)
    picker.toggle("♠Q")
    picker.toggle("♥J")
    with pytest.raises(IllegalMove, match="not 4"):
        picker.confirm()
    picker.selected = ["♣A", "♦K", "♥A"]  # not through toggle: the engine still checks the cards
    with pytest.raises(IllegalMove, match="You do not hold ♥A"):
        picker.confirm()
    assert picker.confirmed is False and picker.new_hand == []


def test_cards_not_in_the_hand_cannot_be_chosen() -> None:
    picker = PassPicker("pass-high-cards")
    with pytest.raises(IllegalMove, match="You do not hold ♥A") as refused:
        picker.toggle("♥A")
    assert refused.value.verdict.reason.value == "not_in_hand"
    assert picker.selected == []


def test_confirm_passes_through_the_engine_and_shows_what_came_back() -> None:
    picker = chosen(PassPicker("pass-high-cards", seed=7), "♣A", "♦K", "♠Q")
    picker.confirm()
    state = picker.state
    assert state is not None and state.phase is Phase.PLAYING
    assert [str(card) for card in state.passed(0) or ()] == ["♣A", "♦K", "♠Q"]
    view = state.view(0)
    assert picker.received == [str(card) for card in view.received or ()] and len(picker.received) == 3
    assert picker.received_from == "CPU3"  # passing left, you receive from your right
    assert [card["text"] for card in picker.new_hand] == [str(card) for card in state.hand(0)]
    assert [card["text"] for card in picker.new_hand if card["received"]] == picker.received
    assert not {"♣A", "♦K", "♠Q"} & {card["text"] for card in picker.new_hand}
    assert picker.confirmed and not picker.can_confirm and picker.passed == ["♣A", "♦K", "♠Q"]
    assert picker.summary.startswith(f"You passed ♣A, ♦K and ♠Q to CPU1, and received {picker.received[0]}")
    assert "That matches our example pass" in picker.summary


def test_the_other_hands_are_the_rest_of_the_deck_and_the_bots_pass_from_their_views() -> None:
    picker = chosen(PassPicker(hand=HAND, direction="across", seed=11), "♠Q", "♠A", "♥A")
    picker.confirm()
    state = picker.state
    assert state is not None
    assert state.dealt(0) == parse_cards(HAND)
    assert sorted(card for seat in range(4) for card in state.dealt(seat)) == list(DECK)
    # Replaying the same deal with the same seeded normal players gives the same passes.
    again = HandState.new([state.dealt(seat) for seat in range(4)], "across")
    again.pass_cards(0, "♠Q ♠A ♥A")
    for seat in (1, 2, 3):
        expected = make_bot("normal", seed=11 * 4 + seat).choose_pass(again.view(seat))
        again.pass_cards(seat, expected)
        assert state.passed(seat) == tuple(sorted(expected))
    assert picker.received_from == "CPU2"
    assert picker.received == [str(card) for card in state.passed(2) or ()]


def test_same_seed_same_opponents() -> None:
    first = chosen(PassPicker(hand=HAND, seed=3), "♣2", "♣5", "♣9")
    second = chosen(PassPicker(hand=HAND, seed=3), "♣2", "♣5", "♣9")
    first.confirm()
    second.confirm()
    assert first.received == second.received


def test_a_pass_is_final() -> None:
    picker = chosen(PassPicker("pass-high-cards"), "♣A", "♦K", "♠Q")
    picker.confirm()
    received = list(picker.received)
    with pytest.raises(IllegalMove, match="already passed ♣A, ♦K and ♠Q; a pass is final"):
        picker.confirm()
    with pytest.raises(IllegalMove, match="a pass is final"):
        picker.toggle("♣4")
    assert picker.received == received


def test_messages_from_the_front_end_reach_toggle_and_confirm() -> None:
    picker = PassPicker("pass-high-cards")
    picker._dispatch(picker, {"type": "confirm"}, None)  # nothing chosen: refused, shown, nothing changes
    assert "Pass exactly 3 different cards, not 0" in picker.error and not picker.confirmed
    for card in ("♣A", "♦K", "♠Q"):
        picker._dispatch(picker, {"type": "toggle", "card": card}, None)
    assert picker.selected == ["♣A", "♦K", "♠Q"] and picker.error == ""
    picker._dispatch(picker, {"type": "confirm"}, None)
    assert picker.confirmed and picker.error == ""


@pytest.mark.parametrize(("kwargs", "error", "match"), [
    ({"hand": "♣2 ♣3"}, InvalidPositionError, "13 different cards"),
    ({"hand": HAND, "direction": "hold"}, ValueError, "'left', 'right' or 'across'"),
    ({"hand": HAND, "direction": "up"}, ValueError, "'left', 'right' or 'across'"),
    ({}, ValueError, "exactly one of them"),
])
def test_bad_setups_fail_at_once(kwargs: dict[str, str], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        PassPicker(**kwargs)
