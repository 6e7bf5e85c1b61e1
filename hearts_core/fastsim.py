"""A lean simulator of the play of a hand, and the card-choosing habits the bots share.

Design choices:

* The computer players and the coach play out thousands of imagined endings per
  decision.  :class:`Sim` is the play phase only, on bare card masks and card indices,
  with no views, verdicts or messages.  Its legality is not re-implemented: every
  position asks :func:`~hearts_core.legality.rule_walk`, the engine's one rules function.
  A test plays many random hands through both :class:`Sim` and
  :class:`~hearts_core.state.HandState` and demands identical legal sets and scores.
* :func:`heuristic_play` is the "sound player" used both by the normal level and as the
  rollout policy of the hard level: duck under the winning card, win high only when
  last and the trick is clean, dump ♠Q and then high spades and hearts when void.  With
  ``shooting`` it does the opposite (win everything), which lets the search consider
  shooting the moon and see an opponent's shot coming.
"""

from __future__ import annotations

from typing import Final

from hearts_core.cards import ACE, CARDS_PER_SUIT, DECK, KING, Suit, mask_of
from hearts_core.legality import HEARTS_MASK, LEADING, PENALTY_MASK, SUIT_MASKS, rule_walk
from hearts_core.rules import JACK_OF_DIAMONDS, NUM_SEATS, QUEEN_OF_SPADES, TRICKS_PER_HAND, Rules
from hearts_core.scoring import card_points, hand_scores
from hearts_core.state import SeatView

__all__ = ["Sim", "heuristic_play", "highest", "lowest", "rollout", "sim_from_view"]

QS: Final = QUEEN_OF_SPADES.index
QS_BIT: Final = QUEEN_OF_SPADES.bit
SPADES: Final = SUIT_MASKS[Suit.SPADES]
HIGH_SPADES: Final = (1 << (Suit.SPADES * CARDS_PER_SUIT + KING - 2)) | (1 << (Suit.SPADES * CARDS_PER_SUIT + ACE - 2))
_RANK: Final = tuple(index % CARDS_PER_SUIT for index in range(len(DECK)))


def lowest(mask: int) -> int:
    """Index of the lowest-ranked card of ``mask`` (lowest suit on ties)."""
    best, best_rank = -1, 99
    while mask:
        low = mask & -mask
        index = low.bit_length() - 1
        if _RANK[index] < best_rank:
            best, best_rank = index, _RANK[index]
        mask ^= low
    return best


def highest(mask: int) -> int:
    """Index of the highest-ranked card of ``mask`` (highest suit on ties)."""
    best, best_rank = -1, -1
    while mask:
        low = mask & -mask
        index = low.bit_length() - 1
        if _RANK[index] >= best_rank:
            best, best_rank = index, _RANK[index]
        mask ^= low
    return best


def _top(mask: int) -> int:
    """Index of the highest card of a single-suit mask."""
    return mask.bit_length() - 1


class Sim:
    """The play phase of one hand on card masks, for rollouts."""

    __slots__ = ("hands", "trick", "leader", "to_move", "tricks_done", "hearts_broken", "points",
                 "takers", "played", "qs_breaks", "card_points", "jack_taker")

    def __init__(self, hands: list[int], trick: list[int], leader: int, tricks_done: int,
                 hearts_broken: bool, points: list[int], rules: Rules, takers: int = 0, played: int = 0) -> None:
        self.hands = hands
        self.trick = trick
        self.leader = leader
        self.to_move = (leader + len(trick)) % NUM_SEATS
        self.tricks_done = tricks_done
        self.hearts_broken = hearts_broken
        self.points = points
        self.takers = takers  # bit per seat that has taken a heart or ♠Q
        self.played = played
        self.qs_breaks = rules.qs_breaks_hearts
        self.card_points = _points_table(rules)
        self.jack_taker: int | None = None

    def copy(self) -> Sim:
        """An independent copy."""
        other = object.__new__(Sim)
        other.hands = self.hands[:]
        other.trick = self.trick[:]
        other.points = self.points[:]
        for name in ("leader", "to_move", "tricks_done", "hearts_broken", "takers", "played", "qs_breaks",
                     "card_points", "jack_taker"):
            setattr(other, name, getattr(self, name))
        return other

    @property
    def is_over(self) -> bool:
        """True after the thirteenth trick."""
        return self.tricks_done == TRICKS_PER_HAND

    def legal(self) -> int:
        """Mask of the cards the seat to move may play (from the one rules function)."""
        led = self.trick[0] // CARDS_PER_SUIT if self.trick else LEADING
        return rule_walk(self.hands[self.to_move], led, self.tricks_done == 0, self.hearts_broken)[0]

    def play(self, index: int) -> None:
        """Play card ``index`` for the seat to move (the caller has checked it is legal)."""
        bit = 1 << index
        self.hands[self.to_move] ^= bit
        self.played |= bit
        self.trick.append(index)
        if bit & HEARTS_MASK or (index == QS and self.qs_breaks):
            self.hearts_broken = True
        if len(self.trick) < NUM_SEATS:
            self.to_move = (self.to_move + 1) % NUM_SEATS
            return
        trick = self.trick
        led = trick[0] // CARDS_PER_SUIT
        best = 0
        for position in (1, 2, 3):
            if trick[position] // CARDS_PER_SUIT == led and trick[position] > trick[best]:
                best = position
        winner = (self.leader + best) % NUM_SEATS
        table = self.card_points
        self.points[winner] += table[trick[0]] + table[trick[1]] + table[trick[2]] + table[trick[3]]
        cards = 1 << trick[0] | 1 << trick[1] | 1 << trick[2] | 1 << trick[3]
        if cards & PENALTY_MASK:
            self.takers |= 1 << winner
        if cards & JACK_OF_DIAMONDS.bit and table[JACK_OF_DIAMONDS.index]:
            self.jack_taker = winner
        self.trick = []
        self.leader = self.to_move = winner
        self.tricks_done += 1

    def winning_index(self) -> int:
        """Index of the card winning the trick in progress (-1 when empty)."""
        if not self.trick:
            return -1
        led = self.trick[0] // CARDS_PER_SUIT
        return max(card for card in self.trick if card // CARDS_PER_SUIT == led)

    def trick_points(self) -> int:
        """Points lying in the trick in progress."""
        return sum(self.card_points[card] for card in self.trick)

    def scores(self, rules: Rules) -> tuple[int, int, int, int]:
        """Hand scores with the moon rule, once the hand is over."""
        return hand_scores(self.points, rules, jack_of_diamonds_taker=self.jack_taker)

    def moon_threat(self) -> int:
        """The seat that has taken every point card so far (with some points), else -1."""
        takers = self.takers
        if takers and not takers & (takers - 1):
            seat = takers.bit_length() - 1
            if self.points[seat] >= MOON_WATCH_POINTS:
                return seat
        return -1


MOON_WATCH_POINTS: Final = 14
"""Points one seat must hold, alone, before the others treat it as shooting the moon."""


_TABLES: dict[Rules, tuple[int, ...]] = {}


def _points_table(rules: Rules) -> tuple[int, ...]:
    table = _TABLES.get(rules)
    if table is None:
        table = _TABLES[rules] = tuple(card_points(card, rules) for card in DECK)
    return table


def heuristic_play(sim: Sim, legal: int, shooting: bool = False, stop_moon: int = -1) -> int:
    """The sound player's card for the seat to move (see the module docstring)."""
    trick = sim.trick
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    if not trick:
        if shooting:
            return highest(legal)
        # Lead low; keep spades back while ♠Q is still out and we hold a high spade.
        safe = legal & ~SPADES if (legal & HIGH_SPADES and not sim.played & QS_BIT) else legal
        safe &= ~QS_BIT
        return lowest(safe or legal)
    led = trick[0] // CARDS_PER_SUIT
    follow = legal & SUIT_MASKS[led]
    winning = sim.winning_index()
    last = len(trick) == NUM_SEATS - 1
    if follow:
        below = follow & ((1 << winning) - 1)
        if shooting or (stop_moon >= 0 and _winner_seat(sim) == stop_moon and sim.trick_points()):
            above = follow & ~below
            if above:
                return highest(above) if shooting else lowest(above)
            return lowest(follow)
        if below:
            return _top(below)
        if last and not sim.trick_points():
            # We take it anyway: take it with the highest card, but never ♠Q into our own trick.
            return _top(follow & ~QS_BIT) if follow & ~QS_BIT else QS
        return lowest(follow & ~QS_BIT) if follow & ~QS_BIT else QS
    # Void in the led suit: discard.
    if shooting:
        return lowest(legal & ~PENALTY_MASK) if legal & ~PENALTY_MASK else lowest(legal)
    if stop_moon >= 0 and _winner_seat(sim) == stop_moon:
        # Feeding a shooter points helps the shot; throw something harmless instead.
        harmless = legal & ~PENALTY_MASK
        if harmless:
            return highest(harmless)
    if legal & QS_BIT:
        return QS
    if legal & HIGH_SPADES and not sim.played & QS_BIT:
        return _top(legal & HIGH_SPADES)
    if legal & HEARTS_MASK:
        return _top(legal & HEARTS_MASK)
    return highest(legal)


def _winner_seat(sim: Sim) -> int:
    winning = sim.winning_index()
    return (sim.leader + sim.trick.index(winning)) % NUM_SEATS


def rollout(sim: Sim, shooter: int = -1) -> None:
    """Play ``sim`` to the end with the heuristic player for every seat.

    ``shooter`` plays to take every trick; the others guard against any shot they see.
    """
    while sim.tricks_done < TRICKS_PER_HAND:
        legal = sim.legal()
        seat = sim.to_move
        threat = shooter if shooter >= 0 else sim.moon_threat()
        if seat == threat:
            sim.play(heuristic_play(sim, legal, shooting=True))
        else:
            sim.play(heuristic_play(sim, legal, stop_moon=threat))


def sim_from_view(view: SeatView, hands: tuple[int, int, int, int] | None = None) -> Sim:
    """A :class:`Sim` at the view's position; other hands are empty unless sampled."""
    if hands is None:
        mine = [0, 0, 0, 0]
        mine[view.seat] = mask_of(view.hand)
        hands = (mine[0], mine[1], mine[2], mine[3])
    takers = 0
    for trick in view.tricks:
        if any(card.bit & PENALTY_MASK for card in trick.cards):
            takers |= 1 << trick.winner
    played = mask_of(card for _, card in view.plays)
    leader = view.trick_leader if view.trick_leader is not None else view.seat
    return Sim(list(hands), [card.index for card in view.current_trick], leader, len(view.tricks),
               view.hearts_broken, list(view.points_taken), view.rules, takers, played)
