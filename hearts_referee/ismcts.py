"""OpenSpiel's IS-MCTS as a judge of one position: the best group of cards over several seeds.

Design choices:

* **The setting the puzzles were judged with.**  ``ISMCTSBot`` with a random-rollout evaluator,
  UCT constant 2.0, a fresh world every simulation, :data:`SIMULATIONS` simulations, once per
  seed for :data:`SEEDS` seeds, in OpenSpiel's own ``hearts`` loaded with the table rules and
  checked against every option it must report (:mod:`hearts_core.openspiel`).  The search
  starts from the seat's information state (the real deal is handed over only because OpenSpiel
  builds states from chance outcomes; IS-MCTS resamples the hidden cards every simulation).
* **One answer per group of interchangeable cards** (same suit and points, nothing unseen or on
  the table between them: :func:`hearts_core.independent_judge.judged_card_groups`): visits to
  ♦8 and ♦9 in such a pair are one answer's visits, as the puzzles count answers.
* **Best means most visited**, summed over the seeds: IS-MCTS spends its simulations on the
  card it rates best.  A card is confirmed as better than another only when it is in the best
  group and the other is not, the test every shipped puzzle before the endgame passed.
* OpenSpiel's resampler ignores the voids shown in play (a known limitation, see
  ``benchmarks/vs_openspiel.py``), so this judge knows a little less than the seat; and its
  searches do not replay bit for bit across processes, so a verdict near a tie can differ
  between runs.  Both are costs of asking an engine that shares nothing with ours.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, Final

import pyspiel  # type: ignore[import-not-found]  # OpenSpiel ships no type hints

from hearts_core.cards import Card, parse_card, to_card
from hearts_core.independent_judge import judged_card_groups
from hearts_core.openspiel import ACTION_TO_CARD, CARD_TO_ACTION, TABLE_RULES_OPTIONS, TABLE_RULES_PARAMETERS
from hearts_core.puzzle_records import PositionRecord, position_view
from hearts_core.rules import CARDS_PER_SEAT, NUM_SEATS
from hearts_core.views import PassDirection

__all__ = ["SEEDS", "SIMULATIONS", "UCT_C", "IsmctsVerdict", "confirms_costly", "ismcts_shares", "judge_ismcts",
           "load_game", "openspiel_state"]

SIMULATIONS: Final = 10_000
"""Simulations per search: the shipped puzzles' setting (about 0.27 CPU-s a search on the 2-core machine)."""
SEEDS: Final = 3
"""Searches per position, each with its own seed; their visit shares are added up."""
UCT_C: Final = 2.0
"""IS-MCTS's exploration constant (OpenSpiel's example setting for Hearts)."""


@cache
def load_game() -> Any:
    """OpenSpiel's hearts with the table rules, checked against the options it must report (loaded once)."""
    game = pyspiel.load_game("hearts", TABLE_RULES_OPTIONS)
    if game.get_parameters() != TABLE_RULES_PARAMETERS:
        raise RuntimeError(f"OpenSpiel hearts options are not the table rules: {game.get_parameters()}")
    return game


def openspiel_state(game: Any, record: PositionRecord) -> Any:
    """The record's position as an OpenSpiel state: direction, the deal, the passes (players 0..3) and the plays."""
    state = game.new_initial_state()
    state.apply_action(PassDirection(record["direction"]).offset)
    deal = [[parse_card(text) for text in hand] for hand in record["deal"]]
    for index in range(CARDS_PER_SEAT):
        for seat in range(NUM_SEATS):  # OpenSpiel deals the k-th card to player k % 4
            state.apply_action(CARD_TO_ACTION[deal[seat][index]])
    for cards in record["passes"] or ():
        for text in cards:
            state.apply_action(CARD_TO_ACTION[parse_card(text)])
    for text in record["plays"]:
        state.apply_action(CARD_TO_ACTION[parse_card(text)])
    if state.current_player() != record["seat"]:
        raise RuntimeError(f"{record['id']}: OpenSpiel has player {state.current_player()} to move, "
                           f"not seat {record['seat']}")
    return state


def ismcts_shares(game: Any, record: PositionRecord, seed: int, sims: int) -> dict[str, float]:
    """One IS-MCTS search from the seat's information state: each card's share of the visits."""
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.ISMCTSBot(seed, evaluator, UCT_C, sims, -1, pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT,
                            False, False)
    policy, _ = bot.step_with_policy(openspiel_state(game, record))
    return {str(ACTION_TO_CARD[action]): float(share) for action, share in policy}


@dataclass(frozen=True, slots=True)
class IsmctsVerdict:
    """IS-MCTS on one position: each group of interchangeable legal cards and its share of the visits.

    ``shares`` maps each group (cards as text, the seat's order) to its visit share averaged
    over the seeds; ``best`` is the most visited group; ``seeds_best`` counts, per group, the
    seeds whose own most visited card was in it.
    """

    shares: dict[tuple[str, ...], float]
    best: tuple[str, ...]
    seeds_best: dict[tuple[str, ...], int]
    seeds: int

    def group_of(self, card: Card | str) -> tuple[str, ...]:
        """The group ``card`` belongs to (``KeyError`` for a card that is not legal here)."""
        text = str(to_card(card))
        return next(group for group in self.shares if text in group)

    def is_best(self, card: Card | str) -> bool:
        """True when ``card`` is in the most visited group."""
        return str(to_card(card)) in self.best


def judge_ismcts(record: PositionRecord, *, label: str, seeds: int = SEEDS, sims: int = SIMULATIONS) -> IsmctsVerdict:
    """IS-MCTS's verdict on the record's position over ``seeds`` searches, seeded from ``label``."""
    game = load_game()
    view = position_view(record)
    groups = [tuple(map(str, group)) for group in judged_card_groups(view)]
    group_of = {card: group for group in groups for card in group}
    totals: defaultdict[tuple[str, ...], float] = defaultdict(float)
    seeds_best: defaultdict[tuple[str, ...], int] = defaultdict(int)
    for number in range(seeds):
        seed = random.Random(f"{label} {number}").getrandbits(31)
        shares = ismcts_shares(game, record, seed, sims)
        for card, share in shares.items():
            totals[group_of[card]] += share / seeds
        seeds_best[group_of[max(shares, key=lambda card: (shares[card], card))]] += 1
    best = max(groups, key=lambda group: (totals[group], group))
    return IsmctsVerdict({group: totals[group] for group in groups}, best, dict(seeds_best), seeds)


def confirms_costly(record: PositionRecord, better: Card, played: Card) -> bool:
    """The review's second opinion before the endgame: IS-MCTS plays ``better``'s group, and ``played`` is not in it.

    The same judge and the same test as every shipped puzzle before the endgame judge's reach
    (:func:`hearts_core.review.review_hand` takes it as ``outside``).  Kept per position for the
    kernel's life: a resumed match reviews its finished hands again, and asks the same questions.
    """
    return _confirms(json.dumps(record, sort_keys=True), str(better), str(played))


@lru_cache(maxsize=1024)
def _confirms(record_text: str, better: str, played: str) -> bool:
    record: PositionRecord = json.loads(record_text)
    label = "review " + " ".join(record["plays"]) + f" {record['seat']} " + " ".join(record["deal"][record["seat"]])
    verdict = judge_ismcts(record, label=label)
    return verdict.is_best(better) and not verdict.is_best(played)
