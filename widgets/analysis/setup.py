"""A position being set up on the analysis board: your hand, the cards played, who led.

Design choices:

* :class:`Setup` is plain data with the bookkeeping setup needs (which seat played each
  card, whose card the next play is, how many of yours are played); what a tap may do, and
  what is said when it may not, is the flow's decision (:mod:`widgets.analysis.flow`).
* Who led each trick after the first follows from the cards (rule 7, decided by the engine's
  :func:`~hearts_core.legality.tricks_begun`), so setup asks only who led the first trick.
* The notation is the position: :meth:`Setup.line` writes what setup describes with the
  notation's own :func:`~hearts_core.notation.setup_position`, and :meth:`Setup.refusal`
  asks the engine's :func:`~hearts_core.legality.setup_refusal` about a play on what is
  known so far, the reader's own method, so a refusal here is the one the reader would give;
  :meth:`Setup.ruled_out` asks the engine's :func:`~hearts_core.legality.shown_not_held`
  whether an earlier play shows the seat cannot hold the card (a void shown on a trick).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from hearts_core.cards import Card
from hearts_core.legality import next_leader, setup_refusal, shown_not_held, tricks_begun
from hearts_core.notation import setup_position
from hearts_core.rules import NUM_SEATS, TRICKS_PER_HAND, Rules
from hearts_core.state import PassDirection, SeatView

__all__ = ["Setup"]


@dataclass
class Setup:
    """Your hand, the cards played in order, the first trick's leader, and the pass and rules a position kept."""

    hand: list[Card] = field(default_factory=list)
    plays: list[Card] = field(default_factory=list)
    first_leader: int = 0
    direction: PassDirection = PassDirection.HOLD
    passed: tuple[Card, ...] | None = None
    received: tuple[Card, ...] | None = None
    rules: Rules = field(default_factory=Rules)

    @classmethod
    def from_view(cls, view: SeatView) -> Setup:
        """The setup that writes ``view``: its hand, its plays, its first leader, its pass and rules."""
        return cls(hand=list(view.hand), plays=[card for _, card in view.plays],
                   first_leader=view.plays[0][0] if view.plays else (view.trick_leader or 0),
                   direction=view.pass_direction, passed=view.passed, received=view.received, rules=view.rules)

    def tricks(self) -> list[tuple[int, list[Card]]]:
        """Every trick begun (the engine's :func:`~hearts_core.legality.tricks_begun`), and the next one
        while it has no card yet."""
        tricks = tricks_begun(self.first_leader, self.plays)
        if not tricks:
            return [(self.first_leader, [])]
        leader, cards = tricks[-1]
        if len(cards) == NUM_SEATS and len(tricks) < TRICKS_PER_HAND:
            tricks.append((next_leader(leader, cards), []))
        return tricks

    def next_player(self) -> int | None:
        """The seat whose card the next play is, or ``None`` when all tricks are played."""
        leader, cards = self.tricks()[-1]
        return None if len(cards) == NUM_SEATS else (leader + len(cards)) % NUM_SEATS

    def plays_of(self, seat: int) -> int:
        """How many of the cards played are ``seat``'s."""
        return sum(1 for trick_leader, cards in self.tricks()
                   for offset, _ in enumerate(cards) if (trick_leader + offset) % NUM_SEATS == seat)

    def line(self) -> str:
        """The position this describes, written in the notation (it may not be one the reader accepts)."""
        return setup_position(self.hand, self.plays, first_leader=self.first_leader, direction=self.direction,
                              passed=self.passed, received=self.received, rules=self.rules)

    def refusal(self, plays: Sequence[Card]) -> str | None:
        """The engine's sentence on the last of ``plays`` if the rules refuse it on what is known so far, else None.

        The engine's :func:`~hearts_core.legality.setup_refusal` decides: such a refusal is
        certain, and is the one the notation's reader would give once the setup is complete.
        """
        verdict = setup_refusal(self.hand, plays, first_leader=self.first_leader, rules=self.rules)
        return None if verdict is None else verdict.message

    def ruled_out(self, seat: int, card: Card) -> str | None:
        """The engine's sentence if a play so far shows that ``seat`` cannot hold ``card``, else None.

        The engine's :func:`~hearts_core.legality.shown_not_held` decides (a void shown on an
        earlier trick, say); asked before ``card`` is given to ``seat``, as a play or, for
        seat 0, as a card held.
        """
        verdict = shown_not_held(self.hand, self.plays, first_leader=self.first_leader, rules=self.rules, seat=seat,
                                 card=card)
        return None if verdict is None else verdict.message
