"""MatchWidget in real Chromium, served by Voilà: pass, play a whole hand by tapping, review it, resume after a reload.

Also: a second tap (or Escape) puts a selected card back, Enter on it plays it, keyboard
play returns focus to the hand, the table marks who led and who took the last trick (never
over a seat's label, and says so in its spoken text), the header, table, hand and Play fit a
laptop screen with the coach on or off (on a phone the coach comes after the hand), and a
finished match appears in the history (``match_short.ipynb``: a one-hand match).

The notebook fixes the seed, instant computers and no trick confirmation, so every run
plays the same deal.  Each test starts from an empty save (the served kernel reads
``$HEARTS_LESSONS_DATA``, the ``data_dir`` fixture), then saves as it goes, so the reload
at the end finds the match it left.

Each test opens its page once, at 1280x800, and looks at every state it reaches at 1280x800 and
at 375x800 by resizing the page (``pages.each_viewport``): a served page costs a kernel, and a
hand played once per width doubled the module's time for the same checks. The taps of the
whole hand alternate between the two widths.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import watch_console
from tests.browser.pages import (
    MATCH,
    SETTLE,
    each_viewport,
    hand_cards,
    open_notebook,
    pass_three,
    play_a_legal_card,
    play_out_the_hand,
    resize_to,
    screen,
    screenshot,
    serious_violations,
    settle,
    step,
)


def focused(page: Page) -> str:
    return str(page.evaluate("() => document.activeElement.dataset.card || document.activeElement.dataset.action"))


def guidance(page: Page, on: bool) -> None:
    """Switch the coach and the danger marks on or off through the Options panel."""
    page.locator('[data-action="options"]').click()
    for option in ("show_coach", "show_danger"):
        before = step(page)
        page.locator(f'input[data-option="{option}"]').set_checked(on)
        settle(page, before)
    page.locator('[data-action="options"]').click()


def play_by_keyboard(page: Page) -> None:
    """Arrow keys move along the hand, Enter selects, Escape puts back, Enter on the selected card
    plays it; focus comes back to the hand, on a card that may be played."""
    cards = hand_cards(page)
    page.locator(".hl-hand .hl-card").first.focus()
    page.keyboard.press("ArrowRight")
    assert focused(page) == cards[1]
    page.locator(".hl-hand .hl-card").last.focus()
    page.keyboard.press("Tab")
    assert focused(page) == "play"
    legal = page.locator('.hl-hand .hl-card[data-legal="true"]').first
    text = legal.get_attribute("data-card")
    legal.focus()
    selected = f'.hl-hand .hl-card.is-selected[data-card="{text}"]'
    page.keyboard.press("Enter")
    page.locator(selected).wait_for()
    assert focused(page) == text
    page.keyboard.press("Escape")  # Escape puts it back
    page.locator(selected).wait_for(state="detached")
    assert text in hand_cards(page) and "put back" in page.locator(".hl-message").inner_text()
    page.keyboard.press("Enter")
    page.locator(selected).wait_for()
    before = step(page)
    page.keyboard.press("Enter")  # Enter on the selected card plays it
    settle(page, before)
    assert text not in hand_cards(page)
    page.wait_for_function("() => document.activeElement.closest('.hl-hand') !== null")
    assert focused(page) in hand_cards(page)
    if screen(page) == "playing":
        assert page.evaluate("() => document.activeElement.dataset.legal") == "true"


def deselect_by_tapping(page: Page) -> None:
    """A second tap on the selected card puts it back: a double tap plays nothing."""
    legal = page.locator('.hl-hand .hl-card[data-legal="true"]').first
    text = legal.get_attribute("data-card")
    cards = hand_cards(page)
    legal.click()
    page.locator(f'.hl-hand .hl-card.is-selected[data-card="{text}"]').wait_for()
    page.locator(f'.hl-hand .hl-card[data-card="{text}"]').click()
    page.locator(".hl-hand .hl-card.is-selected").wait_for(state="detached")
    assert hand_cards(page) == cards and screen(page) == "playing"


def check_a_refusal_links_the_glossary(page: Page) -> None:
    """Tapping a card that may not be played says why and links the rule's glossary entry;
    the link goes once a card that may be played is chosen."""
    page.locator('.hl-hand .hl-card[data-legal="false"]').first.click()
    more = page.get_by_role("link", name="in the glossary")
    more.wait_for()  # a refusal changes the message, not the match: no new step to wait for
    screenshot(page, "match-refusal")
    assert "glossary.ipynb#" in (more.get_attribute("href") or "")
    assert "Read more" in more.inner_text() and page.locator(".hl-message.is-illegal").count() == 1
    page.locator('.hl-hand .hl-card[data-legal="true"]').first.click()
    page.locator(".hl-hand .hl-card.is-selected").wait_for()
    assert page.locator(".hl-glossary-link").is_hidden()
    page.keyboard.press("Escape")  # put it back: the loop chooses its own card
    page.locator(".hl-hand .hl-card.is-selected").wait_for(state="detached")


COVERED_LABELS = """() => {
  const table = document.querySelector(".hl-match .hl-table");
  const labels = [...table.querySelectorAll(".hl-seat")];
  const others = [...table.querySelectorAll(".hl-card, .hl-slot-empty, .hl-story p, .hl-seat")];
  const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  return labels.flatMap((label) => others
    .filter((other) => other !== label && meet(label.getBoundingClientRect(), other.getBoundingClientRect()))
    .map((other) => label.textContent + " covered by " + (other.dataset.card || other.textContent)));
}"""


# The cards of a finished trick shrink in place on its first drawing (is-gathering), which a
# later redraw may already have replaced: the class is put back for the measure.
MOVING_CARDS = """() => {
  const table = document.querySelector(".hl-match .hl-table");
  const had = table.classList.contains("is-gathering");
  table.classList.add("is-gathering");
  const moving = [...table.querySelectorAll(".hl-card")]
    .filter((card) => getComputedStyle(card).animationName !== "none").map((card) => card.dataset.card);
  if (!had) table.classList.remove("is-gathering");
  return moving;
}"""


def covered_labels(page: Page) -> list[str]:
    """Seat labels on the table that a card (or any other drawing) overlaps, once every animation is over.

    Under reduced motion (the final drawing at once) no card on the table may move either.
    """
    page.emulate_media(reduced_motion="reduce")
    try:
        assert page.evaluate(MOVING_CARDS) == []
        return list(page.evaluate(COVERED_LABELS))
    finally:
        page.emulate_media(reduced_motion="no-preference")


def check_the_story(page: Page) -> bool:
    """The table says who led (a mark on that seat) and whose turn it is; True once the taken banner was seen."""
    table = page.locator(".hl-table")
    story = page.locator(".hl-story").inner_text()
    if page.locator(".hl-table.is-taken").count():
        assert "took the trick" in page.locator(".hl-taken").inner_text()
        spoken = page.locator(".hl-compass > .hl-spoken").inner_text()
        assert " took the trick with " in spoken and "winning" not in spoken, spoken
        assert spoken.endswith("Your turn to lead."), spoken
        assert not covered_labels(page)
        if page.locator(".hl-table.is-gathering").count():  # the others shrink in place, unless motion is reduced
            moving = ("() => getComputedStyle(document.querySelector("
                      "'.hl-table.is-gathering .hl-slot:not(.is-winner) .hl-card')).animationName")
            assert page.evaluate(moving) == "hl-gather"
            page.emulate_media(reduced_motion="reduce")
            assert page.evaluate(moving) == "none"
            page.emulate_media(reduced_motion="no-preference")
        assert table.get_attribute("data-taker") in ("bottom", "left", "top", "right")
        assert page.locator(".hl-slot.is-winner").count() == 1
        return True
    if page.locator(".hl-led-mark").count():
        assert page.locator(".hl-led-mark").count() == 1
        assert page.locator(".hl-slot.is-leader .hl-led-mark").count() == 1
        assert " led " in story
    assert "Your turn" in story
    assert page.locator('.hl-slot.is-turn[data-seat="0"] .hl-turn-mark').count() == 1
    return False


@pytest.mark.parametrize("page", ["desktop"], indirect=True)  # and 375x800, by a resize
def test_pass_play_a_hand_and_resume(page: Page, widget_server: str, data_dir: Path) -> None:
    (data_dir / "match.json").unlink(missing_ok=True)  # a fresh match
    open_notebook(page, widget_server, "match.ipynb", f'{MATCH}[data-screen="passing"] .hl-hand .hl-card')
    header = page.locator(".hl-mhead")
    for _ in each_viewport(page):
        assert "Hand 1" in header.inner_text() and "Pass left" in header.inner_text()
        assert page.locator(".hl-chip").count() == 4

    # Passing: choose three cards (toggles), confirm, see the three received cards.
    chosen = hand_cards(page)[:3]
    for card in chosen:
        page.locator(f'.hl-hand .hl-card[data-card="{card}"]').click()
    page.locator(f'.hl-hand .hl-card[data-card="{chosen[2]}"][aria-pressed="true"]').wait_for()
    for _ in each_viewport(page):
        assert page.locator(".hl-count").inner_text() == "3 of 3 chosen"
        screenshot(page, "match-passing")
    before = step(page)
    page.locator('[data-action="pass"]').click()
    settle(page, before)
    for _ in each_viewport(page):
        assert screen(page) == "playing"
        assert page.locator(".hl-hand .hl-card.is-received").count() == 3
        assert not set(chosen) & set(hand_cards(page))

    # Play the whole hand: tap a legal card, press Play (once by keyboard); the computers answer instantly.
    # Each position is looked at in both widths; the plays go at one width and the other in turn.
    plays = 0
    taken_seen = False
    refusal_seen = False
    first_refused = 0
    while screen(page) == "playing":
        for _ in each_viewport(page):
            assert page.locator(MATCH).get_attribute("data-pending") == "learner"
            taken_seen = check_the_story(page) or taken_seen
            # The hand's one Tab stop is on a card that may be played, even when the first card may not.
            assert page.locator('.hl-hand .hl-card[tabindex="0"]').get_attribute("data-legal") == "true"
        first_refused += page.locator('.hl-hand .hl-card').first.get_attribute("data-legal") == "false"
        if not refusal_seen and page.locator('.hl-hand .hl-card[data-legal="false"]').count():
            refusal_seen = True
            for _ in each_viewport(page):  # a refusal changes the message only: seen in both widths
                check_a_refusal_links_the_glossary(page)
        if plays == 1:
            for _ in each_viewport(page):  # a double tap plays nothing: in both widths
                deselect_by_tapping(page)
        resize_to(page, "desktop" if plays % 2 else "phone")
        if plays == 2:
            play_by_keyboard(page)
            plays += 1
            continue
        if plays == 5:
            guidance(page, True)
            for _ in each_viewport(page):
                page.locator(".hl-coach .hl-advice").wait_for()
                assert page.locator(".hl-odds tbody tr").count() >= 1
                assert page.locator(".hl-coach .hl-pick .hl-card").count() == 1  # the card the coach would play
                screenshot(page, "match-coach")
            guidance(page, False)
        play_a_legal_card(page)
        plays += 1
        if plays == 7:
            for _ in each_viewport(page):
                screenshot(page, "match-playing")
    assert plays == 13
    assert refusal_seen  # the seeded deal has the learner unable to follow suit at least once
    assert taken_seen  # the learner led at least once after a trick: its taker was on the table
    assert first_refused  # at least once the first card could not be played: the Tab stop was elsewhere
    assert screen(page) == "hand_over"
    rows = page.locator(".hl-score .hl-score-table tbody tr")
    totals = [int(rows.nth(index).locator(".hl-total").inner_text()) for index in range(4)]
    for _ in each_viewport(page):
        assert rows.count() == 4
        assert [int(rows.nth(index).locator(".hl-total").inner_text()) for index in range(4)] == totals
        assert sum(totals) in (26, 78)  # 26 points a hand, or 3 x 26 after a moon shot
        chips = {chip.get_attribute("data-seat"): chip.locator(".hl-chip-score").inner_text()
                 for chip in page.locator(".hl-chip").all()}
        assert int(chips["0"].split(" / ")[0]) == totals[0]  # "total / this hand": the total has this hand in it
        screenshot(page, "match-score")

    # Review this hand: thirteen plays, stepped through by keyboard.
    page.locator('[data-action="review"]').click()
    page.locator(".hl-review .hl-review-step").first.wait_for()
    steps = page.locator(".hl-review-step")
    mistakes = page.locator('.hl-review-step[data-mistake="true"]').count()
    for _ in each_viewport(page):
        assert steps.count() == 13
        assert page.locator(".hl-review-title").inner_text() == "Review of hand 1"
        if mistakes:
            assert page.locator(".hl-review-detail.is-mistake .hl-better .hl-card").count() == 1
            assert page.locator(".hl-review-detail .hl-why").inner_text()
            entries = page.locator(".hl-review-entries .hl-review-entry").all_inner_texts()  # one line per mistake
            assert 1 <= len(entries) <= mistakes and all(re.match(r"Tricks? \d", text) for text in entries), entries
    page.locator('.hl-review-step[data-action="review-step-1"]').click()
    assert page.locator('.hl-review-step[aria-current="step"]').inner_text().startswith("1")
    page.locator('[data-action="review-next"]').focus()
    page.keyboard.press("Enter")
    for _ in each_viewport(page):
        assert page.locator('.hl-review-step[aria-current="step"]').get_attribute("data-action") == "review-step-2"
        assert page.locator(".hl-review-line").inner_text().startswith("Trick 2: you played ")
    if mistakes:  # the picture shows a costly play with its better card
        page.locator('.hl-review-step[data-mistake="true"]').first.click()
        assert "was better" in page.locator(".hl-review-line").inner_text()
    for _ in each_viewport(page):
        screenshot(page, "match-review")
    before = step(page)
    page.locator('[data-action="close-review"]').click()
    settle(page, before)
    sheet = page.locator(".hl-sheet")
    for _ in each_viewport(page):  # the score sheet shows by the width: open on a laptop, one tap away on a phone
        assert page.locator(".hl-review").count() == 0 and page.locator('[data-action="next-hand"]').count() == 1
        if sheet.is_hidden():
            page.locator('[data-action="score-sheet"]').click()
        assert [int(cell.inner_text()) for cell in sheet.locator(".hl-sheet-total .hl-total").all()] == totals

    # Next hand, then reload: the saved match is offered and resumes on the same cards.
    before = step(page)
    page.locator('[data-action="next-hand"]').click()
    settle(page, before)
    for _ in each_viewport(page):
        assert "Hand 2" in header.inner_text() and "Pass right" in header.inner_text()
    cards_before = hand_cards(page)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector(f'{MATCH}[data-screen="offer"]', timeout=60_000)
    for _ in each_viewport(page):
        assert "hand 2" in page.locator(".hl-offer").inner_text()
    page.locator('[data-action="resume"]').click()
    page.wait_for_selector(f'{MATCH}[data-screen="passing"] .hl-hand .hl-card')
    for _ in each_viewport(page):
        assert "Hand 2" in page.locator(".hl-mhead").inner_text()
        assert hand_cards(page) == cards_before
    assert not page.js_errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("page", ["desktop"], indirect=True)  # and 375x800, by a resize
def test_a_second_tab_on_the_same_match_is_told_to_reload(page: Page, widget_server: str, data_dir: Path) -> None:
    (data_dir / "match.json").unlink(missing_ok=True)
    ready = f'{MATCH}[data-screen="passing"] .hl-hand .hl-card'
    open_notebook(page, widget_server, "match.ipynb", ready)
    pass_three(page)

    # A second tab (its own kernel, the same data folder) picks the match up...
    other = page.context.new_page()
    other.set_viewport_size(page.viewport_size or {"width": 1280, "height": 800})
    other.viewport_name = page.viewport_name  # type: ignore[attr-defined]
    other_problems = watch_console(other)  # the second tab's console is held to the same standard
    open_notebook(other, widget_server, "match.ipynb", f'{MATCH}[data-screen="offer"]')
    other.locator('[data-action="resume"]').click()
    other.wait_for_selector(f'{MATCH}[data-screen="playing"] .hl-hand .hl-card')
    assert hand_cards(other) == hand_cards(page)

    # ...then the first tab plays on, and the second is stale: it plays nothing and offers Reload.
    play_a_legal_card(page)
    stale_hand = hand_cards(other)
    other.locator('.hl-hand .hl-card[data-legal="true"]').first.click()
    other.locator('.hl-notice [data-action="reload"]').wait_for()
    for _ in each_viewport(other):
        assert "another page" in other.locator(".hl-notice").inner_text()
        assert "another page" in other.locator(".hl-message").inner_text()
        assert hand_cards(other) == stale_hand
        screenshot(other, "match-stale-tab")
    other.locator('[data-action="reload"]').click()  # at 375x800
    other.wait_for_function("() => !document.querySelector('.hl-notice [data-action=\"reload\"]')")
    for _ in each_viewport(other):
        assert hand_cards(other) == hand_cards(page)
        assert "Reloaded" in other.locator(".hl-message").inner_text()
    other.close()
    assert not other_problems, other_problems
    assert not page.js_errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("page", ["desktop"], indirect=True)  # and 375x800, by a resize
def test_a_finished_match_shows_its_summary_and_joins_the_history(page: Page, widget_server: str,
                                                                   data_dir: Path) -> None:
    (data_dir / "short.json").unlink(missing_ok=True)
    history_before = 0
    open_notebook(page, widget_server, "match_short.ipynb", f'{MATCH}[data-screen="passing"] .hl-hand .hl-card')
    page.locator('[data-action="statistics"]').click()
    history_before = page.locator(".hl-history-item").count()
    page.locator('[data-action="statistics"]').click()
    pass_three(page)
    resize_to(page, "phone")  # the hand is played on a phone, the pass on a laptop
    play_out_the_hand(page)
    assert screen(page) == "match_over"
    page.locator(".hl-summary").wait_for()
    for _ in each_viewport(page):
        assert page.locator(".hl-result").inner_text()
        assert "match" in page.locator(".hl-summary").inner_text()
        chips = [chip.locator(".hl-chip-score").inner_text() for chip in page.locator(".hl-chip").all()]
        rows = page.locator(".hl-score .hl-score-table:not(.hl-summary-table) tbody tr").all()
        totals = [row.locator(".hl-total").inner_text() for row in rows]
        # Chips list the computers first, then you; the score table lists you first.
        assert sorted(chip.split(" / ")[0] for chip in chips) == sorted(totals)
        screenshot(page, "match-over")
    page.locator('[data-action="statistics"]').click()
    page.locator(".hl-history-item").first.wait_for()
    for _ in each_viewport(page):
        assert page.locator(".hl-history-item").count() == min(history_before + 1, 10)
        assert "hand" in page.locator(".hl-history-item").first.inner_text()
        screenshot(page, "match-history")
    assert not page.js_errors  # type: ignore[attr-defined]


BOXES = """() => Object.fromEntries(Object.entries({
  header: ".hl-match .hl-mhead", table: ".hl-match .hl-table", hand: ".hl-match .hl-hand",
  play: '.hl-match [data-action="play"]', coach: ".hl-match .hl-coach",
}).map(([name, selector]) => {
  const el = document.querySelector(selector);
  const box = el && !el.closest("[hidden]") ? el.getBoundingClientRect() : null;
  return [name, box && { top: box.top, bottom: box.bottom, left: box.left, right: box.right }];
}))"""


def boxes_on_screen(page: Page) -> dict[str, dict[str, float] | None]:
    """Where the match's parts are, with the widget's top at the top of the screen (as a learner scrolls it)."""
    page.evaluate("() => document.querySelector('.hl-match').scrollIntoView({ block: 'start' })")
    return dict(page.evaluate(BOXES))


@pytest.mark.parametrize("page", ["desktop"], indirect=True)  # and 375x800, by a resize
def test_the_header_table_hand_and_play_fit_the_screen(page: Page, widget_server: str, data_dir: Path) -> None:
    (data_dir / "match.json").unlink(missing_ok=True)
    open_notebook(page, widget_server, "match.ipynb", f'{MATCH}[data-screen="passing"] .hl-hand .hl-card')
    pass_three(page)
    for coach in (True, False):
        guidance(page, coach)
        if coach:
            page.locator(".hl-coach .hl-advice").wait_for()
        for width in each_viewport(page):
            height = page.viewport_size["height"] if page.viewport_size else 800
            boxes = boxes_on_screen(page)
            if width == "desktop":
                # Header chips, table, hand and Play all in one 1280x800 screen, the coach beside the table.
                for name in ("header", "table", "hand", "play"):
                    box = boxes[name]
                    assert box is not None and box["top"] >= 0 and box["bottom"] <= height, (name, coach, boxes)
                coach_box, table_box = boxes["coach"], boxes["table"]
                assert (coach_box is not None) == coach
                if coach_box and table_box:
                    assert coach_box["left"] >= table_box["right"] and coach_box["top"] < table_box["bottom"], boxes
            elif coach:
                # On a phone the table and the hand come before the coach, on the page and in reading order.
                coach_box, table_box, hand_box = boxes["coach"], boxes["table"], boxes["hand"]
                assert coach_box and table_box and hand_box
                assert table_box["bottom"] <= coach_box["top"] and hand_box["bottom"] <= coach_box["top"], boxes
                order = page.evaluate("""() => {
                  const [table, hand, coach] = [".hl-table", ".hl-hand", ".hl-coach"]
                    .map((s) => document.querySelector(s));
                  const before = (a, b) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
                  return before(table, coach) && before(hand, coach);
                }""")
                assert order
            screenshot(page, f"match-fit-coach-{'on' if coach else 'off'}")
    assert not page.js_errors  # type: ignore[attr-defined]


LINE_BOXES = """() => [...document.querySelectorAll('.hl-review-showcase .hl-puzzle-show-line')].map((line) => {
  const box = line.getBoundingClientRect();
  return { top: box.top, bottom: box.bottom, left: box.left, right: box.right };
})"""


@pytest.mark.parametrize("page", ["desktop"], indirect=True)  # and 375x800, by a resize
def test_show_me_in_the_review_steps_through_one_deal_by_keyboard(page: Page, widget_server: str) -> None:
    # Issue 35: beside each costly mistake, "Show me" lays out one deal for the learner's card and the
    # better one, side by side on a laptop and one above the other on a phone; the keyboard pages it,
    # each step is said, and Escape closes it with focus back on the button that opened it.
    open_notebook(page, widget_server, "match_reviewed.ipynb", f'{MATCH}[data-screen="match_over"]')
    page.locator('[data-action="review"]').click()
    page.locator(".hl-review-entries").wait_for(timeout=60_000)
    show = page.locator('[data-action="review-show-0"]')
    expect(show).to_have_accessible_name(re.compile(r"^Show me one deal played out with \S+ and with \S+$"))
    expect(show).to_have_attribute("aria-expanded", "false")
    assert page.locator(".hl-review-showcase").count() == 0  # built only when pressed
    show.focus()
    page.keyboard.press("Enter")
    panel = page.locator(".hl-review-showcase")
    expect(panel.locator(".hl-puzzle-show-heading")).to_be_focused(timeout=SETTLE)
    expect(page.locator('[data-action="review-show-0"]')).to_have_attribute("aria-expanded", "true")
    expect(panel).to_contain_text("This is one way the hidden cards could lie")
    first = int(panel.locator(".hl-puzzle-show-step").inner_text().split()[1])
    # Forward by keyboard to the trick where the lines part (or to the last), each step said.
    forward = panel.locator('[data-action="show-forward"]')
    forward.focus()
    for number in range(first + 1, 14):
        page.keyboard.press("Enter")
        expect(panel.locator(".hl-puzzle-show-step")).to_have_text(f"Trick {number} of 13")
        expect(page.locator(f"{MATCH} .hl-announce")).to_contain_text(f"Trick {number} of 13")
        if panel.locator('.hl-puzzle-show-stepbox[data-parting="true"]').count():
            break
    parting = panel.locator('.hl-puzzle-show-stepbox[data-parting="true"]').count() == 1
    if parting:
        expect(panel.locator(".hl-puzzle-show-marker")).to_contain_text("Here the lines part:")
    else:
        expect(panel.locator(".hl-puzzle-show-never")).to_be_visible()
    assert page.evaluate("() => document.activeElement.dataset.action") in ("show-forward", "show-back")
    expect(panel.locator(".hl-puzzle-show-ends li")).to_have_count(2)
    for name in each_viewport(page):
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        mine, better = page.evaluate(LINE_BOXES)
        if name == "desktop":
            assert abs(mine["top"] - better["top"]) < 1 and mine["right"] <= better["left"]  # side by side
        else:
            assert better["top"] >= mine["bottom"]  # one above the other
        panel.scroll_into_view_if_needed()
        screenshot(page, "match-review-show-me")
        assert not serious_violations(page)
    page.keyboard.press("Escape")
    expect(panel).to_have_count(0, timeout=SETTLE)
    expect(page.locator('[data-action="review-show-0"]')).to_be_focused()
    expect(page.locator('[data-action="review-show-0"]')).to_have_attribute("aria-expanded", "false")
    assert not page.js_errors  # type: ignore[attr-defined]
