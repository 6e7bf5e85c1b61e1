"""A tap survives the kernel's answer to the tap before it, in real Chromium, with no server.

"Tap every card you may play" and "tap three cards to pass" send one message per tap, and the
kernel answers each by setting the cards picked, which redraws the hand. A learner who taps two cards in quick
succession presses the second while the first's answer may arrive: if the redraw replaced
the card between mouse-down and mouse-up, the click would land on no card and the pick
would be lost without a word (a browser test of lesson 5 once lost ♦3 this way). The
widget's own module runs here on a stand-in model whose changes the test sends by hand,
exactly between the press and the release.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser

from widgets.exercises import LegalCardsQuiz
from widgets.pass_picker import PassPicker

_RENDER = """
async ([state]) => {
  const handlers = {};
  window.sent = [];
  window.model = {
    get: (name) => state[name],
    set: (name, value) => { state[name] = value; },
    save_changes() {}, off() {}, widget_manager: {},
    on: (event, handler) => { (handlers[event] ||= []).push(handler); },
    send: (message) => window.sent.push(message),
  };
  window.kernelSets = (name, value) => {
    state[name] = value;
    for (const handler of handlers["change:" + name] || []) handler();
  };
  const style = document.createElement("style");
  style.textContent = state._css;
  document.head.append(style);
  const el = document.createElement("div");
  document.body.append(el);
  const url = URL.createObjectURL(new Blob([state._esm], { type: "text/javascript" }));
  let definition = (await import(url)).default;
  if (typeof definition === "function") definition = await definition();
  await definition.render({ model: window.model, el });
}
"""


@pytest.mark.parametrize(("widget", "picks"), [
    (lambda: LegalCardsQuiz("first-trick-no-points"), "picked"),
    (lambda: PassPicker("pass-high-cards"), "selected"),
], ids=["legal-cards", "pass"])
def test_a_tap_pressed_while_the_last_taps_answer_redraws_the_hand_is_not_lost(
    browser: Browser, widget: Callable[[], Any], picks: str,
) -> None:
    state = json.loads(json.dumps(widget().get_state(), default=str))
    first, second = (card["text"] for card in state["hand"][:2])
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.set_content('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"></head><body></body></html>')
        page.evaluate(_RENDER, [state])
        tapped, pressed = (page.locator(f'.hl-hand .hl-card[data-card="{card}"]') for card in (first, second))
        tapped.click()
        box = pressed.bounding_box()
        assert box is not None
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.evaluate("([name, cards]) => kernelSets(name, cards)", [picks, [first]])  # the first tap's answer
        page.mouse.up()
        assert page.evaluate("window.sent") == [{"type": "toggle", "card": first}, {"type": "toggle", "card": second}]
        assert tapped.get_attribute("aria-pressed") == "true"
        assert pressed.get_attribute("aria-pressed") == "false"  # until the kernel says so
        page.evaluate("([name, cards]) => kernelSets(name, cards)", [picks, [first, second]])
        assert pressed.get_attribute("aria-pressed") == "true"
        assert "is-selected" in (pressed.get_attribute("class") or "")
        assert pressed.get_attribute("aria-label") == state["hand"][1]["name"]  # a number card: "7 of clubs"
    finally:
        page.close()
