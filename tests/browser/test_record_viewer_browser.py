"""Lesson 10's record viewer in Chromium: uploads above the size limit are refused before
they are sent, and a record that fits loads and is stepped through one frame at a time.

A 9 MB file used to go to the kernel whole: over Jupyter's websocket limit the page
silently reconnected and the learner saw nothing at all.

Each page is looked at in both widths (1280x800, 375x800) by a resize rather than served once
per width: a served page costs a kernel. The refused file and the one that fits go to one
page of lesson 10, one after the other, as a learner who tried a second file would.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import each_viewport, open_notebook, screenshot, wait_until_live
from widgets.records import MAX_UPLOAD_BYTES

VALID = Path(__file__).resolve().parents[1] / "data" / "valid_match.json"


def open_check_a_game(page: Page, base: str) -> list[int]:
    """Open lesson 10; returns the sizes of the websocket frames the page sends from then on."""
    sent: list[int] = []
    page.on("websocket", lambda socket: socket.on("framesent", lambda payload: sent.append(len(payload))))
    page.goto(f"{base}voila/render/10-check-a-game.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector('.hl-viewer [data-action="mark-0"]', timeout=60_000)
    wait_until_live(page)
    return sent


@pytest.mark.parametrize("page", ["desktop"], indirect=True)  # and 375x800, by a resize
def test_a_file_above_the_limit_is_refused_before_it_is_sent_and_one_that_fits_loads_and_steps(
    page: Page, lesson_server: str,
) -> None:
    sent = open_check_a_game(page, lesson_server)
    viewer = page.locator(".hl-viewer")
    status = viewer.locator(".hl-status").inner_text()
    huge = b'{"format": "hearts-record/1", "hands": [' + b" " * 9_000_000 + b"]}"
    assert len(huge) > MAX_UPLOAD_BYTES
    viewer.locator('input[data-action="upload"]').set_input_files(
        files=[{"name": "huge.json", "mimeType": "application/json", "buffer": huge}])
    for _ in each_viewport(page):
        expect(viewer.locator(".hl-error").first).to_have_text(
            "This record is 9.0 MB: records up to 2.0 MB can be checked here.")
    page.wait_for_timeout(500)
    assert max(sent, default=0) < 100_000, "the file went to the kernel"
    assert viewer.locator(".hl-status").inner_text() == status  # the sample stays on screen
    # The page is still connected: the kernel answers the next step.
    viewer.locator('[data-action="next"]').click()
    for _ in each_viewport(page):
        expect(viewer.locator(".hl-where")).to_contain_text("step 2 of")

    # A record that fits loads and steps one frame at a time.
    viewer.locator('input[data-action="upload"]').set_input_files(str(VALID))
    hands = len(json.loads(VALID.read_text())["hands"])
    for _ in each_viewport(page):
        expect(viewer.locator(".hl-status")).to_contain_text(f"{hands} hands checked: every action is legal.")
        expect(viewer.locator(".hl-status")).to_contain_text("uploaded: valid_match.json")
        expect(viewer.locator(".hl-where")).to_contain_text("step 1 of")
    first = viewer.locator(".hl-frame-caption").inner_text()
    viewer.locator('[data-action="next"]').click()
    for _ in each_viewport(page):
        expect(viewer.locator(".hl-where")).to_contain_text("step 2 of")
        assert viewer.locator(".hl-frame-caption").inner_text() != first
        assert viewer.locator(".hl-error").first.inner_text() == ""
    assert not page.js_errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("page", ["desktop"], indirect=True)  # and 375x800, by a resize
def test_the_finished_match_chooser_fits_a_phone(page: Page, widget_server: str) -> None:
    """With finished matches to choose from, lesson 10's viewer stays inside the screen (it was 578 px wide)."""
    open_notebook(page, widget_server, "record_viewer_history.ipynb", ".hl-viewer .hl-past select")
    chooser = page.locator(".hl-viewer .hl-past select")
    for _ in each_viewport(page):
        expect(chooser.locator("option")).to_have_count(2)
        assert "you" in chooser.locator("option").first.inner_text()
        width = page.viewport_size["width"] if page.viewport_size else 0
        overflow = page.evaluate("""() => [...document.querySelectorAll('.hl-viewer, .hl-viewer *')]
            .filter((el) => el.getClientRects().length && el.getBoundingClientRect().right > window.innerWidth + 0.5)
            .map((el) => el.className || el.tagName)""")
        assert overflow == [], f"wider than the {width} px screen: {overflow}"
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        screenshot(page, "lesson-10-finished-matches")
    assert not page.js_errors  # type: ignore[attr-defined]
