"""The mining hunts: further games mined only for the positions of one idea that mixed play rarely gives.

Design choices:

* A strategy lesson needs some 40 puzzles on its own idea.  Where the plain games give too
  few (a live moon, a card only the cards you passed can beat, a heart that counting shows
  is the highest left), the set is topped up by a
  hunt: games numbered from the hunt's own first number, whose candidates are only the
  positions where the idea can arise (a cheap test of the position, before any search),
  and which keep only the puzzles the tagger then finds that idea in.  The hunt narrows
  where the miner looks, never what a puzzle must be: every hunted puzzle passes the same
  filters and judges as the plain games' and is themed by the same tagger.
* The game number alone names the hunt (:func:`hunt_of`), so a game's puzzles stay a
  function of its number and seed, and a resumed run finds each hunt's games where it left
  them.
* The position tests read only what the seat may know (the public record and its own pass),
  like everything else the miner decides.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from hearts_core.cards import Suit
from hearts_core.facts import Situation, passed_above
from hearts_core.puzzle_records import PositionRecord, position_view, replay
from hearts_core.puzzle_themes import top_by_count
from hearts_core.rules import TRICKS_PER_HAND

__all__ = [
    "HEARTS_HUNT_FIRST_GAME", "HEARTS_THEMES", "HUNTS", "MATCH_HUNT_FIRST_GAME", "MATCH_LAST_TRICKS", "MATCH_THEMES",
    "MOON_HUNT_FIRST_GAME", "MOON_HUNT_POINTS", "MOON_THEMES", "PASSED_HUNT_FIRST_GAME", "PASSED_THEMES", "Hunt",
    "hearts_count_position", "hunt_of", "match_hunt_position", "moon_hunt_position", "passed_hunt_position",
]

MOON_HUNT_FIRST_GAME: Final = 100_000
"""Games numbered from here on are the moon hunt's (lesson 17's positions)."""
MOON_HUNT_POINTS: Final = 4
"""The moon hunt's candidates: one seat has taken every point so far, at least this many."""
MOON_THEMES: Final = ("stop_moon", "go_moon")
PASSED_HUNT_FIRST_GAME: Final = 200_000
"""Games numbered from here on are the passed-card hunt's (lesson 19's positions)."""
PASSED_THEMES: Final = ("passed_card",)
HEARTS_HUNT_FIRST_GAME: Final = 300_000
"""Games numbered from here on are the hearts-count hunt's (lesson 20's positions)."""
HEARTS_THEMES: Final = ("count_hearts",)
MATCH_HUNT_FIRST_GAME: Final = 400_000
"""Games numbered from here on are the match hunt's (lesson 21's positions), mined by
:func:`hearts_core.match_mining.mine_match_game`, which draws the totals around each hand."""
MATCH_THEMES: Final = ("match_score",)
MATCH_LAST_TRICKS: Final = 4
"""The match hunt looks only at the last tricks, where its judge is exact
(:data:`~hearts_core.independent_judge.ENDGAME_REACH_TRICKS`, checked equal in the tests)."""


def moon_hunt_position(candidate: PositionRecord) -> bool:
    """Whether a moon is live here: one seat has taken every point so far, and at least :data:`MOON_HUNT_POINTS`.

    Read from the public record alone (the points each seat has taken), so the mover may
    be the one with the points (a try for the moon) or one of the others (a moon to stop).
    """
    taken = replay(candidate).points_taken
    takers = [seat for seat, points in enumerate(taken) if points]
    return len(takers) == 1 and taken[takers[0]] >= MOON_HUNT_POINTS


def passed_hunt_position(candidate: PositionRecord) -> bool:
    """Whether the pass could decide here: some legal card is beaten only by cards the seat passed, their
    receiver still to play to the trick (:func:`~hearts_core.facts.passed_above`)."""
    if candidate["passes"] is None:
        return False
    view = position_view(candidate)
    position = Situation(view)
    return any(passed_above(position, card) for card in view.legal_plays())


def hearts_count_position(candidate: PositionRecord) -> bool:
    """Whether counting the hearts could decide here: a legal heart is the highest not yet played, the hearts
    above it gone (:func:`~hearts_core.puzzle_themes.top_by_count`)."""
    view = position_view(candidate)
    position = Situation(view)
    return any(card.suit is Suit.HEARTS and top_by_count(position, card) for card in view.legal_plays())


def match_hunt_position(candidate: PositionRecord) -> bool:
    """Whether totals could make this hand the match's last, for certain: the last :data:`MATCH_LAST_TRICKS`
    tricks, and two seats with points, so no moon can take them back."""
    state = replay(candidate)
    return (len(state.tricks) >= TRICKS_PER_HAND - MATCH_LAST_TRICKS
            and sum(1 for points in state.points_taken if points) >= 2)


@dataclass(frozen=True, slots=True)
class Hunt:
    """One hunt: where its games start, which candidates it looks at, which puzzles it keeps."""

    key: str
    first_game: int
    looks_at: Callable[[PositionRecord], bool]
    themes: tuple[str, ...]
    """A hunted puzzle is kept only when the tagger finds one of these in it."""


HUNTS: Final = (Hunt("moon", MOON_HUNT_FIRST_GAME, moon_hunt_position, MOON_THEMES),
                Hunt("passed", PASSED_HUNT_FIRST_GAME, passed_hunt_position, PASSED_THEMES),
                Hunt("hearts", HEARTS_HUNT_FIRST_GAME, hearts_count_position, HEARTS_THEMES),
                Hunt("match", MATCH_HUNT_FIRST_GAME, match_hunt_position, MATCH_THEMES))
"""The hunts in the order of their game numbers, each after the plain games (numbered from 0)."""


def hunt_of(game: int) -> Hunt | None:
    """The hunt game number ``game`` belongs to, ``None`` for a plain game.

    >>> hunt_of(12), hunt_of(MOON_HUNT_FIRST_GAME + 3).key, hunt_of(PASSED_HUNT_FIRST_GAME).key
    (None, 'moon', 'passed')
    >>> hunt_of(HEARTS_HUNT_FIRST_GAME + 9).key
    'hearts'
    """
    found = [hunt for hunt in HUNTS if game >= hunt.first_game]
    return found[-1] if found else None
