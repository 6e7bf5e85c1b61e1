"""``import widgets`` imports no widget until one is asked for; every public name still resolves.

Each check runs in a fresh interpreter: this test process has imported every widget already.
"""

from __future__ import annotations

import inspect
import json
import re
import subprocess
import sys
from pathlib import Path

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
    assert loaded_after("import widgets") == ["widgets", "widgets._lazy"]  # the lazy names helper, no widget


def test_a_lesson_importing_one_widget_imports_only_what_that_widget_needs() -> None:
    loaded = loaded_after("from widgets import PointsQuiz, completes")
    assert "widgets.lessons" in loaded and "widgets.points_quiz" in loaded
    for module in ("widgets.analysis.widget", "widgets.match", "widgets.puzzles.widget", "widgets.records"):
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
        assert (inspect.isclass(value) or inspect.isfunction(value)) and value.__module__ == widgets._HOMES[name]


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


LESSONS = Path(__file__).parent.parent / "lessons"


def test_lessons_import_only_the_package_s_public_names() -> None:
    # A notebook that reached into a module (``from widgets.lessons import ...``) would break
    # when the widgets are regrouped; ``from widgets import ...`` is the contract.
    notebooks = sorted(LESSONS.rglob("*.ipynb"))
    assert len(notebooks) > 20
    reaching = re.compile(r"^\s*(from\s+widgets\.|import\s+widgets\.)", re.M)
    names = re.compile(r"^\s*from\s+widgets\s+import\s+(.+)$", re.M)
    for notebook in notebooks:
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        code = "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")
        assert not reaching.search(code), notebook
        for line in names.findall(code):
            assert {name.strip() for name in line.split(",")} <= set(widgets.__all__), (notebook, line)
