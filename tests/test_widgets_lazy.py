"""``import widgets`` imports no widget until one is asked for; every public name still resolves.

Each check runs in a fresh interpreter: this test process has imported every widget already.
"""

from __future__ import annotations

import inspect
import json
import subprocess
import sys

import pytest

import widgets


def loaded_after(code: str) -> list[str]:
    """The modules of ``widgets`` (and the widget libraries) a fresh interpreter holds after ``code``."""
    probe = (
        f"{code}\nimport json, sys\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('widgets', 'anywidget', 'ipywidgets'))))"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return list(json.loads(result.stdout))


def test_importing_the_package_imports_no_widget() -> None:
    assert loaded_after("import widgets") == ["widgets"]


def test_a_lesson_importing_one_widget_imports_only_what_that_widget_needs() -> None:
    loaded = loaded_after("from widgets.lessons import PointsQuiz, completes")
    assert "widgets.lessons" in loaded and "widgets.points_quiz" in loaded
    for module in ("widgets.analysis_board", "widgets.match", "widgets.puzzle_board", "widgets.record_viewer"):
        assert module not in loaded


def test_asking_for_each_public_name_imports_its_module_and_gives_its_class() -> None:
    # One fresh interpreter asks for the names one by one: each is its module's class.
    probe = (
        "import json, sys, widgets\n"
        "seen = []\n"
        "for name in widgets.__all__:\n"
        "    home = widgets._HOMES[name]\n"
        "    before = home in sys.modules\n"
        "    value = getattr(widgets, name)\n"
        "    seen.append([name, before, value.__module__, value.__name__, home in sys.modules])\n"
        "print(json.dumps(seen))"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    seen = json.loads(result.stdout)
    assert [row[0] for row in seen] == widgets.__all__
    for name, _loaded_before, module, class_name, loaded_after_asking in seen:
        assert (module, class_name, loaded_after_asking) == (widgets._HOMES[name], name, True)
    assert seen[0][1] is False  # nothing was loaded before the first name was asked for
    for name in widgets.__all__:
        value = getattr(widgets, name)
        assert inspect.isclass(value) and value.__module__ == widgets._HOMES[name]


def test_every_public_name_is_listed_found_by_dir_and_by_star_import() -> None:
    assert set(widgets.__all__) == set(widgets._HOMES)
    assert set(widgets.__all__) <= set(dir(widgets))
    namespace: dict[str, object] = {}
    exec("from widgets import *", namespace)
    assert {name: namespace[name] for name in widgets.__all__} == {name: getattr(widgets, name)
                                                                   for name in widgets.__all__}


def test_a_name_that_is_not_public_is_an_attribute_error_and_submodules_still_import() -> None:
    with pytest.raises(AttributeError, match="no attribute 'NoSuchWidget'"):
        _ = widgets.NoSuchWidget
    with pytest.raises(ImportError):
        exec("from widgets import NoSuchWidget", {})
    # A submodule that is not a public name still imports from the package (the tests do that).
    code = "from widgets import glossary\nassert glossary.__name__ == 'widgets.glossary'"
    assert "widgets.glossary" in loaded_after(code)
