"""Mining puzzles from real deals: positions where one card is clearly better, as the seat could know.

Design choices:

* The pipeline is seven stages, each a function over typed records that go to JSON
  unchanged (:mod:`hearts_core.puzzle_records`), in the manner of lichess-puzzler's
  generator, tagger and validator: :func:`deal_game` (a seeded self-play hand, mixed
  levels at every seat, real passes, every decision with a choice as a candidate, kept by
  a quick :func:`screen`) → :func:`evaluate` → :func:`passes_filter` → :func:`verify` →
  :func:`~hearts_core.puzzle_themes.tag` → :func:`part_cards` → :func:`rate`.  :func:`mine_game` chains them
  for one game.  Games are independent, so mining is a map over game numbers, which
  ``tools/mine_puzzles.py`` (``./dev puzzles``) hands to Dask: a local cluster, or a
  real one for a larger set.
* The set is chosen from the mined games in order (:class:`SetChoice`): a puzzle with
  only two legal cards is half a coin toss, so at most :data:`MAX_TWO_CARD_SHARE` of
  the set may be such puzzles.  Some ideas are rare in mixed play (a live moon, a card
  only the cards you passed can beat), so after the plain games each hunt of
  :mod:`hearts_core.hunts` mines further games for its positions alone, keeping only the
  puzzles the tagger finds its idea in: lessons 17 and 19 get real positions on their
  ideas, not the ducks a weaker theme test would call theirs.
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
* A verified candidate must then pass a judge that shares no play-out policy with the
  search (:func:`independent_judge_agrees`): in the last tricks, perfect play over sampled
  layouts of the hidden cards (:mod:`hearts_core.independent_judge`) must count the
  search's card among its best.  Earlier positions are judged outside the engine, by
  OpenSpiel's IS-MCTS (``tools/judge_puzzles.py``).
* **Where each card parts from the solution** (:func:`part_cards`): an answer's reason says
  what separates the solution from the card it is compared with (issue 35), found from
  play-outs of the two (:mod:`hearts_core.difference`).  Finding it costs about 25 ms a
  card, fine for one answer but not for the tests that read every answer of every shipped
  puzzle, so it is stored with the puzzle, seeded from the position like the coach's judge.
  A set mined before the stage existed gets it from the driver as a task of its own
  (``parting-<n>.json``), merged by :func:`set_text`, so the set need not be mined again.
* Seeded throughout: the same game number and seed give the same puzzles bit for bit.
* Ratings come before any learner sees a puzzle, from a ladder of solvers of graded
  strength (:mod:`hearts_core.puzzle_difficulty`): :func:`rate` stores each solver's score
  on the puzzle with a provisional rating against the abilities the shipped set measured,
  and :func:`set_text`, which sees every puzzle at once, fits the item-response model over
  the whole set (:func:`rate_set`) and stores each puzzle's rating from that fit.
* The shipped set (``puzzles.json``, read by :func:`hearts_core.puzzles.load_puzzles`)
  carries its format version, the seed and the command that made it (:func:`set_text`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Final

from hearts_core.bots import Appraisal, HardBot, Level, make_bot, paired_difference
from hearts_core.cards import DECK, to_card
from hearts_core.coach_judgement import position_seed
from hearts_core.difference import PLAY_OUT_DEALS, played_out
from hearts_core.hunts import HUNTS, MOON_HUNT_POINTS, Hunt, hunt_of
from hearts_core.independent_judge import judge_record
from hearts_core.kernel import settle
from hearts_core.knowledge import equivalent_cards
from hearts_core.puzzle_difficulty import (
    ANCHOR_RATING,
    ANCHOR_SOLVER,
    LadderFit,
    accepted_cards,
    fit_ladder,
    ladder_answers,
    rating_against,
)
from hearts_core.puzzle_records import (
    Candidate,
    CardFigures,
    CardParting,
    Evaluation,
    FilterCounts,
    MinedGame,
    MinedPuzzle,
    OutsideJudge,
    PositionRecord,
    Rating,
    SetCounts,
    from_solvers_seat,
    position_view,
)
from hearts_core.puzzle_themes import tag
from hearts_core.rules import JACK_OF_DIAMONDS_POINTS, MOON_POINTS, NUM_SEATS, Rules
from hearts_core.state import HandState, SeatView

__all__ = [
    "FORMAT",
    "LEVEL_RATINGS",
    "MIN_BEST_SHARE",
    "MIN_MARGIN",
    "SetChoice",
    "card_parting",
    "choose_set",
    "deal_game",
    "evaluate",
    "evaluate_view",
    "evaluation_data",
    "independent_judge_agrees",
    "mine_game",
    "moon_shares",
    "part_cards",
    "passes_filter",
    "rate",
    "rate_set",
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
"""The hard level's effort when it plays in a mined game."""
LEVEL_RATINGS: Final[dict[Level, float]] = {"random": 600.0, "easy": 1000.0, ANCHOR_SOLVER: ANCHOR_RATING,
                                             "hard": 1800.0}
"""The levels' nominal strengths; the puzzle scale keeps normal's where it is (see hearts_core.puzzle_difficulty)."""
_SOLVED_RUNGS: Final[dict[str, str]] = {"random": "random", "easy": "easy", "normal": "normal", "hard": "hard_64"}
"""The ladder's rungs reported as the four levels' shares solved (``solved``): hard at 64 sampled deals."""
_MIXES: Final[tuple[tuple[Level, Level, Level, Level], ...]] = (
    ("normal", "easy", "hard", "random"), ("hard", "normal", "normal", "easy"), ("easy", "random", "normal", "hard"),
    ("normal", "hard", "easy", "normal"),
)
_DIRECTIONS: Final = ("left", "right", "across", "hold")
MAX_TWO_CARD_SHARE: Final = 1 / 3
"""At most this share of the set may be puzzles with only two legal cards: a coin toss is no test of an idea."""


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
    view = position_view(candidate)
    return evaluate_view(view, random.Random(f"{salt}:{candidate['id']}"), budget, worlds)


def evaluate_view(view: SeatView, rng: random.Random, budget: float, worlds: int) -> Evaluation:
    """:func:`evaluate` on a view (the only input the figures depend on)."""
    ranked = HardBot(rng, budget, max_worlds=worlds).appraise(view)
    ranked.sort(key=lambda item: (item.expected_points, item.card.index))
    return evaluation_data(ranked, view.rules)


def evaluation_data(ranked: Sequence[Appraisal], rules: Rules | None = None) -> Evaluation:
    """The stored form of an evaluation: every card's figures in the order given (best first), all on the same deals.

    The mining pipeline orders the cards by expected points; a puzzle made from the
    review keeps the order of the coach's judge (:func:`hearts_core.puzzles.mistake_puzzle`),
    so its solution is the review's better card.  ``rules`` (the standard ones by default)
    are the hand's, which say how a moon is scored (see :func:`moon_shares`).
    """
    rules = Rules() if rules is None else rules
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
        own_moon, others_moon = moon_shares(item, rules)
        cards.append({
            "card": str(item.card), "points": round(item.expected_points, 3), "take": round(item.take_chance, 3),
            "trick_points": round(item.trick_points, 3), "shooting": item.shooting,
            "gain": round(gain, 3), "error": round(gain_error, 3),
            "moon_share": round(own_moon, 3), "others_moon_share": round(others_moon, 3),
        })
    return {"cards": cards, "margin": round(margin, 3), "error": round(error, 3),
            "best_share": round(best_share, 3), "worlds": samples}


def moon_shares(appraisal: Appraisal, rules: Rules) -> tuple[float, float]:
    """Shares of a card's sampled deals in which the seat shoots the moon, and in which another seat does.

    Read from what the search keeps for every deal: the seat's hand score
    (``world_points``) and its score less the others' average (``world_scores``).  The
    two give the four seats' total, and the rules kernel (:func:`~hearts_core.kernel.settle`)
    fixes what each moon leaves: under the standard rules the shooter scores 0 and each
    other seat 26 (78 in all), where a hand without a moon totals 26; with
    ``moon_subtracts`` the shooter scores -26 and the rest 0 (-26 in all); the ♦J bonus
    moves every total by its 10 points, taken in every hand.  A moon's total is never a
    hand's without one, so a deal whose pair of figures is a moon's was one, and the
    seat's own score tells whose.

    >>> from hearts_core.cards import to_card
    >>> moon = Appraisal(to_card("♥A"), 0.0, 0.0, 1.0, 1.0, True, 4, world_scores=(-26.0, 26 / 3, 26 / 3, -26 / 3),
    ...                  world_points=(0.0, 26.0, 13.0, 0.0))
    >>> moon_shares(moon, Rules())
    (0.25, 0.25)
    """
    mine, theirs = _moon_outcomes(rules)
    deals = list(zip(appraisal.world_points, appraisal.world_scores, strict=True))
    if not deals:
        return 0.0, 0.0
    figures = [(round(own, 6), round(relative, 6)) for own, relative in deals]
    return (sum(1 for pair in figures if pair in mine) / len(figures),
            sum(1 for pair in figures if pair in theirs) / len(figures))


@cache
def _moon_outcomes(rules: Rules) -> tuple[frozenset[tuple[float, float]], frozenset[tuple[float, float]]]:
    """Seat 0's (own score, score less the others' average) after its own moon, and after another seat's."""
    mine: set[tuple[float, float]] = set()
    theirs: set[tuple[float, float]] = set()
    jack_takers: tuple[int | None, ...] = tuple(range(NUM_SEATS)) if rules.jack_of_diamonds_bonus else (None,)
    for shooter in range(NUM_SEATS):
        for jack in jack_takers:
            taken = [(MOON_POINTS if seat == shooter else 0) + (JACK_OF_DIAMONDS_POINTS if seat == jack else 0)
                     for seat in range(NUM_SEATS)]
            scores = settle(taken, rules, jack)
            pair = (round(float(scores[0]), 6), round(scores[0] - (sum(scores) - scores[0]) / (NUM_SEATS - 1), 6))
            (mine if shooter == 0 else theirs).add(pair)
    return frozenset(mine), frozenset(theirs)


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
    view = position_view(candidate)
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


def independent_judge_agrees(candidate: PositionRecord, evaluation: Evaluation) -> bool:
    """Whether the independent endgame judge, where it reaches, counts the search's card among its best.

    :func:`~hearts_core.independent_judge.judge_record` plays every sampled layout of the
    hidden cards out with perfect play and shares no play-out policy with the search, so a
    candidate it refutes is a blind spot of the search, not a puzzle.  Before its reach
    (more than :data:`~hearts_core.independent_judge.ENDGAME_REACH_TRICKS` tricks left) it
    gives no verdict and the candidate passes here: ``tools/judge_puzzles.py`` asks
    OpenSpiel's IS-MCTS there, outside the engine.
    """
    judged = judge_record(candidate)
    return judged is None or evaluation["cards"][0]["card"] in judged


# ------------------------------------------------------------------- stage 5: hearts_core.puzzle_themes.tag, then


def part_cards(candidate: PositionRecord, evaluation: Evaluation) -> dict[str, CardParting]:
    """For each legal card but the solution, where it parts from the solution in the deals played out for the two.

    The play-outs are :func:`hearts_core.difference.parting`'s: :data:`~hearts_core.difference.PLAY_OUT_DEALS`
    deals of the solver's own view (the position turned to the solver's chair, as the puzzle is
    shown), seeded from that view as the coach's judge is (:func:`~hearts_core.coach_judgement.position_seed`),
    so a checker recounts them with ``parting(puzzle.view(), ...)`` and "Show me" lays out one
    of the very deals.  Stored rather than found per answer: the tests read every answer of
    every shipped puzzle.
    """
    view = position_view(from_solvers_seat(candidate))
    solution, *others = evaluation["cards"]
    return {entry["card"]: card_parting(view, solution, entry) for entry in others}


def card_parting(view: SeatView, solution: CardFigures, other: CardFigures) -> CardParting:
    """Where ``other``'s card parts from ``solution``'s at the solver's ``view`` (see :func:`part_cards`).

    Found for every card, a bid for the moon too (the coach asks nothing then,
    :func:`hearts_core.coach.judged_parting`): the play-outs are the sound player's, and a
    sentence says only what happens in them, the moons among it, so it stays true of them
    whatever line the figures rest on.
    """
    compared = played_out(view, to_card(solution["card"]), to_card(other["card"]), deals=PLAY_OUT_DEALS,
                          seed=position_seed(view))
    trick: int | None = None
    taker: str | None = None
    first, parted = compared.top, 0
    found, later = compared.parting(), compared.later_taker()
    if found is not None:
        trick, taker, first, parted = found.trick, str(found.taker), found.first, found.parted
    elif later is not None:
        taker, first, parted = str(later.taker), later.first, later.parted
    return {"trick": trick, "taker": taker, "first": first, "differing": compared.differing, "parted": parted,
            "worse": compared.worse, "fewer": compared.fewer, "own_moons": list(compared.moon_counts(mine=True)),
            "others_moons": list(compared.moon_counts(mine=False)), "deals": len(compared.pairs)}


# ------------------------------------------------------------------- stage 6


def rate(candidate: PositionRecord, evaluation: Evaluation, accept: Sequence[str] = ()) -> Rating:
    """The ladder's answers to the puzzle, the four levels' shares among them, and a provisional rating.

    An answer is right when it is the solution or a card the puzzle accepts (within the
    play-outs' noise of the solution, or in ``accept``).  The rating is the puzzle's alone,
    against the abilities the shipped set measured; :func:`rate_set` replaces it with the
    whole set's fit when the set is assembled.
    """
    view = position_view(candidate)
    answers = ladder_answers(view, accepted_cards(evaluation, accept), candidate["id"])
    solved = {level: answers[rung] for level, rung in _SOLVED_RUNGS.items()}
    return {"solved": solved, "ladder": answers, "rating": rating_against(answers)}


def rate_set(puzzles: Sequence[MinedPuzzle]) -> LadderFit:
    """Fit the item-response model over every puzzle's ladder answers and store each puzzle's rating from it.

    Changes the puzzles' ``rating`` in place; returns the fit (the solvers' abilities among it).  A match
    puzzle (lesson 21's, ``objective: "match"``) is left out of the fit: the ladder's solvers play for the
    hand and cannot see the score, so their answers there would measure them on a game they are not playing
    and move the whole scale.  It is rated against the abilities the fit measured on the rest
    (:func:`~hearts_core.puzzle_difficulty.rating_against`), where failing it counts as a hard puzzle, as it is
    for a learner who plays for the hand.
    """
    hand = [puzzle for puzzle in puzzles if puzzle["evaluation"].get("objective") != "match"]
    fit = fit_ladder([puzzle["ladder"] for puzzle in hand])
    for puzzle, rating in zip(hand, fit.ratings, strict=True):
        puzzle["rating"] = rating
    abilities = {name: (fit.abilities[name], fit.slopes[name]) for name in fit.abilities}
    for puzzle in puzzles:
        if puzzle["evaluation"].get("objective") == "match":
            puzzle["rating"] = rating_against(puzzle["ladder"], abilities, fit.spread)
    return fit


# -------------------------------------------------------------- one game


def mine_game(game: int, seed: int) -> MinedGame:
    """All seven stages for one game: the verified puzzles and how many candidates each filter kept.

    A hunt's game (:func:`~hearts_core.hunts.hunt_of`, by its number alone) looks only at the
    candidates its hunt looks at, and keeps only the puzzles tagged with one of its themes.
    """
    hunt = hunt_of(game)
    candidates = [candidate for candidate in deal_game(game, seed) if hunt is None or hunt.looks_at(candidate)]
    counts: FilterCounts = {"candidates": len(candidates), "screened": 0, "margin_and_share": 0, "single_answer": 0,
                            "verified": 0, "judged": 0}
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
        if not independent_judge_agrees(candidate, second):
            continue
        counts["judged"] += 1
        themes = tag(candidate, second)
        if hunt is not None and not set(themes) & set(hunt.themes):
            continue
        puzzles.append({**candidate, "evaluation": second, "themes": themes, "partings": part_cards(candidate, second),
                        **rate(candidate, second)})
    return {"game": game, "seed": seed, "counts": counts, "puzzles": puzzles}


# -------------------------------------------------------------- the set


class SetChoice:
    """Which mined puzzles the set takes, game by game in order: all but the two-card puzzles over the cap.

    A puzzle with only two legal cards is taken only while the set keeps at most
    :data:`MAX_TWO_CARD_SHARE` of such puzzles; the rest are counted in ``capped``.  Fed
    the same games in the same order it takes the same puzzles, so the driver can stop at
    its target and :func:`set_text` take the same set again.

    A taken puzzle carries today's themes, the tagger's from its stored position and
    evaluation (:func:`todays_themes`, unless ``themes`` says otherwise): a theme added after
    a game was mined needs no mining again, and a hunt's target counts the puzzles the plain
    games already hold on its idea.
    """

    def __init__(self, themes: Callable[[MinedPuzzle], list[str]] | None = None) -> None:
        self.themes = todays_themes if themes is None else themes
        self.puzzles: list[MinedPuzzle] = []
        self.two_card = 0
        self.capped = 0

    def offer(self, game: MinedGame) -> None:
        """Take a game's puzzles, as the cap allows."""
        for puzzle in game["puzzles"]:
            two_cards = len(puzzle["evaluation"]["cards"]) == 2
            if two_cards and self.two_card + 1 > MAX_TWO_CARD_SHARE * (len(self.puzzles) + 1):
                self.capped += 1
                continue
            self.two_card += two_cards
            self.puzzles.append({**puzzle, "themes": self.themes(puzzle)})

    def hunted(self, hunt: Hunt) -> int:
        """How many taken puzzles carry one of ``hunt``'s themes."""
        return sum(1 for puzzle in self.puzzles if set(puzzle["themes"]) & set(hunt.themes))


def todays_themes(puzzle: MinedPuzzle) -> list[str]:
    """The tagger's themes for a mined puzzle's stored position and evaluation."""
    return tag(puzzle, puzzle["evaluation"])


def choose_set(games: Sequence[MinedGame], themes: Callable[[MinedPuzzle], list[str]] | None = None) -> SetChoice:
    """:class:`SetChoice` fed ``games`` in the order given (``themes``: as :class:`SetChoice` takes it)."""
    choice = SetChoice(themes)
    for game in games:
        choice.offer(game)
    return choice


def set_text(games: Sequence[MinedGame], *, seed: int, command: str, outside: OutsideJudge | None = None,
             partings: Mapping[str, dict[str, CardParting]] | None = None,
             themes: Callable[[MinedPuzzle], list[str]] | None = None) -> str:
    """The shipped file for mined games: format, seed, command, the filters' counts, the ladder and the puzzles.

    The puzzles are those :func:`choose_set` takes from the games in the order given (the
    plain games, then each hunt's), with today's themes.  Their ratings come from one item-response fit
    over all of them (:func:`rate_set`); the header's ``ladder`` gives each solver's fitted
    strength on the same scale.  ``outside`` is what the header says of the judge outside
    the engine (``tools/mine_puzzles.py`` runs OpenSpiel's IS-MCTS and gives the games
    without the puzzles it refuted).  ``partings`` are :func:`part_cards`' answers by puzzle
    id for games mined before that stage existed (the driver's ``parting-<n>.json``); a
    puzzle that carries its own keeps them.  The games given are left as they are.

    Raises:
        ValueError: a chosen puzzle has no partings, in its record or in ``partings``.
    """
    choice = choose_set(games, themes)
    missing = [puzzle["id"] for puzzle in choice.puzzles
               if "partings" not in puzzle and puzzle["id"] not in (partings or {})]
    if missing:
        raise ValueError(f"{len(missing)} puzzles have no partings, {missing[:5]} among them")
    refuted = len(outside["refuted"]) if outside else 0
    judged = sum(game["counts"]["judged"] for game in games)
    counts: SetCounts = {
        "candidates": sum(game["counts"]["candidates"] for game in games),
        "screened": sum(game["counts"]["screened"] for game in games),
        "margin_and_share": sum(game["counts"]["margin_and_share"] for game in games),
        "single_answer": sum(game["counts"]["single_answer"] for game in games),
        "verified": sum(game["counts"]["verified"] for game in games),
        "judged": judged,
        "outside_refuted": refuted,
        "hunt_untagged": judged - refuted - sum(len(game["puzzles"]) for game in games),
        "two_card_capped": choice.capped,
        "shipped": len(choice.puzzles),
    }
    found = partings or {}
    puzzles: list[MinedPuzzle] = []
    for puzzle in choice.puzzles:
        merged = puzzle.copy()
        merged["partings"] = puzzle["partings"] if "partings" in puzzle else found[puzzle["id"]]
        puzzles.append(merged)
    puzzles.sort(key=_order)
    fit = rate_set(puzzles)
    hunts = {f"{hunt.key}_hunt_games": sum(1 for game in games if hunt_of(game["game"]) == hunt) for hunt in HUNTS}
    header = {"format": FORMAT, "seed": seed, "games": sum(1 for game in games if hunt_of(game["game"]) is None),
              **hunts,
              "command": command, "counts": counts, "ladder": fit.solver_ratings, "outside_judge": outside or {},
              "filters": {"screen_margin": SCREEN_MARGIN, "screen_budget": SCREEN_BUDGET,
                          "min_margin": MIN_MARGIN, "min_best_share": MIN_BEST_SHARE,
                          "verify_factor": VERIFY_FACTOR, "evaluate_budget": EVALUATE_BUDGET,
                          "max_two_card_share": round(MAX_TWO_CARD_SHARE, 4),
                          "moon_hunt_points": MOON_HUNT_POINTS}}
    lines = [json.dumps({**header, "puzzles": []}, ensure_ascii=False)[:-2]]
    body = ",\n".join(json.dumps(puzzle, ensure_ascii=False, sort_keys=True) for puzzle in puzzles)
    return lines[0] + "\n" + body + "\n]}\n"


def _order(puzzle: MinedPuzzle) -> tuple[int, int]:
    return puzzle["game"], len(puzzle["plays"])
