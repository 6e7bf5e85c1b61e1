"""Puzzle difficulty: the one-step solvers on hand-built positions, the ladder's scores, the Rasch fit.

The fit is tested the way an estimator is: answers simulated from a known ladder of
abilities and difficulties, and the fit must give them back: the solvers' order exactly;
each ability, measured from the anchor's, within :data:`ABILITY_TOLERANCE` of its true
distance from it (the fit pulls the extreme rungs in by up to a quarter); every slope
within 0.1 of the true 1; difficulties correlated above 0.9 with the truth and within
:data:`DIFFICULTY_RMS` logits root mean square; and the ladder's order must come out the
same on puzzles held out of the fit.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import math
import random
from statistics import correlation
from typing import cast

import pytest

from hearts_core.mining import LEVEL_RATINGS, rate, rate_set, set_text
from hearts_core.puzzle_difficulty import (
    ANCHOR_RATING,
    ANCHOR_SOLVER,
    HARD_TRIES,
    HARD_WORLDS,
    LADDER,
    ONE_STEP,
    POINTS_PER_LOGIT,
    SHIPPED_LADDER,
    LadderFit,
    accepted_cards,
    dump_the_danger,
    fit_ladder,
    keep_off_the_queen,
    ladder_answers,
    ladder_order,
    rating_against,
    under_the_winner,
)
from hearts_core.puzzle_records import CardFigures, Evaluation, MinedGame, MinedPuzzle
from hearts_core.puzzles import load_puzzles
from hearts_core.views import SeatView
from hearts_learner.rating import GLICKO_SCALE
from tests.support import TWO_CLUB_DEAL, after_plays, cards, texts

ABILITY_TOLERANCE = 0.3
"""Share of an ability's true distance from the anchor's (plus 0.1 logits) the fit may miss it by."""
DIFFICULTY_RMS = 0.9
"""Logits: each simulated puzzle has only 8 answers of 3 tries, so its difficulty is known to about 0.8 logits."""
TRUE_ABILITIES = {"s0": -2.0, "s1": -1.0, "s2": -0.3, ANCHOR_SOLVER: 0.3, "s4": 1.0, "s5": 1.7, "s6": 2.5, "s7": 3.5}


def position(hand: str, trick: str) -> SeatView:
    """A view after the first trick with ``hand`` to play to ``trick`` (hearts broken)."""
    state = after_plays(TWO_CLUB_DEAL, ["♣2", "♣4", "♠2", "♥2"])  # CPU1 takes trick one and leads
    view = state.view(1)
    assert view.is_my_turn and not view.first_trick
    return dataclasses.replace(view, hand=cards(hand), current_trick=cards(trick) if trick else (), hearts_broken=True)


# ------------------------------------------------------------ one-step solvers


def test_under_the_winner_plays_the_highest_card_that_still_loses() -> None:
    assert texts(list(under_the_winner(position("♠3 ♠9 ♠K ♦4", "♠10")))) == ["♠9"]
    assert texts(list(under_the_winner(position("♠3 ♠9 ♠K ♦4", "♠10 ♠J ♠2")))) == ["♠9"]  # the winner is ♠J
    # Nothing to go under, a lead, a void: the habit says nothing and every legal card is alike.
    assert texts(list(under_the_winner(position("♠3 ♠9 ♠K ♦4", "♠2")))) == ["♠3", "♠9", "♠K"]
    assert texts(list(under_the_winner(position("♠3 ♠9 ♦4", "")))) == ["♦4", "♠3", "♠9"]
    assert texts(list(under_the_winner(position("♠3 ♦4", "♣5")))) == ["♦4", "♠3"]


def test_keep_off_the_queen_drops_it_only_where_it_loses() -> None:
    assert texts(list(keep_off_the_queen(position("♠3 ♠Q ♦4", "♠K")))) == ["♠Q"]  # under the king
    assert texts(list(keep_off_the_queen(position("♠Q ♦4", "♣5")))) == ["♠Q"]  # a discard
    assert texts(list(keep_off_the_queen(position("♠3 ♠Q ♦4", "♠10")))) == ["♠3"]  # ♠Q would win: never
    assert texts(list(keep_off_the_queen(position("♠3 ♠Q ♦4", "")))) == ["♦4", "♠3"]  # nor lead it
    assert texts(list(keep_off_the_queen(position("♠Q", "♠10")))) == ["♠Q"]  # no choice
    assert texts(list(keep_off_the_queen(position("♠3 ♠K ♦4", "♠10")))) == ["♠3", "♠K"]  # no ♠Q: no habit


def test_dump_the_danger_throws_the_queen_then_the_top_heart_when_void() -> None:
    assert texts(list(dump_the_danger(position("♠Q ♥A ♦4", "♣5")))) == ["♠Q"]
    assert texts(list(dump_the_danger(position("♥5 ♥9 ♦K", "♣5")))) == ["♥9"]  # a heart before a higher ♦K
    assert texts(list(dump_the_danger(position("♦K ♠K ♦4", "♣5")))) == ["♦K", "♠K"]  # tied at the top
    assert texts(list(dump_the_danger(position("♣3 ♠Q ♥A", "♣5")))) == ["♣3"]  # following: legal cards only
    assert texts(list(dump_the_danger(position("♠Q ♥A ♦4", "")))) == ["♦4", "♠Q", "♥A"]


def test_accepted_cards_are_the_solution_its_ties_and_the_accept_list() -> None:
    figures: list[CardFigures] = [
        {"card": "♠3", "points": 1.0, "take": 0.0, "trick_points": 0.0, "shooting": False, "gain": 0.0, "error": 0.0},
        {"card": "♠5", "points": 1.2, "take": 0.0, "trick_points": 0.0, "shooting": False, "gain": 0.2, "error": 0.3},
        {"card": "♠9", "points": 4.0, "take": 0.0, "trick_points": 0.0, "shooting": False, "gain": 3.0, "error": 2.0},
        {"card": "♠K", "points": 9.0, "take": 1.0, "trick_points": 13.0, "shooting": False, "gain": 8.0, "error": 0.5},
    ]
    evaluation: Evaluation = {"cards": figures, "margin": 0.2, "error": 0.3, "best_share": 0.5, "worlds": 100}
    assert accepted_cards(evaluation) == {"♠3", "♠5", "♠9"}  # ♠9's 3 points are within its noise
    assert accepted_cards(evaluation, ["♠K"]) == {"♠3", "♠5", "♠9", "♠K"}


# ------------------------------------------------------------ the ladder on real puzzles


def test_every_solver_answers_a_shipped_puzzle_and_random_scores_its_exact_chance() -> None:
    puzzle = load_puzzles()[0]
    view = puzzle.view()
    accepted = accepted_cards(puzzle.data["evaluation"])
    answers = ladder_answers(view, accepted, puzzle.id)
    assert list(answers) == [solver.name for solver in LADDER]
    assert set(ONE_STEP) <= set(answers) and set(answers) <= set(SHIPPED_LADDER)
    assert answers["random"] == round(len(accepted) / len(view.legal_plays()), 4)
    assert all(0 <= score <= 1 for score in answers.values())
    assert all(abs(answers[f"hard_{worlds}"] * HARD_TRIES - round(answers[f"hard_{worlds}"] * HARD_TRIES)) < 1e-3
               for worlds in HARD_WORLDS)  # a share of its seeded tries
    assert ladder_answers(view, accepted, puzzle.id) == answers  # seeded: the same answers every time


def test_rate_stores_the_ladder_and_rate_set_refits_the_whole_set() -> None:
    puzzles = load_puzzles()[:3]
    records: list[MinedPuzzle] = []
    for puzzle in puzzles:
        data = cast(MinedPuzzle, dict(puzzle.data))
        rated = rate(data, data["evaluation"])
        assert set(rated) == {"solved", "ladder", "rating"}
        assert rated["solved"] == {level: rated["ladder"][rung] for level, rung in
                                   {"random": "random", "easy": "easy", "normal": "normal", "hard": "hard_64"}.items()}
        assert rated["rating"] == rating_against(rated["ladder"])
        records.append(cast(MinedPuzzle, {**data, **rated}))
    fit = rate_set(records)
    assert [record["rating"] for record in records] == fit.ratings
    assert fit.solver_ratings[ANCHOR_SOLVER] == ANCHOR_RATING


def test_the_assembled_set_carries_one_fit_over_all_its_puzzles() -> None:
    # Three shipped positions with planted ladder answers: solved by everyone, by the strong only, by nobody.
    planted = [{name: 1.0 for name in SHIPPED_LADDER},
               {name: float(SHIPPED_LADDER[name][0] > SHIPPED_LADDER[ANCHOR_SOLVER][0]) for name in SHIPPED_LADDER},
               {name: 0.0 for name in SHIPPED_LADDER}]
    # Puzzles with three legal cards or more, which the set's two-card cap never leaves out.
    chosen = [puzzle for puzzle in load_puzzles() if len(puzzle.data["evaluation"]["cards"]) > 2][:3]
    records = [cast(MinedPuzzle, {**puzzle.data, "ladder": answers, "rating": 0})
               for puzzle, answers in zip(chosen, planted, strict=True)]
    games: list[MinedGame] = [
        {"game": 0, "seed": 1, "counts": {"candidates": 9, "screened": 5, "margin_and_share": 3, "single_answer": 3,
                                          "verified": 2, "judged": 2}, "puzzles": records[:2]},
        {"game": 1, "seed": 1, "counts": {"candidates": 4, "screened": 2, "margin_and_share": 1, "single_answer": 1,
                                          "verified": 1, "judged": 1}, "puzzles": records[2:]}]
    before = copy.deepcopy(games)
    assembled = json.loads(set_text(games, seed=1, command="test"))
    assert games == before  # the mined games are left as they were
    fit = fit_ladder(planted)
    assert [puzzle["rating"] for puzzle in assembled["puzzles"]] == fit.ratings
    assert fit.ratings[0] < fit.ratings[1] < fit.ratings[2]
    assert assembled["ladder"] == fit.solver_ratings and assembled["ladder"][ANCHOR_SOLVER] == ANCHOR_RATING


# ------------------------------------------------------------ the fit


def simulated(seed: int, puzzles: int = 400, tries: int = 3) -> tuple[list[float], list[dict[str, float]]]:
    """Difficulties drawn at random and every solver's share of ``tries`` Rasch trials (slope 1) on each puzzle."""
    rng = random.Random(seed)
    difficulties = [rng.gauss(0.5, 1.8) for _ in range(puzzles)]
    answers = [{name: sum(rng.random() < 1 / (1 + math.exp(difficulty - ability)) for _ in range(tries)) / tries
                for name, ability in TRUE_ABILITIES.items()} for difficulty in difficulties]
    return difficulties, answers


@pytest.mark.parametrize("seed", [1, 2])
def test_the_fit_recovers_a_known_ladder(seed: int) -> None:
    difficulties, answers = simulated(seed)
    fit = fit_ladder(answers)
    anchor, true_anchor = fit.abilities[ANCHOR_SOLVER], TRUE_ABILITIES[ANCHOR_SOLVER]
    for name, ability in TRUE_ABILITIES.items():
        distance = ability - true_anchor
        miss = abs((fit.abilities[name] - anchor) - distance)
        assert miss < ABILITY_TOLERANCE * abs(distance) + 0.1, (name, fit.abilities)
        assert abs(fit.slopes[name] - 1) < 0.1, fit.slopes
    assert sorted(fit.abilities, key=fit.abilities.__getitem__) == list(TRUE_ABILITIES)  # the order exactly
    errors = [(fitted - anchor) - (true - true_anchor)
              for fitted, true in zip(fit.difficulties, difficulties, strict=True)]
    assert math.sqrt(sum(error**2 for error in errors) / len(errors)) < DIFFICULTY_RMS
    assert correlation(fit.difficulties, difficulties) > 0.9


def test_the_ladders_order_is_recovered_on_held_out_puzzles() -> None:
    _, answers = simulated(3)
    for seed in range(2):
        check = ladder_order(answers, seed=seed)
        assert check.discordant == [] and check.concordance == 1.0 and check.recovered
        assert sorted(check.held_out, key=check.held_out.__getitem__) == list(TRUE_ABILITIES)
    # A planted swap of two far-apart rungs on the held-out puzzles is caught.
    mixed = answers[:280] + [{**item, "s0": item["s7"], "s7": item["s0"]} for item in answers[280:]]
    check = ladder_order(mixed, held_out=range(280, len(mixed)))
    assert ("s0", "s7") in check.discordant and ("s0", "s7") in check.separated and not check.recovered


def test_ratings_sit_on_the_learners_scale_with_normal_at_its_level_rating() -> None:
    assert POINTS_PER_LOGIT == GLICKO_SCALE and LEVEL_RATINGS[ANCHOR_SOLVER] == ANCHOR_RATING
    fit = LadderFit({ANCHOR_SOLVER: 0.5, "other": 1.5}, [0.5, 1.5, -0.5], {}, {}, 1.0)
    assert fit.ratings == [1400, round(1400 + POINTS_PER_LOGIT), round(1400 - POINTS_PER_LOGIT)]
    assert fit.solver_ratings == {ANCHOR_SOLVER: 1400, "other": round(1400 + POINTS_PER_LOGIT)}


def test_more_solvers_solving_means_a_lower_rating() -> None:
    names = sorted(SHIPPED_LADDER, key=lambda name: SHIPPED_LADDER[name][0])
    # The strongest ``len(names) - cut`` solvers solve it: as cut grows, fewer do.
    ratings = [rating_against({name: float(index >= cut) for index, name in enumerate(names)})
               for cut in range(len(names) + 1)]
    assert ratings == sorted(ratings) and len(set(ratings)) == len(ratings)
    assert rating_against({"nobody_knows_me": 1.0, **{name: 0.0 for name in names}}) == ratings[-1]


@pytest.mark.parametrize(("answers", "message"), [
    ([], "at least one"),
    ([{ANCHOR_SOLVER: 1.5}], "from 0 to 1"),
    ([{"easy": 1.0}], "anchors the scale"),
])
def test_a_fit_of_bad_answers_is_refused(answers: list[dict[str, float]], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        fit_ladder(answers)
