"""The static site (``./dev site``) as a learner meets it: plain files from a plain server.

``_site/`` is built once per session (seconds once the registries' packages are cached in
build/site-cache) and served by Python's ``http.server`` on 127.0.0.1: no Voilà, no
kernel on the server, Python runs in the page (Pyodide). Every request that would leave
this machine is blocked and counted; there must be none. One desktop context runs the
checks in order (each page boots its own Python, about as long as a cold Voilà page),
so the browser's storage, where marks persist, is shared as it is for a learner. That context is
the session's Chromium profile (conftest.FreshPages), cleared of the site's storage afterwards. Since every
page boot costs seconds, a page a test opens anyway also serves the checks another would open
it again for: the first views of lesson 3, lesson 4 and Japanese lesson 3 are seen handing over
as the tests that answer them open them, and the newcomer's lesson 9 plays a card.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, urljoin

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Response, expect

from hearts_core.coach import recommend
from hearts_core.puzzles import load_puzzles
from hearts_learner.puzzle_progress import learner_start
from tests.browser.conftest import ROOT, UPSTREAM_VERSION_WARNING, FreshPages, watch_console
from tests.browser.pages import (
    CARDS_IN_PLACE,
    MATCH,
    assert_live_matches_first,
    pass_three,
    play_a_legal_card,
    screenshot,
)
from tools.localhost import gate, gated_context, serve_folder
from widgets.analysis import read_position
from widgets.lessons import LESSONS

ANALYSIS_LINE = ("0 ♣3♣A♦7♠Q♥9 hold 0:♣2♣J♣Q♦A/2:♦5♦K♦2♦6/3:♠6♠2♠7♠8/2:♦8♦9♦3♦10/1:♠9♠10♠J♠3/3:♦J♦4♦Q♥2/"
                 "1:♠K♥3♥4♠4/1:♠A♥6♥7♠5 1:♣10♣K♥5")
"""The guides' first practice position with a history that leads to it (docs/write-a-lesson.md)."""

SITE = ROOT / "_site"
BOOT = 120_000  # ms: a cold page on a busy 2-core machine


BUILDING = 600  # s: the whole site on a busy 2-core machine, with room to spare


def wait_for_the_build_beside_the_tests(status: Path) -> None:
    """Wait for the build ``./dev test`` started beside the tests to write its exit status; fail with its log."""
    deadline = time.monotonic() + BUILDING
    while not status.is_file():
        if time.monotonic() > deadline:
            pytest.fail(f"the site build started by ./dev test wrote no status in {BUILDING} s ({status})")
        time.sleep(1)
    if status.read_text(encoding="utf-8").strip() != "0":
        log = status.with_name("site-build.log")
        pytest.fail(f"the site build failed; the end of {log}:\n{log.read_text(encoding='utf-8')[-4000:]}")


@pytest.fixture(scope="module")
def site_url() -> Iterator[str]:
    # HEARTS_SITE_BUILT=1 serves the _site/ already built, for iterating on these tests alone.
    if (status := os.environ.get("HEARTS_SITE_BUILD_STATUS")):  # ./dev test builds it beside the tests
        wait_for_the_build_beside_the_tests(Path(status))
    elif os.environ.get("HEARTS_SITE_BUILT") != "1" or not (SITE / "index.html").is_file():
        # The first views as stored for Voilà: tests/test_first_views.py checks them against a fresh drawing.
        subprocess.run([sys.executable, str(ROOT / "tools" / "build_site.py"), "--stored-first-views"], check=True)
    with serve_folder(SITE) as url:
        yield url


@pytest.fixture(scope="module")
def learner(profile: BrowserContext, site_url: str) -> Iterator[tuple[BrowserContext, list[str]]]:
    # The session's profile (conftest.FreshPages), for its compiled-code cache: a site page there
    # costs 5.0 Chromium CPU-s against 8.1 in a fresh context (Pyodide's WebAssembly is compiled once).
    outside: list[str] = []
    pages = FreshPages(profile)
    handler = gate(profile, site_url, outside)
    yield profile, outside
    profile.unroute("**/*", handler)
    pages.release()


# Voici's own bundle (voici/build/*.js, its copy of yjs) logs this as each page's notebook
# loads, and the cells render all the same. ipywidgets' manager asks the kernel for every
# widget's state over its control comm with a fixed 4 s timeout, then fetches the states one
# by one (jupyter-widgets/ipywidgets#3633); a page's Pyodide kernel still busy starting can
# miss it, and the widgets render all the same. With the federation version notes, these
# are the only warnings a site page may log.
SITE_UPSTREAM_WARNINGS = (
    UPSTREAM_VERSION_WARNING,
    re.compile(r"^\[yjs#509\] Not same Y\.Doc$"),
    re.compile(r'^Failed to fetch ipywidgets through the "jupyter\.widget\.control" comm channel, fallback to '
               r"fetching individual model state\. Reason: Control comm did not respond in time$"),
)


@pytest.fixture
def page(learner: tuple[BrowserContext, list[str]]) -> Iterator[Page]:
    context, _ = learner
    page = context.new_page()
    page.viewport_name = "site-desktop"  # type: ignore[attr-defined]
    problems = watch_console(page, SITE_UPSTREAM_WARNINGS)
    yield page
    page.close()
    assert not problems, f"problems in the browser console: {problems}"


# The drive's files as JupyterLite keeps them: localforage stores in IndexedDB.
STORED_PROGRESS = """async () => {
  for (const { name } of await indexedDB.databases()) {
    const db = await new Promise((done, fail) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => done(request.result);
      request.onerror = fail;
    });
    if (!db.objectStoreNames.contains("files")) { db.close(); continue; }
    const value = await new Promise((done) => {
      const request = db.transaction("files").objectStore("files").get("hearts-lessons/progress.json");
      request.onsuccess = () => done(request.result);
      request.onerror = () => done(null);
    });
    db.close();
    if (value) return value.format === "base64" ? atob(value.content) : JSON.stringify(value.content);
  }
  return "";
}"""


def wait_for_stored_mark(page: Page, key: str, timeout: float = 60) -> None:
    """Wait until the browser's storage holds the mark: the kernel's write reaches IndexedDB
    through the page a moment after the widget answers (a page closed in that moment loses it)."""
    deadline = time.monotonic() + timeout
    # The lesson must be among the completed ones: its key is stored with the first answer
    # already (the lesson's per-exercise record), long before the lesson is complete.
    while key not in completed_lessons(page.evaluate(STORED_PROGRESS)):
        assert time.monotonic() < deadline, f"{key} never reached the browser's storage as completed"
        time.sleep(0.5)


def completed_lessons(stored: str) -> list[str]:
    """The completed lessons in the stored progress text ([] while nothing or a partial write is there)."""
    try:
        document = json.loads(stored)
        if isinstance(document, str):  # text content comes back JSON-quoted once more
            document = json.loads(document)
    except ValueError:
        return []
    completed = document.get("completed") if isinstance(document, dict) else None
    return completed if isinstance(completed, list) else []


# Live: a widget drawn by the kernel, and every first view (tools/first_views.py) handed over.
LIVE = ("() => document.querySelector('.hl-root') !== null && document.querySelector('.hl-first-view') === null"
        " && document.querySelector('.hl-live-pending') === null")


def wait_until_live(page: Page) -> None:
    """Wait for the page's live widgets: before that, its first views are inert copies."""
    page.wait_for_function(LIVE, timeout=BOOT)


def open_page(page: Page, site_url: str, name: str, *, first_views: bool = False) -> None:
    """Open page ``name`` and wait for its live widgets; with ``first_views``, see its first views hand over."""
    page.goto(f"{site_url}voici/render/{name}.html", wait_until="domcontentloaded")
    if first_views:
        first_views_hand_over(page, name)
    else:
        wait_until_live(page)
    assert "Traceback" not in page.inner_text("body")


def first_views_hand_over(page: Page, name: str) -> None:
    """On page ``name``, just read to its end: its first views show, inert and unheard, with the text
    and no spinner; then the live widgets draw the same cards in the same places."""
    first = page.evaluate(CARDS_IN_PLACE)
    copies = page.locator(".hl-first-view")
    assert copies.count() == sum(cell["first"] for cell in first.values()) > 0, name
    for index in range(copies.count()):
        assert copies.nth(index).get_attribute("aria-hidden") == "true", name
        assert copies.nth(index).get_attribute("inert") is not None, name
    # The learner reads the lesson's text at once; the spinner that hid it is gone.
    expect(page.locator("#rendered_cells")).to_be_visible()
    expect(page.locator("#loading")).to_have_count(0)
    wait_until_live(page)
    assert_live_matches_first(name, first, page.evaluate(CARDS_IN_PLACE))


def test_the_index_lists_the_lessons_lesson_3_explains_a_card_and_its_mark_survives_a_reload(
    page: Page, site_url: str,
) -> None:
    page.goto(site_url, wait_until="domcontentloaded")  # the front door leads to the index
    page.wait_for_selector(".hl-index li", timeout=BOOT)
    wait_until_live(page)
    assert page.url.endswith("voici/render/index.html")
    expect(page.locator(".hl-index li")).to_have_count(len(LESSONS))
    expect(page.locator(".hl-index .hl-error")).to_have_text("")  # the browser's storage is there
    screenshot(page, "site-index")

    page.locator('.hl-index li[data-lesson="03-practice"] a').click()  # the index's own link
    page.wait_for_url(re.compile(r"03-practice\.html"), timeout=BOOT, wait_until="domcontentloaded")
    first_views_hand_over(page, "03-practice")
    assert page.url.endswith("voici/render/03-practice.html?lang=en")
    widget = page.locator(".hl-practice").first
    widget.locator('.hl-hand .hl-card[data-card="♠Q"]').click()
    expect(widget.locator(".hl-message.is-illegal")).to_contain_text("you must play one of them", timeout=30_000)
    # The refusal's "read more" names the glossary page Voici rendered, and that page is on the site.
    more = widget.get_by_role("link", name=re.compile("in the glossary"))
    expect(more).to_have_attribute("href", "glossary.html#follow")
    assert page.request.get(urljoin(page.url, "glossary.html")).ok
    widget.locator('.hl-hand .hl-card[data-card="♣A"]').click()
    expect(widget.locator(".hl-message.is-legal")).to_be_visible()
    expect(widget.locator(".hl-error")).to_have_text("")
    # The lesson's mark needs both hands answered: the second hand holds no club, so any card goes.
    second = page.locator(".hl-practice").nth(1)
    second.locator('.hl-hand .hl-card[data-card="♦4"]').click()
    expect(second.locator(".hl-message.is-legal")).to_be_visible(timeout=30_000)
    screenshot(page, "site-lesson-03-practice")
    wait_for_stored_mark(page, "03-practice")

    # The index loaded afresh (its own Python, a page boot) reads the mark from the browser's storage.
    page.goto(f"{site_url}voici/render/index.html", wait_until="domcontentloaded")
    wait_until_live(page)
    expect(page.locator('.hl-index li[data-lesson="03-practice"].is-done')).to_be_visible(timeout=BOOT)
    expect(page.locator(".hl-index li.is-done")).to_have_count(1)


def test_a_pass_in_lesson_4_works(page: Page, site_url: str) -> None:
    open_page(page, site_url, "04-passing", first_views=True)
    for card in ("♣A", "♦K", "♠Q"):
        page.locator(f'.hl-pass-picker .hl-hand .hl-card[data-card="{card}"]').click()
    page.locator('.hl-pass-picker [data-action="confirm"]').click()
    expect(page.locator(".hl-pass-picker .hl-card.is-received")).to_have_count(3, timeout=30_000)


def test_each_page_starts_from_the_kernel_snapshot_and_draws_its_own_deals(
    learner: tuple[BrowserContext, list[str]], site_url: str,
) -> None:
    """Pages restore the started kernel (tools/kernel_boot.js) rather than fall back to a fresh
    start, and every page reseeds its random draws: the memory they restore is the same."""
    context, _ = learner
    notes: list[str] = []
    snapshots: list[int] = []
    def note_snapshot(response: Response) -> None:
        if response.url.endswith("/kernel.snapshot.gz"):
            snapshots.append(response.status)

    context.on("response", note_snapshot)  # removed below: the context is the session's profile
    # Each way the loader can go (an unpacked snapshot, none, an unreadable one) is
    # covered quickly under node: tests/test_kernel_boot.py.
    dealt = []
    for _ in range(2):
        page = context.new_page()
        page.on("console", lambda message: notes.append(message.text))  # the kernel's worker logs here too
        open_page(page, site_url, "11-drills")
        drill = page.locator(".hl-drill").first
        drill.locator('[data-action="next"]').click()  # past the warm-up, which is everyone's
        expect(drill.locator(".hl-drill-number")).to_have_text("Position 2")
        dealt.append((drill.get_attribute("data-seed"),
                      drill.locator(".hl-card").evaluate_all("cards => cards.map(card => card.dataset.card)")))
        page.close()
    context.remove_listener("response", note_snapshot)
    assert snapshots and set(snapshots) == {200}
    fell_back = [note for note in notes if "snapshot" in note]
    assert not fell_back, fell_back
    assert dealt[0][0] != dealt[1][0] and dealt[0][1] != dealt[1][1], f"two pages dealt the same drill: {dealt}"


def test_nothing_left_the_machine(learner: tuple[BrowserContext, list[str]]) -> None:
    _, outside = learner
    assert outside == [], f"requests that would have left the machine: {outside}"


def test_the_site_holds_its_own_python(site_url: str) -> None:
    runtime = SITE / "static" / "pyodide"
    for name in ("pyodide.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert (runtime / name).is_file(), name
    assert any(Path(runtime).glob("hearts_lessons-*.whl"))
    # The kernel's memory is published with the site: nothing of the build machine in it.
    memory = gzip.decompress((runtime / "kernel.snapshot.gz").read_bytes())
    assert len(memory) > 10_000_000 and str(ROOT).encode() not in memory
    # Voici's build points every page at pyodide.js; the finished site at the snapshot's loader.
    settings = [SITE / "jupyter-lite.json", *SITE.rglob("*.html")]
    named = [re.findall(r'"pyodideUrl": *"([^"]*)"', page.read_text(encoding="utf-8")) for page in settings]
    urls = {url for found in named for url in found}
    assert urls and all(url.endswith("static/pyodide/kernel_boot.js") for url in urls), urls


def test_the_site_publishes_the_authors_reference_beside_the_lessons(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}docs/index.html", wait_until="domcontentloaded")
    title = page.get_by_role("heading", level=1, name=re.compile("reference for notebook authors"))
    expect(title.first).to_be_visible()
    page.get_by_role("link", name="Write your own lesson").first.click()
    expect(page.get_by_role("heading", level=1, name=re.compile("^Write your own lesson"))).to_be_visible()


def test_a_puzzle_is_answered_in_the_browser_and_its_rating_kept(page: Page, site_url: str) -> None:
    """The puzzles page under Pyodide: the shipped set loads, an answer is graded, and the
    rating it moved is in the browser's storage when the page is opened again."""
    solutions = {puzzle.id: str(puzzle.solution) for puzzle in load_puzzles()}
    open_page(page, site_url, "puzzles")
    board = page.locator(".hl-puzzles").first
    expect(board.locator(".hl-puzzle-hand .hl-card").first).to_be_visible(timeout=BOOT)
    first = board.get_attribute("data-puzzle") or ""
    board.locator(f'.hl-puzzle-hand .hl-card[data-card="{solutions[first]}"]').click()
    board.locator('[data-action="confirm"]').click()
    expect(board.locator('.hl-puzzle-message[data-kind="right"]')).to_be_visible(timeout=30_000)
    rating = board.locator(".hl-puzzle-rating").inner_text()
    assert re.search(r"\+\d", rating), rating  # the change is shown after a first-try solve
    screenshot(page, "site-puzzles")
    deadline = time.monotonic() + 30
    while True:  # the answer reaches the browser's storage, then a new visit moves on from it
        page.reload(wait_until="domcontentloaded")
        wait_until_live(page)
        again = page.locator(".hl-puzzles").first
        expect(again.locator(".hl-puzzle-hand .hl-card").first).to_be_visible(timeout=BOOT)
        if again.get_attribute("data-puzzle") != first:
            break
        assert time.monotonic() < deadline, "the answered puzzle came back on a new visit"
        time.sleep(1)
    expect(again.locator(".hl-puzzle-rating")).not_to_have_text(f"Rating {round(learner_start().rating):,}")


def test_the_analysis_board_opens_a_shared_position_in_the_browser(page: Page, site_url: str) -> None:
    """The board under Pyodide: a link's position, a refused card explained, the coach asked."""
    line = ANALYSIS_LINE
    view = read_position(line)
    refused = next(card for card in view.hand if card not in view.legal_plays())
    page.goto(f"{site_url}voici/render/analysis.html?position={quote(line)}", wait_until="domcontentloaded")
    wait_until_live(page)
    board = page.locator(".hl-analysis").first
    expect(page.locator('.hl-analysis[data-mode="analyse"]')).to_have_count(1, timeout=BOOT)
    expect(board.locator(".hl-analysis-hand .hl-card")).to_have_count(len(view.hand), timeout=30_000)
    board.locator(f'.hl-analysis-hand .hl-card[data-card="{refused}"]').click()
    expect(board.locator(".hl-analysis-message")).to_contain_text(view.explain(refused).message, timeout=30_000)
    board.locator('[data-action="coach"]').click()
    expect(board.locator(".hl-analysis-coach-card .hl-card")).to_have_attribute(
        "data-card", str(recommend(view).card), timeout=60_000)
    screenshot(page, "site-analysis")


@pytest.mark.parametrize(("language", "refused"), [
    ("ja", "出せません"),
    # The same path as Japanese (the page's folder names the kernel's language) with another catalogue.
    pytest.param("es", "No se puede jugar", marks=pytest.mark.thorough_only(
        reason="the Japanese page takes the same path under Pyodide; tests/test_translations.py checks that a "
               "kernel in lessons/es speaks Spanish and that every shipped catalogue loads")),
])
def test_a_translated_page_on_the_site_speaks_its_language(page: Page, site_url: str, language: str,
                                                           refused: str) -> None:
    """One site, every language: a page in ja/ or es/ runs in a kernel that speaks its folder's language."""
    open_page(page, site_url, f"{language}/03-practice", first_views=language == "ja")
    expect(page.locator("html")).to_have_attribute("lang", language)
    widget = page.locator(".hl-practice").first
    widget.locator('.hl-hand .hl-card[data-card="♠Q"]').click()
    message = widget.locator(".hl-message.is-illegal")
    expect(message).to_contain_text(refused, timeout=30_000)
    assert "you must play" not in message.inner_text()
    screenshot(page, f"site-{language}-03-practice")


def pages_with_first_views() -> list[str]:
    rendered = SITE / "voici" / "render"
    return sorted(page.relative_to(rendered).with_suffix("").as_posix() for page in rendered.rglob("*.html")
                  if "hl-first-view" in page.read_text(encoding="utf-8"))


def test_every_lesson_page_of_the_site_has_its_first_views(site_url: str) -> None:
    names = pages_with_first_views()
    english = [name for name in names if "/" not in name]
    # Every lesson (the match's for newcomers only, below); not the puzzles the learner's rating
    # brings, or the index's marks (tests/test_first_views.py).
    lessons = [lesson.key for lesson in LESSONS if lesson.key[:2].isdigit()]
    assert set(english) == set(lessons), names
    assert "ja/03-practice" in names and "es/08-moon" in names


HANDED_OVER_ELSEWHERE = "the Voilà lessons walk sees every lesson's same first views hand over"


# Each page boots Python in the browser, ten seconds or more: a page of each kind of widget (the
# exercises, a trick scene, practice, passing, the record viewer, a puzzle board) and a translation.
# Practice (lesson 3), passing (lesson 4) and the translation (Japanese lesson 3) are seen as the
# tests above open them, and the record viewer here. The trick scene and the puzzle board hand over
# as every widget does, through the page's one script; the Voilà lessons walk
# (tests/browser/test_lessons_browser.py) compares every lesson with the same views
# (tests/test_first_views.py holds the two to one drawing), so they are seen here in the long run.
@pytest.mark.parametrize("name", [
    pytest.param("02-tricks", marks=pytest.mark.thorough_only(reason=HANDED_OVER_ELSEWHERE)),
    "10-check-a-game",
    pytest.param("13-leading-and-ducking", marks=pytest.mark.thorough_only(reason=HANDED_OVER_ELSEWHERE)),
])
def test_each_first_view_shows_the_live_widgets_first_cards_in_their_places(
    learner: tuple[BrowserContext, list[str]], site_url: str, name: str,
) -> None:
    """Before Python runs, a lesson page shows its widgets as drawn at build time (tools/first_views.py):
    inert, unheard, and the same cards in the same places as the live widgets then draw, so nothing moves."""
    context, _ = learner
    page = context.new_page()
    problems = watch_console(page, SITE_UPSTREAM_WARNINGS)
    page.goto(f"{site_url}voici/render/{name}.html", wait_until="domcontentloaded")
    first_views_hand_over(page, name)
    page.close()
    assert not problems, f"problems in the browser console: {problems}"


def test_lesson_9_shows_a_newcomer_the_first_deal_at_once_and_a_returning_learner_never(
    browser: Browser, site_url: str,
) -> None:
    """The match's first view is a newcomer's first deal (widgets/match/flow.py, FIRST_MATCH_SEED): the
    newcomer passes and plays a card, and then the browser, which has seen the learner play, opens the
    page on the saved match, without the first deal for a frame."""
    outside: list[str] = []
    context = gated_context(browser, site_url, outside)  # a first visit: nothing in the browser's storage
    page = context.new_page()
    problems = watch_console(page, SITE_UPSTREAM_WARNINGS)
    url = f"{site_url}voici/render/09-guided-match.html"
    page.goto(url, wait_until="domcontentloaded")
    first = page.evaluate(CARDS_IN_PLACE)
    assert sum(cell["first"] for cell in first.values()) == 1
    assert page.locator('.hl-first-view[data-hl-for="newcomer"]').count() == 1
    wait_until_live(page)
    assert_live_matches_first("09-guided-match", first, page.evaluate(CARDS_IN_PLACE))
    expect(page.locator(MATCH)).to_have_attribute("data-screen", "passing")
    pass_three(page, timeout=60_000)
    assert page.evaluate("localStorage.getItem('hearts-lessons.match-opening')") == "returning"
    play_a_legal_card(page, timeout=60_000)  # and the match plays on in the browser
    page.goto(url, wait_until="domcontentloaded")
    # Hidden by the page's head before the first paint, then gone; the live page offers the saved match.
    assert page.evaluate("[...document.querySelectorAll('.hl-first-view')].filter((copy) =>"
                         " copy.getClientRects().length > 0).length") == 0
    wait_until_live(page)
    expect(page.locator(MATCH)).to_have_attribute("data-screen", "offer", timeout=BOOT)
    context.close()
    assert not problems, f"problems in the browser console: {problems}"
    assert not outside, outside
