"""Playthrough guard: a whole seeded match, rendered as text, must match the saved transcript.

What this guards, and why.  ``Match.new(2026)`` is played to its end with every choice (the
three cards each seat passes, the card played from the legal set) made by
``random.Random(2026)``.  The run is written out as readable text: every deal, pass, legal
set, card, trick winner and point, hand score, running total and the winners.  Any change
to deals, pass directions, legality, trick taking, scoring or the end of the match changes
some line of it, so an *unintended* behaviour change cannot slip through a refactor
unnoticed (OpenSpiel keeps playthrough files for the same reason).

When a change is intended, regenerate the file deliberately and review the diff::

    UPDATE_TRANSCRIPT=1 .venv/bin/python -m pytest tests/test_transcript.py
    git diff tests/data/transcript_seed_2026.txt

The test never writes the file on its own: a missing file is a failure, and with ``CI`` set
in the environment it refuses to rewrite it even when asked.
"""

from __future__ import annotations

import difflib
import os
import random
from pathlib import Path

import pytest

from hearts_core import CARDS_IN_PASS, Match, PassDirection, Phase, format_cards, seat_name

SEED = 2026
TRANSCRIPT = Path(__file__).parent / "data" / f"transcript_seed_{SEED}.txt"
REGENERATE = f"UPDATE_TRANSCRIPT=1 .venv/bin/python -m pytest tests/{Path(__file__).name}"
SEATS = range(4)


def _seats(values: tuple[int, ...]) -> str:
    return "  ".join(f"{seat_name(seat)} {value}" for seat, value in zip(SEATS, values, strict=True))


def _points(points: int) -> str:
    return "1 point" if points == 1 else f"{points} points"


def render_match(seed: int = SEED) -> str:
    """Play the seeded match with seeded random choices and describe every step as text."""
    rng = random.Random(seed)
    match = Match.new(seed)
    lines = [
        f"# Hearts Lessons transcript: Match.new({seed}), every choice made by random.Random({seed}).",
        f"# Checked by tests/{Path(__file__).name}; regenerate deliberately with: {REGENERATE}",
        f"rules: {match.rules}",
    ]
    while True:
        hand = match.hand
        lines += ["", f"== Hand {match.hand_number}: pass {hand.pass_direction.value} =="]
        lines += ["deal:", *(f"  {seat_name(seat):<5}{format_cards(hand.dealt(seat))}" for seat in SEATS)]
        if hand.phase is Phase.PASSING:
            for seat in SEATS:
                hand.pass_cards(seat, rng.sample(hand.hand(seat), CARDS_IN_PASS))
            lines.append("passes:")
            for seat in SEATS:
                receiver = seat_name(hand.pass_direction.receiver(seat))
                lines.append(f"  {seat_name(seat):<5}-> {receiver:<5}{format_cards(hand.passed(seat) or ())}")
            lines += ["after passing:", *(f"  {seat_name(seat):<5}{format_cards(hand.hand(seat))}" for seat in SEATS)]
        else:
            assert hand.pass_direction is PassDirection.HOLD
            lines.append("passes: none (hold hand)")

        while hand.phase is Phase.PLAYING:
            mover, legal = hand.to_move, hand.legal_plays()
            assert mover is not None
            if not hand.current_trick:
                lines.append(f"trick {len(hand.tricks) + 1}, {seat_name(mover)} leads:")
            card = rng.choice(legal)
            broken = hand.hearts_broken
            trick = hand.play(card)
            note = "  (breaks hearts)" if hand.hearts_broken and not broken else ""
            lines.append(f"  {seat_name(mover):<5}{card!s:<4} legal: {format_cards(legal)}{note}")
            if trick is not None:
                best = trick.played_by(trick.winner)
                lines.append(f"  -> {seat_name(trick.winner)} takes it with {best}: {_points(trick.points)}")

        lines.append(f"points taken: {_seats(hand.points_taken)}")
        if hand.moon_shooter is not None:
            lines.append(f"{seat_name(hand.moon_shooter)} shot the moon")
        lines.append(f"hand score:   {_seats(hand.scores)}")
        lines.append(f"totals:       {_seats(match.totals)}")
        if match.is_over:
            break
        match.next_hand()

    winners = match.winners or ()
    lines += [
        "",
        f"== Match over after {match.hand_number} hands ==",
        f"final totals: {_seats(match.totals)}",
        f"winner{'s' if len(winners) > 1 else ''}: {', '.join(seat_name(seat) for seat in winners)}",
    ]
    return "\n".join(lines) + "\n"


def _mismatch_report(expected: list[str], actual: list[str]) -> str:
    first = next(
        (number for number, (old, new) in enumerate(zip(expected, actual, strict=False), start=1) if old != new),
        min(len(expected), len(actual)) + 1,
    )
    diff = list(difflib.unified_diff(expected, actual, "saved transcript", "this run", n=3, lineterm=""))
    shown = diff[:80] + ([f"... {len(diff) - 80} more diff lines"] if len(diff) > 80 else [])
    return (
        f"{TRANSCRIPT.name} no longer matches the engine's play of seed {SEED}: first difference at line {first} "
        f"(saved {len(expected)} lines, now {len(actual)}).\n"
        "If the engine change was intended, regenerate and review the file:\n"
        f"    {REGENERATE}\n\n" + "\n".join(shown)
    )


def test_seeded_match_matches_the_saved_transcript() -> None:
    actual = render_match()
    if os.environ.get("UPDATE_TRANSCRIPT"):
        if os.environ.get("CI"):
            pytest.fail("refusing to rewrite the saved transcript in CI; regenerate it locally and commit it")
        TRANSCRIPT.parent.mkdir(parents=True, exist_ok=True)
        TRANSCRIPT.write_text(actual, encoding="utf-8", newline="\n")
        pytest.skip(f"rewrote {TRANSCRIPT}; review `git diff` before committing it")
    if not TRANSCRIPT.exists():
        pytest.fail(f"{TRANSCRIPT} is missing; it must be committed. Generate it with:\n    {REGENERATE}")
    # splitlines() keeps the comparison blind to a checkout's line-ending conversion.
    expected = TRANSCRIPT.read_text(encoding="utf-8").splitlines()
    if expected != actual.splitlines():
        pytest.fail(_mismatch_report(expected, actual.splitlines()), pytrace=False)


def test_the_seeded_match_is_long_enough_to_guard_the_whole_pass_cycle() -> None:
    # The transcript is only as good as its seed: it must reach every pass direction and
    # start the cycle over, or a regression in the cycle would not show in it.
    text = render_match()
    for direction in ("left", "right", "across", "hold"):
        assert f": pass {direction} ==" in text
    assert "== Hand 5: pass left ==" in text
    assert "== Match over after" in text
