"""Saving a match in progress and keeping the learner's statistics, on the learner's own disk.

Design choices:

* Files live in the user's data directory (``platformdirs.user_data_dir("hearts-lessons")``);
  the environment variable ``HEARTS_LESSONS_DATA`` overrides it, so tests and the served
  browser tests write to a temporary directory instead.
* Every write is atomic: the text goes to a temporary file in the same directory, is
  flushed and fsynced, and then :func:`os.replace` swaps it in.  A crash or a full disk
  therefore leaves either the old file or the new one, never half of each.
* The match itself is stored as the engine's ``hearts-record/1`` record
  (:meth:`hearts_core.Match.to_json`), wrapped with the widget's settings; reading it back
  goes through :meth:`hearts_core.Match.from_json`, which refuses anything that is not a
  valid, legal record.  Storage decides nothing about the game.
* A save (or statistics file) that cannot be read is never overwritten or deleted: it is
  moved aside to ``<name>.corrupt-<timestamp>`` so nothing the learner had is lost, and
  the caller tells the learner what happened.
* Statistics count finished matches only (played, won, drawn, lost) and the learner's
  points per hand over those matches.  A tie for the lowest total that includes the
  learner is a draw (``rules.md``, tie rule "share").

>>> from tempfile import TemporaryDirectory
>>> from hearts_core import Match
>>> with TemporaryDirectory() as folder:
...     store = MatchStore(folder)
...     store.save(Match.new(seed=3), {"speed": "slow"})
...     saved = store.load()
>>> saved.match.seed, saved.settings
(3, {'speed': 'slow'})
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Final

import platformdirs

from hearts_core import InvalidRecordError, Match

__all__ = [
    "DATA_ENV",
    "SAVE_FORMAT",
    "STATS_FORMAT",
    "CorruptFileError",
    "MatchStore",
    "SavedMatch",
    "Statistics",
    "atomic_write",
    "data_dir",
    "storage_notice",
]

DATA_ENV: Final = "HEARTS_LESSONS_DATA"
SAVE_FORMAT: Final = "hearts-lessons-save/1"
STATS_FORMAT: Final = "hearts-lessons-stats/1"
APP_NAME: Final = "hearts-lessons"


class CorruptFileError(ValueError):
    """A save or statistics file that exists but cannot be read; the message says why."""


# In the static site each page's Python (Pyodide) has its own in-memory home; JupyterLite
# mounts the browser's storage (IndexedDB, through its service worker) at /drive, shared
# by every page of the site and kept across visits.
BROWSER_DRIVE: Final = Path("/drive")


def data_dir() -> Path:
    """Where saves and statistics live: ``$HEARTS_LESSONS_DATA``, the browser's drive, or the user data dir."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    if sys.platform == "emscripten" and BROWSER_DRIVE.is_dir():
        return BROWSER_DRIVE / APP_NAME
    return Path(platformdirs.user_data_dir(APP_NAME))


def storage_notice() -> str | None:
    """A sentence for the learner when nothing they do here can be kept, else None.

    That happens in the static site when the browser gives it no storage (a private
    window, or service workers blocked): progress then lasts only until the page closes.
    """
    if sys.platform == "emscripten" and not os.environ.get(DATA_ENV) and not BROWSER_DRIVE.is_dir():
        return ("This browser is not letting the lessons keep anything (a private window, perhaps): "
                "your progress and saved match will be lost when you close or reload this page.")
    return None


def atomic_write(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that readers see the old file or the new one, never a mix."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # The temporary file must be in the same directory: os.replace is only atomic
    # within one file system.
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_directory(path.parent)


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable where the platform allows it (POSIX only)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        descriptor = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


@dataclass(frozen=True, slots=True)
class SavedMatch:
    """A match read back from disk, with the widget settings saved beside it."""

    match: Match
    settings: dict[str, Any]
    saved_at: str = ""
    display: dict[str, Any] = field(default_factory=dict)
    """What the screen showed that the record does not hold (e.g. a finished trick still on the table)."""


@dataclass(frozen=True, slots=True)
class Statistics:
    """The learner's record over finished matches."""

    played: int = 0
    won: int = 0
    drawn: int = 0
    hands: int = 0
    points: int = 0

    @property
    def lost(self) -> int:
        """Matches neither won nor drawn."""
        return self.played - self.won - self.drawn

    @property
    def average_points(self) -> float | None:
        """The learner's average points per hand, or ``None`` before any finished match."""
        return self.points / self.hands if self.hands else None

    def add(self, match: Match) -> Statistics:
        """These statistics with the finished ``match`` counted in."""
        if not match.is_over or match.winners is None:
            raise ValueError(f"only a finished match counts towards statistics, not {match!r}")
        winners = match.winners
        won = winners == (0,)
        drawn = 0 in winners and not won
        history = match.history
        return Statistics(
            played=self.played + 1,
            won=self.won + int(won),
            drawn=self.drawn + int(drawn),
            hands=self.hands + len(history),
            points=self.points + sum(hand.scores[0] for hand in history),
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
                raise CorruptFileError(f"statistics field {name!r} must be a whole number, not {value!r}")
            values[name] = value
        stats = cls(**values)
        if stats.won + stats.drawn > stats.played:
            raise CorruptFileError(f"{stats.won} won and {stats.drawn} drawn out of only {stats.played} played")
        return stats


class MatchStore:
    """One saved match (``<name>.json``) and the shared statistics (``stats.json``) in a folder."""

    def __init__(self, directory: Path | str | None = None, name: str = "match") -> None:
        self.directory = Path(directory) if directory is not None else data_dir()
        self.save_path = self.directory / f"{name}.json"
        self.stats_path = self.directory / "stats.json"

    def __repr__(self) -> str:
        return f"MatchStore({str(self.directory)!r}, name={self.save_path.stem!r})"

    # ------------------------------------------------------------------- matches

    def save(self, match: Match, settings: dict[str, Any], display: dict[str, Any] | None = None) -> None:
        """Write the match, the widget settings and any display state, atomically."""
        document = {
            "format": SAVE_FORMAT,
            "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "settings": settings,
            "display": display or {},
            # Embedded as an object, not a string, so the file stays readable by people.
            "match": json.loads(match.to_json()),
        }
        atomic_write(self.save_path, json.dumps(document, ensure_ascii=False, indent=1))

    def load(self) -> SavedMatch | None:
        """The saved match, or ``None`` when there is none.

        Raises :class:`CorruptFileError` for a file that exists but cannot be read; the
        file is left where it is (see :meth:`set_aside`).
        """
        document = _read_json(self.save_path)
        if document is None:
            return None
        if not isinstance(document, dict) or document.get("format") != SAVE_FORMAT:
            raise CorruptFileError(f"{self.save_path.name} is not a {SAVE_FORMAT} save")
        settings = document.get("settings", {})
        display = document.get("display", {})
        for name, part in (("settings", settings), ("display", display)):
            if not isinstance(part, dict):
                raise CorruptFileError(f"the {name} in {self.save_path.name} are not an object: {part!r}")
        try:
            match = Match.from_json(json.dumps(document.get("match")))
        except InvalidRecordError as problem:
            raise CorruptFileError(f"the match in {self.save_path.name} is not valid: {problem}") from None
        return SavedMatch(match, settings, str(document.get("saved_at", "")), display)

    def set_aside(self, path: Path | None = None) -> Path:
        """Move an unreadable file to ``<name>.corrupt-<timestamp>``, keeping it unchanged; return the new path."""
        source = path or self.save_path
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = source.with_name(f"{source.name}.corrupt-{stamp}")
        counter = 1
        while target.exists():  # never overwrite an earlier corrupt file
            counter += 1
            target = source.with_name(f"{source.name}.corrupt-{stamp}-{counter}")
        os.replace(source, target)
        return target

    # ---------------------------------------------------------------- statistics

    def statistics(self) -> Statistics:
        """The learner's statistics (all zero before the first finished match).

        Raises :class:`CorruptFileError` for an unreadable statistics file.
        """
        document = _read_json(self.stats_path)
        return Statistics() if document is None else Statistics.from_dict(document)

    def record(self, match: Match) -> Statistics:
        """Count the finished ``match`` in the statistics and write them, atomically."""
        stats = self.statistics().add(match)
        atomic_write(self.stats_path, json.dumps(stats.to_dict(), indent=1))
        return stats


def _read_json(path: Path) -> object | None:
    """The parsed file, ``None`` if it does not exist; :class:`CorruptFileError` if it is not JSON."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except UnicodeDecodeError as problem:
        raise CorruptFileError(f"{path.name} is not text: {problem}") from None
    try:
        document: object = json.loads(text)
    except json.JSONDecodeError as problem:
        raise CorruptFileError(f"{path.name} is not valid JSON ({problem})") from None
    return document
