"""The coach: what a seat can deduce, how risky each playable card is, and what to play and why.

Design choices:

* The coach reads a :class:`~hearts_core.state.SeatView` and nothing else, exactly like
  the computer players, so it can never leak a hidden card to the learner.
* Deductions come from :class:`~hearts_core.knowledge.Knowledge`: voids shown by failures
  to follow, unseen cards, where ♠Q may be.
* For each playable card the coach imagines the rest of the trick: the other seats hold
  a deal consistent with the view and play the sound player's cards
  (:func:`~hearts_core.policy.heuristic_play`).  Its figures are therefore "against
  sensible opponents, over the deals that fit what you have seen".  When few deals fit
  (late in a hand) it enumerates all of them and the figures are exact averages; else it
  samples, with a seeded generator so the same position always gets the same advice.
* :func:`recommend` is the coach's word on what to play, read from :func:`judge`: the
  hard player's search (:meth:`~hearts_core.bots.HardBot.appraise`) at the judge's
  budget, seeded from the position, which is also what the review
  (:mod:`hearts_core.review`) weighs each play by, so the two can never disagree.
* Its reason is true by construction: every sentence is a :class:`Claim`, one whole
  pattern with the facts it states (:mod:`hearts_core.facts`), and is said only when
  every one of those facts holds of the position (:func:`first_true`).  The figures say
  a difference only when it is larger than twice the search's own standard error, and
  quote the score the hand should end with, rounded for a learner.  In the passing
  phase it recommends the sound player's pass, with the checked reason each card goes.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from hearts_core.bots import LOW_SPADES_TO_KEEP_QUEEN, Appraisal, HardBot, heuristic_pass, paired_difference
from hearts_core.cards import ACE, KING, QUEEN, Card, Suit, cards_from_mask
from hearts_core.errors import InvalidPositionError
from hearts_core.facts import (
    AboutAsGood,
    AllAbove,
    Better,
    Expected,
    Fact,
    FirstTrick,
    HighCard,
    HigherOut,
    Holds,
    LowestHeld,
    MoonThreat,
    NoneAbove,
    NoPoints,
    OnlyLegal,
    Over,
    PassEmptiesSuit,
    PlaysLast,
    Position,
    QueenGone,
    QueenOut,
    ShootingPays,
    ShownVoid,
    SpadesBelowQueen,
    TakeChance,
    TopCard,
    TrickPoints,
    Under,
    Void,
    Winning,
    checked,
)
from hearts_core.fastsim import Sim, sim_from_view
from hearts_core.knowledge import Knowledge
from hearts_core.phrasing import sentences, suit_singular
from hearts_core.policy import heuristic_play, low_spades
from hearts_core.rules import NUM_SEATS, QUEEN_OF_SPADES
from hearts_core.state import Phase, SeatView
from hearts_core.wording import (
    about_points,
    and_list,
    marked,
    points_phrase,
    say,
    say_n,
    seat_name,
    suit_name,
)

__all__ = [
    "JUDGE_BUDGET",
    "CardOutlook",
    "Claim",
    "CoachReport",
    "Judgement",
    "Recommendation",
    "analyse",
    "card_outlooks",
    "choice_claims",
    "consistent_deals",
    "judge",
    "pass_claims",
    "played_claims",
    "position_seed",
    "read_table",
    "recommend",
]

EXACT_LIMIT: Final = 3000
"""Enumerate every consistent deal when there are at most this many."""
SAMPLES: Final = 300
DANGER_POINTS: Final = 0.5
"""Expected points at or above which a card is marked dangerous."""


@dataclass(frozen=True, slots=True)
class TableReading:
    """Deductions from public play: voids, unseen cards, where ♠Q may be."""

    voids: dict[int, tuple[Suit, ...]]
    unseen: tuple[Card, ...]
    queen_of_spades: tuple[int, ...]
    queen_played: bool


@dataclass(frozen=True, slots=True)
class CardOutlook:
    """For one playable card: chance it wins the trick and the points it expects to take."""

    card: Card
    win_chance: float
    expected_points: float

    @property
    def dangerous(self) -> bool:
        """True when playing it is expected to cost points."""
        return self.expected_points >= DANGER_POINTS


@dataclass(frozen=True, slots=True)
class CoachReport:
    """What the guided match shows beside the coach's advice: the table reading and card outlooks.

    The advice itself is :func:`recommend`'s alone, so the panel and the Hint can never
    name different cards.
    """

    reading: TableReading
    outlooks: tuple[CardOutlook, ...]
    """One per card the seat may play, in the order of ``SeatView.legal_plays``."""
    exact: bool
    """The figures average over every deal the seat cannot rule out, not over a sample."""


def read_table(view: SeatView) -> TableReading:
    """Voids, unseen cards and the possible places of ♠Q, from public play only."""
    knowledge = Knowledge.from_view(view)
    played = any(card is QUEEN_OF_SPADES for _, card in view.plays)
    return TableReading(knowledge.voids(), knowledge.unseen_cards(), knowledge.queen_of_spades_seats(), played)


def consistent_deals(knowledge: Knowledge, limit: int) -> list[tuple[int, int, int, int]] | None:
    """Every deal of the hidden cards that fits the knowledge, or ``None`` if more than ``limit``."""
    deals: list[tuple[int, int, int, int]] = []
    others = [seat for seat in range(NUM_SEATS) if seat != knowledge.seat]
    fixed = knowledge.known[0] | knowledge.known[1] | knowledge.known[2] | knowledge.known[3]
    free = [card.index for card in cards_from_mask(knowledge.unseen & ~fixed)]
    room = {seat: knowledge.counts[seat] - knowledge.known[seat].bit_count() for seat in others}
    hands = list(knowledge.known)

    def place(position: int) -> Iterator[None]:
        if position == len(free):
            yield None
            return
        bit = 1 << free[position]
        for seat in others:
            if room[seat] and knowledge.possible[seat] & bit:
                room[seat] -= 1
                hands[seat] |= bit
                yield from place(position + 1)
                hands[seat] ^= bit
                room[seat] += 1

    for _ in place(0):
        deals.append((hands[0], hands[1], hands[2], hands[3]))
        if len(deals) > limit:
            return None
    return deals


def _play_out_trick(sim: Sim, card_index: int) -> tuple[int, int]:
    """Play our card, then the trick to its end with the sound player; (winner, points)."""
    tricks_before = sim.tricks_done
    points_before = list(sim.points)
    sim.play(card_index)
    while sim.tricks_done == tricks_before:
        sim.play(heuristic_play(sim, sim.legal()))
    winner = sim.leader
    return winner, sim.points[winner] - points_before[winner]


def card_outlooks(view: SeatView, *, samples: int = SAMPLES, seed: int = 0) -> tuple[tuple[CardOutlook, ...], bool]:
    """Win chance and expected points for each card the seat may play; and whether exact."""
    legal = view.legal_plays()
    if not legal:
        return (), True
    knowledge = Knowledge.from_view(view)
    base = sim_from_view(view)
    deals = consistent_deals(knowledge, EXACT_LIMIT)
    exact = deals is not None
    if deals is None:
        rng = random.Random(seed)
        deals = [knowledge.sample(rng) for _ in range(samples)]
    outlooks = []
    for card in legal:
        wins = 0
        points = 0
        for hands in deals:
            sim = base.copy()
            sim.hands = list(hands)
            winner, taken = _play_out_trick(sim, card.index)
            if winner == view.seat:
                wins += 1
                points += taken
        outlooks.append(CardOutlook(card, wins / len(deals), points / len(deals)))
    return tuple(outlooks), exact


def analyse(view: SeatView, *, samples: int = SAMPLES, seed: int = 0) -> CoachReport:
    """The table reading and the per-card outlooks (when it is the seat's turn)."""
    reading = read_table(view)
    outlooks, exact = card_outlooks(view, samples=samples, seed=seed)
    return CoachReport(reading, outlooks, exact)


# ------------------------------------------------------------------ recommend

JUDGE_BUDGET: Final = 0.1
"""Search effort per position, in seconds of the reference machine, for the coach and the review alike."""
JUDGE_WORLDS: Final = 200
"""Cap on sampled deals per position: late in a hand more deals add time, not accuracy."""
RECOMMEND_BUDGET: Final = JUDGE_BUDGET
"""The coach's default effort: the judge's, so the coach and the review weigh a position the same way."""
_SPADES_ABOVE_QUEEN: Final = (KING, ACE)


@dataclass(frozen=True, slots=True)
class Claim:
    """One sentence of a reason: a whole pattern, its values, and the facts it states."""

    pattern: str
    facts: tuple[Fact, ...]
    values: tuple[tuple[str, object], ...] = ()
    said: bool = False
    """True when ``pattern`` is the finished sentence already (a count-dependent one, see :func:`said_claim`)."""

    def text(self) -> str:
        """The sentence, placeholders filled (translated when a catalogue is installed)."""
        return self.pattern if self.said else say(self.pattern, **dict(self.values))


def claim(pattern: str, facts: tuple[Fact, ...], **values: object) -> Claim:
    """A :class:`Claim`; its facts are checked only when it is chosen (see :func:`first_true`).

    ``pattern`` is written as ``marked("...")`` where the claim is made, so it is extracted
    for translation; it is said (translated and filled) only if the claim is chosen.
    """
    return Claim(pattern, facts, tuple(values.items()))


def said_claim(sentence: str, facts: tuple[Fact, ...]) -> Claim:
    """A :class:`Claim` whose sentence is said when it is made: ``said_claim(say_n("...", "...", n, ...), facts)``.

    A sentence that depends on a count is written as one literal ``say_n`` call, so its two
    forms are extracted as one plural entry of the catalogue; :func:`claim`'s ``marked``
    holds a single form only.
    """
    return Claim(sentence, facts, said=True)


def first_true(position: Position, claims: Iterable[Claim | None]) -> Claim | None:
    """The first claim whose facts all hold of the position: the only kind of sentence ever said."""
    for candidate in claims:
        if candidate is not None and checked(position, candidate.facts):
            return candidate
    return None


@dataclass(frozen=True, slots=True)
class Judgement:
    """The one evaluation of a position that the coach and the review both read.

    ``ranked`` is every legal card's search figures, best first (by the seat's score
    against the others' average), all on the same sampled deals.
    """

    ranked: tuple[Appraisal, ...]

    def figures(self, card: Card) -> Appraisal:
        """The search's figures for ``card``."""
        return next(item for item in self.ranked if item.card is card)

    def own_gain(self, better: Card, worse: Card) -> tuple[float, float]:
        """Points of its own hand score the seat saves with ``better`` instead of ``worse``, and the standard error."""
        return paired_difference(self.figures(worse).world_points, self.figures(better).world_points)

    def relative_gain(self, better: Card, worse: Card) -> tuple[float, float]:
        """The same against the others' average (what the search ranks by), and its standard error."""
        return paired_difference(self.figures(worse).world_scores, self.figures(better).world_scores)


def position_seed(view: SeatView) -> int:
    """A seed drawn from what the seat can see, so one position always gets one judgement, whoever asks."""
    public = repr((view.seat, view.pass_direction, view.rules, view.hand, view.passed, view.received, view.plays))
    return int.from_bytes(hashlib.blake2b(public.encode(), digest_size=8).digest(), "big")


def judge(view: SeatView, *, seed: int | None = None, time_budget: float = JUDGE_BUDGET) -> Judgement:
    """The search's figures for every legal card at the seat's turn (seeded from the position by default)."""
    rng = random.Random(position_seed(view) if seed is None else seed)
    return Judgement(tuple(HardBot(rng, time_budget, max_worlds=JUDGE_WORLDS).appraise(view)))


@dataclass(frozen=True, slots=True)
class Recommendation:
    """The coach's advice: the card to play (or the three to pass) and why, with the search's figures.

    ``alternatives`` lists every legal card's figures, best first (empty when the card
    is forced or when passing).  ``facts`` are every claim the reason makes, each of
    which held of the position when the reason was written.
    """

    reason: str
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    alternatives: tuple[Appraisal, ...] = ()
    facts: tuple[Fact, ...] = ()

    @property
    def choice(self) -> tuple[Card, ...]:
        """The recommended cards whatever the phase: the three to pass, or the one to play."""
        return self.cards if self.card is None else (self.card,)

    def _repr_html_(self) -> str:
        """The coach's card and reason, as a notebook draws them."""
        from hearts_core.display import recommendation_html  # noqa: PLC0415 - only when a notebook asks for a picture

        return recommendation_html(self)


def recommend(view: SeatView, *, seed: int | None = None, time_budget: float = RECOMMEND_BUDGET) -> Recommendation:
    """The search's card for the seat's turn (or the sound pass) and the reason, in words.

    The same position always gets the same card and words: the search is seeded from the
    position unless ``seed`` is given, and the review judges with the same search.

    Raises:
        InvalidPositionError: the seat has nothing to decide (not its turn, or already passed).

    >>> from hearts_core.match import deal_hands
    >>> from hearts_core.state import HandState
    >>> state = HandState.new(deal_hands(seed=7, hand_number=4), "hold")
    >>> recommend(state.view(0)).reason
    '♣2 is your only legal card, so play it.'
    >>> state.play("♣2")
    >>> advice = recommend(state.view(1), time_budget=0.02)
    >>> advice.card in state.legal_plays()
    True
    """
    if view.phase is Phase.PASSING:
        if view.passed is not None:
            raise InvalidPositionError(f"seat {view.seat} has already passed {and_list(view.passed)}")
        cards = heuristic_pass(view.hand)
        claims = pass_claims(Position(view), cards)
        return Recommendation(_joined(claims), cards=cards, facts=_facts_of(claims))
    if not view.is_my_turn:
        raise InvalidPositionError(f"there is nothing to recommend: it is not seat {view.seat}'s turn to play")
    position = Position(view)
    legal = view.legal_plays()
    if len(legal) == 1:
        only = claim(marked("{card} is your only legal card, so play it."), (OnlyLegal(legal[0]),), card=legal[0])
        return Recommendation(only.text(), legal[0], facts=only.facts)
    judgement = judge(view, seed=seed, time_budget=time_budget)
    best = judgement.ranked[0]
    claims = choice_claims(position, judgement, best.card, judgement.ranked[1].card)
    return Recommendation(_joined(claims), best.card, alternatives=judgement.ranked, facts=_facts_of(claims))


def _joined(claims: Iterable[Claim]) -> str:
    return sentences(item.text() for item in claims)


def _facts_of(claims: Iterable[Claim]) -> tuple[Fact, ...]:
    return tuple(fact for item in claims for fact in item.facts)


def choice_claims(position: Position, judgement: Judgement, card: Card, other: Card) -> tuple[Claim, ...]:
    """Why ``card`` rather than ``other``: what the table shows about it, then what the search's figures say.

    Every claim returned has been checked against the position.
    """
    situation = first_true(position, situation_claims(position, judgement.figures(card)))
    figures = first_true(position, figure_claims(judgement, card, other, position.view.points_taken[position.seat]))
    return tuple(item for item in (situation, figures) if item is not None)


def figure_claims(judgement: Judgement, card: Card, other: Card, already: int) -> Iterator[Claim]:
    """The search's comparison of ``card`` with ``other``, said only as far as it is sure of it.

    ``already`` is what the seat has taken so far: the figures quoted are the score it
    should end the hand with, which includes those points.
    """
    mine, theirs = judgement.figures(card), judgement.figures(other)
    own, own_error = judgement.own_gain(card, other)
    relative, relative_error = judgement.relative_gain(card, other)
    expected = (Expected(card, mine.rest_points, already), Expected(other, theirs.rest_points, already))
    ours, others_figure = about_points(expected[0].total), about_points(expected[1].total)
    tie = AboutAsGood(card, other, relative, relative_error)
    if ours == others_figure:
        yield claim(marked("{other} is about as good: with either you should end the hand with {points}."),
                    (tie, *expected), other=other, points=ours)
    yield claim(marked("{other} is about as good: with {card} you should end the hand with {points}, with {other} "
                       "{other_points}."), (tie, *expected),
                card=card, other=other, points=ours, other_points=others_figure)
    yield claim(marked("With {card} you should end the hand with {points}; {other} would cost you {gain} more."),
                (Better(card, other, own, own_error), expected[0]),
                card=card, other=other, points=ours, gain=about_points(own))
    yield claim(marked("{card} should cost you {extra} more than {other} by the end of the hand, but it leaves the "
                       "others with more: against their average you come out {gain} better."),
                (Better(other, card, -own, own_error), Better(card, other, relative, relative_error, "relative")),
                card=card, other=other, extra=about_points(-own), gain=about_points(relative))
    yield claim(marked("{card} and {other} should cost you about the same, but {card} leaves the others with more: "
                       "against their average you come out {gain} better."),
                (AboutAsGood(card, other, own, own_error, "own"),
                 Better(card, other, relative, relative_error, "relative")),
                card=card, other=other, gain=about_points(relative))


def situation_claims(position: Position, figures: Appraisal) -> Iterator[Claim]:
    """What the table shows about playing ``figures.card``, most telling first; :func:`first_true` picks one."""
    view, card = position.view, figures.card
    if figures.shooting:
        yield claim(marked("The search finds your cards strong enough to try for the moon, so play {card} and keep "
                           "taking tricks: if you take every heart and ♠Q, the others score the points instead."),
                    (ShootingPays(card, figures.shooting),), card=card)
    winning = position.winning
    if winning is None:
        yield from _lead_claims(position, figures)
        return
    seat, top = winning
    points = position.trick_points
    led = position.trick[0].suit
    takes = (*([PlaysLast()] if len(position.trick) == NUM_SEATS - 1 else [TopCard(card)]), Over(card, top))
    threat = next((other for other in range(NUM_SEATS) if other != view.seat and MoonThreat(other).holds(position)), -1)
    if threat >= 0 and points:
        yield claim(marked("{seat} alone has taken points so far and may be shooting the moon; taking this trick and "
                           "its {points} with {card} stops that."),
                    (MoonThreat(threat), TrickPoints(points), *takes),
                    seat=_seen(position, threat), points=points_phrase(points), card=card)
    if card.suit is led:
        yield from _follow_claims(position, figures, seat, top, points)
    else:
        yield from _discard_claims(position, figures, seat, top, threat)


def _seen(position: Position, seat: int) -> str:
    """``seat``'s name as the coached seat sees the table: itself "You", the next to play "CPU1", and so on.

    The learner's seat in a match is seat 0, where this is :func:`seat_name` itself; a puzzle
    may be seen from any seat, and its words must name the players as its board does.
    """
    return seat_name((seat - position.seat) % NUM_SEATS)


def _lead_claims(position: Position, figures: Appraisal) -> Iterator[Claim]:
    card = figures.card
    suit = card.suit
    if suit is Suit.SPADES and card.rank < QUEEN:
        yield claim(marked("♠Q is still out and you hold no spade above it, so leading {card} may force ♠Q out "
                           "onto someone else's trick."), (QueenOut(), NoneAbove(QUEEN_OF_SPADES), Holds((card,))),
                    card=card)
    yield claim(marked("{card} is the highest {suit} left, so it takes this trick: nobody can play above it."),
                (TopCard(card),), card=card, suit=suit_singular(suit))
    above = len(position.unseen_above(card))
    seldom = TakeChance(card, figures.take_chance, likely=False)
    voids = [seat for seat in range(NUM_SEATS) if ShownVoid(seat, suit).holds(position)]
    if voids:
        yield said_claim(say_n("Leading {card} should leave the trick to someone else, since a higher {suit} is "
                               "still out, although {seats} cannot follow suit and may throw points on it.",
                               "Leading {card} should leave the trick to someone else, since {count} higher {suits} "
                               "are still out, although {seats} cannot follow suit and may throw points on it.",
                               above, card=card, suit=suit_singular(suit), suits=suit_name(suit),
                               seats=and_list(_seen(position, s) for s in voids)),
                         (seldom, HigherOut(card, above), *(ShownVoid(seat, suit) for seat in voids)))
    yield said_claim(say_n("Leading {card} should leave the trick to someone else, since a higher {suit} is still out.",
                           "Leading {card} should leave the trick to someone else, since {count} higher {suits} are "
                           "still out.", above, card=card, suit=suit_singular(suit), suits=suit_name(suit)),
                     (seldom, HigherOut(card, above)))


def _follow_claims(position: Position, figures: Appraisal, seat: int, top: Card, points: int) -> Iterator[Claim]:
    card, led, view = figures.card, figures.card.suit, position.view
    lower = tuple(item for item in view.hand if item.suit is led and item.rank < card.rank)
    if led is Suit.SPADES:
        catchers = tuple(item for item in view.hand if item.suit is Suit.SPADES and item.rank in _SPADES_ABOVE_QUEEN)
        if catchers:
            yield claim(marked("♠Q is still out and {catchers} could catch it, so stay under {top} with {card}."),
                        (QueenOut(), Holds(catchers), Under(card, top)),
                        catchers=and_list(catchers), top=top, card=card)
    if points:
        yield claim(marked("{seat}'s {top} is winning this trick with {points} in it, so play {card}, which stays "
                           "under it."), (Winning(seat, top), TrickPoints(points), Under(card, top)),
                    seat=_seen(position, seat), top=top, points=points_phrase(points), card=card)
    yield claim(marked("{seat}'s {top} is winning this trick, so play {card}, which stays under it."),
                (Winning(seat, top), Under(card, top)), seat=_seen(position, seat), top=top, card=card)
    if lower:
        yield claim(marked("Nobody may throw points on the first trick unless they hold nothing else, so {card} can "
                           "take it cheaply and you keep {lower} for later."),
                    (FirstTrick(), TrickPoints(0), Over(card, top), Holds(lower)), card=card, lower=and_list(lower))
    yield claim(marked("Nobody may throw points on the first trick unless they hold nothing else, so {card} can "
                       "take it cheaply."), (FirstTrick(), TrickPoints(0), Over(card, top)), card=card)
    if lower:
        yield claim(marked("All your {suits} are above {top} and you play last, so you take this trick whatever you "
                           "play: take it with {card} and keep {lower} for later."),
                    (AllAbove(top), PlaysLast(), NoneAbove(card), Holds(lower)),
                    suits=suit_name(led), top=top, card=card, lower=and_list(lower))
    yield claim(marked("The trick holds no points and you play last, so {card} takes it safely."),
                (PlaysLast(), TrickPoints(0), Over(card, top)), card=card)
    yield claim(marked("All your {suits} are above {top}, so play {card}, your lowest: a player after you may "
                       "still go higher and take the trick."), (AllAbove(top), LowestHeld(card)),
                suits=suit_name(led), top=top, card=card)
    if led is Suit.SPADES:
        yield claim(marked("♠Q has already been played, so {card} can take this spade trick without catching it."),
                    (QueenGone(), Over(card, top)), card=card)
    if lower:
        yield claim(marked("{card} is above {top} and will probably take this trick, but the search finds that keeping "
                           "{lower} for later saves more."),
                    (TakeChance(card, figures.take_chance, likely=True), Over(card, top), Holds(lower)),
                    card=card, top=top, lower=and_list(lower))


def _discard_claims(position: Position, figures: Appraisal, seat: int, top: Card, threat: int) -> Iterator[Claim]:
    card, led = figures.card, position.trick[0].suit
    void = Void(led)
    if HighCard(card).holds(position):
        yield claim(marked("You have no {suits}, and nobody may throw points on the first trick unless they hold "
                           "nothing else: a cheap moment to get rid of {card}."),
                    (void, FirstTrick(), HighCard(card)), suits=suit_name(led), card=card)
    if threat >= 0:
        yield claim(marked("{seat} alone has taken points so far, may be shooting the moon and is winning this "
                           "trick, so give it no points: throw away {card}."),
                    (MoonThreat(threat), Winning(threat, top), void, NoPoints(card)),
                    seat=_seen(position, threat), card=card)
    if card is QUEEN_OF_SPADES:
        if len(position.trick) == NUM_SEATS - 1:
            yield claim(marked("You have no {suits}, so drop ♠Q now: {seat} takes this trick and its 13 points."),
                        (void, Winning(seat, top), PlaysLast()), suits=suit_name(led), seat=_seen(position, seat))
        yield claim(marked("You have no {suits}, so drop ♠Q now: a card off the led suit never takes the trick, "
                           "so its 13 points go to someone else."), (void,), suits=suit_name(led))
    if card.suit is Suit.HEARTS:
        yield claim(marked("You have no {suits}, so throw away {card}: a card off the led suit never takes the trick, "
                           "so its point goes to someone else."), (void,), suits=suit_name(led), card=card)
    if card.suit is Suit.SPADES and card.rank in _SPADES_ABOVE_QUEEN:
        yield claim(marked("You have no {suits}: throw away {card} now, while ♠Q is still out and {card} could "
                           "otherwise be made to catch it."), (void, QueenOut(), Holds((card,))),
                    suits=suit_name(led), card=card)
    yield claim(marked("You have no {suits}, so throw away {card}: it is the highest {suit} left and would take "
                       "any {suit} trick it is played to."), (void, TopCard(card)),
                suits=suit_name(led), card=card, suit=suit_singular(card.suit))
    yield claim(marked("You have no {suits}, so you may throw away any card: {card} is the one the search would "
                       "rather not keep."), (void,), suits=suit_name(led), card=card)


def played_claims(position: Position, figures: Appraisal) -> Iterator[Claim]:
    """What the card a seat actually played (``figures.card``) did, or risked, as the seat could see it."""
    winning = position.winning
    played = figures.card
    if winning is not None:
        _, top = winning
        points = position.trick_points
        certain = (PlaysLast(),) if len(position.trick) == NUM_SEATS - 1 else (TopCard(played),)
        if points:
            yield claim(marked("{played} is above {top}, so it takes this trick and the {points} already in it."),
                        (Over(played, top), TrickPoints(points), *certain),
                        played=played, top=top, points=points_phrase(points))
        yield claim(marked("{played} is above {top}, so it takes this trick, and whatever points are thrown on it."),
                    (Over(played, top), *certain), played=played, top=top)
        yield claim(marked("{played} is above {top}, so it takes this trick unless someone after you plays higher."),
                    (TakeChance(played, figures.take_chance, likely=True), Over(played, top)), played=played, top=top)
        return
    if played.suit is Suit.SPADES and played.rank in _SPADES_ABOVE_QUEEN:
        yield claim(marked("Leading {played} while ♠Q is still out can catch it: whoever holds ♠Q may have to play it "
                           "under your card."), (QueenOut(), Holds((played,))), played=played)
    yield claim(marked("{played} is the highest {suit} left, so it takes the trick, and any points thrown on it."),
                (TopCard(played),), played=played, suit=suit_singular(played.suit))


# ------------------------------------------------------------------- passing


def pass_claims(position: Position, cards: tuple[Card, ...]) -> tuple[Claim, ...]:
    """Why these three cards go (and ♠Q stays, when it does); every claim checked against the hand."""
    hand = position.view.hand
    said: set[Card] = set()
    claims: list[Claim] = []
    below = low_spades(position.hand)
    guard = SpadesBelowQueen(below)
    # The sound pass gives up ♠Q and the spades above it only when they are unguarded.
    unguarded = below < LOW_SPADES_TO_KEEP_QUEEN
    top_spades = tuple(card for card in cards if card.suit is Suit.SPADES and card.rank >= QUEEN and unguarded)
    others = tuple(card for card in top_spades if card is not QUEEN_OF_SPADES)
    if QUEEN_OF_SPADES in top_spades:
        claims.append(said_claim(_queen_unguarded(below, others), (guard, Holds(top_spades))))
    elif top_spades:
        claims.append(said_claim(
            say("With no spades below ♠Q, {cards} could be forced to win a spade trick that catches ♠Q.",
                cards=and_list(top_spades)) if below == 0 else
            say_n("With only {count} spade below ♠Q, {cards} could be forced to win a spade trick that catches ♠Q.",
                  "With only {count} spades below ♠Q, {cards} could be forced to win a spade trick that catches ♠Q.",
                  below, cards=and_list(top_spades)),
            (guard, QueenOut(), Holds(top_spades))))
    said.update(top_spades)
    for suit in Suit:
        held = tuple(card for card in hand if card.suit is suit)
        if not held or not set(held) <= set(cards) or set(held) <= said:
            continue
        empties = PassEmptiesSuit(suit, held, cards)
        if suit is Suit.HEARTS:
            claims.append(claim(marked("Passing {cards}, all your hearts, means that unless the cards you receive "
                                       "include a heart, you can never be made to take a trick with your own heart."),
                                (empties,), cards=and_list(held)))
        else:
            claims.append(claim(marked("Passing {cards} empties your {suits}: unless the cards you receive include "
                                       "one, you can throw away points whenever {suits} are led after the first "
                                       "trick."), (empties,), cards=and_list(held), suits=suit_name(suit)))
        said.update(held)
    hearts = tuple(card for card in cards if card.suit is Suit.HEARTS and card not in said)
    if hearts:
        claims.append(said_claim(say_n("{cards} is a high heart that could win a trick full of points.",
                                       "{cards} are high hearts that could win tricks full of points.",
                                       len(hearts), cards=and_list(hearts)),
                                 tuple(HighCard(card) for card in hearts)))
        said.update(hearts)
    rest = tuple(card for card in cards if card not in said)
    high = tuple(card for card in rest if HighCard(card).holds(position))
    if high:
        claims.append(said_claim(say_n("{cards} is a high card that could win a trick you would rather not take.",
                                       "{cards} are high cards that could win tricks you would rather not take.",
                                       len(high), cards=and_list(high)),
                                 tuple(HighCard(card) for card in high)))
    low = tuple(card for card in rest if card not in high)
    if low:
        claims.append(said_claim(say_n("{cards} fills the pass: the sound player gives it up before the cards it "
                                       "keeps.",
                                       "{cards} fill the pass: the sound player gives them up before the cards it "
                                       "keeps.",
                                       len(low), cards=and_list(low)),
                                 (Holds(low),)))
    if QUEEN_OF_SPADES in hand and QUEEN_OF_SPADES not in cards:
        claims.append(said_claim(say_n("Keep ♠Q: with {count} spade below it you can hide it and drop it on someone "
                                       "else later.",
                                       "Keep ♠Q: with {count} spades below it you can hide it and drop it on someone "
                                       "else later.", below),
                                 (guard, Holds((QUEEN_OF_SPADES,)))))
    return tuple(item for item in claims if checked(position, item.facts))


def _queen_unguarded(below: int, others: tuple[Card, ...]) -> str:
    """Why ♠Q goes: too few spades below it, with the spades above it (``others``) named when they go too."""
    if below == 0 and others:
        return say("With no spades below ♠Q to hide behind, ♠Q (13 points) is likely to be forced on you: "
                   "pass it, and {cards} with it.", cards=and_list(others))
    if below == 0:
        return say("With no spades below ♠Q to hide behind, ♠Q (13 points) is likely to be forced on you: pass it.")
    if others:
        return say_n("With only {count} spade below ♠Q to hide behind, ♠Q (13 points) is likely to be forced on you: "
                     "pass it, and {cards} with it.",
                     "With only {count} spades below ♠Q to hide behind, ♠Q (13 points) is likely to be forced on you: "
                     "pass it, and {cards} with it.", below, cards=and_list(others))
    return say_n("With only {count} spade below ♠Q to hide behind, ♠Q (13 points) is likely to be forced on you: "
                 "pass it.",
                 "With only {count} spades below ♠Q to hide behind, ♠Q (13 points) is likely to be forced on you: "
                 "pass it.", below)
