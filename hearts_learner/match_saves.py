"""What the match widget keeps on disk, and what it tells the learner when the disk disagrees.

Design choices:

* :class:`hearts_learner.match_store.MatchStore` reads and writes files and raises; this
  module is the policy above it for one match page: an unreadable file is moved aside
  (never overwritten) and the learner gets one plain sentence in :attr:`MatchSaves.notice`;
  a failed write never stops the game.  The match widget's controller
  (``widgets.match.flow``) calls it and never sees an exception from the disk.
* Two pages on one save: :class:`MatchSaves` remembers the save's revision as this page
  last read or wrote it, and every write says so (:meth:`MatchStore.save` compares).  When
  another page has written since, this page is :attr:`~MatchSaves.stale`: it writes
  nothing more and says so, until the learner reloads.  The controller also asks
  :meth:`~MatchSaves.still_current` before each action, so a stale page refuses the play
  instead of making one it cannot save.
* Nothing here decides anything about the game; the words are the only thing it adds.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, TypeVar

from hearts_core import Match
from hearts_core.phrasing import sentences
from hearts_core.wording import marked, say
from hearts_learner.files import CorruptFileError, SaveConflictError
from hearts_learner.history import FinishedMatch
from hearts_learner.match_store import MatchStore, SavedMatch
from hearts_learner.statistics import Statistics

__all__ = ["STALE", "MatchSaves"]

STALE = marked("This match was continued in another page, so this page has stopped to keep that progress. "
               "Press Reload to carry on from where it is now.")

log = logging.getLogger("hearts_lessons.widgets.match")

T = TypeVar("T")

# What the learner is told when a file cannot be read ({problem} is the file's own detail,
# in the words of the code that read it); "The old file was kept as ..." follows.
_SAVE_UNREADABLE: Final = marked("Your saved match could not be read ({problem}), so a new match has started.")
_STATISTICS_UNREADABLE: Final = marked("Your statistics could not be read ({problem}); they start again.")
_SETTINGS_UNREADABLE: Final = marked("Your remembered options could not be read ({problem}), so the usual ones are "
                                     "used.")
_HISTORY_UNREADABLE: Final = marked("Your past matches could not be read ({problem}); the list starts again.")


class MatchSaves:
    """One page's view of the learner's save and statistics, with a notice for what went wrong."""

    def __init__(self, store: MatchStore) -> None:
        self.store = store
        self.notice = ""
        """A plain sentence about the save or the statistics, shown until dismissed ("" when all is well)."""
        self.revision = 0
        """The save's revision as this page last read or wrote it (0: no save seen, so any save is newer)."""
        self.stale = False
        """Another page has written the save since: this page writes nothing until it reloads."""

    def save(self, match: Match, settings: dict[str, Any], display: dict[str, Any], match_id: str) -> None:
        """Write the match unless another page has since; a failing disk is reported, and play goes on."""
        if self.stale:
            return
        try:
            self.revision = self.store.save(match, settings, display, expected=self.revision, match_id=match_id)
        except SaveConflictError:
            self._went_stale()
        except CorruptFileError as problem:  # spoilt since it was read: keep it aside, then write ours
            try:
                kept = self.store.set_aside(self.store.save_path).name
            except OSError as failure:
                self.notice = say("Your match could not be saved: an unreadable old save is in the way ({problem}).",
                                  problem=failure)
                return
            self.notice = say("Your saved match had become unreadable ({problem}); it was kept as {kept}.",
                              problem=problem, kept=kept)
            try:
                self.revision = self.store.save(match, settings, display, match_id=match_id)
            except (OSError, CorruptFileError) as failure:
                self.notice = say("Your match could not be saved ({problem}). You can keep playing.", problem=failure)
        except OSError as problem:
            log.exception("saving the match failed")
            self.notice = say("Your match could not be saved ({problem}). You can keep playing.", problem=problem)

    def still_current(self) -> bool:
        """Whether this page may go on: no other page has written the save since it last did."""
        if not self.stale:
            try:
                found = self.store.revision()
            except (CorruptFileError, OSError):  # the next save deals with it
                return True
            if found is not None and found != self.revision:
                self._went_stale()
        return not self.stale

    def adopt_current(self) -> None:
        """This page replaces whatever is saved now: take the save's current revision as seen."""
        try:
            self.revision = self.store.revision() or 0
        except (CorruptFileError, OSError):  # the first save sets an unreadable one aside
            self.revision = 0

    def _went_stale(self) -> None:
        self.stale = True
        self.notice = say(STALE)

    def read_save(self) -> SavedMatch | None:
        """The saved match, or ``None`` (none, or unreadable: then it is moved aside and the learner told).

        Whatever it finds becomes the revision this page has seen, and the page is current again.
        """
        self.stale = False
        if self.notice == say(STALE):
            self.notice = ""
        try:
            saved = self.store.load()
        except CorruptFileError as problem:
            self._unreadable(self.store.save_path, problem, _SAVE_UNREADABLE)
            self.revision = 0
            return None
        except OSError as problem:
            self.notice = say("Your saved match could not be opened ({problem}), so a new match has started.",
                              problem=problem)
            return None
        self.revision = 0 if saved is None else saved.revision
        return saved

    def read_statistics(self) -> Statistics:
        """The learner's statistics; unreadable ones are moved aside and start again."""
        return self._read(self.store.statistics, self.store.stats_path, Statistics(), _STATISTICS_UNREADABLE,
                          marked("Your statistics could not be opened ({problem})."))

    def record(self, match: Match, match_id: str) -> Statistics | None:
        """Count the finished ``match`` once per ``match_id``; the statistics, or ``None`` if they cannot be written."""
        try:
            return self.store.record(match, match_id)
        except CorruptFileError as problem:
            self._unreadable(self.store.stats_path, problem, _STATISTICS_UNREADABLE)
        except OSError as problem:
            self.notice = say("Your statistics could not be saved ({problem}).", problem=problem)
            return None
        try:
            return self.store.record(match, match_id)
        except (OSError, CorruptFileError) as problem:
            self.notice = say("Your statistics could not be saved ({problem}).", problem=problem)
            return None

    def read_settings(self) -> dict[str, Any]:
        """The settings remembered from the last match (``{}`` if none; unreadable ones are moved aside)."""
        return self._read(self.store.remembered_settings, self.store.settings_path, {}, _SETTINGS_UNREADABLE,
                          marked("Your remembered options could not be opened ({problem})."))

    def remember_settings(self, settings: dict[str, Any]) -> None:
        """Keep the learner's options for the next match; a failing disk is reported, and play goes on."""
        try:
            self.store.remember_settings(settings)
        except OSError as problem:
            log.exception("remembering the settings failed")
            self.notice = say("Your options could not be remembered for next time ({problem}).", problem=problem)

    def read_history(self) -> tuple[FinishedMatch, ...]:
        """The finished matches kept, newest first; an unreadable history is moved aside and starts again."""
        return self._read(self.store.history, self.store.history_path, (), _HISTORY_UNREADABLE,
                          marked("Your past matches could not be opened ({problem})."))

    def add_to_history(self, match: Match, match_id: str) -> tuple[FinishedMatch, ...]:
        """Keep the finished ``match`` in the history; the history as it now is (what could be read)."""
        for attempt in range(2):
            try:
                return self.store.add_to_history(match, match_id)
            except CorruptFileError as problem:
                if attempt:
                    break
                self._unreadable(self.store.history_path, problem, _HISTORY_UNREADABLE)
            except OSError as problem:
                self.notice = say("This match could not be kept with your past matches ({problem}).", problem=problem)
                break
        return self.read_history()

    def _read(self, read: Callable[[], T], path: Path, default: T, unreadable: str, unopened: str) -> T:
        """What ``read`` returns; else ``default``, with the learner told (and an unreadable ``path`` moved aside)."""
        try:
            return read()
        except CorruptFileError as problem:
            self._unreadable(path, problem, unreadable)
        except OSError as problem:
            self.notice = say(unopened, problem=problem)
        return default

    def _unreadable(self, path: Path, problem: CorruptFileError, told: str) -> None:
        """Move the unreadable file at ``path`` aside, telling the learner ``told`` and where it was kept."""
        kept = self._set_aside(path)
        self.notice = sentences([say(told, problem=problem), say("The old file was kept as {kept}.", kept=kept)])

    def _set_aside(self, path: Path) -> str:
        try:
            return self.store.set_aside(path).name
        except OSError as problem:  # the file stays where it is; we simply do not use it
            log.exception("could not move %s aside", path)
            return say("{name} (it could not be moved: {problem})", name=path.name, problem=problem)
