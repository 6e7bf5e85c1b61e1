"""A newcomer's first match: one deal for every newcomer, so lesson 9 can show it before Python runs.

What decides it is in widgets/match/flow.py (FIRST_MATCH_SEED, MatchFlow.opens_as_newcomer);
tools/first_views.py draws the view and first_view.html shows it only to a newcomer.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from hearts_core import Match, Rules, parse_card
from hearts_learner.match_store import MatchStore
from widgets import MatchWidget
from widgets._base import FIRST_VIEW_MIME
from widgets.match import NEWCOMER
from widgets.match import flow as match_flow
from widgets.match.flow import FIRST_MATCH_SEED

LESSON_9 = {"show_danger": True, "show_coach": True}
"""The lesson's own starting options (lessons/09-guided-match.ipynb)."""
LATER_SEED = 777


@pytest.fixture(autouse=True)
def later_matches_are_dealt_from_a_known_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    # A match that is not a newcomer's first gets a fresh seed; a known one, so no test passes by luck.
    monkeypatch.setattr(match_flow, "new_seed", lambda: LATER_SEED)


def opened(folder: Path, **settings: object) -> MatchWidget:
    return MatchWidget(store=MatchStore(folder), **{**LESSON_9, **settings})


def state(widget: MatchWidget) -> dict[str, object]:
    """What the front end draws from: the synced state, without the ids of sub-widgets."""
    return {name: value for name, value in widget.get_state().items() if name != "layout"}


def finished_match(seed: int) -> Match:
    match = Match.new(seed, Rules(target=1))
    for seat in range(4):
        match.pass_cards(seat, match.hand.hand(seat)[:3])
    while not match.is_over:
        match.play(match.legal_plays()[0])
    return match


def test_every_newcomer_meets_the_same_first_deal_and_says_so_to_the_page(tmp_path: Path) -> None:
    random.seed(1)
    first = opened(tmp_path / "one")
    random.seed(2)
    second = opened(tmp_path / "two")
    assert first.match is not None and first.match.seed == FIRST_MATCH_SEED
    assert state(first) == state(second)
    assert first.first_view_audience() == NEWCOMER and first.opens_as_newcomer
    data, _ = first._repr_mimebundle_()
    assert data[FIRST_VIEW_MIME] == {"audience": NEWCOMER}
    # The deal the constant promises: ♠Q with only two spades below it, and the coach says to pass it.
    queen = parse_card("♠Q")
    hand = first.match.hand.hand(0)
    assert queen in hand and len([card for card in hand if card.suit == queen.suit and card.rank < queen.rank]) == 2
    assert "♠Q" in [card["text"] for card in first.coach["cards"]]
    assert "pass it" in first.coach["advice"]


def test_a_tap_ends_the_newcomers_view_but_only_a_pass_ends_the_newcomers_opening(tmp_path: Path) -> None:
    widget = opened(tmp_path)
    widget.toggle_pass(widget.hand[0]["text"])
    # This page no longer shows the opening every newcomer sees...
    assert widget.first_view_audience() is None
    # ...but nothing is saved yet, so the next page would open on it again.
    assert widget.opens_as_newcomer
    again = opened(tmp_path)
    assert again.match is not None and again.match.seed == FIRST_MATCH_SEED and again.first_view_audience() == NEWCOMER
    for card in widget.hand[1:3]:
        widget.toggle_pass(card["text"])
    widget.confirm_pass()
    assert not widget.opens_as_newcomer
    back = opened(tmp_path)
    assert back.screen == "offer" and not back.opens_as_newcomer and back.first_view_audience() is None
    data, _ = back._repr_mimebundle_()
    assert data[FIRST_VIEW_MIME] == {"audience": None}


def test_a_page_built_before_the_learner_played_elsewhere_stops_showing_the_newcomers_view(tmp_path: Path) -> None:
    early = opened(tmp_path)  # as a preheated kernel builds it
    playing = opened(tmp_path)
    for card in playing.hand[:3]:
        playing.toggle_pass(card["text"])
    playing.confirm_pass()
    early.page_opened()
    assert early.screen == "offer" and early.first_view_audience() is None and not early.opens_as_newcomer


def test_chosen_options_end_the_newcomers_opening(tmp_path: Path) -> None:
    widget = opened(tmp_path)
    widget.speed = "slow"
    assert not widget.opens_as_newcomer and widget.first_view_audience() is None
    later = opened(tmp_path)
    assert later.match is not None and later.match.seed == LATER_SEED
    assert not later.opens_as_newcomer and later.first_view_audience() is None


def test_a_finished_match_ends_the_newcomers_opening(tmp_path: Path) -> None:
    MatchStore(tmp_path).record(finished_match(3), "done")
    later = opened(tmp_path)
    assert later.match is not None and later.match.seed == LATER_SEED
    assert not later.opens_as_newcomer and later.first_view_audience() is None


def test_a_file_that_could_not_be_read_is_no_newcomers_opening(tmp_path: Path) -> None:
    # The page has something to say (the notice), so it cannot look as every newcomer's does.
    (tmp_path / "stats.json").write_text("{not json", encoding="utf-8")
    later = opened(tmp_path)
    assert later.notice and later.first_view_audience() is None and not later.opens_as_newcomer


def test_a_seed_or_rules_given_by_the_notebook_are_not_a_newcomers_opening(tmp_path: Path) -> None:
    seeded = opened(tmp_path / "seeded", seed=5)
    assert seeded.match is not None and seeded.match.seed == 5 and seeded.first_view_audience() is None
    ruled = MatchWidget(rules=Rules(target=50), store=MatchStore(tmp_path / "ruled"))
    assert ruled.match is not None and ruled.match.seed == LATER_SEED and ruled.first_view_audience() is None


def test_a_new_match_after_the_first_is_freshly_dealt(tmp_path: Path) -> None:
    widget = opened(tmp_path)
    widget.new_match()
    assert widget.match is not None and widget.match.seed == LATER_SEED and widget.first_view_audience() is None


def test_the_page_and_the_match_keep_the_answer_under_one_key() -> None:
    # widgets/static/match/main.js writes it; first_view.html reads it in the page's head.
    root = Path(__file__).resolve().parents[1]
    main = (root / "widgets" / "static" / "match" / "main.js").read_text(encoding="utf-8")
    head = (root / "lessons" / "jupyter" / "voila" / "templates" / "hearts" / "first_view.html").read_text(
        encoding="utf-8")
    key = json.loads(main.split("const HL_MATCH_OPENING_KEY = ", 1)[1].split(";", 1)[0])
    assert f'localStorage.getItem("{key}") === "returning"' in head
    assert f'.hl-first-view[data-hl-for="{NEWCOMER}"]' in head
