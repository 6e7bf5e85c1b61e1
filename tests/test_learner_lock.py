"""Every store of hearts_learner writes under the folder's lock, so two pages writing at once lose nothing."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType

import pytest

import hearts_learner.files
import hearts_learner.history
import hearts_learner.lesson_progress
import hearts_learner.match_store
import hearts_learner.puzzle_store
import hearts_learner.statistics
from hearts_core import Match, Rules
from hearts_learner.lesson_progress import LessonProgress
from hearts_learner.match_store import MatchStore
from hearts_learner.puzzle_inputs import RatedPuzzle
from hearts_learner.puzzle_progress import PuzzleProgress
from hearts_learner.puzzle_store import PuzzleStore

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the folder lock needs flock")

if sys.platform != "win32":
    import fcntl

T0 = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def finished_match(seed: int) -> Match:
    """A one-hand match played to its end with the first legal card everywhere."""
    match = Match.new(seed, Rules(target=1))
    for seat in range(4):
        match.pass_cards(seat, match.hand.hand(seat)[:3])
    while not match.is_over:
        match.play(match.legal_plays()[0])
    return match


def lock_is_held(directory: Path) -> bool:
    """Whether someone holds ``directory``'s lock: a lock taken through another open file must fail."""
    with open(directory / ".lock", "a", encoding="utf-8") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(handle, fcntl.LOCK_UN)
        return False


# Each store's writes: the module whose atomic_write it calls, and one write through it.
WRITES: dict[str, tuple[ModuleType, Callable[[Path], object]]] = {
    "lesson progress": (hearts_learner.lesson_progress, lambda folder: LessonProgress(folder).mark("02-tricks")),
    "chosen language": (hearts_learner.lesson_progress, lambda folder: LessonProgress(folder).choose_language("ja")),
    "saved match": (hearts_learner.match_store, lambda folder: MatchStore(folder).save(Match.new(3), {})),
    "settings": (hearts_learner.match_store, lambda folder: MatchStore(folder).remember_settings({"speed": "slow"})),
    "statistics": (hearts_learner.statistics, lambda folder: MatchStore(folder).record(finished_match(2), "m")),
    "history": (hearts_learner.history, lambda folder: MatchStore(folder).add_to_history(finished_match(2), "m")),
    "puzzle progress, saved": (hearts_learner.puzzle_store, lambda folder: PuzzleStore(folder).save(PuzzleProgress())),
    "puzzle progress, updated": (hearts_learner.puzzle_store, lambda folder: PuzzleStore(folder).update(
        lambda progress: progress.record_attempt(RatedPuzzle("p1", 1500.0), solved=True, now=T0))),
}


@pytest.mark.parametrize("store", WRITES, ids=list(WRITES))
def test_every_store_writes_under_the_folder_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  store: str) -> None:
    module, write = WRITES[store]
    real = hearts_learner.files.atomic_write
    locked: list[bool] = []

    def checked(path: Path, text: str) -> None:
        locked.append(lock_is_held(path.parent))
        real(path, text)

    monkeypatch.setattr(module, "atomic_write", checked)
    write(tmp_path)
    assert locked == [True]


def test_the_lock_check_sees_a_write_made_without_the_lock(tmp_path: Path) -> None:
    assert not lock_is_held(tmp_path)
    with hearts_learner.files.folder_lock(tmp_path):
        assert lock_is_held(tmp_path)


def test_two_pages_recording_lessons_at_once_lose_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A slow disk widens the moment between reading the file and writing it back: without the
    # lock, a page writing what it read before the other page's write undoes that write.
    real = hearts_learner.files.atomic_write

    def slow(path: Path, text: str) -> None:
        time.sleep(0.02)
        real(path, text)

    monkeypatch.setattr(hearts_learner.lesson_progress, "atomic_write", slow)
    pages = {"one": ["01-aim-and-cards", "03-practice", "05-first-trick", "07-scoring", "09-guided-match"],
             "two": ["02-tricks", "04-passing", "06-breaking-hearts", "08-moon", "10-check-a-game"]}
    failures: list[BaseException] = []
    start = threading.Barrier(len(pages))

    def answer(keys: list[str]) -> None:
        try:
            progress = LessonProgress(tmp_path)
            start.wait()
            for number, key in enumerate(keys, start=1):
                progress.record(key, complete=True, answered=number, exercises=len(keys))
        except BaseException as problem:  # reported below: a thread's exception would vanish
            failures.append(problem)

    threads = [threading.Thread(target=answer, args=(keys,)) for keys in pages.values()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    progress = LessonProgress(tmp_path)
    assert progress.completed() == {key for keys in pages.values() for key in keys}
    assert set(progress.stats()) == progress.completed()
