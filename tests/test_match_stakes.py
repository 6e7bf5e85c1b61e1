"""The match score (lesson 21): its objective, its independent judge, its mining hunt and its words.

The hand-built endgame is test_independent_judge's queen under the king (trick 12: CPU1 leads ♠K, CPU2
drops ♠Q, CPU3 ♠3; You hold ♠A ♠2, so ♠2 ducks 13 points onto CPU1 and ♠A takes 14), given match totals.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from hearts_core.cards import parse_card
from hearts_core.errors import InvalidPositionError, InvalidRecordError
from hearts_core.hunts import MATCH_HUNT_FIRST_GAME, MATCH_LAST_TRICKS, hunt_of
from hearts_core.independent_judge import ENDGAME_REACH_TRICKS, endgame_agrees, judge_endgame, judge_match_endgame
from hearts_core.match_mining import draw_totals, evaluate_match, match_candidate, mine_any
from hearts_core.match_stakes import appraise_for_match, ends_the_match, match_value
from hearts_core.mining import deal_game
from hearts_core.puzzle_records import from_solvers_seat, position_view, replay
from hearts_core.puzzles import load_puzzles
from hearts_core.rules import Rules
from hearts_core.views import SeatView
from tests.test_independent_judge import queen_under_the_king


def with_totals(view: SeatView, totals: tuple[int, int, int, int]) -> SeatView:
    return replace(view, match_totals=totals)


def match_puzzles() -> list:  # type: ignore[type-arg]
    return [puzzle for puzzle in load_puzzles() if puzzle.view().match_totals is not None]


def test_the_value_of_a_hand_is_the_share_of_the_win_once_the_match_ends() -> None:
    rules = Rules()
    assert match_value((24, 35, 40, 98), (3, 16, 5, 2), 0, rules) == 1.0  # docs/rules.md's score table
    assert match_value((24, 35, 40, 98), (3, 16, 5, 2), 1, rules) == 0.0
    assert match_value((30, 30, 60, 98), (0, 0, 6, 2), 0, rules) == 0.5  # a shared win is a draw
    with pytest.raises(InvalidPositionError, match="do not end the match"):
        match_value((24, 35, 40, 80), (3, 16, 5, 2), 0, rules)


def test_only_a_hand_that_certainly_ends_the_match_is_judged_by_it() -> None:
    view = queen_under_the_king()  # CPU1 has 8 points, CPU2 4
    assert ends_the_match(with_totals(view, (50, 40, 96, 60)))  # CPU2: 96 + 4
    assert not ends_the_match(with_totals(view, (50, 40, 95, 60)))  # 99: the match may go on
    assert not ends_the_match(view)  # no totals at all
    with pytest.raises(InvalidPositionError, match="does not certainly end the match"):
        appraise_for_match(with_totals(view, (50, 40, 95, 60)), random.Random(1), worlds=10)
    with pytest.raises(InvalidPositionError, match="may not end the match"):
        judge_match_endgame(with_totals(view, (50, 40, 95, 60)))


def test_the_match_judge_plays_for_the_lowest_total_not_the_fewest_points() -> None:
    # You 60, CPU1 40 + 8 = 48, CPU2 96 + 4 ends it, CPU3 99: ♠2 puts 13 on CPU1 (61) and You stay at 60 or 61.
    view = with_totals(queen_under_the_king(), (60, 40, 96, 99))
    verdict = judge_match_endgame(view)
    assert verdict.exhaustive and verdict.best == (parse_card("♠2"),)
    assert verdict.judgement("♠A").points == 1.0  # 74 for You against CPU1's 48: lost in every layout
    # Level behind a seat no card can catch (CPU3 at 10): every card loses, so both are "best".
    lost = judge_match_endgame(with_totals(queen_under_the_king(), (60, 40, 96, 10)))
    assert set(lost.best) == {parse_card("♠2"), parse_card("♠A")} and lost.margin == 0
    assert all(item.points == 1.0 for item in lost.cards)


def test_the_search_finds_the_same_card_from_the_seat_s_own_view() -> None:
    view = with_totals(queen_under_the_king(), (60, 40, 96, 99))
    ranked = appraise_for_match(view, random.Random(7), worlds=40)
    assert ranked[0].card == parse_card("♠2") and ranked[0].value > ranked[1].value
    # ♠A takes ♠Q itself: 13 points or more on You, a lost match in every deal.
    assert ranked[1].card == parse_card("♠A") and ranked[1].wins == 0.0 and ranked[1].seat_points[0] >= 13
    assert ranked[0].seat_points[1] >= 13 + 8  # ♠2 leaves them on CPU1, who had 8


def test_the_match_hunt_draws_totals_that_end_the_match_with_a_live_race() -> None:
    found = 0
    for game in range(MATCH_HUNT_FIRST_GAME, MATCH_HUNT_FIRST_GAME + 3):
        for candidate in deal_game(game, 2026):
            totals = draw_totals(candidate)
            if totals is None:
                continue
            assert totals == draw_totals(candidate)  # seeded by the position
            assert all(0 <= total < Rules().target for total in totals)  # a real match had not ended yet
            taken = replay(candidate).points_taken
            assert max(total + points for total, points in zip(totals, taken, strict=True)) >= Rules().target
            made = match_candidate(candidate)
            if made is not None:
                found += 1
                assert ends_the_match(position_view(made))
                assert len(replay(made).tricks) >= 13 - MATCH_LAST_TRICKS
    assert found > 0
    assert MATCH_LAST_TRICKS == ENDGAME_REACH_TRICKS  # the judge reaches every position the hunt looks at
    assert hunt_of(MATCH_HUNT_FIRST_GAME + 5).key == "match"


def test_a_record_s_totals_turn_with_the_seats_and_a_corrupt_one_is_refused() -> None:
    candidate = next(found for game in range(MATCH_HUNT_FIRST_GAME, MATCH_HUNT_FIRST_GAME + 20)
                     for found in map(match_candidate, deal_game(game, 2026)) if found is not None
                     and found["seat"] != 0)
    turned = from_solvers_seat(candidate)
    assert turned["totals"][0] == candidate["totals"][candidate["seat"]]
    assert position_view(turned).match_totals == tuple(turned["totals"])
    for bad in ([1, 2, 3], [1, 2, 3, "x"], [1, 2, 3, -4], [True, 2, 3, 4]):
        with pytest.raises(InvalidRecordError, match="match totals must be four whole numbers"):
            position_view({**candidate, "totals": bad})  # type: ignore[typeddict-item]


def test_the_shipped_match_puzzles_are_the_match_s_answers_not_the_hand_s() -> None:
    puzzles = match_puzzles()
    assert len(puzzles) >= 40
    differs = 0
    for puzzle in puzzles:
        view = puzzle.view()
        figures = puzzle.data["evaluation"]["cards"]
        assert puzzle.theme_keys[0] == "match_score" and ends_the_match(view)
        assert puzzle.data["evaluation"]["objective"] == "match" and figures[0]["card"] == str(puzzle.solution)
        # Playing for the hand alone gives no reason to choose the answer: another card costs the seat no more.
        assert any(item["points"] <= figures[0]["points"] + 0.05 for item in figures[1:])
    for puzzle in puzzles[:8]:
        view = puzzle.view()
        assert endgame_agrees(judge_match_endgame(view, seed=f"record:{puzzle.id}"), puzzle.solution)
        differs += not endgame_agrees(judge_endgame(view), puzzle.solution) or len(judge_endgame(view).best) > 1
    assert differs >= 1  # the hand's own judge does not single the answer out everywhere


def test_mining_a_match_game_is_a_function_of_its_number() -> None:
    game = next(puzzle.data["game"] for puzzle in match_puzzles())
    first, again = mine_any(game, 2026), mine_any(game, 2026)
    assert first == again and first["puzzles"]
    for puzzle in first["puzzles"]:
        assert puzzle["totals"] and puzzle["themes"][0] == "match_score" and puzzle["partings"] == {}
        assert evaluate_match(puzzle, salt="verify", worlds=4000) == puzzle["evaluation"]
