"""Shared helpers for the engine tests (imported as tests.support)."""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from types import ModuleType

from hypothesis import settings

from hearts_core import Card, HandState, Phase, Rules, parse_cards
from hearts_core.bots import make_bot
from hearts_core.match import Match, deal_hands
from hearts_core.puzzle_records import PositionRecord
from hearts_core.puzzles import Puzzle, PuzzleAnswer, load_puzzles, puzzle_from_data
from hearts_core.review import HandReview

# Deals that sort the deck by suit, so voids show from the first trick. Here you hold ♣2
# and twelve diamonds, CPU1 the other clubs and ♦9, CPU2 every heart, CPU3 every spade.
SUIT_PER_SEAT_DEAL = (
    "♣2 ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦8 ♦10 ♦J ♦Q ♦K ♦A",
    "♣3 ♣4 ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K ♣A ♦9",
    "♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q ♥K ♥A",
    "♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K ♠A",
)
# Here you hold ♣2 ♣3 and eleven diamonds, CPU1 the other clubs with ♦K ♦A, CPU2 every
# spade, CPU3 every heart.
TWO_CLUB_DEAL = (
    "♣2 ♣3 ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦8 ♦9 ♦10 ♦J ♦Q",
    "♣4 ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K ♣A ♦K ♦A",
    "♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K ♠A",
    "♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q ♥K ♥A",
)


CITED_PUZZLES = Path(__file__).parent / "cited_puzzles.json"


def cited_puzzle(identifier: str) -> Puzzle:
    """A puzzle an issue cites, as it shipped then (``tests/cited_puzzles.json``), not as the set now holds it."""
    records = json.loads(CITED_PUZZLES.read_text(encoding="utf-8"))["puzzles"]
    return puzzle_from_data(next(record for record in records if record["id"] == identifier))


@cache
def shipped_answers() -> tuple[tuple[Puzzle, HandState, Card, PuzzleAnswer], ...]:
    """Every answer (each legal card) of every shipped puzzle, with its position: checked once per test run, for
    the meaning checker (tests/test_meanings.py) and the idea test (tests/test_puzzles.py) alike."""
    found: list[tuple[Puzzle, HandState, Card, PuzzleAnswer]] = []
    for puzzle in load_puzzles():
        state = puzzle.state()
        found += [(puzzle, state, card, puzzle.check(card)) for card in state.legal_plays()]
    return tuple(found)


def cards(text: str) -> tuple[Card, ...]:
    """Shorthand: ``cards("♣3 ♣A")``."""
    return parse_cards(text)


def texts(items: tuple[Card, ...] | list[Card]) -> list[str]:
    """Cards as house-notation strings, for readable assertions."""
    return [str(card) for card in items]


def after_plays(
    deal: Sequence[str | Sequence[Card]], plays: Sequence[str], rules: Rules | None = None
) -> HandState:
    """A hold hand dealt as ``deal`` after ``plays``, in turn order."""
    state = HandState.new(deal, "hold", rules)
    for card in plays:
        state.play(card)
    return state


def load_module(name: str, path: Path) -> ModuleType:
    """The Python file at ``path`` imported as module ``name`` (a script, or a file beside its package's copy)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def examples(share: float) -> settings:
    """Hypothesis settings for ``share`` of the active profile's examples (conftest.py), at least one.

    For a property whose examples cost far more (whole hands checked at every card) or far
    less (a parse of a few characters) than the others': its count still follows the
    profile, so a ``thorough`` run scales it with the rest.  Read when the test module is
    imported, after conftest.py has loaded the profile.
    """
    return settings(max_examples=max(1, round(settings().max_examples * share)))


def played_hand(seed: int = 3, plays: int = 18) -> HandState:
    """A hold hand the sound players have played ``plays`` cards into."""
    state = HandState.new(deal_hands(seed=seed, hand_number=4), "hold")
    bots = [make_bot("normal", seed=seat) for seat in range(4)]
    for _ in range(plays):
        mover = state.to_move
        assert mover is not None
        state.play(bots[mover].choose_play(state.view(mover)))
    return state


def second_opinion_agrees(record: PositionRecord, better: Card, played: Card) -> bool:
    """A stand-in for the review's outside judge that confirms every costly play (``review_hand(outside=...)``).

    For tests of what the review says of its findings (the words, their facts, their grouping):
    without an outside judge the review leaves out every costly play before the last tricks, and
    OpenSpiel's IS-MCTS would add most of a second per play to each test. What the second opinion
    decides is tested in tests/test_review.py.
    """
    return True


def review_left_out(hand: HandState, seat: int) -> HandReview:
    """A stand-in for the match page's reviewer that finds no costly play and counts every play as judged.

    The root conftest.py puts it in place of :func:`widgets.match.advice.kernel_review` for every
    test not marked ``real_review``: the hard player's search over every decision and OpenSpiel's
    IS-MCTS cost about 1.5 CPU-seconds a finished hand, which was most of the time of the tests of
    the match page that are about something else (saving, scores, the history, the screens).  The
    review itself is tested in tests/test_review.py, tests/test_match_advice.py and, on the page,
    by the tests marked ``real_review`` (and in every browser test, whose kernels review for real).
    """
    plays = sum(1 for player, _ in hand.plays if player == seat)
    return HandReview(seat, (), plays, hand.points_taken[seat], shot_moon=hand.is_over and hand.moon_shooter == seat,
                      moon_subtracts=hand.rules.moon_subtracts)


def careless_hand(seed: int) -> HandState:
    """A match's first hand: passes by the sound players, then seat 0 playing as an easy player (it errs,
    so a review has mistakes to find) against sound ones."""
    match = Match.new(seed)
    for seat in range(4):
        match.pass_cards(seat, make_bot("normal", seed=seat).choose_pass(match.view(seat)))
    while match.phase is Phase.PLAYING:
        mover = match.to_move
        assert mover is not None
        match.play(make_bot("easy" if mover == 0 else "normal", seed=seed).choose_play(match.view(mover)), seat=mover)
    return match.hand
