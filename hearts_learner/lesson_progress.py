"""Which lessons the learner has completed, how far each got, and the language they chose:
``progress.json`` in the learner's data folder.

Design choices:

* Besides the ``completed`` list (the only thing older files hold, so they still read),
  ``progress.json`` keeps per lesson how many exercises were answered and how many of the
  graded ones were right at the first try: the index shows those as stars.  Counts only
  go up: a new visit that answers less does not lower the best.
* The language the learner chose on the index is kept in the same file, beside the
  progress (same atomic write, same care for a corrupt file); writing one keeps the other.
* Every change reads the file, changes it and writes it back under the folder's lock
  (:func:`hearts_learner.files.folder_lock`), as the other stores do, so two lesson pages
  recording answers at once (two tabs, two kernels) keep both.
* An unreadable progress file, whatever its fault, is set aside
  (:func:`hearts_learner.files.set_aside`), never overwritten, and counts as empty;
  :attr:`LessonProgress.notice` then holds a sentence for the learner.
* This module knows no lesson catalogue: the widgets' ``Progress`` (``widgets.lessons``)
  refuses a key the course does not have before anything is written.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any, Final

from hearts_core.errors import quote_input
from hearts_core.wording import LANGUAGES, say
from hearts_learner.files import (
    CorruptFileError,
    atomic_write,
    clean_orphans,
    data_dir,
    folder_lock,
    read_json,
    set_aside,
)

__all__ = ["COUNTS", "LessonProgress"]

COUNTS: Final = ("answered", "exercises", "stars", "graded")
"""The figures kept per lesson: ``answered`` of ``exercises``, ``stars`` of ``graded``."""

log = logging.getLogger("hearts_lessons.lessons")


class LessonProgress:
    """Which lessons the learner has completed, kept in ``progress.json``."""

    def __init__(self, directory: Path | str | None = None) -> None:
        self.path = Path(directory or data_dir()) / "progress.json"
        self.notice = ""
        """A plain sentence for the learner when the progress file could not be read ("" otherwise)."""

    def _document(self) -> dict[str, Any]:
        """The progress file's contents; an unreadable file (whatever its fault) is set aside and counts as empty."""
        clean_orphans(self.path.parent)
        try:
            document = read_json(self.path)
            if not isinstance(document, dict) or not isinstance(document.get("completed"), list):
                raise CorruptFileError(f"{self.path.name} does not list completed lessons")
            if not all(isinstance(key, str) for key in document["completed"]):
                raise CorruptFileError(f"{self.path.name} lists something other than lesson names")
            return document
        except FileNotFoundError:
            return {"completed": []}
        except CorruptFileError as problem:
            try:
                kept = set_aside(self.path).name
            except OSError as failure:
                kept = f"{self.path.name} (it could not be moved: {failure})"
            log.warning("progress file unreadable (%s); kept as %s", problem, kept)
            self.notice = say("Your lesson progress could not be read, so it starts again. "
                              "The old file was kept as {kept}.", kept=kept)
            return {"completed": []}
        except OSError as problem:
            self.notice = say("Your lesson progress could not be opened ({problem}).",
                              problem=problem.strerror or problem)
            return {"completed": []}

    def language(self) -> str | None:
        """The language the learner chose on the index, or ``None`` (never chosen, or not one we speak)."""
        chosen = self._document().get("language")
        return chosen if isinstance(chosen, str) and chosen in LANGUAGES else None

    def choose_language(self, code: str) -> None:
        """Remember language ``code`` (one of :data:`~hearts_core.wording.LANGUAGES`) beside the progress.

        An unknown code raises :class:`ValueError` naming it and writes nothing.
        """
        if code not in LANGUAGES:
            raise ValueError(f"unknown language {quote_input(code)}; the course speaks {', '.join(LANGUAGES)}")
        with folder_lock(self.path.parent):
            document = self._document()
            self._write(document, language=code)

    def _write(self, document: dict[str, Any], *, completed: set[str] | None = None,
               lessons: dict[str, dict[str, int]] | None = None, language: str | None = None) -> None:
        """Write the whole file, keeping what is not being changed (the language with the progress, and back).

        The caller holds the folder's lock from its read of ``document`` to here.
        """
        kept_language = language or document.get("language")
        result: dict[str, Any] = {
            "completed": sorted(set(document["completed"]) if completed is None else completed),
            "lessons": self.stats() if lessons is None else lessons,
        }
        if isinstance(kept_language, str) and kept_language in LANGUAGES:
            result["language"] = kept_language
        atomic_write(self.path, json.dumps(result, indent=1))

    def completed(self) -> set[str]:
        """Keys of completed lessons."""
        return set(self._document()["completed"])

    def stats(self) -> dict[str, dict[str, int]]:
        """Per lesson: ``answered`` of ``exercises``, and ``stars`` of ``graded`` (first-try answers).

        Files written before these counts existed have none; an entry that is not four
        whole numbers is ignored rather than trusted.
        """
        found = self._document().get("lessons")
        if not isinstance(found, dict):
            return {}
        return {key: {name: int(entry[name]) for name in COUNTS} for key, entry in found.items()
                if isinstance(entry, dict) and all(isinstance(entry.get(name), int) for name in COUNTS)}

    def mark(self, key: str) -> None:
        """Record lesson ``key`` as completed."""
        self.record(key, complete=True)

    def record(self, key: str, *, complete: bool, answered: int = 0, exercises: int = 0, stars: int = 0,
               graded: int = 0) -> None:
        """Record how far lesson ``key`` got; counts keep their best, a completed lesson stays completed."""
        with folder_lock(self.path.parent):
            document = self._document()
            done = set(document["completed"]) | ({key} if complete else set())
            lessons = {name: entry for name, entry in self.stats().items()}
            old = lessons.get(key, dict.fromkeys(COUNTS, 0))
            new = {"answered": answered, "exercises": exercises, "stars": stars, "graded": graded}
            if exercises or graded:
                lessons[key] = {name: max(old[name], new[name]) for name in COUNTS}
            self._write(document, completed=done, lessons=lessons)
