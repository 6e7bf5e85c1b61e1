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
from tests.browser.pages import voila_first_views_hand_over
from tests.browser.test_lessons_browser import FIRST_VIEWS
from widgets.lessons import LESSONS


def stored_pages() -> list[str]:
    return sorted(json.loads(VIEWS.read_text(encoding="utf-8"))["pages"])


@pytest.mark.parametrize(("name", "width"), [("ja/03-practice", 1280), ("es/08-moon", 375)],
                         ids=["ja-desktop", "es-phone"])
def test_a_translated_lesson_shows_its_own_languages_first_views_and_the_live_widgets_take_their_places(
    browser: Browser, lesson_server: str, name: str, width: int,
) -> None:
    # Every English lesson with first views is seen handing over in test_lessons_browser.py's walk,
    # at both widths for lessons 2, 4, 10 and 12; here a page in each translation, which must show
    # its own language's copy and no other.
    context = browser.new_context(viewport={"width": width, "height": 800})  # a first visit: nothing cached
    page = context.new_page()
    problems = watch_console(page, (UPSTREAM_VERSION_WARNING,))
    page.viewport_name = f"{width}-before-the-front-end"  # type: ignore[attr-defined]
    language = name.split("/", maxsplit=1)[0]
    voila_first_views_hand_over(page, f"{lesson_server}voila/render/{name}.ipynb", language,
                                shot=f"voila-first-view-{name.replace('/', '-')}")
    context.close()
    assert not problems, f"problems in the browser console: {problems}"


def test_every_lesson_but_the_match_has_first_views() -> None:
    pages = stored_pages()
    english = [name for name in pages if "/" not in name]
    lessons = [lesson.key for lesson in LESSONS if lesson.key[:2].isdigit()]
    # Every lesson but the dealt match (tests/test_first_views.py says why); the drills open on their warm-up.
    assert set(english) == set(lessons) - {"09-guided-match"} == FIRST_VIEWS, pages
    assert {name for name in pages if name.startswith(("ja/", "es/"))} == \
           {f"{code}/{name}" for code in ("ja", "es") for name in english}
