"""The position notation (hearts_core.notation, docs/notation.md): round trips, refusals, the engine's verdicts.

What this file guards:

* every view of several seeded games (every pass and play, all four seats, every pass
  direction, house rules on and off) formats to a line that reads back as the same view,
  and that line is canonical (formatting the reading gives the line again); the read
  view's ``legal_plays`` and ``explain`` of every card agree with the game's;
* positions written with passes unknown, or in other card spellings, read as documented;
* each kind of refusal names its part, and an illegal play is explained with the engine's
  own reason;
* on random, partly illegal histories, the notation never refuses a legal game, and every
  play it refuses is one the full game (every hand known) refuses too, at that play or
  earlier; the seat's own illegal play is found exactly where the game finds it;
* every position, refusal and command of docs/notation.md is what the engine does.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_core import (
    DECK,
    Card,
    HandState,
    IllegalMove,
    InvalidPositionError,
    Match,
    PassDirection,
    Phase,
    Rules,
    SeatView,
    deal_hands,
    format_position,
    legal_plays,
    load_record,
    parse_position,
    position_before,
    trick_winner,
)
from hearts_core.cards import Suit
from hearts_core.cli import check_main
from hearts_core.coach import recommend
from hearts_core.notation import MAX_POSITION_LENGTH, setup_position, tricks_begun
from hearts_core.records import replay_to
from tests.support import examples

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
RECORD_DOC = (ROOT / "docs" / "record-format.md").read_text(encoding="utf-8")
EXAMPLE_RECORD = RECORD_DOC.split("```json\n", 1)[1].split("```", 1)[0]  # the record format's example

RULES = (
    Rules(),
    Rules(qs_breaks_hearts=True),
    Rules(tie_rule="play_on", target=50, jack_of_diamonds_bonus=True, moon_subtracts=True),
)
GAMES = range(8)  # hand numbers 1 to 4 twice over: each pass direction twice

# The guides' practice position (lesson 3) with a history that leads to it (docs/notation.md).
PRACTICE = ("0 ♣3♣A♦7♠Q♥9 hold 0:♣2♣J♣Q♦A/2:♦5♦K♦2♦6/3:♠6♠2♠7♠8/2:♦8♦9♦3♦10/1:♠9♠10♠J♠3/3:♦J♦4♦Q♥2"
            "/1:♠K♥3♥4♠4/1:♠A♥6♥7♠5 1:♣10♣K♥5")
# The record format's example before play 6, from CPU2's chair.
EXAMPLE = "2 ♣7♣9♣A♦3♦9♦K♠4♠7♠8♥2♥3♥6 left-♠10♥7♥K+♣9♦3♦9 2:♣2♣6♣5♣K 1:♠9"
# Seed 2024's first deal, seat 0, before anyone has passed.
PASSING = "0 ♣5♣10♦2♦8♦J♦A♠2♠3♠6♠J♠Q♥9♥A left - -"


def seeded_states(game: int) -> Iterator[HandState]:
    """A copy of the hand after each action of a seeded game: the deal, every pass, every play."""
    rng = random.Random(game)
    number = game % 4 + 1
    state = HandState.new(deal_hands(seed=game, hand_number=number), PassDirection.for_hand(number),
                          RULES[game % len(RULES)])
    yield state.copy()
    if state.phase is Phase.PASSING:
        for seat in rng.sample(range(4), 4):
            state.pass_cards(seat, rng.sample(state.hand(seat), 3))
            yield state.copy()
    while state.phase is Phase.PLAYING:
        state.play(rng.choice(state.legal_plays()))
        yield state.copy()


def without_match(view: SeatView) -> SeatView:
    """The view as a position holds it: no match around the hand."""
    return dataclasses.replace(view, match_totals=None, hand_number=None)


def assert_round_trip(view: SeatView) -> str:
    """Format, read back, compare; the reading's rules answers are the view's. Returns the line."""
    line = format_position(view)
    read = parse_position(line)
    assert read == without_match(view), line
    assert format_position(read) == line
    assert read.legal_plays() == view.legal_plays()
    for card in DECK:
        assert read.explain(card) == view.explain(card), (line, card)
    return line


# ------------------------------------------------------------------ round trips


@pytest.mark.parametrize("game", GAMES)
def test_every_view_of_a_seeded_game_reads_back_as_itself(game: int) -> None:
    seen: set[str] = set()
    for state in seeded_states(game):
        for seat in range(4):
            view = state.view(seat)
            line = assert_round_trip(view)
            if view.phase is Phase.PASSING:
                seen.add("passing, passed" if view.passed else "passing")
            elif view.phase is Phase.HAND_OVER:
                seen.add("over")
                assert line.split()[1] == "-" and line.split()[4] == "-"
            else:
                seen.add("first trick" if view.first_trick else "later trick")
                seen.add("hearts broken" if view.hearts_broken else "hearts unbroken")
                seen.add(f"{len(view.current_trick)} on the table")
            if view.rules != Rules():
                seen.add("house rules")
                assert len(line.split()) == 6
    expected = {"over", "first trick", "later trick", "hearts broken", "hearts unbroken", "0 on the table",
                "1 on the table", "2 on the table", "3 on the table"}
    if PassDirection.for_hand(game % 4 + 1) is not PassDirection.HOLD:
        expected |= {"passing", "passing, passed"}
    if RULES[game % len(RULES)] != Rules():
        expected.add("house rules")
    assert expected <= seen


def test_a_match_view_reads_back_without_the_match() -> None:
    match = Match.new(11)
    view = match.view(2)
    assert view.match_totals is not None and view.hand_number == 1
    assert parse_position(format_position(view)) == without_match(view)


@pytest.mark.parametrize("game", [0, 1, 2, 4])
def test_passes_may_be_unknown_in_part_or_in_whole(game: int) -> None:
    states = list(seeded_states(game))
    for state in states[5::7]:
        for seat in range(4):
            view = state.view(seat)
            if view.pass_direction is PassDirection.HOLD:
                continue
            for passed, received in ((None, None), (view.passed, None), (None, view.received)):
                if view.phase is Phase.PASSING and received is not None:
                    continue
                line = assert_round_trip(dataclasses.replace(view, passed=passed, received=received))
                pass_field = line.split()[2]
                assert ("-" in pass_field) is (passed is not None)
                assert ("+" in pass_field) is (received is not None)


def test_the_first_trick_leader_need_not_be_known_to_the_seat() -> None:
    # Seat 1 neither holds nor passed ♣2, and no card is down yet: the leader is as written.
    line = "1 ♣8♦3♦5♦8♦Q♦A♠8♠9♠A♥4♥7♥10♥K hold - 0:"
    view = parse_position(line)
    assert (view.to_move, view.trick_leader, view.legal_plays()) == (0, 0, ())
    assert parse_position(line.replace(" 0:", " 3:")).to_move == 3
    with pytest.raises(InvalidPositionError) as refused:
        parse_position(line.replace(" 0:", " 1:"))
    assert refused.value.part == "table"
    assert "does not hold it" in str(refused.value)


def test_the_guides_practice_position_reads_as_the_page_says() -> None:
    view = parse_position(PRACTICE)
    assert view.to_move == 0 and view.is_my_turn and view.hearts_broken
    assert view.points_taken == (0, 5, 0, 0)
    assert [str(card) for card in view.legal_plays()] == ["♣3", "♣A"]
    assert view.explain("♠Q").reason.value == "must_follow_suit"
    assert [trick.winner for trick in view.tricks] == [2, 3, 2, 1, 3, 1, 1, 1]


SPELLINGS = ("{rank}{letter}", "{rank}{symbol}", "{symbol}{rank}")
LETTERS = {"♣": "C", "♦": "D", "♠": "S", "♥": "H"}


def other_spelling(line: str, rng: random.Random) -> str:
    """The line with every card in a random accepted spelling and random ASCII case."""
    def respell(match: re.Match[str]) -> str:
        symbol, rank = match[1], match[2]
        rank = rng.choice(["T", "10"]) if rank == "10" else rank
        text = rng.choice(SPELLINGS).format(rank=rank, letter=LETTERS[symbol], symbol=symbol)
        return "".join(char.lower() if rng.random() < 0.5 else char for char in text)
    return re.sub(r"([♣♦♠♥])(10|[2-9JQKA])", respell, line)


@pytest.mark.parametrize("game", [3, 5])
def test_other_card_spellings_read_the_same_and_write_canonically(game: int) -> None:
    rng = random.Random(game)
    for state in list(seeded_states(game))[::9]:
        line = format_position(state.view(game % 4))
        spelled = other_spelling(line, rng)
        assert parse_position(spelled) == parse_position(line)
        assert format_position(parse_position(spelled)) == line


def test_whitespace_around_and_between_fields_is_forgiven_but_a_second_line_is_not() -> None:
    assert parse_position(f"  {EXAMPLE.replace(' ', '   ')}\n") == parse_position(EXAMPLE)
    assert format_position(parse_position(EXAMPLE + "\n")) == EXAMPLE
    with pytest.raises(InvalidPositionError) as refused:
        parse_position(EXAMPLE.replace(" 1:", "\n1:"))
    assert refused.value.part == "position"


def test_a_parsed_position_gets_the_coachs_advice_for_the_game_position() -> None:
    for game in (2, 6):
        states = [state for state in seeded_states(game) if state.phase is Phase.PLAYING]
        for state in states[9::17]:
            view = state.view(state.to_move or 0)
            read = parse_position(format_position(view))
            assert recommend(read, time_budget=0.02) == recommend(view, time_budget=0.02)


# ------------------------------------------------------------------ property tests


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(game=st.integers(0, 10_000), cut=st.integers(0, 60), seat=st.integers(0, 3))
def test_any_moment_of_any_seeded_game_round_trips(game: int, cut: int, seat: int) -> None:
    states = list(seeded_states(game))
    assert_round_trip(states[min(cut, len(states) - 1)].view(seat))


def history(seed: int, slips: float) -> tuple[tuple[tuple[str, ...], ...], list[str]]:
    """A hold deal and a whole hand of plays in turn order, each illegal with chance ``slips``."""
    rng = random.Random(seed)
    deal = deal_hands(seed=seed, hand_number=4)
    hands = [set(hand) for hand in deal]
    seat = next(seat for seat in range(4) if any(str(card) == "♣2" for card in hands[seat]))
    plays: list[Card] = []
    trick: list[Card] = []
    broken = False
    for number in range(52):
        held = sorted(hands[seat], key=lambda card: card.index)
        allowed = legal_plays(held, trick, first_trick=number < 4, hearts_broken=broken)
        card = rng.choice(held if rng.random() < slips else allowed)
        hands[seat].discard(card)
        plays.append(card)
        trick.append(card)
        broken = broken or card.suit.symbol == "♥"
        if len(trick) == 4:
            seat = (seat + 1 + trick_winner(trick)) % 4
            trick = []
        else:
            seat = (seat + 1) % 4
    return tuple(tuple(str(card) for card in hand) for hand in deal), [str(card) for card in plays]


def line_of(deal: tuple[tuple[str, ...], ...], plays: list[str], seat: int) -> tuple[str, list[str]]:
    """The notation of ``seat``'s view after ``plays``, written here from the cards alone, and each play's part."""
    leader = next(seat for seat in range(4) if "♣2" in deal[seat])
    pieces, parts, played_by_seat = [], [], set()
    for start in range(0, len(plays), 4):
        cards = plays[start:start + 4]
        number = start // 4 + 1
        finished = len(cards) == 4
        pieces.append(f"{leader}:{''.join(cards)}")
        parts += [f"{'tricks, trick ' + str(number) if finished else 'table'}, card {offset + 1}"
                  for offset in range(len(cards))]
        played_by_seat |= {card for offset, card in enumerate(cards) if (leader + offset) % 4 == seat}
        if finished:
            leader = (leader + trick_winner(cards)) % 4
    finished_pieces = [piece for piece in pieces if len(re.findall("[♣♦♠♥]", piece)) == 4]
    table = pieces[-1] if pieces and pieces[-1] not in finished_pieces else (f"{leader}:" if len(plays) < 52 else "-")
    held = "".join(card for card in deal[seat] if card not in played_by_seat) or "-"
    tricks = "/".join(finished_pieces) or "-"
    return f"{seat} {held} hold {tricks} {table}", parts


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000), slips=st.sampled_from([0.0, 0.05, 0.2]), seat=st.integers(0, 3))
def test_a_refused_play_is_one_the_full_game_refuses_too(seed: int, slips: float, seat: int) -> None:
    deal, plays = history(seed, slips)
    state = HandState.new(deal, "hold")
    first_illegal = None
    for number, card in enumerate(plays):
        try:
            state.play(card)
        except IllegalMove as refusal:
            first_illegal = (number, refusal.verdict, (state.to_move or 0))
            break
    for count in range(0, 53, 3):
        line, parts = line_of(deal, plays[:count], seat)
        try:
            read = parse_position(line)
        except InvalidPositionError as error:
            assert error.part in parts, error  # a play is refused, never the written structure
            refused_at = parts.index(error.part)
            assert first_illegal is not None and first_illegal[0] <= refused_at, error
            number, verdict, mover = first_illegal
            if mover == seat:  # the seat's own hand is known: found exactly where the game finds it
                assert refused_at == number and f": {verdict.reason.value}: {verdict.message}" in str(error)
            continue
        if first_illegal is None or first_illegal[0] >= count:
            replay = HandState.new(deal, "hold")
            for card in plays[:count]:
                replay.play(card)
            assert read == replay.view(seat)
        else:  # accepted although illegal: only when the play needed cards the seat has not seen
            assert first_illegal[2] != seat


# Parsing 120 characters costs microseconds: four times the profile's count (conftest.py).
@examples(4)
@given(st.text(alphabet=st.sampled_from(list("0123 -+:/,=♣♦♠♥♡2345678910JQKATCDSHhold leftrights acrossqs_breaks")),
               max_size=120))
def test_random_text_is_a_view_or_a_refusal(text: str) -> None:
    try:
        view = parse_position(text)
    except InvalidPositionError as error:
        assert error.part is not None and str(error).startswith(error.part + ": ")
        assert len(str(error)) < 600
    else:
        assert parse_position(format_position(view)) == view


# A parse of one damaged line costs microseconds: four times the profile's count (conftest.py).
@examples(4)
@given(game=st.integers(0, 50), cut=st.integers(0, 60), seat=st.integers(0, 3), where=st.floats(0, 1),
       damage=st.sampled_from(["delete", "insert", "replace"]),
       char=st.sampled_from(list("0123456789-+:/ ♣♦♠♥JQKAx")))
def test_a_damaged_position_is_a_view_or_names_its_part(game: int, cut: int, seat: int, where: float,
                                                         damage: str, char: str) -> None:
    states = list(seeded_states(game))
    line = format_position(states[min(cut, len(states) - 1)].view(seat))
    at = int(where * (len(line) - 1))
    damaged = {"delete": line[:at] + line[at + 1:], "insert": line[:at] + char + line[at:],
               "replace": line[:at] + char + line[at + 1:]}[damage]
    try:
        view = parse_position(damaged)
    except InvalidPositionError as error:
        assert error.part is not None and str(error).startswith(error.part + ": ")
    else:
        assert parse_position(format_position(view)) == view


# ------------------------------------------------------------------ refusals


def practice(old: str, new: str) -> str:
    assert old in PRACTICE
    return PRACTICE.replace(old, new)


def example(old: str, new: str) -> str:
    assert old in EXAMPLE
    return EXAMPLE.replace(old, new)


REFUSALS = [
    # the line
    (PRACTICE.rsplit(" ", 1)[0], "position", "4 fields, but a position has 5"),
    (PRACTICE + " qs_breaks_hearts extra", "position", "7 fields"),
    ("0 - hold - -" + " " * MAX_POSITION_LENGTH, "position", "more than any position has"),
    # seat
    (practice("0 ♣3", "4 ♣3"), "seat", "seats are 0, 1, 2 or 3, not '4'"),
    (practice("0 ♣3", "You ♣3"), "seat", "not 'You'"),
    # hand
    (practice("♣3♣A♦7♠Q♥9", "♣1♣A♦7♠Q♥9"), "hand, card 1", "not a card: '♣1♣A♦7♠Q♥9'"),
    (practice("♣3♣A♦7♠Q♥9", "♣3♣A♦7♠Q♥9,"), "hand, card 6", "not a card: ','"),
    ("0 ♣2♣3♣4♣5♣6♣7♣8♣9♣10♣J♣Q♣K♣A♦2 hold - 0:", "hand", "more than 13 cards"),
    (practice("♣3♣A♦7♠Q♥9", "♣3♣A♦7♠Q♥9♥K"), "hand", "6 cards, but seat 0 (You) has played 8 of its 13, so it holds 5"),
    (practice("♣3♣A♦7♠Q♥9", "♣3♣A♦7♠Q"), "hand", "4 cards"),
    ("0 ♣2♣3♣A♦2♦3♦4♦7♠2♠3♠4♠5♠Q hold - 0:", "hand", "12 cards, but seat 0 (You) has played none of its 13"),
    # a card twice
    (practice("♣3♣A♦7♠Q♥9", "♣3♣A♦2♠Q♥9"), "tricks, trick 2, card 3", "♦2 is written twice (first at hand, card 3)"),
    (practice("1:♣10♣K♥5", "1:♣10♣K♣10"), "table, card 3", "♣10 is written twice (first at table, card 1)"),
    (practice("♣3♣A♦7♠Q♥9", "♣3♣3♦7♠Q♥9"), "hand, card 2", "♣3 is written twice (first at hand, card 1)"),
    # pass
    (example("left-", "sideways-"), "pass", "the direction is left, right, across or hold, not 'sideways'"),
    (practice("hold", "hold-♣3♦7♥9"), "pass", "a hold hand has no passes"),
    (example("left-♠10♥7♥K", "left-♠10♥7"), "pass", "2 passed cards, but a pass is 3 different cards"),
    (example("left-♠10♥7♥K", "left-"), "pass", "no passed cards, but a pass is 3"),
    (example("+♣9♦3♦9", "+♣9♦3"), "pass", "2 received cards"),
    (example("left-♠10♥7♥K", "left-♠10♥7♥7"), "pass, passed card 3", "♥7 is passed twice"),
    (example("left-♠10♥7♥K+♣9♦3♦9", "left+♣9♦3♦9-♠10♥7♥K"), "pass", "the passed cards ('-') come before"),
    (example("left-♠10♥7♥K", "left-♠10♥7♠4"), "pass, passed card 3",
     "seat 2 (CPU2) passed ♠4 to seat 3 (CPU3), so it cannot still hold it"),
    (example("left-♠10♥7♥K", "left-♠10♥7♣5"), "pass, passed card 3",
     "seat 2 (CPU2) passed ♣5 to seat 3 (CPU3), but seat 0 (You) plays it (tricks, trick 1, card 3)"),
    (example("left-♠10♥7♥K", "left-♠10♥7♣2"), "pass, passed card 3",
     "passed ♣2 to seat 3 (CPU3), but seat 2 (CPU2) plays it (tricks, trick 1, card 1)"),
    (example("+♣9♦3♦9", "+♣9♦3♦8"), "pass, received card 3",
     "seat 2 (CPU2) received ♦8 from seat 1 (CPU1), but it is neither in the hand nor among the seat's plays"),
    (example("+♣9♦3♦9", "+♣9♦3♣6"), "pass, received card 3",
     "received ♣6 from seat 1 (CPU1), but seat 3 (CPU3) plays it (tricks, trick 1, card 2)"),
    (example("left-♠10♥7♥K+♣9♦3♦9", "left-♠10♥7♥K+♣9♦3♥K"), "pass, received card 3",
     "♥K is among both the passed and the received cards"),
    (PASSING.replace("left", "left-♣10♦2♠J+♣3♣4♣6"), "pass, received card 1", "nothing is received until"),
    (PASSING.replace("left", "left-♣10♦2♥2"), "pass, passed card 3", "♥2 is not in the hand"),
    # tricks
    (practice("2:♦5♦K♦2♦6", "2:♦5♦K♦2"), "tricks, trick 2", "3 cards, but a finished trick has 4"),
    (practice("2:♦5♦K♦2♦6", "2:"), "tricks, trick 2", "0 cards"),
    (practice("2:♦5♦K♦2♦6", "two:♦5♦K♦2♦6"), "tricks, trick 2", "write the leader's seat, a colon and the cards"),
    (practice("2:♦5♦K♦2♦6", "2♦5♦K♦2♦6"), "tricks, trick 2", "write the leader's seat"),
    (practice("/2:♦5♦K♦2♦6/", "//"), "tricks, trick 2", "write the leader's seat"),
    (practice("2:♦5♦K♦2♦6", "2:♦5♦K♦2♦X"), "tricks, trick 2, card 4", "not a card: '♦X'"),
    ("0 - hold " + "/".join(["0:♣2♣3♣4♣5"] * 14) + " -", "tricks", "14 tricks, but a hand has 13"),
    (practice("3:♠6♠2♠7♠8", "2:♠6♠2♠7♠8"), "tricks, trick 3",
     "led by seat 2 (CPU2), but seat 3 (CPU3) took trick 2 with ♦K, so it leads"),
    # the first leader
    (practice("0:♣2♣J♣Q♦A", "1:♣2♣J♣Q♦A"), "tricks, trick 2", "but seat 3 (CPU3) took trick 1 with ♣Q"),
    ("0 ♣2♣A♦2♦3♦4♦7♠2♠3♠4♠5♠Q♥9 hold 1:♣J♣Q♦A♣3 2:", "tricks, trick 1",
     "led by seat 1 (CPU1), but seat 0 (You) holds ♣2, and the first trick is led by the seat with ♣2"),
    ("0 ♣2♣3♣A♦2♦3♦4♦7♠2♠3♠4♠5♠Q♥9 hold - 1:", "table", "led by seat 1 (CPU1), but seat 0 (You) holds ♣2"),
    ("2 ♣7♣9♣A♦3♦9♦K♠4♠7♠8♠10♥2♥3♥6 left-♣2♥7♥K+♣9♦3♦9 - 1:", "table",
     "seat 2 (CPU2) passed ♣2 to seat 3 (CPU3), and the first trick is led by the seat with ♣2"),
    ("1 ♣8♦3♦5♦8♦Q♦A♠8♠9♠A♥4♥7♥10♥K hold - 2:♣3♣2", "table",
     "led by seat 2 (CPU2), but seat 3 (CPU3) plays ♣2, so it held it"),
    ("1 ♣8♦3♦5♦8♦Q♦A♠8♠9♠A♥4♥7♥10♥K hold - 1:", "table", "seat 1 (CPU1) does not hold it"),
    # illegal plays, with the engine's reasons
    (practice("♣3♣A♦7♠Q♥9", "♣3♣A♠2♠Q♥9").replace("3:♠6♠2♠7♠8", "3:♠6♦7♠7♠8"), "tricks, trick 3, card 2",
     "seat 0 (You) played ♦7: must_follow_suit: Spades were led and you hold ♠2, ♠3, ♠4, ♠5 and ♠Q, "
     "so you must play one of them."),
    (practice("0:♣2♣J♣Q♦A", "0:♣2♣J♣Q♥5").replace("1:♣10♣K♥5", "1:♣10♣K♦A"), "tricks, trick 1, card 4",
     "seat 3 (CPU3) played ♥5: no_points_on_first_trick: No points may be given away on the first trick: ♥5 "
     "carries points, and you still hold ♦9, ♦J, ♦K, ♦A, ♠6 and ♠J, which do not. (what CPU3 held is known "
     "from the cards it plays later)"),
    ("0 ♣2♣3♣A♦2♦3♦4♦7♠2♠3♠4♠5♠Q hold - 0:♥9", "table, card 1",
     "seat 0 (You) played ♥9: must_lead_two_of_clubs: The first trick always opens with ♣2"),
    ("1 ♣8♦3♦5♦8♦Q♦A♠8♠9♠A♥4♥7♥10♥K hold - 3:♣3♣2", "table",
     "led by seat 3 (CPU3), but seat 0 (You) plays ♣2, so it held it"),
    (example("left-♠10♥7♥K", "left-♠10♥7♣6").replace("2:♣2♣6♣5♣K", "2:♣2♥K♣5♣K"), "tricks, trick 1, card 2",
     "seat 3 (CPU3) played ♥K: must_follow_suit: Clubs were led and you hold ♣6, so you must play it. (what CPU3 "
     "held is known from the cards it plays later and the cards passed to it)"),
    # table
    (practice("1:♣10♣K♥5", "1:♣10♣K♥5♣3"), "table", "4 cards, but the trick in play holds 0 to 3"),
    (practice("1:♣10♣K♥5", "-"), "table", "after 8 of 13 tricks the next one is in play"),
    (practice("1:♣10♣K♥5", "2:♣10♣K♥5"), "table", "led by seat 2 (CPU2), but seat 1 (CPU1) took trick 8 with ♠A"),
    (practice("1:♣10♣K♥5", "1♣10♣K♥5"), "table", "write the leader's seat"),
    ("0 ♣2♣3♣A♦2♦3♦4♦7♠2♠3♠4♠5♠Q♥9 hold - -", "table", "a hold hand has no passing"),
    # rules
    (PRACTICE + " jokers", "rules, item 1", "no house rule is called 'jokers'"),
    (PRACTICE + " qs_breaks_hearts,", "rules, item 2", "no house rule is called ''"),
    (PRACTICE + " target=50,target=60", "rules, item 2", "target is given twice"),
    (PRACTICE + " target=0", "rules, item 1", "target is a whole number of points from 1, not '0'"),
    (PRACTICE + " target=" + "9" * 40, "rules, item 1", "target is a whole number"),
    (PRACTICE + " target=٥٠", "rules, item 1", "target is a whole number"),
    (PRACTICE + " qs_breaks_hearts=true", "rules, item 1", "switched on by its name alone"),
    (PRACTICE + " tie_rule=sudden", "rules, item 1", "tie_rule is share or play_on, not 'sudden'"),
]


@pytest.mark.parametrize(("text", "part", "fragment"), REFUSALS, ids=[f"{part}: {fragment[:40]}"
                                                                     for _, part, fragment in REFUSALS])
def test_each_refusal_names_its_part(text: str, part: str, fragment: str) -> None:
    with pytest.raises(InvalidPositionError) as refused:
        parse_position(text)
    assert refused.value.part == part
    assert str(refused.value).startswith(f"{part}: ")
    assert fragment in str(refused.value)


def test_no_trick_is_on_the_table_once_all_thirteen_are_finished() -> None:
    over = list(seeded_states(3))[-1]
    line = format_position(over.view(1))
    assert line.endswith(" -")
    with pytest.raises(InvalidPositionError) as refused:
        parse_position(line.rsplit(" ", 1)[0] + " 0:")
    assert refused.value.part == "table" and "all 13 tricks are finished" in str(refused.value)


def test_text_that_is_not_text_is_refused_naming_the_position() -> None:
    for value in (None, 5, b"0 - hold - -", ["0"]):
        with pytest.raises(InvalidPositionError) as refused:
            parse_position(value)  # type: ignore[arg-type]
        assert refused.value.part == "position"


def test_format_refuses_anything_but_a_view_and_a_view_that_cannot_arise() -> None:
    with pytest.raises(TypeError, match="SeatView"):
        format_position(PRACTICE)  # type: ignore[arg-type]
    view = parse_position(PRACTICE)
    for change, part in (
        ({"points_taken": (0, 0, 5, 0)}, "points_taken"),
        ({"hearts_broken": False}, "hearts_broken"),
        ({"to_move": 3}, "to_move"),
        ({"phase": Phase.HAND_OVER}, "table"),
        ({"hand": view.hand[:-1]}, "hand"),
        ({"pass_direction": PassDirection.LEFT, "passed": view.hand[:3]}, "pass, passed card 1"),
    ):
        with pytest.raises(InvalidPositionError) as refused:
            format_position(dataclasses.replace(view, **change))
        assert refused.value.part == part, (change, refused.value)
    # The order of a hand built by hand does not matter: the line sorts it.
    assert format_position(dataclasses.replace(view, hand=tuple(reversed(view.hand)))) == PRACTICE


# ------------------------------------------------------------------ a record's positions


def test_the_position_before_each_play_of_a_record_is_the_replayed_views() -> None:
    record = load_record(EXAMPLE_RECORD)
    assert format_position(position_before(record, 1, 6)) == EXAMPLE
    replay = HandState.new(record.hands[0].deal, "left")
    for seat, cards in enumerate(record.hands[0].passes or ()):
        replay.pass_cards(seat, cards or ())
    for play, card in enumerate(record.hands[0].plays, start=1):
        assert position_before(record, 1, play) == replay.view(replay.to_move or 0)
        replay.play(card)


def test_a_record_without_that_position_says_so() -> None:
    record = load_record(EXAMPLE_RECORD)
    for hand, play, fragment in ((2, 1, "no hand 2"), (0, 1, "no hand 0"), (1, 0, "not 0"), (1, 7, "1 to 6, not 7"),
                                 (1, True, "not True")):
        with pytest.raises(InvalidPositionError, match=fragment):
            position_before(record, hand, play)
    mid_pass = load_record((ROOT / "tests" / "data" / "mid_pass.json").read_bytes())
    with pytest.raises(InvalidPositionError, match="still being passed"):
        position_before(mid_pass, 1, 1)


def test_a_position_after_an_illegal_play_is_never_reached() -> None:
    record = load_record((ROOT / "tests" / "data" / "mistakes.json").read_bytes())
    _, problem = replay_to(record, 1, 52)
    assert problem is not None and problem.verdict.reason.value == "must_follow_suit"
    with pytest.raises(IllegalMove) as refused:
        position_before(record, 1, 52)
    assert refused.value.verdict == problem.verdict
    assert format_position(position_before(record, 1, 9)).count("/") == 1  # before the illegal play: fine


# ------------------------------------------------------------------ docs/notation.md


def blocks(kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", DOC, flags=re.DOTALL)


def test_every_position_on_the_page_reads_and_writes_back() -> None:
    lines = [line for block in blocks("text") for line in block.splitlines() if line]
    assert len(lines) >= 6
    for line in lines:
        assert format_position(parse_position(line)) == line


def test_every_refusal_on_the_page_is_the_engines() -> None:
    section = DOC[DOC.index("## Refusals"): DOC.index("## In Python")]
    rows = re.findall(r"^\| `([^`]+)` \| `([^`]+)` \|$", section, flags=re.MULTILINE)
    assert len(rows) >= 12
    for text, message in rows:
        with pytest.raises(InvalidPositionError) as refused:
            parse_position(text)
        assert str(refused.value) == message
        assert refused.value.part == message.split(": ", 1)[0]


def test_the_pages_python_runs() -> None:
    (code,) = blocks("python")
    exec(compile(code, "docs/notation.md", "exec"), {})  # the page's own example, run as written


def test_the_pages_commands_print_what_it_shows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "RECORD.json").write_text(EXAMPLE_RECORD, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for block in blocks("console"):
        command, *shown = block.splitlines()
        assert command.startswith("$ hearts-check ")
        code = check_main(command.split()[2:])
        printed = capsys.readouterr()
        assert (printed.out + printed.err).splitlines() == shown
        assert code == (0 if printed.out else 2)


def test_the_readme_and_the_record_format_link_the_page() -> None:
    assert "docs/notation.md" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "notation.md" in RECORD_DOC


# ------------------------------------------------------- a position being set up


def _played_views(seed: int) -> Iterator[tuple[HandState, SeatView]]:
    """Seat 0's view before every play of a random hand (passing left, seeded), with the state."""
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    state = HandState.new([deck[seat * 13:(seat + 1) * 13] for seat in range(4)], "left",
                          Rules(target=50) if seed % 2 else None)
    for seat in range(4):
        state.pass_cards(seat, rng.sample(state.view(seat).hand, 3))
    while True:
        yield state, state.view(0)
        if state.is_over:
            return
        state.play(rng.choice(state.legal_plays()))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_setup_line_is_the_canonical_line_of_the_same_position(seed: int) -> None:
    for state, view in _played_views(seed):
        plays = [card for _, card in view.plays]
        first_leader = view.plays[0][0] if view.plays else (view.trick_leader or 0)
        assert view.passed is not None and view.received is not None
        line = setup_position(view.hand, plays, first_leader=first_leader, direction=view.pass_direction,
                              passed=sorted(view.passed), received=sorted(view.received), rules=view.rules)
        assert line == format_position(view), (line, state)
        assert parse_position(line) == view


def test_a_setup_line_is_written_unchecked_and_the_reader_refuses_it_by_part() -> None:
    hand = [card for card in DECK if card.suit is Suit.SPADES]  # 13 spades, so no ♣2 to lead with
    line = setup_position(hand, [], passed=[], rules=Rules())
    assert line == "0 " + "".join(map(str, hand)) + " hold-- - 0:"
    with pytest.raises(InvalidPositionError) as error:
        parse_position(line)
    assert error.value.part == "pass"


def test_tricks_begun_follow_rule_7_and_keep_a_short_last_trick() -> None:
    state, _ = next(item for item in _played_views(4) if len(item[1].plays) == 6)
    plays = [card for _, card in state.plays]
    (first, cards), (second, rest) = tricks_begun(state.plays[0][0], plays)
    assert (first, cards) == (state.tricks[0].leader, list(state.tricks[0].cards))
    assert second == state.tricks[0].winner and rest == plays[4:]
    assert tricks_begun(2, []) == []
