"""Keeping the learner's puzzle progress on disk: ``puzzles.json`` in the learner's data folder.

Design choices:

* One file, ``puzzles.json``, in the learner's data folder
  (:func:`hearts_learner.files.data_dir`), in the format of :mod:`hearts_learner.puzzle_file`,
  written with :func:`hearts_learner.files.atomic_write` under the folder's lock, as every
  store of this package writes.  A file that cannot be read, whatever is wrong with it, is
  moved aside to ``puzzles.json.corrupt-<timestamp>`` (never overwritten nor deleted) and
  :class:`~hearts_learner.puzzle_file.UnreadablePuzzlesError` says where it went; a file of
  a *newer* format is not corrupt and is left alone
  (:class:`~hearts_learner.puzzle_file.NewerPuzzlesError`).
* **Two tabs: refusal, not merge.** The file carries a ``revision`` that goes up by one
  with each write; :meth:`PuzzleStore.save` refuses a progress read at an older revision
  with :class:`hearts_learner.files.SaveConflictError` and writes nothing.  The way a page
  should record an answer is :meth:`PuzzleStore.update`, which reads the newest file,
  applies the change and writes it under the folder's lock, so two tabs never lose each
  other's attempts and a puzzle attempted in both counts once.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from hearts_core.errors import quote_input
from hearts_core.wording import say
from hearts_learner import files
from hearts_learner.files import (
    CorruptFileError,
    SaveConflictError,
    atomic_write,
    clean_orphans,
    data_dir,
    folder_lock,
    read_json,
)
from hearts_learner.puzzle_file import NewerPuzzlesError, UnreadablePuzzlesError
from hearts_learner.puzzle_inputs import PuzzleInputError
from hearts_learner.puzzle_progress import PuzzleProgress
from hearts_learner.puzzle_words import PATTERNS

__all__ = ["PuzzleStore"]

log = logging.getLogger("hearts_lessons.puzzles")


class PuzzleStore:
    """``puzzles.json`` in the learner's data folder: read, saved with a revision check, updated under a lock."""

    def __init__(self, directory: Path | str | None = None) -> None:
        self.directory = Path(directory) if directory is not None else data_dir()
        self.path = self.directory / "puzzles.json"

    def __repr__(self) -> str:
        return f"PuzzleStore({str(self.directory)!r})"

    def load(self) -> PuzzleProgress:
        """The saved progress (empty, revision 0, when there is none).

        A file that cannot be read is moved aside and :class:`UnreadablePuzzlesError`
        raised, its message a sentence for the learner; the next load starts afresh.  A
        newer format raises :class:`NewerPuzzlesError` and stays where it is.
        """
        clean_orphans(self.directory)
        progress = self._read()
        return progress if progress is not None else PuzzleProgress()

    def save(self, progress: PuzzleProgress) -> PuzzleProgress:
        """Write ``progress`` atomically; return it with its new revision.

        Refused with :class:`hearts_learner.files.SaveConflictError`, writing nothing, when the
        file has been written since ``progress`` was read (another tab); refused as
        :meth:`load` refuses when the file on disk cannot be read.
        """
        if not isinstance(progress, PuzzleProgress):
            raise PuzzleInputError(f"only a PuzzleProgress can be saved, not {quote_input(progress)}")
        with folder_lock(self.directory):
            return self._write(progress)

    def update(self, change: Callable[[PuzzleProgress], PuzzleProgress]) -> PuzzleProgress:
        """Apply ``change`` to the newest saved progress and save the result, under the folder's lock.

        This is how a page records an answer: whatever another tab wrote first is kept.
        A change that raises writes nothing.  Where the platform has no file lock (the
        browser), a write in the same instant from another tab raises
        :class:`hearts_learner.files.SaveConflictError` instead of being lost.

        >>> from tempfile import TemporaryDirectory
        >>> from datetime import datetime, timezone
        >>> from hearts_learner.puzzle_inputs import RatedPuzzle
        >>> when = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)
        >>> with TemporaryDirectory() as folder:
        ...     store = PuzzleStore(folder)
        ...     saved = store.update(lambda p: p.record_attempt(RatedPuzzle("p1", 1500.0), solved=False, now=when))
        ...     again = store.load()
        >>> again == saved, again.revision, [card.id for card in again.cards]
        (True, 1, ['p1'])
        """
        with folder_lock(self.directory):
            current = self._read() or PuzzleProgress()
            changed = change(current)
            if not isinstance(changed, PuzzleProgress):
                raise PuzzleInputError(f"a change must return a PuzzleProgress, not {quote_input(changed)}")
            return self._write(replace(changed, revision=current.revision))

    def set_aside(self) -> Path:
        """Move ``puzzles.json`` to ``puzzles.json.corrupt-<timestamp>`` unchanged; return where it went."""
        return files.set_aside(self.path)

    def _write(self, progress: PuzzleProgress) -> PuzzleProgress:
        on_disk = self._read()
        if on_disk is not None and on_disk.revision != progress.revision:
            raise SaveConflictError(progress.revision, on_disk.revision)
        saved = replace(progress, revision=(on_disk.revision if on_disk else 0) + 1)
        atomic_write(self.path, json.dumps(saved.to_dict(), ensure_ascii=False, indent=1))
        return saved

    def _read(self) -> PuzzleProgress | None:
        """The file's progress, ``None`` if there is none; an unreadable file is set aside and reported."""
        try:
            return PuzzleProgress.from_dict(read_json(self.path))
        except FileNotFoundError:
            return None
        except NewerPuzzlesError:
            raise
        except CorruptFileError as problem:
            reason = str(problem)
            try:
                kept: Path | None = self.set_aside()
                where = kept.name if kept else ""
                said = say(PATTERNS["unreadable"], kept=where)
            except OSError as failure:
                kept, where = None, f"{self.path.name} (it could not be moved: {failure.strerror or failure})"
                said = say(PATTERNS["unreadable_unmoved"], kept=self.path.name, problem=failure.strerror or failure)
            log.warning("puzzle progress unreadable (%s); kept as %s", reason, where)
            raise UnreadablePuzzlesError(reason, kept, said) from None
