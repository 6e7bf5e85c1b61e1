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
* A save, statistics or progress file that cannot be read is never overwritten or
  deleted: it is moved aside to ``<name>.corrupt-<timestamp>`` so nothing the learner had
  is lost, and the caller tells the learner what happened.  "Cannot be read" is every
  fault :func:`read_json` meets, not just bad JSON: bytes that are not UTF-8, nesting
  deep enough to exhaust the parser (``RecursionError``), a number past Python's digit
  limit (``ValueError``), ``null`` or another value where an object belongs, a field of
  the wrong type.  A UTF-8 byte-order mark is accepted, as the checker accepts one.
* Two pages may play from one save (two tabs, or two kernels sharing a data folder).
  Each save carries a ``revision`` that goes up by one with every write, and a writer
  says which revision it last saw: :meth:`MatchStore.save` refuses with
  :class:`SaveConflictError` when another page has written since, so a stale page can
  never overwrite newer plays.  Compare and write happen under a lock file where the
  platform has ``fcntl``.
* The learner's settings (speed, levels, guidance, the tie rule, ...) are remembered in
  ``settings.json`` between matches, and finished matches are kept in ``history.json``
  (the newest :data:`HISTORY_KEPT`, each with its full record), so lesson 10 can replay
  any of them.  Both are read with the same care as the save: an unreadable file raises
  :class:`CorruptFileError` and is never overwritten.
* Statistics count finished matches only (played, won, drawn, lost) and the learner's
  points per hand over those matches.  A tie for the lowest total that includes the
  learner is a draw (``docs/rules.md``, tie rule "share").  The ids of recently counted
  matches are kept, so a match finished in two pages counts once.
* A temporary file left by an interrupted write (a killed kernel) is removed the next
  time the folder is read, once it is old enough that no writer can still own it.

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

import contextlib
import json
import os
import reprlib
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Final

import platformdirs

if sys.platform != "win32":
    import fcntl

from hearts_core import InvalidRecordError, Match, Outcome, Rules, match_outcome
from hearts_core.wording import LEARNER_SEAT, and_list, marked, say, say_n, translate

__all__ = [
    "DATA_ENV",
    "HISTORY_FORMAT",
    "HISTORY_KEPT",
    "SAVE_FORMAT",
    "SETTINGS_FORMAT",
    "STATS_FORMAT",
    "CorruptFileError",
    "FinishedMatch",
    "MatchStore",
    "SaveConflictError",
    "SavedMatch",
    "Statistics",
    "atomic_write",
    "clean_orphans",
    "data_dir",
    "folder_lock",
    "read_json",
    "storage_notice",
]

DATA_ENV: Final = "HEARTS_LESSONS_DATA"
SAVE_FORMAT: Final = "hearts-lessons-save/1"
STATS_FORMAT: Final = "hearts-lessons-stats/1"
SETTINGS_FORMAT: Final = "hearts-lessons-settings/1"
HISTORY_FORMAT: Final = "hearts-lessons-history/1"
HISTORY_KEPT: Final = 50
"""How many finished matches the history keeps (the oldest go first)."""
APP_NAME: Final = "hearts-lessons"
ORPHAN_AGE: Final = 60.0
"""Seconds after which a temporary file from :func:`atomic_write` is an orphan: a write takes milliseconds."""
COUNTED_KEPT: Final = 200
"""How many finished matches' ids the statistics remember (a double count comes minutes after the first)."""


class CorruptFileError(ValueError):
    """A save, statistics or progress file that exists but cannot be read; the message says why."""


class SaveConflictError(RuntimeError):
    """Another page wrote the save since this one last read or wrote it; nothing was written."""

    def __init__(self, expected: int | None, found: int) -> None:
        super().__init__(f"the save is at revision {found}, not {expected} as this page last saw it")
        self.expected = expected
        self.found = found


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
        return say("This browser is not letting the lessons keep anything (a private window, perhaps): "
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


def clean_orphans(directory: Path, *, older_than: float = ORPHAN_AGE) -> list[Path]:
    """Remove temporary files an interrupted :func:`atomic_write` left in ``directory``; return them.

    Only files older than ``older_than`` seconds go: a younger one may belong to a write
    still under way in another process.
    """
    removed = []
    now = time.time()
    with contextlib.suppress(OSError):
        for path in directory.glob(".*.tmp"):
            with contextlib.suppress(OSError):
                if now - path.stat().st_mtime > older_than:
                    path.unlink()
                    removed.append(path)
    return removed


@contextlib.contextmanager
def _locked(directory: Path) -> Iterator[None]:
    """Hold the folder's lock file while comparing and writing (a no-op where ``fcntl`` is missing)."""
    # Windows has no fcntl and Pyodide's (the static site) has no flock: there the revision
    # check alone still catches all but a same-instant race.
    flock = None if sys.platform == "win32" else getattr(fcntl, "flock", None)
    if flock is None:
        yield
        return
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / ".lock", "a", encoding="utf-8") as handle:
        flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            flock(handle, fcntl.LOCK_UN)


def folder_lock(directory: Path) -> contextlib.AbstractContextManager[None]:
    """The lock :meth:`MatchStore.save` holds, for another file in the same folder to compare and write under."""
    return _locked(directory)


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
    revision: int = 0
    """How many times this save has been written (0 for a save from before revisions)."""
    match_id: str = ""
    """Which match this is, the same in every page that plays it ("" for a save from before ids)."""


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
                raise CorruptFileError(f"statistics field {name!r} must be a whole number, not {_short(value)}")
            values[name] = value
        counted = data.get("counted", [])
        if not isinstance(counted, list) or not all(isinstance(item, str) for item in counted):
            raise CorruptFileError("statistics field 'counted' must be a list of match ids")
        stats = cls(**values, counted=tuple(counted[-COUNTED_KEPT:]))
        if stats.won + stats.drawn > stats.played:
            raise CorruptFileError(f"{stats.won} won and {stats.drawn} drawn out of only {stats.played} played")
        return stats


_MONTHS: Final = (
    marked("Jan"), marked("Feb"), marked("Mar"), marked("Apr"), marked("May"), marked("Jun"), marked("Jul"),
    marked("Aug"), marked("Sep"), marked("Oct"), marked("Nov"), marked("Dec"),
)
"""Months as a history label abbreviates them (not the C library's locale: one page, one language, ours)."""


@dataclass(frozen=True, slots=True)
class FinishedMatch:
    """A finished match as the history keeps it: when, how it went, and its full record."""

    match_id: str
    finished_at: str
    """Local time, ``YYYY-MM-DDTHH:MM:SS`` and the UTC offset."""
    totals: tuple[int, ...]
    """The four seats' final totals, seat 0 (the learner) first."""
    hands: int
    rules: Rules
    """The table rules the match was played under, as its record states them."""
    record: str
    """The match as ``hearts-record/1`` JSON text (what :meth:`hearts_core.Match.from_json` and the checker read)."""

    @property
    def outcome(self) -> Outcome:
        """How the match went for the learner: the engine's verdict on the totals under the match's rules.

        It is derived, never read back (the file writes it for people, as the statistics
        write their averages), so a history entry cannot disagree with the engine.
        """
        outcome = match_outcome(self.totals, LEARNER_SEAT, self.rules)
        assert outcome is not None, "from_dict refuses totals that end no match"
        return outcome

    @property
    def label(self) -> str:
        """A plain description for a chooser.

        For example "30 Nov 2026 at 23:40: you won with 64 points, against 101, 88 and 79, in 12 hands".
        """
        try:
            moment = time.strptime(self.finished_at[:19], "%Y-%m-%dT%H:%M:%S")
            # The day as people write it (1, not 01), in every language; the clock keeps its zeros.
            day, clock = str(moment.tm_mday), f"{moment.tm_hour:02d}:{moment.tm_min:02d}"
            when = say("{day} {month} {year} at {time}", day=day, month=translate(_MONTHS[moment.tm_mon - 1]),
                       year=moment.tm_year, time=clock)
        except ValueError:
            when = say("Unknown date")
        values = {"when": when, "points": self.totals[0], "others": and_list(self.totals[1:])}
        if self.outcome is Outcome.WON:
            return say_n("{when}: you won with {points} points, against {others}, in {count} hand",
                         "{when}: you won with {points} points, against {others}, in {count} hands", self.hands,
                         **values)
        if self.outcome is Outcome.DRAWN:
            return say_n("{when}: a draw at {points} points, against {others}, in {count} hand",
                         "{when}: a draw at {points} points, against {others}, in {count} hands", self.hands,
                         **values)
        return say_n("{when}: you lost with {points} points, against {others}, in {count} hand",
                     "{when}: you lost with {points} points, against {others}, in {count} hands", self.hands,
                     **values)

    def match(self) -> Match:
        """The match itself, read back through the engine."""
        return Match.from_json(self.record)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form kept in the history file (the record embedded as an object, and the outcome, for people)."""
        return {"match_id": self.match_id, "finished_at": self.finished_at, "outcome": self.outcome,
                "totals": list(self.totals), "hands": self.hands, "match": json.loads(self.record)}

    @classmethod
    def from_dict(cls, data: object) -> FinishedMatch:
        """Read one history entry; anything malformed raises :class:`CorruptFileError`."""
        if not isinstance(data, dict):
            raise CorruptFileError(f"a history entry must be an object, not {_short(data)}")
        texts = {name: data.get(name) for name in ("match_id", "finished_at")}
        for name, value in texts.items():
            if not isinstance(value, str):
                raise CorruptFileError(f"history field {name!r} must be text, not {_short(value)}")
        totals, hands = data.get("totals"), data.get("hands")
        if not isinstance(totals, list) or not all(isinstance(item, int) and not isinstance(item, bool)
                                                   for item in totals) or len(totals) != 4:
            raise CorruptFileError(f"history field 'totals' must be four whole numbers, not {_short(totals)}")
        if not isinstance(hands, int) or isinstance(hands, bool) or hands < 1:
            raise CorruptFileError(f"history field 'hands' must be a positive whole number, not {_short(hands)}")
        if not isinstance(data.get("match"), dict):
            raise CorruptFileError(f"history entry {texts['match_id']!r} has no match record")
        try:
            record = json.dumps(data["match"], ensure_ascii=False)
        except (RecursionError, ValueError):
            raise CorruptFileError(f"history entry {texts['match_id']!r} has a match nested too deeply") from None
        try:
            rules = Rules.from_dict(data["match"].get("rules", {}))
        except InvalidRecordError as problem:
            raise CorruptFileError(f"history entry {texts['match_id']!r} has unreadable rules: {problem}") from None
        if match_outcome(totals, LEARNER_SEAT, rules) is None:
            raise CorruptFileError(f"history entry {texts['match_id']!r} has totals {_short(totals)}, "
                                   "which end no match under its rules")
        return cls(match_id=str(texts["match_id"]), finished_at=str(texts["finished_at"]), totals=tuple(totals),
                   hands=hands, rules=rules, record=record)


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
        with _locked(self.directory):
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
                raise CorruptFileError(f"the {name} in {self.save_path.name} are not an object: {_short(part)}")
        match_id = document.get("match_id", "")
        if not isinstance(match_id, str):
            raise CorruptFileError(f"the match id in {self.save_path.name} is not text: {_short(match_id)}")
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
        try:
            return Statistics.from_dict(read_json(self.stats_path))
        except FileNotFoundError:
            return Statistics()

    def record(self, match: Match, match_id: str = "") -> Statistics:
        """Count the finished ``match`` in the statistics and write them, atomically.

        A ``match_id`` already counted (the same match finished in another page) changes nothing.
        """
        with _locked(self.directory):
            before = self.statistics()
            stats = before.add(match, match_id)
            if stats is not before:
                atomic_write(self.stats_path, json.dumps(stats.to_dict(), indent=1))
        return stats


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
            raise CorruptFileError(f"the settings in {self.settings_path.name} are not an object: {_short(settings)}")
        return settings

    def remember_settings(self, settings: dict[str, Any]) -> None:
        """Keep ``settings`` for the next match, atomically (an unreadable old file is replaced only
        after :meth:`remembered_settings` has raised and the caller has set it aside)."""
        atomic_write(self.settings_path, json.dumps({"format": SETTINGS_FORMAT, "settings": settings}, indent=1))

    # ------------------------------------------------------------------- history

    def history(self) -> tuple[FinishedMatch, ...]:
        """The finished matches kept, newest first; :class:`CorruptFileError` if the file is unreadable.

        Lesson 10 offers these: ``entry.label`` to choose by, ``entry.record`` to check.
        """
        try:
            document = read_json(self.history_path)
        except FileNotFoundError:
            return ()
        if not isinstance(document, dict) or document.get("format") != HISTORY_FORMAT:
            raise CorruptFileError(f"{self.history_path.name} is not a {HISTORY_FORMAT} file")
        matches = document.get("matches")
        if not isinstance(matches, list):
            raise CorruptFileError(f"the matches in {self.history_path.name} are not a list: {_short(matches)}")
        return tuple(FinishedMatch.from_dict(item) for item in reversed(matches))

    def add_to_history(self, match: Match, match_id: str = "") -> tuple[FinishedMatch, ...]:
        """Keep the finished ``match`` (once per ``match_id``); return the history, newest first.

        Only the newest :data:`HISTORY_KEPT` matches are kept.
        """
        if match.outcome(LEARNER_SEAT) is None:
            raise ValueError(f"only a finished match goes into the history, not {match!r}")
        entry = FinishedMatch(
            match_id=match_id,
            finished_at=time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            totals=match.totals,
            hands=len(match.history),
            rules=match.rules,
            record=match.to_json(),
        )
        with _locked(self.directory):
            kept = list(reversed(self.history()))  # oldest first, as written
            if match_id and any(item.match_id == match_id for item in kept):
                return tuple(reversed(kept))
            kept = [*kept, entry][-HISTORY_KEPT:]
            document = {"format": HISTORY_FORMAT, "matches": [item.to_dict() for item in kept]}
            atomic_write(self.history_path, json.dumps(document, ensure_ascii=False, indent=1))
        return tuple(reversed(kept))


def read_json(path: Path) -> object:
    """The parsed JSON file; :class:`CorruptFileError` for any fault in it, :class:`FileNotFoundError` if absent.

    The bytes are decoded as UTF-8 with an optional byte-order mark, as the checker
    (``hearts-check``) reads a record.
    """
    data = path.read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as problem:
        raise CorruptFileError(f"{path.name} is not UTF-8 text ({problem.reason} at byte {problem.start})") from None
    try:
        document: object = json.loads(text)
    except RecursionError:
        raise CorruptFileError(f"{path.name} is not valid JSON (nested too deeply)") from None
    except ValueError as problem:  # JSONDecodeError, and numbers past the int digit limit
        raise CorruptFileError(f"{path.name} is not valid JSON ({_short(problem)})") from None
    return document


def _revision(document: dict[str, Any]) -> int:
    revision = document.get("revision", 0)
    if not isinstance(revision, int) or isinstance(revision, bool) or revision < 0:
        raise CorruptFileError(f"the save's revision must be a whole number, not {_short(revision)}")
    return revision


def _short(value: object, limit: int = 80) -> str:
    """``value`` shown briefly: a message never repeats an unbounded piece of a file (nor recurses into one)."""
    text = str(value) if isinstance(value, Exception) else reprlib.repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
