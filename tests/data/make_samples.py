"""Regenerate the sample match records in ``tests/data``: ``python tests/data/make_samples.py``.

Every sample is built through the engine from seeded random players, so running this
script again writes byte-identical files (``tests/test_records.py`` checks that the
committed files are still what this script produces).

* ``valid_match.json``: a real finished match, played to a lowered target of 30 so that it
  ends after two hands (hand 1 passes left, hand 2 right).  Every action is legal.
* ``mistakes.json``: four hands dealt from one seed, with illegal plays planted in three of
  them by replacing one card of an otherwise legal play sequence:

  - hand 1 (left): a seat that holds the led suit plays another suit (``must_follow_suit``);
    the rest of the hand's plays follow unchanged, so the checker must stop at the mistake.
  - hand 2 (right): on the first trick a seat void in clubs discards ♠Q while it still holds
    a card without points (``no_points_on_first_trick``).
  - hand 3 (across): a complete, legal hand.
  - hand 4 (hold): the leader of trick 2 leads a heart before hearts are broken while it
    holds other suits (``hearts_not_broken``); the record stops at that play.

* ``mid_hand.json``: a saved match stopped in the middle of trick 2 of hand 1.
* ``mid_pass.json``: a saved match stopped during the passing of hand 1 (seats 0 and 2
  have passed; seats 1 and 3 have not).
"""

from __future__ import annotations

import itertools
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hearts_core import (
    CARDS_IN_PASS,
    QUEEN_OF_SPADES,
    Card,
    HandState,
    Match,
    PassDirection,
    Phase,
    Reason,
    Rules,
    Suit,
    card_points,
    deal_hands,
)
from hearts_core.records import dump_record

DATA = Path(__file__).resolve().parent

VALID_TARGET = 30
"""The lowered match target of ``valid_match.json``, so that a real match stays short."""


def random_pass(state: HandState, seat: int, rng: random.Random) -> tuple[Card, ...]:
    """Three random cards of ``seat``'s hand."""
    return tuple(rng.sample(state.hand(seat), CARDS_IN_PASS))


def club_shedding_pass(state: HandState, seat: int, rng: random.Random) -> tuple[Card, ...]:
    """Pass clubs first (never ♠Q), so that seats often end up void in clubs."""
    hand = state.hand(seat)
    clubs = [card for card in hand if card.suit is Suit.CLUBS]
    others = [card for card in hand if card.suit is not Suit.CLUBS and card is not QUEEN_OF_SPADES]
    chosen = clubs[:CARDS_IN_PASS]
    chosen += rng.sample(others, CARDS_IN_PASS - len(chosen))
    return tuple(chosen)


def pass_all(state: HandState, rng: random.Random,
             chooser: Callable[[HandState, int, random.Random], tuple[Card, ...]] = random_pass) -> None:
    """Every seat passes (nothing happens on a hold hand)."""
    if state.phase is Phase.PASSING:
        for seat in range(4):
            state.pass_cards(seat, chooser(state, seat, rng))


def play_out(state: HandState, rng: random.Random) -> None:
    """Play random legal cards to the end of the hand."""
    while state.phase is Phase.PLAYING:
        state.play(rng.choice(state.legal_plays()))


def finished_match() -> str:
    """The first seeded match that a random player finishes in exactly two hands."""
    rules = Rules(target=VALID_TARGET)
    for seed in itertools.count(1):
        rng = random.Random(seed)
        match = Match.new(seed, rules)
        while True:
            pass_all(match.hand, rng)
            play_out(match.hand, rng)
            if match.is_over or match.hand_number == 2:
                break
            match.next_hand()
        if match.is_over and match.hand_number == 2:
            return match.to_json()
    raise AssertionError("unreachable")  # pragma: no cover


def _plant_off_suit(state: HandState, rng: random.Random, from_trick: int) -> tuple[list[str], int] | None:
    """Play legally; at the first chance from ``from_trick`` on, note an off-suit card instead.

    Returns the plays (the planted card in place of the legal one) and the planted position.
    """
    planted: tuple[int, Card] | None = None
    while state.phase is Phase.PLAYING:
        trick, hand = state.current_trick, state.hand(state.to_move or 0)
        if planted is None and len(state.tricks) + 1 >= from_trick and trick:
            led = trick[0].suit
            off_suit = [card for card in hand if card.suit is not led]
            if off_suit and any(card.suit is led for card in hand):
                assert state.explain(off_suit[0]).reason is Reason.MUST_FOLLOW_SUIT
                planted = (len(state.plays), off_suit[0])
        state.play(rng.choice(state.legal_plays()))
    if planted is None:
        return None
    plays = [str(card) for _, card in state.plays]
    plays[planted[0]] = str(planted[1])
    return plays, planted[0]


def _plant_queen_on_first_trick(state: HandState, rng: random.Random) -> list[str] | None:
    """Play legally; have a club-void seat holding ♠Q and a pointless card discard ♠Q on trick 1."""
    planted: int | None = None
    while state.phase is Phase.PLAYING:
        seat = state.to_move or 0
        hand = state.hand(seat)
        if (planted is None and state.first_trick and state.current_trick and QUEEN_OF_SPADES in hand
                and not any(card.suit is Suit.CLUBS for card in hand)
                and any(card_points(card) == 0 for card in hand)):
            assert state.explain(QUEEN_OF_SPADES).reason is Reason.NO_POINTS_ON_FIRST_TRICK
            planted = len(state.plays)
        state.play(rng.choice(state.legal_plays()))
    if planted is None:
        return None
    plays = [str(card) for _, card in state.plays]
    plays[planted] = str(QUEEN_OF_SPADES)
    return plays


def _plant_early_heart_lead(state: HandState, rng: random.Random) -> list[str] | None:
    """Play trick 1 legally; the leader of trick 2 then leads a heart (the record stops there)."""
    while len(state.tricks) < 1:
        state.play(rng.choice(state.legal_plays()))
    hand = state.hand(state.to_move or 0)
    hearts = [card for card in hand if card.suit is Suit.HEARTS]
    if state.hearts_broken or not hearts or len(hearts) == len(hand):
        return None
    assert state.explain(hearts[0]).reason is Reason.HEARTS_NOT_BROKEN
    return [str(card) for _, card in state.plays] + [str(hearts[0])]


def mistakes() -> str:
    """Four hands of one seed with the mistakes described in the module docstring."""
    for seed in itertools.count(1):
        rng = random.Random(seed)
        states = [HandState.new(deal_hands(seed, n), PassDirection.for_hand(n)) for n in range(1, 5)]
        hands: list[dict[str, Any]] = []

        pass_all(states[0], rng)
        hand_1 = _plant_off_suit(states[0], rng, from_trick=3)
        pass_all(states[1], rng, club_shedding_pass)
        hand_2 = _plant_queen_on_first_trick(states[1], rng)
        pass_all(states[2], rng)
        play_out(states[2], rng)
        hand_4 = _plant_early_heart_lead(states[3], rng)
        if hand_1 is None or hand_2 is None or hand_4 is None:
            continue
        for state, plays in zip(states, (hand_1[0], hand_2, None, hand_4), strict=True):
            record = state.to_record()
            if plays is not None:
                record["plays"] = plays
            hands.append(record)
        return dump_record(Rules(), hands, seed=seed)
    raise AssertionError("unreachable")  # pragma: no cover


def mid_hand(seed: int = 11) -> str:
    """A saved match in the middle of trick 2 of its first hand."""
    rng = random.Random(seed)
    match = Match.new(seed)
    pass_all(match.hand, rng)
    for _ in range(6):
        match.play(rng.choice(match.legal_plays()))
    return match.to_json()


def mid_pass(seed: int = 12) -> str:
    """A saved match during the passing of its first hand: seats 0 and 2 have passed."""
    rng = random.Random(seed)
    match = Match.new(seed)
    for seat in (2, 0):
        match.pass_cards(seat, random_pass(match.hand, seat, rng))
    return match.to_json()


SAMPLES: dict[str, Callable[[], str]] = {
    "valid_match.json": finished_match,
    "mistakes.json": mistakes,
    "mid_hand.json": mid_hand,
    "mid_pass.json": mid_pass,
}
"""File name in ``tests/data`` -> the function that builds its text."""


def main() -> int:
    """Write every sample file (UTF-8, with a final newline)."""
    for name, build in SAMPLES.items():
        text = build()
        json.loads(text)  # sanity: the text is JSON
        (DATA / name).write_text(text + "\n", encoding="utf-8")
        print(f"wrote {DATA / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
