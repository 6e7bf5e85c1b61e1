"""Arena: seats rotated, results independent of the process count, arguments checked, memory flat."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from hearts_core.arena import MAX_HANDS, MAX_JOBS, TIME_SAMPLE, LevelStats, _entry, play_hand, run_arena


def test_seats_rotate_every_hand() -> None:
    seats = ("hard", "normal", "easy", "random")
    levels = [play_hand(seats, seed=1, number=number, time_budget=0.02).levels for number in range(4)]
    assert [level.index("hard") for level in levels] == [0, 1, 2, 3]


def test_small_arena_aggregates_every_level() -> None:
    result = run_arena(8, ["normal", "easy", "random", "random"], seed=3)
    assert set(result.stats) == {"normal", "easy", "random"}
    for stats in result.stats.values():
        assert stats.hands == 8 and stats.decisions and stats.sample
    assert result.stats["random"].seats == 2
    # Each hand hands out 26 points, or 78 after a moon shot, over the four seats.
    total = sum(stats.points for stats in result.stats.values())
    moons = sum(stats.moons for stats in result.stats.values())
    assert total == 26 * 8 + 52 * moons
    table = result.table()
    assert "points/hand" in table and "normal" in table


def test_results_do_not_depend_on_the_number_of_processes() -> None:
    one = run_arena(6, ["normal", "normal", "easy", "random"], seed=9)
    two = run_arena(6, ["normal", "normal", "easy", "random"], seed=9, jobs=2)
    def totals(result: object) -> dict[str, tuple[int, int, int, int, int]]:
        return {k: (v.hands, v.points, v.points_squared, v.moons, v.decisions)
                for k, v in result.stats.items()}  # type: ignore[attr-defined]

    assert totals(one) == totals(two)


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


# ------------------------------------------------------------ hostile arguments

ARENA = [sys.executable, "-m", "hearts_core.arena", "--no-progress"]
SEATS = ["--seats", "random,easy,normal,normal"]


def arena(*args: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*ARENA, *args], capture_output=True, text=True, check=False, timeout=120,
                          **kwargs)  # type: ignore[call-overload, no-any-return]


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--jobs", "0"], "jobs must be a whole number from 1 to 32, not 0"),
        (["--jobs", "-2"], "jobs must be a whole number from 1 to 32, not -2"),
        (["--jobs", str(MAX_JOBS + 1)], f"jobs must be a whole number from 1 to 32, not {MAX_JOBS + 1}"),
        (["--hands", "0"], "hands must be a whole number from 1 to 10,000,000, not 0"),
        (["--hands", "-7"], "hands must be a whole number from 1 to 10,000,000, not -7"),
        (["--hands", str(10**15)], "hands must be a whole number from 1 to 10,000,000"),
        (["--hands", "ten"], "argument --hands: invalid int value: 'ten'"),
        (["--time-budget", "nan"], "time_budget must be seconds per decision"),
        (["--time-budget", "-1"], "time_budget must be seconds per decision"),
        (["--time-budget", "inf"], "time_budget must be seconds per decision"),
        (["--seats", "x" * 10_000], "seats must be four of random, easy, normal, hard"),
        (["--seed", "9" * 5000], "argument --seed: invalid int value"),
        (["--colour", "red"], "unrecognized arguments: --colour red"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(args: list[str], fragment: str, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # In this process, through the function the hearts-arena script calls (test_command_line runs
    # the real command, a refusal included): a fresh interpreter per case cost half a second.
    monkeypatch.setattr(sys, "argv", ["hearts-arena", "--no-progress", *([] if "--seats" in args else SEATS), *args])
    with pytest.raises(SystemExit) as ended:
        _entry()
    said = capsys.readouterr()
    assert ended.value.code == 2, said
    assert said.out == "" and "Traceback" not in said.err
    lines = said.err.splitlines()
    assert len(lines) == 1 and fragment in lines[0], said.err
    assert len(lines[0]) < 400


@pytest.mark.parametrize(("hands", "jobs"), [(0, 1), (-1, 1), (MAX_HANDS + 1, 1), (3, 0), (3, -1), (3, MAX_JOBS + 1)])
def test_run_arena_refuses_bad_counts_before_playing(hands: int, jobs: int) -> None:
    with pytest.raises(ValueError, match=r"^hands must|^jobs must"):
        run_arena(hands, ["random"] * 4, jobs=jobs)


def test_one_hand_has_no_interval_instead_of_infinity() -> None:
    table = run_arena(1, ["random", "easy", "normal", "normal"], seed=2).table()
    assert "inf" not in table
    assert table.count("n/a") == 4  # three levels, and the note saying why
    assert "at least 2 hands" in table


def test_a_closed_pipe_ends_quietly_with_the_result_code() -> None:
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the arena prints
    try:
        result = subprocess.run([*ARENA, *SEATS, "--hands", "2"], stdout=write, stderr=subprocess.PIPE, text=True,
                                check=False, timeout=120)
    finally:
        os.close(write)
    assert result.returncode == 0 and result.stderr == ""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_is_one_line_and_exit_2() -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run([*ARENA, *SEATS, "--hands", "2"], stdout=full, stderr=subprocess.PIPE, text=True,
                                check=False, timeout=120)
    assert result.returncode == 2
    assert result.stderr == "hearts-arena: cannot write the report: No space left on device\n"


def test_the_same_seed_gives_the_same_table_on_any_number_of_processes() -> None:
    def columns(*extra: str) -> list[str]:
        result = arena(*SEATS, "--hands", "40", "--seed", "7", *extra)
        assert result.returncode == 0, result.stderr
        # Level, points per hand, interval and moons; the decision times vary from run to run.
        return [line[:42] for line in result.stdout.splitlines()]

    assert columns() == columns("--jobs", "2")


def test_time_sample_stays_bounded() -> None:
    stats = LevelStats("normal")
    for tick in range(TIME_SAMPLE + 5000):
        stats.add_time(tick / 1e6)
    assert stats.decisions == TIME_SAMPLE + 5000 and len(stats.sample) == TIME_SAMPLE
    assert stats.slowest == (TIME_SAMPLE + 4999) / 1e6


def _memory_kb(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise AssertionError(f"no {field} for {pid}")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads memory from /proc")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_largest_run_starts_at_once_in_flat_memory(jobs: str) -> None:
    # The batches used to be built before the first hand: 10 million hands took half a
    # gigabyte before anything was played (the address-space limit keeps a regression from
    # taking the machine down).  Watch the progress bar of the largest run allowed, then
    # stop it.
    limited = (
        "import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30)); "
        "from hearts_core.arena import main; sys.exit(main(sys.argv[1:]))"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", limited, "--hands", str(MAX_HANDS), "--jobs", jobs,
         "--seats", "random,random,random,random"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
    )
    try:
        assert process.stderr is not None
        seen = b""
        peaks = []
        while len(peaks) < 2:
            chunk = process.stderr.read1(4096)
            assert chunk, f"the arena stopped: {seen[-300:]!r}"
            seen += chunk
            done = [int(part.split(b"/")[0]) for part in seen.split(b"] ")[1:] if b"/" in part]
            if done and (not peaks or done[-1] >= 500):
                peaks.append(_memory_kb(process.pid, "VmHWM"))
                seen = b""
        assert max(peaks) < 150_000, peaks
        assert peaks[1] - peaks[0] < 20_000, peaks
    finally:
        # The whole session, so the worker processes of --jobs 2 go too.
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
