"""Hostile input to the engine's public API, the card parser, the record reader and the checker.

What this file guards:

* every public function given a wrong type raises ``TypeError`` or ``ValueError`` (the
  engine's own errors are ``ValueError``) that names the argument, never an
  ``AttributeError``, ``KeyError`` or ``IndexError`` from deep inside;
* ``parse_card`` accepts exactly the spellings of ``docs/rules.md`` (the oracle below lists
  them, written independently of the parser's regular expression) and raises
  ``InvalidCardError`` for anything else, including Unicode look-alikes such as ``ſ``;
* random bytes, random text and randomly damaged records fed to ``load_record``,
  ``check_record`` and the ``hearts-check`` function end in a report or
  ``InvalidRecordError`` / exit 2 with one short line, never another exception;
* no message repeats an unbounded piece of its input.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import math
import string
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_core import (
    DECK,
    Card,
    HandState,
    InvalidCardError,
    InvalidRecordError,
    Match,
    PassDirection,
    Rules,
    Suit,
    card_points,
    check_play,
    check_record,
    deal_hands,
    format_cards,
    hand_scores,
    legal_plays,
    load_record,
    match_winners,
    parse_card,
    parse_cards,
    penalty_points,
    seat_name,
    trick_winner,
)
from hearts_core.arena import run_arena
from hearts_core.cli import check_main
from tests.support import examples

DATA = Path(__file__).resolve().parent / "data"
MESSAGE_LIMIT = 400
"""No error message in this file may be longer: the inputs below are up to megabytes."""

DEAL = deal_hands(3, 4)
HAND = "♣2 ♦5 ♠Q ♥9"


def hand_state() -> HandState:
    return HandState.new(DEAL, "hold")


# ------------------------------------------------------------ wrong types in the public API

# (what is called, how, and the word its message must contain when given a wrong type)
CALLS: list[tuple[str, Callable[[Any], object], str]] = [
    ("parse_card", parse_card, "card"),
    ("parse_cards", parse_cards, "cards"),
    ("format_cards", format_cards, "cards"),
    ("Card suit", lambda v: Card(v, 12), "suit"),
    ("Card rank", lambda v: Card(Suit.SPADES, v), "rank"),
    ("check_play hand", lambda v: check_play(v, [], "♣2", first_trick=False, hearts_broken=False), "hand"),
    ("check_play trick", lambda v: check_play(HAND, v, "♣2", first_trick=False, hearts_broken=False), "trick"),
    ("check_play card", lambda v: check_play(HAND, [], v, first_trick=False, hearts_broken=False), "card"),
    ("legal_plays hand", lambda v: legal_plays(v, [], first_trick=False, hearts_broken=True), "hand"),
    ("legal_plays trick", lambda v: legal_plays(HAND, v, first_trick=False, hearts_broken=True), "trick"),
    ("trick_winner", trick_winner, "trick"),
    ("penalty_points cards", penalty_points, "cards"),
    ("penalty_points rules", lambda v: penalty_points("♠Q", v), "rules"),
    ("card_points card", card_points, "card"),
    ("card_points rules", lambda v: card_points(DECK[0], v), "rules"),
    ("hand_scores points", hand_scores, "points_taken"),
    ("hand_scores rules", lambda v: hand_scores((26, 0, 0, 0), v), "rules"),
    ("match_winners totals", match_winners, "totals"),
    ("match_winners rules", lambda v: match_winners((1, 2, 3, 4), v), "rules"),
    ("seat_name", seat_name, "seat"),
    ("deal_hands seed", deal_hands, "seed"),
    ("deal_hands hand_number", lambda v: deal_hands(1, v), "hand_number"),
    ("PassDirection.for_hand", PassDirection.for_hand, "hand_number"),
    ("HandState.new hands", lambda v: HandState.new(v, "left"), "hands"),
    ("HandState.new a hand", lambda v: HandState.new([v, *DEAL[1:]], "left"), "hands[0]"),
    ("HandState.new direction", lambda v: HandState.new(DEAL, v), "pass_direction"),
    ("HandState.new rules", lambda v: HandState.new(DEAL, "left", v), "rules"),
    ("HandState.play", lambda v: hand_state().play(v), "card"),
    ("HandState.play seat", lambda v: hand_state().play("♣2", seat=v), "seat"),
    ("HandState.explain", lambda v: hand_state().explain(v), "card"),
    ("HandState.hand", lambda v: hand_state().hand(v), "seat"),
    ("HandState.view", lambda v: hand_state().view(v), "seat"),
    ("HandState.holder", lambda v: hand_state().holder(v), "card"),
    ("HandState.pass_cards seat", lambda v: HandState.new(DEAL, "left").pass_cards(v, DEAL[0][:3]), "seat"),
    ("HandState.pass_cards cards", lambda v: HandState.new(DEAL, "left").pass_cards(0, v), "cards"),
    ("Match.new seed", Match.new, "seed"),
    ("Match.new rules", lambda v: Match.new(1, v), "rules"),
    ("Match.play", lambda v: Match.new(1).play(v), "card"),
    ("Match.view", lambda v: Match.new(1).view(v), "seat"),
    ("Match.from_json", Match.from_json, "record"),
    ("load_record", load_record, "record"),
    ("check_record", check_record, "record"),
    ("Rules target", lambda v: Rules(target=v), "target"),
    ("Rules tie_rule", lambda v: Rules(tie_rule=v), "tie_rule"),
    ("Rules.from_dict", Rules.from_dict, "rules"),
    ("run_arena hands", lambda v: run_arena(v, ["random"] * 4), "hands"),
    ("run_arena seats", lambda v: run_arena(1, v), "seats"),
    ("run_arena jobs", lambda v: run_arena(1, ["random"] * 4, jobs=v), "jobs"),
]

NONE_MEANS_DEFAULT = {"HandState.new rules", "Match.new rules", "HandState.play seat"}
WRONG_TYPES: list[object] = [None, 1.5, object(), math.nan]
ODD_VALUES: list[object] = [
    *WRONG_TYPES, True, -1, 10**30, "", "x" * 100_000, b"\xff\xfe", [], [None], [[]], {}, {"a": 1},
    ("♣2",) * 60, "♣2 " * 5000, DECK[0], Suit.HEARTS, -math.inf,
]


def call_and_judge(call: Callable[[Any], object], value: object) -> BaseException | None:
    """Call; return the exception if it was an acceptable refusal, fail on any other kind."""
    try:
        call(value)
    except (TypeError, ValueError) as error:
        assert len(str(error)) <= MESSAGE_LIMIT, str(error)[:500]
        return error
    return None


@pytest.mark.parametrize(("label", "call", "word"), CALLS, ids=[label for label, _, _ in CALLS])
def test_wrong_types_are_refused_naming_the_argument(label: str, call: Callable[[Any], object], word: str) -> None:
    for value in WRONG_TYPES:
        error = call_and_judge(call, value)
        if value is None and label in NONE_MEANS_DEFAULT:
            continue
        assert error is not None, f"{label} accepted {value!r}"
        assert word in str(error), f"{label}({value!r}): {error}"


@pytest.mark.parametrize(("label", "call", "word"), CALLS, ids=[label for label, _, _ in CALLS])
def test_odd_values_are_refused_cleanly_or_accepted(label: str, call: Callable[[Any], object], word: str) -> None:
    for value in ODD_VALUES:
        call_and_judge(call, value)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20) | st.binary(max_size=8),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=5), children, max_size=5)
    | st.tuples(children, children),
    max_leaves=12,
)


# Every public call with one value, twenty or so calls an example: a quarter of the profile's count.
@examples(1 / 4)
@given(value=JSONISH)
def test_random_values_never_raise_anything_but_type_or_value_errors(value: object) -> None:
    for _, call, _ in CALLS:
        if call is not CALLS[-3][1]:  # a valid random hands count would play a whole arena run
            call_and_judge(call, value)


def test_cards_compare_only_with_cards() -> None:
    queen = parse_card("♠Q")
    for other in [None, 5, "♠Q", 12.0]:
        assert queen != other and not queen == other  # noqa: SIM201
        for compare in ("__lt__", "__le__", "__gt__", "__ge__"):
            assert getattr(queen, compare)(other) is NotImplemented
        with pytest.raises(TypeError, match="not supported between instances of 'Card'"):
            _ = queen < other  # type: ignore[operator]
    with pytest.raises(TypeError):
        sorted([queen, None])  # type: ignore[list-item]


# ------------------------------------------------------------ parse_card: only the documented forms

RANKS = {**{str(rank): rank for rank in range(2, 11)}, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
SYMBOLS = {"♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♠": Suit.SPADES, "♥": Suit.HEARTS,
           "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♤": Suit.SPADES, "♡": Suit.HEARTS}
LETTERS = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "S": Suit.SPADES, "H": Suit.HEARTS}


def documented_spellings() -> dict[str, Card]:
    """Every spelling docs/rules.md and docs/record-format.md accept, in ASCII upper case."""
    spellings: dict[str, Card] = {}
    for (rank_text, rank), (symbol, suit), emoji in itertools.product(RANKS.items(), SYMBOLS.items(), ["", "\ufe0f"]):
        spellings[symbol + emoji + rank_text] = Card(suit, rank)
        spellings[rank_text + symbol + emoji] = Card(suit, rank)
    for (rank_text, rank), (letter, suit) in itertools.product(RANKS.items(), LETTERS.items()):
        spellings[rank_text + letter] = Card(suit, rank)
    return spellings


SPELLINGS = documented_spellings()


def oracle(text: str) -> Card | None:
    """The card ``text`` names under the documented rules, or None."""
    folded = "".join(char.upper() if char in string.ascii_letters else char for char in text.strip())
    return SPELLINGS.get(folded)


def assert_parses_like_the_oracle(text: str) -> None:
    expected = oracle(text)
    try:
        card = parse_card(text)
    except InvalidCardError as error:
        assert expected is None, f"{text!r} is documented as {expected} but was refused: {error}"
        assert len(str(error)) <= MESSAGE_LIMIT
        return
    assert card is expected, f"{text!r} parsed as {card}, documented as {expected}"
    assert parse_card(str(card)) is card


LOOKALIKES = [
    "Q", "q", "S", "s", "ſ", "ı", "I", "K", "k", "\u212a", "T", "t", "10", "1", "0", "１", "Ｑ", "♠", "♤", "♣",
    "\ufe0f", " ", "\u00a0", "\u3000", "\t", "\n", "C", "c", "ⅽ", "Ċ", "H", "h", "ℎ", "D", "d", "A", "a", "ª",
    "2", "²", "٢", "𝟐", "J", "j", "ǰ", "\u0300", "\x00",
]


# A parse of a few characters costs microseconds: four times the profile's count (conftest.py).
@examples(4)
@given(text=st.text(max_size=6))
def test_random_text_parses_exactly_as_documented(text: str) -> None:
    assert_parses_like_the_oracle(text)


# A parse of a few characters costs microseconds: four times the profile's count (conftest.py).
@examples(4)
@given(pieces=st.lists(st.sampled_from(LOOKALIKES), min_size=1, max_size=4))
def test_near_misses_parse_exactly_as_documented(pieces: list[str]) -> None:
    assert_parses_like_the_oracle("".join(pieces))


@pytest.mark.parametrize(
    "text", ["Qſ", "ıS", "10ſ", "\u212aS", "Q\ufe0fS", "１0C", "Ｑ♠", "Q♠\ufe0f\ufe0f", "²C", "ǰS"]
)
def test_unicode_look_alikes_are_refused(text: str) -> None:
    with pytest.raises(InvalidCardError, match="not a card"):
        parse_card(text)


def test_every_documented_spelling_parses_in_every_ascii_case() -> None:
    for spelling, card in SPELLINGS.items():
        assert parse_card(spelling) is card
        assert parse_card(f" {spelling.lower()}\n") is card


# ------------------------------------------------------------ records and the checker

MID_HAND = json.loads((DATA / "mid_hand.json").read_text(encoding="utf-8"))


def assert_record_outcome(text: str | bytes) -> None:
    """A valid report or InvalidRecordError with a short message; nothing else."""
    try:
        report = check_record(text)
    except InvalidRecordError as error:
        assert len(str(error)) <= MESSAGE_LIMIT, str(error)[:500]
        with pytest.raises(InvalidRecordError):
            load_record(text)
        return
    assert load_record(text) is not None
    for problem in report.problems:
        assert len(problem.describe()) <= MESSAGE_LIMIT


# A refused file costs microseconds: four times the profile's count (conftest.py).
@examples(4)
@given(data=st.binary(max_size=3000))
def test_random_bytes_are_a_report_or_invalid_record(data: bytes) -> None:
    assert_record_outcome(data)


# A refused file costs microseconds: four times the profile's count (conftest.py).
@examples(4)
@given(text=st.text(max_size=500))
def test_random_text_is_a_report_or_invalid_record(text: str) -> None:
    assert_record_outcome(text)


def _paths(node: object, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    found = [path]
    if isinstance(node, dict):
        for key, child in node.items():
            found += _paths(child, (*path, key))
    elif isinstance(node, list):
        for index, child in enumerate(node):
            found += _paths(child, (*path, index))
    return found


PATHS = _paths(MID_HAND)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30)
    | st.sampled_from([str(card) for card in DECK] + ["left", "right", "across", "hold", "hearts-record/1"]),
    lambda children: st.lists(children, max_size=14) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=30,
)


@given(damage=st.lists(st.tuples(st.sampled_from(PATHS), JSON_VALUES), min_size=1, max_size=3))
def test_damaged_records_are_a_report_or_invalid_record(damage: list[tuple[tuple[str | int, ...], object]]) -> None:
    record: Any = json.loads(json.dumps(MID_HAND))
    for path, value in damage:
        if not path:
            record = value
            continue
        node = record
        try:
            for step in path[:-1]:
                node = node[step]
            node[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed this place
    assert_record_outcome(json.dumps(record, ensure_ascii=False))


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(data=st.one_of(st.binary(max_size=2000), st.just(json.dumps(MID_HAND).encode()),
                      st.builds(lambda value: json.dumps(value).encode(), JSON_VALUES)))
def test_the_checker_function_exits_0_1_or_2_with_one_short_line(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "record.json"
        path.write_bytes(data)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = check_main([str(path)])
    assert code in (0, 1, 2)
    if code == 2:
        assert out.getvalue() == ""
        lines = err.getvalue().splitlines()
        assert len(lines) == 1 and len(lines[0]) <= MESSAGE_LIMIT + len(str(path))
    else:
        assert err.getvalue() == "" and out.getvalue().endswith("\n")
