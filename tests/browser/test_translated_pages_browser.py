"""Every translated page in a real browser: Japanese speaks no English, Spanish fits a phone, axe on each lesson.

* Japanese, at 1280x800: the visible text and every accessible name, title, placeholder and
  option of each page (the lessons, the index, the glossary, the puzzles, the analysis board)
  holds no word of the English catalogues (``hearts.pot`` and ``lessons.pot``: what the
  course would say in English), apart from the few the translations keep on purpose
  (``tests.english.KEPT``: key names printed on a keyboard, the computer players' names).
  A lesson whose every widget has a first view is read whole without a browser in every run
  (tests/test_translated_text.py) and opened here in the long run (``--thorough``) only.
* Spanish, at 375x800, the longest of the three: no page scrolls sideways and no widget's
  box is wider than its content, so the longer labels wrap instead of spilling out (lesson 14
  stands for the strategy lessons built of the same boards).
* axe-core finds nothing serious or critical on one translated page per lesson: the Japanese
  page of the odd-numbered lessons, of lesson 16 and of the index pages, the Spanish page of
  the other even ones.
* A page in each translation shows its own language's first views as soon as it arrives, and
  the live widgets take their places (``pages.voila_first_views_hand_over``): Japanese lesson 3
  at 1280x800, Spanish lesson 8 at 375x800, as they are opened for the checks above (every
  English lesson is seen handing over on test_lessons_browser.py's walk).
* Lesson 2's Spanish trick speaks to the learner in their own verb form, read at 1280x800 on the
  page opened at 375x800 (a translated page has no preheated kernel: one page, resized).

The pages run in kernels that speak the page's folder's language (``lessons/ja``,
``lessons/es``), which is what a learner who picked the language gets from the index.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ROOT
from tests.browser.pages import (
    AXE,
    resize_to,
    screenshot,
    serious_violations,
    settled_widgets,
    voila_first_views_hand_over,
    wait_until_live,
)
from tests.browser.test_lessons_browser import LESSON_KEYS
from tests.english import english_in
from tests.test_translated_text import READ_WITHOUT_A_BROWSER

OTHER_PAGES = ["index", "glossary", "puzzles", "analysis"]
PAGES = [*LESSON_KEYS, *OTHER_PAGES]

WITHOUT_WIDGETS = {"glossary"}
"""Pages that are all markdown: ready once their heading is drawn."""

FIRST_VIEWS_SEEN = {"ja": "03-practice", "es": "08-moon"}
"""The page of each translation whose first views are seen handing over as it opens."""

def open_translated(page: Page, base: str, language: str, key: str) -> None:
    """Open ``key``'s page in ``language``'s folder and wait until every widget has drawn."""
    url = f"{base}voila/render/{language}/{key}.ipynb?lang={language}"
    if FIRST_VIEWS_SEEN[language] == key:  # only this language's copy shows, and nothing moves at the hand-over
        voila_first_views_hand_over(page, url, language, shot=f"voila-first-view-{language}-{key}")
    else:
        page.goto(url, wait_until="domcontentloaded")
    translated_page_ready(page, language, key)


def translated_page_ready(page: Page, language: str, key: str) -> None:
    """Wait until every widget of ``key``'s page in ``language``, just opened, has drawn."""
    if key in WITHOUT_WIDGETS:
        page.wait_for_selector("main h1", timeout=90_000)
    else:
        page.wait_for_selector(".hl-root", timeout=90_000)
        wait_until_live(page, timeout=90_000)
        settled_widgets(page)
    expect(page.locator("html")).to_have_attribute("lang", language)
    body = page.inner_text("body")
    assert "Traceback" not in body and "There was an error when executing" not in body


def everything_read(page: Page) -> str:
    """The page's visible text, then every name a screen reader speaks or a tooltip shows."""
    return page.evaluate(
        """() => {
          const said = [document.body.innerText];
          for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], [alt], option")) {
            for (const name of ["aria-label", "title", "placeholder", "alt"]) {
              if (el.hasAttribute(name)) said.push(el.getAttribute(name));
            }
            if (el.tagName === "OPTION") said.push(el.textContent);
          }
          for (const el of document.querySelectorAll("[aria-labelledby], [aria-describedby]")) {
            for (const name of ["aria-labelledby", "aria-describedby"]) {
              for (const id of (el.getAttribute(name) || "").split(/\\s+/)) {
                const target = id && document.getElementById(id);
                if (target) said.push(target.textContent);
              }
            }
          }
          return said.join("\\n");
        }"""
    )


SEEN_FROM_THE_PICKER = {"ja": "01-aim-and-cards", "es": "03-practice"}
"""The page of each language test_language_browser.py arrives at (a page in a translation has no preheated
kernel: a few seconds each): it makes this module's checks of that page there."""


def japanese_pages() -> list[object]:
    """Every Japanese page but the one the picker's test reads; those read whole without a browser
    (tests/test_translated_text.py) only in the long run, unless they are the page seen handing over."""
    def param(key: str) -> object:
        read_elsewhere = key in READ_WITHOUT_A_BROWSER and key != FIRST_VIEWS_SEEN["ja"]
        marks = [pytest.mark.thorough_only(reason="tests/test_translated_text.py reads its text and first views")
                 ] if read_elsewhere else []
        return pytest.param(key, marks=marks)
    return [param(key) for key in PAGES if key != SEEN_FROM_THE_PICKER["ja"]]


@pytest.mark.parametrize("page", ["desktop"], indirect=True)
@pytest.mark.parametrize("key", japanese_pages())
def test_a_japanese_page_says_nothing_in_english(page: Page, translation_server: str, key: str) -> None:
    open_translated(page, translation_server, "ja", key)
    japanese_page_says_nothing_in_english(page, key)


def japanese_page_says_nothing_in_english(page: Page, key: str) -> None:
    """The checks of Japanese page ``key``, open at 1280x800 with every widget drawn."""
    found = english_in(everything_read(page))
    assert not found, f"English on the Japanese page {key}: {found}"
    if key == "03-practice":  # and once the page has answered: a refusal, its badge, its link
        practice = page.locator(".hl-practice").first
        practice.locator('.hl-hand .hl-card[data-card="♠Q"]').click()
        expect(practice.locator(".hl-message.is-illegal")).to_be_visible(timeout=30_000)
        found = english_in(everything_read(page))
        assert not found, f"English on the Japanese page {key} after a tap: {found}"
    if key in OTHER_PAGES or int(key[:2]) % 2 or key in SAME_BOARDS:  # 16's Spanish page is not opened
        assert not serious_violations(page, AXE), key
    if key in {"03-practice", "09-guided-match"}:
        screenshot(page, f"ja-{key}")


SAME_BOARDS = {"13-leading-and-ducking", "15-discarding", "16-counting", "17-the-moon", "18-exits-and-guards",
               "19-the-cards-you-passed", "20-counting-the-hearts", "21-the-match-score"}
"""Strategy lessons made of the same two puzzle boards as lesson 14, which stands for them at phone
width in Spanish (their Japanese pages are all read for English words, at desktop width)."""


SAME_WIDGETS = {"01-aim-and-cards": "07-scoring", "05-first-trick": "02-tricks", "06-breaking-hearts": "02-tricks",
                "11-drills": "02-tricks"}
"""Lessons made only of kinds of widget a page opened at phone width in Spanish in every run also holds (lesson 7's
points quiz; lesson 2's quizzes of the cards you may play and its drill): in the long run they are opened too."""


def spanish_pages() -> list[object]:
    """Every Spanish lesson page but the one the picker's test reads and those another page stands for."""
    def param(key: str) -> object:
        stands_in = SAME_WIDGETS.get(key)
        return pytest.param(key, marks=[pytest.mark.thorough_only(
            reason=f"its kinds of widget fit a phone in Spanish on {stands_in}'s page")] if stands_in else [])
    return [param(key) for key in LESSON_KEYS if key not in SAME_BOARDS and key != SEEN_FROM_THE_PICKER["es"]]


@pytest.mark.parametrize("page", ["phone"], indirect=True)
@pytest.mark.parametrize("key", spanish_pages())
def test_a_spanish_page_fits_a_phone(page: Page, translation_server: str, key: str) -> None:
    open_translated(page, translation_server, "es", key)
    spanish_page_fits_a_phone(page, key)


def spanish_page_fits_a_phone(page: Page, key: str) -> None:
    """The checks of Spanish page ``key``, open at 375x800 with every widget drawn."""
    overflow = page.evaluate(
        """() => {
          const wide = [];
          if (document.documentElement.scrollWidth > window.innerWidth + 1) {
            wide.push(`the page is ${document.documentElement.scrollWidth}px wide`);
          }
          for (const root of document.querySelectorAll(".hl-root")) {
            for (const el of root.querySelectorAll("*")) {
              const box = el.getBoundingClientRect();
              if (box.width && box.right > window.innerWidth + 1 && getComputedStyle(el).position !== "fixed") {
                const name = `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`;
                wide.push(`${name} ends at ${Math.round(box.right)}px`);
              }
            }
          }
          return wide.slice(0, 5);
        }"""
    )
    assert not overflow, f"Spanish page {key} does not fit 375px: {overflow}"
    if int(key[:2]) % 2 == 0:
        assert not serious_violations(page, AXE), key
    if key in {"03-practice", "09-guided-match"}:
        screenshot(page, f"es-{key}")
    if key == "02-tricks":
        resize_to(page, "desktop")
        a_spanish_trick_speaks_to_the_learner_in_their_own_verb_form(page)


def test_every_translated_page_is_tested() -> None:
    for language in ("ja", "es"):
        notebooks = {path.stem for path in (ROOT / "lessons" / language).glob("*.ipynb")}
        assert notebooks == set(PAGES), (language, notebooks ^ set(PAGES))


def a_spanish_trick_speaks_to_the_learner_in_their_own_verb_form(page: Page) -> None:
    """Lesson 2's first trick is led by the learner: the words for a screen reader say "Saliste con…"
    (the learner's own pattern), never "Tú salió…" (another seat's, with "Tú" in it)."""
    scene = page.locator(".hl-trick-scene").first
    for _ in range(4):
        scene.locator('[data-action="next"]').click()
    expect(scene.locator(".hl-trick-table .hl-spoken")).to_contain_text("Saliste con")
    assert "Tú salió" not in scene.locator(".hl-trick-table .hl-spoken").inner_text()
