"""How hard a puzzle is: a ladder of solvers of graded strength answers it, and an item-response model rates it.

Design choices:

* **A ladder, not a verdict.**  A puzzle's difficulty is measured by who solves it: random
  play (its exact chance, one in the number of legal cards for each accepted card), the
  computer levels easy and normal, the hard player at several search efforts (1, 2, 4, 8,
  16 and 64 sampled deals, :data:`HARD_TRIES` seeded tries each, so a rung can score a
  fraction; the mining's own search uses 400 and then 4,000, so a stronger rung would add
  little but cost), and players that reason one step (:func:`under_the_winner`,
  :func:`keep_off_the_queen`, :func:`dump_the_danger`).  A one-step player plays its habit
  where the habit applies and otherwise any legal card alike, so its score on a puzzle is
  the share of its cards the puzzle accepts.  Every solver is a :class:`Solver`: a name
  and the cards it plays in a position, each equally likely; :data:`LADDER` lists them,
  and another solver (the independent judge) joins by being added to it: nothing below
  depends on which solvers there are.
* **An answer is right** when it is the solution or a card the puzzle accepts: one whose
  expected points the play-outs cannot tell from the solution's
  (:func:`hearts_core.facts.clear_difference`, as :meth:`hearts_core.puzzles.Puzzle.check`
  judges a learner's answer), or, for a puzzle from the learner's own mistake, one its
  ``accept`` lists (:func:`accepted_cards`).
* **Rasch with solver slopes, held close to Rasch.**  The chance that solver *j* solves
  puzzle *i* is ``1 / (1 + exp(-s_j (a_j - b_i)))``: one difficulty per puzzle, an ability
  and a slope per solver.  Not a 2PL with a discrimination per puzzle: each puzzle has only
  a dozen answers, most from solvers that agree, so a second parameter per puzzle would be
  fitted to noise.  A slope per solver is well measured (a thousand answers each) and
  needed: random play's success hardly depends on how hard a puzzle is (its slope comes out
  near 0.65), while plain Rasch would count random's exact chance as much as the normal
  level's answer, and every puzzle with the same sum of scores would share one rating
  (141 distinct ratings over the 1,005 shipped puzzles).  Left free, though, the slopes let
  the two near-identical deterministic players (easy and normal) define the scale (easy's
  slope 5.6, the ratings splitting on whether easy's habit matched, the very fault issue 34
  names), so a tight prior (:data:`SLOPE_SPREAD`) holds every slope near the anchor's 1.
  The learner's Glicko-2 update (:mod:`hearts_learner.rating`) assumes one common slope;
  the anchor solver's is 1, so the scale is the one it uses.
* **Marginal maximum likelihood** (:func:`fit_ladder`): the solvers' abilities and slopes
  are fitted with the puzzles' difficulties integrated out (EM over a grid, difficulties
  drawn from a normal law whose spread is fitted too), so a puzzle's dozen answers never
  overfit its own difficulty (a joint fit inflated every slope to twice the anchor's on
  simulated answers); a puzzle's difficulty is then its posterior mean.  A weak normal
  prior on abilities keeps a solver that solves everything (or nothing) finite.
  Standard library only (the engine also runs under Pyodide).  The fit needs every puzzle
  at once, so it runs when the set is assembled (:func:`hearts_core.mining.set_text`); a
  single puzzle (mined, or from a learner's mistake) is rated provisionally against the
  ladder the shipped set measured (:func:`rating_against`, :data:`SHIPPED_LADDER`).
* **On the learner's scale.**  Glicko-2 works in units of 173.7178 rating points
  (:data:`POINTS_PER_LOGIT`): a learner ``d`` units above a puzzle solves it with chance
  ``1 / (1 + exp(-d))``, the model's curve with slope 1 and ``d = a - b``.  So a difficulty
  in logits maps to ``rating = anchor + 173.7178 * (b - a_normal)``, with the anchor putting
  the normal level where :data:`hearts_core.mining.LEVEL_RATINGS` has always put it (1400):
  a puzzle rated 1400 is one the normal level solves half the time, and the shipped ratings
  stay on the scale learners' ratings already stand on.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from hearts_core.bots import HardBot, make_bot
from hearts_core.cards import Card, Suit
from hearts_core.facts import clear_difference
from hearts_core.puzzle_records import Evaluation
from hearts_core.rules import QUEEN_OF_SPADES
from hearts_core.views import SeatView

__all__ = [
    "ANCHOR_RATING",
    "ANCHOR_SOLVER",
    "HARD_TRIES",
    "HARD_WORLDS",
    "LADDER",
    "ONE_STEP",
    "POINTS_PER_LOGIT",
    "SHIPPED_LADDER",
    "SHIPPED_SPREAD",
    "LadderFit",
    "OrderCheck",
    "Solver",
    "accepted_cards",
    "dump_the_danger",
    "fit_ladder",
    "keep_off_the_queen",
    "ladder_answers",
    "ladder_order",
    "rating_against",
    "under_the_winner",
]

POINTS_PER_LOGIT: Final = 173.7178
"""Rating points per logit on the learner's Glicko-2 scale (Glickman, step 2; hearts_learner.rating reads it here)."""
ANCHOR_SOLVER: Final = "normal"
ANCHOR_RATING: Final = 1400.0
"""The normal level's rating, as :data:`hearts_core.mining.LEVEL_RATINGS` has it: the scale's fixed point."""
DIFFICULTY_SPREAD: Final = 3.0
"""The widest spread (logits) the fitted law of the puzzles' difficulties may take."""
ABILITY_SPREAD: Final = 4.0
"""Standard deviation (logits) of the prior on a solver's ability: barely a pull, only a bound."""
SLOPE_SPREAD: Final = 0.1
"""Standard deviation of the prior on a solver's log-slope: slopes stay within about a fifth of the anchor's 1."""
HARD_TRIES: Final = 6
HARD_WORLDS: Final = (1, 2, 4, 8, 16, 64)
"""The hard player's rungs: sampled deals per decision (its time budget is spent as deals)."""


# ------------------------------------------------------------------ the solvers


@dataclass(frozen=True, slots=True)
class Solver:
    """One rung of the ladder: a name and the cards it plays in a position, each equally likely.

    ``answers`` gets the seat's view and the puzzle's id (to seed its tries reproducibly).
    """

    name: str
    answers: Callable[[SeatView, str], tuple[Card, ...]]


def _winning_card(trick: Sequence[Card]) -> Card | None:
    """The card winning the trick so far (the highest of the suit led), or ``None`` before the lead."""
    if not trick:
        return None
    return max((card for card in trick if card.suit is trick[0].suit), key=lambda card: card.rank)


def under_the_winner(view: SeatView) -> tuple[Card, ...]:
    """"Play under the winning card": following suit, the highest card that still loses the trick.

    Where the seat leads, is void, or has only cards above the winner, the habit says
    nothing and every legal card is alike.
    """
    legal = view.legal_plays()
    winner = _winning_card(view.current_trick)
    if winner is None:
        return legal
    under = [card for card in legal if card.suit is winner.suit and card.rank < winner.rank]
    return (max(under, key=lambda card: card.rank),) if under else legal


def keep_off_the_queen(view: SeatView) -> tuple[Card, ...]:
    """"Never take your own ♠Q": play ♠Q where it loses the trick as it stands, never where it wins it.

    ♠Q loses as the trick stands when another suit was led (a discard) or a higher spade is
    already on it.  Where the seat does not hold ♠Q (or may not play it) every legal card is alike.
    """
    legal = view.legal_plays()
    if QUEEN_OF_SPADES not in legal:
        return legal
    winner = _winning_card(view.current_trick)
    if winner is not None and (winner.suit is not Suit.SPADES or winner.rank > QUEEN_OF_SPADES.rank):
        return (QUEEN_OF_SPADES,)
    safe = tuple(card for card in legal if card is not QUEEN_OF_SPADES)
    return safe or legal


def dump_the_danger(view: SeatView) -> tuple[Card, ...]:
    """"When void, throw the worst card": ♠Q if held, else the highest heart, else the highest cards.

    The habit speaks only when the seat cannot follow the suit led; otherwise every legal card is alike.
    """
    legal = view.legal_plays()
    trick = view.current_trick
    if not trick or any(card.suit is trick[0].suit for card in legal):
        return legal
    if QUEEN_OF_SPADES in legal:
        return (QUEEN_OF_SPADES,)
    hearts = [card for card in legal if card.suit is Suit.HEARTS]
    pool = hearts or list(legal)
    top = max(card.rank for card in pool)
    return tuple(card for card in pool if card.rank == top)


def _random(view: SeatView, ident: str) -> tuple[Card, ...]:
    return view.legal_plays()


def _level(level: str) -> Callable[[SeatView, str], tuple[Card, ...]]:
    def answers(view: SeatView, ident: str) -> tuple[Card, ...]:
        # Easy and normal are deterministic: one try says all.
        return (make_bot(level, seed=0).choose_play(view),)
    return answers


def _hard(worlds: int) -> Callable[[SeatView, str], tuple[Card, ...]]:
    def answers(view: SeatView, ident: str) -> tuple[Card, ...]:
        # The budget is spent as sampled deals; a large time budget lets max_worlds alone decide how many.
        return tuple(
            HardBot(random.Random(f"ladder:{worlds}:{attempt}:{ident}"), time_budget=10.0,
                    min_worlds=worlds, max_worlds=worlds).choose_play(view)
            for attempt in range(HARD_TRIES))
    return answers


def _habit(habit: Callable[[SeatView], tuple[Card, ...]]) -> Callable[[SeatView, str], tuple[Card, ...]]:
    def answers(view: SeatView, ident: str) -> tuple[Card, ...]:
        return habit(view)
    return answers


ONE_STEP: Final = ("under_the_winner", "keep_off_the_queen", "dump_the_danger")
"""The solvers that reason one step: a puzzle one of them solves outright is a one-step puzzle."""
LADDER: Final[tuple[Solver, ...]] = (
    Solver("random", _random),
    Solver("under_the_winner", _habit(under_the_winner)),
    Solver("keep_off_the_queen", _habit(keep_off_the_queen)),
    Solver("dump_the_danger", _habit(dump_the_danger)),
    Solver("easy", _level("easy")),
    Solver("normal", _level("normal")),
    *(Solver(f"hard_{worlds}", _hard(worlds)) for worlds in HARD_WORLDS),
    # The independent judge (hearts_core.independent_judge) joins here as one more Solver.
)
"""The solvers that answer every puzzle, weakest first as designed (the fit measures the real order)."""


def accepted_cards(evaluation: Evaluation, accept: Iterable[str] = ()) -> frozenset[str]:
    """The answers that count as right: the solution, cards the play-outs cannot tell from it, and ``accept``.

    >>> figures = [{"card": "♠3", "gain": 0.0, "error": 0.0}, {"card": "♠5", "gain": 0.2, "error": 0.3},
    ...            {"card": "♠K", "gain": 9.0, "error": 0.5}]
    >>> sorted(accepted_cards({"cards": figures}))  # type: ignore[typeddict-item]
    ['♠3', '♠5']
    """
    cards = evaluation["cards"]
    close = {item["card"] for item in cards[1:] if not clear_difference(abs(item["gain"]), item["error"])}
    return frozenset({cards[0]["card"], *close, *accept})


def ladder_answers(view: SeatView, accepted: frozenset[str], ident: str,
                   ladder: Sequence[Solver] = LADDER) -> dict[str, float]:
    """Each solver's score on the position: the share of its equally likely cards that are accepted."""
    scores: dict[str, float] = {}
    for solver in ladder:
        cards = solver.answers(view, ident)
        scores[solver.name] = round(sum(1 for card in cards if str(card) in accepted) / len(cards), 4)
    return scores


# ------------------------------------------------------------------ the fit


def _chance(ability: float, difficulty: float, slope: float = 1.0) -> float:
    """The chance a solver of ``ability`` and ``slope`` solves a puzzle of ``difficulty`` (all in logits)."""
    gap = slope * (ability - difficulty)
    if gap >= 0:
        return 1 / (1 + math.exp(-gap))
    odds = math.exp(gap)
    return odds / (1 + odds)


def _step(value: float, terms: Iterable[tuple[float, float, float]], spread: float) -> float:
    """One Newton (Fisher scoring) step on one parameter, the others held fixed.

    ``terms`` are (score, chance, how fast the log-odds move with the parameter) per answer;
    the prior is normal at 0 with ``spread``.  A step is at most one logit, so a far start
    cannot overshoot.
    """
    gradient = -value / spread**2
    curvature = 1 / spread**2
    for score, chance, rate in terms:
        gradient += (score - chance) * rate
        curvature += chance * (1 - chance) * rate * rate
    return value + max(-1.0, min(1.0, gradient / curvature))


@dataclass(frozen=True, slots=True)
class LadderFit:
    """The fitted model: every solver's ability and slope and every puzzle's difficulty (logits), and their ratings."""

    abilities: dict[str, float]
    difficulties: list[float]
    slopes: dict[str, float]
    ability_errors: dict[str, float]
    """Standard error of each ability (logits), from the curvature of the fit at its optimum."""
    spread: float
    """The fitted standard deviation (logits) of the puzzles' difficulties."""

    def rating(self, difficulty: float) -> int:
        """A difficulty on the learner's scale, the anchor solver at :data:`ANCHOR_RATING`."""
        return round(ANCHOR_RATING + POINTS_PER_LOGIT * (difficulty - self.abilities[ANCHOR_SOLVER]))

    @property
    def ratings(self) -> list[int]:
        """Every puzzle's rating, in the order the answers were given."""
        return [self.rating(difficulty) for difficulty in self.difficulties]

    @property
    def solver_ratings(self) -> dict[str, int]:
        """Every solver's ability on the learner's scale (the rating of the puzzles it solves half the time)."""
        return {name: self.rating(ability) for name, ability in self.abilities.items()}


_GRID: Final = tuple(step / 3 for step in range(-20, 21))
"""The difficulties (logits) at which a puzzle's likelihood is evaluated: -6 to 6 by thirds."""


def fit_ladder(answers: Sequence[Mapping[str, float]], *, tolerance: float = 1e-4, rounds: int = 200) -> LadderFit:
    """The model most likely to give ``answers`` (one mapping of solver to score per puzzle), and every difficulty.

    The chance that solver *j* solves puzzle *i* is ``1 / (1 + exp(-s_j (a_j - b_i)))``: a
    difficulty per puzzle, an ability and a slope per solver, the anchor solver's slope 1.
    The solvers' parameters are fitted by marginal maximum likelihood (EM over a grid of
    difficulties, the puzzles' difficulties drawn from a normal law whose spread is fitted
    too), so a puzzle's dozen answers never overfit its own difficulty; each puzzle's
    difficulty is then its posterior mean.  A solver missing from a puzzle's answers simply
    did not answer it.

    Raises:
        ValueError: no answers, a score outside 0..1, or the anchor solver answers nothing.
    """
    if not answers:
        raise ValueError("a ladder fit needs at least one puzzle's answers")
    names = sorted({name for item in answers for name in item})
    if ANCHOR_SOLVER not in names:
        raise ValueError(f"the ladder's answers need the {ANCHOR_SOLVER!r} solver, which anchors the scale")
    for item in answers:
        bad = {name: score for name, score in item.items() if not 0 <= score <= 1}
        if bad:
            raise ValueError(f"scores are shares from 0 to 1, not {bad}")
    # Puzzles answered alike have the same posterior: fit over the distinct patterns, each with its count.
    counted: dict[tuple[tuple[str, float], ...], int] = {}
    for item in answers:
        pattern = tuple(sorted(item.items()))
        counted[pattern] = counted.get(pattern, 0) + 1
    patterns = list(counted)
    abilities = {name: 0.0 for name in names}
    log_slopes = {name: 0.0 for name in names}
    spread = 1.0
    posteriors: list[list[float]] = []
    for _round in range(rounds):
        # E: each pattern's posterior over the grid, given the solvers.
        prior = [-(point / spread) ** 2 / 2 for point in _GRID]
        logs = {name: [(math.log(max(chance, 1e-300)), math.log(max(1 - chance, 1e-300)))
                       for chance in (_chance(abilities[name], point, math.exp(log_slopes[name])) for point in _GRID)]
                for name in names}
        posteriors = []
        for pattern in patterns:
            weights = list(prior)
            for name, score in pattern:
                for point, (right, wrong) in enumerate(logs[name]):
                    weights[point] += score * right + (1 - score) * wrong
            top = max(weights)
            weights = [math.exp(weight - top) for weight in weights]
            total = sum(weights)
            posteriors.append([weight * counted[pattern] / total for weight in weights])  # weighted by its count
        # M: each solver's ability and slope from the expected answers at every grid point.
        moved = 0.0
        for name in names:
            tried = [0.0] * len(_GRID)
            solved = [0.0] * len(_GRID)
            for pattern, posterior in zip(patterns, posteriors, strict=True):
                share = dict(pattern).get(name)
                if share is not None:
                    for point, weight in enumerate(posterior):
                        tried[point] += weight
                        solved[point] += weight * share
            for _ in range(5):
                slope = math.exp(log_slopes[name])
                ability = abilities[name]
                chances = [_chance(ability, point, slope) for point in _GRID]
                new = _step(ability, _expected(tried, solved, chances, [slope] * len(_GRID)), ABILITY_SPREAD)
                moved, abilities[name] = max(moved, abs(new - ability)), new
                if name != ANCHOR_SOLVER:  # the anchor's slope fixes the scale's unit
                    chances = [_chance(abilities[name], point, slope) for point in _GRID]
                    rates = [slope * (abilities[name] - point) for point in _GRID]
                    new = _step(log_slopes[name], _expected(tried, solved, chances, rates), SLOPE_SPREAD)
                    moved, log_slopes[name] = max(moved, abs(new - log_slopes[name])), new
        variance = sum(weight * point**2 for posterior in posteriors
                       for point, weight in zip(_GRID, posterior, strict=True)) / len(answers)
        new_spread = min(DIFFICULTY_SPREAD, max(0.25, math.sqrt(variance)))
        moved, spread = max(moved, abs(new_spread - spread)), new_spread
        if moved < tolerance:
            break
    means = {pattern: sum(point * weight for point, weight in zip(_GRID, posterior, strict=True)) / counted[pattern]
             for pattern, posterior in zip(patterns, posteriors, strict=True)}
    difficulties = [means[tuple(sorted(item.items()))] for item in answers]
    slopes = {name: math.exp(value) for name, value in log_slopes.items()}
    errors = {}
    for name in names:
        chances = [_chance(abilities[name], difficulties[index], slopes[name])
                   for index, item in enumerate(answers) if name in item]
        errors[name] = 1 / math.sqrt(1 / ABILITY_SPREAD**2 + slopes[name] ** 2 * sum(p * (1 - p) for p in chances))
    return LadderFit(abilities, difficulties, slopes, errors, spread)


def _expected(tried: Sequence[float], solved: Sequence[float], chances: Sequence[float],
              rates: Sequence[float]) -> Iterable[tuple[float, float, float]]:
    """Grid points as :func:`_step` terms: a point's expected share solved, weighted by how many puzzles sit there.

    ``_step`` adds ``(score - chance) * rate`` and ``chance * (1 - chance) * rate**2``; a point
    holding ``n`` puzzles counts ``n`` times, so its rate is scaled by the square root of ``n``
    and its score gap by the same factor.
    """
    for count, right, chance, rate in zip(tried, solved, chances, rates, strict=True):
        if count > 1e-12:
            root = math.sqrt(count)
            # (right/count - chance) * rate * count == (score' - chance) * (rate * root) with score' below.
            yield chance + (right / count - chance) * root, chance, rate * root


SHIPPED_LADDER: Final[dict[str, tuple[float, float]]] = {
    "random": (-1.115, 0.631), "keep_off_the_queen": (-0.642, 0.615), "dump_the_danger": (-0.426, 0.584),
    "under_the_winner": (0.154, 0.98), "easy": (0.186, 2.011), "normal": (0.997, 1.0), "hard_1": (1.268, 1.03),
    "hard_2": (1.905, 0.989), "hard_4": (2.646, 0.96), "hard_8": (3.442, 0.988), "hard_16": (4.265, 1.0),
    "hard_64": (6.106, 1.024),
}
"""Each solver's (ability, slope) in the fit's own frame, measured on the shipped set, for rating one puzzle alone."""
SHIPPED_SPREAD: Final = 0.793
"""The spread of the shipped puzzles' difficulties (logits), as the same fit measured it."""


def rating_against(answers: Mapping[str, float], ladder: Mapping[str, tuple[float, float]] = SHIPPED_LADDER,
                   spread: float = SHIPPED_SPREAD) -> int:
    """One puzzle's rating with the solvers held fixed (a puzzle rated outside a set fit), as the set fit rates it.

    Its difficulty is the posterior mean over the same grid, under the set's fitted law of
    difficulties (``spread``).  Solvers the ladder does not know are left out.
    """
    weights = [-(point / spread) ** 2 / 2 for point in _GRID]
    for name, score in answers.items():
        if name in ladder:
            ability, slope = ladder[name]
            for point, value in enumerate(_GRID):
                chance = _chance(ability, value, slope)
                weights[point] += (score * math.log(max(chance, 1e-300))
                                   + (1 - score) * math.log(max(1 - chance, 1e-300)))
    top = max(weights)
    weights = [math.exp(weight - top) for weight in weights]
    difficulty = sum(point * weight for point, weight in zip(_GRID, weights, strict=True)) / sum(weights)
    abilities = {name: ability for name, (ability, _) in ladder.items()}
    return LadderFit(abilities, [difficulty], {}, {}, spread).ratings[0]


# ------------------------------------------------------------------ the order check


@dataclass(frozen=True, slots=True)
class OrderCheck:
    """The ladder's order fitted on some puzzles against its order by mean score on the puzzles held out."""

    fitted: dict[str, float]
    """Abilities (logits) fitted on the puzzles kept in."""
    held_out: dict[str, float]
    """Mean score of each solver on the puzzles held out."""
    discordant: list[tuple[str, str]]
    """Pairs the two orders put the other way round (ties in either order are not counted)."""
    separated: list[tuple[str, str]]
    """Pairs the fit tells apart: abilities more than twice their combined standard error apart."""

    @property
    def recovered(self) -> bool:
        """Every pair the fit tells apart comes out in the same order on the held-out puzzles."""
        return not set(self.discordant) & set(self.separated)

    @property
    def concordance(self) -> float:
        """Kendall's tau between the two orders (ties count as neither)."""
        names = sorted(self.fitted)
        pairs = [(first, second) for index, first in enumerate(names) for second in names[index + 1:]]
        agree = sum(1 for first, second in pairs
                    if (self.fitted[first] - self.fitted[second]) * (self.held_out[first] - self.held_out[second]) > 0)
        return (agree - len(self.discordant)) / len(pairs) if pairs else 1.0


def ladder_order(answers: Sequence[Mapping[str, float]], *, held_out_share: float = 0.3, seed: int = 0,
                 held_out: Collection[int] | None = None) -> OrderCheck:
    """Fit on most puzzles, then compare the fitted order of the solvers with their scores on the rest.

    The puzzles held out are a seeded random ``held_out_share`` of them, or the indices
    ``held_out``.  In this model a solver's ability over a fixed set of puzzles rises with its
    total score, so the order of mean scores on the held-out puzzles is the order a fit of
    them would give.
    """
    if held_out is None:
        order = list(range(len(answers)))
        random.Random(seed).shuffle(order)
        held_out = order[:max(1, round(len(order) * held_out_share))]
    held = sorted(set(held_out))
    kept = [index for index in range(len(answers)) if index not in set(held)]
    fit = fit_ladder([answers[index] for index in kept])
    fitted = fit.abilities
    means: dict[str, float] = {}
    for name in fitted:
        scores = [answers[index][name] for index in held if name in answers[index]]
        means[name] = sum(scores) / len(scores) if scores else math.nan
    names = sorted(fitted)
    discordant = [(first, second) for index, first in enumerate(names) for second in names[index + 1:]
                  if (fitted[first] - fitted[second]) * (means[first] - means[second]) < 0]
    separated = [(first, second) for index, first in enumerate(names) for second in names[index + 1:]
                 if abs(fitted[first] - fitted[second])
                 > 2 * math.hypot(fit.ability_errors[first], fit.ability_errors[second])]
    return OrderCheck(fitted, means, discordant, separated)
