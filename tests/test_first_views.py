"""The static site's first views without a browser: which widget cells get one, and how a page takes them.

Drawing them (Chromium running each widget's module) and handing over to the live widgets are
covered on the built site by tests/browser/test_site_browser.py.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hearts_core.wording import LANGUAGES
from hearts_serving import first_views as serving
from tools import first_views
from tools.first_views import _states_in_process, audience, comparable, insert, swap_script
from widgets._base import EVERYONE, FIRST_VIEW_MIME

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


def test_a_view_for_newcomers_only_is_marked_for_them() -> None:
    # first_view.html hides a view marked so from a learner the browser knows is returning.
    page = insert(PAGE, {"cells": {"c01": VIEW, "c02": VIEW}, "styles": [], "for": {"c02": "newcomer"}})
    body = page[page.index("<body>"):]
    assert body.count("hl-first-view") == 2 and body.count('data-hl-for="newcomer"') == 1
    wrapper = page[page.index('id="cell-id=c02"'):].split(">", 2)[1]
    assert wrapper.endswith('data-hl-for="newcomer" aria-hidden="true" inert')


@pytest.mark.parametrize(("first_visit", "with_a_past", "same", "kept"), [
    (EVERYONE, EVERYONE, True, EVERYONE),   # a named position: the same for everyone
    (EVERYONE, EVERYONE, False, None),      # a random deal: no view
    (EVERYONE, None, False, None),
    (None, None, True, None),               # a render that cannot be drawn ahead
    ("newcomer", None, False, "newcomer"),  # the match: a newcomer's deal; a learner with a past sees another
    ("newcomer", "newcomer", True, "newcomer"),
    ("newcomer", "newcomer", False, None),  # "for newcomers" but drawn differently: not to be trusted
])
def test_whom_a_view_is_for(first_visit: str | None, with_a_past: str | None, same: bool, kept: str | None) -> None:
    assert audience(first_visit, with_a_past, same=same) == kept


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
    # Lesson 11's drill opens with its warm-up, the same for everyone: only its seed differs, which the
    # warm-up does not show (widgets/drill.py).
    drills = [_states(run, "11-drills")[0] for run in runs]
    assert {name for name, value in drills[0].items() if drills[1][name] != value} == {"seed"}
    assert all(view["audience"] == EVERYONE for view in first["03-practice"] + returning["03-practice"])
    # A newcomer's match opens on the same first deal; a learner with a match begun is offered it.
    assert _states(first, "09-guided-match") != _states(returning, "09-guided-match")
    assert [view["audience"] for run in runs for view in run["09-guided-match"]] == ["newcomer", None]
    assert returning["09-guided-match"][0]["state"]["screen"] == "offer"
    # The learner's marks and the next puzzle differ: no first view for them.
    assert _states(first, "index") != _states(returning, "index")
    assert _states(first, "puzzles") != _states(returning, "puzzles")
    assert _states(first, "13-leading-and-ducking")[1] != _states(returning, "13-leading-and-ducking")[1]


def test_the_states_run_speaks_the_pages_language(tmp_path: Path) -> None:
    spanish = _states_in_process("es", first_views.SEEDS[0], tmp_path)
    words = spanish["03-practice"][0]["state"]["question"]
    assert "¿" in words, words


# ---------------------------------------------------------------- Voilà's first views


def test_the_stored_first_views_are_todays_drawings() -> None:
    """hearts_serving/first_views.json is what the widgets draw now: run `tools/first_views.py write` after a change."""
    stored = json.loads(serving.VIEWS.read_text(encoding="utf-8"))
    # In a process of its own: Playwright's sync API refuses to run where a test left an event loop.
    drawn = subprocess.run([sys.executable, str(Path(first_views.__file__)), "capture", *LANGUAGES],
                           capture_output=True, text=True, check=True, cwd=Path(first_views.__file__).parents[1])
    fresh = first_views.stored_form(json.loads(drawn.stdout))
    assert stored["styles"] == fresh["styles"], "a widget's styles changed: run tools/first_views.py write"
    assert sorted(stored["pages"]) == sorted(fresh["pages"]), "run tools/first_views.py write"
    for page, views in fresh["pages"].items():
        kept = stored["pages"][page]
        assert kept["styles"] == views["styles"], page
        assert kept.get("for") == views.get("for"), page
        assert {cell: comparable(markup) for cell, markup in kept["cells"].items()} == \
               {cell: comparable(markup) for cell, markup in views["cells"].items()}, \
               f"{page}'s first views changed: run tools/first_views.py write"


def test_a_build_that_trusts_the_stored_views_gets_what_was_drawn() -> None:
    # tools/build_site.py --stored-first-views (the test suite's site) reads them back in capture()'s form.
    back = first_views.stored()
    assert back and all(view["cells"] and view["styles"] for view in back.values())
    assert first_views.stored_form(back) == json.loads(serving.VIEWS.read_text(encoding="utf-8"))
    assert {page.partition("/")[0] for page in back if "/" in page} == set(LANGUAGES) - {"en"}


STORED = {
    "styles": {"s1": ".hl-card { color: red }", "s2": ".hl-seat { color: blue }"},
    "pages": {
        "03-practice": {"cells": {"c02": VIEW}, "styles": ["s1"]},
        "09-guided-match": {"cells": {"c03": VIEW}, "styles": ["s1"], "for": {"c03": "newcomer"}},
        "ja/03-practice": {"cells": {"c02": VIEW.replace("3♣", "3♣ja")}, "styles": ["s1", "s2"]},
        "es/07-scoring": {"cells": {"c04": VIEW}, "styles": ["s2"]},
    },
}


@pytest.fixture
def stored(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "first_views.json"
    path.write_text(json.dumps(STORED), encoding="utf-8")
    monkeypatch.setattr(serving, "VIEWS", path)
    serving._stored.cache_clear()
    yield path
    serving._stored.cache_clear()


def test_a_voila_cell_gets_one_inert_copy_per_language_that_has_one(stored: Path) -> None:
    copies = serving.cell_first_views({"id": "c02"}, "03-practice")
    assert copies.count('class="lm-Widget lm-Panel jp-OutputArea-output hl-first-view"') == 2
    assert copies.count('aria-hidden="true" inert>') == 2
    assert 'lang="en"' in copies and 'lang="ja"' in copies and 'lang="es"' not in copies
    assert "3♣ja" in copies and VIEW in copies
    assert serving.cell_first_views({"id": "c04"}, "03-practice") == ""
    assert serving.cell_first_views({"id": "c04"}, "07-scoring").count("hl-first-view") == 1


def test_a_voila_page_gets_its_widgets_styles_once_and_shows_only_its_languages_copy(stored: Path) -> None:
    head = serving.page_first_view_styles("03-practice")
    assert head.count(".hl-card { color: red }") == 1 and head.count(".hl-seat { color: blue }") == 1
    for code in ("en", "es", "ja"):
        assert f'html[lang="{code}"] .hl-first-view:not([lang="{code}"]) {{ display: none; }}' in head
    assert serving.page_first_view_styles("10-check-a-game") == ""


def test_a_voila_cell_for_newcomers_gets_its_copy_only_when_its_widget_shows_a_newcomers_view(stored: Path) -> None:
    def output(audience: object) -> dict[str, Any]:
        return {"data": {serving.WIDGET_VIEW: {"model_id": "x"}, serving.FIRST_VIEW: {"audience": audience}}}

    copy = serving.cell_first_views({"id": "c03"}, "09-guided-match", output("newcomer"))
    assert copy.count("hl-first-view") == 1 and 'data-hl-for="newcomer" aria-hidden="true" inert>' in copy
    # A widget offering a saved match, one that did not say, and a template that passes no output.
    assert serving.cell_first_views({"id": "c03"}, "09-guided-match", output(None)) == ""
    assert serving.cell_first_views({"id": "c03"}, "09-guided-match", {"data": {serving.WIDGET_VIEW: {}}}) == ""
    assert serving.cell_first_views({"id": "c03"}, "09-guided-match") == ""
    # A view for everyone does not ask.
    assert serving.cell_first_views({"id": "c02"}, "03-practice").count("hl-first-view") == 2


def test_the_server_reads_what_the_widgets_write() -> None:
    assert serving.FIRST_VIEW == FIRST_VIEW_MIME


def test_without_stored_views_a_voila_page_has_none(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(serving, "VIEWS", tmp_path / "missing.json")
    serving._stored.cache_clear()
    try:
        assert serving.cell_first_views({"id": "c02"}, "03-practice") == ""
        assert serving.page_first_view_styles("03-practice") == ""
    finally:
        serving._stored.cache_clear()


def test_only_a_widget_output_takes_a_first_view() -> None:
    assert serving.shows_a_widget({"data": {serving.WIDGET_VIEW: {"model_id": "x"}, "text/plain": "<widget>"}})
    assert not serving.shows_a_widget({"data": {"text/plain": "42"}})
    assert not serving.shows_a_widget({"output_type": "stream", "text": "hi"})


def test_a_view_must_look_the_same_on_a_phone_as_on_a_wide_page() -> None:
    wide = '<div class="hl-root"><button class="hl-button is-auto" aria-pressed="true">Score sheet</button></div>'
    # A spoken state may follow the width (the copy is aria-hidden; the stylesheet gives its look)...
    assert first_views.same_on_a_phone(wide.replace('"true"', '"false"'), wide)
    # ...but markup a phone would see differently may not.
    assert not first_views.same_on_a_phone(wide.replace("is-auto", "is-open"), wide)
    assert not first_views.same_on_a_phone(wide.replace("Score sheet", "Sheet"), wide)
