"""Match records (``hearts-record/1``) and the rules checker that replays them.

Design choices:

* Reading a record has two stages with two kinds of failure.  :func:`load_record`
  checks that the text *is* a record (JSON, format, rules, 52 distinct cards in each
  deal, passes of held cards, parsable plays) and raises
  :class:`~hearts_core.errors.InvalidRecordError` naming the place, e.g.
  ``hands[1].plays[7]``.  :func:`replay_hand` then plays the hand through
  :class:`~hearts_core.state.HandState`, so the checker judges plays with exactly the
  rules the game uses, and reports the first illegal play of the hand.
* A record is at most :data:`MAX_RECORD_BYTES` bytes.  The longest real match is a few
  hundred kilobytes, so the cap costs nothing, and it keeps a reader (the checker, a page
  that loads an upload) from swallowing an endless stream or a huge file.
* Error messages quote the input they refuse through
  :func:`~hearts_core.errors.quote_input`, so a message stays short whatever it quotes.
* The format is documented in ``docs/record-format.md``.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from hearts_core.cards import Card, parse_card
from hearts_core.errors import QUOTE_LIMIT, InvalidCardError, InvalidPositionError, InvalidRecordError, quote_input
from hearts_core.legality import IllegalMove, Verdict
from hearts_core.rules import CARDS_IN_PASS, CARDS_PER_SEAT, NUM_SEATS, SEATS, Rules
from hearts_core.state import HandState, PassDirection, Phase, SeatView, seat_name

__all__ = [
    "MAX_RECORD_BYTES",
    "RECORD_FORMAT",
    "CheckReport",
    "HandRecord",
    "IllegalAction",
    "Record",
    "check_record",
    "dump_record",
    "load_record",
    "position_before",
    "replay_hand",
    "replay_to",
    "view_before_play",
]

RECORD_FORMAT: Final = "hearts-record/1"
MAX_RECORD_BYTES: Final = 8 * 1024 * 1024
"""The largest record (in bytes of UTF-8) that is read: 8 MiB, about 5,000 hands as the writer lays them out."""


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand of a record: deal, pass direction, passes (``None`` on hold), plays."""

    deal: tuple[tuple[Card, ...], ...]
    pass_direction: PassDirection
    passes: tuple[tuple[Card, ...] | None, ...] | None
    plays: tuple[Card, ...]

    @classmethod
    def from_state(cls, hand: HandState) -> HandRecord:
        """The record of a hand as far as it has gone: its deal, passes and plays."""
        passes = None if hand.pass_direction is PassDirection.HOLD else tuple(hand.passed(seat) for seat in SEATS)
        return cls(tuple(hand.dealt(seat) for seat in SEATS), hand.pass_direction, passes,
                   tuple(card for _, card in hand.plays))


@dataclass(frozen=True, slots=True)
class Record:
    """A parsed, structurally valid record."""

    rules: Rules
    hands: tuple[HandRecord, ...]
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class IllegalAction:
    """An illegal play found by the checker."""

    hand: int
    trick: int
    seat: int
    card: Card
    verdict: Verdict

    def describe(self) -> str:
        """One line: where, who, which card, the reason code and the engine's sentence."""
        return (
            f"hand {self.hand}, trick {self.trick}, seat {self.seat} ({seat_name(self.seat)}) "
            f"played {self.card}: {self.verdict.reason.value}: {self.verdict.message}"
        )


@dataclass(frozen=True, slots=True)
class CheckReport:
    """What the checker found: every illegal action, and how far each hand got."""

    problems: tuple[IllegalAction, ...]
    hands: tuple[HandState, ...] = field(default=())

    @property
    def ok(self) -> bool:
        """True when every action in the record was legal."""
        return not self.problems


def dump_record(rules: Rules, hands: Sequence[dict[str, Any]], *, seed: int | None = None) -> str:
    """A record's JSON text from hand dictionaries (see :meth:`HandState.to_record`)."""
    data: dict[str, Any] = {"format": RECORD_FORMAT, "rules": rules.to_dict()}
    if seed is not None:
        data["seed"] = seed
    data["hands"] = list(hands)
    return json.dumps(data, ensure_ascii=False, indent=1)


def load_record(text: str | bytes) -> Record:
    """Parse and structurally check a record; raise :class:`InvalidRecordError` if it is not one.

    ``text`` is the JSON text, as ``str`` or UTF-8 ``bytes``, of at most
    :data:`MAX_RECORD_BYTES` bytes.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise InvalidRecordError(f"a record is JSON text (str or bytes), not {type(text).__name__}")
    if _too_large(text):
        raise InvalidRecordError(
            f"the record is larger than {MAX_RECORD_BYTES:,} bytes ({MAX_RECORD_BYTES // 1024 // 1024} MiB), "
            "the most a record may hold"
        )
    try:
        data = json.loads(text)
    except RecursionError:
        raise InvalidRecordError("not valid JSON: nested too deeply") from None
    except ValueError as error:  # JSONDecodeError, UnicodeDecodeError, over-long numbers
        raise InvalidRecordError(f"not valid JSON: {_short(str(error))}") from None
    if not isinstance(data, dict):
        raise InvalidRecordError(f"a record is a JSON object, not {type(data).__name__}")
    if data.get("format") != RECORD_FORMAT:
        raise InvalidRecordError(f"unknown format {quote_input(data.get('format'))}; expected {RECORD_FORMAT!r}")
    unknown = sorted(set(data) - {"format", "rules", "seed", "hands"})
    if unknown:
        raise InvalidRecordError(f"unknown field(s) {quote_input(unknown)} in the record")
    rules = Rules.from_dict(data.get("rules", {}))
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise InvalidRecordError(f"seed must be a whole number, not {quote_input(seed)}")
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise InvalidRecordError("'hands' must be a list of hands")
    return Record(rules, tuple(_hand(hand, f"hands[{i}]") for i, hand in enumerate(hands)), seed)


_DIRECTIONS: Final = tuple(direction.value for direction in PassDirection)


def _too_large(text: str | bytes | bytearray) -> bool:
    if isinstance(text, (bytes, bytearray)):
        return len(text) > MAX_RECORD_BYTES
    # A character is 1 to 4 bytes of UTF-8: encode only when the length leaves it open.
    if len(text) > MAX_RECORD_BYTES:
        return True
    if len(text) * 4 <= MAX_RECORD_BYTES:
        return False
    return len(text.encode("utf-8", errors="surrogatepass")) > MAX_RECORD_BYTES


def _short(message: str) -> str:
    """A message from the JSON reader, cut like quoted input (it can quote the text)."""
    limit = 4 * QUOTE_LIMIT
    return message if len(message) <= limit else message[:limit] + "…"


def _hand(data: object, where: str) -> HandRecord:
    if not isinstance(data, dict):
        raise InvalidRecordError(f"{where}: a hand is a JSON object")
    unknown = sorted(set(data) - {"deal", "pass_direction", "passes", "plays"})
    if unknown:
        raise InvalidRecordError(f"{where}: unknown field(s) {quote_input(unknown)}")
    deal_data = data.get("deal")
    if not isinstance(deal_data, list) or len(deal_data) != NUM_SEATS:
        raise InvalidRecordError(f"{where}.deal: must list four hands of {CARDS_PER_SEAT} cards")
    deal = []
    seen: dict[Card, str] = {}
    for seat, cards in enumerate(deal_data):
        place = f"{where}.deal[{seat}]"
        hand = _cards(cards, place, CARDS_PER_SEAT)
        for position, card in enumerate(hand):
            if card in seen:
                raise InvalidRecordError(f"{place}[{position}]: {card} was already dealt at {seen[card]}")
            seen[card] = f"{place}[{position}]"
        deal.append(hand)
    direction_data = data.get("pass_direction")
    if direction_data not in _DIRECTIONS:
        raise InvalidRecordError(
            f"{where}.pass_direction: must be left, right, across or hold, not {quote_input(direction_data)}"
        )
    direction = PassDirection(direction_data)
    passes: tuple[tuple[Card, ...] | None, ...] | None = None
    if direction is PassDirection.HOLD:
        if data.get("passes") is not None:
            raise InvalidRecordError(f"{where}.passes: a hold hand has no passes")
    elif data.get("passes") is not None:
        passes_data = data["passes"]
        if not isinstance(passes_data, list) or len(passes_data) != NUM_SEATS:
            raise InvalidRecordError(f"{where}.passes: must list one pass (or null) per seat")
        chosen: list[tuple[Card, ...] | None] = []
        for seat, cards in enumerate(passes_data):
            place = f"{where}.passes[{seat}]"
            if cards is None:
                chosen.append(None)
                continue
            passed = _cards(cards, place, CARDS_IN_PASS)
            for position, card in enumerate(passed):
                if card not in deal[seat]:
                    raise InvalidRecordError(f"{place}[{position}]: seat {seat} passes {card}, which it was not dealt")
            if len(set(passed)) != CARDS_IN_PASS:
                raise InvalidRecordError(f"{place}: passes the same card twice")
            chosen.append(passed)
        passes = tuple(chosen)
    plays_data = data.get("plays", [])
    if not isinstance(plays_data, list):
        raise InvalidRecordError(f"{where}.plays: must be a list of cards")
    if len(plays_data) > NUM_SEATS * CARDS_PER_SEAT:
        raise InvalidRecordError(f"{where}.plays: {len(plays_data)} plays, but a hand has at most 52")
    plays = tuple(_card(card, f"{where}.plays[{i}]") for i, card in enumerate(plays_data))
    if plays and direction is not PassDirection.HOLD and (passes is None or None in passes):
        raise InvalidRecordError(f"{where}: cards are played before every seat has passed")
    return HandRecord(tuple(deal), direction, passes, plays)


def _cards(data: object, where: str, count: int) -> tuple[Card, ...]:
    if not isinstance(data, list) or len(data) != count:
        raise InvalidRecordError(f"{where}: must be a list of {count} cards")
    return tuple(_card(card, f"{where}[{i}]") for i, card in enumerate(data))


def _card(data: object, where: str) -> Card:
    if not isinstance(data, str):
        raise InvalidRecordError(f"{where}: a card is written as text like '♠Q', not {quote_input(data)}")
    try:
        return parse_card(data)
    except InvalidCardError as error:
        raise InvalidRecordError(f"{where}: {error}") from None


def replay_hand(record: HandRecord, rules: Rules, number: int = 1) -> tuple[HandState, IllegalAction | None]:
    """Play a hand record through the engine; stop at the first illegal play.

    Returns the state reached and the illegal action, if any (``number`` labels the hand).
    """
    state = HandState.new(record.deal, record.pass_direction, rules)
    if record.passes is not None:
        for seat, passed in enumerate(record.passes):
            if passed is not None:
                state.pass_cards(seat, passed)  # load_record has checked each pass
    for card in record.plays:
        mover = state.to_move
        if mover is None:  # pragma: no cover - load_record caps the plays at 52
            raise InvalidRecordError(f"hand {number}: more plays than the hand has")
        try:
            state.play(card)
        except IllegalMove as error:
            return state, IllegalAction(number, len(state.tricks) + 1, mover, card, error.verdict)
    return state, None


def check_record(text: str | bytes) -> CheckReport:
    """Replay every hand of a record and collect its illegal actions (one per hand at most).

    Raises :class:`InvalidRecordError` if the text is not a valid record.
    """
    record = load_record(text)
    problems = []
    states = []
    for number, hand in enumerate(record.hands, start=1):
        state, problem = replay_hand(hand, record.rules, number)
        states.append(state)
        if problem is not None:
            problems.append(problem)
    return CheckReport(tuple(problems), tuple(states))


def replay_to(record: Record, hand: int, play: int) -> tuple[HandState, IllegalAction | None]:
    """Hand ``hand`` of ``record`` replayed up to just before its play number ``play`` (both from 1).

    Play 1 is the lead of the first trick; the last position of a hand that stops early is
    the one before the play after its last recorded card.  Returns the state reached and
    the first illegal play before ``play``, if there is one (the state then stops there).

    Raises:
        InvalidPositionError: there is no such hand, no such play in it, or the hand is
            still being passed.
    """
    if not isinstance(hand, int) or isinstance(hand, bool) or not 1 <= hand <= len(record.hands):
        raise InvalidPositionError(
            f"the record has {len(record.hands)} hand(s), so there is no hand {quote_input(hand)}"
        )
    written = record.hands[hand - 1]
    last = min(len(written.plays) + 1, NUM_SEATS * CARDS_PER_SEAT)
    if not isinstance(play, int) or isinstance(play, bool) or not 1 <= play <= last:
        raise InvalidPositionError(
            f"hand {hand} records {len(written.plays)} play(s), so its positions are before plays 1 to {last}, "
            f"not {quote_input(play)}"
        )
    state, problem = replay_hand(dataclasses.replace(written, plays=written.plays[: play - 1]), record.rules, hand)
    if state.phase is Phase.PASSING:
        waiting = [str(seat) for seat in SEATS if state.passed(seat) is None]
        raise InvalidPositionError(
            f"hand {hand} is still being passed (seat(s) {', '.join(waiting)} have not passed), "
            "so no card is played yet"
        )
    return state, problem


def position_before(record: Record, hand: int, play: int) -> SeatView:
    """The view of the seat to move before play ``play`` of hand ``hand`` (both from 1) of a record.

    ``format_position`` writes it in the notation of ``docs/notation.md``; ``hearts-check
    --position RECORD HAND PLAY`` prints that line.

    Raises:
        InvalidPositionError: there is no such hand or play (see :func:`replay_to`).
        IllegalMove: an earlier play of the hand is illegal, so the position is never reached.

    >>> record = load_record(dump_record(Rules(), [HandState.new(
    ...     ["♣2 ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦8 ♦10 ♦J ♦Q ♦K ♦A", "♣3 ♣4 ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K ♣A ♦9",
    ...      "♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q ♥K ♥A", "♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K ♠A"],
    ...     "hold").to_record()]))
    >>> view = position_before(record, 1, 1)
    >>> view.seat, [str(card) for card in view.legal_plays()]
    (0, ['♣2'])
    """
    state, problem = replay_to(record, hand, play)
    if problem is not None:
        raise IllegalMove(problem.verdict)
    mover = state.to_move
    assert mover is not None  # replay_to stops before a play, and a play has a seat to make it
    return state.view(mover)


def view_before_play(hand: HandState, index: int) -> SeatView:
    """The view of the seat to move just before play number ``index`` (from 0) of ``hand``, replayed from its deal.

    :func:`position_before` on the hand's own record, counting plays from 0.

    Raises:
        InvalidPositionError: the hand has no such play.

    >>> from hearts_core.match import deal_hands
    >>> hand = HandState.new(deal_hands(seed=7, hand_number=4), "hold")
    >>> for _ in range(3):
    ...     _ = hand.play(hand.legal_plays()[0])
    >>> view = view_before_play(hand, 2)
    >>> view.seat, len(view.hand), view.current_trick == hand.current_trick[:2]
    (2, 13, True)
    """
    played = len(hand.plays)
    if not 0 <= index < played:
        raise InvalidPositionError(f"the hand has {played} plays, so there is no play {index + 1}")
    return position_before(Record(hand.rules, (HandRecord.from_state(hand),)), 1, index + 1)
