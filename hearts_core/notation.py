"""The position notation: one seat's view of a moment in a hand, as one line of text.

What chess's FEN does for a board, this does for a seat at the Hearts table (the
specification, with examples, is ``docs/notation.md``)::

    2 ♣7♣9♣A♦3♦9♦K♠4♠7♠8♥2♥3♥6 left-♠10♥7♥K+♣9♦3♦9 2:♣2♣6♣5♣K 1:♠9

Six fields separated by spaces: the seat, its hand, the pass (direction, then ``-`` the
cards it gave and ``+`` the cards it got, when known), the finished tricks (each with the
seat that led it), the trick on the table (with its leader), and the house rules when they
are not the table rules (the last field is then left out).

Design choices:

* **Written: what the seat saw; derived: everything else.**  Whose turn it is, whether
  hearts are broken, who took each trick and its points, the points taken so far and the
  phase of the hand follow from the fields, so they are never written and a line cannot
  contradict itself about them.  The leader of each trick is written (as the tricks are
  in a score sheet) and checked.  The match around the hand (its totals, the hand number)
  is not part of a position.
* **Checked by the engine, not by a second rule book.**  :func:`parse_position` finds
  who took each trick with the kernel's :func:`~hearts_core.kernel.winning_position`
  (rule 7) and replays every card through a :class:`~hearts_core.kernel.Table`, asking
  :func:`~hearts_core.kernel.rule_walk`, the engine's one legality function, about each.
  The seat's own cards are known exactly (its hand and what it has played).  Of another
  seat, the cards it plays later in the hand (and the three the seat passed to it) are
  known to be in its hand at each earlier moment; the walk is asked about those.  Holding
  more cards never makes a refused card playable (rule 3 refuses every first lead but ♣2,
  and rules 4 to 6 refuse a card because of another card held), so every refusal found
  this way is certain, and is reported with the engine's own reason code and sentence.
* **Exactly one line per view.**  :func:`format_position` writes the canonical line
  (cards in the engine's notation, a hand and a pass sorted ♣ ♦ ♠ ♥ low to high, tricks
  in play order) and checks it reads back as the same view, so ``parse_position(
  format_position(view))`` equals ``view`` and ``format_position(parse_position(line))``
  equals ``line`` for every canonical line.  The parser also takes the other card spellings
  of ``docs/rules.md`` (``2c10cqs``), which format back in canonical form.
* **Errors name the part.**  A line that is not a position raises
  :class:`~hearts_core.errors.InvalidPositionError` whose message starts with the part
  that is wrong (``"tricks, trick 3, card 2: ..."``), also kept in its ``part``.

>>> view = parse_position("1 ♣8♦3♦5♦8♦Q♦A♠8♠9♠A♥4♥7♥10♥K hold - 0:♣2")
>>> view.to_move, view.first_trick, [str(card) for card in view.legal_plays()]
(1, True, ['♣8'])
>>> format_position(view)
'1 ♣8♦3♦5♦8♦Q♦A♠8♠9♠A♥4♥7♥10♥K hold - 0:♣2'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Final

from hearts_core.cards import CARDS_PER_SUIT, DECK, Card, cards_from_mask, mask_of, read_card
from hearts_core.errors import InvalidPositionError, quote_input
from hearts_core.kernel import LEADING, Table, rule_walk, winning_position
from hearts_core.legality import describe
from hearts_core.rules import CARDS_IN_PASS, CARDS_PER_SEAT, NUM_SEATS, SEATS, TRICKS_PER_HAND, TWO_OF_CLUBS, Rules
from hearts_core.state import PassDirection, Phase, SeatView, Trick
from hearts_core.wording import seat_name

__all__ = ["EMPTY", "FIELDS", "MAX_POSITION_LENGTH", "format_position", "parse_position"]

FIELDS: Final = ("seat", "hand", "pass", "tricks", "table", "rules")
"""The fields of a position, in the order they are written; ``rules`` only when not the table rules."""
EMPTY: Final = "-"
"""A field with nothing in it: no cards in hand, no trick finished, no trick on the table."""
MAX_POSITION_LENGTH: Final = 1000
"""The most characters a position may have; a canonical one has under 300."""

_TRICK_SEPARATOR: Final = "/"
_LEADER_MARK: Final = ":"
_PASSED_MARK: Final = "-"
_RECEIVED_MARK: Final = "+"
_RULE_SEPARATOR: Final = ","
_SEAT_TEXT: Final = {str(seat): seat for seat in SEATS}
_RULE_FIELDS: Final = tuple(field.name for field in dataclasses.fields(Rules))
_FLAGS: Final = tuple(name for name in _RULE_FIELDS if isinstance(getattr(Rules(), name), bool))
_TIE_RULES: Final = ("share", "play_on")
_LONGEST_TARGET: Final = 9
"""Digits a written target may have: any real match target, and no number too long to read."""
_VIEW_FIELDS_WRITTEN: Final = tuple(
    field.name for field in dataclasses.fields(SeatView) if field.name not in ("match_totals", "hand_number")
)
_SORTED_FIELDS: Final = ("hand", "passed", "received")


def _refuse(part: str, problem: str) -> InvalidPositionError:
    return InvalidPositionError(f"{part}: {problem}", part=part)


def _who(seat: int) -> str:
    return f"seat {seat} ({seat_name(seat)})"


def _cards_count(count: int, noun: str = "card") -> str:
    """``1 card``, ``3 cards``; a run is read no further than one card past the 13 a seat can hold."""
    return f"more than {CARDS_PER_SEAT} {noun}s" if count > CARDS_PER_SEAT else _english_count(count, noun)


def _english_count(count: int, noun: str) -> str:
    """``1 card``, ``3 cards``, for the exception's English text (see the module docstring on the board's words)."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _run(cards: Iterable[Card]) -> str:
    return "".join(str(card) for card in cards)


# ------------------------------------------------------------------ the fields


def _seat(text: str) -> int:
    if text not in _SEAT_TEXT:
        raise _refuse("seat", f"seats are 0, 1, 2 or 3, not {quote_input(text)}")
    return _SEAT_TEXT[text]


def _cards(text: str, part: str, item: str = "card") -> tuple[Card, ...]:
    """A run of cards written one after another."""
    cards: list[Card] = []
    position = 0
    while position < len(text):
        found = read_card(text, position)
        if found is None:
            raise _refuse(f"{part}, {item} {len(cards) + 1}",
                          f"not a card: {quote_input(text[position:])} (write cards one after another, like ♣2♣10♠Q)")
        card, position = found
        cards.append(card)
        if len(cards) > CARDS_PER_SEAT:  # nowhere in a position are there more in one run
            break
    return tuple(cards)


def _hand(text: str) -> tuple[Card, ...]:
    if text == EMPTY:
        return ()
    cards = _cards(text, "hand")
    if len(cards) > CARDS_PER_SEAT:
        raise _refuse("hand", f"more than {CARDS_PER_SEAT} cards, but a seat holds at most {CARDS_PER_SEAT}")
    return cards


def _pass_cards(text: str, which: str) -> tuple[Card, ...]:
    cards = _cards(text, "pass", f"{which} card")
    if len(cards) != CARDS_IN_PASS:
        shown = f"no {which} cards" if not cards else _cards_count(len(cards), f"{which} card")
        raise _refuse("pass", f"{shown}, but a pass is {CARDS_IN_PASS} different cards")
    for number, card in enumerate(cards[1:], start=2):
        if card in cards[: number - 1]:
            raise _refuse(f"pass, {which} card {number}", f"{card} is {which} twice")
    return cards


def _pass(text: str) -> tuple[PassDirection, tuple[Card, ...] | None, tuple[Card, ...] | None]:
    cut = min((text.find(mark) for mark in (_PASSED_MARK, _RECEIVED_MARK) if mark in text), default=len(text))
    word, rest = text[:cut], text[cut:]
    try:
        direction = PassDirection(word)
    except ValueError:
        raise _refuse("pass", f"the direction is left, right, across or hold, not {quote_input(word)}") from None
    if direction is PassDirection.HOLD:
        if rest:
            raise _refuse("pass", f"a hold hand has no passes, so nothing follows 'hold', not {quote_input(rest)}")
        return direction, None, None
    passed = received = None
    if rest.startswith(_PASSED_MARK):
        end = rest.find(_RECEIVED_MARK)
        end = len(rest) if end < 0 else end
        passed = _pass_cards(rest[1:end], "passed")
        rest = rest[end:]
    if rest.startswith(_RECEIVED_MARK):
        if _PASSED_MARK in rest:
            raise _refuse("pass", f"the passed cards ('-') come before the received ones ('+'): {quote_input(text)}")
        received = _pass_cards(rest[1:], "received")
    return direction, passed, received


def _led(text: str, part: str, example: str) -> tuple[int, str]:
    """The leader's seat before the colon of a trick, and the cards after it."""
    leader, mark, cards = text.partition(_LEADER_MARK)
    if not mark or leader not in _SEAT_TEXT:
        raise _refuse(part, f"write the leader's seat, a colon and the cards, like {example}, not {quote_input(text)}")
    return _SEAT_TEXT[leader], cards


def _tricks(text: str) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    if text == EMPTY:
        return ()
    pieces = text.split(_TRICK_SEPARATOR)
    if len(pieces) > TRICKS_PER_HAND:
        raise _refuse("tricks", f"{len(pieces)} tricks, but a hand has {TRICKS_PER_HAND}")
    tricks = []
    for number, piece in enumerate(pieces, start=1):
        part = f"tricks, trick {number}"
        leader, written = _led(piece, part, "1:♠9♠3♠J♠A")
        cards = _cards(written, part)
        if len(cards) != NUM_SEATS:
            raise _refuse(part, f"{_cards_count(len(cards))}, but a finished trick has {NUM_SEATS} "
                                "(the trick in play is the table field)")
        tricks.append((leader, cards))
    return tuple(tricks)


def _table(text: str) -> tuple[int, tuple[Card, ...]] | None:
    if text == EMPTY:
        return None
    leader, written = _led(text, "table", "1:♠9 (or 1: before its first card)")
    cards = _cards(written, "table")
    if len(cards) >= NUM_SEATS:
        raise _refuse("table", f"{_cards_count(len(cards))}, but the trick in play holds 0 to {NUM_SEATS - 1} "
                               "(a finished trick belongs in the tricks field)")
    return leader, cards


def _rules(text: str) -> Rules:
    chosen: dict[str, object] = {}
    for number, item in enumerate(text.split(_RULE_SEPARATOR), start=1):
        part = f"rules, item {number}"
        name, mark, value = item.partition("=")
        if name not in _RULE_FIELDS:
            raise _refuse(part, f"no house rule is called {quote_input(name)} (known: {', '.join(_RULE_FIELDS)})")
        if name in chosen:
            raise _refuse(part, f"{name} is given twice")
        if name in _FLAGS:
            if mark:
                raise _refuse(part, f"{name} is switched on by its name alone, not {quote_input(item)}")
            chosen[name] = True
        elif name == "tie_rule":
            if value not in _TIE_RULES:
                raise _refuse(part, f"tie_rule is share or play_on, not {quote_input(value)}")
            chosen[name] = value
        else:  # target
            if not (value.isascii() and value.isdigit() and len(value) <= _LONGEST_TARGET and int(value) >= 1):
                raise _refuse(part, f"target is a whole number of points from 1, not {quote_input(value)}")
            chosen[name] = int(value)
    return Rules(**chosen)  # type: ignore[arg-type]  # every value was checked above


def _rules_text(rules: Rules) -> str:
    default = Rules()
    items = []
    for name in _RULE_FIELDS:
        value = getattr(rules, name)
        if value == getattr(default, name):
            continue
        items.append(name if name in _FLAGS else f"{name}={value}")
    return _RULE_SEPARATOR.join(items)


# ------------------------------------------------------------------ parsing


def parse_position(text: str) -> SeatView:
    """Read a position in the notation of ``docs/notation.md``: the seat's view it describes.

    The view's ``match_totals`` and ``hand_number`` are ``None``: a position is one moment
    of one hand.  Whitespace around the line (a final newline, say) is ignored, and fields
    may be separated by more than one space.

    Raises:
        InvalidPositionError: the text is not a position that can arise in a game; the
            message starts with the part that is wrong (also in ``error.part``).

    >>> view = parse_position("2 ♣7♣9♣A♦3♦9♦K♠4♠7♠8♥2♥3♥6 left-♠10♥7♥K+♣9♦3♦9 2:♣2♣6♣5♣K 1:♠9")
    >>> view.to_move, view.hearts_broken, [str(card) for card in view.legal_plays()]
    (2, False, ['♠4', '♠7', '♠8'])
    >>> parse_position("2 ♣7♣9♣A♦3♦9♦K♠4♠7♠8♥2♥3♥6 left-♠10♥7♥K+♣9♦3♦9 2:♣2♣6♣5♣K 2:♠9")
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidPositionError: table: led by seat 2 (CPU2), but seat 1 (CPU1) took trick 1 with ♣K, ...
    """
    if not isinstance(text, str):
        raise InvalidPositionError(f"a position is one line of text, not {quote_input(text)}", part="position")
    if len(text) > MAX_POSITION_LENGTH:
        raise _refuse("position", f"{len(text):,} characters, more than any position has (at most "
                                  f"{MAX_POSITION_LENGTH:,})")
    line = text.strip()
    if "\n" in line or "\r" in line:
        raise _refuse("position", "a position is one line of text, and this has several")
    fields = line.split()
    if len(fields) not in (len(FIELDS) - 1, len(FIELDS)):
        raise _refuse("position", f"{_english_count(len(fields), 'field')}, but a position has {len(FIELDS) - 1} "
                                  f"({', '.join(FIELDS[:-1])}) and a sixth for the house rules when they are not "
                                  f"the table rules: {quote_input(line)}")
    seat = _seat(fields[0])
    hand = _hand(fields[1])
    direction, passed, received = _pass(fields[2])
    tricks = _tricks(fields[3])
    table = _table(fields[4])
    rules = _rules(fields[5]) if len(fields) == len(FIELDS) else Rules()
    return _Reader(seat, hand, direction, passed, received, tricks, table, rules).view()


class _Reader:
    """The checks that join the fields, in the order ``docs/notation.md`` lists them."""

    def __init__(self, seat: int, hand: tuple[Card, ...], direction: PassDirection,
                 passed: tuple[Card, ...] | None, received: tuple[Card, ...] | None,
                 tricks: tuple[tuple[int, tuple[Card, ...]], ...], table: tuple[int, tuple[Card, ...]] | None,
                 rules: Rules) -> None:
        self.seat = seat
        self.hand = hand
        self.direction = direction
        self.passed = passed
        self.received = received
        self.tricks = tricks
        self.table = table
        self.rules = rules
        # (leader, cards, part) for every trick that has begun, the one on the table last.
        self.started = [(leader, cards, f"tricks, trick {number}") for number, (leader, cards)
                        in enumerate(tricks, start=1)]
        if table is not None:
            self.started.append((table[0], table[1], "table"))

    @property
    def passing(self) -> bool:
        """No trick finished and none on the table: the seats are still passing."""
        return not self.tricks and self.table is None

    def view(self) -> SeatView:
        self.check_shape()
        self.check_each_card_once()
        self.check_leaders()
        plays = self.attributed()
        self.check_hand_size(plays)
        self.check_passes(plays)
        self.check_first_leader(plays)
        return self.replay()

    def check_shape(self) -> None:
        done = len(self.tricks)
        if done == TRICKS_PER_HAND and self.table is not None:
            raise _refuse("table", f"all {TRICKS_PER_HAND} tricks are finished, so no trick is in play: write {EMPTY}")
        if 0 < done < TRICKS_PER_HAND and self.table is None:
            raise _refuse("table", f"after {done} of {TRICKS_PER_HAND} tricks the next one is in play: write its "
                                   "leader and its cards (like 1:♠9, or 1: before the first card)")
        if self.passing and self.direction is PassDirection.HOLD:
            raise _refuse("table", "a hold hand has no passing, so play has begun: write the first trick's "
                                   "leader (the seat with ♣2), like 2:")

    def check_each_card_once(self) -> None:
        seen: dict[Card, str] = {}
        places = [(card, f"hand, card {number}") for number, card in enumerate(self.hand, start=1)]
        for _, cards, part in self.started:
            places += [(card, f"{part}, card {number}") for number, card in enumerate(cards, start=1)]
        for card, place in places:
            if card in seen:
                raise _refuse(place, f"{card} is written twice (first at {seen[card]})")
            seen[card] = place

    def check_leaders(self) -> None:
        # Rule 7, by the kernel: the highest card of the led suit takes the trick, and its
        # player leads the next one.
        for number, (leader, cards, _) in enumerate(self.started[:-1], start=1):
            winner = (leader + winning_position([card.index for card in cards])) % NUM_SEATS
            next_leader, _, part = self.started[number]
            if next_leader != winner:
                best = cards[(winner - leader) % NUM_SEATS]
                raise _refuse(part, f"led by {_who(next_leader)}, but {_who(winner)} took trick {number} "
                                    f"with {best}, so it leads")

    def attributed(self) -> list[tuple[int, Card, str]]:
        """Every card played, with its player (from the leaders, now known to be right) and its place."""
        return [((leader + offset) % NUM_SEATS, card, f"{part}, card {offset + 1}")
                for leader, cards, part in self.started for offset, card in enumerate(cards)]

    def check_hand_size(self, plays: list[tuple[int, Card, str]]) -> None:
        played = sum(1 for player, _, _ in plays if player == self.seat)
        holds = CARDS_PER_SEAT - played
        if len(self.hand) != holds:
            what = "none" if not played else f"{played}"
            raise _refuse("hand", f"{_english_count(len(self.hand), 'card')}, but {_who(self.seat)} has played {what} "
                                  "of its "
                                  f"{CARDS_PER_SEAT}, so it holds {holds}")

    def check_passes(self, plays: list[tuple[int, Card, str]]) -> None:
        if self.direction is PassDirection.HOLD:
            return
        hand = set(self.hand)
        if self.passing:
            if self.received is not None:
                raise _refuse("pass, received card 1", "nothing is received until all four seats have passed, and "
                                                       "this hand is still being passed (no trick is in play)")
            for number, card in enumerate(self.passed or (), start=1):
                if card not in hand:
                    raise _refuse(f"pass, passed card {number}", f"{card} is not in the hand, and a seat passes "
                                                                 "cards it holds")
            return
        player_of = {card: (player, place) for player, card, place in plays}
        receiver = self.direction.receiver(self.seat)
        passer = self.direction.passer(self.seat)
        for number, card in enumerate(self.passed or (), start=1):
            part = f"pass, passed card {number}"
            gave = f"{_who(self.seat)} passed {card} to {_who(receiver)}"
            if card in hand:
                raise _refuse(part, f"{gave}, so it cannot still hold it")
            player, place = player_of.get(card, (receiver, ""))
            if player != receiver:
                raise _refuse(part, f"{gave}, but {_who(player)} plays it ({place})")
        for number, card in enumerate(self.received or (), start=1):
            part = f"pass, received card {number}"
            got = f"{_who(self.seat)} received {card} from {_who(passer)}"
            if self.passed is not None and card in self.passed:
                raise _refuse(part, f"{card} is among both the passed and the received cards")
            if card in hand:
                continue
            if card not in player_of:
                raise _refuse(part, f"{got}, but it is neither in the hand nor among the seat's plays")
            player, place = player_of[card]
            if player != self.seat:
                raise _refuse(part, f"{got}, but {_who(player)} plays it ({place})")

    def check_first_leader(self, plays: list[tuple[int, Card, str]]) -> None:
        # Rule 3: the seat holding ♣2 once the passes are made leads the first trick.
        if self.passing:
            return
        leader, _, part = self.started[0]
        player_of = {card: player for player, card, _ in plays}
        if TWO_OF_CLUBS in self.hand or player_of.get(TWO_OF_CLUBS) == self.seat:
            holder, why = self.seat, f"{_who(self.seat)} holds {TWO_OF_CLUBS}"
        elif self.passed is not None and TWO_OF_CLUBS in self.passed:
            holder = self.direction.receiver(self.seat)
            why = f"{_who(self.seat)} passed {TWO_OF_CLUBS} to {_who(holder)}"
        elif TWO_OF_CLUBS in player_of:
            holder = player_of[TWO_OF_CLUBS]
            why = f"{_who(holder)} plays {TWO_OF_CLUBS}, so it held it"
        else:
            if leader == self.seat:
                raise _refuse(part, f"led by {_who(leader)}, but the first trick is led by the seat with "
                                    f"{TWO_OF_CLUBS}, and {_who(self.seat)} does not hold it")
            return
        if leader != holder:
            raise _refuse(part, f"led by {_who(leader)}, but {why}, and the first trick is led by the seat "
                                f"with {TWO_OF_CLUBS}")

    def known_hands(self) -> list[int]:
        """Each seat's cards as far as this seat knows them when play begins."""
        hands = [0] * NUM_SEATS
        hands[self.seat] = mask_of(self.hand)
        for player, card, _ in self.attributed():
            hands[player] |= card.bit
        if self.passed is not None:
            hands[self.direction.receiver(self.seat)] |= mask_of(self.passed)
        return hands

    def known_from(self, seat: int) -> str:
        """How this seat knows another seat's cards, said after a refusal of that seat's play."""
        got = self.passed is not None and seat == self.direction.receiver(self.seat)
        return (f" (what {seat_name(seat)} held is known from the cards it plays later"
                f"{' and the cards passed to it' if got else ''})")

    def replay(self) -> SeatView:
        """Play every card through the kernel's table, asking the one legality function first."""
        table = Table(self.known_hands(), [], self.started[0][0] if self.started else 0, 0, False,
                      [0] * NUM_SEATS, self.rules)
        finished: list[Trick] = []
        plays: list[tuple[int, Card]] = []
        for leader, cards, part in self.started:
            for number, card in enumerate(cards, start=1):
                mover = table.to_move
                held = table.hands[mover]
                first = table.tricks_done == 0
                led = table.trick[0] // CARDS_PER_SUIT if table.trick else LEADING
                if not rule_walk(held, led, first, table.hearts_broken)[0] & card.bit:
                    on_table = tuple(DECK[index] for index in table.trick)
                    verdict = describe(card, held, on_table, first, table.hearts_broken)
                    known = "" if mover == self.seat else self.known_from(mover)
                    raise _refuse(f"{part}, card {number}", f"{_who(mover)} played {card}: "
                                                            f"{verdict.reason.value}: {verdict.message}{known}")
                plays.append((mover, card))
                winner = table.play(card.index)
                if winner >= 0:
                    one, two, three, four = cards
                    finished.append(Trick(leader, (one, two, three, four), winner, table.last_trick_points))
        if self.passing:
            phase = Phase.PASSING
        elif len(finished) == TRICKS_PER_HAND:
            phase = Phase.HAND_OVER
        else:
            phase = Phase.PLAYING
        playing = phase is Phase.PLAYING
        a, b, c, d = table.points
        return SeatView(
            seat=self.seat,
            rules=self.rules,
            pass_direction=self.direction,
            phase=phase,
            hand=cards_from_mask(mask_of(self.hand)),
            passed=cards_from_mask(mask_of(self.passed)) if self.passed is not None else None,
            received=cards_from_mask(mask_of(self.received)) if self.received is not None else None,
            plays=tuple(plays),
            tricks=tuple(finished),
            current_trick=tuple(DECK[index] for index in table.trick),
            trick_leader=table.leader if playing else None,
            to_move=table.to_move if playing else None,
            hearts_broken=table.hearts_broken,
            points_taken=(a, b, c, d),
        )


# ------------------------------------------------------------------ writing


def format_position(position: SeatView) -> str:
    """The canonical line of ``docs/notation.md`` for a seat's view (``HandState.view(seat)``).

    The line is read back before it is returned, so ``parse_position`` of it always gives
    ``position`` again (apart from ``match_totals`` and ``hand_number``, which are not
    part of a position).

    Raises:
        TypeError: ``position`` is not a :class:`~hearts_core.state.SeatView`.
        InvalidPositionError: the view could not arise in a game (a view built by hand
            whose parts disagree, say); the message says which part.

    >>> from hearts_core.state import HandState
    >>> from hearts_core.match import deal_hands
    >>> state = HandState.new(deal_hands(seed=7, hand_number=1), "left")
    >>> format_position(state.view(0))
    '0 ♣2♣3♣9♣Q♦6♦A♠3♠5♠8♠9♠A♥3♥A left - -'
    """
    if not isinstance(position, SeatView):
        raise TypeError(f"position must be a SeatView, such as HandState.view(seat), not {quote_input(position)}")
    fields = [str(position.seat), _run(_sorted(position.hand)) or EMPTY, _pass_text(position),
              _TRICK_SEPARATOR.join(f"{trick.leader}{_LEADER_MARK}{_run(trick.cards)}" for trick in position.tricks)
              or EMPTY]
    if position.phase is Phase.PLAYING:
        fields.append(f"{position.trick_leader}{_LEADER_MARK}{_run(position.current_trick)}")
    else:
        fields.append(EMPTY)
    rules = _rules_text(position.rules)
    if rules:
        fields.append(rules)
    line = " ".join(fields)
    try:
        again = parse_position(line)
    except InvalidPositionError as error:
        raise InvalidPositionError(f"this view cannot arise in a game, so it has no position: {error}",
                                   part=error.part) from None
    for name in _VIEW_FIELDS_WRITTEN:
        mine, read = getattr(position, name), getattr(again, name)
        if name in _SORTED_FIELDS and mine is not None and read is not None:
            mine, read = set(mine), set(read)
        if mine != read:
            raise InvalidPositionError(f"the view's {name} ({quote_input(getattr(position, name))}) does not follow "
                                       f"from the rest of it, which gives {quote_input(getattr(again, name))}",
                                       part=name)
    return line


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return cards_from_mask(mask_of(cards))


def _pass_text(position: SeatView) -> str:
    text = position.pass_direction.value
    if position.passed is not None:
        text += _PASSED_MARK + _run(_sorted(position.passed))
    if position.received is not None:
        text += _RECEIVED_MARK + _run(_sorted(position.received))
    return text
