"""The static site's first views without a browser: which widget cells get one, and how a page takes them.

Drawing them (Chromium running each widget's module) and handing over to the live widgets are
covered on the built site by tests/browser/test_site_browser.py.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tools import first_views
from tools.first_views import _states_in_process, comparable, insert, swap_script

# The shape of a page Voici renders: hidden cells behind a spinner, a widget cell with no output yet.
PAGE = """<html><head><title>x</title></head><body>
  <div id="loading" style="display: flex;">
    <div class="spinner-container"><svg class="spinner"></svg></div>
    <h2 id="loading_text">Running ...</h2>
  </div>
<div id="rendered_cells" style="display: none">
<div cell-index="1"><div id="cell-id=c00" class="jp-Cell jp-MarkdownCell jp-Notebook-cell"><p>Text</p></div></div>
<div cell-index="2"><div id="cell-id=c01" class="jp-Cell jp-CodeCell jp-Notebook-cell jp-mod-noOutputs jp-mod-noInput ">
</div></div>
<div cell-index="3"><div id="cell-id=c02" class="jp-Cell jp-CodeCell jp-Notebook-cell jp-mod-noOutputs jp-mod-noInput ">
</div></div>
</div></body></html>"""

States = dict[str, list[dict[str, Any]]]
"""Each page's widget cells as the build's states run finds them."""

VIEW = '<div class="hl-root hl-practice"><button class="hl-card" data-card="♣3">3♣</button></div>'


def test_a_page_shows_its_text_at_once_and_its_first_views_in_their_cells() -> None:
    page = insert(PAGE, {"cells": {"c02": VIEW}, "styles": [".hl-card { color: red }"]})
    assert 'id="loading"' not in page and '<div id="rendered_cells">' in page
    # The view sits in its own cell, in an output area like Voici's, inert and unheard; the cell is shown.
    cell = page[page.index('id="cell-id=c02"'):]
    assert cell.startswith('id="cell-id=c02" class="jp-Cell jp-CodeCell jp-Notebook-cell">')
    assert re.match(r'[^<]*<div class="jp-Cell-outputWrapper hl-first-view" aria-hidden="true" inert>', cell)
    assert VIEW in cell
    # The other code cell keeps Voici's empty-cell marks (hidden until its output comes).
    assert 'id="cell-id=c01" class="jp-Cell jp-CodeCell jp-Notebook-cell jp-mod-noOutputs jp-mod-noInput ">' in page
    head = page[:page.index("</head>")]
    assert "<style>.hl-card { color: red }</style>" in head and "hl-live-pending" in head


def test_a_page_without_first_views_still_shows_its_text_at_once() -> None:
    page = insert(PAGE, None)
    assert 'id="loading"' not in page and '<div id="rendered_cells">' in page
    assert "hl-first-view" not in page and "<script>" not in page


def test_a_view_for_a_cell_the_page_lacks_or_a_changed_template_stops_the_build() -> None:
    with pytest.raises(SystemExit, match=r"c09"):
        insert(PAGE, {"cells": {"c09": VIEW}, "styles": []})
    with pytest.raises(SystemExit, match="Voici's template"):
        insert(PAGE.replace('style="display: none"', ""), None)


def test_two_drawings_of_one_view_differ_only_in_fresh_ids() -> None:
    one = '<label for="hl-theme-s5tjqrvscv">Theme</label><select id="hl-theme-s5tjqrvscv"></select>'
    two = '<label for="hl-theme-x3xvt23mxqj">Theme</label><select id="hl-theme-x3xvt23mxqj"></select>'
    assert one != two and comparable(one) == comparable(two)
    assert comparable('<div data-card="♣3">') != comparable('<div data-card="♣4">')
    assert comparable('<p class="hl-seat-abcdefgh">') != comparable('<p class="hl-seat-zyxwvuts">')


def test_the_hand_over_script_is_plain_markup() -> None:
    script = swap_script()
    assert script.lstrip().startswith("<style>") and "{#" not in script and "</script>" in script


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[States, ...]:
    folder = tmp_path_factory.mktemp("first-views")
    return tuple(_states_in_process("en", seed, folder / str(seed)) for seed in first_views.SEEDS)


def _states(run: States, page: str) -> list[object]:
    return [{name: value for name, value in view["state"].items() if name != "layout"} for view in run[page]]


def test_a_fixed_exercise_is_the_same_for_every_learner_and_a_dealt_one_is_not(
    runs: tuple[States, ...],
) -> None:
    first, returning = runs
    # Every widget cell of a lesson is found, in order, with its module and its state.
    assert [view["cell"] for view in first["03-practice"]] == ["c02", "c04"]
    assert all("_esm" in view["state"] for view in first["03-practice"])
    # A named position draws the same for a new learner and for one who has been here another day.
    assert _states(first, "03-practice") == _states(returning, "03-practice")
    assert _states(first, "13-leading-and-ducking")[0] == _states(returning, "13-leading-and-ducking")[0]
    # A dealt drill, a new match, the learner's marks and the next puzzle differ: no first view for them.
    assert _states(first, "11-drills") != _states(returning, "11-drills")
    assert _states(first, "09-guided-match") != _states(returning, "09-guided-match")
    assert _states(first, "index") != _states(returning, "index")
    assert _states(first, "puzzles") != _states(returning, "puzzles")
    assert _states(first, "13-leading-and-ducking")[1] != _states(returning, "13-leading-and-ducking")[1]


def test_the_states_run_speaks_the_pages_language(tmp_path: Path) -> None:
    spanish = _states_in_process("es", first_views.SEEDS[0], tmp_path)
    words = spanish["03-practice"][0]["state"]["question"]
    assert "¿" in words, words
