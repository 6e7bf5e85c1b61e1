"""HandState: phases, passing, turn order, refusals that change nothing, views, scripted hands."""

from __future__ import annotations

import random

import pytest

from hearts_core import (
    ActionReason,
    HandState,
    IllegalMove,
    InvalidPositionError,
    PassDirection,
    Phase,
    Reason,
    Rules,
    deal_hands,
)
from hearts_core.notation import format_position, parse_position
from hearts_core.views import seats_turned, turned_to_you
from tests.support import after_plays, cards, texts

CLUBS = "♣2 ♣3 ♣4 ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K ♣A"
HEARTS = "♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q ♥K ♥A"
DIAMONDS = "♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦8 ♦9 ♦10 ♦J ♦Q ♦K ♦A"
SPADES = "♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K ♠A"


def snapshot(state: HandState) -> tuple[object, ...]:
    return (
        state.to_record(), state.phase, state.to_move, [state.hand(seat) for seat in range(4)],
        state.points_taken, state.hearts_broken, state.current_trick, state.tricks,
    )


def passing_state(seed: int = 5, direction: str = "left") -> HandState:
    return HandState.new(deal_hands(seed), direction)


def pass_first_three(state: HandState, seats: list[int]) -> None:
    for seat in seats:
        state.pass_cards(seat, state.hand(seat)[:3])


# ----------------------------------------------------------------- scripted whole hands

def test_scripted_moon_hand() -> None:
    state = HandState.new([CLUBS, HEARTS, DIAMONDS, SPADES], "hold")
    assert state.to_move == 0 and state.legal_plays() == cards("♣2")
    spade_order = cards("♠2 ♠Q ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠K ♠A")
    for trick_number in range(13):
        assert state.to_move == 0
        state.play(cards(CLUBS)[trick_number])
        state.play(cards(HEARTS)[trick_number])  # all penalty cards: allowed even on trick 1
        state.play(cards(DIAMONDS)[trick_number])
        trick = state.play(spade_order[trick_number])
        assert trick is not None and trick.winner == 0
    assert state.is_over and state.phase is Phase.HAND_OVER
    assert state.points_taken == (26, 0, 0, 0)
    assert state.scores == (0, 26, 26, 26)
    assert state.moon_shooter == 0


def test_first_trick_forbids_the_queen_while_another_spade_is_held() -> None:
    state = after_plays([CLUBS, HEARTS, DIAMONDS, SPADES], ("♣2", "♥2", "♦2"))
    verdict = state.explain("♠Q")
    assert verdict.reason is Reason.NO_POINTS_ON_FIRST_TRICK
    with pytest.raises(IllegalMove):
        state.play("♠Q")


def queen_before_hearts_deal() -> list[str]:
    return [
        CLUBS,
        "♠Q ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦8 ♦9 ♦10 ♦J ♦Q ♦K",
        "♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠K ♠A ♥2",
        "♦A ♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q ♥K ♥A",
    ]


def test_queen_of_spades_does_not_break_hearts_but_a_heart_does() -> None:
    state = after_plays(queen_before_hearts_deal(), ("♣2", "♦2", "♠2", "♦A"))
    assert not state.hearts_broken
    state.play("♣3")
    state.play("♠Q")
    assert not state.hearts_broken
    state.play("♥2")
    assert state.hearts_broken


def test_queen_breaks_hearts_under_that_variant() -> None:
    state = after_plays(queen_before_hearts_deal(), ("♣2", "♦2", "♠2", "♦A", "♣3", "♠Q"), Rules(qs_breaks_hearts=True))
    assert state.hearts_broken


def test_winner_leads_next_and_points_go_to_the_taker() -> None:
    state = after_plays(queen_before_hearts_deal(), ("♣2", "♦2", "♠2", "♦A", "♣3", "♠Q", "♠3", "♥3"))
    last = state.tricks[-1]
    assert (last.leader, last.winner, last.points) == (0, 0, 14)
    assert last.played_by(1) == cards("♠Q")[0] and last.seats == (0, 1, 2, 3)
    assert state.points_taken == (14, 0, 0, 0) and state.to_move == 0


# -------------------------------------------------------------------------- passing

@pytest.mark.parametrize(("direction", "offset"), [("left", 1), ("right", 3), ("across", 2)])
def test_passes_resolve_only_when_all_four_have_passed(direction: str, offset: int) -> None:
    state = passing_state(direction=direction)
    dealt = [state.hand(seat) for seat in range(4)]
    order = [2, 0, 3, 1]
    for count, seat in enumerate(order, start=1):
        state.pass_cards(seat, dealt[seat][:3])
        if count < 4:
            assert state.phase is Phase.PASSING and state.to_move is None
            assert [state.hand(s) for s in range(4)] == dealt  # nothing moves yet
            assert state.view(seat).received is None
    assert state.phase is Phase.PLAYING
    for seat in range(4):
        giver = (seat - offset) % 4
        expected = set(dealt[seat][3:]) | set(dealt[giver][:3])
        assert set(state.hand(seat)) == expected
        assert set(state.view(seat).received or ()) == set(dealt[giver][:3])
        assert set(state.view(seat).passed or ()) == set(dealt[seat][:3])
    assert cards("♣2")[0] in state.hand(state.to_move or 0)


def test_hold_hand_starts_with_the_two_of_clubs_and_refuses_passes() -> None:
    state = passing_state(direction="hold")
    assert state.phase is Phase.PLAYING
    assert cards("♣2")[0] in state.hand(state.to_move or 0)
    with pytest.raises(IllegalMove) as caught:
        state.pass_cards(0, state.hand(0)[:3])
    assert caught.value.verdict.reason is ActionReason.WRONG_PHASE


@pytest.mark.parametrize(
    ("choose", "reason"),
    [
        (lambda hand, other: hand[:2], ActionReason.WRONG_PASS),
        (lambda hand, other: hand[:4], ActionReason.WRONG_PASS),
        (lambda hand, other: [hand[0], hand[0], hand[1]], ActionReason.WRONG_PASS),
        (lambda hand, other: [hand[0], hand[1], other[0]], Reason.NOT_IN_HAND),
    ],
)
def test_a_wrong_pass_is_refused_and_changes_nothing(choose, reason) -> None:  # type: ignore[no-untyped-def]
    state = passing_state()
    state.pass_cards(3, state.hand(3)[:3])
    before = snapshot(state)
    with pytest.raises(IllegalMove) as caught:
        state.pass_cards(0, choose(state.hand(0), state.hand(1)))
    assert caught.value.verdict.reason is reason and not caught.value.verdict.legal
    assert isinstance(caught.value, ValueError)
    assert snapshot(state) == before


def test_a_pass_is_final() -> None:
    state = passing_state()
    state.pass_cards(0, state.hand(0)[:3])
    before = snapshot(state)
    with pytest.raises(IllegalMove) as caught:
        state.pass_cards(0, state.hand(0)[3:6])
    assert caught.value.verdict.reason is ActionReason.ALREADY_PASSED
    assert snapshot(state) == before


def test_passes_may_be_written_as_text_and_malformed_text_changes_nothing() -> None:
    state = passing_state()
    before = snapshot(state)
    with pytest.raises(ValueError, match="'XX'"):
        state.pass_cards(0, "♣A XX ♠Q")
    assert snapshot(state) == before
    state.pass_cards(0, " ".join(map(str, state.hand(0)[:3])))
    assert state.passed(0) == state.dealt(0)[:3]


def test_playing_during_passing_is_the_wrong_phase() -> None:
    state = passing_state()
    before = snapshot(state)
    with pytest.raises(IllegalMove) as caught:
        state.play(state.hand(0)[0])
    assert caught.value.verdict.reason is ActionReason.WRONG_PHASE
    assert state.explain(state.hand(0)[0]).reason is ActionReason.WRONG_PHASE
    assert snapshot(state) == before


# ----------------------------------------------------------------------------- play

def test_an_illegal_play_raises_with_the_verdict_and_changes_nothing() -> None:
    state = passing_state(direction="hold")
    leader = state.to_move
    assert leader is not None
    wrong = next(card for card in state.hand(leader) if str(card) != "♣2")
    before = snapshot(state)
    with pytest.raises(IllegalMove) as caught:
        state.play(wrong)
    assert caught.value.verdict.reason is Reason.MUST_LEAD_TWO_OF_CLUBS
    assert str(caught.value) == caught.value.verdict.message
    assert snapshot(state) == before


def test_not_your_turn_and_already_played() -> None:
    state = passing_state(direction="hold")
    leader = state.to_move
    assert leader is not None
    other = (leader + 1) % 4
    verdict = state.explain(state.hand(other)[0], seat=other)
    assert verdict.reason is ActionReason.NOT_YOUR_TURN and not verdict.legal
    before = snapshot(state)
    with pytest.raises(IllegalMove):
        state.play(state.hand(other)[0], seat=other)
    assert snapshot(state) == before
    state.play("♣2", seat=leader)
    assert state.explain("♣2").reason is Reason.NOT_IN_HAND
    assert "already been played" in state.explain("♣2").message


def test_explain_for_the_learner_when_a_computer_is_to_move() -> None:
    state = passing_state(seed=11, direction="hold")
    while state.to_move == 0:
        state.play(state.legal_plays()[0])
    message = state.explain(state.hand(0)[0], seat=0).message
    assert message.startswith("It is CPU") and message.endswith("not yours.")


def test_finished_hand_refuses_play_and_reports_the_phase() -> None:
    state = HandState.new([CLUBS, HEARTS, DIAMONDS, SPADES], "hold")
    rng = random.Random(1)
    while not state.is_over:
        state.play(rng.choice(state.legal_plays()))
    assert state.legal_plays() == () and state.to_move is None
    assert state.explain("♣2").reason is ActionReason.WRONG_PHASE
    with pytest.raises(IllegalMove):
        state.play("♣2")


def test_scores_are_not_available_before_the_end() -> None:
    with pytest.raises(InvalidPositionError, match="not over"):
        _ = passing_state().scores


def test_the_view_holds_only_the_seats_own_cards_and_public_play() -> None:
    state = passing_state(seed=3, direction="across")
    pass_first_three(state, [0, 1, 2, 3])
    for _ in range(6):
        state.play(state.legal_plays()[0])
    view = state.view(1)
    assert view.hand == state.hand(1)
    assert [card for _, card in view.plays] == [card for _, card in state.plays]
    assert view.received == state.passed(PassDirection.ACROSS.passer(1))
    field_values = [getattr(view, name) for name in view.__dataclass_fields__]
    for other in (0, 2, 3):
        hidden = set(state.hand(other))
        # No field of the view is another seat's hand.
        assert all(not isinstance(value, tuple) or set(value) != hidden for value in field_values)
    if view.is_my_turn:
        assert view.legal_plays() == state.legal_plays()


@pytest.mark.parametrize(
    ("hands", "fragment"),
    [
        (["♣2"] * 4, "13 different cards"),
        ([CLUBS, HEARTS, DIAMONDS], "four hands"),
        ([CLUBS, HEARTS, DIAMONDS, DIAMONDS], "each exactly once"),
    ],
)
def test_bad_deals_are_refused(hands: list[str], fragment: str) -> None:
    with pytest.raises(InvalidPositionError, match=fragment):
        HandState.new(hands, "hold")


def test_a_deal_of_cards_with_a_card_twice_is_refused_whatever_its_bits_add_up_to() -> None:
    # Cards given as Card values take the fast path, which adds the cards' bits: ♣3 twice
    # adds up to ♣4's bit, the card this seat lacks, and must still be refused.
    clubs = list(cards(CLUBS))
    twice = [clubs[0], clubs[1], clubs[1], *clubs[3:]]
    for hands in ([twice, cards(HEARTS), cards(DIAMONDS), cards(SPADES)],
                  [tuple(twice), cards(HEARTS), cards(DIAMONDS), [clubs[2], *cards(SPADES)[1:]]]):
        with pytest.raises(InvalidPositionError, match="13 different cards"):
            HandState.new(hands, "hold")
    state = passing_state(direction="left")
    three = state.hand(0)[0]
    before = state.copy()
    with pytest.raises(IllegalMove) as refused:
        state.pass_cards(0, [three, three, state.hand(0)[2]])
    assert refused.value.verdict.reason is ActionReason.WRONG_PASS and state == before


def test_bad_direction_and_seat_are_refused() -> None:
    with pytest.raises(InvalidPositionError, match="'sideways'"):
        HandState.new([CLUBS, HEARTS, DIAMONDS, SPADES], "sideways")
    with pytest.raises(InvalidPositionError, match="0 to 3"):
        passing_state().hand(4)


def test_pass_direction_cycle() -> None:
    assert [PassDirection.for_hand(n).value for n in range(1, 9)] == [
        "left", "right", "across", "hold", "left", "right", "across", "hold",
    ]


def test_copy_is_independent() -> None:
    state = passing_state(direction="hold")
    twin = state.copy()
    assert twin == state
    twin.play("♣2")
    assert twin != state and texts(state.current_trick) == []


def test_a_view_turned_to_you_is_the_same_position_from_seat_0() -> None:
    state = HandState.new(deal_hands(seed=3, hand_number=1), "left")
    for seat in range(4):
        state.pass_cards(seat, state.view(seat).hand[:3])
    for _ in range(6):
        state.play(state.legal_plays()[-1])
    for seat in range(4):
        view = state.view(seat, match_totals=(1, 2, 3, 4))
        turned = turned_to_you(view)
        assert turned.seat == 0 and turned.hand == view.hand and turned.legal_plays() == view.legal_plays()
        assert turned.to_move == (state.to_move - seat) % 4  # type: ignore[operator]
        assert turned.points_taken == tuple(seats_turned(view.points_taken, seat))
        assert turned.match_totals == tuple(seats_turned((1, 2, 3, 4), seat))
        assert [card for _, card in turned.plays] == [card for _, card in view.plays]
        assert parse_position(format_position(turned)) == turned_to_you(parse_position(format_position(view)))
    assert turned_to_you(state.view(0)) == state.view(0)
    assert turned_to_you(view) == turned_to_you(turned)
