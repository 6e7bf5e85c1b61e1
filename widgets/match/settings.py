"""The match page's settings: the learner's choices, and the values each may take.

Design choices:

* A setting is saved with the match, remembered between matches (``settings.json``) and
  changeable from the front end's options panel; :data:`SETTINGS` names them all, in the
  order the save keeps them.
* The widget holds them as traits (:mod:`widgets.match.widget`), which validate them;
  :class:`Settings` is the frozen copy the controller plays with, so the flow never reads a
  trait.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from hearts_core import NUM_SEATS

__all__ = ["COMPUTERS", "HARD_TIME_BUDGET", "OPPONENT_LEVELS", "SETTINGS", "SPEEDS", "TIE_RULES", "Settings"]

COMPUTERS: Final = tuple(range(1, NUM_SEATS))
SPEEDS: Final = ("instant", "normal", "slow")
OPPONENT_LEVELS: Final = ("easy", "normal", "hard")
"""The levels a computer opponent may play at in a match: hearts_core.LEVELS but random play."""
TIE_RULES: Final = ("share", "play_on")
HARD_TIME_BUDGET: Final = 0.3
"""Seconds of reference-machine effort per hard decision: strong, yet the table keeps moving."""
SETTINGS: Final = (
    "speed", "one_tap", "auto_play_forced", "confirm_tricks", "levels", "show_danger", "show_coach", "four_colour",
    "tie_rule",
)
"""The settings saved with the match, remembered between matches and changeable from the front end's options.

``tie_rule`` applies from the next new match: a match keeps the rules it started with."""


@dataclass(frozen=True, slots=True)
class Settings:
    """The learner's choices, as the widget's traits hold them (already validated there)."""

    speed: str = "normal"
    one_tap: bool = False
    auto_play_forced: bool = False
    confirm_tricks: bool = False
    levels: tuple[str, ...] = ("normal",) * len(COMPUTERS)
    show_danger: bool = False
    show_coach: bool = False
    four_colour: bool = False
    tie_rule: str = "share"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form saved with the match (the keys of :data:`SETTINGS`)."""
        return {name: (list(value) if isinstance(value := getattr(self, name), tuple) else value)
                for name in SETTINGS}
