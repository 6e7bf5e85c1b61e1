"""Mine the shipped puzzle set: ``./dev puzzles`` (see hearts_core/mining.py for the stages).

Games are mined in order, one task per game, by a process pool (both cores by default).
Each finished game is written to ``build/puzzles/<seed>/game-<n>.json`` at once, so an
interrupted run resumes where it stopped.  The set is the smallest prefix of games whose
verified puzzles reach ``--target``: the same seed and target always give the same
games and so the same file, bit for bit, however many workers ran them and in whatever
order they finished.  A progress line goes to standard error.  The puzzles' ratings are
fitted when the set is assembled, over every puzzle's ladder answers at once
(:func:`hearts_core.mining.set_text`): each game's own rating is only provisional.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import cast

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hearts_core.mining import mine_game, set_text  # noqa: E402
from hearts_core.puzzle_records import MinedGame  # noqa: E402

DEFAULT_SEED = 2026
DEFAULT_TARGET = 1000


def _mine(task: tuple[int, int, Path]) -> tuple[int, float]:
    """Mine one game into its file (unless it is there); the game and the CPU seconds spent."""
    game, seed, folder = task
    path = folder / f"game-{game}.json"
    if path.exists():
        return game, 0.0
    started = time.process_time()
    result = mine_game(game, seed)
    result["cpu_seconds"] = round(time.process_time() - started, 2)
    _write(path, json.dumps(result, ensure_ascii=False, sort_keys=True))
    return game, result["cpu_seconds"]


def _write(path: Path, text: str) -> None:
    """Atomically: a killed worker leaves no half-written game behind."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(handle, "w", encoding="utf-8") as stream:
        stream.write(text)
    os.chmod(temporary, 0o644)  # mkstemp's 0600 would ship a data file only its maker may read
    os.replace(temporary, path)


def _read(folder: Path, game: int) -> MinedGame:
    # Written by _mine from mine_game's record (a crashed write leaves no file, see _write).
    return cast(MinedGame, json.loads((folder / f"game-{game}.json").read_text(encoding="utf-8")))


def _batches(start: int, size: int) -> Iterator[range]:
    while True:
        yield range(start, start + size)
        start += size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--target", type=int, default=DEFAULT_TARGET, help="verified puzzles to reach")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "puzzles")
    parser.add_argument("--out", type=Path, default=ROOT / "hearts_core" / "puzzles.json")
    args = parser.parse_args(argv)
    folder = args.work / str(args.seed)
    folder.mkdir(parents=True, exist_ok=True)
    found, games, cpu, began = 0, 0, 0.0, time.time()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for batch in _batches(0, max(2, args.jobs) * 4):
            for game, seconds in pool.map(_mine, [(game, args.seed, folder) for game in batch]):
                cpu += seconds
                games = game + 1
                found += len(_read(folder, game)["puzzles"])
                print(f"\rgames {games:4d}  puzzles {found:5d}/{args.target}  cpu {cpu / 60:6.1f} min  "
                      f"wall {(time.time() - began) / 60:5.1f} min", end="", file=sys.stderr, flush=True)
                if found >= args.target:
                    break
            if found >= args.target:
                break
    print(file=sys.stderr)
    mined = [_read(folder, game) for game in range(games)]
    command = f"./dev puzzles  (tools/mine_puzzles.py --seed {args.seed} --target {args.target})"
    text = set_text(mined, seed=args.seed, command=command)  # the ratings: one fit over the whole set
    _write(args.out, text)
    assembled = json.loads(text)
    ratings = sorted(puzzle["rating"] for puzzle in assembled["puzzles"])
    print(f"ratings {ratings[0]}..{ratings[-1]}, median {ratings[len(ratings) // 2]}, {len(set(ratings))} distinct; "
          f"the ladder: {assembled['ladder']}", file=sys.stderr)
    counts = {name: sum(game["counts"][name] for game in mined)  # type: ignore[literal-required]
              for name in mined[0]["counts"]}
    total_cpu = sum(game.get("cpu_seconds", 0.0) for game in mined)
    print(f"{games} games, {counts}; {total_cpu / 60:.1f} CPU-minutes mining, "
          f"{counts['verified'] / max(total_cpu / 60, 1e-9):.1f} verified puzzles per CPU-minute; wrote {args.out}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
