"""The learner's statistics over finished matches, and their file ``stats.json``.

Design choices:

* Statistics count finished matches only (played, won, drawn, lost) and the learner's
  points per hand over those matches.  A tie for the lowest total that includes the
  learner is a draw (``docs/rules.md``, tie rule "share"): the outcome is the engine's
  (:meth:`hearts_core.Match.outcome`), never decided here.
* The ids of recently counted matches are kept (:data:`COUNTED_KEPT`), so a match
  finished in two pages counts once.
* :class:`Statistics` is a frozen value: counting a match returns a new one.  The file
  also holds the derived figures (lost, average points), for people reading it; they
  are never read back.
* :func:`count_match` reads the file, counts the match and writes it back under the
  folder's lock (:func:`hearts_learner.files.folder_lock`), so two pages finishing
  matches at once both count.  An unreadable file raises
  :class:`~hearts_learner.files.CorruptFileError` and is not overwritten: the caller sets
  it aside (:mod:`hearts_learner.match_saves`).

>>> Statistics(played=3, won=1, drawn=1, hands=12, points=60).lost, Statistics(hands=4, points=10).average_points
(1, 2.5)
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Final

from hearts_core import Match, Outcome
from hearts_core.wording import LEARNER_SEAT
from hearts_learner.files import CorruptFileError, atomic_write, folder_lock, read_json, short

__all__ = ["COUNTED_KEPT", "STATS_FORMAT", "Statistics", "count_match", "read_statistics"]

STATS_FORMAT: Final = "hearts-lessons-stats/1"
COUNTED_KEPT: Final = 200
"""How many finished matches' ids the statistics remember (a double count comes minutes after the first)."""


@dataclass(frozen=True, slots=True)
class Statistics:
    """The learner's record over finished matches."""

    played: int = 0
    won: int = 0
    drawn: int = 0
    hands: int = 0
    points: int = 0
    counted: tuple[str, ...] = ()
    """Ids of the most recently counted matches (at most :data:`COUNTED_KEPT`)."""

    @property
    def lost(self) -> int:
        """Matches neither won nor drawn."""
        return self.played - self.won - self.drawn

    @property
    def average_points(self) -> float | None:
        """The learner's average points per hand, or ``None`` before any finished match."""
        return self.points / self.hands if self.hands else None

    def add(self, match: Match, match_id: str = "") -> Statistics:
        """These statistics with the finished ``match`` counted in, unless ``match_id`` was counted already."""
        if not match.is_over or match.winners is None:
            raise ValueError(f"only a finished match counts towards statistics, not {match!r}")
        if match_id and match_id in self.counted:
            return self
        outcome = match.outcome(LEARNER_SEAT)
        history = match.history
        return Statistics(
            played=self.played + 1,
            won=self.won + int(outcome is Outcome.WON),
            drawn=self.drawn + int(outcome is Outcome.DRAWN),
            hands=self.hands + len(history),
            points=self.points + sum(hand.scores[0] for hand in history),
            counted=(*self.counted, match_id)[-COUNTED_KEPT:] if match_id else self.counted,
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (with the derived figures, for people reading the file)."""
        return {"format": STATS_FORMAT, **asdict(self), "lost": self.lost, "average_points": self.average_points}

    @classmethod
    def from_dict(cls, data: object) -> Statistics:
        """Read the JSON form; anything inconsistent raises :class:`CorruptFileError`."""
        if not isinstance(data, dict) or data.get("format") != STATS_FORMAT:
            raise CorruptFileError(f"not a {STATS_FORMAT} statistics file")
        values = {}
        for name in ("played", "won", "drawn", "hands", "points"):
            value = data.get(name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise CorruptFileError(f"statistics field {name!r} must be a whole number, not {short(value)}")
            values[name] = value
        counted = data.get("counted", [])
        if not isinstance(counted, list) or not all(isinstance(item, str) for item in counted):
            raise CorruptFileError("statistics field 'counted' must be a list of match ids")
        stats = cls(**values, counted=tuple(counted[-COUNTED_KEPT:]))
        if stats.won + stats.drawn > stats.played:
            raise CorruptFileError(f"{stats.won} won and {stats.drawn} drawn out of only {stats.played} played")
        return stats


def read_statistics(path: Path) -> Statistics:
    """The statistics in ``path`` (all zero when there is no file); :class:`CorruptFileError` if unreadable."""
    try:
        return Statistics.from_dict(read_json(path))
    except FileNotFoundError:
        return Statistics()


def count_match(path: Path, match: Match, match_id: str = "") -> Statistics:
    """Count the finished ``match`` in the statistics at ``path`` and write them, atomically, under the lock.

    A ``match_id`` already counted (the same match finished in another page) changes nothing.
    """
    with folder_lock(path.parent):
        before = read_statistics(path)
        stats = before.add(match, match_id)
        if stats is not before:
            atomic_write(path, json.dumps(stats.to_dict(), indent=1))
    return stats
