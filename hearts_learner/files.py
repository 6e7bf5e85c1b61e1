"""The learner's data folder: where it is, atomic writes, the folder lock, and files set aside.

Every store of :mod:`hearts_learner` (lesson progress, puzzle progress, the saved match,
statistics, settings and history) keeps its file in one folder and goes through this module
to read and write it, so they all share these choices:

* The folder is the user's data directory (``platformdirs.user_data_dir("hearts-lessons")``);
  the environment variable ``HEARTS_LESSONS_DATA`` overrides it, so tests and the served
  browser tests write to a temporary directory instead.  In the static site it is the
  browser's drive (``/drive/hearts-lessons``), shared by every page of the site.
* Every write is atomic: the text goes to a temporary file in the same directory, is
  flushed and fsynced, and then :func:`os.replace` swaps it in.  A crash or a full disk
  therefore leaves either the old file or the new one, never half of each.
* Every write is made under the folder's lock (:func:`folder_lock`, a lock file held with
  ``flock`` where the platform has it): a store reads the file, changes it and writes it
  back while holding the lock, so two pages (two tabs, two kernels sharing the folder)
  writing at once each keep what the other wrote.  The lock is not re-entrant: a store
  takes it once per change, around its read and its write, never inside another store's.
  Where there is no ``flock`` (Windows, and Pyodide in the static site) the revision checks
  of the saves still catch all but a same-instant race.
* A file that cannot be read is never overwritten or deleted: :func:`set_aside` moves it to
  ``<name>.corrupt-<timestamp>`` so nothing the learner had is lost, and the caller tells
  the learner what happened.  "Cannot be read" is every fault :func:`read_json` meets, not
  just bad JSON: bytes that are not UTF-8, nesting deep enough to exhaust the parser
  (``RecursionError``), a number past Python's digit limit (``ValueError``); the store that
  reads the value refuses the wrong shapes (``null`` where an object belongs, a field of
  the wrong type).  A UTF-8 byte-order mark is accepted, as the checker accepts one.
* A temporary file left by an interrupted write (a killed kernel) is removed the next
  time the folder is read (:func:`clean_orphans`), once it is old enough that no writer
  can still own it.
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
from pathlib import Path
from typing import Final

import platformdirs

if sys.platform != "win32":
    import fcntl

from hearts_core.wording import say

__all__ = [
    "APP_NAME",
    "BROWSER_DRIVE",
    "DATA_ENV",
    "ORPHAN_AGE",
    "CorruptFileError",
    "SaveConflictError",
    "atomic_write",
    "clean_orphans",
    "data_dir",
    "folder_lock",
    "read_json",
    "set_aside",
    "short",
    "storage_notice",
]

DATA_ENV: Final = "HEARTS_LESSONS_DATA"
APP_NAME: Final = "hearts-lessons"
ORPHAN_AGE: Final = 60.0
"""Seconds after which a temporary file from :func:`atomic_write` is an orphan: a write takes milliseconds."""

# In the static site each page's Python (Pyodide) has its own in-memory home; JupyterLite
# mounts the browser's storage (IndexedDB, through its service worker) at /drive, shared
# by every page of the site and kept across visits.
BROWSER_DRIVE: Final = Path("/drive")


class CorruptFileError(ValueError):
    """A save, statistics or progress file that exists but cannot be read; the message says why."""


class SaveConflictError(RuntimeError):
    """Another page wrote the file since this one last read or wrote it; nothing was written."""

    def __init__(self, expected: int | None, found: int) -> None:
        super().__init__(f"the save is at revision {found}, not {expected} as this page last saw it")
        self.expected = expected
        self.found = found


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
def folder_lock(directory: Path) -> Iterator[None]:
    """Hold the folder's lock file while reading, changing and writing a file in it (module docstring)."""
    # Windows has no fcntl and Pyodide's (the static site) has no flock: there the revision
    # check alone still catches all but a same-instant race.
    flock = None if sys.platform == "win32" else getattr(fcntl, "flock", None)
    if flock is None:
        yield
        return
    directory.mkdir(parents=True, exist_ok=True)
    # Each holder opens the lock file itself: flock locks belong to an open file, so two
    # threads of one process exclude each other as two processes do.
    with open(directory / ".lock", "a", encoding="utf-8") as handle:
        flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            flock(handle, fcntl.LOCK_UN)


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


def set_aside(source: Path) -> Path:
    """Move an unreadable file to ``<name>.corrupt-<timestamp>``, keeping it unchanged; return the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = source.with_name(f"{source.name}.corrupt-{stamp}")
    counter = 1
    while target.exists():  # never overwrite an earlier corrupt file
        counter += 1
        target = source.with_name(f"{source.name}.corrupt-{stamp}-{counter}")
    os.replace(source, target)
    return target


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
        raise CorruptFileError(f"{path.name} is not valid JSON ({short(problem)})") from None
    return document


def short(value: object, limit: int = 80) -> str:
    """``value`` shown briefly: a message never repeats an unbounded piece of a file (nor recurses into one)."""
    text = str(value) if isinstance(value, Exception) else reprlib.repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
