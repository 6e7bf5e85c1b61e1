"""Accessibility checks in real Chromium: axe-core, keyboard only, contrast, reduced motion.

axe-core comes from its npm package, installed by ``./dev test`` into ``.cache/node`` (as
Chromium is); each page gets ``axe.min.js`` injected and fails on any critical or serious
violation (``pages.serious_violations``). The lesson pages, unanswered and answered, are
scanned on test_lessons_browser.py's walk, which opens each of them anyway (a served page
costs a kernel); here the match, the puzzles page and what the keyboard alone can do.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from hearts_core.puzzles import load_puzzles
from tests.browser.conftest import FreshPages, watch_console
from tests.browser.pages import (
    MATCH,
    assert_page_accessible,
    cards_without_names,
    hand_cards,
    pass_three,
    play_out_the_hand,
    screen,
    serious_violations,
    settle,
    settled_widgets,
    step,
)
from tests.browser.test_lessons_browser import open_lesson


@pytest.fixture
def desktop(fresh_pages: FreshPages) -> Iterator[Page]:
    """One desktop page whose console problems fail the test (like the ``page`` fixture)."""
    page = fresh_pages.new_page(1280, 800)
    errors = watch_console(page)
    # The console does not name a failed resource: note which it was.
    page.on("response", lambda response: errors.append(f"HTTP {response.status} {response.url}")
            if response.status >= 400 else None)
    yield page
    fresh_pages.release()
    assert not errors, f"errors in the browser console: {errors}"


def test_axe_finds_nothing_serious_in_any_match_state(
    desktop: Page, widget_server: str, data_dir: Path, axe_script: Path,
) -> None:
    page = desktop
    (data_dir / "match.json").unlink(missing_ok=True)
    page.goto(f"{widget_server}voila/render/match.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector(f'{MATCH}[data-screen="passing"] .hl-hand .hl-card', timeout=60_000)
    problems = {"passing": serious_violations(page, axe_script)}
    page.locator('[data-action="options"]').click()
    page.locator(".hl-options, [data-option]").first.wait_for()
    problems["options"] = serious_violations(page, axe_script)
    page.locator('[data-action="options"]').click()
    pass_three(page)
    problems["playing"] = serious_violations(page, axe_script) + cards_without_names(page)
    # The table and the score chips speak: who played what, who plays next, the scores.
    assert "Your turn" in page.locator(".hl-compass > .hl-spoken").inner_text()
    expect(page.locator('.hl-chip[data-seat="0"] .hl-spoken')).to_have_text(
        re.compile(r"^You: \d+ in total, \d+ this hand"))
    play_out_the_hand(page)
    assert screen(page) == "hand_over"
    problems["hand over"] = serious_violations(page, axe_script)
    assert not {state: found for state, found in problems.items() if found}


def focused(page: Page) -> dict[str, str]:
    return dict(page.evaluate(
        """() => { const el = document.activeElement;
                   return { tag: el.tagName, card: el.dataset.card || "", action: el.dataset.action || "",
                            cls: el.className || "" }; }"""
    ))


def tab_until(page: Page, selector: str, limit: int = 60) -> int:
    """Press Tab until focus is on an element matching ``selector``; return how many presses it took."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate("(selector) => document.activeElement.matches(selector)", selector):
            return presses
    raise AssertionError(f"Tab never reached {selector}")


def test_lesson_3_by_keyboard_alone(desktop: Page, lesson_server: str) -> None:
    page = desktop
    open_lesson(page, lesson_server, "03-practice")
    settled_widgets(page)
    widgets = page.locator(".hl-practice")
    assert widgets.count() >= 1
    for index in range(widgets.count()):
        widget = widgets.nth(index)
        tab_until(page, "button.hl-card")
        assert widget.evaluate("(w) => w.contains(document.activeElement)"), "Tab reaches the next question's hand"
        # One Tab stop per row: the next Tab leaves the hand.
        hand = widget.locator(".hl-hand button.hl-card")
        assert [hand.nth(i).get_attribute("tabindex") for i in range(hand.count())].count("0") == 1
        for _ in range(hand.count()):
            card = focused(page)["card"]
            page.keyboard.press("Enter")
            expect(widget.locator(f'.hl-hand .hl-card[data-card="{card}"].is-tried')).to_have_count(1)
            assert focused(page)["card"] == card, "focus stays on the card just tried"
            # The answer or the refusal: either may arrive a message after the card is marked tried.
            refused = widget.locator(f'.hl-hand .hl-card[data-card="{card}"]')
            expect(widget.locator(".hl-answered").or_(
                widget.locator(f'.hl-hand .hl-card[data-card="{card}"][aria-describedby]'))).not_to_have_count(0)
            if widget.locator(".hl-answered").count():
                break
            assert refused.get_attribute("aria-describedby") == "hl-not-playable-now", "a refused card says so"
            page.keyboard.press("ArrowRight")
        expect(widget.locator(".hl-answered")).to_be_visible()
    page.keyboard.press("Tab")
    assert focused(page)["tag"] != "BODY"


def test_focus_lands_on_a_control_after_the_last_step(desktop: Page, lesson_server: str) -> None:
    page = desktop
    # Lesson 2: "Next card" on the last card is disabled; focus goes to Back, not the page.
    open_lesson(page, lesson_server, "02-tricks")
    scene = page.locator(".hl-trick-scene").first
    scene.locator('[data-action="next"]').focus()
    for _ in range(4):
        page.keyboard.press("Enter")
    expect(scene.locator(".hl-counter")).to_have_text("Card 4 of 4")
    assert focused(page)["action"] == "back"
    assert "takes the trick" in scene.locator(".hl-trick-table .hl-spoken").inner_text()

    # Lesson 4: after "Pass 3 cards" focus goes to the summary of the pass.
    open_lesson(page, lesson_server, "04-passing")
    picker = page.locator(".hl-pass-picker")
    picker.locator(".hl-hand button.hl-card").first.focus()
    for chosen in range(1, 4):
        page.keyboard.press("Enter")
        expect(picker.locator('.hl-hand .hl-card[aria-pressed="true"]')).to_have_count(chosen)
        page.keyboard.press("ArrowRight")
    expect(picker.locator('[data-action="confirm"]')).to_be_enabled()
    assert tab_until(page, '[data-action="confirm"]') == 1, "one Tab from the hand to Pass 3 cards"
    page.keyboard.press("Enter")
    expect(picker.locator(".hl-card.is-received")).to_have_count(3)
    assert "hl-pass-summary" in focused(page)["cls"]
    # The judgement follows the summary, and "Try another deal" is the next Tab stop.
    expect(picker.locator(".hl-pass-judgement .hl-pass-verdict")).not_to_be_empty()
    assert tab_until(page, '[data-action="another"]') == 1
    page.keyboard.press("Enter")
    expect(picker.locator(".hl-pass-judgement")).to_be_hidden()
    assert focused(page)["tag"] == "BUTTON" and "hl-card" in focused(page)["cls"], "focus lands on the new hand"

    # Lesson 8: "Next trick" at the end is disabled; focus goes to Previous trick.
    open_lesson(page, lesson_server, "08-moon")
    viewer = page.locator(".hl-viewer")
    viewer.locator('[data-action="next"]').focus()
    for _ in range(12):
        page.keyboard.press("Enter")
    expect(viewer.locator('[data-action="next"]')).to_be_disabled()
    assert focused(page)["action"] == "back"


def test_a_pass_and_a_trick_in_the_match_by_keyboard(desktop: Page, widget_server: str, data_dir: Path) -> None:
    page = desktop
    (data_dir / "match.json").unlink(missing_ok=True)
    page.goto(f"{widget_server}voila/render/match.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector(f'{MATCH}[data-screen="passing"] .hl-hand .hl-card', timeout=60_000)
    tab_until(page, ".hl-hand button.hl-card")
    chosen = []
    for count in range(1, 4):
        chosen.append(focused(page)["card"])
        page.keyboard.press("Enter")
        expect(page.locator('.hl-hand .hl-card[aria-pressed="true"]')).to_have_count(count)
        page.keyboard.press("ArrowRight")
    assert page.locator('.hl-hand .hl-card[aria-pressed="true"]').count() == 3
    assert tab_until(page, '[data-action="pass"]') == 1, "one Tab from the hand to Pass 3 cards"
    before = step(page)
    page.keyboard.press("Enter")
    settle(page, before)
    assert page.locator(MATCH).get_attribute("data-screen") == "playing"
    assert focused(page)["card"] in hand_cards(page), "after the pass, focus is in the new hand"
    assert not set(chosen) & set(hand_cards(page))

    # Play a trick: arrows to a playable card, Enter selects, Tab to Play, Enter plays
    # (Enter on the selected card itself would play it too; Escape puts it back).
    legal = page.locator('.hl-hand .hl-card[data-legal="true"]').first.get_attribute("data-card")
    page.keyboard.press("Home")
    while focused(page)["card"] != legal:
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.locator(f'.hl-hand .hl-card.is-selected[data-card="{legal}"]').wait_for()
    tab_until(page, f'{MATCH} [data-action="play"]')
    before = step(page)
    page.keyboard.press("Enter")
    settle(page, before)
    assert legal not in hand_cards(page)
    assert focused(page)["card"] in hand_cards(page), "after a play, focus stays in the hand"
    # One live region speaks (the message under the table): "Your turn" is heard once, not twice.
    live = page.locator(f'{MATCH} [aria-live]:not([aria-live="off"]), {MATCH} [role="status"], {MATCH} [role="alert"]')
    speaking = [text for text in live.all_inner_texts() if "turn" in text.lower()]
    assert len(speaking) == 1 and "Your turn" in speaking[0], live.all_inner_texts()

    # Back later: "New match" on the offer screen leaves focus in the new hand, not on the page.
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector(f'{MATCH}[data-screen="offer"]', timeout=60_000)
    tab_until(page, '[data-action="new-match"]')
    page.keyboard.press("Enter")
    page.wait_for_selector(f'{MATCH}[data-screen="passing"] .hl-hand .hl-card')
    expect(page.locator(f"{MATCH} .hl-hand .hl-card:focus")).to_have_count(1)


MOTION = """() => [...document.querySelectorAll(".hl-root, .hl-root *")].flatMap((el) => {
  const style = getComputedStyle(el);
  const moving = (value) => value.split(",").some((part) => parseFloat(part) > 0);
  return style.animationName !== "none" && moving(style.animationDuration) || moving(style.transitionDuration)
    ? [el.className + " " + style.animationName + " " + style.transitionDuration] : [];
})"""


def test_reduced_motion_stops_every_animation(fresh_pages: FreshPages, widget_server: str, data_dir: Path) -> None:
    (data_dir / "match.json").unlink(missing_ok=True)
    page = fresh_pages.new_page(1280, 800)
    page.goto(f"{widget_server}voila/render/match.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector(f'{MATCH}[data-screen="passing"] .hl-hand .hl-card', timeout=60_000)
    pass_three(page)
    page.wait_for_selector(f"{MATCH} .hl-slot.is-turn")
    # One page, the preference switched under it (the stylesheets follow it as they follow a width):
    # a page opened with each preference cost a kernel each for the same position.
    for motion in ("no-preference", "reduce"):
        page.emulate_media(reduced_motion=motion)
        moving = page.evaluate(MOTION)
        if motion == "reduce":
            assert moving == []
        else:  # the check can fail: without the preference the turn pulse and card transitions run
            assert any("hl-pulse" in item for item in moving) and any("hl-card" in item for item in moving)


CONTRAST = """() => {
  const rgb = (text) => (text.match(/[\\d.]+/g) || []).slice(0, 4).map(Number);
  const luminance = ([r, g, b]) => {
    const part = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * part(r) + 0.7152 * part(g) + 0.0722 * part(b);
  };
  const ratio = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const background = (el) => {  // the nearest opaque background colour, or the lightest stop of a gradient
    for (; el; el = el.parentElement) {
      const style = getComputedStyle(el);
      const stops = (style.backgroundImage.match(/rgba?\\([^)]*\\)/g) || []).map(rgb);
      if (stops.length) return stops.sort((p, q) => luminance(q) - luminance(p))[0];
      const colour = rgb(style.backgroundColor);
      if (colour.length === 3 || colour[3] === 1) return colour.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const worst = (selector, measure) => Math.min(...[...document.querySelectorAll(selector)].map(measure));
  const text = (el) => ratio(rgb(getComputedStyle(el).color), background(el));
  const edge = (el) => ratio(rgb(getComputedStyle(el).borderTopColor), background(el.parentElement));
  const opacity = (el) => {
    let o = 1;
    for (; el; el = el.parentElement) o *= Number(getComputedStyle(el).opacity);
    return o;
  };
  return {
    dimmedText: worst('.hl-card[data-legal="false"] .hl-rank', text),
    dimmedEdge: worst('.hl-card[data-legal="false"]', edge),
    dimmedOpacity: worst('.hl-card[data-legal="false"]', opacity),
    feltText: worst(".hl-table .hl-seat, .hl-table .hl-seat-empty, .hl-table .hl-pass-title", text),
  };
}"""


def test_dimmed_and_refused_cards_and_felt_text_are_readable(desktop: Page, lesson_server: str) -> None:
    page = desktop
    open_lesson(page, lesson_server, "03-practice")
    widget = page.locator(".hl-practice").first
    widget.locator('.hl-hand .hl-card[data-card="♠Q"]').click()  # refused: a tried card that may not be played
    expect(widget.locator(".hl-message.is-illegal")).to_be_visible()
    refused = page.evaluate(CONTRAST)
    open_lesson(page, lesson_server, "09-guided-match")
    page.wait_for_selector(f'{MATCH}[data-screen="passing"] .hl-hand .hl-card', timeout=60_000)
    pass_three(page)
    page.wait_for_selector('.hl-hand .hl-card[data-legal="false"]')
    dimmed = page.evaluate(CONTRAST)
    for figures in (refused, dimmed):
        assert figures["dimmedOpacity"] == 1, "dimmed by colour, not by transparency"
        assert figures["dimmedText"] >= 4.5 and figures["dimmedEdge"] >= 3 and figures["feltText"] >= 4.5, figures


def test_a_puzzle_by_keyboard_alone_and_axe_after_each_verdict(desktop: Page, lesson_server: str,
                                                               axe_script: Path) -> None:
    page = desktop
    open_lesson(page, lesson_server, "puzzles")
    # The page as it opens: the lessons walk (test_lessons_browser.py) scans the lesson pages the same way.
    assert_page_accessible(page, "puzzles")
    board = page.locator(".hl-puzzles")
    puzzle = next(item for item in load_puzzles() if item.id == board.get_attribute("data-puzzle"))
    view = puzzle.view()
    problems: dict[str, list[str]] = {}
    tab_until(page, ".hl-puzzles button.hl-card")
    # Arrow keys walk the hand to the answer; Enter chooses it; Tab reaches Confirm; Enter plays it.
    target = [str(card) for card in view.hand].index(str(puzzle.solution))
    for _ in range(target):
        page.keyboard.press("ArrowRight")
    assert focused(page)["card"] == str(puzzle.solution)
    page.keyboard.press("Enter")
    expect(board.locator(f'.hl-hand .hl-card.is-selected[data-card="{puzzle.solution}"]')).to_have_count(1)
    tab_until(page, '.hl-puzzles [data-action="confirm"]')
    page.keyboard.press("Enter")
    expect(board.locator('.hl-message[data-kind="right"]')).to_be_visible(timeout=30_000)
    assert focused(page)["action"] == "next"  # focus left the spent Confirm for Next puzzle
    problems["right"] = serious_violations(page, axe_script) + cards_without_names(page)
    page.keyboard.press("Enter")
    expect(board.locator('.hl-message[data-kind="prompt"]')).to_be_visible(timeout=30_000)
    second = next(item for item in load_puzzles() if item.id == board.get_attribute("data-puzzle"))
    refused = [str(card) for card in second.view().hand if card not in second.view().legal_plays()]
    if refused:
        board.locator(f'.hl-hand .hl-card[data-card="{refused[0]}"]').click()
        expect(board.locator('.hl-message[data-kind="refused"]')).to_be_visible()
        problems["refused"] = serious_violations(page, axe_script)
    wrong = next(str(card) for card in second.view().legal_plays() if card is not second.solution)
    board.locator(f'.hl-hand .hl-card[data-card="{wrong}"]').click()
    board.locator('[data-action="confirm"]').click()
    expect(board.locator('.hl-message[data-kind="wrong"]')).to_be_visible(timeout=30_000)
    problems["wrong"] = serious_violations(page, axe_script) + cards_without_names(page)
    assert not {state: found for state, found in problems.items() if found}
