"""Each lesson's first view, drawn at build time, so the static site shows cards before Python runs.

A page of the static site runs its Python under Pyodide: until the kernel has started and run
the lesson's cells, Voici shows a spinner and no exercise. This module draws every widget
cell's first view ahead of time and puts it in the built page as that cell's output; the live
widget replaces it when the kernel has run the cell.

Design choices:

* **The live front end draws it.**  The first view must be the markup and styles the live
  widget draws, and the widgets' front ends are their anywidget modules.  So the build
  executes each notebook's code cells in a plain Python process (no kernel: ipywidgets builds
  its models without one), takes each displayed widget's synced state, and has headless
  Chromium run the widget's own module on a stand-in model holding that state.  No second
  renderer exists to drift from the first, and nothing here knows what a widget draws.
* **Only views that cannot differ.**  A widget whose first view depends on chance (a new
  match's deal) would show one hand and then another.  (Lesson 11's drill opens on a warm-up,
  the same position for everyone, so it has a first view; the seed it deals from later is
  not drawn until then.)  Every language's notebooks are
  executed twice, with different random seeds and hash seeds, and a cell keeps a first view
  only when both runs draw the same markup; the rest show nothing until the live widget
  comes, as before.  The first run is a learner's first visit (an empty data folder), the
  second a learner with a past (:func:`a_learner_who_has_been_here`).
* **A view for newcomers only.**  The guided match opens on a saved match or a random deal
  for a learner with a past, but every newcomer's first match is the same deal
  (``widgets.match.flow.FIRST_MATCH_SEED``).  A widget says whom its render is for
  (``HeartsWidget.first_view_audience``); a cell whose first run is for newcomers, and whose
  second is not, keeps the first run's view marked ``data-hl-for="newcomer"``.  The page
  shows it only to a browser that has not been told this learner is returning
  (``first_view.html``), and under Voilà only when the executed widget is showing it.
* **One copy for every reader.**  The drawn copy sits in the page ``inert`` and
  ``aria-hidden``: nothing in it can be tapped, focused or read aloud, so a screen reader
  meets only the live widget.  ``first_view.html`` (in the pages' template folder) keeps the
  live output out of the flow and unseen until its widget has drawn, then removes the copy
  in the same frame it shows the live one: no jump, and never two copies on screen.
* The executions run in subprocesses (one per language and seed, both cores), since a
  process speaks one language (:mod:`hearts_core.wording`).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import html
import json
import os
import pkgutil
import random
import re
import subprocess
import sys
import tempfile
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from importlib import import_module
from pathlib import Path
from typing import Any

import anywidget
from playwright.sync_api import sync_playwright

import widgets
from hearts_core.wording import LANGUAGES
from widgets import MatchWidget
from widgets._base import EVERYONE
from widgets.lessons import LESSONS, Progress
from widgets.puzzles import PuzzleBoard

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the tools beside this one, however it is loaded
from localhost import CHROMIUM, CHROMIUM_FLAGS

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "lessons"
SWAP = NOTEBOOKS / "jupyter" / "voila" / "templates" / "hearts" / "first_view.html"
SEEDS = (1, 2)
"""The two runs a first view must agree across: their random and hash seeds.  The second is a
learner who has been here before (:func:`a_learner_who_has_been_here`)."""
LATER = timedelta(days=100)

# A stand-in for anywidget's model: what the widget's module reads at its first render. Writes
# stay local and messages go nowhere; the live widget answers them once the kernel is there.
_DRAW = """
async ([widgets, modules]) => {
  const placed = [];
  for (const widget of widgets) {
    const state = { ...widget.state };
    const model = {
      get: (name) => state[name],
      set: (name, value) => { state[name] = value; },
      save_changes() {}, on() {}, off() {}, send() {}, widget_manager: {},
    };
    const style = document.createElement("style");
    style.textContent = widget.state._css || "";
    document.head.append(style);
    const el = document.createElement("div");
    el.className = "lm-Widget";
    document.body.append(el);
    const url = URL.createObjectURL(new Blob([modules[widget.module]], { type: "text/javascript" }));
    const module = await import(url);
    let definition = module.default ?? module;
    if (typeof definition === "function") definition = await definition();
    if (definition.initialize) await definition.initialize({ model });
    await definition.render({ model, el });
    placed.push(el);
  }
  // Two frames for what a render leaves to the next one, once for the whole page (as the live page
  // draws its widgets one after the other without waiting): the same markup, a fifth less time.
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  return placed.map((el) => el.innerHTML);
}
"""


def notebooks(code: str) -> list[Path]:
    """The notebooks of language ``code``, as the site renders them."""
    folder = NOTEBOOKS if code == "en" else NOTEBOOKS / code
    return sorted(folder.glob("*.ipynb"))


def _displayed(source: str, namespace: dict[str, Any]) -> object:
    """Run one cell's source as IPython would and return the value it displays (its last expression)."""
    tree = ast.parse(source)
    last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    body = ast.Module(body=tree.body[:-1] if last else tree.body, type_ignores=[])
    exec(compile(body, "<cell>", "exec"), namespace)
    if last is None:
        return None
    return eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)


class _Later(datetime):
    """``datetime`` a hundred days on: what a page opened another day would see."""

    @classmethod
    def now(cls, tz: Any = None) -> _Later:
        moved = datetime.now(tz) + LATER
        return cls.fromtimestamp(moved.timestamp(), tz)


def a_learner_who_has_been_here() -> None:
    """Make this process a learner with a past, another day: a match begun (three cards passed), every
    lesson completed, a puzzle answered on every board, the clock a hundred days on.  A widget drawn
    from the learner's data or the date then draws differently, and loses its first view (or keeps it
    for newcomers only, :func:`audience`): a first view is the same for every learner it is shown to.
    """
    for module_info in pkgutil.iter_modules(widgets.__path__, "widgets."):
        module = import_module(module_info.name)
        if getattr(module, "datetime", None) is datetime:
            module.datetime = _Later  # type: ignore[attr-defined]
    match = MatchWidget(speed="instant")  # a match begun: its page offers to resume it
    for card in match.hand[:3]:
        match.toggle_pass(card["text"])
    match.confirm_pass()
    progress = Progress()
    for lesson in LESSONS:
        progress.mark(lesson.key)
    boards = [PuzzleBoard(), *(PuzzleBoard.for_lesson(lesson.key) for lesson in LESSONS if lesson.worked)]
    for board in boards:
        board.choose(board.puzzle.solution)


def widget_states(code: str, *, visited: bool = False) -> dict[str, list[dict[str, Any]]]:
    """Every widget cell of language ``code``'s notebooks: its cell id and the widget's synced state.

    Runs in a process whose working directory is that language's folder, so the widgets speak it;
    ``visited`` runs it for :func:`a_learner_who_has_been_here`.
    """
    if visited:
        a_learner_who_has_been_here()

    found: dict[str, list[dict[str, Any]]] = {}
    for notebook in notebooks(code):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        namespace: dict[str, Any] = {"__name__": "__main__"}
        views = []
        for cell in cells:
            if cell["cell_type"] != "code":
                continue
            shown = _displayed("".join(cell["source"]), namespace)
            if isinstance(shown, anywidget.AnyWidget):
                audience = getattr(shown, "first_view_audience", lambda: EVERYONE)()
                views.append({"cell": cell["id"], "state": shown.get_state(), "audience": audience})
        if views:
            found[notebook.stem] = views
    return found


def _states_in_process(code: str, seed: int, data: Path) -> dict[str, list[dict[str, Any]]]:
    folder = NOTEBOOKS if code == "en" else NOTEBOOKS / code
    env = {**os.environ, "PYTHONHASHSEED": str(seed), "HEARTS_LESSONS_DATA": str(data),
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    env.pop("HEARTS_LANG", None)
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "states", code, str(seed)],
                          cwd=folder, env=env, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"first views: running the {code} notebooks failed:\n{done.stderr[-3000:]}")
    result: dict[str, list[dict[str, Any]]] = json.loads(done.stdout)
    return result


Runs = Mapping[tuple[str, int], Mapping[str, list[dict[str, Any]]]]
"""Each (language, seed) run's widget cells, by page."""


WIDE, NARROW = 1280, 375
"""The widths a view is drawn at: the copy is the wide drawing, and a phone must get the same markup
(a front end that decides something by the screen's width in script, not in its stylesheet, would
show a phone the wide screen's view until the live widget came)."""


def draw(runs: Runs, width: int = WIDE) -> dict[tuple[str, int], dict[str, list[str]]]:
    """Each run's widgets drawn by their own front ends in headless Chromium, on a page ``width``
    pixels wide: markup per page, per cell."""
    modules: dict[str, str] = {}
    drawn: dict[tuple[str, int], dict[str, list[str]]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": width, "height": 800})
        for (code, seed), pages in runs.items():
            drawn[code, seed] = {}
            for name, views in pages.items():
                shown: list[dict[str, Any]] = []
                for view in views:
                    state = dict(view["state"])
                    esm = state.pop("_esm")
                    key = hashlib.sha256(esm.encode()).hexdigest()[:16]
                    modules.setdefault(key, esm)
                    shown.append({"module": key, "state": state})
                # A fresh document per page, as each live page is: a module's counters start again.
                page.set_content(f'<!DOCTYPE html><html lang="{code}"><head><meta charset="utf-8"></head>'
                                 "<body></body></html>")
                used = {widget["module"]: modules[widget["module"]] for widget in shown}
                drawn[code, seed][name] = page.evaluate(_DRAW, [shown, used])
        browser.close()
    return drawn


# Front ends give labels and the controls they name fresh ids (hl-puzzle-theme-x3xvt23mxqj), so
# no two widgets on a page share one; the same view drawn twice differs in those alone.
_FRESH_ID = re.compile(r'((?:id|for|aria-labelledby|aria-describedby|aria-controls)="[^"]*?)'
                       r'-[0-9a-z]{6,14}(?=[" ])')
# A widget that hides itself until Python has answered its opening (aria-busy) has no first view to show.
_BUSY = re.compile(r'<[^>]*class="hl-root[^>]*aria-busy="true"')


def comparable(markup: str) -> str:
    """``markup`` with its fresh ids blanked: two drawings of one view compare equal."""
    return _FRESH_ID.sub(r"\1-*", markup)


def capture(codes: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """The first views of every page of ``codes``:
    ``{page: {"cells": {cell id: markup}, "styles": [css], "for": {cell id: audience}}}``.

    ``page`` is the rendered page's path under ``voici/render`` without ``.html`` (``03-practice``,
    ``ja/03-practice``).  A cell whose two runs draw different markup is left out, unless it is
    for one kind of learner only (:func:`audience`); ``for`` names those cells' learners.  So is a
    cell drawn differently on a phone (:data:`NARROW`) than on a wide page.
    """
    with tempfile.TemporaryDirectory() as scratch, ThreadPoolExecutor(max_workers=2) as pool:
        jobs = {(code, seed): pool.submit(_states_in_process, code, seed, Path(scratch, f"{code}-{seed}"))
                for code in codes for seed in SEEDS}
        runs = {key: job.result() for key, job in jobs.items()}
    drawn = draw(runs)
    # Only a page with a widget whose front end can learn the width is drawn again on a phone; any
    # other draws the same markup at every width (its stylesheet's media queries change no markup).
    narrow = draw({key: {name: views for name, views in pages.items()
                         if any(reads_the_width(view["state"]["_esm"]) for view in views)}
                   for key, pages in runs.items() if key[1] == SEEDS[0]}, width=NARROW)
    views: dict[str, dict[str, Any]] = {}
    for code in codes:
        first, second = (runs[code, seed] for seed in SEEDS)
        for name, cells in first.items():
            page = name if code == "en" else f"{code}/{name}"
            kept: dict[str, str] = {}
            audiences: dict[str, str] = {}
            # The live page gets one style element per widget class, in the order the classes first
            # render (anywidget keeps one per class): the same here, so the cascade is the same.
            styles: dict[str, str] = {}
            for position, cell in enumerate(cells):
                styles.setdefault(cell["state"]["_anywidget_id"], cell["state"]["_css"])
                markup = drawn[code, SEEDS[0]][name][position]
                others = second.get(name, [])
                other = others[position] if position < len(others) and others[position]["cell"] == cell["cell"] \
                    else None
                same = other is not None and comparable(drawn[code, SEEDS[1]][name][position]) == comparable(markup)
                shown_to = audience(cell["audience"], None if other is None else other["audience"], same=same)
                on_a_phone = narrow[code, SEEDS[0]].get(name)
                if on_a_phone is not None and not same_on_a_phone(on_a_phone[position], markup):
                    shown_to = None  # a phone would see the wide screen's view
                if shown_to is not None and markup and not _BUSY.match(markup):
                    kept[cell["cell"]] = markup
                    if shown_to != EVERYONE:
                        audiences[cell["cell"]] = shown_to
            if kept:
                views[page] = {"cells": kept, "styles": list(styles.values()), "for": audiences}
    return views


# A state a screen reader reads (a toggle's aria-pressed): never read in a copy, which is aria-hidden.
_SPOKEN_STATE = re.compile(r' aria-(?:pressed|expanded|checked|selected)="[^"]*"')


_WIDTH_READERS = re.compile(
    r"\b(?:innerWidth|outerWidth|matchMedia|clientWidth|offsetWidth|scrollWidth|getBoundingClientRect|"
    r"getComputedStyle|ResizeObserver|IntersectionObserver|visualViewport|screen\.\w*[Ww]idth)\b")
# Not getClientRects: the shared card code asks it only whether an element is shown, to move focus, never to draw.


def reads_the_width(esm: str) -> bool:
    """Whether a front end's module names any way a script can learn how wide the page is.

    One that names none draws the same markup on a phone as on a wide page, so it is not drawn
    twice (:func:`capture`); the list is wide on purpose (a computed style or a box's size can
    follow a media query).  ``screen`` alone is in every module's comments (screen readers).

    >>> reads_the_width("if (window.matchMedia('(max-width: 600px)').matches) { wide = false; }")
    True
    >>> reads_the_width("el.innerHTML = '<p>' + model.get('title') + '</p>';")
    False
    """
    return _WIDTH_READERS.search(esm) is not None


def same_on_a_phone(narrow: str, wide: str) -> bool:
    """Whether a view drawn on a phone (``narrow``) and on a wide page (``wide``) look alike there.

    The spoken states may differ (the match's score sheet is pressed open on a wide screen only):
    the copy is aria-hidden, and where such a state also gives a look, the widget's stylesheet must
    give it by the width as well (match.css, ``.is-auto``).
    """
    return _SPOKEN_STATE.sub("", comparable(narrow)) == _SPOKEN_STATE.sub("", comparable(wide))


def audience(newcomers: str | None, returning: str | None, *, same: bool) -> str | None:
    """Whom a cell's first view is for, from what its widget said in each run (``None``: no view).

    ``newcomers`` and ``returning`` are the audiences the widget named in the first run (a first
    visit) and the second (a learner with a past); ``same`` says whether both drew the same.
    A view for everyone must be the same in both runs.  A view for one kind of learner is kept
    when the second run's widget is not showing it to the learner with a past (or is, and drew
    the same): the page then shows it to that kind of learner only.
    """
    if newcomers is None:
        return None
    if newcomers == EVERYONE:
        return EVERYONE if same and returning == EVERYONE else None
    return newcomers if returning != newcomers or same else None


# The code cell Voici renders with no output yet: hidden (no input, no outputs) until Python fills it.
_CODE_CELL = re.compile(r'<div id="cell-id=(?P<id>[^"]+)" class="jp-Cell jp-CodeCell jp-Notebook-cell'
                        r'(?P<mods> jp-mod-noOutputs jp-mod-noInput)? *">')
_HIDDEN_CELLS = '<div id="rendered_cells" style="display: none">'
_SPINNER = re.compile(r'<div id="loading".*?</h2>\s*</div>', re.DOTALL)


def for_audience(audience: str | None) -> str:
    """The attribute marking a first view for one kind of learner only (``first_view.html`` reads it)."""
    return f' data-hl-for="{html.escape(audience)}"' if audience else ""


def _output(markup: str, audience: str | None = None) -> str:
    """A first view inside the output area Voici builds for a widget, so it sits where the live one will."""
    return (f'<div class="jp-Cell-outputWrapper hl-first-view"{for_audience(audience)} aria-hidden="true" inert>'
            '<div class="jp-Collapser jp-OutputCollapser jp-Cell-outputCollapser"></div>'
            '<div class="lm-Widget jp-OutputArea jp-Cell-outputArea" style="display: flex; flex-direction: column;">'
            '<div class="lm-Widget lm-Panel jp-OutputArea-child jp-OutputArea-executeResult">'
            f'<div class="lm-Widget lm-Panel jp-OutputArea-output"><div class="lm-Widget">{markup}</div></div>'
            '</div></div></div>')


def swap_script() -> str:
    """The style and script of ``first_view.html``, its template comment dropped."""
    return re.sub(r"\{#-.*?-#\}\s*", "", SWAP.read_text(encoding="utf-8"), flags=re.DOTALL)


def insert(page: str, views: Mapping[str, Any] | None) -> str:
    """``page`` (a rendered page's HTML) with its first views in place and its cells shown at once.

    Every page shows its text without waiting for Python (the spinner goes); a page with first
    views gets them in their cells, their styles, and the script that hands over to the live widgets.
    """
    if _HIDDEN_CELLS not in page:
        raise SystemExit("first views: a rendered page has no hidden cells to show; has Voici's template changed?")
    page = _SPINNER.sub("", page.replace(_HIDDEN_CELLS, '<div id="rendered_cells">', 1), count=1)
    if not views:
        return page
    cells: Mapping[str, str] = views["cells"]
    audiences: Mapping[str, str] = views.get("for", {})
    placed: set[str] = set()

    def place(found: re.Match[str]) -> str:
        cell = html.unescape(found.group("id"))
        if cell not in cells:
            return found.group(0)
        placed.add(cell)
        opening = f'<div id="cell-id={found.group("id")}" class="jp-Cell jp-CodeCell jp-Notebook-cell">'
        return opening + _output(cells[cell], audiences.get(cell))

    page = _CODE_CELL.sub(place, page)
    if placed != set(cells):
        raise SystemExit(f"first views: cells {sorted(set(cells) - placed)} are not in the rendered page")
    styles = "".join(f"<style>{style}</style>" for style in views["styles"])
    return page.replace("</head>", f"{styles}{swap_script()}</head>", 1)


STORED = ROOT / "hearts_serving" / "first_views.json"
"""Every language's first views, for Voilà's pages (hearts_serving.first_views reads them)."""


def stored_form(views: Mapping[str, Any]) -> dict[str, Any]:
    """``views`` as ``first_views.json`` keeps them: each distinct style once, pages naming theirs by key."""
    styles: dict[str, str] = {}
    pages: dict[str, Any] = {}
    for page, view in sorted(views.items()):
        keys = []
        for css in view["styles"]:
            key = hashlib.sha256(css.encode()).hexdigest()[:12]
            styles[key] = css
            keys.append(key)
        pages[page] = {"cells": view["cells"], "styles": keys}
        if view.get("for"):
            pages[page]["for"] = view["for"]
    return {"styles": styles, "pages": pages}


def stored() -> dict[str, dict[str, Any]]:
    """The views ``write`` stored, in :func:`capture`'s form.

    For a build that trusts them (the test suite's site, beside the test that checks them
    against a fresh drawing): drawing takes both cores for half a minute.
    """
    kept = json.loads(STORED.read_text(encoding="utf-8"))
    return {page: {"cells": view["cells"], "styles": [kept["styles"][key] for key in view["styles"]],
                   "for": view.get("for", {})}
            for page, view in kept["pages"].items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    states = commands.add_parser("states", help="(internal) print one language's widget states as JSON")
    states.add_argument("code")
    states.add_argument("seed", type=int)
    show = commands.add_parser("capture", help="print every page's first views as JSON")
    show.add_argument("codes", nargs="*", default=["en"])
    commands.add_parser("write", help=f"store every language's first views in {STORED.relative_to(ROOT)} for Voila")
    args = parser.parse_args(argv)
    if args.command == "states":
        random.seed(args.seed)
        json.dump(widget_states(args.code, visited=args.seed != SEEDS[0]), sys.stdout)
    elif args.command == "write":
        stored = stored_form(capture(LANGUAGES))
        STORED.write_text(json.dumps(stored, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n",
                          encoding="utf-8")
        print(f"{sum(len(page['cells']) for page in stored['pages'].values())} first views in {STORED}")
    else:
        json.dump(capture(tuple(args.codes)), sys.stdout, ensure_ascii=False, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
