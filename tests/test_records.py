"""Records: ``hearts-record/1`` round trips, every kind of invalid record, and the checker.

The sample files in ``tests/data`` come from ``tests/data/make_samples.py``; the first test
makes sure the committed files are still exactly what that script produces, so the
expectations below (which hand, trick, seat and card each planted mistake is) stay true.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from hearts_core import (
    RECORD_FORMAT,
    HandState,
    InvalidRecordError,
    Match,
    PassDirection,
    Phase,
    Reason,
    Rules,
    Suit,
    check_record,
    deal_hands,
    load_record,
    parse_card,
)
from hearts_core.errors import InvalidPositionError
from hearts_core.records import MAX_RECORD_BYTES, HandRecord, dump_record, replay_hand, view_before_play
from tests.support import load_module

DATA = Path(__file__).resolve().parent / "data"
DOC = Path(__file__).resolve().parent.parent / "docs" / "record-format.md"

Json = dict[str, Any]


def sample_text(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def sample(name: str) -> Json:
    data: Json = json.loads(sample_text(name))
    return data


def load_generator() -> ModuleType:
    return load_module("make_samples", DATA / "make_samples.py")


def test_committed_samples_are_what_the_generator_writes() -> None:
    generator = load_generator()
    assert set(generator.SAMPLES) == {path.name for path in DATA.glob("*.json")}
    for name, build in generator.SAMPLES.items():
        assert sample_text(name) == build() + "\n", f"{name} is stale: run python tests/data/make_samples.py"


# ------------------------------------------------------------------ round trips


@pytest.mark.parametrize("name", ["valid_match.json", "mid_hand.json", "mid_pass.json"])
def test_saved_match_round_trips_exactly(name: str) -> None:
    text = sample_text(name).rstrip("\n")
    match = Match.from_json(text)
    assert match.to_json() == text
    assert Match.from_json(match.to_json()) == match


def test_loaded_record_replays_to_the_same_hand_records() -> None:
    text = sample_text("valid_match.json").rstrip("\n")
    record = load_record(text)
    assert record.seed == 2 and record.rules == Rules(target=30)
    states = [replay_hand(hand, record.rules, number)[0] for number, hand in enumerate(record.hands, start=1)]
    assert dump_record(record.rules, [state.to_record() for state in states], seed=record.seed) == text


def test_valid_match_sample_is_a_finished_two_hand_match() -> None:
    match = Match.from_json(sample_text("valid_match.json"))
    assert match.hand_number == 2 and match.is_over and match.phase is Phase.MATCH_OVER
    assert [hand.pass_direction for hand in match.hands] == [PassDirection.LEFT, PassDirection.RIGHT]
    assert all(len(hand.plays) == 52 for hand in match.hands)
    assert max(match.totals) >= 30 and sum(match.totals) % 26 == 0
    for number, hand in enumerate(match.hands, start=1):
        assert hand.dealt(0) == deal_hands(2, number)[0]


def test_round_trip_keeps_every_part_of_a_hand() -> None:
    match = Match.new(77, Rules(tie_rule="play_on", qs_breaks_hearts=True))
    rng = random.Random(77)
    for seat in (3, 1, 0, 2):
        match.pass_cards(seat, rng.sample(match.hand.hand(seat), 3))
    for _ in range(9):
        match.play(rng.choice(match.legal_plays()))
    again = Match.from_json(match.to_json())
    assert again == match
    assert again.rules == match.rules and again.seed == 77
    assert again.hand.plays == match.hand.plays and again.to_move == match.to_move
    assert [again.hand.passed(seat) for seat in range(4)] == [match.hand.passed(seat) for seat in range(4)]
    assert again.hand.hand(2) == match.hand.hand(2)


def test_reader_accepts_every_card_notation_and_bytes() -> None:
    data = sample("mid_hand.json")
    hand = data["hands"][0]
    spellings = {"♣": "C", "♦": "D", "♠": "S", "♥": "H"}

    def letters(card: str) -> str:
        return card[1:] + spellings[card[0]].lower()

    hand["deal"] = [[letters(card) for card in seat] for seat in hand["deal"]]
    hand["passes"] = [[card[1:] + card[0] for card in seat] for seat in hand["passes"]]
    hand["plays"] = [card.replace("10", "T") for card in hand["plays"]]
    text = json.dumps(data)  # ASCII escapes for any symbol left
    assert Match.from_json(text) == Match.from_json(sample_text("mid_hand.json"))
    assert load_record(text.encode("utf-8")) == load_record(text)


def test_record_written_by_hand_may_leave_out_optional_fields() -> None:
    deal = [[str(card) for card in seat] for seat in deal_hands(5, 4)]
    record = load_record(json.dumps({"format": RECORD_FORMAT, "hands": [{"deal": deal, "pass_direction": "hold"}]}))
    assert record.rules == Rules() and record.seed is None
    assert record.hands[0].passes is None and record.hands[0].plays == ()
    assert check_record(json.dumps({"format": RECORD_FORMAT, "hands": []})).ok


# ------------------------------------------------------------ invalid records

Mutation = Callable[[Json], Any]


def _set(path: str, value: Any) -> Mutation:
    """A mutation that sets ``data[...path...] = value`` (path like ``hands.0.deal.2``)."""

    def mutate(data: Json) -> None:
        *parents, last = path.split(".")
        target: Any = data
        for key in parents:
            target = target[int(key)] if key.isdigit() else target[key]
        target[int(last) if last.isdigit() else last] = value

    return mutate


def _first_hand(change: Callable[[Json], None]) -> Mutation:
    def mutate(data: Json) -> None:
        change(data["hands"][0])

    return mutate


def _duplicate_card(hand: Json) -> None:
    hand["deal"][3][5] = hand["deal"][1][4]


def _pass_card_of_another_seat(hand: Json) -> None:
    hand["passes"][1] = [hand["deal"][2][0], *hand["passes"][1][1:]]


def _play_before_all_passed(hand: Json) -> None:
    hand["passes"][2] = None


def _too_many_plays(hand: Json) -> None:
    hand["plays"] = [*hand["plays"], hand["plays"][0]]


INVALID: list[tuple[str, Mutation, str]] = [
    ("not an object", lambda data: [data], r"^a record is a JSON object, not list$"),
    ("unknown format", _set("format", "hearts-record/2"), r"unknown format 'hearts-record/2'"),
    ("missing format", lambda data: {k: v for k, v in data.items() if k != "format"}, r"unknown format None"),
    ("unknown field", _set("players", ["Ann"]), r"unknown field\(s\) \['players'\] in the record"),
    ("unknown rule option", _set("rules.jokers", True), r"unknown rule option\(s\) \['jokers'\]"),
    ("bad rule value", _set("rules.target", 0), r"bad rules: target must be a positive whole number"),
    ("bad tie rule", _set("rules.tie_rule", "coin toss"), r"tie_rule must be 'share' or 'play_on'"),
    ("rules not an object", _set("rules", [1]), r"rules must be an object"),
    ("seed as text", _set("seed", "2"), r"seed must be a whole number, not '2'"),
    ("seed as boolean", _set("seed", True), r"seed must be a whole number, not True"),
    ("hands not a list", _set("hands", {"0": {}}), r"'hands' must be a list"),
    ("hand not an object", _set("hands.1", "♣2"), r"^hands\[1\]: a hand is a JSON object$"),
    ("unknown hand field", _set("hands.1.scores", [0, 0, 0, 0]), r"^hands\[1\]: unknown field\(s\) \['scores'\]"),
    ("deal of three hands", _first_hand(lambda hand: hand["deal"].pop()), r"^hands\[0\]\.deal: must list four hands"),
    ("deal of five hands", _first_hand(lambda hand: hand["deal"].append(["♣2"])), r"^hands\[0\]\.deal: must list four"),
    ("deal of 51 cards", _first_hand(lambda hand: hand["deal"][2].pop()),
     r"^hands\[0\]\.deal\[2\]: must be a list of 13"),
    ("duplicate dealt card", _first_hand(_duplicate_card),
     r"^hands\[0\]\.deal\[3\]\[5\]: .* was already dealt at hands\[0\]\.deal\[1\]\[4\]$"),
    ("card as a number", _set("hands.1.deal.0.0", 12), r"^hands\[1\]\.deal\[0\]\[0\]: a card is written as text"),
    ("bad pass direction", _set("hands.1.pass_direction", "sideways"), r"^hands\[1\]\.pass_direction: must be left"),
    ("passes on a hold hand", _set("hands.1.pass_direction", "hold"), r"^hands\[1\]\.passes: a hold hand has no"),
    ("three passes", _first_hand(lambda hand: hand["passes"].pop()), r"^hands\[0\]\.passes: must list one pass"),
    ("pass of a card not dealt to the seat", _first_hand(_pass_card_of_another_seat),
     r"^hands\[0\]\.passes\[1\]\[0\]: seat 1 passes .*, which it was not dealt$"),
    ("pass of 2 cards", _first_hand(lambda hand: hand["passes"][3].pop()),
     r"^hands\[0\]\.passes\[3\]: must be a list of 3"),
    ("pass of one card twice", _first_hand(lambda hand: hand["passes"][0].__setitem__(2, hand["passes"][0][0])),
     r"^hands\[0\]\.passes\[0\]: passes the same card twice$"),
    ("unparsable card in plays", _set("hands.1.plays.17", "ZZ"), r"^hands\[1\]\.plays\[17\]: not a card: 'ZZ'"),
    ("plays not a list", _set("hands.1.plays", "♣2 ♣3"), r"^hands\[1\]\.plays: must be a list of cards$"),
    ("plays before all passes", _first_hand(_play_before_all_passed),
     r"^hands\[0\]: cards are played before every seat has passed$"),
    ("plays with no passes at all", _first_hand(lambda hand: hand.pop("passes")),
     r"^hands\[0\]: cards are played before"),
    ("too many plays", _first_hand(_too_many_plays), r"^hands\[0\]\.plays: 53 plays, but a hand has at most 52$"),
]


@pytest.mark.parametrize(("mutate", "message"), [case[1:] for case in INVALID], ids=[case[0] for case in INVALID])
def test_invalid_record_is_refused_naming_the_place(mutate: Mutation, message: str) -> None:
    data = sample("valid_match.json")
    result = mutate(data)
    text = json.dumps(data if result is None else result, ensure_ascii=False)
    with pytest.raises(InvalidRecordError) as caught:
        load_record(text)
    assert re.search(message, str(caught.value)), str(caught.value)
    # The checker and the saved-match reader refuse it in the same words.
    with pytest.raises(InvalidRecordError, match=re.escape(str(caught.value))):
        check_record(text)
    with pytest.raises(InvalidRecordError, match=re.escape(str(caught.value))):
        Match.from_json(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"format": "hearts-record/1", "hands": [',
         r"^not valid JSON: Expecting value: line 1 column 41 \(char 40\)$"),
        ("", r"^not valid JSON: Expecting value: line 1 column 1"),
        (b'{"format": "\xe9"}', r"^not valid JSON: 'utf-8' codec can't decode byte 0xe9 in position 12"),
        ("null", r"^a record is a JSON object, not NoneType$"),
    ],
    ids=["truncated JSON", "empty", "not UTF-8", "null"],
)
def test_text_that_is_not_a_json_object_is_refused(text: str | bytes, message: str) -> None:
    with pytest.raises(InvalidRecordError, match=message):
        load_record(text)


def test_the_first_problem_in_reading_order_is_named() -> None:
    data = sample("valid_match.json")
    data["hands"][1]["plays"][3] = "??"
    data["hands"][0]["deal"][0][0] = "♣1"
    with pytest.raises(InvalidRecordError, match=r"^hands\[0\]\.deal\[0\]\[0\]: not a card: '♣1'"):
        load_record(json.dumps(data))


def _unfinished_first_hand(data: Json) -> None:
    del data["hands"][0]["plays"][-1]


def _no_seed(data: Json) -> None:
    del data["seed"]


def _illegal_play(data: Json) -> None:
    plays = data["hands"][1]["plays"]
    plays[0], plays[1] = plays[1], plays[0]  # the ♣2 holder "plays" the next seat's card


def _hand_after_the_end(data: Json) -> None:
    data["hands"].append(copy.deepcopy(data["hands"][1]))


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (_unfinished_first_hand, r"^hand 1 is unfinished but is not the last hand$"),
        (_no_seed, r"needs its 'seed'"),
        (_illegal_play, r"^hand 2, trick 1, seat \d \(\w+\) played \S+: not_in_hand: .* is not in your hand"),
        (_hand_after_the_end, r"^the match was already over after hand 2, yet more hands follow$"),
    ],
    ids=["unfinished hand before the last", "missing seed", "illegal play", "hand after the end"],
)
def test_saved_match_reader_refuses_what_the_checker_accepts(mutate: Mutation, message: str) -> None:
    data = sample("valid_match.json")
    mutate(data)
    text = json.dumps(data, ensure_ascii=False)
    load_record(text)  # a valid record ...
    with pytest.raises(InvalidRecordError, match=message):  # ... but not a valid saved match
        Match.from_json(text)


def test_saved_match_reader_refuses_the_mistakes_sample_at_its_first_illegal_play() -> None:
    with pytest.raises(InvalidRecordError, match=r"^hand 1, trick 3, seat 3 \(CPU3\) played ♣10: must_follow"):
        Match.from_json(sample_text("mistakes.json"))


# ------------------------------------------------------------------- checker

PLANTED = [
    # (hand, trick, seat, card, reason, position of the card in that hand's plays)
    (1, 3, 3, "♣10", Reason.MUST_FOLLOW_SUIT, 9),
    (2, 1, 2, "♠Q", Reason.NO_POINTS_ON_FIRST_TRICK, 3),
    (4, 2, 0, "♥3", Reason.HEARTS_NOT_BROKEN, 4),
]


def test_checker_finds_each_planted_mistake() -> None:
    report = check_record(sample_text("mistakes.json"))
    assert not report.ok
    found = [(p.hand, p.trick, p.seat, str(p.card), p.verdict.reason) for p in report.problems]
    assert found == [planted[:5] for planted in PLANTED]
    for problem in report.problems:
        assert not problem.verdict.legal and problem.verdict.card is problem.card
    assert report.problems[0].describe() == (
        "hand 1, trick 3, seat 3 (CPU3) played ♣10: must_follow_suit: "
        "Diamonds were led and you hold ♦2, ♦J and ♦Q, so you must play one of them."
    )
    assert "♠Q carries points" in report.problems[1].verdict.message
    assert "may not lead ♥3" in report.problems[2].verdict.message


def test_checker_stops_each_hand_at_its_first_illegal_play() -> None:
    data = sample("mistakes.json")
    report = check_record(sample_text("mistakes.json"))
    for hand, _, seat, card, _, position in PLANTED:
        recorded = data["hands"][hand - 1]["plays"]
        assert recorded[position] == card
        state = report.hands[hand - 1]
        # Replay reached the mistake and went no further; the card is still in the seat's hand.
        assert len(state.plays) == position and state.to_move == seat
        assert parse_card(card) in state.hand(seat)
    # Hand 1 goes on for the full 52 recorded plays, and would show more problems if the checker
    # kept going (CPU3 plays ♣10 again later).
    assert len(data["hands"][0]["plays"]) == 52 and data["hands"][0]["plays"].count("♣10") == 2
    # The clean hand in between was replayed to the end.
    assert report.hands[2].is_over and len(report.hands[2].plays) == 52


def test_checker_reports_a_wrong_opening_and_a_card_not_held() -> None:
    deal = deal_hands(31, 4)
    leader = next(seat for seat in range(4) if parse_card("♣2") in deal[seat])
    other = next(card for card in deal[leader] if str(card) != "♣2")
    stolen = deal[(leader + 2) % 4][-1]
    hands = [
        {"deal": [[str(c) for c in s] for s in deal], "pass_direction": "hold", "plays": [str(other)]},
        {"deal": [[str(c) for c in s] for s in deal], "pass_direction": "hold", "plays": ["♣2", str(stolen)]},
        {"deal": [[str(c) for c in s] for s in deal], "pass_direction": "hold", "plays": ["♣2", "♣2"]},
    ]
    report = check_record(dump_record(Rules(), hands))
    found = [(p.hand, p.trick, p.seat, p.card, p.verdict.reason) for p in report.problems]
    assert found == [
        (1, 1, leader, other, Reason.MUST_LEAD_TWO_OF_CLUBS),
        (2, 1, (leader + 1) % 4, stolen, Reason.NOT_IN_HAND),
        (3, 1, (leader + 1) % 4, parse_card("♣2"), Reason.NOT_IN_HAND),
    ]
    assert "already been played" in report.problems[2].verdict.message


def test_checker_judges_by_the_records_rules() -> None:
    """Under ``qs_breaks_hearts`` a heart may be led once ♠Q has fallen; under the table rules not."""
    rng = random.Random(8)
    queen = parse_card("♠Q")
    for seed in range(1, 400):
        state = HandState.new(deal_hands(seed, 4), "hold")
        while state.phase is Phase.PLAYING and not state.hearts_broken:
            leader_hand = state.hand(state.to_move or 0)
            hearts = [card for card in leader_hand if card.suit is Suit.HEARTS]
            queen_fallen = state.holder(queen) is None
            if queen_fallen and not state.current_trick and hearts and len(hearts) < len(leader_hand):
                record = state.to_record()
                record["plays"].append(str(hearts[0]))
                assert check_record(dump_record(Rules(qs_breaks_hearts=True), [record])).ok
                problems = check_record(dump_record(Rules(), [record])).problems
                assert [(p.card, p.verdict.reason) for p in problems] == [(hearts[0], Reason.HEARTS_NOT_BROKEN)]
                return
            state.play(rng.choice(state.legal_plays()))
    pytest.fail("no deal found where ♠Q falls before any heart")


@pytest.mark.parametrize("name", ["mid_hand.json", "mid_pass.json", "valid_match.json"])
def test_unfinished_and_finished_records_are_valid_and_legal(name: str) -> None:
    report = check_record(sample_text(name))
    assert report.ok and report.problems == ()


def test_mid_hand_record_stops_inside_trick_two() -> None:
    match = Match.from_json(sample_text("mid_hand.json"))
    assert match.hand_number == 1 and match.phase is Phase.PLAYING
    assert len(match.hand.tricks) == 1 and len(match.hand.current_trick) == 2
    assert match.to_move == (match.hand.tricks[0].winner + 2) % 4


def test_mid_pass_record_keeps_who_has_passed() -> None:
    data = sample("mid_pass.json")
    assert [entry is None for entry in data["hands"][0]["passes"]] == [False, True, False, True]
    assert data["hands"][0]["plays"] == []
    match = Match.from_json(sample_text("mid_pass.json"))
    assert match.phase is Phase.PASSING
    assert match.hand.passed(1) is None and match.hand.passed(3) is None
    for seat in (0, 2):
        passed = match.hand.passed(seat)
        assert passed is not None and len(passed) == 3
        assert [str(card) for card in passed] == data["hands"][0]["passes"][seat]
    # The loaded match can carry on: the last two seats pass and play starts.
    for seat in (1, 3):
        match.pass_cards(seat, match.hand.hand(seat)[:3])
    assert match.hand.phase is Phase.PLAYING and match.legal_plays() == (parse_card("♣2"),)


# ------------------------------------------------------------- documentation


def _doc_json_blocks() -> list[str]:
    return re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_the_documented_example_is_a_valid_legal_record() -> None:
    blocks = _doc_json_blocks()
    assert len(blocks) == 1
    record = load_record(blocks[0])
    assert record.seed == 2024 and len(record.hands) == 1
    report = check_record(blocks[0])
    assert report.ok
    match = Match.from_json(blocks[0])
    hand = match.hand
    # What the document says about it.
    assert [seat for seat, _ in hand.plays] == [2, 3, 0, 1, 1]
    assert hand.tricks[0].winner == 1 and hand.tricks[0].points == 0
    assert match.to_move == 2
    assert hand.dealt(0) == deal_hands(2024, 1)[0]


def test_the_document_lists_every_rules_field_and_reason_code() -> None:
    text = DOC.read_text(encoding="utf-8")
    for field in Rules().to_dict():
        assert f"`{field}`" in text
    for reason in Reason:
        if reason is not Reason.LEGAL:
            assert f"`{reason.value}`" in text


# ------------------------------------------------------------ the size cap


def test_the_documented_cap_is_the_one_enforced() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert f"**{MAX_RECORD_BYTES // 1024 // 1024} MiB** ({MAX_RECORD_BYTES:,} bytes" in text


@pytest.mark.parametrize("kind", ["str", "bytes"])
def test_a_record_over_the_cap_is_refused_before_it_is_parsed(kind: str) -> None:
    text = sample_text("mid_hand.json")
    padded = text + " " * (MAX_RECORD_BYTES - len(text.encode("utf-8")))
    fits: str | bytes = padded if kind == "str" else padded.encode("utf-8")
    assert load_record(fits).hands
    over: str | bytes = padded + " " if kind == "str" else (padded + " ").encode("utf-8")
    with pytest.raises(InvalidRecordError, match=r"larger than 8,388,608 bytes \(8 MiB\)"):
        load_record(over)


def test_the_cap_counts_utf8_bytes_not_characters() -> None:
    # ♠ is three bytes of UTF-8: a third of the cap in characters is just over it in bytes.
    text = "♠" * (MAX_RECORD_BYTES // 3 + 1)
    with pytest.raises(InvalidRecordError, match="larger than"):
        load_record(text)
    with pytest.raises(InvalidRecordError, match="not valid JSON"):
        load_record("♠" * (MAX_RECORD_BYTES // 3))


def test_the_view_before_a_play_is_the_one_the_seat_had_then() -> None:
    rng = random.Random(8)
    state = HandState.new(deal_hands(8, 1), "left", Rules(target=50))
    for seat in range(4):
        state.pass_cards(seat, rng.sample(state.view(seat).hand, 3))
    seen = []
    while not state.is_over:
        mover = state.to_move
        assert mover is not None
        seen.append(state.view(mover))
        state.play(rng.choice(state.legal_plays()))
    assert [view_before_play(state, index) for index in range(len(seen))] == seen
    assert HandRecord.from_state(state) == load_record(dump_record(state.rules, [state.to_record()])).hands[0]
    for index in (-1, len(seen)):
        with pytest.raises(InvalidPositionError, match=f"the hand has {len(seen)} plays"):
            view_before_play(state, index)
