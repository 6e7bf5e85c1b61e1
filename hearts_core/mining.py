"""Mining puzzles from real deals: positions where one card is clearly better, as the seat could know.

Design choices:

* The pipeline is six stages, each a function over typed records that go to JSON
  unchanged (:mod:`hearts_core.puzzle_records`), in the manner of lichess-puzzler's
  generator, tagger and validator: :func:`deal_game` (a seeded self-play hand, mixed
  levels at every seat, real passes, every decision with a choice as a candidate, kept by
  a quick :func:`screen`) → :func:`evaluate` → :func:`passes_filter` → :func:`verify` →
  :func:`~hearts_core.puzzle_themes.tag` → :func:`rate`.  :func:`mine_game` chains them
  for one game.  Games are independent, so mining is a map over game numbers: a process
  pool here (``tools/mine_puzzles.py``, ``./dev puzzles``), or the same function mapped
  by a cluster engine for a larger set.
* Every evaluation is made from the seat's own view only (the hard player's search over
  deals consistent with everything public, :meth:`~hearts_core.bots.HardBot.appraise`),
  never from the real hidden hands, so a puzzle's answer depends only on what the solver
  can see.  Cards are ranked by the seat's own expected hand score (the moon rule
  applied).
* A candidate becomes a puzzle only when the best card beats the runner-up by at least
  :data:`MIN_MARGIN` expected points, is the best (or tied) in at least
  :data:`MIN_BEST_SHARE` of the sampled deals, and a second evaluation with ten times the
  samples and another seed names the same card with a margin that still clears the bar.
  Before that second look, a candidate whose best card is interchangeable with another
  legal card (:func:`~hearts_core.knowledge.equivalent_cards`: same suit and points,
  nothing between them still out) is refused: it has no single answer, and only the
  play-out policy could have told the two apart.
* Seeded throughout: the same game number and seed give the same puzzles bit for bit.
* Ratings come before any learner sees a puzzle: the computer levels try each one
  (random's chance is exactly one in the number of legal cards), and the rating is the
  one that best explains those results against the levels' anchor ratings
  (:data:`LEVEL_RATINGS`), with a weak pull towards the middle of the scale.
* The shipped set (``puzzles.json``, read by :func:`hearts_core.puzzles.load_puzzles`)
  carries its format version, the seed and the command that made it (:func:`set_text`).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from typing import Final

from hearts_core.bots import Appraisal, HardBot, Level, make_bot, paired_difference
from hearts_core.cards import DECK
from hearts_core.knowledge import equivalent_cards
from hearts_core.puzzle_records import (
    Candidate,
    CardFigures,
    Evaluation,
    FilterCounts,
    MinedGame,
    MinedPuzzle,
    PositionRecord,
    Rating,
    replay,
)
from hearts_core.puzzle_themes import tag
from hearts_core.rules import NUM_SEATS
from hearts_core.state import HandState, SeatView

__all__ = [
    "FORMAT",
    "LEVEL_RATINGS",
    "MIN_BEST_SHARE",
    "MIN_MARGIN",
    "deal_game",
    "evaluate",
    "evaluate_view",
    "evaluation_data",
    "fit_rating",
    "mine_game",
    "passes_filter",
    "rate",
    "screen",
    "set_text",
    "solution_has_twin",
    "verify",
]

FORMAT: Final = "hearts-puzzles/1"
MIN_MARGIN: Final = 1.5
"""Expected points the best card must save against the runner-up."""
MIN_BEST_SHARE: Final = 0.7
"""Share of the sampled deals in which the best card must be the best or tied."""
EVALUATE_BUDGET: Final = 0.03
"""Search effort of the first evaluation (seconds of the reference machine)."""
SCREEN_BUDGET: Final = 0.01
"""A quick look that decides which candidates earn the first evaluation (see :func:`screen`)."""
SCREEN_MARGIN: Final = 1.0
"""The quick look's bar, below :data:`MIN_MARGIN` so that its noise rarely turns away a real puzzle."""
EVALUATE_WORLDS: Final = 400
VERIFY_FACTOR: Final = 10
"""The verification searches this many times the samples, with another seed."""
SOLVER_BUDGET: Final = 0.03
"""The hard level's effort when it tries a puzzle to rate it."""
HARD_TRIES: Final = 3
LEVEL_RATINGS: Final[dict[Level, float]] = {"random": 600.0, "easy": 1000.0, "normal": 1400.0, "hard": 1800.0}
"""The anchors of the puzzle scale: each level 400 points (10 to 1 odds) above the one below."""
_PRIOR: Final = (1500.0, 0.5)
"""A half-solved pseudo-attempt at 1500 keeps a puzzle every level solves (or none does) on the scale."""
_MIXES: Final[tuple[tuple[Level, Level, Level, Level], ...]] = (
    ("normal", "easy", "hard", "random"), ("hard", "normal", "normal", "easy"), ("easy", "random", "normal", "hard"),
    ("normal", "hard", "easy", "normal"),
)
_DIRECTIONS: Final = ("left", "right", "across", "hold")
_LEVELS_TRIED: Final[tuple[Level, ...]] = ("easy", "normal")
"""The deterministic levels, which try a puzzle once each (see :func:`rate`)."""


# ------------------------------------------------------------------- stage 1


def deal_game(game: int, seed: int) -> list[Candidate]:
    """Play one seeded hand with mixed computer levels; every decision with a choice, as a candidate.

    A candidate holds everything needed to replay its position: the deal, the passes, the
    plays before the decision and the seat to move.
    """
    rng = random.Random(f"{seed}:{game}")
    direction = _DIRECTIONS[game % len(_DIRECTIONS)]
    deck = list(DECK)
    rng.shuffle(deck)
    deal = [sorted(deck[seat * 13:(seat + 1) * 13]) for seat in range(NUM_SEATS)]
    levels = _MIXES[rng.randrange(len(_MIXES))]
    bots = [make_bot(level, seed=rng.randrange(2**31), time_budget=SOLVER_BUDGET if level == "hard" else None)
            for level in levels]
    state = HandState.new(deal, direction)
    passes: list[list[str]] | None = None
    if direction != "hold":
        chosen = [bots[seat].choose_pass(state.view(seat)) for seat in range(NUM_SEATS)]
        for seat, cards in enumerate(chosen):
            state.pass_cards(seat, cards)
        passes = [[str(card) for card in cards] for cards in chosen]
    candidates: list[Candidate] = []
    while not state.is_over:
        mover = state.to_move
        assert mover is not None
        view = state.view(mover)
        if len(view.legal_plays()) > 1:
            candidates.append({
                "id": f"{seed}-{game}-{len(state.plays)}", "game": game, "seed": seed, "direction": direction,
                "deal": [[str(card) for card in hand] for hand in deal], "passes": passes,
                "plays": [str(card) for _, card in state.plays], "seat": mover, "levels": list(levels),
            })
        state.play(bots[mover].choose_play(view))
    return candidates


# ------------------------------------------------------------------- stage 2


def evaluate(candidate: PositionRecord, *, budget: float = EVALUATE_BUDGET, worlds: int = EVALUATE_WORLDS,
             salt: str = "evaluate") -> Evaluation:
    """Every legal card's figures from the seat's own view, best first by expected hand score.

    Returns the cards in order with their expected points, how often each took its trick,
    the margin of the best over the runner-up with its standard error, and the share of
    sampled deals in which the best card was the best or tied.
    """
    view = replay(candidate).view(candidate["seat"])
    return evaluate_view(view, random.Random(f"{salt}:{candidate['id']}"), budget, worlds)


def evaluate_view(view: SeatView, rng: random.Random, budget: float, worlds: int) -> Evaluation:
    """:func:`evaluate` on a view (the only input the figures depend on)."""
    ranked = HardBot(rng, budget, max_worlds=worlds).appraise(view)
    ranked.sort(key=lambda item: (item.expected_points, item.card.index))
    return evaluation_data(ranked)


def evaluation_data(ranked: Sequence[Appraisal]) -> Evaluation:
    """The stored form of an evaluation: every card's figures in the order given (best first), all on the same deals.

    The mining pipeline orders the cards by expected points; a puzzle made from the
    review keeps the order of the coach's judge (:func:`hearts_core.puzzles.mistake_puzzle`),
    so its solution is the review's better card.
    """
    best, runner = ranked[0], ranked[1]
    margin, error = paired_difference(runner.world_points, best.world_points)
    samples = len(best.world_points)
    best_share = sum(
        1 for index in range(samples)
        if all(best.world_points[index] <= item.world_points[index] + 1e-9 for item in ranked[1:])
    ) / samples
    cards: list[CardFigures] = []
    for item in ranked:
        gain, gain_error = paired_difference(item.world_points, best.world_points)
        cards.append({
            "card": str(item.card), "points": round(item.expected_points, 3), "take": round(item.take_chance, 3),
            "trick_points": round(item.trick_points, 3), "shooting": item.shooting,
            "gain": round(gain, 3), "error": round(gain_error, 3),
        })
    return {"cards": cards, "margin": round(margin, 3), "error": round(error, 3),
            "best_share": round(best_share, 3), "worlds": samples}


def screen(candidate: PositionRecord) -> bool:
    """A quick, cheap look (a fifth of the first evaluation's samples): is a clear best card possible here?

    Part of generating candidates: most decisions are near ties, and this spends a little
    search to skip them before the real evaluation.
    """
    return evaluate(candidate, budget=SCREEN_BUDGET, salt="screen")["margin"] >= SCREEN_MARGIN


# ------------------------------------------------------------------- stage 3


def passes_filter(evaluation: Evaluation) -> bool:
    """The first evaluation's bar: a clear margin, and the best card best in most sampled deals."""
    return evaluation["margin"] >= MIN_MARGIN and evaluation["best_share"] >= MIN_BEST_SHARE


# ------------------------------------------------------------------- stage 4


def solution_has_twin(candidate: PositionRecord, evaluation: Evaluation) -> bool:
    """True when the evaluation's best card is interchangeable with another legal card.

    Such a candidate has two right answers that differ only in rank, and no sentence could
    say why one is better: :func:`mine_game` refuses it before the verifying search.
    """
    view = replay(candidate).view(candidate["seat"])
    best = evaluation["cards"][0]["card"]
    legal = {str(card) for card in view.legal_plays()}
    return any(best in names and len(names & legal) > 1
               for names in ({str(card) for card in group} for group in equivalent_cards(view)))


def verify(candidate: PositionRecord, first: Evaluation) -> Evaluation | None:
    """A second evaluation, ten times the samples and another seed; ``None`` unless it agrees.

    It agrees when it names the same best card, with a margin that still clears
    :data:`MIN_MARGIN` and is more than twice its standard error.
    """
    second = evaluate(candidate, budget=EVALUATE_BUDGET * VERIFY_FACTOR, worlds=EVALUATE_WORLDS * VERIFY_FACTOR,
                      salt="verify")
    agrees = (second["cards"][0]["card"] == first["cards"][0]["card"] and second["margin"] >= MIN_MARGIN
              and second["margin"] > 2 * second["error"])
    return second if agrees else None


# ------------------------------------------------------------------- stage 5: hearts_core.puzzle_themes.tag


# ------------------------------------------------------------------- stage 6


def rate(candidate: PositionRecord, evaluation: Evaluation) -> Rating:
    """How the computer levels do on the puzzle, and the rating that best explains it.

    Random's result is its exact chance (one in the number of legal cards); easy and
    normal play once (they are deterministic); hard tries :data:`HARD_TRIES` times with
    different seeds on a small budget.
    """
    view = replay(candidate).view(candidate["seat"])
    solution = evaluation["cards"][0]["card"]
    results: dict[Level, float] = {"random": 1 / len(view.legal_plays())}
    for level in _LEVELS_TRIED:
        results[level] = 1.0 if str(make_bot(level, seed=0).choose_play(view)) == solution else 0.0
    hard = 0
    for attempt in range(HARD_TRIES):
        bot = make_bot("hard", seed=int.from_bytes(f"{candidate['id']}:{attempt}".encode()[-8:], "big"),
                       time_budget=SOLVER_BUDGET)
        hard += str(bot.choose_play(view)) == solution
    results["hard"] = hard / HARD_TRIES
    solved: dict[str, float] = {level: score for level, score in results.items()}
    return {"solved": solved, "rating": round(fit_rating(results))}


def fit_rating(results: dict[Level, float]) -> float:
    """The rating at which the levels' results are most likely (an Elo model, with a weak prior).

    >>> round(fit_rating({"random": 0.25, "easy": 0.0, "normal": 1.0, "hard": 1.0}))
    1231
    """
    games = [(LEVEL_RATINGS[level], score) for level, score in results.items()]
    games.append(_PRIOR)

    def slope(rating: float) -> float:
        # d/dR of the log-likelihood: sum over games of (expected solve - actual solve), scaled.
        return sum(_solve_chance(rating, level) - score for level, score in games)

    low, high = 0.0, 3000.0
    for _ in range(60):
        middle = (low + high) / 2
        if slope(middle) > 0:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _solve_chance(rating: float, level_rating: float) -> float:
    """Chance that a solver of ``level_rating`` solves a puzzle of ``rating``."""
    return 1 / (1 + math.pow(10, (rating - level_rating) / 400))


# -------------------------------------------------------------- one game


def mine_game(game: int, seed: int) -> MinedGame:
    """All six stages for one game: the verified puzzles and how many candidates each filter kept."""
    candidates = deal_game(game, seed)
    counts: FilterCounts = {"candidates": len(candidates), "screened": 0, "margin_and_share": 0, "single_answer": 0,
                            "verified": 0}
    puzzles: list[MinedPuzzle] = []
    for candidate in candidates:
        if not screen(candidate):
            continue
        counts["screened"] += 1
        first = evaluate(candidate)
        if not passes_filter(first):
            continue
        counts["margin_and_share"] += 1
        if solution_has_twin(candidate, first):
            continue
        counts["single_answer"] += 1
        second = verify(candidate, first)
        if second is None:
            continue
        counts["verified"] += 1
        puzzles.append({**candidate, "evaluation": second, "themes": tag(candidate, second),
                        **rate(candidate, second)})
    return {"game": game, "seed": seed, "counts": counts, "puzzles": puzzles}


# -------------------------------------------------------------- the set


def set_text(games: Sequence[MinedGame], *, seed: int, command: str) -> str:
    """The shipped file for mined games: format, seed, command, the filters' counts and the puzzles."""
    counts: FilterCounts = {
        "candidates": sum(game["counts"]["candidates"] for game in games),
        "screened": sum(game["counts"]["screened"] for game in games),
        "margin_and_share": sum(game["counts"]["margin_and_share"] for game in games),
        "single_answer": sum(game["counts"]["single_answer"] for game in games),
        "verified": sum(game["counts"]["verified"] for game in games),
    }
    puzzles = sorted((puzzle for game in games for puzzle in game["puzzles"]), key=_order)
    header = {"format": FORMAT, "seed": seed, "games": len(games), "command": command, "counts": counts,
              "filters": {"screen_margin": SCREEN_MARGIN, "screen_budget": SCREEN_BUDGET,
                          "min_margin": MIN_MARGIN, "min_best_share": MIN_BEST_SHARE,
                          "verify_factor": VERIFY_FACTOR, "evaluate_budget": EVALUATE_BUDGET}}
    lines = [json.dumps({**header, "puzzles": []}, ensure_ascii=False)[:-2]]
    body = ",\n".join(json.dumps(puzzle, ensure_ascii=False, sort_keys=True) for puzzle in puzzles)
    return lines[0] + "\n" + body + "\n]}\n"


def _order(puzzle: MinedPuzzle) -> tuple[int, int]:
    return puzzle["game"], len(puzzle["plays"])
