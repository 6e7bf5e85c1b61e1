"""The widgets in real Chromium, served by a real Voilà: tap, read, pass, play, reload."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.browser.pages import open_notebook, screenshot


def test_tap_an_illegal_card_and_read_why(page: Page, widget_server: str) -> None:
    open_notebook(page, widget_server, "explainer.ipynb", ".hl-explainer .hl-card")
    queen = page.locator('.hl-hand .hl-card[data-card="♠Q"]')
    assert queen.get_attribute("data-legal") == "false"
    assert queen.get_attribute("aria-label") == "Q♠, queen of spades"
    assert queen.get_attribute("aria-describedby") == "hl-not-playable-now"
    assert page.locator('.hl-hand .hl-card[data-card="♣3"]').get_attribute("data-legal") == "true"
    queen.click()
    message = page.locator(".hl-message.is-illegal")
    message.wait_for()
    assert "Clubs were led and you hold ♣3 and ♣A, so you must play one of them." in message.inner_text()
    assert "must_follow_suit" in message.inner_text()
    screenshot(page, "card-explainer")
    assert not page.js_errors  # type: ignore[attr-defined]
