"""Command line: ``python -m hearts_core check RECORD.json`` (also ``hearts-check``) and a demo.

The checker's exit codes are a contract for scripts: 0 when every action in the record
is legal, 1 when illegal actions were found (each printed on its own line), 2 when the
file is not a valid record, with one line saying what and where, never a traceback.
``--review`` keeps those codes and adds, after the check, each hand's costly plays for
``--seat`` in words (see :mod:`hearts_core.review`).
"""

from __future__ import annotations

import argparse
import io
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from hearts_core.errors import HeartsError
from hearts_core.match import Match
from hearts_core.records import check_record
from hearts_core.review import MatchReview, review_hand
from hearts_core.rules import CARDS_IN_PASS
from hearts_core.state import PassDirection, Phase, seat_name

__all__ = ["check_main", "main"]

EXIT_LEGAL = 0
EXIT_ILLEGAL = 1
EXIT_INVALID = 2


def check_file(path: str) -> int:
    """Check one record file, print what was found, return the exit code."""
    # Card symbols must never turn into a traceback on a terminal that cannot show them.
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    try:
        text = Path(path).read_bytes()
    except OSError as error:
        print(f"{path}: cannot read the file: {error.strerror or error}", file=sys.stderr)
        return EXIT_INVALID
    try:
        report = check_record(text)
    except HeartsError as error:
        print(f"{path}: not a valid hearts-record/1 file: {error}", file=sys.stderr)
        return EXIT_INVALID
    for problem in report.problems:
        print(f"{path}: {problem.describe()}")
    if report.ok:
        plays = sum(len(state.plays) for state in report.hands)
        print(f"{path}: all legal ({len(report.hands)} hand(s), {plays} plays)")
        return EXIT_LEGAL
    print(f"{path}: {len(report.problems)} illegal action(s); the rest of each such hand was not checked")
    return EXIT_ILLEGAL


def review_file(path: str, seat: int) -> int:
    """Check a record, then print each hand's costly plays for ``seat``; the checker's exit code."""
    code = check_file(path)
    if code == EXIT_INVALID:
        return code
    # check_file has read and validated the file; the review replays the hands it reached.
    report = check_record(Path(path).read_bytes())
    reviews = [review_hand(state, seat) for state in report.hands]
    for number, review in enumerate(reviews, start=1):
        print(f"{path}: hand {number}: {review.describe()}")
    print(f"{path}: {MatchReview(seat, tuple(reviews)).describe().splitlines()[-1]}")
    return code


def demo(seed: int) -> int:
    """Play one seeded hand with random legal cards and narrate it."""
    rng = random.Random(seed)
    match = Match.new(seed)
    hand = match.hand
    print(f"Hand 1 of match {seed}: pass {hand.pass_direction.value}")
    for seat in range(4):
        print(f"  {seat_name(seat):>4} holds {' '.join(map(str, hand.hand(seat)))}")
    if hand.pass_direction is not PassDirection.HOLD:
        for seat in range(4):
            hand.pass_cards(seat, rng.sample(hand.hand(seat), CARDS_IN_PASS))
    while hand.phase is Phase.PLAYING:
        mover, card = hand.to_move, rng.choice(hand.legal_plays())
        assert mover is not None
        reason = hand.explain(card).message
        trick = hand.play(card)
        print(f"  {seat_name(mover):>4} plays {card}: {reason}")
        if trick:
            print(f"  -> {seat_name(trick.winner)} takes trick {len(hand.tricks)} ({trick.points} points)")
    print(f"Points this hand: {dict(zip(('You', 'CPU1', 'CPU2', 'CPU3'), hand.scores, strict=True))}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m hearts_core``: ``check RECORD.json`` or ``demo [--seed N]``."""
    parser = argparse.ArgumentParser(prog="python -m hearts_core", description="Hearts rules engine tools.")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="replay a hearts-record/1 file and report illegal actions")
    check.add_argument("record", help="path to the record (JSON)")
    check.add_argument("--review", action="store_true", help="also print each hand's costly plays for --seat")
    check.add_argument("--seat", type=int, choices=range(4), default=0, help="seat to review, 0 (You) to 3")
    show = commands.add_parser("demo", help="narrate one seeded hand of random legal play")
    show.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.command == "check":
        return review_file(args.record, args.seat) if args.review else check_file(args.record)
    return demo(args.seed)


def check_main(argv: Sequence[str] | None = None) -> int:
    """``hearts-check RECORD.json``; ``hearts-check --review RECORD.json [--seat N]`` adds the review."""
    parser = argparse.ArgumentParser(
        prog="hearts-check", description="Replay a hearts-record/1 file and report illegal actions."
    )
    parser.add_argument("record", help="path to the record (JSON)")
    parser.add_argument("--review", action="store_true", help="also print each hand's costly plays for --seat")
    parser.add_argument("--seat", type=int, choices=range(4), default=0, help="seat to review, 0 (You) to 3")
    args = parser.parse_args(argv)
    if args.review:
        return review_file(args.record, args.seat)
    return check_file(args.record)


def _entry_check() -> None:
    sys.exit(check_main())
