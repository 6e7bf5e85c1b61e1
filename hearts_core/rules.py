"""The table's numbers and its house-rule options.

The numbers of the game are named constants (OpenSpiel's ``kNumCardsInPass`` style), so
no rule number appears bare in the engine.  House rules are data: :class:`Rules` is a
frozen value with one documented field per variant, and its defaults are the table rules
of ``docs/rules.md``.  Every variant is off by default.

>>> Rules()
Rules(tie_rule='share', target=100, qs_breaks_hearts=False, jack_of_diamonds_bonus=False, moon_subtracts=False)
>>> Rules(tie_rule="play_on").tie_rule
'play_on'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, Final, Literal

from hearts_core.cards import CARDS_PER_SUIT, JACK, QUEEN, Card, Suit
from hearts_core.errors import InvalidOptionError, InvalidRecordError, quote_input

__all__ = [
    "CARDS_IN_PASS",
    "CARDS_PER_SEAT",
    "HEART_POINTS",
    "JACK_OF_DIAMONDS",
    "JACK_OF_DIAMONDS_POINTS",
    "MATCH_TARGET",
    "MOON_POINTS",
    "NUM_SEATS",
    "POINTS_PER_HAND",
    "QUEEN_OF_SPADES",
    "QUEEN_OF_SPADES_POINTS",
    "SEATS",
    "SEAT_NAMES",
    "TRICKS_PER_HAND",
    "TWO_OF_CLUBS",
    "Rules",
    "TieRule",
]

NUM_SEATS: Final = 4
SEATS: Final = range(NUM_SEATS)
"""The seat numbers 0..3, in play order."""
CARDS_PER_SEAT: Final = 13
TRICKS_PER_HAND: Final = CARDS_PER_SEAT
CARDS_IN_PASS: Final = 3
HEART_POINTS: Final = 1
QUEEN_OF_SPADES_POINTS: Final = 13
POINTS_PER_HAND: Final = CARDS_PER_SUIT * HEART_POINTS + QUEEN_OF_SPADES_POINTS  # 26
MOON_POINTS: Final = POINTS_PER_HAND
JACK_OF_DIAMONDS_POINTS: Final = -10
MATCH_TARGET: Final = 100

TWO_OF_CLUBS: Final = Card(Suit.CLUBS, 2)
QUEEN_OF_SPADES: Final = Card(Suit.SPADES, QUEEN)
JACK_OF_DIAMONDS: Final = Card(Suit.DIAMONDS, JACK)

# Seat 0 is the learner; play and "pass left" go to seat + 1.
SEAT_NAMES: Final = ("You", "CPU1", "CPU2", "CPU3")

TieRule = Literal["share", "play_on"]
_TIE_RULES: Final = ("share", "play_on")


@dataclass(frozen=True, slots=True)
class Rules:
    """The house rules a match is played under; defaults are the table rules.

    Fields:

    * ``tie_rule``: ``"share"`` (default): seats tied for the lowest total at the end
      share the win, which the learner's statistics record as a draw.  ``"play_on"``:
      keep dealing hands until exactly one seat has the lowest total.
    * ``target``: a completed hand that takes any total to this or more ends the match.
    * ``qs_breaks_hearts``: variant in which playing ♠Q also breaks hearts.
    * ``jack_of_diamonds_bonus``: variant in which taking ♦J scores -10.
    * ``moon_subtracts``: variant in which shooting the moon subtracts 26 from the
      shooter instead of adding 26 to each other seat.
    """

    tie_rule: TieRule = "share"
    target: int = MATCH_TARGET
    qs_breaks_hearts: bool = False
    jack_of_diamonds_bonus: bool = False
    moon_subtracts: bool = False

    def __post_init__(self) -> None:
        """Check every field.

        Raises:
            InvalidOptionError: a field has a value no table plays with.
        """
        if self.tie_rule not in _TIE_RULES:
            raise InvalidOptionError(f"tie_rule must be 'share' or 'play_on', not {quote_input(self.tie_rule)}")
        if not isinstance(self.target, int) or isinstance(self.target, bool) or self.target < 1:
            raise InvalidOptionError(f"target must be a positive whole number, not {quote_input(self.target)}")
        for flag in ("qs_breaks_hearts", "jack_of_diamonds_bonus", "moon_subtracts"):
            if not isinstance(getattr(self, flag), bool):
                raise InvalidOptionError(f"{flag} must be true or false, not {quote_input(getattr(self, flag))}")

    def to_dict(self) -> dict[str, Any]:
        """The JSON form used in match records."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Read the JSON form of :meth:`to_dict`.

        Raises:
            InvalidRecordError: ``data`` is not an object, or has unknown or ill-typed fields.
        """
        if not isinstance(data, Mapping):
            raise InvalidRecordError(f"rules must be an object, not {quote_input(data)}")
        known = {field.name for field in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise InvalidRecordError(f"unknown rule option(s) {quote_input(unknown)}; known: {sorted(known)}")
        try:
            return cls(**data)
        except (TypeError, ValueError) as error:
            raise InvalidRecordError(f"bad rules: {error}") from None
