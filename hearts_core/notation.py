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
  by name, counts by plural forms, no reason codes (see "refusals" in
  :mod:`hearts_core._notation_fields`).
* **Three modules, one face.**  This module parses and writes; each field's reader and
  the refusals live in :mod:`hearts_core._notation_fields`, the checks that join the
  fields and the replay of the plays in :mod:`hearts_core._notation_reader`.  Every public
  name is importable from here.
* **A position being set up has a line too.**  :func:`setup_position` writes the line
  for a hand and plays entered one by one (the analysis board's setup), leaders of later
  tricks found by rule 7, without checking it: :func:`parse_position` is what checks.

>>> view = parse_position("1 ♣8♦3♦5♦8♦Q♦A♠8♠9♠A♥4♥7♥10♥K hold - 0:♣2")
>>> view.to_move, view.first_trick, [str(card) for card in view.legal_plays()]
(1, True, ['♣8'])
>>> format_position(view)
'1 ♣8♦3♦5♦8♦Q♦A♠8♠9♠A♥4♥7♥10♥K hold - 0:♣2'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from hearts_core._notation_fields import (
    _FIELD_NAMES,
    _LEADER_MARK,
    _PASSED_MARK,
    _RECEIVED_MARK,
    _SORTED_FIELDS,
    _TRICK_SEPARATOR,
    _VIEW_FIELDS_WRITTEN,
    EMPTY,
    FIELDS,
    MAX_POSITION_LENGTH,
    _english_count,
    _hand,
    _Part,
    _pass,
    _refusal,
    _refuse,
    _rules,
    _rules_text,
    _run,
    _seat,
    _table,
    _tricks,
)
from hearts_core._notation_reader import _Reader
from hearts_core.cards import Card, cards_from_mask, mask_of
from hearts_core.errors import InvalidPositionError, quote_input
from hearts_core.kernel import winning_position
from hearts_core.legality import tricks_begun
from hearts_core.rules import NUM_SEATS, TRICKS_PER_HAND, Rules
from hearts_core.views import PassDirection, Phase, SeatView
from hearts_core.wording import and_list, marked, say, say_n, translate

__all__ = [
    "EMPTY", "FIELDS", "MAX_POSITION_LENGTH", "format_position", "parse_position", "setup_position", "tricks_begun",
]

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


# ------------------------------------------------------------------ setting up


def setup_position(hand: Iterable[Card], plays: Sequence[Card], *, first_leader: int = 0,
                   direction: PassDirection = PassDirection.HOLD, passed: Sequence[Card] | None = None,
                   received: Sequence[Card] | None = None, rules: Rules | None = None) -> str:
    """The line of a position being set up: seat 0 holding ``hand``, after ``plays`` (in play order).

    ``first_leader`` led the first trick; the pass and the house rules are written as
    given.  The line is written, not checked (a setup may be unfinished or wrong):
    :func:`parse_position` reads it and says what is wrong.  A hand in progress has its
    trick on the table (empty once a trick is complete, led by the seat that took it).

    >>> from hearts_core.cards import parse_cards
    >>> hand = parse_cards("♥K ♣8 ♦3 ♦5 ♦8 ♦Q ♦A ♠8 ♠9 ♠A ♥4 ♥7 ♥10")
    >>> line = setup_position(hand, parse_cards("♣2 ♣K ♣3"), first_leader=1)
    >>> line, parse_position(line).legal_plays() == (hand[1],)
    ('0 ♣8♦3♦5♦8♦Q♦A♠8♠9♠A♥4♥7♥10♥K hold - 1:♣2♣K♣3', True)
    """
    tricks = tricks_begun(first_leader, plays)
    done = [(leader, cards) for leader, cards in tricks if len(cards) == NUM_SEATS]
    if len(done) < TRICKS_PER_HAND:
        if not tricks or len(tricks[-1][1]) == NUM_SEATS:
            leader = first_leader
            if done:
                last_leader, last = done[-1]
                leader = (last_leader + winning_position([card.index for card in last])) % NUM_SEATS
            on_table = f"{leader}{_LEADER_MARK}"
        else:
            leader, cards = tricks[-1]
            on_table = f"{leader}{_LEADER_MARK}{_run(cards)}"
    else:
        on_table = EMPTY
    pass_text = direction.value
    # An empty pass is written as an empty field, so the reader names it (a pass is three cards).
    if passed is not None:
        pass_text += _PASSED_MARK + (_run(passed) or EMPTY)
    if received is not None:
        pass_text += _RECEIVED_MARK + (_run(received) or EMPTY)
    fields = ["0", _run(_sorted(hand)) or EMPTY, pass_text,
              _TRICK_SEPARATOR.join(f"{leader}{_LEADER_MARK}{_run(cards)}" for leader, cards in done) or EMPTY,
              on_table]
    written = _rules_text(rules or Rules())
    if written:
        fields.append(written)
    return " ".join(fields)
