"""The meaning checker (tests/meanings.py) reads the shipped words as a reader would: 0 false.

* Planted failures first: for every pattern the checker knows, a false sentence on a real
  position is caught (a true sentence of the shipped words with one card, seat, number or suit
  changed, or one written here for the seldom said), and the sentences whose licensing fact is
  narrower than their words (the retired "{card} is the highest {suit} left" said while the seat
  holds a higher one, "a player after you may still go higher" said by the last to play, "♠Q has
  already been played" while it lies in this trick) fail it where the narrower sentence holds.
* Then every answer text of every shipped puzzle, every legal card (about 3,500 texts, two
  seconds: read whole in every run), the coach's pass reasons on 1,200 passes (half a second:
  every run), its play reasons on seeded positions (a sample in an ordinary run, the claims
  audit's 470 play positions and 40 moon positions with ``--thorough``) and the review's
  entries and summaries on a random player's hands, each entry at the position where the play
  was made.
* The false sentences the checker found in the shipped words are kept, each exactly, as strict
  expected failures: the words belong to other modules (docs/meanings.md, "Findings").
"""

from __future__ import annotations

import ast
import random
import re
import time
from collections.abc import Iterable
from pathlib import Path

import pytest

from hearts_core import HandState, deal_hands
from hearts_core.bots import make_bot
from hearts_core.cards import DECK, Card, parse_cards, to_card
from hearts_core.coach import Recommendation, position_seed, recommend
from hearts_core.difference import PLAY_OUT_DEALS, parting, showcase
from hearts_core.puzzles import Puzzle, load_puzzles
from hearts_core.review import review_hand
from hearts_learner.puzzle_store import PuzzleStore
from tests import meanings
from tests.meanings import MEANINGS, SHOW_MEANINGS, Reading, false_claims, read, read_show, recognise
from tests.support import careless_hand, cited_puzzle, second_opinion_agrees, shipped_answers
from tests.test_coach_claims import (
    AUDIT_MOON,
    AUDIT_POSITIONS,
    BUDGET,
    deal_positions,
    moon_positions,
    reviewed_hands,
)
from widgets.puzzles.flow import PuzzleFlow
from widgets.puzzles.payloads import layout_payload, showcase_payload

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_SEED = "meanings sample"
SAMPLE_DEALS = 5
"""Seeded deals of the claims audit the ordinary run asks the coach about (about 25 positions) ..."""
SAMPLE_MOON = 4
"""... and moon positions, of the audit's 40."""
REVIEWED = 6
SAMPLE_REVIEWED = 1
PASSING_SEEDS = (700, 701, 702, 703)
"""Deals of the passing hands reviewed with ``--thorough`` (an ordinary run: 701 alone)."""

RETIRED_AND_SEARCH = {"retired: highest left, lead", "retired: highest left, discard", "retired: highest left, played",
                      "speaks of the search"}


# ------------------------------------------------------------ the checker is a second one


def test_the_checker_shares_no_code_with_the_facts_or_the_coachs_words() -> None:
    tree = ast.parse((ROOT / "tests" / "meanings.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert imported, "the checker imports something"
    forbidden = {name for name in imported
                 if name.startswith(("hearts_core.facts", "hearts_core.coach", "hearts_core.pass_facts",
                                     "hearts_core.puzzles", "hearts_core.review"))}
    assert not forbidden, forbidden
    assert {name for name in imported if name.startswith("hearts_core")} <= {"hearts_core.cards", "hearts_core.state"}


def test_every_pattern_the_checker_knows_has_its_written_meaning_in_the_docs() -> None:
    doc = (ROOT / "docs" / "meanings.md").read_text(encoding="utf-8")
    names = [item.name for item in MEANINGS]
    assert len(names) == len(set(names)) >= 40
    missing = [name for name in names if f"**{name}**" not in doc]
    assert not missing, missing


# ------------------------------------------------------------ planted failures


def deal(mine: str, fourth: str = "") -> list[tuple[Card, ...]]:
    """A deal giving seat 0 ``mine`` and seat 3 ``fourth``; the rest of the deck dealt round seats 1 to 3."""
    hand, last = parse_cards(mine), parse_cards(fourth)
    rest = [card for card in DECK if card not in hand and card not in last]
    seats: list[list[Card]] = [list(hand), [], [], list(last)]
    for card in rest:
        seat = min((1, 2, 3), key=lambda other: (len(seats[other]), other))
        seats[seat].append(card)
    return [tuple(cards) for cards in seats]


def played(hands: list[tuple[Card, ...]], plays: str) -> HandState:
    state = HandState.new(hands, "hold")
    for card in parse_cards(plays):
        state.play(card)
    return state


def leading_with_diamonds() -> HandState:
    """Seat 0 leads trick two holding ♦9 to ♦A: no one else holds a diamond above ♦9, but ♦Q is above it."""
    hands = deal("♣A ♦9 ♦10 ♦J ♦Q ♦K ♦A ♠2 ♠3 ♠4 ♥2 ♥3 ♥4", "♣2")
    state = HandState.new(hands, "hold")
    while state.to_move != 0 or state.current_trick:
        state.play("♣A" if state.to_move == 0 else state.legal_plays()[0])
    assert not state.current_trick and len(state.tricks) == 1
    return state


def test_the_highest_left_is_false_while_the_seat_holds_a_higher_one_where_no_one_else_is_true() -> None:
    state = leading_with_diamonds()
    narrow = ("No one else holds a diamond above ♦9, so it takes this trick, with any points played to it, and you "
              "lead the next one.")
    assert false_claims(narrow, state, 0) == []
    for wide in ("♦9 is the highest diamond left, so it takes this trick: nobody can play above it.",
                 "♦9 is the highest diamond left, so it takes the trick, and any points thrown on it."):
        assert false_claims(wide, state, 0) == [wide]
    assert false_claims("♦A is the highest diamond left, so it takes this trick: nobody can play above it.",
                        state, 0) == []


def test_a_player_after_you_is_false_said_to_the_last_to_play() -> None:
    hands = deal("♣9 ♣K ♦2 ♦3 ♦4 ♦5 ♠2 ♠3 ♠4 ♠5 ♥2 ♥3 ♥4")
    state = HandState.new(hands, "hold")
    while state.to_move != 0:
        state.play(state.legal_plays()[0])
    top = max(state.current_trick, key=lambda card: card.rank)
    words = (f"All your clubs are above {top}, so play ♣9, your lowest: a player after you may still go higher and "
             "take the trick.")
    assert len(state.current_trick) == 3
    assert false_claims(words, state, 0) == [words]


def spade_trick_with_the_queen_in_it() -> HandState:
    """Trick two is spades, led with ♠Q by CPU3: ♠Q lies in the trick when seat 0, holding ♠K and ♠A, is to play."""
    hands = deal("♣3 ♠K ♠A ♦2 ♦3 ♦4 ♦5 ♦6 ♥2 ♥3 ♥4 ♥5 ♥6", "♣A ♠Q")
    state = HandState.new(hands, "hold")
    while len(state.plays) < 4:
        state.play({3: "♣A", 0: "♣3"}.get(state.to_move or 0) or state.legal_plays()[0])
    assert state.to_move == 3
    state.play("♠Q")
    return state


def test_the_queen_already_played_is_false_while_it_lies_in_this_trick() -> None:
    state = spade_trick_with_the_queen_in_it()
    assert to_card("♠Q") in state.current_trick, state.current_trick
    words = "♠Q has already been played, so ♠K can take this spade trick without catching it."
    assert false_claims(words, state, 0) == [words]


def test_the_coach_never_says_the_queen_is_gone_while_it_lies_in_this_trick() -> None:
    # Found by this checker: QueenGone counted the trick in progress as played.
    state = spade_trick_with_the_queen_in_it()
    reason = recommend(state.view(0), time_budget=0.05).reason
    assert false_claims(reason, state, 0) == [], reason


def test_a_reason_that_speaks_of_the_search_claims_nothing_a_reader_can_check() -> None:
    state = leading_with_diamonds()
    words = "The search finds your cards strong enough to try for the moon, so play ♦A and keep taking tricks."
    assert false_claims(words, state, 0) == [words]


SUIT_TOKENS = ("clubs", "diamonds", "spades", "hearts", "club", "diamond", "spade", "heart")
TOKEN = re.compile(rf"{meanings.CARD}|{meanings.SEAT}|\b\d+\b|\b(?:{'|'.join(SUIT_TOKENS)})\b")


def variants(sentence: str) -> list[str]:
    """The sentence with one card, seat or number changed at a time: most are false somewhere."""
    found: list[str] = []
    for match in TOKEN.finditer(sentence):
        token = match.group()
        if re.fullmatch(meanings.CARD, token):
            swaps = [str(card) for card in DECK]
        elif re.fullmatch(meanings.SEAT, token):
            swaps = ["You", "CPU1", "CPU2", "CPU3"]
        elif token in SUIT_TOKENS:
            swaps = [word for word in SUIT_TOKENS if word.endswith("s") == token.endswith("s")]
        else:
            swaps = [str(number) for number in range(30)]
        found += [sentence[:match.start()] + swap + sentence[match.end():] for swap in swaps if swap != token]
    return found


def test_every_meaning_catches_a_false_sentence_on_a_real_position(true_examples: Examples) -> None:
    """For each pattern, a true sentence of the shipped words with a card, seat, number or suit changed is caught."""
    caught: dict[str, str] = {}
    for name, (sentence, state, seat, later, passing, totals) in true_examples.items():
        for variant in variants(sentence):
            found = recognise(variant)
            if found is None or found[0].name != name:
                continue
            reading = Reading()
            read(variant, state, seat, reading, later=later, passing=passing, totals=totals)
            if reading.false:
                caught[name] = variant
                break
    uncaught = sorted(set(true_examples) - set(caught))
    assert not uncaught, uncaught
    seen = (set(true_examples) | RETIRED_AND_SEARCH | set(HAND_PLANTED) | set(FINISHED_PLANTED) | set(PASS_PLANTED)
            | set(MATCH_PLANTED))
    unseen = sorted({item.name for item in MEANINGS} - seen)
    assert not unseen, f"no true example and no planted failure for {unseen}"


def assert_caught(words: str, name: str, state: HandState, *, later: HandState | None = None,
                  passing: tuple[Card, ...] = (), totals: tuple[int, ...] | None = None) -> None:
    """``words`` are recognised as pattern ``name`` and read false of seat 0 at ``state``."""
    found = recognise(words)
    assert found is not None and found[0].name == name
    reading = Reading()
    read(words, state, 0, reading, later=later, passing=passing, totals=totals)
    assert reading.false == [words]


MATCH_WORKED = "2026-400074-42"
"""Lesson 21's worked position: You 41 + 4, CPU1 67 + 1, CPU2 97 + 4 (the match ends), CPU3 36, the lowest; You hold
♠7 ♠Q ♠K, void in CPU2's diamond lead."""
MATCH_PLANTED = {
    "the match ends": (
        "This hand ends the match: CPU1 had 67 before it and has taken 1 in it, 68 in "
        "all, so only the order of the totals at the end counts now."
    ),
    "behind the leader": (
        "Counting this hand's points so far, you have 45 and CPU1 68, the lowest: to win, "
        "you must end the match below CPU1, so every point on CPU1 counts for you and "
        "every point on you against you."
    ),
    "leading the match": (
        "Counting this hand's points so far, you lead with 45 and CPU3 is closest behind "
        "with 36: your own points matter only as far as they let someone end below you."
    ),
    "level at the top": (
        "Counting this hand's points so far, you and CPU3 both have 45, the lowest: "
        "whoever of you takes fewer points from here ends the match below the other."
    ),
    "more on the rival": (
        "In the deals played out, ♠Q puts about 13 points more on CPU1 than ♠7 does, and "
        "no more on you."
    ),
    "overtaken more often": (
        "After ♠7, CPU3 ends the match with a total below yours or level with it in about "
        "10 of 100 deals played out; after ♠Q, in about 40."
    ),
    "match figure, next best": (
        "With ♠Q you win the match in about 20 of 100 deals played out; with ♠7, the next "
        "best, in about 40."
    ),
    "match figure, the card was": (
        "With ♠7 you win the match in about 60 of 100 deals played out; ♠Q wins it in "
        "about 40."
    ),
    "match figure, equally good": (
        "♠Q and ♥2 are about equally good for the match: you win it in about 50 of 100 "
        "deals played out with ♠Q and in about 48 with ♥2, a difference the deals cannot "
        "tell apart."
    ),
    "shared wins": (
        "You tie for the lowest total, and share the win, in about 0 of 100 deals played "
        "out with ♠Q and in about 0 with ♠7."
    ),
}
"""A false sentence of each match pattern on the worked position (a wrong seat, number or card)."""


@pytest.mark.parametrize("name", sorted(MATCH_PLANTED))
def test_a_false_match_sentence_is_caught(name: str) -> None:
    puzzle = next(item for item in load_puzzles() if item.id == MATCH_WORKED)
    assert_caught(MATCH_PLANTED[name], name, puzzle.state(), totals=puzzle.view().match_totals)


HAND_PLANTED = {
    # Patterns the sampled words seldom say, each planted false here, where seat 0 holds spades and
    # ♦2 to ♦6, ♠K ♠A and ♥2 to ♥6 and must follow CPU3's ♠Q in trick two.
    "any card": "You have no spades, so you may throw away any card.",
    "another suit": "You have no spades, so you may throw away a card of another suit.",
    "first trick discard": "You have no spades, and nobody may throw points on the first trick unless they hold "
                           "nothing else: a cheap moment to get rid of ♦2.",
    "only legal": "♠K is your only legal card, so play it.",
    "figure relative": "♦2 should cost you about 3 points more than ♠K by the end of the hand, but it leaves the "
                       "others with more: against their average you come out about 2 points better.",
    "figure same cost": "♠A and ♦2 should cost you about the same, but ♠A leaves the others with more: against their "
                        "average you come out about 2 points better.",
    "try for the moon": "No one else has taken a point yet and your ♥6 is above every heart the others hold: your "
                        "cards are strong enough to try for the moon, so play ♠A and aim to take every heart and ♠Q.",
    "review entry, repeated": "Tricks 1 and 2: played ♣3 and ♠K, better ♠A each time (one mistake, repeated: "
                              "expected to save about 3 points, counted once).",
    "review outcome": "In the game, ♠K took the trick and 13 points.",
    "verdict sound play": "Right: ♦2 is a sound play here.",
    "figure tie, both": "♠K and ♦2 are about equally good: with ♠K you should end the hand with about 13 points and "
                        "with ♦2 about 12 points, but the difference is smaller than the deals played out can tell "
                        "apart.",
    "parts at this trick": "Play ♠K rather than ♦2: in 3 of 10 deals played out, ♦2 takes this trick and its points, "
                           "which playing ♠K now avoids.",
    "figure tie, either": "♠K and ♠A are about equally good: with either you should end the hand with about 27 "
                          "points, and the difference is smaller than the deals played out can tell apart.",
    # False: the seat holds no club to take a later trick with.
    "another card takes later": "Play ♠K rather than ♠A: in 3 of 10 deals played out, playing ♠A now leaves your ♣9 "
                                "to take trick 5 and its points, which playing ♠K now avoids.",
}


@pytest.mark.parametrize("name", sorted(HAND_PLANTED))
def test_a_seldom_said_pattern_is_caught_when_false(name: str) -> None:
    state = spade_trick_with_the_queen_in_it()
    later = state.copy()
    later.play("♠A")  # the hand went on with ♠A, not ♠K
    while later.current_trick:
        later.play(later.legal_plays()[0])
    assert_caught(HAND_PLANTED[name], name, state, later=later)


FINISHED_PLANTED = {
    # The review's summary of a finished hand (a random player's), each planted false.
    "summary, costly pass": "Your pass was expected to cost you about 2 points, and the review found no costly "
                            "mistake among your 13 plays with a choice.",
    "summary, pass and mistakes": "Your pass and 14 costly mistakes among your 13 plays with a choice were expected "
                                  "to cost you about 9 points together.",
    "summary, no mistake": "The review found no costly mistake among your 14 plays with a choice; you took "
                           "no points in this hand.",
    "summary, left out": "12 earlier plays could not be checked by a second engine here, so they are left out.",
    "summary, points taken": "You took 27 points in this hand.",
    "summary, moon": "You shot the moon: everyone else takes 26.",
    "review pass entry": "Pass: passed ♣2, ♣3 and ♣4, better ♠Q, ♠A and ♥A (expected to save about 2 points).",
}


@pytest.mark.parametrize("name", sorted(FINISHED_PLANTED))
def test_a_seldom_said_summary_is_caught_when_false(name: str) -> None:
    hand = reviewed_hands(1)[0]
    assert hand.points_taken[0] < 26 and hand.passed(0) is None
    assert_caught(FINISHED_PLANTED[name], name, hand, later=hand)


PASS_PLANTED = {
    # A pass's sentences, planted false on a hand about to pass ♠A, ♥A and ♦A and keep ♠Q with ♠2 and ♠3.
    "catcher kept": "You kept ♠K with only 1 spade below ♠Q: it could be forced to win a spade trick that catches ♠Q.",
    "high cards kept": "You kept ♥2, a high card that could win a trick you do not want.",
    "pass the lowest, keep the high": "Passing ♣5, your lowest club, keeps your ♣A that could win a trick you do not "
                                      "want, and gives away a card you could play under others.",
    "queen kept, exposed": "You kept ♠Q with only 1 lower spade to hide behind: it is likely to be forced on you.",
    "queen passed, could have kept": "With 2 lower spades to hide behind, you could have kept ♠Q and dropped it on "
                                     "someone else later; passing it is safe, but it uses one of your three cards.",
    "pass a spade catcher anyway": "♠A could win a spade trick that catches ♠Q; with 2 spades below ♠Q it is less of "
                                   "a risk, but passing it is safe.",
}


@pytest.mark.parametrize("name", sorted(PASS_PLANTED))
def test_a_pass_sentence_is_caught_when_false(name: str) -> None:
    state = HandState.new(deal("♠2 ♠3 ♠Q ♠K ♠A ♣4 ♣5 ♣A ♦A ♥2 ♥3 ♥K ♥A"), "left")
    assert_caught(PASS_PLANTED[name], name, state, passing=parse_cards("♠A ♥A ♦A"))


def test_the_receiver_of_your_pass_is_caught_when_false() -> None:
    """Lesson 19's sentences, true of shipped positions and planted false: another seat named, a higher card left
    out, a card the seat did not pass, and "must" where the receiver holds a lower card of the suit too."""
    puzzles = {puzzle.id: puzzle for puzzle in load_puzzles()}
    # ♠K and ♠A, passed right to CPU3, are the only spades out; ♣A, passed to CPU3 too, is not the only club out.
    both, one = puzzles["2026-485-36"].state(), puzzles["2026-505-24"].state()
    must = ("CPU3 must beat ♠9: the 2 cards of its suit still out, ♠K and ♠A, are all ones you passed to them, so "
            "they have to play one.")
    only = "Only CPU3 can beat ♣K: the one higher card of its suit still out, ♣A, is one you passed to them."
    for words, state in ((must, both), (only, one)):
        reading = Reading()
        read(words, state, 0, reading)
        assert reading.recognised == 1 and not reading.false, words
    assert_caught(must.replace("CPU3", "CPU1"), "the receiver must beat it", both)
    assert_caught(only.replace("CPU3", "CPU2"), "only the receiver can beat it", one)
    assert_caught("Only CPU3 can beat ♠9: the one higher card of its suit still out, ♠A, is one you passed to them.",
                  "only the receiver can beat it", both)
    assert_caught("CPU3 must beat ♣K: the one card of its suit still out, ♣A, is one you passed to them, so they have "
                  "to play it.", "the receiver must beat it", one)
    # CPU3 alone holds a diamond above ♦J, and is still to play, but ♦K is no card of the seat's pass (♣9, ♣10, ♥5).
    assert_caught("Only CPU3 can beat ♦J: the one higher card of its suit still out, ♦K, is one you passed to them.",
                  "only the receiver can beat it", puzzles["2026-14-40"].state())


def test_the_highest_heart_left_is_caught_when_false() -> None:
    """Lesson 20's sentences, true of shipped positions and planted false: a heart above left out, a heart still in
    the seat's own hand counted as played, and "any heart trick" under a higher heart lying in this one."""
    puzzles = {puzzle.id: puzzle for puzzle in load_puzzles()}
    thrown, under = puzzles["2026-311-33"].state(), puzzles["2026-463-27"].state()
    words = ("The 2 hearts above ♥Q, ♥K and ♥A, have all been played, so ♥Q is now the highest heart left, yours "
             "included: it would take any heart trick it is played to.")
    later = words.replace("it would take", "once this trick is over, it would take")
    for said, state in ((words, thrown), (later, under)):
        reading = Reading()
        read(said, state, 0, reading)
        assert reading.recognised == 1 and not reading.false, said
    assert_caught("The one heart above ♥Q, ♥A, has been played, so ♥Q is now the highest heart left, yours included: "
                  "it would take any heart trick it is played to.", "the highest heart left", thrown)
    assert_caught(words, "the highest heart left", under)
    assert_caught(later, "the highest heart left, after this trick", thrown)
    # ♥Q and ♥K have gone, but the seat itself still holds ♥A above its ♥J.
    assert_caught("The 3 hearts above ♥J, ♥Q, ♥K and ♥A, have all been played, so ♥J is now the highest heart left, "
                  "yours included: it would take any heart trick it is played to.", "the highest heart left",
                  puzzles["2026-37-32"].state())


# ------------------------------------------------------------ the shipped words

Example = tuple[str, HandState, int, HandState | None, tuple[Card, ...], tuple[int, ...] | None]
Examples = dict[str, Example]


def note_examples(text: str, state: HandState, seat: int, examples: Examples, later: HandState | None = None,
                  passing: tuple[Card, ...] = (), totals: tuple[int, ...] | None = None) -> None:
    for sentence in meanings.split_sentences(text):
        found = recognise(sentence)
        if found is None or found[0].name in examples:
            continue
        reading = Reading()
        read(sentence, state, seat, reading, later=later, passing=passing, totals=totals)
        if not reading.false:
            examples[found[0].name] = (sentence, state, seat, later, passing, totals)


@pytest.fixture(scope="module")
def puzzle_reading() -> tuple[Reading, Examples]:
    reading, examples = Reading(), Examples()
    for puzzle, state, card, answer in shipped_answers():
        totals = puzzle.view().match_totals
        read(answer.why, state, 0, reading, where=f"puzzle {puzzle.id}, answer {card}", totals=totals)
        note_examples(answer.why, state, 0, examples, totals=totals)
    return reading, examples


def assert_true_reading(reading: Reading, what: str, *, texts: int, per_text: int, unrecognised_in: int | None) -> None:
    """``reading`` found nothing false in at least ``texts`` texts, recognising ``per_text`` sentences in each on
    average, and left at most one sentence in ``unrecognised_in`` unrecognised (none when ``None``)."""
    print(f"meaning checker, {what}: {reading.texts} texts, {reading.recognised} sentences recognised, "
          f"{len(reading.unrecognised)} not, {len(reading.false)} false; {reading.by_pattern}")
    assert not reading.false, "\n".join(reading.false[:20])
    assert reading.texts >= texts and reading.recognised >= per_text * reading.texts
    allowed = 0 if unrecognised_in is None else reading.recognised // unrecognised_in
    assert len(reading.unrecognised) <= allowed, sorted(set(reading.unrecognised))[:20]


def test_every_answer_of_every_shipped_puzzle_means_what_it_says(puzzle_reading: tuple[Reading, Examples]) -> None:
    reading, _ = puzzle_reading
    assert_true_reading(reading, "puzzles", texts=3000, per_text=3, unrecognised_in=50)
    assert len(reading.by_pattern) >= 25


@pytest.fixture(scope="module")
def whole(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("thorough"))


def play_positions(count: int) -> list[tuple[HandState, int, str]]:
    """The first ``count`` plays (passes left out) of the claims audit's seeded deals 0, 1, 2 and on."""
    found: list[tuple[HandState, int, str]] = []
    seed = 0
    while len(found) < count:
        found += [position for position in deal_positions(seed) if not position[2].endswith("pass")]
        seed += 1
    return found[:count]


@pytest.fixture(scope="module")
def coach_reading(whole: bool) -> tuple[Reading, Examples]:
    if whole:
        positions = play_positions(AUDIT_POSITIONS) + moon_positions(AUDIT_MOON)
    else:
        rng = random.Random(SAMPLE_SEED)
        positions = [position for seed in sorted(rng.sample(range(100), SAMPLE_DEALS))
                     for position in deal_positions(seed)]
        positions += rng.sample(moon_positions(AUDIT_MOON), SAMPLE_MOON)
    reading, examples = Reading(), Examples()
    for state, seat, where in positions:
        if state.to_move != seat:  # a pass: read with many more in test_the_coachs_pass_reasons_mean_what_they_say
            continue
        reason = recommend(state.view(seat), time_budget=BUDGET).reason
        read(reason, state, seat, reading, where=where)
        note_examples(reason, state, seat, examples)
    return reading, examples


def test_the_coachs_reasons_mean_what_they_say(coach_reading: tuple[Reading, Examples], whole: bool) -> None:
    reading, _ = coach_reading
    assert_true_reading(reading, "coach", texts=AUDIT_POSITIONS + AUDIT_MOON if whole else 20, per_text=1,
                        unrecognised_in=20)


def replayed(hand: HandState, plays: int) -> HandState:
    """``hand`` replayed from its deal, its passes made, up to its first ``plays`` cards."""
    state = HandState.new([hand.dealt(seat) for seat in range(4)], hand.pass_direction, hand.rules)
    passes = [hand.passed(seat) for seat in range(4)]
    for seat, cards in enumerate(passes):
        if cards:
            state.pass_cards(seat, cards)
    for _, card in hand.plays[:plays]:
        state.play(card)
    return state


def passing_hands(seeds: Iterable[int]) -> list[HandState]:
    """Hands passed to the left and played out by a random player at seat 0 against normal ones."""
    hands = []
    for seed in seeds:
        state = HandState.new(deal_hands(seed, 1), "left")
        bots = [make_bot("random" if seat == 0 else "normal", seed=seed * 4 + seat) for seat in range(4)]
        for seat in range(4):
            state.pass_cards(seat, bots[seat].choose_pass(state.view(seat)))
        while (mover := state.to_move) is not None:
            state.play(bots[mover].choose_play(state.view(mover)))
        hands.append(state)
    return hands


PASS_DEALS = 300
"""Deals whose four passes the coach's pass reasons are read on (1,200 reasons, half a second: every run)."""
DIRECTIONS = ("left", "right", "across")

FOUND_FALSE_PASS = (31, 2)
"""A pass (deal, seat) whose reason said "♠A could win a spade trick that catches ♠Q" while the seat kept ♠Q
itself, as 24 others of these 1,200 did until the pass facts required that ♠Q not be kept: no trick holds both."""


def pass_reasons() -> list[tuple[int, int, HandState, Recommendation]]:
    found = []
    for number in range(PASS_DEALS):
        state = HandState.new(deal_hands(number, number % 3 + 1), DIRECTIONS[number % 3])
        found += [(number, seat, state, recommend(state.view(seat))) for seat in range(4)]
    return found


@pytest.fixture(scope="module")
def pass_reading() -> tuple[Reading, Examples]:
    """The pass reasons read."""
    reading, examples = Reading(), Examples()
    for number, seat, state, advice in pass_reasons():
        where = f"deal {number} ({DIRECTIONS[number % 3]}), seat {seat}'s pass"
        read(advice.reason, state, seat, reading, where=where, passing=advice.cards)
        note_examples(advice.reason, state, seat, examples, passing=advice.cards)
    return reading, examples


def test_the_coachs_pass_reasons_mean_what_they_say(pass_reading: tuple[Reading, Examples]) -> None:
    reading, _ = pass_reading
    assert_true_reading(reading, "passes", texts=1100, per_text=2, unrecognised_in=50)


def test_a_top_spade_passed_is_not_said_to_catch_the_queen_the_seat_keeps() -> None:
    number, seat = FOUND_FALSE_PASS
    state = HandState.new(deal_hands(number, number % 3 + 1), DIRECTIONS[number % 3])
    advice = recommend(state.view(seat))
    assert to_card("♠Q") in state.hand(seat) and to_card("♠Q") not in advice.cards
    reading = Reading()
    read(advice.reason, state, seat, reading, where="the pass once said falsely", passing=advice.cards)
    assert reading.recognised and not reading.false, (advice.reason, reading.false)
    assert "catches ♠Q" not in advice.reason, advice.reason


@pytest.fixture(scope="module")
def review_reading(whole: bool) -> tuple[Reading, Examples]:
    hands = reviewed_hands(REVIEWED)
    if not whole:
        hands = random.Random(SAMPLE_SEED).sample(hands, SAMPLE_REVIEWED)
    # Passing hands too: seed 701's random pass is a costly one, and its player shoots the moon.
    hands += passing_hands(PASSING_SEEDS if whole else PASSING_SEEDS[1:2])
    reading, examples = Reading(), Examples()
    for number, hand in enumerate(hands):
        review = review_hand(hand, 0, outside=second_opinion_agrees)  # every finding's words, early ones too
        mine = [index for index, (seat, _) in enumerate(hand.plays) if seat == 0]
        for group in review.groups:
            index = next(i for i in mine if i // 4 == group.costliest.trick - 1)
            state = replayed(hand, index)
            entry = group.describe()
            read(entry, state, 0, reading, where=f"reviewed hand {number}, trick {group.costliest.trick}", later=hand)
            note_examples(entry, state, 0, examples, later=hand)
        summary = review.summary()
        read(summary, hand, 0, reading, where=f"reviewed hand {number}, summary", later=hand)
        note_examples(summary, hand, 0, examples, later=hand)
        pass_mistake = getattr(review, "pass_mistake", None)  # the pass's review, where the hand passed
        if pass_mistake is not None:
            # Only the entry's own sentence: the pass judge's reasons have no written meaning yet.
            entry = meanings.split_sentences(pass_mistake.describe())[0]
            read(entry, hand, 0, reading, where=f"reviewed hand {number}, pass", later=hand)
            note_examples(entry, hand, 0, examples, later=hand)
    return reading, examples


def test_a_review_without_a_second_engine_says_truly_what_it_left_out() -> None:
    hand = careless_hand(2)
    summary = review_hand(hand, 0).summary()  # no outside judge: its early costly plays are left out
    assert "could not be checked by a second engine" in summary
    reading = Reading()
    read(summary, hand, 0, reading, where="a review without a second engine", later=hand)
    assert reading.recognised and not reading.false, (summary, reading.false)


def test_the_reviews_entries_mean_what_they_say(review_reading: tuple[Reading, Examples]) -> None:
    reading, _ = review_reading
    assert_true_reading(reading, "review", texts=1, per_text=2, unrecognised_in=None)


@pytest.fixture(scope="module")
def true_examples(puzzle_reading: tuple[Reading, Examples], coach_reading: tuple[Reading, Examples],
                  review_reading: tuple[Reading, Examples],
                  pass_reading: tuple[Reading, Examples]) -> Examples:
    return {**pass_reading[1], **review_reading[1], **coach_reading[1], **puzzle_reading[1]}


# ------------------------------------------------------------ Show me's words, read against the deal it shows

SHOW_SAMPLE_SEED = "show me meanings"
SHOW_SAMPLE = 100
"""Puzzles whose Show me the whole audit (``--thorough``) reads; every run reads :data:`SHOW_SAMPLE_CI` of them."""
SHOW_SAMPLE_CI = 30
"""A third of the whole audit, drawn the same way: about 4 CPU-seconds against 14 (CI stays under ten minutes)."""
"""Shipped puzzles whose Show me is read in an ordinary run: every legal card of each (a wrong card against the
solution, the solution against the runner-up, another sound card against the solution), as a learner opens it."""


def show_payload(puzzle: Puzzle, card: Card, folder: Path) -> dict[str, object]:
    """What Show me shows after ``card`` is answered on a board holding ``puzzle`` alone (``{}`` when nothing)."""
    flow = PuzzleFlow((puzzle,), store=PuzzleStore(folder))
    flow.choose(card)
    return showcase_payload(flow) if flow.show() else {}


ShowExamples = dict[str, tuple[dict[str, object], HandState]]
"""Per Show me pattern, the first payload read that says it, and its position."""


@pytest.fixture(scope="module")
def show_reading(tmp_path_factory: pytest.TempPathFactory, whole: bool) -> tuple[Reading, ShowExamples]:
    reading = Reading()
    examples: ShowExamples = {}
    folder = tmp_path_factory.mktemp("show")
    puzzles = random.Random(SHOW_SAMPLE_SEED).sample(list(load_puzzles()), SHOW_SAMPLE)[:SHOW_SAMPLE if whole
                                                                                        else SHOW_SAMPLE_CI]
    started = time.perf_counter()
    for number, puzzle in enumerate(puzzles):
        state = puzzle.state()
        for card in state.legal_plays():
            payload = show_payload(puzzle, card, folder / f"{number}-{card.index}")
            if not payload:
                continue
            before = dict(reading.by_pattern)
            read_show(payload, state, 0, reading, where=f"puzzle {puzzle.id}, answer {card}",
                      totals=puzzle.view().match_totals)
            for name in reading.by_pattern.keys() - before.keys():
                examples[name] = (payload, state)
    print(f"Show me read on {len(puzzles)} puzzles in {time.perf_counter() - started:.1f} s")
    return reading, examples


def test_show_me_on_shipped_puzzles_means_what_it_says(show_reading: tuple[Reading, ShowExamples],
                                                        whole: bool) -> None:
    reading, _ = show_reading
    assert_true_reading(reading, "Show me", texts=SHOW_SAMPLE if whole else SHOW_SAMPLE_CI, per_text=6,
                        unrecognised_in=None)
    assert {"show trick", "show end", "show parts here"} <= set(reading.by_pattern)


def layout_of(state: HandState, best: str, other: str) -> dict[str, object]:
    """Show me for ``other`` against ``best`` at seat 0's turn in ``state``, seeded as the boards seed it."""
    view = state.view(0)
    layout = showcase(view, to_card(best), to_card(other), deals=PLAY_OUT_DEALS, seed=position_seed(view))
    return layout_payload(layout, (("yours", False), ("better", True)), len(view.current_trick))


def test_show_me_where_the_lines_never_part_or_part_where_the_reason_says_means_what_it_says() -> None:
    # Seldom said on the shipped puzzles (a deal shown is one the other card ends worse in, when there is one).
    leading = leading_with_diamonds()
    never = layout_of(leading, "♦10", "♦9")
    assert str(never["never"]).startswith("In this deal ♦9 never costs you more than ♦10")
    assert show_false(never, leading) == []
    # Puzzle 2026-300-39, ♥3 against ♥7, with the parting a coach's reason or a review names: the deal shown is one
    # that parts there (the puzzles' answers name none; the review's and the coach's reasons do).
    puzzle = cited_puzzle("2026-300-39")
    view = puzzle.view()
    better, other = to_card("♥7"), to_card("♥3")
    found = parting(view, better, other, deals=PLAY_OUT_DEALS, seed=position_seed(view))
    assert found is not None
    layout = showcase(view, better, other, deals=PLAY_OUT_DEALS, seed=position_seed(view), named=found)
    named = layout_payload(layout, (("yours", False), ("better", True)), len(view.current_trick))
    reading = Reading()
    read_show(named, puzzle.state(), 0, reading)
    assert reading.by_pattern.get("show parts named") == 1 and not reading.false and not reading.unrecognised
    steps = named["steps"]
    assert isinstance(steps, list)
    at = next(index for index, step in enumerate(steps) if step["marker"])
    taker = re.search(rf"take this trick with ({meanings.CARD})", steps[at]["marker"])
    assert taker is not None
    wrong = steps[at]["marker"].replace(taker.group(0), "take this trick with ♣2")
    planted_named = {**named, "steps": [{**step, "marker": wrong} if index == at else step
                                        for index, step in enumerate(steps)]}
    assert show_false(planted_named, puzzle.state()) == [wrong]
    # Said of a deal where the lines do part, "never" is false.
    parted = layout_of(leading, "♠2", "♠3")
    planted = {**parted, "never": "In this deal ♠3 never costs you more than ♠2: the difference shows in other deals."}
    assert show_false(planted, leading) == [planted["never"]]


def test_show_me_on_match_puzzles_means_what_it_says(tmp_path: Path) -> None:
    # Lesson 21's Show me: the lines part at the first trick whose taker or points differ, and each ends with the
    # match's final totals and who wins it, read against the totals before the hand.
    reading = Reading()
    chosen = [puzzle for puzzle in load_puzzles() if puzzle.view().match_totals is not None][:8]
    for number, puzzle in enumerate(chosen):
        state, totals = puzzle.state(), puzzle.view().match_totals
        for card in state.legal_plays():
            payload = show_payload(puzzle, card, tmp_path / f"{number}-{card.index}")
            if payload:
                read_show(payload, state, 0, reading, where=f"puzzle {puzzle.id}, answer {card}", totals=totals)
    assert not reading.false and not reading.unrecognised, (reading.false[:5], reading.unrecognised[:5])
    assert reading.by_pattern.get("show match end", 0) >= 16 and reading.by_pattern.get("show parts, match", 0) >= 4
    # Planted: a total changed, the winner changed, and the lines said to part where another seat took the trick.
    puzzle = chosen[1]
    card = next(item for item in puzzle.state().legal_plays() if item != puzzle.solution)
    payload = show_payload(puzzle, card, tmp_path / "planted")
    lines = payload["lines"]
    assert isinstance(lines, list)
    end = str(lines[0]["match"])
    total = re.search(r"You (\d+)", end)
    assert total is not None
    for wrong in (end.replace(total.group(0), f"You {int(total.group(1)) + 1}"),
                  re.sub(r": .*\.$", ": you win the match.", end) if "you win" not in end
                  else re.sub(r": .*\.$", ": CPU3 wins the match.", end)):
        planted = {**payload, "lines": [{**lines[0], "match": wrong}, *lines[1:]]}
        reading = Reading()
        read_show(planted, puzzle.state(), 0, reading, totals=puzzle.view().match_totals)
        assert reading.false == [wrong]


def test_every_show_me_pattern_has_its_written_meaning_in_the_docs() -> None:
    doc = (ROOT / "docs" / "meanings.md").read_text(encoding="utf-8")
    names = [item.name for item in SHOW_MEANINGS]
    assert len(names) == len(set(names)) == 10
    assert not [name for name in names if f"**{name}**" not in doc]


def moon_deal() -> HandState:
    """Shipped puzzle 2026-14-40's position, as a hold hand (each seat's cards after the pass): with ♦J you shoot
    the moon in the deal Show me lays out, with ♣7 you take 21 points, though ♣7 never takes more points than ♦J
    trick by trick."""
    hands = ("♣7 ♣8 ♣J ♣Q ♣K ♦3 ♦10 ♦J ♦A ♠3 ♠4 ♥9 ♥J", "♣3 ♣4 ♦8 ♦9 ♦Q ♠2 ♠5 ♠J ♠Q ♠K ♥4 ♥7 ♥A",
             "♣2 ♣5 ♣6 ♣9 ♣10 ♠6 ♠7 ♠8 ♥2 ♥3 ♥5 ♥8 ♥10", "♣A ♦2 ♦4 ♦5 ♦6 ♦7 ♦K ♠9 ♠10 ♠A ♥6 ♥Q ♥K")
    return played(list(map(parse_cards, hands)), "♣2 ♣A ♣8 ♣4 ♠9 ♠3 ♠5 ♠6 ♠10 ♠4 ♠2 ♠7 ♦4 ♦A ♦Q ♥10 ♥9 ♥7 ♥2 ♥6 "
                                                 "♦3 ♦8 ♣10 ♦2 ♣3 ♣5 ♠A ♣K ♣Q ♠Q ♣6 ♥Q ♣J ♦9 ♣9 ♥K ♦10 ♠J ♥8 ♦5")


def show_false(payload: dict[str, object], state: HandState) -> list[str]:
    reading = Reading()
    read_show(payload, state, 0, reading)
    assert not reading.unrecognised, reading.unrecognised
    return reading.false


def test_show_me_in_a_moon_deal_says_the_moon_and_its_old_words_are_false_there() -> None:
    state = moon_deal()
    payload = layout_of(state, "♦J", "♣7")
    assert show_false(payload, state) == []
    assert "a moon changes the end" in str(payload["never"])
    # The words said before the moon was: true trick by trick, false of the end of this very deal.
    planted = {**payload, "never": "In this deal ♣7 never costs you more than ♦J: the difference shows in other deals."}
    assert show_false(planted, state) == [str(planted["never"])]
    for wrong in ("With ♣7, you shoot the moon.", "With ♦J, CPU2 shoots the moon.",
                  "Trick by trick, ♣7 never costs you more points than ♦J in this deal, but a moon changes the end: "
                  "you end the hand with 20 points after ♣7 and no points after ♦J."):
        assert show_false({**payload, "never": wrong}, state) == [wrong]


def test_a_show_me_sentence_false_of_its_deal_is_caught(
        show_reading: tuple[Reading, ShowExamples]) -> None:
    _, examples = show_reading
    payload, state = examples["show parts here"]
    steps = payload["steps"]
    assert isinstance(steps, list)
    at = next(index for index, step in enumerate(steps) if step["marker"])
    marker = steps[at]["marker"]
    more = re.search(r"taken (\d+) points? more", marker)
    assert more is not None
    wrong_points = marker.replace(more.group(0), f"taken {int(more.group(1)) + 1} points more")
    moved = [{**step, "marker": marker if index == at + 1 else ""} for index, step in enumerate(steps)]
    said = steps[at]["lines"][0]["said"]
    winner = re.search(r"\. (You|CPU[123]) took it", said)
    assert winner is not None
    other_seat = "CPU1" if winner.group(1) != "CPU1" else "CPU2"
    wrong_winner = said.replace(f". {winner.group(1)} took it", f". {other_seat} took it")
    lines = payload["lines"]
    assert isinstance(lines, list)
    end = lines[0]["end"]
    wrong_end = re.sub(r"with (no points|\d+ points?)\.$", "with 13 points.", end) if "13 points" not in end \
        else end.replace("13 points", "12 points")
    cases = [
        ({**payload, "steps": [{**step, "marker": wrong_points if index == at else step["marker"]}
                               for index, step in enumerate(steps)]}, wrong_points),
        ({**payload, "lines": [{**lines[0], "end": wrong_end}, *lines[1:]]}, wrong_end),
        ({**payload, "steps": [{**step, "lines": [{**step["lines"][0], "said": wrong_winner}, *step["lines"][1:]]}
                               if index == at else step for index, step in enumerate(steps)]}, wrong_winner),
    ]
    if at + 1 < len(steps):  # the lines part here, not a trick later
        cases.append(({**payload, "steps": moved}, marker))
    for planted, sentence in cases:
        assert show_false(planted, state) == [sentence]
