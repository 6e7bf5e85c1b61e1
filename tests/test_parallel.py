"""How ``./dev test`` splits the suite between workers (tests/parallel.py, conftest.py)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from xdist.scheduler import LoadFileScheduling

import conftest
from tests.parallel import (
    LESSON_SERVER,
    TRANSLATED_PAGES,
    HeartsScheduling,
    estimated_seconds,
    lesson_server_files,
    longest_first,
    translation_server_files,
    unit_of,
)

BROWSER = Path(__file__).parent / "browser"


def test_the_browser_files_sharing_a_lesson_server_are_one_unit_per_server() -> None:
    shared, translations = lesson_server_files(), translation_server_files()
    assert {"tests/browser/test_lessons_browser.py", "tests/browser/test_accessibility_browser.py"} <= shared
    assert translations == {"tests/browser/test_translated_pages_browser.py", "tests/browser/test_language_browser.py"}
    assert not shared & translations
    for path in shared | translations:
        assert "def test_" in (BROWSER.parent.parent / path).read_text(encoding="utf-8")
        unit = TRANSLATED_PAGES if path in translations else LESSON_SERVER
        assert unit_of(f"{path}::test_something[desktop]") == unit
    # The static site and the Binder check start servers of their own.
    assert "tests/browser/test_site_browser.py" not in shared | translations
    assert "tests/browser/test_binder_browser.py" not in shared | translations


def test_any_other_test_goes_with_its_file() -> None:
    assert unit_of("tests/test_cards.py::test_parse[Q::S]") == "tests/test_cards.py"
    assert unit_of("lessons/04-passing.ipynb::Cell 3") == "lessons/04-passing.ipynb"
    assert unit_of("hearts_core/coach.py::hearts_core.coach.recommend") == "hearts_core/coach.py"


def test_units_are_handed_out_longest_first() -> None:
    units = {
        "tests/test_cards.py": dict.fromkeys(["a", "b"], False),
        "tests/test_coach_claims.py": dict.fromkeys(["c"], False),
        "lessons/04-passing.ipynb": dict.fromkeys(["d"], False),
        "tests/test_notation.py": dict.fromkeys([str(n) for n in range(90)], False),
    }
    order = longest_first(units)
    assert [estimated_seconds(unit, len(units[unit])) for unit in order] == sorted(
        (estimated_seconds(unit, len(tests)) for unit, tests in units.items()), reverse=True)
    # A notebook costs its kernel's start besides its cells.
    assert estimated_seconds("lessons/04-passing.ipynb", 1) > estimated_seconds("tests/test_x.py", 1)


def test_the_file_mode_gets_this_scheduler_and_other_modes_their_own(pytestconfig: pytest.Config,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pytestconfig.option, "tx", ["popen", "popen"])
    monkeypatch.setattr(pytestconfig.option, "dist", "loadfile")
    chosen = conftest.pytest_xdist_make_scheduler(pytestconfig, None)
    assert isinstance(chosen, HeartsScheduling) and isinstance(chosen, LoadFileScheduling)
    monkeypatch.setattr(pytestconfig.option, "dist", "load")
    assert conftest.pytest_xdist_make_scheduler(pytestconfig, None) is None


class Worker:
    """Stands in for xdist's worker controller: notes the tests it is sent."""

    shutting_down = False

    def __init__(self, name: str) -> None:
        self.gateway = SimpleNamespace(id=name)
        self.sent: list[int] = []

    def send_runtest_some(self, indices: list[int]) -> None:
        self.sent.extend(indices)

    def shutdown(self) -> None:
        self.shutting_down = True


def test_the_first_units_out_are_the_longest_and_a_unit_is_never_split(pytestconfig: pytest.Config,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pytestconfig.option, "tx", ["popen", "popen"])
    collection = [
        "tests/test_cards.py::test_a", "tests/test_cards.py::test_b",
        "tests/browser/test_lessons_browser.py::test_c", "tests/browser/test_site_browser.py::test_d",
        "tests/browser/test_accessibility_browser.py::test_e",
    ] + [f"tests/test_notation.py::test_{n}" for n in range(30)]
    scheduler = HeartsScheduling(pytestconfig, None)
    first, second = Worker("gw0"), Worker("gw1")
    for worker in (first, second):
        scheduler.add_node(worker)
        scheduler.add_node_collection(worker, collection)
    known = {LESSON_SERVER: 300.0, "tests/browser/test_site_browser.py": 100.0}
    monkeypatch.setattr("tests.parallel.KNOWN_SECONDS", known)
    scheduler.schedule()
    # The lesson server's files (both of them) go to the first worker, the site to the second.
    assert [collection[index] for index in first.sent[:2]] == [collection[2], collection[4]]
    assert collection[second.sent[0]] == collection[3]
    done: set[int] = set()
    while scheduler.workqueue:  # the rest, as the workers finish their tests
        for worker in (first, second):
            for index in [index for index in worker.sent if index not in done][:1]:
                done.add(index)
                scheduler.mark_test_complete(worker, index)
    assert sorted(first.sent + second.sent) == list(range(len(collection)))
    for path in ("tests/test_cards.py", "tests/test_notation.py"):
        holders = [worker for worker in (first, second) if any(collection[i].startswith(path) for i in worker.sent)]
        assert len(holders) == 1, path
