"""An independent judge for the last tricks: perfect play in every layout of the hidden cards.

The puzzles are proposed by the hard player's search (:mod:`hearts_core.bots`, its play-out
habits in :mod:`hearts_core.policy`), and a verifier that replays the same play-outs can only
agree with it.  This judge shares none of that: it imports neither module, and the only things
it has in common with the hard player are the rules kernel (:class:`~hearts_core.kernel.Table`,
set up by :func:`~hearts_core.fastsim.sim_from_view`) and the seat's hard constraints on the
hidden cards (:class:`~hearts_core.knowledge.Knowledge`: what the seat holds, what was played,
shown voids, the cards it passed and to whom).  lichess-puzzler validates with a far deeper
search than it mines with; this is that idea for Hearts' endgames.

Design choices:

* **Layouts, drawn exactly uniformly.**  The hidden cards are dealt to the other seats in every
  way the seat's view allows, each such layout equally likely: a layout's chance is not
  weighted by how likely the opponents' earlier plays were in it (no model of their play, which
  is the point).  The layouts are counted exactly (cards grouped by the set of seats that may
  hold them, so the count is a small dynamic programme), and a layout is drawn by walking the
  same count, so the draw is uniform and needs no rejection.  When there are no more layouts than
  asked for, every layout is judged once and the figures are exact expectations
  (``exhaustive``); otherwise ``layouts`` are drawn with the seed.
* **Max-n, not paranoid.**  In each layout the rest of the hand is solved with perfect play by
  every seat: each seat to move picks the card that minimises its own final hand score, the moon
  rule applied (:func:`~hearts_core.kernel.settle`: a seat that can take all 26 points does so
  when that scores it less).  Paranoid search (the three others conspire against the seat) is
  cheaper but wrong for Hearts: an opponent does not eat ♠Q to hurt you, and a judge that
  assumes it would reject sound ducks.  Max-n is the multi-player game's own solution concept
  (Sturtevant's studies of Hearts use it).  A seat indifferent between cards (the same own
  score) picks the one that leaves the other three the most points (lowest match total wins, so
  points on the others are worth having), and then the lowest card: deterministic.
* **Exact, and fast enough only late.**  The search is complete (no cut-offs, no evaluation
  function).  A transposition table keyed at trick boundaries by the four hands, the leader,
  hearts broken and, while a moon is still possible, the points taken, stores the rest of the
  hand's points; cards of one seat that are interchangeable in that layout (same suit, same
  points, no card of another seat or on the table between them) are searched once.  Positions
  with more than :data:`ENDGAME_REACH_TRICKS` tricks left are out of reach: :func:`judge_endgame`
  refuses them by raising :class:`EndgameOutOfReach`, it never guesses.
* **Perfect information in each layout** is the judge's known bias (the seat is assumed to
  see the layout for the rest of the hand, so it can never be fooled later).  It is small in
  the last few tricks, where most of the cards are accounted for, and it is a different bias
  from the hard player's, which is what an outside judge needs.
* **Noise is named.**  Each card's mean points come with their standard error, and every card's
  gap to the best is paired over the same layouts; a card whose gap is within
  :data:`ENDGAME_TIE_Z` standard errors of the best is tied with it.  Cards interchangeable from
  the seat's view (nothing unseen or on the table between them) get one evaluation and so the
  same figures.

Standard library only: the review runs it in the browser too.

Kept whole: the hand's judge and the match's (:func:`judge_match_endgame`, lesson 21's puzzles) share
the layouts, the interchangeable cards and the verdict, and differ only in what each seat plays for;
apart, a reader would compare two copies of one search to see that.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from hearts_core.cards import CARDS_PER_SUIT, Card, Suit, cards_from_mask, mask_of, to_card
from hearts_core.errors import HeartsError, InvalidPositionError
from hearts_core.fastsim import sim_from_view
from hearts_core.kernel import Table
from hearts_core.knowledge import Knowledge
from hearts_core.puzzle_records import PositionRecord, position_view
from hearts_core.rules import SEATS, TRICKS_PER_HAND
from hearts_core.views import Phase, SeatView

__all__ = [
    "ENDGAME_LAYOUTS",
    "ENDGAME_REACH_TRICKS",
    "ENDGAME_TIE_Z",
    "CardJudgement",
    "EndgameOutOfReach",
    "EndgameVerdict",
    "SecondOpinion",
    "confirms_costly",
    "endgame_agrees",
    "endgame_confirms",
    "endgame_in_reach",
    "judge_endgame",
    "judge_match_endgame",
    "judge_record",
    "judged_card_groups",
]

ENDGAME_REACH_TRICKS: Final = 4
"""The most tricks left (the one in progress included) the judge solves: measured in
``docs/coach.md`` to stay under a second per legal card with :data:`ENDGAME_LAYOUTS` layouts."""
ENDGAME_LAYOUTS: Final = 40
"""Layouts judged when more are possible (all of them when there are no more than this)."""
ENDGAME_TIE_Z: Final = 2.0
"""A card within this many standard errors of the best card's points (paired) is tied with it."""
_EXACT: Final = 1e-9
"""Differences below this are rounding, not points."""


SecondOpinion = Callable[[PositionRecord, Card, Card], bool]
"""A second opinion where this judge cannot reach: given the position (``record``, the seat to move),
whether it confirms that ``better`` beats ``played`` there.  OpenSpiel's IS-MCTS is the one the puzzles
passed (:func:`hearts_referee.ismcts.confirms_costly`); the engine itself has none (it would have to
share our play-out habits, or be slower than a review can wait for)."""


class EndgameOutOfReach(HeartsError):
    """The position has more tricks left than the judge solves exactly (see :data:`ENDGAME_REACH_TRICKS`)."""


@dataclass(frozen=True, slots=True)
class CardJudgement:
    """One legal card's figures over the judged layouts.

    ``points``: the seat's mean final hand score with this card (moon rule applied);
    ``error``: its standard error; ``gap``: mean points more than the best card, paired over the
    same layouts, and ``gap_error`` its standard error (0 for the best card).
    """

    card: Card
    points: float
    error: float
    gap: float
    gap_error: float


@dataclass(frozen=True, slots=True)
class EndgameVerdict:
    """The judge's verdict on one position: every legal card, best first, and the best card(s).

    ``best`` holds the best card and every card tied with it (interchangeable, or within noise);
    ``layouts`` is how many layouts were judged, ``exhaustive`` whether that was all of them
    (then the figures are exact expectations and ties are exact).
    """

    cards: tuple[CardJudgement, ...]
    best: tuple[Card, ...]
    layouts: int
    exhaustive: bool
    tricks_left: int

    @property
    def margin(self) -> float:
        """Points the best card saves against the best card not tied with it (0 when all are tied)."""
        rest = [item.gap for item in self.cards if item.card not in self.best]
        return min(rest) if rest else 0.0

    def judgement(self, card: Card | str) -> CardJudgement:
        """The figures of one legal card.

        Raises:
            InvalidPositionError: ``card`` is not one of the position's legal cards.
        """
        wanted = to_card(card)
        for item in self.cards:
            if item.card == wanted:
                return item
        raise InvalidPositionError(f"{wanted} is not a legal card in the judged position")


def endgame_in_reach(view: SeatView) -> bool:
    """True when the judge solves ``view`` exactly: at most :data:`ENDGAME_REACH_TRICKS` tricks left."""
    return TRICKS_PER_HAND - len(view.tricks) <= ENDGAME_REACH_TRICKS


def endgame_agrees(verdict: EndgameVerdict, solution: Card | str) -> bool:
    """True when ``solution`` is the judge's best card or tied with it."""
    return to_card(solution) in verdict.best


def endgame_confirms(view: SeatView, better: Card, played: Card, *, seed: int | str = 0) -> bool:
    """Whether the independent judge, where it reaches, agrees that ``better`` beats ``played``.

    The review's test before it calls a play costly (:func:`hearts_core.review.judge_play`):
    in the last :data:`ENDGAME_REACH_TRICKS` tricks this judge, which shares no play-out
    policy with the search, must find ``better`` among its best cards and ``played`` not.
    Earlier it cannot judge and says nothing against the play (True); the review then asks an
    outside judge (:func:`confirms_costly`).
    """
    if not endgame_in_reach(view):
        return True
    verdict = judge_endgame(view, seed=seed)
    return endgame_agrees(verdict, better) and not endgame_agrees(verdict, played)


def confirms_costly(view: SeatView, better: Card, played: Card, *, record: Callable[[], PositionRecord],
                    outside: SecondOpinion | None, seed: int | str = 0) -> bool | None:
    """Whether a judge that shares nothing with the search agrees that ``better`` beats ``played``.

    In reach, this module's exact judge (:func:`endgame_confirms`); earlier, ``outside`` on the
    position ``record()`` builds (only then: replaying a position costs time), or ``None`` when
    there is no outside judge to ask: nothing confirms the play, and nothing refutes it.
    """
    if endgame_in_reach(view):
        return endgame_confirms(view, better, played, seed=seed)
    if outside is None:
        return None
    return outside(record(), better, played)


def judge_endgame(view: SeatView, *, layouts: int = ENDGAME_LAYOUTS, seed: int | str = 0) -> EndgameVerdict:
    """Every legal card's mean points over layouts of the hidden cards, each solved with perfect play.

    Seeded: the same view, ``layouts`` and ``seed`` give the same verdict.

    Raises:
        EndgameOutOfReach: more than :data:`ENDGAME_REACH_TRICKS` tricks are left.
        InvalidPositionError: the seat is not to move, or no layout fits its view.
    """
    seat = view.seat

    def own_points() -> Callable[[Table], float]:
        solver = _MaxN()  # one memo per layout
        return lambda after: solver.scores(after)[seat]

    return _judge(view, layouts, f"independent-judge:{seed}", own_points)


def judge_match_endgame(view: SeatView, *, layouts: int = ENDGAME_LAYOUTS, seed: int | str = 0) -> EndgameVerdict:
    """Every legal card judged by the match, not the hand: perfect play by every seat for its own match result.

    For a position with match totals whose hand is certain to end the match (a seat's total plus what it
    has taken this hand reaches the target, and two seats have taken points, so no moon undoes it).  In
    each layout every seat plays to end the match with the lowest total (alone best, tied next), then
    with the fewest points of its own, then leaving the others the most (:class:`_MatchMaxN`).  A card's
    ``points`` in the verdict are then its mean *match loss*: 0 when the seat ends alone lowest, 1/2 when
    tied for lowest, 1 otherwise; lower is better, as with points.  Written from the rules text ("the
    lowest total wins; equal lowest share"), sharing nothing with the search's match objective
    (:mod:`hearts_core.match_stakes`).

    Raises:
        EndgameOutOfReach: more than :data:`ENDGAME_REACH_TRICKS` tricks are left.
        InvalidPositionError: the seat is not to move, no layout fits its view, or the view has no totals or
            its hand may not end the match.
    """
    totals = view.match_totals
    takers = sum(1 for points in view.points_taken if points)
    if totals is None or takers < 2 or all(total + points < view.rules.target
                                           for total, points in zip(totals, view.points_taken, strict=True)):
        raise InvalidPositionError(f"the hand at totals {totals} and points taken {view.points_taken} may not end "
                                   f"the match, so the match alone does not settle a card's worth")
    seat = view.seat

    def match_loss() -> Callable[[Table], float]:
        solver = _MatchMaxN(totals)  # one memo per layout
        return lambda after: 1.0 - _win_share(solver.points(after), totals, seat)

    return _judge(view, layouts, f"independent-match-judge:{seed}", match_loss)


def _judge(view: SeatView, layouts: int, salt: str, worth: Callable[[], Callable[[Table], float]]) -> EndgameVerdict:
    """Every legal card's mean ``worth`` (lower is better) over the layouts of the hidden cards.

    ``worth`` makes, for each layout, the function that plays a position out perfectly and says what it is worth
    to the seat: its final points (:func:`judge_endgame`) or its match loss (:func:`judge_match_endgame`).
    """
    if view.phase is not Phase.PLAYING or not view.is_my_turn:
        raise InvalidPositionError(f"seat {view.seat} is not to move, so there is no card to judge")
    tricks_left = TRICKS_PER_HAND - len(view.tricks)
    if tricks_left > ENDGAME_REACH_TRICKS:
        raise EndgameOutOfReach(f"{tricks_left} tricks are left; the judge solves only the last "
                                f"{ENDGAME_REACH_TRICKS} exactly")
    if layouts < 1:
        raise InvalidPositionError(f"at least one layout must be judged, not {layouts}")
    knowledge = Knowledge.from_view(view)
    space = _LayoutSpace(knowledge)
    rng = random.Random(salt)
    exhaustive = space.total <= layouts
    deals = list(space.every()) if exhaustive else [space.draw(rng) for _ in range(layouts)]
    blockers = knowledge.unseen | mask_of(view.current_trick)
    groups = _interchangeable(mask_of(view.legal_plays()), blockers, sim_from_view(view).card_points)
    values: dict[int, list[float]] = {group[0]: [] for group in groups}
    for hands in deals:
        table = sim_from_view(view, hands)
        solved = worth()
        for group in groups:
            child = table.copy()
            child.play(group[0])
            values[group[0]].append(solved(child))
    return _verdict(groups, values, len(deals), exhaustive, tricks_left)


def judged_card_groups(view: SeatView) -> tuple[tuple[Card, ...], ...]:
    """The seat's legal cards in groups of interchangeable ones, as the judge counts them (one answer each).

    Two legal cards are one answer when they are of one suit, carry the same points, and no card
    still unseen by the seat or lying on the table ranks between them.
    """
    blockers = Knowledge.from_view(view).unseen | mask_of(view.current_trick)
    groups = _interchangeable(mask_of(view.legal_plays()), blockers, sim_from_view(view).card_points)
    return tuple(tuple(cards_from_mask(1 << index)[0] for index in group) for group in groups)


def judge_record(record: PositionRecord, *, layouts: int = ENDGAME_LAYOUTS) -> tuple[str, ...] | None:
    """The judge's best card(s) for a mined candidate, as text; ``None`` when it is out of reach.

    The mining pipeline's outside check: seeded by the record's id, so a re-mine gives the
    same answer.
    """
    view = position_view(record)
    if not endgame_in_reach(view):
        return None
    verdict = judge_endgame(view, layouts=layouts, seed=f"record:{record['id']}")
    return tuple(str(card) for card in verdict.best)


# ------------------------------------------------------------------- the verdict


def _verdict(groups: list[list[int]], scores: dict[int, list[float]], count: int, exhaustive: bool,
             tricks_left: int) -> EndgameVerdict:
    means = {lead: sum(values) / count for lead, values in scores.items()}
    best_lead = min(means, key=lambda lead: (means[lead], lead))
    best_values = scores[best_lead]
    figures: list[CardJudgement] = []
    best: list[Card] = []
    for group in groups:
        values = scores[group[0]]
        gap, gap_error = _paired(values, best_values)
        tied = gap <= _EXACT or (not exhaustive and gap <= ENDGAME_TIE_Z * gap_error + _EXACT)
        error = 0.0 if exhaustive else _standard_error(values)
        for index in group:
            card = cards_from_mask(1 << index)[0]
            figures.append(CardJudgement(card, means[group[0]], error, gap, 0.0 if exhaustive else gap_error))
            if tied:
                best.append(card)
    figures.sort(key=lambda item: (item.points, item.card.index))
    best.sort(key=lambda card: (means[_lead_of(groups, card.index)], card.index))
    return EndgameVerdict(tuple(figures), tuple(best), count, exhaustive, tricks_left)


def _lead_of(groups: list[list[int]], index: int) -> int:
    return next(group[0] for group in groups if index in group)


def _standard_error(values: list[float]) -> float:
    count = len(values)
    if count < 2:
        return 0.0
    mean = sum(values) / count
    return math.sqrt(sum((value - mean) ** 2 for value in values) / (count - 1) / count)


def _paired(values: list[float], best: list[float]) -> tuple[float, float]:
    """Mean and standard error of ``values - best``, layout by layout."""
    differences = [value - other for value, other in zip(values, best, strict=True)]
    mean = sum(differences) / len(differences)
    return mean, _standard_error(differences)


def _interchangeable(legal: int, blockers: int, card_points: tuple[int, ...]) -> list[list[int]]:
    """The legal cards in groups of interchangeable ones, each group lowest card first.

    Two cards are interchangeable when they are of one suit, carry the same points, and no card
    in ``blockers`` (held by another seat, or lying on the table) ranks between them: swapping
    them changes nothing about who takes which trick.

    The same idea as :func:`hearts_core.knowledge.equivalent_cards`, read here on purpose from
    the layout rather than called: the judge checks the search, so it shares none of the
    search's definitions, and a slip in one is not made in the other.
    """
    groups: list[list[int]] = []
    for suit in Suit:
        previous = -1
        for index in range(suit * CARDS_PER_SUIT, (suit + 1) * CARDS_PER_SUIT):
            if not legal >> index & 1:
                continue
            between = blockers >> (previous + 1) & ((1 << max(index - previous - 1, 0)) - 1)
            if previous >= 0 and not between and card_points[index] == card_points[previous]:
                groups[-1].append(index)
            else:
                groups.append([index])
            previous = index
    return groups


# ------------------------------------------------------------------- perfect play


def _choices(table: Table) -> list[list[int]]:
    """The mover's legal cards in groups interchangeable in this layout: nothing another seat holds or that lies on
    the table ranks between them (the cards the mover cannot tell apart here, searched once)."""
    mover = table.to_move
    others = 0
    for seat in SEATS:
        if seat != mover:
            others |= table.hands[seat]
    for index in table.trick:
        others |= 1 << index
    return _interchangeable(table.legal(), others, table.card_points)


class _MaxN:
    """Max-n over one layout: each seat minimises its own final score; memo at trick boundaries.

    The memo stores the points each seat takes from here on, relative to what it has taken
    already: once two seats have taken points no moon is possible and the rest adds up, so the
    key needs no points; while one seat (or none) has them all, the points are part of the key.
    """

    __slots__ = ("memo",)

    def __init__(self) -> None:
        self.memo: dict[tuple[object, ...], tuple[int, int, int, int]] = {}

    def scores(self, table: Table) -> tuple[int, int, int, int]:
        """The final hand scores (moon rule applied) when every seat plays perfectly from ``table``."""
        if table.is_over:
            return table.scores()
        key: tuple[object, ...] | None = None
        points = table.points
        if not table.trick:
            takers = table.takers
            moon = None if takers & (takers - 1) else (tuple(points), table.jack_taker)
            key = (table.hands[0], table.hands[1], table.hands[2], table.hands[3], table.leader,
                   table.hearts_broken, moon)
            stored = self.memo.get(key)
            if stored is not None:
                return (points[0] + stored[0], points[1] + stored[1], points[2] + stored[2],
                        points[3] + stored[3])
        mover = table.to_move
        best: tuple[int, int, int, int] | None = None
        for group in _choices(table):
            child = table.copy()
            child.play(group[0])
            result = self.scores(child)
            if best is None or _prefers(result, best, mover):
                best = result
        assert best is not None  # a seat to move always has a legal card
        if key is not None:
            self.memo[key] = (best[0] - points[0], best[1] - points[1], best[2] - points[2], best[3] - points[3])
        return best


def _prefers(new: tuple[int, int, int, int], old: tuple[int, int, int, int], mover: int) -> bool:
    """Whether ``mover`` takes ``new`` over ``old``: fewer points, then more points for the others."""
    if new[mover] != old[mover]:
        return new[mover] < old[mover]
    return sum(new) - new[mover] > sum(old) - old[mover]


def _win_share(points: tuple[int, int, int, int], totals: tuple[int, int, int, int], seat: int) -> float:
    """The seat's share of the win with these final hand points on these totals: 1 alone lowest, 1/2 tied, else 0."""
    final = [total + taken for total, taken in zip(totals, points, strict=True)]
    lowest = min(final)
    if final[seat] != lowest:
        return 0.0
    return 1.0 if final.count(lowest) == 1 else 0.5


class _MatchMaxN:
    """Max-n over one layout where each seat plays for its own match result; memo at trick boundaries.

    Only for hands that end the match with two seats holding points (no moon): a seat's final
    hand score is then the points it takes.  Its preference depends on everyone's totals, so the
    memo's key holds the points taken so far, not only the cards.
    """

    __slots__ = ("memo", "totals")

    def __init__(self, totals: tuple[int, int, int, int]) -> None:
        self.totals = totals
        self.memo: dict[tuple[object, ...], tuple[int, int, int, int]] = {}

    def points(self, table: Table) -> tuple[int, int, int, int]:
        """Each seat's points at the end of the hand when every seat plays for its match from ``table``."""
        if table.is_over:
            taken = table.points
            return (taken[0], taken[1], taken[2], taken[3])
        key: tuple[object, ...] | None = None
        if not table.trick:
            key = (table.hands[0], table.hands[1], table.hands[2], table.hands[3], table.leader,
                   table.hearts_broken, tuple(table.points))
            stored = self.memo.get(key)
            if stored is not None:
                return stored
        mover = table.to_move
        best: tuple[int, int, int, int] | None = None
        best_rank: tuple[float, int, int] | None = None
        for group in _choices(table):
            child = table.copy()
            child.play(group[0])
            result = self.points(child)
            rank = (-_win_share(result, self.totals, mover), result[mover], -(sum(result) - result[mover]))
            if best_rank is None or rank < best_rank:
                best, best_rank = result, rank
        assert best is not None  # a seat to move always has a legal card
        if key is not None:
            self.memo[key] = best
        return best


# ------------------------------------------------------------------- layouts


class _LayoutSpace:
    """Every layout of the hidden cards the seat's knowledge allows, counted, drawn uniformly, or listed."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.seat = knowledge.seat
        self.fixed = list(knowledge.known)
        fixed = knowledge.known[0] | knowledge.known[1] | knowledge.known[2] | knowledge.known[3]
        free = knowledge.unseen & ~fixed
        others = [player for player in SEATS if player != knowledge.seat]
        kinds: dict[tuple[int, ...], list[int]] = {}
        for card in cards_from_mask(free):
            holders = tuple(player for player in others if knowledge.possible[player] >> card.index & 1)
            kinds.setdefault(holders, []).append(card.index)
        self.kinds = sorted(kinds.items())
        self.rooms = tuple(knowledge.counts[player] - knowledge.known[player].bit_count() if player != self.seat
                           else 0 for player in SEATS)
        self._counts: dict[tuple[int, tuple[int, ...]], int] = {}
        self.total = self._count(0, self.rooms)
        if not self.total:
            raise InvalidPositionError(f"no layout of the hidden cards fits the view of seat {self.seat}")

    def _splits(self, kind: int, rooms: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """Each way to share kind ``kind``'s cards among its holders within ``rooms``, with its number of deals."""
        holders, cards = self.kinds[kind]
        found: list[tuple[tuple[int, ...], int]] = []

        def place(position: int, left: int, shares: list[int], ways: int) -> None:
            if position == len(holders) - 1:
                if left <= rooms[holders[position]]:
                    found.append(((*shares, left), ways))
                return
            for share in range(min(left, rooms[holders[position]]) + 1):
                place(position + 1, left - share, [*shares, share], ways * math.comb(left, share))

        place(0, len(cards), [], 1)
        return found

    @staticmethod
    def _after(rooms: tuple[int, ...], holders: tuple[int, ...], shares: tuple[int, ...]) -> tuple[int, ...]:
        left = list(rooms)
        for holder, share in zip(holders, shares, strict=True):
            left[holder] -= share
        return tuple(left)

    def _count(self, kind: int, rooms: tuple[int, ...]) -> int:
        if kind == len(self.kinds):
            return 1 if not any(rooms) else 0
        key = (kind, rooms)
        if key not in self._counts:
            holders = self.kinds[kind][0]
            self._counts[key] = sum(ways * self._count(kind + 1, self._after(rooms, holders, shares))
                                    for shares, ways in self._splits(kind, rooms))
        return self._counts[key]

    def draw(self, rng: random.Random) -> tuple[int, int, int, int]:
        """One layout, every layout equally likely."""
        hands = self.fixed[:]
        rooms = self.rooms
        for kind, (holders, cards) in enumerate(self.kinds):
            options = [(shares, ways * self._count(kind + 1, self._after(rooms, holders, shares)))
                       for shares, ways in self._splits(kind, rooms)]
            pick = rng.randrange(sum(weight for _, weight in options))
            chosen = 0
            while pick >= options[chosen][1]:
                pick -= options[chosen][1]
                chosen += 1
            shares = options[chosen][0]
            dealt = cards[:]
            rng.shuffle(dealt)
            start = 0
            for holder, share in zip(holders, shares, strict=True):
                for index in dealt[start:start + share]:
                    hands[holder] |= 1 << index
                start += share
            rooms = self._after(rooms, holders, shares)
        return (hands[0], hands[1], hands[2], hands[3])

    def every(self) -> list[tuple[int, int, int, int]]:
        """All the layouts, in a fixed order."""
        found: list[tuple[int, int, int, int]] = []

        def deal(kind: int, rooms: tuple[int, ...], hands: list[int]) -> None:
            if kind == len(self.kinds):
                if not any(rooms):
                    found.append((hands[0], hands[1], hands[2], hands[3]))
                return
            holders, cards = self.kinds[kind]
            for shares, _ in self._splits(kind, rooms):
                after = self._after(rooms, holders, shares)
                if self._count(kind + 1, after):
                    for dealt in _shares_of(cards, shares):
                        given = hands[:]
                        for holder, part in zip(holders, dealt, strict=True):
                            for index in part:
                                given[holder] |= 1 << index
                        deal(kind + 1, after, given)

        deal(0, self.rooms, self.fixed[:])
        return found


def _shares_of(cards: list[int], shares: tuple[int, ...]) -> list[list[tuple[int, ...]]]:
    """Every way to split ``cards`` into parts of the sizes ``shares``, in order."""
    if len(shares) == 1:
        return [[tuple(cards)]]
    ways: list[list[tuple[int, ...]]] = []
    for part in combinations(cards, shares[0]):
        rest = [card for card in cards if card not in part]
        ways.extend([part, *tail] for tail in _shares_of(rest, shares[1:]))
    return ways


