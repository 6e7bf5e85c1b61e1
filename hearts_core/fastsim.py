"""The computer players' simulator: the rules kernel's :class:`~hearts_core.kernel.Table`, set up from a view.

Design choices:

* The computer players and the coach play out thousands of imagined endings per
  decision, so they do not replay them through :class:`~hearts_core.state.HandState`
  (views, verdicts, messages) but on bare card masks.  They need no simulator of their
  own for that: :class:`Sim` *is* the kernel's :class:`~hearts_core.kernel.Table`, the
  same object the referee plays on, so legality, trick taking, points, hearts broken and
  the moon cannot drift apart.  A test still plays many random hands (under every house
  rule) through both and demands identical legal sets, points and scores.
* What is left here is the bridge from what a seat knows to a table to play on:
  :func:`sim_from_view`.  How a player chooses its cards is players' code, in
  :mod:`hearts_core.policy`.
"""

from __future__ import annotations

from hearts_core.cards import mask_of
from hearts_core.kernel import PENALTY_MASK, Table
from hearts_core.rules import JACK_OF_DIAMONDS, NUM_SEATS
from hearts_core.state import SeatView

__all__ = ["Sim", "sim_from_view"]

Sim = Table
"""The play phase of one hand on card masks, for rollouts (the kernel's table)."""


def sim_from_view(view: SeatView, hands: tuple[int, int, int, int] | None = None) -> Sim:
    """A :class:`Sim` at the view's position; other hands are empty unless sampled."""
    if hands is None:
        mine = [0] * NUM_SEATS
        mine[view.seat] = mask_of(view.hand)
        hands = (mine[0], mine[1], mine[2], mine[3])
    takers = 0
    jack_taker = None
    for trick in view.tricks:
        taken = mask_of(trick.cards)
        if taken & PENALTY_MASK:
            takers |= 1 << trick.winner
        if taken & JACK_OF_DIAMONDS.bit:
            jack_taker = trick.winner
    played = mask_of(card for _, card in view.plays)
    leader = view.trick_leader if view.trick_leader is not None else view.seat
    sim = Sim(list(hands), [card.index for card in view.current_trick], leader, len(view.tricks),
              view.hearts_broken, list(view.points_taken), view.rules, takers, played)
    if sim.card_points[JACK_OF_DIAMONDS.index]:
        # Under the ♦J variant the taker's -10 must stay with it when the hand is settled.
        sim.jack_taker = jack_taker
    return sim
