"""TrickScene, Practice, PassPicker and ScoreTable in real Chromium, served by a real Voilà.

Each widget's page is opened once, at 1280x800, and every state it reaches is looked at in both
1280x800 and 375x800 by resizing the page (``pages.each_viewport``): a served page costs a kernel.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import each_viewport, open_notebook, resize_to, screenshot

pytestmark = pytest.mark.parametrize("page", ["desktop"], indirect=True)  # and 375x800, by a resize


def assert_fits(page: Page, root: str) -> None:
    """The widget fits the window and nothing inside it sticks out (so nothing is clipped on a 375 px phone)."""
    overflow = page.evaluate(
        """(selector) => {
            const root = document.querySelector(selector);
            const edge = root.getBoundingClientRect().right;
            const inside = Math.max(...[...root.querySelectorAll("*")].map((el) => el.getBoundingClientRect().right));
            return Math.max(edge - window.innerWidth, inside - edge);
        }""",
        root,
    )
    assert overflow <= 0.5, f"{root} sticks out by {overflow}px"


def test_step_through_a_trick_and_read_who_takes_it(page: Page, widget_server: str) -> None:
    open_notebook(page, widget_server, "trick_scene.ipynb", ".hl-trick-scene .hl-next")
    back = page.locator('.hl-trick-scene [data-action="back"]')
    forward = page.locator('.hl-trick-scene [data-action="next"]')
    for _ in each_viewport(page):
        expect(back).to_be_disabled()
        assert forward.get_attribute("aria-label")
    for step in range(1, 5):  # the first two steps at 375x800, the last two at 1280x800
        if step == 3:
            resize_to(page, "desktop")
        forward.click()
        expect(page.locator(".hl-counter")).to_have_text(f"Card {step} of 4")
    for _ in each_viewport(page):
        expect(forward).to_be_disabled()
        expect(page.locator(".hl-led")).to_have_text("Led suit: ♣ clubs")
        ace = page.locator('.hl-trick-table .hl-card[data-card="♥A"]')
        expect(ace).to_have_attribute("aria-label", "A, ace of hearts")
        expect(page.locator(".hl-played.is-winner")).to_have_attribute("data-seat", "CPU1")
        caption = page.locator(".hl-caption")
        expect(caption).to_contain_text("not even an ace of another suit can win it")
        expect(caption).to_contain_text("CPU1 takes the trick with ♣K and 1 point (♥A), and leads the next trick.")
        assert_fits(page, ".hl-trick-scene")
        screenshot(page, "trick-scene")
    back.click()
    for _ in each_viewport(page):
        expect(page.locator(".hl-counter")).to_have_text("Card 3 of 4")
        expect(page.locator('.hl-trick-table .hl-card[data-card="♥A"]')).to_have_count(0)
    assert not page.js_errors  # type: ignore[attr-defined]


def test_answer_a_practice_question(page: Page, widget_server: str) -> None:
    open_notebook(page, widget_server, "practice.ipynb", ".hl-practice .hl-hand .hl-card")
    queen = page.locator('.hl-practice .hl-hand .hl-card[data-card="♠Q"]')
    for _ in each_viewport(page):
        expect(page.locator(".hl-question")).to_have_text(
            "CPU1, CPU2 and CPU3 have played. Which card would you play?")
        assert queen.get_attribute("aria-label") == "Q, queen of spades"
    queen.click()  # at 375x800
    illegal = page.locator(".hl-practice .hl-message.is-illegal")
    for _ in each_viewport(page):
        expect(illegal).to_contain_text("Clubs were led and you hold ♣3 and ♣A, so you must play one of them.")
        expect(page.locator(".hl-answered")).to_have_count(0)
    page.locator('.hl-practice .hl-hand .hl-card[data-card="♣3"]').click()
    for _ in each_viewport(page):
        expect(page.locator(".hl-practice .hl-message.is-legal .hl-consequence")).to_have_text(
            "CPU2 takes the trick with ♣K and 1 point."
        )
        expect(page.locator(".hl-practice .hl-played.is-winner")).to_have_attribute("data-seat", "CPU2")
        expect(page.locator(".hl-answered")).to_be_visible()
        expect(page.locator(".hl-tried .hl-tried-chip")).to_have_count(2)
        expect(page.locator('.hl-hand .hl-card[data-card="♠Q"]')).to_have_attribute("data-tried", "not-allowed")
        assert_fits(page, ".hl-practice")
        screenshot(page, "practice")
    assert not page.js_errors  # type: ignore[attr-defined]


def test_pass_three_cards_and_see_what_came_back(page: Page, widget_server: str) -> None:
    open_notebook(page, widget_server, "pass_picker.ipynb", ".hl-pass-picker .hl-hand .hl-card")
    confirm = page.locator('.hl-pass-picker [data-action="confirm"]')
    for _ in each_viewport(page):
        expect(page.locator(".hl-direction")).to_have_text("Pass left: to CPU1")
        expect(confirm).to_have_text("Pass 3 cards")
    for count, card in enumerate(("♣A", "♦K", "♠Q"), start=1):  # chosen at 375x800
        expect(confirm).to_be_disabled()
        page.locator(f'.hl-pass-picker .hl-hand .hl-card[data-card="{card}"]').click()
        expect(page.locator(".hl-pass-picker .hl-card.is-selected")).to_have_count(count)
    for _ in each_viewport(page):
        expect(page.locator('.hl-pass-picker .hl-card[data-card="♠Q"]')).to_have_attribute("aria-pressed", "true")
        expect(confirm).to_be_enabled()
        assert_fits(page, ".hl-pass-picker")
        screenshot(page, "pass-picker-chosen")
    confirm.click()
    received = page.locator(".hl-pass-picker .hl-hand .hl-card.is-received")
    for _ in each_viewport(page):
        expect(received).to_have_count(3)
        expect(page.locator(".hl-pass-picker .hl-hand .hl-card")).to_have_count(13)
        expect(page.locator('.hl-pass-picker .hl-hand .hl-card[data-card="♠Q"]')).to_have_count(0)
        assert "received from CPU3" in (received.first.get_attribute("aria-label") or "")
        expect(page.locator(".hl-pass-summary")).to_contain_text("You passed ♣A, ♦K and ♠Q to CPU1, and received")
        expect(page.locator(".hl-pass-summary")).to_contain_text("from CPU3")
        expect(confirm).to_be_hidden()
        assert_fits(page, ".hl-pass-picker")
        screenshot(page, "pass-picker")
    assert not page.js_errors  # type: ignore[attr-defined]


def test_score_table_shows_totals_and_the_ending(page: Page, widget_server: str) -> None:
    open_notebook(page, widget_server, "score_table.ipynb", ".hl-score-sheet .hl-score-row")
    rows = page.locator(".hl-score-sheet tbody tr")
    for _ in each_viewport(page):
        expect(rows).to_have_count(4)
        expect(page.locator(".hl-score-sheet thead th")).to_have_text(["Player", "Before", "This hand", "Total"])
        expect(page.locator(".hl-score-sheet .hl-total")).to_have_text(["27", "51", "45", "100"])
        expect(page.locator('.hl-score-row[data-seat="You"] .hl-this-hand')).to_have_text("+3")
        expect(page.locator(".hl-score-row.is-winner")).to_have_attribute("data-seat", "You")
        expect(page.locator(".hl-score-row.is-reached")).to_have_attribute("data-seat", "CPU3")
        expect(page.locator(".hl-ending")).to_have_text(
            "The match is over: You win with 27. Reaching 100 does not win.")
        expect(page.locator(".hl-moon-note")).to_be_hidden()
        assert_fits(page, ".hl-score-sheet")
        screenshot(page, "score-table")
    assert not page.js_errors  # type: ignore[attr-defined]
