"""Interchangeable cards: one class, one evaluation, and no puzzle whose answer has a twin (issue 34)."""

from __future__ import annotations

import random

from hearts_core import DECK, HandState, SeatView, Suit, parse_cards
from hearts_core.bots import HardBot
from hearts_core.knowledge import equivalent_cards
from hearts_core.mining import solution_has_twin
from hearts_core.puzzle_records import CardFigures, Evaluation, PositionRecord, replay
from hearts_core.puzzles import load_puzzles


def view_with(mine: str, plays: str = "", lead: str = "") -> SeatView:
    """You (seat 0) hold ``mine`` plus fillers; ``plays`` are whole tricks led by You, then ``lead``'s cards."""
    hand = parse_cards(mine)
    rest = [card for card in DECK if card not in hand]
    state = HandState.new([hand, rest[:13], rest[13:26], rest[26:]], "hold")
    for card in parse_cards(plays) + parse_cards(lead):
        state.play(card)
    return state.view(0)


def classes(view: SeatView) -> list[str]:
    return [" ".join(map(str, group)) for group in equivalent_cards(view)]


def test_neighbours_in_your_own_hand_are_one_class() -> None:
    mine = "♣2 ♣3 ♦8 ♦9 ♦10 ♠2 ♠3 ♠4 ♠5 ♥2 ♥3 ♥4 ♥5"
    assert "♦8 ♦9 ♦10" in classes(view_with(mine))


# 2026-290-38 as shipped (deal, passes, plays copied): ♦6 and ♦J are the last two diamonds
# and both are yours; the set ships ♦6 and rates ♦J 4.1 points worse.
LAST_TWO_DIAMONDS: PositionRecord = {
    "id": "2026-290-38", "direction": "across", "seat": 2,
    "deal": [["♣2", "♣4", "♣7", "♣A", "♦2", "♦J", "♠5", "♠7", "♥2", "♥4", "♥5", "♥9", "♥K"],
             ["♣3", "♣5", "♦4", "♦9", "♦Q", "♦K", "♠3", "♠4", "♠6", "♠10", "♠K", "♠A", "♥8"],
             ["♣6", "♣10", "♣Q", "♦5", "♦6", "♦7", "♠2", "♠8", "♠9", "♥6", "♥7", "♥J", "♥A"],
             ["♣8", "♣9", "♣J", "♣K", "♦3", "♦8", "♦10", "♦A", "♠J", "♠Q", "♥3", "♥10", "♥Q"]],
    "passes": [["♦2", "♦J", "♣A"], ["♣3", "♣5", "♠A"], ["♣6", "♣10", "♣Q"], ["♦A", "♣K", "♥Q"]],
    "plays": ["♣2", "♣K", "♣A", "♣3", "♦2", "♦3", "♣4", "♦A", "♦4", "♦5", "♦8", "♥9", "♥3", "♥2", "♥8", "♥7",
              "♦9", "♦7", "♦10", "♥K", "♣5", "♣6", "♠K", "♥A", "♠5", "♠4", "♠2", "♠J", "♣8", "♣7", "♥Q", "♥J",
              "♣9", "♣Q", "♦K", "♥6", "♥4", "♦Q"],
}

# 2026-8-28 as shipped: you lead from ♦8 ♦9 ♦10 ♥7 ♥8 ♥10; ♦9 was answered "Not this time:
# ♦8 was the card".
THREE_IN_A_ROW: PositionRecord = {
    "id": "2026-8-28", "direction": "left", "seat": 2,
    "deal": [["♣8", "♣9", "♣A", "♦2", "♦4", "♦K", "♠2", "♠J", "♠Q", "♥3", "♥5", "♥6", "♥9"],
             ["♣2", "♣3", "♣5", "♣7", "♣J", "♣K", "♦6", "♦7", "♦8", "♠3", "♠6", "♠7", "♥K"],
             ["♣Q", "♦3", "♦9", "♦10", "♦J", "♦Q", "♠10", "♥2", "♥7", "♥8", "♥10", "♥Q", "♥A"],
             ["♣4", "♣6", "♣10", "♦5", "♦A", "♠4", "♠5", "♠8", "♠9", "♠K", "♠A", "♥4", "♥J"]],
    "passes": [["♠Q", "♣A", "♦K"], ["♦6", "♦7", "♦8"], ["♥A", "♥Q", "♦Q"], ["♦5", "♦A", "♠A"]],
    "plays": ["♣2", "♣Q", "♣10", "♣9", "♦3", "♦Q", "♦5", "♦K", "♣5", "♦J", "♣4", "♣8", "♦2", "♥K", "♦6", "♠K",
              "♥2", "♥4", "♥3", "♣7", "♠4", "♠2", "♠3", "♠10", "♦7", "♥A", "♦4", "♣J"],
}


def test_the_last_two_cards_of_a_suit_are_one_class_whatever_their_ranks() -> None:
    view = replay(LAST_TWO_DIAMONDS).view(2)
    assert all(card.suit != Suit.DIAMONDS or card in view.hand
               for card in DECK if card not in {played for _, played in view.plays})
    assert "♦6 ♦J" in classes(view)


def test_the_queen_parts_jack_and_king_while_it_is_out() -> None:
    found = classes(view_with("♣2 ♠J ♠K ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♥2 ♥3 ♥4 ♥5"))
    assert "♠J" in found and "♠K" in found


def test_a_card_on_the_current_trick_parts_two_cards() -> None:
    # You take trick 1 with ♣A and lead ♠2; CPU2 takes it with ♠A and leads ♦8, CPU3 plays ♦J.
    # ♦8 lies on the table between your ♦7 and ♦9: two classes.
    hand = parse_cards("♣A ♦7 ♦9 ♠2 ♠3 ♠4 ♠5 ♠6 ♥2 ♥3 ♥4 ♥5 ♥6")
    others = [
        parse_cards("♣2 ♣3 ♣4 ♦4 ♦2 ♦3 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K"),
        parse_cards("♣5 ♣6 ♣7 ♣8 ♦8 ♦5 ♦6 ♦10 ♠A ♥7 ♥8 ♥9 ♥10"),
        parse_cards("♣9 ♣10 ♣J ♣Q ♣K ♦J ♦Q ♦K ♦A ♥J ♥Q ♥K ♥A"),
    ]
    state = HandState.new([hand, *others], "hold")
    for card in ("♣2", "♣5", "♣9", "♣A", "♠2", "♠7", "♠A", "♣10", "♦8", "♦J"):
        state.play(card)
    found = classes(state.view(0))
    assert "♦7" in found and "♦9" in found


def test_a_card_gone_in_a_finished_trick_parts_nothing() -> None:
    hand = parse_cards("♣A ♦6 ♦7 ♦9 ♠3 ♠4 ♠5 ♠6 ♥2 ♥3 ♥4 ♥5 ♥6")
    others = [
        parse_cards("♣2 ♣3 ♣4 ♦4 ♦2 ♦3 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K"),
        parse_cards("♣5 ♣6 ♣7 ♣8 ♦8 ♦5 ♦10 ♠2 ♠A ♥7 ♥8 ♥9 ♥10"),
        parse_cards("♣9 ♣10 ♣J ♣Q ♣K ♦J ♦Q ♦K ♦A ♥J ♥Q ♥K ♥A"),
    ]
    state = HandState.new([hand, *others], "hold")
    # You take trick 1 with ♣A and lead ♦6; CPU1 ♦4, CPU2 ♦8, CPU3 ♦J: ♦8 is gone.
    for card in ("♣2", "♣5", "♣9", "♣A", "♦6", "♦4", "♦8", "♦J"):
        state.play(card)
    assert "♦7 ♦9" in classes(state.view(0))


def test_the_search_gives_a_class_one_set_of_figures() -> None:
    view = replay(THREE_IN_A_ROW).view(2)
    assert "♦8 ♦9 ♦10" in classes(view)
    ranked = {item.card: item for item in HardBot(random.Random(1), 0.05).appraise(view)}
    twins = [ranked[card] for card in parse_cards("♦8 ♦9 ♦10")]
    for twin in twins[1:]:
        assert twin.world_scores == twins[0].world_scores and twin.world_points == twins[0].world_points
        assert (twin.score, twin.expected_points, twin.take_chance) == (
            twins[0].score, twins[0].expected_points, twins[0].take_chance)


def test_no_shipped_puzzle_has_an_answer_with_a_twin() -> None:
    # Red until the set is re-mined with the verify stage that refuses such candidates (11
    # puzzles before the re-mine, 2026-8-28 and 2026-290-38 among them).
    twinned = []
    for puzzle in load_puzzles():
        view = replay(puzzle.data).view(puzzle.data["seat"])
        legal = set(view.legal_plays())
        for group in equivalent_cards(view):
            twins = [card for card in group if card in legal and card != puzzle.solution]
            if puzzle.solution in group and twins:
                twinned.append(f"{puzzle.id} {puzzle.solution} ~ {' '.join(map(str, twins))}")
    assert twinned == []


def figures_naming(card: str) -> Evaluation:
    figures: CardFigures = {"card": card, "points": 0.0, "take": 0.0, "trick_points": 0.0, "shooting": False,
                            "gain": 0.0, "error": 0.0}
    return {"cards": [figures], "margin": 2.0, "error": 0.1, "best_share": 1.0, "worlds": 100}


def test_mining_refuses_a_solution_with_a_twin() -> None:
    assert solution_has_twin(THREE_IN_A_ROW, figures_naming("♦9"))
    assert solution_has_twin(LAST_TWO_DIAMONDS, figures_naming("♦J"))
    # ♥10 stands alone: ♥9 is still out, between it and ♥8.
    assert not solution_has_twin(THREE_IN_A_ROW, figures_naming("♥10"))
