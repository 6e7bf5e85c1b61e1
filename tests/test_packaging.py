"""The wheel lists every Python package of the project (pyproject.toml names them one by one).

setuptools takes only the packages it is given: a folder split off a widget (``widgets/analysis/``)
and not added to the list installs nowhere but in a checkout, and the app and the static site
(which are built from the wheel) would fail to import it.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).parent.parent
TOP = ("hearts_core", "hearts_learner", "hearts_serving", "widgets", "hearts_lessons_app")


def test_every_package_folder_is_in_the_wheel_s_list() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(init.parent.relative_to(ROOT).parts)
             for top in TOP for init in (ROOT / top).rglob("__init__.py")
             if "__pycache__" not in init.parts}
    assert found <= listed, f"add to pyproject.toml's packages: {sorted(found - listed)}"
