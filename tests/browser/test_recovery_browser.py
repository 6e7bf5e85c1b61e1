"""A page whose widgets Voilà could not restore starts again once, then says so in words.

Voilà's front end now and then ends restoring a page's widgets without the models the page
names (voila-dashboards/voila#920); the hearts template's recover.html reloads such a page once.
The notebook ``missing_models.ipynb`` makes its kernel answer the front end's request for the
widgets' states with none, which is that failure as the front end meets it.
"""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect

from tests.browser.conftest import MISSING_MODEL, RECOVERY_NOTE
from tests.browser.pages import screenshot

pytestmark = pytest.mark.parametrize("page", ["desktop"], indirect=True)


def notes(page: Page) -> list[str]:
    """The page's console lines, as they come, with their kinds."""
    lines: list[str] = []
    page.on("console", lambda message: lines.append(f"{message.type}: {message.text}")
            if isinstance(message, ConsoleMessage) else None)
    return lines


def test_a_page_whose_widget_models_went_missing_reloads_once_and_comes_alive(page: Page, widget_server: str) -> None:
    lines = notes(page)
    page.goto(f"{widget_server}voila/render/missing_models.ipynb?fail=once&run={uuid.uuid4().hex}")
    # The live exercise, after one reload: its cards answer.
    card = page.locator('.hl-practice .hl-hand .hl-card[data-card="♣3"]')
    expect(card).to_be_visible(timeout=60_000)
    card.click()
    expect(page.locator(".hl-practice .hl-message.is-legal .hl-consequence")).to_have_text(
        "CPU2 takes the trick with ♣K and 1 point.")
    assert sum(line.startswith(f"info: {RECOVERY_NOTE}") for line in lines) == 1, lines
    assert any(line.startswith(f"error: {MISSING_MODEL}") for line in lines), lines  # the failure did happen
    assert page.get_by_role("alert").count() == 0
    assert not page.js_errors  # type: ignore[attr-defined]  # forgiven: the page recovered


def test_a_page_that_fails_again_says_so_instead_of_looping(page: Page, widget_server: str) -> None:
    lines = notes(page)
    page.goto(f"{widget_server}voila/render/missing_models.ipynb?fail=always&run={uuid.uuid4().hex}")
    alert = page.get_by_role("alert")
    expect(alert).to_have_text("This part of the page did not start. Reload the page to try again.", timeout=60_000)
    screenshot(page, "recovery-failed-twice")
    # Said instead of reloading: the one reload came before this document, and none follows it.
    assert sum(line.startswith(f"info: {RECOVERY_NOTE}") for line in lines) == 1, lines
    # The second document's errors are not forgiven: they are this test's to expect.
    errors: list[str] = page.js_errors  # type: ignore[attr-defined]
    assert errors and all(MISSING_MODEL in error for error in errors), errors
    errors.clear()
