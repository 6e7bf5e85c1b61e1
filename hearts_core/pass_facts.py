"""Facts about a pass: what each card passed was worth giving, and what the pass left in the hand.

Design choices:

* These are facts of :mod:`hearts_core.facts`, checked on a
  :class:`~hearts_core.facts.Situation` before the pass (the hand and the three cards
  passed, :meth:`~hearts_core.facts.Situation.before_pass`), so a pass is explained in the
  same framework as a play: a sentence is used only for a position its fact holds of.
* Each fact carries one whole pattern with named placeholders (and a second for plural
  counts, a third for none), never glued fragments, and a :class:`PassTone`: whether it
  speaks for the pass or against it.
* Each passed card gets exactly one card fact (the first that holds, in the order
  :func:`card_facts` lists them); the kept hand adds what the pass left behind (♠Q
  unguarded, a high spade beside it, high cards kept).  The same facts, in the same
  words, explain the learner's pass (:mod:`hearts_core.pass_judge`) and the coach's
  suggested one (:func:`explain_pass`, :func:`hearts_core.coach.recommend`); each also
  names the plain facts it rests on (:meth:`PassFact.grounds`), which the coach lists.
* "High" depends on the suit: hearts from :data:`HIGH_HEART_RANK` (they win tricks full
  of points), clubs and diamonds from :data:`HIGH_SIDE_RANK`, spades only above ♠Q.

>>> from hearts_core.cards import parse_cards
>>> hand = parse_cards("♣A ♣4 ♣7 ♦K ♦3 ♦9 ♦6 ♠Q ♠5 ♥2 ♥6 ♥8 ♥J")
>>> for fact in explain_pass(Situation.before_pass(hand, parse_cards("♣A ♦K ♠Q"))):
...     print(fact.sentence())
With only 1 spade below ♠Q to hide behind, ♠Q (13 points) is likely to be forced on you: pass it.
♣A and ♦K are high cards that could win tricks you would rather not take.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, Final

from hearts_core.bots import LOW_SPADES_TO_KEEP_QUEEN
from hearts_core.cards import ACE, JACK, KING, QUEEN, Card, Suit, mask_of
from hearts_core.facts import Fact, HighCard, Holds, PassEmptiesSuit, Situation, SpadesBelowQueen
from hearts_core.phrasing import marked_n, suit_singular
from hearts_core.policy import low_spades
from hearts_core.rules import CARDS_IN_PASS, QUEEN_OF_SPADES
from hearts_core.wording import and_list, marked, say, say_n, suit_name

__all__ = [
    "HIGH_HEART_RANK",
    "HIGH_SIDE_RANK",
    "LOW_RANK",
    "HighCardsKept",
    "HighCardsPassed",
    "HighHeartsPassed",
    "LowCardPassed",
    "LowestPassedHighKept",
    "MiddleCardPassed",
    "PassFact",
    "PassTone",
    "QueenKeptGuarded",
    "QueenKeptUnguarded",
    "QueenPassedGuarded",
    "QueenPassedUnguarded",
    "TopSpadeKept",
    "TopSpadePassed",
    "TopSpadePassedGuarded",
    "VoidMade",
    "card_facts",
    "explain_pass",
    "kept_facts",
]

LOW_RANK: Final = 7
"""Cards up to this rank are low: easy to play under a higher card."""
HIGH_SIDE_RANK: Final = QUEEN
"""Clubs and diamonds from this rank up are high: likely to win tricks."""
HIGH_HEART_RANK: Final = JACK
"""Hearts from this rank up are high: likely to win tricks full of points."""
_TOP_SPADES: Final = (ACE, KING)


class PassTone(StrEnum):
    """Whether a fact speaks for the pass or against it."""

    GOOD = "good"
    POOR = "poor"
    NEUTRAL = "neutral"


def _is_high(card: Card) -> bool:
    if card.suit is Suit.HEARTS:
        return card.rank >= HIGH_HEART_RANK
    if card.suit is Suit.SPADES:
        return card.rank in _TOP_SPADES
    return card.rank >= HIGH_SIDE_RANK


# ------------------------------------------------------------------------ facts


@dataclass(frozen=True, slots=True)
class PassFact(Fact):
    """One thing true of a hand and the cards it passes, with the sentence that says it."""

    tone: ClassVar[PassTone]
    pattern: ClassVar[str]
    """The sentence, one whole pattern with named placeholders."""
    plural_pattern: ClassVar[str] = ""
    """The same sentence for a count other than one (empty: the count never changes the words)."""
    zero_pattern: ClassVar[str] = ""
    """The same sentence for a count of none (empty: the plural pattern serves)."""

    def values(self) -> dict[str, str]:
        """The placeholders' values."""
        raise NotImplementedError

    def grounds(self, position: Situation) -> tuple[Fact, ...]:
        """The plain facts of :mod:`hearts_core.facts` the sentence rests on (what the coach lists and checks).

        A reader of the coach's reason can check these against the hand alone; the fact's
        own :meth:`holds` is the whole claim.
        """
        raise NotImplementedError

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
class QueenPassedUnguarded(PassFact):
    """♠Q passed from a hand with too few low spades to hide it behind."""

    low_spades: int
    tone: ClassVar[PassTone] = PassTone.GOOD
    pattern, plural_pattern = marked_n(
        "With only {count} spade below ♠Q to hide behind, ♠Q (13 points) is likely to be forced on you: pass it.",
        "With only {count} spades below ♠Q to hide behind, ♠Q (13 points) is likely to be forced on you: pass it.")
    zero_pattern: ClassVar[str] = marked("With no spades below ♠Q to hide behind, ♠Q (13 points) is likely to be "
                                         "forced on you: pass it.")

    def holds(self, position: Situation) -> bool:
        return (QUEEN_OF_SPADES in position.passing and low_spades(position.hand) == self.low_spades
                and self.low_spades < LOW_SPADES_TO_KEEP_QUEEN)

    def grounds(self, position: Situation) -> tuple[Fact, ...]:
        return SpadesBelowQueen(self.low_spades), Holds((QUEEN_OF_SPADES,))

    def values(self) -> dict[str, str]:
        return {"count": str(self.low_spades)}

    def count(self) -> int:
        return self.low_spades


@dataclass(frozen=True, slots=True)
class QueenPassedGuarded(PassFact):
    """♠Q passed although enough low spades could have hidden it."""

    low_spades: int
    tone: ClassVar[PassTone] = PassTone.NEUTRAL
    pattern: ClassVar[str] = marked("With {count} lower spades to hide behind, you could have kept ♠Q and dropped it "
                                    "on someone else later; passing it is safe, but it uses one of your three cards.")

    def holds(self, position: Situation) -> bool:
        return (QUEEN_OF_SPADES in position.passing and low_spades(position.hand) == self.low_spades
                and self.low_spades >= LOW_SPADES_TO_KEEP_QUEEN)

    def grounds(self, position: Situation) -> tuple[Fact, ...]:
        return SpadesBelowQueen(self.low_spades), Holds((QUEEN_OF_SPADES,))

    def values(self) -> dict[str, str]:
        return {"count": str(self.low_spades)}


@dataclass(frozen=True, slots=True)
class TopSpadePassed(PassFact):
    """♠A or ♠K passed from a short spade suit: it could have been forced to catch ♠Q.

    Only while the seat keeps no ♠Q of its own: a trick cannot hold both of the seat's cards, so
    with ♠Q kept the sentence would be false (tests/meanings.py found it said so).
    """

    card: Card
    low_spades: int
    tone: ClassVar[PassTone] = PassTone.GOOD
    pattern, plural_pattern = marked_n(
        "With only {count} spade below ♠Q, {cards} could be forced to win a spade trick that catches ♠Q.",
        "With only {count} spades below ♠Q, {cards} could be forced to win a spade trick that catches ♠Q.")
    zero_pattern: ClassVar[str] = marked("With no spades below ♠Q, {cards} could be forced to win a spade trick "
                                         "that catches ♠Q.")

    def holds(self, position: Situation) -> bool:
        return (self.card in position.passing and self.card.suit is Suit.SPADES and self.card.rank in _TOP_SPADES
                and QUEEN_OF_SPADES not in position.kept
                and low_spades(position.hand) == self.low_spades < LOW_SPADES_TO_KEEP_QUEEN)

    def grounds(self, position: Situation) -> tuple[Fact, ...]:
        return SpadesBelowQueen(self.low_spades), Holds((self.card,))

    def values(self) -> dict[str, str]:
        return {"cards": str(self.card), "count": str(self.low_spades)}

    def count(self) -> int:
        return self.low_spades


@dataclass(frozen=True, slots=True)
class TopSpadePassedGuarded(PassFact):
    """♠A or ♠K passed from a hand with enough low spades: still a card that can catch ♠Q.

    Only while the seat keeps no ♠Q of its own (see :class:`TopSpadePassed`).
    """

    card: Card
    low_spades: int
    tone: ClassVar[PassTone] = PassTone.GOOD
    pattern: ClassVar[str] = marked("{card} could win a spade trick that catches ♠Q; with {count} spades below ♠Q it "
                                    "is less of a risk, but passing it is safe.")

    def holds(self, position: Situation) -> bool:
        return (self.card in position.passing and self.card.suit is Suit.SPADES and self.card.rank in _TOP_SPADES
                and QUEEN_OF_SPADES not in position.kept
                and low_spades(position.hand) == self.low_spades >= LOW_SPADES_TO_KEEP_QUEEN)

    def grounds(self, position: Situation) -> tuple[Fact, ...]:
        return SpadesBelowQueen(self.low_spades), Holds((self.card,))

    def values(self) -> dict[str, str]:
        return {"card": str(self.card), "count": str(self.low_spades)}


@dataclass(frozen=True, slots=True)
class VoidMade(PassFact):
    """Every card of a suit passed: the learner can throw points away when it is led."""

    suit: Suit
    cards: tuple[Card, ...]
    tone: ClassVar[PassTone] = PassTone.GOOD
    # The void lasts only if none of the cards received is of the suit, and trick one keeps points off.
    pattern: ClassVar[str] = marked("Passing {cards} empties your {suits}: unless the cards you receive include one, "
                                    "you can throw away points whenever {suits} are led after the first trick.")

    def holds(self, position: Situation) -> bool:
        held = tuple(card for card in position.view.hand if card.suit is self.suit)
        return (self.suit is not Suit.HEARTS and bool(held) and set(held) == set(self.cards)
                and set(held) <= set(position.passing))

    def grounds(self, position: Situation) -> tuple[Fact, ...]:
        return (PassEmptiesSuit(self.suit, self.cards, position.passing),)

    def values(self) -> dict[str, str]:
        return {"suits": suit_name(self.suit), "cards": and_list(self.cards)}


@dataclass(frozen=True, slots=True)
class _CardsFact(PassFact):
    """A fact about several cards at once, said of them all in one sentence whose plural follows their number."""

    cards: tuple[Card, ...]

    def values(self) -> dict[str, str]:
        return {"cards": and_list(self.cards)}

    def count(self) -> int:
        return len(self.cards)


@dataclass(frozen=True, slots=True)
class _HighCardsPassed(_CardsFact):
    """High cards passed: the sentence rests on each being high (:class:`~hearts_core.facts.HighCard`)."""

    def grounds(self, position: Situation) -> tuple[Fact, ...]:
        return tuple(HighCard(card) for card in self.cards)


@dataclass(frozen=True, slots=True)
class HighHeartsPassed(_HighCardsPassed):
    """High hearts passed: they would win tricks full of points."""

    tone: ClassVar[PassTone] = PassTone.GOOD
    pattern, plural_pattern = marked_n("{cards} is a high heart that could win a trick full of points.",
                                       "{cards} are high hearts that could win tricks full of points.")

    def holds(self, position: Situation) -> bool:
        return bool(self.cards) and all(card in position.passing and card.suit is Suit.HEARTS
                                        and card.rank >= HIGH_HEART_RANK for card in self.cards)


@dataclass(frozen=True, slots=True)
class HighCardsPassed(_HighCardsPassed):
    """High clubs or diamonds passed: they could win tricks the learner does not want.

    ♠A and ♠K count as such cards too when the seat keeps ♠Q: they cannot catch their own queen
    (:class:`TopSpadePassed` would say they could), but they can still win a spade trick that
    others throw hearts on.
    """

    tone: ClassVar[PassTone] = PassTone.GOOD
    pattern, plural_pattern = marked_n("{cards} is a high card that could win a trick you would rather not take.",
                                       "{cards} are high cards that could win tricks you would rather not take.")

    def holds(self, position: Situation) -> bool:
        return bool(self.cards) and all(card in position.passing and card.rank >= HIGH_SIDE_RANK and (
            card.suit in (Suit.CLUBS, Suit.DIAMONDS)
            or (card.rank in _TOP_SPADES and card.suit is Suit.SPADES and QUEEN_OF_SPADES in position.kept))
            for card in self.cards)


@dataclass(frozen=True, slots=True)
class LowestPassedHighKept(PassFact):
    """A suit's lowest card passed while a high card of that suit stays in the hand."""

    card: Card
    high: Card
    tone: ClassVar[PassTone] = PassTone.POOR
    pattern: ClassVar[str] = marked("Passing {card}, your lowest {suit}, keeps your {high} that could win a trick you "
                                    "do not want, and gives away a card you could play under others.")

    def holds(self, position: Situation) -> bool:
        suit = [card for card in position.view.hand if card.suit is self.card.suit]
        return (self.card in position.passing and self.card.rank <= LOW_RANK and self.card == min(suit)
                and self.high in position.kept and self.high.suit is self.card.suit and _is_high(self.high))

    def grounds(self, position: Situation) -> tuple[Fact, ...]:
        return (Holds((self.card, self.high)),)

    def values(self) -> dict[str, str]:
        return {"card": str(self.card), "suit": suit_singular(self.card.suit), "high": str(self.high)}


@dataclass(frozen=True, slots=True)
class LowCardPassed(PassFact):
    """A low card passed: a card the learner could have played under others."""

    card: Card
    tone: ClassVar[PassTone] = PassTone.POOR
    pattern: ClassVar[str] = marked("{card} is a low {suit}, one you can usually play under a higher card, so passing "
                                    "it gains little.")

    def holds(self, position: Situation) -> bool:
        return self.card in position.passing and self.card.rank <= LOW_RANK and self.card is not QUEEN_OF_SPADES

    def grounds(self, position: Situation) -> tuple[Fact, ...]:
        return (Holds((self.card,)),)

    def values(self) -> dict[str, str]:
        return {"card": str(self.card), "suit": suit_singular(self.card.suit)}


@dataclass(frozen=True, slots=True)
class MiddleCardPassed(PassFact):
    """A card neither low nor high passed."""

    card: Card
    tone: ClassVar[PassTone] = PassTone.NEUTRAL
    pattern: ClassVar[str] = marked("{card} is neither a high {suit} nor a low one: passing it helps less than passing "
                                    "a high card would.")

    def holds(self, position: Situation) -> bool:
        return (self.card in position.passing and self.card.rank > LOW_RANK and not _is_high(self.card)
                and self.card is not QUEEN_OF_SPADES)

    def grounds(self, position: Situation) -> tuple[Fact, ...]:
        return (Holds((self.card,)),)

    def values(self) -> dict[str, str]:
        return {"card": str(self.card), "suit": suit_singular(self.card.suit)}


@dataclass(frozen=True, slots=True)
class QueenKeptUnguarded(PassFact):
    """♠Q kept with too few low spades left to hide it behind."""

    low_spades: int
    tone: ClassVar[PassTone] = PassTone.POOR
    pattern, plural_pattern = marked_n(
        "You kept ♠Q with only {count} lower spade to hide behind: it is likely to be "
        "forced on you.",
        "You kept ♠Q with only {count} lower spades to hide behind: it is likely to be "
        "forced on you.")
    zero_pattern: ClassVar[str] = marked("You kept ♠Q with no lower spades to hide behind: it is likely to be "
                                         "forced on you.")

    def holds(self, position: Situation) -> bool:
        kept = position.kept
        return QUEEN_OF_SPADES in kept and low_spades(mask_of(kept)) == self.low_spades < LOW_SPADES_TO_KEEP_QUEEN

    def values(self) -> dict[str, str]:
        return {"count": str(self.low_spades)}

    def count(self) -> int:
        return self.low_spades


@dataclass(frozen=True, slots=True)
class QueenKeptGuarded(PassFact):
    """♠Q kept with enough low spades to hide it behind."""

    low_spades: int
    tone: ClassVar[PassTone] = PassTone.GOOD
    pattern, plural_pattern = marked_n(
        "Keep ♠Q: with {count} spade below it you can hide it and drop it on someone else later.",
        "Keep ♠Q: with {count} spades below it you can hide it and drop it on someone else later.")

    def holds(self, position: Situation) -> bool:
        kept = position.kept
        return QUEEN_OF_SPADES in kept and low_spades(mask_of(kept)) == self.low_spades >= LOW_SPADES_TO_KEEP_QUEEN

    def grounds(self, position: Situation) -> tuple[Fact, ...]:
        below = tuple(card for card in position.kept if card.suit is Suit.SPADES and card < QUEEN_OF_SPADES)
        return (Holds((QUEEN_OF_SPADES, *below)),)

    def values(self) -> dict[str, str]:
        return {"count": str(self.low_spades)}

    def count(self) -> int:
        return self.low_spades


@dataclass(frozen=True, slots=True)
class TopSpadeKept(PassFact):
    """♠A or ♠K kept in a short spade suit while ♠Q is not in the learner's hand."""

    card: Card
    low_spades: int
    tone: ClassVar[PassTone] = PassTone.POOR
    pattern, plural_pattern = marked_n(
        "You kept {card} with only {count} spade below ♠Q: it could be forced to win a spade "
        "trick that catches ♠Q.",
        "You kept {card} with only {count} spades below ♠Q: it could be forced to win a "
        "spade trick that catches ♠Q.")
    zero_pattern: ClassVar[str] = marked("You kept {card} with no spades below ♠Q: it could be forced to win a spade "
                                         "trick that catches ♠Q.")

    def holds(self, position: Situation) -> bool:
        kept = position.kept
        return (self.card in kept and self.card.suit is Suit.SPADES and self.card.rank in _TOP_SPADES
                and QUEEN_OF_SPADES not in kept
                and low_spades(mask_of(kept)) == self.low_spades < LOW_SPADES_TO_KEEP_QUEEN)

    def values(self) -> dict[str, str]:
        return {"card": str(self.card), "count": str(self.low_spades)}

    def count(self) -> int:
        return self.low_spades


@dataclass(frozen=True, slots=True)
class HighCardsKept(_CardsFact):
    """High clubs, diamonds or hearts kept while lower cards were passed."""

    tone: ClassVar[PassTone] = PassTone.POOR
    pattern, plural_pattern = marked_n(
        "You kept {cards}, a high card that could win a trick you do not want.",
        "You kept {cards}, high cards that could win tricks you do not want.")

    def holds(self, position: Situation) -> bool:
        kept = position.kept
        lower = [card for card in position.passing if not _is_high(card) and card is not QUEEN_OF_SPADES]
        return (bool(self.cards) and bool(lower) and all(card in kept and _is_high(card)
                                                          and card.suit is not Suit.SPADES for card in self.cards)
                and all(card.rank > min(low.rank for low in lower) for card in self.cards))


def _card_candidates(position: Situation, card: Card) -> Iterator[PassFact]:
    """What might be said of passing ``card``, in order of preference."""
    below = low_spades(position.hand)
    yield QueenPassedUnguarded(below)
    yield QueenPassedGuarded(below)
    yield TopSpadePassed(card, below)
    yield TopSpadePassedGuarded(card, below)
    yield HighHeartsPassed((card,))
    yield HighCardsPassed((card,))
    for high in sorted((c for c in position.kept if c.suit is card.suit), reverse=True):
        yield LowestPassedHighKept(card, high)
    yield LowCardPassed(card)
    yield MiddleCardPassed(card)


# The order a pass is explained in: what matters most first (♠Q, the spades that catch it, voids, high cards).
_ORDER: Final = (QueenPassedUnguarded, QueenPassedGuarded, TopSpadePassed, TopSpadePassedGuarded, VoidMade,
                 HighHeartsPassed, HighCardsPassed)


def card_facts(position: Situation) -> list[tuple[tuple[Card, ...], PassFact]]:
    """For each card passed, or group of them, the one fact that says what it was worth, most telling first.

    A group is a suit passed whole, the high hearts, or the high clubs and diamonds.
    ``position`` is one before the pass (:meth:`~hearts_core.facts.Situation.before_pass`).
    """
    passed = position.passing
    said: set[Card] = set()
    found: list[tuple[tuple[Card, ...], PassFact]] = []
    # ♠Q and the spades above it first: what matters about them is the spades left to hide behind.
    for card in sorted(passed, key=lambda c: (c is not QUEEN_OF_SPADES, c.suit is not Suit.SPADES, c)):
        if card in said:
            continue
        group = tuple(c for c in passed if c.suit is card.suit)
        void = VoidMade(card.suit, group)
        if card.suit is not Suit.SPADES and void.holds(position):
            found.append((group, void))
            said.update(group)
            continue
        for fact in _card_candidates(position, card):
            if (card is QUEEN_OF_SPADES) != isinstance(fact, QueenPassedUnguarded | QueenPassedGuarded):
                continue
            if fact.holds(position):
                found.append(((card,), fact))
                said.add(card)
                break
    # High hearts, and high clubs and diamonds, are each said in one sentence.
    for kind in (HighHeartsPassed, HighCardsPassed):
        alike = tuple(card for group, fact in found if isinstance(fact, kind) for card in group)
        if len(alike) > 1:
            found = [*(item for item in found if not isinstance(item[1], kind)), (alike, kind(alike))]
    return sorted(found, key=lambda item: next((rank for rank, kind in enumerate(_ORDER) if isinstance(item[1], kind)),
                                               len(_ORDER)))


def explain_pass(position: Situation) -> list[PassFact]:
    """Why the cards passed go, and ♠Q stays when it is kept guarded: the coach's reason for its suggested pass.

    The same facts, in the same words, as the judge's account of a learner's pass
    (:func:`card_facts`, :func:`kept_facts`), so the suggestion and the judgement of a pass
    can never explain one card two ways.
    """
    kept = [fact for fact in kept_facts(position) if isinstance(fact, QueenKeptGuarded)]
    return [*(fact for _, fact in card_facts(position)), *kept]


def kept_facts(position: Situation) -> list[PassFact]:
    """What the pass left in the hand: ♠Q with or without a guard, an exposed top spade, high cards.

    High cards already named by a card fact (a low card passed while they stay) are not named again.
    """
    kept = position.kept
    named = {fact.high for _, fact in card_facts(position) if isinstance(fact, LowestPassedHighKept)}
    below = low_spades(mask_of(kept))
    candidates: list[PassFact] = [QueenKeptUnguarded(below), QueenKeptGuarded(below)]
    candidates += [TopSpadeKept(card, below) for card in kept]
    high = tuple(sorted((card for card in kept if _is_high(card) and card.suit is not Suit.SPADES
                         and card not in named),
                        key=lambda c: (-c.rank, c.suit))[:CARDS_IN_PASS])
    candidates.append(HighCardsKept(high))
    return [fact for fact in candidates if fact.holds(position)]
