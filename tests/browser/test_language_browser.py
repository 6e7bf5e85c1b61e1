"""The index's language picker in a real browser (desktop only: the picker is one <select>).

Picking a language re-renders the index in place (no reload: the page keeps its kernel), the
links lead into that language's folder, the choice survives a reload, and a page asked for
in another language with ``?lang=`` is replaced by that language's page. The test leaves the
shared data folder's choice on English, as the other browser tests expect.

The two translated pages it arrives at (Japanese lesson 1, Spanish lesson 3) are checked there as
test_translated_pages_browser.py checks every other (no English on the Japanese page; the
Spanish one fits a phone, the page resized to 375x800): a translated page has no preheated
kernel, and opening each again there cost a few seconds each.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import resize_to, screenshot
from tests.browser.test_translated_pages_browser import (
    SEEN_FROM_THE_PICKER,
    japanese_page_says_nothing_in_english,
    spanish_page_fits_a_phone,
    translated_page_ready,
)

INDEX = ".hl-index"


@pytest.mark.parametrize("page", ["desktop"], indirect=True)
def test_the_picker_switches_the_index_at_once_and_remembers_the_choice(page: Page, translation_server: str) -> None:
    page.goto(f"{translation_server}voila/render/index.ipynb", wait_until="domcontentloaded")
    picker = page.get_by_role("combobox", name="Language")
    expect(picker).to_be_visible(timeout=60_000)
    names = picker.locator("option").evaluate_all("options => options.map(o => [o.value, o.textContent, o.lang])")
    assert names == [["en", "English", "en"], ["ja", "日本語", "ja"], ["es", "Español", "es"]]
    first = page.locator(f"{INDEX} .hl-lesson-link").first
    try:
        marker = page.evaluate("() => (window.hlNoReload = 1)")  # gone if the page reloaded
        picker.select_option("ja")
        expect(first).to_have_attribute("href", "ja/01-aim-and-cards.ipynb?lang=ja", timeout=30_000)
        expect(page.locator("html")).to_have_attribute("lang", "ja")
        assert page.evaluate("() => window.hlNoReload") == marker
        expect(page.locator(f"{INDEX} .hl-next-step-link")).to_have_attribute("href", re.compile(r"^ja/.*\?lang=ja$"))
        screenshot(page, "index-picked-ja")

        page.reload(wait_until="domcontentloaded")  # remembered: the English page opens in Japanese
        expect(first).to_have_attribute("href", "ja/01-aim-and-cards.ipynb?lang=ja", timeout=60_000)
        expect(page.get_by_role("combobox", name=re.compile("."))).to_have_value("ja")

        first.click()  # into the Japanese folder, whose kernel speaks Japanese
        page.wait_for_selector(".hl-root", timeout=60_000)
        assert page.url.endswith(f"/voila/render/ja/{SEEN_FROM_THE_PICKER['ja']}.ipynb?lang=ja")
        expect(page.locator("html")).to_have_attribute("lang", "ja")
        translated_page_ready(page, "ja", SEEN_FROM_THE_PICKER["ja"])
        japanese_page_says_nothing_in_english(page, SEEN_FROM_THE_PICKER["ja"])

        page.goto(f"{translation_server}voila/render/{SEEN_FROM_THE_PICKER['es']}.ipynb?lang=es",
                  wait_until="domcontentloaded")
        page.wait_for_url(re.compile(rf"/voila/render/es/{SEEN_FROM_THE_PICKER['es']}\.ipynb\?lang=es$"),
                          timeout=30_000)
        page.wait_for_selector(".hl-root", timeout=60_000)
        expect(page.locator("html")).to_have_attribute("lang", "es")
        resize_to(page, "phone")
        translated_page_ready(page, "es", SEEN_FROM_THE_PICKER["es"])
        spanish_page_fits_a_phone(page, SEEN_FROM_THE_PICKER["es"])
        resize_to(page, "desktop")
    finally:
        page.goto(f"{translation_server}voila/render/index.ipynb?lang=en", wait_until="domcontentloaded")
        picker = page.get_by_role("combobox", name=re.compile("."))
        expect(picker).to_be_visible(timeout=60_000)
        picker.select_option("en")
        expect(first).to_have_attribute("href", "01-aim-and-cards.ipynb?lang=en", timeout=30_000)
