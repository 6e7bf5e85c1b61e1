"""Keep every test run away from the learner's real data directory, and split it between cores.

Widgets save matches, statistics and lesson progress under ``HEARTS_LESSONS_DATA``; the
notebook tests (nbval) start kernels that inherit this environment.

``./dev test`` runs the suite on pytest-xdist workers: processes the run's controller
starts with its own environment, so each worker takes a directory of its own inside the
run's (two workers never save into the same files), and the split follows
tests/parallel.py.
"""

import os
import tempfile
from pathlib import Path

import pytest

from tests.parallel import HeartsScheduling

# kernel.py's doctests: a compiled build of it (tools/compile_kernel.py) is what `hearts_core.kernel`
# imports, so pytest cannot collect the file itself; tests/test_compiled_kernel.py runs them on the source.
collect_ignore = ["hearts_core/kernel.py"]

os.environ.setdefault("HEARTS_LESSONS_DATA", tempfile.mkdtemp(prefix="hearts-lessons-test-"))
if worker := os.environ.get("PYTEST_XDIST_WORKER"):
    own = Path(os.environ["HEARTS_LESSONS_DATA"], worker)
    own.mkdir(exist_ok=True)
    os.environ["HEARTS_LESSONS_DATA"] = str(own)


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """``--dist loadfile`` (pyproject.toml) as tests/parallel.py refines it; other modes as xdist has them."""
    if config.getvalue("dist") != "loadfile":
        return None
    return HeartsScheduling(config, log)
