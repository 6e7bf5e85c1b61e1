"""The record checker on the command line: ``python -m hearts_core check`` and ``hearts-check``.

Each behaviour is checked in both forms: its exit code (0 all legal, 1 illegal actions, 2
not a valid record or unreadable) and what it prints; ``--position`` likewise (0 with the
line, 1 after an illegal play, 2 no such position).  ``--review``, seconds per record, reviews
a whole record once in each form rather than every record in both.

Design choices:

* **In the test's own process.** The forms are run the way their processes run them:
  ``python -m hearts_core`` executes ``hearts_core/__main__.py`` (through :mod:`runpy`,
  as ``-m`` does) and ``hearts-check`` calls the function pyproject.toml's
  ``[project.scripts]`` names, each with ``sys.argv`` set and what it prints captured
  (``capsys``), ending in the ``SystemExit`` whose code the shell would see.  A fresh
  interpreter per case cost about half a second for nothing the case is about.
* **Real processes where the process is the point:** one smoke test per form (the
  installed script file and ``-m`` from outside the repository, exit code and output
  through a real process); output into a closed pipe (``| head -0``) or onto a full disk;
  endless input (``/dev/zero``, a FIFO that never ends) under an address-space limit, so a
  checker that reads without bound fails here instead of taking the machine's memory.
"""

from __future__ import annotations

import json
import os
import re
import runpy
import subprocess
import sys
import threading
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from hearts_core import HandState, format_position, load_record, parse_position, position_before
from hearts_core.cli import check_main
from hearts_core.records import MAX_RECORD_BYTES

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data"
Json = dict[str, Any]
SCRIPT = Path(sys.executable).with_name("hearts-check.exe" if os.name == "nt" else "hearts-check")
REAL_COMMANDS = {"module": [sys.executable, "-m", "hearts_core", "check"], "script": [str(SCRIPT)]}
"""Each form's command line for a real process, without the record path."""


@dataclass(frozen=True)
class Result:
    """What one run of the checker ended with, as a shell would see it."""

    returncode: int
    stdout: str
    stderr: str


Checker = Callable[..., Result]
"""Runs one form of the checker with the given arguments."""


def script_entry() -> Callable[[], None]:
    """The function the ``hearts-check`` script calls, as pyproject.toml's ``[project.scripts]`` names it."""
    with (ROOT / "pyproject.toml").open("rb") as stream:
        target = tomllib.load(stream)["project"]["scripts"]["hearts-check"]
    module, name = target.split(":")
    entry: Callable[[], None] = getattr(import_module(module), name)
    return entry


def run_module() -> None:
    """``python -m hearts_core``: its ``__main__.py`` executed as ``-m`` executes it."""
    runpy.run_module("hearts_core", run_name="__main__", alter_sys=True)


@pytest.fixture(params=["module", "script"])
def command(request: pytest.FixtureRequest, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
            tmp_path: Path) -> Checker:
    """One form of the checker, run in this process from ``tmp_path`` (outside the repository)."""
    prefix, entry = (["python -m hearts_core", "check"], run_module) if request.param == "module" else (
        ["hearts-check"], script_entry())
    monkeypatch.chdir(tmp_path)

    def check(*args: str | Path) -> Result:
        monkeypatch.setattr(sys, "argv", [*prefix, *map(str, args)])
        capsys.readouterr()
        with pytest.raises(SystemExit) as ended:  # both forms end with sys.exit(code), like the real commands
            entry()
        captured = capsys.readouterr()
        code = ended.value.code
        assert isinstance(code, int), code
        return Result(code, captured.out, captured.err)

    return check


def assert_one_clean_error_line(result: Result | subprocess.CompletedProcess[str], *fragments: str) -> None:
    """Exit 2, nothing on stdout, one line on stderr holding every fragment, no traceback."""
    assert result.returncode == 2, result
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    for fragment in fragments:
        assert fragment in lines[0]


# ---------------------------------------------------------------- the real commands


@pytest.mark.parametrize("form", ["module", "script"])
def test_each_real_command_reports_and_exits_with_the_verdict(form: str, tmp_path: Path) -> None:
    if form == "script" and not SCRIPT.exists():
        pytest.skip(f"the hearts-check console script is not installed next to {sys.executable}")
    path = DATA / "mistakes.json"
    result = subprocess.run([*REAL_COMMANDS[form], str(path)], capture_output=True, encoding="utf-8",
                            env={**os.environ, "PYTHONIOENCODING": "utf-8"}, cwd=tmp_path, timeout=60, check=False)
    assert result.returncode == 1, result
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"{path}: hand 1, trick 3, seat 3 (CPU3) played ♣10: must_follow_suit: ")
    assert lines[-1] == f"{path}: 3 illegal action(s); the rest of each such hand was not checked"


# ---------------------------------------------------------------- exit code 0


@pytest.mark.parametrize(
    ("name", "summary"),
    [
        ("valid_match.json", "all legal (2 hand(s), 104 plays)"),
        ("mid_hand.json", "all legal (1 hand(s), 6 plays)"),
        ("mid_pass.json", "all legal (1 hand(s), 0 plays)"),
    ],
)
def test_legal_record_exits_0(command: Checker, name: str, summary: str) -> None:
    result = command(DATA / name)
    assert result.returncode == 0, result
    assert result.stdout == f"{DATA / name}: {summary}\n"
    assert result.stderr == ""


# ---------------------------------------------------------------- exit code 1


def test_illegal_actions_exit_1_with_one_line_each(command: Checker) -> None:
    path = DATA / "mistakes.json"
    result = command(path)
    assert result.returncode == 1, result
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert len(lines) == 4
    expected = [
        ("hand 1, trick 3, seat 3 (CPU3) played ♣10", "must_follow_suit"),
        ("hand 2, trick 1, seat 2 (CPU2) played ♠Q", "no_points_on_first_trick"),
        ("hand 4, trick 2, seat 0 (You) played ♥3", "hearts_not_broken"),
    ]
    for line, (where, reason) in zip(lines, expected, strict=False):
        assert line.startswith(f"{path}: {where}: {reason}: "), line
    assert lines[0].endswith("Diamonds were led and you hold ♦2, ♦J and ♦Q, so you must play one of them.")
    assert lines[3] == f"{path}: 3 illegal action(s); the rest of each such hand was not checked"


def test_a_single_illegal_lead_exits_1(command: Checker, tmp_path: Path) -> None:
    record = json.loads((DATA / "mid_pass.json").read_text(encoding="utf-8"))
    hand = record["hands"][0]
    hand["pass_direction"], hand["passes"] = "hold", None
    leader = next(seat for seat in range(4) if "♣2" in hand["deal"][seat])
    wrong = next(card for card in hand["deal"][leader] if card != "♣2")
    hand["plays"] = [wrong]
    path = tmp_path / "opening.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = command(path)
    assert result.returncode == 1, result
    assert f"hand 1, trick 1, seat {leader} " in result.stdout
    assert f"played {wrong}: must_lead_two_of_clubs: " in result.stdout


# ---------------------------------------------------------------- exit code 2


def _deal_of_51_cards(record: Json) -> None:
    record["hands"][0]["deal"][2].pop()


def _pass_not_dealt(record: Json) -> None:
    hand = record["hands"][0]
    hand["passes"][0][0] = hand["deal"][1][0]


def _bad_card(record: Json) -> None:
    record["hands"][0]["plays"][4] = "♠1"


def _unknown_format(record: Json) -> None:
    record["format"] = "hearts-record/9"


@pytest.mark.parametrize(
    ("mutate", "fragments"),
    [
        (_deal_of_51_cards, ["hands[0].deal[2]: must be a list of 13 cards"]),
        (_pass_not_dealt, ["hands[0].passes[0][0]: seat 0 passes", "which it was not dealt"]),
        (_bad_card, ["hands[0].plays[4]: not a card: '♠1'"]),
        (_unknown_format, ["unknown format 'hearts-record/9'"]),
    ],
    ids=["deal of 51 cards", "pass of a card not dealt", "unparsable card", "unknown format"],
)
def test_invalid_record_exits_2_naming_the_place(
    command: Checker, tmp_path: Path, mutate: Callable[[Json], None], fragments: list[str]
) -> None:
    path, result = check_mutated(command, tmp_path, mutate)
    assert_one_clean_error_line(result, f"{path}: not a valid hearts-record/1 file: ", *fragments)


def test_bad_json_exits_2_with_line_and_column(command: Checker, tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    path.write_text((DATA / "mid_hand.json").read_text(encoding="utf-8")[:200], encoding="utf-8")
    result = command(path)
    assert_one_clean_error_line(result, f"{path}: not a valid hearts-record/1 file: not valid JSON: ", "line ")


def test_missing_file_exits_2(command: Checker, tmp_path: Path) -> None:
    path = tmp_path / "nowhere.json"
    result = command(path)
    assert_one_clean_error_line(result, f"{path}: cannot read the file: No such file or directory")


def test_directory_exits_2(command: Checker, tmp_path: Path) -> None:
    result = command(tmp_path)
    assert_one_clean_error_line(result, f"{tmp_path}: cannot read the file: ")


def test_binary_file_exits_2(command: Checker, tmp_path: Path) -> None:
    path = tmp_path / "noise.bin"
    path.write_bytes(bytes(range(256)) * 8)
    result = command(path)
    assert_one_clean_error_line(result, f"{path}: not a valid hearts-record/1 file: not valid JSON")


def test_non_utf8_file_exits_2(command: Checker, tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    text = (DATA / "mid_pass.json").read_text(encoding="utf-8").replace("hearts-record/1", "hearts-récord/1")
    path.write_bytes(text.encode("latin-1", errors="replace"))
    result = command(path)
    assert_one_clean_error_line(result, f"{path}: not a valid hearts-record/1 file: not valid JSON: ", "utf-8")


@pytest.mark.parametrize(
    "args", [(), ("a.json", "b.json"), ("--bogus", "a.json")], ids=["none", "two", "unknown option"]
)
def test_usage_errors_are_one_line(command: Checker, args: tuple[str, ...]) -> None:
    result = command(*args)
    assert_one_clean_error_line(result, "--help")
    assert "record" in result.stderr or "unrecognized" in result.stderr


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000 + "]" * 100_000, '{"format": "hearts-record/1", "seed": ' + "7" * 5000 + ', "hands": []}'],
    ids=["deeply nested", "huge integer"],
)
def test_pathological_json_exits_2_without_traceback(command: Checker, tmp_path: Path, text: str) -> None:
    path = tmp_path / "odd.json"
    path.write_text(text, encoding="utf-8")
    result = command(path)
    assert_one_clean_error_line(result, f"{path}: not a valid hearts-record/1 file: ")


# ---------------------------------------------------------------- bounded input and output

LIMITED = (
    # An address-space limit, so that a checker that reads without bound fails fast here
    # instead of taking the shared machine's memory first.
    "import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30)); "
    "from hearts_core.cli import check_main; sys.exit(check_main(sys.argv[1:]))"
)
unix_only = pytest.mark.skipif(os.name != "posix" or not Path("/dev/zero").exists(), reason="needs /dev and rlimits")


def run_limited(*args: str | Path, cwd: Path, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    options: dict[str, Any] = {"capture_output": True, **kwargs} if "stdout" not in kwargs else kwargs
    return subprocess.run(
        [sys.executable, "-c", LIMITED, *map(str, args)], encoding="utf-8", env=env, cwd=cwd, timeout=120,
        check=False, **options,
    )


TOO_LARGE = "not a valid hearts-record/1 file: the record is larger than 8,388,608 bytes (8 MiB)"


@unix_only
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_endless_devices_are_refused_after_a_bounded_read(tmp_path: Path, device: str) -> None:
    assert_one_clean_error_line(run_limited(device, cwd=tmp_path), f"{device}: {TOO_LARGE}")


@unix_only
def test_a_50_mb_file_is_refused_by_its_size(command: Checker, tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as stream:
        stream.truncate(50 * 1024 * 1024)  # sparse: fifty megabytes of zeros on no disk
    assert_one_clean_error_line(command(path), f"{path}: {TOO_LARGE}")


def test_a_record_just_under_the_cap_is_read_and_one_byte_over_is_not(command: Checker, tmp_path: Path) -> None:
    text = (DATA / "mid_hand.json").read_text(encoding="utf-8")
    padded = text + " " * (MAX_RECORD_BYTES - len(text.encode("utf-8")))
    path = tmp_path / "padded.json"
    path.write_text(padded, encoding="utf-8")
    assert command(path).returncode == 0
    path.write_text(padded + " ", encoding="utf-8")
    assert_one_clean_error_line(command(path), TOO_LARGE)


@unix_only
def test_an_endless_fifo_is_refused_after_a_bounded_read(tmp_path: Path) -> None:
    fifo = tmp_path / "endless.json"
    os.mkfifo(fifo)
    written = [0]

    def writer() -> None:
        block = b'{"format": "hearts-record/1", "hands": [' + b"[" * 4000
        try:
            with fifo.open("wb") as stream:
                while written[0] < 1 << 31:  # stops when the checker closes its end
                    stream.write(block)
                    written[0] += len(block)
        except BrokenPipeError:
            pass

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    result = run_limited(fifo, cwd=tmp_path)
    thread.join(timeout=60)
    assert not thread.is_alive()
    assert_one_clean_error_line(result, f"{fifo}: {TOO_LARGE}")
    assert written[0] < 64 * 1024 * 1024  # the writer was stopped soon after the cap


def test_a_closed_pipe_ends_quietly_with_the_verdict(tmp_path: Path) -> None:
    for name, code in [("valid_match.json", 0), ("mistakes.json", 1)]:
        read, write = os.pipe()
        os.close(read)  # like `| head -0`: nobody will read the report
        try:
            result = run_limited(DATA / name, cwd=tmp_path, stdout=write, stderr=subprocess.PIPE)
        finally:
            os.close(write)
        assert result.returncode == code, result
        assert result.stderr == ""


@unix_only
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_is_one_line_and_exit_2(tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        result = run_limited(DATA / "valid_match.json", cwd=tmp_path, stdout=full, stderr=subprocess.PIPE)
    assert result.returncode == 2
    assert result.stderr == "hearts-check: cannot write the report: No space left on device\n"


@pytest.mark.parametrize("form", ["module", "script"])
def test_help_into_a_closed_pipe_is_quiet(form: str, tmp_path: Path) -> None:
    if form == "script" and not SCRIPT.exists():
        pytest.skip(f"the hearts-check console script is not installed next to {sys.executable}")
    read, write = os.pipe()
    os.close(read)
    try:
        result = subprocess.run([*REAL_COMMANDS[form], "--help"], stdout=write, stderr=subprocess.PIPE, text=True,
                                cwd=tmp_path, timeout=60, check=False)
    finally:
        os.close(write)
    assert result.returncode == 0 and result.stderr == ""


def _huge_format(record: Json) -> None:
    record["format"] = "hearts-record/" + "9" * 200_000


def _huge_card(record: Json) -> None:
    record["hands"][0]["plays"][0] = "♠" + "Q" * 200_000


def _huge_field(record: Json) -> None:
    record["x" * 200_000] = 1


def _huge_seed(record: Json) -> None:
    record["seed"] = ["7" * 1000] * 1000


def _deep_direction(record: Json) -> None:
    deep: Any = "left"
    for _ in range(500):
        deep = [deep]
    record["hands"][0]["pass_direction"] = deep


def _huge_rules(record: Json) -> None:
    record["rules"] = {"tie_rule": "s" * 200_000}


def check_mutated(
    command: Checker, tmp_path: Path, mutate: Callable[[Json], None]
) -> tuple[Path, Result]:
    """Run the checker on mid_hand.json after ``mutate`` has damaged it."""
    record = json.loads((DATA / "mid_hand.json").read_text(encoding="utf-8"))
    mutate(record)
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    return path, command(path)


@pytest.mark.parametrize(
    "mutate", [_huge_format, _huge_card, _huge_field, _huge_seed, _deep_direction, _huge_rules],
    ids=["format", "card", "field name", "seed", "nested pass direction", "rule value"],
)
def test_error_lines_never_repeat_an_unbounded_piece_of_the_input(
    command: Checker, tmp_path: Path, mutate: Callable[[Json], None]
) -> None:
    path, result = check_mutated(command, tmp_path, mutate)
    assert_one_clean_error_line(result, f"{path}: not a valid hearts-record/1 file: ")
    assert len(result.stderr) < len(str(path)) + 400, result.stderr


def test_a_path_with_a_newline_stays_one_line(command: Checker) -> None:
    result = command("no\nsuch.json")
    assert_one_clean_error_line(result, "'no\\nsuch.json': cannot read the file")


# The review judges every play of the record (seconds, not milliseconds), and both forms hand
# --review to the same code: each review test runs in one form, so each form still reviews a whole
# record; test_review_refuses_a_bad_seat checks both forms parse --review and --seat alike.
@pytest.mark.parametrize("command", ["script"], indirect=True)
def test_review_prints_each_hands_costly_plays_in_words(command: Checker) -> None:
    result = command("--review", DATA / "valid_match.json", "--seat", "1")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].endswith("all legal (2 hand(s), 104 plays)")
    assert [line.split(": ")[1] for line in lines if ": hand " in line] == ["hand 1", "hand 2"]
    assert all("CPU1: " in line for line in lines if ": hand " in line)
    assert "Over the match: " in lines[-1] and "expected to cost" in lines[-1]
    mistakes = [line for line in lines if line.startswith("  Trick ")]
    for line in mistakes:
        assert re.match(r"  Trick \d+: played \S+, better \S+ \(expected to save about \d+ points?\)\. \S", line), line
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", line), line


@pytest.mark.parametrize("command", ["module"], indirect=True)
def test_review_of_a_record_with_illegal_actions_keeps_exit_1(command: Checker) -> None:
    result = command("--review", DATA / "mistakes.json")
    assert result.returncode == 1, result.stderr
    assert "must_follow_suit" in result.stdout  # the checker's codes stay in its own lines
    assert sum(": hand " in line and "You: " in line for line in result.stdout.splitlines()) == 4


def test_review_refuses_a_bad_seat(command: Checker) -> None:
    result = command("--review", DATA / "valid_match.json", "--seat", "4")
    assert result.returncode == 2 and "--seat" in result.stderr


# ---------------------------------------------------------------- --position


def test_position_prints_the_line_before_that_play(command: Checker) -> None:
    path = DATA / "mid_hand.json"
    result = command("--position", path, "1", "7")
    assert result.returncode == 0, result
    assert result.stderr == ""
    record = load_record(path.read_bytes())
    assert result.stdout == format_position(position_before(record, 1, 7)) + "\n"
    view = parse_position(result.stdout)
    assert view.is_my_turn and len(view.plays) == 6  # the seat to move, after the six recorded plays


def test_position_before_every_play_of_a_match_is_the_replayed_view(capsys: pytest.CaptureFixture[str]) -> None:
    path = DATA / "valid_match.json"
    record = load_record(path.read_bytes())
    for number, hand in enumerate(record.hands, start=1):
        state = HandState.new(hand.deal, hand.pass_direction, record.rules)
        for seat, passed in enumerate(hand.passes or ()):
            state.pass_cards(seat, passed or ())
        for play, card in enumerate(hand.plays, start=1):
            assert check_main(["--position", str(path), str(number), str(play)]) == 0
            assert capsys.readouterr().out == format_position(state.view(state.to_move or 0)) + "\n"
            state.play(card)


@pytest.mark.parametrize(
    ("name", "hand", "play", "fragment"),
    [
        ("mid_hand.json", "2", "1", "no such position: the record has 1 hand(s), so there is no hand 2"),
        ("mid_hand.json", "1", "8", "no such position: hand 1 records 6 play(s), so its positions are before "
                                    "plays 1 to 7, not 8"),
        ("valid_match.json", "1", "53", "no such position: hand 1 records 52 play(s), so its positions are before "
                                        "plays 1 to 52, not 53"),
        ("mid_pass.json", "1", "1", "no such position: hand 1 is still being passed (seat(s) 1, 3 have not passed)"),
    ],
    ids=["no such hand", "past the record", "past the hand", "still passing"],
)
def test_position_that_is_not_there_exits_2(
    command: Checker, name: str, hand: str, play: str, fragment: str
) -> None:
    result = command("--position", DATA / name, hand, play)
    assert_one_clean_error_line(result, f"{DATA / name}: {fragment}")


def test_position_after_an_illegal_play_exits_1_with_the_checkers_line(command: Checker) -> None:
    path = DATA / "mistakes.json"
    result = command("--position", path, "1", "52")
    assert result.returncode == 1, result
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"{path}: hand 1, trick 3, seat 3 (CPU3) played ♣10: must_follow_suit: ")
    assert line.endswith("(the position before play 52 comes after this illegal play, so it is never reached)")
    before = command("--position", path, "1", "9")  # the illegal play's own position
    assert before.returncode == 0 and before.stdout.count("/") == 1


def test_position_of_a_file_that_is_not_a_record_exits_2(command: Checker, tmp_path: Path) -> None:
    missing = command("--position", tmp_path / "none.json", "1", "1")
    assert_one_clean_error_line(missing, "none.json: cannot read the file")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "hearts-record/2", "hands": []}', encoding="utf-8")
    assert_one_clean_error_line(command("--position", bad, "1", "1"),
                                f"{bad}: not a valid hearts-record/1 file: unknown format")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("--position", "a.json", "1"), "expected 3 arguments"),
        (("--position", "a.json", "one", "1"), "--position HAND is a whole number from 1, not 'one'"),
        (("--position", "a.json", "1", "0"), "--position PLAY is a whole number from 1, not '0'"),
        (("--position", "a.json", "1", "-3"), "PLAY"),
        (("--position", "a.json", "1", "٣"), "PLAY is a whole number"),
        (("--position", "a.json", "1", "9" * 50), "PLAY is a whole number"),
        (("b.json", "--position", "a.json", "1", "1"), "not both"),
        (("--review", "--position", "a.json", "1", "1"), "does not go with --position"),
    ],
    ids=["two numbers short", "word", "zero", "negative", "other digits", "huge", "and a record", "and review"],
)
def test_position_usage_errors_are_one_line(
    command: Checker, args: tuple[str, ...], fragment: str
) -> None:
    assert_one_clean_error_line(command(*args), fragment, "--help")
