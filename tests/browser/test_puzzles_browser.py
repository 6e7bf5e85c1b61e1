"""The puzzles page as a learner meets it: from the index link, one puzzle right and one wrong, by taps.

Served by Voilà exactly as ``./dev serve`` does.  The page says which puzzle it shows in a
data attribute (``data-puzzle``), never in its text; the test looks the answer up in the
shipped set, as a learner who knew it would tap it.  At 1280x800 and 375x800 (one page, resized
to each width before each look: a served page costs a kernel; the taps are a phone's);
screenshots before answering, after the right answer and after the wrong one go to test-artifacts.
What a screen reader meets is checked where only a browser shows it: one short announcement of
the verdict (the reason shown, not announced), focus moved on from the spent Confirm and Next,
and "Your mistakes" a labelled group apart from its count.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

from hearts_core.coach import position_seed
from hearts_core.difference import PLAY_OUT_DEALS, showcase
from hearts_core.facts import Expected
from hearts_core.puzzles import Puzzle, load_puzzles
from hearts_learner.puzzle_progress import learner_start
from tests.browser.pages import each_viewport, screenshot
from tests.browser.test_lessons_browser import assert_words_not_identifiers
from widgets.puzzles.payloads import end_said

BOARD = ".hl-puzzles"
SETTLE = 30_000


def on_screen(page: Page) -> Puzzle:
    ident = page.locator(BOARD).get_attribute("data-puzzle") or ""
    return next(puzzle for puzzle in load_puzzles() if puzzle.id == ident)


def settled_puzzle(page: Page, timeout: float = SETTLE) -> Puzzle:
    """The puzzle on screen once the board has stopped changing.

    A preheated kernel draws a puzzle before the page opens; as the page opens the board
    re-reads the learner's progress and may bring a puzzle due for review instead (one an
    earlier test missed), so the first puzzle seen is not always the one to answer.
    """
    # The board says when Python has answered the page's opening: only then is its puzzle final.
    page.wait_for_selector(f'{BOARD}[data-opened="true"]', timeout=timeout)
    deadline = time.monotonic() + timeout / 1000
    seen = None
    while True:
        ident = page.locator(BOARD).get_attribute("data-puzzle") or ""
        hand = [card.get_attribute("data-card") for card in page.locator(f"{BOARD} .hl-hand .hl-card").all()]
        puzzle = next((puzzle for puzzle in load_puzzles() if puzzle.id == ident), None)
        if puzzle is not None and ident == seen and hand == [str(card) for card in puzzle.view().hand]:
            return puzzle
        assert time.monotonic() < deadline, f"the puzzle board kept changing (last {ident!r})"
        seen = ident
        page.wait_for_timeout(400)


def focused_action(page: Page) -> str:
    return str(page.evaluate("() => document.activeElement.dataset.action || document.activeElement.className"))


def answer(page: Page, card: str, kind: str) -> None:
    """Tap ``card``, see it chosen, press Confirm and wait for the verdict of ``kind``."""
    page.locator(f'{BOARD} .hl-hand .hl-card[data-card="{card}"]').click()
    expect(page.locator(f'{BOARD} .hl-hand .hl-card.is-selected[data-card="{card}"]')).to_be_visible()
    page.locator(f'{BOARD} [data-action="confirm"]').click()
    expect(page.locator(f'{BOARD} .hl-message[data-kind="{kind}"]')).to_be_visible(timeout=SETTLE)


@pytest.mark.parametrize("page", ["desktop"], indirect=True)  # and 375x800, by a resize
def test_a_puzzle_right_and_one_wrong_from_the_index(page: Page, lesson_server: str) -> None:
    page.goto(lesson_server, wait_until="domcontentloaded")
    link = page.locator('.hl-index .hl-lesson-link[href="puzzles.ipynb?lang=en"]')
    expect(link).to_have_text("Puzzles", timeout=60_000)
    link.click()
    page.wait_for_selector(f"{BOARD} .hl-hand .hl-card", timeout=60_000)
    assert page.url.endswith("/puzzles.ipynb?lang=en")
    assert "Traceback" not in page.inner_text("body")
    puzzle = settled_puzzle(page)
    view = puzzle.view()
    for _ in each_viewport(page):
        # Fits a phone: nothing wider than the screen.
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        hand = [card.get_attribute("data-card") for card in page.locator(f"{BOARD} .hl-hand .hl-card").all()]
        assert hand == [str(card) for card in view.hand]
        assert page.locator(f'{BOARD} .hl-message[data-kind="prompt"]').is_visible()
        assert_words_not_identifiers(page)
        screenshot(page, "puzzles-before")
    # "Your mistakes" names its count as a group, not one run-on line with it.
    expect(page.locator(f"{BOARD} .hl-puzzle-due")).to_match_aria_snapshot(
        '- group "Your mistakes":\n  - paragraph: /To review now:\\s\\d+/')
    # What a rating is, asked for under the rating.
    page.locator(f"{BOARD} .hl-puzzle-rating-help summary").click()
    # A new learner's start, whatever this learner's rating is by now (the trait test reads it off a new board).
    expect(page.locator(f"{BOARD} .hl-puzzle-rating-help .hl-help-answer")).to_contain_text(
        f"starts at {round(learner_start().rating):,} ")
    for _ in each_viewport(page):
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        screenshot(page, "puzzles-rating-help")

    # A card the rules refuse (when there is one) is explained and changes nothing.
    refused = [str(card) for card in view.hand if card not in view.legal_plays()]
    if refused:
        page.locator(f'{BOARD} .hl-hand .hl-card[data-card="{refused[0]}"]').click()
        for _ in each_viewport(page):
            expect(page.locator(f'{BOARD} .hl-message[data-kind="refused"]')).to_contain_text(
                view.explain(refused[0]).message)
            expect(page.locator(f"{BOARD} .hl-hand .hl-card.is-selected")).to_have_count(0)

    rating = page.locator(f"{BOARD} .hl-puzzle-rating")
    before = rating.inner_text()
    answer(page, str(puzzle.solution), "right")
    # One short announcement, the verdict alone; the reason is shown under it, in no live region;
    # focus leaves the spent Confirm for Next puzzle.
    announced = page.locator(f"{BOARD} .hl-announce")
    expect(announced).to_have_text(f"Right: {puzzle.solution}.")
    assert page.locator(f"{BOARD} [aria-live], {BOARD} [role=status]").evaluate_all(
        "(live) => live.filter((region) => region.matches('.hl-message, .hl-message *')).length") == 0
    # The announcer is the board's one voice besides a storage notice (a lesson's goal line is shown, not said).
    assert page.locator(f'{BOARD} [aria-live]:not([aria-live="off"]), {BOARD} [role=status], '
                        f'{BOARD} [role=alert]').evaluate_all(
        "(live) => live.filter((region) => !region.matches('.hl-announce, .hl-notice, .hl-error')).length") == 0
    assert focused_action(page) == "next"
    # The help on the figure is there when the answer quotes the points to end the hand with; a match puzzle's
    # (lesson 21's, which may come up here) quotes matches won instead.
    quotes_points = any(isinstance(fact, Expected) for fact in puzzle.check(puzzle.solution).facts)
    if quotes_points:
        page.locator(f"{BOARD} .hl-puzzle-points-help summary").click()
    for _ in each_viewport(page):
        expect(page.locator(f"{BOARD} .hl-puzzle-verdict")).to_have_text(f"Right: {puzzle.solution}.")
        if quotes_points:
            expect(page.locator(f"{BOARD} .hl-puzzle-points-help .hl-help-answer")).to_be_visible()
        else:
            expect(page.locator(f"{BOARD} .hl-puzzle-points-help")).to_have_count(0)
        expect(rating).to_have_text(re.compile(r"^Rating [\d,]+ \(\+\d+\)$"))
        assert rating.inner_text() != before
        expect(page.locator(f"{BOARD} .hl-puzzle-streak")).to_contain_text("in a row")
        assert_words_not_identifiers(page)
        screenshot(page, "puzzles-right")

    page.locator(f'{BOARD} [data-action="next"]').click()
    expect(page.locator(f'{BOARD}[data-answered="false"]')).to_have_count(1, timeout=SETTLE)
    expect(page.locator(f"{BOARD} .hl-puzzle-title")).to_be_focused()  # not the spent Next
    second = on_screen(page)
    assert second.id != puzzle.id
    wrong = next(str(card) for card in second.view().legal_plays() if card is not second.solution)
    answer(page, wrong, "wrong")
    for _ in each_viewport(page):
        expect(page.locator(f"{BOARD} .hl-puzzle-verdict")).to_have_text(
            f"Not this time: {second.solution} was the card.")
        expect(announced).to_have_text(f"Not this time: {second.solution} was the card.")
        expect(rating).to_have_text(re.compile(r"^Rating [\d,]+ \(−\d+\)$"))
        expect(page.locator(f"{BOARD} .hl-puzzle-streak")).to_have_text("No first-try solves in a row yet")
        assert_words_not_identifiers(page)
        screenshot(page, "puzzles-wrong")
    assert not page.js_errors  # type: ignore[attr-defined]
    assert not page.external_requests, f"needs the network: {page.external_requests}"  # type: ignore[attr-defined]


@pytest.mark.parametrize("page", ["desktop"], indirect=True)  # and 375x800, by a resize
def test_show_me_steps_to_where_the_lines_part_by_keyboard(page: Page, lesson_server: str) -> None:
    # After a wrong answer, "Show me" opens one deal played out for the learner's card and the better
    # one; the keyboard steps to the trick where they part, whose words say so, and Close returns focus.
    page.goto(f"{lesson_server}voila/render/puzzles.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector(f"{BOARD} .hl-hand .hl-card", timeout=60_000)
    puzzle = settled_puzzle(page)
    view = puzzle.view()
    wrong = next(card for card in view.legal_plays() if card is not puzzle.solution)
    # A match puzzle's deal is one the two cards end the match differently in (its totals given).
    layout = showcase(view, puzzle.solution, wrong, deals=PLAY_OUT_DEALS, seed=position_seed(view),
                      totals=view.match_totals)
    show = page.locator(f'{BOARD} [data-action="show"]')
    expect(show).to_be_hidden()  # nothing to show before the answer
    answer(page, str(wrong), "wrong")
    expect(show).to_have_accessible_name(f"Show me one deal played out with {wrong} and with {puzzle.solution}")
    expect(show).to_have_attribute("aria-expanded", "false")
    show.focus()
    page.keyboard.press("Enter")
    panel = page.locator(f"{BOARD} .hl-puzzle-showcase")
    expect(panel.locator(".hl-puzzle-show-heading")).to_be_focused(timeout=SETTLE)
    expect(show).to_have_attribute("aria-expanded", "true")
    expect(panel).to_contain_text("This is one way the hidden cards could lie: one deal of the 100 played out")
    first = layout.best.tricks[0].number
    target = layout.parting if layout.parting is not None else first
    # By keyboard to the last trick, then back to where the lines part.
    for action, presses in (("show-forward", 13 - first), ("show-back", 13 - target)):
        for _ in range(presses):
            panel.locator(f'[data-action="{action}"]').focus()
            page.keyboard.press("Enter")
        if action == "show-forward":
            expect(panel.locator(".hl-puzzle-show-step")).to_have_text("Trick 13 of 13")
            expect(panel.locator('[data-action="show-forward"]')).to_have_attribute("aria-disabled", "true")
    expect(panel.locator(".hl-puzzle-show-step")).to_have_text(f"Trick {target} of 13")
    # Each step is said once by the board's one voice: the trick's number, then what the page shows.
    expect(page.locator(f"{BOARD} .hl-announce")).to_contain_text(f"Trick {target} of 13")
    if layout.parting is not None:
        expect(panel.locator('.hl-puzzle-show-stepbox[data-parting="true"]')).to_be_visible()
        expect(panel.locator(".hl-puzzle-show-marker")).to_contain_text("Here the lines part:")
    else:
        expect(panel.locator(".hl-puzzle-show-never")).to_contain_text("never costs you more")
    ends: list[str | re.Pattern[str]] = [end_said(wrong, layout.other.scores[0]),
                                         end_said(puzzle.solution, layout.best.scores[0])]
    if view.match_totals is not None:  # each line also ends the match (its words read by tests/meanings.py)
        ends = [ends[0], re.compile(rf"^After {wrong} the match ends at You \d+"),
                ends[1], re.compile(rf"^After {puzzle.solution} the match ends at You \d+")]
    expect(panel.locator(".hl-puzzle-show-ends li")).to_have_text(ends)
    for _ in each_viewport(page):
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        assert_words_not_identifiers(page)
        panel.scroll_into_view_if_needed()
        screenshot(page, "puzzles-show-me")
    panel.locator('[data-action="hide"]').focus()
    page.keyboard.press("Enter")
    expect(panel).to_be_hidden(timeout=SETTLE)
    expect(show).to_be_focused()
    assert not page.js_errors  # type: ignore[attr-defined]
