"""The puzzle board's flow on its own: no widget, no traitlets, the same decisions and sentences."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from hearts_core.puzzles import THEMES, Puzzle, load_puzzles
from hearts_learner.puzzle_progress import learner_start
from hearts_learner.puzzle_store import PuzzleStore
from hearts_learner.schedule import LEARNING_STEP
from widgets.puzzles import payloads
from widgets.puzzles.flow import PuzzleFlow

NOON = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = NOON

    def __call__(self) -> datetime:
        return self.now


def flow_of(tmp_path: Path, *puzzles: Puzzle, clock: Clock | None = None, mode: str = "page",
            goal: int = 5) -> PuzzleFlow:
    return PuzzleFlow(puzzles or None, store=PuzzleStore(tmp_path), clock=clock or Clock(), seed=7, mode=mode,
                      goal=goal)


def wrong_card(flow: PuzzleFlow) -> str:
    return next(str(card) for card in flow.view.legal_plays() if card != flow.puzzle.solution)


def with_a_refused_card() -> Puzzle:
    return next(puzzle for puzzle in load_puzzles() if len(puzzle.view().legal_plays()) < len(puzzle.view().hand))


def test_the_flow_imports_without_a_widget_library() -> None:
    probe = ("import json, sys\nimport widgets.puzzles.flow\n"
             "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
             "('traitlets', 'ipywidgets', 'anywidget', 'IPython') or m.startswith('widgets.'))))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert json.loads(result.stdout) == ["widgets._lazy", "widgets.phrases", "widgets.puzzles", "widgets.puzzles.flow"]


def test_a_refused_card_is_explained_and_changes_nothing(tmp_path: Path) -> None:
    puzzle = with_a_refused_card()
    flow = flow_of(tmp_path, puzzle)
    refused = next(card for card in flow.view.hand if card not in flow.view.legal_plays())
    assert flow.select(refused) is False
    assert (flow.message.kind, flow.message.badge) == ("refused", "Not allowed")
    assert flow.message.text == f"{puzzle.view().explain(refused).message} Nothing changed: choose another card."
    assert (flow.selected, flow.answered, flow.step) == (None, False, 1)
    assert flow.confirm() is None and flow.message.text == "Tap a card first, then press Confirm."
    assert not (tmp_path / "puzzles.json").exists()


def test_a_wrong_card_then_the_right_one_on_its_return_is_no_first_try(tmp_path: Path) -> None:
    clock = Clock()
    flow = flow_of(tmp_path, load_puzzles()[0], clock=clock)
    assert flow.next_puzzle() is False
    assert flow.message.text == "Answer this puzzle first: tap a card, then press Confirm."
    assert flow.select(wrong_card(flow)) and flow.selected is not None
    answer = flow.confirm()
    assert answer is not None and not answer.correct
    assert flow.first_try and flow.answered and flow.selected is None and flow.message.kind == "wrong"
    assert flow.message.text.endswith("It comes back under Your mistakes in 10 minutes.")
    assert flow.progress.rating < learner_start().rating and len(flow.progress.attempts) == 1
    rating = flow.progress.rating
    assert flow.confirm() is None and flow.message.text == "This puzzle is answered. Press Next puzzle for another."
    # Its only puzzle is answered and not yet due: nothing to show until the review is.
    assert flow.next_puzzle() is False and flow.message.text.startswith("You have answered every puzzle")
    clock.now += LEARNING_STEP + timedelta(minutes=1)
    assert flow.next_puzzle() and flow.title_kind == "title_review" and not flow.answered
    answer = flow.choose(str(flow.puzzle.solution))
    assert answer is not None and answer.correct and not flow.first_try
    assert flow.progress.rating == rating and len(flow.progress.attempts) == 1  # a repeat leaves the rating alone
    assert payloads.rating(flow) == f"Rating {rating:,} (no change: this puzzle was answered before)"
    assert PuzzleStore(tmp_path).load() == flow.progress  # every answer saved


def test_a_theme_choice_keeps_to_the_theme_until_none_is_left(tmp_path: Path) -> None:
    first = next(puzzle for puzzle in load_puzzles() if puzzle.theme_keys)
    theme = first.theme_keys[0]
    other = next(puzzle for puzzle in load_puzzles() if theme not in puzzle.theme_keys and puzzle.theme_keys)
    flow = flow_of(tmp_path, other, first)
    assert set(flow.theme_keys) == set(first.theme_keys) | set(other.theme_keys)
    assert list(flow.theme_keys) == [key for key in THEMES if key in flow.theme_keys]
    assert flow.choose_theme(theme) and flow.theme == theme and flow.puzzle.id == first.id
    flow.choose(str(flow.puzzle.solution))
    step = flow.step
    assert flow.next_puzzle() is False and flow.step == step  # the theme's one puzzle is answered
    assert flow.message.text == "You have answered every puzzle in this theme. Choose another theme."
    assert flow.theme == theme
    assert flow.choose_theme("") and flow.puzzle.id == other.id and flow.step == step + 1
    with pytest.raises(ValueError, match="no puzzles on the theme nonsense"):
        flow.choose_theme("nonsense")
    assert flow.theme == ""  # a refused theme changes nothing


def test_a_worked_position_is_not_saved_and_counts_once_answered(tmp_path: Path) -> None:
    flow = flow_of(tmp_path, load_puzzles()[0], mode="worked", goal=1)
    assert flow.title_kind == "title_worked" and flow.goal_count == 0 and not flow.is_complete()
    flow.choose(wrong_card(flow))
    assert flow.goal_count == 1 and flow.is_complete() and flow.message.kind == "wrong"
    assert "comes back" not in flow.message.text  # the lesson explains it straight after: no review card
    assert flow.progress.attempts == () and flow.progress.rating == round(learner_start().rating)
    assert not (tmp_path / "puzzles.json").exists()


# ---------------------------------------------------------------------- the review queue keeps its word (issue 36)


def promised_minutes(flow: PuzzleFlow) -> int:
    """The minutes the answer's "It comes back ... in N minutes" promised."""
    found = re.search(r"It comes back under Your mistakes in (\d+) minutes\.", flow.message.text)
    assert found, flow.message.text
    return int(found.group(1))


def test_a_miss_is_not_served_before_the_time_its_answer_promised_even_across_a_reload(tmp_path: Path) -> None:
    clock = Clock()
    preheated = flow_of(tmp_path, clock=clock)  # a page built before the learner came, as a preheated kernel does
    flow = flow_of(tmp_path, clock=clock)
    missed = flow.entry.id
    flow.choose(wrong_card(flow))
    promised = timedelta(minutes=promised_minutes(flow))
    assert payloads.due(flow) == "To review now: 0"
    for wait in (timedelta(minutes=1), promised - timedelta(seconds=1)):
        clock.now = NOON + wait
        assert flow_of(tmp_path, clock=clock).entry.id != missed, wait  # a reload: a fresh page
        preheated.page_opened()  # the page built before the miss, opened now
        assert preheated.entry.id != missed and preheated.title_kind == "title", wait
        assert payloads.due(preheated) == "To review now: 0"
        preheated = flow_of(tmp_path, clock=clock)
    clock.now = NOON + promised  # the promised moment: it is first, on either kind of page
    reloaded = flow_of(tmp_path, clock=clock)
    assert (reloaded.entry.id, reloaded.title_kind) == (missed, "title_review")
    preheated.page_opened()
    assert (preheated.entry.id, preheated.title_kind) == (missed, "title_review")
    assert payloads.due(preheated) == "To review now: 1"


def test_due_reviews_come_before_new_puzzles_whatever_the_theme(tmp_path: Path) -> None:
    clock = Clock()
    flow = flow_of(tmp_path, clock=clock)
    missed = []
    for _ in range(7):
        missed.append(flow.entry.id)
        flow.choose(wrong_card(flow))
        flow.next_puzzle()
        clock.now += timedelta(seconds=30)
    themes = {key for ident in missed for key in next(e for e in flow.catalogue if e.id == ident).themes}
    other = next(key for key in flow.theme_keys if key not in themes)  # a theme none of the misses carries
    flow.choose_theme(other)
    clock.now = NOON + LEARNING_STEP + timedelta(minutes=5)  # all seven are due
    page = flow_of(tmp_path, clock=clock)  # a new visit, keeping to that theme
    assert page.theme == other and payloads.due(page) == "To review now: 7"
    served = []
    for _ in range(7):
        assert page.title_kind == "title_review", served
        served.append(page.entry.id)
        page.choose(str(page.puzzle.solution))
        page.next_puzzle()
    assert served == missed  # the most overdue first
    assert page.title_kind == "title" and other in page.entry.themes and payloads.due(page) == "To review now: 0"


def test_the_chosen_theme_survives_a_reload_and_stays_on_the_puzzles_page(tmp_path: Path) -> None:
    clock = Clock()
    preheated = flow_of(tmp_path, clock=clock)
    flow = flow_of(tmp_path, clock=clock)
    theme = flow.theme_keys[-1]
    assert flow.choose_theme(theme) and theme in flow.entry.themes
    reloaded = flow_of(tmp_path, clock=clock)
    assert reloaded.theme == theme and theme in reloaded.entry.themes
    assert payloads.theme_choices(reloaded) and reloaded.theme == theme  # the picker shows it chosen
    preheated.page_opened()
    assert preheated.theme == theme and theme in preheated.entry.themes
    assert json.loads((tmp_path / "puzzles.json").read_text(encoding="utf-8"))["theme"] == theme
    # "Any theme" is kept too; a lesson's board has no picker and keeps to its own puzzles.
    reloaded.choose_theme("")
    assert flow_of(tmp_path, clock=clock).theme == ""
    reloaded.choose_theme(theme)
    lesson = PuzzleFlow(load_puzzles()[:40], store=PuzzleStore(tmp_path), clock=clock, mode="lesson",
                        lesson="13-leading-and-ducking")
    assert lesson.theme == ""
