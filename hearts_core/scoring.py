"""Points, hand scores (with the moon rule) and the end of a match.

These are plain functions of plain values so that lessons can call them on the guides'
examples ("a trick of 2♥, 8♥, ♠Q, 5♣") as easily as the engine calls them on a hand.
What a card is worth and how the moon is settled are decided by the rules kernel
(:func:`~hearts_core.kernel.points_table`, :func:`~hearts_core.kernel.settle`); this
module checks its inputs and reads the kernel's answers, so a house rule changes in one
place.

>>> penalty_points("♥2 ♥8 ♠Q ♣5")
15
>>> hand_scores((26, 0, 0, 0))
(0, 26, 26, 26)
>>> match_winners((27, 51, 45, 100), Rules())
(0,)
>>> match_outcome((90, 100, 90, 95), 2, Rules())
<Outcome.DRAWN: 'drawn'>
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum

from hearts_core.cards import Card, to_card, to_cards
from hearts_core.errors import InvalidPositionError, quote_input
from hearts_core.kernel import points_table, settle
from hearts_core.rules import JACK_OF_DIAMONDS_POINTS, NUM_SEATS, POINTS_PER_HAND, SEATS, Rules

__all__ = ["Outcome", "card_points", "hand_scores", "match_outcome", "match_winners", "penalty_points", "summed"]

_DEFAULT_RULES = Rules()


def card_points(card: Card, rules: Rules = _DEFAULT_RULES) -> int:
    """Points a single card carries for whoever takes it (the kernel's points table)."""
    if type(card) is not Card:
        card = to_card(card)
    _check_rules(rules)
    return points_table(rules)[card.index]


def penalty_points(cards: Iterable[Card | str] | str, rules: Rules = _DEFAULT_RULES) -> int:
    """Points carried by ``cards``: each heart 1, ♠Q 13 (and ♦J -10 when that variant is on).

    Raises:
        InvalidCardError: a card is written in no accepted notation.

    >>> penalty_points("♥3 ♥9 ♥K ♠Q")
    16
    """
    _check_rules(rules)
    return sum(card_points(card, rules) for card in to_cards(cards))


def hand_scores(
    points_taken: Sequence[int],
    rules: Rules = _DEFAULT_RULES,
    *,
    jack_of_diamonds_taker: int | None = None,
) -> tuple[int, int, int, int]:
    """What each seat scores for a completed hand, applying the moon rule.

    ``points_taken[seat]`` is what the seat took in tricks.  A seat that took all 26
    points of hearts and ♠Q shoots the moon: it scores 0 and every other seat 26 (or,
    with ``rules.moon_subtracts``, it scores -26 and the others 0).  With the ♦J variant,
    pass the seat that took ♦J, whose -10 stays with it whatever the moon.

    Raises:
        InvalidPositionError: not four whole numbers, or points no seat can take in a hand.

    >>> hand_scores((3, 16, 5, 2))
    (3, 16, 5, 2)
    """
    _check_rules(rules)
    if not isinstance(points_taken, Sequence) or len(points_taken) != NUM_SEATS or not all(
        isinstance(points, int) and not isinstance(points, bool) for points in points_taken
    ):
        raise InvalidPositionError(
            f"points_taken must be four whole numbers, one per seat, not {quote_input(points_taken)}"
        )
    bonus = [0] * NUM_SEATS
    if rules.jack_of_diamonds_bonus and jack_of_diamonds_taker is not None:
        bonus[jack_of_diamonds_taker] = JACK_OF_DIAMONDS_POINTS
    if any(not 0 <= points - bonus[seat] <= POINTS_PER_HAND for seat, points in zip(SEATS, points_taken, strict=True)):
        raise InvalidPositionError(
            f"each seat takes 0 to {POINTS_PER_HAND} points in a hand, not {quote_input(points_taken)}"
        )
    return settle(points_taken, rules, jack_of_diamonds_taker)


def summed(scores: Iterable[Sequence[int]]) -> tuple[int, int, int, int]:
    """Seat-by-seat sums of per-seat scores: the match totals after these hands (or a total and a hand's scores).

    >>> summed([(24, 35, 40, 98), (3, 16, 5, 2)])  # docs/rules.md's score table
    (27, 51, 45, 100)
    """
    totals = [0] * NUM_SEATS
    for hand in scores:
        for seat in range(NUM_SEATS):
            totals[seat] += hand[seat]
    return (totals[0], totals[1], totals[2], totals[3])


def match_winners(totals: Sequence[int], rules: Rules = _DEFAULT_RULES) -> tuple[int, ...] | None:
    """The winning seats once a total has reached the target, else ``None``.

    Reaching the target never wins: the lowest total does.  Under ``tie_rule="share"``
    every seat tied for lowest wins; under ``"play_on"`` a tie means the match goes on.

    >>> match_winners((90, 100, 90, 95), Rules())
    (0, 2)
    >>> match_winners((90, 100, 90, 95), Rules(tie_rule="play_on")) is None
    True

    Raises:
        InvalidPositionError: not one total per seat.
    """
    _check_rules(rules)
    if not isinstance(totals, Sequence) or len(totals) != NUM_SEATS or not all(
        isinstance(total, int) and not isinstance(total, bool) for total in totals
    ):
        raise InvalidPositionError(f"totals must be four whole numbers, one per seat, not {quote_input(totals)}")
    if max(totals) < rules.target:
        return None
    lowest = min(totals)
    winners = tuple(seat for seat, total in enumerate(totals) if total == lowest)
    if len(winners) > 1 and rules.tie_rule == "play_on":
        return None
    return winners


class Outcome(StrEnum):
    """How a finished match went for one seat."""

    WON = "won"
    """The seat alone has the lowest total."""
    DRAWN = "drawn"
    """The seat shares the lowest total (under ``tie_rule="share"``)."""
    LOST = "lost"
    """Another seat has a lower total."""


def match_outcome(totals: Sequence[int], seat: int, rules: Rules = _DEFAULT_RULES) -> Outcome | None:
    """How the match went for ``seat``, once it is over (:func:`match_winners`), else ``None``.

    Raises:
        InvalidPositionError: not one total per seat, or ``seat`` is not a seat.
    """
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in SEATS:
        raise InvalidPositionError(f"seat must be one of {list(SEATS)}, not {quote_input(seat)}")
    winners = match_winners(totals, rules)
    if winners is None:
        return None
    if seat not in winners:
        return Outcome.LOST
    return Outcome.WON if len(winners) == 1 else Outcome.DRAWN


def _check_rules(rules: object) -> None:
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules value such as Rules(), not {quote_input(rules)}")
