"""Drills: practice positions dealt from real hands, seeded, each filtered to one rule.

Design choices:

* A drill item is found, not written: :func:`deal_item` deals real 13-card hands from a
  seed, plays them with random legal cards (the engine's :meth:`HandState.legal_plays`),
  and keeps a moment that exercises the rule asked for.  Which moments count is decided
  by asking the engine (:func:`check_play` reasons, :func:`trick_winner`,
  :func:`penalty_points`), never by re-stating a rule here, and :func:`exercises` asks
  the same question again so a test can check every dealt item.
* The player whose moment it is becomes the learner: seats are turned so that player is
  seat 0 ("You") and the others keep their order round the table.
* The same ``(rule, seed)`` always gives the same item (a private ``random.Random`` seeded
  from both), so a learner's "position 7" can be dealt again and a test can reproduce it.
* Two exceptions almost never happen in a random deal, so they are dealt on purpose,
  still as a real deal played from the start: for "all penalty cards" the learner is
  dealt thirteen of the fourteen cards that carry points (about one deal in eleven
  billion for somebody at the table, see :data:`ALL_PENALTY_ODDS`), and for "only hearts
  to lead" the learner's remaining cards are hearts with hearts still unbroken, which is
  reached from a deal where the learner holds the hearts and wins tricks with high cards.
* The exceptions are the rare case and are practised as one: when a drill mixes them
  with common rules, :func:`choose_rule` deals an exception at :data:`EXCEPTION_SHARE`
  (one position in eight) and a common rule the rest of the time, and never opens a
  drill on one.  A drill of exceptions alone deals nothing else.
* A drill may open with a warm-up (:func:`warm_up_item`): the same position every time for
  the same rules, the common case of following suit when that is one of them.  Being the same
  for everyone, a page can draw it before Python has run; the positions after it are dealt
  from the drill's seed as always.
* Pure standard library, like the rest of the engine.

>>> item = deal_item(DrillKey.FOLLOW_SUIT, 3)
>>> item == deal_item(DrillKey.FOLLOW_SUIT, 3) and exercises(item)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from math import comb
from typing import Final

from hearts_core.cards import DECK, Card, Suit
from hearts_core.legality import Reason, check_play, trick_winner
from hearts_core.match import deal_hands
from hearts_core.rules import CARDS_PER_SEAT, NUM_SEATS, QUEEN_OF_SPADES, TWO_OF_CLUBS
from hearts_core.scenarios import Position, TrickExample
from hearts_core.scoring import card_points, penalty_points
from hearts_core.state import HandState
from hearts_core.wording import marked, translate

__all__ = [
    "ALL_PENALTY_ODDS",
    "DRILL_RULES",
    "EXCEPTIONS",
    "EXCEPTION_SHARE",
    "WARM_UP_SEED",
    "DrillItem",
    "DrillKey",
    "DrillRule",
    "QuestionKind",
    "choose_rule",
    "deal_item",
    "drill_rule",
    "exercises",
    "warm_up_item",
]


class DrillKey(StrEnum):
    """The rules a drill can practise, by the keys lessons and tests name them with."""

    FOLLOW_SUIT = "follow-suit"
    LEAD_TWO_OF_CLUBS = "lead-two-of-clubs"
    FIRST_TRICK_NO_POINTS = "first-trick-no-points"
    HEARTS_NOT_BROKEN = "hearts-not-broken"
    ALL_PENALTY = "all-penalty"
    ALL_HEARTS = "all-hearts"
    WHO_TAKES = "who-takes"
    POINTS = "points"


class QuestionKind(StrEnum):
    """What a question asks of the learner; each drill rule asks one of the first three."""

    LEGAL_CARDS = "legal-cards"
    """Tap every card you may play."""
    WHO_TAKES = "who-takes"
    """Say who takes a finished trick."""
    POINTS = "points"
    """Say how many points a finished trick carries."""
    SPOIL = "spoil"
    """Pick the card that stops a moon shot (a lesson's question; no drill asks it)."""

EXCEPTIONS: Final = frozenset({DrillKey.ALL_PENALTY, DrillKey.ALL_HEARTS})
"""The two rare exceptions (every card allowed although a rule would refuse each one)."""

EXCEPTION_SHARE: Final = Fraction(1, 8)
"""The share of a mixed drill's positions that practise an exception: one in eight.

Often enough to remember that the exception exists, rare enough that the common case is
what the learner practises (in real deals the exceptions almost never happen)."""

_ATTEMPTS: Final = 2000
"""Deals tried before giving up; the rarest filtered rule needs a few dozen."""

_LEAD_BACK_RANK: Final = 9
"""Non-hearts from this rank up win the lead back on the rigged "only hearts" deal."""

_PENALTY_CARDS: Final = tuple(card for card in DECK if card_points(card))

ALL_PENALTY_ODDS: Final = comb(len(DECK), CARDS_PER_SEAT) // (len(_PENALTY_CARDS) * NUM_SEATS)
"""One deal in this many gives somebody nothing but hearts and ♠Q (13 of the 14 such cards)."""


@dataclass(frozen=True, slots=True)
class DrillRule:
    """One rule a drill can practise: its key, the question kind and words for the learner."""

    key: DrillKey
    kind: QuestionKind
    name: str
    """The rule's name in English, the catalogue's message id; :attr:`shown_name` says it to a learner."""
    prompt: str
    """The question in English, the catalogue's message id; :attr:`shown_prompt` says it to a learner."""

    @property
    def shown_name(self) -> str:
        """The rule's name in the active language."""
        return translate(self.name)

    @property
    def shown_prompt(self) -> str:
        """The question in the active language."""
        return translate(self.prompt)


DRILL_RULES: Final[dict[str, DrillRule]] = {
    rule.key: rule
    for rule in (
        DrillRule(DrillKey.FOLLOW_SUIT, QuestionKind.LEGAL_CARDS, marked("Follow suit"),
                  marked("Tap every card you may play, then Check.")),
        DrillRule(DrillKey.LEAD_TWO_OF_CLUBS, QuestionKind.LEGAL_CARDS, marked("The first lead"),
                  marked("You lead the first trick. Tap every card you may play, then Check.")),
        DrillRule(DrillKey.FIRST_TRICK_NO_POINTS, QuestionKind.LEGAL_CARDS, marked("No points on the first trick"),
                  marked("First trick, and you have no clubs. Tap every card you may play, then Check.")),
        DrillRule(DrillKey.HEARTS_NOT_BROKEN, QuestionKind.LEGAL_CARDS, marked("Leading before hearts are broken"),
                  marked("You lead, and no heart has been played yet. Tap every card you may play, then Check.")),
        DrillRule(DrillKey.ALL_PENALTY, QuestionKind.LEGAL_CARDS, marked("Nothing but points on the first trick"),
                  marked("First trick, no clubs, and every card you hold carries points. Tap every card you may "
                         "play, then Check.")),
        DrillRule(DrillKey.ALL_HEARTS, QuestionKind.LEGAL_CARDS, marked("Nothing but hearts to lead"),
                  marked("You lead, no heart has been played yet, and you hold only hearts. Tap every card you "
                         "may play, then Check.")),
        DrillRule(DrillKey.WHO_TAKES, QuestionKind.WHO_TAKES, marked("Who takes the trick?"),
                  marked("Who takes this trick?")),
        DrillRule(DrillKey.POINTS, QuestionKind.POINTS, marked("How many points?"),
                  marked("How many points does this trick carry?")),
    )
}


def drill_rule(key: str) -> DrillRule:
    """The drill rule ``key``; a :class:`KeyError` lists the known keys."""
    try:
        return DRILL_RULES[key]
    except KeyError:
        raise KeyError(f"no drill rule {key!r}; known: {', '.join(DRILL_RULES)}") from None


@dataclass(frozen=True, slots=True)
class DrillItem:
    """One dealt question: a position to play from, or a finished trick to judge."""

    rule: DrillKey
    seed: int
    position: Position | None = None
    trick: TrickExample | None = None

    @property
    def kind(self) -> str:
        """The question kind: ``legal-cards``, ``who-takes`` or ``points``."""
        return drill_rule(self.rule).kind


# ----------------------------------------------------------------- what counts


def _reasons(position: Position) -> set[Reason]:
    return {
        Reason(check_play(position.hand, position.trick, card, first_trick=position.first_trick,
                          hearts_broken=position.hearts_broken).reason)
        for card in position.hand
    }


def _all_legal(position: Position) -> bool:
    return _reasons(position) == {Reason.LEGAL}


_POSITION_TESTS: Final[dict[str, Callable[[Position], bool]]] = {
    DrillKey.FOLLOW_SUIT: lambda p: Reason.MUST_FOLLOW_SUIT in _reasons(p),
    DrillKey.LEAD_TWO_OF_CLUBS: lambda p: Reason.MUST_LEAD_TWO_OF_CLUBS in _reasons(p),
    DrillKey.FIRST_TRICK_NO_POINTS: lambda p: Reason.NO_POINTS_ON_FIRST_TRICK in _reasons(p),
    DrillKey.HEARTS_NOT_BROKEN: lambda p: Reason.HEARTS_NOT_BROKEN in _reasons(p),
    # The exceptions: the player's cards are all ones a rule would refuse, and the engine
    # allows every one of them.
    DrillKey.ALL_PENALTY: lambda p: (p.first_trick and bool(p.trick) and all(card_points(c) for c in p.hand)
                            and _all_legal(p)),
    DrillKey.ALL_HEARTS: lambda p: (not p.trick and not p.hearts_broken and not p.first_trick
                           and all(c.suit is Suit.HEARTS for c in p.hand) and _all_legal(p)),
}

_TRICK_TESTS: Final[dict[str, Callable[[TrickExample], bool]]] = {
    # Worth asking: a card of another suit was played, or the leader did not keep the trick.
    DrillKey.WHO_TAKES: lambda t: any(c.suit is not t.cards[0].suit for c in t.cards) or trick_winner(t.cards) != 0,
    DrillKey.POINTS: lambda t: penalty_points(t.cards) > 0,
}


def exercises(item: DrillItem) -> bool:
    """True if ``item`` really exercises its rule, as the engine sees it."""
    if item.rule in _POSITION_TESTS:
        return item.position is not None and _POSITION_TESTS[item.rule](item.position)
    return item.trick is not None and len(item.trick.cards) == NUM_SEATS and _TRICK_TESTS[item.rule](item.trick)


# ------------------------------------------------------------------- dealing


def choose_rule(rules: Sequence[str], rng: random.Random, *, opening: bool = False) -> DrillKey:
    """The rule of a drill's next position, drawn from ``rules`` with ``rng``.

    When ``rules`` mixes exceptions (:data:`EXCEPTIONS`) and common rules, an exception
    comes up with probability :data:`EXCEPTION_SHARE` and never on the ``opening``
    position; within each group every rule is equally likely.

    >>> rng = random.Random(1)
    >>> choose_rule(["hearts-not-broken", "all-hearts"], rng, opening=True)
    <DrillKey.HEARTS_NOT_BROKEN: 'hearts-not-broken'>
    """
    keys = [drill_rule(key).key for key in rules]
    if not keys:
        raise ValueError("a drill needs at least one rule to practise")
    common = [key for key in keys if key not in EXCEPTIONS]
    rare = [key for key in keys if key in EXCEPTIONS]
    if not common or not rare:
        return rng.choice(keys)
    draw = rng.random()  # drawn on the opening too, so every position uses the generator alike
    if not opening and draw < EXCEPTION_SHARE:
        return rng.choice(rare)
    return rng.choice(common)


WARM_UP_SEED: Final = 9
"""The item a warm-up deals.  For following suit: clubs led by the queen, and a hand of nine
with three clubs among them, the common case at its plainest."""


def warm_up_item(rules: Sequence[str]) -> DrillItem:
    """The warm-up of a drill of ``rules``: the same item every time for the same rules.

    It practises following suit when that is one of ``rules``, else the first common rule
    given (an exception only when the drill has nothing else).

    >>> warm_up_item(["who-takes", "follow-suit"]).rule
    <DrillKey.FOLLOW_SUIT: 'follow-suit'>
    """
    keys = [drill_rule(key).key for key in rules]
    if not keys:
        raise ValueError("a drill needs at least one rule to practise")
    common = [key for key in keys if key not in EXCEPTIONS]
    rule = DrillKey.FOLLOW_SUIT if DrillKey.FOLLOW_SUIT in keys else (common or keys)[0]
    return deal_item(rule, WARM_UP_SEED)


def deal_item(rule: str, seed: int) -> DrillItem:
    """Item number ``seed`` of the drill for ``rule``: the same seed always gives the same item."""
    key = drill_rule(rule).key
    rng = random.Random(f"hearts-lessons drill {key} {seed}")
    for _ in range(_ATTEMPTS):
        deal = _rigged_deal(key, rng) or deal_hands(rng.randrange(2**32))
        found = list(_moments(key, seed, deal, rng))
        if found:
            return rng.choice(found)
    raise RuntimeError(f"no position for {rule!r} found in {_ATTEMPTS} deals (seed {seed})")


def _moments(rule: DrillKey, seed: int, deal: tuple[tuple[Card, ...], ...], rng: random.Random) -> Iterator[DrillItem]:
    """Every moment of one randomly played hand that exercises ``rule``."""
    state = HandState.new(deal, "hold")
    only_first_trick = rule in (DrillKey.LEAD_TWO_OF_CLUBS, DrillKey.FIRST_TRICK_NO_POINTS, DrillKey.ALL_PENALTY)
    learner = 0 if rule in (DrillKey.ALL_PENALTY, DrillKey.ALL_HEARTS) else None
    while not state.is_over and not (only_first_trick and not state.first_trick):
        mover = state.to_move
        assert mover is not None
        if rule in _POSITION_TESTS and (learner is None or mover == learner):
            here = _position_for(state, mover, rule, seed)
            if _POSITION_TESTS[rule](here):
                yield DrillItem(rule, seed, position=here)
        choices = state.legal_plays()
        done = state.play(_steer(rule, state, mover, choices, rng))
        if done is not None and rule in _TRICK_TESTS:
            trick = TrickExample(f"drill-{rule}-{seed}", drill_rule(rule).name, done.leader, done.cards)
            if _TRICK_TESTS[rule](trick):
                yield DrillItem(rule, seed, trick=trick)


def _steer(rule: DrillKey, state: HandState, mover: int, choices: tuple[Card, ...], rng: random.Random) -> Card:
    """A random legal card, except on the rigged "only hearts" deal, where play keeps hearts unbroken.

    There the learner plays its highest non-heart (to win and lead again) and the others
    avoid hearts while they can; every card is still one the engine allows.
    """
    if rule == DrillKey.ALL_HEARTS:
        others = [card for card in choices if card.suit is not Suit.HEARTS]
        if others:
            return max(others, key=lambda card: card.rank) if mover == 0 else rng.choice(others)
    return rng.choice(choices)


def _position_for(state: HandState, mover: int, rule: DrillKey, seed: int) -> Position:
    """The moment as the mover sees it, turned so the mover is seat 0."""
    leader = state.trick_leader
    assert leader is not None
    known = drill_rule(rule)
    return Position(
        f"drill-{rule}-{seed}", known.name, known.prompt, state.hand(mover), state.current_trick,
        (leader - mover) % NUM_SEATS, state.first_trick, state.hearts_broken,
    )


def _rigged_deal(rule: DrillKey, rng: random.Random) -> tuple[tuple[Card, ...], ...] | None:
    """A real deal arranged for the two exceptions that random deals (almost) never give."""
    if rule == DrillKey.ALL_PENALTY:
        mine = list(_PENALTY_CARDS)
        mine.remove(rng.choice(mine))
    elif rule == DrillKey.ALL_HEARTS:
        # Hearts, plus top cards that win the lead back while nobody has a reason to break hearts.
        hearts = [card for card in DECK if card.suit is Suit.HEARTS]
        count = rng.randint(4, 7)
        high = [card for card in DECK if card.suit is not Suit.HEARTS and card.rank >= _LEAD_BACK_RANK
                and card not in (QUEEN_OF_SPADES, TWO_OF_CLUBS)]
        mine = rng.sample(hearts, count) + rng.sample(high, CARDS_PER_SEAT - count)
    else:
        return None
    rest = [card for card in DECK if card not in mine]
    rng.shuffle(rest)
    hands = [sorted(mine), *(sorted(rest[i * CARDS_PER_SEAT:(i + 1) * CARDS_PER_SEAT]) for i in range(3))]
    return tuple(tuple(hand) for hand in hands)
