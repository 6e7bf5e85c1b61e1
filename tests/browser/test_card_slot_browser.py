"""An empty seat's label (``your card``) in every language, laid out by Chromium in the shared card styles.

The slot is a card's width: 42 px on a 375 px phone. 「あなたのカード」 broke anywhere there
(あなた / のカー / ド), and even at 1280 px (あなたのカー / ド). The label must keep to two
lines at most, break only between words, and stay inside its dashed box. No server: the
page is the shared stylesheet and the slots, with each language's label from its catalogue.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from hearts_core import wording
from tests.browser.pages import ROOT, VIEWPORTS, screenshot

# Where each label may break: between words (after a space; in Japanese, after の).
BREAKS = {"en": " ", "es": " ", "ja": "の"}
LINES = """(slot) => {
  const text = slot.firstChild, range = document.createRange(), lines = [];
  let line = "", top = null;
  for (let i = 0; i < text.length; i++) {
    range.setStart(text, i); range.setEnd(text, i + 1);
    const here = Math.round(range.getClientRects()[0].top);
    if (top !== null && Math.abs(here - top) > 3) { lines.push(line); line = ""; }
    line += text.data[i]; top = here;
  }
  lines.push(line);
  return { lines, inside: slot.scrollWidth <= slot.clientWidth + 1 };
}"""


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    wording.set_language("en")


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_an_empty_seats_label_breaks_only_between_words(browser: Browser, viewport: str) -> None:
    fonts = subprocess.run(["fc-list", ":lang=ja"], capture_output=True, text=True, check=False).stdout
    if not fonts.strip():
        pytest.fail("no Japanese font: run ./dev test, which installs one (fonts-ipafont-gothic)")
    labels = {}
    for code in wording.LANGUAGES:
        wording.set_language(code)
        labels[code] = wording.translate("your card")
    css = (ROOT / "hearts_core" / "static" / "cards.css").read_text(encoding="utf-8")
    slots = "".join(f'<div class="hl-played"><div class="hl-seat-empty" lang="{code}">{label}</div></div>'
                    for code, label in labels.items())
    width, height = VIEWPORTS[viewport]
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.set_content(f'<html><head><style>{css}</style></head><body><div class="hl-root">'
                         f'<div class="hl-table hl-seats-table">{slots}</div></div></body></html>')
        for code, slot in zip(labels, page.locator(".hl-seat-empty").all(), strict=True):
            laid = slot.evaluate(LINES)
            lines = laid["lines"]
            assert "".join(lines) == labels[code]
            assert len(lines) <= 2 and laid["inside"], (code, viewport, lines)
            assert all(line[-1] in BREAKS[code] for line in lines[:-1]), (code, viewport, lines)
        page.viewport_name = viewport  # type: ignore[attr-defined]
        screenshot(page, "card-slot")
    finally:
        context.close()
