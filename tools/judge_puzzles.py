"""Judge every shipped puzzle from outside the search that mined it (issue 34): ``python tools/judge_puzzles.py``.

Two judges, neither sharing a play-out policy with the hard player:

* **exact** (:mod:`hearts_core.independent_judge`), for positions with at most
  ``ENDGAME_REACH_TRICKS`` tricks left: perfect play (max-n, moon rule) in every layout of the
  hidden cards the seat's view allows, or a uniform seeded sample of them.
* **ismcts**, for earlier positions: OpenSpiel's ``ISMCTSBot`` (random-rollout evaluator, UCT
  2.0, a fresh world every simulation) searching from the seat's information state in
  OpenSpiel's own ``hearts`` (table rules, checked as ``benchmarks/vs_openspiel.py`` does), at
  ``--sims`` simulations, once per seed.  Each seed's visit shares are added up, and the judge's
  card is the most visited group of interchangeable cards (same suit and points, nothing unseen
  or on the table between them: one answer, as the puzzles count them).  How many seeds'
  own most-visited card was the solution is reported too.  OpenSpiel's resampler ignores the
  voids shown in play (a known limitation, see the benchmark's notes), so this judge knows a
  little less than the seat.

A puzzle agrees when its solution is among the judge's best cards.  The run prints the agreement
rate by judge kind, every disagreement (puzzle, solution, judge's card, margin) and the CPU time
per puzzle; ``--out`` keeps one JSON line per puzzle.  With ``--sample N`` it judges N puzzles
drawn with ``--seed`` (say so when quoting its figures).  A progress line goes to standard
error.  The mining pipeline's own check is :func:`hearts_core.independent_judge.judge_record`
(standard library only, exact judge, ``None`` out of reach); this program adds OpenSpiel.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Final

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pyspiel  # type: ignore[import-not-found]  # noqa: E402  # OpenSpiel ships no type hints

from hearts_core.cards import parse_card  # noqa: E402
from hearts_core.independent_judge import (  # noqa: E402
    endgame_agrees,
    endgame_in_reach,
    judge_endgame,
    judged_card_groups,
)
from hearts_core.openspiel import (  # noqa: E402
    ACTION_TO_CARD,
    CARD_TO_ACTION,
    TABLE_RULES_OPTIONS,
    TABLE_RULES_PARAMETERS,
)
from hearts_core.puzzle_records import PositionRecord, replay  # noqa: E402
from hearts_core.rules import CARDS_PER_SEAT, NUM_SEATS  # noqa: E402
from hearts_core.views import PassDirection  # noqa: E402

SIMULATIONS: Final = 10_000
SEEDS: Final = 3
UCT_C: Final = 2.0
EXACT: Final = "exact"
ISMCTS: Final = "ismcts"


@dataclass(frozen=True, slots=True)
class PuzzleJudgement:
    """One puzzle judged: which judge, its best card(s), whether the solution is among them, and the cost.

    ``margin``: for the exact judge, the points the solution loses against the judge's best
    (0 when they agree) or, when they agree, what the best saves against the next card; for
    IS-MCTS, the visit share of the judge's group minus the solution's.  ``seeds_agreeing``:
    IS-MCTS seeds whose own most-visited card was in the solution's group (``None`` for exact).
    """

    id: str
    kind: str
    tricks_left: int
    solution: str
    judged: tuple[str, ...]
    agrees: bool
    margin: float
    seeds_agreeing: int | None
    seeds: int | None
    cpu_seconds: float


def load_game() -> Any:
    """OpenSpiel's hearts with the table rules, checked against the options it must report."""
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


def _ismcts_shares(game: Any, record: PositionRecord, seed: int, sims: int) -> dict[str, float]:
    """One IS-MCTS search from the seat's information state: each card's share of the visits."""
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.ISMCTSBot(seed, evaluator, UCT_C, sims, -1, pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT,
                            False, False)
    policy, _ = bot.step_with_policy(openspiel_state(game, record))
    return {str(ACTION_TO_CARD[action]): float(share) for action, share in policy}


def judge_puzzle(game: Any, record: PositionRecord, solution: str, *, seeds: int = SEEDS,
                 sims: int = SIMULATIONS) -> PuzzleJudgement:
    """The outside verdict on one puzzle: the exact judge where in reach, else IS-MCTS over ``seeds`` seeds."""
    started = time.process_time()
    view = replay(record).view(record["seat"])
    tricks_left = CARDS_PER_SEAT - len(view.tricks)
    if endgame_in_reach(view):
        verdict = judge_endgame(view, seed=f"record:{record['id']}")
        agrees = endgame_agrees(verdict, solution)
        margin = verdict.margin if agrees else verdict.judgement(solution).gap
        return PuzzleJudgement(record["id"], EXACT, tricks_left, solution, tuple(map(str, verdict.best)), agrees,
                               round(margin, 3), None, None, round(time.process_time() - started, 3))
    groups = [tuple(map(str, group)) for group in judged_card_groups(view)]
    group_of = {card: group for group in groups for card in group}
    totals: defaultdict[tuple[str, ...], float] = defaultdict(float)
    agreeing = 0
    for number in range(seeds):
        seed = random.Random(f"judge-puzzles {record['id']} {number}").getrandbits(31)
        shares = _ismcts_shares(game, record, seed, sims)
        for card, share in shares.items():
            totals[group_of[card]] += share / seeds
        agreeing += solution in group_of[max(shares, key=lambda card: (shares[card], card))]
    best = max(groups, key=lambda group: (totals[group], group))
    agrees = solution in best
    margin = totals[best] - totals[group_of[solution]]
    return PuzzleJudgement(record["id"], ISMCTS, tricks_left, solution, best, agrees, round(margin, 3), agreeing,
                           seeds, round(time.process_time() - started, 3))


def summary(results: Sequence[PuzzleJudgement]) -> str:
    """Agreement by judge kind, the disagreements, and CPU time per puzzle, as text."""
    by_kind: dict[str, list[PuzzleJudgement]] = defaultdict(list)
    for result in results:
        by_kind[result.kind].append(result)
    lines = [f"{len(results)} puzzles judged"]
    for kind in (EXACT, ISMCTS):
        items = by_kind.get(kind, [])
        if not items:
            continue
        agreed = sum(item.agrees for item in items)
        cpu = [item.cpu_seconds for item in items]
        lines.append(f"{kind:<7} {agreed}/{len(items)} agree ({agreed / len(items):.1%}); CPU per puzzle: "
                     f"mean {sum(cpu) / len(cpu):.2f} s, max {max(cpu):.2f} s")
        if kind == ISMCTS:
            unanimous = sum(item.seeds_agreeing == item.seeds for item in items)
            lines.append(f"        every seed's own most-visited card was the solution's group in {unanimous}")
    agreed = sum(item.agrees for item in results)
    lines.append(f"all     {agreed}/{len(results)} agree ({agreed / max(len(results), 1):.1%})")
    lines.append("")
    lines.append("disagreements: id, tricks left, judge, solution, judge's card(s), margin, seeds agreeing")
    for item in results:
        if not item.agrees:
            seeds = "" if item.seeds is None else f"  {item.seeds_agreeing}/{item.seeds} seeds"
            lines.append(f"  {item.id:<12} {item.tricks_left:>2}  {item.kind:<6} {item.solution:<4} "
                         f"{' '.join(item.judged):<12} {item.margin:6.2f}{seeds}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=Path, default=ROOT / "hearts_core" / "puzzles.json")
    parser.add_argument("--sims", type=int, default=SIMULATIONS)
    parser.add_argument("--seeds", type=int, default=SEEDS)
    parser.add_argument("--sample", type=int, default=None, help="judge this many puzzles drawn with --seed")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=None, help="one JSON line per puzzle")
    args = parser.parse_args(argv)
    puzzles = json.loads(args.puzzles.read_text(encoding="utf-8"))["puzzles"]
    if args.sample is not None and args.sample < len(puzzles):
        puzzles = sorted(random.Random(args.seed).sample(puzzles, args.sample), key=lambda puzzle: puzzle["id"])
    game = load_game()
    results: list[PuzzleJudgement] = []
    began = time.time()
    stream = args.out.open("w", encoding="utf-8") if args.out else None
    try:
        for number, puzzle in enumerate(puzzles, 1):
            result = judge_puzzle(game, puzzle, puzzle["evaluation"]["cards"][0]["card"], seeds=args.seeds,
                                  sims=args.sims)
            results.append(result)
            if stream is not None:
                stream.write(json.dumps(asdict(result), ensure_ascii=False) + "\n")
                stream.flush()
            agreed = sum(item.agrees for item in results)
            print(f"\r{number}/{len(puzzles)} judged, {agreed} agree, "
                  f"cpu {sum(item.cpu_seconds for item in results) / 60:5.1f} min, "
                  f"wall {(time.time() - began) / 60:5.1f} min", end="", file=sys.stderr, flush=True)
    finally:
        if stream is not None:
            stream.close()
    print(file=sys.stderr)
    print(summary(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
