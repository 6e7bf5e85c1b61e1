"""Facts about a seat's position: the only things the coach's sentences may claim.

Design choices:

* A sentence a learner reads is true by construction: it is rendered from a whole
  pattern (:mod:`hearts_core.wording`'s :func:`~hearts_core.wording.say`) together with
  the facts it states, and every fact's :meth:`Fact.holds` predicate is checked against
  the position before the sentence is used.  A fact that does not hold silences its
  sentence (see :func:`checked`); it can never be printed.
* Each fact is a small frozen value naming what it claims (``Winning(seat=1, card=♠K)``),
  so a reason's facts can be listed (``Recommendation.facts``, ``Mistake.facts``), logged
  and re-derived by a test from the full deal, independently of these predicates.
* Predicates read a :class:`Situation`, which is built from a
  :class:`~hearts_core.state.SeatView` alone: a fact is what the seat can know, never a
  hidden card.  "Out" means "neither in the seat's hand nor played".  A position before
  the pass also carries the three cards being passed (:meth:`Situation.before_pass`), so
  the facts about a pass (:mod:`hearts_core.pass_facts`) are facts of this same kind.
* Figures are facts too.  The search's estimates come with their sampling error;
  :class:`Better` holds only when a difference is larger than twice that error and
  large enough to mean something to a learner (:func:`clear_difference`, the rule the
  pass judge uses too), and :class:`AboutAsGood` holds exactly when it does not.  An :class:`Expected` figure
  holds only inside what the rest of the hand can give.
* Kept whole, past the project's 600 lines: this module is the catalogue of everything a
  sentence may claim.  A reader checking a sentence, and the meaning checker written apart
  from it (``tests/meanings.py``), look every fact up here, each beside the facts it is
  said with; split by kind, the trick's facts and the figures quoted with them would sit
  in two files that every sentence needs at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Final

from hearts_core.cards import ACE, DECK, Card, Suit, cards_from_mask, mask_of
from hearts_core.fastsim import sim_from_view
from hearts_core.kernel import SUIT_MASKS, points_table
from hearts_core.knowledge import Knowledge
from hearts_core.policy import MOON_WATCH_POINTS, low_spades
from hearts_core.rules import MOON_POINTS, NUM_SEATS, QUEEN_OF_SPADES, Rules
from hearts_core.state import PassDirection, Phase, SeatView

__all__ = [
    "MEANINGFUL_POINTS",
    "SIGNIFICANCE",
    "AboutAsGood",
    "AllAbove",
    "AllOutPassed",
    "AnyCardLegal",
    "Better",
    "CanDuckLater",
    "CanWinLater",
    "Expected",
    "Fact",
    "FirstTrick",
    "HeartsAboveGone",
    "HighCard",
    "HigherOut",
    "Holds",
    "LastOfSuit",
    "LowestHeld",
    "MayBeOvertaken",
    "MoonThreat",
    "NoPoints",
    "NoVoidShown",
    "NoneAbove",
    "OnlyLegal",
    "OthersTookNoPoints",
    "Over",
    "PassEmptiesSuit",
    "PassedAbove",
    "PlaysLast",
    "QueenGone",
    "QueenOut",
    "ShootingPays",
    "ShownVoid",
    "Situation",
    "SpadesBelowQueen",
    "TakeChance",
    "TopCard",
    "TopHearts",
    "TrickPoints",
    "Under",
    "Void",
    "Winning",
    "checked",
    "clear_difference",
    "passed_above",
]

MEANINGFUL_POINTS: Final = 0.5
"""A difference of expected points below this is "about as good", however sure the search is."""
SIGNIFICANCE: Final = 2.0
"""A difference must exceed this many standard errors of the search before it is said."""
LIKELY: Final = 0.5
"""A card the search sees taking its trick at least this often is said to take it "probably"."""
UNLIKELY: Final = 0.35
"""A card the search sees taking its trick less often than this is said to leave it to someone else."""
HIGH_RANK: Final = 10
"""Cards from the ten up are the "high cards" a pass or a discard gets rid of."""
MOON_TOP_HEARTS: Final = 3
"""A hand is called strong enough to try for the moon only with at least this many hearts above all the others'."""


def clear_difference(gain: float, error: float) -> bool:
    """True when ``gain`` points (a sampled estimate with standard error ``error``) is a difference worth saying.

    The one rule behind every "better" and "about as good" a learner reads, the coach's
    and the pass judge's alike.  Both tests are needed.  Beyond :data:`SIGNIFICANCE`
    standard errors, because a smaller difference may be the luck of the sampled deals,
    which another seed could reverse.  At least :data:`MEANINGFUL_POINTS`, because figures
    are said in whole points and anything smaller reads as "less than a point", which a
    learner cannot act on however sure the search is.

    >>> clear_difference(2.0, 0.4), clear_difference(2.0, 1.2), clear_difference(0.3, 0.01)
    (True, False, False)
    """
    return gain >= MEANINGFUL_POINTS and gain > SIGNIFICANCE * error


class Situation:
    """What a seat can derive from its view, computed once for every fact checked on it.

    ``passing`` is the three cards the seat passes (or is advised to pass) when the
    position is one before the pass; empty otherwise.
    """

    def __init__(self, view: SeatView, passing: Iterable[Card] = ()) -> None:
        self.view = view
        self.seat = view.seat
        self.hand = mask_of(view.hand)
        self.trick = view.current_trick
        self.passing = tuple(sorted(passing))

    @classmethod
    def before_pass(cls, hand: Iterable[Card], passing: Iterable[Card]) -> Situation:
        """The position of a seat holding ``hand`` (its 13 dealt cards) that passes ``passing``.

        Only the hand and the pass matter to a fact about a pass: the seat, the direction
        and the rules are placeholders.
        """
        cards = tuple(sorted(hand))
        view = SeatView(seat=0, rules=Rules(), pass_direction=PassDirection.LEFT, phase=Phase.PASSING, hand=cards,
                        passed=None, received=None, plays=(), tricks=(), current_trick=(), trick_leader=None,
                        to_move=None, hearts_broken=False, points_taken=(0, 0, 0, 0))
        return cls(view, passing)

    @cached_property
    def kept(self) -> tuple[Card, ...]:
        """The seat's cards that it does not pass."""
        return tuple(card for card in self.view.hand if card not in self.passing)

    @cached_property
    def knowledge(self) -> Knowledge:
        """Voids and unseen cards, from public play."""
        return Knowledge.from_view(self.view)

    @cached_property
    def unseen(self) -> int:
        """Cards neither in the seat's hand nor played."""
        return self.knowledge.unseen

    @cached_property
    def winning(self) -> tuple[int, Card] | None:
        """The seat and card winning the trick in progress, by the rules kernel; ``None`` before a lead."""
        if not self.trick:
            return None
        sim = sim_from_view(self.view)
        return sim.winning_seat(), DECK[sim.winning_index()]

    @cached_property
    def trick_points(self) -> int:
        """Points lying in the trick in progress (none before a lead)."""
        table = points_table(self.view.rules)
        return sum(table[card.index] for card in self.trick)

    @cached_property
    def takers(self) -> int:
        """One bit per seat that has taken a heart or ♠Q in a finished trick."""
        return sim_from_view(self.view).takers

    @cached_property
    def points_to_come(self) -> tuple[int, int]:
        """The least and the most the seat can still take: the values of cards not yet in a finished trick."""
        table = points_table(self.view.rules)
        finished = 0
        for trick in self.view.tricks:
            finished |= mask_of(trick.cards)
        open_cards = [table[index] for index in range(len(DECK)) if not finished >> index & 1]
        return sum(value for value in open_cards if value < 0), sum(value for value in open_cards if value > 0)

    def holds_card(self, card: Card) -> bool:
        """True when the card is in the seat's hand."""
        return bool(self.hand & card.bit)

    def follows_top(self, card: Card, top: Card) -> bool:
        """True when ``top`` is winning the trick and ``card``, the seat's, is of its suit."""
        winning = self.winning
        return winning is not None and winning[1] == top and card.suit is top.suit and self.holds_card(card)

    @cached_property
    def after(self) -> tuple[int, ...]:
        """The seats that play to the trick in progress after the seat, in turn (every other seat when it leads)."""
        return tuple((self.seat + step) % NUM_SEATS for step in range(1, NUM_SEATS - len(self.trick)))

    def unseen_above(self, card: Card) -> tuple[Card, ...]:
        """Unseen cards of the card's suit that outrank it."""
        above = SUIT_MASKS[card.suit] & ~((1 << (card.index + 1)) - 1)
        return cards_from_mask(self.unseen & above)


@dataclass(frozen=True, slots=True)
class Fact:
    """One claim about a position.  Subclasses say what, and check it in :meth:`holds`."""

    def holds(self, position: Situation) -> bool:
        """True when the claim is true of the position, as the seat can know it."""
        raise NotImplementedError


def checked(position: Situation, facts: Iterable[Fact]) -> bool:
    """True when every fact holds: the test a sentence passes before it is used."""
    return all(fact.holds(position) for fact in facts)


# ---------------------------------------------------------------- the trick


@dataclass(frozen=True, slots=True)
class OnlyLegal(Fact):
    """``card`` is the only card the seat may play."""

    card: Card

    def holds(self, position: Situation) -> bool:
        return position.view.legal_plays() == (self.card,)


@dataclass(frozen=True, slots=True)
class AnyCardLegal(Fact):
    """Every card the seat holds may be played now (so "you may throw away any card" is true)."""

    def holds(self, position: Situation) -> bool:
        return set(position.view.legal_plays()) == set(position.view.hand)


@dataclass(frozen=True, slots=True)
class FirstTrick(Fact):
    """The hand's first trick is being played (rule 5 keeps points off it unless a seat holds nothing else)."""

    def holds(self, position: Situation) -> bool:
        return position.view.first_trick


@dataclass(frozen=True, slots=True)
class Winning(Fact):
    """``seat``'s ``card`` is winning the trick in progress."""

    seat: int
    card: Card

    def holds(self, position: Situation) -> bool:
        return position.winning == (self.seat, self.card)


@dataclass(frozen=True, slots=True)
class TrickPoints(Fact):
    """The cards already in the trick carry exactly ``points``."""

    points: int

    def holds(self, position: Situation) -> bool:
        return bool(position.trick) and position.trick_points == self.points


@dataclass(frozen=True, slots=True)
class PlaysLast(Fact):
    """The seat plays the trick's fourth card: nobody plays after it."""

    def holds(self, position: Situation) -> bool:
        return len(position.trick) == NUM_SEATS - 1


@dataclass(frozen=True, slots=True)
class MayBeOvertaken(Fact):
    """A seat still plays to this trick after this one, has not shown a void in ``card``'s suit, and a
    card of that suit above ``card`` is unseen: a player after this one may go higher."""

    card: Card

    def holds(self, position: Situation) -> bool:
        return bool(position.unseen_above(self.card)) and any(
            not position.knowledge.is_void(seat, self.card.suit) for seat in position.after)


@dataclass(frozen=True, slots=True)
class Under(Fact):
    """``card`` follows suit below ``top``, the winning card, so it cannot take this trick."""

    card: Card
    top: Card

    def holds(self, position: Situation) -> bool:
        return position.follows_top(self.card, self.top) and self.card.rank < self.top.rank


@dataclass(frozen=True, slots=True)
class Over(Fact):
    """``card`` follows suit above ``top``, the winning card: it wins the trick unless someone plays higher."""

    card: Card
    top: Card

    def holds(self, position: Situation) -> bool:
        return position.follows_top(self.card, self.top) and self.card.rank > self.top.rank


@dataclass(frozen=True, slots=True)
class AllAbove(Fact):
    """Every card the seat holds in ``top``'s suit outranks ``top``, the winning card (and it holds some)."""

    top: Card

    def holds(self, position: Situation) -> bool:
        winning = position.winning
        mine = [card for card in position.view.hand if card.suit is self.top.suit]
        return (winning is not None and winning[1] == self.top and bool(mine)
                and all(card.rank > self.top.rank for card in mine))


@dataclass(frozen=True, slots=True)
class LowestHeld(Fact):
    """``card`` is the seat's lowest card of its suit."""

    card: Card

    def holds(self, position: Situation) -> bool:
        mine = [card for card in position.view.hand if card.suit is self.card.suit]
        return position.holds_card(self.card) and self.card.rank == min(card.rank for card in mine)


@dataclass(frozen=True, slots=True)
class NoPoints(Fact):
    """``card`` (the seat's) carries no points: throwing it away gives nobody anything."""

    card: Card

    def holds(self, position: Situation) -> bool:
        return position.holds_card(self.card) and points_table(position.view.rules)[self.card.index] == 0


@dataclass(frozen=True, slots=True)
class Void(Fact):
    """The seat holds no card of ``suit``."""

    suit: Suit

    def holds(self, position: Situation) -> bool:
        return not position.hand & SUIT_MASKS[self.suit]


@dataclass(frozen=True, slots=True)
class Holds(Fact):
    """The seat holds every one of ``cards``."""

    cards: tuple[Card, ...]

    def holds(self, position: Situation) -> bool:
        return bool(self.cards) and all(position.holds_card(card) for card in self.cards)


@dataclass(frozen=True, slots=True)
class LastOfSuit(Fact):
    """``card`` is the only card of its suit the seat holds: once it is gone, the seat is void in that suit."""

    card: Card

    def holds(self, position: Situation) -> bool:
        return position.holds_card(self.card) and position.hand & SUIT_MASKS[self.card.suit] == self.card.bit


# ----------------------------------------------------------- hidden cards


@dataclass(frozen=True, slots=True)
class QueenOut(Fact):
    """♠Q has not been played and the seat does not hold it: another seat does."""

    def holds(self, position: Situation) -> bool:
        return bool(position.unseen & QUEEN_OF_SPADES.bit)


@dataclass(frozen=True, slots=True)
class QueenGone(Fact):
    """♠Q has already been played, in a finished trick of this hand.

    Not while she lies in the trick in progress: "♠Q has already been played, so ♠K can take
    this spade trick without catching it" is read as "she is out of the way", and a card that
    takes that trick takes her (the meaning checker, tests/meanings.py, found it said so).
    """

    def holds(self, position: Situation) -> bool:
        return bool(position.knowledge.played & QUEEN_OF_SPADES.bit) and QUEEN_OF_SPADES not in position.trick


@dataclass(frozen=True, slots=True)
class NoneAbove(Fact):
    """The seat holds no card of ``card``'s suit that outranks ``card`` (``card`` itself is not its own)."""

    card: Card

    def holds(self, position: Situation) -> bool:
        above = SUIT_MASKS[self.card.suit] & ~((1 << (self.card.index + 1)) - 1)
        return not position.hand & above


@dataclass(frozen=True, slots=True)
class HigherOut(Fact):
    """Exactly ``count`` unseen cards of ``card``'s suit outrank it (``count`` at least 1)."""

    card: Card
    count: int

    def holds(self, position: Situation) -> bool:
        return self.count >= 1 and len(position.unseen_above(self.card)) == self.count


@dataclass(frozen=True, slots=True)
class TopCard(Fact):
    """No unseen card of ``card``'s suit outranks it: it takes any trick of its suit it is played to."""

    card: Card

    def holds(self, position: Situation) -> bool:
        return position.holds_card(self.card) and not position.unseen_above(self.card)


@dataclass(frozen=True, slots=True)
class HeartsAboveGone(Fact):
    """``card``, a heart the seat holds below ♥A, is the highest heart left, the seat's own cards included: every
    heart above it, exactly ``cards``, has been played (lesson 20's count).

    What "it would take any heart trick it is played to" needs as well: no higher heart lies in this
    trick if it is led in hearts.  ``beaten`` says one does (then only later heart tricks are meant,
    and the seat has a card to keep for them).  Played means played to a trick, this one included: a
    card the seat passed is unseen, not gone, so a heart passed away never counts as played.
    """

    card: Card
    cards: tuple[Card, ...]
    beaten: bool = False

    def holds(self, position: Situation) -> bool:
        card = self.card
        if card.suit is not Suit.HEARTS or card.rank >= ACE or not position.holds_card(card):
            return False
        # No higher heart unseen, none in the seat's hand: every one of them has been played.
        above = {item for item in DECK if item.suit is Suit.HEARTS and item.rank > card.rank}
        if set(self.cards) != above or not (TopCard(card).holds(position) and NoneAbove(card).holds(position)):
            return False
        trick = position.trick
        beaten = bool(trick) and trick[0].suit is Suit.HEARTS and any(item in above for item in trick)
        return beaten == self.beaten and (not beaten or len(position.view.hand) > 1)


@dataclass(frozen=True, slots=True)
class CanWinLater(Fact):
    """``card`` is the seat's highest card of its suit and some other seat holds a lower card of that suit.

    What "kept, it could win a later trick of its suit" needs: a trick of the suit in which
    the others play lower cards is possible, and no card of the seat's own would take it instead.
    """

    card: Card

    def holds(self, position: Situation) -> bool:
        below = SUIT_MASKS[self.card.suit] & ((1 << self.card.index) - 1)
        return (position.holds_card(self.card) and NoneAbove(self.card).holds(position)
                and bool(position.unseen & below))


@dataclass(frozen=True, slots=True)
class CanDuckLater(Fact):
    """After this trick the other seats will still hold a card of the suit above every one of ``cards``.

    ``cards`` are the seat's, of one suit.  The unseen cards of that suit above the highest of
    them outnumber the seats still to play to this trick after this one, so whatever those seats
    play now, at least one such card stays out: the cards can duck under it in a later trick.
    """

    cards: tuple[Card, ...]

    def holds(self, position: Situation) -> bool:
        if not self.cards or len({card.suit for card in self.cards}) != 1:
            return False
        if not all(position.holds_card(card) for card in self.cards):
            return False
        return len(position.unseen_above(max(self.cards, key=lambda card: card.rank))) > len(position.after)


@dataclass(frozen=True, slots=True)
class NoVoidShown(Fact):
    """No other seat is known to be void in ``suit``: none has failed to follow it, and some of it is unseen."""

    suit: Suit

    def holds(self, position: Situation) -> bool:
        return bool(position.unseen & SUIT_MASKS[self.suit]) and not any(
            position.knowledge.is_void(seat, self.suit) for seat in range(NUM_SEATS) if seat != position.seat)


@dataclass(frozen=True, slots=True)
class TopHearts(Fact):
    """``cards`` are at least :data:`MOON_TOP_HEARTS` of the seat's hearts, each above every heart the others hold.

    The hearts a bid for the moon needs: every heart trick they are played to is the seat's.
    """

    cards: tuple[Card, ...]

    def holds(self, position: Situation) -> bool:
        if len(self.cards) < MOON_TOP_HEARTS or any(card.suit is not Suit.HEARTS for card in self.cards):
            return False
        lowest = min(self.cards, key=lambda card: card.rank)
        return all(position.holds_card(card) for card in self.cards) and not position.unseen_above(lowest)


@dataclass(frozen=True, slots=True)
class ShownVoid(Fact):
    """``seat`` (another seat) has shown by its play that it holds no ``suit``, and some ``suit`` is unseen."""

    seat: int
    suit: Suit

    def holds(self, position: Situation) -> bool:
        return (self.seat != position.seat and bool(position.unseen & SUIT_MASKS[self.suit])
                and position.knowledge.is_void(self.seat, self.suit))


@dataclass(frozen=True, slots=True)
class PassedAbove(Fact):
    """Every card out that beats ``card`` is among ``cards``, the seat passed all of them to ``receiver``, and
    ``receiver`` is still to play to this trick: only ``receiver`` can beat ``card``, and only with those.

    ``card`` is the seat's lead, or a card of the led suit above the one winning the trick (a card
    already beaten needs nobody to beat it).  The pass is what the seat knows: its passed cards
    stay with their receiver until played, so ``cards`` are exactly the unseen cards above
    ``card``, and every one of them is in the seat's pass.
    """

    receiver: int
    card: Card
    cards: tuple[Card, ...]

    def holds(self, position: Situation) -> bool:
        view = position.view
        if view.passed is None or view.received is None or not position.holds_card(self.card):
            return False
        if self.receiver != view.pass_direction.receiver(position.seat) or self.receiver == position.seat:
            return False
        if self.receiver not in position.after:
            return False
        winning = position.winning
        if winning is not None and (self.card.suit is not winning[1].suit or self.card.rank < winning[1].rank):
            return False
        above = set(position.unseen_above(self.card))
        return bool(above) and above == set(self.cards) and above <= set(view.passed)


def passed_above(position: Situation, card: Card) -> PassedAbove | None:
    """``card``'s :class:`PassedAbove` (the seat's receiver, the unseen cards above ``card``) when it holds.

    One definition of lesson 19's idea: the answer's sentence, the puzzles' theme
    (:func:`hearts_core.puzzle_themes.passed_card`) and the mining hunt for it all ask this.
    """
    view = position.view
    if view.passed is None or view.received is None:
        return None
    found = PassedAbove(view.pass_direction.receiver(position.seat), card, tuple(position.unseen_above(card)))
    return found if found.holds(position) else None


@dataclass(frozen=True, slots=True)
class AllOutPassed(Fact):
    """Every card of ``suit`` still out is among ``cards``, and the seat passed all of them to ``receiver``: that
    player holds every card of the suit the seat cannot see, so must follow a lead of it with one of them."""

    receiver: int
    suit: Suit
    cards: tuple[Card, ...]

    def holds(self, position: Situation) -> bool:
        view = position.view
        if view.passed is None or view.received is None or self.receiver == position.seat:
            return False
        out = set(cards_from_mask(position.unseen & SUIT_MASKS[self.suit]))
        return (self.receiver == view.pass_direction.receiver(position.seat) and bool(out)
                and out == set(self.cards) <= set(view.passed))


# ------------------------------------------------------------ points taken


@dataclass(frozen=True, slots=True)
class MoonThreat(Fact):
    """``seat`` alone has taken points, enough that it may be shooting the moon."""

    seat: int

    def holds(self, position: Situation) -> bool:
        return (position.takers == 1 << self.seat
                and position.view.points_taken[self.seat] >= MOON_WATCH_POINTS)


@dataclass(frozen=True, slots=True)
class OthersTookNoPoints(Fact):
    """No other seat has taken a heart or ♠Q in a finished trick of this hand."""

    def holds(self, position: Situation) -> bool:
        return not position.takers & ~(1 << position.seat)


# ------------------------------------------------------------------ passing


@dataclass(frozen=True, slots=True)
class SpadesBelowQueen(Fact):
    """The seat holds exactly ``count`` spades below ♠Q."""

    count: int

    def holds(self, position: Situation) -> bool:
        return low_spades(position.hand) == self.count


@dataclass(frozen=True, slots=True)
class PassEmptiesSuit(Fact):
    """``cards`` are every card of ``suit`` the seat holds, and they are among the cards it passes."""

    suit: Suit
    cards: tuple[Card, ...]
    passing: tuple[Card, ...]

    def holds(self, position: Situation) -> bool:
        mine = tuple(card for card in position.view.hand if card.suit is self.suit)
        return bool(mine) and set(mine) == set(self.cards) and set(mine) <= set(self.passing)


@dataclass(frozen=True, slots=True)
class HighCard(Fact):
    """``card`` is a ten or higher."""

    card: Card

    def holds(self, position: Situation) -> bool:
        return position.holds_card(self.card) and self.card.rank >= HIGH_RANK


# ------------------------------------------------------------------ figures


@dataclass(frozen=True, slots=True)
class Expected(Fact):
    """The search expects the rest of the hand to add ``points`` to the seat's hand score if it plays ``card``.

    ``already`` is what the seat has taken so far, so ``total`` is the score it should end
    the hand with: the figure a sentence quotes, since it cannot be misread (it includes
    the points already taken, and the moon rule).  It holds when ``already`` is right and
    ``points`` lies inside what the rest of the hand can still do to the score: from
    wiping out the points taken (a moon shot of its own) to the most it can still take,
    or the 26 another seat's moon shot would hand it.
    """

    card: Card
    points: float
    already: int

    @property
    def total(self) -> float:
        """The expected hand score at the end of the hand."""
        return self.already + self.points

    def holds(self, position: Situation) -> bool:
        already = position.view.points_taken[position.seat]
        low, high = position.points_to_come
        most = max(high, MOON_POINTS - already)
        return (self.already == already and position.holds_card(self.card)
                and min(low, -already) - 1e-9 <= self.points <= most + 1e-9)


@dataclass(frozen=True, slots=True)
class Better(Fact):
    """The search finds ``card`` better than ``other`` by ``gain`` points, ``error`` being its standard error.

    ``measure`` says what the gain is counted in: ``"own"`` the seat's own expected hand
    score (the moon rule applied), ``"rest"`` the points it takes over the rest of the
    hand, ``"relative"`` its score against the others' average (what the search ranks by).
    """

    card: Card
    other: Card
    gain: float
    error: float
    measure: str = "own"

    def holds(self, position: Situation) -> bool:
        return (self.card != self.other and position.holds_card(self.card) and position.holds_card(self.other)
                and clear_difference(self.gain, self.error))


@dataclass(frozen=True, slots=True)
class AboutAsGood(Fact):
    """The search cannot tell ``card`` from ``other``: their difference is within its error or too small to matter.

    ``measure`` as for :class:`Better`.
    """

    card: Card
    other: Card
    gain: float
    error: float
    measure: str = "relative"

    def holds(self, position: Situation) -> bool:
        return (self.card != self.other and position.holds_card(self.card) and position.holds_card(self.other)
                and not clear_difference(abs(self.gain), self.error))


@dataclass(frozen=True, slots=True)
class TakeChance(Fact):
    """The search sees ``card`` taking this trick in ``chance`` of the sampled deals: often (``likely``) or seldom."""

    card: Card
    chance: float
    likely: bool

    def holds(self, position: Situation) -> bool:
        if not position.holds_card(self.card) or not 0 <= self.chance <= 1:
            return False
        return self.chance >= LIKELY if self.likely else self.chance < UNLIKELY


@dataclass(frozen=True, slots=True)
class ShootingPays(Fact):
    """The search's best line with ``card`` is to try to take every point (shoot the moon)."""

    card: Card
    shooting: bool

    def holds(self, position: Situation) -> bool:
        return self.shooting and position.holds_card(self.card)
