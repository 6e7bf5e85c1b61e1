"""The independent judge (issue 34): hand-built endgames with known answers, the moon, seeds, reach.

The positions are built as views (what the judge reads), from eleven finished tricks written
out in play order: every seat follows suit unless a trick below says it is void, and the seats
that show a void are voids the endgame respects, so the real deal is one of the judged layouts.
"""

from __future__ import annotations

import ast
import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from hearts_core.cards import Card, mask_of, parse_card, parse_cards
from hearts_core.independent_judge import (
    ENDGAME_REACH_TRICKS,
    EndgameOutOfReach,
    _LayoutSpace,
    endgame_agrees,
    endgame_in_reach,
    judge_endgame,
    judge_record,
    judged_card_groups,
)
from hearts_core.kernel import PENALTY_MASK, points_table, winning_position
from hearts_core.knowledge import Knowledge
from hearts_core.match import deal_hands
from hearts_core.openspiel import ACTION_TO_CARD
from hearts_core.puzzle_records import PositionRecord, replay
from hearts_core.rules import NUM_SEATS, Rules
from hearts_core.state import HandState
from hearts_core.views import PassDirection, Phase, SeatView, Trick
from hearts_referee.ismcts import load_game, openspiel_state

ROOT = Path(__file__).resolve().parents[1]


def endgame(hand: str, tricks: list[tuple[int, str]], table: tuple[int, str]) -> SeatView:
    """Seat 0's view after ``tricks`` (leader, cards in play order), with ``table`` in play and seat 0 to move."""
    points = [0] * NUM_SEATS
    plays: list[tuple[int, Card]] = []
    finished: list[Trick] = []
    leader = tricks[0][0]
    broken = False
    values = points_table(Rules())
    for trick_leader, text in tricks:
        assert trick_leader == leader, f"trick {text} is led by {trick_leader}, but {leader} took the last one"
        cards = tuple(parse_cards(text))
        assert len(cards) == NUM_SEATS
        winner = (leader + winning_position([card.index for card in cards])) % NUM_SEATS
        worth = sum(values[card.index] for card in cards)
        points[winner] += worth
        plays += [((leader + offset) % NUM_SEATS, card) for offset, card in enumerate(cards)]
        finished.append(Trick(leader, (cards[0], cards[1], cards[2], cards[3]), winner, worth))
        broken = broken or any(card.bit & PENALTY_MASK and card.rank != 12 for card in cards)
        leader = winner
    table_leader, table_text = table
    assert table_leader == leader
    current = tuple(parse_cards(table_text))
    plays += [((leader + offset) % NUM_SEATS, card) for offset, card in enumerate(current)]
    to_move = (leader + len(current)) % NUM_SEATS
    assert to_move == 0
    return SeatView(0, Rules(), PassDirection.HOLD, Phase.PLAYING, tuple(parse_cards(hand)), None, None,
                    tuple(plays), tuple(finished), current, leader, to_move, broken,
                    (points[0], points[1], points[2], points[3]))


def queen_under_the_king() -> SeatView:
    """Trick 12: CPU1 leads ♠K, CPU2 drops ♠Q, CPU3 ♠3; You hold ♠A ♠2.  ♠2 ducks it (0), ♠A takes 14."""
    return endgame("♠A ♠2", [
        (1, "♣2 ♣3 ♣5 ♣A"), (0, "♣6 ♣7 ♣K ♣8"), (2, "♣9 ♣10 ♣J ♣Q"),
        (1, "♦2 ♦3 ♦5 ♦A"), (0, "♦6 ♦7 ♦K ♦8"), (2, "♦9 ♦10 ♦J ♦Q"),
        (1, "♠4 ♠5 ♠6 ♠J"), (0, "♠10 ♠7 ♠8 ♠9"),
        (0, "♥2 ♥3 ♥A ♥5"), (2, "♥6 ♥7 ♥8 ♥K"), (1, "♥Q ♥9 ♥10 ♥J"),
    ], (1, "♠K ♠Q ♠3"))


def either_club_ducks() -> SeatView:
    """Trick 12: CPU1 ♣A, CPU2 ♣K, CPU3 ♣4; You hold ♣3 ♣5 and the last three cards out are hearts.

    Either club ducks, and the last trick is a heart lead You cannot win: 3 points either way.
    ♣4 on the table lies between your clubs, so they are not interchangeable: the tie is in the figures.
    """
    return endgame("♣3 ♣5", [
        (1, "♣2 ♣6 ♣7 ♣Q"), (0, "♣J ♣8 ♣9 ♣10"),
        (0, "♦A ♦2 ♦3 ♦4"), (0, "♦K ♦5 ♦6 ♦7"), (0, "♦Q ♦8 ♦9 ♦10"), (0, "♦J ♥5 ♥6 ♥7"),
        (0, "♠A ♠2 ♠3 ♠4"), (0, "♠5 ♠6 ♠K ♠7"), (2, "♠Q ♠8 ♠9 ♠10"), (2, "♠J ♥8 ♥9 ♥10"),
        (2, "♥J ♥Q ♥K ♥A"),
    ], (1, "♣A ♣K ♣4"))


def moon_in_hand() -> SeatView:
    """You have taken all 24 points so far and lead trick 12 with ♥A ♦2; ♥K is the last heart out.

    ♥A drops ♥K (its holder must follow) and You take all 26: the moon, 0 points.  ♦2 lets the
    others lead away from ♥K and break the moon.
    """
    return endgame("♥A ♦2", [
        (1, "♣2 ♣3 ♣4 ♣A"), (0, "♣K ♣8 ♣9 ♣10"), (0, "♦A ♦5 ♦6 ♦7"), (0, "♦K ♦8 ♦9 ♦10"),
        (0, "♠A ♠2 ♠3 ♠4"), (0, "♠K ♠5 ♠6 ♠Q"), (0, "♠J ♠7 ♠8 ♠9"),
        (0, "♥Q ♥2 ♥3 ♥4"), (0, "♥J ♥5 ♥6 ♥7"), (0, "♥10 ♥8 ♥9 ♣J"), (0, "♠10 ♣Q ♦J ♦Q"),
    ], (0, ""))


def test_the_card_that_avoids_the_queen_is_the_only_best_one() -> None:
    verdict = judge_endgame(queen_under_the_king())
    assert verdict.exhaustive and verdict.layouts == 6  # ♣4 ♦4 ♥4, one to each of the others
    assert verdict.best == (parse_card("♠2"),)
    assert verdict.judgement("♠2").points == 0 and verdict.judgement("♠A").points == 14
    assert verdict.margin == 14


def test_a_planted_wrong_solution_is_refused_and_the_real_one_accepted() -> None:
    verdict = judge_endgame(queen_under_the_king())
    assert not endgame_agrees(verdict, "♠A")
    assert endgame_agrees(verdict, "♠2")


def test_cards_that_score_the_same_in_every_layout_are_tied() -> None:
    view = either_club_ducks()
    assert judged_card_groups(view) == ((parse_card("♣3"),), (parse_card("♣5"),))
    verdict = judge_endgame(view)
    assert set(verdict.best) == {parse_card("♣3"), parse_card("♣5")}
    assert [item.points for item in verdict.cards] == [3, 3] and verdict.margin == 0
    assert endgame_agrees(verdict, "♣3") and endgame_agrees(verdict, "♣5")


def test_interchangeable_cards_are_one_answer() -> None:
    # ♥A and ♥K are yours with nothing out between them: one evaluation, both best.
    view = endgame("♥K ♥A", [
        (1, "♣2 ♣3 ♣4 ♣A"), (0, "♣K ♣8 ♣9 ♣10"), (0, "♦A ♦5 ♦6 ♦7"), (0, "♦K ♦8 ♦9 ♦10"),
        (0, "♠A ♠2 ♠3 ♠4"), (0, "♠K ♠5 ♠6 ♠Q"), (0, "♠J ♠7 ♠8 ♠9"),
        (0, "♥Q ♥2 ♥3 ♥4"), (0, "♥J ♥5 ♥6 ♥7"), (0, "♥10 ♥8 ♥9 ♣J"), (0, "♠10 ♣Q ♦J ♦Q"),
    ], (0, ""))
    assert judged_card_groups(view) == ((parse_card("♥K"), parse_card("♥A")),)


def test_the_moon_is_scored_in_the_leaves_and_taken_when_it_pays() -> None:
    verdict = judge_endgame(moon_in_hand())
    assert verdict.best == (parse_card("♥A"),)
    assert verdict.judgement("♥A").points == 0  # 26 points taken, scored as a moon
    assert verdict.judgement("♦2").points > 0


def test_the_verdict_is_reproducible_from_its_seed() -> None:
    view = moon_in_hand()
    first = judge_endgame(view, layouts=5, seed=11)
    assert not first.exhaustive and first.layouts == 5
    assert judge_endgame(view, layouts=5, seed=11) == first


def test_layouts_are_counted_listed_and_drawn_within_the_seats_knowledge() -> None:
    knowledge = Knowledge.from_view(moon_in_hand())
    space = _LayoutSpace(knowledge)
    every = space.every()
    assert len(every) == len(set(every)) == space.total
    # CPU3 showed a heart void (trick 10), so ♥K is CPU1's or CPU2's in every layout.
    assert all(not hands[3] & parse_card("♥K").bit for hands in every)
    unseen = mask_of(parse_cards("♥K ♦3 ♦4 ♣5 ♣6 ♣7"))
    assert all(hands[1] | hands[2] | hands[3] == unseen and all(hand.bit_count() == 2 for hand in hands[1:])
               for hands in every)
    rng = random.Random(3)
    assert all(space.draw(rng) in set(every) for _ in range(50))


def test_positions_out_of_reach_are_refused_by_name() -> None:
    state = HandState.new(deal_hands(5), "hold")
    while len(state.plays) < 4:
        mover = state.to_move
        assert mover is not None
        state.play(state.view(mover).legal_plays()[0])
    view = state.view(state.to_move or 0)
    assert not endgame_in_reach(view)
    with pytest.raises(EndgameOutOfReach, match=f"only the last {ENDGAME_REACH_TRICKS}"):
        judge_endgame(view)


def self_play_records(seed: int) -> list[PositionRecord]:
    """Every decision with a choice of one hold hand (each seat plays its highest legal card), as records."""
    deal = [[str(card) for card in hand] for hand in deal_hands(seed)]
    state = HandState.new(deal, "hold")
    plays: list[str] = []
    records: list[PositionRecord] = []
    while not state.is_over:
        mover = state.to_move
        assert mover is not None
        view = state.view(mover)
        if len(view.legal_plays()) > 1:
            records.append({"id": f"t{seed}-{len(plays)}", "direction": "hold", "deal": deal, "passes": None,
                            "plays": plays[:], "seat": mover})
        card = view.legal_plays()[-1]
        state.play(card)
        plays.append(str(card))
    return records


def reachable(record: PositionRecord) -> bool:
    return len(record["plays"]) >= 4 * (13 - ENDGAME_REACH_TRICKS)


def test_a_mined_record_out_of_reach_gets_no_card_and_one_in_reach_gets_the_judges() -> None:
    records = self_play_records(9)
    early = [record for record in records if not reachable(record)]
    late = [record for record in records if reachable(record)]
    assert early and late
    assert judge_record(early[0]) is None
    judged = judge_record(late[-1])
    legal = {str(card) for card in replay(late[-1]).view(late[-1]["seat"]).legal_plays()}
    assert judged and set(judged) <= legal
    assert judge_record(late[-1]) == judged  # seeded by the record's id


def _judge_puzzles_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("judge_puzzles", ROOT / "tools" / "judge_puzzles.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["judge_puzzles"] = module
    spec.loader.exec_module(module)
    return module


def test_the_tool_hands_openspiel_the_same_position_and_judges_by_reach() -> None:
    tool = _judge_puzzles_tool()
    records = self_play_records(9)
    early = next(record for record in records if not reachable(record) and len(record["plays"]) > 8)
    view = replay(early).view(early["seat"])
    state = openspiel_state(load_game(), early)
    assert {ACTION_TO_CARD[action] for action in state.legal_actions()} == set(view.legal_plays())
    outside = tool.judge_puzzle(early, str(view.legal_plays()[0]), seeds=2, sims=200)
    assert outside.kind == "ismcts" and outside.seeds == 2
    assert set(outside.judged) <= {str(card) for card in view.legal_plays()}
    late = [record for record in records if reachable(record)][-1]
    inside = tool.judge_puzzle(late, judge_record(late)[0])  # type: ignore[index]
    assert inside.kind == "exact" and inside.agrees


def test_the_judge_shares_no_play_out_policy_with_the_hard_player() -> None:
    tree = ast.parse((ROOT / "hearts_core" / "independent_judge.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert not imported & {"hearts_core.policy", "hearts_core.bots", "hearts_core.coach_judgement",
                           "hearts_core.mining"}
