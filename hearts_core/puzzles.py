"""Puzzles mined from real deals: positions where one card is clearly better, as the seat could know.

Design choices:

* The pipeline is six stages, each a function over plain data (dicts and lists that go
  to JSON unchanged), in the manner of lichess-puzzler's generator, tagger and validator:
  :func:`deal_game` (a seeded self-play hand, mixed levels at every seat, real passes,
  every decision with a choice as a candidate, kept by a quick :func:`screen`) →
  :func:`evaluate` → :func:`passes_filter`
  → :func:`verify` → :func:`tag` → :func:`rate`.  :func:`mine_game` chains them for one
  game.  Games are independent, so mining is a map over game numbers: a process pool
  here (``tools/mine_puzzles.py``, ``./dev puzzles``), or the same function mapped by a
  cluster engine for a larger set.
* Every evaluation is made from the seat's own view only (the hard player's search over
  deals consistent with everything public, :meth:`~hearts_core.bots.HardBot.appraise`),
  never from the real hidden hands, so a puzzle's answer depends only on what the solver
  can see.  Cards are ranked by the seat's own expected hand score (the moon rule
  applied).
* A candidate becomes a puzzle only when the best card beats the runner-up by at least
  :data:`MIN_MARGIN` expected points, is the best (or tied) in at least
  :data:`MIN_BEST_SHARE` of the sampled deals, and a second evaluation with ten times the
  samples and another seed names the same card with a margin that still clears the bar.
* Seeded throughout: the same game number and seed give the same puzzles bit for bit.
* Ratings come before any learner sees a puzzle: the computer levels try each one
  (random's chance is exactly one in the number of legal cards), and the rating is the
  one that best explains those results against the levels' anchor ratings
  (:data:`LEVEL_RATINGS`), with a weak pull towards the middle of the scale.
* A learner's own mistakes are puzzles too: :func:`mistake_puzzle` turns a costly play
  the hand review found (:mod:`hearts_core.review`) into the same stored form, judged by
  the coach's one judge so that its solution is the review's better card, tagged and
  rated by the same stages.  Such a puzzle also counts as right any card the review
  would not call costly there (``accept``).
* The shipped set (``puzzles.json``) carries its format version, the seed and the
  command that made it.  :func:`load_puzzles` reads it; each :class:`Puzzle` replays the
  real game to its position and explains any answer from the stored figures, with the
  coach's checked facts (:mod:`hearts_core.facts`).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from hearts_core.bots import Appraisal, HardBot, Level, make_bot, paired_difference
from hearts_core.cards import DECK, Card, Suit, to_card
from hearts_core.coach import claim, first_true, judge, played_claims, situation_claims
from hearts_core.errors import InvalidPositionError, InvalidRecordError, quote_input
from hearts_core.facts import (
    UNLIKELY,
    AboutAsGood,
    Better,
    Expected,
    FirstTrick,
    HigherOut,
    MoonThreat,
    Over,
    PlaysLast,
    Position,
    QueenOut,
    ShownVoid,
    TopCard,
    TrickPoints,
    Under,
    Void,
)
from hearts_core.phrasing import sentences
from hearts_core.review import Mistake, costly, play_index
from hearts_core.rules import NUM_SEATS, QUEEN_OF_SPADES, Rules
from hearts_core.state import HandState, SeatView
from hearts_core.wording import about_points, marked, say

__all__ = [
    "FORMAT",
    "LEVEL_RATINGS",
    "MIN_BEST_SHARE",
    "MIN_MARGIN",
    "THEMES",
    "Puzzle",
    "PuzzleAnswer",
    "deal_game",
    "evaluate",
    "evaluation_data",
    "load_puzzles",
    "mine_game",
    "mistake_puzzle",
    "passes_filter",
    "rate",
    "tag",
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

THEMES: Final[dict[str, str]] = {
    "duck": marked("Duck under the winning card"),
    "win_clean": marked("Win a clean trick and keep your low cards"),
    "drop_queen": marked("Drop ♠Q on someone else's trick"),
    "unload_high": marked("Get rid of a dangerous high card while void"),
    "no_cover": marked("Do not cover with ♠A or ♠K while ♠Q is out"),
    "flush_queen": marked("Flush out ♠Q with a low spade"),
    "safe_exit": marked("Lead a card that leaves the trick to someone else"),
    "play_last": marked("Play last: choose with the whole trick in view"),
    "trick_one": marked("Trick one carries no points"),
    "stop_moon": marked("Stop the moon"),
    "go_moon": marked("Go for the moon"),
    "count": marked("Count the suit: play on what is left"),
    "endgame": marked("Plan the last tricks"),
    "shed_hearts": marked("Throw hearts on someone else's trick"),
}
"""Theme keys (stable, in the data) and the words a learner reads."""

Candidate = dict[str, Any]


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
    candidates = []
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


def replay(candidate: Candidate) -> HandState:
    """The real hand replayed to the candidate's position (the seat to move is ``candidate["seat"]``).

    Raises:
        InvalidRecordError: the data does not replay (a corrupt or hand-edited puzzle).
    """
    try:
        # A puzzle from a match under house rules carries them (see mistake_puzzle); the mined set has none.
        rules = Rules.from_dict(candidate["rules"]) if candidate.get("rules") is not None else None
        state = HandState.new(candidate["deal"], candidate["direction"], rules)
        if candidate["passes"]:
            for seat, cards in enumerate(candidate["passes"]):
                state.pass_cards(seat, cards)
        for card in candidate["plays"]:
            state.play(card)
    except (KeyError, TypeError, ValueError) as error:
        raise InvalidRecordError(f"puzzle {candidate.get('id')!r} does not replay: {error}") from error
    if state.to_move != candidate["seat"]:
        raise InvalidRecordError(f"puzzle {candidate.get('id')!r}: seat {candidate['seat']} is not to move")
    return state


# ------------------------------------------------------------------- stage 2


def evaluate(candidate: Candidate, *, budget: float = EVALUATE_BUDGET, worlds: int = EVALUATE_WORLDS,
             salt: str = "evaluate") -> dict[str, Any]:
    """Every legal card's figures from the seat's own view, best first by expected hand score.

    Returns plain data: the cards in order with their expected points, how often each took
    its trick, the margin of the best over the runner-up with its standard error, and the
    share of sampled deals in which the best card was the best or tied.
    """
    view = replay(candidate).view(candidate["seat"])
    return evaluate_view(view, random.Random(f"{salt}:{candidate['id']}"), budget, worlds)


def evaluate_view(view: SeatView, rng: random.Random, budget: float, worlds: int) -> dict[str, Any]:
    """:func:`evaluate` on a view (the only input the figures depend on)."""
    ranked = HardBot(rng, budget, max_worlds=worlds).appraise(view)
    ranked.sort(key=lambda item: (item.expected_points, item.card.index))
    return evaluation_data(ranked)


def evaluation_data(ranked: Sequence[Appraisal]) -> dict[str, Any]:
    """The stored form of an evaluation: every card's figures in the order given (best first), all on the same deals.

    The mining pipeline orders the cards by expected points; a puzzle made from the
    review keeps the order of the coach's judge (:func:`mistake_puzzle`), so its solution
    is the review's better card.
    """
    best, runner = ranked[0], ranked[1]
    margin, error = paired_difference(runner.world_points, best.world_points)
    samples = len(best.world_points)
    best_share = sum(
        1 for index in range(samples)
        if all(best.world_points[index] <= item.world_points[index] + 1e-9 for item in ranked[1:])
    ) / samples
    cards = []
    for item in ranked:
        gain, gain_error = paired_difference(item.world_points, best.world_points)
        cards.append({
            "card": str(item.card), "points": round(item.expected_points, 3), "take": round(item.take_chance, 3),
            "trick_points": round(item.trick_points, 3), "shooting": item.shooting,
            "gain": round(gain, 3), "error": round(gain_error, 3),
        })
    return {"cards": cards, "margin": round(margin, 3), "error": round(error, 3),
            "best_share": round(best_share, 3), "worlds": samples}


def screen(candidate: Candidate) -> bool:
    """A quick, cheap look (a fifth of the first evaluation's samples): is a clear best card possible here?

    Part of generating candidates: most decisions are near ties, and this spends a little
    search to skip them before the real evaluation.
    """
    return bool(evaluate(candidate, budget=SCREEN_BUDGET, salt="screen")["margin"] >= SCREEN_MARGIN)


# ------------------------------------------------------------------- stage 3


def passes_filter(evaluation: dict[str, Any]) -> bool:
    """The first evaluation's bar: a clear margin, and the best card best in most sampled deals."""
    return bool(evaluation["margin"] >= MIN_MARGIN and evaluation["best_share"] >= MIN_BEST_SHARE)


# ------------------------------------------------------------------- stage 4


def verify(candidate: Candidate, first: dict[str, Any]) -> dict[str, Any] | None:
    """A second evaluation, ten times the samples and another seed; ``None`` unless it agrees.

    It agrees when it names the same best card, with a margin that still clears
    :data:`MIN_MARGIN` and is more than twice its standard error.
    """
    second = evaluate(candidate, budget=EVALUATE_BUDGET * VERIFY_FACTOR, worlds=EVALUATE_WORLDS * VERIFY_FACTOR,
                      salt="verify")
    agrees = (second["cards"][0]["card"] == first["cards"][0]["card"] and second["margin"] >= MIN_MARGIN
              and second["margin"] > 2 * second["error"])
    return second if agrees else None


# ------------------------------------------------------------------- stage 5


def tag(candidate: Candidate, evaluation: dict[str, Any]) -> list[str]:
    """Theme keys (see :data:`THEMES`) found from the position and the answer."""
    view = replay(candidate).view(candidate["seat"])
    position = Position(view)
    best = evaluation["cards"][0]
    solution = to_card(best["card"])
    others = [to_card(item["card"]) for item in evaluation["cards"][1:]]
    themes: list[str] = []
    trick = view.current_trick
    winning = position.winning
    if FirstTrick().holds(position):
        themes.append("trick_one")
    if any(MoonThreat(seat).holds(position) for seat in range(NUM_SEATS) if seat != view.seat):
        themes.append("stop_moon")
    if best["shooting"]:
        themes.append("go_moon")
    if winning is not None:
        _, top = winning
        led = trick[0].suit
        if PlaysLast().holds(position):
            themes.append("play_last")
        if solution.suit is led:
            if Under(solution, top).holds(position) and any(Over(card, top).holds(position) for card in others):
                themes.append("duck")
                if led is Suit.SPADES and QueenOut().holds(position) and any(
                        card.suit is Suit.SPADES and card.rank > QUEEN_OF_SPADES.rank for card in others):
                    themes.append("no_cover")
            if Over(solution, top).holds(position) and TrickPoints(0).holds(position) and (
                    PlaysLast().holds(position) or TopCard(solution).holds(position)):
                themes.append("win_clean")
        elif Void(led).holds(position):
            if solution is QUEEN_OF_SPADES:
                themes.append("drop_queen")
            elif solution.suit is Suit.HEARTS:
                themes.append("shed_hearts")
            if solution.rank >= 10 and solution is not QUEEN_OF_SPADES:
                themes.append("unload_high")
    else:
        if (solution.suit is Suit.SPADES and solution.rank < QUEEN_OF_SPADES.rank and QueenOut().holds(position)
                and not any(card.suit is Suit.SPADES and card.rank > QUEEN_OF_SPADES.rank for card in view.hand)):
            themes.append("flush_queen")
        above = len(position.unseen_above(solution))
        if above and HigherOut(solution, above).holds(position) and best["take"] < UNLIKELY:
            themes.append("safe_exit")
    suit = trick[0].suit if trick else solution.suit
    if TopCard(solution).holds(position) or any(ShownVoid(seat, suit).holds(position) for seat in range(NUM_SEATS)):
        themes.append("count")
    if len(view.tricks) >= 9:
        themes.append("endgame")
    return themes


# ------------------------------------------------------------------- stage 6


def rate(candidate: Candidate, evaluation: dict[str, Any]) -> dict[str, Any]:
    """How the computer levels do on the puzzle, and the rating that best explains it.

    Random's result is its exact chance (one in the number of legal cards); easy and
    normal play once (they are deterministic); hard tries :data:`HARD_TRIES` times with
    different seeds on a small budget.
    """
    view = replay(candidate).view(candidate["seat"])
    solution = evaluation["cards"][0]["card"]
    results: dict[str, float] = {"random": 1 / len(view.legal_plays())}
    for level in ("easy", "normal"):
        results[level] = 1.0 if str(make_bot(level, seed=0).choose_play(view)) == solution else 0.0
    hard = 0
    for attempt in range(HARD_TRIES):
        bot = make_bot("hard", seed=int.from_bytes(f"{candidate['id']}:{attempt}".encode()[-8:], "big"),
                       time_budget=SOLVER_BUDGET)
        hard += str(bot.choose_play(view)) == solution
    results["hard"] = hard / HARD_TRIES
    return {"solved": results, "rating": round(fit_rating(results))}


def fit_rating(results: dict[str, float]) -> float:
    """The rating at which the levels' results are most likely (an Elo model, with a weak prior).

    >>> round(fit_rating({"random": 0.25, "easy": 0.0, "normal": 1.0, "hard": 1.0}))
    1231
    """
    games = [(LEVEL_RATINGS[level], score) for level, score in results.items()]  # type: ignore[index]
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


def mine_game(game: int, seed: int) -> dict[str, Any]:
    """All six stages for one game: the verified puzzles and how many candidates each filter kept."""
    candidates = deal_game(game, seed)
    counts = {"candidates": len(candidates), "screened": 0, "margin_and_share": 0, "verified": 0}
    puzzles = []
    for candidate in candidates:
        if not screen(candidate):
            continue
        counts["screened"] += 1
        first = evaluate(candidate)
        if not passes_filter(first):
            continue
        counts["margin_and_share"] += 1
        second = verify(candidate, first)
        if second is None:
            continue
        counts["verified"] += 1
        puzzles.append({**candidate, "evaluation": second, "themes": tag(candidate, second),
                        **rate(candidate, second)})
    return {"game": game, "seed": seed, "counts": counts, "puzzles": puzzles}


# ------------------------------------------------ a learner's own mistakes


def mistake_puzzle(hand: HandState, seat: int, mistake: Mistake, *, ident: str) -> dict[str, Any]:
    """A costly play the review found in ``hand`` (``seat``'s), as a puzzle in the shipped puzzles' stored form.

    The position is the one the seat faced, replayed from the real deal, passes and plays;
    the evaluation is the coach's one judge of it (:func:`hearts_core.coach.judge`, seeded
    from the position, as :func:`hearts_core.review.review_hand` judges), kept in the
    judge's order, so the solution is the review's better card.  Themes and rating come
    from the pipeline's own stages (:func:`tag`, :func:`rate`): the rating costs a few
    tenths of a second, far less than the review itself, and puts the position on the
    shipped puzzles' scale.  Beyond the shipped form the data holds ``accept``, the cards
    the review would not call costly here (:func:`hearts_core.review.costly`; the
    solution among them), which :meth:`Puzzle.check` counts as right too: a mistake
    puzzle asks the learner not to repeat the mistake, and the judge's margin between its
    best card and the next may be too small to call the next wrong.  ``played`` is the
    card really played.  A hand under house rules carries them as ``rules``, and the
    puzzle replays under them.

    Raises:
        InvalidPositionError: ``seat`` is not 0 to 3, ``ident`` is empty, the mistake is not
            one of ``seat``'s plays in ``hand``, or the judge no longer names its better card
            (a mistake from another seed's review).
    """
    if seat not in range(NUM_SEATS):
        raise InvalidPositionError(f"seat must be 0 to 3, not {quote_input(seat)}")
    if not isinstance(ident, str) or not ident:
        raise InvalidPositionError(f"a puzzle needs non-empty text as its id, not {quote_input(ident)}")
    index = play_index(hand, seat, mistake)
    passes = [[str(card) for card in hand.passed(other) or ()] for other in range(NUM_SEATS)]
    candidate: Candidate = {
        "id": ident, "direction": hand.pass_direction.value,
        "deal": [[str(card) for card in hand.dealt(other)] for other in range(NUM_SEATS)],
        "passes": passes if all(passes) else None,
        "plays": [str(card) for _, card in hand.plays[:index]], "seat": seat,
    }
    if hand.rules != Rules():
        candidate["rules"] = hand.rules.to_dict()
    view = replay(candidate).view(seat)
    judgement = judge(view)
    if judgement.ranked[0].card is not mistake.better:
        raise InvalidPositionError(f"the coach's judge plays {judgement.ranked[0].card} at trick {mistake.trick}, "
                                   f"not the mistake's better card {mistake.better}")
    position = Position(view)
    evaluation = evaluation_data(judgement.ranked)
    accept = [str(item.card) for item in judgement.ranked if costly(position, judgement, item.card) is None]
    return {**candidate, "evaluation": evaluation, "themes": tag(candidate, evaluation),
            **rate(candidate, evaluation), "accept": accept, "played": str(mistake.played), "trick": mistake.trick}


# ------------------------------------------------------------ the set


@dataclass(frozen=True, slots=True)
class PuzzleAnswer:
    """The verdict on one answer: right or not, and why, in words."""

    correct: bool
    why: str


@dataclass(frozen=True)
class Puzzle:
    """One shipped puzzle: a real position, the card to find, its themes and rating.

    ``seat`` is always 0: the position is shown from the solver's chair (see :func:`from_solvers_seat`).
    """

    id: str
    seat: int
    solution: Card
    theme_keys: tuple[str, ...]
    rating: int
    margin: float
    """Expected points the solution saves against the next best card."""
    data: dict[str, Any]
    accept: frozenset[Card] = frozenset()
    """Other cards that count as right (a puzzle from the learner's own mistake: cards the review
    would not call costly); empty for a mined puzzle, whose solution alone is clearly best."""

    @property
    def themes(self) -> tuple[str, ...]:
        """The themes in words a learner reads."""
        return tuple(say(THEMES[key]) for key in self.theme_keys)

    def state(self) -> HandState:
        """The real game replayed to the puzzle's position, with the seat to move (the solver's, seat 0)."""
        return replay(from_solvers_seat(self.data))

    def view(self) -> SeatView:
        """What the solver sees."""
        return self.state().view(self.seat)

    def check(self, card: Card | str) -> PuzzleAnswer:
        """Whether ``card`` is the answer, and why: what it does, what the solution does, with their figures.

        Raises:
            InvalidCardError: ``card`` is not a card.
        """
        chosen = to_card(card)
        view = self.view()
        verdict = view.explain(chosen)
        if not verdict.legal:
            return PuzzleAnswer(False, verdict.message)
        position = Position(view)
        figures = {item["card"]: item for item in self.data["evaluation"]["cards"]}
        already = view.points_taken[self.seat]
        solution = _appraisal(figures[str(self.solution)], already)
        mine = _appraisal(figures[str(chosen)], already)
        situation = first_true(position, situation_claims(position, solution))
        saved = Expected(self.solution, solution.rest_points, already)
        if chosen is self.solution:
            runner = self.data["evaluation"]["cards"][1]
            other = to_card(runner["card"])
            figure = claim(marked("With {card} you should end the hand with {points}; {other}, the next best, would "
                                  "cost you {gain} more."),
                           (saved, Better(chosen, other, runner["gain"], runner["error"])),
                           card=chosen, points=about_points(saved.total), other=other,
                           gain=about_points(runner["gain"]))
            words = [say("Right: {card}.", card=chosen)]
        elif chosen in self.accept:
            # Not the judge's best, but not a costly play either (a puzzle from the learner's own mistake).
            entry = figures[str(chosen)]
            close = first_true(position, (
                claim(marked("{solution}, the search's best card, is about as good."),
                      (AboutAsGood(self.solution, chosen, entry["gain"], entry["error"], "own"),),
                      solution=self.solution),
                claim(marked("{solution}, the search's best card, would save you {gain} more."),
                      (Better(self.solution, chosen, entry["gain"], entry["error"]),),
                      solution=self.solution, gain=about_points(entry["gain"]))))
            words = [say("Right: {card} is a sound play here.", card=chosen)]
            return PuzzleAnswer(True, sentences([*words, *([close.text()] if close is not None else [])]))
        else:
            entry = figures[str(chosen)]
            spent = Expected(chosen, mine.rest_points, already)
            figure = claim(marked("With {card} you should end the hand with {points}; {solution} would save you "
                                  "{gain}."), (spent, Better(self.solution, chosen, entry["gain"], entry["error"])),
                           card=chosen, points=about_points(spent.total), solution=self.solution,
                           gain=about_points(entry["gain"]))
            did = first_true(position, played_claims(position, mine))
            words = [say("Not this time: {solution} was the card.", solution=self.solution)]
            if did is not None:
                words.append(did.text())
        if situation is not None:
            words.append(situation.text())
        if first_true(position, (figure,)) is not None:
            words.append(figure.text())
        return PuzzleAnswer(chosen is self.solution, sentences(words))


def from_solvers_seat(candidate: Candidate) -> Candidate:
    """The same position with the deal turned so the seat to move is seat 0, the one addressed as "you".

    Hearts is the same game whichever seat is numbered 0 (passing left is still passing
    left; whoever holds ♣2 still leads), so a puzzle mined at any seat is shown from the
    learner's chair and every seat named in its words is named as the learner sees it.
    """
    turn = candidate["seat"]
    passes = candidate["passes"]
    return {**candidate, "seat": 0,
            "deal": [candidate["deal"][(seat + turn) % NUM_SEATS] for seat in range(NUM_SEATS)],
            "passes": [passes[(seat + turn) % NUM_SEATS] for seat in range(NUM_SEATS)] if passes else None}


def _appraisal(entry: dict[str, Any], already: int) -> Appraisal:
    points = float(entry["points"])
    return Appraisal(to_card(entry["card"]), points, points, float(entry["take"]), float(entry["trick_points"]),
                     bool(entry["shooting"]), 0, points - already)


def puzzle_from_data(data: dict[str, Any]) -> Puzzle:
    """A :class:`Puzzle` from its stored form.

    Raises:
        InvalidRecordError: a field is missing or wrong.
    """
    try:
        evaluation = data["evaluation"]
        themes = tuple(str(key) for key in data["themes"])
        unknown = [key for key in themes if key not in THEMES]
        if unknown:
            raise InvalidRecordError(f"puzzle {data['id']!r} has unknown themes {unknown}")
        solution = to_card(evaluation["cards"][0]["card"])
        listed = data.get("accept", [])
        accept = frozenset(to_card(card) for card in listed) if isinstance(listed, list) else None
        if accept is None or not accept <= {to_card(item["card"]) for item in evaluation["cards"]}:
            raise InvalidRecordError(f"puzzle {data['id']!r} accepts cards it does not evaluate: "
                                     f"{quote_input(data.get('accept'))}")
        return Puzzle(str(data["id"]), 0, solution, themes, int(data["rating"]), float(evaluation["margin"]), data,
                      accept - {solution})
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise InvalidRecordError(f"a puzzle cannot be read: {error!r}") from error


def read_set(text: str) -> tuple[Puzzle, ...]:
    """The puzzles of a ``hearts-puzzles/1`` text, in id order.

    Raises:
        InvalidRecordError: not a puzzle set.
    """
    try:
        data = json.loads(text)
    except ValueError as error:
        raise InvalidRecordError(f"not a puzzle set: {error}") from error
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidRecordError(f"not a {FORMAT} set")
    return tuple(puzzle_from_data(item) for item in data["puzzles"])


@cache
def load_puzzles() -> tuple[Puzzle, ...]:
    """The shipped puzzles (``hearts_core/puzzles.json``), in id order."""
    return read_set(resources.files("hearts_core").joinpath("puzzles.json").read_text(encoding="utf-8"))


def set_text(games: Sequence[dict[str, Any]], *, seed: int, command: str) -> str:
    """The shipped file for mined games: format, seed, command, the filters' counts and the puzzles."""
    counts = {name: sum(game["counts"][name] for game in games)
              for name in ("candidates", "screened", "margin_and_share", "verified")}
    puzzles = sorted((puzzle for game in games for puzzle in game["puzzles"]), key=_order)
    header = {"format": FORMAT, "seed": seed, "games": len(games), "command": command, "counts": counts,
              "filters": {"screen_margin": SCREEN_MARGIN, "screen_budget": SCREEN_BUDGET,
                          "min_margin": MIN_MARGIN, "min_best_share": MIN_BEST_SHARE,
                          "verify_factor": VERIFY_FACTOR, "evaluate_budget": EVALUATE_BUDGET}}
    lines = [json.dumps({**header, "puzzles": []}, ensure_ascii=False)[:-2]]
    body = ",\n".join(json.dumps(puzzle, ensure_ascii=False, sort_keys=True) for puzzle in puzzles)
    return lines[0] + "\n" + body + "\n]}\n"


def _order(puzzle: dict[str, Any]) -> tuple[int, int]:
    return puzzle["game"], len(puzzle["plays"])


def theme_counts(puzzles: Sequence[Puzzle]) -> dict[str, int]:
    """How many puzzles carry each theme."""
    return {key: sum(1 for puzzle in puzzles if key in puzzle.theme_keys) for key in THEMES}
