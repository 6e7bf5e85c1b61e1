"""Mining the match-score puzzles (lesson 21): the last tricks of a hand that will end the match.

Design choices:

* **Real hands, drawn totals.**  The mined games are hands (:func:`~hearts_core.mining.deal_game`),
  played by the computer levels for their hands.  A match puzzle needs the totals before the
  hand, so the hunt gives each candidate a seeded draw of them (:func:`draw_totals`) that makes
  the hand the match's last: another seat's total plus the points it has already taken reaches
  :data:`~hearts_core.rules.Rules.target` (every total before the hand stays below it, as in a
  real match), and the seat to move is in a race with a rival whose running total is within
  the points still to come.  The hand's play up to the position is the computer players',
  which did not know the score: a real hand, with a match around it that could have been.
* **Only the last tricks, only hands that end the match.**  A candidate is looked at in the
  last :data:`~hearts_core.independent_judge.ENDGAME_REACH_TRICKS` tricks, with two seats
  holding points (no moon), so its value is exact (:mod:`hearts_core.match_stakes`) and the
  independent judge reaches every one (:func:`~hearts_core.independent_judge.judge_match_endgame`,
  each seat playing perfectly for its own match); IS-MCTS scores hands, not matches, and has
  nothing to say here.
* **The match must change the card.**  A match puzzle is kept only when some other card ends
  the hand with no more points for the seat than the one that most often wins the match, both
  from the very same play-outs (:func:`hand_would_not_choose`): the hand's own points give no
  reason to play the answer, so only the score does, and a puzzle whose answer is the hand's
  answer would not teach the lesson's idea.  Like every puzzle it needs a clear margin (in wins per
  hundred deals, :data:`MATCH_MIN_MARGIN`), a verifying search with ten times the deals and
  another seed, a single answer (no interchangeable twin), and the judge's agreement.
* **Stored like the other puzzles.**  The record carries ``totals``; its evaluation is the
  usual one with ``objective: "match"``, the cards ordered by their match value, ``gain`` and
  ``error`` counted in wins per hundred deals (a draw half a win), and each card's ``wins`` and
  ``draws`` shares beside its hand figures.  Its ``partings`` are empty: where a card parts from
  another in points is not what separates them here (the answer's words say who takes the
  points instead, :mod:`hearts_core.match_words`).
"""

from __future__ import annotations

import random
from typing import Final

from hearts_core.hunts import MATCH_HUNT_FIRST_GAME, hunt_of, match_hunt_position
from hearts_core.independent_judge import (
    EndgameOutOfReach,
    endgame_agrees,
    judge_match_endgame,
)
from hearts_core.match_stakes import MatchFigures, appraise_for_match, ends_the_match
from hearts_core.mining import VERIFY_FACTOR, deal_game, mine_game, rate, solution_has_twin
from hearts_core.puzzle_records import (
    Candidate,
    CardFigures,
    Evaluation,
    FilterCounts,
    MinedGame,
    MinedPuzzle,
    PositionRecord,
    position_view,
    replay,
)
from hearts_core.puzzle_themes import tag
from hearts_core.rules import NUM_SEATS, POINTS_PER_HAND, Rules

__all__ = [
    "MATCH_MIN_MARGIN", "MATCH_WORLDS", "clear_match_margin", "draw_totals", "evaluate_match", "hand_would_not_choose",
    "match_candidate", "mine_any", "mine_match_game",
]

MATCH_MIN_MARGIN: Final = 20.0
"""Wins per hundred deals (a draw half a win) the best card must add to the runner-up's."""
MATCH_WORLDS: Final = 400
"""Deals of the first evaluation; the verification plays :data:`~hearts_core.mining.VERIFY_FACTOR` times more."""
MATCH_SIGNIFICANCE: Final = 3.0
"""The margin must be more than this many of its standard errors, in the first evaluation and the second."""
TOTALS_TRIES: Final = 3
"""Draws of the totals tried for one position, until one makes it a puzzle: most scores make the hand's best card
the match's best too, and the position is the costly part to find."""
_PER_HUNDRED: Final = 100.0


def mine_any(game: int, seed: int) -> MinedGame:
    """The game's puzzles, by the pipeline its number names: the match hunt's, or the hand puzzles'."""
    hunt = hunt_of(game)
    if hunt is not None and hunt.first_game == MATCH_HUNT_FIRST_GAME:
        return mine_match_game(game, seed)
    return mine_game(game, seed)


def draw_totals(candidate: PositionRecord, attempt: int = 0) -> list[int] | None:
    """Totals before the hand that make it the match's last with the seat to move in a live race; ``None`` when the
    position cannot carry such totals (fewer than two seats have points: a moon could still take them back).

    Seeded by the candidate's id and ``attempt`` (the hunt tries :data:`TOTALS_TRIES` draws for a position).
    One other seat with points is the one whose total ends the match; the seat
    to move and a rival run within the points still to come of each other; the fourth seat anywhere below the
    target.
    """
    taken = list(replay(candidate).points_taken)
    seat = candidate["seat"]
    enders = [other for other in range(NUM_SEATS) if other != seat and taken[other]]
    if sum(1 for points in taken if points) < 2 or not enders:
        return None
    rng = random.Random(f"match-totals:{candidate['id']}:{attempt}")
    target = Rules().target
    ender = rng.choice(enders)
    rival, fourth = rng.sample([other for other in range(NUM_SEATS) if other not in (seat, ender)], 2)
    to_come = POINTS_PER_HAND - sum(taken)
    running = [0] * NUM_SEATS
    running[ender] = target + rng.randrange(taken[ender])  # what it has taken makes 100 or more
    running[seat] = rng.randint(40, 80)
    running[rival] = running[seat] + rng.randint(-min(to_come, 13), min(to_come, 13))
    running[fourth] = running[seat] + rng.randint(-6, 30)
    totals = [running[other] - taken[other] for other in range(NUM_SEATS)]
    if any(not 0 <= total < target for total in totals):
        return None
    return totals


def match_candidate(candidate: Candidate, attempt: int = 0) -> Candidate | None:
    """The candidate with drawn totals when the hunt looks at it: the last tricks of a hand that ends the match."""
    if not match_hunt_position(candidate):
        return None
    totals = draw_totals(candidate, attempt)
    if totals is None:
        return None
    found: Candidate = {**candidate, "totals": totals}
    return found if ends_the_match(position_view(found)) else None


def evaluate_match(candidate: PositionRecord, *, worlds: int = MATCH_WORLDS, salt: str = "evaluate") -> Evaluation:
    """Every legal card's match figures from the seat's own view, best first (see the module's design)."""
    view = position_view(candidate)
    ranked = appraise_for_match(view, random.Random(f"match-{salt}:{candidate['id']}"), worlds=worlds)
    best, runner = ranked[0], ranked[1]
    margin, error = runner.gap(best)
    samples = len(best.world_values)
    best_share = sum(1 for index in range(samples)
                     if all(best.world_values[index] >= item.world_values[index] for item in ranked[1:])) / samples
    cards = [_figures(item, best) for item in ranked]
    return {"cards": cards, "margin": round(margin * _PER_HUNDRED, 3), "error": round(error * _PER_HUNDRED, 3),
            "best_share": round(best_share, 3), "worlds": samples, "objective": "match"}


def _figures(item: MatchFigures, best: MatchFigures) -> CardFigures:
    gain, error = item.gap(best)
    return {"card": str(item.card), "points": round(item.hand.expected_points, 3),
            "take": round(item.hand.take_chance, 3), "trick_points": round(item.hand.trick_points, 3),
            "shooting": False, "gain": round(gain * _PER_HUNDRED, 3), "error": round(error * _PER_HUNDRED, 3),
            "moon_share": 0.0, "others_moon_share": 0.0, "wins": round(item.wins, 3), "draws": round(item.draws, 3),
            "seat_points": [round(points, 3) for points in item.seat_points],
            "lowest": [round(share, 3) for share in item.lowest]}


def clear_match_margin(evaluation: Evaluation) -> bool:
    """The bar of both evaluations: a margin of :data:`MATCH_MIN_MARGIN` and :data:`MATCH_SIGNIFICANCE` errors."""
    return (evaluation["margin"] >= MATCH_MIN_MARGIN
            and evaluation["margin"] > MATCH_SIGNIFICANCE * evaluation["error"])


HAND_TOLERANCE: Final = 0.05
"""Expected hand points within which another card counts as at least as good as the solution for the hand."""


def hand_would_not_choose(evaluation: Evaluation) -> bool:
    """Whether playing for the hand alone would not pick the match's best card: some other card ends the hand
    with no more points for the seat (same play-outs), so the hand's points give no reason to choose it."""
    solution, *others = evaluation["cards"]
    return any(item["points"] <= solution["points"] + HAND_TOLERANCE for item in others)


def mine_match_game(game: int, seed: int) -> MinedGame:
    """The match hunt's stages for one game (see the module's design): puzzles and how many each filter kept."""
    positions = deal_game(game, seed)
    counts: FilterCounts = {"candidates": 0, "screened": 0, "margin_and_share": 0, "single_answer": 0,
                            "verified": 0, "judged": 0}
    puzzles: list[MinedPuzzle] = []
    for position in positions:
        for attempt in range(TOTALS_TRIES):
            candidate = match_candidate(position, attempt)
            if candidate is None:
                break
            counts["candidates"] += 1
            found = _puzzle(candidate, counts)
            if found is not None:
                puzzles.append(found)
                break
    return {"game": game, "seed": seed, "counts": counts, "puzzles": puzzles}


def _puzzle(candidate: Candidate, counts: FilterCounts) -> MinedPuzzle | None:
    """The candidate through the match hunt's filters, counted in ``counts``: its puzzle, or ``None``."""
    first = evaluate_match(candidate)
    # The screen of this hunt: the match must change the card (the hand's best is not the match's).
    if not hand_would_not_choose(first):
        return None
    counts["screened"] += 1
    if not clear_match_margin(first):
        return None
    counts["margin_and_share"] += 1
    if solution_has_twin(candidate, first):
        return None
    counts["single_answer"] += 1
    second = evaluate_match(candidate, worlds=MATCH_WORLDS * VERIFY_FACTOR, salt="verify")
    solution = first["cards"][0]["card"]
    if (second["cards"][0]["card"] != solution or not clear_match_margin(second)
            or not hand_would_not_choose(second)):
        return None
    counts["verified"] += 1
    try:
        verdict = judge_match_endgame(position_view(candidate), seed=f"record:{candidate['id']}")
    except EndgameOutOfReach:
        return None
    if not endgame_agrees(verdict, solution):
        return None
    counts["judged"] += 1
    return {**candidate, "evaluation": second, "themes": tag(candidate, second), "partings": {},
            **rate(candidate, second)}
