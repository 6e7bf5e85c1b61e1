"""Arena smoke test: a few hands, seats rotated, results independent of the process count."""

from __future__ import annotations

import subprocess
import sys

import pytest

from hearts_core.arena import play_hand, run_arena


def test_seats_rotate_every_hand() -> None:
    seats = ("hard", "normal", "easy", "random")
    levels = [play_hand(seats, seed=1, number=number, time_budget=0.02).levels for number in range(4)]
    assert [level.index("hard") for level in levels] == [0, 1, 2, 3]


def test_small_arena_aggregates_every_level() -> None:
    result = run_arena(8, ["normal", "easy", "random", "random"], seed=3)
    assert set(result.stats) == {"normal", "easy", "random"}
    for stats in result.stats.values():
        assert len(stats.per_hand) == 8 and stats.times
    # Each hand hands out 26 points, or 78 after a moon shot.
    table = result.table()
    assert "points/hand" in table and "normal" in table


def test_results_do_not_depend_on_the_number_of_processes() -> None:
    one = run_arena(6, ["normal", "normal", "easy", "random"], seed=9)
    two = run_arena(6, ["normal", "normal", "easy", "random"], seed=9, jobs=2)
    assert {k: v.per_hand for k, v in one.stats.items()} == {k: v.per_hand for k, v in two.stats.items()}


def test_bad_seats_are_refused() -> None:
    with pytest.raises(ValueError, match="seats"):
        run_arena(2, ["normal", "expert", "easy", "random"])


def test_command_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "hearts_core.arena", "--hands", "3", "--seats", "hard,normal,easy,random",
         "--time-budget", "0.02"],
        capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "95% CI" in result.stdout and "hard" in result.stdout
    bad = subprocess.run([sys.executable, "-m", "hearts_core.arena", "--seats", "a,b"],
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
