"""Under Voilà, a lesson shows its widgets' first views as soon as its page arrives (hearts_serving.first_views).

The same promise as on the static site (tests/browser/test_site_browser.py): the copies are
inert and unheard, only the page's language shows, and the live widgets then draw the same
cards in the same places, so nothing moves when they take over.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser

from hearts_serving.first_views import VIEWS
from tests.browser.conftest import UPSTREAM_VERSION_WARNING, watch_console
from tests.browser.pages import CARDS_IN_PLACE, assert_live_matches_first, screenshot, wait_until_live
from widgets.lessons import LESSONS


def stored_pages() -> list[str]:
    return sorted(json.loads(VIEWS.read_text(encoding="utf-8"))["pages"])


@pytest.mark.parametrize("width", [1280, 375], ids=["desktop", "phone"])
def test_each_lesson_shows_its_first_views_at_once_and_the_live_widgets_take_their_places(
    browser: Browser, lesson_server: str, width: int,
) -> None:
    pages = stored_pages()
    english = [name for name in pages if "/" not in name]
    lessons = [lesson.key for lesson in LESSONS if lesson.key[:2].isdigit()]
    # Every lesson but the dealt match and drills (tests/test_first_views.py says why).
    assert set(english) == set(lessons) - {"09-guided-match", "11-drills"}, pages
    # The phone run takes a few pages: the desktop run walks them all.
    names = [*english, "ja/03-practice"] if width > 600 else ["02-tricks", "04-passing", "es/08-moon"]
    problems: list[str] = []
    for name in names:
        # A context per page: a first visit, the front end's scripts not yet cached.
        context = browser.new_context(viewport={"width": width, "height": 800})
        page = context.new_page()
        problems += watch_console(page, (UPSTREAM_VERSION_WARNING,))
        page.goto(f"{lesson_server}voila/render/{name}.ipynb", wait_until="commit")
        # The text and the first views show before Voilà's front end has run: no spinner.
        page.locator(".hl-first-view .hl-root:visible").first.wait_for(state="visible", timeout=60_000)
        first, copies, spinner = page.evaluate(f"""() => [({CARDS_IN_PLACE})(),
          [...document.querySelectorAll('.hl-first-view')].filter((copy) => copy.getClientRects().length > 0)
            .map((copy) => [copy.lang, copy.getAttribute('aria-hidden'), copy.inert]),
          document.getElementById('loading')?.getClientRects().length ?? 0]""")
        assert spinner == 0, name
        language = name.split("/")[0] if "/" in name else "en"
        assert len(copies) == sum(cell["first"] for cell in first.values()) > 0, name
        assert all(copy == [language, "true", True] for copy in copies), (name, copies)
        if name == names[0]:
            page.viewport_name = f"{width}-before-the-front-end"  # type: ignore[attr-defined]
            screenshot(page, f"voila-first-view-{name}")
        wait_until_live(page)
        live = page.evaluate(CARDS_IN_PLACE)
        assert_live_matches_first(name, first, live)
        context.close()
    assert not problems, f"problems in the browser console: {problems}"
