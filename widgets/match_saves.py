"""What the match widget keeps on disk, and what it tells the learner when the disk disagrees.

Design choices:

* :class:`widgets.storage.MatchStore` reads and writes files and raises; this module is
  the policy above it for one match page: an unreadable file is moved aside (never
  overwritten) and the learner gets one plain sentence in :attr:`MatchSaves.notice`; a
  failed write never stops the game.  The controller (:mod:`widgets.match_flow`) calls
  it and never sees an exception from the disk.
* Nothing here decides anything about the game; the words are the only thing it adds.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from hearts_core import Match
from widgets.storage import CorruptFileError, MatchStore, SavedMatch, Statistics

__all__ = ["MatchSaves"]

log = logging.getLogger("hearts_lessons.widgets.match")


class MatchSaves:
    """One page's view of the learner's save and statistics, with a notice for what went wrong."""

    def __init__(self, store: MatchStore) -> None:
        self.store = store
        self.notice = ""
        """A plain sentence about the save or the statistics, shown until dismissed ("" when all is well)."""

    def save(self, match: Match, settings: dict[str, Any], display: dict[str, Any]) -> None:
        """Write the match; a failing disk is reported in :attr:`notice`, and play goes on."""
        try:
            self.store.save(match, settings, display)
        except OSError as problem:
            log.exception("saving the match failed")
            self.notice = f"Your match could not be saved ({problem}). You can keep playing."

    def read_save(self) -> SavedMatch | None:
        """The saved match, or ``None`` (none, or unreadable: then it is moved aside and the learner told)."""
        try:
            return self.store.load()
        except CorruptFileError as problem:
            kept = self._set_aside(self.store.save_path)
            self.notice = (f"Your saved match could not be read ({problem}), so a new match has started. "
                           f"The old file was kept as {kept}.")
            return None
        except OSError as problem:
            self.notice = f"Your saved match could not be opened ({problem}), so a new match has started."
            return None

    def read_statistics(self) -> Statistics:
        """The learner's statistics; unreadable ones are moved aside and start again."""
        try:
            return self.store.statistics()
        except CorruptFileError as problem:
            self._statistics_unreadable(problem)
        except OSError as problem:
            self.notice = f"Your statistics could not be opened ({problem})."
        return Statistics()

    def record(self, match: Match) -> Statistics | None:
        """Count the finished ``match``; the new statistics, or ``None`` if they could not be written."""
        try:
            return self.store.record(match)
        except CorruptFileError as problem:
            self._statistics_unreadable(problem)
        except OSError as problem:
            self.notice = f"Your statistics could not be saved ({problem})."
            return None
        try:
            return self.store.record(match)
        except (OSError, CorruptFileError) as problem:
            self.notice = f"Your statistics could not be saved ({problem})."
            return None

    def _statistics_unreadable(self, problem: CorruptFileError) -> None:
        kept = self._set_aside(self.store.stats_path)
        self.notice = (f"Your statistics could not be read ({problem}); they start again. "
                       f"The old file was kept as {kept}.")

    def _set_aside(self, path: Path) -> str:
        try:
            return self.store.set_aside(path).name
        except OSError as problem:  # the file stays where it is; we simply do not use it
            log.exception("could not move %s aside", path)
            return f"{path.name} (it could not be moved: {problem})"
