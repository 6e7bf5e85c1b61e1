"""Lesson 21's puzzles until the shipped set has them: stand-ins for the trait tests, a skip for what runs a page.

Lesson 21 ("The match score") asks match puzzles: shipped puzzles whose record carries the match totals before
the hand (``"totals"``), whose main theme is ``match_score`` and whose evaluation is the match's
(``"objective": "match"``, each card's ``"wins"`` and ``"draws"``). They are mined apart from the lesson, and
until they ship, ``widgets/lessons.toml`` names as the lesson's worked position the id of a stand-in made here.

Why stand-ins rather than waiting: the tests every strategy lesson passes (its puzzles keep to its theme, at
least 40 of them, its worked position asked first and kept out of the rating) then hold for lesson 21 too,
with no assertion relaxed for it. A stand-in is a shipped puzzle of the last four tricks with totals that make
its hand certain to end the match, the way a mined match puzzle is: one player's total with the points they
have taken this hand reaches 100, and two players have points, so no moon can undo it. Only the catalogue the
lesson boards read (``widgets.puzzles.flow.load_puzzles``) gets them, only in the tests that ask for
:func:`with_stand_ins`, and only while the worked position the lesson names is not shipped: once it is, every
test here reads the shipped puzzles, and this module can go.

What runs a page (nbval on the notebook, the first views, the browser walk) cannot take stand-ins: the lesson's
kernel reads the shipped set. Those tests carry :data:`WAITS_FOR_MATCH_PUZZLES`, a skip that lifts itself when
the worked position ships.
"""

from __future__ import annotations

import copy
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from hearts_core.puzzles import Puzzle, load_puzzles, puzzle_from_data

MATCH_LESSON = "21-the-match-score"
LESSONS_TOML = Path(__file__).resolve().parents[1] / "widgets" / "lessons.toml"
STAND_IN_PREFIX = "match-fixture-"
"""A stand-in's id: this prefix, then the id of the shipped puzzle it is made from."""
LAST_FOUR_TRICKS = 36
"""Cards played before the tenth trick: a match puzzle is a position of the last four."""
MATCH_ENDS = 100
"""A total this high after a hand ends the match (rules.md, "The match")."""


def worked_id() -> str:
    """The worked position lesson 21 names in ``widgets/lessons.toml`` (read here without the widgets)."""
    table = tomllib.loads(LESSONS_TOML.read_text(encoding="utf-8"))
    return str(next(entry["worked"] for entry in table["lesson"] if entry["key"] == MATCH_LESSON))


def match_puzzles_shipped() -> bool:
    """Whether the shipped set holds lesson 21's worked position (then its puzzles have landed)."""
    wanted = worked_id()
    return any(puzzle.id == wanted for puzzle in load_puzzles())


WAITS_FOR_MATCH_PUZZLES = pytest.mark.skipif(
    not match_puzzles_shipped(),
    reason="lesson 21's worked position is not in the shipped set yet: its page cannot run until the match "
           "puzzles ship (tests/match_stand_ins.py)")


def _stand_in(puzzle: Puzzle) -> Puzzle | None:
    """``puzzle`` as a match puzzle whose hand will end the match, or ``None`` when its position cannot be one."""
    view = puzzle.view()
    taken = view.points_taken
    others = [seat for seat in range(1, 4) if taken[seat]]
    if len(view.plays) < LAST_FOUR_TRICKS or sum(1 for points in taken if points) < 2 or not others:
        return None
    # In the board's order (the solver first): the other player with the most points this hand reaches 100
    # with them, the solver is second lowest before the hand, the other two lower and higher.
    past = max(others, key=lambda seat: taken[seat])
    on_board = [60, 55, 75, 80]
    on_board[past] = MATCH_ENDS - taken[past]
    data: dict[str, Any] = copy.deepcopy(dict(puzzle.data))
    seat = int(data["seat"])
    totals = [0, 0, 0, 0]
    for offset, total in enumerate(on_board):
        totals[(seat + offset) % 4] = total  # the record's totals run in the deal's order
    data["id"] = STAND_IN_PREFIX + puzzle.id
    data["totals"] = totals
    data["themes"] = ["match_score"]
    data["partings"] = {}
    evaluation = data["evaluation"]
    evaluation["objective"] = "match"
    for rank, card in enumerate(evaluation["cards"]):
        card["wins"], card["draws"] = (0.8, 0.05) if rank == 0 else (0.3, 0.05)
    return puzzle_from_data(data)


@cache
def stand_ins() -> tuple[Puzzle, ...]:
    """Match puzzles made from the shipped positions of the last four tricks, ♠Q's first, then the rest."""
    made = [found for puzzle in load_puzzles() if (found := _stand_in(puzzle)) is not None]
    return tuple(sorted(made, key=lambda puzzle: (str(puzzle.solution) != "♠Q", puzzle.id)))


def with_stand_ins(monkeypatch: pytest.MonkeyPatch) -> None:
    """Give the lesson boards' catalogue the stand-ins while lesson 21's worked position is not shipped."""
    if match_puzzles_shipped():
        return
    shipped = load_puzzles()
    monkeypatch.setattr("widgets.puzzles.flow.load_puzzles", lambda: (*shipped, *stand_ins()))
