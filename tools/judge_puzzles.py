"""Judge every shipped puzzle from outside the search that mined it (issue 34): ``python tools/judge_puzzles.py``.

Two judges, neither sharing a play-out policy with the hard player:

* **exact** (:mod:`hearts_core.independent_judge`), for positions with at most
  ``ENDGAME_REACH_TRICKS`` tricks left: perfect play (max-n, moon rule) in every layout of the
  hidden cards the seat's view allows, or a uniform seeded sample of them.
* **ismcts**, for earlier positions: OpenSpiel's IS-MCTS at ``--sims`` simulations, once per
  seed, its visit shares added up by group of interchangeable cards (:mod:`hearts_referee.ismcts`,
  which the match review asks too, says how and what it does not know).  How many seeds' own
  most-visited card was the solution is reported too.

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
from typing import Final

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hearts_core.independent_judge import endgame_agrees, endgame_in_reach, judge_endgame  # noqa: E402
from hearts_core.puzzle_records import PositionRecord, position_view  # noqa: E402
from hearts_core.rules import CARDS_PER_SEAT  # noqa: E402
from hearts_referee.ismcts import SEEDS, SIMULATIONS, judge_ismcts, load_game  # noqa: E402

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


def judge_puzzle(record: PositionRecord, solution: str, *, seeds: int = SEEDS,
                 sims: int = SIMULATIONS) -> PuzzleJudgement:
    """The outside verdict on one puzzle: the exact judge where in reach, else IS-MCTS over ``seeds`` seeds."""
    started = time.process_time()
    view = position_view(record)
    tricks_left = CARDS_PER_SEAT - len(view.tricks)
    if endgame_in_reach(view):
        verdict = judge_endgame(view, seed=f"record:{record['id']}")
        agrees = endgame_agrees(verdict, solution)
        margin = verdict.margin if agrees else verdict.judgement(solution).gap
        return PuzzleJudgement(record["id"], EXACT, tricks_left, solution, tuple(map(str, verdict.best)), agrees,
                               round(margin, 3), None, None, round(time.process_time() - started, 3))
    searched = judge_ismcts(record, label=f"judge-puzzles {record['id']}", seeds=seeds, sims=sims)
    group = searched.group_of(solution)
    margin = searched.shares[searched.best] - searched.shares[group]
    agreeing = searched.seeds_best.get(group, 0)
    return PuzzleJudgement(record["id"], ISMCTS, tricks_left, solution, searched.best, searched.is_best(solution),
                           round(margin, 3), agreeing, seeds, round(time.process_time() - started, 3))


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
    load_game()  # fails at once, before the first puzzle, if OpenSpiel's options are not the table rules
    results: list[PuzzleJudgement] = []
    began = time.time()
    stream = args.out.open("w", encoding="utf-8") if args.out else None
    try:
        for number, puzzle in enumerate(puzzles, 1):
            result = judge_puzzle(puzzle, puzzle["evaluation"]["cards"][0]["card"], seeds=args.seeds, sims=args.sims)
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
