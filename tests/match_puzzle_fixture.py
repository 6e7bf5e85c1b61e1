"""A match puzzle for the board's tests, until the shipped set has real ones (issue 35, lesson 21).

Shipped puzzle 2026-0-36 (trick 10: you lead, holding ♦A ♠J ♠K ♥8; ♥8 ducks under the four
higher hearts still out, ♦A takes the trick) with the data contract of a match puzzle added:
``"totals"`` before the hand, so that, on the board, You stand at 60, CPU1 at 70, CPU2 at 62 and
CPU3 at 95 (CPU3 has taken 5 points this hand, so its total already reaches 100: the hand ends
the match, and you must finish below CPU2); ``"objective": "match"``; each card's ``"wins"`` and
``"draws"``, counted over the 100 deals Show me draws (the position's seed), so not the
evaluation's own worlds: no test here reads them as figures; and empty ``"partings"``, as a
match puzzle may have.  The record is copied whole, so a new shipped set leaves these tests alone.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Final

from hearts_core.puzzles import Puzzle, puzzle_from_data

BOARD_TOTALS: Final = (60, 70, 62, 95)
"""The totals before the hand as the board shows them (You first)."""

_RECORD: Final[dict[str, Any]] = json.loads("""
{"deal": [["♣2", "♣3", "♣5", "♣6", "♣8", "♣9", "♣K", "♦9", "♦J", "♦K", "♠3", "♠A", "♥4"],
          ["♣Q", "♦3", "♦4", "♦Q", "♦A", "♠2", "♠6", "♠8", "♠10", "♠K", "♥5", "♥9", "♥10"],
          ["♣7", "♣J", "♣A", "♦5", "♦7", "♦8", "♠5", "♠7", "♠9", "♠J", "♠Q", "♥3", "♥8"],
          ["♣4", "♣10", "♦2", "♦6", "♦10", "♠4", "♥2", "♥6", "♥7", "♥J", "♥Q", "♥K", "♥A"]],
 "direction": "left",
 "evaluation": {"best_share": 0.847, "objective": "match", "cards": [
   {"card": "♥8", "error": 0.0, "gain": 0.0, "moon_share": 0.0, "others_moon_share": 0.0, "points": 2.209,
    "shooting": false, "take": 0.063, "trick_points": 0.188, "wins": 0.69, "draws": 0.02},
   {"card": "♦A", "error": 0.045, "gain": 2.174, "moon_share": 0.0, "others_moon_share": 0.0, "points": 4.383,
    "shooting": false, "take": 1.0, "trick_points": 1.98, "wins": 0.27, "draws": 0.08},
   {"card": "♠J", "error": 0.062, "gain": 2.364, "moon_share": 0.0, "others_moon_share": 0.0, "points": 4.572,
    "shooting": false, "take": 1.0, "trick_points": 1.889, "wins": 0.29, "draws": 0.06},
   {"card": "♠K", "error": 0.062, "gain": 2.364, "moon_share": 0.0, "others_moon_share": 0.0, "points": 4.572,
    "shooting": false, "take": 1.0, "trick_points": 1.889, "wins": 0.29, "draws": 0.06}],
  "error": 0.045, "margin": 2.174, "worlds": 2109},
 "game": 0, "id": "2026-0-36-match",
 "ladder": {"dump_the_danger": 0.25, "easy": 1.0, "hard_1": 0.6667, "hard_16": 1.0, "hard_2": 1.0, "hard_4": 1.0,
            "hard_64": 1.0, "hard_8": 1.0, "keep_off_the_queen": 0.25, "normal": 1.0, "random": 0.25,
            "under_the_winner": 0.25},
 "levels": ["hard", "normal", "normal", "easy"],
 "partings": {},
 "passes": [["♠A", "♣K", "♦K"], ["♣Q", "♦A", "♠K"], ["♣7", "♣J", "♣A"], ["♥A", "♥K", "♥Q"]],
 "plays": ["♣2", "♣K", "♣Q", "♣4", "♦3", "♦5", "♦2", "♦J", "♠3", "♠2", "♠5", "♠4", "♦7", "♦6", "♦9", "♦4", "♣3",
           "♠A", "♠Q", "♣7", "♣10", "♣5", "♠6", "♠7", "♦10", "♥Q", "♦Q", "♦8", "♥5", "♥3", "♥2", "♥4", "♠8", "♠9",
           "♣A", "♥K"],
 "rating": 1188, "seat": 2, "seed": 2026,
 "solved": {"easy": 1.0, "hard": 1.0, "normal": 1.0, "random": 0.25},
 "themes": ["match_score", "safe_exit"],
 "totals": [62, 95, 60, 70]}
""")


def match_record() -> dict[str, Any]:
    """A fresh copy of the match puzzle's record (the record's seat is 2: its totals are in the deal's order)."""
    return copy.deepcopy(_RECORD)


def match_puzzle() -> Puzzle:
    """The match puzzle, loaded as a shipped one is."""
    return puzzle_from_data(match_record())
