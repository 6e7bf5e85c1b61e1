"""The play rules: one test per reason code, the guides' worked examples, and the edge cases.

Every refusal is checked through ``check_play`` (reason and the cards its message names)
and against ``legal_plays``, which must agree with it because both read one rule walk.
"""

from __future__ import annotations

import ast
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import hearts_core
from hearts_core import (
    DECK,
    Allowance,
    Card,
    HandState,
    InvalidPositionError,
    Reason,
    Rules,
    check_play,
    deal_hands,
    errors,
    legal_plays,
    legality,
    penalty_points,
    trick_winner,
)
from hearts_core.cards import cards_from_mask, mask_of
from hearts_core.kernel import LEADING, rule_walk
from hearts_core.legality import ActionReason, setup_refusal, shown_not_held, tricks_begun
from tests.support import cards, texts


def verdict(hand: str, trick: str, card: str, *, first_trick: bool = False, hearts_broken: bool = False):  # type: ignore[no-untyped-def]
    return check_play(cards(hand), cards(trick), card, first_trick=first_trick, hearts_broken=hearts_broken)


def legal(hand: str, trick: str, *, first_trick: bool = False, hearts_broken: bool = False) -> list[str]:
    return texts(legal_plays(cards(hand), cards(trick), first_trick=first_trick, hearts_broken=hearts_broken))


def test_reason_codes_are_exactly_those_of_the_rules() -> None:
    assert [reason.value for reason in Reason] == [
        "legal", "not_in_hand", "must_lead_two_of_clubs", "must_follow_suit",
        "no_points_on_first_trick", "hearts_not_broken",
    ]


# ----------------------------------------------------------------- one per reason code

def test_legal() -> None:
    result = verdict("♣3 ♣A ♠Q", "♣10", "♣3")
    assert result.legal and result.reason is Reason.LEGAL and bool(result)
    assert "♣3" in result.message


def test_not_in_hand() -> None:
    result = verdict("♣3 ♣A ♠Q", "♣10", "♥2")
    assert not result.legal and result.reason is Reason.NOT_IN_HAND
    assert "♥2" in result.message


def test_must_lead_two_of_clubs() -> None:
    result = verdict("♣2 ♣9 ♦7 ♠3", "", "♣9", first_trick=True)
    assert result.reason is Reason.MUST_LEAD_TWO_OF_CLUBS
    assert "♣2" in result.message and "♣9" in result.message
    assert legal("♣2 ♣9 ♦7 ♠3", "", first_trick=True) == ["♣2"]


def test_must_follow_suit_names_the_led_suit_and_the_cards_held() -> None:
    result = verdict("♣3 ♣A ♠Q ♦7 ♥9", "♣10 ♣K ♥5", "♠Q", hearts_broken=True)
    assert result.reason is Reason.MUST_FOLLOW_SUIT
    assert result.message == "Clubs were led and you hold ♣3 and ♣A, so you must play one of them."


def test_must_follow_suit_with_a_single_card() -> None:
    result = verdict("♦9 ♠2 ♥4", "♦3", "♠2")
    assert result.reason is Reason.MUST_FOLLOW_SUIT
    assert result.message == "Diamonds were led and you hold ♦9, so you must play it."


def test_no_points_on_first_trick() -> None:
    result = verdict("♠Q ♥3 ♦7", "♣2", "♥3", first_trick=True)
    assert result.reason is Reason.NO_POINTS_ON_FIRST_TRICK
    assert "♥3" in result.message and "♦7" in result.message


def test_hearts_not_broken() -> None:
    result = verdict("♥4 ♥9 ♦7 ♠2", "", "♥4")
    assert result.reason is Reason.HEARTS_NOT_BROKEN
    assert "♥4" in result.message and "♦7" in result.message
    assert legal("♥4 ♥9 ♦7 ♠2", "") == ["♦7", "♠2"]


def test_reasons_are_checked_in_the_documented_order() -> None:
    # A card both missing from the hand and off-suit is refused as not_in_hand first.
    assert verdict("♣3 ♦7", "♣10", "♦9").reason is Reason.NOT_IN_HAND
    # Following suit is decided before the first-trick points rule.
    assert verdict("♣5 ♥3", "♣2", "♥3", first_trick=True).reason is Reason.MUST_FOLLOW_SUIT


# ----------------------------------------------------------- worked examples (docs/rules.md)

def test_example_off_suit_ace_never_wins() -> None:
    trick = cards("♣10 ♣K ♣3 ♥A")  # You lead, CPU1, CPU2, CPU3 (no clubs)
    assert trick_winner(trick) == 1  # CPU1's ♣K
    assert penalty_points(trick) == 1


def test_example_practice_hand_one_only_clubs() -> None:
    table = "♣10 ♣K ♥5"  # CPU1, CPU2, CPU3 have played; you are last
    hand = "♣3 ♣A ♠Q ♦7 ♥9"
    assert legal(hand, table, hearts_broken=True) == ["♣3", "♣A"]
    # Consequences: seats in trick order are CPU1, CPU2, CPU3, You.
    seats = ["CPU1", "CPU2", "CPU3", "You"]
    for card, taker, points in [("♣3", "CPU2", 1), ("♣A", "You", 1)]:
        trick = [*cards(table), *cards(card)]
        assert (seats[trick_winner(trick)], penalty_points(trick)) == (taker, points)


def test_example_practice_hand_two_anything_goes() -> None:
    table = "♣10 ♣K ♥5"
    hand = "♦4 ♦7 ♠Q ♥9 ♥J"
    assert legal(hand, table, hearts_broken=True) == texts(cards(hand))
    for card, points in [("♠Q", 14), ("♥9", 2), ("♥J", 2), ("♦4", 1), ("♦7", 1)]:
        trick = [*cards(table), *cards(card)]
        assert trick_winner(trick) == 1  # CPU2 keeps the trick with ♣K
        assert penalty_points(trick) == points


def test_example_first_trick_only_the_diamond() -> None:
    assert legal("♠Q ♥3 ♦7", "♣2", first_trick=True) == ["♦7"]
    assert verdict("♠Q ♥3 ♦7", "♣2", "♠Q", first_trick=True).reason is Reason.NO_POINTS_ON_FIRST_TRICK


def test_first_trick_all_penalty_exception() -> None:
    assert legal("♠Q ♥3 ♥9", "♣2 ♣5", first_trick=True) == ["♠Q", "♥3", "♥9"]
    assert verdict("♠Q ♥3 ♥9", "♣2 ♣5", "♠Q", first_trick=True).legal
    assert "every card you hold carries points" in verdict("♥3 ♥9", "♣2", "♥3", first_trick=True).message


def test_example_discarding_a_heart_when_void_is_allowed_and_breaks_hearts() -> None:
    result = verdict("♣5 ♥4 ♠9", "♦3 ♦Q", "♥4")
    assert result.legal and "breaks hearts" in result.message


def test_all_hearts_leader_may_lead_a_heart_before_hearts_break() -> None:
    assert legal("♥4 ♥9 ♥K", "") == ["♥4", "♥9", "♥K"]
    assert "only hearts" in verdict("♥4 ♥9", "", "♥9").message


def test_queen_does_not_count_as_a_heart_for_the_all_hearts_exception() -> None:
    assert legal("♠Q ♥4 ♥9", "") == ["♠Q"]


def test_example_same_colour_is_not_same_suit() -> None:
    result = verdict("♣6 ♠8 ♦2", "♣9", "♠8")
    assert result.reason is Reason.MUST_FOLLOW_SUIT
    assert legal("♣6 ♠8 ♦2", "♣9") == ["♣6"]


def test_you_need_not_beat_the_highest_card() -> None:
    assert legal("♣3 ♣A", "♣10 ♣K") == ["♣3", "♣A"]


def test_example_trick_of_fifteen_points() -> None:
    assert penalty_points("♥2 ♥8 ♠Q ♣5") == 15


# ---------------------------------------------------------------- agreement and input

@pytest.mark.parametrize(
    ("hand", "trick", "first_trick", "hearts_broken"),
    [
        ("♣2 ♣9 ♦7 ♠3 ♥4", "", True, False),
        ("♠Q ♥3 ♦7", "♣2", True, False),
        ("♠Q ♥3 ♥7", "♣2", True, False),
        ("♥4 ♥9 ♦7", "", False, False),
        ("♥4 ♥9 ♦7", "", False, True),
        ("♣3 ♣A ♠Q ♦7 ♥9", "♣10 ♣K ♥5", False, True),
        ("♦4 ♦7 ♠Q ♥9 ♥J", "♣10 ♣K ♥5", False, False),
    ],
)
def test_legal_plays_and_check_play_agree_on_every_card(
    hand: str, trick: str, first_trick: bool, hearts_broken: bool
) -> None:
    allowed = set(legal_plays(cards(hand), cards(trick), first_trick=first_trick, hearts_broken=hearts_broken))
    assert allowed
    for card in DECK:
        if card in cards(trick):
            continue
        result = check_play(cards(hand), cards(trick), card, first_trick=first_trick, hearts_broken=hearts_broken)
        assert result.legal == (card in allowed), (str(card), result)
        assert (result.reason is Reason.LEGAL) == result.legal


@pytest.mark.parametrize(
    ("hand", "trick", "first_trick", "fragment"),
    [
        ("", "♣2", False, "empty"),
        ("♣3 ♣3", "♣2", False, "twice"),
        ("♣3 ♦4", "♣2 ♣5 ♣6 ♣7", False, "0 to 3"),
        ("♣3 ♦4", "♣3", False, "both in the hand and on the table"),
        ("♣3 ♦4", "", True, "♣2"),
    ],
)
def test_impossible_positions_are_refused(hand: str, trick: str, first_trick: bool, fragment: str) -> None:
    with pytest.raises(InvalidPositionError, match=fragment):
        legal_plays(cards(hand), cards(trick), first_trick=first_trick, hearts_broken=False)


def test_cards_may_be_given_as_text() -> None:
    assert texts(legal_plays("♣3 ♣A ♠Q", "♣10", first_trick=False, hearts_broken=False)) == ["♣3", "♣A"]
    assert check_play("♣3 ♣A ♠Q", ["♣10"], "qs", first_trick=False, hearts_broken=False).reason == "must_follow_suit"


def test_trick_winner_needs_a_card() -> None:
    with pytest.raises(InvalidPositionError):
        trick_winner([])


# ------------------------------------------------- why a card is allowed (Allowance)

@pytest.mark.parametrize(("hand", "trick", "card", "first_trick", "hearts_broken", "allowance", "words"), [
    ("♣2 ♣9 ♦7", "", "♣2", True, False, Allowance.LEADS_TWO_OF_CLUBS, "opens the first trick"),
    ("♣9 ♦7 ♥4", "", "♦7", False, False, Allowance.LEADS_FREELY, "You lead this trick"),
    ("♣9 ♦7 ♥4", "", "♥4", False, True, Allowance.LEADS_FREELY, "Hearts are broken"),
    ("♥4 ♥9", "", "♥9", False, False, Allowance.ONLY_HEARTS_LEFT, "only hearts"),
    ("♣3 ♣A ♠Q", "♣10", "♣A", False, False, Allowance.FOLLOWS_SUIT, "follows suit"),
    ("♠Q ♥3 ♦7", "♣2", "♦7", True, False, Allowance.FIRST_TRICK_NO_POINTS, "carries no points"),
    ("♠Q ♥3 ♥9", "♣2 ♣5", "♠Q", True, False, Allowance.ONLY_PENALTY_CARDS, "every card you hold carries points"),
    ("♣5 ♥4 ♠9", "♦3 ♦Q", "♥4", False, False, Allowance.VOID_IN_LED_SUIT, "breaks hearts"),
    ("♣5 ♥4 ♠9", "♦3 ♦Q", "♠9", False, False, Allowance.VOID_IN_LED_SUIT, "discard any card"),
])
def test_each_allowance_names_the_rule_that_lets_the_card_through(
    hand: str, trick: str, card: str, first_trick: bool, hearts_broken: bool, allowance: Allowance, words: str,
) -> None:
    result = verdict(hand, trick, card, first_trick=first_trick, hearts_broken=hearts_broken)
    assert result.legal and result.reason is Reason.LEGAL
    assert result.allowance is allowance
    assert words in result.message and card in result.message


def test_refusals_carry_no_allowance_and_rule_walk_gives_one_per_position() -> None:
    assert verdict("♣3 ♣A ♠Q", "♣10", "♠Q").allowance is None
    assert verdict("♣3 ♣A ♠Q", "♣10", "♥2").allowance is None
    # Every member is reachable: the walk's allowance and the verdict's agree.
    seen = set()
    for hand, trick, first_trick, hearts_broken in [
        ("♣2 ♣9", "", True, False), ("♣9 ♥4", "", False, False), ("♥4 ♥9", "", False, False),
        ("♣3 ♠Q", "♣10", False, False), ("♠Q ♦7", "♣2", True, False), ("♠Q ♥3", "♣2", True, False),
        ("♥4 ♠9", "♦3", False, False),
    ]:
        mask = mask_of(cards(hand))
        led = cards(trick)[0].suit if trick else LEADING
        playable, _, allowance = rule_walk(mask, led, first_trick, hearts_broken)
        for card in cards_from_mask(playable):
            assert verdict(hand, trick, str(card), first_trick=first_trick,
                           hearts_broken=hearts_broken).allowance is allowance
        seen.add(allowance)
    assert seen == set(Allowance)


def test_illegal_move_lives_beside_verdict_and_errors_imports_no_rules() -> None:
    # IllegalMove has one home, beside Verdict; errors.py neither re-exports it (eagerly
    # or lazily) nor imports anything of the engine, so cards.py can import errors without
    # the old cycle cards -> errors -> legality -> cards.
    assert not hasattr(errors, "IllegalMove")
    assert "IllegalMove" not in errors.__all__
    assert not hasattr(errors, "__getattr__")
    assert hearts_core.IllegalMove is legality.IllegalMove
    assert issubclass(legality.IllegalMove, errors.HeartsError)
    tree = ast.parse(Path(errors.__file__).read_text(encoding="utf-8"))
    runtime_imports = [
        node for node in tree.body
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("hearts_core")
    ]
    assert runtime_imports == []


# ------------------------------------------------- a position being set up


def random_walk(seed: int) -> Iterator[tuple[HandState, list[Card], int]]:
    """A real hold hand played out by random legal cards, as the analysis board sets one up: before each
    play, the hand, the cards played so far and the first leader."""
    rng = random.Random(seed)
    state = HandState.new(deal_hands(seed, 4), "hold")
    first_leader = state.to_move
    assert first_leader is not None
    plays: list[Card] = []
    while not state.is_over:
        yield state, plays, first_leader
        card = rng.choice(state.legal_plays())
        state.play(card)
        plays.append(card)


@pytest.mark.parametrize("seed", range(4))
def test_a_setup_refusal_is_certain_and_for_your_own_cards_is_the_games_verdict(seed: int) -> None:
    # Set up a real hand play by play, as the analysis board does: your unplayed cards and
    # every card played so far.  Every card a seat could try is asked about.
    refused = 0
    for state, plays, first_leader in random_walk(seed):
        mover = state.to_move
        assert mover is not None
        for card in state.hand(mover):
            verdict = setup_refusal(state.hand(0), [*plays, card], first_leader=first_leader, rules=Rules())
            full = state.explain(card)
            if mover == 0:  # your cards are all known: exactly the game's verdict
                assert (verdict is None) == full.legal and (verdict is None or verdict == full)
            elif verdict is not None:  # another seat's: a refusal on what is known is certain
                assert not full.legal and verdict.reason is full.reason
            refused += verdict is not None
    assert refused  # the walk did refuse something


def test_a_setup_refusal_asks_only_about_the_last_play() -> None:
    hand = cards("♣8 ♦3")
    assert setup_refusal(hand, [], first_leader=0, rules=Rules()) is None
    verdict = setup_refusal(hand, cards("♣2 ♣K ♣3 ♦3"), first_leader=1, rules=Rules())
    assert verdict is not None and verdict.reason is Reason.MUST_FOLLOW_SUIT
    assert verdict.message == "Clubs were led and you hold ♣8, so you must play it."


@pytest.mark.parametrize(("hand", "plays", "seat", "card", "message"), [
    ("♦2", "♣2 ♣K ♣Q ♣3 ♦K ♦Q ♦4 ♠3", 1, "♦5",  # CPU1 played ♠3 on diamonds
     "CPU1 cannot hold ♦5: CPU1 showed it had no diamonds on trick 2, playing ♠3 when diamonds were led."),
    ("♣3", "♣2 ♥5", 2, "♦5",  # CPU2 dropped a heart on the first trick: it held only hearts and ♠Q
     "CPU2 cannot hold ♦5: CPU2 played ♥5 on the first trick, which is allowed only to a player holding nothing "
     "but hearts and ♠Q."),
    ("♣3 ♦2", "♣2 ♣K ♣Q ♣3 ♥9", 2, "♦5",  # CPU2 led a heart before any was played: it held only hearts
     "CPU2 cannot hold ♦5: CPU2 led ♥9 on trick 2 before hearts were broken, which is allowed only to a player "
     "holding nothing but hearts."),
    ("♦3", "♣2 ♣K ♣Q ♠2", 0, "♣4",  # you discarded on clubs: you hold none
     "You cannot hold ♣4: you showed you had no clubs on trick 1, playing ♠2 when clubs were led."),
])
def test_a_play_shows_which_cards_a_seat_cannot_hold(hand: str, plays: str, seat: int, card: str,
                                                     message: str) -> None:
    verdict = shown_not_held(cards(hand), cards(plays), first_leader=1, rules=Rules(), seat=seat, card=cards(card)[0])
    assert verdict is not None and verdict.reason is ActionReason.SHOWN_NOT_HELD and not verdict.legal
    assert verdict.message == message
    # a card the play did not rule out is not refused
    assert shown_not_held(cards(hand), cards(plays), first_leader=1, rules=Rules(), seat=seat,
                          card=cards("♥A")[0]) is None


@pytest.mark.parametrize("seed", range(3))
def test_a_card_a_seat_really_holds_is_never_said_ruled_out(seed: int) -> None:
    ruled_out = 0
    for state, plays, first_leader in random_walk(seed):
        for seat in range(4):
            for card in DECK:
                verdict = shown_not_held(state.hand(0), plays, first_leader=first_leader, rules=Rules(), seat=seat,
                                         card=card)
                if card in state.hand(seat):  # what a seat holds, no play of it can have ruled out
                    assert verdict is None, (seat, card, verdict)
                ruled_out += verdict is not None and card not in plays
    assert ruled_out  # voids were shown, and said


def test_tricks_begun_name_each_leader_by_rule_7() -> None:
    assert tricks_begun(3, cards("♣2 ♣K ♣A ♣3 ♦2")) == [(3, list(cards("♣2 ♣K ♣A ♣3"))), (1, list(cards("♦2")))]
    assert tricks_begun(0, []) == []


def test_a_refusal_for_another_seat_names_it_and_for_you_is_describes_sentence() -> None:
    # One source of the refusal sentences: "you" for the learner's seat, the seat's name for another.
    positions = [  # hand, trick, card, first trick, hearts broken: one per reason a held card is refused
        ("♣2 ♣9 ♦4", "", "♦4", True, False),
        ("♣3 ♠Q", "♣10", "♠Q", False, True),
        ("♥3 ♦7 ♠Q", "♣2", "♥3", True, False),
        ("♥3 ♦7 ♠Q", "", "♥3", False, False),
        ("♥3 ♦7 ♦8 ♦9 ♦10 ♠Q", "", "♥3", False, False),
    ]
    reasons = set()
    for hand, trick, card, first, broken in positions:
        held, on_table, chosen = mask_of(cards(hand)), cards(trick), cards(card)[0]
        verdict = legality.describe(chosen, held, on_table, first, broken)
        reasons.add(verdict.reason)
        assert legality.refusal_message(chosen, held, on_table, first, broken) == verdict.message
        theirs = legality.refusal_message(chosen, held, on_table, first, broken, seat=2)
        assert "CPU2" in theirs and "you" not in theirs.lower().split() and theirs != verdict.message
    assert reasons == {Reason.MUST_LEAD_TWO_OF_CLUBS, Reason.MUST_FOLLOW_SUIT, Reason.NO_POINTS_ON_FIRST_TRICK,
                       Reason.HEARTS_NOT_BROKEN}
    with pytest.raises(ValueError, match="not a refused play"):
        legality.refusal_message(cards("♣3")[0], mask_of(cards("♣3 ♠Q")), cards("♣10"), False, True)
