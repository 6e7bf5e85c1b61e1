"""The installable app: ``pip install hearts-lessons`` then ``hearts-lessons`` serves the lessons.

Design choices:

* The lessons are not copied into this package in the repository: ``lessons/`` at the root
  stays the one source. The wheel maps that folder to ``hearts_lessons_app/lessons`` (see
  ``[tool.setuptools.package-dir]`` in pyproject.toml), so an installed app finds them
  beside this module; a source checkout (editable install) finds them at the root.
* The command runs Voilà in this process with the configuration that ships with the
  lessons (``voila.json``: preheated kernels, culling, hidden tracebacks; the ``hearts``
  template under ``jupyter/``), on 127.0.0.1 unless told otherwise, and prints the URL.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["lessons_dir"]


def lessons_dir() -> Path:
    """The folder holding the lesson notebooks, ``voila.json`` and the Voilà template."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "lessons", here.parent / "lessons"):
        if (candidate / "index.ipynb").is_file():
            return candidate
    raise FileNotFoundError(f"no lessons found beside {here}; reinstall hearts-lessons")
