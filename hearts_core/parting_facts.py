"""Facts about where two cards part in the deals played out: the idea sentences' grounds.

Design choices:

* Apart from :mod:`hearts_core.facts` (the catalogue of what a sentence may claim about the
  position) because these facts are about play-outs, not the position: :class:`PartsAt` recounts
  a live :class:`~hearts_core.difference.Parting` from its own deals, and the others check a
  puzzle's stored counts (:func:`hearts_core.mining.part_cards`) as far as the position can,
  leaving the recount to the claims audit (``tests/test_coach_claims.py``).  They are facts of
  the same kind (:class:`~hearts_core.facts.Fact`, checked on a
  :class:`~hearts_core.facts.Situation` before their sentence is said).
"""

from __future__ import annotations

from dataclasses import dataclass

from hearts_core.cards import Card
from hearts_core.difference import MIN_DIFFERING, PARTING_SHARE, LaterTaker, Parting
from hearts_core.facts import Fact, Over, Situation

__all__ = ["CostlierBy", "MoonsApart", "NoOneTrick", "PartsAt", "StoredPartsAt", "TakesLater"]


@dataclass(frozen=True, slots=True)
class PartsAt(Fact):
    """In the deals played out, the runner-up's line loses its points at one trick, which the best line avoids.

    What :class:`~hearts_core.difference.Parting` found, recounted from its own play-outs:
    ``parting.parted`` of ``parting.deals`` deals are ones in which the seat's
    ``parting.taker`` takes trick ``parting.trick`` with points after ``parting.runner`` is
    played now, and the seat takes none of that trick's points after ``parting.best``; and that
    trick is the first costly one of more than :data:`~hearts_core.difference.PARTING_SHARE`
    of the (at least :data:`~hearts_core.difference.MIN_DIFFERING`) deals that differ.  The
    cards are the seat's, and the trick is this one or one to come.
    """

    parting: Parting

    def holds(self, position: Situation) -> bool:
        found = self.parting
        now = len(position.view.tricks) + 1
        pairs = found.pairs
        if not (found.seat == position.seat and found.best != found.runner and pairs
                and all(position.holds_card(card) for card in (found.best, found.runner, found.taker))
                and now <= found.trick <= now + len(position.view.hand) - 1 and found.deals == len(pairs)
                and all(pair.best.card is found.best and pair.runner.card is found.runner for pair in pairs)):
            return False
        parted = sum(1 for pair in pairs if pair.parts_at(found.seat, found.trick, found.taker))
        firsts = [pair.first_costlier(found.seat) for pair in pairs]
        differing = sum(1 for outcome in firsts if outcome is not None)
        first = sum(1 for outcome in firsts
                    if outcome is not None and (outcome.number, outcome.card) == (found.trick, found.taker))
        return (parted == found.parted > 0 and differing == found.differing >= MIN_DIFFERING
                and first == found.first > PARTING_SHARE * differing)


@dataclass(frozen=True, slots=True)
class StoredPartsAt(Fact):
    """A puzzle's stored parting (:func:`hearts_core.mining.part_cards`): :class:`PartsAt`'s counts, kept as data.

    A puzzle stores where each card parts from its solution rather than its play-outs, so this
    fact checks what the position can: the cards are the seat's, the trick named is this one or
    one to come (this one only when ``parting.runner`` is what takes it), and the counts fit
    together as :func:`~hearts_core.difference.find_parting` makes them (``parted`` a share of
    the deals, at least :data:`~hearts_core.difference.MIN_DIFFERING` deals differing, the parting
    trick the first costly one of more than :data:`~hearts_core.difference.PARTING_SHARE` of them).
    That the counts are the play-outs' own is the claims audit's to recount
    (``tests/test_coach_claims.py``), as it recounts :class:`PartsAt`.
    """

    parting: Parting

    def holds(self, position: Situation) -> bool:
        found = self.parting
        # "... takes this trick and its points, which playing {best} now avoids": read as avoiding the trick, so
        # at this trick only when the best card cannot be sure to take it (:func:`_cannot_surely_take`).
        return (_fits_as_mined(found, position) and 0 < found.parted <= found.deals
                and (found.trick != len(position.view.tricks) + 1 or _cannot_surely_take(position, found.best)))


def _fits_as_mined(found: Parting, position: Situation) -> bool:
    """What every stored parting must fit, whichever sentence quotes it: the seat's own cards, a trick from this one
    to the last (this one only when the runner-up itself takes it), and counts as
    :func:`~hearts_core.difference.find_parting` makes them."""
    now = len(position.view.tricks) + 1
    return (found.seat == position.seat and found.best != found.runner
            and all(position.holds_card(card) for card in (found.best, found.runner, found.taker))
            and now <= found.trick <= now + len(position.view.hand) - 1
            and (found.trick != now or found.taker is found.runner)
            and MIN_DIFFERING <= found.differing <= found.deals
            and PARTING_SHARE * found.differing < found.first <= found.differing)


def _cannot_surely_take(position: Situation, card: Card) -> bool:
    """Whatever the hidden hands hold, ``card`` played now is not sure to take this trick.

    Led, a higher card of its suit is unseen (so someone after the seat holds it); following, it
    does not go above the winning card.  A card above the winner with players still to come may
    or may not be overtaken, as the hidden cards lie: not certain either way, so not this.
    """
    winning = position.winning
    if winning is None:
        return bool(position.unseen_above(card))
    return not Over(card, winning[1]).holds(position)


@dataclass(frozen=True, slots=True)
class TakesLater(Fact):
    """A puzzle's stored card-level parting (:class:`~hearts_core.difference.LaterTaker`), checked as far as counts go.

    The cards are the seat's, ``taker`` is not the runner-up (played now, it could take no later
    trick), a later trick is still to come, and the counts fit together as
    :func:`~hearts_core.difference.find_later_taker` makes them; the claims audit recounts them.
    """

    found: LaterTaker

    def holds(self, position: Situation) -> bool:
        found = self.found
        return (found.seat == position.seat and found.best is not found.runner and found.taker is not found.runner
                and all(position.holds_card(card) for card in (found.best, found.runner, found.taker))
                and len(position.view.hand) >= 2
                and 0 < found.parted <= found.deals and MIN_DIFFERING <= found.differing <= found.deals
                and PARTING_SHARE * found.differing < found.first <= found.differing)


@dataclass(frozen=True, slots=True)
class NoOneTrick(Fact):
    """In the deals played out, ``other`` ends worse than ``card`` more often than better, but at no one trick.

    ``worse`` and ``fewer`` of ``deals`` deals are those in which ``other`` leaves the seat more
    (fewer) points by the end of the hand than ``card`` (the moon rule applied); ``differing``
    deals are those in which ``other``'s line has cost the seat more points after some trick,
    and ``top`` of them share the most common such first trick: at least
    :data:`~hearts_core.difference.MIN_DIFFERING` differ and no trick is the first costly one of
    more than :data:`~hearts_core.difference.PARTING_SHARE` of them, so the points come at
    different tricks in different deals.
    """

    card: Card
    other: Card
    worse: int
    fewer: int
    differing: int
    top: int
    deals: int

    def holds(self, position: Situation) -> bool:
        return (self.card != self.other and position.holds_card(self.card) and position.holds_card(self.other)
                and self.fewer < self.worse and self.worse + self.fewer <= self.deals
                and MIN_DIFFERING <= self.differing <= self.deals and 0 < self.top <= PARTING_SHARE * self.differing)


@dataclass(frozen=True, slots=True)
class CostlierBy(Fact):
    """A puzzle's stored parting trick, said by the deals whose first costly trick it is (``parting.first``).

    For a parting whose ``parted`` count is nothing to quote (the seat takes points at that trick
    in the best line too, only fewer): the trick is still the first at which the runner-up's line
    has cost the seat more, in more than :data:`~hearts_core.difference.PARTING_SHARE` of the
    deals that differ, taken by the seat's ``taker``.  Checked as :class:`StoredPartsAt` is.
    """

    parting: Parting

    def holds(self, position: Situation) -> bool:
        return _fits_as_mined(self.parting, position)


@dataclass(frozen=True, slots=True)
class MoonsApart(Fact):
    """In the deals played out, a moon is what separates ``card`` from ``other``.

    ``mine``: the seat shoots it after ``card`` in ``at_card`` deals and after ``other`` in
    ``at_other``, at least :data:`~hearts_core.difference.MIN_DIFFERING` fewer; otherwise another
    seat shoots it after ``other`` in ``at_other`` deals, at least as many more than after
    ``card``.  A moon the seat shoots needs nobody else to have taken a point yet, and one another
    seat shoots needs the seat to have taken none.
    """

    card: Card
    other: Card
    mine: bool
    at_card: int
    at_other: int
    deals: int

    def holds(self, position: Situation) -> bool:
        taken = position.view.points_taken
        possible = (all(points == 0 for seat, points in enumerate(taken) if seat != position.seat) if self.mine
                    else taken[position.seat] == 0)
        apart = self.at_card - self.at_other if self.mine else self.at_other - self.at_card
        return (self.card != self.other and position.holds_card(self.card) and position.holds_card(self.other)
                and possible and 0 <= self.at_card <= self.deals and 0 <= self.at_other <= self.deals
                and apart >= MIN_DIFFERING)
