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
  that is wrong (``"tricks, trick 3, card 2: ..."``), also kept in its ``part``.  The
  message stays English (the checker prints it); the error's ``said`` is the same refusal
  as a learner reads it, said through the translation layer (``"In trick 3, card 2: You
  played ♦7, which the rules do not allow. Spades were led..."``): whole patterns, seats
  by name, counts by plural forms, no reason codes (see "refusals" below).

>>> view = parse_position("1 ♣8♦3♦5♦8♦Q♦A♠8♠9♠A♥4♥7♥10♥K hold - 0:♣2")
>>> view.to_move, view.first_trick, [str(card) for card in view.legal_plays()]
(1, True, ['♣8'])
>>> format_position(view)
'1 ♣8♦3♦5♦8♦Q♦A♠8♠9♠A♥4♥7♥10♥K hold - 0:♣2'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Final, NamedTuple

from hearts_core.cards import CARDS_PER_SUIT, DECK, Card, cards_from_mask, mask_of, read_card
from hearts_core.errors import InvalidPositionError, quote_input
from hearts_core.kernel import LEADING, Table, rule_walk, winning_position
from hearts_core.legality import describe, refusal_message
from hearts_core.phrasing import marked_n, sentence, sentences
from hearts_core.rules import (
    CARDS_IN_PASS,
    CARDS_PER_SEAT,
    NUM_SEATS,
    SEAT_NAMES,
    SEATS,
    TRICKS_PER_HAND,
    TWO_OF_CLUBS,
    Rules,
)
from hearts_core.state import PassDirection, Phase, SeatView, Trick
from hearts_core.wording import LEARNER_SEAT, and_list, marked, say, say_n, seat_name, translate

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


# ------------------------------------------------------------------ refusals
#
# Every refusal has two texts.  The exception's message stays English (the checker prints
# it, logs keep it, tests and docs/notation.md pin it): "tricks, trick 3, card 2: seat 0
# (You) played ♦7: must_follow_suit: ...".  The learner's sentence (``error.said``, shown by
# the analysis board) is said through the translation layer: a whole pattern for the part
# ("In trick {trick}, card {number}: {problem}.") around a whole pattern for the problem,
# seats named by seat_name, counts through say_n, no reason code.  Where the problem reads
# the same in both (cards, numbers and quoted input only), one marked pattern gives both
# texts (_refuse).  Elsewhere the English text is built as it always was and the learner's
# sentence has its own patterns (_refusal): a count takes plural forms and reads as a
# sentence ("3 cards are written, but..."), and a named seat takes one pattern for each
# seat that may be "You" (the learner takes other grammar in every language the course
# speaks: "You passed" against "CPU2 passed" is "Pasaste" against "CPU2 pasó").

_PARTS: Final[dict[str, tuple[str, str, str | None]]] = {
    # kind: (the English part, the learner's sentence around a problem, the place as a sentence names it)
    "position": ("position", marked("In the position as a whole: {problem}."), None),
    "seat": ("seat", marked("In the seat: {problem}."), None),
    "hand": ("hand", marked("In the hand: {problem}."), None),
    "hand card": ("hand, card {number}", marked("In the hand, card {number}: {problem}."),
                  marked("card {number} of the hand")),
    "pass": ("pass", marked("In the pass: {problem}."), None),
    "passed card": ("pass, passed card {number}", marked("In the pass, passed card {number}: {problem}."), None),
    "received card": ("pass, received card {number}", marked("In the pass, received card {number}: {problem}."),
                      None),
    "tricks": ("tricks", marked("In the finished tricks: {problem}."), None),
    "trick": ("tricks, trick {trick}", marked("In trick {trick}: {problem}."), None),
    "trick card": ("tricks, trick {trick}, card {number}", marked("In trick {trick}, card {number}: {problem}."),
                   marked("card {number} of trick {trick}")),
    "table": ("table", marked("In the trick on the table: {problem}."), None),
    "table card": ("table, card {number}", marked("In the trick on the table, card {number}: {problem}."),
                   marked("card {number} of the trick on the table")),
    "rules item": ("rules, item {number}", marked("In the house rules, item {number}: {problem}."), None),
}
_CARD_OF: Final = {"hand": "hand card", "trick": "trick card", "table": "table card"}
_FIELD_NAMES: Final = (marked("the seat"), marked("the hand"), marked("the pass"), marked("the finished tricks"),
                       marked("the trick on the table"))
"""The five written fields as a learner's sentence lists them (``FIELDS`` without ``rules``)."""


class _Part:
    """A part of a line that a refusal names: ``text`` is the English part (``error.part``)."""

    __slots__ = ("kind", "numbers", "text")

    def __init__(self, kind: str, **numbers: int) -> None:
        self.kind = kind
        self.numbers = numbers
        self.text = _PARTS[kind][0].format(**numbers)

    def card(self, number: int) -> _Part:
        """Card ``number`` (from 1) of this hand or trick."""
        return _Part(_CARD_OF[self.kind], number=number, **self.numbers)

    def said(self, problem: str) -> str:
        """The learner's sentence: ``problem`` (said already, a clause) in this part."""
        return say(_PARTS[self.kind][1], problem=sentence(problem), **self.numbers)

    def place(self) -> str:
        """This card's place as a learner's sentence names it: ``card 2 of trick 3``."""
        pattern = _PARTS[self.kind][2]
        assert pattern is not None, self.kind  # only cards are named as places
        return say(pattern, **self.numbers)


class _Both(NamedTuple):
    """A value written one way in the English message and another in the learner's sentence."""

    english: object
    said: object


def _refusal(part: _Part, english: str, problem: str) -> InvalidPositionError:
    """The refusal of ``part``: ``english`` for the message, ``problem`` (said) for the learner's sentence."""
    return InvalidPositionError(f"{part.text}: {english}", part=part.text, said=part.said(problem))


def _refuse(part: _Part, pattern: str, **values: object) -> InvalidPositionError:
    """A refusal whose problem is one marked pattern, English as written and said for the learner."""
    english = pattern.format(**{name: value.english if isinstance(value, _Both) else value
                                for name, value in values.items()})
    return _refusal(part, english, say(pattern, **_learners(values)))


def _learners(values: dict[str, object]) -> dict[str, object]:
    return {name: value.said if isinstance(value, _Both) else value for name, value in values.items()}


def _who(seat: int) -> str:
    """A seat as the English message names it: ``seat 0 (You)`` (the learner's sentence says ``You``)."""
    return f"seat {seat} ({SEAT_NAMES[seat]})"


def _cards_count(count: int, noun: str = "card") -> str:
    """``1 card``, ``3 cards``, for the exception's English text; a run is read no further than one card past 13."""
    return f"more than {CARDS_PER_SEAT} {noun}s" if count > CARDS_PER_SEAT else _english_count(count, noun)


def _english_count(count: int, noun: str) -> str:
    """``1 card``, ``3 cards``, for the exception's English text."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _run(cards: Iterable[Card]) -> str:
    return "".join(str(card) for card in cards)


# ------------------------------------------------------------------ the fields


def _seat(text: str) -> int:
    if text not in _SEAT_TEXT:
        raise _refuse(_Part("seat"), marked("seats are 0, 1, 2 or 3, not {text}"), text=quote_input(text))
    return _SEAT_TEXT[text]


def _cards(text: str, kind: str, **numbers: int) -> tuple[Card, ...]:
    """A run of cards written one after another; ``kind`` and ``numbers`` name a card's part (its number added)."""
    cards: list[Card] = []
    position = 0
    while position < len(text):
        found = read_card(text, position)
        if found is None:
            raise _refuse(_Part(kind, number=len(cards) + 1, **numbers),
                          marked("not a card: {text} (write cards one after another, like {example})"),
                          text=quote_input(text[position:]), example="♣2♣10♠Q")
        card, position = found
        cards.append(card)
        if len(cards) > CARDS_PER_SEAT:  # nowhere in a position are there more in one run
            break
    return tuple(cards)


def _hand(text: str) -> tuple[Card, ...]:
    if text == EMPTY:
        return ()
    cards = _cards(text, "hand card")
    if len(cards) > CARDS_PER_SEAT:
        raise _refusal(_Part("hand"), f"more than {CARDS_PER_SEAT} cards, but a seat holds at most {CARDS_PER_SEAT}",
                       say("more than {most} cards are written, but a seat holds at most {most}", most=CARDS_PER_SEAT))
    return cards


def _pass_cards(text: str, which: str) -> tuple[Card, ...]:
    cards = _cards(text, f"{which} card")
    if len(cards) != CARDS_IN_PASS:
        shown = f"no {which} cards" if not cards else _cards_count(len(cards), f"{which} card")
        raise _refusal(_Part("pass"), f"{shown}, but a pass is {CARDS_IN_PASS} different cards",
                       _pass_count(which, len(cards)))
    for number, card in enumerate(cards[1:], start=2):
        if card in cards[: number - 1]:
            if which == "passed":
                raise _refuse(_Part("passed card", number=number), marked("{card} is passed twice"), card=card)
            raise _refuse(_Part("received card", number=number), marked("{card} is received twice"), card=card)
    return cards


# A pass of the wrong size, as the learner's sentence says it: whole patterns for each
# side of the pass (none, too many to count, a counted number of cards).
_PASS_COUNTS: Final = {
    "passed": (marked("no passed cards are written, but a pass is {needed} different cards"),
               marked("more than {most} passed cards are written, but a pass is {needed} different cards"),
               marked_n("{count} passed card is written, but a pass is {needed} different cards",
                        "{count} passed cards are written, but a pass is {needed} different cards")),
    "received": (marked("no received cards are written, but a pass is {needed} different cards"),
                 marked("more than {most} received cards are written, but a pass is {needed} different cards"),
                 marked_n("{count} received card is written, but a pass is {needed} different cards",
                          "{count} received cards are written, but a pass is {needed} different cards")),
}


def _pass_count(which: str, count: int) -> str:
    """The learner's words on a pass of ``count`` cards, not three (``which``: passed or received)."""
    none, too_many, (one, many) = _PASS_COUNTS[which]
    if not count:
        return say(none, needed=CARDS_IN_PASS)
    if count > CARDS_PER_SEAT:
        return say(too_many, most=CARDS_PER_SEAT, needed=CARDS_IN_PASS)
    return say_n(one, many, count, needed=CARDS_IN_PASS)


def _pass(text: str) -> tuple[PassDirection, tuple[Card, ...] | None, tuple[Card, ...] | None]:
    cut = min((text.find(mark) for mark in (_PASSED_MARK, _RECEIVED_MARK) if mark in text), default=len(text))
    word, rest = text[:cut], text[cut:]
    try:
        direction = PassDirection(word)
    except ValueError:
        raise _refuse(_Part("pass"), marked("the direction is left, right, across or hold, not {word}"),
                      word=quote_input(word)) from None
    if direction is PassDirection.HOLD:
        if rest:
            raise _refuse(_Part("pass"), marked("a hold hand has no passes, so nothing follows 'hold', not {rest}"),
                          rest=quote_input(rest))
        return direction, None, None
    passed = received = None
    if rest.startswith(_PASSED_MARK):
        end = rest.find(_RECEIVED_MARK)
        end = len(rest) if end < 0 else end
        passed = _pass_cards(rest[1:end], "passed")
        rest = rest[end:]
    if rest.startswith(_RECEIVED_MARK):
        if _PASSED_MARK in rest:
            raise _refuse(_Part("pass"), marked("the passed cards ('-') come before the received ones ('+'): {text}"),
                          text=quote_input(text))
        received = _pass_cards(rest[1:], "received")
    return direction, passed, received


def _led(text: str, part: _Part) -> tuple[int, str]:
    """The leader's seat before the colon of a trick (``part``), and the cards after it."""
    leader, mark, cards = text.partition(_LEADER_MARK)
    if not mark or leader not in _SEAT_TEXT:
        if part.kind == "table":
            raise _refuse(part, marked("write the leader's seat, a colon and the cards, like {example} (or {start} "
                                       "before its first card), not {text}"),
                          example="1:♠9", start="1:", text=quote_input(text))
        raise _refuse(part, marked("write the leader's seat, a colon and the cards, like {example}, not {text}"),
                      example="1:♠9♠3♠J♠A", text=quote_input(text))
    return _SEAT_TEXT[leader], cards


def _tricks(text: str) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    if text == EMPTY:
        return ()
    pieces = text.split(_TRICK_SEPARATOR)
    if len(pieces) > TRICKS_PER_HAND:
        raise _refusal(_Part("tricks"), f"{len(pieces)} tricks, but a hand has {TRICKS_PER_HAND}",
                       say_n("{count} trick is written, but a hand has {most}",
                             "{count} tricks are written, but a hand has {most}", len(pieces), most=TRICKS_PER_HAND))
    tricks = []
    for number, piece in enumerate(pieces, start=1):
        part = _Part("trick", trick=number)
        leader, written = _led(piece, part)
        cards = _cards(written, "trick card", trick=number)
        if len(cards) != NUM_SEATS:
            english = (f"{_cards_count(len(cards))}, but a finished trick has {NUM_SEATS} "
                       "(the trick in play is the table field)")
            if len(cards) > CARDS_PER_SEAT:
                said = say("more than {most} cards are written, but a finished trick has {needed} (the trick in "
                           "play goes in the table field)", most=CARDS_PER_SEAT, needed=NUM_SEATS)
            else:
                said = say_n("{count} card is written, but a finished trick has {needed} (the trick in play goes "
                             "in the table field)",
                             "{count} cards are written, but a finished trick has {needed} (the trick in play goes "
                             "in the table field)", len(cards), needed=NUM_SEATS)
            raise _refusal(part, english, said)
        tricks.append((leader, cards))
    return tuple(tricks)


def _table(text: str) -> tuple[int, tuple[Card, ...]] | None:
    if text == EMPTY:
        return None
    part = _Part("table")
    leader, written = _led(text, part)
    cards = _cards(written, "table card")
    if len(cards) >= NUM_SEATS:
        english = (f"{_cards_count(len(cards))}, but the trick in play holds 0 to {NUM_SEATS - 1} "
                   "(a finished trick belongs in the tricks field)")
        if len(cards) > CARDS_PER_SEAT:
            said = say("more than {most} cards are written, but the trick in play holds 0 to {fewer} (a finished "
                       "trick belongs in the tricks field)", most=CARDS_PER_SEAT, fewer=NUM_SEATS - 1)
        else:
            said = say_n("{count} card is written, but the trick in play holds 0 to {fewer} (a finished trick "
                         "belongs in the tricks field)",
                         "{count} cards are written, but the trick in play holds 0 to {fewer} (a finished trick "
                         "belongs in the tricks field)", len(cards), fewer=NUM_SEATS - 1)
        raise _refusal(part, english, said)
    return leader, cards


def _rules(text: str) -> Rules:
    chosen: dict[str, object] = {}
    for number, item in enumerate(text.split(_RULE_SEPARATOR), start=1):
        part = _Part("rules item", number=number)
        name, mark, value = item.partition("=")
        if name not in _RULE_FIELDS:
            raise _refuse(part, marked("no house rule is called {name} (known: {known})"), name=quote_input(name),
                          known=_Both(", ".join(_RULE_FIELDS), and_list(_RULE_FIELDS)))
        # A rule's name is notation (written as it is in every language), so the learner's
        # sentence quotes it rather than starting with it.
        rule = quote_input(name)
        if name in chosen:
            raise _refusal(part, f"{name} is given twice", say("the house rule {rule} is given twice", rule=rule))
        if name in _FLAGS:
            if mark:
                raise _refusal(part, f"{name} is switched on by its name alone, not {quote_input(item)}",
                               say("the house rule {rule} is switched on by its name alone, not {item}", rule=rule,
                                   item=quote_input(item)))
            chosen[name] = True
        elif name == "tie_rule":
            if value not in _TIE_RULES:
                raise _refusal(part, f"tie_rule is share or play_on, not {quote_input(value)}",
                               say("the house rule {rule} takes {share} or {play_on}, not {value}", rule=rule,
                                   share=quote_input(_TIE_RULES[0]), play_on=quote_input(_TIE_RULES[1]),
                                   value=quote_input(value)))
            chosen[name] = value
        else:  # target
            if not (value.isascii() and value.isdigit() and len(value) <= _LONGEST_TARGET and int(value) >= 1):
                raise _refusal(part, f"target is a whole number of points from 1, not {quote_input(value)}",
                               say("the house rule {rule} takes a whole number of points from 1, not {value}",
                                   rule=rule, value=quote_input(value)))
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
        raise InvalidPositionError(f"a position is one line of text, not {quote_input(text)}", part="position",
                                   said=_Part("position").said(say("a position is one line of text, not {value}",
                                                                   value=quote_input(text))))
    if len(text) > MAX_POSITION_LENGTH:
        raise _refusal(_Part("position"), f"{len(text):,} characters, more than any position has (at most "
                                          f"{MAX_POSITION_LENGTH:,})",
                       say_n("it has {count} character, more than any position has (at most {most})",
                             "it has {count} characters, more than any position has (at most {most})", len(text),
                             most=MAX_POSITION_LENGTH))
    line = text.strip()
    if "\n" in line or "\r" in line:
        raise _refuse(_Part("position"), marked("a position is one line of text, and this has several"))
    fields = line.split()
    if len(fields) not in (len(FIELDS) - 1, len(FIELDS)):
        raise _refusal(_Part("position"), f"{_english_count(len(fields), 'field')}, but a position has "
                                          f"{len(FIELDS) - 1} ({', '.join(FIELDS[:-1])}) and a sixth for the house "
                                          f"rules when they are not the table rules: {quote_input(line)}",
                       say_n("{count} field is written, but a position has {needed} ({fields}) and a sixth for the "
                             "house rules when they are not the table rules: {line}",
                             "{count} fields are written, but a position has {needed} ({fields}) and a sixth for "
                             "the house rules when they are not the table rules: {line}", len(fields),
                             needed=len(FIELDS) - 1, fields=and_list(translate(name) for name in _FIELD_NAMES),
                             line=quote_input(line)))
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
        self.started = [(leader, cards, _Part("trick", trick=number)) for number, (leader, cards)
                        in enumerate(tricks, start=1)]
        if table is not None:
            self.started.append((table[0], table[1], _Part("table")))

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
            raise _refuse(_Part("table"), marked("all {count} tricks are finished, so no trick is in play: write "
                                                 "{empty}"), count=TRICKS_PER_HAND, empty=EMPTY)
        if 0 < done < TRICKS_PER_HAND and self.table is None:
            raise _refuse(_Part("table"), marked("after {done} of {count} tricks the next one is in play: write its "
                                                 "leader and its cards (like {example}, or {start} before the first "
                                                 "card)"), done=done, count=TRICKS_PER_HAND, example="1:♠9", start="1:")
        if self.passing and self.direction is PassDirection.HOLD:
            raise _refuse(_Part("table"), marked("a hold hand has no passing, so play has begun: write the first "
                                                 "trick's leader (the seat with {two}), like {example}"),
                          two=TWO_OF_CLUBS, example="2:")

    def check_each_card_once(self) -> None:
        seen: dict[Card, _Part] = {}
        places = [(card, _Part("hand card", number=number)) for number, card in enumerate(self.hand, start=1)]
        for _, cards, part in self.started:
            places += [(card, part.card(number)) for number, card in enumerate(cards, start=1)]
        for card, place in places:
            if card in seen:
                raise _refuse(place, marked("{card} is written twice (first at {place})"), card=card,
                              place=_Both(seen[card].text, seen[card].place()))
            seen[card] = place

    def check_leaders(self) -> None:
        # Rule 7, by the kernel: the highest card of the led suit takes the trick, and its
        # player leads the next one.
        for number, (leader, cards, _) in enumerate(self.started[:-1], start=1):
            winner = (leader + winning_position([card.index for card in cards])) % NUM_SEATS
            next_leader, _, part = self.started[number]
            if next_leader == winner:
                continue
            best = cards[(winner - leader) % NUM_SEATS]
            english = f"led by {_who(next_leader)}, but {_who(winner)} took trick {number} with {best}, so it leads"
            if winner == LEARNER_SEAT:
                said = say("{leader} is written as its leader, but you took trick {number} with {card}, so you lead it",
                           leader=seat_name(next_leader), number=number, card=best)
            elif next_leader == LEARNER_SEAT:
                said = say("You are written as its leader, but {winner} took trick {number} with {card}, so "
                           "{winner} leads it", winner=seat_name(winner), number=number, card=best)
            else:
                said = say("{leader} is written as its leader, but {winner} took trick {number} with {card}, so "
                           "{winner} leads it", leader=seat_name(next_leader), winner=seat_name(winner),
                           number=number, card=best)
            raise _refusal(part, english, said)

    def attributed(self) -> list[tuple[int, Card, _Part]]:
        """Every card played, with its player (from the leaders, now known to be right) and its place."""
        return [((leader + offset) % NUM_SEATS, card, part.card(offset + 1))
                for leader, cards, part in self.started for offset, card in enumerate(cards)]

    def check_hand_size(self, plays: list[tuple[int, Card, _Part]]) -> None:
        played = sum(1 for player, _, _ in plays if player == self.seat)
        holds = CARDS_PER_SEAT - played
        count = len(self.hand)
        if count == holds:
            return
        what = "none" if not played else f"{played}"
        english = (f"{_english_count(count, 'card')}, but {_who(self.seat)} has played {what} of its "
                   f"{CARDS_PER_SEAT}, so it holds {holds}")
        if self.seat == LEARNER_SEAT and not played:
            said = say_n("{count} card is written, but you have played none of your {total} yet, so you hold {holds}",
                         "{count} cards are written, but you have played none of your {total} yet, so you hold "
                         "{holds}", count, total=CARDS_PER_SEAT, holds=holds)
        elif self.seat == LEARNER_SEAT:
            said = say_n("{count} card is written, but you have played {played} of your {total}, so you hold {holds}",
                         "{count} cards are written, but you have played {played} of your {total}, so you hold "
                         "{holds}", count, played=played, total=CARDS_PER_SEAT, holds=holds)
        elif not played:
            said = say_n("{count} card is written, but {seat} has played none of its {total} yet, so it holds "
                         "{holds}",
                         "{count} cards are written, but {seat} has played none of its {total} yet, so it holds "
                         "{holds}", count, seat=seat_name(self.seat), total=CARDS_PER_SEAT, holds=holds)
        else:
            said = say_n("{count} card is written, but {seat} has played {played} of its {total}, so it holds "
                         "{holds}",
                         "{count} cards are written, but {seat} has played {played} of its {total}, so it holds "
                         "{holds}", count, seat=seat_name(self.seat), played=played, total=CARDS_PER_SEAT,
                         holds=holds)
        raise _refusal(_Part("hand"), english, said)

    def check_passes(self, plays: list[tuple[int, Card, _Part]]) -> None:
        if self.direction is PassDirection.HOLD:
            return
        hand = set(self.hand)
        if self.passing:
            if self.received is not None:
                raise _refuse(_Part("received card", number=1),
                              marked("nothing is received until all four seats have passed, and this hand is still "
                                     "being passed (no trick is in play)"))
            for number, card in enumerate(self.passed or (), start=1):
                if card not in hand:
                    raise _refuse(_Part("passed card", number=number),
                                  marked("{card} is not in the hand, and a seat passes cards it holds"), card=card)
            return
        player_of = {card: (player, place) for player, card, place in plays}
        for number, card in enumerate(self.passed or (), start=1):
            self.check_passed(_Part("passed card", number=number), card, hand, player_of)
        for number, card in enumerate(self.received or (), start=1):
            self.check_received(_Part("received card", number=number), card, hand, player_of)

    def check_passed(self, part: _Part, card: Card, hand: set[Card], player_of: dict[Card, tuple[int, _Part]]) -> None:
        """A card this seat passed is no longer in its hand, and only the seat it went to plays it."""
        seat, receiver = self.seat, self.direction.receiver(self.seat)
        gave = f"{_who(seat)} passed {card} to {_who(receiver)}"
        if card in hand:
            if seat == LEARNER_SEAT:
                said = say("You passed {card} to {receiver}, so you cannot still hold it", card=card,
                           receiver=seat_name(receiver))
            elif receiver == LEARNER_SEAT:
                said = say("{seat} passed {card} to you, so {seat} cannot still hold it", seat=seat_name(seat),
                           card=card)
            else:
                said = say("{seat} passed {card} to {receiver}, so {seat} cannot still hold it", seat=seat_name(seat),
                           card=card, receiver=seat_name(receiver))
            raise _refusal(part, f"{gave}, so it cannot still hold it", said)
        if card not in player_of or player_of[card][0] == receiver:
            return
        player, place = player_of[card]
        if seat == LEARNER_SEAT and player == LEARNER_SEAT:
            said = say("You passed {card} to {receiver}, but you play it ({place})", card=card,
                       receiver=seat_name(receiver), place=place.place())
        elif seat == LEARNER_SEAT:
            said = say("You passed {card} to {receiver}, but {player} plays it ({place})", card=card,
                       receiver=seat_name(receiver), player=seat_name(player), place=place.place())
        elif receiver == LEARNER_SEAT:
            said = say("{seat} passed {card} to you, but {player} plays it ({place})", seat=seat_name(seat), card=card,
                       player=seat_name(player), place=place.place())
        elif player == LEARNER_SEAT:
            said = say("{seat} passed {card} to {receiver}, but you play it ({place})", seat=seat_name(seat),
                       card=card, receiver=seat_name(receiver), place=place.place())
        else:
            said = say("{seat} passed {card} to {receiver}, but {player} plays it ({place})", seat=seat_name(seat),
                       card=card, receiver=seat_name(receiver), player=seat_name(player), place=place.place())
        raise _refusal(part, f"{gave}, but {_who(player)} plays it ({place.text})", said)

    def check_received(self, part: _Part, card: Card, hand: set[Card],
                       player_of: dict[Card, tuple[int, _Part]]) -> None:
        """A card this seat received is in its hand or among its plays, and no other seat plays it."""
        seat, passer = self.seat, self.direction.passer(self.seat)
        got = f"{_who(seat)} received {card} from {_who(passer)}"
        if self.passed is not None and card in self.passed:
            raise _refuse(part, marked("{card} is among both the passed and the received cards"), card=card)
        if card in hand:
            return
        if card not in player_of:
            if seat == LEARNER_SEAT:
                said = say("You received {card} from {passer}, but it is neither in your hand nor among the cards "
                           "you play", card=card, passer=seat_name(passer))
            elif passer == LEARNER_SEAT:
                said = say("{seat} received {card} from you, but it is neither in the hand nor among the cards "
                           "{seat} plays", seat=seat_name(seat), card=card)
            else:
                said = say("{seat} received {card} from {passer}, but it is neither in the hand nor among the cards "
                           "{seat} plays", seat=seat_name(seat), card=card, passer=seat_name(passer))
            raise _refusal(part, f"{got}, but it is neither in the hand nor among the seat's plays", said)
        player, place = player_of[card]
        if player == seat:
            return
        if seat == LEARNER_SEAT:
            said = say("You received {card} from {passer}, but {player} plays it ({place})", card=card,
                       passer=seat_name(passer), player=seat_name(player), place=place.place())
        elif passer == LEARNER_SEAT and player == LEARNER_SEAT:
            said = say("{seat} received {card} from you, but you play it ({place})", seat=seat_name(seat), card=card,
                       place=place.place())
        elif passer == LEARNER_SEAT:
            said = say("{seat} received {card} from you, but {player} plays it ({place})", seat=seat_name(seat),
                       card=card, player=seat_name(player), place=place.place())
        elif player == LEARNER_SEAT:
            said = say("{seat} received {card} from {passer}, but you play it ({place})", seat=seat_name(seat),
                       card=card, passer=seat_name(passer), place=place.place())
        else:
            said = say("{seat} received {card} from {passer}, but {player} plays it ({place})", seat=seat_name(seat),
                       card=card, passer=seat_name(passer), player=seat_name(player), place=place.place())
        raise _refusal(part, f"{got}, but {_who(player)} plays it ({place.text})", said)

    def check_first_leader(self, plays: list[tuple[int, Card, _Part]]) -> None:
        # Rule 3: the seat holding ♣2 once the passes are made leads the first trick.
        if self.passing:
            return
        leader, _, part = self.started[0]
        seat = self.seat
        player_of = {card: player for player, card, _ in plays}
        two = TWO_OF_CLUBS
        if two in self.hand or player_of.get(two) == seat:
            holder, why = seat, f"{_who(seat)} holds {two}"
        elif self.passed is not None and two in self.passed:
            holder = self.direction.receiver(seat)
            why = f"{_who(seat)} passed {two} to {_who(holder)}"
        elif two in player_of:
            holder = player_of[two]
            why = f"{_who(holder)} plays {two}, so it held it"
        else:
            if leader == seat:
                english = (f"led by {_who(leader)}, but the first trick is led by the seat with {two}, and "
                           f"{_who(seat)} does not hold it")
                if seat == LEARNER_SEAT:
                    said = say("You are written as its leader, but the first trick is led by the seat with {two}, "
                               "and you do not hold it", two=two)
                else:
                    said = say("{seat} is written as its leader, but the first trick is led by the seat with {two}, "
                               "and {seat} does not hold it", seat=seat_name(seat), two=two)
                raise _refusal(part, english, said)
            return
        if leader == holder:
            return
        if holder == seat:
            said = self.held_two(leader)
        elif self.passed is not None and two in self.passed:
            said = self.passed_two(holder, leader)
        else:
            said = self.played_two(holder, leader)
        raise _refusal(part, f"led by {_who(leader)}, but {why}, and the first trick is led by the seat with {two}",
                       said)

    # The learner's sentences on a wrong first leader, one per way the seat with ♣2 is known,
    # each with a pattern for every seat that may be "You".

    def held_two(self, leader: int) -> str:
        """This seat held ♣2 when play began, so it leads the first trick, not ``leader``."""
        if self.seat == LEARNER_SEAT:
            return say("You held {two} when play began, so you lead the first trick, not {leader}", two=TWO_OF_CLUBS,
                       leader=seat_name(leader))
        if leader == LEARNER_SEAT:
            return say("{seat} held {two} when play began, so {seat} leads the first trick, not you",
                       seat=seat_name(self.seat), two=TWO_OF_CLUBS)
        return say("{seat} held {two} when play began, so {seat} leads the first trick, not {leader}",
                   seat=seat_name(self.seat), two=TWO_OF_CLUBS, leader=seat_name(leader))

    def passed_two(self, holder: int, leader: int) -> str:
        """This seat passed ♣2 to ``holder``, who leads the first trick, not ``leader``."""
        seat, two = self.seat, TWO_OF_CLUBS
        if seat == LEARNER_SEAT and leader == LEARNER_SEAT:
            return say("You passed {two} to {holder}, so {holder} leads the first trick, not you", two=two,
                       holder=seat_name(holder))
        if seat == LEARNER_SEAT:
            return say("You passed {two} to {holder}, so {holder} leads the first trick, not {leader}", two=two,
                       holder=seat_name(holder), leader=seat_name(leader))
        if holder == LEARNER_SEAT:
            return say("{seat} passed {two} to you, so you lead the first trick, not {leader}", seat=seat_name(seat),
                       two=two, leader=seat_name(leader))
        if leader == LEARNER_SEAT:
            return say("{seat} passed {two} to {holder}, so {holder} leads the first trick, not you",
                       seat=seat_name(seat), two=two, holder=seat_name(holder))
        return say("{seat} passed {two} to {holder}, so {holder} leads the first trick, not {leader}",
                   seat=seat_name(seat), two=two, holder=seat_name(holder), leader=seat_name(leader))

    def played_two(self, holder: int, leader: int) -> str:
        """``holder`` plays ♣2, so it held it and leads the first trick, not ``leader``."""
        two = TWO_OF_CLUBS
        if holder == LEARNER_SEAT:
            return say("You play {two}, so you held it and lead the first trick, not {leader}", two=two,
                       leader=seat_name(leader))
        if leader == LEARNER_SEAT:
            return say("{holder} plays {two}, so {holder} held it and leads the first trick, not you",
                       holder=seat_name(holder), two=two)
        return say("{holder} plays {two}, so {holder} held it and leads the first trick, not {leader}",
                   holder=seat_name(holder), two=two, leader=seat_name(leader))

    def known_hands(self) -> list[int]:
        """Each seat's cards as far as this seat knows them when play begins."""
        hands = [0] * NUM_SEATS
        hands[self.seat] = mask_of(self.hand)
        for player, card, _ in self.attributed():
            hands[player] |= card.bit
        if self.passed is not None:
            hands[self.direction.receiver(self.seat)] |= mask_of(self.passed)
        return hands

    def got_passed(self, seat: int) -> bool:
        """Whether ``seat`` is known to hold the cards this seat passed it."""
        return self.passed is not None and seat == self.direction.receiver(self.seat)

    def known_from(self, seat: int) -> str:
        """How this seat knows another seat's cards, said after a refusal of that seat's play (English)."""
        return (f" (what {SEAT_NAMES[seat]} held is known from the cards it plays later"
                f"{' and the cards passed to it' if self.got_passed(seat) else ''})")

    def said_known_from(self, seat: int) -> str:
        """The learner's sentence of :meth:`known_from`."""
        if seat == LEARNER_SEAT and self.got_passed(seat):
            return say("What you held is known from the cards you play later and the cards passed to you.")
        if seat == LEARNER_SEAT:
            return say("What you held is known from the cards you play later.")
        if self.got_passed(seat):
            return say("What {seat} held is known from the cards {seat} plays later and the cards passed to {seat}.",
                       seat=seat_name(seat))
        return say("What {seat} held is known from the cards {seat} plays later.", seat=seat_name(seat))

    def refused_play(self, place: _Part, mover: int, card: Card, held: int, on_table: tuple[Card, ...],
                     first: bool, hearts_broken: bool) -> InvalidPositionError:
        """The refusal of ``mover``'s ``card``: English with the reason code, the learner's sentence without."""
        verdict = describe(card, held, on_table, first, hearts_broken)
        known = "" if mover == self.seat else self.known_from(mover)
        english = f"{_who(mover)} played {card}: {verdict.reason.value}: {verdict.message}{known}"
        if mover == LEARNER_SEAT:
            played = say("You played {card}, which the rules do not allow", card=card)
        else:
            played = say("{seat} played {card}, which the rules do not allow", seat=seat_name(mover), card=card)
        # The engine's one set of refusal sentences, speaking to the learner or naming the seat.
        said = [place.said(played), refusal_message(card, held, on_table, first, hearts_broken, seat=mover)]
        if mover != self.seat:
            said.append(self.said_known_from(mover))
        return InvalidPositionError(f"{place.text}: {english}", part=place.text, said=sentences(said))

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
                    raise self.refused_play(part.card(number), mover, card, held,
                                            tuple(DECK[index] for index in table.trick), first, table.hearts_broken)
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
