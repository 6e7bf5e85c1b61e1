"""RecordViewer reads the learner's finished matches from the match history (lesson 10's "My last match")."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts_core import Match, Rules
from hearts_core.bots import make_bot
from hearts_learner.match_store import MatchStore
from widgets.records import RecordViewer


def finished_match(seed: int) -> Match:
    match = Match.new(seed, Rules(target=1))
    for seat in range(4):
        match.pass_cards(seat, make_bot("normal", seed=seat).choose_pass(match.view(seat)))
    while not match.is_over:
        seat = match.to_move
        assert seat is not None
        match.play(make_bot("normal", seed=seed).choose_play(match.view(seat)), seat=seat)
    return match


def test_the_viewer_loads_a_match_from_the_history(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    viewer = RecordViewer()
    assert viewer.load_past_match(0, store) is None and "no finished match" in viewer.load_error
    older, newer = finished_match(1), finished_match(2)
    store.add_to_history(older, "a")
    store.add_to_history(newer, "b")
    report = viewer.load_past_match(0, store)
    assert report is not None and report.ok and viewer.source == store.history()[0].label
    assert viewer.frames and viewer.load_error == ""
    assert viewer.load_past_match(1, store) is not None and viewer.source == store.history()[1].label
    assert viewer.load_past_match(2, store) is None and "only 2" in viewer.load_error
    store.history_path.write_text("{", encoding="utf-8")
    assert viewer.load_past_match(0, store) is None and "could not be read" in viewer.load_error


def test_the_chooser_lists_the_history_and_the_page_loads_one_by_number(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HEARTS_LESSONS_DATA", str(tmp_path))
    store = MatchStore(tmp_path)
    viewer = RecordViewer()
    assert viewer.past_matches == []
    store.add_to_history(finished_match(1), "a")
    store.add_to_history(finished_match(2), "b")
    # A preheated page ran before these matches were played: opening the page re-reads them.
    viewer._dispatch(viewer, {"type": "opened"}, [])
    labels = [entry.label for entry in store.history()]
    assert viewer.past_matches == labels and len(labels) == 2
    assert viewer._dispatch(viewer, {"type": "load_past_match", "number": 1}, [])
    assert viewer.source == labels[1] and viewer.frame_count > 0 and viewer.error == ""


def test_a_viewer_that_loads_nothing_offers_no_past_match(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTS_LESSONS_DATA", str(tmp_path))
    MatchStore(tmp_path).add_to_history(finished_match(3), "c")
    viewer = RecordViewer.moon()
    assert viewer.past_matches == []
    before = viewer.frame_count
    viewer._dispatch(viewer, {"type": "load_past_match", "number": 0}, [])
    assert viewer.frame_count == before and viewer.source == "the moon hand of lesson 8" and viewer.load_error
