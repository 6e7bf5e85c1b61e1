"""The match page's package (widgets/match/): its parts stay small, and its controller imports no widget library."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import widgets
import widgets.match

PACKAGE = Path(widgets.match.__file__).parent
LONGEST = 600
"""Issue 33: a module a reader must scroll through is split (or its docstring says why it stays whole)."""


def test_every_module_of_the_match_page_is_short_enough_to_read_whole() -> None:
    lengths = {path.name: len(path.read_text(encoding="utf-8").splitlines()) for path in PACKAGE.glob("*.py")}
    assert {"flow.py", "course.py", "payloads.py", "advice.py", "widget.py"} <= set(lengths)
    assert {name: length for name, length in lengths.items() if length > LONGEST} == {}


def test_the_controller_is_driven_without_a_widget_library() -> None:
    # A fresh interpreter: this one has imported the widget already.
    probe = (
        "import json, sys\nfrom widgets.match import flow\nlibraries = ('anywidget', 'ipywidgets', 'traitlets')\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in libraries)))"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert json.loads(result.stdout) == []


def test_the_package_gives_the_widget_and_the_names_read_beside_it() -> None:
    assert widgets.match.MatchWidget is widgets.MatchWidget
    assert widgets.MatchWidget.__module__ == "widgets.match.widget"
    for name in widgets.match.__all__:
        assert getattr(widgets.match, name) is getattr(sys.modules["widgets.match.widget"], name)
    assert set(widgets.match.__all__) <= set(dir(widgets.match))
