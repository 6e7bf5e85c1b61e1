"""The words of a match-score puzzle's answer (lesson 21): why this card, when the hand ends the match.

Design choices:

* **Say the situation, then the difference, then the figure.**  A match puzzle's reason first says
  why the hand's points no longer count for themselves (:class:`MatchEnds`: whose total ends the
  match, with what), then whom the seat has to finish below or stay ahead of
  (:class:`Standing`), then what separates the two cards in the deals played out: who takes
  the points (:class:`PointsShift`: the rival's and the seat's own expected hand points after
  each card), and last how often each card wins the match (:class:`MatchChances`).  A reason of
  figures alone is never said: the first two sentences are the lesson's idea, checked on the
  position's totals and points taken.
* **Facts of their own.**  Each sentence is licensed by a fact in this module, checked against the
  view (its ``match_totals`` and ``points_taken``) or against the stored figures it quotes,
  like every other sentence (:func:`~hearts_core.coach_words.first_true`).  The meaning checker
  (``tests/meanings.py``) reads the sentences again from the totals and the plays, sharing none of
  this.
* The rival is the other seat with the lowest running total (its total before the hand plus what
  it has taken in it): the player the seat must finish below, or, when the seat is lowest, the
  one closest behind it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

from hearts_core.cards import Card, to_card
from hearts_core.coach_words import Claim, claim, first_true, said_claim
from hearts_core.facts import Fact, Situation, clear_difference
from hearts_core.match_stakes import ends_the_match, running_totals
from hearts_core.rules import NUM_SEATS
from hearts_core.views import SeatView
from hearts_core.wording import marked, say_n, seat_name

__all__ = [
    "MatchChances", "MatchEnds", "OvertakenMoreOften", "PointsShift", "SharedWins", "Standing", "match_reason",
    "rival_of",
]

PER_HUNDRED: Final = 100
"""The figures are said per hundred deals played out, the shares rounded."""

SHIFT_AT_LEAST: Final = 0.5
"""Expected points by which a card must move the gap to the rival the seat's way to be said to."""
OVERTAKEN_MORE: Final = 10
"""How many more deals in a hundred another seat must end lowest after a card to be named as what it risks."""

CardData = Mapping[str, Any]
"""One card's stored figures (:class:`~hearts_core.puzzle_records.CardFigures`, as read from JSON)."""


def rival_of(view: SeatView) -> int | None:
    """The other seat with the lowest running total (the nearest seat clockwise on a tie); ``None`` without totals."""
    running = running_totals(view)
    if running is None:
        return None
    others = [(view.seat + step) % NUM_SEATS for step in range(1, NUM_SEATS)]
    return min(others, key=lambda seat: running[seat])


def _compared_at_the_end(position: Situation, card: Card, other: Card, *counts: int) -> bool:
    """Two different cards the seat holds, in a hand that ends the match, and counts out of a hundred deals."""
    return (card != other and position.holds_card(card) and position.holds_card(other)
            and ends_the_match(position.view) and all(0 <= count <= PER_HUNDRED for count in counts))


@dataclass(frozen=True, slots=True)
class MatchEnds(Fact):
    """``ender`` had ``before`` before this hand and has taken ``taken`` in it, reaching the target: with two seats
    holding points (no moon can undo them), the hand ends the match."""

    ender: int
    before: int
    taken: int

    def holds(self, position: Situation) -> bool:
        view = position.view
        totals = view.match_totals
        return (totals is not None and self.ender != position.seat and totals[self.ender] == self.before
                and view.points_taken[self.ender] == self.taken and ends_the_match(view)
                and self.before + self.taken >= view.rules.target)


@dataclass(frozen=True, slots=True)
class Standing(Fact):
    """The seat's running total is ``mine`` and ``rival``'s, the lowest of the others', is ``theirs``."""

    rival: int
    mine: int
    theirs: int

    def holds(self, position: Situation) -> bool:
        view = position.view
        running = running_totals(view)
        return (running is not None and ends_the_match(view) and rival_of(view) == self.rival
                and running[position.seat] == self.mine and running[self.rival] == self.theirs)


@dataclass(frozen=True, slots=True)
class PointsShift(Fact):
    """In the deals played out, ``card`` leaves ``rival`` with ``more_on_rival`` more points than ``other`` does
    (expected hand points) and the seat with ``more_on_me`` more of its own; the gap between them moves the
    seat's way by the difference."""

    card: Card
    other: Card
    rival: int
    more_on_rival: float
    more_on_me: float

    def holds(self, position: Situation) -> bool:
        return (_compared_at_the_end(position, self.card, self.other) and rival_of(position.view) == self.rival
                and round(self.more_on_rival) >= 1
                and self.more_on_rival - self.more_on_me >= SHIFT_AT_LEAST
                and round(self.more_on_rival) > round(self.more_on_me))


@dataclass(frozen=True, slots=True)
class OvertakenMoreOften(Fact):
    """In the deals played out, ``seat`` ends the match with the lowest total (alone or tied) in ``after_other`` of a
    hundred after ``other`` and in ``after_card`` after ``card``: at least :data:`OVERTAKEN_MORE` more often."""

    card: Card
    other: Card
    seat: int
    after_card: int
    after_other: int

    def holds(self, position: Situation) -> bool:
        return (_compared_at_the_end(position, self.card, self.other, self.after_card, self.after_other)
                and self.seat != position.seat and self.after_other - self.after_card >= OVERTAKEN_MORE)


@dataclass(frozen=True, slots=True)
class MatchChances(Fact):
    """In the deals played out, ``card`` wins the match in ``wins`` of a hundred and ``other`` in ``other_wins``;
    ``better`` says ``card`` is clearly the better (``gain`` wins per hundred, ``error`` its standard error), or,
    when false, that the two cannot be told apart."""

    card: Card
    other: Card
    wins: int
    other_wins: int
    gain: float
    error: float
    better: bool

    def holds(self, position: Situation) -> bool:
        if not _compared_at_the_end(position, self.card, self.other, self.wins, self.other_wins):
            return False
        clear = clear_difference(self.gain, self.error)
        return clear and self.wins > self.other_wins if self.better else not clear


@dataclass(frozen=True, slots=True)
class SharedWins(Fact):
    """In the deals played out the seat ties for the lowest total in ``count`` of a hundred after ``card`` and in
    ``other_count`` after ``other``."""

    card: Card
    other: Card
    count: int
    other_count: int

    def holds(self, position: Situation) -> bool:
        return (_compared_at_the_end(position, self.card, self.other, self.count, self.other_count)
                and (self.count > 0 or self.other_count > 0))


def _name(view: SeatView, seat: int) -> str:
    return seat_name((seat - view.seat) % NUM_SEATS)


def situation(position: Situation) -> Iterator[Claim]:
    """Why the hand's points now count only through the match: whose total ends it, and whom the seat must beat."""
    view = position.view
    running = running_totals(view)
    rival = rival_of(view)
    if running is None or rival is None or view.match_totals is None:
        return
    enders = [seat for seat in range(NUM_SEATS) if seat != position.seat and running[seat] >= view.rules.target]
    if enders:
        ender = max(enders, key=lambda seat: running[seat])
        yield claim(marked("This hand ends the match: {seat} had {before} before it and has taken {taken} in it, "
                           "{total} in all, so only the order of the totals at the end counts now."),
                    (MatchEnds(ender, view.match_totals[ender], view.points_taken[ender]),),
                    seat=_name(view, ender), before=view.match_totals[ender], taken=view.points_taken[ender],
                    total=running[ender])
    mine, theirs = running[position.seat], running[rival]
    standing = (Standing(rival, mine, theirs),)
    if mine > theirs:
        yield claim(marked("Counting this hand's points so far, you have {mine} and {seat} {theirs}, the lowest: "
                           "to win, you must end the match below {seat}, so every point on {seat} counts for you and "
                           "every point on you against you."), standing,
                    mine=mine, theirs=theirs, seat=_name(view, rival))
    elif mine < theirs:
        yield claim(marked("Counting this hand's points so far, you lead with {mine} and {seat} is closest behind "
                           "with {theirs}: your own points matter only as far as they let someone end below you."),
                    standing, mine=mine, theirs=theirs, seat=_name(view, rival))
    else:
        yield claim(marked("Counting this hand's points so far, you and {seat} both have {mine}, the lowest: "
                           "whoever of you takes fewer points from here ends the match below the other."), standing,
                    mine=mine, seat=_name(view, rival))


def _shift(view: SeatView, card: CardData, other: CardData) -> Claim | None:
    """Who takes the points after ``card`` rather than ``other``: more on the rival, no more than that on the seat."""
    rival = rival_of(view)
    mine, theirs = card.get("seat_points"), other.get("seat_points")
    if rival is None or mine is None or theirs is None:
        return None
    offset = (rival - view.seat) % NUM_SEATS
    on_rival, on_me = mine[offset] - theirs[offset], mine[0] - theirs[0]
    fact = (PointsShift(to_card(card["card"]), to_card(other["card"]), rival, on_rival, on_me),)
    this, that, seat, more = to_card(card["card"]), to_card(other["card"]), _name(view, rival), round(on_rival)
    if round(on_me) >= 1:
        return said_claim(say_n("In the deals played out, {card} puts about {count} point more on {seat} than {other} "
                                "does, and about {own} more on you: the gap between you is what decides the match, "
                                "and it moves your way.",
                                "In the deals played out, {card} puts about {count} points more on {seat} than "
                                "{other} does, and about {own} more on you: the gap between you is what decides the "
                                "match, and it moves your way.", more, card=this, other=that, seat=seat,
                                own=round(on_me)), fact)
    if round(on_me) <= -1:
        return said_claim(say_n("In the deals played out, {card} puts about {count} point more on {seat} than {other} "
                                "does, and about {own} fewer on you.",
                                "In the deals played out, {card} puts about {count} points more on {seat} than "
                                "{other} does, and about {own} fewer on you.", more, card=this, other=that, seat=seat,
                                own=-round(on_me)), fact)
    return said_claim(say_n("In the deals played out, {card} puts about {count} point more on {seat} than {other} "
                            "does, and no more on you.",
                            "In the deals played out, {card} puts about {count} points more on {seat} than {other} "
                            "does, and no more on you.", more, card=this, other=that, seat=seat), fact)


def _beaten(view: SeatView, card: CardData, other: CardData) -> Claim | None:
    """Who ends the match below the seat after ``other`` more often than after ``card``, and how much more often."""
    mine, theirs = card.get("lowest"), other.get("lowest")
    if mine is None or theirs is None:
        return None
    offset = max(range(1, NUM_SEATS), key=lambda step: (theirs[step] - mine[step], -step))
    seat = (view.seat + offset) % NUM_SEATS
    after_other, after_card = round(theirs[offset] * PER_HUNDRED), round(mine[offset] * PER_HUNDRED)
    return claim(marked("After {other}, {seat} ends the match with a total below yours or level with it in about "
                        "{count} of 100 deals played out; after {card}, in about {card_count}."),
                 (OvertakenMoreOften(to_card(card["card"]), to_card(other["card"]), seat, after_card, after_other),),
                 other=to_card(other["card"]), card=to_card(card["card"]), seat=_name(view, seat), count=after_other,
                 card_count=after_card)


def _chances(card: CardData, other: CardData, *, best: bool) -> Claim:
    """How often each card wins the match, per hundred deals played out."""
    mine, theirs = round(float(card["wins"]) * PER_HUNDRED), round(float(other["wins"]) * PER_HUNDRED)
    gain = float(card["gain"]) if not best else float(other["gain"])
    error = float(card["error"]) if not best else float(other["error"])
    this, that = to_card(card["card"]), to_card(other["card"])
    if best:
        return claim(marked("With {card} you win the match in about {wins} of 100 deals played out; with {other}, "
                            "the next best, in about {other_wins}."),
                     (MatchChances(this, that, mine, theirs, gain, error, True),),
                     card=this, other=that, wins=mine, other_wins=theirs)
    return claim(marked("With {card} you win the match in about {wins} of 100 deals played out; {other} wins it in "
                        "about {other_wins}."),
                 (MatchChances(that, this, theirs, mine, gain, error, True),),
                 card=this, other=that, wins=mine, other_wins=theirs)


def _draws(card: CardData, other: CardData) -> Claim | None:
    """The deals in which the seat shares the lowest total (a draw), where either card has some."""
    mine = round(float(card.get("draws", 0.0)) * PER_HUNDRED)
    theirs = round(float(other.get("draws", 0.0)) * PER_HUNDRED)
    if not mine and not theirs:
        return None
    return claim(marked("You tie for the lowest total, and share the win, in about {count} of 100 deals played out "
                        "with {card} and in about {other_count} with {other}."),
                 (SharedWins(to_card(card["card"]), to_card(other["card"]), mine, theirs),),
                 card=to_card(card["card"]), other=to_card(other["card"]), count=mine, other_count=theirs)


def _tie(card: CardData, other: CardData) -> Claim:
    mine, theirs = round(float(card["wins"]) * PER_HUNDRED), round(float(other["wins"]) * PER_HUNDRED)
    this, that = to_card(card["card"]), to_card(other["card"])
    return claim(marked("{card} and {other} are about equally good for the match: you win it in about {wins} of 100 "
                        "deals played out with {card} and in about {other_wins} with {other}, a difference the deals "
                        "cannot tell apart."),
                 (MatchChances(this, that, mine, theirs, float(card["gain"]), float(card["error"]), False),),
                 card=this, other=that, wins=mine, other_wins=theirs)


def match_reason(view: SeatView, chosen: Card, figures: list[CardData]) -> tuple[bool, bool, list[Claim]]:
    """A match puzzle's answer to ``chosen`` (a legal card): (right, tied with the solution, the reason's claims).

    ``figures`` are the stored evaluation's cards, the solution first.
    """
    position = Situation(view)
    by_card = {to_card(item["card"]): item for item in figures}
    solution = figures[0]
    said: list[Claim | None] = list(situation(position))
    chosen_data = by_card[chosen]
    if chosen == to_card(solution["card"]):
        runner = figures[1]
        said += [_shift(view, solution, runner), _beaten(view, solution, runner), _chances(solution, runner, best=True),
                 _draws(solution, runner)]
        right, tied = True, False
    else:
        tie = _tie(chosen_data, solution)
        tied = first_true(position, (tie,)) is not None
        right = tied
        said += [tie] if tied else [_shift(view, solution, chosen_data), _beaten(view, solution, chosen_data),
                                    _chances(chosen_data, solution, best=False), _draws(chosen_data, solution)]
    claims = [found for found in (first_true(position, (item,)) for item in said) if found is not None]
    return right, tied, claims

