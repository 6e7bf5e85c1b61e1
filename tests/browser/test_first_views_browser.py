"""Under Voilà, a lesson shows its widgets' first views as soon as its page arrives (hearts_serving.first_views).

The same promise as on the static site (tests/browser/test_site_browser.py): the copies are
inert and unheard, only the page's language shows, and the live widgets then draw the same
cards in the same places, so nothing moves when they take over. Every English lesson is seen
handing over on test_lessons_browser.py's walk (at both widths for lessons 2, 4, 10, 11 and
12), a page of each translation on test_translated_pages_browser.py's (Japanese lesson 3 at
1280x800, Spanish lesson 8 at 375x800), as those tests open them; here the list of pages, and
lesson 9's first deal, which is a newcomer's only, on a server of its own.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from hearts_serving.first_views import VIEWS
from tests.browser.conftest import ROOT, UPSTREAM_VERSION_WARNING, start_voila, watch_console
from tests.browser.pages import MATCH, pass_three, screen, voila_first_views_hand_over, wait_until_live
from tests.browser.test_lessons_browser import FIRST_VIEWS
from widgets.lessons import LESSONS


def stored_pages() -> list[str]:
    return sorted(json.loads(VIEWS.read_text(encoding="utf-8"))["pages"])


def test_every_lesson_has_first_views_and_the_match_for_newcomers_only() -> None:
    stored = json.loads(VIEWS.read_text(encoding="utf-8"))["pages"]
    pages = sorted(stored)
    english = [name for name in pages if "/" not in name]
    lessons = [lesson.key for lesson in LESSONS if lesson.key[:2].isdigit()]
    # The drills open on their warm-up, the match on a newcomer's first deal (tests/test_first_views.py).
    assert set(english) == set(lessons) == FIRST_VIEWS | {"09-guided-match"}, pages
    assert {name for name in pages if name.startswith(("ja/", "es/"))} == \
           {f"{code}/{name}" for code in ("ja", "es") for name in english}
    assert {name for name, page in stored.items() if page.get("for")} == \
           {f"{code}{'09-guided-match'}" for code in ("", "ja/", "es/")}
    assert all(audience == "newcomer" for page in stored.values() for audience in page.get("for", {}).values())


# ---------------------------------------------------------------- lesson 9: a newcomer's first deal


@pytest.fixture(scope="module")
def newcomer_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The lessons served as ``./dev serve`` does, for a learner who has never played: a data folder of
    its own (the shared server's learner has played matches). No preheated kernels: one page at a time."""
    lessons = ROOT / "lessons"
    process, url = start_voila(lessons, tmp_path_factory.mktemp("newcomer-data"),
                               extra=["--VoilaConfiguration.preheat_kernel=False"],
                               env={"JUPYTER_PATH": str(lessons / "jupyter")})
    yield url
    process.terminate()
    process.wait(timeout=20)


OPENING_KEY = "hearts-lessons.match-opening"
SHOWN_COPIES = ("() => document.readyState !== 'loading' && [...document.querySelectorAll('.hl-first-view')]"
                ".filter((copy) => copy.getClientRects().length > 0).length")


def copies_shown_once_read(page: Page, url: str) -> int:
    """Open ``url`` and count the first views shown in the first frame after the page has been read."""
    page.goto(url, wait_until="commit")
    return int(page.wait_for_function(f"() => {{ const shown = ({SHOWN_COPIES})(); "
                                      "return shown === false ? false : String(shown); }",
                                      polling="raf", timeout=60_000).json_value())


def test_a_newcomer_sees_the_first_deal_at_once_and_a_returning_learner_never_does(
    browser: Browser, newcomer_server: str,
) -> None:
    url = f"{newcomer_server}voila/render/09-guided-match.ipynb"
    # A browser that was told this learner is returning hides the newcomer's view before the first
    # paint, even though the server still has a newcomer's folder (another browser, say); the live
    # widget then says the truth, and the browser forgets what it was told.
    told = browser.new_context(viewport={"width": 1280, "height": 800})
    told.add_init_script(f"localStorage.setItem({OPENING_KEY!r}, 'returning')")
    page = told.new_page()
    problems = watch_console(page, (UPSTREAM_VERSION_WARNING,))
    assert copies_shown_once_read(page, url) == 0
    assert page.locator(".hl-first-view").count() == 0  # hidden, then gone: one copy for a screen reader
    wait_until_live(page)
    expect(page.locator(MATCH)).to_have_attribute("data-screen", "passing")
    page.wait_for_function(f"() => localStorage.getItem({OPENING_KEY!r}) === null")
    told.close()

    # A newcomer: the first deal shows at once and the live match takes its place without a card moving,
    # on a phone as on a wide screen, though the view was drawn on a wide page (the score sheet, open
    # there and closed on a phone until the learner toggles it, follows the width in both copies).
    for width, name, sheet_open in ((375, "phone", False), (1280, "desktop", True)):
        context = browser.new_context(viewport={"width": width, "height": 800})
        page = context.new_page()
        problems += watch_console(page, (UPSTREAM_VERSION_WARNING,))
        page.viewport_name = name  # type: ignore[attr-defined]
        voila_first_views_hand_over(page, url, shot="voila-first-view-09-guided-match")
        assert screen(page) == "passing"
        toggle, sheet = page.locator(f'{MATCH} [data-action="score-sheet"]'), page.locator(f"{MATCH} .hl-sheet")
        for shown in (sheet_open, not sheet_open):
            expect(toggle).to_have_attribute("aria-pressed", str(shown).lower())
            if shown:
                expect(sheet).to_be_visible()
            else:
                expect(sheet).to_be_hidden()
            toggle.click()
        if name == "phone":
            context.close()
    assert page.evaluate(f"localStorage.getItem({OPENING_KEY!r})") is None
    # Once the learner has passed, the page opens on the saved match: no newcomer's deal, not even for a frame.
    pass_three(page)
    assert page.evaluate(f"localStorage.getItem({OPENING_KEY!r})") == "returning"
    page.goto("about:blank")
    assert copies_shown_once_read(page, url) == 0
    wait_until_live(page)
    expect(page.locator(MATCH)).to_have_attribute("data-screen", "offer")
    context.close()
    assert not problems, f"problems in the browser console: {problems}"
