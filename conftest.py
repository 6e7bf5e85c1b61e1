"""Keep every test run away from the learner's real data directory, split it between cores, and size it.

Widgets save matches, statistics and lesson progress under ``HEARTS_LESSONS_DATA``; the
notebook tests (nbval) start kernels that inherit this environment.

``./dev test`` runs the suite on pytest-xdist workers: processes the run's controller
starts with its own environment, so each worker takes a directory of its own inside the
run's (two workers never save into the same files), and the split follows
tests/parallel.py.

How much a run does is chosen here, once for every test:

* **Hypothesis profiles.** ``ci`` (the default) gives each property test enough random
  examples to find a slip in a rule, in seconds; ``thorough`` ten times as many, for a
  long run.  A test takes its count from the profile; one whose examples cost far more or
  far less than the others' asks for a share of it (``tests.support.examples``), so the
  profile still scales every test.  Choose with ``--hypothesis-profile=thorough`` (the
  Hypothesis plugin's option), ``--thorough``, or ``HYPOTHESIS_PROFILE=thorough``.
* **``--thorough``** (``./dev test --thorough``): the ``thorough`` profile, and every
  audit the ordinary run samples runs whole (tests/test_coach_claims.py's claims audit,
  nbval on the translated notebooks), and so does every test marked ``thorough_only``: a
  check whose every part a quicker test covers in the ordinary run (the mark's reason names
  it), kept for the long run to read the same things once more the slow way.
"""

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

from hearts_core.wording import TRANSLATED
from tests.parallel import HeartsScheduling

ROOT = Path(__file__).resolve().parent

# kernel.py's doctests: a compiled build of it (tools/compile_kernel.py) is what `hearts_core.kernel`
# imports, so pytest cannot collect the file itself; tests/test_compiled_kernel.py runs them on the source.
collect_ignore = ["hearts_core/kernel.py"]
# The browser tests' own notebooks (tests/browser/notebooks): each is opened by a browser test,
# which runs it in a kernel and fails on any error, so nbval running them again found nothing new
# and cost about 12 worker-seconds a run.
collect_ignore_glob = ["tests/browser/notebooks/*.ipynb"]

TRANSLATED_LESSONS = frozenset(ROOT / "lessons" / code for code in TRANSLATED)
"""lessons/ja, lessons/es: generated from the English notebooks by tools/translations.py.

Their code cells are the English notebooks' byte for byte (only the markdown is translated),
which tests/test_translations.py::test_a_translated_notebook_has_the_english_code_and_no_outputs
checks for every cell of every translated notebook; so nbval runs the English notebooks only,
and the translated ones with ``--thorough``.  Their pages, run in kernels that speak their
language, are opened in Chromium by tests/browser/test_translated_pages_browser.py.
"""

CI_EXAMPLES = 50
"""Random examples per property test in an ordinary run (``ci``)."""

THOROUGH_EXAMPLES = 10 * CI_EXAMPLES
"""Random examples per property test in a long run (``thorough``)."""

# No deadline in either: the machine running the suite is small and shared, and a busy
# neighbour must not turn into a flaky failure.  print_blob: a CI failure names the example
# to replay (a fresh clone has no example database to find it in).
settings.register_profile("ci", max_examples=CI_EXAMPLES, deadline=None, print_blob=True)
settings.register_profile("thorough", max_examples=THOROUGH_EXAMPLES, deadline=None, print_blob=True)

os.environ.setdefault("HEARTS_LESSONS_DATA", tempfile.mkdtemp(prefix="hearts-lessons-test-"))
if worker := os.environ.get("PYTEST_XDIST_WORKER"):
    own = Path(os.environ["HEARTS_LESSONS_DATA"], worker)
    own.mkdir(exist_ok=True)
    os.environ["HEARTS_LESSONS_DATA"] = str(own)


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--thorough``: the long run (see the module docstring)."""
    parser.addoption("--thorough", action="store_true", default=False,
                     help="run every audit whole and use the 'thorough' Hypothesis profile (a long run)")


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """Load the profile: ``thorough`` with ``--thorough``, else ``HYPOTHESIS_PROFILE``'s, else ``ci``."""
    # Before any test module is imported, so the shares of tests.support.examples see it.
    # tryfirst: the Hypothesis plugin's own pytest_configure runs after this one and loads the
    # profile its --hypothesis-profile names, if any, on top: an explicit choice wins.
    settings.load_profile("thorough" if config.getoption("thorough") else os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def reviews_left_out(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The match page reviews finished hands with :func:`tests.support.review_left_out` unless the test is
    marked ``real_review`` (why: that function's docstring)."""
    if request.node.get_closest_marker("real_review") is None:
        from tests.support import review_left_out  # noqa: PLC0415 - the engine loads only for the tests

        monkeypatch.setattr("widgets.match.advice.kernel_review", review_left_out)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out the tests marked ``thorough_only`` unless ``--thorough`` (see the module docstring)."""
    if config.getoption("thorough"):
        return
    left_out = [item for item in items if item.get_closest_marker("thorough_only")]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if not item.get_closest_marker("thorough_only")]


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Leave out the translated notebooks unless ``--thorough`` (see :data:`TRANSLATED_LESSONS`)."""
    if collection_path in TRANSLATED_LESSONS and not config.getoption("thorough"):
        return True
    return None


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """``--dist loadfile`` (pyproject.toml) as tests/parallel.py refines it; other modes as xdist has them."""
    if config.getvalue("dist") != "loadfile":
        return None
    return HeartsScheduling(config, log)
