"""Judging a pass: what each passed card was worth giving or keeping, and how the pass plays out.

Design choices:

* The reference is the coach's suggested pass, :func:`hearts_core.bots.heuristic_pass`
  (the sound computer player's pass, the one the guided match's coach recommends).
* Facts first, sentences second.  Every sentence comes from a typed fact (a frozen
  dataclass below) that holds its own test against the hand, :meth:`Fact.holds`; the
  judge proposes candidate facts and keeps only those whose test passes, so a sentence
  is never used for a hand it is not true of.  Each fact has one whole pattern with named
  placeholders (and a second for plural counts), never glued fragments.
* Each passed card gets exactly one card fact (the first that holds, in the order
  :func:`card_facts` lists them); the kept hand adds what the pass left behind (♠Q
  unguarded, a high spade beside it, high cards kept).
* The verdict comes from playing the hand out: :data:`DEALS` deals of the other 39 cards
  that fit the learner's hand, the other seats passing as the sound player does, then all
  four seats playing the sound player's cards (:func:`hearts_core.policy.rollout`), once
  with the learner's pass and once with the suggested one, on the same deals so the
  difference is not blurred by luck of the deal.  A difference is only said when it is
  larger than its uncertainty (two standard errors) and big enough to round to a point:
  :func:`hearts_core.facts.clear_difference`, the coach's rule too; points are rounded
  to whole points ("about 6 points", "less than a point").  The
  deals are seeded from the hand, so the same pass always gets the same judgement.  It
  takes about a tenth of a second.

>>> from hearts_core.cards import parse_cards
>>> hand = parse_cards("♣A ♣4 ♣7 ♦K ♦3 ♦9 ♦6 ♠Q ♠5 ♥2 ♥6 ♥8 ♥J")
>>> judge_pass(hand, parse_cards("♣A ♦K ♠Q")).verdict
<PassVerdict.GOOD: 'good'>
>>> judge_pass(hand, parse_cards("♣4 ♦3 ♥2")).verdict
<PassVerdict.WEAK: 'weak'>
"""

from __future__ import annotations

import random
import statistics
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, Final

from hearts_core.bots import LOW_SPADES_TO_KEEP_QUEEN, heuristic_pass
from hearts_core.cards import ACE, DECK, JACK, KING, QUEEN, Card, Suit, format_cards, mask_of
from hearts_core.errors import InvalidPositionError
from hearts_core.facts import clear_difference
from hearts_core.kernel import Table
from hearts_core.phrasing import marked_n, suit_singular
from hearts_core.policy import low_spades, rollout
from hearts_core.rules import CARDS_IN_PASS, CARDS_PER_SEAT, NUM_SEATS, QUEEN_OF_SPADES, TWO_OF_CLUBS, Rules
from hearts_core.state import PassDirection
from hearts_core.wording import and_list, marked, say, say_n, suit_name

__all__ = [
    "DEALS",
    "Fact",
    "PassJudgement",
    "PassVerdict",
    "PlayOut",
    "Tone",
    "card_facts",
    "judge_pass",
    "kept_facts",
    "play_out",
]

DEALS: Final = 240
"""Deals played out per judgement (each twice: the learner's pass and the suggested one)."""
WEAK_BY: Final = 3.0
"""Points a hand by which the suggested pass must do better for a pass to be called weak."""
LOW_RANK: Final = 7
"""Cards up to this rank are low: easy to play under a higher card."""
HIGH_RANK: Final = QUEEN
"""Clubs and diamonds from this rank up are high: likely to win tricks."""
HIGH_HEART_RANK: Final = JACK
"""Hearts from this rank up are high: likely to win tricks full of points."""
_TOP_SPADES: Final = (ACE, KING)


class PassVerdict(StrEnum):
    """How a pass compares with the suggested one, played out."""

    GOOD = "good"
    """As good as the suggested pass (or better), within the uncertainty."""
    FAIR = "fair"
    """Worse than the suggested pass, by less than :data:`WEAK_BY` points a hand."""
    WEAK = "weak"
    """Worse than the suggested pass by :data:`WEAK_BY` points a hand or more."""


class Tone(StrEnum):
    """Whether a fact speaks for the pass or against it."""

    GOOD = "good"
    POOR = "poor"
    NEUTRAL = "neutral"


def _kept(hand: Sequence[Card], passed: Sequence[Card]) -> list[Card]:
    return [card for card in hand if card not in set(passed)]


def _is_high(card: Card) -> bool:
    if card.suit is Suit.HEARTS:
        return card.rank >= HIGH_HEART_RANK
    if card.suit is Suit.SPADES:
        return card.rank in _TOP_SPADES
    return card.rank >= HIGH_RANK


# ------------------------------------------------------------------------ facts


@dataclass(frozen=True, slots=True)
class Fact(ABC):
    """One thing true of a hand and a pass, with the sentence that says it."""

    tone: ClassVar[Tone]
    pattern: ClassVar[str]
    """The sentence, one whole pattern with named placeholders."""
    plural_pattern: ClassVar[str] = ""
    """The same sentence for a count other than one (empty: the count never changes the words)."""
    zero_pattern: ClassVar[str] = ""
    """The same sentence for a count of none (empty: the plural pattern serves)."""

    @abstractmethod
    def holds(self, hand: Sequence[Card], passed: Sequence[Card]) -> bool:
        """True if the fact is true of ``hand`` and the ``passed`` cards."""

    @abstractmethod
    def values(self) -> dict[str, str]:
        """The placeholders' values."""

    def count(self) -> int:
        """The number the sentence's plural form depends on (1 unless a fact says otherwise)."""
        return 1

    def sentence(self) -> str:
        """The fact in words, for a learner, in the active language.

        A pattern pair is said with the catalogue's plural forms (``say_n``), a count of
        none with its own pattern when the fact has one.
        """
        count, values = self.count(), self.values()
        if count == 0 and self.zero_pattern:
            return say(self.zero_pattern, **values)
        if self.plural_pattern:
            # say_n fills {count} itself, from the count that picks the plural form.
            return say_n(self.pattern, self.plural_pattern, count,
                         **{name: value for name, value in values.items() if name != "count"})
        return say(self.pattern, **values)


@dataclass(frozen=True, slots=True)
class QueenPassedUnguarded(Fact):
    """♠Q passed from a hand with too few low spades to hide it behind."""

    low_spades: int
    tone: ClassVar[Tone] = Tone.GOOD
    pattern, plural_pattern = marked_n(
        "♠Q with only {count} lower spade to hide behind is likely to be forced on you: "
        "passing it is sound.",
        "♠Q with only {count} lower spades to hide behind is likely to be forced on you: "
        "passing it is sound.")
    zero_pattern: ClassVar[str] = marked("♠Q with no lower spades to hide behind is likely to be forced on you: "
                                         "passing it is sound.")

    def holds(self, hand: Sequence[Card], passed: Sequence[Card]) -> bool:
        return (QUEEN_OF_SPADES in passed and low_spades(mask_of(hand)) == self.low_spades
                and self.low_spades < LOW_SPADES_TO_KEEP_QUEEN)

    def values(self) -> dict[str, str]:
        return {"count": str(self.low_spades)}

    def count(self) -> int:
        return self.low_spades


@dataclass(frozen=True, slots=True)
class QueenPassedGuarded(Fact):
    """♠Q passed although enough low spades could have hidden it."""

    low_spades: int
    tone: ClassVar[Tone] = Tone.NEUTRAL
    pattern: ClassVar[str] = marked("With {count} lower spades to hide behind, you could have kept ♠Q and dropped it "
                                    "on someone else later; passing it is safe, but it uses one of your three cards.")

    def holds(self, hand: Sequence[Card], passed: Sequence[Card]) -> bool:
        return (QUEEN_OF_SPADES in passed and low_spades(mask_of(hand)) == self.low_spades
                and self.low_spades >= LOW_SPADES_TO_KEEP_QUEEN)

    def values(self) -> dict[str, str]:
        return {"count": str(self.low_spades)}


@dataclass(frozen=True, slots=True)
class TopSpadePassed(Fact):
    """♠A or ♠K passed from a short spade suit: it could have been forced to catch ♠Q."""

    card: Card
    low_spades: int
    tone: ClassVar[Tone] = Tone.GOOD
    pattern, plural_pattern = marked_n(
        "{card} with only {count} spade below ♠Q could be forced to win a spade trick that "
        "catches ♠Q: passing it is sound.",
        "{card} with only {count} spades below ♠Q could be forced to win a spade trick "
        "that catches ♠Q: passing it is sound.")
    zero_pattern: ClassVar[str] = marked("{card} with no spades below ♠Q could be forced to win a spade trick that "
                                         "catches ♠Q: passing it is sound.")

    def holds(self, hand: Sequence[Card], passed: Sequence[Card]) -> bool:
        return (self.card in passed and self.card.suit is Suit.SPADES and self.card.rank in _TOP_SPADES
                and low_spades(mask_of(hand)) == self.low_spades < LOW_SPADES_TO_KEEP_QUEEN)

    def values(self) -> dict[str, str]:
        return {"card": str(self.card), "count": str(self.low_spades)}

    def count(self) -> int:
        return self.low_spades


@dataclass(frozen=True, slots=True)
class TopSpadePassedGuarded(Fact):
    """♠A or ♠K passed from a hand with enough low spades: still a card that can catch ♠Q."""

    card: Card
    low_spades: int
    tone: ClassVar[Tone] = Tone.GOOD
    pattern: ClassVar[str] = marked("{card} could win a spade trick that catches ♠Q; with {count} spades below ♠Q it "
                                    "is less of a risk, but passing it is safe.")

    def holds(self, hand: Sequence[Card], passed: Sequence[Card]) -> bool:
        return (self.card in passed and self.card.suit is Suit.SPADES and self.card.rank in _TOP_SPADES
                and low_spades(mask_of(hand)) == self.low_spades >= LOW_SPADES_TO_KEEP_QUEEN)

    def values(self) -> dict[str, str]:
        return {"card": str(self.card), "count": str(self.low_spades)}


@dataclass(frozen=True, slots=True)
class VoidMade(Fact):
    """Every card of a suit passed: the learner can throw points away when it is led."""

    suit: Suit
    cards: tuple[Card, ...]
    tone: ClassVar[Tone] = Tone.GOOD
    pattern, plural_pattern = marked_n(
        "Passing {cards}, your only {suit_one}, leaves you with no {suit}, so you can throw "
        "away points when {suit} are led.",
        "Passing {cards}, all your {suit}, leaves you with no {suit}, so you can throw "
        "away points when {suit} are led.")

    def holds(self, hand: Sequence[Card], passed: Sequence[Card]) -> bool:
        held = tuple(card for card in hand if card.suit is self.suit)
        return (self.suit is not Suit.HEARTS and bool(held) and set(held) == set(self.cards)
                and set(held) <= set(passed))

    def values(self) -> dict[str, str]:
        return {"suit": suit_name(self.suit), "suit_one": suit_singular(self.suit), "cards": and_list(self.cards)}

    def count(self) -> int:
        return len(self.cards)


@dataclass(frozen=True, slots=True)
class HighHeartPassed(Fact):
    """A high heart passed: it would win tricks full of points."""

    card: Card
    tone: ClassVar[Tone] = Tone.GOOD
    pattern: ClassVar[str] = marked("{card} is a high heart that could win tricks full of points: good to pass.")

    def holds(self, hand: Sequence[Card], passed: Sequence[Card]) -> bool:
        return self.card in passed and self.card.suit is Suit.HEARTS and self.card.rank >= HIGH_HEART_RANK

    def values(self) -> dict[str, str]:
        return {"card": str(self.card)}


@dataclass(frozen=True, slots=True)
class HighCardPassed(Fact):
    """A high club or diamond passed: it could win tricks the learner does not want."""

    card: Card
    tone: ClassVar[Tone] = Tone.GOOD
    pattern: ClassVar[str] = marked("{card} is a high {suit} that could win tricks you do not want: good to pass.")

    def holds(self, hand: Sequence[Card], passed: Sequence[Card]) -> bool:
        return (self.card in passed and self.card.suit in (Suit.CLUBS, Suit.DIAMONDS)
                and self.card.rank >= HIGH_RANK)

    def values(self) -> dict[str, str]:
        return {"card": str(self.card), "suit": suit_singular(self.card.suit)}


@dataclass(frozen=True, slots=True)
class LowestPassedHighKept(Fact):
    """A suit's lowest card passed while a high card of that suit stays in the hand."""

    card: Card
    high: Card
    tone: ClassVar[Tone] = Tone.POOR
    pattern: ClassVar[str] = marked("Passing {card}, your lowest {suit}, keeps your {high} that could win a trick you "
                                    "do not want, and gives away a card you could play under others.")

    def holds(self, hand: Sequence[Card], passed: Sequence[Card]) -> bool:
        suit = [card for card in hand if card.suit is self.card.suit]
        return (self.card in passed and self.card.rank <= LOW_RANK and self.card == min(suit)
                and self.high in _kept(hand, passed) and self.high.suit is self.card.suit and _is_high(self.high))

    def values(self) -> dict[str, str]:
        return {"card": str(self.card), "suit": suit_singular(self.card.suit), "high": str(self.high)}


@dataclass(frozen=True, slots=True)
class LowCardPassed(Fact):
    """A low card passed: a card the learner could have played under others."""

    card: Card
    tone: ClassVar[Tone] = Tone.POOR
    pattern: ClassVar[str] = marked("{card} is a low {suit}, one you can usually play under a higher card, so passing "
                                    "it gains little.")

    def holds(self, hand: Sequence[Card], passed: Sequence[Card]) -> bool:
        return self.card in passed and self.card.rank <= LOW_RANK and self.card is not QUEEN_OF_SPADES

    def values(self) -> dict[str, str]:
        return {"card": str(self.card), "suit": suit_singular(self.card.suit)}


@dataclass(frozen=True, slots=True)
class MiddleCardPassed(Fact):
    """A card neither low nor high passed."""

    card: Card
    tone: ClassVar[Tone] = Tone.NEUTRAL
    pattern: ClassVar[str] = marked("{card} is neither a high {suit} nor a low one: passing it helps less than passing "
                                    "a high card would.")

    def holds(self, hand: Sequence[Card], passed: Sequence[Card]) -> bool:
        return (self.card in passed and self.card.rank > LOW_RANK and not _is_high(self.card)
                and self.card is not QUEEN_OF_SPADES)

    def values(self) -> dict[str, str]:
        return {"card": str(self.card), "suit": suit_singular(self.card.suit)}


@dataclass(frozen=True, slots=True)
class QueenKeptUnguarded(Fact):
    """♠Q kept with too few low spades left to hide it behind."""

    low_spades: int
    tone: ClassVar[Tone] = Tone.POOR
    pattern, plural_pattern = marked_n(
        "You kept ♠Q with only {count} lower spade to hide behind: it is likely to be "
        "forced on you.",
        "You kept ♠Q with only {count} lower spades to hide behind: it is likely to be "
        "forced on you.")
    zero_pattern: ClassVar[str] = marked("You kept ♠Q with no lower spades to hide behind: it is likely to be "
                                         "forced on you.")

    def holds(self, hand: Sequence[Card], passed: Sequence[Card]) -> bool:
        kept = _kept(hand, passed)
        return QUEEN_OF_SPADES in kept and low_spades(mask_of(kept)) == self.low_spades < LOW_SPADES_TO_KEEP_QUEEN

    def values(self) -> dict[str, str]:
        return {"count": str(self.low_spades)}

    def count(self) -> int:
        return self.low_spades


@dataclass(frozen=True, slots=True)
class QueenKeptGuarded(Fact):
    """♠Q kept with enough low spades to hide it behind."""

    low_spades: int
    tone: ClassVar[Tone] = Tone.GOOD
    pattern: ClassVar[str] = marked("You kept ♠Q with {count} lower spades to hide behind: you can wait and drop it on "
                                    "someone else later.")

    def holds(self, hand: Sequence[Card], passed: Sequence[Card]) -> bool:
        kept = _kept(hand, passed)
        return QUEEN_OF_SPADES in kept and low_spades(mask_of(kept)) == self.low_spades >= LOW_SPADES_TO_KEEP_QUEEN

    def values(self) -> dict[str, str]:
        return {"count": str(self.low_spades)}


@dataclass(frozen=True, slots=True)
class TopSpadeKept(Fact):
    """♠A or ♠K kept in a short spade suit while ♠Q is not in the learner's hand."""

    card: Card
    low_spades: int
    tone: ClassVar[Tone] = Tone.POOR
    pattern, plural_pattern = marked_n(
        "You kept {card} with only {count} spade below ♠Q: it could be forced to win a spade "
        "trick that catches ♠Q.",
        "You kept {card} with only {count} spades below ♠Q: it could be forced to win a "
        "spade trick that catches ♠Q.")
    zero_pattern: ClassVar[str] = marked("You kept {card} with no spades below ♠Q: it could be forced to win a spade "
                                         "trick that catches ♠Q.")

    def holds(self, hand: Sequence[Card], passed: Sequence[Card]) -> bool:
        kept = _kept(hand, passed)
        return (self.card in kept and self.card.suit is Suit.SPADES and self.card.rank in _TOP_SPADES
                and QUEEN_OF_SPADES not in kept
                and low_spades(mask_of(kept)) == self.low_spades < LOW_SPADES_TO_KEEP_QUEEN)

    def values(self) -> dict[str, str]:
        return {"card": str(self.card), "count": str(self.low_spades)}

    def count(self) -> int:
        return self.low_spades


@dataclass(frozen=True, slots=True)
class HighCardsKept(Fact):
    """High clubs, diamonds or hearts kept while lower cards were passed."""

    cards: tuple[Card, ...]
    tone: ClassVar[Tone] = Tone.POOR
    pattern, plural_pattern = marked_n(
        "You kept {cards}, a high card that could win a trick you do not want.",
        "You kept {cards}, high cards that could win tricks you do not want.")

    def holds(self, hand: Sequence[Card], passed: Sequence[Card]) -> bool:
        kept = _kept(hand, passed)
        lower = [card for card in passed if not _is_high(card) and card is not QUEEN_OF_SPADES]
        return (bool(self.cards) and bool(lower) and all(card in kept and _is_high(card)
                                                          and card.suit is not Suit.SPADES for card in self.cards)
                and all(card.rank > min(low.rank for low in lower) for card in self.cards))

    def values(self) -> dict[str, str]:
        return {"cards": and_list(self.cards)}

    def count(self) -> int:
        return len(self.cards)


def _card_candidates(hand: Sequence[Card], card: Card, kept: Sequence[Card]) -> Iterator[Fact]:
    """What might be said of passing ``card``, in order of preference."""
    below = low_spades(mask_of(hand))
    yield QueenPassedUnguarded(below)
    yield QueenPassedGuarded(below)
    yield TopSpadePassed(card, below)
    yield TopSpadePassedGuarded(card, below)
    yield HighHeartPassed(card)
    yield HighCardPassed(card)
    for high in sorted((c for c in kept if c.suit is card.suit), reverse=True):
        yield LowestPassedHighKept(card, high)
    yield LowCardPassed(card)
    yield MiddleCardPassed(card)


def card_facts(hand: Sequence[Card], passed: Sequence[Card]) -> list[tuple[tuple[Card, ...], Fact]]:
    """For each passed card (or group: a suit passed whole), the one fact that says what it was worth."""
    passed = sorted(passed)
    kept = _kept(hand, passed)
    said: set[Card] = set()
    found: list[tuple[tuple[Card, ...], Fact]] = []
    # ♠Q and the spades above it first: what matters about them is the spades left to hide behind.
    for card in sorted(passed, key=lambda c: (c is not QUEEN_OF_SPADES, c.suit is not Suit.SPADES, c)):
        if card in said:
            continue
        group = tuple(c for c in passed if c.suit is card.suit)
        void = VoidMade(card.suit, group)
        if card.suit is not Suit.SPADES and void.holds(hand, passed):
            found.append((group, void))
            said.update(group)
            continue
        for fact in _card_candidates(hand, card, kept):
            if (card is QUEEN_OF_SPADES) != isinstance(fact, QueenPassedUnguarded | QueenPassedGuarded):
                continue
            if fact.holds(hand, passed):
                found.append(((card,), fact))
                said.add(card)
                break
    return found


def kept_facts(hand: Sequence[Card], passed: Sequence[Card]) -> list[Fact]:
    """What the pass left in the hand: ♠Q with or without a guard, an exposed top spade, high cards.

    High cards already named by a card fact (a low card passed while they stay) are not named again.
    """
    kept = _kept(hand, passed)
    named = {fact.high for _, fact in card_facts(hand, passed) if isinstance(fact, LowestPassedHighKept)}
    below = low_spades(mask_of(kept))
    candidates: list[Fact] = [QueenKeptUnguarded(below), QueenKeptGuarded(below)]
    candidates += [TopSpadeKept(card, below) for card in kept]
    high = tuple(sorted((card for card in kept if _is_high(card) and card.suit is not Suit.SPADES
                         and card not in named),
                        key=lambda c: (-c.rank, c.suit))[:CARDS_IN_PASS])
    candidates.append(HighCardsKept(high))
    return [fact for fact in candidates if fact.holds(hand, passed)]


# --------------------------------------------------------------------- play-out


@dataclass(frozen=True, slots=True)
class PlayOut:
    """The learner's pass and the suggested one, each played out over the same deals."""

    deals: int
    mine: float
    """The learner's average points a hand with its own pass."""
    suggested: float
    """The same with the suggested pass."""
    difference: float
    """``mine - suggested``: above zero, the suggested pass did better."""
    error: float
    """Standard error of ``difference``."""

    @property
    def suggested_better(self) -> bool:
        """The suggested pass did clearly better (:func:`~hearts_core.facts.clear_difference`)."""
        return clear_difference(self.difference, self.error)

    @property
    def mine_better(self) -> bool:
        """The learner's pass did clearly better."""
        return clear_difference(-self.difference, self.error)


def play_out(hand: Sequence[Card], passed: Sequence[Card], direction: PassDirection,
             suggested: Sequence[Card], deals: int = DEALS) -> PlayOut:
    """Both passes played out over ``deals`` seeded deals that fit ``hand`` (see the module notes)."""
    rng = random.Random(f"hearts-lessons pass judge {format_cards(sorted(hand))} {direction.value}")
    rest = [card for card in DECK if card not in set(hand)]
    options = (tuple(passed), tuple(suggested))
    mine: list[int] = []
    theirs: list[int] = []
    for _ in range(deals):
        rng.shuffle(rest)
        hands = [tuple(hand), *(tuple(rest[i * CARDS_PER_SEAT:(i + 1) * CARDS_PER_SEAT]) for i in range(3))]
        passes = [(), *(heuristic_pass(tuple(sorted(other))) for other in hands[1:])]
        for option, scores in zip(options, (mine, theirs), strict=True):
            passes[0] = option
            masks = []
            for seat in range(NUM_SEATS):
                giver = direction.passer(seat)
                masks.append((mask_of(hands[seat]) & ~mask_of(passes[seat])) | mask_of(passes[giver]))
            leader = next(seat for seat in range(NUM_SEATS) if masks[seat] & TWO_OF_CLUBS.bit)
            table = Table(masks, [], leader, 0, False, [0] * NUM_SEATS, Rules())
            rollout(table)
            scores.append(table.scores()[0])
    differences = [a - b for a, b in zip(mine, theirs, strict=True)]
    error = statistics.stdev(differences) / deals ** 0.5 if deals > 1 else 0.0
    return PlayOut(deals, statistics.fmean(mine), statistics.fmean(theirs), statistics.fmean(differences), error)


def _points(value: float) -> str:
    """Points rounded to what they mean: ``less than a point``, ``about 1 point``, ``about 6 points``."""
    rounded = round(value)
    if rounded < 1:
        return say("less than a point")
    return say_n("about {count} point", "about {count} points", rounded)


# ------------------------------------------------------------------- judgement

_SAME: Final = marked("A good pass: it is the one the coach suggests.")
_BETTER: Final = marked("A good pass: played out, it does better than the coach's suggested pass, by {gap} a hand.")
_ABOUT: Final = marked("A good pass: played out, it does about as well as the coach's suggested pass.")
_ABOUT_BUT: Final = marked("A fair pass: played out, it does about as well as the coach's suggested pass, though the "
                           "notes below say what it could do better.")
_FAIR: Final = marked("A fair pass, but the coach's suggested pass saves {gap} a hand.")
_WEAK: Final = marked("A weak pass: the coach's suggested pass saves {gap} a hand.")
_PLAYED_SAME: Final = marked("Played out over {deals} deals that fit your hand, with every player using the computers' "
                             "sound play, this pass took {mine} a hand.")
_PLAYED: Final = marked("Played out over {deals} deals that fit your hand, with every player using the computers' "
                        "sound play, your pass took {mine} a hand and the suggested pass {theirs}.")
_SUGGESTION: Final = marked("The coach's suggested pass is {cards}.")


@dataclass(frozen=True, slots=True)
class PassJudgement:
    """The verdict on a pass, the facts behind it, and the suggested pass with its own reasons."""

    verdict: PassVerdict
    summary: str
    passed: tuple[Card, ...]
    suggested: tuple[Card, ...]
    cards: tuple[tuple[tuple[Card, ...], Fact], ...]
    """What each passed card was worth giving (one fact per card, or per suit passed whole)."""
    kept: tuple[Fact, ...]
    """What the pass left in the hand."""
    suggestion: tuple[tuple[tuple[Card, ...], Fact], ...]
    """Why the suggested cards go (empty when the learner passed exactly those)."""
    play_out: PlayOut

    @property
    def same_as_suggested(self) -> bool:
        """The learner passed the suggested cards."""
        return set(self.passed) == set(self.suggested)

    def lines(self) -> list[str]:
        """Every sentence of the judgement after the summary, in reading order."""
        return [*self.pass_lines(), *self.suggestion_lines()]

    def pass_lines(self) -> list[str]:
        """What the learner's pass gave and kept, and how it played out."""
        words = [fact.sentence() for _, fact in self.cards]
        words += [fact.sentence() for fact in self.kept]
        outcome = self.play_out
        if self.same_as_suggested:
            words.append(say(_PLAYED_SAME, deals=outcome.deals, mine=_points(outcome.mine)))
        else:
            words.append(say(_PLAYED, deals=outcome.deals, mine=_points(outcome.mine),
                             theirs=_points(outcome.suggested)))
        return words

    def suggestion_lines(self) -> list[str]:
        """The coach's suggested pass and why its other cards go (nothing when the learner passed it)."""
        if self.same_as_suggested:
            return []
        return [say(_SUGGESTION, cards=and_list(self.suggested)), *(fact.sentence() for _, fact in self.suggestion)]


def judge_pass(hand: Sequence[Card], passed: Sequence[Card], direction: PassDirection | str = PassDirection.LEFT,
               *, deals: int = DEALS) -> PassJudgement:
    """Judge passing ``passed`` from ``hand``: facts about each card, the kept hand, and a play-out.

    Raises:
        InvalidPositionError: ``hand`` is not 13 different cards, or ``passed`` is not
            three different cards of it.
    """
    hand = tuple(sorted(hand))
    passed = tuple(sorted(passed))
    if len(set(hand)) != CARDS_PER_SEAT or len(hand) != CARDS_PER_SEAT:
        raise InvalidPositionError(f"a hand to pass from has {CARDS_PER_SEAT} different cards, not "
                                   f"{format_cards(hand)!r}")
    if len(set(passed)) != CARDS_IN_PASS or len(passed) != CARDS_IN_PASS or not set(passed) <= set(hand):
        raise InvalidPositionError(f"a pass is {CARDS_IN_PASS} different cards of the hand, not "
                                   f"{format_cards(passed)!r}")
    way = PassDirection(direction)
    if way is PassDirection.HOLD:
        raise InvalidPositionError("nothing is passed on a hold hand")
    suggested = tuple(sorted(heuristic_pass(hand)))
    outcome = play_out(hand, passed, way, suggested, deals)
    same = set(passed) == set(suggested)
    given = card_facts(hand, passed)
    kept = kept_facts(hand, passed)
    poor = any(fact.tone is Tone.POOR for fact in (*(fact for _, fact in given), *kept))
    if same:
        verdict, summary = PassVerdict.GOOD, _SAME
    elif outcome.mine_better:
        verdict, summary = PassVerdict.GOOD, _BETTER
    elif not outcome.suggested_better:
        verdict, summary = (PassVerdict.FAIR, _ABOUT_BUT) if poor else (PassVerdict.GOOD, _ABOUT)
    elif outcome.difference < WEAK_BY:
        verdict, summary = PassVerdict.FAIR, _FAIR
    else:
        verdict, summary = PassVerdict.WEAK, _WEAK
    # The suggestion's reasons, for the cards the learner did not pass (the others were said above).
    others = tuple((group, fact) for group, fact in card_facts(hand, suggested) if not set(group) <= set(passed))
    return PassJudgement(verdict, say(summary, gap=_points(abs(outcome.difference))), passed, suggested,
                         tuple(given), tuple(kept), () if same else others, outcome)
