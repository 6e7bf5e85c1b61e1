"""The position notation's fields: how each is read, and how a refusal names the part that is wrong.

Part of :mod:`hearts_core.notation` (which re-exports :data:`FIELDS`, :data:`EMPTY` and
:data:`MAX_POSITION_LENGTH`), split off so that no module holds the whole reader:

* the refusals: every refusal names its part (``"tricks, trick 3, card 2"``) in an English
  message and says the same problem to the learner through the translation layer (see
  the comment below);
* one reader per field (the seat, the hand, the pass, the finished tricks, the trick on
  the table, the house rules), each checking its own field alone.  The checks that join
  the fields are :mod:`hearts_core._notation_reader`'s.

The names keep the underscore they had inside ``notation.py``: they are the notation's
own, not the engine's public face.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Final, NamedTuple

from hearts_core.cards import Card, read_card
from hearts_core.errors import InvalidPositionError, quote_input
from hearts_core.phrasing import marked_n, sentence
from hearts_core.rules import (
    CARDS_IN_PASS,
    CARDS_PER_SEAT,
    NUM_SEATS,
    SEAT_NAMES,
    SEATS,
    TRICKS_PER_HAND,
    Rules,
)
from hearts_core.views import PassDirection, SeatView
from hearts_core.wording import and_list, marked, say, say_n

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
