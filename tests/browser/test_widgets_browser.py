"""The widgets in real Chromium, served by a real Voilà: tap, read, pass, play, reload.

The page is opened once, at 1280x800, and looked at in both 1280x800 and 375x800 by resizing it
(``pages.each_viewport``): a served page costs a kernel.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser.pages import each_viewport, open_notebook, screenshot


@pytest.mark.parametrize("page", ["desktop"], indirect=True)  # and 375x800, by a resize
def test_tap_an_illegal_card_and_read_why(page: Page, widget_server: str) -> None:
    open_notebook(page, widget_server, "explainer.ipynb", ".hl-explainer .hl-card")
    queen = page.locator('.hl-hand .hl-card[data-card="♠Q"]')
    for _ in each_viewport(page):
        # Ask before telling: no card carries a verdict until it is tapped.
        assert page.locator(".hl-hand .hl-card[data-legal]").count() == 0
        # The accessible name starts with what the card shows (label in name).
        assert queen.get_attribute("aria-label") == "Q, queen of spades"
    queen.click()  # at 375x800
    message = page.locator(".hl-message.is-illegal")
    message.wait_for()
    for _ in each_viewport(page):
        assert "Clubs were led and you hold ♣3 and ♣A, so you must play one of them." in message.inner_text()
        assert "must_follow_suit" not in message.inner_text()  # words, not the reason code
        assert message.locator(".hl-glossary-link").get_attribute("href") == "glossary.ipynb#follow"
        assert queen.get_attribute("data-legal") == "false"
        assert page.locator(".hl-hand .hl-card[data-legal]").count() == 1
        screenshot(page, "card-explainer")
    assert not page.js_errors  # type: ignore[attr-defined]
