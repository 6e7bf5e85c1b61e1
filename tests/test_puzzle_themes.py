"""Each theme's predicate on hand-built positions: one where it must hold and one where it must not.

A position is written as its plays (in order, from the seat holding ♣2) and the hand of the
seat to move; :func:`position` deals every other card to a seat that has not shown a void
in its suit, and the position replays through the rules like any mined one.  The answer is
written as its cards, the solution first, with the figures a theme reads.
"""

from __future__ import annotations

import pytest

from hearts_core.bots import Appraisal
from hearts_core.cards import DECK, Card, Suit, to_card
from hearts_core.facts import Situation
from hearts_core.kernel import settle
from hearts_core.mining import moon_shares
from hearts_core.puzzle_records import CardFigures, Evaluation, PositionRecord, replay
from hearts_core.puzzle_themes import MOON_MOST, MOON_SWING, THEME_TESTS, THEMES, Spot, passed_card, tag
from hearts_core.rules import NUM_SEATS, Rules

CARDS_PER_SEAT = 13


def _cards(text: str) -> list[Card]:
    return [to_card(word) for word in text.split()]


def position(plays: str, hand: str, *, leader: int = 0) -> PositionRecord:
    """A hand without passes replayed to ``plays`` (``leader`` holds ♣2), the seat to move holding ``hand``."""
    played = _cards(plays)
    by_seat: list[list[Card]] = [[] for _ in range(NUM_SEATS)]
    voids: list[set[Suit]] = [set() for _ in range(NUM_SEATS)]
    seat = leader
    for start in range(0, len(played), NUM_SEATS):
        trick = played[start:start + NUM_SEATS]
        seats = [(seat + step) % NUM_SEATS for step in range(len(trick))]
        for player, card in zip(seats, trick, strict=True):
            by_seat[player].append(card)
            if card.suit is not trick[0].suit:
                voids[player].add(trick[0].suit)
        if len(trick) == NUM_SEATS:
            seat = max(zip(seats, trick, strict=True),
                       key=lambda pair: pair[1].rank if pair[1].suit is trick[0].suit else 0)[0]
        else:
            seat = (seat + len(trick)) % NUM_SEATS
    mover = seat
    deal = [list(cards) for cards in by_seat]
    deal[mover] += _cards(hand)
    rest = [card for card in DECK if card not in played and card not in deal[mover]]
    # The most constrained cards first, each to the eligible seat with the most room left.
    rest.sort(key=lambda card: sum(card.suit in voids[other] for other in range(NUM_SEATS)), reverse=True)
    for card in rest:
        room = [other for other in range(NUM_SEATS) if other != mover and card.suit not in voids[other]
                and len(deal[other]) < CARDS_PER_SEAT]
        deal[max(room, key=lambda other: CARDS_PER_SEAT - len(deal[other]))].append(card)
    assert all(len(cards) == CARDS_PER_SEAT for cards in deal), [len(cards) for cards in deal]
    record: PositionRecord = {"id": "built", "direction": "hold", "deal": [[str(card) for card in sorted(cards)]
                                                                          for cards in deal],
                              "passes": None, "plays": [str(card) for card in played], "seat": mover}
    replay(record)  # a position the rules allow, or the test is wrong
    return record


def answer(cards: str, *, take: float = 0.0, moon: tuple[float, ...] = (), against: tuple[float, ...] = ()
           ) -> Evaluation:
    """An evaluation of ``cards`` (the solution first): the solution's take chance and each card's moon shares."""
    figures: list[CardFigures] = []
    for index, card in enumerate(_cards(cards)):
        figures.append({"card": str(card), "points": float(index), "take": take if index == 0 else 0.5,
                        "trick_points": 0.0, "shooting": False, "gain": float(index), "error": 0.1,
                        "moon_share": moon[index] if moon else 0.0,
                        "others_moon_share": against[index] if against else 0.0})
    return {"cards": figures, "margin": 1.0, "error": 0.1, "best_share": 1.0, "worlds": 100}


def themes(record: PositionRecord, evaluation: Evaluation) -> list[str]:
    found = tag(record, evaluation)
    legal = {str(card) for card in replay(record).view(record["seat"]).legal_plays()}
    assert {item["card"] for item in evaluation["cards"]} <= legal  # the answer's cards are the seat's to play
    return found


# Trick 1 from seat 0 (♣2) to seat 3, who takes it with ♣5 and leads trick 2 to seat 0.
OPENING = "♣2 ♣3 ♣4 ♣5"
NO_DIAMONDS = "♣6 ♣7 ♣8 ♣K ♠3 ♠J ♠Q ♥5 ♥6 ♥7 ♥Q ♥A"
"""Seat 0's hand after the opening: no diamonds, so a diamond lead lets it throw any card."""
SPADES = "♣6 ♣7 ♣8 ♦2 ♦3 ♠3 ♠8 ♠K ♥5 ♥6 ♥7 ♥Q"
"""Seat 0's hand after the opening: ♠3 ♠8 ♠K, ♠Q out."""


# ------------------------------------------------------------------ the moon


def test_go_for_the_moon_needs_the_moon_to_succeed_in_most_of_the_solutions_play_outs() -> None:
    record = position(OPENING + " ♦2", NO_DIAMONDS)
    assert "go_moon" in themes(record, answer("♥A ♣6", moon=(MOON_MOST + 0.01, 0.0)))
    assert "go_moon" not in themes(record, answer("♥A ♣6", moon=(MOON_MOST, 0.9)))


def test_stop_the_moon_needs_the_solution_to_change_whether_another_moon_succeeds() -> None:
    record = position(OPENING + " ♦2", NO_DIAMONDS)
    assert "stop_moon" in themes(record, answer("♥A ♣6 ♠3", against=(0.0, 0.02, MOON_SWING)))
    # A threat on the table that the solution does not change is not a moon puzzle.
    assert "stop_moon" not in themes(record, answer("♥A ♣6 ♠3", against=(0.3, 0.3, 0.3 + MOON_SWING / 2)))


# -------------------------------------------------------------- the queen


def test_drop_the_queen_on_a_trick_the_seat_cannot_take() -> None:
    void = position(OPENING + " ♦2", NO_DIAMONDS)
    assert themes(void, answer("♠Q ♣K"))[0] == "drop_queen"
    assert "drop_queen" not in themes(void, answer("♣K ♠Q"))
    under_king = position(OPENING + " ♠K", SPADES.replace("♠K", "♠Q"))
    assert themes(under_king, answer("♠Q ♠3"))[0] == "drop_queen"  # the classic: ♠Q under a played ♠K
    over_jack = position(OPENING + " ♠J", SPADES.replace("♠K", "♠Q"))
    assert "drop_queen" not in themes(over_jack, answer("♠Q ♠3"))  # ♠Q over ♠J may be taken by its own player


def test_do_not_cover_with_the_king_while_the_queen_is_out() -> None:
    record = position(OPENING + " ♠5", SPADES)
    assert themes(record, answer("♠3 ♠K ♠8"))[0] == "no_cover"
    assert themes(record, answer("♠8 ♠K ♠3"))[0] == "no_cover"  # over ♠5, still under the queen
    assert "no_cover" not in themes(record, answer("♠K ♠3 ♠8"))
    own_queen = position(OPENING + " ♠5", SPADES.replace("♠8", "♠Q"))
    assert "no_cover" not in themes(own_queen, answer("♠3 ♠K ♠Q"))  # ♠Q is not out: nothing to drop under ♠K


def test_flush_the_queen_with_a_low_spade_lead() -> None:
    leads = position("♣2 ♣3 ♣4 ♣A", "♦2 ♦3 ♦9 ♠4 ♠8 ♠10 ♥2 ♥3 ♥4 ♥5 ♥6 ♥7", leader=1)
    assert themes(leads, answer("♠4 ♦9"))[0] == "flush_queen"
    assert "flush_queen" not in themes(leads, answer("♦9 ♠4"))
    holds_queen = position("♣2 ♣3 ♣4 ♣A", "♦2 ♦3 ♦9 ♠4 ♠8 ♠Q ♥2 ♥3 ♥4 ♥5 ♥6 ♥7", leader=1)
    assert "flush_queen" not in themes(holds_queen, answer("♠4 ♦9"))


# ------------------------------------------------------------- discarding


def test_trick_one() -> None:
    first = position("♣2 ♣3", "♣4 ♣A ♦2 ♦3 ♦4 ♠2 ♠3 ♠4 ♥2 ♥3 ♥4 ♥5 ♥6")
    assert "trick_one" in themes(first, answer("♣A ♣4"))
    assert "trick_one" not in themes(position(OPENING + " ♦2", NO_DIAMONDS), answer("♣K ♣6"))


def test_throw_a_heart_or_a_high_card_when_void() -> None:
    record = position(OPENING + " ♦2", NO_DIAMONDS)
    assert themes(record, answer("♥A ♣6"))[0] == "shed_hearts"
    assert "unload_high" in themes(record, answer("♥A ♣6"))
    assert themes(record, answer("♣K ♣6"))[0] == "unload_high"
    low = themes(record, answer("♣6 ♣K"))
    assert "unload_high" not in low and "shed_hearts" not in low
    following = position(OPENING + " ♠5", SPADES)  # not void: playing a spade is following, not discarding
    assert "unload_high" not in themes(following, answer("♠K ♠3"))


def test_make_a_void_by_leading_the_last_card_of_a_suit() -> None:
    leads = position("♣2 ♣3 ♣4 ♣A", "♦9 ♠2 ♠4 ♠8 ♠10 ♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8", leader=1)
    assert themes(leads, answer("♦9 ♠4"))[0] == "make_void"
    two = position("♣2 ♣3 ♣4 ♣A", "♦2 ♦9 ♠4 ♠8 ♠10 ♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8", leader=1)
    assert "make_void" not in themes(two, answer("♦9 ♠4"))


# ------------------------------------------------------- following and leading


# Trick 2 led by seat 3 with a diamond; seat 0 holds ♦4 ♦8 ♦K.
DIAMONDS = "♣6 ♣7 ♣8 ♦4 ♦8 ♦K ♠3 ♠8 ♥5 ♥6 ♥7 ♥Q"


def test_when_every_card_wins_play_the_highest() -> None:
    record = position(OPENING + " ♦3", DIAMONDS.replace("♦4", "♦9"))
    assert themes(record, answer("♦K ♦8"))[0] == "take_high"
    assert "take_high" not in themes(record, answer("♦8 ♦K"))
    can_duck = position(OPENING + " ♦5", DIAMONDS)
    assert "take_high" not in themes(can_duck, answer("♦K ♦4"))


def test_duck_with_the_highest_card_that_still_loses() -> None:
    record = position(OPENING + " ♦10", DIAMONDS)
    assert themes(record, answer("♦8 ♦4 ♦K"))[0] == "high_duck"
    assert "high_duck" not in themes(record, answer("♦4 ♦8 ♦K"))


def test_duck_the_points_on_the_table() -> None:
    # Seat 0 (void in diamonds) throws ♥5 on seat 3's ♦10; seat 1 holds ♦4 ♦K.
    hand = "♣9 ♣10 ♦4 ♦K ♠2 ♠4 ♠5 ♠6 ♠7 ♠9 ♠10 ♥2"
    points = position(OPENING + " ♦10 ♥5", hand)
    assert themes(points, answer("♦4 ♦K"))[0] == "duck"
    clean = position(OPENING + " ♦10 ♣6", hand)
    assert "duck" not in themes(clean, answer("♦4 ♦K"))  # no points to duck: the idea is elsewhere


def test_stay_low_and_leave_the_trick_to_a_player_after_you() -> None:
    record = position(OPENING + " ♦3", DIAMONDS)
    assert themes(record, answer("♦4 ♦K"))[0] == "stay_low"
    assert "stay_low" not in themes(record, answer("♦K ♦4"))
    # Seat 2 plays last here (seat 0 has thrown ♣6): no player after it can go over ♦6.
    fourth = position("♣2 ♣3 ♣4 ♣5 ♦3 ♣6 ♦5", "♣9 ♦6 ♦K ♠2 ♠4 ♠5 ♠6 ♠7 ♠9 ♠10 ♥2 ♥3")
    assert "stay_low" not in themes(fourth, answer("♦6 ♦K"))


def test_win_a_clean_trick_playing_last() -> None:
    record = position("♣2 ♣3 ♣4 ♣5 ♦3 ♦5 ♦6", DIAMONDS)
    assert "win_clean" in themes(record, answer("♦K ♦4"))
    hearts = position("♣2 ♣3 ♣4 ♣5 ♦3 ♥9 ♦6", DIAMONDS)  # seat 0, void in diamonds, has thrown ♥9
    assert "win_clean" not in themes(hearts, answer("♦K ♦4"))


def test_playing_last_play_the_highest_card_that_takes_no_points() -> None:
    under = position("♣2 ♣3 ♣4 ♣5 ♦10 ♥9 ♦2", DIAMONDS)
    assert "play_last" in themes(under, answer("♦8 ♦4 ♦K"))
    assert "play_last" not in themes(under, answer("♦4 ♦8 ♦K"))
    clean = position("♣2 ♣3 ♣4 ♣5 ♦10 ♣9 ♦2", DIAMONDS)
    assert "play_last" in themes(clean, answer("♦K ♦4 ♦8"))  # nothing to take: the highest goes


def test_a_safe_exit_is_a_lead_that_very_likely_loses() -> None:
    leads = position("♣2 ♣3 ♣4 ♣A", "♦2 ♦3 ♦9 ♠4 ♠8 ♠10 ♥2 ♥3 ♥4 ♥5 ♥6 ♥7", leader=1)
    assert "safe_exit" in themes(leads, answer("♦2 ♦9", take=0.1))
    assert "safe_exit" not in themes(leads, answer("♦2 ♦9", take=0.6))


# ------------------------------------------------------ what the cards tell


def test_watch_a_player_after_you_who_has_run_out_of_the_suit() -> None:
    # Seat 1 throws ♦2 on trick 1 (no clubs); seat 3 takes it and leads ♣9; seat 0 plays, seat 1 still to come.
    record = position("♣2 ♦2 ♣3 ♣4 ♣9", "♣6 ♣A ♦3 ♦4 ♠2 ♠4 ♠5 ♠6 ♠7 ♥2 ♥3 ♥4")
    assert "void_shown" in themes(record, answer("♣6 ♣A"))
    no_void = position("♣2 ♣3 ♣4 ♣5 ♣9", "♣6 ♣A ♦3 ♦4 ♠2 ♠4 ♠5 ♠6 ♠7 ♥2 ♥3 ♥4")
    assert "void_shown" not in themes(no_void, answer("♣6 ♣A"))


def test_count_a_card_that_is_the_highest_left_only_because_higher_ones_are_gone() -> None:
    record = position("♣2 ♣3 ♣4 ♣5 ♦A ♦K ♦2 ♦3", "♣6 ♣7 ♣8 ♦4 ♦Q ♠3 ♠8 ♥5 ♥6 ♥7 ♥Q", leader=0)
    assert "count" in themes(record, answer("♦Q ♦4"))
    kept = position("♣2 ♣3 ♣4 ♣5 ♦A ♦9 ♦2 ♦3", "♣6 ♣7 ♣8 ♦4 ♦Q ♠3 ♠8 ♥5 ♥6 ♥7 ♥Q", leader=0)
    assert "count" not in themes(kept, answer("♦Q ♦4"))  # ♦K is still out
    own_king = position("♣2 ♣3 ♣4 ♣5 ♦A ♦9 ♦2 ♦3", "♣6 ♣7 ♣8 ♦K ♦Q ♠3 ♠8 ♥5 ♥6 ♥7 ♥Q", leader=0)
    assert "count" not in themes(own_king, answer("♦Q ♦K"))  # ♦K is left, in the seat's own hand


def test_the_endgame_is_the_last_three_tricks() -> None:
    clubs, diamonds = "♣2 ♣3 ♣4 ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K", "♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦8 ♦9 ♦10 ♦J ♦Q ♦K"
    spades = "♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K"
    ten = position(f"{clubs} {diamonds} {spades} ♣A ♦A ♠A ♥2", "♥3 ♥4 ♥5")
    assert "endgame" in themes(ten, answer("♥3 ♥5"))
    nine = position(f"{clubs} {diamonds} {spades}", "♣A ♦A ♠A ♥3")
    assert "endgame" not in themes(nine, answer("♣A ♦A"))


# ---------------------------------------------------------- the catalogue


def test_every_theme_has_its_words_and_its_test_in_one_priority_order() -> None:
    assert [key for key, _ in THEME_TESTS] == list(THEMES)
    assert len(THEMES) >= 12
    assert all(words and words[0].isupper() and not words.endswith(".") for words in THEMES.values())


@pytest.mark.parametrize("rules", [Rules(), Rules(moon_subtracts=True), Rules(jack_of_diamonds_bonus=True),
                                   Rules(moon_subtracts=True, jack_of_diamonds_bonus=True)])
def test_moon_shares_read_every_moon_from_the_kernels_scores(rules: Rules) -> None:
    # Deals as the search records them for seat 0 (its score, and its score less the others' average),
    # made by the kernel itself: seat 0 shoots, seat 2 shoots, and hands without a moon.
    taken = [(26, 0, 0, 0), (0, 0, 26, 0), (13, 13, 0, 0), (0, 13, 13, 0), (26 - 1, 1, 0, 0), (0, 1, 25, 0),
             (0, 0, 0, 26), (4, 4, 5, 13)]
    jack = 1 if rules.jack_of_diamonds_bonus else None
    own, relative = [], []
    for points in taken:
        with_jack = [value + (-10 if seat == jack else 0) for seat, value in enumerate(points)]
        scores = settle(with_jack, rules, jack)
        own.append(float(scores[0]))
        relative.append(scores[0] - (sum(scores) - scores[0]) / (NUM_SEATS - 1))
    figures = Appraisal(to_card("♥A"), 0.0, 0.0, 0.0, 0.0, False, len(taken), world_scores=tuple(relative),
                        world_points=tuple(own))
    assert moon_shares(figures, rules) == (1 / len(taken), 2 / len(taken))


# ------------------------------------------- positions from the shipped set


SAMPLE: dict[str, tuple[str, int, tuple[str, ...], tuple[str, ...] | None, str]] = {
    # id: direction, seat to move, the deal, the passes, the plays before the decision.
    "2026-67-5": ("hold", 3, (
        "♣10 ♣J ♣A ♦4 ♦5 ♦6 ♦8 ♦J ♠3 ♠7 ♠J ♥3 ♥6", "♣4 ♣8 ♣9 ♦2 ♦10 ♠4 ♠5 ♠6 ♠9 ♥2 ♥10 ♥Q ♥K",
        "♣5 ♣K ♦3 ♦7 ♦Q ♠2 ♠8 ♠10 ♠K ♥4 ♥7 ♥8 ♥9", "♣2 ♣3 ♣6 ♣7 ♣Q ♦9 ♦K ♦A ♠Q ♠A ♥5 ♥J ♥A"),
        None, "♣2 ♣10 ♣4 ♣K ♠8"),
    "2026-1-15": ("right", 3, (
        "♣2 ♣9 ♦7 ♦9 ♦Q ♦K ♠2 ♠4 ♠Q ♠K ♥4 ♥J ♥A", "♣3 ♣8 ♣J ♣Q ♣K ♦8 ♦J ♠6 ♠9 ♠10 ♠A ♥2 ♥10",
        "♣5 ♣10 ♦2 ♦5 ♦A ♠3 ♠5 ♠7 ♠8 ♠J ♥6 ♥7 ♥Q", "♣4 ♣6 ♣7 ♣A ♦3 ♦4 ♦6 ♦10 ♥3 ♥5 ♥8 ♥9 ♥K"),
        ("♠Q ♠K ♥A", "♦8 ♦J ♠A", "♣5 ♣10 ♦A", "♣A ♥K ♦10"),
        "♣2 ♣3 ♣A ♣4 ♦2 ♦3 ♦9 ♦A ♣5 ♥K ♣6 ♣9 ♠A ♠10 ♠J"),
    "2026-8-33": ("left", 0, (
        "♣8 ♣9 ♣A ♦2 ♦4 ♦K ♠2 ♠J ♠Q ♥3 ♥5 ♥6 ♥9", "♣2 ♣3 ♣5 ♣7 ♣J ♣K ♦6 ♦7 ♦8 ♠3 ♠6 ♠7 ♥K",
        "♣Q ♦3 ♦9 ♦10 ♦J ♦Q ♠10 ♥2 ♥7 ♥8 ♥10 ♥Q ♥A", "♣4 ♣6 ♣10 ♦5 ♦A ♠4 ♠5 ♠8 ♠9 ♠K ♠A ♥4 ♥J"),
        ("♠Q ♣A ♦K", "♦6 ♦7 ♦8", "♥A ♥Q ♦Q", "♦5 ♦A ♠A"),
        "♣2 ♣Q ♣10 ♣9 ♦3 ♦Q ♦5 ♦K ♣5 ♦J ♣4 ♣8 ♦2 ♥K ♦6 ♠K ♥2 ♥4 ♥3 ♣7 ♠4 ♠2 ♠3 ♠10 ♦7 ♥A ♦4 ♣J ♥7 ♥J ♥9 "
        "♣K ♠5"),
    "2026-38-29": ("across", 2, (
        "♣2 ♣7 ♣8 ♣K ♣A ♦3 ♦4 ♠3 ♠5 ♠6 ♠J ♠Q ♥6", "♣4 ♣5 ♣9 ♣J ♦6 ♦Q ♠7 ♠K ♥2 ♥7 ♥8 ♥Q ♥A",
        "♣3 ♣6 ♦5 ♦9 ♦J ♦K ♠2 ♠4 ♠8 ♠9 ♥4 ♥9 ♥10", "♣10 ♣Q ♦2 ♦7 ♦8 ♦10 ♦A ♠10 ♠A ♥3 ♥5 ♥J ♥K"),
        ("♣A ♣K ♠Q", "♣5 ♠K ♣4", "♣3 ♣6 ♦K", "♠A ♣10 ♣Q"),
        "♣2 ♣9 ♣K ♣4 ♠2 ♠10 ♠3 ♠A ♣J ♣A ♣5 ♣3 ♠4 ♠K ♠5 ♠7 ♦7 ♦3 ♦Q ♦J ♦6 ♦5 ♦2 ♦4 ♣10 ♠Q ♥K ♣6 ♥2"),
    "2026-22-28": ("across", 2, (
        "♣3 ♣8 ♦8 ♦9 ♦J ♦K ♦A ♠6 ♠8 ♠9 ♥2 ♥3 ♥4", "♣9 ♣K ♣A ♦3 ♦5 ♦6 ♦10 ♠2 ♠J ♥5 ♥8 ♥10 ♥J",
        "♣10 ♣J ♦2 ♦4 ♦7 ♠4 ♠5 ♠10 ♠Q ♠K ♠A ♥7 ♥K", "♣2 ♣4 ♣5 ♣6 ♣7 ♣Q ♦Q ♠3 ♠7 ♥6 ♥9 ♥Q ♥A"),
        ("♣3 ♣8 ♦A", "♣9 ♣K ♣A", "♣10 ♣J ♠A", "♥A ♥Q ♦Q"),
        "♣2 ♣10 ♦Q ♣8 ♠8 ♠2 ♠5 ♠3 ♠9 ♠J ♠10 ♠7 ♦3 ♦2 ♣A ♦8 ♠6 ♥A ♠4 ♣K ♣J ♥Q ♣3 ♣4 ♥2 ♥5 ♥7 ♥6"),
    "2026-356-1": ("left", 3, (
        "♣3 ♣8 ♣9 ♣Q ♦5 ♠2 ♠5 ♠8 ♠Q ♠K ♥2 ♥9 ♥Q", "♣6 ♦2 ♦3 ♦4 ♦7 ♦A ♠3 ♠6 ♠7 ♠A ♥4 ♥5 ♥8",
        "♣2 ♣5 ♣7 ♣10 ♣J ♦10 ♦J ♦Q ♦K ♠9 ♥3 ♥10 ♥J", "♣4 ♣K ♣A ♦6 ♦8 ♦9 ♠4 ♠10 ♠J ♥6 ♥7 ♥K ♥A"),
        ("♦5 ♠K ♥Q", "♠A ♦A ♥8", "♦K ♦Q ♥J", "♥A ♥7 ♣A"),
        "♣2"),
    "2026-56-21": ("left", 3, (
        "♣2 ♣3 ♣4 ♣8 ♣10 ♣J ♦3 ♦J ♠3 ♠9 ♥3 ♥10 ♥K", "♣6 ♣7 ♦2 ♦4 ♦6 ♦7 ♦Q ♦K ♦A ♠Q ♠K ♥4 ♥7",
        "♣9 ♣K ♣A ♦5 ♦10 ♠4 ♠5 ♠7 ♠8 ♥6 ♥8 ♥J ♥Q", "♣5 ♣Q ♦8 ♦9 ♠2 ♠6 ♠10 ♠J ♠A ♥2 ♥5 ♥9 ♥A"),
        ("♦3 ♦J ♥K", "♦A ♠K ♦K", "♦5 ♦10 ♣A", "♠6 ♠A ♥5"),
        "♣2 ♣6 ♣K ♣A ♦8 ♠A ♦2 ♦K ♣9 ♣Q ♣J ♣7 ♠J ♠9 ♠Q ♠7 ♦3 ♦A ♦5 ♥10 ♥6"),
}
"""Shipped positions the issue's sample named (the deal as dealt, before the passes)."""


def shipped(ident: str) -> PositionRecord:
    direction, seat, deal, passes, plays = SAMPLE[ident]
    return {"id": ident, "direction": direction, "deal": [hand.split() for hand in deal],
            "passes": None if passes is None else [cards.split() for cards in passes], "plays": plays.split(),
            "seat": seat}


def test_the_queen_under_a_played_ace_is_a_queen_drop_first() -> None:
    # 2026-1-15: ♠A, ♠10, ♠J on the table; the seat holds ♠Q ♠K. Shipped as "play last" and "count".
    assert themes(shipped("2026-1-15"), answer("♠Q ♠K"))[0] == "drop_queen"


def test_a_low_spade_under_the_queen_with_the_ace_in_hand_is_do_not_cover_first() -> None:
    # 2026-8-33: ♠5 led, the seat holds ♠J ♠A and ♠Q is out. Shipped with no theme.
    assert themes(shipped("2026-8-33"), answer("♠J ♠A"))[0] == "no_cover"


def test_a_plain_duck_is_not_a_moon_puzzle_unless_the_play_outs_say_so() -> None:
    # 2026-38-29: shipped as "stop the moon" because a seat had taken every point; the card changes no moon.
    record = shipped("2026-38-29")
    assert "stop_moon" not in themes(record, answer("♥4 ♥9 ♥10", against=(0.01, 0.01, 0.02)))
    assert themes(record, answer("♥4 ♥9 ♥10", against=(0.0, 0.3, 0.3)))[0] == "stop_moon"


def test_a_moon_line_that_does_not_come_off_is_not_go_for_the_moon() -> None:
    # 2026-67-5: the search's best line with ♠Q took every point (its figures were a moon bid), the seat holding
    # ♥5 ♥J ♥A; shipped puzzles like it were themed "Go for the moon".
    record = shipped("2026-67-5")
    bid = answer("♠Q ♠A", moon=(0.2, 0.1))
    bid["cards"][0]["shooting"] = True
    assert "go_moon" not in themes(record, bid)
    assert themes(record, answer("♠Q ♠A", moon=(0.8, 0.1)))[0] == "go_moon"


def passed_decides(record: PositionRecord, evaluation: Evaluation) -> bool:
    """The passed-card test on a position, read as :func:`tag` reads one."""
    view = replay(record).view(record["seat"])
    return passed_card(Spot(view, Situation(view), tuple(evaluation["cards"])))


def test_a_lead_under_the_only_higher_card_which_the_seat_passed_is_about_the_pass() -> None:
    # 2026-22-28: the seat passed ♠A across and leads ♠Q: only the receiver, who must follow, can beat it.
    record = shipped("2026-22-28")
    assert passed_decides(record, answer("♠Q ♠K"))
    assert not passed_decides(record, answer("♦4 ♦7"))  # no diamond was passed: the pass says nothing of them


def test_following_under_the_card_passed_to_a_player_still_to_come_is_about_the_pass() -> None:
    # 2026-356-1: the seat passed ♣A left; ♣2 is led and the left player plays after the seat.
    record = shipped("2026-356-1")
    assert passed_decides(record, answer("♣K ♣4"))
    assert not passed_decides(record, answer("♣4 ♣K"))  # above ♣4, clubs in unknown hands beat it too
    # The same cards on a hold hand: nobody knows where ♣A is.
    held = position("♣2", "♣4 ♣K ♦6 ♦8 ♦9 ♦Q ♦K ♠4 ♠10 ♠J ♥6 ♥J ♥K", leader=2)
    assert not passed_decides(held, answer("♣K ♣4"))


def test_a_passed_card_among_higher_cards_in_unknown_hands_decides_nothing() -> None:
    # 2026-56-21: the seat passed ♥5 left and ducks ♥6 with ♥2; ♥5 is still out above ♥2, but so are ♥K, ♥Q, ♥J.
    assert not passed_decides(shipped("2026-56-21"), answer("♥2 ♥9 ♥A"))
