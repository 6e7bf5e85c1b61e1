"""Command line: ``python -m hearts_core check RECORD.json`` (also ``hearts-check``) and a demo.

The checker's exit codes are a contract for scripts: 0 when every action in the record
is legal, 1 when illegal actions were found (each printed on its own line), 2 when the
file is not a valid record, with one line saying what and where, never a traceback.

Design choices:

* The checker reads at most :data:`~hearts_core.records.MAX_RECORD_BYTES` + 1 bytes, so
  ``/dev/zero``, a FIFO that never ends or a 50 MB file are refused with one line (exit 2)
  after a bounded read instead of filling the memory.
* A command works out everything it will print first, then prints it (:func:`emit`).  A
  reader that stops early (``hearts-check x.json | head -0``) is not a failure of the
  check: the command ends quietly with the verdict's exit code.  Output that cannot be
  written (a full disk) is one line on standard error and exit 2, because the report the
  caller asked for was lost.
* Usage errors are one line on standard error and exit 2 (:class:`OneLineParser`), like
  every other refusal.
* ``--review`` keeps those codes and adds, after the check, each hand's costly plays for
  ``--seat`` in words (see :mod:`hearts_core.review`).
"""

from __future__ import annotations

import argparse
import io
import os
import random
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn, TextIO

from hearts_core.errors import HeartsError, quote_input
from hearts_core.match import Match
from hearts_core.records import MAX_RECORD_BYTES, check_record
from hearts_core.review import MatchReview, review_hand
from hearts_core.rules import CARDS_IN_PASS, SEATS
from hearts_core.state import PassDirection, Phase, seat_name

__all__ = ["OneLineParser", "check_file", "check_main", "emit", "main"]

EXIT_LEGAL = 0
EXIT_ILLEGAL = 1
EXIT_INVALID = 2
EXIT_INTERRUPTED = 130  # what a shell reports for Ctrl-C (128 + SIGINT)


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on standard error, exit 2."""

    def error(self, message: str) -> NoReturn:
        """Print ``prog: message (see prog --help)`` and exit 2."""
        # argparse quotes the offending argument; cut it like any other quoted input.
        if len(message) > 240:
            message = message[:240] + "…"
        emit([], [f"{self.prog}: {' '.join(message.split())} (see {self.prog} --help)"], EXIT_INVALID, self.prog)
        raise SystemExit(EXIT_INVALID)


def _write(stream: TextIO, text: str) -> bool:
    """Write and flush ``text``; on failure, point the stream at the null device and say False."""
    try:
        stream.write(text)
        stream.flush()
    except OSError:
        _detach(stream)
        return False
    return True


def _detach(stream: TextIO) -> None:
    # Python flushes the standard streams once more at exit; what is still buffered would
    # fail again there and print "Exception ignored ...".  Aim the descriptor at the null
    # device so that last flush succeeds and drops it.
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass


def emit(out: Sequence[str], err: Sequence[str], code: int, prog: str) -> int:
    """Print ``out`` lines on standard output and ``err`` lines on standard error; return the exit code.

    A closed standard output (the reader stopped) keeps ``code``; any other failure to
    write it (a full disk) adds one line on standard error and returns 2.  Standard error
    that cannot be written is given up silently: there is nowhere left to say so.
    """
    err = list(err)
    if out and sys.stdout is not None:
        try:
            sys.stdout.write("".join(f"{line}\n" for line in out))
            sys.stdout.flush()
        except BrokenPipeError:
            _detach(sys.stdout)
        except OSError as error:
            _detach(sys.stdout)
            err.append(f"{prog}: cannot write the report: {error.strerror or error}")
            code = EXIT_INVALID
    if err and sys.stderr is not None:
        _write(sys.stderr, "".join(f"{line}\n" for line in err))
    return code


def _shown(path: str) -> str:
    """The path as typed, or quoted if it holds a newline or other unprintable character."""
    return path if path.isprintable() else quote_input(path)


def read_record_file(path: str) -> bytes:
    """The first :data:`MAX_RECORD_BYTES` + 1 bytes of ``path``: enough to tell a record from too much."""
    with open(path, "rb") as stream:
        return stream.read(MAX_RECORD_BYTES + 1)


def _friendly_streams() -> None:
    # Card symbols must never turn into a traceback on a terminal that cannot show them.
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")


def check_file(path: str, prog: str = "hearts-check", review_seat: int | None = None) -> int:
    """Check one record file, print what was found, return the exit code.

    With ``review_seat``, each hand's costly plays for that seat follow the check, in words.
    """
    _friendly_streams()
    shown = _shown(path)
    try:
        text = read_record_file(path)
    except OSError as error:
        return emit([], [f"{shown}: cannot read the file: {error.strerror or error}"], EXIT_INVALID, prog)
    try:
        report = check_record(text)
    except HeartsError as error:
        return emit([], [f"{shown}: not a valid hearts-record/1 file: {error}"], EXIT_INVALID, prog)
    out = [f"{shown}: {problem.describe()}" for problem in report.problems]
    if report.ok:
        plays = sum(len(state.plays) for state in report.hands)
        out.append(f"{shown}: all legal ({len(report.hands)} hand(s), {plays} plays)")
    else:
        out.append(f"{shown}: {len(report.problems)} illegal action(s); the rest of each such hand was not checked")
    if review_seat is not None:
        # The review replays the hands the check reached (a hand with an illegal action stops there).
        reviews = [review_hand(state, review_seat) for state in report.hands]
        out += [f"{shown}: hand {number}: {review.describe()}" for number, review in enumerate(reviews, start=1)]
        out.append(f"{shown}: {MatchReview(review_seat, tuple(reviews)).describe().splitlines()[-1]}")
    return emit(out, [], EXIT_LEGAL if report.ok else EXIT_ILLEGAL, prog)


def demo(seed: int) -> int:
    """Play one seeded hand with random legal cards and narrate it."""
    _friendly_streams()
    rng = random.Random(seed)
    match = Match.new(seed)
    hand = match.hand
    lines = [f"Hand 1 of match {seed}: pass {hand.pass_direction.value}"]
    for seat in SEATS:
        lines.append(f"  {seat_name(seat):>4} holds {' '.join(map(str, hand.hand(seat)))}")
    if hand.pass_direction is not PassDirection.HOLD:
        for seat in SEATS:
            hand.pass_cards(seat, rng.sample(hand.hand(seat), CARDS_IN_PASS))
    while hand.phase is Phase.PLAYING:
        mover, card = hand.to_move, rng.choice(hand.legal_plays())
        assert mover is not None
        reason = hand.explain(card).message
        trick = hand.play(card)
        lines.append(f"  {seat_name(mover):>4} plays {card}: {reason}")
        if trick:
            lines.append(f"  -> {seat_name(trick.winner)} takes trick {len(hand.tricks)} ({trick.points} points)")
    lines.append(f"Points this hand: {dict(zip(('You', 'CPU1', 'CPU2', 'CPU3'), hand.scores, strict=True))}")
    return emit(lines, [], 0, "python -m hearts_core demo")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m hearts_core``: ``check RECORD.json`` or ``demo [--seed N]``."""
    parser = OneLineParser(prog="python -m hearts_core", description="Hearts rules engine tools.")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="replay a hearts-record/1 file and report illegal actions")
    check.add_argument("record", help="path to the record (JSON)")
    check.add_argument("--review", action="store_true", help="also print each hand's costly plays for --seat")
    check.add_argument("--seat", type=int, choices=SEATS, default=0, help="seat to review, 0 (You) to 3")
    show = commands.add_parser("demo", help="narrate one seeded hand of random legal play")
    show.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.command == "check":
        review_seat = args.seat if args.review else None
        return check_file(args.record, "python -m hearts_core check", review_seat=review_seat)
    return demo(args.seed)


def check_main(argv: Sequence[str] | None = None) -> int:
    """``hearts-check RECORD.json``; ``hearts-check --review RECORD.json [--seat N]`` adds the review."""
    parser = OneLineParser(
        prog="hearts-check",
        description=f"Replay a hearts-record/1 file (at most {MAX_RECORD_BYTES // 1024 // 1024} MiB) "
        "and report illegal actions.",
    )
    parser.add_argument("record", help="path to the record (JSON)")
    parser.add_argument("--review", action="store_true", help="also print each hand's costly plays for --seat")
    parser.add_argument("--seat", type=int, choices=SEATS, default=0, help="seat to review, 0 (You) to 3")
    args = parser.parse_args(argv)
    return check_file(args.record, review_seat=args.seat if args.review else None)


def run(command: Callable[[], int]) -> NoReturn:
    """Exit with ``command()``'s code; Ctrl-C ends quietly with 130, as a shell expects.

    Commands print through :func:`emit`; only argparse's ``--help`` prints by itself, so a
    closed pipe met here is ``--help | head -0``, which succeeded.
    """
    try:
        code = command()
    except KeyboardInterrupt:
        code = EXIT_INTERRUPTED
    except BrokenPipeError:
        if sys.stdout is not None:
            _detach(sys.stdout)
        code = EXIT_LEGAL
    sys.exit(code)


def _entry_check() -> None:
    run(check_main)
