"""Where two cards part: the trick at which the runner-up's line costs the seat points the best card's does not.

Design choices:

* A reason should say what separates the best card from the runner-up, not what the two
  share ("♥3 stays under ♥K too").  The separation is found from play-outs, the same kind the
  search ranks by: both cards are played out in the *same* sampled deals (common random
  numbers, as :meth:`hearts_core.bots.HardBot.appraise` does), the rest of the hand played by
  the sound player (:func:`~hearts_core.policy.rollout_card`), and every trick from this one
  on is recorded: who took it, the seat's card in it and its points (:class:`CardLine`).
* Per deal, the *parting trick* is the first trick after which the runner-up's line has
  cost the seat more points than the best line; the seat necessarily took that trick in the
  runner-up's line, and its card in it is the *taker*.  Over the deals, the most common
  (trick, taker) is the idea: "keep ♥3: with ♥3 played now, ♥7 is left to take the last
  heart trick".  It is kept only when it is the parting trick of more than half
  (:data:`PARTING_SHARE`) of the deals in which the runner-up's line costs more at all, and
  there are at least :data:`MIN_DIFFERING` such deals.  "Most of the deals" is what the words
  claim, and a majority is the least that makes one trick *the* place the lines part: no other
  trick can then be as common.  A higher bar (three in five was tried) silences true ideas,
  because the same idea is often split over neighbouring tricks: on puzzle 2026-300-39, ♥7
  is left to take trick 11 in about two thirds of the deals that differ, and trick 12 in many others.
* Per-trick points are points taken in tricks, before the moon rule, so lines in which
  anyone shoots the moon (or the seat does) are not comparable trick by trick; the coach
  does not ask when the seat's best line is a moon bid.
* The figures a sentence quotes are literal counts over every deal played out, kept with
  their evidence (:attr:`Parting.pairs`): in how many deals the taker takes the parting
  trick with points in the runner-up's line *and* the seat takes none of that trick's points
  in the best line (:attr:`Parting.parted`).  So "in 9 of 10 deals played out" is exactly
  true of the deals played out, and a checker can recount it.
* **One deal shown** (:func:`showcase`, the puzzle board's "Show me"): figures over many deals
  teach less than one deal watched trick by trick, so one of the very deals played out is laid
  out whole for both cards (:class:`Showcase`): every card each seat plays from this trick to
  the last, who takes each trick and its points, and the seat's hand score at the end (the moon
  rule applied, by the kernel's own :meth:`~hearts_core.kernel.Table.scores`).  Which deal: when
  a reason names a parting trick, one of the deals that part there (:meth:`DealPair.parts_at`),
  so the deal shown is evidence for the sentence said (a puzzle's answer names one from the deals
  it was mined with, and the deal shown is one of these that parts there too); otherwise one whose difference in the
  seat's hand score is the median's, so it is neither the luckiest deal nor the worst.  The
  median is taken over the deals in which the other card ends worse when there are any: a deal
  in which the two cards end level shows nothing, and the words say it is one deal of many.
  Ties go to the earliest deal, so the choice is fixed by the seed.
* **A match puzzle's deal** (``showcase(..., totals=...)``): when the hand ends the match, what
  separates two cards is who wins the match, not the seat's points, so the deal shown is one whose
  two lines end the match differently for the seat: the better card's leaves it winning where the
  other's leaves it drawing or losing, or drawing where the other's leaves it losing
  (:attr:`Showcase.outcomes`, by :func:`~hearts_core.scoring.match_outcome` on the totals plus each
  line's hand scores).  Of those, the commonest turn (won against lost, won against drawn, drawn
  against lost; ties to the one met first), and among its deals the one whose difference in the
  seat's hand score is the median's, as above: the first such deal could be a freak (a rare draw,
  or a line that loses by a dozen points where most lose by one), the commonest turn at its median
  difference is the typical way the outcome turns, so what the learner watches is what usually happens.
  Its parting trick is the first trick whose taker or points differ between the two lines: in a
  match the points the *others* take matter as much as the seat's, so "the seat took more" would
  miss a line that gives ♠Q to the wrong opponent.  When no deal drawn ends the match
  differently, the deal is chosen as without totals (the figures then say the outcome rarely turns).
* Deterministic: the deals come from ``random.Random(seed)`` through
  :meth:`~hearts_core.knowledge.Knowledge.sample`, drawn in the order the coach's judge
  (:func:`hearts_core.coach_judgement.judge`) draws them with the same seed, so given the
  judge's seed and number of deals the play-outs are the very deals its figures average over.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Final

from hearts_core.cards import DECK, Card
from hearts_core.fastsim import Sim, sim_from_view
from hearts_core.knowledge import Knowledge
from hearts_core.policy import rollout_card
from hearts_core.rules import NUM_SEATS
from hearts_core.scoring import Outcome, match_outcome, summed
from hearts_core.state import SeatView

__all__ = [
    "MIN_DIFFERING",
    "PARTING_SHARE",
    "PLAY_OUT_DEALS",
    "CardLine",
    "Compared",
    "DealPair",
    "LaterTaker",
    "Parting",
    "Showcase",
    "ShownLine",
    "ShownTrick",
    "TrickOutcome",
    "ends_better",
    "find_later_taker",
    "find_parting",
    "first_different",
    "parting",
    "play_line",
    "play_out_pairs",
    "played_out",
    "sampled_deals",
    "show_line",
    "showcase",
    "takes_later",
]

PARTING_SHARE: Final = 0.5
"""A parting trick is named only when it is the first costly trick of more than this share of the deals that differ."""
MIN_DIFFERING: Final = 4
"""... and only when at least this many deals differ: fewer is an anecdote, not a pattern."""
PLAY_OUT_DEALS: Final = 100
"""The most deals played out (the coach takes the first of the judge's deals, up to this many): enough for
a majority to mean something, and as each deal is two whole play-outs, about a fifth of a coach's reason's
time, where all of the judge's 200 took a third."""


@dataclass(frozen=True, slots=True)
class TrickOutcome:
    """One trick of a play-out: its number in the hand (1 to 13), who took it, the seat's card in it, its points."""

    number: int
    winner: int
    card: Card
    points: int


@dataclass(frozen=True, slots=True)
class CardLine:
    """One line in one deal: the card played now and every trick from this one to the end of the hand."""

    card: Card
    tricks: tuple[TrickOutcome, ...]

    def taken(self, seat: int, number: int) -> int:
        """Points ``seat`` takes in trick ``number`` of this line (0 for a trick it did not take)."""
        return sum(trick.points for trick in self.tricks if trick.number == number and trick.winner == seat)

    def trick(self, number: int) -> TrickOutcome | None:
        """Trick ``number`` of this line, if it was played in it."""
        return next((trick for trick in self.tricks if trick.number == number), None)


@dataclass(frozen=True, slots=True)
class DealPair:
    """The best card's line and the runner-up's line in one sampled deal."""

    best: CardLine
    runner: CardLine

    def first_costlier(self, seat: int) -> TrickOutcome | None:
        """The runner-up line's trick after which it has cost ``seat`` more points than the best line, if any."""
        best_total = runner_total = 0
        for mine, theirs in zip(self.best.tricks, self.runner.tricks, strict=True):
            best_total += mine.points if mine.winner == seat else 0
            runner_total += theirs.points if theirs.winner == seat else 0
            if runner_total > best_total:
                return theirs
        return None

    def parts_at(self, seat: int, number: int, taker: Card) -> bool:
        """In the runner-up's line ``taker`` takes trick ``number`` with points; in the best line the seat takes none of
        that trick's points."""
        theirs = self.runner.trick(number)
        return (theirs is not None and theirs.winner == seat and theirs.card is taker and theirs.points > 0
                and self.best.taken(seat, number) == 0)


@dataclass(frozen=True, slots=True)
class Parting:
    """Where the runner-up's line loses its points: trick ``trick``, taken by the seat's ``taker``.

    ``first`` deals have (``trick``, ``taker``) as their parting trick, of ``differing`` deals in
    which the runner-up's line costs more points at some trick, of ``deals`` played out;
    ``parted`` is the figure a sentence quotes: deals in which ``taker`` takes trick ``trick``
    with points in the runner-up's line and the seat takes none of that trick's points in the
    best line.  ``pairs`` are the play-outs themselves, the evidence for every count.
    """

    seat: int
    best: Card
    runner: Card
    trick: int
    taker: Card
    first: int
    differing: int
    parted: int
    deals: int
    pairs: tuple[DealPair, ...] = field(repr=False)

    @property
    def now(self) -> bool:
        """True when the lines part at the trick being played now (the runner-up takes it)."""
        return bool(self.pairs) and self.pairs[0].runner.tricks[0].number == self.trick


def play_line(base: Sim, hands: tuple[int, int, int, int], seat: int, card: Card) -> CardLine:
    """``card`` played now from ``base`` in the deal ``hands``, the hand played to its end by the sound player.

    The one play-out is :func:`show_line`'s; this keeps of it what the parting needs, per trick.
    """
    return show_line(base, hands, card).outcomes(seat)


def sampled_deals(view: SeatView, deals: int, seed: int) -> tuple[Sim, list[tuple[int, int, int, int]]]:
    """The table at the view's position and ``deals`` layouts of the hidden cards, drawn with ``random.Random(seed)``.

    Drawn in the order the coach's judge draws them with the same seed, so the play-outs here are
    the very deals its figures average over.
    """
    knowledge = Knowledge.from_view(view)
    rng = random.Random(seed)
    return sim_from_view(view), [knowledge.sample(rng) for _ in range(deals)]


def play_out_pairs(view: SeatView, best: Card, runner: Card, *, deals: int = PLAY_OUT_DEALS,
                   seed: int = 0) -> tuple[DealPair, ...]:
    """Both cards played out in the same ``deals`` sampled deals, drawn with ``random.Random(seed)``."""
    base, drawn = sampled_deals(view, deals, seed)
    pairs = [DealPair(play_line(base, hands, view.seat, best), play_line(base, hands, view.seat, runner))
             for hands in drawn]
    return tuple(pairs)


def find_parting(seat: int, pairs: tuple[DealPair, ...]) -> Parting | None:
    """The parting trick most of the differing deals share, or ``None`` when no single one holds.

    ``None`` when fewer than :data:`MIN_DIFFERING` deals differ, or when the most common
    (trick, taker) is the first costly trick of no more than :data:`PARTING_SHARE` of them.
    """
    if not pairs:
        return None
    firsts = [pair.first_costlier(seat) for pair in pairs]
    costlier = [(outcome.number, outcome.card) for outcome in firsts if outcome is not None]
    if len(costlier) < MIN_DIFFERING:
        return None
    (number, taker), first = Counter(costlier).most_common(1)[0]
    if first <= PARTING_SHARE * len(costlier):
        return None
    parted = sum(1 for pair in pairs if pair.parts_at(seat, number, taker))
    best, runner = pairs[0].best.card, pairs[0].runner.card
    return Parting(seat, best, runner, number, taker, first, len(costlier), parted, len(pairs), pairs)


@dataclass(frozen=True, slots=True)
class Compared:
    """Two cards played out in the same deals: the lines trick by trick and how the hand ends after each.

    What a puzzle stores of each of its cards against the solution
    (:func:`hearts_core.mining.part_cards`): :meth:`parting` is :func:`parting`'s answer over
    these very deals, and :attr:`ends` says in how many the other card leaves the seat more
    points by the end of the hand (the moon rule applied), so a reason with no one parting
    trick can still say, truly, how the two cards compare over the deals.
    """

    seat: int
    pairs: tuple[DealPair, ...]
    ends: tuple[int, ...]
    """Per deal, the seat's hand score after ``runner`` less its hand score after ``best``."""
    moons: tuple[tuple[int | None, int | None], ...] = ()
    """Per deal, who shoots the moon after ``best`` and after ``runner`` (``None``: nobody)."""

    def moon_counts(self, mine: bool) -> tuple[int, int]:
        """Deals in which the seat (``mine``) or another seat shoots the moon: after ``best``, and after ``runner``."""
        def shoots(shooter: int | None) -> bool:
            return shooter is not None and (shooter == self.seat) == mine

        return (sum(1 for best, _ in self.moons if shoots(best)), sum(1 for _, runner in self.moons if shoots(runner)))

    def parting(self) -> Parting | None:
        """:func:`find_parting` over these deals."""
        return find_parting(self.seat, self.pairs)

    def later_taker(self) -> LaterTaker | None:
        """:func:`find_later_taker` over these deals."""
        return find_later_taker(self.seat, self.pairs)

    @property
    def worse(self) -> int:
        """Deals in which the other card leaves the seat more points at the end of the hand."""
        return sum(1 for difference in self.ends if difference > 0)

    @property
    def fewer(self) -> int:
        """Deals in which it leaves the seat fewer."""
        return sum(1 for difference in self.ends if difference < 0)

    @property
    def differing(self) -> int:
        """Deals in which the other card's line has cost the seat more points than the best's after some trick."""
        return sum(1 for pair in self.pairs if pair.first_costlier(self.seat) is not None)

    @property
    def top(self) -> int:
        """How many of those share the most common first costly trick (and taker): at most half means no one trick."""
        firsts = [(outcome.number, outcome.card) for outcome in (pair.first_costlier(self.seat) for pair in self.pairs)
                  if outcome is not None]
        return Counter(firsts).most_common(1)[0][1] if firsts else 0


def played_out(view: SeatView, best: Card, runner: Card, *, deals: int = PLAY_OUT_DEALS, seed: int = 0) -> Compared:
    """Both cards played out in the deals :func:`parting` plays (the same ``deals`` and ``seed``), kept whole."""
    base, drawn = sampled_deals(view, deals, seed)
    pairs: list[DealPair] = []
    ends: list[int] = []
    moons: list[tuple[int | None, int | None]] = []
    for hands in drawn:
        mine, theirs = show_line(base, hands, best), show_line(base, hands, runner)
        pairs.append(DealPair(mine.outcomes(view.seat), theirs.outcomes(view.seat)))
        ends.append(theirs.scores[view.seat] - mine.scores[view.seat])
        moons.append((mine.moon, theirs.moon))
    return Compared(view.seat, tuple(pairs), tuple(ends), tuple(moons))


@dataclass(frozen=True, slots=True)
class LaterTaker:
    """Where no one trick holds but one card does: the seat's ``taker`` takes the points, at one trick or another.

    On puzzle 2026-463-27 (♥Q, ♥5 and ♥2 under ♥A), ♥5 played now leaves ♥Q to take a heart
    trick later in two deals of three, at trick 10 in some, 11 or 12 in others: no single trick
    is the first costly one of most deals, but ♥Q is, and that is the idea.  ``first`` deals have
    a first costly trick taken by ``taker``, of ``differing`` deals in which the runner-up's line
    costs more at some trick, of ``deals``; ``parted`` is the figure a sentence quotes: deals in
    which ``taker`` takes a later trick (after this one) with points in the runner-up's line and
    no later trick with points in the best line.  Only a card still held after the runner-up is
    played can take a later trick, so ``taker`` is never the runner-up.
    """

    seat: int
    best: Card
    runner: Card
    taker: Card
    first: int
    differing: int
    parted: int
    deals: int


def takes_later(pair: DealPair, seat: int, taker: Card) -> bool:
    """In the runner-up's line ``taker`` takes a later trick with points; in the best line it takes no later trick with
    points (played now as the best card, it takes none)."""
    now = pair.runner.tricks[0].number
    def costly(trick: TrickOutcome) -> bool:
        return trick.number > now and trick.winner == seat and trick.card is taker and trick.points > 0

    return any(costly(trick) for trick in pair.runner.tricks) and not any(costly(trick) for trick in pair.best.tricks)


def find_later_taker(seat: int, pairs: tuple[DealPair, ...]) -> LaterTaker | None:
    """The seat's card that takes the first costly trick in most of the differing deals, when no one trick does.

    ``None`` when :func:`find_parting` finds a trick, when fewer than :data:`MIN_DIFFERING` deals
    differ, when no card is the taker of more than :data:`PARTING_SHARE` of them, when that card
    is the runner-up (played now, it takes no later trick), or when no deal has it take later
    points after the runner-up and none after the best card (then it is not what parts them).
    """
    if not pairs or find_parting(seat, pairs) is not None:
        return None
    firsts = [outcome.card for outcome in (pair.first_costlier(seat) for pair in pairs) if outcome is not None]
    if len(firsts) < MIN_DIFFERING:
        return None
    taker, first = Counter(firsts).most_common(1)[0]
    best, runner = pairs[0].best.card, pairs[0].runner.card
    if first <= PARTING_SHARE * len(firsts) or taker is runner:
        return None
    parted = sum(1 for pair in pairs if takes_later(pair, seat, taker))
    if not parted:  # it takes later points after the best card too, wherever it does after the runner-up
        return None
    return LaterTaker(seat, best, runner, taker, first, len(firsts), parted, len(pairs))


def parting(view: SeatView, best: Card, runner: Card, *, deals: int = PLAY_OUT_DEALS,
            seed: int = 0) -> Parting | None:
    """Where ``runner`` loses its points against ``best`` in most deals played out, if one trick says it.

    >>> from hearts_core.state import HandState
    >>> deal = ("♣2 ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦8 ♦9 ♦10 ♦J ♦Q ♦K", "♣3 ♣4 ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K ♣A ♦A",
    ...         "♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K ♠A", "♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q ♥K ♥A")
    >>> state = HandState.new(deal, "hold")
    >>> parting(state.view(0), DECK[0], DECK[0]) is None  # a card never parts from itself
    True
    """
    if best is runner:
        return None
    return find_parting(view.seat, play_out_pairs(view, best, runner, deals=deals, seed=seed))


# ------------------------------------------------------------------ one deal shown whole


@dataclass(frozen=True, slots=True)
class ShownTrick:
    """One trick of a shown line, whole: its number (1 to 13), who led it, its four cards in play order, who took it
    and its points."""

    number: int
    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int

    def played_by(self, seat: int) -> Card:
        """The card ``seat`` played to this trick."""
        return self.cards[(seat - self.leader) % NUM_SEATS]


@dataclass(frozen=True, slots=True)
class ShownLine:
    """One card's line in one deal, whole: the card played now, every trick from this one to the last, the four
    seats' hand scores at the end (moon rule applied) and who shot the moon in it, if anyone did."""

    card: Card
    tricks: tuple[ShownTrick, ...]
    scores: tuple[int, int, int, int]
    moon: int | None = None
    """The seat that took every point of the hand in this line (its earlier tricks included), else ``None``."""

    def outcomes(self, seat: int) -> CardLine:
        """This line as :func:`play_line` records it for ``seat``: per trick its taker, ``seat``'s card, its points."""
        return CardLine(self.card, tuple(TrickOutcome(trick.number, trick.winner, trick.played_by(seat), trick.points)
                                         for trick in self.tricks))


@dataclass(frozen=True, slots=True)
class Showcase:
    """One deal of those played out, laid out for the better card and the other one: what "Show me" plays.

    ``hands`` are the four seats' cards at the position (the seat's own and the sampled ones), so
    the deal can be replayed through :class:`~hearts_core.state.HandState`; ``deal`` is its place
    among the ``deals`` played out.  ``parting`` is the trick at which the lines part in this deal:
    the one the reason names when ``named``, else the first after which ``other`` has cost the seat
    more points than ``best`` (``None`` when it never does in this deal).
    """

    seat: int
    hands: tuple[tuple[Card, ...], ...]
    best: ShownLine
    other: ShownLine
    parting: int | None
    named: bool
    deal: int
    deals: int
    totals: tuple[int, int, int, int] | None = None
    """The match totals before this hand, for a hand that may end the match (``None`` for a hand scored alone)."""
    turned: int = 0
    """With :attr:`totals`, how many of the ``deals`` drawn end the match better for the seat after ``best`` than
    after ``other`` (:func:`ends_better`); 0 without."""

    @property
    def difference(self) -> int:
        """How many more points the seat ends the hand with after ``other`` than after ``best`` in this deal."""
        return self.other.scores[self.seat] - self.best.scores[self.seat]

    def final_totals(self, line: ShownLine) -> tuple[int, int, int, int] | None:
        """The match totals after ``line``'s hand (``None`` without :attr:`totals`)."""
        return None if self.totals is None else summed((self.totals, line.scores))

    @property
    def outcomes(self) -> tuple[Outcome | None, Outcome | None] | None:
        """How the match ends for the seat after ``best`` and after ``other`` (``None`` in a place: the match goes
        on after that line; ``None`` as a whole without :attr:`totals`)."""
        if self.totals is None:
            return None
        return (match_outcome(summed((self.totals, self.best.scores)), self.seat),
                match_outcome(summed((self.totals, self.other.scores)), self.seat))

    @property
    def outcome_differs(self) -> bool:
        """The better card's line ends the match better for the seat than the other's (see :func:`ends_better`)."""
        outcomes = self.outcomes
        return outcomes is not None and ends_better(*outcomes)


_OUTCOME_RANK: Final = {Outcome.LOST: 0, Outcome.DRAWN: 1, Outcome.WON: 2}


def ends_better(best: Outcome | None, other: Outcome | None) -> bool:
    """The match ends in both lines, and better for the seat after ``best``: won against drawn or lost, drawn
    against lost."""
    return best is not None and other is not None and _OUTCOME_RANK[best] > _OUTCOME_RANK[other]


def first_different(best: ShownLine, other: ShownLine) -> int | None:
    """The number of the first trick whose taker or points differ between the two lines (``None``: none does)."""
    return next((mine.number for mine, theirs in zip(best.tricks, other.tricks, strict=True)
                 if (mine.winner, mine.points) != (theirs.winner, theirs.points)), None)


def show_line(base: Sim, hands: tuple[int, int, int, int], card: Card) -> ShownLine:
    """``card`` played now from ``base`` in the deal ``hands``, the hand played to its end by the sound player,
    every card recorded."""
    sim = base.copy()
    sim.hands = list(hands)
    tricks: list[ShownTrick] = []
    index = card.index
    while True:
        leader, number, trick = sim.leader, sim.tricks_done + 1, sim.trick
        if sim.play(index) >= 0:
            # The kernel leaves the closed trick's list holding its four cards (Table.play).
            tricks.append(ShownTrick(number, leader, tuple(DECK[each] for each in trick), sim.leader,
                                     sim.last_trick_points))
            if sim.is_over:
                break
        index = rollout_card(sim)
    return ShownLine(card, tuple(tricks), sim.scores(), sim.moon_shooter())


def _median_nearest(indices: list[int], differences: list[int]) -> int:
    """The first of ``indices`` whose difference is nearest the median of theirs."""
    ordered = sorted(differences[index] for index in indices)
    middle = len(ordered) // 2
    median = ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    return min(indices, key=lambda index: (abs(differences[index] - median), index))


def showcase(view: SeatView, best: Card, other: Card, *, deals: int = PLAY_OUT_DEALS, seed: int = 0,
             named: Parting | None = None, stored: tuple[int, Card] | None = None,
             totals: tuple[int, int, int, int] | None = None) -> Showcase:
    """One of the ``deals`` drawn with ``random.Random(seed)``, both lines laid out whole (see the module's design).

    ``named`` is the parting a reason says, found in these very deals (the same ``view``, cards,
    ``deals`` and ``seed``): the deal shown is then one that parts at its trick.  ``stored`` is a
    parting a puzzle's answer quotes from the deals it was mined with, as (trick, the seat's card
    that takes it): the deal shown is one of these deals that parts there too, when any does
    (the answer's counts are the mined deals', so these may, rarely, hold none: then the deal is
    chosen as with no parting named, and marked as not the one the words name).

    ``totals`` are the match totals before this hand, for a hand that ends the match: the deal
    shown is then one whose lines end the match better for the seat after ``best`` than after
    ``other`` (:func:`ends_better`; the commonest such turn, at its median difference), its
    parting the first trick whose taker or points differ (:func:`first_different`), and the
    layout keeps the totals (:attr:`Showcase.outcomes`).  When no deal drawn does, the deal is
    chosen as without totals (``named`` and ``stored`` as above).

    Raises:
        ValueError: ``best`` and ``other`` are one card, either is not legal now, or ``named`` is
            not a parting of these two cards in ``deals`` deals.

    >>> from hearts_core.state import HandState
    >>> deal = ("♣2 ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦8 ♦9 ♦10 ♦J ♦Q ♦K", "♣3 ♣4 ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K ♣A ♦A",
    ...         "♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K ♠A", "♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q ♥K ♥A")
    >>> state = HandState.new(deal, "hold")
    >>> state.play("♣2")
    >>> shown = showcase(state.view(1), DECK[1], DECK[12], deals=3)
    >>> len(shown.best.tricks), " ".join(str(card) for card in shown.best.tricks[0].cards[:2])
    (13, '♣2 ♣3')
    """
    legal = view.legal_plays()
    if best is other or best not in legal or other not in legal:
        raise ValueError(f"a showcase needs two different legal cards of seat {view.seat}, not {best} and {other}")
    if named is not None and ((named.best, named.runner) != (best, other) or named.deals != deals):
        raise ValueError(f"the parting of {named.best} and {named.runner} over {named.deals} deals is not one of "
                         f"{best} and {other} over {deals} deals")
    seat = view.seat
    base, deals_drawn = sampled_deals(view, deals, seed)
    drawn = [(hands, show_line(base, hands, best), show_line(base, hands, other)) for hands in deals_drawn]
    differences = [theirs.scores[seat] - mine.scores[seat] for _, mine, theirs in drawn]
    if totals is not None:
        turns: dict[tuple[Outcome | None, Outcome | None], list[int]] = {}
        for index, (_, mine, theirs) in enumerate(drawn):
            outcomes = (match_outcome(summed((totals, mine.scores)), seat),
                        match_outcome(summed((totals, theirs.scores)), seat))
            if ends_better(*outcomes):
                turns.setdefault(outcomes, []).append(index)
        turned = sum(len(indices) for indices in turns.values())
        if turns:
            # The commonest turn (won against lost, say), ties to the one met first; then its median deal.
            turning = max(turns.values(), key=lambda indices: (len(indices), -indices[0]))
            chosen = _median_nearest(turning, differences)
            hands, mine, theirs = drawn[chosen]
            return Showcase(seat, _hands_of(hands), mine, theirs, first_different(mine, theirs), False, chosen,
                            deals, totals, turned)
    target = (named.trick, named.taker) if named is not None else stored
    candidates = [] if target is None else [
        index for index, (_, mine, theirs) in enumerate(drawn)
        if DealPair(mine.outcomes(seat), theirs.outcomes(seat)).parts_at(seat, *target)]
    if named is not None and not candidates:
        raise ValueError(f"no deal of {deals} parts at trick {named.trick}: the parting was found in other deals")
    if not candidates:
        target = None
        worse = [index for index, difference in enumerate(differences) if difference > 0]
        candidates = worse or list(range(deals))
    chosen = _median_nearest(candidates, differences)
    hands, mine, theirs = drawn[chosen]
    if target is not None:
        trick: int | None = target[0]
    else:
        first = DealPair(mine.outcomes(seat), theirs.outcomes(seat)).first_costlier(seat)
        trick = None if first is None else first.number
    return Showcase(seat, _hands_of(hands), mine, theirs, trick, target is not None, chosen, deals, totals)


def _hands_of(masks: tuple[int, int, int, int]) -> tuple[tuple[Card, ...], ...]:
    """Each seat's cards of a sampled deal's bit masks, in the deck's order."""
    return tuple(tuple(card for card in DECK if mask >> card.index & 1) for mask in masks)
