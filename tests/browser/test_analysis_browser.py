"""The analysis board as a learner meets it: opened from a shared link, asked why, asked the coach, played on.

Served by Voilà exactly as ``./dev serve`` does, at 1280x800 and 375x800 (one page, resized to
each width before each look: a served page costs a kernel; the taps are a phone's).  The link carries
a position in the notation (``?position=``); the test checks the board shows it, that a
refused card is explained in the engine's words, that the coach names ``recommend``'s card,
that one card played on and Back return to the same position (and the same address), that
a bad link leaves the board empty with a sentence, and that axe-core finds nothing serious.
"""

from __future__ import annotations

import re
import urllib.parse
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from hearts_core import format_position
from hearts_core.coach import recommend
from tests.browser.pages import cards_without_names, each_viewport, screenshot, serious_violations
from tests.browser.test_lessons_browser import assert_words_not_identifiers
from tests.browser.test_puzzles_browser import answer, settled_puzzle
from tests.support import played_hand
from widgets.analysis import read_position

BOARD = ".hl-analysis"
SETTLE = 30_000


def position_in_address(page: Page) -> str:
    return urllib.parse.parse_qs(urllib.parse.urlsplit(page.url).query).get("position", [""])[0]


def past_the_screen(page: Page) -> list[str]:
    """The board's visible elements whose right edge is past the screen's, each as its class and overshoot."""
    return page.evaluate("""() => [...document.querySelectorAll('.hl-analysis *')]
      .filter((e) => e.getClientRects().length && !e.closest('.hl-visually-hidden'))
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((e) => `${e.className}: ${Math.round(e.getBoundingClientRect().right - window.innerWidth)} px`)""")


def position_field_shows_all(page: Page) -> bool:
    """Whether the position's field shows its whole line, nothing scrolled out of sight either way."""
    return page.evaluate("""() => { const field = document.querySelector('.hl-analysis-position');
      return field.value.length > 0 && field.scrollWidth <= field.clientWidth
        && field.scrollHeight <= field.clientHeight + 1; }""")


@pytest.mark.parametrize("page", ["desktop"], indirect=True)  # and 375x800, by a resize
def test_a_shared_position_why_the_coach_play_on_and_back(page: Page, lesson_server: str, axe_script: Path) -> None:
    # Three cards on the table, seen from seat 2's chair, with cards the rules refuse: shown from "your" chair.
    state = played_hand(plays=23)
    mover = state.to_move
    assert mover is not None
    line = format_position(state.view(mover))
    view = read_position(line)
    refused = [card for card in view.hand if card not in view.legal_plays()]
    assert refused, "the test position needs a card the rules refuse"
    page.goto(f"{lesson_server}voila/render/analysis.ipynb?position={urllib.parse.quote(line)}",
              wait_until="domcontentloaded")
    expect(page.locator(f'{BOARD}[data-mode="analyse"]')).to_have_count(1, timeout=60_000)
    expect(page.locator(BOARD)).not_to_have_class(re.compile(r"\bhl-opening\b"), timeout=SETTLE)
    expect(page.locator(f"{BOARD} .hl-analysis-message")).to_contain_text("Opened the position from the page's link",
                                                                         timeout=SETTLE)
    assert "Traceback" not in page.inner_text("body")
    hand = page.locator(f"{BOARD} .hl-analysis-hand .hl-card")
    for _ in each_viewport(page):
        assert [card.get_attribute("data-card") for card in hand.all()] == [str(card) for card in view.hand]
        assert position_in_address(page) == format_position(view)
        # Fits a phone: nothing wider than the screen.
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        assert position_field_shows_all(page)

    # Why? on a card the rules refuse: the engine's words, marked as not allowed.
    page.locator(f'{BOARD} .hl-analysis-hand .hl-card[data-card="{refused[0]}"]').click()
    message = page.locator(f"{BOARD} .hl-analysis-message")
    for _ in each_viewport(page):
        expect(message).to_have_attribute("data-kind", "not-allowed")
        expect(message).to_contain_text(view.explain(refused[0]).message)
        expect(message).to_have_attribute("aria-live", "polite")

    # The coach: recommend's card, its reason and one row per legal card.
    page.locator(f'{BOARD} [data-action="coach"]').click()
    advice = recommend(view)
    coach = page.locator(f"{BOARD} .hl-analysis-coach")
    for _ in each_viewport(page):
        expect(coach.locator(".hl-analysis-coach-card .hl-card")).to_have_attribute("data-card", str(advice.card),
                                                                                    timeout=SETTLE)
        expect(coach).to_contain_text(advice.reason)
        expect(coach.locator("tbody tr")).to_have_count(len(view.legal_plays()))
        expect(coach.locator(f'tr.is-best[data-row-card="{advice.card}"]')).to_have_count(1)
        assert_words_not_identifiers(page)
        screenshot(page, "analysis-coach")
        assert not serious_violations(page, axe_script) + cards_without_names(page)

    # Play on: one card for you, then Back to the position played on from, and the same address.
    page.locator(f'{BOARD} [data-action="play_on"]').click()
    for _ in each_viewport(page):
        expect(page.locator(f'{BOARD}[data-mode="play"]')).to_have_count(1, timeout=SETTLE)
        expect(page.locator(f"{BOARD} .hl-analysis-layout")).to_contain_text("one possible layout")
    legal = str(view.legal_plays()[0])
    page.locator(f'{BOARD} .hl-analysis-seat.is-you .hl-card[data-card="{legal}"]').click()
    for _ in each_viewport(page):
        expect(message).to_contain_text(f"You played {legal}.", timeout=SETTLE)
        expect(page.locator(f'{BOARD} .hl-analysis-seat.is-you .hl-card[data-card="{legal}"]')).to_have_count(0)
        page.wait_for_function("(line) => new URLSearchParams(location.search).get('position') !== line",
                               arg=format_position(view))
        screenshot(page, "analysis-play-on")
        assert not serious_violations(page, axe_script) + cards_without_names(page)
    page.locator(f'{BOARD} [data-action="back"]').click()
    for _ in each_viewport(page):
        expect(message).to_have_text("This is the position you started from.", timeout=SETTLE)
        expect(page.locator(f'{BOARD} .hl-analysis-seat.is-you .hl-card[data-card="{legal}"]')).to_have_count(1)
        page.wait_for_function("(line) => new URLSearchParams(location.search).get('position') === line",
                               arg=format_position(view))
        assert_words_not_identifiers(page)


@pytest.mark.parametrize("page", ["desktop"], indirect=True)  # the phone layout: the first test
def test_a_bad_link_leaves_the_board_empty_with_a_sentence(page: Page, lesson_server: str,
                                                             axe_script: Path) -> None:
    page.goto(f"{lesson_server}voila/render/analysis.ipynb?position={urllib.parse.quote('0 ♣2♣2 hold - 0:')}",
              wait_until="domcontentloaded")
    expect(page.locator(f'{BOARD}[data-mode="setup"]')).to_have_count(1, timeout=60_000)
    message = page.locator(f"{BOARD} .hl-analysis-message")
    expect(message).to_contain_text("cannot be read, so the board is empty", timeout=SETTLE)
    expect(message).to_contain_text("♣2 is written twice")
    expect(page.locator(f'{BOARD} .hl-analysis-deck .hl-card[data-place=""]')).to_have_count(52)
    assert_words_not_identifiers(page)
    screenshot(page, "analysis-bad-link")
    assert not serious_violations(page, axe_script) + cards_without_names(page)
    # The match record's field, opened, stays inside a phone's screen.
    page.locator(f"{BOARD} .hl-analysis-record summary").click()
    for _ in each_viewport(page):
        assert past_the_screen(page) == []


@pytest.mark.parametrize("page", ["desktop"], indirect=True)  # the phone layout: the first test
def test_an_answered_puzzle_opens_on_the_analysis_board(page: Page, lesson_server: str) -> None:
    page.goto(f"{lesson_server}voila/render/puzzles.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector(".hl-puzzles .hl-hand .hl-card", timeout=60_000)
    puzzle = settled_puzzle(page)
    link = page.locator(".hl-puzzles .hl-puzzle-analysis")
    expect(link).to_be_hidden()  # not before the answer: the board's coach would give it away
    answer(page, str(puzzle.solution), "right")
    expect(link).to_be_visible()
    link.click()
    # Until the board has answered the link it shows the notebook's own position (kept out of sight).
    expect(page.locator(f'{BOARD}[data-opened="true"][data-mode="analyse"]')).to_have_count(1, timeout=60_000)
    assert "/analysis.ipynb?position=" in page.url
    hand = page.locator(f"{BOARD} .hl-analysis-hand .hl-card")
    expect(hand).to_have_count(len(puzzle.view().hand), timeout=SETTLE)
    assert [card.get_attribute("data-card") for card in hand.all()] == [str(card) for card in puzzle.view().hand]
