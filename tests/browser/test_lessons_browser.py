"""The lessons as a learner meets them: served by Voilà exactly as ``./dev serve`` does.

Open the index, follow every lesson link, check each page renders its widgets without an
error, do one real interaction per lesson, and see the index mark the lessons answered.
Screenshots of every lesson at 1280x800 and 375x800 go to test-artifacts/screenshots.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import screenshot

LESSON_KEYS = [
    "01-aim-and-cards", "02-tricks", "03-practice", "04-passing", "05-first-trick",
    "06-breaking-hearts", "07-scoring", "08-moon", "09-guided-match", "10-check-a-game",
]


def open_lesson(page: Page, base: str, key: str) -> None:
    page.goto(f"{base}voila/render/{key}.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector(".hl-root", timeout=60_000)
    body = page.inner_text("body")
    assert "Traceback" not in body and "There was an error when executing" not in body
    for box in page.locator(".hl-error").all():
        assert box.inner_text().strip() == "", box.inner_text()


def quiz(answer: str) -> Callable[[Page], None]:
    def act(page: Page) -> None:
        page.locator(f'.hl-quiz [data-action="choice-{answer}"]').click()
        expect(page.locator(".hl-quiz .hl-message.is-legal")).to_contain_text("Right!")
    return act


def tricks(page: Page) -> None:
    forward = page.locator('.hl-trick-scene [data-action="next"]')
    for _ in range(4):
        forward.click()
    expect(page.locator(".hl-trick-scene .hl-caption")).to_contain_text("CPU1 takes the trick with ♣K")


def practice(illegal: str, legal: str, why: str) -> Callable[[Page], None]:
    def act(page: Page) -> None:
        widget = page.locator(".hl-practice").first
        widget.locator(f'.hl-hand .hl-card[data-card="{illegal}"]').click()
        expect(widget.locator(".hl-message.is-illegal")).to_contain_text(why)
        widget.locator(f'.hl-hand .hl-card[data-card="{legal}"]').click()
        expect(widget.locator(".hl-message.is-legal")).to_be_visible()
    return act


def passing(page: Page) -> None:
    for card in ("♣A", "♦K", "♠Q"):
        page.locator(f'.hl-pass-picker .hl-hand .hl-card[data-card="{card}"]').click()
    page.locator('.hl-pass-picker [data-action="confirm"]').click()
    expect(page.locator(".hl-pass-picker .hl-card.is-received")).to_have_count(3)


def moon(page: Page) -> None:
    forward = page.locator('.hl-viewer [data-action="next"]')
    for _ in range(12):
        forward.click()
    expect(page.locator(".hl-viewer .hl-message")).to_contain_text("shot the moon")


def match(page: Page) -> None:
    root = page.locator(".hl-match")
    page.wait_for_selector('.hl-match[data-screen="offer"], .hl-match .hl-hand .hl-card', timeout=30_000)
    if root.get_attribute("data-screen") == "offer":  # a match from the other viewport's run
        root.locator('[data-action="new-match"]').click()
    cards = root.locator(".hl-hand .hl-card")
    for index in range(3):
        cards.nth(index).click()
    root.locator('[data-action="pass"]').click()
    legal = root.locator('.hl-hand .hl-card[data-legal="true"]')
    legal.first.wait_for(timeout=30_000)
    before = root.locator(".hl-hand .hl-card").count()
    legal.first.click()
    root.locator('[data-action="play"]').click()
    expect(root.locator(".hl-hand .hl-card")).to_have_count(before - 1, timeout=30_000)


def check_a_game(page: Page) -> None:
    page.locator(".hl-viewer .hl-problems button").first.click()
    expect(page.locator(".hl-viewer .hl-message.is-illegal")).to_contain_text("must_follow_suit")


INTERACTIONS: dict[str, Callable[[Page], None]] = {
    "01-aim-and-cards": quiz("15"),
    "02-tricks": tricks,
    "03-practice": practice("♠Q", "♣A", "you must play one of them"),
    "04-passing": passing,
    "05-first-trick": practice("♥3", "♦7", "No points may be given away on the first trick"),
    "06-breaking-hearts": practice("♥4", "♦7", "Hearts are not broken yet"),
    "07-scoring": quiz("16"),
    "08-moon": moon,
    "09-guided-match": match,
    "10-check-a-game": check_a_game,
}


def test_the_index_opens_first_and_links_every_lesson(page: Page, lesson_server: str) -> None:
    page.goto(lesson_server, wait_until="domcontentloaded")
    page.wait_for_selector(".hl-index .hl-lesson-link", timeout=60_000)
    assert re.search(r"/voila/render/index\.ipynb$", page.url)
    links = page.locator(".hl-index .hl-lesson-link")
    expect(links).to_have_count(len(LESSON_KEYS))
    hrefs = [links.nth(i).get_attribute("href") for i in range(len(LESSON_KEYS))]
    assert hrefs == [f"{key}.ipynb" for key in LESSON_KEYS]
    screenshot(page, "lesson-index")
    for number, key in enumerate(LESSON_KEYS):
        page.locator(".hl-index .hl-lesson-link").nth(number).click()
        page.wait_for_selector(".hl-root", timeout=60_000)
        assert page.url.endswith(f"/{key}.ipynb")
        assert "Traceback" not in page.inner_text("body")
        if number + 1 < len(LESSON_KEYS):
            expect(page.get_by_role("link", name=re.compile("Next lesson"))).to_have_attribute(
                "href", f"{LESSON_KEYS[number + 1]}.ipynb"
            )
        page.go_back()
        page.wait_for_selector(".hl-index .hl-lesson-link", timeout=60_000)
    assert not page.js_errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("key", LESSON_KEYS)
def test_each_lesson_renders_and_answers_one_interaction(page: Page, lesson_server: str, key: str) -> None:
    open_lesson(page, lesson_server, key)
    INTERACTIONS[key](page)
    screenshot(page, f"lesson-{key}")
    assert not page.js_errors  # type: ignore[attr-defined]
    assert not page.external_requests, f"needs the network: {page.external_requests}"  # type: ignore[attr-defined]


def test_answered_lessons_are_marked_on_the_index(page: Page, lesson_server: str) -> None:
    open_lesson(page, lesson_server, "07-scoring")
    quiz("16")(page)
    page.goto(f"{lesson_server}voila/render/index.ipynb", wait_until="domcontentloaded")
    done = page.locator('.hl-index li[data-lesson="07-scoring"].is-done')
    expect(done).to_be_visible(timeout=60_000)
    expect(done).to_contain_text("completed")
