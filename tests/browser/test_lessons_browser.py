"""The lessons as a learner meets them: served by Voilà exactly as ``./dev serve`` does.

Open the index, follow every lesson link, check each page renders its widgets without an
error and tells nothing before it asks (no card looks allowed or refused, no verdict shown),
answer every exercise of the lesson (drills included: their seeds deal the same positions
here as in a Python twin, which finds the right answers from the engine), scan the visible
text for identifiers, and see the index mark the lesson.  A strategy lesson's puzzles are
answered from the shipped set: the board names its puzzle in ``data-puzzle``, never in its
text.  Screenshots of every lesson at 1280x800 and 375x800 (the strategy lessons 13 to 17,
all made of the same puzzle boards, at 1280x800 only) go to test-artifacts/screenshots.

axe-core scans the pages of the walk at 1280x800 (the index, lessons 2, 4, 9 to 12 and 14;
the puzzles page in test_accessibility_browser.py), unanswered and in the states only an answer
brings (a pass judged, a match's end told, a mistake hunted and found, a worked position
explained): the walk has each page open already, and a page served twice costs a kernel twice.
For the same reason the index is opened once after the walk to see every lesson it completed
marked (at each width), and the index, the glossary and one answer's progress are each looked at
in both widths on one page (``pages.each_viewport``).
"""

from __future__ import annotations

import re
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Route, expect

from hearts_core import penalty_points, to_card, trick_winner
from hearts_core.bots import heuristic_pass
from hearts_core.puzzles import Puzzle, load_puzzles
from hearts_core.scenarios import position, trick_example
from tests.browser.conftest import VIEWPORTS, FreshPages, watch_console
from tests.browser.pages import (
    MATCH,
    assert_page_accessible,
    cards_without_names,
    each_viewport,
    pass_and_play_a_card,
    pass_three,
    play_out_the_hand,
    resize_to,
    screen,
    screenshot,
    serious_violations,
    settle,
    start_match,
    step,
    voila_first_views_hand_over,
    wait_until_live,
)
from widgets.drill import Drill
from widgets.lessons import lesson
from widgets.pass_picker import PassPicker

LESSON_KEYS = [
    "01-aim-and-cards", "02-tricks", "03-practice", "04-passing", "05-first-trick",
    "06-breaking-hearts", "07-scoring", "08-moon", "09-guided-match", "10-check-a-game", "11-drills",
    "12-passing-well", "13-leading-and-ducking", "14-queen-of-spades", "15-discarding", "16-counting", "17-the-moon",
    "18-exits-and-guards", "19-the-cards-you-passed", "20-counting-the-hearts", "21-the-match-score",
]
DESKTOP_ONLY = {"01-aim-and-cards", "03-practice", "05-first-trick", "06-breaking-hearts", "07-scoring", "08-moon",
                "13-leading-and-ducking", "14-queen-of-spades", "15-discarding", "16-counting", "17-the-moon"}
"""Lessons whose widgets another lesson already walks at 375x800, answered at 1280x800 and looked at there
only: the exercises, practice and drills of 1, 3, 5 to 8 at phone width in lessons 2 and 11, the puzzle
boards of 13 to 17 in test_puzzles_browser.py."""

ON_A_PHONE = [key for key in LESSON_KEYS if key not in DESKTOP_ONLY]
"""Lessons 2, 4, 9, 10, 11, 12 and 18 to 21: opened and answered at 375x800, and looked at in both widths on that
one page (``pages.each_viewport``), where a page served per width cost a kernel each. The widgets of 2 to 12
are answered at 1280x800 in the lessons above (lessons 3, 5 to 8 hold trick scenes, practice and
drills), on the static site (a pass in lesson 4), and in test_lesson_9_is_marked_once_a_whole_hand_is_played
and test_record_viewer_browser.py (the match, the record viewer). Lessons 18 to 21 stand for the strategy
lessons at phone width: their worked positions and puzzles are answered there, their words read at both widths
(19's board also says the seat's pass, 21's the match totals)."""

FIRST_VIEWS = set(LESSON_KEYS) - {"09-guided-match"}
"""The lessons whose pages show first views to every learner (hearts_serving.first_views): the walk below
sees each hand over to its live widgets (test_translated_pages_browser.py a page of each translation,
test_first_views_browser.py the list itself). Lesson 9's is a newcomer's first deal, and this server's
learner has played matches: test_first_views_browser.py sees it on a server of its own."""

AXE_SCANNED = set(LESSON_KEYS) - (DESKTOP_ONLY - {"14-queen-of-spades"}) - {
    "18-exits-and-guards", "19-the-cards-you-passed", "20-counting-the-hearts", "21-the-match-score"}
"""The lessons axe-core scans on the desktop walk: the strategy lessons 13 to 21 are the same two puzzle
boards with other words, and lesson 14 stands for them (scanned answered too); the other desktop-only
lessons' widgets are scanned in the lessons that run at both widths."""

PAGES = [*LESSON_KEYS, "puzzles", "analysis"]
"""Every page the index links, in its order: the lessons, then the puzzles (test_puzzles_browser.py) and the
analysis board (test_analysis_browser.py)."""

IDENTIFIER = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
"""snake_case words: reason codes, enum values, trait names."""
LEAKS = ("(pass hold)", "(pass left)", "play_on", "scripted moon hand", "not valid JSON", "Expecting value")

QUESTIONS = ".hl-exercise, .hl-practice, .hl-explainer, .hl-quiz"


def open_lesson(page: Page, base: str, key: str, *, first_views: bool = False) -> None:
    """Open lesson ``key`` and wait until its widgets are live; with ``first_views``, see its first
    views show at once and hand over to the live widgets in their places on the way."""
    url = f"{base}voila/render/{key}.ipynb"
    if first_views:
        voila_first_views_hand_over(page, url)
    else:
        page.goto(url, wait_until="domcontentloaded")
    page.wait_for_selector(".hl-root", timeout=60_000)
    wait_until_live(page)
    page.wait_for_timeout(300)  # let every widget of the page render
    body = page.inner_text("body")
    assert "Traceback" not in body and "There was an error when executing" not in body
    for box in page.locator(".hl-error").all():
        assert box.inner_text().strip() == "", box.inner_text()


def assert_nothing_told(page: Page) -> None:
    """Ask before telling: before any answer no tappable card carries a verdict and no verdict shows."""
    questions = page.locator(QUESTIONS)
    for selector in ("[data-legal]", "[data-verdict]", "[data-tried]", ".hl-message.is-legal",
                     ".hl-message.is-illegal", ".hl-tried-chip"):
        assert questions.locator(selector).count() == 0, selector
    # A puzzle board shows which cards the rules allow (that is the rules, not the answer), but
    # no verdict; a pass picker shows no judgement and no suggestion before a pass.
    assert page.locator('.hl-puzzles[data-answered="true"], .hl-puzzles .hl-message.is-legal, '
                        '.hl-puzzles .hl-message.is-illegal').count() == 0
    assert page.locator(".hl-pass-picker .hl-pass-judgement:visible, .hl-pass-picker .hl-card.is-received").count() == 0
    looks = page.evaluate("""() => [...document.querySelectorAll('.hl-exercise .hl-hand .hl-card,'
        + ' .hl-practice .hl-hand .hl-card, .hl-explainer .hl-hand .hl-card')].map((card) => {
          const style = getComputedStyle(card);
          return style.opacity + '|' + style.filter + '|' + style.outlineStyle;
        })""")
    assert len(set(looks)) <= 1, f"cards look different before any answer: {set(looks)}"


def assert_words_not_identifiers(page: Page) -> None:
    text = page.inner_text("body")
    assert not IDENTIFIER.findall(text), IDENTIFIER.findall(text)
    for leak in LEAKS:
        assert leak not in text, leak


def scan_answered(page: Page, name: str, *, cards: bool = True) -> None:
    """axe-core (and, with ``cards``, the cards' names) on a state only an answer brings, at 1280x800:
    a page answered on a phone is widened for the scan and narrowed again."""
    answering_at = page.viewport_name  # type: ignore[attr-defined]
    resize_to(page, "desktop")
    problems = serious_violations(page) + (cards_without_names(page) if cards else [])
    assert not problems, f"{name}: {problems}"
    resize_to(page, answering_at)


def exercise(page: Page, number: int) -> Locator:
    return page.locator(".hl-exercise:not(.hl-drill)").nth(number)


def tap_every(widget: Locator, cards: list[str]) -> None:
    for card in cards:
        tapped = widget.locator(f'.hl-hand .hl-card[data-card="{card}"]')
        tapped.click()
        # Each pick goes to the kernel and back: wait for it before the next, or Check may
        # be graded on the picks the kernel has seen so far.
        expect(tapped).to_have_attribute("aria-pressed", "true")
    widget.locator('[data-action="check"]').click()
    expect(widget.locator(".hl-verdict.is-legal")).to_contain_text("Right")


def legal_cards(name: str) -> list[str]:
    return [str(card) for card in position(name).legal()]


def choose(widget: Locator, label: str) -> None:
    widget.locator(f'[data-action="choice-{label}"]').click()
    expect(widget.locator(".hl-message.is-legal")).to_contain_text("Right")


def winner_of(name: str) -> str:
    example = trick_example(name)
    return ["You", "CPU1", "CPU2", "CPU3"][(example.leader + trick_winner(example.cards)) % 4]


def drill(page: Page, rules: list[str] | None, count: int, *, warm_up: bool = False) -> None:
    """Answer ``count`` drill positions right, finding each answer from a Python twin with the same seed.

    A drill that opens with a warm-up shows its seed only from position 2 on (the warm-up is every
    drill's, so any twin answers it)."""
    root = page.locator(".hl-drill")
    if warm_up:
        assert root.get_attribute("data-seed") is None
    twin = Drill(rules, seed=int(root.get_attribute("data-seed") or "0"), warm_up=warm_up)
    for number in range(1, count + 1):
        if warm_up and number == 2:
            expect(root).to_have_attribute("data-seed", re.compile(r"^\d+$"))
            twin = Drill(rules, seed=int(root.get_attribute("data-seed") or ""), warm_up=True)
            twin.next_position()
        expect(root.locator(".hl-drill-number")).to_have_text(f"Position {number}")
        assert root.locator("[data-verdict]").count() == 0 and root.locator(".hl-verdict.is-legal").count() == 0
        answer = right_answer(twin)
        if twin.kind == "legal-cards":
            tap_every(root, answer)
        else:
            label = next(choice["label"] for choice in twin.choices if choice["value"] == answer)
            choose(root, label)
        expect(root.locator(".hl-drill-score")).to_have_text(f"Right first time: {number} of {number}")
        root.locator('[data-action="next"]').click()
        twin.next_position()


def right_answer(twin: Drill) -> Any:
    question = twin.question
    if twin.kind == "legal-cards":
        graded = question.grade([card["text"] for card in twin.hand])
        return [text for text, verdict in graded["cards"].items() if verdict["allowed"]]
    return next(choice["value"] for choice in twin.choices if question.grade(choice["value"])["correct"])


def lesson_01(page: Page) -> None:
    cards = trick_example("fifteen-points").cards
    page.locator(f'.hl-quiz [data-action="choice-{penalty_points(cards)}"]').click()
    expect(page.locator(".hl-quiz .hl-message.is-legal")).to_contain_text("Right!")


def lesson_02(page: Page) -> None:
    choose(exercise(page, 0), winner_of("off-suit-ace"))
    forward = page.locator('.hl-trick-scene [data-action="next"]')
    for _ in range(4):
        forward.click()
    expect(page.locator(".hl-trick-scene .hl-caption")).to_contain_text("CPU1 takes the trick with ♣K")
    tap_every(exercise(page, 1), legal_cards("same-colour"))
    tap_every(exercise(page, 2), legal_cards("need-not-beat"))
    drill(page, ["follow-suit", "who-takes"], 3)


def lesson_03(page: Page) -> None:
    first, second = page.locator(".hl-practice").nth(0), page.locator(".hl-practice").nth(1)
    first.locator('.hl-hand .hl-card[data-card="♠Q"]').click()
    expect(first.locator(".hl-message.is-illegal")).to_contain_text("you must play one of them")
    expect(first.locator(".hl-glossary-link")).to_have_attribute("href", "glossary.ipynb#follow")
    first.locator('.hl-hand .hl-card[data-card="♣A"]').click()
    expect(first.locator(".hl-message.is-legal")).to_be_visible()
    second.locator('.hl-hand .hl-card[data-card="♦4"]').click()
    expect(second.locator(".hl-message.is-legal .hl-consequence")).to_contain_text("CPU2 takes the trick")


def pass_cards(page: Page, cards: list[str], picker: Locator | None = None) -> None:
    picker = picker or page.locator(".hl-pass-picker")
    for card in cards:
        tapped = picker.locator(f'.hl-hand .hl-card[data-card="{card}"]')
        tapped.click()
        expect(tapped).to_have_attribute("aria-pressed", "true")
    picker.locator('[data-action="confirm"]').click()
    expect(picker.locator(".hl-card.is-received")).to_have_count(3)


def lesson_04(page: Page) -> None:
    picker = page.locator(".hl-pass-picker")
    # Ask first: no suggestion, no verdict before the pass.
    expect(picker.locator(".hl-pass-judgement")).to_be_hidden()
    assert "suggest" not in page.inner_text("body").split("What to pass")[0]
    pass_cards(page, ["♣4", "♦3", "♥2"])  # a weak pass: critiqued, not green
    judged = picker.locator(".hl-pass-judgement")
    expect(judged).to_have_attribute("data-verdict", "weak")
    expect(judged).to_have_class(re.compile("is-caution"))
    expect(judged).not_to_have_class(re.compile("is-legal"))
    expect(judged.locator(".hl-pass-verdict")).to_contain_text("A weak pass")
    expect(judged).to_contain_text("Passing ♣4, your lowest club, keeps your ♣A")
    expect(judged).to_contain_text("The coach's suggested pass is ♣A, ♦K and ♠Q.")
    scan_answered(page, "04-passing")
    screenshot(page, "lesson-04-weak-pass")
    # Another deal, with its twin in Python to know the hand and the coach's pass.
    twin = PassPicker("pass-high-cards")
    for card in ("♣4", "♦3", "♥2"):
        twin.toggle(card)
    twin.confirm()
    twin.another_deal()
    picker.locator('[data-action="another"]').click()
    expect(picker.locator(".hl-direction")).to_have_text(twin.direction_text)
    expect(judged).to_be_hidden()
    shown = [picker.locator(".hl-hand .hl-card").nth(i).get_attribute("data-card") for i in range(13)]
    assert shown == [card["text"] for card in twin.hand]
    pass_cards(page, [str(card) for card in heuristic_pass(tuple(to_card(c["text"]) for c in twin.hand))])
    expect(judged).to_have_attribute("data-verdict", "good")
    expect(judged).to_have_class(re.compile("is-legal"))
    expect(judged.locator(".hl-pass-verdict")).to_contain_text("A good pass: it is the one the coach suggests.")
    screenshot(page, "lesson-04-good-pass")


def lesson_05(page: Page) -> None:
    wrong = exercise(page, 1)  # a wrong answer first: graded card by card, with the engine's reason
    wrong.locator('.hl-hand .hl-card[data-card="♥3"]').click()
    wrong.locator('[data-action="check"]').click()
    expect(wrong.locator(".hl-verdict.is-illegal")).to_contain_text("No points may be given away on the first trick")
    expect(wrong.locator('.hl-card[data-card="♥3"][data-graded="wrong"]')).to_have_count(1)
    unpicked = wrong.locator('.hl-hand .hl-card[data-card="♥3"]')
    unpicked.click()
    expect(unpicked).to_have_attribute("aria-pressed", "false")
    tap_every(wrong, legal_cards("first-trick-no-points"))
    tap_every(exercise(page, 0), legal_cards("lead-two-of-clubs"))
    tap_every(exercise(page, 2), legal_cards("first-trick-all-penalty"))
    drill(page, ["lead-two-of-clubs", "first-trick-no-points", "all-penalty"], 3)


def lesson_06(page: Page) -> None:
    tap_every(exercise(page, 0), legal_cards("lead-before-hearts-break"))
    tap_every(exercise(page, 1), legal_cards("discard-a-heart"))
    tap_every(exercise(page, 2), legal_cards("lead-only-hearts"))
    drill(page, ["hearts-not-broken", "all-hearts"], 3)


def lesson_07(page: Page) -> None:
    page.locator('.hl-quiz [data-action="choice-16"]').click()
    expect(page.locator(".hl-quiz .hl-message.is-legal")).to_contain_text("Right!")
    choose(exercise(page, 0), str(penalty_points(trick_example("queen-on-a-diamond").cards)))
    # The end of the match is asked: no total and no ending before the answer.
    sheet = page.locator(".hl-score-sheet")
    expect(sheet.locator(".hl-total")).to_have_text(["?"] * 4)
    assert "match is over" not in sheet.inner_text() and "wins" not in sheet.locator(".hl-scores").inner_text()
    sheet.locator('[data-action="choice-3"]').click()  # CPU3 reached 100: that ends it, it does not win
    expect(sheet.locator(".hl-score-feedback.is-illegal")).to_contain_text("Reaching 100 does not win")
    sheet.locator('[data-action="choice-0"]').click()
    expect(sheet.locator(".hl-score-feedback.is-legal")).to_have_text(
        "Right! The match is over: You win with 27. Reaching 100 does not win.")
    expect(sheet.locator(".hl-total")).to_have_text(["27", "51", "45", "100"])
    scan_answered(page, "07-scoring", cards=False)
    drill(page, ["points", "who-takes"], 3)


def lesson_08(page: Page) -> None:
    forward = page.locator('.hl-viewer [data-action="next"]')
    for _ in range(12):
        forward.click()
    expect(page.locator(".hl-viewer .hl-message")).to_contain_text("shot the moon")
    for number, name in enumerate(("stop-the-moon", "stop-the-moon-spades")):
        where = position(name)
        stopper = next(card for card in where.legal() if (where.outcome(card) or (None, 0))[0] == 0)
        widget = exercise(page, number)
        widget.locator(f'.hl-hand .hl-card[data-card="{stopper}"]').click()
        expect(widget.locator(".hl-verdict.is-legal")).to_contain_text("the moon is stopped")


def lesson_09(page: Page) -> None:
    pass_and_play_a_card(page, timeout=30_000)  # a saved match from the other viewport's run is set aside


def fastest_match(page: Page) -> None:
    """Through the Options panel, as a learner would: instant computers, no wait after each trick."""
    page.locator(f'{MATCH} [data-action="options"]').click()
    before = step(page)
    page.locator(f'{MATCH} [data-action="speed-instant"]').click()
    settle(page, before, 60_000)
    expect(page.locator(f'{MATCH} [data-action="speed-instant"]')).to_have_attribute("aria-pressed", "true")
    wait = page.locator(f'{MATCH} input[data-option="confirm_tricks"]')
    if wait.is_checked():
        before = step(page)
        wait.set_checked(False)
        settle(page, before, 60_000)
    page.locator(f'{MATCH} [data-action="options"]').click()


def lesson_10(page: Page) -> None:
    viewer = page.locator(".hl-viewer")
    # Asked first: no list of mistakes, no flagged card, until the learner finds one.
    expect(viewer.locator(".hl-status")).to_contain_text("4 hands to check.")
    expect(viewer.locator(".hl-problems li")).to_have_count(0)
    expect(viewer.locator(".hl-played.is-illegal")).to_have_count(0)
    expect(viewer.locator(".hl-held li")).to_have_count(4)
    for number in (2, 3):
        viewer.locator('[data-action="next"]').click()
        expect(viewer.locator(".hl-where")).to_contain_text(f"step {number} of")
    scan_answered(page, "10-hunting")
    # CPU3 held diamonds (shown above the trick) and threw ♣10 on a diamond lead.
    expect(viewer.locator(".hl-held")).to_contain_text("CPU3 held")
    viewer.locator('[data-action="mark-0"]').click()
    expect(viewer.locator(".hl-hunt-answer.is-illegal")).to_have_text(
        "Not this one: CPU2 may play ♦4 here, and the rules allow it.")
    viewer.locator('[data-action="mark-1"]').click()
    expect(viewer.locator(".hl-hunt-answer.is-legal")).to_contain_text("Found it! That is one of the illegal plays")
    expect(viewer.locator(".hl-frame-caption.is-illegal")).to_contain_text(
        "Illegal: CPU3 played ♣10, against the rule on following suit")
    expect(viewer.locator(".hl-problems li")).to_have_count(1)
    scan_answered(page, "10-found", cards=False)
    viewer.locator('[data-action="reveal"]').click()
    expect(viewer.locator(".hl-problems li")).to_have_count(3)
    expect(viewer.locator(".hl-status")).to_contain_text("3 illegal actions found")


def lesson_11(page: Page) -> None:
    drill(page, None, 10, warm_up=True)


def coach_pass(picker: Locator) -> list[str]:
    """The coach's own pass for the hand ``picker`` shows (the judge calls it good, or fair when one of its
    cards is low: a hand with nothing high to pass)."""
    shown = picker.locator(".hl-hand .hl-card").evaluate_all("cards => cards.map(card => card.dataset.card)")
    return [str(card) for card in heuristic_pass(tuple(to_card(text) for text in shown))]


def lesson_12(page: Page) -> None:
    worked, practice = page.locator(".hl-pass-picker").nth(0), page.locator(".hl-pass-picker").nth(1)
    pass_cards(page, ["♠Q", "♦A", "♥A"], worked)  # the queen passed although three low spades guard her
    judged = worked.locator(".hl-pass-judgement")
    expect(judged).to_contain_text("With 3 lower spades to hide behind, you could have kept ♠Q")
    expect(judged).to_contain_text("The coach's suggested pass is ♦4, ♦J and ♦A.")
    expect(worked.locator('[data-action="another"]')).to_be_hidden()  # a worked pass: one hand only
    count = practice.locator(".hl-pass-count")
    expect(count).to_have_text("Deals passed well: 0 of 3.")
    well = 0
    for _ in range(6):
        pass_cards(page, coach_pass(practice), practice)
        judged = practice.locator(".hl-pass-judgement")
        expect(judged).to_have_attribute("data-verdict", re.compile("^(good|fair)$"))
        well += judged.get_attribute("data-verdict") == "good"  # a deal counts when passed well
        if well == 3:
            break
        expect(count).to_have_text(f"Deals passed well: {well} of 3.")
        practice.locator('[data-action="another"]').click()
        expect(practice.locator(".hl-pass-judgement")).to_be_hidden()
    expect(count).to_have_text("Deals passed well: 3. The lesson's mark needs 3: you have it.")


def shown_puzzle(board: Locator) -> Puzzle:
    """The puzzle a board shows: its id is in ``data-puzzle``, never in the text; the answer is in the shipped set."""
    ident = board.get_attribute("data-puzzle") or ""
    return next(puzzle for puzzle in load_puzzles() if puzzle.id == ident)


def solve(board: Locator) -> Puzzle:
    """Tap the shown puzzle's solution, see it chosen, Confirm, and see it called right."""
    puzzle = shown_puzzle(board)
    board.locator(f'.hl-hand .hl-card[data-card="{puzzle.solution}"]').click()
    expect(board.locator(f'.hl-hand .hl-card.is-selected[data-card="{puzzle.solution}"]')).to_be_visible()
    board.locator('[data-action="confirm"]').click()
    expect(board.locator('.hl-message[data-kind="right"]')).to_contain_text(f"Right: {puzzle.solution}.",
                                                                            timeout=30_000)
    return puzzle


def strategy_lesson(page: Page) -> None:
    """A worked position answered, then the lesson's puzzles right at the first try until its mark."""
    worked = page.locator('.hl-puzzles[data-mode="worked"]')
    board = page.locator('.hl-puzzles[data-mode="lesson"]')
    key = page.url.rsplit("/", 1)[-1].removesuffix(".ipynb")
    goal = lesson(key).goal
    assert shown_puzzle(worked).id == lesson(key).worked
    expect(worked.locator(".hl-puzzle-rating")).to_be_hidden()  # outside the rating
    solve(worked)
    if key == "14-queen-of-spades":
        scan_answered(page, "14-worked")
    progress = board.locator(".hl-puzzle-lesson-goal")
    seen: set[str] = set()
    for _ in range(goal):  # puzzles solved in an earlier test of this run may count already
        if "you have it" in progress.inner_text():
            break
        puzzle = solve(board)
        assert set(puzzle.theme_keys) & set(lesson(key).themes) and puzzle.id not in seen
        seen.add(puzzle.id)
        board.locator('[data-action="next"]').click()
        expect(board).to_have_attribute("data-answered", "false", timeout=30_000)
    expect(progress).to_contain_text(f"The lesson's mark needs {goal}: you have it.")


lesson_13 = lesson_14 = lesson_15 = lesson_16 = lesson_17 = lesson_18 = lesson_19 = lesson_20 = lesson_21 = (
    strategy_lesson)


INTERACTIONS: dict[str, Callable[[Page], None]] = {
    key: globals()[f"lesson_{key[:2]}"] for key in LESSON_KEYS
}
MARKED = [key for key in LESSON_KEYS if key != "09-guided-match"]  # its mark needs a whole hand played


@pytest.fixture(scope="module")
def completed_on_the_walk(profile: BrowserContext, lesson_server: str) -> Iterator[dict[str, list[str]]]:
    """The lessons this module's tests completed, by the width they were walked at; once they have run,
    the index shows each of them marked completed at that width.

    One index page for them all, opened after the last: an index opened after each lesson took a
    kernel each, and the marks it showed are the same ones (the progress file only grows)."""
    completed: dict[str, list[str]] = {name: [] for name in VIEWPORTS}
    yield completed
    if not any(completed.values()):
        return
    pages = FreshPages(profile)
    page = pages.new_page()
    problems = watch_console(page)
    page.on("response", lambda response: problems.append(f"HTTP {response.status} {response.url}")
            if response.status >= 400 else None)
    page.goto(f"{lesson_server}voila/render/index.ipynb", wait_until="domcontentloaded")
    for name in each_viewport(page):
        for key in completed[name]:
            done = page.locator(f'.hl-index li[data-lesson="{key}"].is-done')
            expect(done).to_be_visible(timeout=60_000)
            expect(done).to_contain_text("completed")
        assert_words_not_identifiers(page)
    pages.release()
    assert not problems, f"errors in the browser console: {problems}"


@pytest.mark.parametrize("page", ["desktop"], indirect=True)  # and at 375x800 by a resize
def test_the_index_opens_first_and_links_every_lesson(page: Page, lesson_server: str, axe_script: Path) -> None:
    page.goto(lesson_server, wait_until="domcontentloaded")
    page.wait_for_selector(".hl-index .hl-lesson-link", timeout=60_000)
    assert re.search(r"/voila/render/index\.ipynb$", page.url)
    links = page.locator(".hl-index .hl-lesson-link")
    wait_until_live(page)
    assert "Traceback" not in page.inner_text("body")
    for width in each_viewport(page):
        expect(links).to_have_count(len(PAGES))
        hrefs = [links.nth(i).get_attribute("href") for i in range(len(PAGES))]
        assert hrefs == [f"{key}.ipynb?lang=en" for key in PAGES]  # each link says its language
        expect(page.locator('.hl-index [role="progressbar"]')).to_be_visible()
        # Where to go on: the first lesson not completed. Other browser tests share this run's data
        # folder and may have completed some lessons already, so the page's own marks say which.
        onward = page.locator(".hl-index .hl-next-step-link")
        done = set(page.locator(".hl-index li.is-done[data-lesson]").evaluate_all(
            "items => items.map(item => item.dataset.lesson)"))
        if not done:
            expect(onward).to_have_text("Start with lesson 1: The aim and the cards →")
            expect(onward).to_have_attribute("href", "01-aim-and-cards.ipynb?lang=en")
        else:
            first = next(key for key in LESSON_KEYS if key not in done)
            expect(onward).to_have_text(re.compile(rf"^Continue with lesson {LESSON_KEYS.index(first) + 1}: .+ →$"))
            expect(onward).to_have_attribute("href", f"{first}.ipynb?lang=en")
        glossary = page.get_by_role("link", name=re.compile("glossary", re.I)).first
        expect(glossary).to_have_attribute("href", "glossary.ipynb?lang=en")
        assert_words_not_identifiers(page)
        if width == "desktop":
            assert_page_accessible(page, "index")
        screenshot(page, "lesson-index")
    # Every lesson page is opened by the test below; here one link is followed (at 375x800), to see
    # that a tap on the index reaches the lesson (the hrefs of all of them are checked above).
    links.nth(2).click()
    page.wait_for_selector(".hl-root", timeout=60_000)
    assert page.url.endswith(f"/{LESSON_KEYS[2]}.ipynb?lang=en")
    page.go_back()
    page.wait_for_selector(".hl-index .hl-lesson-link", timeout=60_000)
    assert not page.js_errors  # type: ignore[attr-defined]


LEAVE_WHILE_CONNECTING = """
(() => {
  // Leave the page, as the browser would (Voila's leaving handler), in the very task that opens
  // the kernel's socket: the socket is still mid-handshake when it is told to close.
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (String(url).includes("/channels")) {
        window.hlKernelSocket = this;
        queueMicrotask(() => {
          window.dispatchEvent(new Event("beforeunload"));
          window.hlLeft = true;
        });
      }
    }
  };
})();
"""


@pytest.mark.parametrize("page", ["desktop"], indirect=True)
def test_leaving_a_page_before_its_kernel_connects_warns_of_nothing_and_ends_the_kernel(
    page: Page, lesson_server: str,
) -> None:
    # The page shows before its kernel connects, so a learner may follow a link first (a CI run
    # caught Chromium's warning about a socket closed mid-handshake). The page's fixture fails
    # the test on any console warning.
    page.add_init_script(LEAVE_WHILE_CONNECTING)
    page.goto(f"{lesson_server}voila/render/index.ipynb", wait_until="domcontentloaded")
    page.wait_for_function("() => window.hlLeft", timeout=60_000)
    kernel = page.evaluate("() => new URL(window.hlKernelSocket.url).pathname.split('/').at(-2)")
    page.goto("about:blank")  # and the page is gone, as after a click on a link
    # Leaving still ends the page's kernel (the handler's beacon), rather than the idle culler.
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"{lesson_server}api/kernels/{kernel}", timeout=10).close()
        except urllib.error.HTTPError as error:
            assert error.code == 404, error
            break
        time.sleep(0.2)
    else:
        pytest.fail(f"kernel {kernel} still running 30 s after its page was left")


def test_only_a_page_being_left_waits_to_close_a_connecting_socket(browser: Browser, lesson_server: str) -> None:
    # Outside a leaving, a close is the browser's own (a reconnecting kernel closes its old
    # socket at once). No console watch here: the first close below warns, as it should.
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{lesson_server}voila/render/glossary.ipynb", wait_until="domcontentloaded")
    tried = """() => {
      const socket = new WebSocket(location.origin.replace("http", "ws") + "/api/kernels/none/channels");
      socket.close();
      return socket.readyState;
    }"""
    assert page.evaluate(tried) == 2  # CLOSING: closed at once
    page.evaluate("() => window.dispatchEvent(new Event('beforeunload'))")
    assert page.evaluate(tried) == 0  # CONNECTING: the close waits
    context.close()


def test_a_page_read_only_up_to_its_cells_shows_no_spinner(browser: Browser, lesson_server: str) -> None:
    # Voilà sends a page as its kernel runs the cells, so the browser draws what it has read so far:
    # the spinner, which comes before the cells, flashed until they arrived (a CI run caught it).
    # Here the page ends just before its cells, as a slow first chunk would.
    context = browser.new_context()
    page = context.new_page()
    url = f"{lesson_server}voila/render/03-practice.ipynb"

    def up_to_the_cells(route: Route) -> None:
        response = route.fetch()
        html = response.text()
        route.fulfill(response=response, body=html[:html.index('<div id="rendered_cells"')])

    page.route(url, up_to_the_cells)
    page.goto(url, wait_until="domcontentloaded")
    assert page.evaluate("() => document.getElementById('loading') !== null")
    assert page.locator("#loading").is_hidden()
    context.close()


@pytest.mark.parametrize("page", ["desktop"], indirect=True)  # and at 375x800 by a resize
def test_the_glossary_opens_with_every_entry(page: Page, lesson_server: str) -> None:
    page.goto(f"{lesson_server}voila/render/glossary.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector("#hearts-broken", state="attached", timeout=60_000)
    for _ in each_viewport(page):
        for anchor in ("hand", "trick", "lead", "follow", "void", "discard", "penalty-card", "pass", "moon", "duck",
                       "run", "record"):
            assert page.locator(f"#{anchor}").count() == 1, anchor
        assert_words_not_identifiers(page)


@pytest.mark.parametrize("page", ["desktop"], indirect=True)  # the index's row also at 375x800, by a resize
def test_one_answer_is_not_a_lesson(page: Page, lesson_server: str) -> None:
    open_lesson(page, lesson_server, "06-breaking-hearts")
    tap_every(exercise(page, 0), legal_cards("lead-before-hearts-break"))
    # The verdict reaches the page as the lesson's kernel saves the progress, so an index opened
    # at once may read the file a moment before the answer is in it: open it again until it is.
    row = page.locator('.hl-index li[data-lesson="06-breaking-hearts"]')
    for _ in range(10):
        page.goto(f"{lesson_server}voila/render/index.ipynb", wait_until="domcontentloaded")
        expect(row).to_be_visible(timeout=60_000)
        page.wait_for_timeout(500)  # the index re-reads the progress as it opens
        if row.locator(".hl-so-far").count():
            break
    # Runs before the lesson tests below, so lesson 6 is not finished yet: one answer of four.
    for _ in each_viewport(page):
        expect(row.locator(".hl-so-far")).to_contain_text("1 of 4 done so far", timeout=60_000)
        expect(row).not_to_have_class(re.compile("is-done"))


def walked(key: str) -> object:
    """Lesson ``key``'s walk, at the width it is answered at."""
    return pytest.param(key, "phone" if key in ON_A_PHONE else "desktop")


@pytest.mark.parametrize(("key", "page"), [walked(key) for key in LESSON_KEYS], indirect=["page"])
def test_each_lesson_asks_first_and_every_exercise_can_be_answered(
    page: Page, lesson_server: str, key: str, axe_script: Path, completed_on_the_walk: dict[str, list[str]],
) -> None:
    open_lesson(page, lesson_server, key, first_views=key in FIRST_VIEWS)
    answering_at = page.viewport_name  # type: ignore[attr-defined]
    widths = list(VIEWPORTS) if key in ON_A_PHONE else [answering_at]
    for width in widths:  # on a phone's page: first at 1280x800, then back at 375x800 to answer
        resize_to(page, width)
        if width == "desktop" and key in AXE_SCANNED:
            assert_page_accessible(page, key)
        number = LESSON_KEYS.index(key)
        if number + 1 < len(LESSON_KEYS):  # each lesson leads on to the next
            expect(page.get_by_role("link", name=re.compile("^Next"))).to_have_attribute(
                "href", f"{LESSON_KEYS[number + 1]}.ipynb")
        assert_nothing_told(page)
        assert_words_not_identifiers(page)
        screenshot(page, f"lesson-{key}-before")
    INTERACTIONS[key](page)
    for width in reversed(widths):
        resize_to(page, width)
        assert_words_not_identifiers(page)
        screenshot(page, f"lesson-{key}")
    assert not page.js_errors  # type: ignore[attr-defined]
    assert not page.external_requests, f"needs the network: {page.external_requests}"  # type: ignore[attr-defined]
    if key in MARKED:
        # The index shows the mark at the width the lesson was answered at.
        completed_on_the_walk[answering_at].append(key)


@pytest.mark.parametrize("page", ["desktop"], indirect=True)  # one whole hand is enough: the phone plays a card above
def test_lesson_9_is_marked_once_a_whole_hand_is_played(
    page: Page, lesson_server: str, completed_on_the_walk: dict[str, list[str]],
) -> None:
    open_lesson(page, lesson_server, "09-guided-match")
    start_match(page)
    fastest_match(page)
    pass_three(page, 60_000)
    assert_words_not_identifiers(page)  # the coach and the danger marks are on in this lesson
    assert play_out_the_hand(page, 60_000) == 13
    assert screen(page) == "hand_over"
    assert_words_not_identifiers(page)
    screenshot(page, "lesson-09-hand-over")
    assert not page.js_errors  # type: ignore[attr-defined]
    completed_on_the_walk["desktop"].append("09-guided-match")  # the index says so once this module has run
