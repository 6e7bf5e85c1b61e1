"""The record checker on the command line: ``python -m hearts_core check`` and ``hearts-check``.

Each test runs the real command in a subprocess and checks its exit code (0 all legal,
1 illegal actions, 2 not a valid record or unreadable) and what it prints, in both forms.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).resolve().parent / "data"
Json = dict[str, Any]
SCRIPT = Path(sys.executable).with_name("hearts-check.exe" if os.name == "nt" else "hearts-check")


@pytest.fixture(params=["module", "script"])
def command(request: pytest.FixtureRequest) -> list[str]:
    """The checker command line, without the record path."""
    if request.param == "module":
        return [sys.executable, "-m", "hearts_core", "check"]
    if not SCRIPT.exists():
        pytest.skip(f"the hearts-check console script is not installed next to {sys.executable}")
    return [str(SCRIPT)]


def run(command: list[str], *args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run the checker from ``cwd`` (outside the repository, so the installed package is used)."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [*command, *map(str, args)], capture_output=True, encoding="utf-8", env=env, cwd=cwd, timeout=60, check=False
    )


def assert_one_clean_error_line(result: subprocess.CompletedProcess[str], *fragments: str) -> None:
    """Exit 2, nothing on stdout, one line on stderr holding every fragment, no traceback."""
    assert result.returncode == 2, result
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    for fragment in fragments:
        assert fragment in lines[0]


# ---------------------------------------------------------------- exit code 0


@pytest.mark.parametrize(
    ("name", "summary"),
    [
        ("valid_match.json", "all legal (2 hand(s), 104 plays)"),
        ("mid_hand.json", "all legal (1 hand(s), 6 plays)"),
        ("mid_pass.json", "all legal (1 hand(s), 0 plays)"),
    ],
)
def test_legal_record_exits_0(command: list[str], tmp_path: Path, name: str, summary: str) -> None:
    result = run(command, DATA / name, cwd=tmp_path)
    assert result.returncode == 0, result
    assert result.stdout == f"{DATA / name}: {summary}\n"
    assert result.stderr == ""


# ---------------------------------------------------------------- exit code 1


def test_illegal_actions_exit_1_with_one_line_each(command: list[str], tmp_path: Path) -> None:
    path = DATA / "mistakes.json"
    result = run(command, path, cwd=tmp_path)
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


def test_a_single_illegal_lead_exits_1(command: list[str], tmp_path: Path) -> None:
    record = json.loads((DATA / "mid_pass.json").read_text(encoding="utf-8"))
    hand = record["hands"][0]
    hand["pass_direction"], hand["passes"] = "hold", None
    leader = next(seat for seat in range(4) if "♣2" in hand["deal"][seat])
    wrong = next(card for card in hand["deal"][leader] if card != "♣2")
    hand["plays"] = [wrong]
    path = tmp_path / "opening.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = run(command, path, cwd=tmp_path)
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
    command: list[str], tmp_path: Path, mutate: Callable[[Json], None], fragments: list[str]
) -> None:
    record = json.loads((DATA / "mid_hand.json").read_text(encoding="utf-8"))
    mutate(record)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    result = run(command, path, cwd=tmp_path)
    assert_one_clean_error_line(result, f"{path}: not a valid hearts-record/1 file: ", *fragments)


def test_bad_json_exits_2_with_line_and_column(command: list[str], tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    path.write_text((DATA / "mid_hand.json").read_text(encoding="utf-8")[:200], encoding="utf-8")
    result = run(command, path, cwd=tmp_path)
    assert_one_clean_error_line(result, f"{path}: not a valid hearts-record/1 file: not valid JSON: ", "line ")


def test_missing_file_exits_2(command: list[str], tmp_path: Path) -> None:
    path = tmp_path / "nowhere.json"
    result = run(command, path, cwd=tmp_path)
    assert_one_clean_error_line(result, f"{path}: cannot read the file: No such file or directory")


def test_directory_exits_2(command: list[str], tmp_path: Path) -> None:
    result = run(command, tmp_path, cwd=tmp_path)
    assert_one_clean_error_line(result, f"{tmp_path}: cannot read the file: ")


def test_binary_file_exits_2(command: list[str], tmp_path: Path) -> None:
    path = tmp_path / "noise.bin"
    path.write_bytes(bytes(range(256)) * 8)
    result = run(command, path, cwd=tmp_path)
    assert_one_clean_error_line(result, f"{path}: not a valid hearts-record/1 file: not valid JSON")


def test_non_utf8_file_exits_2(command: list[str], tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    text = (DATA / "mid_pass.json").read_text(encoding="utf-8").replace("hearts-record/1", "hearts-récord/1")
    path.write_bytes(text.encode("latin-1", errors="replace"))
    result = run(command, path, cwd=tmp_path)
    assert_one_clean_error_line(result, f"{path}: not a valid hearts-record/1 file: not valid JSON: ", "utf-8")


def test_missing_argument_is_a_usage_error(command: list[str], tmp_path: Path) -> None:
    result = run(command, cwd=tmp_path)
    assert result.returncode == 2
    assert "usage:" in result.stderr and "record" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000 + "]" * 100_000, '{"format": "hearts-record/1", "seed": ' + "7" * 5000 + ', "hands": []}'],
    ids=["deeply nested", "huge integer"],
)
def test_pathological_json_exits_2_without_traceback(command: list[str], tmp_path: Path, text: str) -> None:
    path = tmp_path / "odd.json"
    path.write_text(text, encoding="utf-8")
    result = run(command, path, cwd=tmp_path)
    assert_one_clean_error_line(result, f"{path}: not a valid hearts-record/1 file: ")


def test_review_prints_each_hands_costly_plays_in_words(command: list[str], tmp_path: Path) -> None:
    result = run(command, "--review", DATA / "valid_match.json", "--seat", "1", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].endswith("all legal (2 hand(s), 104 plays)")
    assert [line.split(": ")[1] for line in lines if ": hand " in line] == ["hand 1", "hand 2"]
    assert all("CPU1: " in line for line in lines if ": hand " in line)
    assert "Over the match: about" in lines[-1]
    mistakes = [line for line in lines if line.startswith("  Trick ")]
    for line in mistakes:
        assert re.match(r"  Trick \d+: played \S+, better \S+ \(about \d+\.\d points\)\. \S", line), line
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", line), line


def test_review_of_a_record_with_illegal_actions_keeps_exit_1(command: list[str], tmp_path: Path) -> None:
    result = run(command, "--review", DATA / "mistakes.json", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert "must_follow_suit" in result.stdout  # the checker's codes stay in its own lines
    assert sum(": hand " in line and "You: " in line for line in result.stdout.splitlines()) == 4


def test_review_refuses_a_bad_seat(command: list[str], tmp_path: Path) -> None:
    result = run(command, "--review", DATA / "valid_match.json", "--seat", "4", cwd=tmp_path)
    assert result.returncode == 2 and "--seat" in result.stderr
