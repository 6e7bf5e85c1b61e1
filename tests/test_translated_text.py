"""What a Japanese page says, read without a browser: its lessons' text and its widgets' first views.

A Japanese page is the page's template, its notebook's markdown and its widgets' markup. The
markdown is read here from the notebook; the widgets' markup is their first views
(hearts_serving/first_views.json), which each widget's own front end drew from the state the
notebook's cells built in Japanese (tools/first_views.py), which
tests/test_first_views.py::test_the_stored_first_views_are_todays_drawings holds to today's
drawing, and which every live widget draws again in the same places when its kernel connects
(``pages.voila_first_views_hand_over``). So a page whose every widget has a first view is read
whole here, apart from the template, which is the same on every page. Those pages
(:data:`READ_WITHOUT_A_BROWSER`) are opened in Chromium only by the long run (``--thorough``);
tests/browser/test_translated_pages_browser.py opens the others, the ones it answers in, and the
template on each of them.
"""

from __future__ import annotations

import ast
import html
import json
import re
from functools import cache
from pathlib import Path

import nbformat
import pytest

from tests.english import ENGLISH, english_in
from tools.first_views import stored as stored_first_views

ROOT = Path(__file__).resolve().parents[1]
JAPANESE = ROOT / "lessons" / "ja"

SPOKEN = re.compile(r'\s(?:aria-label|title|placeholder|alt)="([^"]*)"')
"""Attributes whose words a screen reader speaks or a tooltip shows (the others are in the text)."""


stored = cache(stored_first_views)
"""The stored first views, read once: ``{page: {"cells", "styles", "for"}}``, as the site's build takes them."""


@cache
def first_views() -> dict[str, dict[str, str]]:
    """Each page's first views, by cell id (``ja/03-practice``: its Japanese page)."""
    return {page: dict(view["cells"]) for page, view in stored().items()}


def views_for_everyone(page: str) -> frozenset[str]:
    """The cells of ``page`` whose first view every learner's live widget draws again.

    A view for newcomers only (the guided match's first deal) is not what a returning learner's
    page says: such a cell is read in Chromium.
    """
    view = stored().get(page)
    return frozenset() if view is None else frozenset(view["cells"]) - frozenset(view["for"])


def said_by(markup: str) -> str:
    """Everything a reader meets in ``markup``: its text, then the names it speaks."""
    text = re.sub(r"<[^>]+>", " ", markup)
    return html.unescape("\n".join([text, *SPOKEN.findall(markup)]))


def displaying_cells(notebook: Path) -> list[str]:
    """The ids of the notebook's code cells that display something (their last statement is an expression)."""
    cells = nbformat.read(notebook, as_version=4).cells
    return [cell["id"] for cell in cells if cell.cell_type == "code"
            and (body := ast.parse(cell.source).body) and isinstance(body[-1], ast.Expr)]


def read_without_a_browser() -> frozenset[str]:
    """The Japanese lessons whose every displayed widget has a first view."""
    return frozenset(
        notebook.stem for notebook in sorted(JAPANESE.glob("*.ipynb"))
        if (shown := displaying_cells(notebook))
        and set(shown) <= views_for_everyone(f"ja/{notebook.stem}"))


READ_WITHOUT_A_BROWSER = read_without_a_browser()


def test_the_english_word_list_is_real() -> None:
    # The scan is only as good as its list: the catalogues' everyday words are in it.
    assert {"trick", "hearts", "play", "points", "lead", "pass", "queen"} <= ENGLISH
    assert english_in("あなたが♠Qを出しました。CPU1の番です。Enter") == []
    assert english_in("CPU1 takes the trick") == ["takes", "the", "trick"]


def test_the_first_views_read_here_are_what_a_reader_meets() -> None:
    markup = '<div class="hl-root"><button aria-label="Play the card" title="lead">♠Q</button><p>a &amp; b</p></div>'
    assert english_in(said_by(markup)) == ["Play", "card", "lead", "the"]
    # The English page of a lesson, read the same way, is full of the words looked for.
    english_views = first_views()["03-practice"]
    assert all(len(english_in(said_by(view))) > 10 for view in english_views.values())


def test_most_japanese_lessons_are_read_whole_without_a_browser_and_not_those_that_deal() -> None:
    assert {"02-tricks", "05-first-trick", "10-check-a-game"} <= READ_WITHOUT_A_BROWSER
    # The strategy lessons' second board is the learner's own puzzle: no first view, read in Chromium.
    assert "14-queen-of-spades" not in READ_WITHOUT_A_BROWSER
    # The guided match's first view is a newcomer's: a returning learner's page says other things.
    assert "09-guided-match" not in READ_WITHOUT_A_BROWSER
    assert displaying_cells(JAPANESE / "14-queen-of-spades.ipynb") == ["c02", "c04"]


@pytest.mark.parametrize("notebook", sorted(JAPANESE.glob("*.ipynb")), ids=lambda path: path.stem)
def test_a_japanese_lessons_text_says_nothing_in_english(notebook: Path) -> None:
    for cell in nbformat.read(notebook, as_version=4).cells:
        if cell.cell_type == "markdown":
            # Link targets and markup are not read; the link's text is.
            found = english_in(re.sub(r"\]\([^)]*\)|<[^>]+>", " ", cell.source))
            assert not found, f"English in {notebook.name}, cell {cell['id']}: {found}"


@pytest.mark.parametrize("page", sorted(page for page in first_views() if page.startswith("ja/")))
def test_a_japanese_first_view_says_nothing_in_english(page: str) -> None:
    for cell, markup in first_views()[page].items():
        found = english_in(said_by(markup))
        assert not found, f"English in the first view of {page}, cell {cell}: {found}"


AWKWARD_JAPANESE = {
    "で13点を取られる": "♠Q の13点があなたにつく",
    "新しい配りが次々に出てきます": "新しい手札が次々に配られます",
    "1回目で3問正解すると": "1回目で正解したパズルが3問になると",
}
"""Phrasings a native reader found awkward in the lessons (issue 35), with how the lessons say it now."""


@pytest.mark.parametrize("notebook", sorted(JAPANESE.glob("*.ipynb")), ids=lambda path: path.stem)
def test_a_japanese_lesson_keeps_clear_of_the_phrasings_a_native_reader_found_awkward(notebook: Path) -> None:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    text = "".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")
    found = [f"{awkward} (say: {better})" for awkward, better in AWKWARD_JAPANESE.items() if awkward in text]
    assert not found, f"{notebook.name}: {found}"
