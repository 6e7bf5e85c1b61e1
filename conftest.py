"""Keep every test run away from the learner's real data directory.

Widgets save matches, statistics and lesson progress under ``HEARTS_LESSONS_DATA``; the
notebook tests (nbval) start kernels that inherit this environment.
"""

import os
import tempfile

os.environ.setdefault("HEARTS_LESSONS_DATA", tempfile.mkdtemp(prefix="hearts-lessons-test-"))
