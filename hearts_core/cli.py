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
* ``--position RECORD HAND PLAY`` prints one line, the position before that play in the
  notation of ``docs/notation.md`` (seen by the seat to move), so a script can take it as
  it is.  Exit 0 with the line; 1 when an earlier play of that hand is illegal, so the
  position is never reached (the checker's line for that play on standard error); 2 for
  an unreadable record or a hand or play it does not have.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn, TextIO, TypeVar

from hearts_core.errors import HeartsError, InvalidPositionError, quote_input
from hearts_core.match import Match
from hearts_core.notation import format_position
from hearts_core.records import MAX_RECORD_BYTES, check_record, load_record, replay_to
from hearts_core.review import MatchReview, review_hand
from hearts_core.rules import CARDS_IN_PASS, SEATS
from hearts_core.state import PassDirection, Phase, seat_name

T = TypeVar("T")

__all__ = ["OneLineParser", "check_file", "check_main", "emit", "main", "position_file"]

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


def _read(path: str, reader: Callable[[bytes], T]) -> T | str:
    """The record file at ``path`` read by ``reader``, or the one line saying why it cannot be."""
    try:
        text = read_record_file(path)
    except OSError as error:
        return f"cannot read the file: {error.strerror or error}"
    try:
        return reader(text)
    except HeartsError as error:
        return f"not a valid hearts-record/1 file: {error}"


def check_file(path: str, prog: str = "hearts-check", review_seat: int | None = None) -> int:
    """Check one record file, print what was found, return the exit code.

    With ``review_seat``, each hand's costly plays for that seat follow the check, in words.
    """
    _friendly_streams()
    shown = _shown(path)
    report = _read(path, check_record)
    if isinstance(report, str):
        return emit([], [f"{shown}: {report}"], EXIT_INVALID, prog)
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


def position_file(path: str, hand: int, play: int, prog: str = "hearts-check") -> int:
    """Print the position before play ``play`` of hand ``hand`` (both from 1) of a record file; return the exit code."""
    _friendly_streams()
    shown = _shown(path)
    record = _read(path, load_record)
    if isinstance(record, str):
        return emit([], [f"{shown}: {record}"], EXIT_INVALID, prog)
    try:
        state, problem = replay_to(record, hand, play)
    except InvalidPositionError as error:
        return emit([], [f"{shown}: no such position: {error}"], EXIT_INVALID, prog)
    if problem is not None:
        never = f"(the position before play {play} comes after this illegal play, so it is never reached)"
        return emit([], [f"{shown}: {problem.describe()} {never}"], EXIT_ILLEGAL, prog)
    mover = state.to_move
    assert mover is not None  # replay_to stops before a play, and a play has a seat to make it
    return emit([format_position(state.view(mover))], [], EXIT_LEGAL, prog)


def _add_check_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", nargs="?", help="path to the record (JSON)")
    parser.add_argument("--review", action="store_true", help="also print each hand's costly plays for --seat")
    parser.add_argument("--seat", type=int, choices=SEATS, default=0, help="seat to review, 0 (You) to 3")
    parser.add_argument(
        "--position", nargs=3, metavar=("RECORD", "HAND", "PLAY"),
        help="instead of checking, print the position before play PLAY of hand HAND (both from 1), "
        "seen by the seat to move, in the notation of docs/notation.md",
    )


def _run_check(parser: argparse.ArgumentParser, args: argparse.Namespace, prog: str) -> int:
    """Check a record, or print a position with ``--position``, as the parsed arguments ask."""
    if args.position is None:
        if args.record is None:
            parser.error("the following arguments are required: record (or --position RECORD HAND PLAY)")
        return check_file(args.record, prog, review_seat=args.seat if args.review else None)
    if args.record is not None:
        parser.error(f"give a record to check or --position RECORD HAND PLAY, not both (also {args.record!r})")
    if args.review:
        parser.error("--review checks a whole record; it does not go with --position")
    path, *numbers = args.position
    hand, play = (_counted(parser, name, value) for name, value in zip(("HAND", "PLAY"), numbers, strict=True))
    return position_file(path, hand, play, prog)


def _counted(parser: argparse.ArgumentParser, name: str, value: str) -> int:
    """A hand or play number as typed: a whole number from 1."""
    if not (value.isascii() and value.isdigit() and 0 < len(value) <= 6 and int(value) >= 1):
        parser.error(f"--position {name} is a whole number from 1, not {quote_input(value)}")
    return int(value)


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
    _add_check_arguments(check)
    show = commands.add_parser("demo", help="narrate one seeded hand of random legal play")
    show.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.command == "check":
        return _run_check(check, args, "python -m hearts_core check")
    return demo(args.seed)


def check_main(argv: Sequence[str] | None = None) -> int:
    """``hearts-check RECORD.json`` (``--review``, ``--seat N``), or ``hearts-check --position RECORD HAND PLAY``."""
    parser = OneLineParser(
        prog="hearts-check",
        description=f"Replay a hearts-record/1 file (at most {MAX_RECORD_BYTES // 1024 // 1024} MiB) "
        "and report illegal actions, or print the position before one of its plays.",
    )
    _add_check_arguments(parser)
    args = parser.parse_args(argv)
    return _run_check(parser, args, "hearts-check")


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
