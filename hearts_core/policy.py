"""How the computer players choose a card: the "sound player" habits the bots and coach share.

Design choices:

* This is players' code, not rules: it reads a :class:`~hearts_core.kernel.Table` (the
  rules kernel's play state, which :mod:`hearts_core.fastsim` sets up from a seat's view)
  and picks among the cards :meth:`~hearts_core.kernel.Table.legal` allows.  Who takes a
  trick, what it is worth and whether hearts are broken all come from the kernel, so a
  house rule never has to be taught to the players separately.
* :func:`heuristic_play` is the "sound player" used both by the normal level and as the
  rollout policy of the hard level and the coach: duck under the winning card, win high
  only when last and the trick is clean, dump ♠Q and then high spades and hearts when
  void.  With ``shooting`` it does the opposite (win everything), which lets the search
  consider shooting the moon and see an opponent's shot coming (:func:`moon_threat`).
* The players defend against a moon only when they can see one: a seat that has taken
  every point so far, ♠Q's 13 at least (:data:`MOON_WATCH_POINTS`).  Then they overtake
  its tricks that carry points and, when void, throw it a low harmless card rather than a
  point; the threat plays on for the moon only once it holds the top hearts still out
  (:func:`controls_hearts`), as the normal level does.  The search's own "I shoot" branch
  obeys the same rule, so a shot is credited only with what the table shows.
"""

from __future__ import annotations

from typing import Final

from hearts_core.cards import ACE, CARDS_PER_SUIT, DECK, KING, Card, Suit
from hearts_core.kernel import HEARTS_MASK, PENALTY_MASK, SUIT_MASKS, Table
from hearts_core.rules import NUM_SEATS, QUEEN_OF_SPADES, TRICKS_PER_HAND

__all__ = [
    "HIGH_SPADES",
    "MOON_WATCH_POINTS",
    "QS",
    "SPADES",
    "controls_hearts",
    "heuristic_play",
    "highest",
    "low_spades",
    "lowest",
    "moon_threat",
    "rollout",
    "rollout_card",
]

QS: Final = QUEEN_OF_SPADES.index
QS_BIT: Final = QUEEN_OF_SPADES.bit
SPADES: Final = SUIT_MASKS[Suit.SPADES]
KING_OF_SPADES: Final = Card(Suit.SPADES, KING)
ACE_OF_SPADES: Final = Card(Suit.SPADES, ACE)
HIGH_SPADES: Final = KING_OF_SPADES.bit | ACE_OF_SPADES.bit
"""The spades above ♠Q: they catch it when spades are led while it is still out."""
MOON_WATCH_POINTS: Final = 13
"""Points one seat must hold, alone, before the others treat it as shooting the moon.

♠Q's 13 is enough: a seat that has taken ♠Q while nobody else took a point needs only the
hearts for a shot, and from then on a heart thrown on its trick is a step of that shot.
Fewer points are not: one early heart is what most hands take on the way to a score of a
few points, and a defender who overtakes every such trick takes the points himself."""
_RANK: Final = tuple(index % CARDS_PER_SUIT for index in range(len(DECK)))
_BELOW_QUEEN: Final = SPADES & ((1 << QS) - 1)


def low_spades(hand: int) -> int:
    """How many spades below ♠Q the hand (a card mask) holds: the cards ♠Q can hide behind.

    The one count behind the sound player's pass, the coach's reasons and the pass judge's,
    so "guarded" can never mean two things.

    >>> from hearts_core.cards import mask_of, parse_cards
    >>> low_spades(mask_of(parse_cards("♠2 ♠J ♠Q ♠K ♥3")))
    2
    """
    return (hand & _BELOW_QUEEN).bit_count()


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


def moon_threat(table: Table) -> int:
    """The seat that has taken every point card so far (with some points), else -1."""
    takers = table.takers
    if takers and not takers & (takers - 1):
        seat = takers.bit_length() - 1
        if table.points[seat] >= MOON_WATCH_POINTS:
            return seat
    return -1


def controls_hearts(sim: Table, seat: int) -> bool:
    """True when no heart ``seat`` cannot see (not played, not its own) outranks its lowest heart.

    What a sound player needs before playing on for the moon: the hearts still out can no
    longer win a trick from it.  Only the seat's own hand and the played cards are read.
    """
    out = HEARTS_MASK & ~sim.played & ~sim.hands[seat]
    mine = sim.hands[seat] & HEARTS_MASK
    if not mine:
        return not out
    return not out & ~((mine & -mine) - 1)


def heuristic_play(sim: Table, legal: int, shooting: bool = False, stop_moon: int = -1) -> int:
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
        if shooting or (stop_moon >= 0 and sim.winning_seat() == stop_moon and sim.trick_points()):
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
    if stop_moon >= 0 and sim.winning_seat() == stop_moon:
        # Feeding a shooter points helps the shot; throw something harmless instead, and the
        # lowest, keeping the high cards that may yet win a trick from the shooter.
        harmless = legal & ~PENALTY_MASK
        if harmless:
            return lowest(harmless)
    if legal & QS_BIT:
        return QS
    if legal & HIGH_SPADES and not sim.played & QS_BIT:
        return _top(legal & HIGH_SPADES)
    if legal & HEARTS_MASK:
        return _top(legal & HEARTS_MASK)
    return highest(legal)


def rollout_card(sim: Table, shooter: int = -1) -> int:
    """The card :func:`rollout` plays next for the seat to move: one step of it.

    ``shooter`` plays to take every trick from the start.  The others guard only against a
    shot they can see on the table, the seat :func:`moon_threat` finds: until ``shooter``
    has taken every point so far, and at least :data:`MOON_WATCH_POINTS`, it looks like any
    other player, and the others duck under it and dump their hearts as usual.  Defending
    from the first trick against a plan nobody can see made the search's "I shoot" branch
    credit the opponents with a foresight, and then a blindness, that no player has.  A seat
    that becomes the threat plays on for the moon once :func:`controls_hearts` says it can,
    as the normal player does; before that it plays as usual, ♠Q's 13 points or not.
    """
    threat = moon_threat(sim)
    mover = sim.to_move
    if mover == shooter or (mover == threat and controls_hearts(sim, mover)):
        return heuristic_play(sim, sim.legal(), shooting=True)
    return heuristic_play(sim, sim.legal(), stop_moon=threat)


def rollout(sim: Table, shooter: int = -1) -> None:
    """Play ``sim`` to the end with the heuristic player for every seat (:func:`rollout_card` each step)."""
    while sim.tricks_done < TRICKS_PER_HAND:
        sim.play(rollout_card(sim, shooter))
