"""Named teaching positions: the guides' worked examples, as data the lessons build widgets from.

Design choices:

* A lesson cell says ``CardExplainer("practice-clubs-led")``; the position lives here, in
  the package, where tests can check every claim the lesson makes about it (which cards
  are legal, who takes the trick, how many points).  Notebook cells stay one line.
* Positions are plain frozen values in house notation.  Seat 0 is always the learner.
  ``trick`` lists the cards already on the table in play order, starting with
  ``leader``'s card.  No rule is decided here: widgets ask :mod:`hearts_core.legality`.
* Every scenario carries its own short ``title`` and ``prompt``, written for a learner.
  They are kept in English, as the catalogue's message ids (the translation layer's
  extraction reads ``scenarios.toml``'s ``title`` and ``prompt`` keys, and the titles
  written here are ``marked``); :attr:`Position.shown_title` and
  :attr:`Position.shown_prompt` (and each example's ``shown_title``) say them in the
  active language at the moment they are shown, so a page that switches language shows
  the same scenario in the new one without reloading anything.
* The positions, many and all of one form, are data: ``scenarios.toml`` beside this
  module holds one table per position, read once on import into :data:`POSITIONS`.

>>> [str(card) for card in position("practice-clubs-led").hand]
['♣3', '♣A', '♠Q', '♦7', '♥9']
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Final, TypeVar

from hearts_core.cards import Card, parse_cards
from hearts_core.legality import legal_plays, trick_winner
from hearts_core.records import dump_record
from hearts_core.rules import NUM_SEATS, Rules
from hearts_core.scoring import penalty_points
from hearts_core.state import HandState
from hearts_core.wording import marked, translate

__all__ = [
    "MOON_DEAL",
    "MOON_RUNNERS",
    "PASS_EXAMPLES",
    "POSITIONS",
    "SCORE_EXAMPLES",
    "TRICK_EXAMPLES",
    "PassExample",
    "Position",
    "ScoreExample",
    "TrickExample",
    "moon_hand_record",
    "pass_example",
    "position",
    "score_example",
    "trick_example",
]


class _Shown:
    """The ``shown_`` words of a scenario: its stored English text, translated when it is read."""

    __slots__ = ()
    title: str

    @property
    def shown_title(self) -> str:
        """The title in the active language."""
        return translate(self.title)


@dataclass(frozen=True, slots=True)
class Position(_Shown):
    """A moment where the learner (seat 0) is to play: their hand and the table."""

    name: str
    """The key lessons and tests ask for (``"practice-clubs-led"``)."""
    title: str
    prompt: str
    """The question as the learner reads it."""
    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    """The cards already on the table, in play order from ``leader``'s."""
    leader: int
    first_trick: bool
    hearts_broken: bool

    @property
    def shown_prompt(self) -> str:
        """The question in the active language (empty when the position asks none of its own)."""
        return translate(self.prompt) if self.prompt else ""

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat of each card on the table, in play order."""
        return tuple((self.leader + offset) % NUM_SEATS for offset in range(len(self.trick)))

    def legal(self) -> tuple[Card, ...]:
        """The learner's legal cards, from the engine."""
        return legal_plays(self.hand, self.trick, first_trick=self.first_trick, hearts_broken=self.hearts_broken)

    def outcome(self, card: Card, rules: Rules | None = None) -> tuple[int, int] | None:
        """(seat that takes the trick, its points under ``rules``) if ``card`` completes it, else ``None``."""
        if len(self.trick) != NUM_SEATS - 1:
            return None
        cards = (*self.trick, card)
        return (self.leader + trick_winner(cards)) % NUM_SEATS, penalty_points(cards, rules or Rules())


@dataclass(frozen=True, slots=True)
class TrickExample(_Shown):
    """A whole trick to step through: the leader and the four cards in play order."""

    name: str
    title: str
    leader: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PassExample(_Shown):
    """A hand to pass from, with the pass direction and a suggested pass (not a rule)."""

    name: str
    title: str
    hand: tuple[Card, ...]
    direction: str
    suggestion: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class ScoreExample(_Shown):
    """Totals before a hand and each seat's score for it."""

    name: str
    title: str
    before: tuple[int, int, int, int]
    this_hand: tuple[int, int, int, int]


def _position(name: str, title: str, prompt: str, hand: str, trick: str, leader: int,
              first_trick: bool = False, hearts_broken: bool = False) -> Position:
    return Position(name, title, prompt, parse_cards(hand), parse_cards(trick), leader, first_trick, hearts_broken)


def _load_positions() -> dict[str, Position]:
    """The positions of ``scenarios.toml``, by name, in the file's order."""
    table = tomllib.loads(resources.files("hearts_core").joinpath("scenarios.toml").read_text(encoding="utf-8"))
    return {entry["name"]: _position(**entry) for entry in table["position"]}


POSITIONS: Final = _load_positions()

TRICK_EXAMPLES: Final = {
    t.name: t
    for t in (
        TrickExample("off-suit-ace", marked("Clubs led: the trick card by card"), 0, parse_cards("♣10 ♣K ♣3 ♥A")),
        TrickExample("fifteen-points", marked("A trick worth 15 points"), 0, parse_cards("♥2 ♥8 ♠Q ♣5")),
        TrickExample("queen-on-a-diamond", marked("A diamond trick"), 2, parse_cards("♦9 ♦4 ♠Q ♦J")),
        TrickExample("hearts-led", marked("Hearts led"), 1, parse_cards("♥6 ♥J ♣A ♥9")),
    )
}

PASS_EXAMPLES: Final = {
    p.name: p
    for p in (
        PassExample(
            "pass-high-cards", marked("Which three cards would you pass?"),
            parse_cards("♣A ♣4 ♣7 ♦K ♦3 ♦9 ♠Q ♠5 ♥2 ♥6 ♥8 ♥J ♦6"), "left", parse_cards("♣A ♦K ♠Q"),
        ),
        # Lesson 12's worked pass: ♠Q with three lower spades can stay; the danger is elsewhere.
        PassExample(
            "pass-guarded-queen", marked("Which three cards would you pass?"),
            parse_cards("♣K ♣9 ♣5 ♣3 ♦A ♦J ♦4 ♠Q ♠8 ♠6 ♠2 ♥A ♥4"), "left", parse_cards("♦4 ♦J ♦A"),
        ),
    )
}

SCORE_EXAMPLES: Final = {
    s.name: s
    for s in (ScoreExample("reaching-100", marked("The hand that ends the match"), (24, 35, 40, 98), (3, 16, 5, 2)),)
}


MOON_RUNNERS: Final = {"stop-the-moon": 1, "stop-the-moon-spades": 1}
"""The seat running the hearts in each "stop the moon" position."""


MOON_DEAL: Final = (
    "♣2 ♣Q ♣K ♣A ♠Q ♠K ♠A ♥9 ♥10 ♥J ♥Q ♥K ♥A",
    "♣3 ♣8 ♣10 ♦3 ♦5 ♦6 ♦7 ♦K ♠7 ♠9 ♥4 ♥6 ♥7",
    "♣4 ♣6 ♣7 ♣J ♦2 ♦10 ♦A ♠2 ♠3 ♠8 ♥3 ♥5 ♥8",
    "♣5 ♣9 ♦4 ♦8 ♦9 ♦J ♦Q ♠4 ♠5 ♠6 ♠10 ♠J ♥2",
)
"""A hold hand where You hold the top clubs, spades and hearts: a chance to shoot the moon."""

MOON_TRICKS: Final = (
    "♣2 ♣3 ♣4 ♣9",  # You lead ♣2 and lose the first trick: it carries no points
    "♦4 ♣Q ♦3 ♦2",  # CPU3 leads diamonds; you have none and keep your winners
    "♠4 ♠A ♠9 ♠8",
    "♣A ♣10 ♣J ♣5",
    "♠K ♠7 ♠3 ♠J",
    "♣K ♣8 ♣7 ♥2",  # CPU3 discards a heart: hearts are broken, on your trick
    "♥A ♥7 ♥8 ♦Q",
    "♥K ♥6 ♥5 ♦J",
    "♥Q ♥4 ♥3 ♠10",
    "♠Q ♦K ♠2 ♠6",  # you lead ♠Q and win it yourself: 13 points, all yours
    "♥J ♦7 ♦A ♦9",
    "♥10 ♦6 ♦10 ♦8",
    "♥9 ♦5 ♣6 ♠5",
)
"""The plays of the moon hand, trick by trick, each starting with the leader's card."""


def moon_hand_record() -> str:
    """The scripted moon hand as a ``hearts-record/1`` text (every play checked by the engine)."""
    state = HandState.new(MOON_DEAL, "hold")
    for trick in MOON_TRICKS:
        for card in parse_cards(trick):
            state.play(card)
    return dump_record(Rules(), [state.to_record()])


def position(name: str) -> Position:
    """The named position; a :class:`KeyError` lists the known names."""
    return _lookup(POSITIONS, name)


def trick_example(name: str) -> TrickExample:
    """The named trick."""
    return _lookup(TRICK_EXAMPLES, name)


def pass_example(name: str) -> PassExample:
    """The named pass."""
    return _lookup(PASS_EXAMPLES, name)


def score_example(name: str) -> ScoreExample:
    """The named score table."""
    return _lookup(SCORE_EXAMPLES, name)


_T = TypeVar("_T")


def _lookup(table: dict[str, _T], name: str) -> _T:
    try:
        return table[name]
    except KeyError:
        raise KeyError(f"no scenario {name!r}; known: {', '.join(sorted(table))}") from None
