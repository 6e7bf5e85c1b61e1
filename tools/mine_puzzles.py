"""Mine the shipped puzzle set: ``./dev puzzles`` (see hearts_core/mining.py for the stages).

``./dev puzzles [--target 1200] [--moon-target 45] [--passed-target 55] [--hearts-target 55] [--match-target 45]
[--scheduler ADDRESS] [--jobs N]``

Design choices:

* **Dask runs the games.**  A game is one task (:func:`hearts_core.match_mining.mine_any`,
  a pure function of its number and the seed), so mining is a map over game numbers and
  ``dask.distributed`` spreads it: a local cluster of ``--jobs`` single-threaded worker
  processes by default, or the cluster whose scheduler ``--scheduler`` names (its workers
  need a clone of this project on their Python path, with its test and mining extras
  installed: the judge is OpenSpiel's).  A set of 100,000 puzzles is then a matter of
  machines.  We use Dask rather than a process pool of our own because it already does what a larger
  run needs: remote workers, work stealing, a worker lost and its tasks run again.
* **An outside judge per game.**  After a game is mined, a second task (chained to it by
  Dask) asks OpenSpiel's IS-MCTS about each of its puzzles before the endgame judge's reach
  (:func:`judge_timed`); the exact endgame judge already ran inside ``mine_game``.  A
  refuted puzzle is left out of the set and named in its header (``outside_judge``).
* **Where each card parts, per game.**  A game mined before the stage
  :func:`~hearts_core.mining.part_cards` existed has puzzles without ``partings``; a third
  task (:func:`part_timed`) finds them and the driver keeps them in ``parting-<n>.json``,
  merged into the records by :func:`~hearts_core.mining.set_text`, so a shipped set gains
  the stage without being mined again.  A game mined now carries them in its own record.
* **Resumable.**  The driver writes each finished game to
  ``build/puzzles/<seed>/game-<n>.json`` and its verdicts to ``judge-<n>.json`` at once
  (atomically), and ``parting-<n>.json`` when it needs one; a game whose file is there is
  read, not mined, judged or parted again (IS-MCTS does not replay the same across
  processes, so its verdicts are data, never recomputed).
  Workers only compute; nothing depends on their disks.
* **Bit for bit.**  Results are taken in game order whatever order they finish in, and
  the set is the smallest prefix of the plain games whose chosen puzzles
  (:class:`~hearts_core.mining.SetChoice`, which caps the two-card puzzles) reach
  ``--target``, then the smallest prefix of the moon hunt's games that brings the moon
  puzzles to ``--moon-target``, then the same of the passed-card hunt's to
  ``--passed-target``, of the hearts-count hunt's to ``--hearts-target`` and of the match hunt's
  (:func:`hearts_core.match_mining.mine_match_game`, the totals drawn around each hand) to ``--match-target``
  (:mod:`hearts_core.hunts`).  The same seed, targets and recorded verdicts give the
  same file however many workers ran it.
* **A progress bar** on standard error: the puzzles chosen against the target, the games
  read, the CPU spent in the games and the wall time.  Each game's CPU seconds are kept
  in its file, so the final figures count a resumed run's earlier work too.
* The puzzles' ratings are fitted when the set is assembled, over every puzzle's ladder
  answers at once (:func:`hearts_core.mining.set_text`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import asdict
from functools import partial
from importlib import import_module
from itertools import count
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hearts_core.hunts import HUNTS  # noqa: E402
from hearts_core.independent_judge import endgame_in_reach  # noqa: E402
from hearts_core.match_mining import mine_any  # noqa: E402
from hearts_core.mining import SetChoice, part_cards, set_text  # noqa: E402
from hearts_core.puzzle_records import CardParting, MinedGame, OutsideJudge, position_view  # noqa: E402

SIMULATIONS = 10_000
"""IS-MCTS's simulations per search, as ``tools/judge_puzzles.py`` judges (three seeds)."""

DEFAULT_SEED = 2026
DEFAULT_TARGET = 1200
DEFAULT_MOON_TARGET = 45
DEFAULT_PASSED_TARGET = 55
DEFAULT_HEARTS_TARGET = 55
DEFAULT_MATCH_TARGET = 45
AHEAD_PER_WORKER = 4
"""Games kept in flight per worker: enough that no worker waits, few enough to waste little past the target."""
BAR_WIDTH = 30


def mine_timed(game: int, seed: int) -> tuple[MinedGame, float]:
    """One game's record and the CPU seconds it took (on the worker that ran it)."""
    started = time.process_time()
    mined = mine_any(game, seed)
    return mined, round(time.process_time() - started, 2)


def judge_timed(mined: MinedGame, sims: int) -> tuple[dict[str, dict[str, Any]], float]:
    """OpenSpiel's IS-MCTS on each of a game's puzzles before the endgame judge's reach: verdicts by puzzle id.

    The puzzles in reach were judged exactly inside :func:`~hearts_core.mining.mine_game`.
    IS-MCTS does not replay the same across processes (see ``tools/judge_puzzles.py``), so
    its verdicts are kept in files of their own, never recomputed on a resumed run.
    """
    judge_puzzles = import_module("tools.judge_puzzles")  # OpenSpiel, loaded on the worker that judges

    started = time.process_time()
    verdicts: dict[str, dict[str, Any]] = {}
    for puzzle in mined["puzzles"]:
        if endgame_in_reach(position_view(puzzle)):
            continue
        judged = judge_puzzles.judge_puzzle(puzzle, puzzle["evaluation"]["cards"][0]["card"], sims=sims)
        verdicts[puzzle["id"]] = asdict(judged)
    return verdicts, round(time.process_time() - started, 2)


Partings = dict[str, dict[str, CardParting]]
"""Each puzzle's :func:`~hearts_core.mining.part_cards`, by puzzle id."""


def part_timed(mined: MinedGame) -> tuple[Partings, float]:
    """:func:`~hearts_core.mining.part_cards` for a game's puzzles that lack it: by puzzle id, and the CPU seconds."""
    started = time.process_time()
    found = {puzzle["id"]: part_cards(puzzle, puzzle["evaluation"]) for puzzle in mined["puzzles"]
             if "partings" not in puzzle}
    return found, round(time.process_time() - started, 2)


def needs_parting(mined: MinedGame) -> bool:
    """Whether a game's record was mined before :func:`~hearts_core.mining.part_cards` existed."""
    return any("partings" not in puzzle for puzzle in mined["puzzles"])


def judge_mined(timed: tuple[MinedGame, float], sims: int) -> tuple[dict[str, dict[str, Any]], float]:
    """:func:`judge_timed` on :func:`mine_timed`'s result (so Dask runs the two as one chain)."""
    return judge_timed(timed[0], sims)


def write_atomically(path: Path, text: str) -> None:
    """A killed driver leaves no half-written file behind."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(handle, "w", encoding="utf-8") as stream:
        stream.write(text)
    os.chmod(temporary, 0o644)  # mkstemp's 0600 would ship a data file only its maker may read
    os.replace(temporary, path)


class Progress:
    """The progress bar: one line on standard error, redrawn in place."""

    def __init__(self, target: int, label: str) -> None:
        self.target, self.label, self.began = target, label, time.time()

    def show(self, reached: int, games: int, cpu: float) -> None:
        done = min(1.0, reached / max(self.target, 1))
        bar = "#" * round(done * BAR_WIDTH)
        print(f"\r{self.label} [{bar:<{BAR_WIDTH}}] {reached:5d}/{self.target}  games {games:4d}  "
              f"cpu {cpu / 60:6.1f} min  wall {(time.time() - self.began) / 60:5.1f} min",
              end="", file=sys.stderr, flush=True)

    def close(self) -> None:
        print(file=sys.stderr, flush=True)


def mine_until(client: Any, games: Iterator[int], seed: int, folder: Path, choice: SetChoice,
               reached: Callable[[SetChoice], int], target: int, label: str,
               sims: int = SIMULATIONS) -> list[Judged]:
    """Mine and judge ``games`` in order, offering what the judge lets through to ``choice``, to ``target``.

    ``reached(choice)`` measures the progress.  Games already in ``folder`` are read (their
    verdicts too); the rest go to the cluster, at most :data:`AHEAD_PER_WORKER` per worker
    ahead of the next one needed.  Returns the games taken with their verdicts, in order.
    Tasks still running when the target is reached are cancelled.
    """
    folder.mkdir(parents=True, exist_ok=True)
    workers = max(1, len(client.scheduler_info()["workers"]))
    progress, cpu = Progress(target, label), 0.0
    taken: list[Judged] = []
    pending: dict[int, tuple[Any, Any, Any]] = {}  # game: its mining, judging and parting futures (None: not needed)
    upcoming = iter(games)
    progress.show(reached(choice), 0, 0.0)
    try:
        while reached(choice) < target:
            while len(pending) < AHEAD_PER_WORKER * workers:
                game = next(upcoming)
                pending[game] = _submit(client, game, seed, folder, sims)
            game = min(pending)
            mining, judging, parting = pending.pop(game)
            paths = folder / f"game-{game}.json", folder / f"judge-{game}.json", folder / f"parting-{game}.json"
            if mining is not None:
                mined, seconds = mining.result()
                write_atomically(paths[0], _dump({**mined, "cpu_seconds": seconds}))
            if judging is not None:
                verdicts, seconds = judging.result()
                write_atomically(paths[1], _dump({"game": game, "verdicts": verdicts, "cpu_seconds": seconds}))
            if parting is not None:
                found, seconds = parting.result()
                write_atomically(paths[2], _dump({"game": game, "partings": found, "cpu_seconds": seconds}))
            record, verdicts = read_game(paths[0]), _read(paths[1])["verdicts"]
            cpu += float(record.get("cpu_seconds", 0.0)) + float(_read(paths[1]).get("cpu_seconds", 0.0))
            if paths[2].exists():
                cpu += float(_read(paths[2]).get("cpu_seconds", 0.0))
            choice.offer(outside_judged(record, verdicts))
            taken.append((record, verdicts))
            progress.show(reached(choice), len(taken), cpu)
    finally:
        progress.close()
        for futures in pending.values():
            for future in futures:
                if future is not None:
                    future.cancel()
    return taken


Judged = tuple[MinedGame, dict[str, dict[str, Any]]]
"""A mined game and IS-MCTS's verdicts on its puzzles (by id; none for those in the endgame judge's reach)."""


def outside_judged(record: MinedGame, verdicts: dict[str, dict[str, Any]]) -> MinedGame:
    """The game with only the puzzles the outside judge does not refute."""
    kept = [puzzle for puzzle in record["puzzles"] if verdicts.get(puzzle["id"], {"agrees": True})["agrees"]]
    return {**record, "puzzles": kept}


def _submit(client: Any, game: int, seed: int, folder: Path, sims: int) -> tuple[Any, Any, Any]:
    """The futures that will mine, judge and part ``game`` (``None`` for a step whose file is there, or not needed).

    Only a game mined before :func:`~hearts_core.mining.part_cards` existed needs the parting step.
    """
    mined_path, judge_path = folder / f"game-{game}.json", folder / f"judge-{game}.json"
    # Each submission a key of its own (Dask's, with pure=False): a task cancelled when an earlier run reached its
    # target must not take a later run's task of the same game down with it.
    if not mined_path.exists():
        mining = client.submit(mine_timed, game, seed, pure=False)
        judging = None if judge_path.exists() else client.submit(judge_mined, mining, sims, pure=False)
        return mining, judging, None
    record = read_game(mined_path)
    judging = None if judge_path.exists() else client.submit(judge_timed, record, sims, pure=False)
    parting = None
    if needs_parting(record) and not (folder / f"parting-{game}.json").exists():
        parting = client.submit(part_timed, record, pure=False)
    return None, judging, parting


def _dump(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True)


def _read(path: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def read_game(path: Path) -> MinedGame:
    # Written by mine_until from mine_game's record (a crashed write leaves no file, see write_atomically).
    return cast(MinedGame, json.loads(path.read_text(encoding="utf-8")))


def cluster(scheduler: str | None, jobs: int) -> AbstractContextManager[Any]:
    """A client of the cluster at ``scheduler``, or of a local one with ``jobs`` single-threaded workers."""
    # Imported when the tool runs (the mining extra), untyped: Dask's objects are Any here.
    cloudpickle, distributed = import_module("cloudpickle"), import_module("distributed")
    # Workers import hearts_core and OpenSpiel from their own install; the tools they receive by value.
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    cloudpickle.register_pickle_by_value(import_module("tools.judge_puzzles"))
    if scheduler:
        return cast(AbstractContextManager[Any], distributed.Client(scheduler))
    local = distributed.LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=":0",
                                     silence_logs=40)
    return cast(AbstractContextManager[Any], distributed.Client(local))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--target", type=int, default=DEFAULT_TARGET, help="puzzles the set must reach")
    parser.add_argument("--moon-target", type=int, default=DEFAULT_MOON_TARGET,
                        help="moon puzzles (lesson 17's) the set must reach; the moon hunt's games make up the rest")
    parser.add_argument("--passed-target", type=int, default=DEFAULT_PASSED_TARGET,
                        help="passed-card puzzles (lesson 19's) the set must reach, from the passed-card hunt's games")
    parser.add_argument("--hearts-target", type=int, default=DEFAULT_HEARTS_TARGET,
                        help="hearts-count puzzles (lesson 20's) the set must reach, from the hearts hunt's games")
    parser.add_argument("--match-target", type=int, default=DEFAULT_MATCH_TARGET,
                        help="match-score puzzles (lesson 21's) the set must reach, from the match hunt's games")
    parser.add_argument("--scheduler", default=None, metavar="ADDRESS",
                        help="a dask.distributed scheduler (tcp://host:8786); a local cluster when not given")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="the local cluster's workers")
    parser.add_argument("--sims", type=int, default=SIMULATIONS, help="IS-MCTS simulations per seed (the judge)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "puzzles")
    parser.add_argument("--out", type=Path, default=ROOT / "hearts_core" / "puzzles.json")
    args = parser.parse_args(argv)
    folder = args.work / str(args.seed)
    folder.mkdir(parents=True, exist_ok=True)
    choice = SetChoice()
    with cluster(args.scheduler, args.jobs) as client:
        plain = mine_until(client, count(0), args.seed, folder, choice, lambda chosen: len(chosen.puzzles),
                           args.target, "puzzles", args.sims)
        judged = plain
        for hunt, target in zip(HUNTS, (args.moon_target, args.passed_target, args.hearts_target,
                                                     args.match_target), strict=True):
            judged += mine_until(client, count(hunt.first_game), args.seed, folder, choice,
                                 partial(SetChoice.hunted, hunt=hunt), target, f"{hunt.key:<7}", args.sims)
    command = (f"./dev puzzles  (tools/mine_puzzles.py --seed {args.seed} --target {args.target} "
               f"--moon-target {args.moon_target} --passed-target {args.passed_target} "
               f"--hearts-target {args.hearts_target} --match-target {args.match_target} --sims {args.sims})")
    text = set_text([outside_judged(record, verdicts) for record, verdicts in judged], seed=args.seed,
                    command=command, outside=outside_summary(judged, args.sims), partings=read_partings(folder, judged))
    write_atomically(args.out, text)  # the ratings: one fit over the whole set, in set_text
    report(json.loads(text), judged, args.out)
    return 0


def read_partings(folder: Path, judged: list[Judged]) -> Partings:
    """The partings the driver found for games mined before the stage existed (their ``parting-<n>.json``)."""
    found: Partings = {}
    for record, _ in judged:
        path = folder / f"parting-{record['game']}.json"
        if path.exists():
            found.update(_read(path)["partings"])
    return found


def outside_summary(judged: list[Judged], sims: int) -> OutsideJudge:
    """What the shipped file says of the outside judge: its method, how many it judged and which it refuted."""
    verdicts = [verdict for _, found in judged for verdict in found.values()]
    return {"method": f"OpenSpiel IS-MCTS, {sims} simulations x 3 seeds, before the endgame judge's reach",
            "judged": len(verdicts), "agreed": sum(1 for verdict in verdicts if verdict["agrees"]),
            "refuted": sorted(verdict["id"] for verdict in verdicts if not verdict["agrees"])}


def report(assembled: dict[str, Any], judged: list[Judged], out: Path) -> None:
    """The figures the README quotes: what each filter kept, the ratings, the CPU per puzzle."""
    ratings = sorted(puzzle["rating"] for puzzle in assembled["puzzles"])
    print(f"ratings {ratings[0]}..{ratings[-1]}, median {ratings[len(ratings) // 2]}, {len(set(ratings))} distinct; "
          f"the ladder: {assembled['ladder']}", file=sys.stderr)
    mining = sum(float(record.get("cpu_seconds", 0.0)) for record, _ in judged)
    judging = sum(float(verdict["cpu_seconds"]) for _, found in judged for verdict in found.values())
    shipped = assembled["counts"]["shipped"]
    outside = assembled["outside_judge"]
    hunts = ", ".join(f"{assembled[f'{hunt.key}_hunt_games']} of the {hunt.key} hunt" for hunt in HUNTS)
    print(f"{assembled['games']} games, {hunts}; {assembled['counts']}; "
          f"IS-MCTS agreed on {outside['agreed']} of {outside['judged']}; "
          f"{mining / 60:.1f} CPU-minutes mining and {judging / 60:.1f} judging, "
          f"{(mining + judging) / max(shipped, 1):.2f} CPU-seconds per shipped puzzle; wrote {out}", file=sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main())
