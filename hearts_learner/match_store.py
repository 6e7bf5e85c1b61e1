"""The match page's files: the match in progress, the remembered settings, and the way to the
statistics and the history, all in the learner's data folder.

Design choices:

* The match itself is stored as the engine's ``hearts-record/1`` record
  (:meth:`hearts_core.Match.to_json`), wrapped with the widget's settings; reading it back
  goes through :meth:`hearts_core.Match.from_json`, which refuses anything that is not a
  valid, legal record.  Storage decides nothing about the game.
* Two pages may play from one save (two tabs, or two kernels sharing a data folder).
  Each save carries a ``revision`` that goes up by one with every write, and a writer
  says which revision it last saw: :meth:`MatchStore.save` refuses with
  :class:`~hearts_learner.files.SaveConflictError` when another page has written since, so
  a stale page can never overwrite newer plays.  Compare and write happen under the
  folder's lock (:func:`hearts_learner.files.folder_lock`), as every write of this package does.
* The learner's settings (speed, levels, guidance, the tie rule, ...) are remembered in
  ``settings.json`` between matches.  The statistics (:mod:`hearts_learner.statistics`) and
  the finished matches (:mod:`hearts_learner.history`) have their own modules; a
  :class:`MatchStore` names their files in its folder and reaches them through its methods.
* Every file is read with the same care (:func:`hearts_learner.files.read_json`): an
  unreadable one raises :class:`~hearts_learner.files.CorruptFileError` and is never
  overwritten; :meth:`MatchStore.set_aside` moves it to ``<name>.corrupt-<timestamp>``.

>>> from tempfile import TemporaryDirectory
>>> from hearts_core import Match
>>> with TemporaryDirectory() as folder:
...     store = MatchStore(folder)
...     store.save(Match.new(seed=3), {"speed": "slow"})
...     saved = store.load()
1
>>> saved.match.seed, saved.settings, saved.revision
(3, {'speed': 'slow'}, 1)
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from hearts_core import InvalidRecordError, Match
from hearts_learner import files, history, statistics
from hearts_learner.files import (
    CorruptFileError,
    SaveConflictError,
    atomic_write,
    clean_orphans,
    data_dir,
    folder_lock,
    read_json,
    short,
)
from hearts_learner.history import FinishedMatch
from hearts_learner.statistics import Statistics

__all__ = ["SAVE_FORMAT", "SETTINGS_FORMAT", "MatchStore", "SavedMatch"]

SAVE_FORMAT: Final = "hearts-lessons-save/1"
SETTINGS_FORMAT: Final = "hearts-lessons-settings/1"


@dataclass(frozen=True, slots=True)
class SavedMatch:
    """A match read back from disk, with the widget settings saved beside it."""

    match: Match
    settings: dict[str, Any]
    saved_at: str = ""
    display: dict[str, Any] = field(default_factory=dict)
    """What the screen showed that the record does not hold (e.g. a finished trick still on the table)."""
    revision: int = 0
    """How many times this save has been written (0 for a save from before revisions)."""
    match_id: str = ""
    """Which match this is, the same in every page that plays it ("" for a save from before ids)."""


class MatchStore:
    """One saved match (``<name>.json``), the shared statistics, settings and history in a folder."""

    def __init__(self, directory: Path | str | None = None, name: str = "match") -> None:
        self.directory = Path(directory) if directory is not None else data_dir()
        self.save_path = self.directory / f"{name}.json"
        self.stats_path = self.directory / "stats.json"
        self.settings_path = self.directory / "settings.json"
        self.history_path = self.directory / "history.json"

    def __repr__(self) -> str:
        return f"MatchStore({str(self.directory)!r}, name={self.save_path.stem!r})"

    # ------------------------------------------------------------------- matches

    def save(self, match: Match, settings: dict[str, Any], display: dict[str, Any] | None = None, *,
             expected: int | None = None, match_id: str = "") -> int:
        """Write the match, the widget settings and any display state, atomically; return the new revision.

        With ``expected`` (the revision this page last read or wrote, 0 if it saw no save;
        ``None`` to write regardless), a save that another page has written since is left
        alone and :class:`SaveConflictError` raised.  A missing save never conflicts:
        there is nothing newer to lose.  A save that cannot be read raises
        :class:`CorruptFileError` and is not overwritten either (see :meth:`set_aside`).
        """
        with folder_lock(self.directory):
            found = self.revision()
            if expected is not None and found is not None and found != expected:
                raise SaveConflictError(expected, found)
            revision = (found or 0) + 1
            document = {
                "format": SAVE_FORMAT,
                "revision": revision,
                "match_id": match_id,
                "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                "settings": settings,
                "display": display or {},
                # Embedded as an object, not a string, so the file stays readable by people.
                "match": json.loads(match.to_json()),
            }
            atomic_write(self.save_path, json.dumps(document, ensure_ascii=False, indent=1))
        return revision

    def revision(self) -> int | None:
        """The save's revision, ``None`` when there is no save; :class:`CorruptFileError` if it is unreadable."""
        try:
            document = read_json(self.save_path)
        except FileNotFoundError:
            return None
        return _revision(self._save_document(document))

    def load(self) -> SavedMatch | None:
        """The saved match, or ``None`` when there is none.

        Raises :class:`CorruptFileError` for a file that exists but cannot be read, whatever
        is wrong with it; the file is left where it is (see :meth:`set_aside`).  Orphaned
        temporary files of interrupted saves are removed on the way.
        """
        clean_orphans(self.directory)
        try:
            document = self._save_document(read_json(self.save_path))
        except FileNotFoundError:
            return None
        settings = document.get("settings", {})
        display = document.get("display", {})
        for name, part in (("settings", settings), ("display", display)):
            if not isinstance(part, dict):
                raise CorruptFileError(f"the {name} in {self.save_path.name} are not an object: {short(part)}")
        match_id = document.get("match_id", "")
        if not isinstance(match_id, str):
            raise CorruptFileError(f"the match id in {self.save_path.name} is not text: {short(match_id)}")
        revision = _revision(document)
        try:
            match = Match.from_json(json.dumps(document.get("match")))
        except InvalidRecordError as problem:
            raise CorruptFileError(f"the match in {self.save_path.name} is not valid: {problem}") from None
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as problem:
            # The engine refuses bad records with InvalidRecordError; anything else escaping
            # it is still a bad file, and the page must open all the same.
            raise CorruptFileError(f"the match in {self.save_path.name} is not valid ({problem!r})") from None
        return SavedMatch(match, settings, str(document.get("saved_at", "")), display, revision, match_id)

    def _save_document(self, document: object) -> dict[str, Any]:
        if not isinstance(document, dict) or document.get("format") != SAVE_FORMAT:
            raise CorruptFileError(f"{self.save_path.name} is not a {SAVE_FORMAT} save")
        return document

    def set_aside(self, path: Path | None = None) -> Path:
        """Move an unreadable file to ``<name>.corrupt-<timestamp>``, keeping it unchanged; return the new path."""
        return files.set_aside(path or self.save_path)

    # ---------------------------------------------------------------- statistics

    def statistics(self) -> Statistics:
        """The learner's statistics (all zero before the first finished match).

        Raises :class:`CorruptFileError` for an unreadable statistics file.
        """
        return statistics.read_statistics(self.stats_path)

    def record(self, match: Match, match_id: str = "") -> Statistics:
        """Count the finished ``match`` in the statistics and write them, atomically.

        A ``match_id`` already counted (the same match finished in another page) changes nothing.
        """
        return statistics.count_match(self.stats_path, match, match_id)

    # ------------------------------------------------------------------ settings

    def remembered_settings(self) -> dict[str, Any]:
        """The settings the learner chose last (``{}`` before any); :class:`CorruptFileError` if unreadable.

        The values are as written: the widget checks each one before using it.
        """
        try:
            document = read_json(self.settings_path)
        except FileNotFoundError:
            return {}
        if not isinstance(document, dict) or document.get("format") != SETTINGS_FORMAT:
            raise CorruptFileError(f"{self.settings_path.name} is not a {SETTINGS_FORMAT} file")
        settings = document.get("settings")
        if not isinstance(settings, dict):
            raise CorruptFileError(f"the settings in {self.settings_path.name} are not an object: {short(settings)}")
        return settings

    def remember_settings(self, settings: dict[str, Any]) -> None:
        """Keep ``settings`` for the next match, atomically (an unreadable old file is replaced only
        after :meth:`remembered_settings` has raised and the caller has set it aside)."""
        with folder_lock(self.directory):
            atomic_write(self.settings_path, json.dumps({"format": SETTINGS_FORMAT, "settings": settings}, indent=1))

    # ------------------------------------------------------------------- history

    def history(self) -> tuple[FinishedMatch, ...]:
        """The finished matches kept, newest first; :class:`CorruptFileError` if the file is unreadable.

        Lesson 10 offers these: ``entry.label`` to choose by, ``entry.record`` to check.
        """
        return history.read_history(self.history_path)

    def add_to_history(self, match: Match, match_id: str = "") -> tuple[FinishedMatch, ...]:
        """Keep the finished ``match`` (once per ``match_id``); return the history, newest first.

        Only the newest :data:`~hearts_learner.history.HISTORY_KEPT` matches are kept.
        """
        return history.add_to_history(self.history_path, match, match_id)


def _revision(document: dict[str, Any]) -> int:
    revision = document.get("revision", 0)
    if not isinstance(revision, int) or isinstance(revision, bool) or revision < 0:
        raise CorruptFileError(f"the save's revision must be a whole number, not {short(revision)}")
    return revision
