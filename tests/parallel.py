"""How ``./dev test`` shares the suite between the machine's cores (pytest-xdist).

The split is xdist's ``--dist loadfile`` (set in pyproject.toml) with two refinements;
``conftest.py`` hands xdist this scheduler whenever that mode is on:

* **A file's tests stay together, in order, on one worker.** That is what nbval needs
  (a notebook's cells are the items of one file and must run top to bottom in one kernel),
  and what every module-scoped fixture expects (test_coach_claims.py computes its audit's
  recommendations once; test_site_browser.py walks the static site (built once) in
  one browser context, in order).
* **Files sharing an expensive session fixture form one unit.** The lesson server (Voilà
  serving the lessons with a preheated kernel per page, ~20 kernels) is started by the
  first test that asks for it on each worker: the browser files that use it run on one
  worker, so it starts once, as in a serial run. The files reading the translated pages use a
  server of their own and are a second such unit (one unit would be the run's longest).
  The widget server, Chromium and the data directory are cheap and are started per worker.
* **The longest units start first.** A unit waiting in the queue goes to whichever worker
  runs out of work first; sending the long ones first (longest processing time first)
  leaves short files for the end, so the two workers finish within seconds of each other
  instead of one waiting for a late 90-second file. The table of known seconds holds what
  the longest units took in a serial run on the 2-core machine (setup included); only the
  order depends on it, so a stale figure costs balance, never correctness. A unit not
  listed is estimated from its number of tests.

Without ``-n`` (``./dev test tests/test_x.py``, or ``-n 0``) none of this is loaded:
pytest runs serially in collection order as before.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from xdist.scheduler import LoadFileScheduling
from xdist.workermanage import WorkerController

LESSON_SERVER = "browser files using the lesson server"
"""The unit of the browser test files that use the ``lesson_server`` session fixture."""

TRANSLATED_PAGES = "browser files using the translation server"
"""The unit of the browser test files that use the ``translation_server`` session fixture.

They read the Japanese and Spanish pages, which no pool preheats, on a lesson server of their
own (tests/browser/conftest.py): one unit of both servers' files would be the run's longest by
far, and the run could end no sooner than that one worker.
"""

BROWSER_TESTS = Path(__file__).parent / "browser"

KNOWN_SECONDS: dict[str, float] = {
    LESSON_SERVER: 295,
    TRANSLATED_PAGES: 132,
    # The site is built beside the tests (./dev test) and its walk waits for the build: sent
    # third, it starts once a worker is free, by when the build has long finished.
    "tests/browser/test_site_browser.py": 118,
    "tests/browser/test_match_browser.py": 69,
    "tests/test_first_views.py": 30,
    "tests/test_puzzles.py": 28,
    "tests/browser/test_serving_browser.py": 28,
    "tests/test_widget_match_review.py": 23,
    "tests/test_widget_dispatch.py": 22,
    "tests/test_review.py": 20,
    "tests/browser/test_recovery_browser.py": 17,
    "tests/browser/test_first_views_browser.py": 16,
    "tests/test_coach_claims.py": 13,
    "tests/test_meanings.py": 12,
    "tests/test_mine_driver.py": 11,
    "tests/test_openspiel_differential.py": 11,
}
"""Seconds the longest units took (setup included), longest first: the JUnit report of a whole
``./dev test`` run on the 2-core machine, two workers (so each figure includes its share of a
busy machine)."""

SECONDS_PER_TEST = 0.3
"""Estimate for a unit not in ``KNOWN_SECONDS``: most such files are pure-Python tests."""

SECONDS_PER_NOTEBOOK = 4.0
"""Added for a notebook (nbval): its kernel starts before the first cell runs."""


def files_using(fixture: str) -> frozenset[str]:
    """The browser test files (named as in pytest's node ids) whose tests use session fixture ``fixture``."""
    return frozenset(f"tests/browser/{path.name}" for path in BROWSER_TESTS.glob("test_*.py")
                     if re.search(rf"\b{fixture}\b", path.read_text(encoding="utf-8")))


@cache
def lesson_server_files() -> frozenset[str]:
    """The browser test files whose tests use the lesson server."""
    return files_using("lesson_server")


@cache
def translation_server_files() -> frozenset[str]:
    """The browser test files whose tests use the translation server."""
    return files_using("translation_server")


def unit_of(nodeid: str) -> str:
    """The work unit a test belongs to: its file, or the shared unit its file is part of."""
    path = nodeid.split("::", 1)[0]
    if path in translation_server_files():
        return TRANSLATED_PAGES
    return LESSON_SERVER if path in lesson_server_files() else path


def estimated_seconds(unit: str, tests: int) -> float:
    """How long ``unit`` (holding ``tests`` tests) is expected to take on one worker."""
    if unit in KNOWN_SECONDS:
        return KNOWN_SECONDS[unit]
    return tests * SECONDS_PER_TEST + (SECONDS_PER_NOTEBOOK if unit.endswith(".ipynb") else 0.0)


def longest_first(units: dict[str, dict[str, bool]]) -> list[str]:
    """The units in the order to hand them out: longest expected first (ties keep their order)."""
    return sorted(units, key=lambda unit: -estimated_seconds(unit, len(units[unit])))


class HeartsScheduling(LoadFileScheduling):
    """xdist's file scheduler, with the shared unit and the longest-first order above."""

    _ordered = False

    def _split_scope(self, nodeid: str) -> str:
        return unit_of(nodeid)

    def _assign_work_unit(self, node: WorkerController) -> None:
        # xdist fills its queue in schedule() and hands out the first unit right away: the
        # queue is put in order just before that first hand-out.
        if not self._ordered:
            self._ordered = True
            for unit in longest_first(self.workqueue):
                self.workqueue.move_to_end(unit)
        super()._assign_work_unit(node)
